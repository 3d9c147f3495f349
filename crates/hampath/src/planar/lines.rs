//! Theorems 3.10 and 3.11 (Brunner et al. §3.2): one uncapturable king among bishops,
//! one uncapturable knight among rooks, bishops or queens, from planar monotone 3-SAT with at most
//! two occurrences per literal. The paper only draws its variable gadgets (Figures 6 and 7,
//! absent from the extracted text); the gadgets below are ours, found by an exhaustive
//! search over small knight/king diamonds and checked on every board built (see
//! [`check_structure`]).
//!
//! # Why it is correct
//!
//! As for Theorem 3.9 ([`super`]), pieces only move onto occupied squares, so the hero's
//! walk is a simple path of hero moves over the initial squares, and a villain only ever
//! stands on an initial square of its *line component*: the villains joined by chains of
//! initial squares sharing a line the villain slides along (a row or column for rooks, a
//! diagonal for bishops), whatever lies between them. A component's last villain can
//! only be taken by the hero, so a board is solved only if the hero's walk enters every
//! component; conversely, if it does, every villain off the walk captures toward the walk
//! along a breadth-first forest of nearest neighbours on the lines (deepest first: the
//! squares between two nearest neighbours are empty at the start and stay empty), then the
//! hero takes what stands on its walk.
//!
//! # The layout (signed `(r, x)`, `r` toward row 1)
//!
//! Variable `i`'s *junction* is `i·D` (`D` the gadget's period); from it a *positive* and a
//! *negative* path of hero moves rejoin at a merge square, then a short *chain* leads to
//! the next junction; after the last junction one more hero move reaches the *top*
//! villain. Each path holds two *literal squares*. The pattern (per pair below) is chosen
//! so that the hero's moves between initial squares are exactly the walk's (no shortcuts;
//! going up one path and down the other strands the hero below the top), and so that no
//! line through a literal square or the top meets any other square of the walk.
//! Villains are then added only as *connectors* on lines owned by one group, never
//! a hero's move away from the walk:
//! - the literal squares of a clause are joined (one group per clause);
//! - a literal square no clause uses joins the other literal square of its path, so it
//!   falls with that literal's clause (a path whose literal never occurs is left out, as
//!   in Theorem 3.9: the pure literal rule);
//! - every other path square joins its junction (group *always*: the walk enters it
//!   whichever path is taken).
//!
//! So the line components are: the top alone, the *always* group (entered by every walk
//! reaching the top), and one component per clause whose walk squares are its literal
//! squares. The hero reaches the top only by taking one path per variable, entering a
//! clause's component iff it takes the path of one of its literals: the board is solvable
//! iff the instance is satisfiable.
//!
//! For a knight among queens (Figure 7 is not in the text) the small diamonds of the
//! exhaustive search do not repeat; the pattern is from a randomised search (see
//! `KNIGHT_AMONG_QUEENS`).

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use sat2chess_core::board::PieceKind;
use sat2chess_core::rules::Variant;
use sat2chess_reduce::transform::planar_monotone::{PlanarMonotone, Side};

use super::board::{
    Drawing, KING, KNIGHT, PlanarBoard, PlanarError, has_path, occurrences, place_drawing,
};

/// A line a sliding villain moves along, in signed coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Line {
    Row(i64),
    Column(i64),
    /// `r − x` constant.
    Diagonal(i64),
    /// `r + x` constant.
    AntiDiagonal(i64),
}

/// The lines through `(r, x)` along which `villain` slides.
fn lines_of(villain: PieceKind, (r, x): (i64, i64)) -> Vec<Line> {
    let orthogonal = [Line::Row(r), Line::Column(x)];
    let diagonal = [Line::Diagonal(r - x), Line::AntiDiagonal(r + x)];
    match villain {
        PieceKind::Rook => orthogonal.to_vec(),
        PieceKind::Bishop => diagonal.to_vec(),
        _ => orthogonal.iter().chain(&diagonal).copied().collect(),
    }
}

