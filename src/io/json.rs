//! The fixed JSON formats (DEVELOPERS.md):
//! board `{"format":"sat2chess-board","version":1,"rows":N,"cols":M,"pieces":[{"kind":"K","row":r,"col":c,"budget":b},…]}`
//! (extra keys are accepted and ignored; a piece's `"label"` is kept) and
//! moves `{"moves":[{"from":[r,c],"to":[r,c]},…]}`.
//!
//! Boards, pieces, move lists and moves are read only from JSON objects ([`Object`]):
//! serde's derived structs would also take the positional array form
//! (`[null,null,2,2,[["K",1,1,2]]]`), which silently depends on field order. Moves
//! are converted while they are read, so a moves file costs 16 bytes per move beyond
//! its text.

use std::borrow::Cow;

use std::marker::PhantomData;

use serde::de::value::MapAccessDeserializer;
use serde::de::{IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};
use serde_json::Number;

use super::FormatError;
use crate::board::{Board, Piece, PieceKind, Square};
use crate::rules::Move;

/// The value of the board file's `"format"` key.
pub const BOARD_FORMAT: &str = "sat2chess-board";
/// The board file version this crate reads and writes.
pub const BOARD_VERSION: u64 = 1;

#[derive(Deserialize)]
struct RawBoard<'a> {
    format: Option<String>,
    version: Option<Number>,
    rows: Number,
    cols: Number,
    #[serde(borrow)]
    pieces: Vec<Object<RawPiece<'a>>>,
}

/// A `T` read only from a JSON object, never from serde's positional array form.
struct Object<T>(T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Object<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ObjectVisitor<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for ObjectVisitor<T> {
            type Value = T;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
                T::deserialize(MapAccessDeserializer::new(map))
            }
        }
        deserializer
            .deserialize_map(ObjectVisitor(PhantomData))
            .map(Object)
    }
}

#[derive(Deserialize)]
struct RawPiece<'a> {
    /// Borrowed from the input unless it contains escapes: no allocation per piece.
    #[serde(borrow)]
    kind: Cow<'a, str>,
    row: Number,
    col: Number,
    budget: Number,
    #[serde(default)]
    label: Option<String>,
}

#[derive(Deserialize)]
struct RawMoves {
    moves: MoveList,
}

#[derive(Deserialize)]
struct RawMove {
    from: RawSquare,
    to: RawSquare,
}

/// `[row, col]` as read: the first two numbers and how many there were.
struct RawSquare {
    coords: [Option<Number>; 2],
    count: usize,
}

impl<'de> Deserialize<'de> for RawSquare {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct SquareVisitor;
        impl<'de> Visitor<'de> for SquareVisitor {
            type Value = RawSquare;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("[row, col]")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<RawSquare, A::Error> {
                let mut square = RawSquare {
                    coords: [None, None],
                    count: 0,
                };
                while let Some(number) = seq.next_element::<Number>()? {
                    if let Some(slot) = square.coords.get_mut(square.count) {
                        *slot = Some(number);
                    }
                    square.count += 1;
                }
                Ok(square)
            }
        }
        deserializer.deserialize_seq(SquareVisitor)
    }
}

/// The `"moves"` array, each move converted as it is read; the first bad move's error
/// (the rest of the array is still read, so a later syntax error is reported first).
struct MoveList(Result<Vec<Move>, FormatError>);

impl<'de> Deserialize<'de> for MoveList {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ListVisitor;
        impl<'de> Visitor<'de> for ListVisitor {
            type Value = MoveList;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an array of moves")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<MoveList, A::Error> {
                let mut moves = Vec::new();
                while let Some(Object(raw)) = seq.next_element::<Object<RawMove>>()? {
                    let index = moves.len();
                    match (
                        square(&raw.from, index, "from"),
                        square(&raw.to, index, "to"),
                    ) {
                        (Ok(from), Ok(to)) => moves.push(Move::new(from, to)),
                        (Err(error), _) | (_, Err(error)) => {
                            while seq.next_element::<IgnoredAny>()?.is_some() {}
                            return Ok(MoveList(Err(error)));
                        }
                    }
                }
                Ok(MoveList(Ok(moves)))
            }
        }
        deserializer.deserialize_seq(ListVisitor)
    }
}

