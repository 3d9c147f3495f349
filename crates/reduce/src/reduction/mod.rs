//! The reduction interface: one [`Reduction`] per target, each a program with
//! certificates (as in the Karp reduction language) — a board of the target for a
//! formula, a solving certificate for each model (forward), and a model read off any
//! solving certificate (backward) — and one [`pipeline`] that the command line, the tests
//! and the benches all run.
//!
//! A reduction works in three stages, so that nothing large is built before it is known
//! to fit:
//! 1. [`Reduction::prepare`]: the formula carried to what the board encodes (the
//!    transformation chain) and a bound on the board's pieces ([`Prepared::estimate`]),
//!    before anything is laid out or stamped;
//! 2. [`Prepared::plan`]: the board's exact size and whatever it is stamped from (the
//!    layout and its built tiles, the rook lines, …), never the board itself;
//! 3. the [`Plan`] streams the board into a [`BoardSink`], streams the certificate of a
//!    model step by step ([`Step`]), and decodes a certificate file against a board file.
//!
//! Targets: the tile backends King and Knight ([`tiles`], thesis ch. 5–6), Rook
//! ([`rooks`], ch. 7), Queen and Bishop as the rook board retargeted ([`retargeted`],
//! Brunner et al. Cor. 3.4/3.5); the n-Queens chain lives in `sat2chess-nqueens` and
//! implements the same traits. A board records what it was compiled from and with which
//! options ([`Provenance`]), so `decode` needs nothing but the board, the certificate and
//! the formula.

mod captures;
pub mod pipeline;
mod provenance;
mod retargeted;
mod rooks;
mod sinks;
mod tiles;

use std::io;
use std::path::PathBuf;

use sat2chess_check::io::{BoardFormat, InputError};
use sat2chess_core::board::{PieceKind, Square};
use sat2chess_core::budget::OverBudget;
use sat2chess_core::formula::Assignment;
use sat2chess_core::rules::Move;

pub use crate::front::Input;
pub use captures::{CaptureDecoding, decode_captures};
pub use provenance::{Provenance, ProvenanceError, source_digest};
pub use retargeted::{BISHOP, QUEEN, Retargeted};
pub use rooks::{ROOK, Rooks};
pub use sinks::{BoardInMemory, CertificateWriter, JsonBoard};
pub use tiles::{KING, KNIGHT, Tiles};

/// The options that shape a board. They are recorded in its provenance and read back
/// by `decode`; a target ignores the ones that are not its own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Tile targets: the layout as the thesis writes it (`--naive`), not the optimised one.
    pub naive: bool,
    /// n-Queens: the input's clauses are 1-in-3 clauses (exactly one literal true).
    pub onein3: bool,
}

/// Limits checked before the work they bound starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most pieces a board may have, by the target's estimate (`--max-pieces`).
    pub max_pieces: u64,
    /// n-Queens: the largest board side (`--max-side`).
    pub max_side: i64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_pieces: sat2chess_core::budget::DEFAULT_MAX_STREAMED_PIECES,
            max_side: DEFAULT_MAX_SIDE,
        }
    }
}

/// Default of [`Limits::max_side`]: n-Queens boards up to 5,000,000 squares a side
/// (about as many pre-placed queens, a JSON file of ~250 MB).
pub const DEFAULT_MAX_SIDE: i64 = 5_000_000;

/// What a target's certificates list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CertificateKind {
    /// A capture sequence (moves JSON `{"moves":[{"from":[r,c],"to":[r,c]},…]}`).
    Captures,
    /// The squares of the pieces added to the board (placement JSON `{"queens":[[r,c],…]}`).
    Placement,
}

/// One step of a certificate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    Capture(Move),
    Place(Square),
}

/// A board file to decode.
#[derive(Clone, Debug)]
pub struct BoardFile {
    pub path: PathBuf,
    /// The format (default: from the extension).
    pub format: Option<BoardFormat>,
}

/// A target of the compiler (see the module doc).
pub trait Reduction: Sync {
    /// The target's name: `--piece`/`--to` value, provenance, messages.
    fn name(&self) -> &'static str;
    /// What the target's boards are made of, for messages.
    fn pieces(&self) -> &'static str;
    /// What the target's certificates list.
    fn certificate(&self) -> CertificateKind;
    /// The formula carried to what the board encodes, with a bound on the board's pieces.
    fn prepare(
        &self,
        source: &Input,
        options: Options,
        limits: &Limits,
    ) -> Result<Box<dyn Prepared>, ReduceError>;
    /// The options a board of this target without provenance may have been compiled
    /// with, most likely first (tile targets: the optimised and the thesis layout).
    fn guesses(&self, options: Options) -> Vec<Options> {
        vec![options]
    }
}

/// A formula prepared for a target, nothing laid out or stamped yet.
pub trait Prepared {
    /// At most this many pieces will be on the board.
    fn estimate(&self) -> u64;
    /// Whether the plan holds the board's pieces (then the board costs memory even
    /// when it is streamed out).
    fn holds_board(&self) -> bool {
        false
    }
    /// The board's plan: exact size, stamped from nothing larger than the formula.
    fn plan(self: Box<Self>) -> Result<Box<dyn Plan>, ReduceError>;
}