/// The square on both lines, if they cross on a square.
fn crossing(a: Line, b: Line) -> Option<(i64, i64)> {
    use Line::*;
    match (a, b) {
        (Row(r), Column(x)) | (Column(x), Row(r)) => Some((r, x)),
        (Row(r), Diagonal(d)) | (Diagonal(d), Row(r)) => Some((r, r - d)),
        (Row(r), AntiDiagonal(s)) | (AntiDiagonal(s), Row(r)) => Some((r, s - r)),
        (Column(x), Diagonal(d)) | (Diagonal(d), Column(x)) => Some((x + d, x)),
        (Column(x), AntiDiagonal(s)) | (AntiDiagonal(s), Column(x)) => Some((s - x, x)),
        (Diagonal(d), AntiDiagonal(s)) | (AntiDiagonal(s), Diagonal(d)) => {
            ((d + s) % 2 == 0).then_some(((d + s) / 2, (s - d) / 2))
        }
        _ => None,
    }
}

/// A line's kind (0 rows, 1 columns, 2 diagonals, 3 anti-diagonals).
fn kind(line: Line) -> u8 {
    match line {
        Line::Row(_) => 0,
        Line::Column(_) => 1,
        Line::Diagonal(_) => 2,
        Line::AntiDiagonal(_) => 3,
    }
}

/// Which line of its kind `line` is.
fn value(line: Line) -> i64 {
    match line {
        Line::Row(v) | Line::Column(v) | Line::Diagonal(v) | Line::AntiDiagonal(v) => v,
    }
}

/// One step along `line` (its direction).
fn direction(line: Line) -> (i64, i64) {
    match line {
        Line::Row(_) => (0, 1),
        Line::Column(_) => (1, 0),
        Line::Diagonal(_) => (1, 1),
        Line::AntiDiagonal(_) => (1, -1),
    }
}

/// A variable gadget, relative to its junction `(0, 0)`.
struct Pattern {
    /// The hero's moves.
    hero_moves: &'static [(i64, i64)],
    /// The positive and the negative path (squares strictly between junction and merge).
    paths: [&'static [(i64, i64)]; 2],
    /// Indices of the two literal squares in the positive and in the negative path.
    literals: [[usize; 2]; 2],
    /// Where the paths rejoin.
    merge: (i64, i64),
    /// The squares from the merge (exclusive) to the next junction (exclusive).
    chain: &'static [(i64, i64)],
    /// The next junction.
    period: (i64, i64),
    /// The hero's square, below the first junction.
    start: (i64, i64),
    /// The top villain, one hero move above the last junction.
    top: (i64, i64),
}

/// Theorem 3.10: a king walking up straight runs (literal squares) and diagonal turns.
const KING_AMONG_BISHOPS: Pattern = Pattern {
    hero_moves: &KING,
    paths: [
        &[
            (1, -1),
            (2, -2),
            (3, -2),
            (4, -2),
            (5, -2),
            (6, -2),
            (7, -1),
        ],
        &[(1, 1), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (7, 1)],
    ],
    literals: [[2, 4]; 2],
    merge: (8, 0),
    chain: &[],
    period: (8, 0),
    start: (-1, 0),
    top: (1, 0),
};

/// Theorem 3.11 with bishops: literal squares are the only walk squares of their colour.
const KNIGHT_AMONG_BISHOPS: Pattern = Pattern {
    hero_moves: &KNIGHT,
    paths: [&[(2, -1), (4, -2), (6, -1)], &[(2, 1), (4, 2), (6, 1)]],
    literals: [[0, 2]; 2],
    merge: (8, 0),
    chain: &[],
    period: (8, 0),
    start: (-1, -2),
    top: (2, 1),
};

/// Theorem 3.11 with rooks: every literal square alone on its row and column.
const KNIGHT_AMONG_ROOKS: Pattern = Pattern {
    hero_moves: &KNIGHT,
    paths: [&[(1, 2), (3, 3), (5, 4)], &[(2, -1), (4, 0), (6, 1)]],
    literals: [[0, 2]; 2],
    merge: (7, 3),
    chain: &[(8, 5)],
    period: (9, 7),
    start: (-1, -2),
    top: (1, 2),
};

/// Theorem 3.11 with queens: every path runs around its two literal squares at a
/// knight's distance of two or more from junction and merge (a knight move next to a
/// literal square is never on one of its lines, but the junction's and the merge's eight
/// moves would all be), and the chain leaves sideways so that consecutive gadgets share
/// no row, column or diagonal through a literal square. Found by a randomised search
/// (shortest knight routes between sampled literal squares avoiding the literal
/// squares' lines, hence chord-free) and checked on every board built.
const KNIGHT_AMONG_QUEENS: Pattern = Pattern {
    hero_moves: &KNIGHT,
    paths: [
        &[
            (1, 2),
            (2, 4),
            (3, 2),
            (5, 3),
            (6, 5),
            (7, 7),
            (9, 8),
            (10, 6),
            (12, 5),
            (11, 3),
            (12, 1),
        ],
        &[
            (1, -2),
            (-1, -3),
            (0, -5),
            (1, -7),
            (3, -8),
            (4, -6),
            (6, -5),
            (8, -4),
            (9, -2),
            (11, -3),
            (12, -1),
        ],
    ],
    literals: [[1, 7], [5, 7]],
    merge: (14, 0),
    chain: &[
        (15, -2),
        (17, -3),
        (18, -5),
        (17, -7),
        (18, -9),
        (19, -11),
        (20, -13),
        (22, -14),
        (24, -15),
        (26, -16),
        (28, -15),
    ],
    period: (30, -16),
    start: (-1, -2),
    top: (2, -1),
};

/// The pattern for `hero` among `villain`s, if this module builds the pair.
fn pattern(hero: PieceKind, villain: PieceKind) -> Option<&'static Pattern> {
    match (hero, villain) {
        (PieceKind::King, PieceKind::Bishop) => Some(&KING_AMONG_BISHOPS),
        (PieceKind::Knight, PieceKind::Bishop) => Some(&KNIGHT_AMONG_BISHOPS),
        (PieceKind::Knight, PieceKind::Rook) => Some(&KNIGHT_AMONG_ROOKS),
        (PieceKind::Knight, PieceKind::Queen) => Some(&KNIGHT_AMONG_QUEENS),
        _ => None,
    }
}

