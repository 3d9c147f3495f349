//! One piece type with unlimited budgets (Brunner et al. Thm 2.2): the board is
//! solvable iff the *immediate capture graph* — an edge u → v when the piece on u can
//! capture the piece on v in the initial position — has a spanning in-arborescence,
//! i.e. some root r that every square reaches. Squares emptied stay empty, so an edge
//! of that graph stays a legal move as long as both ends are occupied; with one piece
//! type, whichever piece stands on u moves like the original one. Taking the squares
//! in reverse breadth-first order from r (leaves first), each moves to its parent.
//!
//! "Unlimited" on our boards: every budget ≥ n − 1 for n pieces. A solution makes
//! n − 1 captures, so no piece can run out, and the budgets never bind.
//!
//! The graph has at most 8 edges per piece: short-range targets by hash lookup, and for
//! ranged pieces the nearest piece either way along each line (lines sorted once). A
//! candidate root is the root of the last depth-first tree started on the reversed
//! graph (a mother vertex, if any exists, is such a root); one breadth-first search
//! checks it. O(n log n) for the sorting, linear after.

use rustc_hash::FxHashMap as HashMap;

use sat2chess_core::board::{Board, PieceKind, Square};
use sat2chess_core::rules::{Move, Variant};

use super::decision::Decision;
use super::squares::{along, line_key, step_squares};
use crate::kinds::families;

/// Whether all pieces have one kind and every budget is at least n − 1.
pub(super) fn applies(board: &Board) -> bool {
    let n = board.len() as u64;
    board.uniform_kind().is_some() && board.pieces().iter().all(|p| p.budget as u64 + 1 >= n)
}

/// Decides a board of [`applies`] (at least two pieces).
pub(super) fn solve(board: &Board, variant: Variant) -> Decision {
    let pieces = board.pieces();
    let kind = pieces[0].kind;
    let n = pieces.len();
    if variant.protects(kind) {
        return Decision {
            moves: None,
            reason: format!(
                "{n} pieces, every one a {kind}, which may not be captured: at least two remain"
            ),
        };
    }
    let squares: Vec<Square> = pieces.iter().map(|p| p.square).collect();
    let into = reversed_capture_graph(kind, &squares);
    let root = candidate_root(&into);
    let (order, parent) = breadth_first(&into, root);
    let rule = "every budget ≥ n − 1 = the captures of a whole solution";
    if order.len() < n {
        let stranded = (0..n)
            .find(|&v| parent[v].is_none() && v != root)
            .expect("unreached");
        return Decision {
            moves: None,
            reason: format!(
                "{rule}: the immediate capture graph has no spanning in-arborescence — \
                 only {} of the {n} squares reach {}, the only candidate root, and the \
                 {kind} on {} does not",
                order.len(),
                squares[root],
                squares[stranded]
            ),
        };
    }
    let moves = order
        .iter()
        .rev()
        .filter_map(|&v| parent[v].map(|p| Move::new(squares[v], squares[p])))
        .collect();
    Decision {
        moves: Some(moves),
        reason: format!(
            "{rule}: the immediate capture graph has a spanning in-arborescence rooted at \
             {}; every square, leaves first, captures toward its parent",
            squares[root]
        ),
    }
}

/// `into[v]`: the slots whose piece captures the piece on `v` in the initial position.
fn reversed_capture_graph(kind: PieceKind, squares: &[Square]) -> Vec<Vec<usize>> {
    let n = squares.len();
    let mut into = vec![Vec::new(); n];
    if kind.is_ranged() {
        for &family in families(kind) {
            let mut line: Vec<usize> = (0..n).collect();
            line.sort_unstable_by_key(|&i| {
                (line_key(squares[i], family), along(squares[i], family))
            });
            for pair in line.windows(2) {
                let (a, b) = (pair[0], pair[1]);
                if line_key(squares[a], family) == line_key(squares[b], family) {
                    into[a].push(b);
                    into[b].push(a);
                }
            }
        }
    } else {
        let slot_of: HashMap<Square, usize> =
            squares.iter().enumerate().map(|(i, &s)| (s, i)).collect();
        for (from, &square) in squares.iter().enumerate() {
            for target in step_squares(kind, square) {
                if let Some(&to) = slot_of.get(&target) {
                    into[to].push(from);
                }
            }
        }
    }
    into
}

/// The root of the last depth-first tree started over `graph`: the only vertex that can
/// reach every other one in `graph` (reach every other one in the capture graph).
fn candidate_root(graph: &[Vec<usize>]) -> usize {
    let mut seen = vec![false; graph.len()];
    let mut root = 0;
    let mut stack = Vec::new();
    for start in 0..graph.len() {
        if seen[start] {
            continue;
        }
        root = start;
        seen[start] = true;
        stack.push(start);
        while let Some(v) = stack.pop() {
            for &w in &graph[v] {
                if !seen[w] {
                    seen[w] = true;
                    stack.push(w);
                }
            }
        }
    }
    root
}

/// Breadth-first order from `root` over `graph` and each reached vertex's parent.
fn breadth_first(graph: &[Vec<usize>], root: usize) -> (Vec<usize>, Vec<Option<usize>>) {
    let mut parent = vec![None; graph.len()];
    let mut seen = vec![false; graph.len()];
    let mut order = vec![root];
    seen[root] = true;
    let mut next = 0;
    while let Some(&v) = order.get(next) {
        next += 1;
        for &w in &graph[v] {
            if !seen[w] {
                seen[w] = true;
                parent[w] = Some(v);
                order.push(w);
            }
        }
    }
    (order, parent)
}
