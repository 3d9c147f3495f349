//! Theorem 3.9 (Brunner et al. §3.2): one uncapturable king (or pawn) among knights,
//! from sided var-linked planar monotone 3-SAT with at most two occurrences per literal
//! ([`PlanarMonotone`]). The paper's variable gadget is only drawn (Figure 5, absent from
//! the extracted text); the gadget below is our design, following the proof's
//! description: the hero walks from the bottom to the top, through every variable gadget
//! in turn, up its positive or its negative path; literal knights are joined by
//! noncrossing knight wires per clause; every other knight is joined to both paths.
//!
//! # Why it is correct
//!
//! Pieces only ever move onto occupied squares, so a vacated square stays empty: the
//! hero's walk is a simple path of king steps over the initial squares, and two knights
//! interact only if a chain of knight moves over initial squares joins them. Group the
//! knights into the components of that knight graph: a component's last knight can only
//! be taken by the hero (nothing else is a knight's move away), so a board is solved
//! only if the hero's walk enters every component. Conversely, if the walk enters every
//! component, each component first collapses onto the squares the walk enters (every
//! other knight captures toward them along a breadth-first forest, deepest first) and
//! the hero then takes everything on its walk. So: **solvable ⇔ some simple hero walk
//! from the start enters every knight component.**
//!
//! # The layout (signed `(r, x)`: `r` grows toward row 1, `x` toward the right)
//!
//! Variable `i` owns rows `8i … 8i + 8`; its junctions `(8i, 0)` and `(8i + 8, 0)` are
//! shared with its neighbours, the hero stands on `(0, 0)`; every junction is a knight no
//! other knight reaches, and so is the *top* knight `(8n + 1, 1)`, a king step from the
//! last junction and from nothing else: the hero must end there. Between two junctions lie the
//! *positive path* (`x < 0`, the variable true) and the *negative path* (`x > 0`, its
//! mirror), each the seven squares `(8i + d, σ·w)` for `(d, w)` = (1,1) (2,2) (3,3)
//! (4,2) (5,3) (6,2) (7,1), `σ = −1` positive, `+1` negative: a zigzag of diagonal steps
//! whose two outer corners `(3, 3)` and `(5, 3)` are the *literal squares* (one for each
//! occurrence). All path and junction squares have `r + x` even, so no two of them are a
//! knight's move apart, and paths of different gadgets, or of the same gadget, touch
//! only at junctions: the hero climbs gadget by gadget, one path each (going down the
//! other path it would be stuck at the vacated junction below, never reaching the top
//! knight: without the top knight, a king could go up one path of the last gadget and
//! down the other).
//! - Two *interior knights* `(8i + 3, 0)` and `(8i + 5, 0)` are a knight's move from
//!   every path square but the literal squares, on both paths: one component, entered
//!   whichever path is taken.
//! - Each literal square has a *link knight* `(8i + 2, σ·5)` (slot 0) or
//!   `(8i + 6, σ·5)` (slot 1), a knight's move from it and from nothing else on the
//!   paths. With fewer than two occurrences a *bridge* `(8i + 4, σ·6)` joins both links,
//!   so the path's literal squares form one component with the clause (if any).
//! - A clause of level `ℓ` (on its side) joins its links by a *leg* from each link
//!   outward, knights at `(rl + k mod 2, σ·(5 + 2k))` for `k = 1 … 2ℓ` (`rl` the link's
//!   row), and a *trunk* at `X = 5 + 4ℓ` along its span, knights at
//!   `(r₀ + 2m, σ·(X + m mod 2))` from its first leg's row `r₀` to its last; every leg
//!   ends on a trunk square. Where two clauses meet one variable, the slots are ordered
//!   so that nothing crosses (a clause ending at the variable below one passing through,
//!   below one starting there; of two ending there the inner one below; of two starting
//!   there the outer one below). Different wires stay at least three squares apart, and
//!   no wire square is a king step from a path square, so the hero never enters a wire.
//! - A path whose literal never occurs is left out (the pure literal rule: its variable
//!   takes the other value; with neither literal occurring, the negative path stays).
//!
//! So the components are: junctions (alone), one interior component per variable, and
//! one component per clause holding the literal squares of its literals; the hero's walk
//! enters a clause's component iff it takes the path of one of its literals: the board
//! is solvable iff the instance is satisfiable.

