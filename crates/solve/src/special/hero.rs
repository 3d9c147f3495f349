//! One uncapturable hero among villains of one kind, unlimited budgets: Brunner et al.
//! Thm 2.16, `SOLO-CHESS({S¹, T})` for piece types S ⊆ T, closed under submoves, T
//! symmetric.
//!
//! **The pairs.** On our boards the hero is the one piece of kind S under
//! [`Variant::Uncapturable`]`(S)` (chess.com's king-last rules: S = king), every other
//! piece a villain of one kind T ≠ S. Every standard kind is closed under submoves (a
//! slide splits into shorter slides, a step is one move). T is *symmetric* when each of
//! its captures can be played backwards: every kind but the pawn, which captures one
//! diagonal step toward row 1 only. S ⊆ T when every capture of S is one of T: a step
//! of S is a step of T or a one-square slide along a line family of T, and every line
//! family S slides along is one of T. [`covers`] works this out from the movement data
//! (`rules::steps`, `kinds::families`) and finds Table 1's Thm 2.16 cells:
//! king¹, rook¹ and bishop¹ among queens (king steps, rook and bishop lines are queen
//! lines) and pawn¹ among kings, bishops or queens (the pawn's diagonal step toward row
//! 1 is a king step and a one-square bishop slide). Knight¹ is in no pair (no other kind
//! jumps), queen¹ neither (no other kind slides along all four line families), and
//! T = pawn never (not symmetric). Table 1's diagonal, S¹ among S (Thm 2.2 there, and Thm 2.16 with S = T),
//! has no board here: `Uncapturable(S)` protects every piece of kind S, so two of them
//! never reduce to one (the Thm 2.2 module, `unlimited`, says so).
//!
//! **The search.** ICG(V, B) is the immediate capture graph of villains on V with
//! immovable blockers on B: an edge between two squares of V a villain step apart, or on
//! a common villain line with no square of V ∪ B between them (T symmetric: undirected).
//! A *hero path* p₀ … p_k is a sequence of hero captures over distinct occupied squares
//! from the hero's square, each legal in the initial board with only the hero moving: a
//! sliding hero (rook, bishop) captures the nearest piece along its line, passing only
//! squares its own earlier captures emptied: every villain blocks it (Lemma 2.9: some
//! solution keeps its hero on such a path, its blocked moves split at the blockers);
//! a pawn hero steps toward row 1 only. With
//! H_i = ICG(L ∖ {p₀ … p_i}, {p_i}), a villain v is *strongly capturable* when some H_i
//! (i < k) joins v to p_{i+1}. The board is solvable iff some hero path makes every
//! villain strongly capturable (Lemmas 2.7–2.9), and the solution is read off the path
//! (Lemma 2.8): per rank i, from the highest, the hero's move p_i → p_{i+1} and before
//! it each rank-i villain's moves along its H_i path up to the first square already
//! used. A villain is *weakly capturable after* p₀ … p_k when, in
//! G_k = ICG(L ∖ {p₀ … p_k}, ∅), it reaches a square some extension of the hero path
//! reaches (Lemma 2.15). That is, it reaches a square p_{k+1} the hero captures on
//! next: every later square of the extension is joined to p_{k+1} in G_k, as the hero's
//! moves are villain moves (S ⊆ T, split at the squares of G_k they pass — the argument
//! of Lemma 2.13) and G_k is undirected (T symmetric). A path is *interesting* when
//! some villain is weakly but not strongly capturable. Every proper prefix of a minimal
//! solution is interesting (Lemmas 2.10–2.11, Cor. 2.12) and at most one interesting
//! path joins two squares per villain (Lemmas 2.13–2.14, where S ⊆ T and T symmetric
//! are used), so a depth-first search over the interesting paths visits O(n²) of them,
//! each extension costing O(n) (components by union–find over the sorted lines and the
//! villain steps): O(n³) in all. Being cubic, the case is taken up to [`MAX_PIECES`]
//! pieces; larger boards go to the exact engines.

use rustc_hash::FxHashMap as HashMap;

use sat2chess_core::board::{Board, PieceKind, Square};
use sat2chess_core::rules::{Move, Variant, steps};

use super::decision::Decision;
use super::squares::{along, line_key};
use crate::kinds::families;

/// The largest board the cubic search is used for.
pub(super) const MAX_PIECES: usize = 1_000;

/// How a kind captures, as data: the offsets it steps by and the line families (row,
/// column, diagonal, anti-diagonal) it slides along.
#[derive(Clone, Copy)]
struct Movement {
    steps: &'static [(i64, i64)],
    families: &'static [usize],
}

