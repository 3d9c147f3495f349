//! Random CNFs for the end-to-end property tests of the backends (King, Rook), and
//! their exhaustive SAT verdict.

use sat2chess::formula::{Assignment, Lit, Var};

/// A random CNF: 1–`max_vars` variables and 1–`max_clauses` clauses, both uniform;
/// clause lengths uniform from 1 (unit) to 3, and one clause in six long (as many
/// literals as variables, or one more); literals may repeat or be complementary. Long
/// clauses are rarer than short ones because they dominate the board size (and the
/// test's time): each literal beyond the third costs a 3-SAT split.
pub fn random_cnf(
    rng: &mut fastrand::Rng,
    max_vars: u32,
    max_clauses: usize,
) -> (u32, Vec<Vec<i64>>) {
    let vars = rng.u32(1..=max_vars);
    let clauses = (0..rng.usize(1..=max_clauses))
        .map(|_| {
            let len = if rng.u32(0..6) == 0 {
                rng.u32(vars..=vars + 1)
            } else {
                rng.u32(1..=3)
            };
            (0..len)
                .map(|_| {
                    let v = i64::from(rng.u32(1..=vars));
                    if rng.bool() { v } else { -v }
                })
                .collect()
        })
        .collect();
    (vars, clauses)
}

/// The DIMACS text of a CNF.
pub fn dimacs(vars: u32, clauses: &[Vec<i64>]) -> String {
    let mut text = format!("p cnf {vars} {}\n", clauses.len());
    for clause in clauses {
        for lit in clause {
            text.push_str(&format!("{lit} "));
        }
        text.push_str("0\n");
    }
    text
}

/// Whether `model` satisfies every clause.
pub fn satisfies(clauses: &[Vec<i64>], model: &Assignment) -> bool {
    clauses.iter().all(|clause| {
        clause
            .iter()
            .any(|&l| Lit::from_dimacs(l).expect("nonzero literal").eval(model))
    })
}

/// Whether some assignment of `vars` variables satisfies the clauses (exhaustive).
pub fn satisfiable(vars: u32, clauses: &[Vec<i64>]) -> bool {
    (0u32..1 << vars).any(|bits| {
        let mut assignment = Assignment::all_false(vars as usize);
        for v in 0..vars {
            assignment.set(Var(v), bits >> v & 1 == 1);
        }
        satisfies(clauses, &assignment)
    })
}
