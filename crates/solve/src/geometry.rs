//! Precomputed geometry of a board for the search engine.
//!
//! Pieces only ever move onto occupied squares (every move is a capture, thesis §3.2), so
//! the occupied squares of every reachable configuration are a subset of the initial ones.
//! We index the initial squares as *slots* `0..n` and precompute, per present piece kind,
//! which slots a piece on each slot reaches on an otherwise empty board, and the lines
//! (rows, columns, diagonals) sorted along their length: a ranged piece captures the
//! nearest occupied slot on either side of it on each of its lines.

use std::collections::HashMap;

use sat2chess_core::board::{Board, PieceKind, Square};
use sat2chess_core::rules::{reaches_on_empty_board, steps};

use super::clock::Clock;
use super::kinds::{families, kind_index, strictly_between};

/// No occupied slot that way ([`State::near`](super::state::State::near)).
pub(crate) const NO_SLOT: u32 = u32::MAX;

/// Slot-indexed geometry of a board (see the module docs).
pub(crate) struct Geometry {
    pub squares: Vec<Square>,
    /// The slot of each square holding a piece initially.
    slot_of: HashMap<Square, u32>,
    /// Number of `u64` words of a slot bitset.
    pub words: usize,
    /// `reach[kind][slot]`: every slot a piece of `kind` on `slot` can capture on an empty
    /// board. Empty for kinds absent from the initial board (kinds never appear later).
    reach: [Vec<Vec<u32>>; 6],
    /// `reach_into[kind][slot]`: every slot from which a piece of `kind` reaches `slot`.
    reach_into: [Vec<Vec<u32>>; 6],
    /// Symmetrised union over the initial kinds: the (generalised) capture graph of
    /// thesis Definition 3.4. Every capture moves along one of its edges.
    pub neighbours: Vec<Vec<u32>>,
    /// `neighbour_kinds[slot][i]`: the kinds (bit [`kind_index`]) whose empty-board
    /// moves join `slot` and `neighbours[slot][i]` in either direction. Once a kind has
    /// left the board its edges are gone for good ([`Self::occupied_neighbours`]).
    pub(crate) neighbour_kinds: Vec<Vec<u8>>,
    /// The slots of each line (row, column, diagonal, anti-diagonal), sorted along it.
    line_slots: Vec<Vec<u32>>,
    /// The line of a slot, per line family.
    line_of: Vec<[u32; 4]>,
    /// Position of a slot along its line, per line family.
    line_pos: Vec<[u32; 4]>,
    /// Boards of at most [`DENSE_SLOTS`] slots: `adjacency[(kind * n + slot) * words + w]`,
    /// word `w` of the bitset of the neighbours of `slot` joined through `kind` (bit
    /// [`kind_index`]); empty on larger boards, whose bitsets would not fit in memory.
    adjacency: Vec<u64>,
    /// Boards of at most [`DENSE_SLOTS`] slots: `reach_bits[(kind * n + slot) * words + w]`,
    /// word `w` of [`Self::targets`] as a bitset; empty on larger boards.
    reach_bits: Vec<u64>,
    /// Boards of at most 64 slots: `single_word[kinds * n + slot]`, the union of the
    /// adjacency rows of `slot` over the kinds of the mask `kinds` (bit
    /// [`kind_index`]), so that a slot's occupied neighbours are one load and one AND
    /// (the graph depends on which kinds are on the board, not on where they stand).
    single_word: Vec<u64>,
}

/// Boards with at most this many slots keep the capture graph as bitsets too, so that
/// the analysis visits a slot's occupied neighbours by a few word operations instead of
/// scanning its whole neighbour list (a queen on a dense 8×8 board has ~25 neighbours).
pub(crate) const DENSE_SLOTS: usize = 256;

/// Words of a slot bitset on a board of at most [`DENSE_SLOTS`] slots.
const DENSE_WORDS: usize = DENSE_SLOTS / 64;

/// The occupied capture-graph neighbours of a slot ([`Geometry::occupied_neighbours`]).
pub(crate) enum OccupiedNeighbours<'a> {
    /// From the bitsets of a small board: the remaining neighbours, word by word.
    Bits {
        words: [u64; DENSE_WORDS],
        word: usize,
        /// Words in use.
        end: usize,
    },
    /// From the neighbour list of a large board.
    List {
        slots: std::slice::Iter<'a, u32>,
        joins: std::slice::Iter<'a, u8>,
        kinds: u8,
        occupied: &'a [u64],
    },
}

