//! A compact exact search for boards of one ranged kind (rooks, queens or bishops) with
//! at most 128 pieces and budgets ≤ 3: every compiled Rook 2-Solo Chess board of a small
//! formula, and its queen and bishop transformations (`sat2chess retarget`).
//!
//! Pieces only ever land on squares occupied at the start (every move is a capture), so
//! a state is three 128-bit words over the start squares ("slots"): the occupancy and
//! the two bit planes of the budgets. Slots are numbered in (row, column) order, so
//! along every ray that points down the board or to the right (E, S, SE, SW) the slot
//! numbers increase and the nearest occupied slot is the lowest set bit of
//! `ray & occupied`; along the four opposite rays it is the highest. A capture costs a
//! few word operations, a state's table key two rounds of mixing, where the general
//! engine ([`super::engine`]) works over slot vectors and a capture-graph analysis.
//!
//! The search is a depth-first search with a table of failed states and the proven
//! rules of [`rules`]; each rule's proof is in its doc comment, and
//! `tests/solver_props.rs` checks the engine against brute force on random rook, queen
//! and bishop boards.

mod blocks;
mod compact;
mod rules;

use std::rc::Rc;

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use sat2chess_core::board::{Board, PieceKind, Square};
use sat2chess_core::rules::{Move, Variant};

use super::clock::Clock;
use super::options::SolveOptions;
use super::report::SearchStats;
use super::restarts::luby;
use super::special;

use compact::{Compact, bits, mix, shape_key};
pub(crate) use rules::Lines;

/// Nodes of the shortest restart round; round k gets `luby(k)` times as many.
const FIRST_ROUND: u64 = 5_000;

/// Most pieces the compact state holds.
pub(crate) const MAX_PIECES: usize = 128;

/// Largest budget the two budget bit planes hold.
const MAX_BUDGET: u32 = 3;

/// Occupancies in the failure table at most: the `x, ~x` rook board peaks at 187 MB
/// for 5.2 M states, so this is about 1 GB. Past it failures of new occupancies are
/// no longer recorded, which costs time, never correctness.
const MAX_TABLE: usize = 30_000_000;

/// Whether the compact engine applies to `board` under `options`: one ranged kind,
/// at most [`MAX_PIECES`] pieces, budgets ≤ [`MAX_BUDGET`], rules that act on the
/// board as the standard ones (its kind is not the uncapturable one).
pub(crate) fn applies(board: &Board, options: &SolveOptions) -> bool {
    options.variant.on(board) == Variant::Standard
        && (2..=MAX_PIECES).contains(&board.len())
        && board.uniform_kind().is_some_and(PieceKind::is_ranged)
        && board.pieces().iter().all(|p| p.budget <= MAX_BUDGET)
}

/// Failed states by occupancy, each with the maximal budget planes `(lo, hi)` proven
/// to fail. Monotony (thesis §3.3): a state with the same occupancy and budgets
/// pointwise ≤ those of a failed state fails too — each capture of a solution of it
/// stays legal with more budget and ends on the same square, so the failed state
/// would have that solution.
#[derive(Default)]
struct Dominance {
    table: FxHashMap<u128, SmallVec<[(u128, u128); 1]>>,
    entries: u64,
}

/// Whether the budgets `(lo, hi)` are pointwise ≤ `(lo2, hi2)` on `occ` (a budget is
/// lo + 2·hi: smaller where hi < hi2, or hi = hi2 and lo ≤ lo2).
fn below(occ: u128, (lo, hi): (u128, u128), (lo2, hi2): (u128, u128)) -> bool {
    let larger = hi & !hi2 | !(hi ^ hi2) & lo & !lo2;
    larger & occ == 0
}

impl Dominance {
    fn fails(&self, key: u128, state: &Compact) -> bool {
        self.table.get(&key).is_some_and(|list| {
            list.iter()
                .any(|&failed| below(state.occ, (state.lo, state.hi), failed))
        })
    }

    fn record(&mut self, key: u128, state: &Compact) {
        if self.table.len() >= MAX_TABLE {
            return;
        }
        let budgets = (state.lo, state.hi);
        let list = self.table.entry(key).or_default();
        let before = list.len();
        list.retain(|&mut old| !below(state.occ, old, budgets));
        list.push(budgets);
        self.entries = self.entries + list.len() as u64 - before as u64;
    }
}

