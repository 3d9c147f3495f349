//! Exact Solo Chess search: decides whether a board can be reduced to one piece and
//! returns a solving capture sequence, or enumerates the configurations a board can be
//! reduced to on a chosen set of squares (the gadget verifier's "output reading").
//!
//! Boards of kings only or knights only with budgets ≤ 2 (every King and Knight 2-Solo
//! Chess board and gadget) go to the spanning-tree engine ([`tree`]): their capture graph
//! never changes, so a capture sequence is a forest on it, and a dynamic program over a
//! narrow vertex order decides them without enumerating capture orders. Every other board
//! goes to the search engine ([`engine`]): compact slot-indexed states with Zobrist
//! hashing, a dominance table of failed states (thesis §3.3 monotony), block moves at cut
//! vertices, and only proven pruning rules from thesis §3.3 ([`analysis`]).
//! A second exact method, the SAT encoding of the whole game ([`sat_encode`], solved by
//! splr), runs beside the search engine ([`portfolio`]) once the search has had
//! [`AUTO_HEAD_START`] alone, or alone when forced.
//! Before all of them, the polynomial special cases ([`special`]: budgets ≤ 1, one row or
//! column, one piece type with unlimited budgets, one king and queens under king-last
//! with unlimited budgets, pawns with budgets ≤ 2) decide their classes outright.
//! [`brute::brute_force`] is the plain reference search.

mod analysis;
pub mod brute;
mod chains;
mod decompose;
mod engine;
pub(crate) mod geometry;
mod lines;
mod order;
mod portfolio;
mod ranged;
mod restarts;
pub mod sat;
pub mod sat_encode;
mod special;
mod state;
mod tree;

pub use special::SpecialCase;

use std::collections::BTreeSet;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use sat2chess_core::board::{Board, PieceKind, Square};
use sat2chess_core::rules::{Move, Variant};

use analysis::Clock;
use engine::Engine;
use geometry::Geometry;
use tree::TreeEngine;

/// How long the search engine runs alone under the automatic choice before the SAT
/// encoding starts beside it: boards the search decides at once never pay for the
/// encoding or a second thread.
pub const AUTO_HEAD_START: Duration = Duration::from_millis(200);

/// Limits and rule variant for a search.
#[derive(Clone, Debug, Default)]
pub struct SolveOptions {
    pub variant: Variant,
    /// Give up (answer [`Verdict::Unknown`]) after this many states (the search engine
    /// also counts the captures it refutes by the budget test without entering them).
    pub node_limit: Option<u64>,
    /// Give up (answer [`Verdict::Unknown`]) after this much wall-clock time, counted
    /// from the call, set-up included.
    pub time_limit: Option<Duration>,
    /// Give up (answer [`Verdict::Unknown`]) soon after another thread sets this flag;
    /// read as often as the clock, in the set-up too.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Force an engine; `None` tries the special cases, then picks the spanning-tree
    /// engine where it applies, else the portfolio with the SAT encoding starting after
    /// [`AUTO_HEAD_START`] (the SAT encoding decided more boards than the search on every
    /// class of `cargo bench --bench portfolio`, the search some boards sooner). The
    /// portfolio runs the search engine alone when `node_limit` is set (the SAT solver
    /// counts no nodes).
    pub method: Option<Method>,
}

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
    /// or one line) and decided outright by [`special`].
    pub special_states: u64,
    /// Which engine answered.
    pub method: Method,
    /// Variables and clauses of the SAT encoding (when [`Method::Sat`] answered).
    pub sat_variables: u64,
    pub sat_clauses: u64,
    pub elapsed: Duration,
}

/// The engine behind an answer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Method {
    /// Depth-first search over capture sequences ([`engine`]).
    #[default]
    Search,
    /// Dynamic programming over spanning forests of the capture graph ([`tree`]); `nodes`
    /// counts DP states, `table_hits` merged states, `table_entries` the frontier width.
    SpanningTree,
    /// A polynomial special case ([`special`]) decided the board without search.
    Special(SpecialCase),
    /// The SAT encoding of the whole game ([`sat_encode`]) solved by splr.
    Sat,
    /// As a forced choice only: the search engine and the SAT encoding on two threads,
    /// first exact answer wins ([`portfolio`]); a report names the engine that answered.
    Portfolio,
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

