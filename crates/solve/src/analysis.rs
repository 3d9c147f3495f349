//! Dead-state detection on the capture graph (thesis §3.3): every rule here is a proven
//! necessary condition, cited where it is applied.
//!
//! We work with the *generalised capture graph* of the search state: vertices are the
//! occupied slots, and two are adjacent when a piece of some kind *still on the board*
//! could capture from one onto the other on an otherwise empty board (either direction;
//! [`Geometry::occupied_neighbours`]). For uniform pawn-free boards this is exactly the
//! capture graph of Definition 3.4. For mixed kinds, pawns and ranged blockers it is an
//! over-approximation: every legal capture moves along one of its edges. The graph is
//! the *current* one: when the last piece of a kind leaves (say the one knight joining
//! bishops of both square colours), its edges leave with it, and components, cut
//! vertices and antennae are computed without them. The thesis's arguments use only
//! four facts, all of which hold for this graph:
//! 1. every capture moves a piece along an edge between two occupied vertices (its
//!    mover's kind is on the board);
//! 2. the graph of a later state is a subgraph of the graph of an earlier one: squares
//!    only ever get vacated, and a piece keeps its kind, so the set of kinds on the
//!    board never grows and no edge ever appears;
//! 3. a vacated square is never occupied again (every move is a capture);
//! 4. hence every connected component keeps at least one piece forever: a capture inside a
//!    component leaves its mover inside it, and no edge ever joins two components
//!    (§3.3.1).

use sat2chess_core::board::PieceKind;

use super::chains::Chains;
use super::clock::Clock;
use super::geometry::Geometry;
use super::state::State;

/// Why a state was found dead, for statistics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dead {
    /// Total budget below pieces − 1 (each capture spends one unit), or the budget of
    /// the pieces that can still move below it.
    Budget,
    /// Two pieces of the uncapturable kind (chess.com: two kings), neither ever captured.
    Kings,
    /// Two components (solve), or a component without a keep square (remainders).
    Components,
    /// No square can be the final square (antennae, Cor. 3.7; stranded pieces, Obs. 3.3).
    FinalSquare,
    /// A stranded piece outside the keep squares (remainders).
    Stranded,
}

/// Why [`Analyser::analyse`] stopped short of a live state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Halt {
    /// The state is proven dead.
    Dead(Dead),
    /// The time limit ran out during the analysis: nothing is known.
    Limit,
}

impl From<Dead> for Halt {
    fn from(dead: Dead) -> Halt {
        Halt::Dead(dead)
    }
}

/// What the analysis of a live state tells the move generator.
pub(crate) struct Analysis {
    /// Cut vertices of the capture graph, indexed by slot (valid for occupied slots).
    pub cut: Vec<bool>,
    /// Degree of each occupied slot in the capture graph.
    pub(crate) degree: Vec<u32>,
    /// Candidate final squares (solve mode); a subset of the inherited candidates.
    pub(crate) finals: Vec<u64>,
}

/// Reusable buffers for [`Analyser::analyse`].
pub(crate) struct Analyser {
    stamp: Vec<u32>,
    epoch: u32,
    disc: Vec<u32>,
    low: Vec<u32>,
    stack: Vec<(usize, usize, usize, usize)>,
    /// The neighbour lists of the vertices on `stack` ([`Self::cut_vertices`]).
    around: Vec<usize>,
    queue: Vec<usize>,
    /// Boards of at most 64 slots: per occupied slot its occupied neighbours, one word,
    /// filled by [`Self::analyse_mobile`] for the state it analyses.
    rows: Vec<u64>,
    /// [`Self::cut_vertices_in_words`]: (vertex, parent, neighbours left to visit).
    word_stack: Vec<(usize, usize, u64)>,
    /// Per occupied slot: its piece can never move again ([`Self::analyse`]).
    stuck: Vec<bool>,
    chains: Chains,
    pub out: Analysis,
    /// The search's clock, charged with the analysis work as it goes.
    pub clock: Clock,
}

fn bit(mask: &[u64], slot: usize) -> bool {
    mask[slot / 64] >> (slot % 64) & 1 == 1
}

