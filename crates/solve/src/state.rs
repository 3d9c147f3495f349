//! The compact search state: per slot empty or (kind, budget), an occupancy bitset, an
//! incrementally maintained 128-bit Zobrist hash, and incremental blocker information:
//! per occupied slot and line direction the nearest occupied slot ([`State::near`]),
//! kept as doubly linked lists along every row, column and diagonal (Knuth's dancing
//! links: vacating a slot unlinks it in O(1), and undoing that relinks it in O(1) from
//! the links the vacated slot still holds). A ranged piece's captures are then read off
//! its ≤ 8 links instead of scanning its lines.
//!
//! Two configurations with different contents get equal hashes only by a 128-bit
//! collision of XOR sums of pseudo-random keys; with at most 2^40 stored states the
//! chance of any collision is below 2^-47, which we accept for the transposition table.

use std::rc::Rc;

use sat2chess_core::board::{Board, PieceKind};

use super::geometry::{Geometry, NO_SLOT};
use super::kinds::{families, kind_index};

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

/// Boards with more slots compute their keys when needed: the tables would take 480
/// bytes a slot (1.4 GB and a second of set-up, outside any time limit, on a 3 M-king
/// board), and searches on such boards see few states anyway.
const TABLE_SLOTS: usize = 1 << 16;

/// The [`zobrist`] keys of budgets ≤ [`TABLE_BUDGETS`] and the [`shape_key`]s of every
/// slot and kind, precomputed on boards of at most [`TABLE_SLOTS`] slots (empty tables
/// on larger ones): placing and removing pieces is the search's most frequent
/// operation, and each key costs two rounds of mixing.
#[derive(Debug)]
pub(crate) struct Keys {
    /// `full[(slot * 6 + kind) * (TABLE_BUDGETS + 1) + budget]`.
    full: Vec<u128>,
    /// `shape[slot * 6 + kind]`.
    shape: Vec<u128>,
}

impl Keys {
    fn new(slots: usize) -> Keys {
        if slots > TABLE_SLOTS {
            return Keys {
                full: Vec::new(),
                shape: Vec::new(),
            };
        }
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
        if budget as usize > TABLE_BUDGETS || self.full.is_empty() {
            return zobrist(slot, kind, budget);
        }
        self.full[(slot * 6 + kind_index(kind)) * (TABLE_BUDGETS + 1) + budget as usize]
    }

    fn shape(&self, slot: usize, kind: PieceKind) -> u128 {
        if self.shape.is_empty() {
            return shape_key(slot, kind);
        }
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
    pub(crate) budget_sum: u64,
    /// Pieces per kind ([`kind_index`]).
    pub(crate) kind_count: [u32; 6],
    /// Pieces with budget ≥ 3 (Observation 3.3 needs none).
    pub(crate) large_budgets: usize,
    /// Pieces with budget ≥ 2 (none: a 1-Solo Chess state, thesis Thm 4.1).
    pub(crate) budgets_over_one: usize,
    pub hash: u128,
    /// Zobrist hash of the occupancy and kinds only (budgets left out): states with
    /// equal `shape` differ at most in their budgets, the setting of the dominance
    /// table ([`super::engine`]).
    pub shape: u128,
    /// `near[slot][2·family]` / `near[slot][2·family + 1]`: the nearest occupied slot
    /// before / after `slot` on its line of `family` (0 row, 1 column, 2 diagonal,
    /// 3 anti-diagonal, ordered as in [`Geometry`]), or [`NO_SLOT`]. Exact for occupied
    /// slots; a vacated slot keeps the links it had when it was vacated, which is what
    /// [`State::place`] needs to undo the latest [`State::remove`].
    near: Vec<[u32; 8]>,
    keys: Rc<Keys>,
}

impl State {
    /// The initial state of `board`, whose geometry is `geo`.
    pub fn new(board: &Board, geo: &Geometry) -> State {
        let mut state = State {
            occupied: vec![0; geo.words],
            kind: board.pieces().iter().map(|p| p.kind).collect(),
            budget: board.pieces().iter().map(|p| p.budget).collect(),
            count: 0,
            budget_sum: 0,
            kind_count: [0; 6],
            large_budgets: 0,
            budgets_over_one: 0,
            hash: 0,
            shape: 0,
            near: geo.line_links(),
            keys: Rc::new(Keys::new(board.len())),
        };
        for slot in 0..board.len() {
            state.occupied[slot / 64] |= 1 << (slot % 64);
            state.tally(slot, true);
        }
        state
    }

