//! Every target of the compiler, by name: the registry that `compile` and `decode`
//! choose from (`--to king|knight|rook|queen|bishop|nqueens`). A new
//! reduction implements [`Reduction`] in its crate and is added here.

use sat2chess_nqueens::reduction::NQUEENS;
use sat2chess_reduce::reduction::{BISHOP, KING, KNIGHT, QUEEN, ROOK, Reduction};

/// The targets, the default (King) first.
pub static TARGETS: [&dyn Reduction; 6] = [&KING, &KNIGHT, &ROOK, &QUEEN, &BISHOP, &NQUEENS];

/// The target named `name`.
pub fn target(name: &str) -> Option<&'static dyn Reduction> {
    TARGETS.iter().copied().find(|target| target.name() == name)
}