/// Whether this module builds `hero` among `villain`s.
pub(super) fn builds(hero: PieceKind, villain: PieceKind) -> bool {
    pattern(hero, villain).is_some()
}

/// Which group a villain belongs to (its line component, by construction).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Group {
    /// Entered by every walk that reaches the top.
    Always,
    /// The top villain, alone.
    Top,
    /// The literal squares of one clause.
    Clause(usize),
    /// Both literal squares of a path whose literal no clause uses (variable, negative).
    Path(u32, bool),
}

/// The board under construction: the walk's squares, then the connectors.
struct Layout {
    villain: PieceKind,
    hero_moves: &'static [(i64, i64)],
    /// Every villain square and its group.
    villains: BTreeMap<(i64, i64), Group>,
    /// The owner of every line holding a villain.
    owners: HashMap<Line, Group>,
    /// The squares of the walk (hero's start included): no connector is a hero's move away.
    walk: HashSet<(i64, i64)>,
    /// The hero moves the walk may take (unordered pairs, smaller first).
    edges: HashSet<((i64, i64), (i64, i64))>,
    /// Per kind of line (0 rows, 1 columns, 2 diagonals, 3 anti-diagonals), the least and
    /// greatest line that held a villain (connectors taken back by [`Layout::unplace`] too:
    /// an over-estimate is harmless).
    extent: HashMap<u8, (i64, i64)>,
}

impl Layout {
    fn edge(&mut self, a: (i64, i64), b: (i64, i64)) {
        self.edges.insert((a.min(b), a.max(b)));
    }

    /// Puts a walk square (a villain of `group`, or the hero's square when `None`).
    fn walk_square(&mut self, square: (i64, i64), group: Option<Group>) -> Result<(), PlanarError> {
        self.walk.insert(square);
        if let Some(group) = group {
            self.villain_square(square, group)?;
        }
        Ok(())
    }