/// Decides whether `board` can be reduced to a single piece.
pub fn solve(board: &Board, options: &SolveOptions) -> SolveReport {
    let start = Instant::now();
    if board.is_empty() {
        return SolveReport {
            verdict: Verdict::Unsolvable,
            stats: SearchStats::default(),
            reason: "an empty board has no piece to be the last one".into(),
        };
    }
    if let Some(report) = special_case(board, options) {
        return report;
    }
    if uses_tree(board, options) {
        let mut engine = TreeEngine::new(board, options);
        let verdict = verdict(engine.solve().map_err(|_| ()));
        let mut stats = engine.release();
        stats.method = Method::SpanningTree;
        return SolveReport {
            reason: exact_reason(
                &verdict,
                "spanning-tree engine: dynamic programming over spanning forests of the capture graph",
            ),
            verdict,
            stats,
        };
    }
    match options.method {
        Some(Method::Sat) => portfolio::sat_only(board, options, start),
        Some(Method::Portfolio) if options.node_limit.is_none() => {
            portfolio::solve(board, options, start, Duration::ZERO)
        }
        None if options.node_limit.is_none() => {
            portfolio::solve(board, options, start, AUTO_HEAD_START)
        }
        _ => search(board, options, start),
    }
}

/// The search engine's answer; the limits count from `start`.
fn search(board: &Board, options: &SolveOptions, start: Instant) -> SolveReport {
    let Some(geometry) =
        Geometry::build(board, &mut Clock::for_options(&after_setup(options, start)))
    else {
        return SolveReport {
            verdict: Verdict::Unknown,
            stats: SearchStats {
                elapsed: start.elapsed(),
                ..SearchStats::default()
            },
            reason: "search engine: the limit was reached while building the board's geometry"
                .into(),
        };
    };
    if ranged::applies(board, options) {
        return ranged_search(board, &geometry, options, start);
    }
    let mut engine = Engine::new(&geometry, board, &after_setup(options, start));
    let verdict = verdict(engine.solve());
    let mut stats = std::mem::take(&mut engine.stats);
    drop(engine);
    geometry.release();
    stats.elapsed = start.elapsed();
    SolveReport {
        reason: exact_reason(
            &verdict,
            "search engine: depth-first search with proven pruning (thesis §3.3)",
        ),
        verdict,
        stats,
    }
}

/// The compact ranged engine's answer ([`ranged`]); its candidate final squares are
/// those of the general analysis of the start board (antennae, Cor. 3.7).
fn ranged_search(
    board: &Board,
    geometry: &Geometry,
    options: &SolveOptions,
    start: Instant,
) -> SolveReport {
    let mut engine = ranged::RangedEngine::new(board, &after_setup(options, start));
    let answer = match analysis::initial_finals(geometry, board) {
        None => Ok(None),
        Some(finals) => {
            let mask = (0..geometry.len())
                .filter(|&slot| finals[slot])
                .filter_map(|slot| engine.slot(geometry.squares[slot]))
                .fold(0u128, |mask, slot| mask | 1u128 << slot);
            engine.solve(mask)
        }
    };
    let verdict = match answer {
        Ok(Some(moves)) => Verdict::Solvable(moves),
        Ok(None) => Verdict::Unsolvable,
        Err(()) => Verdict::Unknown,
    };
    let mut stats = std::mem::take(&mut engine.stats);
    stats.elapsed = start.elapsed();
    SolveReport {
        reason: exact_reason(
            &verdict,
            "compact ranged search (one ranged kind, ≤ 128 pieces, proven pruning)",
        ),
        verdict,
        stats,
    }
}

