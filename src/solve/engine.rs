//! The depth-first search behind [`super::solve`] and [`super::remainders`].
//!
//! * **Transposition table** keyed by the 128-bit Zobrist hash of the state
//!   ([`super::state`]): for `solve` it holds states proven to fail, for `remainders` the
//!   states already expanded.
//! * **Sleep sets** (Godefroid, *Partial-Order Methods for the Verification of Concurrent
//!   Systems*, LNCS 1032, ch. 5) for independent captures: two captures with disjoint
//!   squares commute and neither disables the other ([`super::state::independent`]). After
//!   exploring capture `a` at a state, a later sibling `b` passes `a` on in its child's
//!   sleep set if `a` and `b` are independent, because `b·a` reaches the state `a·b`
//!   already reached. Sleep sets never hide a reachable state, only redundant edges into
//!   it, so they are sound both for reaching one piece and for enumerating remainders.
//!   With state caching we follow Godefroid's rule: a table entry records the sleep set
//!   the state was expanded with; a revisit with a sleep set that is a superset is a hit,
//!   otherwise only the captures asleep then but awake now are expanded, and the entry
//!   keeps the intersection.
//! * **Dead-state pruning** ([`super::analysis`]) and, in solve mode, skipping captures
//!   by cut vertices (thesis §3.3.1) and captures that vacate the last candidate final
//!   square (Corollary 3.7, Observation 3.3).
//!
//! Candidate final squares are passed down the search: if every solution of a state ends
//! in a set F, then so does every solution of its children (a solution of the child is
//! the tail of a solution of the parent). This is a property of the child state itself,
//! not of the path to it, so failures recorded under it stay valid in the table.

use std::collections::{BTreeSet, HashMap};
use std::hash::{BuildHasherDefault, Hasher};
use std::time::Instant;

use crate::board::{Board, PieceKind, Square};
use crate::rules::Variant;

use super::analysis::{Analyser, Dead, Goal};
use super::geometry::{Geometry, NO_LINE};
use super::state::{SlotMove, State, independent, pack, unpack, zobrist};
use super::{Remainder, SearchStats, SolveOptions};

/// Hashes a 128-bit Zobrist key by folding it (the key is already uniformly random).
#[derive(Default)]
pub(crate) struct FoldHasher(u64);

impl Hasher for FoldHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
    }
    fn write_u128(&mut self, i: u128) {
        self.0 ^= (i as u64) ^ ((i >> 64) as u64);
    }
}

type Table = HashMap<u128, (u32, u32), BuildHasherDefault<FoldHasher>>;

/// Table key offset for the sub-problem "clear everything into `cut`".
fn clear_goal_key(cut: usize) -> u128 {
    zobrist(cut, PieceKind::King, u32::MAX) ^ 0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c834
}

/// The search limits of [`SolveOptions`] and the counters of [`SearchStats`].
struct Limits {
    start: Instant,
    options: SolveOptions,
    reached: bool,
}

impl Limits {
    fn exhausted(&mut self, nodes: u64) -> bool {
        if self.options.node_limit.is_some_and(|limit| nodes >= limit)
            || self
                .options
                .time_limit
                .is_some_and(|limit| nodes % 1024 == 0 && self.start.elapsed() > limit)
        {
            self.reached = true;
        }
        self.reached
    }
}

fn bit(mask: &[u64], slot: usize) -> bool {
    mask[slot / 64] >> (slot % 64) & 1 == 1
}

fn clear_bit(mask: &mut [u64], slot: usize) {
    mask[slot / 64] &= !(1 << (slot % 64));
}

/// One search over one board.
pub(crate) struct Engine<'g> {
    geo: &'g Geometry,
    variant: Variant,
    state: State,
    analyser: Analyser,
    table: Table,
    arena: Vec<SlotMove>,
    /// Answers of side-clearing sub-problems, by sub-state key.
    cleared: HashMap<u128, bool, BuildHasherDefault<FoldHasher>>,
    limits: Limits,
    pub stats: SearchStats,
    path: Vec<SlotMove>,
}

