//! The compact search state: per slot empty or (kind, budget), an occupancy bitset, and
//! an incrementally maintained 128-bit Zobrist hash.
//!
//! Two configurations with different contents get equal hashes only by a 128-bit
//! collision of XOR sums of pseudo-random keys; with at most 2^40 stored states the
//! chance of any collision is below 2^-47, which we accept for the transposition table.

use std::rc::Rc;

use crate::board::{Board, PieceKind};

use super::geometry::kind_index;

/// A capture `from -> to` between slots, packed as `from << 32 | to`.
pub(crate) type SlotMove = u64;

pub(crate) fn pack(from: usize, to: usize) -> SlotMove {
    ((from as u64) << 32) | to as u64
}

pub(crate) fn unpack(mv: SlotMove) -> (usize, usize) {
    ((mv >> 32) as usize, (mv & 0xffff_ffff) as usize)
}

/// The SplitMix64 step: a bijective mix of `x`.
pub(crate) fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// Zobrist key of "a piece of `kind` with `budget` on `slot`".
pub(crate) fn zobrist(slot: usize, kind: PieceKind, budget: u32) -> u128 {
    let x = ((slot as u64) << 35) ^ ((kind_index(kind) as u64) << 32) ^ budget as u64;
    let high = mix(x);
    let low = mix(high ^ 0x5851_f42d_4c95_7f2d);
    ((high as u128) << 64) | low as u128
}

/// Key of "a piece of `kind` on `slot`" in the budget-free `shape` hash: a Zobrist key
/// with its halves swapped, so that it is unrelated to every [`zobrist`] key (the
/// engine offsets table keys by `zobrist` values, and an equal key would cancel a
/// piece out of the shape).
fn shape_key(slot: usize, kind: PieceKind) -> u128 {
    zobrist(slot, kind, 0).rotate_left(64)
}

/// Budgets up to this have their [`zobrist`] keys precomputed in [`Keys`].
const TABLE_BUDGETS: usize = 3;

/// The [`zobrist`] keys of budgets ≤ [`TABLE_BUDGETS`] and the [`shape_key`]s of every
/// slot and kind, precomputed: placing and removing pieces is the search's most
/// frequent operation, and each key costs two rounds of mixing.
#[derive(Debug)]
pub(crate) struct Keys {
    /// `full[(slot * 6 + kind) * (TABLE_BUDGETS + 1) + budget]`.
    full: Vec<u128>,
    /// `shape[slot * 6 + kind]`.
    shape: Vec<u128>,
}

impl Keys {
    fn new(slots: usize) -> Keys {
        let mut full = Vec::with_capacity(slots * 6 * (TABLE_BUDGETS + 1));
        let mut shape = Vec::with_capacity(slots * 6);
        for slot in 0..slots {
            for kind in PieceKind::ALL {
                debug_assert_eq!(shape.len(), slot * 6 + kind_index(kind));
                shape.push(shape_key(slot, kind));
                full.extend((0..=TABLE_BUDGETS as u32).map(|b| zobrist(slot, kind, b)));
            }
        }
        Keys { full, shape }
    }

    fn full(&self, slot: usize, kind: PieceKind, budget: u32) -> u128 {
        if budget as usize > TABLE_BUDGETS {
            return zobrist(slot, kind, budget);
        }
        self.full[(slot * 6 + kind_index(kind)) * (TABLE_BUDGETS + 1) + budget as usize]
    }

    fn shape(&self, slot: usize, kind: PieceKind) -> u128 {
        self.shape[slot * 6 + kind_index(kind)]
    }
}

/// The set bits of a slot bitset, in increasing order.
pub(crate) fn members(mask: &[u64]) -> impl Iterator<Item = usize> + '_ {
    mask.iter().enumerate().flat_map(|(w, &word)| {
        let mut bits = word;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let bit = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                w * 64 + bit
            })
        })
    })
}

/// What [`State::capture`] needs to undo a capture.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Undo {
    from: usize,
    to: usize,
    captured_kind: PieceKind,
    captured_budget: u32,
}

/// A configuration over the slots of a [`super::geometry::Geometry`].
#[derive(Clone, Debug)]
pub(crate) struct State {
    pub occupied: Vec<u64>,
    pub kind: Vec<PieceKind>,
    pub budget: Vec<u32>,
    pub count: usize,
    pub budget_sum: u64,
    pub kings: usize,
    /// Pieces per kind ([`kind_index`]).
    pub kind_count: [u32; 6],
    /// Pieces with budget ≥ 3 (Observation 3.3 needs none).
    pub large_budgets: usize,
    /// Pieces with budget ≥ 2 (none: a 1-Solo Chess state, thesis Thm 4.1).
    pub budgets_over_one: usize,
    pub hash: u128,
    /// Zobrist hash of the occupancy and kinds only (budgets left out): states with
    /// equal `shape` differ at most in their budgets, the setting of the dominance
    /// table ([`super::engine`]).
    pub shape: u128,
    keys: Rc<Keys>,
}

