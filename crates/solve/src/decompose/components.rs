//! Connected components of the potential capture graph.
//!
//! **Rule.** Join two squares when a kind present in the component of one reaches the
//! other on an empty board, until nothing changes. With two components or more the
//! board is unsolvable.
//!
//! **Proof.** By induction over any capture sequence: the piece on a square is of a
//! kind of the square's component (true at the start, each square's own kind; a
//! capture moves a piece from a square to another square of the same component, as
//! follows). A capture `s → t` is made by a kind `k` of the component of `s`, which
//! reaches `t` on an empty board (blockers only forbid captures), so the fixpoint
//! joined `s` and `t`. Hence no piece ever moves between components, and each keeps at
//! least one piece: at least two are left. The kind of a square's *original* piece
//! alone would not do: a knight that captures a rook stands where only the rook's
//! lines began, and moves on as a knight.

use sat2chess_core::board::{Board, PieceKind, Square};

use crate::sat_encode::{Capture, possible_captures};

/// The components, by square.
pub(crate) struct Components {
    pub count: usize,
    /// Component number of each square.
    pub of: Vec<u32>,
}

impl Components {
    /// The `--explain` reason: how many components, and a few squares of two.
    pub fn reason(&self, board: &Board) -> String {
        let mut members: Vec<Vec<u32>> = vec![Vec::new(); self.count];
        for (s, &c) in self.of.iter().enumerate() {
            members[c as usize].push(s as u32);
        }
        format!(
            "decomposition: the potential capture graph (captures on an empty board by every \
             kind that can ever stand on a square) has {} components, and pieces of two \
             components never meet: {{{}}} and {{{}}}{}",
            self.count,
            some_squares(board, &members[0], 4),
            some_squares(board, &members[1], 4),
            if self.count > 2 { ", …" } else { "" }
        )
    }
}

/// The components of the fixpoint of the rule (module doc).
pub(crate) fn components(graph: &PotentialGraph) -> Components {
    components_without(graph, None)
}

/// The components of the fixpoint over the squares but `left_out` (a square no other
/// piece ever enters): captures into or out of it are not edges, and it forms a
/// component alone.
pub(crate) fn components_without(graph: &PotentialGraph, left_out: Option<u32>) -> Components {
    let n = graph.kind_of.len();
    let mut parent: Vec<u32> = (0..n as u32).collect();
    let mut kinds = graph.kind_of.clone();
    fn find(parent: &mut [u32], mut v: u32) -> u32 {
        while parent[v as usize] != v {
            let up = parent[parent[v as usize] as usize];
            parent[v as usize] = up;
            v = up;
        }
        v
    }
    // A pass joins along every capture whose source component has a kind that makes
    // it; a component that gains a kind may open captures seen earlier in the pass.
    loop {
        let mut joined = false;
        for capture in &graph.captures {
            if left_out.is_some_and(|square| square == capture.from || square == capture.to) {
                continue;
            }
            let (a, b) = (
                find(&mut parent, capture.from),
                find(&mut parent, capture.to),
            );
            if a != b && kinds[a as usize] & capture.reach != 0 {
                parent[b as usize] = a;
                kinds[a as usize] |= kinds[b as usize];
                joined = true;
            }
        }
        if !joined {
            break;
        }
    }
    let mut number = vec![u32::MAX; n];
    let mut count = 0;
    let of = (0..n as u32)
        .map(|s| {
            let root = find(&mut parent, s) as usize;
            if number[root] == u32::MAX {
                number[root] = count;
                count += 1;
            }
            number[root]
        })
        .collect();
    Components {
        count: count as usize,
        of,
    }
}

/// The possible captures of a board among all its kinds, with each square's kind as a
/// bit of [`PotentialGraph::kinds`].
pub(crate) struct PotentialGraph {
    pub captures: Vec<Capture>,
    /// The kinds on the board, in the order of the bits of [`Capture::reach`].
    pub kinds: Vec<PieceKind>,
    /// Bit `k` of a square's mask: its piece is of kind `kinds[k]`.
    pub kind_of: Vec<u32>,
}

impl PotentialGraph {
    pub fn new(board: &Board) -> PotentialGraph {
        let mut kinds: Vec<PieceKind> = board.pieces().iter().map(|p| p.kind).collect();
        kinds.sort_unstable();
        kinds.dedup();
        let kind_of = board
            .pieces()
            .iter()
            .map(|p| 1 << kinds.iter().position(|&k| k == p.kind).unwrap_or(0))
            .collect();
        PotentialGraph {
            captures: possible_captures(board, &kinds),
            kinds,
            kind_of,
        }
    }
}

/// Up to `shown` squares of `members`, then how many more.
pub(super) fn some_squares(board: &Board, members: &[u32], shown: usize) -> String {
    let squares: Vec<Square> = members
        .iter()
        .take(shown)
        .map(|&s| board.pieces()[s as usize].square)
        .collect();
    let mut text = squares
        .iter()
        .map(Square::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    if members.len() > shown {
        text.push_str(&format!(" and {} more", members.len() - shown));
    }
    text
}
