//! King and Knight board size and compile time (issues 5 and 10) for random CNFs (fixed
//! seeds): small mixed CNFs of the end-to-end property test's shape (6 variables, 12
//! clauses of 1–4 literals) and uf20-91- and uf50-218-shaped 3-CNFs, with the naive and
//! the optimised layout. Compile time covers the transformation chain, layout,
//! validation, stamping and the board checks.
//!
//! Run: cargo bench --bench compile

use std::time::Instant;

use rand::rngs::StdRng;
use rand::seq::index::sample;
use rand::{Rng, SeedableRng};
use sat2chess::back::king::King;
use sat2chess::back::knight::Knight;
use sat2chess::back::{Backend, compile_formula};
use sat2chess::formula::{Cnf, Lit, Var};
use sat2chess::layout::order::Ordering;
use sat2chess::transform::Chain;

/// A random CNF whose clauses have `lengths` distinct variables each (length drawn per
/// clause), every literal's sign a fair coin.
fn random_cnf(
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

/// King boards above this many used layout tiles (≈ 80 kings each; a uf20-91 board of
/// about 120 000 tiles takes half a minute) are reported by their layout size only.
const MAX_KING_TILES: u64 = 150_000;
/// The same for Knight boards (tile sides 60–244 squares, a few hundred knights a tile).
const MAX_KNIGHT_TILES: u64 = 20_000;

fn main() {
    println!("| piece | shape | seed | layout | pieces | rows × cols | crossings | compile time |");
    println!("|---|---|---|---|---|---|---|---|");
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
                let row = (name, seed, label, ordering);
                bench_row(King, MAX_KING_TILES, &cnf, row);
                bench_row(Knight, MAX_KNIGHT_TILES, &cnf, row);
            }
        }
    }
}

/// One table row: `cnf` compiled with `backend`, or only laid out if its layout uses
/// more than `max_tiles` tiles.
fn bench_row<B: Backend>(
    backend: B,
    max_tiles: u64,
    cnf: &Cnf,
    (name, seed, label, ordering): (&str, u64, &str, Ordering),
) {
    let piece = B::PIECE.name();
    let start = Instant::now();
    let chain = Chain::from_cnf(cnf).expect("random CNF transforms");
    let layout = sat2chess::layout::layout(chain.formula(), ordering).expect("layout");
    let tiles = layout.stats();
    if tiles.tiles > max_tiles {
        println!(
            "| {piece} | {name} | {seed} | {label} | not built: {} tiles used (over {max_tiles}) | {} × {} tiles | {} | — |",
            tiles.tiles, tiles.rows, tiles.cols, tiles.crossings
        );
        return;
    }
    let compiled = compile_formula(backend, chain.formula(), ordering).expect("compiles");
    let elapsed = start.elapsed();
    let s = &compiled.stats;
    println!(
        "| {piece} | {name} | {seed} | {label} | {} | {} × {} | {} | {:.2} s |",
        s.pieces,
        s.rows,
        s.cols,
        s.crossings,
        elapsed.as_secs_f64()
    );
}
