//! Why a board could not be compiled, certified or decoded.

use thiserror::Error;

use crate::gadgets;
use crate::layout::TilePos;
use sat2chess_core::board::Square;

/// Why a board could not be compiled, certified or decoded.
#[derive(Debug, Error)]
pub enum BackendError {
    #[error("gadget library")]
    Library(#[from] gadgets::GadgetError),
    #[error("the gadget library has no gadget `{0}`")]
    MissingGadget(String),
    #[error("gadget `{gadget}` cannot be oriented as required: {reason}")]
    Orientation { gadget: String, reason: String },
    #[error(
        "the {piece} budgets must all be {wanted}, but gadget `{gadget}` has a {budget}-{piece}"
    )]
    Budget {
        piece: &'static str,
        wanted: u32,
        gadget: String,
        budget: u32,
    },
    #[error("tile design `{design}`: {reason}")]
    Design { design: String, reason: String },
    #[error("layout tile {at:?} is not supported by the tileset: {reason}")]
    UnsupportedTile { at: TilePos, reason: String },
    #[error("the board exceeds {max} squares per side")]
    TooLarge { max: i64 },
    #[error("unintended contact between {first} at {a} and {second} at {b}")]
    Contact {
        first: String,
        second: String,
        a: Square,
        b: Square,
    },
    #[error("the {0} is not a leaper: its contact checks would need lines of sight")]
    NotLeaper(&'static str),
    #[error("the capture graph of the board is disconnected ({components} components)")]
    Disconnected { components: usize },
    #[error("board construction")]
    Board(#[from] sat2chess_core::board::BoardError),
    #[error("certificate: no local capture sequence for {element} (inputs {inputs})")]
    NoLocalSequence { element: String, inputs: String },
    #[error("certificate: {element} has no table row for inputs {inputs}")]
    NoTableRow { element: String, inputs: String },
    #[error("certificate: the signal graph has a cycle")]
    Cycle,
    #[error("internal error: the certificate's capture {from} -> {to} is not legal")]
    IllegalMove { from: Square, to: Square },
    #[error("internal error: the certificate leaves {left} pieces")]
    PiecesLeft { left: usize },
    #[error("decode: the assignment read off the variable gadgets does not satisfy the formula")]
    NotSatisfying,
}

impl BackendError {
    /// Whether this is the program's fault rather than the formula's: everything but a
    /// board too large for its coordinates.
    pub fn is_internal(&self) -> bool {
        !matches!(self, BackendError::TooLarge { .. })
    }
}
