//! The traits every target implements ([`Reduction`] → [`Prepared`] → [`Plan`]) and the
//! sinks and values they exchange with the pipeline.

use std::io;
use std::path::PathBuf;

use sat2chess_check::io::BoardFormat;
use sat2chess_core::board::{PieceKind, Square};
use sat2chess_core::formula::Assignment;
use sat2chess_core::rules::Move;

use super::error::ReduceError;
use super::options::{Limits, Options};
use super::provenance::Provenance;
use crate::front::Input;

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
    /// The target's name: `--to` value, provenance, messages.
    fn name(&self) -> &'static str;
    /// One line on what the target is (`--help`).
    fn about(&self) -> &'static str;
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
    /// [`Plan::decode`], with when each value of the model was read as the certificate
    /// proceeds. A target that reads its model off the whole certificate at once keeps
    /// this default: every value read at the end ([`ReadAt::End`]).
    fn trace(
        &self,
        board: &BoardFile,
        certificate: &std::path::Path,
    ) -> Result<Result<Trace, OtherBoard>, ReduceError> {
        Ok(self.decode(board, certificate)?.map(Trace::at_end))
    }
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

/// When a decoding read a value of the model ([`Plan::trace`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadAt {
    /// Before any move: the transformation chain gives the variable a constant.
    Start,
    /// At this move (counted from 1): its capture decided the value.
    Move(u64),
    /// No move decided it: either value gives a model, the decoder chose one.
    Free,
    /// Once the whole certificate was read (the target reads its model off the whole
    /// sequence).
    End,
}

/// When and where a decoding read one value of the model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ValueRead {
    pub at: ReadAt,
    /// The initial square of the piece whose first capture decides the value, if a
    /// piece does.
    pub square: Option<Square>,
}

/// A decoding with when each value of the model was read ([`Plan::trace`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    pub decoded: Decoded,
    /// One per variable of the model (none when the certificate is refused).
    pub reads: Vec<ValueRead>,
}

impl Trace {
    /// `decoded` with every value read at the end of the certificate.
    pub fn at_end(decoded: Decoded) -> Trace {
        let values = match &decoded {
            Decoded::Model(model) => model.len(),
            Decoded::Refused { .. } => 0,
        };
        Trace {
            decoded,
            reads: vec![
                ValueRead {
                    at: ReadAt::End,
                    square: None,
                };
                values
            ],
        }
    }
}

/// Why a board file is not the plan's board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OtherBoard(pub String);

/// What the pipeline tells its caller as it goes (progress bars, `--stats`): the
/// workspace's one progress interface, defined beside the boards so that the checker
/// and the solver (below this crate) report through it too.
pub use sat2chess_core::progress::Observer;

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