/// `options` with the time limit left after the set-up that began at `start`: the
/// engine's clock starts after the set-up, the limit counts from the call.
fn after_setup(options: &SolveOptions, start: Instant) -> SolveOptions {
    SolveOptions {
        time_limit: options
            .time_limit
            .map(|limit| limit.saturating_sub(start.elapsed())),
        ..options.clone()
    }
}

/// The special case deciding `board`, unless an engine is forced.
fn special_case(board: &Board, options: &SolveOptions) -> Option<SolveReport> {
    if options.method.is_some() {
        return None;
    }
    let start = Instant::now();
    let (case, decision) = special::decide(board, options.variant)?;
    let stats = SearchStats {
        method: Method::Special(case),
        elapsed: start.elapsed(),
        ..SearchStats::default()
    };
    let verdict = match decision.moves {
        Some(moves) => Verdict::Solvable(moves),
        None => Verdict::Unsolvable,
    };
    Some(SolveReport {
        verdict,
        stats,
        reason: format!("{}: {}", case.name(), decision.reason),
    })
}

/// The reason text of an exact engine's answer.
fn exact_reason(verdict: &Verdict, engine: &str) -> String {
    match verdict {
        Verdict::Solvable(_) => format!("{engine} found a solving sequence"),
        Verdict::Unsolvable => format!("{engine} exhausted every capture sequence"),
        Verdict::Unknown => format!("{engine} reached a limit first"),
    }
}

/// An engine's answer (`Err`: a limit was reached) as a [`Verdict`].
fn verdict(answer: Result<Option<Vec<(Square, Square)>>, ()>) -> Verdict {
    match answer {
        Ok(Some(moves)) => Verdict::Solvable(captures(moves)),
        Ok(None) => Verdict::Unsolvable,
        Err(()) => Verdict::Unknown,
    }
}

fn captures(moves: Vec<(Square, Square)>) -> Vec<Move> {
    moves
        .into_iter()
        .map(|(from, to)| Move::new(from, to))
        .collect()
}

/// Whether `board` can be reduced to a single piece, without a capture sequence
/// (`None`: a limit was reached). Kings-only and knights-only boards are decided over a
/// tree decomposition where it is narrower than the best path order — far wider boards
/// than [`solve`] can give a sequence for; other boards by [`solve`].
pub fn decide(board: &Board, options: &SolveOptions) -> (Option<bool>, SearchStats) {
    if board.is_empty() {
        return (Some(false), SearchStats::default());
    }
    if let Some(report) = special_case(board, options) {
        return (
            Some(matches!(report.verdict, Verdict::Solvable(_))),
            report.stats,
        );
    }
    if uses_tree(board, options) {
        let mut engine = TreeEngine::new(board, options);
        let verdict = engine.decide().ok();
        let mut stats = engine.release();
        stats.method = Method::SpanningTree;
        return (verdict, stats);
    }
    let report = solve(board, options);
    let verdict = match report.verdict {
        Verdict::Solvable(_) => Some(true),
        Verdict::Unsolvable => Some(false),
        Verdict::Unknown => None,
    };
    (verdict, report.stats)
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
    if uses_tree(board, options) && kept_pieces(board, keep) <= tree::MAX_KEEP {
        let mut engine = TreeEngine::new(board, options);
        let found = engine.remainders(keep).ok();
        let mut stats = engine.release();
        stats.method = Method::SpanningTree;
        return (found, stats);
    }
    let start = Instant::now();
    let Some(geometry) = Geometry::build(board, &mut Clock::for_options(options)) else {
        return (None, SearchStats::default());
    };
    let mut engine = Engine::new(&geometry, board, &after_setup(options, start));
    let found = engine.remainders(keep).ok();
    let stats = std::mem::take(&mut engine.stats);
    drop(engine);
    geometry.release();
    (found, stats)
}

/// Whether the spanning-tree engine decides `board` under `variant` (kings only or
/// knights only, budgets ≤ 2; kings only under the standard rules).
pub fn spanning_tree_applies(board: &Board, variant: Variant) -> bool {
    tree::applies(board, variant)
}

