//! What every §3.2 board shares (Theorems 3.9–3.11): the board with its walk, the
//! certificate (villains collapse toward the walk, then the hero walks up), the decoder
//! (a variable is true iff the hero captured on its positive path), and the drawing's
//! placement on the board.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque, btree_map};

use sat2chess_core::board::{Board, PieceKind, Square};
use sat2chess_core::formula::Assignment;
use sat2chess_core::rules::{IllegalMove, Move, Position, Variant};
use sat2chess_reduce::transform::planar_monotone::{PlanarMonotone, PlanarMonotoneError, Side};

use crate::construction::{Shift, place};
use crate::requirement::Requirement;

/// The knight's eight steps.
pub(super) const KNIGHT: [(i64, i64); 8] = [
    (1, 2),
    (2, 1),
    (-1, 2),
    (-2, 1),
    (1, -2),
    (2, -1),
    (-1, -2),
    (-2, -1),
];

/// The king's eight steps.
pub(super) const KING: [(i64, i64); 8] = [
    (1, 1),
    (1, 0),
    (1, -1),
    (0, 1),
    (0, -1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];

/// Why a §3.2 board could not be built, certified or read.
#[derive(Debug, thiserror::Error)]
pub enum PlanarError {
    #[error("not a valid planar monotone instance: {0}")]
    Invalid(#[from] PlanarMonotoneError),
    #[error(
        "no §3.2 board is built for an uncapturable {0} among {1}s (built: king or pawn among knights, king among bishops, knight among rooks, bishops or queens)"
    )]
    Pair(&'static str, &'static str),
    #[error("the layout breaks its proof ({0})")]
    Layout(&'static str),
    #[error("the board cannot be built: {0}")]
    Size(#[from] Requirement),
    #[error("move {index} of the sequence is illegal: {why}")]
    Illegal { index: usize, why: IllegalMove },
    #[error("the sequence leaves {0} pieces, not one")]
    NotSolved(usize),
    #[error("the assignment does not satisfy the instance")]
    NotSatisfying,
}

/// A §3.2 board (Theorems 3.9–3.11) and what its certificate and decoder need.
#[derive(Clone, Debug)]
pub struct PlanarBoard {
    /// The board (every budget `pieces − 1`: unlimited captures).
    pub board: Board,
    /// The rules keeping the hero uncapturable.
    pub variant: Variant,
    /// Where the hero starts.
    pub hero: Square,
    /// Per variable: its positive path's squares (taken: true) and its negative path's.
    pub(super) paths: Vec<[Vec<Square>; 2]>,
    /// The walk from the hero's start to the first variable's paths (start excluded).
    pub(super) entry: Vec<Square>,
    /// Per variable: the walk from its paths to the next variable's (or the last
    /// junction), every walk takes these.
    pub(super) exits: Vec<Vec<Square>>,
    /// The top villain, one hero move above the last junction: the hero ends there.
    pub(super) top: Square,
    /// The literal squares on the paths.
    pub(super) literals: BTreeSet<Square>,
}

/// Signed squares `(r, x)` of the drawing and the piece on each.
pub(super) type Drawing = BTreeMap<(i64, i64), PieceKind>;

/// Whether variable `v` gets a path on `side`.
pub(super) fn has_path(occurrences: &BTreeMap<(bool, u32), usize>, side: Side, v: u32) -> bool {
    let count = |negative| occurrences.get(&(negative, v)).copied().unwrap_or(0);
    count(side == Side::Negative) > 0 || (side == Side::Negative && count(false) == 0)
}

/// How often each literal occurs, keyed by (negative, variable).
pub(super) fn occurrences(instance: &PlanarMonotone) -> BTreeMap<(bool, u32), usize> {
    let mut occurrences: BTreeMap<(bool, u32), usize> = BTreeMap::new();
    for clause in &instance.clauses {
        for v in &clause.vars {
            *occurrences
                .entry((clause.side == Side::Negative, v.0))
                .or_default() += 1;
        }
    }
    occurrences
}

/// Where a drawing's signed squares went on the board.
#[derive(Clone, Copy)]
pub(super) struct Placement(Shift);

impl Placement {
    /// The board square of the signed square `(r, x)` (board row `−r`, shifted).
    pub(super) fn at(self, (r, x): (i64, i64)) -> Square {
        self.0.at((-r, x))
    }
}

/// Puts a drawing on the board.
pub(super) fn place_drawing(drawing: &Drawing) -> Result<(Board, Placement), Requirement> {
    let pieces: Vec<(PieceKind, (i64, i64))> = drawing
        .iter()
        .map(|(&(r, x), &kind)| (kind, (-r, x)))
        .collect();
    let (board, shift) = place(&pieces)?;
    Ok((board, Placement(shift)))
}

/// What a square of a §3.2 board's walk is, for figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WalkRole {
    /// On every walk: junctions, merges, chains.
    Always,
    /// On the positive path (taken: the variable is true), literal squares excepted.
    Positive,
    /// On the negative path, literal squares excepted.
    Negative,
    /// A literal square (on a path, joined to its clause).
    Literal,
    /// The top villain: the hero ends there.
    Top,
}

impl PlanarBoard {
    /// The squares of the hero's possible walks and their roles (the hero's square
    /// excepted); every other villain joins walk squares along its lines.
    pub fn walk_roles(&self) -> Vec<(Square, WalkRole)> {
        let mut roles: Vec<(Square, WalkRole)> = self
            .entry
            .iter()
            .chain(self.exits.iter().flatten())
            .map(|&s| (s, WalkRole::Always))
            .collect();
        for [positive, negative] in &self.paths {
            for (path, role) in [
                (positive, WalkRole::Positive),
                (negative, WalkRole::Negative),
            ] {
                for &square in path {
                    let literal = self.literals.contains(&square);
                    roles.push((square, if literal { WalkRole::Literal } else { role }));
                }
            }
        }
        roles.push((self.top, WalkRole::Top));
        roles
    }

    /// The capture sequence of a satisfying `assignment`: every villain off the hero's
    /// walk captures toward the walk (deepest first along a breadth-first forest of the
    /// villains' first captures on the initial board: the squares between two such
    /// neighbours are empty and stay empty), then the hero walks up, taking the true
    /// literal's path of every variable. Replayed before it is returned.
    pub fn certify(&self, assignment: &Assignment) -> Result<Vec<Move>, PlanarError> {
        let mut walk = vec![self.hero];
        walk.extend(self.entry.iter().copied());
        for (v, [positive, negative]) in self.paths.iter().enumerate() {
            let take_positive = assignment.0.get(v).copied().unwrap_or(false);
            let path = if (take_positive && !positive.is_empty()) || negative.is_empty() {
                positive
            } else {
                negative
            };
            walk.extend(path.iter().copied());
            walk.extend(self.exits[v].iter().copied());
        }
        walk.push(self.top);
        let neighbours = self.first_captures();
        let mut parent: BTreeMap<Square, (Square, usize)> = BTreeMap::new();
        let mut queue: VecDeque<(Square, usize)> = VecDeque::new();
        for &square in &walk[1..] {
            parent.insert(square, (square, 0));
            queue.push_back((square, 0));
        }
        while let Some((square, depth)) = queue.pop_front() {
            for &next in neighbours.get(&square).into_iter().flatten() {
                if let btree_map::Entry::Vacant(entry) = parent.entry(next) {
                    entry.insert((square, depth + 1));
                    queue.push_back((next, depth + 1));
                }
            }
        }
        if parent.len() + 1 != self.board.len() {
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

    /// For every villain, the villains it can capture on the initial board (a symmetric
    /// relation: knights a knight's move apart, sliders nearest on a line, the hero
    /// blocking but never taken).
    fn first_captures(&self) -> HashMap<Square, Vec<Square>> {
        let pieces = self.board.pieces();
        let villain = pieces
            .iter()
            .find(|p| p.square != self.hero)
            .map(|p| p.kind);
        let mut neighbours: HashMap<Square, Vec<Square>> = HashMap::new();
        let mut link = |a: Square, b: Square| {
            if a != self.hero && b != self.hero {
                neighbours.entry(a).or_default().push(b);
                neighbours.entry(b).or_default().push(a);
            }
        };
        if villain == Some(PieceKind::Knight) {
            let occupied: HashSet<Square> = pieces.iter().map(|p| p.square).collect();
            for p in pieces {
                for (dr, dc) in KNIGHT.into_iter().filter(|&(dr, _)| dr > 0) {
                    let (r, c) = (i64::from(p.square.row) + dr, i64::from(p.square.col) + dc);
                    let Ok(c) = u32::try_from(c) else { continue };
                    let next = Square::new(r as u32, c);
                    if occupied.contains(&next) {
                        link(p.square, next);
                    }
                }
            }
            return neighbours;
        }
        let slides = |kind: PieceKind| -> Vec<u8> {
            match kind {
                PieceKind::Rook => vec![0, 1],
                PieceKind::Bishop => vec![2, 3],
                _ => vec![0, 1, 2, 3],
            }
        };
        let mut on_line: HashMap<(u8, i64), Vec<(u32, Square)>> = HashMap::new();
        for p in pieces {
            let (r, c) = (i64::from(p.square.row), i64::from(p.square.col));
            for family in slides(villain.unwrap_or(PieceKind::Queen)) {
                let (key, along) = match family {
                    0 => (r, p.square.col),
                    1 => (c, p.square.row),
                    2 => (r - c, p.square.row),
                    _ => (r + c, p.square.row),
                };
                on_line
                    .entry((family, key))
                    .or_default()
                    .push((along, p.square));
            }
        }
        for mut squares in on_line.into_values() {
            squares.sort_unstable();
            for pair in squares.windows(2) {
                link(pair[0].1, pair[1].1);
            }
        }
        neighbours
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
