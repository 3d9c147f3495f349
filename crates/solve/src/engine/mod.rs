//! The depth-first search behind [`super::solve`] and [`super::remainders`].
//!
//! * **Dominance table** (solve mode). By the thesis's monotony (§3.3: raising budgets
//!   never hurts — every capture of a solution stays legal, and the last piece keeps at
//!   least its budget), a state with the same pieces on the same squares as a state
//!   proven to fail, and budgets pointwise ≤ its budgets, fails too. Failed states are
//!   stored by their budget-free `shape` hash ([`super::state`]) with a short list of
//!   budget vectors, maximal ones kept. The exact-match transposition table is the
//!   special case of equal budgets.
//! * **Visited set** (keep mode): remainders are not monotone in the budgets, so
//!   `remainders` skips states it has already expanded, and uses dominance only for
//!   states from which no configuration on the keep squares is reachable (those are
//!   downward closed in the budgets, [`Engine::collect_node`]).
//! * **Probe and restarts** (solve mode, [`Engine::solve`]): a short probe with a plain
//!   move order, then Luby-scheduled rounds with other (seeded) orders; proven
//!   failures carry over, so restarts never change a verdict.
//! * **Budget tests first** (solve mode): the cheap budget tests of the analysis
//!   ([`super::analysis::Analyser::mobility`]) run before the table probe, and states
//!   they kill are not stored, which keeps the table to the states that cost an
//!   analysis. On boards of at most 64 slots with budgets ≤ 3 the table stores budgets
//!   as two inline bit planes ([`table::BudgetKey`]).
//! * **Dead-state pruning** ([`super::analysis`]) and, in solve mode, skipping captures
//!   by cut vertices (thesis §3.3.1) and captures that vacate the last candidate final
//!   square (Corollary 3.7, Observation 3.3).
//! * **Special states** (solve mode, main goal, [`Engine::decide_special`]): a state
//!   with every budget ≤ 1 or all pieces on one line is decided by the polynomial
//!   special cases; a cut-vertex side on one line by the 1D rook lemma ([`super::lines`]).
//! * **Block moves** at cut vertices ([`Engine::examine_sides`]): a side that must be
//!   emptied into its cut vertex is cleared as one unit, in solve mode with the largest
//!   outcome per kind, in keep mode with every outcome.
//!
//! Sleep sets (Godefroid's partial-order reduction) were measured 2–4× slower on the
//! gadget boards: they make table hits conditional on the sleep set, which defeats
//! the table and rules out dominance; the search uses neither. Stubborn sets (Valmari;
//! a function of the state, so the table stays valid) were measured too, in commit
//! 412757f: on the compiled rook boards the set of a capture spans nearly the whole
//! board (every capture by its mover or onto its target belongs to it, and with budget-2
//! rooks and the shell's conveyor belt that closure links every gadget), so they cut
//! 0.3 % of the states (`x | ~x`: 5.76 M → 5.74 M) while the closures nearly doubled
//! the time (44 s → 86 s on a loaded machine); the search does not use them.
//!
//! Candidate final squares are passed down the search: if every solution of a state ends
//! in a set F, then so does every solution of its children (a solution of the child is
//! the tail of a solution of the parent). This is a property of the child state itself,
//! not of the path to it, so failures recorded under it stay valid in the table.

use std::collections::{BTreeSet, HashMap};
use std::rc::Rc;

use smallvec::SmallVec;

use sat2chess_core::board::{Board, Piece, PieceKind, Square};
use sat2chess_core::rules::Variant;

use super::analysis::{Analyser, Dead, Goal, Halt};
use super::clock::Clock;
use super::geometry::Geometry;
use super::kinds::kind_index;
use super::options::SolveOptions;
use super::report::{Remainder, SearchStats};
use super::restarts::luby;
use super::state::{SlotMove, State, mix, pack, unpack, zobrist};
use super::{lines, special};

mod blocks;
mod table;

use table::{BudgetKey, Dominance, Fold, PLANE_BUDGET};

/// A slot bitset, on the stack for boards of up to 256 slots.
type Slots = SmallVec<[u64; 4]>;

/// Table key offset separating block-outcome enumerations from side-clearing searches.
const OUTCOME_KEY: u128 = 0x2545_f491_4f6c_dd1d_7a3d_8c2b_91e6_04f3;

/// Nodes of the probe of [`Engine::solve`] before it restarts with another order.
const PROBE_NODES: u64 = 10_000;