/// Whether [`solve`] and [`remainders`] use the spanning-tree engine for `board`.
fn uses_tree(board: &Board, options: &SolveOptions) -> bool {
    matches!(options.method, None | Some(Method::SpanningTree))
        && tree::applies(board, options.variant)
}

fn kept_pieces(board: &Board, keep: &BTreeSet<Square>) -> usize {
    board
        .pieces()
        .iter()
        .filter(|p| keep.contains(&p.square))
        .count()
}

/// The answer of [`clear_to`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cleared {
    /// A capture sequence and the configuration it leaves on the keep squares.
    Found(Vec<Move>, Remainder),
    /// No reachable configuration on the keep squares is accepted.
    Impossible,
    /// A node or time limit was reached first.
    Unknown,
    /// The board is not one the spanning-tree engine decides (kings only or knights only,
    /// budgets ≤ 2, at most 32 pieces on keep squares).
    Unsupported,
}

/// A capture sequence that leaves no piece outside `keep` and a configuration `accept`
/// takes (the certificate builder's local sequences, the verifier's witnesses).
pub fn clear_to(
    board: &Board,
    keep: &BTreeSet<Square>,
    accept: &dyn Fn(&Remainder) -> bool,
    options: &SolveOptions,
) -> (Cleared, SearchStats) {
    if !tree::applies(board, options.variant) || kept_pieces(board, keep) > tree::MAX_KEEP {
        return (Cleared::Unsupported, SearchStats::default());
    }
    let mut engine = TreeEngine::new(board, options);
    let cleared = match engine.clear_to(keep, accept) {
        Ok(Some((moves, remainder))) => Cleared::Found(captures(moves), remainder),
        Ok(None) => Cleared::Impossible,
        Err(_) => Cleared::Unknown,
    };
    let mut stats = engine.release();
    stats.method = Method::SpanningTree;
    (cleared, stats)
}

/// Test boards drawn as pictures, shared by the solver's unit tests.
#[cfg(test)]
pub(crate) mod test_boards {
    use sat2chess_core::board::{Board, Piece, PieceKind, Square};

