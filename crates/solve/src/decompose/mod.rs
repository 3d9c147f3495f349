//! Decomposition of any board along its *potential capture graph* (no gadget labels
//! read): the squares, joined when a kind that can ever stand on one reaches the other
//! on an empty board (blockers removed; ranged pieces along their lines, knights, kings
//! and pawns by their steps). Every capture of every sequence is an edge of it, since a
//! piece only ever stands on an original square and blockers only forbid captures.
//!
//! Three necessary conditions, each refuting a board outright (its proof in the module
//! doc of the rule):
//! * [`components`]: the graph must be connected: pieces of two components never meet;
//! * [`cuts`]: at a square `c` splitting the graph into sides, each side must hold the
//!   budget to vacate its squares, up to the final square's side (one piece may stay)
//!   and one side that the piece leaving `c` — `c` is left once in a whole game (Brunner
//!   et al. Lemma 2.1) — may enter with its remaining budget;
//! * [`hero`]: with one uncapturable piece, its simple walk over the occupied squares
//!   must enter every group of the other pieces that capture only among themselves
//!   (and when the walk found lets every other piece drain into it, the board is solved).
//!
//! They run on every board under the automatic choice, after the special cases and
//! before any engine (`crate::solve`), in time near-linear in the possible captures.

mod components;
mod cuts;
mod hero;
mod walk_sat;

use std::time::Instant;

use sat2chess_core::board::Board;
use sat2chess_core::rules::Variant;

use crate::special::Decision;

pub(crate) use components::PotentialGraph;

/// Boards with more pieces are not decomposed (the possible captures take memory
/// linear in their number; the engines' own set-up is the larger cost there).
pub(crate) const MAX_PIECES: usize = 1 << 20;

/// Why `board` cannot be cleared to one piece under `variant`, if one of the rules
/// shows it, or a solving sequence the hero's walk found (every rule's answer is
/// exact); the hero's walk gives up at `deadline`.
pub(crate) fn decide(
    board: &Board,
    variant: Variant,
    deadline: Option<Instant>,
) -> Option<Decision> {
    if board.len() < 2 || board.len() > MAX_PIECES {
        return None;
    }
    let graph = PotentialGraph::new(board);
    let split = components::components(&graph);
    let refuted = if split.count > 1 {
        Some(split.reason(board))
    } else {
        cuts::refute(board, &graph.captures)
    };
    match refuted {
        Some(reason) => Some(Decision {
            moves: None,
            reason,
        }),
        None => hero::decide(board, variant, &graph, deadline),
    }
}

#[cfg(test)]
mod tests;