/// Nodes of the shortest restart round of [`Engine::solve`] after the probe; round k
/// gets `luby(k)` times as many.
const ROUND_NODES: u64 = 50_000;

/// Move orders of [`Engine::solve`]'s probe and restart rounds; all put captures by
/// low-degree pieces (leaves) first.
#[derive(Clone, Copy)]
enum Ordering {
    /// Only by the mover's degree.
    Leaves,
    /// Then captures of weak pieces, which is how signals travel along wires; ties
    /// broken by a hash of the seed and the capture (by the capture itself for seed 0).
    WeakTargets { seed: u64 },
    /// Then by a hash of the seed and the capture.
    Shuffled { seed: u64 },
}

/// Which goal a search serves, for the block outcomes it needs.
#[derive(Clone, Copy)]
enum Mode {
    /// Reduce to one piece: largest outcome budgets suffice.
    Solve,
    /// Enumerate remainders: every outcome.
    Keep,
}

/// The node limit of [`SolveOptions`] and the probe's node budget; the time limit is
/// kept by the analyser's [`super::clock::Clock`].
struct Limits {
    node_limit: Option<u64>,
    /// The node limit was reached.
    reached: bool,
    /// Effort at which the current round of [`Engine::solve`] gives up.
    round_end: u64,
    /// Search effort: states entered plus captures refuted by the budget test without
    /// entering their child. Rounds and the node limit are measured in it, so that
    /// refuting a child early changes the cost of a round, not its course.
    effort: u64,
    /// Nodes of the probe ([`PROBE_NODES`]; tests shorten it to force restarts).
    probe_nodes: u64,
    /// Nodes of the shortest restart round ([`ROUND_NODES`]; likewise).
    round_nodes: u64,
}

fn bit(mask: &[u64], slot: usize) -> bool {
    mask[slot / 64] >> (slot % 64) & 1 == 1
}

fn clear_bit(mask: &mut [u64], slot: usize) {
    mask[slot / 64] &= !(1 << (slot % 64));
}

/// One way a block can end: the piece left on the cut vertex, and how.
struct Outcome {
    kind: PieceKind,
    budget: u32,
    witness: Vec<SlotMove>,
}

/// One search over one board.
pub(crate) struct Engine<'g> {
    geo: &'g Geometry,
    variant: Variant,
    state: State,
    analyser: Analyser,
    /// Solve mode: failed states.
    dominance: Dominance,
    /// Keep mode: expanded states, by state hash and enumeration run, with whether a
    /// configuration on the keep squares is reachable from them.
    visited: HashMap<u128, bool, Fold>,
    /// Keep mode: states from which no configuration on the keep squares is reachable.
    dead_keep: Dominance,
    /// Answers of side-clearing sub-problems, by sub-state key.
    cleared: HashMap<u128, bool, Fold>,
    /// Keep-goal enumerations started so far.
    runs: u32,
    /// Block outcomes, by sub-state key.
    outcomes: HashMap<u128, Rc<Vec<Outcome>>, Fold>,
    limits: Limits,
    /// Rows and columns of the board (states decided by [`Self::decide_special`] are
    /// boards of this extent).
    extent: (u32, u32),
    /// Move order of the current restart round.
    ordering: Ordering,
    /// The board has at most 64 slots and no budget above [`PLANE_BUDGET`], so every
    /// state's budgets fit the table's bit planes ([`BudgetKey::Planes`]): budgets
    /// never grow (a capture spends one unit of the mover's, a block outcome or a
    /// side-clearing sub-board holds budgets of the state it comes from or 0).
    planes: bool,
    pub stats: SearchStats,
    path: Vec<SlotMove>,
}

