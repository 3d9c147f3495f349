//! The hero's walk, on boards with exactly one piece of the uncapturable kind (the
//! *hero*: chess.com's king, the paper's `T¹` of Brunner et al. §3.2).
//!
//! **Rule.** Split the other pieces (the *villains*) into the components of the
//! potential capture graph over their squares alone ([`super::components`]'s fixpoint,
//! the hero's square left out). If no simple path of hero moves on an empty board,
//! from the hero's square over the occupied squares and at most its budget long, enters
//! a square of every villain component, the board is unsolvable.
//!
//! **Proof.** The hero is never captured, so it is the last piece, and every villain is
//! captured. Every move is a capture, so a vacated square is never occupied again: the
//! hero's squares over a game form a simple path over the initial squares, each step a
//! hero move (blockers only forbid moves), one budget unit each. A villain never stands
//! on the hero's square (the hero cannot be captured, and once it leaves, the square
//! stays empty), so by the fixpoint's argument villains only ever move inside their
//! component, and a capture by a villain leaves a villain in the component. The last
//! villain of each component is therefore taken by the hero, on a square of that
//! component.
//!
//! **Search.** Depth-first over the hero's simple paths; at each square with a choice of
//! moves, a path is abandoned when some component it has not entered has no square the
//! hero could still reach (over squares the path has not used, within the budget left),
//! so on the boards of Brunner
//! et al. §3.2 — whose proof is this very argument — it is a backtracking search over
//! the variables. A failed choice point is remembered by its end square, the squares it
//! still reaches and the components not entered (hashed, as the search engine's
//! table): the rest of a path depends on nothing else, so a later path meeting the same
//! point is cut — on a chain of gadgets, a dynamic program over its narrow interfaces.
//! It stops without a verdict after [`WORK_LIMIT`] squares visited or at the solver's
//! time limit; where the hero's budget never binds, it hands over after [`SAT_AFTER`]
//! squares to the walk's SAT encoding ([`super::walk_sat`]), which learns from its
//! conflicts what the backtracking search has to rediscover.

use std::time::Instant;

use rustc_hash::FxHashSet as HashSet;

use sat2chess_core::board::Board;
use sat2chess_core::rules::{Move, Variant};

use super::PotentialGraph;
use super::components::{Components, components_without, some_squares};
use super::walk_sat::find_walk;
use crate::special::Decision;
use crate::state::mix;

/// Squares looked at (reachability searches included) before the search gives up (a
/// few seconds), unless the deadline comes first.
const WORK_LIMIT: u64 = 1_000_000_000;

/// Squares looked at before a hero whose budget never binds is left to
/// [`find_walk`] (a fraction of a second).
const SAT_AFTER: u64 = 50_000_000;

/// The hero (the one piece of the uncapturable kind), its moves between occupied squares
/// (never onto its own square), and the villain groups.
pub(super) struct Heroic {
    pub hero: usize,
    pub moves: Vec<Vec<u32>>,
    pub split: Components,
}

/// [`Heroic`] of `board` under `variant`; `None` without exactly one hero.
pub(super) fn heroic(board: &Board, variant: Variant, graph: &PotentialGraph) -> Option<Heroic> {
    let kind = variant.uncapturable()?;
    let pieces = board.pieces();
    let mut heroes = (0..pieces.len()).filter(|&s| pieces[s].kind == kind);
    let hero = heroes.next()?;
    if heroes.next().is_some() {
        return None;
    }
    let hero_bit = 1u32 << graph.kinds.iter().position(|&k| k == kind)?;
    let split = components_without(graph, Some(hero as u32));
    let mut moves: Vec<Vec<u32>> = vec![Vec::new(); pieces.len()];
    for capture in &graph.captures {
        if capture.reach & hero_bit != 0 && capture.to as usize != hero {
            moves[capture.from as usize].push(capture.to);
        }
    }
    Some(Heroic { hero, moves, split })
}

