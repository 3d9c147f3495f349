//! Rook → queen spreading against uniform scaling, and rook → bishop rotation:
//! `cargo bench --bench retarget`. For random rook boards of growing size (fixed seeds;
//! dense: a quarter of the squares occupied, sparse: one in a hundred) prints the extent
//! of the greedy queen board, of Cor. 3.4's uniform scaling by h + 1 and of the bishop
//! board, and the time of each transformation (`retarget::retarget`, as `sat2chess
//! retarget` runs it: the stage below the pipeline, on purpose); the same for the rook
//! boards that `pipeline::compile` makes of random CNFs of growing size (collected in
//! memory), whose queen and bishop extents are checked against the boards the pipeline
//! makes for the queen and bishop targets, with the rook compile time (the whole
//! pipeline: chain, rook board) printed after the table (uniform scaling timed as the
//! plain coordinate map it is).

use std::collections::BTreeSet;
// Shared by several benches; this one uses only the mixed-length generator.
#[allow(dead_code)]
#[path = "common/cnf.rs"]
mod cnf;
mod common;

use std::time::Duration;

use common::best_of;

use cnf::random_cnf;
use rand::SeedableRng;
use rand::rngs::StdRng;
use sat2chess::board::{Board, Piece, PieceKind, Square};
use sat2chess::reduction::Input;
use sat2chess::reduction::pipeline::{self, Outcome};
use sat2chess::retarget::{Extent, Target, retarget};
use sat2chess::targets::target;

/// `pieces` rooks on distinct random squares of a `side × side` board.
fn random_rook_board(side: u32, pieces: usize, seed: u64) -> Board {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut squares = BTreeSet::new();
    while squares.len() < pieces {
        squares.insert((rng.u32(1..=side), rng.u32(1..=side)));
    }
    let pieces = squares
        .into_iter()
        .map(|(r, c)| Piece::new(PieceKind::Rook, Square::new(r, c), 2))
        .collect();
    Board::new(side, side, pieces).expect("distinct squares inside")
}

/// Cor. 3.4's map: column c to (c − 1)(h + 1) + 1, rows kept (the baseline).
fn uniform_scaling(board: &Board) -> Vec<(u64, u64)> {
    let h = u64::from(board.rows());
    board
        .pieces()
        .iter()
        .map(|p| {
            let s = p.square;
            (u64::from(s.row), (u64::from(s.col) - 1) * (h + 1) + 1)
        })
        .collect()
}

/// The board of `input` compiled by `pipeline::compile` for target `name` into memory,
/// and the pipeline's outcome.
fn compile(name: &str, input: &Input) -> (Board, Outcome) {
    let reduction = target(name).expect("a target");
    pipeline::compile_in_memory(reduction, input, "random CNF").expect("compiles")
}

/// One table row: a rook board, its queen, uniformly scaled and bishop extents and the
/// time of each.
struct Row {
    name: String,
    pieces: usize,
    source: Extent,
    queen: Extent,
    uniform: Extent,
    bishop: Extent,
    times: [Duration; 3],
}

/// Runs per measurement: the shortest of three, of one for boards of 10^6 pieces.
fn runs(pieces: usize) -> usize {
    if pieces >= 1_000_000 { 1 } else { 3 }
}

/// A rook board retargeted by `retarget::retarget`.
fn retargeted_row(name: String, board: &Board) -> Row {
    let runs = runs(board.len());
    let (t_queen, queens) = best_of(runs, || retarget(board, Target::Queen).unwrap());
    let (t_uniform, scaled) = best_of(runs, || uniform_scaling(board));
    let (t_bishop, bishops) = best_of(runs, || retarget(board, Target::Bishop).unwrap());
    assert_eq!(scaled.len(), board.len());
    Row {
        name,
        pieces: board.len(),
        source: queens.stats.source,
        queen: queens.stats.result,
        uniform: queens.stats.uniform_scaling.expect("queens"),
        bishop: bishops.stats.result,
        times: [t_queen, t_uniform, t_bishop],
    }
}

/// The rook, queen and bishop boards of `input` compiled by the pipeline, the rook board
/// retargeted as `sat2chess retarget` does it (which must give the extents of the
/// pipeline's queen and bishop boards); returns the row and the rook compile time.
fn compiled_row(name: String, input: &Input) -> (Row, Duration) {
    let (t_rook, (rooks, _)) = best_of(1, || compile("rook", input));
    let (_, queens) = compile("queen", input);
    let (_, bishops) = compile("bishop", input);
    let row = retargeted_row(name, &rooks);
    let extent = |outcome: Outcome| Extent {
        rows: outcome.rows.into(),
        cols: outcome.cols.into(),
    };
    assert_eq!(row.queen, extent(queens), "the queen target's board");
    assert_eq!(row.bishop, extent(bishops), "the bishop target's board");
    (row, t_rook)
}

fn main() {
    let mut rows = Vec::new();
    for (density, name) in [(4, "1/4"), (100, "1/100")] {
        for pieces in [1_000, 10_000, 100_000, 1_000_000] {
            let side = ((pieces * density) as f64).sqrt().ceil() as u32;
            let board = random_rook_board(side, pieces, 0x5eed ^ pieces as u64);
            rows.push(retargeted_row(format!("random {name}"), &board));
        }
    }
    let mut compile_ms = Vec::new();
    for (name, vars, clauses, lengths) in [
        ("mixed 6-12", 6, 12, 1..=4),
        ("3-CNF 10-43", 10, 43, 3..=3),
        ("uf20-91", 20, 91, 3..=3),
        ("uf50-218", 50, 218, 3..=3),
        ("uf100-430", 100, 430, 3..=3),
    ] {
        let mut rng = StdRng::seed_from_u64(u64::from(vars));
        let cnf = random_cnf(vars, clauses, lengths, &mut rng);
        let (row, time) = compiled_row(format!("rook {name}"), &Input::Cnf(cnf));
        compile_ms.push(time.as_secs_f64() * 1e3);
        rows.push(row);
    }
    println!(
        "{:>15} {:>9} | {:>12} {:>14} {:>16} {:>8} | {:>14} | {:>9} {:>9} {:>9}",
        "board",
        "rooks",
        "rook board",
        "queen greedy",
        "uniform h+1",
        "area %",
        "bishop",
        "queen ms",
        "unif. ms",
        "bishop ms"
    );
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    for row in &rows {
        let [t_queen, t_uniform, t_bishop] = row.times;
        println!(
            "{:>15} {:>9} | {:>12} {:>14} {:>16} {:>8.3} | {:>14} | {:>9.1} {:>9.1} {:>9.1}",
            row.name,
            row.pieces,
            row.source.to_string(),
            row.queen.to_string(),
            row.uniform.to_string(),
            100.0 * row.queen.area() as f64 / row.uniform.area() as f64,
            row.bishop.to_string(),
            ms(t_queen),
            ms(t_uniform),
            ms(t_bishop)
        );
    }
    let names = rows.iter().rev().map(|row| &row.name);
    for (name, ms) in names.zip(compile_ms.iter().rev()).rev() {
        println!("{name}: compile --to rook {ms:.1} ms");
    }
}
