//! The fixed JSON formats (DEVELOPERS.md):
//! board `{"format":"sat2chess-board","version":1,"rows":N,"cols":M,"pieces":[{"kind":"K","row":r,"col":c,"budget":b},…]}`
//! (extra keys are accepted and ignored; a piece's `"label"` is kept, and so is the
//! board's `"provenance"` object, which compiled boards carry: [`BoardHeader`]) and
//! moves `{"moves":[{"from":[r,c],"to":[r,c]},…]}`.
//!
//! Boards, pieces, move lists and moves are read only from JSON objects (`Object`):
//! serde's derived structs would also take the positional array form
//! (`[null,null,2,2,[["K",1,1,2]]]`), which silently depends on field order. Pieces
//! and moves are validated and handed on one by one as they are read, so
//! [`stream_board`] and [`stream_moves`] read files of any size in the memory of what
//! their caller keeps (the checker: 13 bytes per piece, nothing per move).

use std::marker::PhantomData;

use serde::de::value::MapAccessDeserializer;
use serde::de::{IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};
use serde_json::Number;

mod moves;

pub use moves::{MovesWriter, PlacementWriter, parse_moves, read_moves, stream_moves, write_moves};

use super::FormatError;
use sat2chess_core::board::{Board, Piece, PieceKind, Square};

/// The value of the board file's `"format"` key.
pub(crate) const BOARD_FORMAT: &str = "sat2chess-board";
/// The board file version this crate reads and writes.
pub(crate) const BOARD_VERSION: u64 = 1;

/// A `T` read only from a JSON object, never from serde's positional array form.
pub struct Object<T>(pub T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Object<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ObjectVisitor<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for ObjectVisitor<T> {
            type Value = T;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str(OBJECT)
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

/// What every object reader expects.
const OBJECT: &str = "a JSON object";

/// One piece of a board document as it is read; the label borrows a buffer that the
/// next piece reuses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceRecord<'a> {
    pub kind: PieceKind,
    pub square: Square,
    pub budget: u32,
    pub label: Option<&'a str>,
}

/// Where the pieces of a board document go, one by one as they are read.
type PieceSink<'s> = dyn FnMut(PieceRecord<'_>) + 's;

/// Reading state shared by the board document's visitors: the sink, the first bad
/// piece, and the label buffer.
struct BoardReading<'s, 'k> {
    sink: &'s mut PieceSink<'k>,
    pieces: usize,
    first_error: Option<FormatError>,
    label: String,
    /// The `"provenance"` value, if the document has one.
    provenance: Option<serde_json::Value>,
    /// Stop at `"pieces"` once the provenance is known ([`read_provenance`]).
    header_only: bool,
}

/// The error [`read_provenance`] stops a document with once it has what it wants.
const HEADER_READ: &str = "sat2chess: header read";

/// The keys of the board object; serde's derive would collect every piece first.
enum BoardKey {
    Format,
    Version,
    Rows,
    Cols,
    Provenance,
    Pieces,
    Other,
}

/// The keys of a piece object.
enum PieceKey {
    Kind,
    Row,
    Col,
    Budget,
    Label,
    Other,
}

/// Reads an object key as one of a fixed set without allocating (`map` sends the rest
/// to `Other`).
struct KeyOf<K>(fn(&str) -> K);

impl<'de, K> serde::de::DeserializeSeed<'de> for KeyOf<K> {
    type Value = K;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<K, D::Error> {
        deserializer.deserialize_identifier(self)
    }
}

impl<'de, K> Visitor<'de> for KeyOf<K> {
    type Value = K;
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a field name")
    }
    fn visit_str<E: serde::de::Error>(self, key: &str) -> Result<K, E> {
        Ok((self.0)(key))
    }
}

/// Fails with serde's message for a key seen twice (as a derived struct does).
fn once<T, E: serde::de::Error>(slot: &Option<T>, name: &'static str) -> Result<(), E> {
    match slot {
        Some(_) => Err(E::duplicate_field(name)),
        None => Ok(()),
    }
}

/// A required key's value, or serde's message for a missing one.
fn required<T, E: serde::de::Error>(slot: Option<T>, name: &'static str) -> Result<T, E> {
    slot.ok_or_else(|| E::missing_field(name))
}

/// The board document's header; its pieces went to the sink.
struct RawHeader {
    format: Option<String>,
    version: Option<Number>,
    rows: Number,
    cols: Number,
}

