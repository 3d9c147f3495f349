//! Decomposition of any board along its *potential capture graph* (no gadget labels
//! read): the squares, joined when a kind that can ever stand on one reaches the other
//! on an empty board (blockers removed; ranged pieces along their lines, knights, kings
//! and pawns by their steps). Every capture of every sequence is an edge of it, since a
//! piece only ever stands on an original square and blockers only forbid captures.
//!
//! Two necessary conditions, each refuting a board outright (its proof in the module
//! doc of the rule):
//! * [`components`]: the graph must be connected: pieces of two components never meet;
//! * [`cuts`]: at a square `c` splitting the graph into sides, each side must hold the
//!   budget to vacate its squares, up to the final square's side (one piece may stay)
//!   and one side that the piece leaving `c` — `c` is left once in a whole game (Brunner
//!   et al. Lemma 2.1) — may enter with its remaining budget.
//!
//! They run on every board under the automatic choice, after the special cases and
//! before any engine (`crate::solve`), in time near-linear in the possible captures.

mod components;
mod cuts;

use sat2chess_core::board::{Board, PieceKind, Square};

use crate::sat_encode::{Capture, possible_captures};

/// Boards with more pieces are not decomposed (the possible captures take memory
/// linear in their number; the engines' own set-up is the larger cost there).
pub(crate) const MAX_PIECES: usize = 1 << 20;

/// Why `board` cannot be cleared to one piece, if one of the rules shows it.
pub(crate) fn refute(board: &Board) -> Option<String> {
    if board.len() < 2 || board.len() > MAX_PIECES {
        return None;
    }
    let graph = PotentialGraph::new(board);
    let split = components::components(&graph);
    if split.count > 1 {
        return Some(split.reason(board));
    }
    cuts::refute(board, &graph.captures)
}

/// The possible captures of a board among all its kinds, with each square's kind as a
/// bit of [`PotentialGraph::kinds`].
pub(crate) struct PotentialGraph {
    pub captures: Vec<Capture>,
    /// Bit `k` of a square's mask: its piece is of kind `kinds[k]`.
    pub kind_of: Vec<u32>,
}

impl PotentialGraph {
    pub fn new(board: &Board) -> PotentialGraph {
        let mut kinds: Vec<PieceKind> = board.pieces().iter().map(|p| p.kind).collect();
        kinds.sort_unstable();
        kinds.dedup();
        let kind_of = board
            .pieces()
            .iter()
            .map(|p| 1 << kinds.iter().position(|&k| k == p.kind).unwrap_or(0))
            .collect();
        PotentialGraph {
            captures: possible_captures(board, &kinds),
            kind_of,
        }
    }
}

/// Up to `shown` squares of `members`, then how many more.
fn some_squares(board: &Board, members: &[u32], shown: usize) -> String {
    let squares: Vec<Square> = members
        .iter()
        .take(shown)
        .map(|&s| board.pieces()[s as usize].square)
        .collect();
    let mut text = squares
        .iter()
        .map(Square::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    if members.len() > shown {
        text.push_str(&format!(" and {} more", members.len() - shown));
    }
    text
}

#[cfg(test)]
mod tests;