impl Movement {
    fn of(kind: PieceKind) -> Movement {
        Movement {
            steps: steps(kind),
            families: families(kind),
        }
    }

    /// Whether every capture can be played backwards (slides always can).
    fn is_symmetric(self) -> bool {
        self.steps
            .iter()
            .all(|&(dr, dc)| self.steps.contains(&(-dr, -dc)))
    }

    /// Whether every capture of `self` is a capture of `other`: each step a step of
    /// `other` or a one-square slide along one of its lines, each line one of its lines.
    fn is_within(self, other: Movement) -> bool {
        self.steps.iter().all(|&step| {
            other.steps.contains(&step)
                || family_of(step).is_some_and(|f| other.families.contains(&f))
        }) && self.families.iter().all(|f| other.families.contains(f))
    }
}

/// The line family a step runs along (0 row, 1 column, 2 diagonal, 3 anti-diagonal, as
/// [`line_key`] numbers them), if any.
fn family_of((dr, dc): (i64, i64)) -> Option<usize> {
    match (dr, dc) {
        (0, _) => Some(0),
        (_, 0) => Some(1),
        _ if dr == dc => Some(2),
        _ if dr == -dc => Some(3),
        _ => None,
    }
}

/// Whether Thm 2.16 covers a hero of kind `hero` among villains of kind `villain` on our
/// boards (see the module docs): `villain` symmetric, `hero`'s captures among its own.
pub(super) fn covers(hero: PieceKind, villain: PieceKind) -> bool {
    let villain_moves = Movement::of(villain);
    hero != villain && villain_moves.is_symmetric() && Movement::of(hero).is_within(villain_moves)
}

/// Whether the board is one piece of the uncapturable kind among villains of one kind
/// that [`covers`] it, every budget ≥ n − 1 (a solution makes n − 1 captures, so the
/// budgets never bind).
pub(super) fn applies(board: &Board, variant: Variant) -> bool {
    let pieces = board.pieces();
    let n = pieces.len();
    let Some(hero) = variant.uncapturable() else {
        return false;
    };
    let Some(villain) = pieces.iter().map(|p| p.kind).find(|&k| k != hero) else {
        return false;
    };
    n <= MAX_PIECES
        && pieces.iter().filter(|p| p.kind == hero).count() == 1
        && pieces.iter().all(|p| p.kind == hero || p.kind == villain)
        && covers(hero, villain)
        && pieces.iter().all(|p| p.budget as u64 + 1 >= n as u64)
}

/// How a square takes part in an immediate capture graph.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    Gone,
    Vertex,
    Blocker,
}

/// The squares sorted along each line of `families` holding at least two of them.
fn lines_of(squares: &[Square], families: &[usize]) -> Vec<Vec<usize>> {
    let mut by_line: HashMap<(usize, i64), Vec<usize>> = HashMap::default();
    for (i, &square) in squares.iter().enumerate() {
        for &family in families {
            by_line
                .entry((family, line_key(square, family)))
                .or_default()
                .push(i);
        }
    }
    by_line
        .into_iter()
        .filter(|(_, line)| line.len() > 1)
        .map(|((family, _), mut line)| {
            line.sort_unstable_by_key(|&i| along(squares[i], family));
            line
        })
        .collect()
}

/// The occupied squares `offsets` away from each square.
fn step_targets(squares: &[Square], offsets: &[(i64, i64)]) -> Vec<Vec<usize>> {
    let slot_of: HashMap<(i64, i64), usize> = squares
        .iter()
        .enumerate()
        .map(|(i, s)| ((s.row as i64, s.col as i64), i))
        .collect();
    squares
        .iter()
        .map(|s| {
            offsets
                .iter()
                .filter_map(|&(dr, dc)| slot_of.get(&(s.row as i64 + dr, s.col as i64 + dc)))
                .copied()
                .collect()
        })
        .collect()
}

/// The squares, the villains' lines and steps, and the hero's steps and lines.
struct Geometry {
    squares: Vec<Square>,
    hero: usize,
    hero_kind: PieceKind,
    villain_kind: PieceKind,
    /// The villains' lines, each sorted along.
    villain_lines: Vec<Vec<usize>>,
    /// The squares a villain step from each square.
    villain_steps: Vec<Vec<usize>>,
    /// The squares a hero step from each square.
    hero_steps: Vec<Vec<usize>>,
    /// The hero's lines, each sorted along.
    hero_lines: Vec<Vec<usize>>,
    /// Per square, each hero line through it and its position there.
    hero_lines_of: Vec<Vec<(usize, usize)>>,
}