impl<'g> Engine<'g> {
    pub fn new(geo: &'g Geometry, board: &Board, options: &SolveOptions) -> Engine<'g> {
        Engine {
            geo,
            variant: options.variant.on(board),
            state: State::new(board, geo),
            analyser: Analyser::new(geo.len(), geo.words, Clock::for_options(options)),
            dominance: Dominance::default(),
            visited: HashMap::default(),
            dead_keep: Dominance::default(),
            cleared: HashMap::default(),
            outcomes: HashMap::default(),
            runs: 0,
            limits: Limits {
                node_limit: options.node_limit,
                reached: false,
                round_end: u64::MAX,
                effort: 0,
                probe_nodes: PROBE_NODES,
                round_nodes: ROUND_NODES,
            },
            extent: (board.rows(), board.cols()),
            ordering: Ordering::Leaves,
            planes: geo.len() <= 64 && board.pieces().iter().all(|p| p.budget <= PLANE_BUDGET),
            stats: SearchStats::default(),
            path: Vec::new(),
        }
    }

    fn finish_stats(&mut self) {
        self.stats.elapsed = self.analyser.clock.elapsed();
        self.stats.table_entries =
            self.dominance.entries + self.dead_keep.entries + self.visited.len() as u64;
    }

    /// Decides whether the state reduces to one piece; `Some(moves)` on success, `None`
    /// inside `Err` when a limit was reached.
    ///
    /// Probe and restarts: the time to find a solution depends heavily on the move
    /// order, and no single order suits all boards (the plain [`Ordering::Leaves`]
    /// finds the sweeps of long wires at once, where [`Ordering::WeakTargets`] gets
    /// lost; on gadget boards it is the other way round). So a probe with the first
    /// order runs for [`PROBE_NODES`] nodes, then the search restarts with the second
    /// order in rounds of [`ROUND_NODES`] · luby(k) nodes (the Luby schedule), round k
    /// breaking ties by a hash of seed k: a depth-first search that takes a wrong turn
    /// near the root of a solvable board explores a whole failing subtree first, and
    /// another tie order takes another turn. A round that runs out answers nothing;
    /// the dominance table and the block-outcome memos survive it, since each entry is
    /// a proven fact about a state, independent of the order that found it, so the
    /// rounds of an unsolvable board build one proof together. Round lengths grow
    /// without bound, so unless a limit stops the search some round completes, and its
    /// answer is exact whatever the order: restarts never change a verdict.
    pub fn solve(&mut self) -> Result<Option<Vec<(Square, Square)>>, ()> {
        let mut finals = vec![0u64; self.geo.words];
        for slot in self.state.slots() {
            finals[slot / 64] |= 1 << (slot % 64);
        }
        self.ordering = Ordering::Leaves;
        self.limits.round_end = self.limits.probe_nodes;
        let mut result = self.solve_node(&finals, 0, None);
        let mut round = 0;
        while result.is_none() && !self.limit_reached() {
            round += 1;
            self.ordering = if round == 1 {
                Ordering::WeakTargets { seed: 0 }
            } else {
                Ordering::Shuffled { seed: mix(round) }
            };
            self.limits.round_end = self
                .limits
                .effort
                .saturating_add(self.limits.round_nodes.saturating_mul(luby(round)));
            self.path.clear();
            result = self.solve_node(&finals, 0, None);
        }
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
        let run = self.next_run();
        let result = self.collect_node(&mask, &mut found, run);
        self.finish_stats();
        result.map(|_| found).ok_or(())
    }

    /// Whether a node or time limit has been reached.
    fn limit_reached(&self) -> bool {
        self.limits.reached || self.analyser.clock.expired()
    }

    /// Whether to stop before looking at the current state: a limit is reached (the
    /// state's size is charged to the clock first, for the work of looking it up), or
    /// the probe round is over.
    fn exhausted(&mut self) -> bool {
        let effort = self.limits.effort;
        if self.limits.node_limit.is_some_and(|limit| effort >= limit) {
            self.limits.reached = true;
        }
        let expired = self
            .analyser
            .clock
            .charge_state(effort, self.state.count as u64);
        self.limits.reached || expired || effort >= self.limits.round_end
    }

    /// The budgets of the occupied slots, the dominance table's values: bit planes
    /// when [`Self::planes`] says so, else the budgets in slot order.
    fn budgets(&self) -> BudgetKey {
        if self.planes {
            let (mut lo, mut hi) = (0, 0);
            let mut bits = self.state.occupied[0];
            while bits != 0 {
                let slot = bits.trailing_zeros();
                let budget = u64::from(self.state.budget[slot as usize]);
                lo |= (budget & 1) << slot;
                hi |= (budget >> 1) << slot;
                bits &= bits - 1;
            }
            return BudgetKey::Planes(lo, hi);
        }
        let mut budgets = SmallVec::new();
        for (w, &word) in self.state.occupied.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                budgets.push(self.state.budget[w * 64 + bits.trailing_zeros() as usize]);
                bits &= bits - 1;
            }
        }
        BudgetKey::Vector(budgets)
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

