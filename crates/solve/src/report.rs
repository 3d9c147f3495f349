//! What a search answers ([`SolveReport`]): the [`Verdict`] and the counters of the
//! search ([`SearchStats`]).

use std::time::Duration;

use sat2chess_core::board::{PieceKind, Square};
use sat2chess_core::rules::Move;

use super::options::Method;

/// The answer of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Solvable, with a capture sequence that leaves one piece.
    Solvable(Vec<Move>),
    Unsolvable,
    /// A node or time limit (or the spanning-tree engine's memory guard of 40 million
    /// stored states) was reached first.
    Unknown,
}

/// Counters reported with every answer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// States expanded.
    pub nodes: u64,
    /// States answered by the table: dominated by a failed state (solve) or already
    /// expanded (remainders).
    pub table_hits: u64,
    /// Entries in the table at the end (failed budget vectors plus expanded states).
    pub table_entries: u64,
    /// Captures not tried because they vacate a cut vertex or the last candidate final
    /// square (thesis §3.3.1, Corollary 3.7), or capture a piece whose budget the state
    /// cannot spare (its child would fail the budget test).
    pub pruned_moves: u64,
    /// States pruned: total budget below pieces − 1.
    pub dead_budget: u64,
    /// States pruned: two kings in the king-last variant.
    pub dead_kings: u64,
    /// States pruned: capture graph disconnected (or a component without keep squares).
    pub dead_components: u64,
    /// States pruned: no candidate final square left (antennae, stranded 0-pieces).
    pub dead_final_square: u64,
    /// States pruned: a stranded piece outside the keep squares.
    pub dead_stranded: u64,
    /// Side-clearing sub-problems consulted (cut vertex sides, thesis §3.3.1).
    pub side_checks: u64,
    /// States pruned: a side of a cut vertex cannot be cleared into it.
    pub dead_sides: u64,
    /// Block moves taken: a cut vertex side cleared as one unit (thesis §3.3.1).
    pub block_moves: u64,
    /// States of a polynomial special class met during the search (every budget ≤ 1,
    /// or one line) and decided outright by [`special`](crate::special).
    pub(crate) special_states: u64,
    /// Which engine answered.
    pub method: Method,
    /// Variables and clauses of the SAT encoding (when [`Method::Sat`] answered).
    pub sat_variables: u64,
    pub sat_clauses: u64,
    pub elapsed: Duration,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveReport {
    pub verdict: Verdict,
    pub stats: SearchStats,
    /// Which method decided, and why (`solve --explain`).
    pub reason: String,
}

/// A remaining configuration: the pieces left, sorted by square.
pub type Remainder = Vec<(Square, PieceKind, u32)>;

/// The reason text of an exact engine's answer.
pub(crate) fn exact_reason(verdict: &Verdict, engine: &str) -> String {
    match verdict {
        Verdict::Solvable(_) => format!("{engine} found a solving sequence"),
        Verdict::Unsolvable => format!("{engine} exhausted every capture sequence"),
        Verdict::Unknown => format!("{engine} reached a limit first"),
    }
}

/// An engine's answer (`Err`: a limit was reached) as a [`Verdict`].
pub(crate) fn verdict(answer: Result<Option<Vec<(Square, Square)>>, ()>) -> Verdict {
    match answer {
        Ok(Some(moves)) => Verdict::Solvable(captures(moves)),
        Ok(None) => Verdict::Unsolvable,
        Err(()) => Verdict::Unknown,
    }
}

pub(crate) fn captures(moves: Vec<(Square, Square)>) -> Vec<Move> {
    moves
        .into_iter()
        .map(|(from, to)| Move::new(from, to))
        .collect()
}
