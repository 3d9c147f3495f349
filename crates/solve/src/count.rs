//! Counting solving capture sequences, with a cap: the uniqueness test of puzzle
//! generation (`generate`) and the difficulty measure of a puzzle with one solution.
//!
//! Two capture sequences are different when they differ in some move, so a board whose
//! captures commute has several solutions. The count is a depth-first search over
//! positions with a memo of every position met (its count, capped): exponential in the
//! piece count, meant for puzzle-sized boards (up to about 16 pieces).

use rustc_hash::FxHashMap as HashMap;

use sat2chess_core::board::{Board, PieceKind, Square};
use sat2chess_core::rules::{Move, Variant, capture_legality};

/// One piece of a [`Compact`] position: square, kind, captures left.
type Slot = (Square, PieceKind, u32);

/// A small position: its pieces sorted by square (the memo key).
#[derive(Clone, PartialEq, Eq, Hash)]
struct Compact(Vec<Slot>);

impl Compact {
    fn new(board: &Board) -> Compact {
        let mut slots: Vec<Slot> = board
            .pieces()
            .iter()
            .map(|piece| (piece.square, piece.kind, piece.budget))
            .collect();
        slots.sort_unstable_by_key(|slot| slot.0);
        Compact(slots)
    }

    fn at(&self, square: Square) -> Option<(PieceKind, u32)> {
        self.0
            .binary_search_by_key(&square, |slot| slot.0)
            .ok()
            .map(|index| (self.0[index].1, self.0[index].2))
    }

    /// The occupied square strictly between `from` and `to` nearest to `from`, if
    /// the two lie on one line.
    fn first_blocker(&self, from: Square, to: Square) -> Option<Square> {
        let (fr, fc) = (from.row as i64, from.col as i64);
        let (dr, dc) = (to.row as i64 - fr, to.col as i64 - fc);
        let steps = dr.abs().max(dc.abs());
        (1..steps)
            .map(|step| {
                Square::new(
                    (fr + dr.signum() * step) as u32,
                    (fc + dc.signum() * step) as u32,
                )
            })
            .find(|&square| self.at(square).is_some())
    }

    fn legal_moves(&self, variant: Variant) -> Vec<Move> {
        let mut moves = Vec::new();
        for &(from, kind, budget) in &self.0 {
            if budget == 0 {
                continue;
            }
            for &(to, target, target_budget) in &self.0 {
                let mv = Move::new(from, to);
                let legal = capture_legality(
                    mv,
                    Some((kind, budget)),
                    Some((target, target_budget)),
                    variant,
                    || self.first_blocker(from, to),
                );
                if legal.is_ok() {
                    moves.push(mv);
                }
            }
        }
        moves
    }

    /// The position after the legal capture `mv`.
    fn after(&self, mv: Move) -> Compact {
        let mut slots = self.0.clone();
        let from = slots
            .binary_search_by_key(&mv.from, |slot| slot.0)
            .expect("a legal move starts on a piece");
        let (_, kind, budget) = slots.remove(from);
        let to = slots
            .binary_search_by_key(&mv.to, |slot| slot.0)
            .expect("a legal move ends on a piece");
        slots[to] = (mv.to, kind, budget - 1);
        Compact(slots)
    }
}

/// The number of solving capture sequences of a board, up to a cap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolutionCount {
    /// The count, at most the cap asked for.
    pub count: u64,
    /// Distinct positions the search met (its effort).
    pub positions: usize,
}

impl SolutionCount {
    /// Whether the count reached the cap (the true count may be larger).
    pub fn is_capped(&self, cap: u64) -> bool {
        self.count >= cap
    }
}

