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
//! spaces or tabs (no other white space, such as a non-breaking space, anywhere on a
//! non-comment line); KIND is one of `K Q R B N P` (lower case accepted), ROW and COL are
//! 1-based, BUDGET is a non-negative integer (decimal digits, no sign), and the rest of
//! the line (trimmed) is the optional gadget label (it may contain spaces and `#`).
//! Errors name the line number, and the column where one field is at fault.

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

/// The field separators: spaces and tabs only (no other white space, such as a
/// non-breaking space, separates or pads fields).
const SEPARATORS: [char; 2] = [' ', '\t'];

/// One line of the file: its 1-based number and its text.
#[derive(Clone, Copy)]
struct Line<'a> {
    number: usize,
    text: &'a str,
}

impl<'a> Line<'a> {
    /// An error at the byte offset `at` of the line (reported as a 1-based column).
    fn error(self, at: usize, message: impl Into<String>) -> FormatError {
        FormatError::Syntax {
            line: self.number,
            column: self.text[..at].chars().count() + 1,
            message: message.into(),
        }
    }

    /// Refuses white space other than the separators, wherever it is on the line.
    fn check_white_space(self) -> Result<(), FormatError> {
        match self
            .text
            .char_indices()
            .find(|&(_, c)| c.is_whitespace() && !SEPARATORS.contains(&c))
        {
            Some((at, c)) => Err(self.error(
                at,
                format!(
                    "white-space character U+{:04X} (expected a space or a tab between fields)",
                    u32::from(c)
                ),
            )),
            None => Ok(()),
        }
    }

    /// The words of the line from byte offset `from`, each with its byte offset.
    fn words(self, from: usize) -> Words<'a> {
        Words {
            text: self.text,
            at: from,
        }
    }

    /// Parses the field `word` (at byte offset `at`) as a non-negative integer that fits
    /// `u32`: decimal digits only (no sign).
    fn number(self, (at, word): (usize, &str), what: &str) -> Result<u32, FormatError> {
        let expected = format!("{what} must be a non-negative integer below 2^32, got \"{word}\"");
        if let Some(bad) = word.find(|c: char| !c.is_ascii_digit()) {
            return Err(self.error(at + bad, format!("{expected} (digits only)")));
        }
        word.parse::<u32>().map_err(|_| self.error(at, expected))
    }
}

/// The separator-delimited words of a line, with their byte offsets.
struct Words<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Iterator for Words<'a> {
    type Item = (usize, &'a str);

    fn next(&mut self) -> Option<(usize, &'a str)> {
        let rest = &self.text[self.at..];
        let start = self.at + (rest.len() - rest.trim_start_matches(SEPARATORS).len());
        if start == self.text.len() {
            self.at = start;
            return None;
        }
        let end = self.text[start..]
            .find(SEPARATORS)
            .map_or(self.text.len(), |length| start + length);
        self.at = end;
        Some((start, &self.text[start..end]))
    }
}

fn parse_header(line: Line) -> Result<(u32, u32), FormatError> {
    let expected = format!("expected the header \"{MAGIC} {VERSION} ROWS COLS\"");
    let words: Vec<(usize, &str)> = line.words(0).collect();
    match words.as_slice() {
        [(_, MAGIC), (_, VERSION), rows, cols] => {
            let rows = line.number(*rows, "ROWS")?;
            let cols = line.number(*cols, "COLS")?;
            if rows == 0 || cols == 0 {
                return Err(at_line(
                    line.number,
                    format!("the board needs at least one row and one column, got {rows}x{cols}"),
                ));
            }
            Ok((rows, cols))
        }
        [(_, MAGIC), (at, version), ..] if *version != VERSION => Err(line.error(
            *at,
            format!("unsupported version \"{version}\" (this build reads {VERSION})"),
        )),
        _ => Err(at_line(
            line.number,
            format!("{expected}, got \"{}\"", line.text.trim_matches(SEPARATORS)),
        )),
    }
}