#[cfg(test)]
mod tests;

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use sat2chess_core::board::{Board, PieceKind, Square};
use sat2chess_core::formula::Assignment;
use sat2chess_core::rules::{IllegalMove, Move, Position, Variant};
use sat2chess_reduce::transform::planar_monotone::{
    MonotoneClause, PlanarMonotone, PlanarMonotoneError, Side,
};

use crate::construction::place;
use crate::requirement::Requirement;

/// The knight's eight steps.
const KNIGHT: [(i64, i64); 8] = [
    (1, 2),
    (2, 1),
    (-1, 2),
    (-2, 1),
    (1, -2),
    (2, -1),
    (-1, -2),
    (-2, -1),
];

/// A path's seven squares `(d, w)` (row offset, distance from the axis), bottom first.
const PATH: [(i64, i64); 7] = [(1, 1), (2, 2), (3, 3), (4, 2), (5, 3), (6, 2), (7, 1)];

/// The rules under which `hero` is the paper's uncapturable piece among knights: a king
/// or a pawn that may never be captured (`None` for the other kinds, which Theorem 3.9
/// does not use).
pub fn uncapturable_rules(hero: PieceKind) -> Option<Variant> {
    matches!(hero, PieceKind::King | PieceKind::Pawn).then_some(Variant::Uncapturable(hero))
}

