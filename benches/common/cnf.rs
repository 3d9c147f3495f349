//! Random CNFs for the benches (`#[path]`-included by those that use them).

use rand::rngs::StdRng;
use rand::seq::index::sample;
use rand::{Rng, SeedableRng};
use sat2chess::formula::{Cnf, Lit, Var};

/// A random CNF whose clauses have `lengths` distinct variables each (length drawn per
/// clause), every literal's sign a fair coin.
pub fn random_cnf(
    num_vars: u32,
    num_clauses: usize,
    lengths: std::ops::RangeInclusive<usize>,
    rng: &mut StdRng,
) -> Cnf {
    let clauses = (0..num_clauses)
        .map(|_| {
            let length = rng.random_range(lengths.clone());
            sample(rng, num_vars as usize, length)
                .into_iter()
                .map(|v| Lit::new(Var(v as u32), rng.random_bool(0.5)))
                .collect()
        })
        .collect();
    Cnf::new(num_vars, clauses)
}

/// A random 3-CNF (three distinct variables per clause, each sign a fair coin).
pub fn random_3cnf(num_vars: u32, num_clauses: usize, seed: u64) -> Cnf {
    random_3cnf_from(num_vars, num_clauses, &mut StdRng::seed_from_u64(seed))
}

/// [`random_3cnf`] drawn from `rng`.
fn random_3cnf_from(num_vars: u32, num_clauses: usize, rng: &mut StdRng) -> Cnf {
    let clauses = (0..num_clauses)
        .map(|_| {
            sample(rng, num_vars as usize, 3)
                .into_iter()
                .map(|v| Lit::new(Var(v as u32), rng.random_bool(0.5)))
                .collect()
        })
        .collect();
    Cnf::new(num_vars, clauses)
}

/// A random 3-CNF at the satisfiability threshold (4.26 clauses per variable).
pub fn threshold_3cnf(num_vars: u32, rng: &mut StdRng) -> Cnf {
    random_3cnf_from(num_vars, (f64::from(num_vars) * 4.26).round() as usize, rng)
}

/// The first satisfiable random 3-CNF from seed 1 on ([`random_3cnf`]), with its seed.
pub fn satisfiable_3cnf(num_vars: u32, num_clauses: usize) -> (u64, Cnf) {
    (1..)
        .map(|seed| (seed, random_3cnf(num_vars, num_clauses, seed)))
        .find(|(_, cnf)| {
            sat2chess::sat::solve_cnf(cnf)
                .expect("SAT solver")
                .is_some()
        })
        .expect("a satisfiable seed")
}