fn parse_piece(line: Line, rows: u32, cols: u32) -> Result<Piece, FormatError> {
    let mut words = line.words(0);
    let mut field = |what: &str| {
        words.next().ok_or_else(|| {
            line.error(
                line.text.len(),
                format!("missing {what} (expected \"KIND ROW COL BUDGET [LABEL]\")"),
            )
        })
    };
    let (kind_at, kind_word) = field("KIND")?;
    let mut letters = kind_word.chars();
    let kind = match (letters.next(), letters.next()) {
        (Some(letter), None) => PieceKind::from_letter(letter),
        _ => None,
    }
    .ok_or_else(|| {
        line.error(
            kind_at,
            format!("unknown kind \"{kind_word}\" (expected one of K Q R B N P)"),
        )
    })?;
    let row = line.number(field("ROW")?, "ROW")?;
    let col = line.number(field("COL")?, "COL")?;
    let budget = line.number(field("BUDGET")?, "BUDGET")?;
    let square = Square::new(row, col);
    if row == 0 || col == 0 || row > rows || col > cols {
        return Err(at_line(
            line.number,
            format!(
                "{kind} at {square} lies outside the {rows}x{cols} board (coordinates are 1-based)"
            ),
        ));
    }
    let label = line.text[words.at..].trim_matches(SEPARATORS);
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
    for (index, content) in text.lines().enumerate() {
        let line = Line {
            number: index + 1,
            text: content,
        };
        let trimmed = content.trim_start_matches(SEPARATORS);
        if trimmed.starts_with('#') {
            continue;
        }
        line.check_white_space()?;
        if trimmed.is_empty() {
            continue;
        }
        match extent {
            None => extent = Some(parse_header(line)?),
            Some((rows, cols)) => {
                pieces.push(parse_piece(line, rows, cols)?);
                piece_lines.push(line.number);
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
    } else if label.contains(|c: char| c.is_whitespace() && !SEPARATORS.contains(&c)) {
        Some("contains white space other than spaces and tabs")
    } else if label.trim_matches(SEPARATORS) != label {
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
            "line 2, column 7: BUDGET must be a non-negative integer below 2^32, got \"-1\" (digits only)"
        );
        assert_eq!(
            bad("K 1 1 1.5"),
            "line 2, column 8: BUDGET must be a non-negative integer below 2^32, got \"1.5\" (digits only)"
        );
        assert_eq!(
            bad("X 1 1 2"),
            "line 2, column 1: unknown kind \"X\" (expected one of K Q R B N P)"
        );
        assert_eq!(
            bad("K 1"),
            "line 2, column 4: missing COL (expected \"KIND ROW COL BUDGET [LABEL]\")"
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
        assert_eq!(
            bad("K +1 1 2"),
            "line 2, column 3: ROW must be a non-negative integer below 2^32, got \"+1\" (digits only)"
        );
        assert_eq!(
            bad("K 1\u{a0}1 2"),
            "line 2, column 4: white-space character U+00A0 (expected a space or a tab between fields)"
        );
        assert_eq!(
            bad("K 1 1 2 wire\u{a0}#1"),
            "line 2, column 13: white-space character U+00A0 (expected a space or a tab between fields)"
        );
        assert_eq!(
            bad("\u{3000}# not a comment"),
            "line 2, column 1: white-space character U+3000 (expected a space or a tab between fields)"
        );
        assert_eq!(
            bad("K 4294967296 1 2"),
            "line 2, column 3: ROW must be a non-negative integer below 2^32, got \"4294967296\""
        );
        let header = |text: &str| parse_board(text).unwrap_err().to_string();
        assert_eq!(
            header("sat2chess-board v1 +3 3\n"),
            "line 1, column 20: ROWS must be a non-negative integer below 2^32, got \"+3\" (digits only)"
        );
        assert_eq!(
            header("K 1 1 2\n"),
            "line 1: expected the header \"sat2chess-board v1 ROWS COLS\", got \"K 1 1 2\""
        );
        assert_eq!(
            header("sat2chess-board v2 3 3\n"),
            "line 1, column 17: unsupported version \"v2\" (this build reads v1)"
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
        let mut piece = Piece::new(PieceKind::King, Square::new(1, 1), 2);
        piece.label = Some("wire\u{a0}#1".into());
        let board = Board::new(1, 1, vec![piece]).unwrap();
        assert_eq!(
            write_board(&board).unwrap_err().to_string(),
            "piece #0: its label \"wire\\u{a0}#1\" contains white space other than spaces and tabs, which the text format cannot hold"
        );
    }
}
