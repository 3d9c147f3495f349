//! Test boards shared by the solver's unit tests: boards drawn as pictures, random
//! numbers for random boards (SplitMix64), and a brute force written from the rules as
//! stated.

use rustc_hash::FxHashMap as HashMap;

use sat2chess_core::board::{Board, Piece, PieceKind, Square};

/// Kings from a picture: digits are budgets, anything else is empty.
pub(crate) fn kings(picture: &[&str]) -> Board {
    let mut pieces = Vec::new();
    for (r, line) in picture.iter().enumerate() {
        for (c, ch) in line.chars().enumerate() {
            if let Some(budget) = ch.to_digit(10) {
                let square = Square::new(r as u32 + 1, c as u32 + 1);
                pieces.push(Piece::new(PieceKind::King, square, budget));
            }
        }
    }
    Board::fitted(pieces).unwrap()
}

/// A piece of the brute force: square (row, col), kind, budget.
pub(crate) type Cell = ((i64, i64), PieceKind, u32);

/// Whether `kind` on `from` captures on `to` in `cells` (blockers included), from the
/// rules as stated: kings and knights step, pawns step diagonally toward row 1,
/// rooks/bishops/queens slide over empty squares.
pub(crate) fn captures(cells: &[Cell], kind: PieceKind, from: (i64, i64), to: (i64, i64)) -> bool {
    let (dr, dc) = (to.0 - from.0, to.1 - from.1);
    let (straight, diagonal) = (dr == 0 || dc == 0, dr.abs() == dc.abs());
    let slides = match kind {
        PieceKind::King => return dr.abs().max(dc.abs()) == 1,
        PieceKind::Knight => return dr.abs() * dc.abs() == 2,
        PieceKind::Pawn => return dr == -1 && dc.abs() == 1,
        PieceKind::Rook => straight,
        PieceKind::Bishop => diagonal,
        PieceKind::Queen => straight || diagonal,
    };
    let steps = dr.abs().max(dc.abs());
    slides
        && steps > 0
        && (1..steps).all(|k| {
            let square = (from.0 + dr.signum() * k, from.1 + dc.signum() * k);
            cells.iter().all(|cell| cell.0 != square)
        })
}

/// Whether `cells` reduce to one piece when no piece of `protected` is ever captured.
pub(crate) fn brute(
    cells: &[Cell],
    protected: Option<PieceKind>,
    memo: &mut HashMap<Vec<Cell>, bool>,
) -> bool {
    if cells.len() == 1 {
        return true;
    }
    if let Some(&known) = memo.get(cells) {
        return known;
    }
    let mut solvable = false;
    'search: for (i, &(from, kind, budget)) in cells.iter().enumerate() {
        if budget == 0 {
            continue;
        }
        for (j, &(to, target, _)) in cells.iter().enumerate() {
            if i == j || Some(target) == protected || !captures(cells, kind, from, to) {
                continue;
            }
            let mut next: Vec<Cell> = cells.to_vec();
            next[j] = (to, kind, budget - 1);
            next.remove(i);
            if brute(&next, protected, memo) {
                solvable = true;
                break 'search;
            }
        }
    }
    memo.insert(cells.to_vec(), solvable);
    solvable
}

/// The brute force's cells of `board`, sorted.
pub(crate) fn cells(board: &Board) -> Vec<Cell> {
    let mut cells: Vec<Cell> = board
        .pieces()
        .iter()
        .map(|p| ((p.square.row as i64, p.square.col as i64), p.kind, p.budget))
        .collect();
    cells.sort_unstable();
    cells
}