impl Geometry {
    fn new(board: &Board, hero_kind: PieceKind) -> Geometry {
        let squares: Vec<Square> = board.pieces().iter().map(|p| p.square).collect();
        let hero = board
            .pieces()
            .iter()
            .position(|p| p.kind == hero_kind)
            .expect("one hero");
        let villain_kind = board
            .pieces()
            .iter()
            .map(|p| p.kind)
            .find(|&k| k != hero_kind)
            .expect("a villain");
        let (hero_moves, villain_moves) = (Movement::of(hero_kind), Movement::of(villain_kind));
        let hero_lines = lines_of(&squares, hero_moves.families);
        let mut hero_lines_of = vec![Vec::new(); squares.len()];
        for (l, line) in hero_lines.iter().enumerate() {
            for (position, &i) in line.iter().enumerate() {
                hero_lines_of[i].push((l, position));
            }
        }
        Geometry {
            villain_lines: lines_of(&squares, villain_moves.families),
            villain_steps: step_targets(&squares, villain_moves.steps),
            hero_steps: step_targets(&squares, hero_moves.steps),
            hero_lines,
            hero_lines_of,
            squares,
            hero,
            hero_kind,
            villain_kind,
        }
    }

    /// The edges of ICG(vertices, blockers) for `roles`.
    fn edges<'a>(&'a self, roles: &'a [Role]) -> impl Iterator<Item = (usize, usize)> + 'a {
        let on_lines = self.villain_lines.iter().flat_map(move |line| {
            let mut present = line.iter().copied().filter(|&i| roles[i] != Role::Gone);
            let mut previous = present.next();
            present.filter_map(move |i| {
                let edge = previous
                    .filter(|&p| roles[p] == Role::Vertex && roles[i] == Role::Vertex)
                    .map(|p| (p, i));
                previous = Some(i);
                edge
            })
        });
        let by_steps = self
            .villain_steps
            .iter()
            .enumerate()
            .flat_map(|(a, targets)| targets.iter().map(move |&b| (a, b)))
            .filter(move |&(a, b)| a < b && roles[a] == Role::Vertex && roles[b] == Role::Vertex);
        on_lines.chain(by_steps)
    }

    /// Component labels of ICG for `roles` (labels of absent squares are meaningless).
    fn components(&self, roles: &[Role]) -> Vec<usize> {
        let mut parent: Vec<usize> = (0..roles.len()).collect();
        fn find(parent: &mut [usize], mut v: usize) -> usize {
            while parent[v] != v {
                parent[v] = parent[parent[v]];
                v = parent[v];
            }
            v
        }
        for (a, b) in self.edges(roles) {
            let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
            parent[ra] = rb;
        }
        (0..roles.len()).map(|v| find(&mut parent, v)).collect()
    }

    /// The squares the hero on `from` captures on when the squares of `gone` are empty
    /// and every other one occupied: its steps, and along each of its lines the nearest
    /// occupied square either way.
    fn hero_targets(&self, from: usize, gone: &[bool]) -> Vec<usize> {
        let mut targets: Vec<usize> = self.hero_steps[from]
            .iter()
            .copied()
            .filter(|&t| !gone[t])
            .collect();
        for &(l, position) in &self.hero_lines_of[from] {
            let line = &self.hero_lines[l];
            targets.extend(line[position + 1..].iter().copied().find(|&t| !gone[t]));
            targets.extend(line[..position].iter().rev().copied().find(|&t| !gone[t]));
        }
        targets
    }
}

/// The roles of H_k (`blocker`: p_k blocks) or G_k (no blocker) for the hero path `path`.
fn roles_of(n: usize, path: &[usize], blocker: bool) -> Vec<Role> {
    let mut roles = vec![Role::Vertex; n];
    for &p in path {
        roles[p] = Role::Gone;
    }
    if blocker {
        roles[*path.last().expect("path")] = Role::Blocker;
    }
    roles
}

/// The depth-first search over interesting hero paths.
struct Search<'b> {
    board: &'b Geometry,
    path: Vec<usize>,
    on_path: Vec<bool>,
    visited: u64,
}

