//! Why a reduction failed, and whether that is the program's fault or the input's.

use std::io;

use sat2chess_check::io::InputError;
use sat2chess_core::budget::OverBudget;

use super::provenance::ProvenanceError;

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
