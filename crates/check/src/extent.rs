//! A board's extent ([`Extent`]), against which moves are checked as they are read,
//! and the error of a move that leaves it ([`MoveOutsideBoard`]).

use sat2chess_core::board::{Board, Square};
use sat2chess_core::rules::Move;

/// A move naming a square outside the board: malformed input rather than an illegal move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("move #{index}: {end} square {square} lies outside the {rows}x{cols} board")]
pub struct MoveOutsideBoard {
    pub index: usize,
    /// `"from"` or `"to"`.
    pub end: &'static str,
    pub square: Square,
    pub rows: u32,
    pub cols: u32,
}

/// A board's extent, against which moves are checked as they are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Extent {
    pub rows: u32,
    pub cols: u32,
}

impl Extent {
    pub fn of(board: &Board) -> Extent {
        Extent {
            rows: board.rows(),
            cols: board.cols(),
        }
    }

    /// `Ok` when both squares of move #`index` lie on the board.
    pub fn admit(self, index: usize, mv: Move) -> Result<(), MoveOutsideBoard> {
        let inside =
            |s: Square| (1..=self.rows).contains(&s.row) && (1..=self.cols).contains(&s.col);
        for (end, square) in [("from", mv.from), ("to", mv.to)] {
            if !inside(square) {
                return Err(MoveOutsideBoard {
                    index,
                    end,
                    square,
                    rows: self.rows,
                    cols: self.cols,
                });
            }
        }
        Ok(())
    }
}
