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
use sat2chess_core::choice::FileFormat;
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
    /// A moves file given where a board is expected (swapped arguments).
    #[error(
        "{} is a moves file, not a board; the board comes first: sat2chess check BOARD MOVES",
        path.display()
    )]
    MovesNotBoard { path: PathBuf },
    /// A DIMACS formula given where a board is expected.
    #[error(
        "{path} is a DIMACS formula, not a board; compile it first: sat2chess compile {path} \
         --to king -o board.json",
        path = path.display()
    )]
    FormulaNotBoard { path: PathBuf },
    /// A board given where a formula is expected.
    #[error(
        "{path} is a board, not a formula; to solve it: sat2chess solve {path}",
        path = path.display()
    )]
    BoardNotFormula { path: PathBuf },
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

impl FileFormat for BoardFormat {
    const EXTENSIONS: &'static [(&'static str, Self)] = &[
        ("json", BoardFormat::Json),
        ("txt", BoardFormat::Text),
        ("board", BoardFormat::Text),
        ("fen", BoardFormat::Fen),
    ];
}

impl BoardFormat {
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

/// Formats of a capture sequence (moves file).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MovesFormat {
    /// Moves JSON `{"moves":[{"from":[r,c],"to":[r,c]},…]}`, the fixed format; `.json`.
    Json,
    /// One capture a line in either notation ([`moves_text`]), as `sat2chess solve`
    /// prints them; `.txt`.
    Text,
}

impl sat2chess_core::choice::Choice for MovesFormat {
    const CHOICES: &'static [(Self, &'static str, &'static str)] = &[
        (MovesFormat::Json, "json", "moves JSON (.json)"),
        (
            MovesFormat::Text,
            "text",
            "one move per line, as solve prints them (.txt)",
        ),
    ];
}

impl FileFormat for MovesFormat {
    const EXTENSIONS: &'static [(&'static str, Self)] =
        &[("json", MovesFormat::Json), ("txt", MovesFormat::Text)];
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

/// What the start of a file shows it to be ([`sniff`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Content {
    /// Clearly a board in this format: JSON (an object that is not a moves file), the
    /// text format's header, or a FEN placement.
    Board(BoardFormat),
    /// A moves JSON file (its first key is `moves`).
    Moves,
    /// A DIMACS formula (its first line that is not blank is a `c` comment or the `p cnf`
    /// problem line).
    Dimacs,
    /// Nothing recognised (read as the text format, whose reader says what is wrong).
    Unknown,
}

/// Judges a file by its first bytes: JSON starts with `{`, a FEN is a line of ranks
/// separated by `/` (optionally followed by FEN's other fields), the text format starts
/// (after `#` comments) with its `sat2chess-board` header.
pub fn sniff(start: &str) -> Content {
    let text = start.trim_start();
    if let Some(object) = text.strip_prefix('{') {
        let first_key = object
            .trim_start()
            .strip_prefix('"')
            .and_then(|key| key.split('"').next());
        return match first_key {
            Some("moves") => Content::Moves,
            _ => Content::Board(BoardFormat::Json),
        };
    }
    let Some(line) = text
        .lines()
        .map(str::trim)
        .find(|line| !line.is_empty() && !line.starts_with('#'))
    else {
        return Content::Unknown;
    };
    let first_word = line.split_whitespace().next().unwrap_or("");
    if first_word == text::MAGIC {
        Content::Board(BoardFormat::Text)
    } else if fen::looks_like_placement(first_word) {
        Content::Board(BoardFormat::Fen)
    } else if first_word == "c"
        || (first_word == "p" && line.split_whitespace().nth(1) == Some("cnf"))
    {
        Content::Dimacs
    } else {
        Content::Unknown
    }
}

/// How many bytes [`board_format`] looks at to judge a file by its content.
const SNIFF_BYTES: usize = 4096;

/// The first bytes of a regular file or of standard input (left unread there: the
/// bytes stay in standard input's buffer), as text; `None` for other files (pipes,
/// devices: looking would consume them) and unreadable ones (their reader reports it).
fn peek(path: &Path) -> Option<String> {
    use std::io::{BufRead as _, Read as _};
    let bytes = if is_stdio(path) {
        std::io::stdin().lock().fill_buf().ok()?.to_vec()
    } else {
        if !std::fs::metadata(path).ok()?.is_file() {
            return None;
        }
        let mut bytes = Vec::with_capacity(SNIFF_BYTES);
        std::fs::File::open(path)
            .ok()?
            .take(SNIFF_BYTES as u64)
            .read_to_end(&mut bytes)
            .ok()?;
        bytes
    };
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

/// The FEN string given in place of a board file: `path` names no file and reads as a
/// FEN placement (`sat2chess solve "8/8/8/3q4/8/8/8/R3K3 w - - 0 1"`).
pub fn inline_fen(path: &Path) -> Option<&str> {
    let text = path.to_str()?;
    let placement = text.split_whitespace().next()?;
    (!is_stdio(path) && fen::looks_like_placement(placement) && !path.exists()).then_some(text)
}

/// The format a board argument is read in: `format` when given; FEN for a FEN string
/// given in place of a file ([`inline_fen`]); else the one the extension names; else the
/// one the content shows ([`sniff`]; the text format when it shows none). A moves file
/// or a DIMACS formula where a board is expected is refused with a hint.
pub fn board_format(path: &Path, format: Option<BoardFormat>) -> Result<BoardFormat, InputError> {
    if let Some(format) = format {
        return Ok(format);
    }
    if inline_fen(path).is_some() {
        return Ok(BoardFormat::Fen);
    }
    let content = peek(path).map_or(Content::Unknown, |start| sniff(&start));
    let path = display_path(path);
    match (content, BoardFormat::from_path(&path)) {
        (Content::Moves, _) => Err(InputError::MovesNotBoard { path }),
        (Content::Dimacs, _) => Err(InputError::FormulaNotBoard { path }),
        (_, Some(format)) | (Content::Board(format), None) => Ok(format),
        (Content::Unknown, None) => Ok(BoardFormat::Text),
    }
}

/// Reads a board argument (`-`: standard input; a FEN string, see [`inline_fen`]) in the
/// format [`board_format`] resolves.
pub fn read_board(path: &Path, format: Option<BoardFormat>) -> Result<Board, InputError> {
    let format = board_format(path, format)?;
    let board = match inline_fen(path) {
        Some(text) if format == BoardFormat::Fen => fen::parse_board(text),
        _ if format == BoardFormat::Json => json::read_board(open_text(path)?),
        _ => format.parse(&read_text(path)?),
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

#[cfg(test)]
mod tests {
    use super::{BoardFormat, Content, sniff};

    #[test]
    fn content_shows_what_a_file_is() {
        let cases = [
            (
                "  {\"format\":\"sat2chess-board\"}",
                Content::Board(BoardFormat::Json),
            ),
            ("{ \"moves\": [] }", Content::Moves),
            (
                "# a comment\nsat2chess-board v1 8 8\n",
                Content::Board(BoardFormat::Text),
            ),
            (
                "\n8/8/8/3q4/8/8/8/R3K3 w - - 0 1\n",
                Content::Board(BoardFormat::Fen),
            ),
            ("c a comment\np cnf 1 1\n1 0\n", Content::Dimacs),
            ("p cnf 1 1\n1 0\n", Content::Dimacs),
            ("(x & ~y) | z\n", Content::Unknown),
            ("", Content::Unknown),
        ];
        for (text, content) in cases {
            assert_eq!(sniff(text), content, "{text:?}");
        }
    }
}
