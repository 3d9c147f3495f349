//! n-Queens Completion (papers/004): (1) board side n against the number of clauses along
//! the whole chain, computed from the sizes (Defs. 20, 16, 10; no board is built); (2)
//! `queens solve` time on the paper's random Excluded Diagonals instances (§5.4) at
//! d/n = 1, the hardest ratio, for n = 10…25, turned into n-Queens Completion (Defs. 16,
//! 10): exact cover search for every n, the SAT encoding up to n = 20.
//!
//! Run: `cargo bench --bench nqueens`.

use std::time::Instant;

use sat2chess::formula::{Cnf, Lit, Var};
use sat2chess::nqueens::chain::completion_side;
use sat2chess::nqueens::completion::Completion;
use sat2chess::nqueens::generate::{SplitMix64, completion_of, excluded_diagonals};
use sat2chess::nqueens::onein3::{CnfEncoding, OneInThree, Restriction};
use sat2chess::nqueens::problem5::GadgetReduction;
use sat2chess::nqueens::solve::Engine;

/// A random Restricted 1-in-3 instance with `clauses` clauses over `max(3, 2·clauses)`
/// variables, each in at most three clauses.
fn restricted(rng: &mut SplitMix64, clauses: usize) -> OneInThree {
    let vars = (2 * clauses).max(3) as u32;
    let mut occurrences = vec![0; vars as usize];
    let mut out = Vec::new();
    while out.len() < clauses {
        let mut picked: Vec<u32> = Vec::new();
        while picked.len() < 3 {
            let v = rng.below(vars as usize) as u32;
            if !picked.contains(&v) && occurrences[v as usize] < 3 {
                picked.push(v);
            }
        }
        for &v in &picked {
            occurrences[v as usize] += 1;
        }
        out.push([picked[0], picked[1], picked[2]]);
    }
    OneInThree {
        num_vars: vars,
        clauses: out,
    }
}

/// A random 3-CNF with `clauses` clauses over `clauses / 4 + 3` variables.
fn three_cnf(rng: &mut SplitMix64, clauses: usize) -> Cnf {
    let vars = clauses / 4 + 3;
    let clauses = (0..clauses)
        .map(|_| {
            (0..3)
                .map(|_| Lit::new(Var(rng.below(vars) as u32), rng.below(2) == 0))
                .collect()
        })
        .collect();
    Cnf::new(vars as u32, clauses)
}

fn side_of(monotone: &OneInThree) -> (u32, usize, usize, i64) {
    let restriction = Restriction::new(monotone);
    let gadgets = GadgetReduction::new(&restriction.instance);
    (
        restriction.instance.num_vars,
        restriction.instance.clauses.len(),
        gadgets.instance.gadgets.len(),
        completion_side(&gadgets.instance),
    )
}

fn main() {
    let mut rng = SplitMix64::new(2017);
    println!("board side n of the final n-Queens Completion instance");
    println!(
        "input              clauses  restricted vars/clauses  gadgets k            n    n/c^2"
    );
    for clauses in [1, 2, 3, 4, 6, 8, 12, 16, 24, 32] {
        let instance = restricted(&mut rng, clauses);
        let (vars, restricted_clauses, k, n) = side_of(&instance);
        println!(
            "restricted 1-in-3 {clauses:>8}  {vars:>10}/{restricted_clauses:<13} {k:>9} {n:>12} {:>8.0}",
            n as f64 / (clauses * clauses) as f64
        );
    }
    for clauses in [1, 2, 4, 8, 16, 32] {
        let cnf = three_cnf(&mut rng, clauses);
        let (vars, restricted_clauses, k, n) = side_of(&CnfEncoding::new(&cnf).instance);
        println!(
            "3-CNF             {clauses:>8}  {vars:>10}/{restricted_clauses:<13} {k:>9} {n:>12} {:>8.0}",
            n as f64 / (clauses * clauses) as f64
        );
    }

    println!();
    println!("queens solve on random Excluded Diagonals instances at d/n = 1 ({SEEDS} seeds each)");
    println!("  n   board side  solvable  search mean s  search max s  sat mean s  sat max s");
    // n = 30 and beyond take hours at d/n = 1 with either engine (the paper stopped at 21).
    for n in [10, 15, 20, 25] {
        let mut side = 0;
        let mut solvable = 0;
        let mut search = Vec::new();
        let mut sat = Vec::new();
        for seed in 0..SEEDS {
            let problem4 = excluded_diagonals(n, n as usize, &mut SplitMix64::new(seed));
            let completion = completion_of(&problem4);
            side = completion.n;
            let (found, seconds) = timed_solve(&completion, Engine::Search);
            search.push(seconds);
            solvable += usize::from(found);
            // The SAT encoding needs minutes per instance beyond n = 20 (the paper stopped at 21).
            if n <= SAT_MAX_N {
                let (sat_found, seconds) = timed_solve(&completion, Engine::Sat);
                assert_eq!(
                    sat_found, found,
                    "the engines disagree on n = {n}, seed {seed}"
                );
                sat.push(seconds);
            }
        }
        let (search_mean, search_max) = mean_max(&search);
        let sat_columns = if sat.is_empty() {
            format!("{:>11} {:>10}", "-", "-")
        } else {
            let (mean, max) = mean_max(&sat);
            format!("{mean:>11.3} {max:>10.3}")
        };
        println!(
            "{n:>3} {side:>12} {solvable:>6}/{SEEDS} {search_mean:>14.4} {search_max:>13.4} {sat_columns}"
        );
    }
}

const SEEDS: u64 = 5;
const SAT_MAX_N: i64 = 20;

/// Whether `completion` has a completion, and the seconds `engine` took to decide it.
fn timed_solve(completion: &Completion, engine: Engine) -> (bool, f64) {
    let start = Instant::now();
    let (solutions, _) = completion
        .enumerate_with(engine, 1)
        .expect("the solver runs");
    (!solutions.is_empty(), start.elapsed().as_secs_f64())
}

fn mean_max(times: &[f64]) -> (f64, f64) {
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    (mean, times.iter().cloned().fold(0.0, f64::max))
}
