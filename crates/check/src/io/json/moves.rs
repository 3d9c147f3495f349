//! The moves JSON format `{"moves":[{"from":[r,c],"to":[r,c]},…]}` (read move by move,
//! written move by move) and the placement document of n-Queens certificates.

use serde::de::{IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};
use serde_json::Number;

use super::{KeyOf, OBJECT, Object, buffered, once, positive, required, syntax};
use crate::io::FormatError;
use sat2chess_core::board::Square;
use sat2chess_core::rules::Move;

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

/// Reading state of a moves document: the sink, the moves read, the first bad move.
struct MovesReading<'s> {
    sink: &'s mut dyn FnMut(Move),
    moves: usize,
    first_error: Option<FormatError>,
}

impl<'de> serde::de::DeserializeSeed<'de> for &mut MovesReading<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for &mut MovesReading<'_> {
    type Value = ();
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(OBJECT)
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut moves = None;
        while let Some(is_moves) = map.next_key_seed(KeyOf(|key| key == "moves"))? {
            if is_moves {
                once(&moves, "moves")?;
                moves = Some(map.next_value_seed(MoveList(&mut *self))?);
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        required(moves, "moves")
    }
}

/// The `"moves"` array, each move converted and sunk as it is read; after the first bad
/// move the rest is only read (so a later syntax error is reported first).
struct MoveList<'r, 's>(&'r mut MovesReading<'s>);

impl<'de> serde::de::DeserializeSeed<'de> for MoveList<'_, '_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for MoveList<'_, '_> {
    type Value = ();
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("an array of moves")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let reading = self.0;
        while reading.first_error.is_none() {
            let Some(Object(raw)) = seq.next_element::<Object<RawMove>>()? else {
                return Ok(());
            };
            let index = reading.moves;
            match (
                square(&raw.from, index, "from"),
                square(&raw.to, index, "to"),
            ) {
                (Ok(from), Ok(to)) => {
                    reading.moves += 1;
                    (reading.sink)(Move::new(from, to));
                }
                (Err(error), _) | (_, Err(error)) => reading.first_error = Some(error),
            }
        }
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(())
    }
}

fn square(raw: &RawSquare, index: usize, end: &str) -> Result<Square, FormatError> {
    let item = || format!("move #{index}");
    match (&raw.coords, raw.count) {
        ([Some(row), Some(col)], 2) => Ok(Square::new(
            positive(row, item, format_args!("\"{end}\" row"))?,
            positive(col, item, format_args!("\"{end}\" column"))?,
        )),
        _ => Err(FormatError::Item {
            item: item(),
            message: format!("\"{end}\" must be [row, col], got {} numbers", raw.count),
        }),
    }
}

/// Reads a moves document from `read`, handing each move to `sink` as it is read (only
/// while every move so far is valid); returns how many it handed on.
fn moves_document<'de, R: serde_json::de::Read<'de>>(
    read: R,
    sink: &mut dyn FnMut(Move),
) -> Result<usize, FormatError> {
    let mut reading = MovesReading {
        sink,
        moves: 0,
        first_error: None,
    };
    let mut de = serde_json::Deserializer::new(read);
    serde::de::DeserializeSeed::deserialize(&mut reading, &mut de)
        .and_then(|()| de.end())
        .map_err(syntax)?;
    match reading.first_error {
        Some(error) => Err(error),
        None => Ok(reading.moves),
    }
}

/// Parses a moves JSON document held in memory.
pub fn parse_moves(text: &str) -> Result<Vec<Move>, FormatError> {
    read_moves(text.as_bytes())
}

/// Reads a moves JSON document from `reader` move by move into `sink` (nothing is held
/// but what the sink keeps); returns the number of moves.
pub fn stream_moves(
    reader: impl std::io::Read,
    sink: &mut dyn FnMut(Move),
) -> Result<usize, FormatError> {
    moves_document(serde_json::de::IoRead::new(buffered(reader)), sink)
}

/// Reads a moves JSON document (16 bytes per move).
pub fn read_moves(reader: impl std::io::Read) -> Result<Vec<Move>, FormatError> {
    let mut moves = Vec::new();
    stream_moves(reader, &mut |mv| moves.push(mv))?;
    Ok(moves)
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
/// `itoa` like [`BoardWriter`](super::BoardWriter).
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

/// A placement JSON document `{"queens":[[row,col],…]}` (the certificate of an n-Queens
/// Completion board: the squares of the added queens) written square by square.
pub struct PlacementWriter<W: std::io::Write> {
    out: W,
    empty: bool,
    numbers: itoa::Buffer,
}

impl<W: std::io::Write> PlacementWriter<W> {
    pub fn new(mut out: W) -> std::io::Result<PlacementWriter<W>> {
        out.write_all(b"{\"queens\":[")?;
        Ok(PlacementWriter {
            out,
            empty: true,
            numbers: itoa::Buffer::new(),
        })
    }

    /// Writes the next square.
    pub fn write(&mut self, square: Square) -> std::io::Result<()> {
        let out = &mut self.out;
        out.write_all(if self.empty { b"\n  [" } else { b",\n  [" })?;
        self.empty = false;
        out.write_all(self.numbers.format(square.row).as_bytes())?;
        out.write_all(b",")?;
        out.write_all(self.numbers.format(square.col).as_bytes())?;
        out.write_all(b"]")
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
