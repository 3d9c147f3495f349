//! One king and queens, unlimited budgets, king-last rules: Brunner et al. Thm 2.16, the
//! one case of it on our boards (the king is the only piece that may not be captured,
//! and the queen is the only symmetric kind whose moves contain the king's).
//!
//! The king is the *hero*, the queens the *villains*. ICG(V, B) is the immediate
//! capture graph of queens on V with immovable blockers on B: an edge between two
//! squares of V on a common line with no square of V ∪ B between them. A *hero path*
//! p₀ … p_k is a walk of king steps over distinct occupied squares from the king's
//! square; with H_i = ICG(L ∖ {p₀ … p_i}, {p_i}), a queen v is *strongly capturable*
//! when some H_i (i < k) joins v to p_{i+1}. The board is solvable iff some hero path
//! makes every queen strongly capturable (Lemmas 2.7–2.9), and the solution is read off
//! the path (Lemma 2.8): per rank i, from the highest, the king's move p_i → p_{i+1}
//! and before it each rank-i queen's moves along its H_i path up to the first square
//! already used. A queen is *weakly capturable after* p₀ … p_k when, in
//! G_k = ICG(L ∖ {p₀ … p_k}, ∅), it reaches a square the king can still walk to; a path
//! is *interesting* when some queen is weakly but not strongly capturable. Every proper
//! prefix of a minimal solution is interesting (Cor. 2.12) and at most one interesting
//! path joins two squares per queen (Lemma 2.14), so a depth-first search over the
//! interesting paths visits O(n²) of them, each extension costing O(n) (components by
//! union–find over the sorted lines): O(n³) in all. Being cubic, the case is taken up
//! to [`MAX_PIECES`] pieces; larger boards go to the exact engines.

use rustc_hash::FxHashMap as HashMap;

use sat2chess_core::board::{Board, PieceKind, Square};
use sat2chess_core::rules::{Move, Variant};

use super::decision::Decision;
use super::squares::{along, line_key, step_squares};

/// The largest board the cubic search is used for.
pub(super) const MAX_PIECES: usize = 1_000;

/// Whether the board is one king and queens under king-last rules, every budget
/// ≥ n − 1 (a solution makes n − 1 captures, so the budgets never bind).
pub(super) fn applies(board: &Board, variant: Variant) -> bool {
    let pieces = board.pieces();
    let n = pieces.len();
    let kings = pieces.iter().filter(|p| p.kind == PieceKind::King).count();
    variant == Variant::KingLast
        && n <= MAX_PIECES
        && kings == 1
        && pieces
            .iter()
            .all(|p| matches!(p.kind, PieceKind::King | PieceKind::Queen))
        && pieces.iter().all(|p| p.budget as u64 + 1 >= n as u64)
}

/// How a square takes part in an immediate capture graph.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    Gone,
    Vertex,
    Blocker,
}

/// The squares, their lines sorted along, and the king steps between them.
struct Board2 {
    squares: Vec<Square>,
    king: usize,
    lines: Vec<Vec<usize>>,
    steps: Vec<Vec<usize>>,
}

impl Board2 {
    fn new(board: &Board) -> Board2 {
        let squares: Vec<Square> = board.pieces().iter().map(|p| p.square).collect();
        let king = board
            .pieces()
            .iter()
            .position(|p| p.kind == PieceKind::King)
            .expect("one king");
        let mut by_line: HashMap<(usize, i64), Vec<usize>> = HashMap::default();
        for (i, &square) in squares.iter().enumerate() {
            for family in 0..4 {
                by_line
                    .entry((family, line_key(square, family)))
                    .or_default()
                    .push(i);
            }
        }
        let lines = by_line
            .into_iter()
            .filter(|(_, line)| line.len() > 1)
            .map(|((family, _), mut line)| {
                line.sort_unstable_by_key(|&i| along(squares[i], family));
                line
            })
            .collect();
        let slot_of: HashMap<Square, usize> =
            squares.iter().enumerate().map(|(i, &s)| (s, i)).collect();
        let steps = squares
            .iter()
            .map(|&s| {
                step_squares(PieceKind::King, s)
                    .filter_map(|t| slot_of.get(&t).copied())
                    .collect()
            })
            .collect();
        Board2 {
            squares,
            king,
            lines,
            steps,
        }
    }