impl<'de> serde::de::DeserializeSeed<'de> for &mut BoardReading<'_, '_> {
    type Value = RawHeader;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<RawHeader, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for &mut BoardReading<'_, '_> {
    type Value = RawHeader;
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(OBJECT)
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawHeader, A::Error> {
        let (mut format, mut version, mut rows, mut cols, mut pieces) =
            (None, None, None, None, None);
        let key_of = |key: &str| match key {
            "format" => BoardKey::Format,
            "version" => BoardKey::Version,
            "rows" => BoardKey::Rows,
            "cols" => BoardKey::Cols,
            "provenance" => BoardKey::Provenance,
            "pieces" => BoardKey::Pieces,
            _ => BoardKey::Other,
        };
        while let Some(key) = map.next_key_seed(KeyOf(key_of))? {
            match key {
                BoardKey::Format => {
                    once(&format, "format")?;
                    format = Some(map.next_value::<Option<String>>()?);
                }
                BoardKey::Version => {
                    once(&version, "version")?;
                    version = Some(map.next_value::<Option<Number>>()?);
                }
                BoardKey::Rows => {
                    once(&rows, "rows")?;
                    rows = Some(map.next_value::<Number>()?);
                }
                BoardKey::Cols => {
                    once(&cols, "cols")?;
                    cols = Some(map.next_value::<Number>()?);
                }
                BoardKey::Provenance => {
                    once(&self.provenance, "provenance")?;
                    self.provenance = Some(map.next_value()?);
                }
                BoardKey::Pieces if self.header_only && self.provenance.is_some() => {
                    return Err(serde::de::Error::custom(HEADER_READ));
                }
                BoardKey::Pieces => {
                    once(&pieces, "pieces")?;
                    pieces = Some(map.next_value_seed(PieceList(&mut *self))?);
                }
                BoardKey::Other => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(RawHeader {
            format: format.flatten(),
            version: version.flatten(),
            rows: required(rows, "rows")?,
            cols: required(cols, "cols")?,
        })
        .and_then(|header| required(pieces, "pieces").map(|()| header))
    }
}

/// The `"pieces"` array, each piece validated and sunk as it is read.
struct PieceList<'r, 's, 'k>(&'r mut BoardReading<'s, 'k>);

impl<'de> serde::de::DeserializeSeed<'de> for PieceList<'_, '_, '_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for PieceList<'_, '_, '_> {
    type Value = ();
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a sequence")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while let Some(raw) = seq.next_element_seed(OnePiece(&mut self.0.label))? {
            let reading = &mut *self.0;
            let index = reading.pieces;
            reading.pieces += 1;
            if reading.first_error.is_some() {
                continue;
            }
            match raw.validate(index, &reading.label) {
                Ok(record) => (reading.sink)(record),
                Err(error) => reading.first_error = Some(error),
            }
        }
        Ok(())
    }
}

/// One piece object as read (its label, if any, is in the reading's buffer).
struct RawPiece {
    kind: KindText,
    row: Number,
    col: Number,
    budget: Number,
    labelled: bool,
}

impl RawPiece {
    /// The piece, or the error naming `piece #index`.
    fn validate(self, index: usize, label: &str) -> Result<PieceRecord<'_>, FormatError> {
        let item = || format!("piece #{index}");
        let kind = match self.kind {
            KindText::Known(kind) => kind,
            KindText::Unknown(text) => {
                return Err(FormatError::Item {
                    item: item(),
                    message: format!("unknown kind \"{text}\" (expected one of K Q R B N P)"),
                });
            }
        };
        let square = Square::new(
            positive(&self.row, item, "\"row\"")?,
            positive(&self.col, item, "\"col\"")?,
        );
        let budget = whole(&self.budget, item, "\"budget\"")?;
        Ok(PieceRecord {
            kind,
            square,
            budget,
            label: self.labelled.then_some(label),
        })
    }
}

/// A piece's `"kind"`: a known letter, or the text to quote in the error.
enum KindText {
    Known(PieceKind),
    Unknown(String),
}

