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

use sat2chess_core::board::Board;

use super::{PotentialGraph, some_squares};

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
