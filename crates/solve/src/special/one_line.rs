//! One-dimensional Solo Chess: all pieces on one row or one column (thesis Lemmas
//! 4.3–4.5, Thm 4.2; the 1D rook characterisation is Aravind–Misra–Mittal's).
//!
//! On a line only kings and rooks move: a queen moves like a rook, bishops, knights and
//! pawns never capture along a row or column and act as 0-rooks (Thm 4.2's proof). A
//! solution can be put in normal form, king moves first (Lemma 4.4); after them the
//! kings stay put and are 0-rooks too, and m pieces with rook budgets summing to r are
//! solvable iff r ≥ m − 1 (1D Rook Lemma 4.3). So the board is solvable iff some king
//! phase leaves value t = Σ (rook budget − 1) − (kings left) ≥ −1.
//!
//! The king phase, in place of the thesis' interface of B visible squares: a square
//! emptied by a capture stays empty, so a king moves monotonically, and the squares of
//! a run of adjacent pieces split into *groups* [a, b] that collapse onto one center s:
//! the piece on a (a king) walks right over a..s, the piece on b walks left over b..s.
//! Such a group exists iff its end kings' budgets ℓ(a) + ρ(b) ≥ b − a (non-kings count
//! 0), and leaves one king (value −1); a group of one piece keeps its value. A dynamic
//! program over the prefixes picks the groups: O(n · B) for n pieces with budgets ≤ B
//! after sorting, the thesis' linear time for fixed B. The rook phase then follows the
//! proof of Lemma 4.3: a rook next to a 0-rook captures it, and when no 0-rook is left
//! all pieces capture toward the first. This module is a hand-written DP because no
//! crate implements Solo Chess.

use sat2chess_core::board::{Board, PieceKind, Square};
use sat2chess_core::rules::{Move, Variant};

use super::decision::Decision;

/// Whether all pieces share a row or a column, and no uncapturable piece (a rule Lemma
/// 4.4 does not cover) stands on the board.
pub(super) fn applies(board: &Board, variant: Variant) -> bool {
    let pieces = board.pieces();
    let same = |f: fn(Square) -> u32| pieces.iter().all(|p| f(p.square) == f(pieces[0].square));
    (same(|s| s.row) || same(|s| s.col)) && variant.on(board) == Variant::Standard
}

/// A piece on the line, in line order.
#[derive(Clone, Copy, Debug)]
struct Cell {
    square: Square,
    /// Position along the line.
    at: u32,
    /// Budget of a king (0 for every other piece).
    king: u32,
    /// Budget of a rook or queen (0 for every other piece).
    rook: u32,
    is_king: bool,
}

impl Cell {
    /// The piece's worth after the king phase if it survives untouched.
    fn value(&self) -> i64 {
        self.rook as i64 - 1
    }
}

/// How a dynamic-programming prefix ends.
#[derive(Clone, Copy, Debug)]
enum Last {
    /// Its last piece survives the king phase untouched.
    Alone,
    /// A group from `start` collapses onto `center` (indices into the cells).
    Group { start: usize, center: usize },
}

