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

    /// The number of squares, `rows × cols` (exact: two `u64` sides multiply within
    /// `u128`).
    pub fn area(self) -> u128 {
        u128::from(self.rows) * u128::from(self.cols)
    }
}

impl fmt::Display for Extent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}
