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
//! Cost per state O(n² · n / 64) word operations for the transitive closure (bitsets),
//! applied to boards of two or more kinds and at most [`MAX_SLOTS`] squares only.

use super::geometry::Geometry;
use super::kinds::kind_index;
use super::state::{State, members};

/// Boards with more squares than this skip the rule (its closure is cubic).
pub(crate) const MAX_SLOTS: usize = 256;

/// Reusable buffers for [`Chains::restrict`].
pub(crate) struct Chains {
    words: usize,
    /// `reach[(kind * n + slot) * words ..]`: the empty-board targets of a piece of
    /// `kind` on `slot` as a bitset (built on first use).
    reach: Vec<u64>,
    /// Per slot: kinds with a mobile arrival there (bit [`kind_index`]).
    arrivals: Vec<u8>,
    /// Per slot: the squares reachable from it in the arrival graph, itself included
    /// (built on first use: `n · words` words, only for boards the rule applies to).
    closure: Vec<u64>,
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
            reach: Vec::new(),
            arrivals: vec![0; n],
            closure: Vec::new(),
        }
    }

    /// Whether the rule runs on boards of this geometry ([`MAX_SLOTS`]).
    pub fn applies(geo: &Geometry) -> bool {
        geo.len() <= MAX_SLOTS
    }

    /// ORs into `out` the empty-board targets of kinds `kinds` on `slot`.
    fn add_targets(&self, n: usize, slot: usize, kinds: u8, out: &mut [u64]) {
        let words = self.words;
        for k in 0..6 {
            if kinds >> k & 1 == 1 {
                let at = (k * n + slot) * words;
                for (o, bits) in out.iter_mut().zip(&self.reach[at..at + words]) {
                    *o |= bits;
                }
            }
        }
    }

    /// Intersects `finals` with the squares every occupied square can chain to (module
    /// docs); returns the work done, for the clock.
    pub(crate) fn restrict(&mut self, geo: &Geometry, state: &State, finals: &mut [u64]) -> u64 {
        let (n, words) = (geo.len(), self.words);
        if self.closure.is_empty() {
            self.closure = vec![0; n * words];
        }
        if self.reach.is_empty() {
            self.reach = vec![0; 6 * n * words];
            for kind in sat2chess_core::board::PieceKind::ALL
                .into_iter()
                .filter(|&k| geo.has_kind(k))
            {
                let k = kind_index(kind);
                for slot in 0..n {
                    for &t in geo.targets(kind, slot) {
                        set(
                            &mut self.reach[(k * n + slot) * words..][..words],
                            t as usize,
                        );
                    }
                }
            }
        }
        let occupied = &state.occupied;
        let slots: Vec<usize> = state.slots().collect();
        let work = (slots.len() * slots.len() * words) as u64;
        for &slot in &slots {
            self.arrivals[slot] = 0;
        }
        // Mobile arrivals: walks of depth 1 … b − 1 from every piece.
        let mut seen = vec![0u64; words];
        let mut frontier = vec![0u64; words];
        let mut next = vec![0u64; words];
        for &start in &slots {
            let budget = state.budget[start] as usize;
            if budget < 2 {
                continue;
            }
            let kind = 1 << kind_index(state.kind[start]);
            seen.fill(0);
            set(&mut seen, start);
            frontier.fill(0);
            set(&mut frontier, start);
            for _ in 1..budget.min(slots.len()) {
                next.fill(0);
                for u in members(&frontier) {
                    self.add_targets(n, u, kind, &mut next);
                }
                for w in 0..words {
                    next[w] &= occupied[w] & !seen[w];
                    seen[w] |= next[w];
                }
                if next.iter().all(|&w| w == 0) {
                    break;
                }
                for w in members(&next) {
                    self.arrivals[w] |= kind;
                }
                std::mem::swap(&mut frontier, &mut next);
            }
        }
        // Closure of the arrival graph (Warshall over bitsets).
        for &u in &slots {
            let mut row = vec![0u64; words];
            set(&mut row, u);
            self.add_targets(n, u, self.arrivals[u], &mut row);
            for (r, occ) in row.iter_mut().zip(occupied) {
                *r &= occ;
            }
            self.closure[u * words..(u + 1) * words].copy_from_slice(&row);
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
            self.add_targets(n, v, self.arrivals[v] | own, &mut first);
            for (f, occ) in first.iter_mut().zip(occupied) {
                *f &= occ;
            }
            reach.fill(0);
            set(&mut reach, v);
            for w in members(&first) {
                let row = &self.closure[w * words..(w + 1) * words];
                for (r, bits) in reach.iter_mut().zip(row) {
                    *r |= bits;
                }
            }
            for (f, r) in finals.iter_mut().zip(&reach) {
                *f &= r;
            }
        }
        work
    }
}

#[cfg(test)]
mod tests {
    /// The buffers of a huge board are not allocated up front: the rule never runs there
    /// (a 2²⁰-slot board would need 128 GiB of closure bitsets; the 5-4 pigeonhole
    /// Knight board, 840 k knights, used to abort in `initial_finals`).
    #[test]
    fn huge_boards_allocate_nothing_up_front() {
        let slots = 1 << 20;
        let chains = super::Chains::new(slots, slots / 64);
        assert!(chains.closure.is_empty() && chains.reach.is_empty());
    }
}
