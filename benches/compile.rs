//! King board size and compile time (issue 5) for uf20-91- and uf50-218-shaped random
//! 3-CNFs (fixed seeds), with the naive and the optimised layout. Compile time covers
//! the transformation chain, layout, validation, stamping and the board checks.
//!
//! Run: cargo bench --bench compile

use std::time::Instant;

use rand::rngs::StdRng;
use rand::seq::index::sample;
use rand::{Rng, SeedableRng};
use sat2chess::back::king::compile_formula;
use sat2chess::formula::{Cnf, Lit, Var};
use sat2chess::layout::order::Ordering;
use sat2chess::transform::Chain;

fn random_3cnf(num_vars: u32, num_clauses: usize, rng: &mut StdRng) -> Cnf {
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

/// Boards above this many used layout tiles (≈ 200 kings per wire tile, ≈ 1000 per
/// crossing tile) are reported by their layout size only: they do not fit in memory.
const MAX_TILES: u64 = 20_000;

fn main() {
    println!("| shape | seed | layout | kings | rows × cols | crossings | compile time |");
    println!("|---|---|---|---|---|---|---|");
    for (name, vars, clauses) in [
        ("3-CNF 5-21", 5, 21),
        ("3-CNF 10-43", 10, 43),
        ("uf20-91", 20, 91),
        ("uf50-218", 50, 218),
    ] {
        for seed in 0..2u64 {
            let mut rng = StdRng::seed_from_u64(seed * 1000 + u64::from(vars));
            let cnf = random_3cnf(vars, clauses, &mut rng);
            for (label, ordering) in [
                ("naive", Ordering::Naive),
                ("optimised", Ordering::Optimised),
            ] {
                let start = Instant::now();
                let chain = Chain::from_cnf(&cnf).expect("random 3-CNF transforms");
                let layout = sat2chess::layout::layout(chain.formula(), ordering).expect("layout");
                let tiles = layout.stats();
                if tiles.tiles > MAX_TILES {
                    println!(
                        "| {name} | {seed} | {label} | not built: {} tiles used, {} crossings (over {MAX_TILES} tiles) | {} × {} tiles | {} | — |",
                        tiles.tiles, tiles.crossings, tiles.rows, tiles.cols, tiles.crossings
                    );
                    continue;
                }
                let compiled = compile_formula(chain.formula(), ordering).expect("compiles");
                let elapsed = start.elapsed();
                let s = &compiled.stats;
                println!(
                    "| {name} | {seed} | {label} | {} | {} × {} | {} | {:.2} s |",
                    s.kings,
                    s.rows,
                    s.cols,
                    s.crossings,
                    elapsed.as_secs_f64()
                );
            }
        }
    }
}
