//! Board extents as the transformations compute them ([`Extent`]), before they are
//! checked against the `u32` coordinates of a board.

use std::fmt;

use sat2chess_core::board::Board;

/// A board extent, `rows × cols`, wide enough for the extents a transformation would
/// need before it is checked against the `u32` coordinates of a [`Board`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Extent {
    pub rows: u64,
    pub cols: u64,
}

impl Extent {
    /// The extent of `board`.
    pub fn of(board: &Board) -> Extent {
        Extent {
            rows: board.rows().into(),
            cols: board.cols().into(),
        }
    }

    /// The number of squares, `rows × cols` (saturating).
    pub fn area(self) -> u64 {
        self.rows.saturating_mul(self.cols)
    }
}

impl fmt::Display for Extent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}
