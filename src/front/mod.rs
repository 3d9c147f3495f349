//! Formula input: DIMACS CNF ([`dimacs`]) and the And-Or-(1,1)-SAT text format
//! ([`andor`]), both lexed with `logos`, with errors naming file, line and column.
//!
//! [`load`] picks the format from the file name — `.cnf`, `.dimacs` (optionally
//! followed by `.gz`) are DIMACS, `.andor` and `.aos` are And-Or — and otherwise from
//! the content: a file whose first line that is neither blank nor a comment starts
//! with `p cnf` is DIMACS, anything else is And-Or. A file starting with the gzip
//! magic bytes (or named `*.gz`) is decompressed first.

pub mod andor;
pub mod dimacs;

use std::io::Read as _;
use std::path::Path;

use crate::formula::{AndOrFormula, Cnf};
use crate::io::{FormatError, InputError};

/// A formula as read from a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    Cnf(Cnf),
    AndOr(AndOrFormula),
}

/// Formula file formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum FormulaFormat {
    /// DIMACS CNF (`p cnf V C`, clauses ending in `0`, SATLIB `%` trailer allowed).
    Dimacs,
    /// And-Or-(1,1)-SAT text: one clause per line, `x | ~y`, `(x & ~y) | z`.
    Andor,
}

impl FormulaFormat {
    /// The format the file name names, ignoring a trailing `.gz`.
    pub fn from_path(path: &Path) -> Option<FormulaFormat> {
        let name = path.file_name()?.to_str()?.to_ascii_lowercase();
        let name = name.strip_suffix(".gz").unwrap_or(&name);
        match name.rsplit_once('.')?.1 {
            "cnf" | "dimacs" => Some(FormulaFormat::Dimacs),
            "andor" | "aos" => Some(FormulaFormat::Andor),
            _ => None,
        }
    }

    /// The format of `text` judged from its first line that is neither blank nor a
    /// comment: DIMACS if it is a `p cnf` problem line, And-Or otherwise.
    pub fn from_content(text: &str) -> FormulaFormat {
        let first = text.lines().map(str::trim).find(|line| {
            !line.is_empty() && !line.starts_with('#') && !dimacs::is_comment_line(line)
        });
        match first.and_then(|line| line.strip_prefix('p')) {
            Some(rest) if rest.split_whitespace().next() == Some("cnf") => FormulaFormat::Dimacs,
            _ => FormulaFormat::Andor,
        }
    }

    /// Parses `text` in this format.
    pub fn parse(self, text: &str) -> Result<Input, FormatError> {
        match self {
            FormulaFormat::Dimacs => dimacs::parse(text).map(Input::Cnf),
            FormulaFormat::Andor => andor::parse(text).map(Input::AndOr),
        }
    }
}

const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// Reads a formula file; the format comes from `format`, else the file name, else the
/// content (module documentation).
pub fn load(path: &Path, format: Option<FormulaFormat>) -> Result<Input, InputError> {
    let read_error = |error| InputError::Read {
        path: path.to_owned(),
        error,
    };
    let bytes = std::fs::read(path).map_err(read_error)?;
    let text = if bytes.starts_with(&GZIP_MAGIC) {
        let mut text = String::new();
        flate2::read::GzDecoder::new(bytes.as_slice())
            .read_to_string(&mut text)
            .map_err(|e| read_error(std::io::Error::new(e.kind(), format!("gzip: {e}"))))?;
        text
    } else {
        String::from_utf8(bytes)
            .map_err(|e| read_error(std::io::Error::new(std::io::ErrorKind::InvalidData, e)))?
    };
    let format = format
        .or_else(|| FormulaFormat::from_path(path))
        .unwrap_or_else(|| FormulaFormat::from_content(&text));
    format.parse(&text).map_err(|error| InputError::Format {
        path: path.to_owned(),
        error,
    })
}

/// A syntax error at a 1-based line and column (columns count characters).
pub(crate) fn syntax_error(line: usize, column: usize, message: impl Into<String>) -> FormatError {
    FormatError::Syntax {
        line,
        column,
        message: message.into(),
    }
}

/// Maps byte offsets of a text to 1-based (line, column) positions.
pub(crate) struct LineIndex<'a> {
    text: &'a str,
    line_starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    pub(crate) fn new(text: &'a str) -> LineIndex<'a> {
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        LineIndex { text, line_starts }
    }

    /// The (line, column) of the byte at `offset`.
    pub(crate) fn position(&self, offset: usize) -> (usize, usize) {
        let line = self.line_starts.partition_point(|&start| start <= offset);
        let start = self.line_starts[line - 1];
        let column = self.text[start..offset].chars().count() + 1;
        (line, column)
    }

    /// A syntax error at the byte `offset`.
    pub(crate) fn error(&self, offset: usize, message: impl Into<String>) -> FormatError {
        let (line, column) = self.position(offset);
        syntax_error(line, column, message)
    }
}

/// The text of the token starting at `offset` up to the next whitespace, for messages.
pub(crate) fn word_at(text: &str, offset: usize) -> &str {
    let rest = &text[offset..];
    let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
    &rest[..end]
}
