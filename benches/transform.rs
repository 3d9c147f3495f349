//! Transformation chain speed and growth: `cargo bench --bench transform`.
//! Prints, for random CNFs of growing size, the time of each step and the literal
//! occurrences of each step's output per input literal occurrence. The chain's steps
//! are run directly, below `pipeline::compile`, on purpose: no board is built.

mod common;

use std::time::Duration;

use common::best_of;

use sat2chess::formula::{Cnf, Lit, Var};
use sat2chess::transform::{Chain, andor, cnf_names, split, tovey};

/// A pseudo-random CNF with `clauses` clauses of 1 to 12 literals over `clauses / 4 + 1`
/// variables (xorshift, fixed seed).
fn random_cnf(clauses: usize) -> Cnf {
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = move |bound: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % bound
    };
    let num_vars = clauses as u32 / 4 + 1;
    let clauses = (0..clauses)
        .map(|_| {
            (0..1 + next(12))
                .map(|_| Lit::new(Var(next(u64::from(num_vars)) as u32), next(2) == 0))
                .collect()
        })
        .collect();
    Cnf::new(num_vars, clauses)
}

fn main() {
    println!(
        "{:>9} {:>10} | {:>9} {:>9} {:>9} {:>9} | {:>6} {:>6} {:>6} {:>6}",
        "clauses",
        "occurr.",
        "3sat ms",
        "tovey ms",
        "andor ms",
        "chain ms",
        "3sat",
        "tovey",
        "andor",
        "total"
    );
    for clauses in [1_000, 10_000, 100_000, 300_000] {
        let cnf = random_cnf(clauses);
        let names = cnf_names(cnf.num_vars);
        let runs = if clauses >= 300_000 { 1 } else { 3 };
        let (t_split, three) = best_of(runs, || {
            split::to_three_cnf(&cnf, &names).expect("in range")
        });
        let (t_tovey, two_plus_one) = best_of(runs, || {
            tovey::to_two_plus_one(&three.output, &three.names).expect("3-CNF")
        });
        let (t_andor, and_or) = best_of(runs, || {
            andor::to_andor(&two_plus_one.output, &two_plus_one.names).expect("(2+1),3")
        });
        let (t_chain, chain) = best_of(runs, || {
            Chain::from_cnf(&cnf, &sat2chess::layout::BandOrder).expect("in range")
        });
        let occurrences = cnf.occurrences() as f64;
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        println!(
            "{:>9} {:>10} | {:>9.1} {:>9.1} {:>9.1} {:>9.1} | {:>6.2} {:>6.2} {:>6.2} {:>6.2}",
            clauses,
            cnf.occurrences(),
            ms(t_split),
            ms(t_tovey),
            ms(t_andor),
            ms(t_chain),
            three.output.occurrences() as f64 / occurrences,
            two_plus_one.output.occurrences() as f64 / three.output.occurrences() as f64,
            and_or.output.size().occurrences as f64 / two_plus_one.output.occurrences() as f64,
            chain.formula().size().occurrences as f64 / occurrences,
        );
    }
}