impl Iterator for OccupiedNeighbours<'_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        match self {
            OccupiedNeighbours::Bits { words, word, end } => {
                while *word < *end {
                    let bits = &mut words[*word];
                    if *bits != 0 {
                        let bit = bits.trailing_zeros() as usize;
                        *bits &= *bits - 1;
                        return Some(*word * 64 + bit);
                    }
                    *word += 1;
                }
                None
            }
            OccupiedNeighbours::List {
                slots,
                joins,
                kinds,
                occupied,
            } => {
                for (&u, &joined) in slots.by_ref().zip(joins.by_ref()) {
                    let u = u as usize;
                    if joined & *kinds != 0 && occupied[u / 64] >> (u % 64) & 1 == 1 {
                        return Some(u);
                    }
                }
                None
            }
        }
    }
}

/// The big tables of a geometry under construction (see [`Geometry::build`]).
#[derive(Default)]
struct Tables {
    line_slots: Vec<Vec<u32>>,
    reach: [Vec<Vec<u32>>; 6],
    reach_into: [Vec<Vec<u32>>; 6],
    joined: Vec<Vec<(u32, u8)>>,
}

/// Drops `value` on a new thread (synchronously if no thread can be started).
pub(crate) fn free_in_background<T: Send + 'static>(value: T) {
    let _ = std::thread::Builder::new()
        .name("free".into())
        .spawn(move || drop(value));
}

impl Geometry {
    /// Builds the geometry in O(n log n + edges) time; never touches empty squares.
    pub fn new(board: &Board) -> Geometry {
        Self::build(board, &mut Clock::new(None)).expect("no limit")
    }

    /// [`Self::new`], charging its work to `clock`; `None` as soon as the clock's time
    /// limit or cancellation flag stops it (the ranged lines of a big board cost seconds).
    /// The tables built so far are then freed on a background thread: freeing the
    /// millions of line entries of a 20,000-piece board takes ~0.1 s, 5 % of a 2 s limit.
    pub fn build(board: &Board, clock: &mut Clock) -> Option<Geometry> {
        let mut tables = Tables::default();
        let built = Self::build_into(board, clock, &mut tables);
        if built.is_none() {
            free_in_background(tables);
        }
        built
    }

    /// Frees the geometry on a background thread (see [`Self::build`]).
    pub(crate) fn release(self) {
        free_in_background(self);
    }