    /// Legal captures from the current state. In solve mode (`finals` given) captures
    /// by cut vertices and captures vacating the last candidate final square are skipped.
    fn moves(&mut self, finals: Option<&[u64]>) -> Vec<SlotMove> {
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
        let protected = self.variant.uncapturable();
        let mut moves = Vec::new();
        let mut work = 0;
        for from in state.slots() {
            work += 1;
            if state.budget[from] == 0 {
                continue;
            }
            let first = moves.len();
            let kind = state.kind[from];
            let mut push = |to: usize| {
                if protected != Some(state.kind[to]) {
                    moves.push(pack(from, to));
                }
            };
            if kind.is_ranged() {
                // Blockers from the incrementally kept line links: ≤ 8 reads.
                state.line_captures(kind, from, &mut push);
                work += 8;
            } else {
                work += geo.captures(kind, from, |s| state.is_occupied(s), &mut push);
            }
            if finals.is_some() && (out.cut[from] || last_final == Some(from)) {
                self.stats.pruned_moves += (moves.len() - first) as u64;
                moves.truncate(first);
            }
        }
        // Leaves first in every order: their captures are forced sooner or later (a
        // leaf that is not the final square can only be vacated by capturing its one
        // neighbour).
        let ordering = self.ordering;
        moves.sort_by_cached_key(|&mv| {
            let (from, to) = unpack(mv);
            match ordering {
                Ordering::Leaves => (out.degree[from], (0, 0), mv),
                Ordering::WeakTargets { seed } => (
                    out.degree[from],
                    (state.budget[to], u32::MAX - out.degree[to]),
                    if seed == 0 { mv } else { mix(seed ^ mv) },
                ),
                Ordering::Shuffled { seed } => (out.degree[from], (0, 0), mix(seed ^ mv)),
            }
        });
        self.analyser.clock.charge(work);
        moves
    }

    /// Whether the current state reduces to one piece on a square of `finals`; `goal`
    /// separates the table entries of side-clearing sub-problems from the main search.
    /// With a `target` (kind, b), the last piece must also have that kind and budget ≥ b.
    fn solve_node(
        &mut self,
        finals: &[u64],
        goal: u128,
        target: Option<(PieceKind, u32)>,
    ) -> Option<bool> {
        if self.state.count == 1 {
            let only = self.state.slots().next().expect("one piece");
            return Some(
                bit(finals, only)
                    && target.is_none_or(|(kind, budget)| {
                        self.state.kind[only] == kind && self.state.budget[only] >= budget
                    }),
            );
        }
        if self.exhausted() {
            return None;
        }
        // The cheap dead-state tests come before the table: they cost a few word
        // operations per piece where a table probe costs cache misses, and most dead
        // states of dense boards fail them. Such states are not recorded either (the
        // tests decide them again), which keeps the table small.
        let cheap = if self.uncapturable_count() >= 2 {
            Err(Halt::Dead(Dead::Kings))
        } else if target.is_some_and(|(_, budget)| {
            // The last piece keeps `budget` units besides the count − 1 captures.
            self.state.budget_sum + 1 < self.state.count as u64 + budget as u64
        }) {
            Err(Halt::Dead(Dead::Budget))
        } else {
            self.analyser.mobility(self.geo, &self.state, true)
        };
        match cheap {
            Err(Halt::Limit) => return None,
            Err(Halt::Dead(dead)) => {
                self.stats.nodes += 1;
                self.limits.effort += 1;
                self.count_dead(dead);
                return Some(false);
            }
            Ok(()) => {}
        }
        let key = self.state.shape ^ goal;
        let budgets = self.budgets();
        if self.dominance.fails(key, &budgets) {
            self.stats.table_hits += 1;
            return Some(false);
        }
        self.stats.nodes += 1;
        self.limits.effort += 1;
        if goal == 0
            && target.is_none()
            && let Some(solvable) = self.decide_special()
        {
            self.stats.special_states += 1;
            if !solvable {
                self.dominance.record(key, &budgets);
            }
            return Some(solvable);
        }
        let hero_squares;
        let finals = if self.uncapturable_count() == 1 {
            hero_squares = self.hero_reach(finals);
            &hero_squares[..]
        } else {
            finals
        };
        let verdict = self
            .analyser
            .analyse_mobile(self.geo, &self.state, Goal::Single { finals });
        match verdict {
            Err(Halt::Limit) => return None,
            Err(Halt::Dead(dead)) => {
                self.count_dead(dead);
                self.dominance.record(key, &budgets);
                return Some(false);
            }
            Ok(()) => {}
        }
        let child_finals = Slots::from_slice(&self.analyser.out.finals);
        let mut moves = self.moves(Some(&child_finals));
        let Ok(block) = self.examine_sides(&child_finals, Mode::Solve)? else {
            self.dominance.record(key, &budgets);
            return Some(false);
        };
        if let Some(block) = &block {
            moves.retain(|&mv| !block.touches(mv));
            for outcome in block.outcomes.iter() {
                let entered = self.enter_block(block, outcome);
                let result = self.solve_node(&child_finals, goal, target);
                self.leave(entered);
                match result {
                    None => return None,
                    Some(true) => return Some(true),
                    Some(false) => self.path.truncate(self.path.len() - outcome.witness.len()),
                }
            }
        }
        let mut finals_after = child_finals.clone();
        // A capture spends one unit and the captured piece's budget, and the state's
        // cheap budget test (below) needs `count − 1 + target budget` units in all:
        // captures of pieces with more than the spare budget lead to dead children,
        // which are not entered.
        let spare = self.state.budget_sum as i64 + 1
            - self.state.count as i64
            - target.map_or(0, |(_, budget)| budget as i64);
        for mv in moves {
            let (from, to) = unpack(mv);
            if self.state.budget[to] as i64 > spare {
                self.stats.pruned_moves += 1;
                self.limits.effort += 1;
                continue;
            }
            clear_bit(&mut finals_after, from);
            let undo = self.state.capture(from, to);
            self.path.push(mv);
            let result = self.solve_node(&finals_after, goal, target);
            self.state.undo(undo);
            finals_after[from / 64] = child_finals[from / 64];
            match result {
                None => return None,
                Some(true) => return Some(true),
                Some(false) => {
                    self.path.pop();
                }
            }
        }
        self.dominance.record(key, &budgets);
        Some(false)
    }

