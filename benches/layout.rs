//! Layout size, naive vs optimised, on random 3-CNFs at clause ratio 4.26 after the
//! transformation chain (CNF → 3-CNF → (2+1),3-SAT → And-Or-(1,1)-SAT); then the time of
//! the placement alone (`layout::wire_tiles`, the resource-budget estimate) on random
//! And-Or formulas of 10^3 to 10^5 clauses, which must grow about linearly. The layout
//! stage is run directly, below `pipeline::compile`, on purpose: no board is built.
//!
//! Run: cargo bench --bench layout

use std::time::Instant;

// Shared by several benches; this one uses only the threshold 3-CNF generator.
#[allow(dead_code)]
#[path = "common/cnf.rs"]
mod cnf;

use cnf::threshold_3cnf;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use sat2chess::formula::{AndOrClause, AndOrFormula, Lit, Var};
use sat2chess::layout::order::Ordering;
use sat2chess::layout::{self, Stats};
use sat2chess::transform::Chain;

const SEEDS: u64 = 3;

// Every literal of `num_vars` variables once, shuffled into Or clauses of 1–3 literals
/// and `(l1 & l2) | l3` clauses.
fn random_andor(num_vars: u32, rng: &mut StdRng) -> AndOrFormula {
    let mut lits: Vec<Lit> = (0..num_vars)
        .flat_map(|v| [Lit::new(Var(v), true), Lit::new(Var(v), false)])
        .collect();
    lits.shuffle(rng);
    let mut clauses = Vec::new();
    while !lits.is_empty() {
        if lits.len() >= 3 && rng.random_bool(0.5) {
            let [a, b, c] = [0; 3].map(|_| lits.pop().expect("three left"));
            clauses.push(AndOrClause::AndOr { and: [a, b], or: c });
        } else {
            let take = rng.random_range(1..=3).min(lits.len());
            clauses.push(AndOrClause::Or(lits.split_off(lits.len() - take)));
        }
    }
    AndOrFormula {
        names: (0..num_vars).map(|v| format!("v{v}")).collect(),
        clauses,
    }
}

fn placement_times() {
    println!();
    println!("| And-Or clauses | wire tiles (estimate) | placement time |");
    println!("|---|---|---|");
    for num_vars in [1_250, 12_500, 125_000] {
        let mut rng = StdRng::seed_from_u64(u64::from(num_vars));
        let formula = random_andor(num_vars, &mut rng);
        let start = Instant::now();
        let tiles = layout::wire_tiles(&formula, Ordering::Optimised).expect("placement");
        println!(
            "| {} | {tiles} | {:.2} s |",
            formula.clauses.len(),
            start.elapsed().as_secs_f64()
        );
    }
}

fn main() {
    println!(
        "| CNF vars | And-Or vars / clauses | naive crossings | optimised crossings | naive wire length | optimised wire length | naive tiles (rows × cols) | optimised tiles (rows × cols) | layout time naive / optimised |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for num_vars in [20, 50, 100] {
        for seed in 0..SEEDS {
            let mut rng = StdRng::seed_from_u64(seed * 1000 + u64::from(num_vars));
            let cnf = threshold_3cnf(num_vars, &mut rng);
            let chain = Chain::from_cnf(&cnf, &sat2chess::layout::BandOrder)
                .expect("random 3-CNF transforms");
            let formula = chain.formula();
            let run = |ordering| {
                let start = Instant::now();
                let layout = layout::layout(formula, ordering).expect("layout");
                let elapsed = start.elapsed();
                (layout.stats(), elapsed)
            };
            let (naive, naive_time): (Stats, _) = run(Ordering::Naive);
            let (optimised, optimised_time): (Stats, _) = run(Ordering::Optimised);
            println!(
                "| {num_vars} (seed {seed}) | {} / {} | {} | {} | {} | {} | {} × {} | {} × {} | {:.2} s / {:.2} s |",
                formula.num_vars(),
                formula.clauses.len(),
                naive.crossings,
                optimised.crossings,
                naive.wire_length,
                optimised.wire_length,
                naive.rows,
                naive.cols,
                optimised.rows,
                optimised.cols,
                naive_time.as_secs_f64(),
                optimised_time.as_secs_f64(),
            );
        }
    }
    placement_times();
}
