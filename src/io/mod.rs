//! Board and move file formats. Every reader reports errors that name the offending
//! item (line/column for syntax, `piece #i` / `move #i` for content); [`read_board`]
//! and [`read_moves`] add the file name.

pub mod json;

use std::path::{Path, PathBuf};

use crate::board::{Board, BoardError};
use crate::rules::Move;

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
}

/// A file that could not be read or parsed; the message starts with the path.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    #[error("{path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: {source}")]
    Format { path: PathBuf, source: FormatError },
    #[error("{path}: cannot tell the format from the file name; pass --format")]
    UnknownFormat { path: PathBuf },
}

/// Board file formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum BoardFormat {
    /// `sat2chess-board` JSON (DEVELOPERS.md).
    Json,
}

impl BoardFormat {
    /// Guesses the format from the file extension.
    pub fn from_path(path: &Path) -> Option<BoardFormat> {
        match path.extension()?.to_str()? {
            "json" => Some(BoardFormat::Json),
            _ => None,
        }
    }

    pub fn parse(self, text: &str) -> Result<Board, FormatError> {
        match self {
            BoardFormat::Json => json::parse_board(text),
        }
    }

    pub fn write(self, board: &Board) -> Result<String, FormatError> {
        match self {
            BoardFormat::Json => Ok(json::write_board(board)),
        }
    }
}

fn read_text(path: &Path) -> Result<String, InputError> {
    std::fs::read_to_string(path).map_err(|source| InputError::Read {
        path: path.to_owned(),
        source,
    })
}

/// Reads a board file; `format` defaults to the one the extension names.
pub fn read_board(path: &Path, format: Option<BoardFormat>) -> Result<Board, InputError> {
    let format = format
        .or_else(|| BoardFormat::from_path(path))
        .ok_or_else(|| InputError::UnknownFormat {
            path: path.to_owned(),
        })?;
    format
        .parse(&read_text(path)?)
        .map_err(|source| InputError::Format {
            path: path.to_owned(),
            source,
        })
}

/// Reads a moves JSON file.
pub fn read_moves(path: &Path) -> Result<Vec<Move>, InputError> {
    json::parse_moves(&read_text(path)?).map_err(|source| InputError::Format {
        path: path.to_owned(),
        source,
    })
}