/// Why a Theorem 3.9 board could not be built, certified or read.
#[derive(Debug, thiserror::Error)]
pub enum PlanarError {
    #[error("not a valid planar monotone instance: {0}")]
    Invalid(#[from] PlanarMonotoneError),
    #[error(
        "Theorem 3.9 needs a king or a pawn among knights that cannot be captured; a {0} cannot be kept uncapturable by the rules available"
    )]
    Hero(&'static str),
    #[error("the board cannot be built: {0}")]
    Size(#[from] Requirement),
    #[error("move {index} of the sequence is illegal: {why}")]
    Illegal { index: usize, why: IllegalMove },
    #[error("the sequence leaves {0} pieces, not one")]
    NotSolved(usize),
    #[error("the assignment does not satisfy the instance")]
    NotSatisfying,
}

/// A Theorem 3.9 board and what its certificate and decoder need.
#[derive(Clone, Debug)]
pub struct PlanarBoard {
    /// The board (every budget `pieces − 1`: unlimited captures).
    pub board: Board,
    /// The rules keeping the hero uncapturable.
    pub variant: Variant,
    /// Where the hero starts.
    pub hero: Square,
    /// Per variable: its positive path's squares (taken: true) and its negative path's.
    paths: Vec<[Vec<Square>; 2]>,
    /// Every junction square, bottom first (the hero's start first).
    junctions: Vec<Square>,
    /// The top knight, a king step above the last junction: the hero ends there.
    top: Square,
}

/// Signed squares `(r, x)` of the drawing and the piece on each.
type Drawing = BTreeMap<(i64, i64), PieceKind>;

/// Each clause's slot (0 or 1) at each of its variables, keyed by (clause, variable).
fn slots(instance: &PlanarMonotone) -> BTreeMap<(usize, u32), i64> {
    let mut at: BTreeMap<(bool, u32), Vec<usize>> = BTreeMap::new();
    for (index, clause) in instance.clauses.iter().enumerate() {
        for v in &clause.vars {
            at.entry((clause.side == Side::Negative, v.0))
                .or_default()
                .push(index);
        }
    }
    let key = |clause: &MonotoneClause, v: u32| {
        let (first, last) = clause.span();
        let level = i64::from(clause.level);
        if first == last {
            (1, 0)
        } else if v == last {
            (0, level)
        } else if v == first {
            (2, -level)
        } else {
            (1, 0)
        }
    };
    let mut slots = BTreeMap::new();
    for ((_, v), mut clauses) in at {
        clauses.sort_by_key(|&c| key(&instance.clauses[c], v));
        for (slot, c) in clauses.into_iter().enumerate() {
            slots.insert((c, v), slot as i64);
        }
    }
    slots
}

fn sign(side: Side) -> i64 {
    match side {
        Side::Positive => -1,
        Side::Negative => 1,
    }
}

/// Whether variable `v` gets a path on `side`.
fn has_path(occurrences: &BTreeMap<(bool, u32), usize>, side: Side, v: u32) -> bool {
    let count = |negative| occurrences.get(&(negative, v)).copied().unwrap_or(0);
    count(side == Side::Negative) > 0 || (side == Side::Negative && count(false) == 0)
}

/// The drawing of `instance` (hero at `(0, 0)`).
fn draw(instance: &PlanarMonotone, hero: PieceKind) -> Drawing {
    let mut occurrences: BTreeMap<(bool, u32), usize> = BTreeMap::new();
    for clause in &instance.clauses {
        for v in &clause.vars {
            *occurrences
                .entry((clause.side == Side::Negative, v.0))
                .or_default() += 1;
        }
    }
    let mut drawing = Drawing::new();
    let mut knight = |square: (i64, i64)| {
        drawing.insert(square, PieceKind::Knight);
    };
    for v in 0..instance.num_vars {
        let r0 = 8 * i64::from(v);
        knight((r0 + 8, 0));
        knight((r0 + 3, 0));
        knight((r0 + 5, 0));
        for side in [Side::Positive, Side::Negative] {
            if !has_path(&occurrences, side, v) {
                continue;
            }
            let s = sign(side);
            for (d, w) in PATH {
                knight((r0 + d, s * w));
            }
            knight((r0 + 2, s * 5));
            knight((r0 + 6, s * 5));
            if occurrences
                .get(&(side == Side::Negative, v))
                .copied()
                .unwrap_or(0)
                < 2
            {
                knight((r0 + 4, s * 6));
            }
        }
    }
    knight((8 * i64::from(instance.num_vars) + 1, 1));
    let slots = slots(instance);
    for (index, clause) in instance.clauses.iter().enumerate() {
        if clause.vars.len() < 2 {
            continue;
        }
        let s = sign(clause.side);
        let level = i64::from(clause.level);
        let rows: Vec<i64> = clause
            .vars
            .iter()
            .map(|v| 8 * i64::from(v.0) + 2 + 4 * slots[&(index, v.0)])
            .collect();
        for &row in &rows {
            for k in 1..=2 * level {
                knight((row + k % 2, s * (5 + 2 * k)));
            }
        }
        let trunk = 5 + 4 * level;
        let (first, last) = (rows[0], rows[rows.len() - 1]);
        for m in 0..=(last - first) / 2 {
            knight((first + 2 * m, s * (trunk + m % 2)));
        }
    }
    drawing.insert((0, 0), hero);
    drawing
}

/// Builds the Theorem 3.9 board of `instance` with `hero` (king or pawn) among knights.
pub fn build(instance: &PlanarMonotone, hero: PieceKind) -> Result<PlanarBoard, PlanarError> {
    instance.validate()?;
    if !matches!(hero, PieceKind::King | PieceKind::Pawn) {
        return Err(PlanarError::Hero(hero.name()));
    }
    let variant = uncapturable_rules(hero).ok_or(PlanarError::Hero(hero.name()))?;
    let drawing = draw(instance, hero);
    // Board rows grow downward: the signed row r is board row −r (shifted).
    let pieces: Vec<(PieceKind, (i64, i64))> = drawing
        .iter()
        .map(|(&(r, x), &kind)| (kind, (-r, x)))
        .collect();
    let (board, shift) = place(&pieces)?;
    let at = |(r, x): (i64, i64)| shift.at((-r, x));
    let mut paths = Vec::new();
    for v in 0..i64::from(instance.num_vars) {
        let path = |s: i64| -> Vec<Square> {
            let squares: Vec<(i64, i64)> = PATH.iter().map(|&(d, w)| (8 * v + d, s * w)).collect();
            if drawing.contains_key(&squares[0]) {
                squares.into_iter().map(at).collect()
            } else {
                Vec::new()
            }
        };
        paths.push([path(-1), path(1)]);
    }
    let n = i64::from(instance.num_vars);
    let junctions = (0..=n).map(|v| at((8 * v, 0))).collect();
    Ok(PlanarBoard {
        board,
        variant,
        hero: at((0, 0)),
        paths,
        junctions,
        top: at((8 * n + 1, 1)),
    })
}

impl PlanarBoard {
    /// The capture sequence of a satisfying `assignment`: every knight off the hero's
    /// walk captures toward the walk (deepest first along a breadth-first forest of the
    /// knight graph), then the hero walks up, taking the true literal's path of every
    /// variable. Replayed before it is returned.
    pub fn certify(&self, assignment: &Assignment) -> Result<Vec<Move>, PlanarError> {
        let mut walk = vec![self.hero];
        for (v, [positive, negative]) in self.paths.iter().enumerate() {
            let take_positive = assignment.0.get(v).copied().unwrap_or(false);
            let path = if (take_positive && !positive.is_empty()) || negative.is_empty() {
                positive
            } else {
                negative
            };
            walk.extend(path.iter().copied());
            walk.push(self.junctions[v + 1]);
        }
        walk.push(self.top);
        let occupied: BTreeSet<Square> = self.board.pieces().iter().map(|p| p.square).collect();
        let mut parent: BTreeMap<Square, (Square, usize)> = BTreeMap::new();
        let mut queue: VecDeque<(Square, usize)> = VecDeque::new();
        for &square in &walk {
            parent.insert(square, (square, 0));
            queue.push_back((square, 0));
        }
        while let Some((square, depth)) = queue.pop_front() {
            for (dr, dc) in KNIGHT {
                let (r, c) = (i64::from(square.row) + dr, i64::from(square.col) + dc);
                if r < 1 || c < 1 {
                    continue;
                }
                let next = Square::new(r as u32, c as u32);
                if occupied.contains(&next) && !parent.contains_key(&next) {
                    parent.insert(next, (square, depth + 1));
                    queue.push_back((next, depth + 1));
                }
            }
        }
        if parent.len() != occupied.len() {
            return Err(PlanarError::NotSatisfying);
        }
        let mut feeders: Vec<(usize, Square, Square)> = parent
            .iter()
            .filter(|(_, (_, depth))| *depth > 0)
            .map(|(&square, &(to, depth))| (depth, square, to))
            .collect();
        feeders.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut moves: Vec<Move> = feeders
            .into_iter()
            .map(|(_, from, to)| Move::new(from, to))
            .collect();
        moves.extend(walk.windows(2).map(|w| Move::new(w[0], w[1])));
        self.replay(&moves)?;
        Ok(moves)
    }

    /// Replays `moves` under the board's rules (they must solve it) and returns the
    /// squares the hero captured on.
    fn replay(&self, moves: &[Move]) -> Result<BTreeSet<Square>, PlanarError> {
        let mut position = Position::new(&self.board, self.variant);
        let mut hero = self.hero;
        let mut visited = BTreeSet::new();
        for (index, &mv) in moves.iter().enumerate() {
            position.apply(mv).map_err(|why| PlanarError::Illegal {
                index: index + 1,
                why,
            })?;
            if mv.from == hero {
                hero = mv.to;
                visited.insert(hero);
            }
        }
        if position.len() != 1 {
            return Err(PlanarError::NotSolved(position.len()));
        }
        Ok(visited)
    }

    /// Reads a satisfying assignment off any solving sequence: a variable is true iff
    /// the hero captured on its positive path (checked against `instance`).
    pub fn decode(
        &self,
        instance: &PlanarMonotone,
        moves: &[Move],
    ) -> Result<Assignment, PlanarError> {
        let visited = self.replay(moves)?;
        let assignment = Assignment(
            self.paths
                .iter()
                .map(|[positive, _]| positive.iter().any(|s| visited.contains(s)))
                .collect(),
        );
        if instance.is_satisfied_by(&assignment) {
            Ok(assignment)
        } else {
            Err(PlanarError::NotSatisfying)
        }
    }
}