/// Counts the capture sequences that reduce `board` to one piece under `variant`,
/// stopping at `cap` (a count of `cap` means "at least `cap`"). An empty board has none.
pub fn count_solutions(board: &Board, variant: Variant, cap: u64) -> SolutionCount {
    fn go(position: &Compact, variant: Variant, cap: u64, memo: &mut HashMap<Compact, u64>) -> u64 {
        if position.0.len() == 1 {
            return 1;
        }
        if let Some(&known) = memo.get(position) {
            return known;
        }
        let mut total = 0;
        for mv in position.legal_moves(variant) {
            total += go(&position.after(mv), variant, cap, memo);
            if total >= cap {
                total = cap;
                break;
            }
        }
        memo.insert(position.clone(), total);
        total
    }
    if board.is_empty() {
        return SolutionCount {
            count: 0,
            positions: 0,
        };
    }
    let mut memo = HashMap::default();
    let count = go(&Compact::new(board), variant, cap.max(1), &mut memo);
    SolutionCount {
        count,
        positions: memo.len(),
    }
}

/// How hard a puzzle with a single solution is to solve by hand, read off the position
/// after each capture of its solution.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Difficulty {
    /// Wrong captures on offer along the solution: at every position of the solution,
    /// the legal captures other than the solution's (each leads to a dead end, since the
    /// solution is unique). The measure the generator's levels are defined by.
    pub wrong_captures: u32,
    /// Positions of the solution where more than one capture is legal (the moves a
    /// solver must choose rather than find forced).
    pub decisions: u32,
    /// Legal captures in the starting position.
    pub first_choices: u32,
}

/// The [`Difficulty`] of `board` along `solution`, a legal capture sequence.
pub fn difficulty(board: &Board, solution: &[Move], variant: Variant) -> Difficulty {
    let mut position = Compact::new(board);
    let mut measure = Difficulty::default();
    for (index, &mv) in solution.iter().enumerate() {
        let choices = position.legal_moves(variant).len() as u32;
        if index == 0 {
            measure.first_choices = choices;
        }
        measure.wrong_captures += choices.saturating_sub(1);
        measure.decisions += u32::from(choices > 1);
        position = position.after(mv);
    }
    measure
}

#[cfg(test)]
mod tests {
    use super::*;
    use sat2chess_core::board::Piece;

    fn board(pieces: &[(PieceKind, u32, u32)]) -> Board {
        Board::new(
            8,
            8,
            pieces
                .iter()
                .map(|&(kind, row, col)| Piece::new(kind, Square::new(row, col), 2))
                .collect(),
        )
        .unwrap()
    }

    #[test]
    fn two_rooks_have_two_solutions() {
        let rooks = board(&[(PieceKind::Rook, 1, 1), (PieceKind::Rook, 1, 5)]);
        assert_eq!(count_solutions(&rooks, Variant::Standard, 10).count, 2);
        assert_eq!(count_solutions(&rooks, Variant::Standard, 1).count, 1);
    }

    #[test]
    fn a_king_may_not_be_captured_under_chesscom_rules() {
        let pair = board(&[(PieceKind::Rook, 1, 1), (PieceKind::King, 1, 2)]);
        assert_eq!(count_solutions(&pair, Variant::KingLast, 10).count, 1);
        assert_eq!(count_solutions(&pair, Variant::Standard, 10).count, 2);
    }

    #[test]
    fn a_blocked_rook_waits() {
        // R . N . R on one row: the knight blocks the rooks and cannot capture them.
        let row = board(&[
            (PieceKind::Rook, 1, 1),
            (PieceKind::Knight, 1, 3),
            (PieceKind::Rook, 1, 5),
        ]);
        // R1xN then R1xR5 or R5xR1; or R5xN then either: 4 sequences.
        assert_eq!(count_solutions(&row, Variant::Standard, 100).count, 4);
        let solution = [
            Move::new(Square::new(1, 1), Square::new(1, 3)),
            Move::new(Square::new(1, 3), Square::new(1, 5)),
        ];
        let measure = difficulty(&row, &solution, Variant::Standard);
        assert_eq!(measure.first_choices, 2);
        assert_eq!(measure.wrong_captures, 2);
        assert_eq!(measure.decisions, 2);
    }
}