    fn villain_square(&mut self, square: (i64, i64), group: Group) -> Result<(), PlanarError> {
        for line in lines_of(self.villain, square) {
            let range = self
                .extent
                .entry(kind(line))
                .or_insert((value(line), value(line)));
            *range = (range.0.min(value(line)), range.1.max(value(line)));
            if *self.owners.entry(line).or_insert(group) != group {
                return Err(PlanarError::Layout("two groups share a line"));
            }
        }
        self.villains.insert(square, group);
        Ok(())
    }

    /// Whether a connector of `group` may stand on `square`.
    fn free_for(&self, square: (i64, i64), group: Group) -> bool {
        !self.villains.contains_key(&square)
            && !self.walk.contains(&square)
            && lines_of(self.villain, square)
                .iter()
                .all(|line| self.owners.get(line).is_none_or(|&g| g == group))
            && self
                .hero_moves
                .iter()
                .all(|&(dr, dx)| !self.walk.contains(&(square.0 + dr, square.1 + dx)))
    }

    /// A free square of `group` where a line of `a` crosses a line of `b`.
    fn corner(&self, a: (i64, i64), b: (i64, i64), group: Group) -> Option<(i64, i64)> {
        let lines_b = lines_of(self.villain, b);
        lines_of(self.villain, a)
            .into_iter()
            .flat_map(|la| lines_b.iter().filter_map(move |&lb| crossing(la, lb)))
            .find(|&square| self.free_for(square, group))
    }

    /// Joins the villains on `a` and `b` (both of `group`) by connectors on lines of
    /// `group`: one on a crossing of their lines, or two through a square further along a
    /// line of `a`.
    fn connect(&mut self, a: (i64, i64), b: (i64, i64), group: Group) -> Result<(), PlanarError> {
        let shared: BTreeSet<Line> = lines_of(self.villain, a).into_iter().collect();
        if lines_of(self.villain, b).iter().any(|l| shared.contains(l)) {
            return Ok(());
        }
        if let Some(square) = self.corner(a, b, group) {
            return self.villain_square(square, group);
        }
        // Up to 16 steps, then a few distances per doubling: far from the walk lines
        // are sparse, and a square short of "beyond every line" keeps the board from
        // growing by a factor with every connector (queens own four lines a square).
        let farther = (5..40).flat_map(|k| [4, 5, 6, 7].map(|q| (1i64 << k) / 4 * q));
        let near = (2..=16i64).chain(farther).flat_map(|distance| {
            shared
                .iter()
                .flat_map(move |&line| [1, -1].map(|sign| (line, sign * distance)))
        });
        let beyond: Vec<(Line, i64)> = shared
            .iter()
            .flat_map(|&line| [1, -1].map(|sign| (line, sign)))
            .flat_map(|(line, sign)| {
                let k = self.beyond(a, line, sign);
                (0..4).map(move |extra| (line, sign * (k + extra)))
            })
            .collect();
        let limit = beyond
            .iter()
            .map(|&(_, steps)| steps.abs())
            .max()
            .unwrap_or(0);
        let near = near.take_while(|&(_, steps)| steps.abs() < limit);
        for (line, steps) in near.chain(beyond) {
            let (dr, dx) = direction(line);
            let via = (a.0 + steps * dr, a.1 + steps * dx);
            if !self.free_for(via, group) {
                continue;
            }
            self.villain_square(via, group)?;
            if let Some(square) = self.corner(via, b, group) {
                return self.villain_square(square, group);
            }
            self.unplace(via);
        }
        Err(PlanarError::Layout("no room for a connector"))
    }

    /// The fewest steps from `a` along `line` (toward `sign`) after which every other
    /// line through the square lies beyond every piece placed so far: a square there is
    /// free for any group.
    fn beyond(&self, a: (i64, i64), line: Line, sign: i64) -> i64 {
        let (dr, dx) = direction(line);
        let step = (sign * dr, sign * dx);
        lines_of(self.villain, step)
            .into_iter()
            .zip(lines_of(self.villain, (0, 0)))
            .zip(lines_of(self.villain, a))
            .filter_map(|((moved, origin), at_a)| {
                let change = value(moved) - value(origin);
                let (low, high) = self.extent.get(&kind(at_a)).copied()?;
                match change.signum() {
                    1 => Some((high - value(at_a)) / change + 1),
                    -1 => Some((value(at_a) - low) / -change + 1),
                    _ => None,
                }
            })
            .max()
            .unwrap_or(1)
            .max(1)
    }

