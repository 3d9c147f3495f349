//! The capture-chain rule: where the final piece can stand, from which kinds can still
//! move from which squares (a kind-aware, directed refinement of the components rule).
//!
//! Lemma (after Brunner et al., Lemma 2.1). In a solution ending on square f, every
//! occupied square v0 ≠ f starts a *chain* v0 → v1 → … → vk = f: v_i is vacated by a
//! capture onto v_{i+1}, made by the piece standing on v_i at that time. For i ≥ 1 that
//! piece arrived on v_i (the move from v_{i−1} entered it), and it still has budget to
//! move on: call it a *mobile arrival* of its kind on v_i. For i = 0 it is the piece on
//! v0 now (with budget ≥ 1) or a mobile arrival there.
//!
//! A piece of kind K with budget b on s can only ever stand where a walk of at most
//! b moves of K (empty-board reach) through currently occupied squares takes it:
//! pieces only move onto occupied squares, and a vacated square is never re-occupied.
//! After d moves it has budget b − d, so its mobile arrivals lie at depth 1 … b − 1 of
//! that walk. Every move v_i → v_{i+1} of a chain is thus an edge of the *arrival
//! graph* (u → w when a kind with a mobile arrival on u reaches w), except the first,
//! which may also be the current piece's own move. So f lies in
//! ⋂_{v0} ({v0} ∪ closure(first moves of v0)); an empty intersection is a dead state.
//!
//! The rule sees what the undirected components rule cannot: bishops on both square
//! colours joined by one knight of budget 1 — a bishop arriving on the knight's square
//! can never move on to the other colour, so no square is reachable from both colours.
//! Cost per state O(n² / 64 · n) words for the transitive closure (bitsets), applied to
//! boards of two or more kinds only.

use super::geometry::{Geometry, kind_index};
use super::state::State;

/// Reusable buffers for [`Chains::finals`].
pub(crate) struct Chains {
    words: usize,
    /// Per slot: kinds with a mobile arrival there (bit [`kind_index`]).
    arrivals: Vec<u8>,
    /// Per slot: the squares reachable from it in the arrival graph, itself included.
    closure: Vec<u64>,
    frontier: Vec<usize>,
    next: Vec<usize>,
    seen: Vec<u32>,
    epoch: u32,
}

fn set(mask: &mut [u64], slot: usize) {
    mask[slot / 64] |= 1 << (slot % 64);
}

fn has(mask: &[u64], slot: usize) -> bool {
    mask[slot / 64] >> (slot % 64) & 1 == 1
}

impl Chains {
    pub fn new(n: usize, words: usize) -> Chains {
        Chains {
            words,
            arrivals: vec![0; n],
            closure: vec![0; n * words],
            frontier: Vec::new(),
            next: Vec::new(),
            seen: vec![0; n],
            epoch: 0,
        }
    }

    /// Intersects `finals` with the squares every occupied square can chain to (module
    /// docs); returns the work done, for the clock.
    pub fn restrict(&mut self, geo: &Geometry, state: &State, finals: &mut [u64]) -> u64 {
        let words = self.words;
        let slots: Vec<usize> = state.slots().collect();
        let mut work = 0u64;
        for &slot in &slots {
            self.arrivals[slot] = 0;
        }
        // Mobile arrivals: walks of depth 1 … b − 1 from every piece.
        for &start in &slots {
            let budget = state.budget[start] as usize;
            if budget < 2 {
                continue;
            }
            let kind = state.kind[start];
            self.epoch = self.epoch.wrapping_add(1);
            if self.epoch == 0 {
                self.seen.fill(0);
                self.epoch = 1;
            }
            self.seen[start] = self.epoch;
            self.frontier.clear();
            self.frontier.push(start);
            for _ in 1..budget {
                self.next.clear();
                for &u in &self.frontier {
                    for &w in geo.targets(kind, u) {
                        let w = w as usize;
                        work += 1;
                        if state.is_occupied(w) && self.seen[w] != self.epoch {
                            self.seen[w] = self.epoch;
                            self.arrivals[w] |= 1 << kind_index(kind);
                            self.next.push(w);
                        }
                    }
                }
                if self.next.is_empty() {
                    break;
                }
                std::mem::swap(&mut self.frontier, &mut self.next);
            }
        }
        // Closure of the arrival graph (Warshall over bitsets).
        for &u in &slots {
            let row = &mut self.closure[u * words..(u + 1) * words];
            row.fill(0);
            set(row, u);
            work += Self::edges(geo, state, u, self.arrivals[u], row);
        }
        for &k in &slots {
            for &i in &slots {
                if i != k && has(&self.closure[i * words..(i + 1) * words], k) {
                    for w in 0..words {
                        let bits = self.closure[k * words + w];
                        self.closure[i * words + w] |= bits;
                    }
                }
            }
            work += slots.len() as u64;
        }
        // Every square's chains: its first move (own piece or a mobile arrival), then
        // the arrival graph.
        let mut first = vec![0u64; words];
        let mut reach = vec![0u64; words];
        for &v in &slots {
            first.fill(0);
            let own = if state.budget[v] > 0 {
                1 << kind_index(state.kind[v])
            } else {
                0
            };
            work += Self::edges(geo, state, v, self.arrivals[v] | own, &mut first);
            reach.fill(0);
            set(&mut reach, v);
            for &w in &slots {
                if has(&first, w) {
                    let row = &self.closure[w * words..(w + 1) * words];
                    for (r, bits) in reach.iter_mut().zip(row) {
                        *r |= bits;
                    }
                }
            }
            for (f, r) in finals.iter_mut().zip(&reach) {
                *f &= r;
            }
            work += slots.len() as u64;
        }
        work
    }

    /// Marks in `out` every occupied square a piece of a kind in `kinds` on `slot`
    /// reaches on an empty board; returns the work done.
    fn edges(geo: &Geometry, state: &State, slot: usize, kinds: u8, out: &mut [u64]) -> u64 {
        let mut work = 0;
        for kind in crate::board::PieceKind::ALL {
            if kinds >> kind_index(kind) & 1 == 0 {
                continue;
            }
            for &w in geo.targets(kind, slot) {
                work += 1;
                if state.is_occupied(w as usize) {
                    set(out, w as usize);
                }
            }
        }
        work
    }
}

#[cfg(test)]
mod tests {
    use crate::board::{Board, Piece, PieceKind, Square};
    use crate::solve::{Method, SolveOptions, Verdict, solve};

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
