//! The spanning-tree engine for boards of kings only or knights only with budgets ≤ 2.
//!
//! Kings and knights are never blocked, so the capture graph (thesis Definition 3.4) is
//! the same in every configuration, and a capture sequence is a forest on it:
//!
//! * A square is vacated at most once (nothing moves onto an empty square), so every
//!   square that ends empty has one *parent*, the square its piece captured. Vacating
//!   times grow along parent pointers, so the parents form a forest whose roots are the
//!   squares still occupied at the end.
//! * The piece leaving a square u carries the budget `val(u)`: u's own budget if nothing
//!   entered u (u is a *leaf*), else `val(c) − 1` for the *last* child c that entered u.
//!   Every child enters before u is vacated, in any order: the forest alone fixes which
//!   sequences exist (children in post-order, the chosen last child last).
//! * Every non-root u needs `val(u) ≥ 1`. With budgets ≤ 2 that means: a leaf has budget
//!   1 or 2, and an inner non-root square has a *feeder*, a leaf child of budget 2,
//!   entering last (then `val(u) = 1`).
//!
//! For budgets all 2 this is the characterisation of Aravind, Misra and Mittal
//! (`002_…`, Graph Capture(2): solvable iff a rooted spanning tree whose inner vertices
//! all have a leaf child). Equivalently: choose roots R and inner squares I such that
//! every component of the capture graph induced by C = I ∪ R holds exactly one root,
//! every other square is a leaf of budget ≥ 1 next to an *accepting* square of C (one
//! that may receive children), and the inner squares get distinct adjacent leaves of
//! budget 2 as feeders. A root's final budget is its own budget if it has no child
//! (a *bare* root: no neighbour in C, no leaf attached), 1 if its last child is a
//! budget-2 leaf (a feeder), 0 if its last child has `val` 1 (an inner square, or a
//! leaf of budget 1 committed to it).
//!
//! The engine decides this by dynamic programming over a vertex order (a path
//! decomposition): a state describes the *frontier* — the placed squares with unplaced
//! neighbours — by each square's role and open obligations (leaf not yet next to C,
//! feeder still free, inner square still without feeder, …), the connectivity of the
//! C-squares through placed squares, which components hold a root, and, for output
//! reading, the fate of every keep square. The number of states depends on the width of
//! the order, not on the number of capture orders, so wires and gadgets of width ≤ 8
//! are decided in milliseconds. Back-pointers rebuild a forest and from it a capture
//! sequence ([`forest`]). When the best path order is wide (branching circuit boards, the
//! compiled Knight boards), solve mode runs over a tree decomposition instead
//! ([`decompose`]), which rebuilds a solution's roles as well.

use std::collections::BTreeSet;

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use sat2chess_core::board::{Board, PieceKind, Square};
use sat2chess_core::rules::Variant;

use super::analysis::initial_finals;
use super::clock::Clock;
use super::geometry::{Geometry, free_in_background};
use super::order::{best_order, width};

mod decompose;
mod dominance;
mod dp;
pub(super) mod forest;

use super::options::SolveOptions;
use super::report::{Remainder, SearchStats};
use decompose::Decomposition;
use dominance::prune_dominated;
use dp::{Entry, LimitReached, MAX_STORED_STATES, Mode, Role, Slots, State};

/// Whether the spanning-tree engine decides `board` under `variant`: one piece kind,
/// king or knight, every budget ≤ 2, and rules that act on the board as the standard
/// ones (the kind is not the uncapturable one).
pub(super) fn applies(board: &Board, variant: Variant) -> bool {
    let kind_fits = matches!(
        board.uniform_kind(),
        Some(PieceKind::King | PieceKind::Knight)
    ) && variant.on(board) == Variant::Standard;
    kind_fits && board.pieces().iter().all(|p| p.budget <= 2)
}

/// Path orders wider than this are solved over a tree decomposition when its bags are
/// narrower (a path width of 9–12 already costs the path DP millions of states on the
/// King boards of small unsatisfiable formulas; the decomposition, with bags of 8, a
/// hundredth of that).
const WIDE_PATH: u64 = 8;
/// Widest bag the tree decomposition handles (component ids of two bags in 64).
const MAX_BAG: usize = 31;