    /// Takes back a connector just placed (its lines were free or its group's).
    fn unplace(&mut self, square: (i64, i64)) {
        self.villains.remove(&square);
        for line in lines_of(self.villain, square) {
            let still_used = self
                .villains
                .keys()
                .any(|&other| lines_of(self.villain, other).contains(&line));
            if !still_used {
                self.owners.remove(&line);
            }
        }
    }
}

/// Builds the Theorem 3.10 / 3.11 board of `instance` with `hero` among `villain`s.
pub(super) fn build(
    instance: &PlanarMonotone,
    hero: PieceKind,
    villain: PieceKind,
    variant: Variant,
) -> Result<PlanarBoard, PlanarError> {
    let pattern = pattern(hero, villain).ok_or(PlanarError::Pair(hero.name(), villain.name()))?;
    let occurrences = occurrences(instance);
    let mut clauses_at: BTreeMap<(bool, u32), Vec<usize>> = BTreeMap::new();
    for (index, clause) in instance.clauses.iter().enumerate() {
        for v in &clause.vars {
            let negative = clause.side == Side::Negative;
            clauses_at.entry((negative, v.0)).or_default().push(index);
        }
    }
    let mut layout = Layout {
        villain,
        hero_moves: pattern.hero_moves,
        villains: BTreeMap::new(),
        owners: HashMap::new(),
        walk: HashSet::new(),
        edges: HashSet::new(),
        extent: HashMap::new(),
    };
    let at = |v: i64, (r, x): (i64, i64)| (v * pattern.period.0 + r, v * pattern.period.1 + x);
    layout.walk_square(pattern.start, None)?;
    layout.edge(pattern.start, (0, 0));
    let mut paths = Vec::new();
    let mut exits = Vec::new();
    let mut connections = Vec::new();
    let mut clause_squares: BTreeMap<usize, Vec<(i64, i64)>> = BTreeMap::new();
    for v in 0..instance.num_vars {
        let i = i64::from(v);
        let junction = at(i, (0, 0));
        layout.walk_square(junction, Some(Group::Always))?;
        let mut sides = [Vec::new(), Vec::new()];
        for (k, side) in [Side::Positive, Side::Negative].into_iter().enumerate() {
            if !has_path(&occurrences, side, v) {
                continue;
            }
            let negative = side == Side::Negative;
            let used = clauses_at.get(&(negative, v)).cloned().unwrap_or_default();
            let squares: Vec<(i64, i64)> = pattern.paths[k].iter().map(|&s| at(i, s)).collect();
            for (index, &square) in squares.iter().enumerate() {
                let group = match pattern.literals[k].iter().position(|&l| l == index) {
                    // A literal square no clause uses falls with its sibling.
                    Some(slot) => match used.get(slot).or(used.first()) {
                        Some(&c) => {
                            clause_squares.entry(c).or_default().push(square);
                            Group::Clause(c)
                        }
                        None => Group::Path(v, negative),
                    },
                    None => {
                        connections.push((square, junction, Group::Always));
                        Group::Always
                    }
                };
                layout.walk_square(square, Some(group))?;
            }
            if used.is_empty() {
                let [first, second] = pattern.literals[k].map(|l| squares[l]);
                connections.push((second, first, Group::Path(v, negative)));
            }
            let mut previous = junction;
            for &square in squares.iter().chain([&at(i, pattern.merge)]) {
                layout.edge(previous, square);
                previous = square;
            }
            sides[k] = squares;
        }
        let mut exit = Vec::new();
        let mut previous = at(i, pattern.merge);
        if pattern.merge != pattern.period {
            exit.push(previous);
            layout.walk_square(previous, Some(Group::Always))?;
        }
        for &square in pattern.chain.iter().chain([&pattern.period]) {
            let square = at(i, square);
            layout.edge(previous, square);
            exit.push(square);
            previous = square;
            if square != at(i + 1, (0, 0)) {
                layout.walk_square(square, Some(Group::Always))?;
            }
        }
        exits.push(exit);
        paths.push(sides);
    }
    let last = at(i64::from(instance.num_vars), (0, 0));
    layout.walk_square(last, Some(Group::Always))?;
    let top = (last.0 + pattern.top.0, last.1 + pattern.top.1);
    layout.walk_square(top, Some(Group::Top))?;
    layout.edge(last, top);
    for (clause, squares) in clause_squares {
        for pair in squares.windows(2) {
            connections.push((pair[0], pair[1], Group::Clause(clause)));
        }
    }
    for (a, b, group) in connections {
        layout.connect(a, b, group)?;
    }
    check_structure(&layout)?;
    let mut drawing = Drawing::new();
    for &square in layout.villains.keys() {
        drawing.insert(square, villain);
    }
    drawing.insert(pattern.start, hero);
    let (board, placement) = place_drawing(&drawing)?;
    let to_board = |square: (i64, i64)| placement.at(square);
    let squares = |list: &[(i64, i64)]| list.iter().map(|&s| to_board(s)).collect::<Vec<_>>();
    Ok(PlanarBoard {
        board,
        variant,
        hero: to_board(pattern.start),
        paths: paths
            .iter()
            .map(|[p, q]| [squares(p), squares(q)])
            .collect(),
        entry: vec![to_board((0, 0))],
        exits: exits.iter().map(|e| squares(e)).collect(),
        top: to_board(top),
        literals: paths
            .iter()
            .flat_map(|sides| sides.iter().zip(&pattern.literals))
            .flat_map(|(path, literals)| literals.iter().filter_map(|&l| path.get(l)))
            .map(|&s| to_board(s))
            .collect(),
    })
}

