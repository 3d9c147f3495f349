//! Exact Solo Chess search: decides whether a board can be reduced to one piece and
//! returns a solving capture sequence, or enumerates the configurations a board can be
//! reduced to on a chosen set of squares (the gadget verifier's "output reading").
//!
//! Boards of kings only or knights only with budgets ≤ 2 (every King and Knight 2-Solo
//! Chess board and gadget) go to the spanning-tree engine (`tree`): their capture graph
//! never changes, so a capture sequence is a forest on it, and a dynamic program over a
//! narrow vertex order decides them without enumerating capture orders. Every other board
//! goes to the search engine (`engine`): compact slot-indexed states with Zobrist
//! hashing, a dominance table of failed states (thesis §3.3 monotony), block moves at cut
//! vertices, and only proven pruning rules from thesis §3.3 (`analysis`).
//! A second exact method, the SAT encoding of the whole game (`sat_encode`, solved by
//! splr), runs beside the search engine (`portfolio`) once the search has had
//! [`AUTO_HEAD_START`] alone, or alone when forced.
//! Before all of them, the polynomial special cases (`special`: budgets ≤ 1, one row or
//! column, one piece type with unlimited budgets, one uncapturable hero among villains
//! whose captures include its own with unlimited budgets, pawns with budgets ≤ 2) decide
//! their classes outright.
//! Then the potential capture graph is decomposed (`decompose`: components, budget
//! across cut squares), which refutes some boards without search.
//! [`brute::brute_force`] is the plain reference search.

mod analysis;
pub mod brute;
mod chains;
mod clock;
pub mod count;
mod decompose;
mod encoding_check;
mod engine;
pub mod generate;
pub(crate) mod geometry;
mod heartbeat;
mod kinds;
mod lines;
mod options;
mod order;
mod portfolio;
mod ranged;
mod report;
mod restarts;
pub mod sat;
pub(crate) mod sat_encode;
mod search;
mod special;
mod state;
#[cfg(test)]
mod test_boards;
mod tree;
#[cfg(test)]
mod uncapturable_tests;

pub use encoding_check::{EncodingCheck, EncodingMismatch, check_encoding};
pub use heartbeat::Heartbeat;
pub use options::{AUTO_HEAD_START, Method, SolveOptions};
pub use report::{Remainder, SearchStats, SolveReport, Verdict};
pub use special::SpecialCase;

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use sat2chess_core::board::{Board, Square};
use sat2chess_core::rules::{Move, Variant};

use clock::Clock;
use engine::Engine;
use geometry::Geometry;
use options::after_setup;
use report::{captures, exact_reason, verdict};
use search::search;
use tree::TreeEngine;

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
    if let Some(report) = decomposition(board, options) {
        return report;
    }
    let heartbeat = options.heartbeat.as_deref();
    if uses_tree(board, options) {
        heartbeat::start(heartbeat, "tree");
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
        Some(Method::Sat) => {
            heartbeat::start(heartbeat, "sat");
            portfolio::sat_only(board, options, start)
        }
        Some(Method::Portfolio) if options.node_limit.is_none() => {
            heartbeat::start(heartbeat, portfolio::BOTH);
            portfolio::solve(board, options, start, Duration::ZERO)
        }
        None if options.node_limit.is_none() => {
            // The SAT thread names both engines when it starts.
            heartbeat::start(heartbeat, "search");
            portfolio::solve(board, options, start, AUTO_HEAD_START)
        }
        _ => {
            heartbeat::start(heartbeat, "search");
            search(board, options, start)
        }
    }
}

/// The special case deciding `board`, unless an engine is forced.
/// Decides `board` with the SAT encoding alone (as `Method::Sat`, no special cases)
/// and hands back the final encoding: the static clauses and the cycle clauses added
/// on the way, in the order the solver took them (`None` when the board is too large
/// to encode, or has at most one piece). When the verdict is UNSOLVABLE, this CNF is
/// unsatisfiable, and [`sat::prove_unsatisfiable`] writes a proof of it.
pub fn solve_by_encoding(
    board: &Board,
    options: &SolveOptions,
) -> (SolveReport, Option<sat::FlatCnf>) {
    let start = Instant::now();
    let mut settings = portfolio::sat_settings(options, start);
    settings.keep_cnf = true;
    let mut run = sat_encode::solve_by_sat(board, &settings);
    let cnf = run.cnf.take();
    (portfolio::sat_report(run, start), cnf)
}

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

/// The board decided by decomposing its potential capture graph (`decompose`: refuted,
/// or solved along the hero's walk), unless an engine is forced.
fn decomposition(board: &Board, options: &SolveOptions) -> Option<SolveReport> {
    if options.method.is_some() {
        return None;
    }
    let start = Instant::now();
    let deadline = options.time_limit.map(|limit| start + limit);
    let decision = decompose::decide(board, options.variant.on(board), deadline)?;
    Some(SolveReport {
        verdict: match decision.moves {
            Some(moves) => Verdict::Solvable(moves),
            None => Verdict::Unsolvable,
        },
        stats: SearchStats {
            method: Method::Decomposition,
            elapsed: start.elapsed(),
            ..SearchStats::default()
        },
        reason: decision.reason,
    })
}

/// Whether `board` can be reduced to a single piece, without a capture sequence
/// (`None`: a limit was reached). Kings-only and knights-only boards are decided over a
/// tree decomposition where it is narrower than the best path order — far wider boards
/// than [`solve`] can give a sequence for; other boards by [`solve`].
pub fn decide(board: &Board, options: &SolveOptions) -> (Option<bool>, SearchStats) {
    if board.is_empty() {
        return (Some(false), SearchStats::default());
    }
    if let Some(report) = special_case(board, options).or_else(|| decomposition(board, options)) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use sat2chess_core::board::{Piece, PieceKind};
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
        assert!(
            report.reason.contains("a king, which may not be captured"),
            "{}",
            report.reason
        );
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

    #[test]
    fn a_knight_joining_both_bishop_colours_is_seen_through_at_once() {
        // 20 bishops of both square colours and one knight of budget 1 (the issue's
        // class): without the chain rule the search ran past 10 s; now the first state
        // is dead, since no square is reachable by chains from both colours.
        let mut pieces = vec![Piece::new(PieceKind::Knight, Square::new(6, 6), 1)];
        for (r, c) in [
            (6, 2),
            (4, 7),
            (2, 4),
            (5, 2),
            (3, 6),
            (3, 5),
            (3, 8),
            (4, 2),
            (7, 8),
            (3, 4),
            (3, 7),
            (7, 6),
            (7, 4),
            (2, 6),
            (1, 6),
            (8, 8),
            (1, 7),
            (6, 5),
            (2, 2),
            (2, 5),
        ] {
            pieces.push(Piece::new(PieceKind::Bishop, Square::new(r, c), 2));
        }
        let board = Board::new(8, 8, pieces).unwrap();
        let options = SolveOptions {
            method: Some(Method::Search),
            ..SolveOptions::default()
        };
        let report = solve(&board, &options);
        assert_eq!(report.verdict, Verdict::Unsolvable);
        assert_eq!(report.stats.nodes, 1);
        assert_eq!(report.stats.dead_final_square, 1);
    }
}