fn syntax(error: serde_json::Error) -> FormatError {
    let (line, column) = (error.line(), error.column());
    let message = error.to_string();
    let position = format!(" at line {line} column {column}");
    FormatError::Syntax {
        line,
        // serde_json counts the column of an error before the first character as 0.
        column: column.max(1),
        message: message
            .strip_suffix(&position)
            .unwrap_or(&message)
            .to_owned(),
    }
}

/// A non-negative integer that fits `u32`, or an error naming `what`.
fn whole(value: &Number, item: impl Fn() -> String, what: &str) -> Result<u32, FormatError> {
    value
        .as_u64()
        .and_then(|v| u32::try_from(v).ok())
        .ok_or_else(|| FormatError::Item {
            item: item(),
            message: format!("{what} must be a non-negative integer below 2^32, got {value}"),
        })
}

fn positive(value: &Number, item: impl Fn() -> String, what: &str) -> Result<u32, FormatError> {
    match whole(value, &item, what)? {
        0 => Err(FormatError::Item {
            item: item(),
            message: format!("{what} is 1-based, got 0"),
        }),
        v => Ok(v),
    }
}

/// Parses a board JSON document.
pub fn parse_board(text: &str) -> Result<Board, FormatError> {
    let Object(raw): Object<RawBoard> = serde_json::from_str(text).map_err(syntax)?;
    let header = || "board".to_string();
    if let Some(format) = &raw.format
        && format != BOARD_FORMAT
    {
        return Err(FormatError::Item {
            item: header(),
            message: format!("\"format\" must be \"{BOARD_FORMAT}\", got \"{format}\""),
        });
    }
    if let Some(version) = &raw.version
        && version.as_u64() != Some(BOARD_VERSION)
    {
        return Err(FormatError::Item {
            item: header(),
            message: format!(
                "unsupported version {version} (this build reads version {BOARD_VERSION})"
            ),
        });
    }
    let rows = positive(&raw.rows, header, "\"rows\"")?;
    let cols = positive(&raw.cols, header, "\"cols\"")?;
    let mut pieces = Vec::with_capacity(raw.pieces.len());
    for (index, Object(p)) in raw.pieces.into_iter().enumerate() {
        let item = || format!("piece #{index}");
        let mut letters = p.kind.chars();
        let kind = match (letters.next(), letters.next()) {
            (Some(letter), None) => PieceKind::from_letter(letter),
            _ => None,
        }
        .ok_or_else(|| FormatError::Item {
            item: item(),
            message: format!("unknown kind \"{}\" (expected one of K Q R B N P)", p.kind),
        })?;
        let square = Square::new(
            positive(&p.row, item, "\"row\"")?,
            positive(&p.col, item, "\"col\"")?,
        );
        let budget = whole(&p.budget, item, "\"budget\"")?;
        pieces.push(Piece {
            kind,
            square,
            budget,
            label: p.label,
        });
    }
    Ok(Board::new(rows, cols, pieces)?)
}

/// Writes a board as JSON, one piece per line.
pub fn write_board(board: &Board) -> String {
    let mut out = Vec::with_capacity(64 + board.len() * 56);
    let write = |out: &mut Vec<u8>| -> std::io::Result<()> {
        let mut writer = BoardWriter::new(out, board.rows(), board.cols())?;
        for p in board.pieces() {
            writer.piece(p.kind, p.square, p.budget, p.label.as_deref())?;
        }
        writer.finish().map(|_| ())
    };
    write(&mut out).expect("writing to memory cannot fail");
    String::from_utf8(out).expect("the board JSON is UTF-8")
}

/// A board JSON document written piece by piece, as the pieces are produced (a compiled
/// board is never held whole). Hand-rolled on `itoa` rather than serde's serializer: the
/// layout is fixed (one piece per line, keys in order), and integers are most of the
/// output, which `itoa` formats several times faster than `fmt`.
pub struct BoardWriter<W: std::io::Write> {
    out: W,
    empty: bool,
    numbers: itoa::Buffer,
}

