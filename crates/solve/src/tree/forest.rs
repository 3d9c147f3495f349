//! From a solving forest of the spanning-tree characterisation ([`super`]) to a capture
//! sequence: children in post-order, each square's chosen last child last.

use sat2chess_core::board::{Board, Square};

use super::dp::Role;

/// The captures of the forest given by `role` (per square) and the tree edges `tree`
/// between C squares (any connected set of them: the tree is rebuilt breadth-first from
/// the roots). A leaf without a fixed partner enters a C neighbour that accepts children.
pub(crate) fn captures(
    board: &Board,
    neighbours: &[Vec<u32>],
    role: &[Role],
    tree: &[Vec<u32>],
) -> Vec<(Square, Square)> {
    let n = role.len();
    let none = u32::MAX;
    // Last child of each square, and fixed leaf parents.
    let mut last_child = vec![none; n];
    let mut parent = vec![none; n];
    for v in 0..n as u32 {
        match role[v as usize] {
            Role::LeafFeeds(p) | Role::LeafCommits(p) => {
                parent[v as usize] = p;
                last_child[p as usize] = v;
            }
            Role::InnerFedBy(l) | Role::RootOneFedBy(l) | Role::RootZeroBy(l) => {
                parent[l as usize] = v;
                last_child[v as usize] = l;
            }
            _ => {}
        }
    }
    let in_c = |r: Role| !matches!(r, Role::Leaf | Role::LeafFeeds(_) | Role::LeafCommits(_));
    let is_root = |r: Role| {
        matches!(
            r,
            Role::RootAny
                | Role::RootBare
                | Role::RootZero
                | Role::RootZeroBy(_)
                | Role::RootOne
                | Role::RootOneFedBy(_)
        )
    };
    // Orient the tree edges away from the roots.
    let mut order: Vec<u32> = Vec::new();
    for r in 0..n as u32 {
        if !is_root(role[r as usize]) {
            continue;
        }
        order.push(r);
        let mut head = order.len() - 1;
        while head < order.len() {
            let u = order[head];
            head += 1;
            for &w in &tree[u as usize] {
                if !is_root(role[w as usize]) && parent[w as usize] == none {
                    parent[w as usize] = u;
                    order.push(w);
                }
            }
        }
    }
    for v in 0..n {
        if parent[v] == none && !in_c(role[v]) {
            parent[v] = neighbours[v]
                .iter()
                .copied()
                .find(|&u| in_c(role[u as usize]) && role[u as usize] != Role::RootBare)
                .expect("a leaf of the DP forest is next to an accepting square");
        }
    }
    // A 0-root satisfied by a C neighbour takes one of its tree children last.
    for v in 0..n {
        if role[v] == Role::RootZero && last_child[v] == none {
            last_child[v] = (0..n as u32)
                .find(|&w| parent[w as usize] == v as u32 && in_c(role[w as usize]))
                .expect("a 0-root has a child of value 1");
        }
    }
    let mut children: Vec<Vec<u32>> = vec![Vec::new(); n];
    for v in 0..n as u32 {
        let p = parent[v as usize];
        if p != none && last_child[p as usize] != v {
            children[p as usize].push(v);
        }
    }
    for p in 0..n {
        if last_child[p] != none {
            children[p].push(last_child[p]);
        }
    }
    // Post-order: every child's subtree, then the child's capture into its parent.
    let squares: Vec<Square> = board.pieces().iter().map(|p| p.square).collect();
    let mut moves = Vec::with_capacity(n);
    for r in 0..n as u32 {
        if !is_root(role[r as usize]) {
            continue;
        }
        let mut stack: Vec<(u32, usize)> = vec![(r, 0)];
        while let Some(&mut (u, ref mut next)) = stack.last_mut() {
            if let Some(&c) = children[u as usize].get(*next) {
                *next += 1;
                stack.push((c, 0));
            } else {
                stack.pop();
                if let Some(&(p, _)) = stack.last() {
                    moves.push((squares[u as usize], squares[p as usize]));
                }
            }
        }
    }
    moves
}

/// Every capture-graph edge between two C squares of `role`, as adjacency lists: the
/// tree edges for [`captures`] when only the C set is known (it is connected).
pub(crate) fn c_edges(neighbours: &[Vec<u32>], role: &[Role]) -> Vec<Vec<u32>> {
    let in_c = |v: u32| !matches!(role[v as usize], Role::Leaf | Role::LeafFeeds(_));
    (0..role.len() as u32)
        .map(|v| {
            if in_c(v) {
                neighbours[v as usize]
                    .iter()
                    .copied()
                    .filter(|&u| in_c(u))
                    .collect()
            } else {
                Vec::new()
            }
        })
        .collect()
}