/// The goal of a search: reduce to one piece on a candidate final square, with at
/// least `budget` left (side-clearing sub-problems ask for one piece on their cut
/// vertex, [`blocks`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Goal {
    /// Table-key offset: 0 for the main search, else [`Goal::clear`]'s.
    key: u128,
    budget: u32,
}

impl Goal {
    const MAIN: Goal = Goal { key: 0, budget: 0 };

    /// The sub-problem "reduce to one piece on slot `cut` with budget ≥ `budget`"; its
    /// key is nonzero, so its failures stay apart from the main search's.
    fn clear(cut: usize, budget: u32) -> Goal {
        let high = mix((cut as u64) << 8 ^ u64::from(budget) ^ 0x6a09_e667_f3bc_c908);
        Goal {
            key: (high as u128) << 64 | mix(high) as u128 | 1,
            budget,
        }
    }
}

/// The best way to clear a side into its cut vertex: the budget left on the cut vertex
/// and a witness capture sequence of the sub-board.
struct Outcome {
    budget: u32,
    witness: Vec<(u8, u8)>,
}

/// One search over one board.
pub(crate) struct RangedEngine {
    lines: Lines,
    /// Failed states, by [`shape_key`] offset by the goal's key.
    failed: Dominance,
    /// Side-clearing outcomes ([`blocks`]), by sub-board key.
    outcomes: FxHashMap<u128, Option<Rc<Outcome>>>,
    clock: Clock,
    node_limit: Option<u64>,
    /// A limit was reached: the answer is unknown.
    stopped: bool,
    /// Node count at which the current restart round gives up.
    round_end: u64,
    /// Move-order seed of the current round ([`Lines::moves`]).
    seed: u64,
    path: Vec<(u8, u8)>,
    pub stats: SearchStats,
}

impl RangedEngine {
    /// The engine for `board` (which [`applies`]).
    pub fn new(board: &Board, options: &SolveOptions) -> RangedEngine {
        RangedEngine {
            lines: Lines::new(board),
            failed: Dominance::default(),
            outcomes: FxHashMap::default(),
            clock: Clock::for_options(options),
            node_limit: options.node_limit,
            stopped: false,
            round_end: u64::MAX,
            seed: 0,
            path: Vec::new(),
            stats: SearchStats::default(),
        }
    }

    /// Whether the time or node limit has been reached (not just a round's end).
    fn limit_reached(&self) -> bool {
        self.clock.expired()
            || self
                .node_limit
                .is_some_and(|limit| self.stats.nodes >= limit)
    }

    /// The slot of `square`, if a piece started there.
    pub fn slot(&self, square: Square) -> Option<usize> {
        self.lines.slot(square)
    }

    /// Decides the board: `Ok(Some(moves))` solvable, `Ok(None)` unsolvable, `Err` when
    /// a limit was reached. `finals` restricts the final square (every solution of the
    /// board must end on one of them).
    ///
    /// Restarts: a depth-first search that takes a wrong turn near the root of a
    /// satisfiable board's tree explores a whole unsolvable subtree first (the product
    /// of every other gadget's states). So the search runs in rounds of
    /// [`FIRST_ROUND`] · luby(k) nodes (the Luby restart schedule), each with another
    /// pseudo-random tie order among captures by pieces of equal degree. A round that runs out answers nothing; the dominance
    /// table and the side outcomes survive it, since each entry is a proven fact about
    /// a state, whatever the order that found it, so the rounds of an unsolvable board
    /// build one proof together, and the schedule's round lengths grow without bound,
    /// so some round completes.
    pub fn solve(&mut self, finals: u128) -> Result<Option<Vec<Move>>, ()> {
        let start = self.lines.start;
        let mut round = 0;
        let result = loop {
            self.round_end = self
                .stats
                .nodes
                .saturating_add(FIRST_ROUND.saturating_mul(luby(round + 1)));
            self.seed = mix(round);
            self.stopped = false;
            self.path.clear();
            let result = self.node(start, finals, Goal::MAIN);
            if result.is_some() || self.limit_reached() {
                break result;
            }
            round += 1;
        };
        self.stats.elapsed = self.clock.elapsed();
        self.stats.table_entries = self.failed.entries;
        match result {
            None => Err(()),
            Some(false) => Ok(None),
            Some(true) => Ok(Some(
                self.path
                    .iter()
                    .map(|&(from, to)| {
                        Move::new(
                            self.lines.squares[from as usize],
                            self.lines.squares[to as usize],
                        )
                    })
                    .collect(),
            )),
        }
    }