    /// Kings from a picture: digits are budgets, anything else is empty.
    pub(crate) fn kings(picture: &[&str]) -> Board {
        let mut pieces = Vec::new();
        for (r, line) in picture.iter().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                if let Some(budget) = ch.to_digit(10) {
                    let square = Square::new(r as u32 + 1, c as u32 + 1);
                    pieces.push(Piece::new(PieceKind::King, square, budget));
                }
            }
        }
        Board::fitted(pieces).unwrap()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sat2chess_core::rules::Position;

    use super::test_boards::kings;

    /// Options forcing the search engine (king boards go to the tree engine otherwise).
    fn search_engine() -> SolveOptions {
        SolveOptions {
            method: Some(Method::Search),
            ..SolveOptions::default()
        }
    }

    fn replays(board: &Board, moves: &[Move], variant: Variant) -> bool {
        let mut position = Position::new(board, variant);
        moves.iter().all(|&mv| position.apply(mv).is_ok()) && position.len() == 1
    }

    #[test]
    fn one_test_harness_needs_signal_one() {
        // Reference one_test.txt: wire with a 1-test; solvable iff the signal is >= 1.
        let solvable = kings(&["1222.", ".222.", "....2", "....2", "....2"]);
        let report = solve_default(&solvable);
        let Verdict::Solvable(moves) = &report.verdict else {
            panic!("expected solvable, got {:?}", report.verdict)
        };
        assert!(replays(&solvable, moves, Variant::Standard));
        let unsolvable = kings(&["0222.", ".222.", "....2", "....2", "....2"]);
        assert_eq!(solve_default(&unsolvable).verdict, Verdict::Unsolvable);
    }

    #[test]
    fn blocks_clear_cut_vertex_sides_as_units() {
        // The 1-test antenna below (2,5) holds the final square (Corollary 3.7), so the
        // wire left of the cut vertex (2,5) must be cleared into it: a block.
        let board = kings(&["12222.", ".2222.", ".....2", ".....2", ".....2"]);
        let report = solve(&board, &search_engine());
        let Verdict::Solvable(moves) = &report.verdict else {
            panic!("expected solvable, got {:?}", report.verdict)
        };
        assert!(replays(&board, moves, Variant::Standard));
        assert!(report.stats.side_checks > 0 && report.stats.block_moves > 0);
        assert_eq!(
            brute::brute_force(&board, Variant::Standard).is_some(),
            matches!(report.verdict, Verdict::Solvable(_))
        );
    }

    #[test]
    fn uncleanable_side_is_dead() {
        // The left side (1,1),(2,1) cannot be cleared into the cut vertex (2,2):
        // its pieces have no budget.
        let board = kings(&["0....", "0222.", "..222"]);
        let report = solve_default(&board);
        assert_eq!(report.verdict, Verdict::Unsolvable);
        assert_eq!(brute::brute_force(&board, Variant::Standard), None);
    }

    #[test]
    fn king_last_forbids_two_kings() {
        // Not on one line, budgets 2: no special case inside the search either.
        let board = kings(&["2.", ".2"]);
        let options = SolveOptions {
            variant: Variant::KingLast,
            ..search_engine()
        };
        let report = solve(&board, &options);
        assert_eq!(report.verdict, Verdict::Unsolvable);
        assert_eq!(report.stats.dead_kings, 1);
        // Automatically, the unlimited-budget special case decides it without search.
        let options = SolveOptions {
            variant: Variant::KingLast,
            ..SolveOptions::default()
        };
        let report = solve(&board, &options);
        assert_eq!(report.verdict, Verdict::Unsolvable);
        assert_eq!(report.stats.method, Method::Special(SpecialCase::Unlimited));
        assert!(report.reason.contains("king-last"), "{}", report.reason);
    }

    #[test]
    fn limits_give_unknown() {
        let board = kings(&["0222222222", "2222222222", "..........2"]);
        let options = SolveOptions {
            node_limit: Some(5),
            ..SolveOptions::default()
        };
        let report = solve(&board, &options);
        assert_eq!(report.verdict, Verdict::Unknown);
        let keep: BTreeSet<Square> = [Square::new(3, 11)].into();
        assert!(remainders(&board, &keep, &options).0.is_none());
    }

    #[test]
    fn remainders_take_every_block_outcome() {
        // The wire left of the cut vertex (2,4) holds no keep square, so it is cleared
        // into (2,4) as blocks, one per outcome budget; the result must match the plain
        // enumeration (brute force over all reachable states, in the property tests).
        let board = kings(&["2222.", ".222.", "...22"]);
        let keep: BTreeSet<Square> = [Square::new(3, 4), Square::new(3, 5)].into();
        let (found, stats) = remainders(&board, &keep, &search_engine());
        let found = found.unwrap();
        assert!(stats.block_moves > 0);
        let singles: BTreeSet<(Square, u32)> = found
            .iter()
            .filter(|r| r.len() == 1)
            .map(|r| (r[0].0, r[0].2))
            .collect();
        // A 2-signal survives the wire: some single piece keeps budget ≥ 1.
        assert!(singles.iter().any(|&(_, budget)| budget >= 1));
    }

    #[test]
    fn remainders_read_a_wire_output() {
        // A 1-signal through a 3-column wire arrives as a single 1-king on (2,4) or (1,4).
        let board = kings(&["1222", ".222"]);
        let keep: BTreeSet<Square> = [Square::new(1, 4), Square::new(2, 4)].into();
        let (found, _) = remainders(&board, &keep, &SolveOptions::default());
        let found = found.unwrap();
        let best = found.iter().filter(|r| r.len() == 1).map(|r| r[0].2).max();
        assert_eq!(best, Some(1));
    }
}