    /// The edges of ICG(vertices, blockers) for `roles`.
    fn edges<'a>(&'a self, roles: &'a [Role]) -> impl Iterator<Item = (usize, usize)> + 'a {
        self.lines.iter().flat_map(move |line| {
            let mut present = line.iter().copied().filter(|&i| roles[i] != Role::Gone);
            let mut previous = present.next();
            present.filter_map(move |i| {
                let edge = previous
                    .filter(|&p| roles[p] == Role::Vertex && roles[i] == Role::Vertex)
                    .map(|p| (p, i));
                previous = Some(i);
                edge
            })
        })
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
}

/// The roles of H_k (`blocker`: p_k) or G_k (`None`) for the hero path `path`.
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
    board: &'b Board2,
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
        for &q in &self.board.steps[tip].clone() {
            if self.on_path[q] {
                continue;
            }
            self.visited += 1;
            let now: Vec<bool> = (0..n).map(|v| strong[v] || h[v] == h[q]).collect();
            self.path.push(q);
            self.on_path[q] = true;
            let solved = (0..n).all(|v| v == self.board.king || now[v]);
            if solved || (self.interesting(&now) && self.extend(&now)) {
                return true;
            }
            self.path.pop();
            self.on_path[q] = false;
        }
        false
    }

    /// Whether some queen not in `strong` is weakly capturable after `self.path`.
    fn interesting(&self, strong: &[bool]) -> bool {
        let n = self.board.squares.len();
        let g = self.board.components(&roles_of(n, &self.path, false));
        let mut walkable = vec![false; n];
        let mut reached = vec![false; n];
        let mut stack = vec![*self.path.last().expect("path")];
        while let Some(v) = stack.pop() {
            for &w in &self.board.steps[v] {
                if !self.on_path[w] && !reached[w] {
                    reached[w] = true;
                    walkable[g[w]] = true;
                    stack.push(w);
                }
            }
        }
        (0..n).any(|v| !self.on_path[v] && !strong[v] && walkable[g[v]])
    }
}

/// Decides a board of [`applies`] (at least two pieces).
pub(super) fn solve(board: &Board) -> Decision {
    let geometry = Board2::new(board);
    let n = geometry.squares.len();
    let mut search = Search {
        board: &geometry,
        path: vec![geometry.king],
        on_path: (0..n).map(|v| v == geometry.king).collect(),
        visited: 0,
    };
    let rule = "every budget ≥ n − 1 = the captures of a whole solution";
    if !search.extend(&vec![false; n]) {
        return Decision {
            moves: None,
            reason: format!(
                "{rule}: no king path from {} makes every queen strongly capturable \
                 (Brunner et al. Lemmas 2.7–2.9); searched {} extensions of the interesting \
                 king paths, which hold every proper prefix of a minimal solution (Cor. 2.12)",
                geometry.squares[geometry.king], search.visited
            ),
        };
    }
    let path = search.path;
    Decision {
        reason: format!(
            "{rule}: the king path {} makes every queen strongly capturable; the queens \
             gather onto it rank by rank (Brunner et al. Lemma 2.8)",
            path.iter()
                .map(|&p| geometry.squares[p].to_string())
                .collect::<Vec<_>>()
                .join("-")
        ),
        moves: Some(sequence(&geometry, &path)),
    }
}

/// The solution of Lemma 2.8 for the hero path `path`.
fn sequence(geometry: &Board2, path: &[usize]) -> Vec<Move> {
    let n = geometry.squares.len();
    let mut ranked = vec![false; n];
    for &p in path {
        ranked[p] = true;
    }
    // walks[i]: the rank-i queens' paths in H_i, each ending on p_{i+1}.
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
