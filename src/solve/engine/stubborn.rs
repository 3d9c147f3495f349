//! Stubborn sets (Valmari's partial-order reduction for reaching a goal state) for the
//! solve search of [`super::Engine`]: of the enabled captures of a state, only those of
//! one *stubborn set* T are explored.
//!
//! **Measured and not used**: on the compiled rook boards of `x | ~x` and `x`, `~x` the
//! sets cover nearly every enabled capture (2,084 of 74,451 states reduced in the first
//! 10 s; 5.76 M → 5.74 M states, 44 s → 86 s for `x | ~x`). With budget-2 rooks every
//! piece that can capture onto a square of the set, or reach a square attacking it in
//! one capture, joins the set, and the conveyor belt links every gadget. This commit
//! records the experiment; the next one takes it out of the engine.
//!
//! **Transitions** are named (mover, target square): the piece standing on `a` now
//! captures whatever stands on `b` at that time. Facts (every move is a capture):
//! 1. An empty square stays empty; a piece's kind never changes, its budget only drops
//!    by its own captures, and it leaves the board only by being captured.
//! 2. (D1) An enabled `p → b` commutes with, and is not disabled by, every capture that
//!    is neither a capture by `p` nor onto `b`: such a capture either removes `p` or
//!    vacates `b` (then `p → b` never happens again), or touches two other squares and
//!    only ever unblocks lines. So T holds every capture by `p` and onto `b`.
//! 3. Necessary enabling sets of a disabled `p → b`: none if `p` has budget 0 or `b`
//!    holds a king in the king-last variant (never enabled); the captures by `p` if its
//!    kind does not attack `b` from where it stands; for a blocked line, also the
//!    captures by the nearest blocker `m` and onto its square (the square is vacated
//!    only by its occupant moving away, and its first change is `m` moving or being
//!    captured). A capture onto `b` by a piece `x` that does not attack it now needs
//!    `x` to move first, and only if `x` can reach, with budget left, a square
//!    attacking `b`.
//! 4. (Goal) Every path to one piece contains a capture by the seed piece or onto its
//!    square (it moves, or is captured before moving).
//!
//! If s reaches one piece by `t1 … tn`, the first `ti` in T is enabled at s (3), and by
//! (2) can be moved to the front: by induction some solution uses only captures of
//! stubborn sets, and since T is a function of the state the failure table stays valid.

use smallvec::SmallVec;

use crate::board::PieceKind;

use super::super::geometry::{DENSE_SLOTS, Geometry};
use super::super::state::{SlotMove, State, unpack};
use super::bit;

/// Most seeds tried per state; each is a closure over part of the board.
const MAX_SEEDS: usize = 6;

/// A slot bitset of a board of at most [`DENSE_SLOTS`] slots.
type Bits = [u64; DENSE_SLOTS / 64];

fn set(bits: &mut Bits, slot: usize) -> bool {
    let fresh = bits[slot / 64] >> (slot % 64) & 1 == 0;
    bits[slot / 64] |= 1 << (slot % 64);
    fresh
}

/// Scratch space of the reduction, kept across states.
pub(super) struct Stubborn {
    /// Pieces (by their square now) whose captures are all in the set.
    moving: Bits,
    /// Squares all captures onto which are in the set.
    into: Bits,
    /// Pieces examined as seeds or inside an examined set.
    covered: Bits,
    /// `moving` of the smallest set found.
    best: Bits,
    /// Marked slots still to be examined, with whether as a moving piece (`true`) or as
    /// a square captured onto.
    queue: Vec<(usize, bool)>,
    /// Surviving captures per mover, for the sizes of the sets.
    moves_from: Vec<u32>,
    /// Per piece, the squares it may stand on after one or more of its own captures
    /// with budget left for one more (blockers ignored); computed on first use.
    reach: Vec<Option<Bits>>,
}

/// The state being reduced.
struct View<'a> {
    geo: &'a Geometry,
    state: &'a State,
    king_last: bool,
}

impl View<'_> {
    /// Slots the piece on `slot` attacks now (kind, occupancy and lines; budgets aside).
    fn attacked(&self, slot: usize) -> SmallVec<[usize; 8]> {
        let mut targets = SmallVec::new();
        self.geo.captures(
            self.state.kind[slot],
            slot,
            |s| self.state.is_occupied(s),
            |t| targets.push(t),
        );
        targets
    }

    /// Whether nothing may capture onto `slot` (a king in the king-last variant, which
    /// leaves its square empty for good).
    fn protected(&self, slot: usize) -> bool {
        self.king_last && self.state.kind[slot] == PieceKind::King
    }

    /// Whether the kind on `from` attacks `to` on an empty board.
    fn aligned(&self, from: usize, to: usize) -> bool {
        self.geo
            .targets(self.state.kind[from], from)
            .contains(&(to as u32))
    }
}

impl Stubborn {
    /// `None` for boards of more than [`DENSE_SLOTS`] slots (the reduction's bitsets
    /// are for small boards; larger ones are searched without it).
    pub(super) fn new(slots: usize) -> Option<Stubborn> {
        (slots <= DENSE_SLOTS).then(|| Stubborn {
            moving: Bits::default(),
            into: Bits::default(),
            covered: Bits::default(),
            best: Bits::default(),
            queue: Vec::new(),
            moves_from: vec![0; slots],
            reach: vec![None; slots],
        })
    }

