//! Square arithmetic the special cases share: the lines through a square and the
//! squares a short-range piece steps to.

use sat2chess_core::board::{PieceKind, Square};
use sat2chess_core::rules::steps;

/// The line of `square` in `family`: its key (row, column, row − col, row + col).
pub(super) fn line_key(square: Square, family: usize) -> i64 {
    let (r, c) = (square.row as i64, square.col as i64);
    [r, c, r - c, r + c][family]
}

/// Position of `square` along its line of `family` (the row for columns, else the column).
pub(super) fn along(square: Square, family: usize) -> u32 {
    if family == 1 { square.row } else { square.col }
}

/// The squares a short-range piece of `kind` on `square` may capture on (a pawn captures
/// toward row 1); none for ranged kinds.
pub(super) fn step_squares(kind: PieceKind, square: Square) -> impl Iterator<Item = Square> {
    steps(kind).iter().filter_map(move |&(dr, dc)| {
        let row = u32::try_from(square.row as i64 + dr).ok()?;
        let col = u32::try_from(square.col as i64 + dc).ok()?;
        (row >= 1 && col >= 1).then_some(Square::new(row, col))
    })
}