impl Search<'_> {
    /// Extends `self.path` (strongly capturable set `strong`) to a solution.
    fn extend(&mut self, strong: &[bool]) -> bool {
        let n = self.board.squares.len();
        let tip = *self.path.last().expect("path");
        let h = self.board.components(&roles_of(n, &self.path, true));
        for q in self.board.hero_targets(tip, &self.on_path) {
            self.visited += 1;
            let now: Vec<bool> = (0..n).map(|v| strong[v] || h[v] == h[q]).collect();
            self.path.push(q);
            self.on_path[q] = true;
            let solved = (0..n).all(|v| v == self.board.hero || now[v]);
            if solved || (self.interesting(&now) && self.extend(&now)) {
                return true;
            }
            self.path.pop();
            self.on_path[q] = false;
        }
        false
    }

    /// Whether some villain not in `strong` is weakly capturable after `self.path`:
    /// joined in G_k to a square the hero captures on next (see the module docs).
    fn interesting(&self, strong: &[bool]) -> bool {
        let n = self.board.squares.len();
        let g = self.board.components(&roles_of(n, &self.path, false));
        let mut walkable = vec![false; n];
        let tip = *self.path.last().expect("path");
        for v in self.board.hero_targets(tip, &self.on_path) {
            walkable[g[v]] = true;
        }
        (0..n).any(|v| !self.on_path[v] && !strong[v] && walkable[g[v]])
    }
}

/// Decides a board of [`applies`] under `variant` (at least two pieces).
pub(super) fn solve(board: &Board, variant: Variant) -> Decision {
    let hero_kind = variant.uncapturable().expect("an uncapturable kind");
    let geometry = Geometry::new(board, hero_kind);
    let n = geometry.squares.len();
    let mut search = Search {
        board: &geometry,
        path: vec![geometry.hero],
        on_path: (0..n).map(|v| v == geometry.hero).collect(),
        visited: 0,
    };
    let (hero, villain) = (geometry.hero_kind, geometry.villain_kind);
    let rule = "every budget ≥ n − 1 = the captures of a whole solution";
    if !search.extend(&vec![false; n]) {
        return Decision {
            moves: None,
            reason: format!(
                "{rule}: no path of the uncapturable {hero} from {} makes every {villain} \
                 strongly capturable (Brunner et al. Lemmas 2.7–2.9); searched {} extensions \
                 of the interesting {hero} paths, which hold every proper prefix of a minimal \
                 solution (Cor. 2.12)",
                geometry.squares[geometry.hero], search.visited
            ),
        };
    }
    let path = search.path;
    Decision {
        reason: format!(
            "{rule}: the path {} of the uncapturable {hero} makes every {villain} strongly \
             capturable; the {villain}s gather onto it rank by rank (Brunner et al. Lemma 2.8)",
            path.iter()
                .map(|&p| geometry.squares[p].to_string())
                .collect::<Vec<_>>()
                .join("-")
        ),
        moves: Some(sequence(&geometry, &path)),
    }
}

/// The solution of Lemma 2.8 for the hero path `path`.
fn sequence(geometry: &Geometry, path: &[usize]) -> Vec<Move> {
    let n = geometry.squares.len();
    let mut ranked = vec![false; n];
    for &p in path {
        ranked[p] = true;
    }
    // walks[i]: the rank-i villains' paths in H_i, each ending on p_{i+1}.
    let mut walks: Vec<Vec<Vec<usize>>> = vec![Vec::new(); path.len() - 1];
    for i in 0..path.len() - 1 {
        let roles = roles_of(n, &path[..=i], true);
        let mut adjacent = vec![Vec::new(); n];
        for (a, b) in geometry.edges(&roles) {
            adjacent[a].push(b);
            adjacent[b].push(a);
        }
        let target = path[i + 1];
        let mut toward = vec![usize::MAX; n];
        toward[target] = target;
        let mut queue = std::collections::VecDeque::from([target]);
        while let Some(v) = queue.pop_front() {
            for &w in &adjacent[v] {
                if toward[w] == usize::MAX {
                    toward[w] = v;
                    queue.push_back(w);
                }
            }
        }
        for v in 0..n {
            if !ranked[v] && toward[v] != usize::MAX {
                ranked[v] = true;
                let mut walk = vec![v];
                while *walk.last().expect("walk") != target {
                    walk.push(toward[*walk.last().expect("walk")]);
                }
                walks[i].push(walk);
            }
        }
    }
    let mut used = vec![false; n];
    let mut backward = Vec::new();
    for i in (0..path.len() - 1).rev() {
        backward.push((path[i], path[i + 1]));
        used[path[i]] = true;
        used[path[i + 1]] = true;
        for walk in &walks[i] {
            let end = walk.iter().position(|&w| used[w]).expect("ends on p_{i+1}");
            for t in (0..end).rev() {
                backward.push((walk[t], walk[t + 1]));
            }
            for &w in &walk[..=end] {
                used[w] = true;
            }
        }
    }
    backward
        .into_iter()
        .rev()
        .map(|(from, to)| Move::new(geometry.squares[from], geometry.squares[to]))
        .collect()
}

#[cfg(test)]
mod tests;