/// The two facts the proof rests on, checked on the finished layout: the hero's moves
/// between initial squares are exactly the walk's (no villain off the walk is a hero's
/// move from it), and every line component of the villains is the top alone, or holds
/// walk squares of *always* only, or of one other group only (a clause's literal squares
/// never share a component with another clause's or with a square every walk enters).
fn check_structure(layout: &Layout) -> Result<(), PlanarError> {
    for &square in &layout.walk {
        for &(dr, dx) in layout.hero_moves {
            let next = (square.0 + dr, square.1 + dx);
            let occupied = layout.walk.contains(&next) || layout.villains.contains_key(&next);
            let edge = layout.edges.contains(&(square.min(next), square.max(next)));
            if occupied != edge {
                return Err(PlanarError::Layout("a hero move the walk does not take"));
            }
        }
    }
    let squares: Vec<(i64, i64)> = layout.villains.keys().copied().collect();
    let mut parent: Vec<usize> = (0..squares.len()).collect();
    fn find(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    let mut first_on: HashMap<Line, usize> = HashMap::new();
    for (index, &square) in squares.iter().enumerate() {
        for line in lines_of(layout.villain, square) {
            let other = *first_on.entry(line).or_insert(index);
            let (a, b) = (find(&mut parent, index), find(&mut parent, other));
            parent[a] = b;
        }
    }
    let mut groups: HashMap<usize, HashSet<Group>> = HashMap::new();
    let mut sizes: HashMap<usize, usize> = HashMap::new();
    for (index, square) in squares.iter().enumerate() {
        let root = find(&mut parent, index);
        *sizes.entry(root).or_default() += 1;
        if layout.walk.contains(square) {
            groups
                .entry(root)
                .or_default()
                .insert(layout.villains[square]);
        }
    }
    for (root, members) in groups {
        let lone_top = !members.contains(&Group::Top) || sizes[&root] == 1;
        let one_group = members.len() == 1 || members.iter().all(|&g| g == Group::Always);
        if !lone_top || !one_group {
            return Err(PlanarError::Layout("a line component mixes groups"));
        }
    }
    Ok(())
}
