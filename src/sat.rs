//! SAT solving with the `splr` CDCL solver (pure Rust, maintained). Every model it
//! returns is checked against the formula before it is handed out.

use splr::Certificate;

use crate::formula::{AndOrFormula, Assignment, Cnf};

/// The solver failed (it never answers wrongly without this error: models are checked).
#[derive(Debug, thiserror::Error)]
pub enum SatError {
    #[error("{0} variables are more than the solver takes")]
    TooManyVariables(u32),
    #[error("the SAT solver failed: {0}")]
    Solver(String),
    #[error("the SAT solver returned an assignment that does not satisfy the formula")]
    WrongModel,
}

/// A model of `cnf` (one value per variable), or `None` if it is unsatisfiable.
pub fn solve_cnf(cnf: &Cnf) -> Result<Option<Assignment>, SatError> {
    if i32::try_from(cnf.num_vars).is_err() {
        return Err(SatError::TooManyVariables(cnf.num_vars));
    }
    if cnf.clauses.iter().any(Vec::is_empty) {
        return Ok(None);
    }
    // The solver sees only the variables that occur, numbered densely: its cost then
    // follows the clauses, not the declared variable count (unused variables are false).
    let mut dense: Vec<u32> = cnf.clauses.iter().flatten().map(|lit| lit.var.0).collect();
    dense.sort_unstable();
    dense.dedup();
    let solver_var = |lit: &crate::formula::Lit| {
        let index = dense
            .binary_search(&lit.var.0)
            .expect("every variable is listed");
        let var = index as i32 + 1;
        if lit.positive { var } else { -var }
    };
    let clauses: Vec<Vec<i32>> = cnf
        .clauses
        .iter()
        .map(|clause| clause.iter().map(solver_var).collect())
        .collect();
    let model = match Certificate::try_from(clauses) {
        Ok(Certificate::SAT(values)) => values,
        Ok(Certificate::UNSAT) => return Ok(None),
        Err(error) => return Err(SatError::Solver(error.to_string())),
    };
    let mut assignment = Assignment::all_false(cnf.num_vars as usize);
    for value in model {
        if let Some(&var) = dense.get(value.unsigned_abs() as usize - 1) {
            assignment.0[var as usize] = value > 0;
        }
    }
    if cnf.is_satisfied_by(&assignment) {
        Ok(Some(assignment))
    } else {
        Err(SatError::WrongModel)
    }
}

/// A model of the And-Or formula, via its CNF encoding ([`AndOrFormula::to_cnf`]).
pub fn solve_andor(formula: &AndOrFormula) -> Result<Option<Assignment>, SatError> {
    solve_cnf(&formula.to_cnf())
}