    /// Adds (`add`) or takes away the counters and hash terms of the piece on `slot`.
    #[inline]
    fn tally(&mut self, slot: usize, add: bool) {
        let (kind, budget) = (self.kind[slot], self.budget[slot]);
        let step = |counter: &mut usize, on: bool| {
            if on {
                if add { *counter += 1 } else { *counter -= 1 }
            }
        };
        step(&mut self.count, true);
        step(&mut self.large_budgets, budget >= 3);
        step(&mut self.budgets_over_one, budget >= 2);
        if add {
            self.budget_sum += budget as u64;
            self.kind_count[kind_index(kind)] += 1;
        } else {
            self.budget_sum -= budget as u64;
            self.kind_count[kind_index(kind)] -= 1;
        }
        self.hash ^= self.keys.full(slot, kind, budget);
        self.shape ^= self.keys.shape(slot, kind);
    }

    /// Marks `slot` (whose kind and budget are set) as occupied again: undoes the latest
    /// [`Self::remove`] not undone yet, which must be that of `slot` (the links are
    /// restored from those `slot` kept).
    pub fn place(&mut self, slot: usize) {
        debug_assert!(!self.is_occupied(slot));
        self.occupied[slot / 64] |= 1 << (slot % 64);
        self.tally(slot, true);
        let links = self.near[slot];
        for family in 0..4 {
            let (before, after) = (links[2 * family], links[2 * family + 1]);
            if before != NO_SLOT {
                self.near[before as usize][2 * family + 1] = slot as u32;
            }
            if after != NO_SLOT {
                self.near[after as usize][2 * family] = slot as u32;
            }
        }
    }

    /// Empties `slot`, unlinking it from its lines.
    pub fn remove(&mut self, slot: usize) {
        debug_assert!(self.is_occupied(slot));
        self.occupied[slot / 64] &= !(1 << (slot % 64));
        self.tally(slot, false);
        let links = self.near[slot];
        for family in 0..4 {
            let (before, after) = (links[2 * family], links[2 * family + 1]);
            if before != NO_SLOT {
                self.near[before as usize][2 * family + 1] = after;
            }
            if after != NO_SLOT {
                self.near[after as usize][2 * family] = before;
            }
        }
    }

    /// Gives the piece on occupied `slot` a new kind and budget.
    pub(crate) fn retype(&mut self, slot: usize, kind: PieceKind, budget: u32) {
        debug_assert!(self.is_occupied(slot));
        self.tally(slot, false);
        self.kind[slot] = kind;
        self.budget[slot] = budget;
        self.tally(slot, true);
    }

    /// The kinds on the board, one bit per [`kind_index`].
    pub fn kinds(&self) -> u8 {
        (0..6)
            .filter(|&k| self.kind_count[k] > 0)
            .fold(0, |mask, k| mask | 1 << k)
    }

    pub(crate) fn is_occupied(&self, slot: usize) -> bool {
        self.occupied[slot / 64] >> (slot % 64) & 1 == 1
    }

    /// The occupied slots in increasing order.
    pub fn slots(&self) -> impl Iterator<Item = usize> + '_ {
        members(&self.occupied)
    }

    /// Calls `capture` with every slot a ranged piece of `kind` on occupied `slot` can
    /// capture (budget aside), from the links: the nearest occupied slot on either side
    /// of each of its lines, in the order of [`Geometry::captures`].
    pub(crate) fn line_captures(
        &self,
        kind: PieceKind,
        slot: usize,
        mut capture: impl FnMut(usize),
    ) {
        let links = &self.near[slot];
        for &family in families(kind) {
            for side in 0..2 {
                let target = links[2 * family + side];
                if target != NO_SLOT {
                    capture(target as usize);
                }
            }
        }
    }

