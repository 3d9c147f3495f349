//! Formula input: DIMACS CNF ([`dimacs`]) and the And-Or-(1,1)-SAT text format
//! ([`andor`]), both lexed with `logos`, with errors naming file, line and column.
//!
//! [`load`] picks the format from the file name — `.cnf`, `.dimacs` (optionally
//! followed by `.gz`) are DIMACS, `.andor` and `.aos` are And-Or, `.pm3` a planar
//! monotone 3-SAT instance (read as its CNF) — and otherwise from
//! the content: a file whose first line that is neither blank nor a comment starts
//! with `p cnf` is DIMACS, anything else is And-Or; content of blank and comment lines
//! only is refused (as an empty `.cnf` file is), and so is a board (board JSON, the text
//! format, a FEN), with a hint to solve it. A file starting with the gzip
//! magic bytes is decompressed first: every member, nothing after the last, at most
//! `MAX_DECOMPRESSED_BYTES`.

pub mod andor;
pub mod dimacs;
pub mod pm3;
pub mod rbds;
mod source;

use std::io::Read as _;
use std::path::Path;

use sat2chess_check::io::{FormatError, InputError};
use sat2chess_core::formula::{AndOrFormula, Cnf};

use pm3::PlanarMonotone;

/// A formula as read from a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    Cnf(Cnf),
    AndOr(AndOrFormula),
    /// A Red-Blue Dominating Set instance: not a formula, compiled only to rook and
    /// queen boards (Aravind–Misra–Mittal Theorems 2 and 3); its "model" is the
    /// dominating set, one value per red vertex.
    Rbds(rbds::Rbds),
}

/// Formula file formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormulaFormat {
    /// DIMACS CNF (`p cnf V C`, clauses ending in `0`, SATLIB `%` trailer allowed).
    Dimacs,
    /// And-Or-(1,1)-SAT text: one clause per line, `x | ~y`, `(x & ~y) | z`.
    Andor,
    /// Red-Blue Dominating Set text ([`rbds`]).
    Rbds,
    /// A planar monotone 3-SAT instance with its layout (`.pm3`,
    /// [`PlanarMonotone::parse_pm3`]), read as its CNF ([`PlanarMonotone::to_cnf`]);
    /// `compile --unlimited` keeps its layout.
    PlanarMonotone,
}

impl sat2chess_core::choice::Choice for FormulaFormat {
    const CHOICES: &'static [(Self, &'static str, &'static str)] = &[
        (
            FormulaFormat::Dimacs,
            "dimacs",
            "DIMACS CNF (.cnf, .dimacs, gzipped too)",
        ),
        (
            FormulaFormat::Andor,
            "andor",
            "And-Or-(1,1)-SAT text: one clause per line (.andor, .aos)",
        ),
        (
            FormulaFormat::Rbds,
            "rbds",
            "Red-Blue Dominating Set text: `p rbds REDS BLUES K`, `e RED BLUE` lines (.rbds; compile --to rook|queen only)",
        ),
        (
            FormulaFormat::PlanarMonotone,
            "pm3",
            "planar monotone 3-SAT with its layout: `p pm3 VARIABLES CLAUSES`, `+ 1 2 : 1` lines (.pm3)",
        ),
    ];
}

impl FormulaFormat {
    /// The format the file name names, ignoring a trailing `.gz`.
    pub fn from_path(path: &Path) -> Option<FormulaFormat> {
        let name = path.file_name()?.to_str()?.to_ascii_lowercase();
        let name = name.strip_suffix(".gz").unwrap_or(&name);
        match name.rsplit_once('.')?.1 {
            "cnf" | "dimacs" => Some(FormulaFormat::Dimacs),
            "andor" | "aos" => Some(FormulaFormat::Andor),
            "rbds" => Some(FormulaFormat::Rbds),
            "pm3" => Some(FormulaFormat::PlanarMonotone),
            _ => None,
        }
    }

    /// The format of `text` judged from its first line that is neither blank nor a
    /// comment: DIMACS if it is a `p cnf` problem line, RBDS if it is `p rbds`, planar
    /// monotone if it is `p pm3`, And-Or otherwise.
    pub fn from_content(text: &str) -> FormulaFormat {
        match first_formula_line(text).and_then(|line| line.strip_prefix('p')) {
            Some(rest) if rest.split_whitespace().next() == Some("cnf") => FormulaFormat::Dimacs,
            Some(rest) if rest.split_whitespace().next() == Some("rbds") => FormulaFormat::Rbds,
            Some(rest) if rest.split_whitespace().next() == Some("pm3") => {
                FormulaFormat::PlanarMonotone
            }
            _ => FormulaFormat::Andor,
        }
    }