impl<W: std::io::Write> BoardWriter<W> {
    /// Starts the document of a `rows × cols` board.
    pub fn new(mut out: W, rows: u32, cols: u32) -> std::io::Result<BoardWriter<W>> {
        let mut numbers = itoa::Buffer::new();
        write!(
            out,
            "{{\"format\":\"{BOARD_FORMAT}\",\"version\":{BOARD_VERSION},\"rows\":"
        )?;
        out.write_all(numbers.format(rows).as_bytes())?;
        out.write_all(b",\"cols\":")?;
        out.write_all(numbers.format(cols).as_bytes())?;
        out.write_all(b",\"pieces\":[")?;
        Ok(BoardWriter {
            out,
            empty: true,
            numbers,
        })
    }

    /// Writes the next piece.
    pub fn piece(
        &mut self,
        kind: PieceKind,
        square: Square,
        budget: u32,
        label: Option<&str>,
    ) -> std::io::Result<()> {
        let out = &mut self.out;
        out.write_all(if self.empty { b"\n  " } else { b",\n  " })?;
        self.empty = false;
        out.write_all(b"{\"kind\":\"")?;
        out.write_all(&[kind.letter() as u8])?;
        out.write_all(b"\",\"row\":")?;
        out.write_all(self.numbers.format(square.row).as_bytes())?;
        out.write_all(b",\"col\":")?;
        out.write_all(self.numbers.format(square.col).as_bytes())?;
        out.write_all(b",\"budget\":")?;
        out.write_all(self.numbers.format(budget).as_bytes())?;
        if let Some(label) = label {
            out.write_all(b",\"label\":")?;
            let plain = label
                .bytes()
                .all(|b| b >= 0x20 && b != b'"' && b != b'\\' && b < 0x7f);
            if plain {
                out.write_all(b"\"")?;
                out.write_all(label.as_bytes())?;
                out.write_all(b"\"")?;
            } else {
                serde_json::to_writer(&mut *out, label)?;
            }
        }
        out.write_all(b"}")
    }

    /// Closes the document and hands back the writer.
    pub fn finish(mut self) -> std::io::Result<W> {
        self.out
            .write_all(if self.empty { b"]}\n" } else { b"\n]}\n" })?;
        Ok(self.out)
    }
}

fn square(raw: &RawSquare, index: usize, end: &str) -> Result<Square, FormatError> {
    let item = || format!("move #{index}");
    match (&raw.coords, raw.count) {
        ([Some(row), Some(col)], 2) => Ok(Square::new(
            positive(row, item, &format!("\"{end}\" row"))?,
            positive(col, item, &format!("\"{end}\" column"))?,
        )),
        _ => Err(FormatError::Item {
            item: item(),
            message: format!("\"{end}\" must be [row, col], got {} numbers", raw.count),
        }),
    }
}

/// Parses a moves JSON document.
pub fn parse_moves(text: &str) -> Result<Vec<Move>, FormatError> {
    let Object(raw): Object<RawMoves> = serde_json::from_str(text).map_err(syntax)?;
    raw.moves.0
}

/// Writes moves as JSON, one move per line.
pub fn write_moves(moves: &[Move]) -> String {
    let mut out = Vec::with_capacity(16 + moves.len() * 40);
    let write = |out: &mut Vec<u8>| -> std::io::Result<()> {
        let mut writer = MovesWriter::new(out)?;
        for &mv in moves {
            writer.write(mv)?;
        }
        writer.finish().map(|_| ())
    };
    write(&mut out).expect("writing to memory cannot fail");
    String::from_utf8(out).expect("the moves JSON is UTF-8")
}

/// A moves JSON document written move by move (a certificate is never held whole), on
/// `itoa` like [`BoardWriter`].
pub struct MovesWriter<W: std::io::Write> {
    out: W,
    empty: bool,
    numbers: itoa::Buffer,
}