/// Decides a board of [`applies`] (at least two pieces).
pub(super) fn solve(board: &Board) -> Decision {
    let on_row = board
        .pieces()
        .iter()
        .all(|p| p.square.row == board.pieces()[0].square.row);
    let mut cells: Vec<Cell> = board
        .pieces()
        .iter()
        .map(|p| Cell {
            square: p.square,
            at: if on_row { p.square.col } else { p.square.row },
            king: if p.kind == PieceKind::King {
                p.budget
            } else {
                0
            },
            rook: if matches!(p.kind, PieceKind::Rook | PieceKind::Queen) {
                p.budget
            } else {
                0
            },
            is_king: p.kind == PieceKind::King,
        })
        .collect();
    cells.sort_unstable_by_key(|c| c.at);
    let n = cells.len();
    let line = if on_row { "row" } else { "column" };

    // best[i]: the highest value of a king phase on the first i cells; last[i]: its end.
    let mut best = vec![0i64; n + 1];
    let mut last = vec![Last::Alone; n + 1];
    let mut run_start = 0;
    let mut run_king_budget = 0u32;
    for i in 0..n {
        if i > 0 && cells[i].at != cells[i - 1].at + 1 {
            run_start = i;
            run_king_budget = 0;
        }
        best[i + 1] = best[i] + cells[i].value();
        last[i + 1] = Last::Alone;
        let right = cells[i].king;
        let reach = (right as u64 + run_king_budget as u64).min(i as u64) as usize;
        for start in (run_start.max(i - reach)..i).rev() {
            let left = cells[start].king as usize;
            if left + right as usize >= i - start && best[start] - 1 > best[i + 1] {
                best[i + 1] = best[start] - 1;
                let center = (start + left).min(i);
                last[i + 1] = Last::Group { start, center };
            }
        }
        run_king_budget = run_king_budget.max(cells[i].king);
    }
    let value = best[n];
    if value < -1 {
        let has_kings = cells.iter().any(|c| c.is_king);
        let why = if has_kings {
            format!(
                "one {line}: in normal form the kings move first (thesis Lemma 4.4), and the \
                 best king phase leaves rook captures − pieces = {value} < −1, too few for \
                 the rest (1D Rook Lemma 4.3; thesis Lemma 4.5)"
            )
        } else {
            let captures: u64 = cells.iter().map(|c| c.rook as u64).sum();
            format!(
                "one {line} without kings: the rooks' and queens' budgets sum to {captures} < \
                 {} = pieces − 1 (1D Rook Lemma 4.3)",
                n - 1
            )
        };
        return Decision {
            moves: None,
            reason: why,
        };
    }

    let mut moves = Vec::new();
    let mut survivors = Vec::new();
    let mut end = n;
    while end > 0 {
        match last[end] {
            Last::Alone => {
                survivors.push(cells[end - 1]);
                end -= 1;
            }
            Last::Group { start, center } => {
                // The end kings walk onto the center; a king is left there.
                let left: Vec<usize> = (start..=center).collect();
                let right: Vec<usize> = (center..end).rev().collect();
                for path in [left, right] {
                    for step in path.windows(2) {
                        moves.push(Move::new(cells[step[0]].square, cells[step[1]].square));
                    }
                }
                survivors.push(Cell {
                    rook: 0,
                    ..cells[center]
                });
                end = start;
            }
        }
    }
    survivors.reverse();
    let king_moves = moves.len();
    rook_phase(&survivors, &mut moves);
    Decision {
        moves: Some(moves),
        reason: format!(
            "one {line}: {king_moves} king capture(s) first (normal form, thesis Lemmas 4.4 \
             and 4.5) leave {} pieces with rook captures − pieces = {value} ≥ −1, which the \
             rooks and queens clear (1D Rook Lemma 4.3)",
            survivors.len(),
        ),
    }
}

/// Appends a rook phase (proof of Lemma 4.3) reducing `cells` (in line order, value
/// ≥ −1) to one piece: a rook next to a 0-piece captures it; with no 0-piece left,
/// every piece captures toward the first.
fn rook_phase(cells: &[Cell], moves: &mut Vec<Move>) {
    let n = cells.len();
    let mut square: Vec<Square> = cells.iter().map(|c| c.square).collect();
    let mut budget: Vec<u32> = cells.iter().map(|c| c.rook).collect();
    let mut prev: Vec<Option<usize>> = (0..n).map(|i| i.checked_sub(1)).collect();
    let mut next: Vec<Option<usize>> = (0..n).map(|i| (i + 1 < n).then_some(i + 1)).collect();
    let mut alive = vec![true; n];
    let mut zeros = budget.iter().filter(|&&b| b == 0).count();
    let mut work: Vec<usize> = (0..n).collect();
    while zeros > 0 {
        let Some(i) = work.pop() else {
            break;
        };
        if !alive[i] || budget[i] == 0 {
            continue;
        }
        let Some(z) = [prev[i], next[i]]
            .into_iter()
            .flatten()
            .find(|&z| budget[z] == 0)
        else {
            continue;
        };
        // Piece i captures its 0-neighbour z and takes z's place in the list.
        moves.push(Move::new(square[i], square[z]));
        alive[z] = false;
        zeros -= 1;
        square[i] = square[z];
        budget[i] -= 1;
        if prev[i] == Some(z) {
            prev[i] = prev[z];
            if let Some(p) = prev[z] {
                next[p] = Some(i);
            }
        } else {
            next[i] = next[z];
            if let Some(q) = next[z] {
                prev[q] = Some(i);
            }
        }
        if budget[i] == 0 {
            zeros += 1;
            work.extend([prev[i], next[i]].into_iter().flatten());
        } else {
            work.push(i);
        }
    }
    let mut order = (0..n).filter(|&i| alive[i] && prev[i].is_none());
    let Some(first) = order.next() else {
        return;
    };
    let mut at = next[first];
    while let Some(i) = at {
        moves.push(Move::new(square[i], square[first]));
        at = next[i];
    }
}