/// The rule's answer on `board` under `variant`: unsolvable when no walk enters every
/// group; solvable when the first walk found does and every other piece drains into it
/// (the sequence replayed by the checker); `None` when the rule does not apply, the
/// search gives up, or the drain fails.
pub(crate) fn decide(
    board: &Board,
    variant: Variant,
    graph: &PotentialGraph,
    deadline: Option<Instant>,
) -> Option<Decision> {
    let kind = variant.uncapturable()?;
    let pieces = board.pieces();
    let Heroic { hero, moves, split } = heroic(board, variant, graph)?;
    let hero_component = split.of[hero];
    let budget = pieces[hero].budget;
    // Where the budget never binds, the SAT encoding takes over early.
    let unbounded = budget as usize + 1 >= pieces.len();
    let work_limit = if unbounded { SAT_AFTER } else { WORK_LIMIT };
    let mut walk = Walk::new(&moves, &split.of, split.count, deadline, work_limit);
    let (found, by) = match walk.search(hero, budget) {
        Some(found) => (found, "search"),
        None => {
            let found = find_walk(&moves, &split.of, split.count, hero, budget, deadline)?;
            (found, "SAT")
        }
    };
    if let Some(path) = found {
        let moves = drain(board, variant, graph, &path)?;
        return Some(Decision {
            moves: Some(moves),
            reason: format!(
                "hero walk ({by}): a walk of the uncapturable {} over {} squares enters \
                 every group of pieces that capture only among themselves; every other \
                 piece captures toward the walk along a breadth-first forest (deepest \
                 first), then the {} walks (replayed by the checker)",
                kind.name(),
                path.len(),
                kind.name()
            ),
        });
    }
    let mut members: Vec<Vec<u32>> = vec![Vec::new(); split.count];
    for (s, &c) in split.of.iter().enumerate() {
        if c != hero_component {
            members[c as usize].push(s as u32);
        }
    }
    members.retain(|m| !m.is_empty());
    let reason = format!(
        "hero walk ({by}): the uncapturable {} on {} is the last piece, it never returns to a \
         square it left, and it alone can take the last piece of each of the {} groups of \
         pieces that capture only among themselves ({{{}}}, {{{}}}{}); no path of its moves \
         over the occupied squares{} enters every group",
        kind.name(),
        pieces[hero].square,
        members.len(),
        some_squares(board, &members[0], 3),
        members
            .get(1)
            .map_or(String::new(), |m| some_squares(board, m, 3)),
        if members.len() > 2 { ", …" } else { "" },
        if pieces[hero].budget as usize + 1 >= pieces.len() {
            String::new()
        } else {
            format!(" within its budget of {} moves", pieces[hero].budget)
        }
    );
    Some(Decision {
        moves: None,
        reason,
    })
}

/// The solving sequence of a walk `path` entering every group: each other piece off the
/// walk captures toward it, along a breadth-first forest of the captures legal at the
/// start (rooted at the walk's squares, deepest first: the squares a capture passes
/// were empty at the start and stay empty), then the hero takes the walk. `None` when
/// some piece has no such route or the checker refuses the sequence (a piece arriving
/// with another kind than the square's first, a budget, a blocked hero move).
fn drain(
    board: &Board,
    variant: Variant,
    graph: &PotentialGraph,
    path: &[usize],
) -> Option<Vec<Move>> {
    let pieces = board.pieces();
    let hero = path[0];
    let mut toward: Vec<Vec<u32>> = vec![Vec::new(); pieces.len()];
    for capture in &graph.captures {
        let (from, to) = (capture.from as usize, capture.to as usize);
        let mover = 1u32 << graph.kinds.iter().position(|&k| k == pieces[from].kind)?;
        if from != hero && to != hero && capture.reach & mover != 0 && capture.between.is_empty() {
            toward[to].push(capture.from);
        }
    }
    let mut depth = vec![u32::MAX; pieces.len()];
    let mut parent = vec![0u32; pieces.len()];
    let mut queue: Vec<usize> = path[1..].to_vec();
    for &square in &queue {
        depth[square] = 0;
    }
    let mut head = 0;
    while head < queue.len() {
        let square = queue[head];
        head += 1;
        for &from in &toward[square] {
            let from = from as usize;
            if depth[from] == u32::MAX {
                depth[from] = depth[square] + 1;
                parent[from] = square as u32;
                queue.push(from);
            }
        }
    }
    if queue.len() + 1 < pieces.len() {
        return None;
    }
    let square = |s: usize| pieces[s].square;
    let sequence: Vec<Move> = queue
        .iter()
        .rev()
        .filter(|&&s| depth[s] > 0)
        .map(|&s| Move::new(square(s), square(parent[s] as usize)))
        .chain(
            path.windows(2)
                .map(|w| Move::new(square(w[0]), square(w[1]))),
        )
        .collect();
    sat2chess_check::check_sequence(board, &sequence, variant)
        .is_solution()
        .then_some(sequence)
}

/// The depth-first search over the hero's simple paths.
pub(super) struct Walk<'a> {
    /// Hero moves from each square (never onto the hero's own square).
    moves: &'a [Vec<u32>],
    /// Component of each square (the hero's alone).
    component: &'a [u32],
    /// Squares of each component on the current path.
    entered: Vec<u32>,
    /// Components the path has not entered.
    missing: usize,
    /// Random keys of the squares and of the components (for [`Self::failed`]).
    square_key: Vec<u64>,
    component_key: Vec<u64>,
    /// XOR of the keys of the components the path has not entered.
    missing_key: u64,
    /// Squares on the current path.
    used: Vec<bool>,
    /// Failed choice points: the end square, the squares it still reaches, and the
    /// components not entered decide a path's future, whatever came before.
    failed: HashSet<u128>,
    /// When the search gives up (the solver's time limit).
    deadline: Option<Instant>,
    work: u64,
    /// Squares looked at before the search gives up.
    work_limit: u64,
    /// Reachability buffers: a square is reached when its stamp is `epoch`.
    seen: Vec<u32>,
    epoch: u32,
    queue: Vec<(u32, u32)>,
    found: Vec<bool>,
}

