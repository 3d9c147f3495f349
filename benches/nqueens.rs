//! n-Queens Completion (papers/004): (1) board side n against the number of clauses along
//! the whole chain, computed from the sizes (Defs. 20, 16, 10; no board is built); (2)
//! `queens solve` time on the paper's random Excluded Diagonals instances (§5.4) at
//! d/n = 1 for n = 10…20 and d/n = 0.5 for n = 25…40 (the peak is out of reach there),
//! turned into n-Queens Completion (Defs. 16, 10).
//!
//! Run: `cargo bench --bench nqueens`.

use std::time::Instant;

use sat2chess::formula::{Cnf, Lit, Var};
use sat2chess::nqueens::chain::completion_side;
use sat2chess::nqueens::generate::{SplitMix64, completion_of, excluded_diagonals};
use sat2chess::nqueens::onein3::{CnfEncoding, OneInThree, Restriction};
use sat2chess::nqueens::problem5::GadgetReduction;

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
    println!("queens solve on random Excluded Diagonals instances (3 seeds each)");
    println!("  n   d/n   board side  solvable  mean s   max s");
    // At d/n = 1 the instances are hard (the paper solved them up to n = 21, Lingeling
    // needing up to 78 s on average): beyond n = 20 only the easier d/n = 0.5 is timed.
    let points = [
        (10, 1.0),
        (15, 1.0),
        (20, 1.0),
        (25, 0.5),
        (30, 0.5),
        (35, 0.5),
        (40, 0.5),
    ];
    for (n, ratio) in points {
        let d = (n as f64 * ratio).round() as usize;
        let mut times = Vec::new();
        let mut solvable = 0;
        let mut side = 0;
        for seed in 0..3 {
            let problem4 = excluded_diagonals(n, d, &mut SplitMix64::new(seed));
            let completion = completion_of(&problem4);
            side = completion.n;
            let start = Instant::now();
            let (solutions, _) = completion.enumerate(1).expect("the solver runs");
            times.push(start.elapsed().as_secs_f64());
            solvable += usize::from(!solutions.is_empty());
        }
        let mean = times.iter().sum::<f64>() / times.len() as f64;
        let max = times.iter().cloned().fold(0.0, f64::max);
        println!("{n:>3} {ratio:>5.1} {side:>12} {solvable:>6}/3 {mean:>8.3} {max:>7.3}");
    }
}
