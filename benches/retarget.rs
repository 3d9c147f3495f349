//! Rook → queen spreading against uniform scaling, and rook → bishop rotation:
//! `cargo bench --bench retarget`. For random rook boards of growing size (fixed seeds;
//! dense: a quarter of the squares occupied, sparse: one in a hundred) prints the extent
//! of the greedy queen board, of Cor. 3.4's uniform scaling by h + 1 and of the bishop
//! board, and the time of each transformation; the same for the compiled King boards of
//! two formulas with every king made a rook (structured boards) (uniform scaling timed as the plain
//! coordinate map it is).

use std::collections::BTreeSet;
mod common;

use std::time::Duration;

use common::best_of;

use sat2chess::back::compile_formula;
use sat2chess::back::king::King;
use sat2chess::board::{Board, Piece, PieceKind, Square};
use sat2chess::front::FormulaFormat;
use sat2chess::layout::order::Ordering;
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

/// The compiled King board of an And-Or formula with every king made a rook: a large
/// structured rook board.
fn compiled_as_rooks(text: &str) -> Board {
    let input = FormulaFormat::Andor.parse(text).expect("formula");
    let chain = Chain::from_input(&input).expect("chain");
    let compiled = compile_formula(King, chain.formula(), Ordering::Optimised).expect("compiles");
    let (rows, cols) = (compiled.board.rows(), compiled.board.cols());
    let pieces = compiled
        .board
        .into_pieces()
        .into_iter()
        .map(|piece| Piece {
            kind: PieceKind::Rook,
            ..piece
        })
        .collect();
    Board::new(rows, cols, pieces).expect("same squares")
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
    for (name, text) in [
        ("x | ~x", "x | ~x\n"),
        ("thesis", include_str!("../examples/andor/thesis.andor")),
    ] {
        boards.push((format!("king {name}"), compiled_as_rooks(text)));
    }
    println!(
        "{:>13} {:>9} | {:>12} {:>14} {:>16} {:>8} | {:>14} | {:>9} {:>9} {:>9}",
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
            "{:>13} {:>9} | {:>12} {:>14} {:>16} {:>8.3} | {:>14} | {:>9.1} {:>9.1} {:>9.1}",
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
}
