//! Random board generators for the solver benches (`#[path]`-included): the hard
//! classes of issue 13 (dense boards built backward from one piece, colour-split
//! bishops with one bridging knight, king-last, rook boards) and their fixed-seed sets.

use std::collections::BTreeSet;

use sat2chess::board::{Board, Piece, PieceKind, Square};
use sat2chess::rules::{Variant, reaches_on_empty_board};

/// Squares from which a `kind` piece captures onto `to` with the squares in between
/// empty (`occupied` holds the pieces), inside a `size × size` board: the origins of a
/// backward (un-capture) step.
fn origins(kind: PieceKind, to: Square, size: u32, occupied: &BTreeSet<Square>) -> Vec<Square> {
    let inside = |r: i64, c: i64| (1..=size as i64).contains(&r) && (1..=size as i64).contains(&c);
    let (r, c) = (to.row as i64, to.col as i64);
    let free =
        |r: i64, c: i64| inside(r, c) && !occupied.contains(&Square::new(r as u32, c as u32));
    let mut out = Vec::new();
    if !kind.is_ranged() {
        for (dr, dc) in (-2..=2).flat_map(|dr| (-2..=2).map(move |dc| (dr, dc))) {
            let from = (r + dr, c + dc);
            if free(from.0, from.1) {
                let from = Square::new(from.0 as u32, from.1 as u32);
                if reaches_on_empty_board(kind, from, to) {
                    out.push(from);
                }
            }
        }
    }
    let straight = [(0, 1), (1, 0), (0, -1), (-1, 0)];
    let diagonal = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    let lines: Vec<(i64, i64)> = match kind {
        PieceKind::Rook => straight.to_vec(),
        PieceKind::Bishop => diagonal.to_vec(),
        PieceKind::Queen => straight.iter().chain(&diagonal).copied().collect(),
        _ => Vec::new(),
    };
    for (dr, dc) in lines {
        let (mut rr, mut cc) = (r + dr, c + dc);
        while free(rr, cc) {
            out.push(Square::new(rr as u32, cc as u32));
            rr += dr;
            cc += dc;
        }
    }
    out
}

/// A solvable board built backward from one `first` piece: repeatedly a piece of budget
/// < `max_budget` steps back to an origin square (budget + 1) and leaves a new piece
/// of a kind from `kinds`, budget 0, on the square it captured.
pub fn backward_board(
    count: usize,
    size: u32,
    first: PieceKind,
    kinds: &[PieceKind],
    max_budget: u32,
    seed: u64,
) -> Board {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut pieces: Vec<(Square, PieceKind, u32)> =
        vec![(Square::new(rng.u32(1..=size), rng.u32(1..=size)), first, 0)];
    let mut occupied: BTreeSet<Square> = pieces.iter().map(|p| p.0).collect();
    for _ in 0..20 * count {
        if pieces.len() == count {
            break;
        }
        let i = rng.usize(..pieces.len());
        let (at, kind, budget) = pieces[i];
        if budget >= max_budget {
            continue;
        }
        let from = origins(kind, at, size, &occupied);
        if from.is_empty() {
            continue;
        }
        let from = from[rng.usize(..from.len())];
        occupied.insert(from);
        pieces[i] = (from, kind, budget + 1);
        pieces.push((at, kinds[rng.usize(..kinds.len())], 0));
    }
    let pieces = pieces
        .into_iter()
        .map(|(sq, kind, b)| Piece::new(kind, sq, b))
        .collect();
    Board::new(size, size, pieces).expect("valid backward board")
}

/// `count − 1` budget-2 bishops on random squares of both colours of an 8×8 board and
/// one budget-1 knight in the middle (issue 13's unsolvable class).
pub fn colour_split_board(count: usize, seed: u64) -> Board {
    let mut rng = fastrand::Rng::with_seed(seed);
    let knight = Square::new(rng.u32(3..=6), rng.u32(3..=6));
    let mut pieces = vec![Piece::new(PieceKind::Knight, knight, 1)];
    let mut cells: Vec<u32> = (0..64)
        .filter(|&c| Square::new(c / 8 + 1, c % 8 + 1) != knight)
        .collect();
    rng.shuffle(&mut cells);
    for &cell in &cells[..count - 1] {
        pieces.push(Piece::new(
            PieceKind::Bishop,
            Square::new(cell / 8 + 1, cell % 8 + 1),
            2,
        ));
    }
    Board::new(8, 8, pieces).expect("valid board")
}

/// `count` rooks on random squares of an 8×8 board, budgets 1–2 (both verdicts occur).
pub fn random_rook_board(count: usize, seed: u64) -> Board {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut cells: Vec<u32> = (0..64).collect();
    rng.shuffle(&mut cells);
    let pieces = cells[..count]
        .iter()
        .map(|&cell| {
            let square = Square::new(cell / 8 + 1, cell % 8 + 1);
            Piece::new(PieceKind::Rook, square, rng.u32(1..=2))
        })
        .collect();
    Board::new(8, 8, pieces).expect("valid board")
}

/// A class of generated boards: its title, the named boards and the rules they are
/// solved under.
pub type Class = (&'static str, Vec<(String, Board)>, Variant);

/// The hard classes of issue 13 with fixed seeds: `dense` mixed boards (8×8 and 10×10,
/// 20–40 pieces, seeds from `dense_seed`), colour-split bishops with one bridging
/// knight, king-last boards, backward-built and random rook boards.
pub fn hard_classes(dense: u64, dense_seed: u64) -> Vec<Class> {
    use PieceKind::{Bishop, King, Knight, Pawn, Queen, Rook};
    let mixed = [
        Queen, Rook, Rook, Bishop, Bishop, Knight, Knight, Pawn, Pawn,
    ];
    let size = |i: u64| if i % 2 == 0 { 8 } else { 10 };
    let dense_boards = (0..dense)
        .map(|i| {
            let count = 20 + (i * 20 / (dense - 1).max(1)) as usize;
            let board = backward_board(count, size(i), Queen, &mixed, 2, dense_seed + i);
            (format!("dense {0}x{0} #{i}", size(i)), board)
        })
        .collect();
    let split = (13..=25)
        .step_by(2)
        .map(|count| {
            let board = colour_split_board(count, count as u64);
            (format!("bishops+knight {count}"), board)
        })
        .collect();
    let king_last = (0..6u64)
        .map(|i| {
            let board = backward_board(16 + 2 * i as usize, 8, King, &mixed, 2, 200 + i);
            (format!("king-last #{i}"), board)
        })
        .collect();
    let rooks = (0..6u64)
        .map(|i| {
            let board = backward_board(16 + 3 * i as usize, size(i), Rook, &[Rook], 2, 300 + i);
            (format!("rooks {0}x{0} #{i}", size(i)), board)
        })
        .collect();
    let random_rooks = (0..6u64)
        .map(|i| {
            let board = random_rook_board(12 + 2 * i as usize, 400 + i);
            (format!("random rooks #{i}"), board)
        })
        .collect();
    vec![
        (
            "dense backward-built boards, 20-40 pieces, budgets <= 2",
            dense_boards,
            Variant::Standard,
        ),
        (
            "colour-split bishops with one bridging knight, 13-25 pieces",
            split,
            Variant::Standard,
        ),
        (
            "king-last backward-built boards, 16-28 pieces",
            king_last,
            Variant::KingLast,
        ),
        (
            "backward-built rook boards, 16-31 pieces",
            rooks,
            Variant::Standard,
        ),
        (
            "random rook boards 8x8, 12-22 pieces, budgets 1-2",
            random_rooks,
            Variant::Standard,
        ),
    ]
}