fn set_only(mask: &mut [u64], keep: impl Fn(usize) -> bool) {
    for (w, word) in mask.iter_mut().enumerate() {
        let mut bits = *word;
        while bits != 0 {
            let b = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if !keep(w * 64 + b) {
                *word &= !(1 << b);
            }
        }
    }
}

/// The goal the analysis serves.
pub(crate) enum Goal<'a> {
    /// Reduce to one piece whose square lies in the inherited candidate set.
    Single { finals: &'a [u64] },
    /// Reach configurations with every piece on a keep square.
    Keep { keep: &'a [u64] },
}

/// The squares that can hold the final piece of `board` (antennae, Corollary 3.7;
/// stranded 0-pieces, Observation 3.3), or `None` when the board is proven unsolvable.
pub(crate) fn initial_finals(
    geo: &Geometry,
    board: &sat2chess_core::board::Board,
) -> Option<Vec<bool>> {
    let state = State::new(board, geo);
    let mut analyser = Analyser::new(geo.len(), geo.words, Clock::new(None));
    let all = vec![u64::MAX; geo.words];
    match analyser.analyse(geo, &state, Goal::Single { finals: &all }) {
        Ok(()) => Some(
            (0..geo.len())
                .map(|slot| bit(&analyser.out.finals, slot))
                .collect(),
        ),
        Err(Halt::Dead(_)) => None,
        // No time limit is set, so the analysis cannot halt; nothing is concluded.
        Err(Halt::Limit) => Some(vec![true; geo.len()]),
    }
}

impl Analyser {
    pub fn new(n: usize, words: usize, clock: Clock) -> Analyser {
        Analyser {
            stamp: vec![0; n],
            epoch: 0,
            disc: vec![0; n],
            low: vec![0; n],
            stack: Vec::new(),
            around: Vec::new(),
            queue: Vec::new(),
            rows: vec![0; n],
            word_stack: Vec::new(),
            stuck: vec![false; n],
            chains: Chains::new(n, words),
            out: Analysis {
                cut: vec![false; n],
                degree: vec![0; n],
                finals: vec![0; words],
            },
            clock,
        }
    }

    fn next_epoch(&mut self) -> u32 {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.fill(0);
            self.epoch = 1;
        }
        self.epoch
    }

    /// Checks the proven necessary conditions for `goal` on `state`; on success fills
    /// [`Self::out`] (degrees, cut vertices in solve mode, candidate final squares).
    /// [`Halt::Limit`] when the clock ran out first.
    pub(crate) fn analyse(
        &mut self,
        geo: &Geometry,
        state: &State,
        goal: Goal,
    ) -> Result<(), Halt> {
        self.mobility(geo, state, matches!(goal, Goal::Single { .. }))?;
        self.analyse_mobile(geo, state, goal)
    }

    /// The budget tests of [`Self::analyse`], its cheapest part (a few word operations
    /// per piece on boards of up to [`super::geometry::DENSE_SLOTS`] slots, where most
    /// dead states of dense boards fail): for the single-piece goal (`single`) the
    /// total budget and the budget of the pieces that can still move must each pay for
    /// the count − 1 captures. Also marks the stuck pieces for
    /// [`Self::analyse_mobile`], which must follow on the same state.
    pub(crate) fn mobility(
        &mut self,
        geo: &Geometry,
        state: &State,
        single: bool,
    ) -> Result<(), Halt> {
        if single {
            // Each capture spends one unit of budget and n − 1 captures are needed.
            if state.budget_sum + 1 < state.count as u64 {
                return Err(Dead::Budget.into());
            }
        }
        // A piece is stuck for good when it has no budget, or when no occupied slot is
        // among its empty-board targets: squares are never re-occupied (fact 3), so
        // it never gets one. Stuck pieces make no captures, so the other pieces'
        // budgets must cover the n − 1 captures.
        // Degrees are computed only for states that pass this cheap test (most dead
        // states of dense boards fail it).
        let mut mobile_budget = 0;
        if geo.words == 1 {
            // One word per reach row: a few operations per piece, one clock charge.
            let occupied = state.occupied[0];
            let mut bits = occupied;
            while bits != 0 {
                let slot = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let budget = state.budget[slot];
                let can_move = budget > 0
                    && geo.word_reach(state.kind[slot], slot).unwrap_or(0) & occupied != 0;
                self.stuck[slot] = !can_move;
                if can_move {
                    mobile_budget += budget as u64;
                }
            }
            if self.clock.charge(2 * state.count as u64) {
                return Err(Halt::Limit);
            }
            if single && mobile_budget + 1 < state.count as u64 {
                return Err(Dead::Budget.into());
            }
            return Ok(());
        }
        for slot in state.slots() {
            let mut work = 1;
            let mut can_move = false;
            if state.budget[slot] > 0 {
                let (any, scanned) = geo.has_capture(state.kind[slot], slot, &state.occupied);
                can_move = any;
                work += scanned;
            }
            self.stuck[slot] = !can_move;
            if can_move {
                mobile_budget += state.budget[slot] as u64;
            }
            if self.clock.charge(work) {
                return Err(Halt::Limit);
            }
        }
        if single && mobile_budget + 1 < state.count as u64 {
            return Err(Dead::Budget.into());
        }
        Ok(())
    }

    /// The rest of [`Self::analyse`], on the state [`Self::mobility`] last passed.
    pub(crate) fn analyse_mobile(
        &mut self,
        geo: &Geometry,
        state: &State,
        goal: Goal,
    ) -> Result<(), Halt> {
        let single = matches!(goal, Goal::Single { .. });
        let kinds = state.kinds();
        if geo.word_neighbours(0, kinds).is_some() {
            // At most 64 slots: the graph as one word per slot, searched by bit operations.
            let occupied = state.occupied[0];
            for slot in state.slots() {
                let row = geo.word_neighbours(slot, kinds).unwrap_or(0) & occupied;
                self.rows[slot] = row;
                self.out.degree[slot] = row.count_ones();
            }
            if self.clock.charge(state.count as u64) {
                return Err(Halt::Limit);
            }
            self.components_in_words(occupied, &goal)?;
        } else {
            for slot in state.slots() {
                self.out.degree[slot] = geo.occupied_degree(slot, kinds, &state.occupied);
                if self.clock.charge(1 + geo.neighbours[slot].len() as u64) {
                    return Err(Halt::Limit);
                }
            }
            self.components(geo, state, &goal)?;
        }
        if let Goal::Single { finals } = goal {
            self.out.finals.copy_from_slice(finals);
            for (w, word) in self.out.finals.iter_mut().enumerate() {
                *word &= state.occupied[w];
            }
            self.antennae(geo, state);
        }
        self.stranded_pieces(geo, state, &goal)?;
        let chain_state = state.count == geo.len() || kinds != geo.kinds();
        if single && kinds.count_ones() >= 2 && chain_state && Chains::applies(geo) {
            // Capture chains ([`Chains`]): kind-aware, so only boards of several kinds;
            // at the root (its candidate final squares are inherited down the search)
            // and wherever a kind has left the board, as a throttle (measured: 20–30 %
            // fewer states per second when run on every state of dense mixed boards).
            let work = self.chains.restrict(geo, state, &mut self.out.finals);
            if self.clock.charge(work) {
                return Err(Halt::Limit);
            }
        }
        if single && self.out.finals.iter().all(|&w| w == 0) {
            return Err(Dead::FinalSquare.into());
        }
        // Cut vertices last: only the move generator and the block moves use them, so
        // states found dead above never pay for them.
        if geo.word_neighbours(0, kinds).is_some() {
            self.cut_vertices_in_words(state.occupied[0])
        } else {
            self.cut_vertices(geo, state)
        }
    }

    /// Thesis §3.3.1: with more than one component, some piece remains in each forever
    /// (fact 4), so a single-piece goal is unreachable; for the keep goal every component
    /// must contain a keep square, or one of its pieces stays outside `keep` forever.
    fn components(&mut self, geo: &Geometry, state: &State, goal: &Goal) -> Result<(), Halt> {
        let epoch = self.next_epoch();
        let kinds = state.kinds();
        let mut seen_components = 0;
        for root in state.slots() {
            if self.stamp[root] == epoch {
                continue;
            }
            seen_components += 1;
            if matches!(goal, Goal::Single { .. }) && seen_components > 1 {
                return Err(Dead::Components.into());
            }
            let mut touches_keep = false;
            self.stamp[root] = epoch;
            self.queue.clear();
            self.queue.push(root);
            while let Some(v) = self.queue.pop() {
                if self.clock.charge(1 + geo.neighbours[v].len() as u64) {
                    return Err(Halt::Limit);
                }
                if let Goal::Keep { keep } = goal {
                    touches_keep |= bit(keep, v);
                }
                for u in geo.occupied_neighbours(v, kinds, &state.occupied) {
                    if self.stamp[u] != epoch {
                        self.stamp[u] = epoch;
                        self.queue.push(u);
                    }
                }
            }
            if matches!(goal, Goal::Keep { .. }) && !touches_keep {
                return Err(Dead::Components.into());
            }
        }
        Ok(())
    }

    /// [`Self::components`] on a board of at most 64 slots, from [`Self::rows`]: each
    /// component grown a breadth-first layer at a time by ORing the rows of the layer.
    fn components_in_words(&mut self, occupied: u64, goal: &Goal) -> Result<(), Halt> {
        let mut remaining = occupied;
        while remaining != 0 {
            let mut component = remaining & remaining.wrapping_neg();
            let mut layer = component;
            while layer != 0 {
                let mut next = 0;
                let mut bits = layer;
                while bits != 0 {
                    next |= self.rows[bits.trailing_zeros() as usize];
                    bits &= bits - 1;
                }
                layer = next & !component;
                component |= layer;
            }
            if self.clock.charge(component.count_ones() as u64) {
                return Err(Halt::Limit);
            }
            remaining &= !component;
            match goal {
                Goal::Single { .. } if remaining != 0 => return Err(Dead::Components.into()),
                Goal::Keep { keep } if component & keep[0] == 0 => {
                    return Err(Dead::Components.into());
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// [`Self::cut_vertices`] on a board of at most 64 slots, from [`Self::rows`]: the
    /// same iterative Tarjan, each stack entry holding its unvisited neighbours as a word.
    fn cut_vertices_in_words(&mut self, occupied: u64) -> Result<(), Halt> {
        if occupied == 0 {
            return Ok(());
        }
        let mut bits = occupied;
        while bits != 0 {
            let slot = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            self.disc[slot] = 0;
            self.out.cut[slot] = false;
        }
        let root = occupied.trailing_zeros() as usize;
        let mut time = 1;
        self.disc[root] = time;
        self.low[root] = time;
        self.word_stack.clear();
        self.word_stack.push((root, usize::MAX, self.rows[root]));
        let mut root_children = 0;
        while let Some(&mut (v, parent, ref mut unvisited)) = self.word_stack.last_mut() {
            if *unvisited != 0 {
                let u = unvisited.trailing_zeros() as usize;
                *unvisited &= *unvisited - 1;
                if u == parent {
                    continue;
                }
                if self.disc[u] == 0 {
                    time = self.discover(u, time);
                    self.word_stack.push((u, v, self.rows[u]));
                } else {
                    self.low[v] = self.low[v].min(self.disc[u]);
                }
                continue;
            }
            self.word_stack.pop();
            if self.clock.charge(1 + self.out.degree[v] as u64) {
                return Err(Halt::Limit);
            }
            if parent == usize::MAX {
                continue;
            }
            root_children += u32::from(self.finish_vertex(v, parent, root));
        }
        self.out.cut[root] = root_children >= 2;
        Ok(())
    }

    /// Tarjan's step when `u` is first reached: it gets the next discovery time (returned)
    /// as its discovery time and low point.
    fn discover(&mut self, u: usize, time: u32) -> u32 {
        self.disc[u] = time + 1;
        self.low[u] = time + 1;
        time + 1
    }

    /// Tarjan's step when `v`, a child of `parent` in the search tree, is finished:
    /// `parent` inherits its low point and is a cut vertex if `v`'s subtree reaches
    /// nothing above it — unless `parent` is the root, whose children are counted
    /// instead (returns whether it is).
    fn finish_vertex(&mut self, v: usize, parent: usize, root: usize) -> bool {
        self.low[parent] = self.low[parent].min(self.low[v]);
        if parent == root {
            return true;
        }
        if self.low[v] >= self.disc[parent] {
            self.out.cut[parent] = true;
        }
        false
    }

    /// The sides of cut vertex `cut`: the components of the capture graph without it;
    /// `None` when the clock ran out first.
    pub fn sides(&mut self, geo: &Geometry, state: &State, cut: usize) -> Option<Vec<Vec<usize>>> {
        let epoch = self.next_epoch();
        let kinds = state.kinds();
        self.stamp[cut] = epoch;
        let mut sides = Vec::new();
        for start in geo.occupied_neighbours(cut, kinds, &state.occupied) {
            if self.stamp[start] == epoch {
                continue;
            }
            self.stamp[start] = epoch;
            let mut side = vec![start];
            let mut next = 0;
            while next < side.len() {
                let v = side[next];
                next += 1;
                if self.clock.charge(1 + geo.neighbours[v].len() as u64) {
                    return None;
                }
                for u in geo.occupied_neighbours(v, kinds, &state.occupied) {
                    if self.stamp[u] != epoch {
                        self.stamp[u] = epoch;
                        side.push(u);
                    }
                }
            }
            sides.push(side);
        }
        Some(sides)
    }

    /// Marks the cut vertices (iterative Tarjan). Thesis §3.3.1: a capture *by* a cut
    /// vertex vacates it and splits the graph, so it is fatal while more than one side
    /// is non-empty; the move generator skips such captures.
    fn cut_vertices(&mut self, geo: &Geometry, state: &State) -> Result<(), Halt> {
        let Some(root) = state.slots().next() else {
            return Ok(());
        };
        for slot in state.slots() {
            self.disc[slot] = 0;
            self.out.cut[slot] = false;
        }
        let kinds = state.kinds();
        let mut time = 1;
        self.disc[root] = time;
        self.low[root] = time;
        // Each stack entry (v, parent, start, next) owns `around[start..]` while on top:
        // the occupied neighbours of v, of which `around[next..]` are still to visit.
        self.stack.clear();
        self.around.clear();
        self.around
            .extend(geo.occupied_neighbours(root, kinds, &state.occupied));
        self.stack.push((root, usize::MAX, 0, 0));
        let mut root_children = 0;
        while let Some(&mut (v, parent, start, ref mut next)) = self.stack.last_mut() {
            if self.clock.charge(1) {
                return Err(Halt::Limit);
            }
            if *next < self.around.len() {
                let u = self.around[*next];
                *next += 1;
                if u == parent {
                    continue;
                }
                if self.disc[u] == 0 {
                    time = self.discover(u, time);
                    let start = self.around.len();
                    self.around
                        .extend(geo.occupied_neighbours(u, kinds, &state.occupied));
                    self.stack.push((u, v, start, start));
                } else {
                    self.low[v] = self.low[v].min(self.disc[u]);
                }
            } else {
                self.stack.pop();
                self.around.truncate(start);
                if parent == usize::MAX {
                    continue;
                }
                root_children += u32::from(self.finish_vertex(v, parent, root));
            }
        }
        self.out.cut[root] = root_children >= 2;
        Ok(())
    }

    /// Lemmas 3.5–3.6 and Corollary 3.7: if the capture graph contains an antenna
    /// (v1, …, vk) — an induced path in which only vk has neighbours outside — whose
    /// length k − 1 exceeds the budget c of its first vertex v1, the final square lies in
    /// the antenna. We use the shortest such antenna from each leaf, (v1, …, v_{c+2}),
    /// whose interior vertices v2 … v_{c+1} have degree 2. A 0-leaf (c = 0) is stranded by
    /// itself (its only neighbour cannot both bring a piece in and take it out, fact 3),
    /// so there the final square is v1. The proofs use only facts 1–4, so they hold for
    /// every kind mix and budget. A rook *triangle* (thesis Fig. 7.5) whose lines carry no
    /// other piece is such an antenna of length 2, empty rows and columns between or not.
    fn antennae(&mut self, geo: &Geometry, state: &State) {
        let slots: Vec<usize> = state.slots().filter(|&s| self.out.degree[s] == 1).collect();
        for leaf in slots {
            let budget = state.budget[leaf] as usize;
            if budget == 0 {
                let finals = &mut self.out.finals;
                set_only(finals, |s| s == leaf);
                continue;
            }
            if budget + 2 > state.count {
                continue;
            }
            // Walk v1 = leaf, v2, …, v_{c+2}; v2 … v_{c+1} must have degree 2.
            let mut path = vec![leaf];
            let mut previous = usize::MAX;
            let mut current = leaf;
            let complete = loop {
                if path.len() == budget + 2 {
                    break true;
                }
                if path.len() > 1 && self.out.degree[current] != 2 {
                    break false;
                }
                let next = geo
                    .occupied_neighbours(current, state.kinds(), &state.occupied)
                    .find(|&u| u != previous);
                let Some(next) = next else { break false };
                previous = current;
                current = next;
                path.push(next);
            };
            if complete {
                set_only(&mut self.out.finals, |s| path.contains(&s));
            }
        }
    }

    /// Observation 3.3 (applied only while no budget exceeds 2), for every stuck piece
    /// (budget 0, or no occupied slot among its targets — the proof only uses that the
    /// piece on z never moves itself): z can only be vacated if a piece enters z and
    /// leaves again, which needs a piece that now has budget 2, reaches z directly from
    /// its current square z1, and can continue from z to another currently occupied
    /// square z3 ≠ z1. For a ranged rescuer z3 is not strictly between z1 and z either:
    /// those squares are empty when it moves z1 → z, and stay empty (fact 3). Without
    /// such a rescuer z is never vacated: in solve mode z must be the final square; in
    /// keep mode z must be a keep square.
    fn stranded_pieces(&mut self, geo: &Geometry, state: &State, goal: &Goal) -> Result<(), Halt> {
        for z in state.slots() {
            if !self.stuck[z] || state.count == 1 {
                continue;
            }
            if self.clock.charge(1 + geo.neighbours[z].len() as u64) {
                return Err(Halt::Limit);
            }
            // A stuck leaf (or isolated piece) is stranded whatever the budgets: a piece
            // entering from its only neighbour cannot leave to another one (fact 3).
            let rescued = self.out.degree[z] >= 2
                && (state.large_budgets > 0
                    || PieceKind::ALL.into_iter().any(|kind| {
                        geo.has_kind(kind)
                            && geo.sources(kind, z).iter().any(|&z1| {
                                let z1 = z1 as usize;
                                state.is_occupied(z1)
                                    && state.kind[z1] == kind
                                    && state.budget[z1] == 2
                                    && geo.targets(kind, z).iter().any(|&z3| {
                                        let z3 = z3 as usize;
                                        z3 != z1
                                            && state.is_occupied(z3)
                                            && !(kind.is_ranged()
                                                && geo.strictly_between(z1, z, z3))
                                    })
                            })
                    }));
            if rescued {
                continue;
            }
            match goal {
                Goal::Single { .. } => set_only(&mut self.out.finals, |s| s == z),
                Goal::Keep { keep } => {
                    if !bit(keep, z) {
                        return Err(Dead::Stranded.into());
                    }
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sat2chess_core::board::{Board, Square};
    use std::time::Duration;

    use crate::test_boards::kings;

    fn setup(board: &Board) -> (Geometry, State, Analyser) {
        let geo = Geometry::new(board);
        let state = State::new(board, &geo);
        let analyser = Analyser::new(geo.len(), geo.words, Clock::new(None));
        (geo, state, analyser)
    }

    fn all(geo: &Geometry) -> Vec<u64> {
        vec![u64::MAX; geo.words]
    }

    fn mask(geo: &Geometry, squares: &[(u32, u32)]) -> Vec<u64> {
        let mut mask = vec![0; geo.words];
        for (slot, square) in geo.squares.iter().enumerate() {
            if squares.contains(&(square.row, square.col)) {
                mask[slot / 64] |= 1 << (slot % 64);
            }
        }
        mask
    }

    fn single(board: &Board) -> Result<Vec<(u32, u32)>, Halt> {
        let (geo, state, mut analyser) = setup(board);
        let finals = all(&geo);
        analyser.analyse(&geo, &state, Goal::Single { finals: &finals })?;
        Ok((0..geo.len())
            .filter(|&s| bit(&analyser.out.finals, s))
            .map(|s| (geo.squares[s].row, geo.squares[s].col))
            .collect())
    }

    fn keep(board: &Board, squares: &[(u32, u32)]) -> Result<(), Halt> {
        let (geo, state, mut analyser) = setup(board);
        let keep = mask(&geo, squares);
        analyser.analyse(&geo, &state, Goal::Keep { keep: &keep })
    }

    #[test]
    fn an_expired_clock_halts_the_analysis() {
        let board = kings(&["222", "222"]);
        let geo = Geometry::new(&board);
        let state = State::new(&board, &geo);
        let mut analyser = Analyser::new(geo.len(), geo.words, Clock::new(Some(Duration::ZERO)));
        std::thread::sleep(Duration::from_millis(1));
        let finals = all(&geo);
        let goal = Goal::Single { finals: &finals };
        assert_eq!(analyser.analyse(&geo, &state, goal), Err(Halt::Limit));
        assert_eq!(analyser.sides(&geo, &state, 0), None);
    }

    /// A board from `(kind, row, col, budget)` entries.
    fn pieces(list: &[(PieceKind, u32, u32, u32)]) -> Board {
        let pieces = list
            .iter()
            .map(|&(kind, row, col, budget)| {
                sat2chess_core::board::Piece::new(kind, Square::new(row, col), budget)
            })
            .collect();
        Board::fitted(pieces).unwrap()
    }

    #[test]
    fn stuck_pieces_do_not_pay_for_captures() {
        use PieceKind::{King, Pawn};
        // The pawn on row 1 can never capture: the kings' 1 + 0 units cannot pay
        // for the two captures, although the total budget (3) could.
        let board = pieces(&[(Pawn, 1, 2, 2), (King, 2, 1, 1), (King, 2, 3, 0)]);
        assert_eq!(single(&board), Err(Halt::Dead(Dead::Budget)));
    }

    #[test]
    fn a_ranged_rescuer_cannot_continue_over_the_squares_it_passed() {
        use PieceKind::{King, Pawn, Rook};
        // The pawn on (1,1) is stuck. The rook on (3,1) can only reach it once (2,1) is
        // empty, and then has nowhere to go on: (1,1) is stranded and the final square.
        let board = pieces(&[
            (Pawn, 1, 1, 2),
            (King, 2, 1, 1),
            (Rook, 3, 1, 2),
            (King, 3, 2, 1),
        ]);
        assert_eq!(single(&board), Ok(vec![(1, 1)]));
        // With another rook on row 1 the rescuer can go on after the rescue.
        let board = pieces(&[
            (Pawn, 1, 1, 2),
            (Rook, 1, 3, 1),
            (King, 2, 1, 1),
            (Rook, 3, 1, 2),
            (King, 3, 2, 1),
        ]);
        let finals = single(&board).unwrap();
        assert!(finals.len() > 1 && finals.contains(&(1, 1)), "{finals:?}");
    }

    #[test]
    fn budget_must_cover_the_captures() {
        assert_eq!(single(&kings(&["010"])), Err(Halt::Dead(Dead::Budget)));
        assert!(single(&kings(&["011"])).is_ok());
    }

    #[test]
    fn components_must_reduce_or_reach_keep() {
        let board = kings(&["22.22"]);
        assert_eq!(single(&board), Err(Halt::Dead(Dead::Components)));
        assert_eq!(keep(&board, &[(1, 1)]), Err(Halt::Dead(Dead::Components)));
        assert!(keep(&board, &[(1, 1), (1, 5)]).is_ok());
    }

    #[test]
    fn cut_vertices_are_found() {
        let board = kings(&["222", "..2"]);
        let (geo, state, mut analyser) = setup(&board);
        let finals = all(&geo);
        analyser
            .analyse(&geo, &state, Goal::Single { finals: &finals })
            .unwrap();
        let cuts: Vec<Square> = (0..geo.len())
            .filter(|&s| analyser.out.cut[s])
            .map(|s| geo.squares[s])
            .collect();
        assert_eq!(cuts, vec![Square::new(1, 2)]);
        let sides = analyser.sides(&geo, &state, 1).unwrap();
        assert_eq!(sides.len(), 2);
    }

    #[test]
    fn over_long_antenna_holds_the_final_square() {
        // Antenna (1,1)-(1,2)-(1,3)-(1,4)-(2,5) into a 2x2 block; first budget 1:
        // Corollary 3.7 with the shortest over-long prefix v1..v3.
        let board = kings(&["1222..", "....22", "....22"]);
        assert_eq!(single(&board), Ok(vec![(1, 1), (1, 2), (1, 3)]));
        // Budget 2: the prefix v1..v3 (length 2) is not over-long, v1..v4 is.
        let board = kings(&["2222..", "....22", "....22"]);
        assert_eq!(single(&board), Ok(vec![(1, 1), (1, 2), (1, 3), (1, 4)]));
        // A degree-3 vertex inside the prefix: no antenna, no conclusion.
        let board = kings(&["2222.", "...22", "...22"]);
        assert_eq!(single(&board).map(|f| f.len()), Ok(8));
    }

    #[test]
    fn a_rook_triangle_is_an_antenna_of_length_two() {
        use PieceKind::Rook;
        // Thesis Fig. 7.5: (1,1)-(1,4)-(5,4), empty rows and columns between; no other
        // piece on row 1, column 1 or column 4, so the triangle is an antenna of the
        // capture graph, and with first budget 1 < 2 it holds the final square.
        let board = pieces(&[
            (Rook, 1, 1, 1),
            (Rook, 1, 4, 2),
            (Rook, 5, 4, 2),
            (Rook, 5, 7, 2),
            (Rook, 5, 9, 2),
            (Rook, 7, 7, 2),
        ]);
        assert_eq!(single(&board), Ok(vec![(1, 1), (1, 4), (5, 4)]));
        // With first budget 2 the antenna is not over-long: no conclusion.
        let board = pieces(&[
            (Rook, 1, 1, 2),
            (Rook, 1, 4, 2),
            (Rook, 5, 4, 2),
            (Rook, 5, 7, 2),
            (Rook, 5, 9, 2),
            (Rook, 7, 7, 2),
        ]);
        assert_eq!(single(&board).map(|f| f.len()), Ok(6));
    }

    #[test]
    fn two_disjoint_over_long_antennae_are_fatal() {
        let board = kings(&["1222221"]);
        // A path: both ends are leaves with budget 1 and over-long antennae
        // {(1,1),(1,2),(1,3)} and {(1,5),(1,6),(1,7)}.
        assert_eq!(single(&board), Err(Halt::Dead(Dead::FinalSquare)));
    }

    #[test]
    fn zero_leaves_are_stranded() {
        let board = kings(&["022", "..2"]);
        assert_eq!(single(&board), Ok(vec![(1, 1)]));
        assert_eq!(
            keep(&board, &[(1, 2), (1, 3), (2, 3)]),
            Err(Halt::Dead(Dead::Stranded))
        );
        assert!(keep(&board, &[(1, 1)]).is_ok());
    }

    #[test]
    fn observation_3_3_needs_a_two_piece_rescuer() {
        // The 0-king (2,2) has neighbours of budget 1 only: stranded (Obs. 3.3).
        let board = kings(&["111", "101", "111"]);
        assert_eq!(single(&board), Ok(vec![(2, 2)]));
        assert_eq!(keep(&board, &[(1, 1)]), Err(Halt::Dead(Dead::Stranded)));
        // A 2-king that can enter (2,2) and leave to another occupied square rescues it.
        let board = kings(&["211", "101", "111"]);
        assert_eq!(single(&board).map(|f| f.len()), Ok(9));
        // With a budget above 2 the observation's hypothesis fails: no conclusion.
        let board = kings(&["311", "101", "111"]);
        assert_eq!(single(&board).map(|f| f.len()), Ok(9));
    }
}