impl<'de> Deserialize<'de> for KindText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct KindVisitor;
        impl<'de> Visitor<'de> for KindVisitor {
            type Value = KindText;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a string")
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<KindText, E> {
                let mut letters = text.chars();
                Ok(match (letters.next(), letters.next()) {
                    (Some(letter), None) => PieceKind::from_letter(letter),
                    _ => None,
                }
                .map_or_else(|| KindText::Unknown(text.to_owned()), KindText::Known))
            }
        }
        deserializer.deserialize_str(KindVisitor)
    }
}

/// Reads one piece object, its label into the buffer.
struct OnePiece<'l>(&'l mut String);

impl<'de> serde::de::DeserializeSeed<'de> for OnePiece<'_> {
    type Value = RawPiece;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<RawPiece, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for OnePiece<'_> {
    type Value = RawPiece;
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(OBJECT)
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawPiece, A::Error> {
        let (mut kind, mut row, mut col, mut budget, mut label) = (None, None, None, None, None);
        let key_of = |key: &str| match key {
            "kind" => PieceKey::Kind,
            "row" => PieceKey::Row,
            "col" => PieceKey::Col,
            "budget" => PieceKey::Budget,
            "label" => PieceKey::Label,
            _ => PieceKey::Other,
        };
        while let Some(key) = map.next_key_seed(KeyOf(key_of))? {
            match key {
                PieceKey::Kind => {
                    once(&kind, "kind")?;
                    kind = Some(map.next_value::<KindText>()?);
                }
                PieceKey::Row => {
                    once(&row, "row")?;
                    row = Some(map.next_value::<Number>()?);
                }
                PieceKey::Col => {
                    once(&col, "col")?;
                    col = Some(map.next_value::<Number>()?);
                }
                PieceKey::Budget => {
                    once(&budget, "budget")?;
                    budget = Some(map.next_value::<Number>()?);
                }
                PieceKey::Label => {
                    once(&label, "label")?;
                    label = Some(map.next_value_seed(LabelInto(&mut *self.0))?);
                }
                PieceKey::Other => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(RawPiece {
            kind: required(kind, "kind")?,
            row: required(row, "row")?,
            col: required(col, "col")?,
            budget: required(budget, "budget")?,
            labelled: label.unwrap_or(false),
        })
    }
}

/// An optional string label, copied into a reused buffer; `true` when present.
struct LabelInto<'l>(&'l mut String);

impl<'de> serde::de::DeserializeSeed<'de> for LabelInto<'_> {
    type Value = bool;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<bool, D::Error> {
        deserializer.deserialize_option(self)
    }
}

impl<'de> Visitor<'de> for LabelInto<'_> {
    type Value = bool;
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a string")
    }
    fn visit_none<E: serde::de::Error>(self) -> Result<bool, E> {
        Ok(false)
    }
    fn visit_unit<E: serde::de::Error>(self) -> Result<bool, E> {
        Ok(false)
    }
    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<bool, D::Error> {
        deserializer.deserialize_str(self)
    }
    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<bool, E> {
        self.0.clear();
        self.0.push_str(text);
        Ok(true)
    }
}