/// A planned board: it is written, certified and decoded from the plan.
pub trait Plan {
    /// Rows and columns of the board.
    fn extent(&self) -> (u32, u32);
    /// Pieces on the board.
    fn pieces(&self) -> u64;
    /// Size figures for `compile --stats`, one line each.
    fn stats(&self) -> String;
    /// Checks the planned board as a whole before it is written (contacts between
    /// neighbouring gadgets, connectivity), reporting progress.
    fn check(&self, _progress: &dyn Observer) -> Result<(), ReduceError> {
        Ok(())
    }
    /// Writes the board's pieces, in board order, into `sink` (already started).
    fn write_board(
        &self,
        sink: &mut dyn BoardSink,
        progress: &dyn Observer,
    ) -> Result<(), ReduceError>;
    /// A model of the formula by the SAT solver, in the formula's own sense (1-in-3
    /// input: a 1-in-3 solution); `None`: it has none.
    fn solve(&self) -> Result<Option<Assignment>, ReduceError>;
    /// The certificate of `model` (a model of the formula), step by step into `sink`;
    /// returns the number of steps.
    fn certify(
        &self,
        model: &Assignment,
        sink: &mut dyn FnMut(Step) -> io::Result<()>,
        progress: &dyn Observer,
    ) -> Result<u64, ReduceError>;
    /// Reads the model of the formula that the certificate in `certificate` encodes,
    /// after checking that `board` is this plan's board (`Err(OtherBoard)`: it is not)
    /// and that the certificate solves it.
    fn decode(
        &self,
        board: &BoardFile,
        certificate: &std::path::Path,
    ) -> Result<Result<Decoded, OtherBoard>, ReduceError>;
}

/// What decoding a certificate found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decoded {
    /// The certificate solves the board; the model of the formula it encodes (checked).
    Model(Assignment),
    /// The certificate does not solve the board (the checker's report); `malformed`:
    /// a step names no piece or leaves the board, rather than being an illegal capture.
    Refused { report: String, malformed: bool },
}

/// Why a board file is not the plan's board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OtherBoard(pub String);

/// What the pipeline tells its caller as it goes (progress bars, `--stats`); every
/// method does nothing by default.
pub trait Observer {
    /// The estimate against the budget, before the plan is made.
    fn estimate(&self, _line: &str) {}
    /// The plan's size figures ([`Plan::stats`]).
    fn stats(&self, _text: &str) {}
    /// A new phase of `total` units starts.
    fn phase(&self, _name: &'static str, _total: u64) {}
    /// `done` units of the phase are done.
    fn at(&self, _done: u64) {}
}

impl Observer for () {}

/// Where a certificate's steps go as they are made; started only when there is a
/// certificate (a satisfiable formula).
pub trait CertificateSink {
    /// Starts a certificate of `kind`.
    fn start(&mut self, kind: CertificateKind) -> io::Result<()>;
    /// The next step.
    fn step(&mut self, step: Step) -> io::Result<()>;
    /// Ends the certificate.
    fn finish(&mut self) -> io::Result<()>;
}

/// A certificate collected in memory.
impl CertificateSink for Vec<Step> {
    fn start(&mut self, _: CertificateKind) -> io::Result<()> {
        Ok(())
    }

    fn step(&mut self, step: Step) -> io::Result<()> {
        self.push(step);
        Ok(())
    }

    fn finish(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Where a board's pieces go as they are made.
pub trait BoardSink {
    /// Starts a `rows × cols` board compiled as `provenance` says.
    fn start(&mut self, rows: u32, cols: u32, provenance: &Provenance) -> io::Result<()>;
    /// The next piece.
    fn piece(
        &mut self,
        kind: PieceKind,
        square: Square,
        budget: u32,
        label: Option<&str>,
    ) -> io::Result<()>;
    /// Ends the board.
    fn finish(&mut self) -> io::Result<()>;
    /// Whether the pieces are streamed out (they cost output, not memory).
    fn streams(&self) -> bool;
}

/// Why a reduction failed. [`ReduceError::is_internal`] tells the program's faults from
/// the input's.
#[derive(Debug, thiserror::Error)]
pub enum ReduceError {
    /// The input cannot be reduced: malformed for this target, or too large.
    #[error(transparent)]
    Input(Box<dyn std::error::Error + Send + Sync>),
    /// A broken invariant: a bug, not the input's fault.
    #[error(transparent)]
    Internal(Box<dyn std::error::Error + Send + Sync>),
    #[error(transparent)]
    OverBudget(#[from] OverBudget),
    /// Reading a board, formula or certificate file.
    #[error(transparent)]
    Read(#[from] InputError),
    /// Writing the board or the certificate.
    #[error("writing the output")]
    Write(#[source] io::Error),
    /// The board file is not the board of the formula.
    #[error("{board}: not the {target} board compiled from {formula}: {reason}")]
    NotTheBoard {
        board: String,
        target: &'static str,
        formula: String,
        reason: String,
    },
    #[error(transparent)]
    Provenance(#[from] ProvenanceError),
}

impl ReduceError {
    /// An input error.
    pub fn input(error: impl std::error::Error + Send + Sync + 'static) -> ReduceError {
        ReduceError::Input(Box::new(error))
    }

    /// An internal error.
    pub fn internal(error: impl std::error::Error + Send + Sync + 'static) -> ReduceError {
        ReduceError::Internal(Box::new(error))
    }

    /// Whether this is the program's fault (a bug to report) rather than the input's.
    pub fn is_internal(&self) -> bool {
        matches!(self, ReduceError::Internal(_))
    }
}

impl From<io::Error> for ReduceError {
    fn from(error: io::Error) -> ReduceError {
        ReduceError::Write(error)
    }
}
