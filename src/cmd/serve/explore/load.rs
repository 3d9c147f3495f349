//! Loading boards: from files (the command line), from the texts the page uploads, or
//! compiled from the formula box; each with its moves checked and, given the formula,
//! the variable values read off the certificate.

use std::collections::HashMap;
use std::io::Write as _;
use std::path::Path;
use std::sync::Mutex;

use anyhow::{Context as _, Result, bail};
use sat2chess::board::Square;
use sat2chess::check::SequenceCheck;
use sat2chess::front::{FormulaFormat, Input};
use sat2chess::reduction::pipeline::{self, Certificate, DecodeJob, Job};
use sat2chess::reduction::{
    BoardFile, CertificateKind, CertificateSink, Decoded, JsonBoard, Limits, Options, ReadAt,
    Reduction, Step,
};
use sat2chess::rules::{Move, Variant};
use serde::Deserialize;

use super::board::{Cursor, Explored, Pieces, VariableView, gadgets};

/// Files to load: a board, optionally a certificate and the formula it was compiled
/// from.
pub(crate) struct Files<'a> {
    pub(crate) name: String,
    pub(crate) board: &'a Path,
    pub(crate) moves: Option<&'a Path>,
    pub(crate) formula: Option<(&'a Path, Option<FormulaFormat>)>,
}

/// Reads the board (checked as `check` reads it), the moves (checked against it) and,
/// with a formula and a certificate, the variable values read off the certificate.
pub(super) fn load(files: &Files, max_pieces: u64) -> Result<Explored> {
    let mut pieces = Pieces::default();
    let mut labels = HashMap::new();
    let replay =
        sat2chess::check::load_board_with(files.board, None, Variant::Standard, &mut |piece| {
            pieces.push(piece, &mut labels)
        })?;
    drop(labels);
    let extent = replay.extent();
    pieces.extent = (extent.rows, extent.cols);
    let target = provenance_target(files.board);
    let (moves, verdict) = match files.moves {
        None => (Vec::new(), None),
        Some(path) => {
            let moves = sat2chess::io::read_moves(path, pieces.extent)?;
            let mut check = SequenceCheck::new(replay);
            for &mv in &moves {
                check.step(mv);
            }
            let report = check.report();
            if report.illegal.is_some() {
                bail!("{}: {report}", sat2chess::io::display_path(path).display());
            }
            (moves, Some(report.to_string()))
        }
    };
    let captures = captures(&pieces.squares, &moves);
    let (variables, note) = match (files.moves, files.formula) {
        (Some(moves), Some((formula, format))) => {
            let input = sat2chess::front::load(formula, format)?;
            let name = sat2chess::io::display_path(formula).display().to_string();
            match variables(&input, &name, files.board, moves, max_pieces) {
                Ok(variables) => (variables, None),
                Err(error) => (Vec::new(), Some(format!("{error:#}"))),
            }
        }
        (Some(_), None) => (
            Vec::new(),
            Some("give the formula too to see the variable values".to_owned()),
        ),
        (None, _) => (
            Vec::new(),
            Some("give a certificate (moves file) to step through it".to_owned()),
        ),
    };
    Ok(Explored {
        name: files.name.clone(),
        gadgets: gadgets(&pieces),
        cursor: Mutex::new(Cursor::new(&pieces)),
        pieces,
        moves,
        captures,
        verdict,
        target,
        variables,
        note,
    })
}

/// The pieces (indices into `squares`, the initial squares) each of `moves` (legal
/// captures) moves and captures.
fn captures(squares: &[Square], moves: &[Move]) -> Vec<(u32, u32)> {
    // Squares are only ever emptied: the piece on each initial square, by square.
    let mut by_square: Vec<(Square, u32)> = squares.iter().copied().zip(0..).collect();
    by_square.sort_unstable();
    let slot = |square: Square, by_square: &[(Square, u32)]| {
        by_square
            .binary_search_by_key(&square, |&(square, _)| square)
            .expect("a legal capture joins two occupied squares")
    };
    moves
        .iter()
        .map(|mv| {
            let from = slot(mv.from, &by_square);
            let to = slot(mv.to, &by_square);
            let (mover, captured) = (by_square[from].1, by_square[to].1);
            by_square[to].1 = mover;
            (mover, captured)
        })
        .collect()
}

/// The target a board JSON's provenance names, if it has one.
fn provenance_target(board: &Path) -> Option<String> {
    let file = sat2chess::io::open_text(board).ok()?;
    let provenance = sat2chess::io::json::read_provenance(file).ok()??;
    Some(provenance.get("target")?.as_str()?.to_owned())
}

/// The variable values `sat2chess decode` reads off the certificate, each with when it
/// is read ([`pipeline::trace`]).
fn variables(
    input: &Input,
    name: &str,
    board: &Path,
    moves: &Path,
    max_pieces: u64,
) -> Result<Vec<VariableView>> {
    let job = DecodeJob {
        targets: &sat2chess::targets::TARGETS,
        target: None,
        board: BoardFile {
            path: board.to_owned(),
            format: None,
        },
        certificate: moves,
        source: input,
        source_name: name,
        options: Options::default(),
        limits: Limits {
            max_pieces,
            max_side: i64::try_from(max_pieces).unwrap_or(i64::MAX),
        },
    };
    let trace = pipeline::trace(&job, &())?;
    let model = match trace.decoded {
        Decoded::Model(model) => model,
        Decoded::Refused { report, .. } => {
            bail!("the certificate does not solve the board: {report}")
        }
    };
    let names: Vec<String> = match input {
        Input::Cnf(cnf) => (1..=cnf.num_vars).map(|v| v.to_string()).collect(),
        Input::AndOr(formula) => formula.names.clone(),
        Input::Rbds(rbds) => (1..=rbds.reds).map(|red| format!("red {red}")).collect(),
    };
    Ok(trace
        .reads
        .iter()
        .zip(names)
        .enumerate()
        .map(|(index, (read, name))| {
            let (kind, at) = match read.at {
                ReadAt::Start => ("start", None),
                ReadAt::Move(at) => ("move", Some(at)),
                ReadAt::Free => ("free", None),
                ReadAt::End => ("end", None),
            };
            VariableView {
                name,
                value: model.0[index],
                read: kind,
                at,
                square: read.square.map(|s| [s.row, s.col]),
            }
        })
        .collect())
}

