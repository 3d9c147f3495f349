//! The search engines' answers ([`search`]): the compact ranged engine ([`super::ranged`])
//! for boards it applies to, the general search engine ([`super::engine`]) for the rest.

use std::time::Instant;

use sat2chess_core::board::Board;

use super::analysis;
use super::clock::Clock;
use super::engine::Engine;
use super::geometry::Geometry;
use super::options::{SolveOptions, after_setup};
use super::ranged;
use super::report::{SearchStats, SolveReport, Verdict, exact_reason, verdict};

/// The search engine's answer; the limits count from `start`.
pub(crate) fn search(board: &Board, options: &SolveOptions, start: Instant) -> SolveReport {
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
    let engine_options = after_setup(options, start);
    let answer = with_stack(board.len(), || {
        let mut engine = Engine::new(&geometry, board, &engine_options);
        let verdict = verdict(engine.solve());
        (verdict, std::mem::take(&mut engine.stats))
    });
    geometry.release();
    let Some((verdict, mut stats)) = answer else {
        return SolveReport {
            verdict: Verdict::Unknown,
            stats: SearchStats {
                elapsed: start.elapsed(),
                ..SearchStats::default()
            },
            reason: "search engine: no thread could be started for the search".into(),
        };
    };
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

/// The compact ranged engine's answer ([`ranged`](super::ranged)); its candidate final squares are
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

/// Runs `work` on a thread whose stack holds the engine's recursion, one frame per
/// capture: its depth reaches the board's piece count, and the default stack of a
/// spawned thread (2 MiB) overflowed near 30 000 pieces. The memory is reserved, not
/// used, until the recursion gets there. `None` when no thread can be started.
fn with_stack<T: Send>(pieces: usize, work: impl FnOnce() -> T + Send) -> Option<T> {
    let size = (16 << 20) + pieces.saturating_mul(4 << 10);
    std::thread::scope(|scope| {
        let thread = std::thread::Builder::new()
            .name("sat2chess-search-engine".into())
            .stack_size(size)
            .spawn_scoped(scope, work)
            .ok()?;
        Some(
            thread
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
        )
    })
}