impl State {
    pub fn new(board: &Board, words: usize) -> State {
        let mut state = State {
            occupied: vec![0; words],
            kind: board.pieces().iter().map(|p| p.kind).collect(),
            budget: board.pieces().iter().map(|p| p.budget).collect(),
            count: 0,
            budget_sum: 0,
            kings: 0,
            kind_count: [0; 6],
            large_budgets: 0,
            budgets_over_one: 0,
            hash: 0,
            shape: 0,
            keys: Rc::new(Keys::new(board.len())),
        };
        for slot in 0..board.len() {
            state.place(slot);
        }
        state
    }

    /// Marks `slot` (whose kind and budget are set) as occupied.
    pub fn place(&mut self, slot: usize) {
        debug_assert!(!self.is_occupied(slot));
        self.occupied[slot / 64] |= 1 << (slot % 64);
        self.count += 1;
        self.budget_sum += self.budget[slot] as u64;
        self.kings += usize::from(self.kind[slot] == PieceKind::King);
        self.kind_count[kind_index(self.kind[slot])] += 1;
        self.large_budgets += usize::from(self.budget[slot] >= 3);
        self.budgets_over_one += usize::from(self.budget[slot] >= 2);
        self.hash ^= self.keys.full(slot, self.kind[slot], self.budget[slot]);
        self.shape ^= self.keys.shape(slot, self.kind[slot]);
    }

    /// Empties `slot`.
    pub fn remove(&mut self, slot: usize) {
        debug_assert!(self.is_occupied(slot));
        self.occupied[slot / 64] &= !(1 << (slot % 64));
        self.count -= 1;
        self.budget_sum -= self.budget[slot] as u64;
        self.kings -= usize::from(self.kind[slot] == PieceKind::King);
        self.kind_count[kind_index(self.kind[slot])] -= 1;
        self.large_budgets -= usize::from(self.budget[slot] >= 3);
        self.budgets_over_one -= usize::from(self.budget[slot] >= 2);
        self.hash ^= self.keys.full(slot, self.kind[slot], self.budget[slot]);
        self.shape ^= self.keys.shape(slot, self.kind[slot]);
    }

    /// The kinds on the board, one bit per [`kind_index`].
    pub fn kinds(&self) -> u8 {
        (0..6)
            .filter(|&k| self.kind_count[k] > 0)
            .fold(0, |mask, k| mask | 1 << k)
    }

    pub fn is_occupied(&self, slot: usize) -> bool {
        self.occupied[slot / 64] >> (slot % 64) & 1 == 1
    }

    /// The occupied slots in increasing order.
    pub fn slots(&self) -> impl Iterator<Item = usize> + '_ {
        members(&self.occupied)
    }

    /// Performs the capture `from -> to` (legality is the caller's business).
    pub fn capture(&mut self, from: usize, to: usize) -> Undo {
        let undo = Undo {
            from,
            to,
            captured_kind: self.kind[to],
            captured_budget: self.budget[to],
        };
        self.remove(to);
        self.remove(from);
        self.kind[to] = self.kind[from];
        self.budget[to] = self.budget[from] - 1;
        self.place(to);
        undo
    }

    pub fn undo(&mut self, undo: Undo) {
        let Undo {
            from,
            to,
            captured_kind,
            captured_budget,
        } = undo;
        self.remove(to);
        self.kind[from] = self.kind[to];
        self.budget[from] = self.budget[to] + 1;
        self.place(from);
        self.kind[to] = captured_kind;
        self.budget[to] = captured_budget;
        self.place(to);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn precomputed_keys_are_the_computed_ones() {
        let keys = Keys::new(70);
        for slot in [0, 1, 63, 64, 69] {
            for kind in PieceKind::ALL {
                assert_eq!(keys.shape(slot, kind), shape_key(slot, kind));
                for budget in [0, 1, 2, 3, 4, 9] {
                    assert_eq!(keys.full(slot, kind, budget), zobrist(slot, kind, budget));
                }
            }
        }
    }

    #[test]
    fn shape_keys_are_unrelated_to_zobrist_keys() {
        // The engine offsets table keys by `zobrist` values (e.g. budget u32::MAX as a
        // marker); a shape key equal to one of them would cancel a piece out of a key.
        for slot in [0, 1, 63, 64, 200] {
            for kind in PieceKind::ALL {
                let shape = shape_key(slot, kind);
                for budget in [0, 1, 2, 7, u32::MAX] {
                    assert_ne!(shape, zobrist(slot, kind, budget));
                }
            }
        }
    }
}
