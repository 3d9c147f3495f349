//! The pipeline, the same for every target: [`compile`] (formula → board → certificate)
//! and [`decode`] (board + certificate → model). The command line, the tests and the
//! benches all run these two functions.

use std::path::Path;

use sat2chess_check::io as files;
use sat2chess_core::board::{Board, PieceKind};
use sat2chess_core::budget::{Budget, DEFAULT_MAX_PIECES};

use super::{
    BoardFile, BoardInMemory, BoardSink, CertificateSink, Decoded, Input, Limits, Observer,
    Options, OtherBoard, Plan, Provenance, ProvenanceError, ReduceError, Reduction, Trace,
};

/// A formula to compile for a target.
pub struct Job<'a> {
    pub reduction: &'a dyn Reduction,
    pub source: &'a Input,
    /// The formula's name (its file name), for the provenance.
    pub source_name: &'a str,
    pub options: Options,
    pub limits: Limits,
}

/// What [`compile`] made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub rows: u32,
    pub cols: u32,
    pub pieces: u64,
    /// The certificate, when one was asked for.
    pub certificate: Option<Certificate>,
}

/// The certificate [`compile`] wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Certificate {
    /// This many steps.
    Written { steps: u64 },
    /// The formula is unsatisfiable: the board has no solution, nothing was written.
    Unsatisfiable,
}

/// The board of `source` (named `source_name`, for the provenance) for `reduction`
/// with the default options and limits, in memory, and what [`compile`] made; no
/// certificate. The benches' and tests' way to get a board object.
pub fn compile_in_memory(
    reduction: &dyn Reduction,
    source: &Input,
    source_name: &str,
) -> Result<(Board, Outcome), ReduceError> {
    let job = Job {
        reduction,
        source,
        source_name,
        options: Options::default(),
        limits: Limits::default(),
    };
    let mut board = BoardInMemory::default();
    let outcome = compile(&job, &mut board, None, &())?;
    let board = board.board().map_err(ReduceError::internal)?;
    Ok((board, outcome))
}

/// Compiles `job`'s formula: the board into `board`; with a `certificate` sink, the
/// formula decided by the SAT solver and, when satisfiable, the certificate of its model
/// into the sink.
pub fn compile(
    job: &Job,
    board: &mut dyn BoardSink,
    certificate: Option<&mut dyn CertificateSink>,
    observer: &dyn Observer,
) -> Result<Outcome, ReduceError> {
    let prepared = job
        .reduction
        .prepare(job.source, job.options, &job.limits)?;
    let budget = if board.streams() && !prepared.holds_board() {
        Budget::streamed_pieces(job.limits.max_pieces)
    } else {
        Budget::pieces(job.limits.max_pieces.min(DEFAULT_MAX_PIECES))
    };
    observer.estimate(&budget.describe(prepared.estimate()));
    budget.admit(prepared.estimate())?;
    // Every target's phases are heard; a plan that counts a phase's units starts it
    // again with its total.
    observer.phase("planning", 0);
    let plan = prepared.plan()?;
    observer.stats(&plan.stats());
    observer.phase("checking", 0);
    plan.check(observer)?;
    let (rows, cols) = plan.extent();
    let name = job.reduction.name();
    let provenance = Provenance::new(name, job.options, job.source, job.source_name);
    board.start(rows, cols, &provenance)?;
    observer.phase("writing", 0);
    plan.write_board(board, observer)?;
    board.finish()?;
    let certificate = match certificate {
        None => None,
        Some(sink) => {
            observer.phase("solving", 0);
            Some(match plan.solve()? {
                None => Certificate::Unsatisfiable,
                Some(model) => {
                    sink.start(job.reduction.certificate())?;
                    let steps = plan.certify(&model, &mut |step| sink.step(step), observer)?;
                    sink.finish()?;
                    Certificate::Written { steps }
                }
            })
        }
    };
    Ok(Outcome {
        rows,
        cols,
        pieces: plan.pieces(),
        certificate,
    })
}

/// A certificate to decode against a board and the formula it was compiled from.
pub struct DecodeJob<'a> {
    /// The targets a board's provenance may name.
    pub targets: &'a [&'a dyn Reduction],
    /// The target the user named (`--to`), if any: it must agree with the
    /// board's provenance, and decides for boards without one (else the target named
    /// after the piece kind of every piece; boards of several kinds need one).
    pub target: Option<&'a str>,
    pub board: BoardFile,
    pub certificate: &'a Path,
    pub source: &'a Input,
    /// The formula's file name, for messages.
    pub source_name: &'a str,
    /// The options of a board without provenance (tile targets try both layouts).
    pub options: Options,
    pub limits: Limits,
}

/// Reads the model of the formula off the certificate: the target and its options come
/// from the board's provenance (else from the job, else the target of the board's piece
/// kind), the formula must be the one the
/// board was compiled from, the board must be the plan's and the certificate must
/// solve it. `observer` hears the phases (planning the board, replaying the
/// certificate).
pub fn decode(job: &DecodeJob, observer: &dyn Observer) -> Result<Decoded, ReduceError> {
    decode_with(job, observer, &|plan| {
        plan.decode(&job.board, job.certificate)
    })
}

