//! The compact line-based board format (`.txt`, `.board`):
//!
//! ```text
//! # a comment: any line whose first non-blank character is '#'
//! sat2chess-board v1 8 8
//! K 3 4 2
//! R 1 1 2 wire#3 flow=E
//! ```
//!
//! The first non-comment line is the header `sat2chess-board v1 ROWS COLS`. Every further
//! non-blank, non-comment line is one piece: `KIND ROW COL BUDGET [LABEL…]`, separated by
//! spaces or tabs; KIND is one of `K Q R B N P` (lower case accepted), ROW and COL are
//! 1-based, BUDGET is a non-negative integer, and the rest of the line (trimmed) is the
//! optional gadget label (it may contain spaces and `#`). Errors name the line number.

use std::fmt::Write as _;

use super::FormatError;
use sat2chess_core::board::{Board, BoardError, Piece, PieceKind, Square};

/// The first word of the header line.
pub(crate) const MAGIC: &str = "sat2chess-board";
/// The version word of the header line.
pub(crate) const VERSION: &str = "v1";

fn at_line(line: usize, message: impl Into<String>) -> FormatError {
    FormatError::Item {
        item: format!("line {line}"),
        message: message.into(),
    }
}

/// Parses a non-negative integer field that fits `u32`.
fn number(word: &str, line: usize, what: &str) -> Result<u32, FormatError> {
    word.parse::<u32>().map_err(|_| {
        at_line(
            line,
            format!("{what} must be a non-negative integer below 2^32, got \"{word}\""),
        )
    })
}

/// Splits off the next whitespace-separated word of `rest`.
fn next_word<'a>(rest: &mut &'a str) -> Option<&'a str> {
    let trimmed = rest.trim_start();
    if trimmed.is_empty() {
        return None;
    }
    let end = trimmed.find(char::is_whitespace).unwrap_or(trimmed.len());
    let (word, tail) = trimmed.split_at(end);
    *rest = tail;
    Some(word)
}

fn parse_header(text: &str, line: usize) -> Result<(u32, u32), FormatError> {
    let expected = format!("expected the header \"{MAGIC} {VERSION} ROWS COLS\"");
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        [MAGIC, VERSION, rows, cols] => {
            let rows = number(rows, line, "ROWS")?;
            let cols = number(cols, line, "COLS")?;
            if rows == 0 || cols == 0 {
                return Err(at_line(
                    line,
                    format!("the board needs at least one row and one column, got {rows}x{cols}"),
                ));
            }
            Ok((rows, cols))
        }
        [MAGIC, version, ..] if *version != VERSION => Err(at_line(
            line,
            format!("unsupported version \"{version}\" (this build reads {VERSION})"),
        )),
        _ => Err(at_line(
            line,
            format!("{expected}, got \"{}\"", text.trim()),
        )),
    }
}

fn parse_piece(text: &str, line: usize, rows: u32, cols: u32) -> Result<Piece, FormatError> {
    let mut rest = text;
    let mut field = |what: &str| {
        next_word(&mut rest).ok_or_else(|| {
            at_line(
                line,
                format!("missing {what} (expected \"KIND ROW COL BUDGET [LABEL]\")"),
            )
        })
    };
    let kind_word = field("KIND")?;
    let mut letters = kind_word.chars();
    let kind = match (letters.next(), letters.next()) {
        (Some(letter), None) => PieceKind::from_letter(letter),
        _ => None,
    }
    .ok_or_else(|| {
        at_line(
            line,
            format!("unknown kind \"{kind_word}\" (expected one of K Q R B N P)"),
        )
    })?;
    let row = number(field("ROW")?, line, "ROW")?;
    let col = number(field("COL")?, line, "COL")?;
    let budget = number(field("BUDGET")?, line, "BUDGET")?;
    let square = Square::new(row, col);
    if row == 0 || col == 0 || row > rows || col > cols {
        return Err(at_line(
            line,
            format!(
                "{kind} at {square} lies outside the {rows}x{cols} board (coordinates are 1-based)"
            ),
        ));
    }
    let label = rest.trim();
    Ok(Piece {
        kind,
        square,
        budget,
        label: (!label.is_empty()).then(|| label.to_owned()),
    })
}

/// Parses a text board.
pub fn parse_board(text: &str) -> Result<Board, FormatError> {
    let mut extent = None;
    let mut pieces = Vec::new();
    let mut piece_lines: Vec<usize> = Vec::new();
    for (number, content) in text.lines().enumerate() {
        let line = number + 1;
        let trimmed = content.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        match extent {
            None => extent = Some(parse_header(trimmed, line)?),
            Some((rows, cols)) => {
                pieces.push(parse_piece(trimmed, line, rows, cols)?);
                piece_lines.push(line);
            }
        }
    }
    let (rows, cols) = extent.ok_or_else(|| FormatError::Item {
        item: "header".into(),
        message: format!("missing (expected \"{MAGIC} {VERSION} ROWS COLS\" before the pieces)"),
    })?;
    Board::new(rows, cols, pieces).map_err(|error| match error {
        BoardError::SharedSquare {
            first,
            second,
            square,
        } => at_line(
            piece_lines[second],
            format!(
                "square {square} is already taken by the piece on line {}",
                piece_lines[first]
            ),
        ),
        other => FormatError::Board(other),
    })
}

