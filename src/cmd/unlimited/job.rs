//! What both constructions share: the boards' provenance target, the `--pieces` types,
//! the request of `compile --unlimited`, and writing the board and its certificate.

use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use sat2chess::board::{Board, PieceKind};
use sat2chess::front::FormulaFormat;
use sat2chess::io::{self, BoardFormat};
use sat2chess::rules::{Move, Variant};

use crate::cmd::output::Output;
use crate::cmd::{code, exit, print_err};

/// The provenance `target` of these boards.
pub(crate) const TARGET: &str = "unlimited";

/// The two piece types of `--pieces`.
pub(super) fn pieces(names: &[String]) -> Result<(PieceKind, PieceKind)> {
    let kind = |name: &String| {
        PieceKind::ALL
            .into_iter()
            .find(|kind| kind.name().eq_ignore_ascii_case(name.trim()))
            .with_context(|| {
                format!(
                    "--pieces: unknown piece `{name}` (king, queen, rook, bishop, knight, pawn)"
                )
            })
    };
    match names {
        [a, b] => Ok((kind(a)?, kind(b)?)),
        _ => bail!("--pieces takes two piece types, as in --pieces rook,pawn"),
    }
}

/// What `compile --unlimited` is asked.
pub(crate) struct Job<'a> {
    /// The `.ham` file.
    pub(crate) input: &'a Path,
    /// Its name in messages.
    pub(crate) name: String,
    /// Its file name, for the provenance.
    pub(crate) file_name: String,
    /// `--pieces`.
    pub(crate) pieces: &'a [String],
    /// `--rules`.
    pub(crate) rules: Option<Variant>,
    /// `-o`.
    pub(crate) output: Option<&'a Path>,
    /// `--format`.
    pub(crate) format: Option<BoardFormat>,
    /// `--stats`.
    pub(crate) stats: bool,
    /// `--moves-out` when `--certify` is given.
    pub(crate) certificate: Option<&'a Path>,
    /// `--max-pieces`.
    pub(crate) max_pieces: u64,
    /// `--from`: a formula format makes the input a formula (§3.2).
    pub(crate) from: Option<FormulaFormat>,
}

/// Writes `board` to `output` (JSON with `provenance`, or text/FEN without).
pub(super) fn write_board(
    board: &Board,
    provenance: &serde_json::Value,
    output: Option<&Path>,
    format: BoardFormat,
) -> Result<()> {
    let mut out = Output::create(output)?;
    let written = if format == BoardFormat::Json {
        let mut writer = io::json::BoardWriter::with_provenance(
            &mut out,
            board.rows(),
            board.cols(),
            Some(&provenance.to_string()),
        )?;
        for p in board.pieces() {
            writer.piece(p.kind, p.square, p.budget, p.label.as_deref())?;
        }
        writer.finish().map(|_| ())
    } else {
        let text = format.write(board)?;
        std::io::Write::write_all(&mut out, text.as_bytes())
    };
    match written {
        Ok(()) => out.finish()?,
        Err(error) => out.fail(error.into())?,
    }
    Ok(())
}

/// Replays the certificate `moves` of `name`'s board under its rules (an internal error
/// if it does not solve it), writes it to `to` and says so: "{name}: {found}; N solving
/// moves written to …".
pub(super) fn write_certificate(
    name: &str,
    found: &str,
    (board, variant): (&Board, Variant),
    moves: &[Move],
    to: &Path,
) -> Result<ExitCode> {
    let report = sat2chess::check::check_sequence(board, moves, variant);
    if !report.is_solution() {
        return Err(crate::cmd::Internal(format!(
            "the certificate of {name} does not solve its board: {report:?}"
        ))
        .into());
    }
    let mut out = Output::create(Some(to))?;
    std::io::Write::write_all(&mut out, io::json::write_moves(moves).as_bytes())?;
    out.finish()?;
    let target = if io::is_stdio(to) {
        "standard output".to_owned()
    } else {
        to.display().to_string()
    };
    print_err(&format!(
        "{name}: {found}; {} solving moves written to {target}\n",
        moves.len()
    ));
    Ok(code(exit::YES))
}

/// Whether the JSON board at `path` was compiled by `compile --unlimited` (its
/// provenance, when the board has one, names [`TARGET`]).
pub(crate) fn provenance_of(path: &Path) -> Option<serde_json::Value> {
    let reader = io::open_text(path).ok()?;
    let provenance = io::json::read_provenance(reader).ok()??;
    (provenance.get("target")?.as_str()? == TARGET).then_some(provenance)
}