    /// Performs the capture `from -> to` (legality is the caller's business).
    pub fn capture(&mut self, from: usize, to: usize) -> Undo {
        let undo = Undo {
            from,
            to,
            captured_kind: self.kind[to],
            captured_budget: self.budget[to],
        };
        self.retype(to, self.kind[from], self.budget[from] - 1);
        self.remove(from);
        undo
    }

    /// Undoes the latest [`Self::capture`] not undone yet.
    pub(crate) fn undo(&mut self, undo: Undo) {
        let Undo {
            from,
            to,
            captured_kind,
            captured_budget,
        } = undo;
        self.place(from);
        self.retype(to, captured_kind, captured_budget);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The nearest occupied slots each way, by scanning the lines (the geometry's
    /// ranged capture rule) — what the links must say.
    fn scanned(geo: &Geometry, state: &State, slot: usize) -> Vec<usize> {
        let mut found = Vec::new();
        geo.captures(
            PieceKind::Queen,
            slot,
            |s| state.is_occupied(s),
            |t| found.push(t),
        );
        found
    }

    fn linked(state: &State, slot: usize) -> Vec<usize> {
        let mut found = Vec::new();
        state.line_captures(PieceKind::Queen, slot, |t| found.push(t));
        found
    }

    /// Random capture sequences (any occupied pair, as blocks and sub-boards vacate
    /// slots in any order) with undos and retypes: after every step the links of every
    /// occupied slot are the line scan's answer, and undoing everything restores the
    /// initial state exactly.
    #[test]
    fn line_links_follow_captures_and_undos() {
        use sat2chess_core::board::{Piece, Square};
        let mut rng = fastrand::Rng::with_seed(7);
        for _ in 0..300 {
            let n = rng.usize(2..40);
            let mut squares = std::collections::BTreeSet::new();
            while squares.len() < n {
                squares.insert((rng.u32(1..=9), rng.u32(1..=9)));
            }
            let pieces = squares
                .iter()
                .map(|&(r, c)| {
                    let kind = PieceKind::ALL[rng.usize(..6)];
                    Piece::new(kind, Square::new(r, c), rng.u32(1..=3))
                })
                .collect();
            let board = Board::new(9, 9, pieces).unwrap();
            let geo = Geometry::new(&board);
            let initial = State::new(&board, &geo);
            let mut state = initial.clone();
            let mut undos = Vec::new();
            for _ in 0..rng.usize(1..3 * n) {
                let occupied: Vec<usize> = state.slots().collect();
                if occupied.len() >= 2 && (undos.is_empty() || rng.u8(..4) > 0) {
                    let from = occupied[rng.usize(..occupied.len())];
                    let to = occupied[rng.usize(..occupied.len())];
                    if from != to && state.budget[from] > 0 {
                        undos.push(state.capture(from, to));
                    }
                } else if let Some(undo) = undos.pop() {
                    state.undo(undo);
                }
                for slot in state.slots() {
                    assert_eq!(linked(&state, slot), scanned(&geo, &state, slot));
                }
            }
            while let Some(undo) = undos.pop() {
                state.undo(undo);
            }
            assert_eq!(state.near, initial.near);
            assert_eq!((state.hash, state.shape), (initial.hash, initial.shape));
            assert_eq!(
                (&state.kind, &state.budget),
                (&initial.kind, &initial.budget)
            );
        }
    }

    #[test]
    fn precomputed_keys_are_the_computed_ones() {
        let (keys, computed) = (Keys::new(70), Keys::new(TABLE_SLOTS + 1));
        for slot in [0, 1, 63, 64, 69] {
            for kind in PieceKind::ALL {
                for keys in [&keys, &computed] {
                    assert_eq!(keys.shape(slot, kind), shape_key(slot, kind));
                    for budget in [0, 1, 2, 3, 4, 9] {
                        assert_eq!(keys.full(slot, kind, budget), zobrist(slot, kind, budget));
                    }
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
