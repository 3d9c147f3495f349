//! Board and move file formats: board JSON and moves JSON ([`json`], fixed by
//! DEVELOPERS.md), the line-based text format ([`text`]), FEN for boards up to 8×8
//! ([`fen`]), the moves text format in either notation ([`moves_text`]), and the ASCII picture of `sat2chess show` ([`ascii`], output only).
//! Every reader reports errors that name the offending item (line/column for syntax,
//! `piece #i` / `move #i` (0-based) for content, `line N` (and the column) for text, the
//! rank or the line for FEN); [`read_board`] and [`read_moves`] add the file name. No
//! reader allocates rows × cols.

pub mod ascii;
mod error;
pub mod fen;
pub mod json;
pub mod moves_text;
pub mod text;
pub mod utf8;

pub use error::FormatError;
pub use utf8::utf8_text;

use std::path::{Path, PathBuf};

use sat2chess_core::board::Board;
use sat2chess_core::rules::Move;

/// A file that could not be read or parsed: the message is the path, the cause its
/// source (shown after it: `path: cause`).
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    #[error("{}", path.display())]
    Read {
        path: PathBuf,
        #[source]
        error: std::io::Error,
    },
    #[error("{}", path.display())]
    Format {
        path: PathBuf,
        #[source]
        error: FormatError,
    },
    #[error(
        "{path}: cannot tell the board format from the file name (known extensions: \
         .json, .txt, .board, .fen); name the format (--format, or --from for convert)"
    )]
    UnknownFormat { path: PathBuf },
}

/// Board file formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardFormat {
    /// `sat2chess-board` JSON; extension `.json`.
    Json,
    /// The line-based text format, one piece per line; extensions `.txt`, `.board`.
    Text,
    /// FEN placement, boards up to 8x8 with budget 2; extension `.fen`.
    Fen,
}

impl sat2chess_core::choice::Choice for BoardFormat {
    const CHOICES: &'static [(Self, &'static str, &'static str)] = &[
        (BoardFormat::Json, "json", "sat2chess-board JSON (.json)"),
        (
            BoardFormat::Text,
            "text",
            "the text format, one piece per line (.txt, .board)",
        ),
        (
            BoardFormat::Fen,
            "fen",
            "FEN placement, boards up to 8x8 with budget 2 (.fen)",
        ),
    ];
}

impl BoardFormat {
    /// Guesses the format from the file extension (case-insensitive).
    pub fn from_path(path: &Path) -> Option<BoardFormat> {
        match path.extension()?.to_str()?.to_ascii_lowercase().as_str() {
            "json" => Some(BoardFormat::Json),
            "txt" | "board" => Some(BoardFormat::Text),
            "fen" => Some(BoardFormat::Fen),
            _ => None,
        }
    }

    pub fn parse(self, text: &str) -> Result<Board, FormatError> {
        match self {
            BoardFormat::Json => json::parse_board(text),
            BoardFormat::Text => text::parse_board(text),
            BoardFormat::Fen => fen::parse_board(text),
        }
    }

    pub fn write(self, board: &Board) -> Result<String, FormatError> {
        match self {
            BoardFormat::Json => Ok(json::write_board(board)),
            BoardFormat::Text => text::write_board(board),
            BoardFormat::Fen => fen::write_board(board),
        }
    }
}

/// The path that stands for standard input (and, for outputs, standard output).
pub const STDIO: &str = "-";

/// True when `path` is [`STDIO`].
pub fn is_stdio(path: &Path) -> bool {
    path.as_os_str() == STDIO
}

/// Reads a whole file, or standard input for [`STDIO`].
pub fn read_bytes(path: &Path) -> std::io::Result<Vec<u8>> {
    if is_stdio(path) {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin().lock(), &mut bytes)?;
        Ok(bytes)
    } else {
        std::fs::read(path)
    }
}

/// Reads a whole file, or standard input for [`STDIO`], as text.
pub fn read_text(path: &Path) -> Result<String, InputError> {
    let bytes = read_bytes(path).map_err(|error| InputError::Read {
        path: display_path(path),
        error,
    })?;
    utf8_text(bytes).map_err(|error| InputError::Format {
        path: display_path(path),
        error,
    })
}