/// [`decode`], with when each value of the model was read as the certificate proceeds
/// ([`Plan::trace`]).
pub fn trace(job: &DecodeJob, observer: &dyn Observer) -> Result<Trace, ReduceError> {
    decode_with(job, observer, &|plan| {
        plan.trace(&job.board, job.certificate)
    })
}

/// What a plan reads off a certificate: `Err(OtherBoard)` when the board is not its.
type PlanAnswer<T> = Result<Result<T, OtherBoard>, ReduceError>;

/// [`decode`] with `read` reading the certificate against the plan.
fn decode_with<T>(
    job: &DecodeJob,
    observer: &dyn Observer,
    read: &dyn Fn(&dyn Plan) -> PlanAnswer<T>,
) -> Result<T, ReduceError> {
    let board_name = files::display_path(&job.board.path).display().to_string();
    let provenance = read_provenance(&job.board, &board_name)?;
    let reduction = choose_target(job, provenance.as_ref(), &board_name)?;
    let guesses = match &provenance {
        Some(provenance) => {
            provenance.check_source(job.source, job.source_name, &board_name)?;
            vec![provenance.options]
        }
        None => reduction.guesses(job.options),
    };
    let mut reasons = Vec::new();
    for options in guesses {
        let prepared = reduction.prepare(job.source, options, &job.limits)?;
        Budget::pieces(job.limits.max_pieces).admit(prepared.estimate())?;
        observer.phase("plan", 0);
        let plan = prepared.plan()?;
        observer.phase("decode", 0);
        match read(plan.as_ref())? {
            Ok(decoded) => return Ok(decoded),
            Err(other) => reasons.push(other.0),
        }
    }
    reasons.dedup();
    Err(ReduceError::NotTheBoard {
        board: board_name,
        target: reduction.name(),
        formula: job.source_name.to_owned(),
        reason: reasons.join("; with the thesis layout, "),
    })
}

/// The provenance of a JSON board file (`None` for the other formats and for boards
/// compiled before boards carried one).
fn read_provenance(board: &BoardFile, name: &str) -> Result<Option<Provenance>, ReduceError> {
    if files::board_format(&board.path, board.format)? != files::BoardFormat::Json {
        return Ok(None);
    }
    let value = files::json::read_provenance(files::open_text(&board.path)?).map_err(|error| {
        files::InputError::Format {
            path: files::display_path(&board.path),
            error,
        }
    })?;
    value
        .map(|value| Provenance::from_json(&value, name))
        .transpose()
        .map_err(ReduceError::from)
}

/// The piece kind of every piece of a board file (`None`: empty, or several kinds).
fn single_piece_kind(board: &BoardFile) -> Result<Option<PieceKind>, ReduceError> {
    let (mut first, mut mixed) = (None, false);
    let mut visit = |kind: PieceKind| match first {
        None => first = Some(kind),
        Some(seen) => mixed |= seen != kind,
    };
    if files::board_format(&board.path, board.format)? == files::BoardFormat::Json {
        files::json::stream_board(files::open_text(&board.path)?, &mut |piece| {
            visit(piece.kind)
        })
        .map_err(|error| files::InputError::Format {
            path: files::display_path(&board.path),
            error,
        })?;
    } else {
        for piece in files::read_board(&board.path, board.format)?.pieces() {
            visit(piece.kind);
        }
    }
    Ok(first.filter(|_| !mixed))
}

/// The target of a board: its provenance's, which the user's must match.
fn choose_target<'a>(
    job: &DecodeJob<'a>,
    provenance: Option<&Provenance>,
    board: &str,
) -> Result<&'a dyn Reduction, ReduceError> {
    let find = |name: &str| job.targets.iter().copied().find(|r| r.name() == name);
    let Some(provenance) = provenance else {
        let name = match job.target {
            Some(name) => name,
            None => match single_piece_kind(&job.board)? {
                Some(kind) if find(kind.name()).is_some() => kind.name(),
                kind => {
                    return Err(ProvenanceError::NoTarget {
                        board: board.to_owned(),
                        pieces: kind
                            .map_or("pieces of more than one kind (or none)", |kind| kind.name()),
                    }
                    .into());
                }
            },
        };
        return find(name).ok_or_else(|| {
            ProvenanceError::UnknownTarget {
                board: board.to_owned(),
                target: name.to_owned(),
            }
            .into()
        });
    };
    if let Some(given) = job.target
        && given != provenance.target
    {
        return Err(ProvenanceError::Contradiction {
            board: board.to_owned(),
            board_target: provenance.target.clone(),
            given: given.to_owned(),
        }
        .into());
    }
    find(&provenance.target).ok_or_else(|| {
        ProvenanceError::UnknownTarget {
            board: board.to_owned(),
            target: provenance.target.clone(),
        }
        .into()
    })
}