    /// Main search only: a state of a polynomial special class ([`super::special`]:
    /// every budget ≤ 1, thesis Thm 4.1; or all pieces on one row or column, Thm 4.2 and
    /// the generalised 1D rook lemma 4.3) is decided outright, its solving captures
    /// appended to the path. A state is a board like any other, so the special case's
    /// answer is exact; `None` when the state is in no special class. (Only for the main
    /// goal: side-clearing sub-problems also prescribe the final square.)
    fn decide_special(&mut self) -> Option<bool> {
        if self.state.budgets_over_one > 0 && !self.collinear() {
            return None;
        }
        let pieces = self
            .state
            .slots()
            .map(|s| {
                Piece::new(
                    self.state.kind[s],
                    self.geo.squares[s],
                    self.state.budget[s],
                )
            })
            .collect();
        let board = Board::new(self.extent.0, self.extent.1, pieces).ok()?;
        let (_, decision) = special::decide(&board, self.variant)?;
        let Some(moves) = decision.moves else {
            return Some(false);
        };
        let slot = |square| {
            self.geo
                .slot(square)
                .expect("a special-case move stays on the board's squares")
        };
        for mv in moves {
            self.path.push(pack(slot(mv.from), slot(mv.to)));
        }
        Some(true)
    }

    /// Whether all pieces stand on one row or one column.
    fn collinear(&self) -> bool {
        let mut slots = self.state.slots().map(|s| self.geo.squares[s]);
        let Some(first) = slots.next() else {
            return false;
        };
        let (mut row, mut col) = (true, true);
        for square in slots {
            row &= square.row == first.row;
            col &= square.col == first.col;
            if !(row || col) {
                return false;
            }
        }
        true
    }

    /// Pieces of the uncapturable kind in the current state (0 under the standard rules).
    fn uncapturable_count(&self) -> u32 {
        self.variant
            .uncapturable()
            .map_or(0, |kind| self.state.kind_count[kind_index(kind)])
    }