/// Clock units charged per DP state (expanding and settling one costs a few
/// microseconds; a unit of [`Clock`] is meant to be a fraction of one).
const STATE_WORK: u64 = 16;

/// Most keep squares in keep mode (two bits each in a `u64`).
pub(super) const MAX_KEEP: usize = 32;

/// Frontier status of a placed square.
pub(super) mod status;

/// Fate of a keep square (two bits in [`State::kept`]; 0 = cleared).
mod fate {
    pub(crate) const BARE: u64 = 1;
    pub const ZERO: u64 = 2;
    pub(crate) const ONE: u64 = 3;
}

/// Short temporary lists (neighbours of one square, parts, …).
type Few<T> = SmallVec<[T; 8]>;

/// A capture sequence as (from, to) squares.
type Captures = Vec<(Square, Square)>;

/// A successor state with the role and tree edges that made it.
type Successor = (State, Role, u8);

/// Component id of the square being placed, before relabelling.
const FRESH: u8 = u8::MAX;
/// Bit of [`State::rooted`] for the [`FRESH`] component.
const FRESH_ROOTED: u64 = 1 << 63;

/// The capture graph, the vertex order and the frontier bookkeeping.
pub(super) struct TreeEngine<'a> {
    board: &'a Board,
    kind: PieceKind,
    neighbours: Vec<Vec<u32>>,
    /// Placement order: step → square index.
    order: Vec<u32>,
    /// Per step: frontier slots (in the previous frontier) of the placed square's
    /// earlier neighbours.
    earlier: Vec<Vec<u16>>,
    /// Per step: which slots of (previous frontier + placed square) stay.
    stays: Vec<Vec<bool>>,
    /// Per step: the frontier after it (square indices).
    frontier: Vec<Vec<u32>>,
    keep_index: Vec<Option<u8>>,
    /// Solve mode: squares that may hold the final piece (Corollary 3.7, Obs. 3.3);
    /// `None` when that analysis proves the board unsolvable.
    may_be_final: Option<Vec<bool>>,
    options: &'a SolveOptions,
    /// Time limit and cancellation flag, read every few thousand states.
    clock: Clock,
    pub stats: SearchStats,
}

impl<'a> TreeEngine<'a> {
    /// Frees the engine's tables on a background thread and returns its statistics:
    /// the per-square lists of a board of millions of pieces take seconds to free, which
    /// must not count against the caller's time limit.
    pub(super) fn release(self) -> SearchStats {
        free_in_background((
            self.neighbours,
            self.order,
            self.earlier,
            self.stays,
            self.frontier,
            self.keep_index,
            self.may_be_final,
        ));
        self.stats
    }

