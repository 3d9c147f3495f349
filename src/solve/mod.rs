//! Exact Solo Chess search: decides whether a board can be reduced to one piece and
//! returns a solving capture sequence, or enumerates the configurations a board can be
//! reduced to on a chosen set of squares (the gadget verifier's "output reading").
//!
//! Both use one engine ([`engine`]): compact slot-indexed states with Zobrist hashing, a
//! transposition table, sleep-set partial-order reduction, and only proven pruning rules
//! from thesis §3.3 ([`analysis`]). [`brute::brute_force`] is the plain reference search.

mod analysis;
pub mod brute;
mod engine;
mod geometry;
mod state;

use std::collections::BTreeSet;
use std::time::Duration;

use crate::board::{Board, PieceKind, Square};
use crate::rules::{Move, Variant};

use engine::Engine;
use geometry::Geometry;

/// Limits and rule variant for a search.
#[derive(Clone, Debug, Default)]
pub struct SolveOptions {
    pub variant: Variant,
    /// Give up (answer [`Verdict::Unknown`]) after expanding this many states.
    pub node_limit: Option<u64>,
    /// Give up (answer [`Verdict::Unknown`]) after this much wall-clock time.
    pub time_limit: Option<Duration>,
}

/// The answer of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Solvable, with a capture sequence that leaves one piece.
    Solvable(Vec<Move>),
    Unsolvable,
    /// A node or time limit was reached first.
    Unknown,
}

/// Counters reported with every answer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// States expanded.
    pub nodes: u64,
    /// Revisits answered by the transposition table.
    pub table_hits: u64,
    /// Entries in the transposition table at the end.
    pub table_entries: u64,
    /// Captures not tried because they were in the sleep set (partial-order reduction).
    pub sleep_skipped: u64,
    /// Captures not tried because they vacate a cut vertex or the last candidate final
    /// square (thesis §3.3.1, Corollary 3.7).
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
    pub elapsed: Duration,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveReport {
    pub verdict: Verdict,
    pub stats: SearchStats,
}

/// A remaining configuration: the pieces left, sorted by square.
pub type Remainder = Vec<(Square, PieceKind, u32)>;

/// Decides whether `board` can be reduced to a single piece.
pub fn solve(board: &Board, options: &SolveOptions) -> SolveReport {
    if board.is_empty() {
        return SolveReport {
            verdict: Verdict::Unsolvable,
            stats: SearchStats::default(),
        };
    }
    let geometry = Geometry::new(board);
    let mut engine = Engine::new(&geometry, board, options);
    let verdict = match engine.solve() {
        Ok(Some(moves)) => Verdict::Solvable(
            moves
                .into_iter()
                .map(|(from, to)| Move::new(from, to))
                .collect(),
        ),
        Ok(None) => Verdict::Unsolvable,
        Err(()) => Verdict::Unknown,
    };
    SolveReport {
        verdict,
        stats: engine.stats,
    }
}

/// [`solve`] with the standard rules and no limits.
pub fn solve_default(board: &Board) -> SolveReport {
    solve(board, &SolveOptions::default())
}

/// Every configuration reachable from `board` in which no piece stands outside `keep`
/// (pieces may move onto `keep` squares). `None` when a limit was reached first.
pub fn remainders(
    board: &Board,
    keep: &BTreeSet<Square>,
    options: &SolveOptions,
) -> (Option<BTreeSet<Remainder>>, SearchStats) {
    let geometry = Geometry::new(board);
    let mut engine = Engine::new(&geometry, board, options);
    let found = engine.remainders(keep).ok();
    (found, engine.stats)
}