/// Why a label cannot be written on one text line without changing it.
fn label_problem(label: &str) -> Option<&'static str> {
    if label.is_empty() {
        Some("is empty")
    } else if label.contains(['\n', '\r']) {
        Some("contains a line break")
    } else if label.trim() != label {
        Some("starts or ends with white space")
    } else {
        None
    }
}

/// Writes a board in the text format, one piece per line.
pub fn write_board(board: &Board) -> Result<String, FormatError> {
    let mut out = String::with_capacity(32 + board.len() * 16);
    let _ = writeln!(out, "{MAGIC} {VERSION} {} {}", board.rows(), board.cols());
    for (index, p) in board.pieces().iter().enumerate() {
        let _ = write!(
            out,
            "{} {} {} {}",
            p.kind.letter(),
            p.square.row,
            p.square.col,
            p.budget
        );
        if let Some(label) = &p.label {
            if let Some(problem) = label_problem(label) {
                return Err(FormatError::Item {
                    item: format!("piece #{index}"),
                    message: format!(
                        "its label {label:?} {problem}, which the text format cannot hold"
                    ),
                });
            }
            out.push(' ');
            out.push_str(label);
        }
        out.push('\n');
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_with_comments_labels_and_lower_case() {
        let text =
            "# puzzle\n\n  sat2chess-board v1 3 4\nK 1 2 2 wire#12 flow=E\n\t# inner\nn\t3 4 0\n";
        let board = parse_board(text).unwrap();
        assert_eq!(board.rows(), 3);
        assert_eq!(board.len(), 2);
        assert_eq!(board.pieces()[0].label.as_deref(), Some("wire#12 flow=E"));
        assert_eq!(board.pieces()[1].kind, PieceKind::Knight);
        let written = write_board(&board).unwrap();
        assert_eq!(
            written,
            "sat2chess-board v1 3 4\nK 1 2 2 wire#12 flow=E\nN 3 4 0\n"
        );
        assert_eq!(parse_board(&written).unwrap(), board);
    }

    #[test]
    fn errors_name_the_line() {
        let bad = |body: &str| {
            parse_board(&format!("sat2chess-board v1 3 3\n{body}"))
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            bad("K 1 1 -1"),
            "line 2: BUDGET must be a non-negative integer below 2^32, got \"-1\""
        );
        assert_eq!(
            bad("K 1 1 1.5"),
            "line 2: BUDGET must be a non-negative integer below 2^32, got \"1.5\""
        );
        assert_eq!(
            bad("X 1 1 2"),
            "line 2: unknown kind \"X\" (expected one of K Q R B N P)"
        );
        assert_eq!(
            bad("K 1"),
            "line 2: missing COL (expected \"KIND ROW COL BUDGET [LABEL]\")"
        );
        assert_eq!(
            bad("K 1 1 2\n# c\nQ 1 1 2"),
            "line 4: square (1,1) is already taken by the piece on line 2"
        );
        assert_eq!(
            bad("K 4 1 2"),
            "line 2: king at (4,1) lies outside the 3x3 board (coordinates are 1-based)"
        );
        assert_eq!(
            bad("K 0 1 2"),
            "line 2: king at (0,1) lies outside the 3x3 board (coordinates are 1-based)"
        );
        let header = |text: &str| parse_board(text).unwrap_err().to_string();
        assert_eq!(
            header("K 1 1 2\n"),
            "line 1: expected the header \"sat2chess-board v1 ROWS COLS\", got \"K 1 1 2\""
        );
        assert_eq!(
            header("sat2chess-board v2 3 3\n"),
            "line 1: unsupported version \"v2\" (this build reads v1)"
        );
        assert_eq!(
            header("# only a comment\n"),
            "header: missing (expected \"sat2chess-board v1 ROWS COLS\" before the pieces)"
        );
        assert_eq!(
            header("sat2chess-board v1 0 3\n"),
            "line 1: the board needs at least one row and one column, got 0x3"
        );
    }

    #[test]
    fn labels_that_do_not_fit_a_line_are_refused() {
        let mut piece = Piece::new(PieceKind::King, Square::new(1, 1), 2);
        piece.label = Some("two\nlines".into());
        let board = Board::new(1, 1, vec![piece]).unwrap();
        assert_eq!(
            write_board(&board).unwrap_err().to_string(),
            "piece #0: its label \"two\\nlines\" contains a line break, which the text format cannot hold"
        );
    }
}