    fn build_into(board: &Board, clock: &mut Clock, tables: &mut Tables) -> Option<Geometry> {
        let squares: Vec<Square> = board.pieces().iter().map(|p| p.square).collect();
        let n = squares.len();
        let slot_of: HashMap<Square, u32> = squares
            .iter()
            .enumerate()
            .map(|(i, &s)| (s, i as u32))
            .collect();

        // Lines: key (family, constant) -> slots sorted along the line.
        let mut line_ids: HashMap<(usize, i64), u32> = HashMap::new();
        let line_slots = &mut tables.line_slots;
        let mut line_of = vec![[0u32; 4]; n];
        for (slot, sq) in squares.iter().enumerate() {
            let (r, c) = (sq.row as i64, sq.col as i64);
            for (family, key) in [r, c, r - c, r + c].into_iter().enumerate() {
                let id = *line_ids.entry((family, key)).or_insert_with(|| {
                    line_slots.push(Vec::new());
                    (line_slots.len() - 1) as u32
                });
                line_of[slot][family] = id;
                line_slots[id as usize].push(slot as u32);
            }
        }
        let mut line_pos = vec![[0u32; 4]; n];
        for (&(family, _), &id) in &line_ids {
            let line = &mut line_slots[id as usize];
            if clock.charge(line.len() as u64) {
                return None;
            }
            line.sort_unstable_by_key(|&s| {
                let sq = squares[s as usize];
                if family == 1 { sq.row } else { sq.col }
            });
            for (pos, &slot) in line.iter().enumerate() {
                line_pos[slot as usize][family] = pos as u32;
            }
        }

        let mut present = [false; 6];
        for piece in board.pieces() {
            present[kind_index(piece.kind)] = true;
        }
        let Tables {
            reach,
            reach_into,
            joined,
            ..
        } = tables;
        for kind in PieceKind::ALL {
            let k = kind_index(kind);
            if !present[k] {
                continue;
            }
            let mut lists = vec![Vec::new(); n];
            for (slot, sq) in squares.iter().enumerate() {
                for &(dr, dc) in steps(kind) {
                    // Exact: a step past row or column 2^32 − 1 leaves the board.
                    let (Ok(r), Ok(c)) = (
                        u32::try_from(i64::from(sq.row) + dr),
                        u32::try_from(i64::from(sq.col) + dc),
                    ) else {
                        continue;
                    };
                    if r < 1 || c < 1 {
                        continue;
                    }
                    if let Some(&j) = slot_of.get(&Square::new(r, c)) {
                        lists[slot].push(j);
                    }
                }
                for &family in families(kind) {
                    let line = line_of[slot][family];
                    for &j in &line_slots[line as usize] {
                        if j as usize != slot {
                            lists[slot].push(j);
                        }
                    }
                }
                if clock.charge(1 + lists[slot].len() as u64) {
                    return None;
                }
                debug_assert!(lists[slot].iter().all(|&t| reaches_on_empty_board(
                    kind,
                    *sq,
                    squares[t as usize]
                )));
            }
            let mut into = vec![Vec::new(); n];
            for (slot, targets) in lists.iter().enumerate() {
                if clock.charge(1 + targets.len() as u64) {
                    return None;
                }
                for &t in targets {
                    into[t as usize].push(slot as u32);
                }
            }
            reach[k] = lists;
            reach_into[k] = into;
        }

        *joined = vec![Vec::new(); n];
        for (k, lists) in reach.iter().enumerate() {
            for (slot, targets) in lists.iter().enumerate() {
                if clock.charge(1 + targets.len() as u64) {
                    return None;
                }
                for &t in targets {
                    joined[slot].push((t, 1 << k));
                    joined[t as usize].push((slot as u32, 1 << k));
                }
            }
        }
        let mut neighbours = Vec::with_capacity(n);
        let mut neighbour_kinds = Vec::with_capacity(n);
        for list in joined.iter_mut() {
            if clock.charge(1 + list.len() as u64) {
                return None;
            }
            let mut list = std::mem::take(list);
            list.sort_unstable();
            let mut slots: Vec<u32> = Vec::with_capacity(list.len());
            let mut kinds: Vec<u8> = Vec::with_capacity(list.len());
            for (t, kind) in list {
                if slots.last() == Some(&t) {
                    *kinds.last_mut().expect("parallel lists") |= kind;
                } else {
                    slots.push(t);
                    kinds.push(kind);
                }
            }
            neighbours.push(slots);
            neighbour_kinds.push(kinds);
        }

        let words = n.div_ceil(64).max(1);
        let mut adjacency = Vec::new();
        let mut reach_bits = Vec::new();
        if n <= DENSE_SLOTS {
            reach_bits = vec![0u64; 6 * n * words];
            for (k, lists) in reach.iter().enumerate() {
                for (slot, targets) in lists.iter().enumerate() {
                    for &t in targets {
                        reach_bits[(k * n + slot) * words + t as usize / 64] |= 1 << (t % 64);
                    }
                }
            }
            adjacency = vec![0u64; 6 * n * words];
            for (slot, (list, kinds)) in neighbours.iter().zip(&neighbour_kinds).enumerate() {
                for (&t, &joins) in list.iter().zip(kinds) {
                    for k in (0..6).filter(|k| joins >> k & 1 == 1) {
                        adjacency[(k * n + slot) * words + t as usize / 64] |= 1 << (t % 64);
                    }
                }
            }
        }

        let mut single_word = Vec::new();
        if n <= 64 {
            single_word = vec![0u64; 64 * n];
            for kinds in 0..64 {
                for slot in 0..n {
                    single_word[kinds * n + slot] = (0..6)
                        .filter(|k| kinds >> k & 1 == 1)
                        .fold(0, |row, k| row | adjacency[k * n + slot]);
                }
            }
        }

        Some(Geometry {
            words,
            squares,
            slot_of,
            reach: std::mem::take(reach),
            reach_into: std::mem::take(reach_into),
            neighbours,
            neighbour_kinds,
            line_slots: std::mem::take(&mut tables.line_slots),
            line_of,
            line_pos,
            single_word,
            adjacency,
            reach_bits,
        })
    }