fn syntax(error: serde_json::Error) -> FormatError {
    if error.is_io() {
        return super::utf8::read_error(error.into());
    }
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
fn whole(
    value: &Number,
    item: impl Fn() -> String,
    what: impl std::fmt::Display,
) -> Result<u32, FormatError> {
    value
        .as_u64()
        .and_then(|v| u32::try_from(v).ok())
        .ok_or_else(|| FormatError::Item {
            item: item(),
            message: format!("{what} must be a non-negative integer below 2^32, got {value}"),
        })
}

/// A positive integer that fits `u32`; `what` is formatted only for the error.
fn positive(
    value: &Number,
    item: impl Fn() -> String,
    what: impl std::fmt::Display + Copy,
) -> Result<u32, FormatError> {
    match whole(value, &item, what)? {
        0 => Err(FormatError::Item {
            item: item(),
            message: format!("{what} is 1-based, got 0"),
        }),
        v => Ok(v),
    }
}

/// The header of a board document: its extent and, for compiled boards, the
/// `"provenance"` object (what the board was compiled from; `sat2chess-reduce` reads it).
#[derive(Clone, Debug, PartialEq)]
pub struct BoardHeader {
    pub rows: u32,
    pub cols: u32,
    pub provenance: Option<serde_json::Value>,
}

/// Reads a board document from `read`, handing each piece to `sink` as it is read
/// (only while every piece so far is valid), and returns the header. The errors are
/// those of [`parse_board`] but for the board-level ones (pieces outside the extent or
/// sharing a square), which the caller checks on what it kept.
fn board_document<'de, R: serde_json::de::Read<'de>>(
    read: R,
    sink: &mut PieceSink<'_>,
) -> Result<BoardHeader, FormatError> {
    let mut reading = BoardReading {
        sink,
        pieces: 0,
        first_error: None,
        label: String::new(),
        provenance: None,
        header_only: false,
    };
    let mut de = serde_json::Deserializer::new(read);
    let raw = serde::de::DeserializeSeed::deserialize(&mut reading, &mut de)
        .and_then(|raw| de.end().map(|()| raw))
        .map_err(syntax)?;
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
    match reading.first_error {
        Some(error) => Err(error),
        None => Ok(BoardHeader {
            rows,
            cols,
            provenance: reading.provenance,
        }),
    }
}

/// The `"provenance"` object of a board document, if it has one. A document that names
/// it before `"pieces"` (as compiled boards do) is read no further; otherwise the whole
/// document is read (and must be well formed).
pub fn read_provenance(
    reader: impl std::io::Read,
) -> Result<Option<serde_json::Value>, FormatError> {
    let mut sink = |_: PieceRecord<'_>| {};
    let mut reading = BoardReading {
        sink: &mut sink,
        pieces: 0,
        first_error: None,
        label: String::new(),
        provenance: None,
        header_only: true,
    };
    let mut de = serde_json::Deserializer::new(serde_json::de::IoRead::new(buffered(reader)));
    match serde::de::DeserializeSeed::deserialize(&mut reading, &mut de).and_then(|_| de.end()) {
        Ok(()) => Ok(reading.provenance),
        Err(error) if error.to_string().starts_with(HEADER_READ) => Ok(reading.provenance),
        Err(error) => Err(syntax(error)),
    }
}

/// `reader` behind a buffer: serde_json reads a stream one byte at a time, which only a
/// `BufReader` serves without a call per byte.
fn buffered<R: std::io::Read>(reader: R) -> std::io::BufReader<R> {
    std::io::BufReader::with_capacity(1 << 16, reader)
}

/// Reads a board JSON document from `reader` piece by piece into `sink` (nothing is held
/// but what the sink keeps) and returns the header; the errors are [`read_board`]'s but
/// for pieces outside the extent or sharing a square, which the caller checks.
pub fn stream_board(
    reader: impl std::io::Read,
    sink: &mut PieceSink<'_>,
) -> Result<BoardHeader, FormatError> {
    board_document(serde_json::de::IoRead::new(buffered(reader)), sink)
}

/// Reads a board JSON document. Every board document is read as a stream, so error
/// positions are the same wherever the text comes from (columns count from 1 and name
/// the offending character).
pub fn read_board(reader: impl std::io::Read) -> Result<Board, FormatError> {
    let mut pieces = Vec::new();
    let BoardHeader { rows, cols, .. } = stream_board(reader, &mut |p| {
        pieces.push(Piece {
            kind: p.kind,
            square: p.square,
            budget: p.budget,
            label: p.label.map(str::to_owned),
        })
    })?;
    Ok(Board::new(rows, cols, pieces)?)
}

/// Parses a board JSON document held in memory.
pub fn parse_board(text: &str) -> Result<Board, FormatError> {
    read_board(text.as_bytes())
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
    pub fn new(out: W, rows: u32, cols: u32) -> std::io::Result<BoardWriter<W>> {
        BoardWriter::with_provenance(out, rows, cols, None)
    }

    /// Starts the document of a `rows × cols` board with a `"provenance"` object (its
    /// JSON text), written before the pieces (so [`read_provenance`] stops there).
    pub fn with_provenance(
        mut out: W,
        rows: u32,
        cols: u32,
        provenance: Option<&str>,
    ) -> std::io::Result<BoardWriter<W>> {
        let mut numbers = itoa::Buffer::new();
        write!(
            out,
            "{{\"format\":\"{BOARD_FORMAT}\",\"version\":{BOARD_VERSION},\"rows\":"
        )?;
        out.write_all(numbers.format(rows).as_bytes())?;
        out.write_all(b",\"cols\":")?;
        out.write_all(numbers.format(cols).as_bytes())?;
        if let Some(provenance) = provenance {
            out.write_all(b",\n\"provenance\":")?;
            out.write_all(provenance.as_bytes())?;
        }
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
}
