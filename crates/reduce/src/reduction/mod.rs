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
//! Targets: the tile backends King and Knight (`tiles`, thesis ch. 5–6), Rook
//! (`rooks`, ch. 7), Queen and Bishop as the rook board retargeted (`retargeted`,
//! Brunner et al. Cor. 3.4/3.5); the n-Queens chain lives in `sat2chess-nqueens` and
//! implements the same traits. A board records what it was compiled from and with which
//! options ([`Provenance`]), so `decode` needs nothing but the board, the certificate and
//! the formula.

mod captures;
mod error;
mod interface;
mod options;
pub mod pipeline;
mod provenance;
pub mod rbds_rook;
mod retargeted;
mod rooks;
mod sinks;
mod tiles;

pub use crate::front::Input;
pub use captures::{CaptureDecoding, decode_captures};
pub use error::ReduceError;
pub use interface::{
    BoardFile, BoardSink, CertificateKind, CertificateSink, Decoded, Observer, OtherBoard, Plan,
    Prepared, ReadAt, Reduction, Step, Trace, ValueRead,
};
pub use options::{DEFAULT_MAX_SIDE, Limits, Options};
pub(crate) use provenance::hex_digest;
pub use provenance::{Provenance, ProvenanceError, source_digest};
pub use retargeted::{BISHOP, QUEEN, Retargeted};
pub use rooks::{ROOK, Rooks};
pub use sinks::{BoardInMemory, CertificateWriter, JsonBoard};
pub use tiles::{KING, KNIGHT, Tiles};