    /// The initial links of [`super::state::State::near`]: per slot and line family the
    /// neighbouring slots before and after it on its line (every slot occupied).
    pub(crate) fn line_links(&self) -> Vec<[u32; 8]> {
        let mut links = vec![[NO_SLOT; 8]; self.len()];
        for (slot, link) in links.iter_mut().enumerate() {
            for family in 0..4 {
                let line = &self.line_slots[self.line_of[slot][family] as usize];
                let pos = self.line_pos[slot][family] as usize;
                if pos > 0 {
                    link[2 * family] = line[pos - 1];
                }
                if let Some(&after) = line.get(pos + 1) {
                    link[2 * family + 1] = after;
                }
            }
        }
        links
    }

    /// The slot of `square`, if a piece stood there initially.
    pub fn slot(&self, square: Square) -> Option<usize> {
        self.slot_of.get(&square).map(|&slot| slot as usize)
    }

    pub fn len(&self) -> usize {
        self.squares.len()
    }

    /// The neighbours of `slot` in the capture graph of a state whose pieces have the
    /// kinds `kinds` (bit [`kind_index`]) and occupy `occupied`: the occupied neighbours
    /// joined through one of those kinds, by bitsets on boards of at most [`DENSE_SLOTS`].
    pub(crate) fn occupied_neighbours<'a>(
        &'a self,
        slot: usize,
        kinds: u8,
        occupied: &'a [u64],
    ) -> OccupiedNeighbours<'a> {
        if self.adjacency.is_empty() {
            return OccupiedNeighbours::List {
                slots: self.neighbours[slot].iter(),
                joins: self.neighbour_kinds[slot].iter(),
                kinds,
                occupied,
            };
        }
        let (n, words) = (self.len(), self.words);
        if !self.single_word.is_empty() {
            let mut bits = [0u64; DENSE_WORDS];
            bits[0] = self.single_word[kinds as usize * n + slot] & occupied[0];
            return OccupiedNeighbours::Bits {
                words: bits,
                word: 0,
                end: 1,
            };
        }
        let mut bits = [0u64; DENSE_WORDS];
        for k in (0..6).filter(|k| kinds >> k & 1 == 1) {
            let row = &self.adjacency[(k * n + slot) * words..][..words];
            for (bit, &word) in bits.iter_mut().zip(row) {
                *bit |= word;
            }
        }
        for (bit, &word) in bits.iter_mut().zip(occupied) {
            *bit &= word;
        }
        OccupiedNeighbours::Bits {
            words: bits,
            word: 0,
            end: words,
        }
    }

    /// Boards of at most 64 slots: the neighbours of `slot` in the capture graph of a
    /// state whose pieces have the kinds `kinds` (bit [`kind_index`]), occupied or not,
    /// as one bitset word; `None` on larger boards.
    pub(crate) fn word_neighbours(&self, slot: usize, kinds: u8) -> Option<u64> {
        (!self.single_word.is_empty()).then(|| self.single_word[kinds as usize * self.len() + slot])
    }

    /// Boards of at most 64 slots: [`Self::targets`] of a piece of `kind` on `slot` as one
    /// bitset word; `None` on larger boards.
    pub(crate) fn word_reach(&self, kind: PieceKind, slot: usize) -> Option<u64> {
        (self.words == 1 && !self.reach_bits.is_empty())
            .then(|| self.reach_bits[kind_index(kind) * self.len() + slot])
    }

    /// The number of [`Self::occupied_neighbours`] of `slot`.
    pub(crate) fn occupied_degree(&self, slot: usize, kinds: u8, occupied: &[u64]) -> u32 {
        match self.occupied_neighbours(slot, kinds, occupied) {
            OccupiedNeighbours::Bits { words, .. } => words.iter().map(|w| w.count_ones()).sum(),
            list => list.count() as u32,
        }
    }

    /// Whether a piece of `kind` on `slot` has a capture when exactly `occupied` is
    /// occupied (budgets aside): whether an occupied slot is among its empty-board
    /// targets — for a ranged piece the nearest occupied slot on that side of the line
    /// is then capturable. Also returns the number of slots looked at, as a measure of
    /// work (one word a bitset word on boards of at most [`DENSE_SLOTS`]).
    pub(crate) fn has_capture(
        &self,
        kind: PieceKind,
        slot: usize,
        occupied: &[u64],
    ) -> (bool, u64) {
        if self.reach_bits.is_empty() {
            let mut any = false;
            let occupied = |s: usize| occupied[s / 64] >> (s % 64) & 1 == 1;
            let work = self.captures(kind, slot, occupied, |_| any = true);
            return (any, work);
        }
        let at = (kind_index(kind) * self.len() + slot) * self.words;
        let row = &self.reach_bits[at..at + self.words];
        let any = row.iter().zip(occupied).any(|(&r, &o)| r & o != 0);
        (any, self.words as u64)
    }

    /// Potential targets of a piece of `kind` on `slot` (empty-board geometry).
    pub fn targets(&self, kind: PieceKind, slot: usize) -> &[u32] {
        &self.reach[kind_index(kind)][slot]
    }

    /// Whether a rook, bishop or queen occurs on the initial board.
    pub(crate) fn has_ranged(&self) -> bool {
        PieceKind::ALL
            .into_iter()
            .any(|kind| kind.is_ranged() && self.has_kind(kind))
    }

    /// The kinds on the initial board, one bit per [`kind_index`].
    pub fn kinds(&self) -> u8 {
        PieceKind::ALL
            .into_iter()
            .filter(|&kind| self.has_kind(kind))
            .fold(0, |mask, kind| mask | 1 << kind_index(kind))
    }

    /// Whether `kind` occurs on the initial board.
    pub(crate) fn has_kind(&self, kind: PieceKind) -> bool {
        !self.reach[kind_index(kind)].is_empty()
    }

    /// Slots from which a piece of `kind` reaches `slot` on an empty board.
    pub fn sources(&self, kind: PieceKind, slot: usize) -> &[u32] {
        &self.reach_into[kind_index(kind)][slot]
    }

    /// Whether `slot` lies strictly between `from` and `to`, which share a row, column
    /// or diagonal (the squares a ranged move `from -> to` passes over).
    pub(crate) fn strictly_between(&self, from: usize, to: usize, slot: usize) -> bool {
        strictly_between(self.squares[from], self.squares[to], self.squares[slot])
    }

    /// Calls `capture` with every slot a piece of `kind` on `slot` can capture when
    /// exactly the slots with `occupied` true are occupied (budgets aside), in the order
    /// of [`Self::targets`]: short-range targets that are occupied; for a ranged piece,
    /// the nearest occupied slot on either side along each of its lines (the squares
    /// in between are empty, and farther slots are blocked by the nearest one).
    /// Returns the number of slots looked at, as a measure of work.
    pub fn captures(
        &self,
        kind: PieceKind,
        slot: usize,
        occupied: impl Fn(usize) -> bool,
        mut capture: impl FnMut(usize),
    ) -> u64 {
        if !kind.is_ranged() {
            let targets = self.targets(kind, slot);
            for &t in targets {
                if occupied(t as usize) {
                    capture(t as usize);
                }
            }
            return targets.len() as u64;
        }
        let mut work = 0;
        for &family in families(kind) {
            let line = &self.line_slots[self.line_of[slot][family] as usize];
            let pos = self.line_pos[slot][family] as usize;
            let before = line[..pos].iter().rev().position(|&s| occupied(s as usize));
            work += before.map_or(pos, |i| i + 1);
            if let Some(i) = before {
                capture(line[pos - 1 - i] as usize);
            }
            let after = line[pos + 1..].iter().position(|&s| occupied(s as usize));
            work += after.map_or(line.len() - pos - 1, |i| i + 1);
            if let Some(i) = after {
                capture(line[pos + 1 + i] as usize);
            }
        }
        work as u64
    }
}