    /// Keeps of `moves` — the enabled captures of `state` minus captures into dead
    /// children, in search order — those of the smallest stubborn set found from up to
    /// [`MAX_SEEDS`] seeds; returns the number dropped.
    pub(super) fn reduce(
        &mut self,
        geo: &Geometry,
        state: &State,
        king_last: bool,
        moves: &mut Vec<SlotMove>,
    ) -> usize {
        if moves.len() <= 1 {
            return 0;
        }
        let view = View {
            geo,
            state,
            king_last,
        };
        for &mv in moves.iter() {
            self.moves_from[unpack(mv).0] += 1;
        }
        self.covered = Bits::default();
        let mut best_size = moves.len();
        let mut tries = 0;
        for &mv in moves.iter() {
            let (seed, _) = unpack(mv);
            if bit(&self.covered, seed) {
                continue;
            }
            tries += 1;
            if let Some(size) = self.closure(&view, seed, best_size) {
                best_size = size;
                self.best = self.moving;
                if size <= 1 {
                    break;
                }
            }
            for (covered, &moving) in self.covered.iter_mut().zip(&self.moving) {
                *covered |= moving;
            }
            if tries >= MAX_SEEDS {
                break;
            }
        }
        for &mv in moves.iter() {
            self.moves_from[unpack(mv).0] = 0;
        }
        for slot in state.slots() {
            self.reach[slot] = None;
        }
        if best_size == moves.len() {
            return 0;
        }
        let before = moves.len();
        moves.retain(|&mv| bit(&self.best, unpack(mv).0));
        before - moves.len()
    }

    /// The stubborn set whose key piece stands on `seed`, its moving pieces left in
    /// `self.moving`; the number of surviving captures in it, or `None` as soon as
    /// that reaches `bound`.
    fn closure(&mut self, view: &View, seed: usize, bound: usize) -> Option<usize> {
        self.moving = Bits::default();
        self.into = Bits::default();
        self.queue.clear();
        let mut size = 0;
        self.mark_moving(seed, &mut size);
        self.mark_into(seed);
        while let Some((slot, moving)) = self.queue.pop() {
            if size >= bound {
                return None;
            }
            if moving {
                self.examine_moves(view, slot, &mut size);
            } else {
                self.examine_into(view, slot, &mut size);
            }
        }
        (size < bound).then_some(size)
    }

    fn mark_moving(&mut self, slot: usize, size: &mut usize) {
        if set(&mut self.moving, slot) {
            self.queue.push((slot, true));
            *size += self.moves_from[slot] as usize;
        }
    }

    fn mark_into(&mut self, slot: usize) {
        if set(&mut self.into, slot) {
            self.queue.push((slot, false));
        }
    }

    /// The squares the piece on `slot` may stand on after one or more of its own
    /// captures with budget left for one more (blockers ignored).
    fn reach(&mut self, view: &View, slot: usize) -> Bits {
        if let Some(bits) = self.reach[slot] {
            return bits;
        }
        let kind = view.state.kind[slot];
        let mut bits = Bits::default();
        let mut frontier: SmallVec<[usize; 16]> = SmallVec::from_slice(&[slot]);
        for _ in 1..view.state.budget[slot] {
            let mut next = SmallVec::new();
            for &from in &frontier {
                for &to in view.geo.targets(kind, from) {
                    let to = to as usize;
                    if view.state.is_occupied(to) && to != slot && set(&mut bits, to) {
                        next.push(to);
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            frontier = next;
        }
        self.reach[slot] = Some(bits);
        bits
    }

    /// Brings in what the captures by the piece on `slot` need.
    fn examine_moves(&mut self, view: &View, slot: usize, size: &mut usize) {
        if view.state.budget[slot] == 0 {
            return;
        }
        let attacked = view.attacked(slot);
        for &target in &attacked {
            if !view.protected(target) {
                self.mark_into(target);
            }
        }
        for target in view.state.slots() {
            if target == slot || attacked.contains(&target) || !view.aligned(slot, target) {
                continue;
            }
            if let Some(&blocker) = attacked
                .iter()
                .find(|&&m| view.geo.strictly_between(slot, target, m))
            {
                self.mark_moving(blocker, size);
            }
        }
    }

    /// Brings in what the captures onto `slot` need.
    fn examine_into(&mut self, view: &View, slot: usize, size: &mut usize) {
        if view.protected(slot) {
            return;
        }
        for mover in view.state.slots() {
            if mover == slot || view.state.budget[mover] == 0 {
                continue;
            }
            let attacked = view.attacked(mover);
            if attacked.contains(&slot) {
                self.mark_moving(mover, size);
                continue;
            }
            let reach = self.reach(view, mover);
            let kind = view.state.kind[mover];
            if view
                .geo
                .sources(kind, slot)
                .iter()
                .any(|&s| bit(&reach, s as usize))
            {
                self.mark_moving(mover, size);
            }
            if view.aligned(mover, slot)
                && let Some(&blocker) = attacked
                    .iter()
                    .find(|&&m| view.geo.strictly_between(mover, slot, m))
            {
                self.mark_moving(blocker, size);
                self.mark_into(blocker);
            }
        }
    }
}