    /// One piece of the uncapturable kind (the *hero*; chess.com: the king): it is never
    /// captured, so it is the final piece, and with budget b it ends at most b of its
    /// moves away, each onto a square occupied now (vacated squares are never occupied
    /// again). Returns `finals` restricted to those squares (for a ranged hero, moves
    /// are taken on an empty board: a superset). Like every candidate set, this is a
    /// property of the state, so it is passed down the search.
    fn hero_reach(&self, finals: &[u64]) -> Vec<u64> {
        let state = &self.state;
        let kind = self.variant.uncapturable().expect("an uncapturable kind");
        let hero = state
            .slots()
            .find(|&s| state.kind[s] == kind)
            .expect("one hero");
        let mut reach = vec![0u64; self.geo.words];
        reach[hero / 64] |= 1 << (hero % 64);
        let mut frontier = vec![hero];
        for _ in 0..state.budget[hero] {
            let mut next = Vec::new();
            for &slot in &frontier {
                for &target in self.geo.targets(kind, slot) {
                    let target = target as usize;
                    if state.is_occupied(target) && !bit(&reach, target) {
                        reach[target / 64] |= 1 << (target % 64);
                        next.push(target);
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            frontier = next;
        }
        for (word, &allowed) in reach.iter_mut().zip(finals) {
            *word &= allowed;
        }
        reach
    }

    /// A fresh table-key offset for one keep-goal enumeration: its "already expanded"
    /// entries mean "already recorded in this enumeration's list" and must not leak
    /// into another enumeration.
    fn next_run(&mut self) -> u128 {
        self.runs += 1;
        zobrist(usize::MAX >> 8, PieceKind::Pawn, self.runs) ^ OUTCOME_KEY
    }

    /// Expands the current state for the keep goal, recording every first-visited
    /// state whose pieces all stand on `keep`. `run` is the enumeration's table-key
    /// offset. Returns whether some configuration on `keep` is reachable from here
    /// (`None`: a limit was reached).
    ///
    /// States from which none is reachable go to the dead table, with dominance: if a
    /// state with budgets pointwise ≤ those of a dead state of the same shape reached a
    /// configuration on `keep` by some captures, the dead state could make the same
    /// captures (more budget never disables one, thesis §3.3) and reach the same
    /// squares — so it is dead too, and skipping it loses no remainder.
    fn collect_node(
        &mut self,
        keep: &[u64],
        found: &mut BTreeSet<Remainder>,
        run: u128,
    ) -> Option<bool> {
        let key = self.state.hash ^ run;
        if let Some(&productive) = self.visited.get(&key) {
            self.stats.table_hits += 1;
            return Some(productive);
        }
        if self.exhausted() {
            return None;
        }
        let dead_key = self.state.shape ^ run;
        let budgets = self.budgets();
        if self.dead_keep.fails(dead_key, &budgets) {
            self.stats.table_hits += 1;
            return Some(false);
        }
        self.stats.nodes += 1;
        self.limits.effort += 1;
        let mut productive = false;
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
            productive = true;
        }
        let alive = match self
            .analyser
            .analyse(self.geo, &self.state, Goal::Keep { keep })
        {
            Err(Halt::Limit) => return None,
            Err(Halt::Dead(dead)) => {
                self.count_dead(dead);
                false
            }
            Ok(()) => true,
        };
        if alive {
            let mut moves = self.moves(None);
            if let Ok(block) = self.examine_sides(keep, Mode::Keep)? {
                if let Some(block) = &block {
                    moves.retain(|&mv| !block.touches(mv));
                    for outcome in block.outcomes.iter() {
                        let entered = self.enter_block(block, outcome);
                        let result = self.collect_node(keep, found, run);
                        self.leave(entered);
                        productive |= result?;
                    }
                }
                for mv in moves {
                    let (from, to) = unpack(mv);
                    let undo = self.state.capture(from, to);
                    let result = self.collect_node(keep, found, run);
                    self.state.undo(undo);
                    productive |= result?;
                }
            }
        }
        self.visited.insert(key, productive);
        if !productive {
            self.dead_keep.record(dead_key, &budgets);
        }
        Some(productive)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use sat2chess_core::board::Piece;
    use sat2chess_core::rules::{Move, Position};

    /// A 40×40 block of 1600 pieces: kings, with a rook or queen in every third
    /// column; every state of it costs thousands of work units.
    fn large_mixed_board() -> Board {
        let pieces = (1..=40)
            .flat_map(|row| {
                (1..=40).map(move |col| {
                    let kind = match (col % 3, row % 2) {
                        (0, 0) => PieceKind::Rook,
                        (0, _) => PieceKind::Queen,
                        _ => PieceKind::King,
                    };
                    Piece::new(kind, Square::new(row, col), 2)
                })
            })
            .collect();
        Board::fitted(pieces).unwrap()
    }

    #[test]
    fn the_last_king_ends_within_its_budget_of_king_steps() {
        use PieceKind::{King, Rook};
        let pieces = [
            (King, 1, 1, 1),
            (Rook, 1, 2, 2),
            (Rook, 1, 3, 2),
            (Rook, 2, 2, 2),
        ]
        .map(|(kind, row, col, budget)| Piece::new(kind, Square::new(row, col), budget));
        let board = Board::fitted(pieces.to_vec()).unwrap();
        let geometry = Geometry::new(&board);
        let options = SolveOptions {
            variant: Variant::KingLast,
            ..SolveOptions::default()
        };
        let engine = Engine::new(&geometry, &board, &options);
        let reach = engine.hero_reach(&[u64::MAX]);
        let squares: Vec<Square> = (0..geometry.len())
            .filter(|&s| bit(&reach, s))
            .map(|s| geometry.squares[s])
            .collect();
        assert_eq!(
            squares,
            [(1, 1), (1, 2), (2, 2)].map(|(r, c)| Square::new(r, c))
        );
    }

    /// Boards up to 5×5 with up to 8 pieces of every kind, budgets 0–2, or 0–4 (beyond
    /// the dominance table's bit planes).
    fn small_board() -> impl Strategy<Value = Board> {
        let kind = proptest::sample::select(PieceKind::ALL.to_vec());
        (2u32..=5, 2u32..=5, any::<bool>()).prop_flat_map(move |(rows, cols, large)| {
            let cells = (rows * cols) as usize;
            let top = if large { 4 } else { 2 };
            (
                proptest::sample::subsequence((0..cells).collect::<Vec<_>>(), 1..=8.min(cells)),
                proptest::collection::vec((kind.clone(), 0u32..=top), 8),
            )
                .prop_map(move |(cells, specs)| {
                    let pieces = cells
                        .iter()
                        .zip(&specs)
                        .map(|(&cell, &(kind, budget))| {
                            let square =
                                Square::new(cell as u32 / cols + 1, cell as u32 % cols + 1);
                            Piece::new(kind, square, budget)
                        })
                        .collect();
                    Board::new(rows, cols, pieces).expect("distinct squares")
                })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1500))]

        /// Restarts never change a verdict: with a one-node probe and one-node shortest
        /// round the search restarts many times (each round with another tie order),
        /// and still agrees with brute force and returns a legal solution.
        #[test]
        fn restarts_agree_with_brute_force(
            board in small_board(),
            king_last in any::<bool>(),
        ) {
            let variant = if king_last { Variant::KingLast } else { Variant::Standard };
            let options = SolveOptions { variant, ..SolveOptions::default() };
            let geometry = Geometry::new(&board);
            let mut engine = Engine::new(&geometry, &board, &options);
            engine.limits.probe_nodes = 1;
            engine.limits.round_nodes = 1;
            let found = engine.solve().expect("no limit");
            let expected = crate::brute::brute_force(&board, variant).is_some();
            prop_assert_eq!(found.is_some(), expected);
            if let Some(moves) = found {
                let mut position = Position::new(&board, variant);
                for (from, to) in moves {
                    prop_assert!(position.apply(Move::new(from, to)).is_ok());
                }
                prop_assert_eq!(position.len(), 1);
            }
        }
    }

    #[test]
    fn node_limit_stops_a_large_board_at_once() {
        let board = large_mixed_board();
        let geometry = Geometry::new(&board);
        let options = SolveOptions {
            node_limit: Some(3),
            ..SolveOptions::default()
        };
        let mut engine = Engine::new(&geometry, &board, &options);
        assert_eq!(engine.solve(), Err(()));
        assert!(engine.stats.nodes <= 3, "{} nodes", engine.stats.nodes);
    }

    #[test]
    fn expired_clock_stops_before_the_first_state() {
        let board = large_mixed_board();
        let geometry = Geometry::new(&board);
        let options = SolveOptions {
            time_limit: Some(std::time::Duration::ZERO),
            ..SolveOptions::default()
        };
        let mut engine = Engine::new(&geometry, &board, &options);
        std::thread::sleep(std::time::Duration::from_millis(1));
        assert_eq!(engine.solve(), Err(()));
        assert_eq!(engine.stats.nodes, 0);
    }
}
