//! Rook → queen spreading against uniform scaling, and rook → bishop rotation:
//! `cargo bench --bench retarget`. For random rook boards of growing size (fixed seeds;
//! dense: a quarter of the squares occupied, sparse: one in a hundred) prints the extent
//! of the greedy queen board, of Cor. 3.4's uniform scaling by h + 1 and of the bishop
//! board, and the time of each transformation; the same for the rook boards
//! (`compile --piece rook`) of random CNFs of growing size, with their compile time (uniform scaling timed as the plain
//! coordinate map it is).

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
use sat2chess::back::rook;
use sat2chess::board::{Board, Piece, PieceKind, Square};
use sat2chess::retarget::{Target, retarget};
use sat2chess::transform::Chain;

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

fn main() {
    let mut boards: Vec<(String, Board)> = Vec::new();
    for (density, name) in [(4, "1/4"), (100, "1/100")] {
        for pieces in [1_000, 10_000, 100_000, 1_000_000] {
            let side = ((pieces * density) as f64).sqrt().ceil() as u32;
            let board = random_rook_board(side, pieces, 0x5eed ^ pieces as u64);
            boards.push((format!("random {name}"), board));
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
        let (time, board) = best_of(1, || {
            let chain = Chain::from_cnf(&cnf, &sat2chess::layout::BandOrder)
                .expect("random CNF transforms");
            rook::compile_formula(chain.formula())
                .expect("compiles")
                .board
        });
        compile_ms.push(time.as_secs_f64() * 1e3);
        boards.push((format!("rook {name}"), board));
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
    for (name, board) in &boards {
        let pieces = board.len();
        let runs = if pieces >= 1_000_000 { 1 } else { 3 };
        let (t_queen, queens) = best_of(runs, || retarget(board, Target::Queen).unwrap());
        let (t_uniform, scaled) = best_of(runs, || uniform_scaling(board));
        let (t_bishop, bishops) = best_of(runs, || retarget(board, Target::Bishop).unwrap());
        let uniform = queens.stats.uniform_scaling.expect("queens");
        assert_eq!(scaled.len(), board.len());
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        println!(
            "{:>15} {:>9} | {:>12} {:>14} {:>16} {:>8.3} | {:>14} | {:>9.1} {:>9.1} {:>9.1}",
            name,
            pieces,
            queens.stats.source.to_string(),
            queens.stats.result.to_string(),
            uniform.to_string(),
            100.0 * queens.stats.result.area() as f64 / uniform.area() as f64,
            bishops.stats.result.to_string(),
            ms(t_queen),
            ms(t_uniform),
            ms(t_bishop)
        );
    }
    let names = boards.iter().rev().map(|(name, _)| name);
    for (name, ms) in names.zip(compile_ms.iter().rev()).rev() {
        println!("{name}: compile --piece rook {ms:.1} ms");
    }
}