    pub(super) fn new(board: &'a Board, options: &'a SolveOptions) -> TreeEngine<'a> {
        let mut clock = Clock::for_options(options);
        let kind = board.uniform_kind().unwrap_or(PieceKind::King);
        let pieces = board.pieces();
        let geometry = Geometry::new(board);
        let may_be_final = initial_finals(&geometry, board);
        let neighbours = geometry.neighbours;
        // The set-up honours the limits too: the path DP expands at least one state per
        // square, so a node limit below the piece count, like a spent time limit, leaves
        // no time for the search of a narrow order.
        let hopeless = options
            .node_limit
            .is_some_and(|limit| limit < pieces.len() as u64);
        let mut expired = |work: u64| hopeless || clock.charge(work);
        let order = best_order(
            pieces.iter().map(|p| p.square).collect(),
            &neighbours,
            &mut expired,
        );
        let mut engine = TreeEngine {
            board,
            kind,
            neighbours,
            order,
            earlier: Vec::new(),
            stays: Vec::new(),
            frontier: Vec::new(),
            keep_index: vec![None; pieces.len()],
            may_be_final,
            options,
            clock,
            stats: SearchStats::default(),
        };
        engine.stats.table_entries = width(&engine.order, &engine.neighbours).0 as u64;
        engine
    }

    /// Frontier bookkeeping for the chosen order, made before the first path DP (boards
    /// solved over the decomposition never need it); charges the clock per slot written.
    fn plan(&mut self) -> Result<(), LimitReached> {
        if self.earlier.len() == self.order.len() {
            return Ok(());
        }
        let n = self.order.len();
        let mut step_of = vec![0usize; n];
        for (t, &v) in self.order.iter().enumerate() {
            step_of[v as usize] = t;
        }
        let leaves: Vec<usize> = (0..n)
            .map(|v| {
                self.neighbours[v]
                    .iter()
                    .map(|&u| step_of[u as usize])
                    .chain([step_of[v]])
                    .max()
                    .unwrap_or(step_of[v])
            })
            .collect();
        let mut current: Vec<u32> = Vec::new();
        for (t, &v) in self.order.iter().enumerate() {
            let slots: Vec<u16> = self.neighbours[v as usize]
                .iter()
                .filter(|&&u| step_of[u as usize] < t)
                .map(|&u| {
                    current
                        .iter()
                        .position(|&w| w == u)
                        .expect("on the frontier") as u16
                })
                .collect();
            self.earlier.push(slots);
            let mut extended = current.clone();
            extended.push(v);
            let stays: Vec<bool> = extended.iter().map(|&w| leaves[w as usize] > t).collect();
            current = extended
                .iter()
                .zip(&stays)
                .filter(|&(_, &s)| s)
                .map(|(&w, _)| w)
                .collect();
            self.stays.push(stays);
            self.frontier.push(current.clone());
            if self.clock.charge(2 * current.len() as u64 + 1) {
                return Err(LimitReached);
            }
        }
        Ok(())
    }

    fn budget(&self, v: u32) -> u32 {
        self.board.pieces()[v as usize].budget
    }

    /// A solving capture sequence, `None` if there is none.
    pub(super) fn solve(&mut self) -> Result<Option<Vec<(Square, Square)>>, LimitReached> {
        if self.may_be_final.is_none() {
            return Ok(None);
        }
        // A wide path order: solve over a tree decomposition, which is much narrower on
        // branching boards, and build the sequence from the roles it rebuilds.
        if self.stats.table_entries > WIDE_PATH {
            if let Some(answer) = self.solve_by_decomposition()? {
                return Ok(answer.map(|role| {
                    let tree = forest::c_edges(&self.neighbours, &role);
                    forest::captures(self.board, &self.neighbours, &role, &tree)
                }));
            }
        }
        let (layers, finals) = self.run(Mode::Solve)?;
        Ok(finals
            .first()
            .map(|&(index, _)| self.sequence(&layers, index)))
    }

    /// The verdict alone: over the tree decomposition where it is narrow enough, else by
    /// the path DP.
    pub(super) fn decide(&mut self) -> Result<bool, LimitReached> {
        if self.may_be_final.is_none() {
            return Ok(false);
        }
        if let Some(answer) = self.solve_by_decomposition()? {
            return Ok(answer.is_some());
        }
        Ok(!self.run(Mode::Solve)?.1.is_empty())
    }

    /// The roles of a solution (`Some(None)`: no solution) over a tree decomposition
    /// ([`Decomposition`]); `None` when its bags are too wide or not narrower than the
    /// path order.
    #[allow(clippy::option_option)]
    fn solve_by_decomposition(&mut self) -> Result<Option<Option<Vec<Role>>>, LimitReached> {
        let Some(may_be_final) = &self.may_be_final else {
            return Ok(Some(None));
        };
        let budgets = self.board.pieces().iter().map(|p| p.budget).collect();
        let max_width = MAX_BAG.min(self.stats.table_entries.max(1) as usize);
        let (options, clock) = (self.options, &mut self.clock);
        let mut limit = |states: u64, work: u64| {
            options.node_limit.is_some_and(|l| states >= l) || clock.charge_state(states, work)
        };
        let built = Decomposition::new(
            &self.neighbours,
            budgets,
            may_be_final,
            max_width,
            &mut limit,
        );
        let answer = match built {
            Ok(Some(mut decomposition)) => {
                let answer = decomposition.solve(&mut limit);
                self.stats.nodes += decomposition.states;
                answer.map(Some)
            }
            Ok(None) => Ok(None),
            Err(limit_reached) => Err(limit_reached),
        };
        self.stats.elapsed = self.clock.elapsed();
        answer
    }

    /// Every configuration reachable with no piece outside `keep`.
    pub(super) fn remainders(
        &mut self,
        keep: &BTreeSet<Square>,
    ) -> Result<BTreeSet<Remainder>, LimitReached> {
        self.set_keep(keep);
        let (_, finals) = self.run(Mode::Keep)?;
        Ok(finals
            .iter()
            .map(|&(_, kept)| self.remainder(kept))
            .collect())
    }

    /// A capture sequence reaching a configuration on `keep` that `accept` takes, with
    /// that configuration; `None` if no reachable configuration is accepted.
    pub(super) fn clear_to(
        &mut self,
        keep: &BTreeSet<Square>,
        accept: &dyn Fn(&Remainder) -> bool,
    ) -> Result<Option<(Captures, Remainder)>, LimitReached> {
        self.set_keep(keep);
        let (layers, finals) = self.run(Mode::Keep)?;
        Ok(finals.iter().find_map(|&(index, kept)| {
            let remainder = self.remainder(kept);
            accept(&remainder).then(|| (self.sequence(&layers, index), remainder))
        }))
    }

    fn set_keep(&mut self, keep: &BTreeSet<Square>) {
        let mut next = 0u8;
        for (i, piece) in self.board.pieces().iter().enumerate() {
            if keep.contains(&piece.square) {
                self.keep_index[i] = Some(next);
                next += 1;
            }
        }
    }

    fn remainder(&self, kept: u64) -> Remainder {
        let mut out: Remainder = Vec::new();
        for (i, piece) in self.board.pieces().iter().enumerate() {
            if let Some(k) = self.keep_index[i] {
                let budget = match (kept >> (2 * k)) & 3 {
                    fate::BARE => piece.budget,
                    fate::ZERO => 0,
                    fate::ONE => 1,
                    _ => continue,
                };
                out.push((piece.square, self.kind, budget));
            }
        }
        out.sort_unstable();
        out
    }

    /// A node or time limit, the cancellation flag, or the memory guard
    /// ([`MAX_STORED_STATES`]) is reached; charges the clock [`STATE_WORK`] units per state.
    fn over_limit(&mut self, stored: usize) -> bool {
        stored > MAX_STORED_STATES
            || self
                .options
                .node_limit
                .is_some_and(|limit| self.stats.nodes >= limit)
            || self.clock.charge_state(self.stats.nodes, STATE_WORK)
    }

    /// Runs the DP; returns every layer's entries and the accepted final entries (index
    /// in the last layer, keep fates).
    #[allow(clippy::type_complexity)]
    fn run(&mut self, mode: Mode) -> Result<(Vec<Vec<Entry>>, Vec<(u32, u64)>), LimitReached> {
        self.plan()?;
        let n = self.order.len();
        let mut layers: Vec<Vec<Entry>> = Vec::with_capacity(n);
        let mut stored = 0usize;
        let mut states: Vec<State> = vec![State {
            status: Slots::new(),
            component: Slots::new(),
            rooted: 0,
            kept: 0,
            root_used: false,
        }];
        let mut successors: Vec<Successor> = Vec::new();
        for t in 0..n {
            let mut index: FxHashMap<State, u32> = FxHashMap::default();
            let mut next: Vec<State> = Vec::new();
            let mut entries: Vec<Entry> = Vec::new();
            let mut limited = false;
            'expand: for (parent, state) in states.iter().enumerate() {
                successors.clear();
                self.expand(mode, t, state, &mut successors);
                for (succ, role, edges) in successors.drain(..) {
                    let Some(succ) = self.settle(mode, t, succ) else {
                        continue;
                    };
                    self.stats.nodes += 1;
                    if self.over_limit(stored + next.len()) {
                        limited = true;
                        break 'expand;
                    }
                    if index.contains_key(&succ) {
                        self.stats.table_hits += 1;
                        continue;
                    }
                    index.insert(succ.clone(), next.len() as u32);
                    next.push(succ);
                    entries.push(Entry {
                        parent: parent as u32,
                        role,
                        edges,
                    });
                }
            }
            if limited {
                // Gigabytes of small allocations take seconds to free: not on the
                // caller's time.
                self.stats.elapsed = self.clock.elapsed();
                free_in_background((layers, states, index, next, entries));
                return Err(LimitReached);
            }
            let before = next.len();
            let Some((next, entries)) = prune_dominated(mode, next, entries, &mut self.clock)
            else {
                self.stats.elapsed = self.clock.elapsed();
                free_in_background((layers, states, index));
                return Err(LimitReached);
            };
            self.stats.table_hits += (before - next.len()) as u64;
            stored += entries.len();
            layers.push(entries);
            states = next;
            if states.is_empty() {
                break;
            }
        }
        let finals = if layers.len() == n {
            states
                .iter()
                .enumerate()
                .filter(|(_, s)| mode == Mode::Keep || s.root_used)
                .map(|(i, s)| (i as u32, s.kept))
                .collect()
        } else {
            Vec::new()
        };
        self.stats.elapsed = self.clock.elapsed();
        Ok((layers, finals))
    }

    /// Every role for the square placed at step `t`, applied to `state` (before the
    /// frontier is trimmed).
    fn expand(&self, mode: Mode, t: usize, state: &State, out: &mut Vec<Successor>) {
        let v = self.order[t];
        let budget = self.budget(v);
        let earlier = &self.earlier[t];
        let keep = self.keep_index[v as usize];
        let partner = |slot: u16| self.frontier_before(t)[slot as usize];
        let dominated = earlier
            .iter()
            .any(|&s| status::accepts(state.status[s as usize]));
        let feeders: Few<u16> = earlier
            .iter()
            .copied()
            .filter(|&s| status::is_feeder(state.status[s as usize]))
            .collect();
        let with = |state: &State, own: u8, component: u8| {
            let mut s = state.clone();
            s.status.push(own);
            s.component.push(component);
            s
        };
        // Leaf.
        if budget >= 1 {
            let own = match (budget, dominated, mode) {
                (2, true, _) => status::LEAF2_DOMINATED,
                (2, false, _) => status::LEAF2_OPEN,
                (_, true, Mode::Solve) => status::INERT,
                (_, true, Mode::Keep) => status::LEAF1_DOMINATED,
                (_, false, _) => status::LEAF1_OPEN,
            };
            out.push((with(state, own, 0), Role::Leaf, 0));
            let wanted = if budget == 2 {
                status::C_NEEDS_FEEDER
            } else {
                status::C_NEEDS_VALUE_ONE
            };
            for &slot in earlier {
                if state.status[slot as usize] == wanted {
                    let mut s = with(state, status::INERT, 0);
                    s.status[slot as usize] = status::C_DONE;
                    let role = if budget == 2 {
                        Role::LeafFeeds(partner(slot))
                    } else {
                        Role::LeafCommits(partner(slot))
                    };
                    out.push((s, role, 0));
                }
            }
        }
        // C square: inner, or a root. It joins some of the neighbouring parts of the
        // forest by tree edges (solve mode: all of them, since one tree spans C).
        let c_slots: Few<usize> = (0..earlier.len())
            .filter(|&i| {
                let st = state.status[earlier[i] as usize];
                status::is_c(st) && st != status::C_BARE
            })
            .collect();
        // Per neighbouring part: the index (in `earlier`) of the edge joining it — the
        // part's unsatisfied 0-root if it is a neighbour, else the first neighbour.
        let mut parts: Few<(u8, usize)> = Few::new();
        for &i in &c_slots {
            let slot = earlier[i] as usize;
            let c = state.component[slot];
            let needy = state.status[slot] == status::C_NEEDS_VALUE_ONE;
            match parts.iter_mut().find(|(pc, _)| *pc == c) {
                Some(part) if needy => part.1 = i,
                Some(_) => {}
                None => parts.push((c, i)),
            }
        }
        let subsets = match mode {
            Mode::Solve => (1u32 << parts.len()) - 1..1u32 << parts.len(),
            Mode::Keep => 0..1u32 << parts.len(),
        };
        for subset in subsets {
            let joined: Few<(u8, usize)> = (0..parts.len())
                .filter(|&j| subset >> j & 1 == 1)
                .map(|j| parts[j])
                .collect();
            let roots = joined
                .iter()
                .filter(|(c, _)| state.rooted >> c & 1 == 1)
                .count();
            if roots > 1 {
                continue;
            }
            let edges: u8 = joined.iter().fold(0u8, |m, &(_, i)| m | 1 << i);
            let mut merged = state.clone();
            for i in 0..merged.status.len() {
                if status::is_c(merged.status[i])
                    && merged.status[i] != status::C_BARE
                    && joined.iter().any(|&(c, _)| c == merged.component[i])
                {
                    merged.component[i] = FRESH;
                }
            }
            for &(_, i) in &joined {
                let slot = earlier[i] as usize;
                if merged.status[slot] == status::C_NEEDS_VALUE_ONE {
                    merged.status[slot] = status::C_DONE;
                }
            }
            for &slot in earlier {
                let st = &mut merged.status[slot as usize];
                *st = match *st {
                    status::LEAF1_OPEN if mode == Mode::Solve => status::INERT,
                    status::LEAF1_OPEN => status::LEAF1_DOMINATED,
                    status::LEAF2_OPEN => status::LEAF2_DOMINATED,
                    other => other,
                };
            }
            let rooted = roots == 1;
            let push = |out: &mut Vec<Successor>,
                        base: &State,
                        own: u8,
                        root: bool,
                        fate: Option<u64>,
                        role: Role| {
                let mut s = with(base, own, FRESH);
                if root {
                    s.root_used = true;
                }
                if let (Some(k), Some(f)) = (keep, fate) {
                    s.kept |= f << (2 * k);
                }
                if root || rooted {
                    s.rooted |= FRESH_ROOTED;
                }
                out.push((s, role, edges));
            };
            // A square that needs a feeder: one now (each free feeder neighbour), or later.
            let needing_feeder = |out: &mut Vec<Successor>,
                                  root: bool,
                                  fate: Option<u64>,
                                  waiting: Role,
                                  fed_by: fn(u32) -> Role| {
                push(out, &merged, status::C_NEEDS_FEEDER, root, fate, waiting);
                for &f in &feeders {
                    let mut base = merged.clone();
                    base.status[f as usize] = status::INERT;
                    push(out, &base, status::C_DONE, root, fate, fed_by(partner(f)));
                }
            };
            // Inner square.
            needing_feeder(out, false, None, Role::Inner, Role::InnerFedBy);
            if rooted {
                continue;
            }
            match (mode, keep) {
                (Mode::Solve, _)
                    if !state.root_used
                        && self.may_be_final.as_ref().is_some_and(|f| f[v as usize]) =>
                {
                    push(out, &merged, status::C_DONE, true, None, Role::RootAny);
                }
                (Mode::Keep, Some(_)) => {
                    // 1-root: its feeder enters last.
                    needing_feeder(
                        out,
                        true,
                        Some(fate::ONE),
                        Role::RootOne,
                        Role::RootOneFedBy,
                    );
                    // 0-root: a joined inner neighbour is a child of value 1; else a
                    // budget-1 leaf commits, now or later, or a later inner square joins.
                    if joined.is_empty() {
                        push(
                            out,
                            &merged,
                            status::C_NEEDS_VALUE_ONE,
                            true,
                            Some(fate::ZERO),
                            Role::RootZero,
                        );
                        for &slot in earlier {
                            if status::is_one_leaf(state.status[slot as usize]) {
                                let mut base = merged.clone();
                                base.status[slot as usize] = status::INERT;
                                push(
                                    out,
                                    &base,
                                    status::C_DONE,
                                    true,
                                    Some(fate::ZERO),
                                    Role::RootZeroBy(partner(slot)),
                                );
                            }
                        }
                    } else {
                        push(
                            out,
                            &merged,
                            status::C_DONE,
                            true,
                            Some(fate::ZERO),
                            Role::RootZero,
                        );
                    }
                }
                _ => {}
            }
        }
        // Bare root (keep mode): no tree edge, no child, its own budget.
        if let (Mode::Keep, Some(k)) = (mode, keep) {
            let mut bare = with(state, status::C_BARE, FRESH);
            bare.rooted |= FRESH_ROOTED;
            bare.kept |= fate::BARE << (2 * k);
            out.push((bare, Role::RootBare, 0));
        }
    }

    fn frontier_before(&self, t: usize) -> &[u32] {
        if t == 0 { &[] } else { &self.frontier[t - 1] }
    }

    /// Trims the frontier after step `t`: checks the obligations of squares that leave
    /// it, closes components, relabels component ids canonically. `None`: dead state.
    fn settle(&self, mode: Mode, t: usize, mut s: State) -> Option<State> {
        let last = t + 1 == self.order.len();
        let stays = &self.stays[t];
        // Old component ids → rooted, with the fresh id's sentinel bit.
        let rooted_of = |c: u8| -> bool {
            if c == FRESH {
                s.rooted & FRESH_ROOTED != 0
            } else {
                s.rooted >> c & 1 == 1
            }
        };
        let mut status = Slots::new();
        let mut component = Slots::new();
        let mut closing: Few<u8> = Few::new();
        for (i, &stay) in stays.iter().enumerate() {
            let st = s.status[i];
            if stay {
                status.push(st);
                component.push(s.component[i]);
                continue;
            }
            match st {
                status::LEAF1_OPEN
                | status::LEAF2_OPEN
                | status::C_NEEDS_FEEDER
                | status::C_NEEDS_VALUE_ONE => return None,
                _ => {}
            }
            if status::is_c(st) && !closing.contains(&s.component[i]) {
                closing.push(s.component[i]);
            }
        }
        for &c in &closing {
            let open = status
                .iter()
                .zip(&component)
                .any(|(&st, &cc)| status::is_c(st) && cc == c);
            if open {
                continue;
            }
            if !rooted_of(c) {
                return None;
            }
            if mode == Mode::Solve && !last {
                return None;
            }
        }
        // Canonical relabelling by first appearance.
        let mut map: Few<(u8, u8)> = Few::new();
        let mut rooted = 0u64;
        for i in 0..status.len() {
            if !status::is_c(status[i]) {
                component[i] = 0;
                continue;
            }
            let old = component[i];
            let new = match map.iter().find(|&&(o, _)| o == old) {
                Some(&(_, n)) => n,
                None => {
                    let n = map.len() as u8;
                    map.push((old, n));
                    if rooted_of(old) {
                        rooted |= 1 << n;
                    }
                    n
                }
            };
            component[i] = new;
        }
        if map.len() > 62 {
            return None;
        }
        s.status = status;
        s.component = component;
        s.rooted = rooted;
        Some(s)
    }

    /// Rebuilds the forest of the final entry `index` and turns it into captures.
    fn sequence(&self, layers: &[Vec<Entry>], index: u32) -> Vec<(Square, Square)> {
        let n = self.order.len();
        let mut role = vec![Role::Leaf; n];
        let mut tree: Vec<Vec<u32>> = vec![Vec::new(); n];
        let mut at = index;
        for t in (0..layers.len()).rev() {
            let entry = layers[t][at as usize];
            let v = self.order[t];
            role[v as usize] = entry.role;
            for (i, &slot) in self.earlier[t].iter().enumerate() {
                if entry.edges >> i & 1 == 1 {
                    let u = self.frontier_before(t)[slot as usize];
                    tree[v as usize].push(u);
                    tree[u as usize].push(v);
                }
            }
            at = entry.parent;
        }
        forest::captures(self.board, &self.neighbours, &role, &tree)
    }
}