    /// Whether `state` reduces to one piece on a slot of `finals` with at least the
    /// goal's budget left; `finals` holds every final square of every solution of
    /// `state` that the goal allows (`None`: a limit was reached). On success the
    /// captures are on the path.
    fn node(&mut self, state: Compact, finals: u128, goal: Goal) -> Option<bool> {
        if state.count() == 1 {
            let last = state.occ.trailing_zeros() as usize;
            return Some(state.occ & finals != 0 && state.budget(last) >= goal.budget);
        }
        if self.stopped
            || self
                .clock
                .charge_state(self.stats.nodes, u64::from(state.count()))
            || self.limit_reached()
            || self.stats.nodes >= self.round_end
        {
            self.stopped = true;
            return None;
        }
        // The last piece keeps `goal.budget` besides the count − 1 captures.
        if state.budget_sum() + 1 < state.count() + goal.budget {
            self.stats.dead_budget += 1;
            return Some(false);
        }
        let finals = match self.lines.prune(&state, finals) {
            Ok(finals) => finals,
            Err(dead) => {
                match dead {
                    rules::Dead::Budget => self.stats.dead_budget += 1,
                    rules::Dead::Components => self.stats.dead_components += 1,
                    rules::Dead::FinalSquare => self.stats.dead_final_square += 1,
                }
                return Some(false);
            }
        };
        let key = shape_key(state.occ) ^ goal.key;
        if self.failed.fails(key, &state) {
            self.stats.table_hits += 1;
            return Some(false);
        }
        self.stats.nodes += 1;
        let answer = self.expand(state, finals, goal);
        if answer == Some(false) {
            self.failed.record(key, &state);
        }
        answer
    }

    /// Searches the children of a live state (`finals` already cut down by the rules):
    /// the block move of the largest side that must be cleared into its cut vertex
    /// first, then every capture that does not touch that side ([`blocks`]).
    fn expand(&mut self, state: Compact, finals: u128, goal: Goal) -> Option<bool> {
        if goal == Goal::MAIN
            && state.hi == 0
            && let Some(solvable) = self.decide_one_budget(&state)
        {
            self.stats.special_states += 1;
            return Some(solvable);
        }
        let Ok(block) = self.examine_sides(&state, finals)? else {
            self.stats.dead_sides += 1;
            return Some(false);
        };
        let mut side = 0u128;
        if let Some(block) = block {
            side = block.side;
            self.stats.block_moves += 1;
            let (child, len) = self.enter_block(&state, &block);
            match self.node(child, finals & !side, goal) {
                None => return None,
                Some(true) => return Some(true),
                Some(false) => self.path.truncate(len),
            }
        }
        let moves = self.lines.moves(&state, finals, self.seed);
        for (from, to) in moves {
            if side >> from & 1 == 1 || side >> to & 1 == 1 {
                continue;
            }
            let child = state.capture(from, to);
            self.path.push((from as u8, to as u8));
            match self.node(child, finals & !(1u128 << from), goal) {
                None => return None,
                Some(true) => return Some(true),
                Some(false) => {
                    self.path.pop();
                }
            }
        }
        Some(false)
    }

    /// A state with every budget ≤ 1, decided by 1-Solo Chess (thesis Thm 4.1,
    /// [`special`]); its solving captures are appended to the path. Its answer is exact
    /// for the state as a board, so it needs no candidate final squares (main goal
    /// only: sub-problems prescribe the final square). `None` when no special case
    /// applies.
    fn decide_one_budget(&mut self, state: &Compact) -> Option<bool> {
        let board = self.lines.board_of(state);
        let (_, decision) = special::decide(&board, Variant::Standard)?;
        let Some(moves) = decision.moves else {
            return Some(false);
        };
        for mv in moves {
            let from = self.lines.slot(mv.from).expect("a start square");
            let to = self.lines.slot(mv.to).expect("a start square");
            self.path.push((from as u8, to as u8));
        }
        Some(true)
    }
}