/// A search frame: square, moves left, the next move to try (`None` before the
/// reachability test), and the key of a choice point.
type Frame = (usize, u32, Option<usize>, Option<u128>);

impl<'a> Walk<'a> {
    pub(super) fn new(
        moves: &'a [Vec<u32>],
        component: &'a [u32],
        components: usize,
        deadline: Option<Instant>,
        work_limit: u64,
    ) -> Walk<'a> {
        let square_key: Vec<u64> = (0..moves.len() as u64).map(mix).collect();
        let component_key: Vec<u64> = (0..components as u64).map(|c| mix(!c)).collect();
        Walk {
            moves,
            component,
            entered: vec![0; components],
            missing: components,
            missing_key: component_key.iter().fold(0, |x, &k| x ^ k),
            square_key,
            component_key,
            used: vec![false; moves.len()],
            failed: HashSet::default(),
            deadline,
            work: 0,
            work_limit,
            seen: vec![0; moves.len()],
            epoch: 0,
            queue: Vec::new(),
            found: vec![false; components],
        }
    }

    /// A path extending `[start]`, with `budget` moves left, that enters every
    /// component (`Some(None)`: there is none); `None` past [`WORK_LIMIT`]. Iterative: paths can be as long as
    /// the board has squares.
    pub(super) fn search(&mut self, start: usize, budget: u32) -> Option<Option<Vec<usize>>> {
        self.step(start, true);
        let mut stack: Vec<Frame> = vec![(start, budget, None, None)];
        while let Some(&(at, left, tried, _)) = stack.last() {
            if self.missing == 0 {
                return Some(Some(stack.iter().map(|frame| frame.0).collect()));
            }
            // The reachability test runs where the path has a choice (and at the start):
            // on a forced stretch, a failure shows at the next choice as well.
            let from = match tried {
                Some(index) => index,
                None if stack.len() > 1 && self.choices(at) < 2 => 0,
                None => match self.reach(at, left)? {
                    Some(key) if !self.failed.contains(&key) => {
                        stack.last_mut().expect("a frame").3 = Some(key);
                        0
                    }
                    _ => usize::MAX,
                },
            };
            let next = self.moves[at]
                .iter()
                .enumerate()
                .skip(from)
                .find(|&(_, &square)| !self.used[square as usize]);
            match next {
                Some((index, &square)) => {
                    stack.last_mut().expect("a frame").2 = Some(index + 1);
                    self.step(square as usize, true);
                    stack.push((square as usize, left - 1, None, None));
                }
                None => {
                    let (_, _, _, key) = stack.pop().expect("a frame");
                    if let Some(key) = key {
                        self.failed.insert(key);
                    }
                    if !stack.is_empty() {
                        self.step(at, false);
                    }
                }
            }
        }
        Some(None)
    }

    /// Moves from `at` onto squares off the path (up to 2).
    fn choices(&self, at: usize) -> usize {
        self.moves[at]
            .iter()
            .filter(|&&square| !self.used[square as usize])
            .take(2)
            .count()
    }

    /// Puts `square` on the path (`on`) or takes it back.
    fn step(&mut self, square: usize, on: bool) {
        let component = self.component[square] as usize;
        self.used[square] = on;
        let before = self.entered[component];
        if on {
            self.entered[component] += 1;
        } else {
            self.entered[component] -= 1;
        }
        if (before == 0) != (self.entered[component] == 0) {
            self.missing_key ^= self.component_key[component];
            if on {
                self.missing -= 1;
            } else {
                self.missing += 1;
            }
        }
    }

    /// The squares reachable from `at` over unused squares within `budget` moves: `None`
    /// inside when some component the path has not entered has none of them, else the
    /// key of the choice point (`at`, those squares, the components not entered, and
    /// the budget where it binds).
    fn reach(&mut self, at: usize, budget: u32) -> Option<Option<u128>> {
        self.epoch += 1;
        self.found.iter_mut().for_each(|f| *f = false);
        let mut still = self.missing;
        let mut region = 0u64;
        self.queue.clear();
        self.queue.push((at as u32, 0));
        self.seen[at] = self.epoch;
        let mut head = 0;
        while head < self.queue.len() {
            let (square, depth) = self.queue[head];
            head += 1;
            if depth == budget {
                continue;
            }
            for &next in &self.moves[square as usize] {
                let next = next as usize;
                if self.used[next] || self.seen[next] == self.epoch {
                    continue;
                }
                self.seen[next] = self.epoch;
                region ^= self.square_key[next];
                let component = self.component[next] as usize;
                if self.entered[component] == 0 && !self.found[component] {
                    self.found[component] = true;
                    still -= 1;
                }
                self.queue.push((next as u32, depth + 1));
            }
        }
        self.work += head as u64;
        if self.work > self.work_limit || self.deadline.is_some_and(|d| Instant::now() >= d) {
            return None;
        }
        let binding = budget.min(head as u32);
        let high = region ^ self.square_key[at].rotate_left(17) ^ u64::from(binding) << 1;
        Some((still == 0).then(|| u128::from(high) << 64 | u128::from(self.missing_key)))
    }
}