impl<W: std::io::Write> MovesWriter<W> {
    pub fn new(mut out: W) -> std::io::Result<MovesWriter<W>> {
        out.write_all(b"{\"moves\":[")?;
        Ok(MovesWriter {
            out,
            empty: true,
            numbers: itoa::Buffer::new(),
        })
    }

    /// Writes the next move.
    pub fn write(&mut self, mv: Move) -> std::io::Result<()> {
        let out = &mut self.out;
        out.write_all(if self.empty { b"\n  " } else { b",\n  " })?;
        self.empty = false;
        for (text, number) in [
            ("{\"from\":[", mv.from.row),
            (",", mv.from.col),
            ("],\"to\":[", mv.to.row),
            (",", mv.to.col),
        ] {
            out.write_all(text.as_bytes())?;
            out.write_all(self.numbers.format(number).as_bytes())?;
        }
        out.write_all(b"]}")
    }

    /// Closes the document and hands back the writer.
    pub fn finish(mut self) -> std::io::Result<W> {
        self.out
            .write_all(if self.empty { b"]}\n" } else { b"\n]}\n" })?;
        Ok(self.out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_round_trips_and_ignores_extra_keys() {
        let text = r#"{"format":"sat2chess-board","version":1,"rows":3,"cols":4,"extra":[1,2],
            "pieces":[{"kind":"K","row":1,"col":2,"budget":2,"label":"wire","colour":"red"},
                      {"kind":"n","row":3,"col":4,"budget":0}]}"#;
        let board = parse_board(text).unwrap();
        assert_eq!(board.len(), 2);
        assert_eq!(board.pieces()[0].label.as_deref(), Some("wire"));
        assert_eq!(board.pieces()[1].kind, PieceKind::Knight);
        assert_eq!(parse_board(&write_board(&board)).unwrap(), board);
    }

    #[test]
    fn bad_boards_name_the_offending_item() {
        let bad = |pieces: &str| {
            let text = format!(r#"{{"rows":3,"cols":3,"pieces":[{pieces}]}}"#);
            parse_board(&text).unwrap_err().to_string()
        };
        assert_eq!(
            bad(r#"{"kind":"K","row":1,"col":1,"budget":-1}"#),
            "piece #0: \"budget\" must be a non-negative integer below 2^32, got -1"
        );
        assert_eq!(
            bad(r#"{"kind":"K","row":1,"col":1,"budget":1.5}"#),
            "piece #0: \"budget\" must be a non-negative integer below 2^32, got 1.5"
        );
        assert_eq!(
            bad(r#"{"kind":"X","row":1,"col":1,"budget":1}"#),
            "piece #0: unknown kind \"X\" (expected one of K Q R B N P)"
        );
        assert_eq!(
            bad(
                r#"{"kind":"K","row":1,"col":1,"budget":1},{"kind":"Q","row":1,"col":1,"budget":1}"#
            ),
            "pieces #0 and #1 both stand on (1,1)"
        );
        assert_eq!(
            bad(r#"{"kind":"K","row":4,"col":1,"budget":1}"#),
            "piece #0 (king at (4,1)) lies outside the 3x3 board"
        );
        assert_eq!(
            bad(r#"{"kind":"K","row":1}"#),
            "line 1, column 49: missing field `col`"
        );
        let wrong_format = parse_board(r#"{"format":"fen","rows":1,"cols":1,"pieces":[]}"#);
        assert!(wrong_format.unwrap_err().to_string().contains("\"format\""));
    }

    #[test]
    fn moves_round_trip() {
        let moves = vec![
            Move::new(Square::new(1, 1), Square::new(1, 2)),
            Move::new(Square::new(3, 4), Square::new(2, 3)),
        ];
        assert_eq!(parse_moves(&write_moves(&moves)).unwrap(), moves);
        assert_eq!(parse_moves(&write_moves(&[])).unwrap(), vec![]);
        let err = parse_moves(r#"{"moves":[{"from":[1],"to":[1,2]}]}"#).unwrap_err();
        assert_eq!(
            err.to_string(),
            "move #0: \"from\" must be [row, col], got 1 numbers"
        );
    }
}
