//! SAT solving with the `splr` CDCL solver (pure Rust, maintained). Every model it
//! returns is checked against the formula before it is handed out.

use std::time::Duration;

use splr::solver::{SolveIF, Solver};
use splr::{Certificate, Config, SolverError};

use sat2chess_core::formula::{AndOrFormula, Assignment, Cnf, Lit};

/// The solver failed (it never answers wrongly without this error: models are checked).
#[derive(Debug, thiserror::Error)]
pub enum SatError {
    #[error("{0} variables are more than the solver takes")]
    TooManyVariables(u32),
    #[error("the SAT solver failed: {0}")]
    Solver(String),
    #[error("the SAT solver returned an assignment that does not satisfy the formula")]
    WrongModel,
    #[error("the SAT solver reached its time limit")]
    TimeOut,
}

/// A model of `cnf` (one value per variable), or `None` if it is unsatisfiable.
pub fn solve_cnf(cnf: &Cnf) -> Result<Option<Assignment>, SatError> {
    solve_cnf_within(cnf, None)
}

/// [`solve_cnf`] giving up with [`SatError::TimeOut`] after `time_limit`. splr has no
/// interrupt: its own limit counts whole seconds (at least one) and is read between its
/// search stages, so the call may overrun the limit by up to a second or one stage.
pub(crate) fn solve_cnf_within(
    cnf: &Cnf,
    time_limit: Option<Duration>,
) -> Result<Option<Assignment>, SatError> {
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
    let solver_var = |lit: &sat2chess_core::formula::Lit| {
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
    let mut config = Config {
        quiet_mode: true,
        ..Config::default()
    };
    if let Some(limit) = time_limit {
        config.c_timeout = limit.as_secs().max(1) as f64;
    }
    let answer = match Solver::try_from((config, clauses.as_ref())) {
        Ok(mut solver) => solver.solve(),
        Err(built) => built,
    };
    let model = match answer {
        Ok(Certificate::SAT(values)) => values,
        Ok(Certificate::UNSAT) | Err(SolverError::EmptyClause) => return Ok(None),
        Err(SolverError::TimeOut) => return Err(SatError::TimeOut),
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

/// Groups up to this size get pairwise at-most-one clauses ([`at_most_one`]).
pub const PAIRWISE_LIMIT: usize = 6;

/// Adds "at most one of `group`" to `cnf`.
pub fn at_most_one(cnf: &mut Cnf, group: &[u32]) {
    if group.len() <= PAIRWISE_LIMIT {
        for (i, &a) in group.iter().enumerate() {
            for &b in &group[i + 1..] {
                cnf.clauses.push(vec![Lit::neg(a), Lit::neg(b)]);
            }
        }
        return;
    }
    // Sequential counter: s_i = "some cell among the first i+1 is chosen".
    let first_aux = cnf.num_vars;
    cnf.num_vars += group.len() as u32 - 1;
    let s = |i: usize| first_aux + i as u32;
    for (i, &cell) in group.iter().enumerate() {
        let last = i + 1 == group.len();
        if !last {
            cnf.clauses.push(vec![Lit::neg(cell), Lit::pos(s(i))]);
        }
        if i > 0 {
            cnf.clauses.push(vec![Lit::neg(cell), Lit::neg(s(i - 1))]);
            if !last {
                cnf.clauses.push(vec![Lit::neg(s(i - 1)), Lit::pos(s(i))]);
            }
        }
    }
}