/// The name errors use for `path` (`<stdin>` for [`STDIO`]).
pub fn display_path(path: &Path) -> PathBuf {
    if is_stdio(path) {
        PathBuf::from("<stdin>")
    } else {
        path.to_owned()
    }
}

/// `format`, or else the one the extension of `path` names.
pub fn board_format(path: &Path, format: Option<BoardFormat>) -> Result<BoardFormat, InputError> {
    format
        .or_else(|| BoardFormat::from_path(path))
        .ok_or_else(|| InputError::UnknownFormat {
            path: display_path(path),
        })
}

/// Reads a board file (`-`: standard input); `format` defaults to the one the extension names.
pub fn read_board(path: &Path, format: Option<BoardFormat>) -> Result<Board, InputError> {
    let board = match board_format(path, format)? {
        BoardFormat::Json => json::read_board(open_text(path)?),
        other => other.parse(&read_text(path)?),
    };
    board.map_err(|error| InputError::Format {
        path: display_path(path),
        error,
    })
}

/// Opens a file, or standard input for [`STDIO`], to be read as a stream of UTF-8 text.
pub fn open_text(path: &Path) -> Result<utf8::Utf8Reader<Box<dyn std::io::Read>>, InputError> {
    let reader: Box<dyn std::io::Read> = if is_stdio(path) {
        Box::new(std::io::stdin().lock())
    } else {
        Box::new(std::fs::File::open(path).map_err(|error| InputError::Read {
            path: display_path(path),
            error,
        })?)
    };
    Ok(utf8::Utf8Reader::new(reader))
}

/// Moves file formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MovesFormat {
    /// Moves JSON `{"moves":[{"from":[r,c],"to":[r,c]},…]}`, the fixed format; `.json`.
    Json,
    /// One capture a line in either notation ([`moves_text`]); `.txt`.
    Text,
}

impl MovesFormat {
    /// The format the extension of `path` names (case-insensitive), if it names one.
    pub fn from_path(path: &Path) -> Option<MovesFormat> {
        match path.extension()?.to_str()?.to_ascii_lowercase().as_str() {
            "json" => Some(MovesFormat::Json),
            "txt" => Some(MovesFormat::Text),
            _ => None,
        }
    }
}

/// Streams the moves of a moves file (`-`: standard input) into `sink` and returns how
/// many there were. The format is the one the extension names, else the content's (JSON
/// starts with `{`, anything else is the moves text). `extent` is the board's rows and
/// columns, which algebraic squares need.
pub fn stream_moves(
    path: &Path,
    extent: (u32, u32),
    sink: &mut dyn FnMut(Move),
) -> Result<usize, InputError> {
    let format_error = |error| InputError::Format {
        path: display_path(path),
        error,
    };
    let mut reader = open_text(path)?;
    let format = match MovesFormat::from_path(path) {
        Some(format) => format,
        None => {
            sniff_moves_format(&mut reader).map_err(|error| format_error(FormatError::Io(error)))?
        }
    };
    match format {
        MovesFormat::Json => json::stream_moves(reader, sink),
        MovesFormat::Text => moves_text::stream_moves(reader, extent, sink),
    }
    .map_err(format_error)
}

/// The format of a moves file by its first character that is not white space, which
/// stays unread.
fn sniff_moves_format(reader: &mut impl std::io::BufRead) -> std::io::Result<MovesFormat> {
    let mut text = reader.fill_buf()?;
    while !text.is_empty() {
        if let Some(&first) = text.iter().find(|b| !b.is_ascii_whitespace()) {
            return Ok(if first == b'{' {
                MovesFormat::Json
            } else {
                MovesFormat::Text
            });
        }
        // A buffer of white space only: it is white space to either reader.
        let blank = text.len();
        reader.consume(blank);
        text = reader.fill_buf()?;
    }
    Ok(MovesFormat::Json)
}

/// Reads a whole moves file (`-`: standard input) as [`stream_moves`] does.
pub fn read_moves(path: &Path, extent: (u32, u32)) -> Result<Vec<Move>, InputError> {
    let mut moves = Vec::new();
    stream_moves(path, extent, &mut |mv| moves.push(mv))?;
    Ok(moves)
}