/// Board, certificate and formula as the page sends them (texts, any format `check`
/// and `decode` read).
#[derive(Deserialize)]
pub(crate) struct Upload {
    name: Option<String>,
    board: String,
    moves: Option<String>,
    formula: Option<String>,
}

/// A scratch directory for the files of one request (removed when dropped).
fn scratch() -> Result<tempfile::TempDir> {
    tempfile::Builder::new()
        .prefix("sat2chess-serve-")
        .tempdir()
        .context("creating a scratch directory")
}

fn write(dir: &Path, name: &str, text: &str) -> Result<std::path::PathBuf> {
    let path = dir.join(name);
    std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
    Ok(path)
}

/// Loads the board, moves and formula texts of `upload` (through files, as the command
/// line reads them).
pub(super) fn load_upload(upload: &Upload, max_pieces: u64) -> Result<Explored> {
    let dir = scratch()?;
    let board = write(dir.path(), "board", &upload.board)?;
    let moves = upload
        .moves
        .as_deref()
        .filter(|text| !text.trim().is_empty())
        .map(|text| write(dir.path(), "moves", text))
        .transpose()?;
    let formula = upload
        .formula
        .as_deref()
        .filter(|text| !text.trim().is_empty())
        .map(|text| write(dir.path(), "formula", text))
        .transpose()?;
    load(
        &Files {
            name: upload
                .name
                .clone()
                .unwrap_or_else(|| "pasted board".to_owned()),
            board: &board,
            moves: moves.as_deref(),
            formula: formula.as_deref().map(|path| (path, None)),
        },
        max_pieces,
    )
}

/// A formula to compile from the formula box.
#[derive(Deserialize)]
pub(crate) struct Compile {
    formula: String,
    /// `dimacs` or `andor`; default: from the content.
    format: Option<String>,
    /// A target whose certificate is a capture sequence.
    target: String,
}

/// Collects a capture certificate.
#[derive(Default)]
struct Captures(Vec<Move>);

impl CertificateSink for Captures {
    fn start(&mut self, kind: CertificateKind) -> std::io::Result<()> {
        match kind {
            CertificateKind::Captures => Ok(()),
            CertificateKind::Placement => Err(std::io::Error::other(
                "the page steps through capture sequences, not placements",
            )),
        }
    }

    fn step(&mut self, step: Step) -> std::io::Result<()> {
        match step {
            Step::Capture(mv) => {
                self.0.push(mv);
                Ok(())
            }
            Step::Place(_) => Err(std::io::Error::other("a placement in a capture sequence")),
        }
    }

    fn finish(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Compiles the formula as `sat2chess compile FORMULA --to TARGET --certify` does and
/// loads the board with its certificate and the variable values.
pub(super) fn compile(asked: &Compile, max_pieces: u64) -> Result<Explored> {
    use sat2chess::choice::Choice as _;
    let reduction: &dyn Reduction = sat2chess::targets::target(&asked.target)
        .with_context(|| format!("no target {:?}", asked.target))?;
    if reduction.certificate() != CertificateKind::Captures {
        bail!(
            "the page steps through capture sequences; {} certificates are placements",
            reduction.name()
        );
    }
    let format = match asked.format.as_deref() {
        None | Some("") => None,
        Some(name) => Some(
            FormulaFormat::from_name(name)
                .with_context(|| format!("no formula format {name:?}"))?,
        ),
    };
    let input = sat2chess::front::parse_bytes(asked.formula.as_bytes().to_vec(), format)
        .context("the formula")?;
    let dir = scratch()?;
    let formula = write(dir.path(), "formula", &asked.formula)?;
    let board_path = dir.path().join("board.json");
    let source_name = "the formula box";
    let job = Job {
        reduction,
        source: &input,
        source_name,
        options: Options::default(),
        limits: Limits {
            max_pieces,
            max_side: i64::try_from(max_pieces).unwrap_or(i64::MAX),
        },
    };
    let file = std::fs::File::create(&board_path)
        .with_context(|| format!("writing {}", board_path.display()))?;
    let mut sink = JsonBoard::new(std::io::BufWriter::new(file));
    let mut captures = Captures::default();
    let outcome = pipeline::compile(&job, &mut sink, Some(&mut captures), &())?;
    if let Some(mut board) = sink.into_finished() {
        board.flush().context("writing the board")?;
    }
    let moves_path = match outcome.certificate {
        Some(Certificate::Written { .. }) => Some(write(
            dir.path(),
            "moves.json",
            &sat2chess::io::json::write_moves(&captures.0),
        )?),
        _ => None,
    };
    let mut board = load(
        &Files {
            name: format!("{} board of the formula box", reduction.name()),
            board: &board_path,
            moves: moves_path.as_deref(),
            formula: Some((&formula, format)),
        },
        max_pieces,
    )?;
    if moves_path.is_none() {
        board.note = Some("the formula is unsatisfiable: the board has no solution".to_owned());
    }
    Ok(board)
}
