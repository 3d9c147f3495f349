//! The error every reader reports ([`FormatError`]): what is wrong with the content of a
//! document, naming the offending item.

use sat2chess_core::board::BoardError;

/// What is wrong with the content of a board or moves document.
#[derive(Debug, thiserror::Error)]
pub enum FormatError {
    #[error("line {line}, column {column}: {message}")]
    Syntax {
        line: usize,
        column: usize,
        message: String,
    },
    #[error("{item}: {message}")]
    Item { item: String, message: String },
    #[error(transparent)]
    Board(#[from] BoardError),
    /// Reading a streamed file failed.
    #[error(transparent)]
    Io(std::io::Error),
}
