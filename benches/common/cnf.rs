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
    let mut rng = StdRng::seed_from_u64(seed);
    let clauses = (0..num_clauses)
        .map(|_| {
            sample(&mut rng, num_vars as usize, 3)
                .into_iter()
                .map(|v| Lit::new(Var(v as u32), rng.random_bool(0.5)))
                .collect()
        })
        .collect();
    Cnf::new(num_vars, clauses)
}
