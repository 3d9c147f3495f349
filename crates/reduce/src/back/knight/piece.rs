//! The Knight backend's type and where a knight wire's band lies (thesis §6.1).

use sat2chess_core::label::Direction;

use crate::back::geometry::{Column, P};

/// The Knight backend.
#[derive(Clone, Copy, Debug, Default)]
pub struct Knight;

/// A Knight signal (x, y); the error value (−1, −1) for a column in no signal state.
pub type Pair = [i8; 2];

/// The across-the-flow coordinate of a square.
fn across(p: P, flow: Direction) -> i64 {
    match flow {
        Direction::East | Direction::West => p.0,
        Direction::North | Direction::South => p.1,
    }
}

/// The first line of the band of a wire column `[outer, inner]` flowing toward `flow`:
/// the band holds the inner knights of the column and of its neighbours.
pub(crate) fn band_of(column: Column, flow: Direction) -> i64 {
    let (outer, inner) = (across(column[0], flow), across(column[1], flow));
    if outer < inner { inner - 1 } else { inner }
}
