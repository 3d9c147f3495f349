//! King board size and compile time (issue 5) for random CNFs (fixed seeds): small mixed
//! CNFs of the end-to-end property test's shape (6 variables, 12 clauses of 1–4
//! literals) and uf20-91- and uf50-218-shaped 3-CNFs, with the naive and the optimised
//! layout. Compile time covers the transformation chain, layout, validation, stamping and
//! the board checks.
//!
//! Run: cargo bench --bench compile

use std::time::Instant;

#[path = "common/cnf.rs"]
mod cnf;

use cnf::random_cnf;
use rand::SeedableRng;
use rand::rngs::StdRng;
use sat2chess::back::compile_formula;
use sat2chess::back::king::King;
use sat2chess::layout::order::Ordering;
use sat2chess::transform::Chain;

/// Boards above this many used layout tiles (≈ 80 kings each; a uf20-91 board of about
/// 120 000 tiles takes half a minute) are reported by their layout size only.
const MAX_TILES: u64 = 150_000;

fn main() {
    println!("| shape | seed | layout | kings | rows × cols | crossings | compile time |");
    println!("|---|---|---|---|---|---|---|");
    for (name, vars, clauses, lengths, seeds) in [
        ("mixed 6-12", 6, 12, 1..=4, 1..=3u64),
        ("3-CNF 5-21", 5, 21, 3..=3, 0..=1),
        ("3-CNF 10-43", 10, 43, 3..=3, 0..=1),
        ("uf20-91", 20, 91, 3..=3, 0..=1),
        ("uf50-218", 50, 218, 3..=3, 0..=1),
    ] {
        for seed in seeds {
            let mut rng = StdRng::seed_from_u64(seed * 1000 + u64::from(vars));
            let cnf = random_cnf(vars, clauses, lengths.clone(), &mut rng);
            for (label, ordering) in [
                ("naive", Ordering::Naive),
                ("optimised", Ordering::Optimised),
            ] {
                let start = Instant::now();
                let chain = Chain::from_cnf(&cnf).expect("random CNF transforms");
                let layout = sat2chess::layout::layout(chain.formula(), ordering).expect("layout");
                let tiles = layout.stats();
                if tiles.tiles > MAX_TILES {
                    println!(
                        "| {name} | {seed} | {label} | not built: {} tiles used (over {MAX_TILES}) | {} × {} tiles | {} | — |",
                        tiles.tiles, tiles.rows, tiles.cols, tiles.crossings
                    );
                    continue;
                }
                let compiled = compile_formula(King, chain.formula(), ordering).expect("compiles");
                let elapsed = start.elapsed();
                let s = &compiled.stats;
                println!(
                    "| {name} | {seed} | {label} | {} | {} × {} | {} | {:.2} s |",
                    s.pieces,
                    s.rows,
                    s.cols,
                    s.crossings,
                    elapsed.as_secs_f64()
                );
            }
        }
    }
}