impl<'g> Engine<'g> {
    pub fn new(geo: &'g Geometry, board: &Board, options: &SolveOptions) -> Engine<'g> {
        Engine {
            geo,
            variant: options.variant,
            state: State::new(board, geo.words),
            analyser: Analyser::new(geo.len(), geo.words),
            table: Table::default(),
            arena: Vec::new(),
            cleared: HashMap::default(),
            limits: Limits {
                start: Instant::now(),
                options: options.clone(),
                reached: false,
            },
            stats: SearchStats::default(),
            path: Vec::new(),
        }
    }

    fn finish_stats(&mut self) {
        self.stats.elapsed = self.limits.start.elapsed();
        self.stats.table_entries = self.table.len() as u64;
    }

    /// Decides whether the state reduces to one piece; `Some(moves)` on success, `None`
    /// inside `Err` when a limit was reached.
    pub fn solve(&mut self) -> Result<Option<Vec<(Square, Square)>>, ()> {
        let mut finals = vec![0u64; self.geo.words];
        for slot in self.state.slots() {
            finals[slot / 64] |= 1 << (slot % 64);
        }
        let result = self.solve_node(&finals, &[], 0);
        self.finish_stats();
        match result {
            None => Err(()),
            Some(false) => Ok(None),
            Some(true) => Ok(Some(
                self.path
                    .iter()
                    .map(|&mv| {
                        let (from, to) = unpack(mv);
                        (self.geo.squares[from], self.geo.squares[to])
                    })
                    .collect(),
            )),
        }
    }

    /// Every reachable configuration with all pieces on `keep`; `Err` on a limit.
    pub fn remainders(&mut self, keep: &BTreeSet<Square>) -> Result<BTreeSet<Remainder>, ()> {
        let mut mask = vec![0u64; self.geo.words];
        for (slot, square) in self.geo.squares.iter().enumerate() {
            if keep.contains(square) {
                mask[slot / 64] |= 1 << (slot % 64);
            }
        }
        let mut found = BTreeSet::new();
        let result = self.collect_node(&mask, &[], &mut found);
        self.finish_stats();
        result.map(|()| found).ok_or(())
    }

    /// Looks the state up. `Ok(())` means "already done under a subset of `sleep`";
    /// otherwise returns the captures still to expand (`None`: all awake ones).
    fn lookup(&mut self, key: u128, sleep: &[SlotMove]) -> Result<(), Option<Vec<SlotMove>>> {
        let Some(&(offset, len)) = self.table.get(&key) else {
            return Err(None);
        };
        let stored = &self.arena[offset as usize..(offset + len) as usize];
        if stored.iter().all(|m| sleep.contains(m)) {
            self.stats.table_hits += 1;
            return Ok(());
        }
        let awake: Vec<SlotMove> = stored
            .iter()
            .filter(|m| !sleep.contains(m))
            .copied()
            .collect();
        let kept: Vec<SlotMove> = stored
            .iter()
            .filter(|m| sleep.contains(m))
            .copied()
            .collect();
        self.record(key, &kept);
        Err(Some(awake))
    }

    fn record(&mut self, key: u128, sleep: &[SlotMove]) {
        let offset = self.arena.len() as u32;
        self.arena.extend_from_slice(sleep);
        self.table.insert(key, (offset, sleep.len() as u32));
    }

    fn count_dead(&mut self, dead: Dead) {
        let counter = match dead {
            Dead::Budget => &mut self.stats.dead_budget,
            Dead::Kings => &mut self.stats.dead_kings,
            Dead::Components => &mut self.stats.dead_components,
            Dead::FinalSquare => &mut self.stats.dead_final_square,
            Dead::Stranded => &mut self.stats.dead_stranded,
        };
        *counter += 1;
    }

    /// Legal captures from the current state, minus sleeping ones, restricted to `only`
    /// if given. In solve mode (`finals` given) captures by cut vertices and captures
    /// vacating the last candidate final square are skipped.
    fn moves(
        &mut self,
        sleep: &[SlotMove],
        only: Option<&[SlotMove]>,
        finals: Option<&[u64]>,
    ) -> Vec<SlotMove> {
        let geo = self.geo;
        let state = &self.state;
        let out = &self.analyser.out;
        let last_final = finals.and_then(|f| {
            let mut candidates = (0..geo.words)
                .flat_map(|w| {
                    let bits = f[w] & state.occupied[w];
                    (0..64)
                        .filter(move |b| bits >> b & 1 == 1)
                        .map(move |b| w * 64 + b)
                })
                .take(2);
            let first = candidates.next();
            candidates.next().is_none().then_some(first).flatten()
        });
        let mut moves = Vec::new();
        for from in state.slots() {
            if state.budget[from] == 0 {
                continue;
            }
            let kind = state.kind[from];
            let targets = geo.targets(kind, from);
            if finals.is_some() && (out.cut[from] || last_final == Some(from)) {
                self.stats.pruned_moves += targets
                    .iter()
                    .filter(|t| state.is_occupied(t.slot as usize))
                    .count() as u64;
                continue;
            }
            for &target in targets {
                let to = target.slot as usize;
                if !state.is_occupied(to)
                    || (self.variant == Variant::KingLast && state.kind[to] == PieceKind::King)
                    || (target.line != NO_LINE
                        && geo
                            .between(target, from)
                            .iter()
                            .any(|&s| state.is_occupied(s as usize)))
                {
                    continue;
                }
                let mv = pack(from, to);
                if sleep.contains(&mv) {
                    self.stats.sleep_skipped += 1;
                    continue;
                }
                if only.is_some_and(|only| !only.contains(&mv)) {
                    continue;
                }
                moves.push(mv);
            }
        }
        // Leaves first: their captures are forced sooner or later (a leaf that is not
        // the final square can only be vacated by capturing its one neighbour).
        moves.sort_by_key(|&mv| {
            let (from, to) = unpack(mv);
            (out.degree[from], std::cmp::Reverse(out.degree[to]))
        });
        moves
    }

    /// Whether the current state reduces to one piece on a square of `finals`; `goal`
    /// separates the table entries of side-clearing sub-problems from the main search.
    fn solve_node(&mut self, finals: &[u64], sleep: &[SlotMove], goal: u128) -> Option<bool> {
        if self.state.count == 1 {
            let only = self.state.slots().next().expect("one piece");
            return Some(bit(finals, only));
        }
        let key = self.state.hash ^ goal;
        let only = match self.lookup(key, sleep) {
            Ok(()) => return Some(false),
            Err(only) => only,
        };
        if self.limits.exhausted(self.stats.nodes) {
            return None;
        }
        self.stats.nodes += 1;
        let verdict = if self.variant == Variant::KingLast && self.state.kings >= 2 {
            Err(Dead::Kings)
        } else {
            self.analyser
                .analyse(self.geo, &self.state, Goal::Single { finals })
        };
        if let Err(dead) = verdict {
            self.count_dead(dead);
            self.record(key, &[]);
            return Some(false);
        }
        let child_finals = self.analyser.out.finals.clone();
        let moves = self.moves(sleep, only.as_deref(), Some(&child_finals));
        if self.side_is_stuck(&child_finals)? {
            self.record(key, &[]);
            return Some(false);
        }
        let mut done: Vec<SlotMove> = Vec::new();
        let mut child_sleep: Vec<SlotMove> = Vec::new();
        let mut finals_after = child_finals.clone();
        for mv in moves {
            child_sleep.clear();
            child_sleep.extend(
                sleep
                    .iter()
                    .chain(&done)
                    .filter(|&&z| independent(z, mv))
                    .copied(),
            );
            let (from, to) = unpack(mv);
            clear_bit(&mut finals_after, from);
            let undo = self.state.capture(from, to);
            self.path.push(mv);
            let result = self.solve_node(&finals_after, &child_sleep, goal);
            self.state.undo(undo);
            finals_after[from / 64] = child_finals[from / 64];
            match result {
                None => return None,
                Some(true) => return Some(true),
                Some(false) => {
                    self.path.pop();
                    done.push(mv);
                }
            }
        }
        if only.is_none() {
            self.record(key, sleep);
        }
        Some(false)
    }

    fn collect_node(
        &mut self,
        keep: &[u64],
        sleep: &[SlotMove],
        found: &mut BTreeSet<Remainder>,
    ) -> Option<()> {
        let key = self.state.hash;
        let only = match self.lookup(key, sleep) {
            Ok(()) => return Some(()),
            Err(only) => only,
        };
        if self.limits.exhausted(self.stats.nodes) {
            return None;
        }
        if only.is_none() {
            self.stats.nodes += 1;
            if (0..self.geo.words).all(|w| self.state.occupied[w] & !keep[w] == 0) {
                let mut remainder: Remainder = self
                    .state
                    .slots()
                    .map(|s| {
                        (
                            self.geo.squares[s],
                            self.state.kind[s],
                            self.state.budget[s],
                        )
                    })
                    .collect();
                remainder.sort_unstable();
                found.insert(remainder);
            }
            if let Err(dead) = self
                .analyser
                .analyse(self.geo, &self.state, Goal::Keep { keep })
            {
                self.count_dead(dead);
                self.record(key, &[]);
                return Some(());
            }
        }
        let moves = self.moves(sleep, only.as_deref(), None);
        if only.is_none() {
            if self.side_is_stuck(keep)? {
                self.record(key, &[]);
                return Some(());
            }
            self.record(key, sleep);
        }
        let mut done: Vec<SlotMove> = Vec::new();
        let mut child_sleep: Vec<SlotMove> = Vec::new();
        for mv in moves {
            child_sleep.clear();
            child_sleep.extend(
                sleep
                    .iter()
                    .chain(&done)
                    .filter(|&&z| independent(z, mv))
                    .copied(),
            );
            let (from, to) = unpack(mv);
            let undo = self.state.capture(from, to);
            let result = self.collect_node(keep, &child_sleep, found);
            self.state.undo(undo);
            result?;
            done.push(mv);
        }
        Some(())
    }

    /// Side clearing (thesis §3.3.1, generalised). Let v be a cut vertex and A one side
    /// of it (a component of the capture graph without v) that contains no square of
    /// `avoid` — the candidate final squares in solve mode, the keep squares in keep mode.
    /// Then A must be emptied, and v is not vacated before that (vacating it would leave
    /// A as a component that is never emptied, fact 4). Until A is empty, every capture
    /// touching A is A→A or A→v, by original pieces of A. So the same captures empty A
    /// on the sub-board A ∪ {v} with v's budget set to 0 (v never moves there): removing
    /// the other pieces only removes blockers. If that sub-board cannot be reduced to
    /// one piece on v, the state is dead. Sub-answers are memoised by sub-state.
    /// Uses the cut vertices of the latest analysis. `None` when a limit was reached.
    fn side_is_stuck(&mut self, avoid: &[u64]) -> Option<bool> {
        let cuts: Vec<usize> = self
            .state
            .slots()
            .filter(|&s| self.analyser.out.cut[s])
            .collect();
        for cut in cuts {
            for side in self.analyser.sides(self.geo, &self.state, cut) {
                if side.iter().any(|&s| bit(avoid, s)) {
                    continue;
                }
                self.stats.side_checks += 1;
                if !self.clears_into(&side, cut)? {
                    self.stats.dead_sides += 1;
                    return Some(true);
                }
            }
        }
        Some(false)
    }

    /// Whether the sub-board `side ∪ {cut}`, with the piece on `cut` given budget 0,
    /// reduces to one piece on `cut`.
    fn clears_into(&mut self, side: &[usize], cut: usize) -> Option<bool> {
        let saved = self.state.clone();
        let mut inside = vec![0u64; self.geo.words];
        for &s in side.iter().chain([&cut]) {
            inside[s / 64] |= 1 << (s % 64);
        }
        for slot in saved.slots() {
            if !bit(&inside, slot) {
                self.state.remove(slot);
            }
        }
        self.state.remove(cut);
        self.state.budget[cut] = 0;
        self.state.place(cut);
        let goal = clear_goal_key(cut);
        let key = self.state.hash ^ goal;
        let result = match self.cleared.get(&key) {
            Some(&known) => Some(known),
            None => {
                let mut finals = vec![0u64; self.geo.words];
                finals[cut / 64] |= 1 << (cut % 64);
                let path_len = self.path.len();
                let result = self.solve_node(&finals, &[], goal);
                self.path.truncate(path_len);
                if let Some(known) = result {
                    self.cleared.insert(key, known);
                }
                result
            }
        };
        self.state = saved;
        result
    }
}