    /// Parses `text` in this format.
    pub fn parse(self, text: &str) -> Result<Input, FormatError> {
        match self {
            FormulaFormat::Dimacs => dimacs::parse(text).map(Input::Cnf),
            FormulaFormat::Andor => andor::parse(text).map(Input::AndOr),
            FormulaFormat::Rbds => {
                rbds::Rbds::parse(text)
                    .map(Input::Rbds)
                    .map_err(|error| FormatError::Item {
                        item: format!("line {}", error.line),
                        message: error.message,
                    })
            }
            FormulaFormat::PlanarMonotone => PlanarMonotone::parse_pm3(text)
                .map(|instance| Input::Cnf(instance.to_cnf()))
                .map_err(|error| FormatError::Item {
                    item: format!("line {}", error.line),
                    message: error.message,
                }),
        }
    }
}

/// The first line of `text` that is neither blank nor a comment, trimmed.
fn first_formula_line(text: &str) -> Option<&str> {
    text.lines()
        .map(str::trim)
        .find(|line| !line.is_empty() && !line.starts_with('#') && !dimacs::is_comment_line(line))
}

const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// The most a gzip formula file may expand to (README "Resource limits").
pub(crate) const MAX_DECOMPRESSED_BYTES: u64 = 1 << 30;

/// Reads a formula file (`-`: standard input); the format comes from `format`, else the
/// file name, else the content (module documentation).
pub fn load(path: &Path, format: Option<FormulaFormat>) -> Result<Input, InputError> {
    let name = sat2chess_check::io::display_path(path);
    let read_error = |error| InputError::Read {
        path: name.clone(),
        error,
    };
    let bytes = sat2chess_check::io::read_bytes(path).map_err(read_error)?;
    parse_bytes(bytes, format.or_else(|| FormulaFormat::from_path(path))).map_err(|error| {
        match error {
            BytesError::Gzip(error) => read_error(error),
            BytesError::Board => InputError::BoardNotFormula { path: name.clone() },
            BytesError::Format(error) => InputError::Format {
                path: name.clone(),
                error,
            },
        }
    })
}

/// Why the bytes of a formula file are not a formula.
#[derive(Debug, thiserror::Error)]
pub enum BytesError {
    #[error(transparent)]
    Gzip(std::io::Error),
    #[error(transparent)]
    Format(FormatError),
    /// The content is clearly a board (board JSON, the text format's header, a FEN), not
    /// a formula.
    #[error("a board, not a formula")]
    Board,
}

/// Parses the bytes of a formula file (gzip or text) in `format`, else the format the
/// content shows (a board is refused: [`BytesError::Board`]).
pub fn parse_bytes(bytes: Vec<u8>, format: Option<FormulaFormat>) -> Result<Input, BytesError> {
    let bytes = if bytes.starts_with(&GZIP_MAGIC) {
        gunzip(&bytes, MAX_DECOMPRESSED_BYTES).map_err(BytesError::Gzip)?
    } else {
        bytes
    };
    let text = sat2chess_check::io::utf8_text(bytes).map_err(BytesError::Format)?;
    let format = match format {
        Some(format) => format,
        // Nothing shows the format: refused, as an empty `.cnf` file is (only a named
        // And-Or input reads as the formula without clauses).
        None if first_formula_line(&text).is_none() => {
            return Err(BytesError::Format(FormatError::Item {
                item: "formula".into(),
                message: "empty (only blank or comment lines; expected the DIMACS problem \
                          line `p cnf VARIABLES CLAUSES` or And-Or clauses)"
                    .into(),
            }));
        }
        None if matches!(
            sat2chess_check::io::sniff(&text),
            sat2chess_check::io::Content::Board(_)
        ) =>
        {
            return Err(BytesError::Board);
        }
        None => FormulaFormat::from_content(&text),
    };
    format.parse(&text).map_err(BytesError::Format)
}

/// Decompresses every member of a gzip file (as `gzip -dc` does), refusing bytes after
/// the last member that do not start another one, and output beyond `limit` bytes.
pub fn gunzip(bytes: &[u8], limit: u64) -> Result<Vec<u8>, std::io::Error> {
    let invalid = |message: String| std::io::Error::new(std::io::ErrorKind::InvalidData, message);
    let mut rest = bytes;
    let mut out = Vec::new();
    let mut member = 0;
    while !rest.is_empty() {
        member += 1;
        if !rest.starts_with(&GZIP_MAGIC) {
            return Err(invalid(format!(
                "gzip: {} bytes of trailing garbage after member {}",
                rest.len(),
                member - 1
            )));
        }
        let room = limit + 1 - out.len() as u64;
        let mut decoder = flate2::bufread::GzDecoder::new(&mut rest).take(room);
        decoder
            .read_to_end(&mut out)
            .map_err(|e| std::io::Error::new(e.kind(), format!("gzip member {member}: {e}")))?;
        if out.len() as u64 > limit {
            return Err(invalid(format!(
                "gzip: the file expands to more than {limit} bytes (resource limit)"
            )));
        }
    }
    Ok(out)
}
