//! Deciding the spanning-tree condition of [`super::tree`] over a tree decomposition
//! (solve mode, verdict only).
//!
//! The path DP of [`super::tree`] pays for every wire waiting beside the one it follows:
//! its states multiply with the frontier width. Circuit boards branch, so a tree
//! decomposition is much narrower. We eliminate squares greedily by least degree (with
//! fill edges), which gives a bag `{v} ∪ H(v)` per square and a tree (the parent of `v`
//! is the first-eliminated square of `H(v)`). Each square's table describes partial
//! solutions of the squares eliminated in its subtree by the states of its bag squares:
//! role and open obligations (the statuses of [`super::tree`]), which bag squares of C are
//! connected below, and whether the root was already eliminated. Tables of children are
//! *joined* on their common squares (roles must agree; obligations met on either side
//! count; a budget-2 leaf may feed in one subtree only), missing bag squares are
//! introduced with every role, every capture-graph edge is processed exactly once (at the
//! end of the first-eliminated of its squares: domination, an optional feeding, joining
//! two C squares), and the square is eliminated after its obligations are checked.
//!
//! Only the verdict comes out; a solvable board gets its capture sequence from the path
//! DP.

use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;

use super::tree::{LimitReached, Mode, at_least, status};

/// A partial solution over the bag squares `vertices` (sorted).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Partial {
    vertices: SmallVec<[u32; 16]>,
    status: SmallVec<[u8; 16]>,
    component: SmallVec<[u8; 16]>,
    /// The root (exempt from the feeder rule) is among the eliminated squares.
    root_gone: bool,
}

/// The root's status while it is in a bag: a C square with no obligation that is not
/// interchangeable with an inner one.
const C_ROOT: u8 = 9;

fn is_c(s: u8) -> bool {
    s == C_ROOT || status::is_c(s)
}

fn accepts(s: u8) -> bool {
    s == C_ROOT || status::accepts(s)
}

/// Role class of a status for a square of budget `budget`: 0 leaf, 1 inner, 2 root.
fn class(s: u8) -> u8 {
    match s {
        C_ROOT => 2,
        s if status::is_c(s) => 1,
        _ => 0,
    }
}

/// Canonical component ids (first appearance); non-C squares get 0.
fn canonical(p: &mut Partial) {
    let mut map: SmallVec<[(u8, u8); 16]> = SmallVec::new();
    for i in 0..p.status.len() {
        if !is_c(p.status[i]) {
            p.component[i] = 0;
            continue;
        }
        let old = p.component[i];
        let new = match map.iter().find(|&&(o, _)| o == old) {
            Some(&(_, n)) => n,
            None => {
                let n = map.len() as u8;
                map.push((old, n));
                n
            }
        };
        p.component[i] = new;
    }
}

/// Relabels component `from` to `to` in `p`.
fn merge(p: &mut Partial, from: u8, to: u8) {
    for i in 0..p.status.len() {
        if is_c(p.status[i]) && p.component[i] == from {
            p.component[i] = to;
        }
    }
}

/// The decision procedure (see the module docs).
pub(super) struct Decomposition<'a> {
    neighbours: &'a [Vec<u32>],
    budget: Vec<u32>,
    may_be_final: &'a [bool],
    /// Elimination order and position.
    order: Vec<u32>,
    position: Vec<usize>,
    /// Later-eliminated neighbours (with fill) of each square.
    higher: Vec<Vec<u32>>,
    children: Vec<Vec<u32>>,
    subtree: Vec<usize>,
    pub states: u64,
}

impl<'a> Decomposition<'a> {
    /// `None` as soon as a bag reaches `max_width` squares: the elimination then stops
    /// early, so its cost stays O(n · max_width²) on wide boards.
    pub(super) fn new(
        neighbours: &'a [Vec<u32>],
        budget: Vec<u32>,
        may_be_final: &'a [bool],
        max_width: usize,
    ) -> Option<Decomposition<'a>> {
        let n = neighbours.len();
        let mut adjacent: Vec<FxHashSet<u32>> = neighbours
            .iter()
            .map(|list| list.iter().copied().collect())
            .collect();
        let mut eliminated = vec![false; n];
        let mut order = Vec::with_capacity(n);
        let mut higher = vec![Vec::new(); n];
        // Least degree first (a bucket queue would be faster; boards here are small).
        let mut queue: std::collections::BTreeSet<(usize, u32)> = (0..n as u32)
            .map(|v| (adjacent[v as usize].len(), v))
            .collect();
        while let Some((_, v)) = queue.pop_first() {
            eliminated[v as usize] = true;
            order.push(v);
            let rest: Vec<u32> = adjacent[v as usize].iter().copied().collect();
            if rest.len() + 1 >= max_width {
                return None;
            }
            for &a in &rest {
                queue.remove(&(adjacent[a as usize].len(), a));
                adjacent[a as usize].remove(&v);
            }
            for (i, &a) in rest.iter().enumerate() {
                for &b in &rest[i + 1..] {
                    if adjacent[a as usize].insert(b) {
                        adjacent[b as usize].insert(a);
                    }
                }
            }
            for &a in &rest {
                queue.insert((adjacent[a as usize].len(), a));
            }
            higher[v as usize] = rest;
        }
        let mut position = vec![0; n];
        for (i, &v) in order.iter().enumerate() {
            position[v as usize] = i;
        }
        let mut children = vec![Vec::new(); n];
        let mut subtree = vec![1usize; n];
        for &v in &order {
            if let Some(&p) = higher[v as usize]
                .iter()
                .min_by_key(|&&u| position[u as usize])
            {
                children[p as usize].push(v);
                subtree[p as usize] += subtree[v as usize];
            }
        }
        Some(Decomposition {
            neighbours,
            budget,
            may_be_final,
            order,
            position,
            higher,
            children,
            subtree,
            states: 0,
        })
    }

    /// Whether the board has a solving capture sequence; `limit` says whether to give up
    /// after the states counted so far.
    pub(super) fn solvable(
        &mut self,
        limit: &mut dyn FnMut(u64) -> bool,
    ) -> Result<bool, LimitReached> {
        let n = self.order.len();
        let mut tables: Vec<Option<Vec<Partial>>> = vec![None; n];
        let order = self.order.clone();
        for &v in &order {
            let mut table = vec![Partial {
                vertices: SmallVec::new(),
                status: SmallVec::new(),
                component: SmallVec::new(),
                root_gone: false,
            }];
            for c in self.children[v as usize].clone() {
                let child = tables[c as usize].take().expect("children come first");
                table = self.join(&table, &child);
                self.count(table.len(), limit)?;
            }
            let mut bag: Vec<u32> = self.higher[v as usize].clone();
            bag.push(v);
            for &u in &bag {
                if table.first().is_some_and(|p| !p.vertices.contains(&u)) {
                    table = self.introduce(&table, u);
                    self.count(table.len(), limit)?;
                }
            }
            for &w in &self.neighbours[v as usize] {
                if self.position[w as usize] > self.position[v as usize] {
                    table = self.process_edge(&table, v, w);
                }
            }
            let last = self.subtree[v as usize] == n;
            table = self.forget(&table, v);
            table = prune(table);
            self.count(table.len(), limit)?;
            if last {
                return Ok(table.iter().any(|p| p.root_gone));
            }
            if table.is_empty() {
                return Ok(false);
            }
            tables[v as usize] = Some(table);
        }
        // More than one tree: the capture graph is disconnected.
        Ok(n == 0)
    }

    fn count(
        &mut self,
        states: usize,
        limit: &mut dyn FnMut(u64) -> bool,
    ) -> Result<(), LimitReached> {
        self.states += states as u64;
        if limit(self.states) {
            Err(LimitReached)
        } else {
            Ok(())
        }
    }

    /// Every role for square `u`, added to each partial solution.
    fn introduce(&self, table: &[Partial], u: u32) -> Vec<Partial> {
        let budget = self.budget[u as usize];
        let mut out = Vec::new();
        for p in table {
            let at = p.vertices.partition_point(|&w| w < u);
            let fresh = p.status.len() as u8 + 1;
            let mut add = |status: u8| {
                let mut q = p.clone();
                q.vertices.insert(at, u);
                q.status.insert(at, status);
                q.component.insert(at, fresh);
                canonical(&mut q);
                out.push(q);
            };
            match budget {
                0 => {}
                1 => add(status::LEAF1_OPEN),
                _ => add(status::LEAF2_OPEN),
            }
            add(status::C_NEEDS_FEEDER);
            if self.may_be_final[u as usize] && !p.root_gone && !p.status.contains(&C_ROOT) {
                add(C_ROOT);
            }
        }
        out
    }

    /// The interactions along the capture-graph edge `v`–`w` (both in the bag).
    fn process_edge(&self, table: &[Partial], v: u32, w: u32) -> Vec<Partial> {
        let mut out = Vec::with_capacity(table.len());
        for p in table {
            let i = p.vertices.binary_search(&v).expect("in the bag");
            let j = p.vertices.binary_search(&w).expect("in the bag");
            let (a, b) = (p.status[i], p.status[j]);
            let mut q = p.clone();
            if is_c(a) && is_c(b) {
                let (from, to) = (q.component[j], q.component[i]);
                merge(&mut q, from, to);
                canonical(&mut q);
                out.push(q);
                continue;
            }
            // Leaf `l` next to C square `c`.
            for (l, c) in [(i, j), (j, i)] {
                let (ls, cs) = (p.status[l], p.status[c]);
                if is_c(ls) || !accepts(cs) {
                    continue;
                }
                // Optionally feed first (from the undominated or dominated leaf).
                if status::is_feeder(ls) && cs == status::C_NEEDS_FEEDER {
                    let mut fed = p.clone();
                    fed.status[l] = status::INERT;
                    fed.status[c] = status::C_DONE;
                    out.push(fed);
                }
                q.status[l] = match ls {
                    status::LEAF1_OPEN => status::INERT,
                    status::LEAF2_OPEN => status::LEAF2_DOMINATED,
                    other => other,
                };
            }
            out.push(q);
        }
        out
    }

    /// Eliminates `v`: its obligations must be met, and its C component must stay open
    /// (or be the one tree, with only leaves left).
    fn forget(&self, table: &[Partial], v: u32) -> Vec<Partial> {
        let mut out = Vec::with_capacity(table.len());
        for p in table {
            let i = p.vertices.binary_search(&v).expect("in the bag");
            let s = p.status[i];
            if matches!(
                s,
                status::LEAF1_OPEN | status::LEAF2_OPEN | status::C_NEEDS_FEEDER
            ) {
                continue;
            }
            let mut q = p.clone();
            q.vertices.remove(i);
            q.status.remove(i);
            let component = q.component.remove(i);
            if s == C_ROOT {
                q.root_gone = true;
            }
            if is_c(s) {
                let open = q
                    .status
                    .iter()
                    .zip(&q.component)
                    .any(|(&t, &c)| is_c(t) && c == component);
                // A closed component is the whole C set: every square left must already
                // be in the bag, as a leaf.
                let whole = self.subtree[v as usize] + q.vertices.len() == self.order.len();
                let closes_as_the_tree = whole && q.status.iter().all(|&t| !is_c(t));
                if !(open || closes_as_the_tree) {
                    continue;
                }
            }
            canonical(&mut q);
            out.push(q);
        }
        out
    }

    /// Partial solutions of two disjoint sets of eliminated squares, combined on their
    /// common bag squares.
    fn join(&self, left: &[Partial], right: &[Partial]) -> Vec<Partial> {
        let (Some(l0), Some(r0)) = (left.first(), right.first()) else {
            return Vec::new();
        };
        if l0.vertices.is_empty() && left.len() == 1 && !l0.root_gone {
            return right.to_vec();
        }
        let common: Vec<u32> = l0
            .vertices
            .iter()
            .copied()
            .filter(|v| r0.vertices.contains(v))
            .collect();
        let key = |p: &Partial| -> SmallVec<[u8; 16]> {
            common
                .iter()
                .map(|v| class(p.status[p.vertices.binary_search(v).expect("common")]))
                .collect()
        };
        let mut buckets: FxHashMap<SmallVec<[u8; 16]>, Vec<usize>> = FxHashMap::default();
        for (k, r) in right.iter().enumerate() {
            buckets.entry(key(r)).or_default().push(k);
        }
        let mut seen: FxHashSet<Partial> = FxHashSet::default();
        let mut out = Vec::new();
        for l in left {
            let Some(matching) = buckets.get(&key(l)) else {
                continue;
            };
            for &k in matching {
                if let Some(joined) = self.combine(l, &right[k]) {
                    if seen.insert(joined.clone()) {
                        out.push(joined);
                    }
                }
            }
        }
        out
    }

    fn combine(&self, l: &Partial, r: &Partial) -> Option<Partial> {
        if l.root_gone && r.root_gone {
            return None;
        }
        // Union of the squares; component ids of `r` shifted past those of `l`.
        let shift = l.status.len() as u8 + 1;
        let mut out = Partial {
            vertices: SmallVec::new(),
            status: SmallVec::new(),
            component: SmallVec::new(),
            root_gone: l.root_gone || r.root_gone,
        };
        let mut links: SmallVec<[(u8, u8); 16]> = SmallVec::new();
        let (mut i, mut j) = (0, 0);
        while i < l.vertices.len() || j < r.vertices.len() {
            let take_left =
                j == r.vertices.len() || (i < l.vertices.len() && l.vertices[i] < r.vertices[j]);
            let take_right =
                i == l.vertices.len() || (j < r.vertices.len() && r.vertices[j] < l.vertices[i]);
            if take_left {
                out.vertices.push(l.vertices[i]);
                out.status.push(l.status[i]);
                out.component.push(l.component[i]);
                i += 1;
            } else if take_right {
                out.vertices.push(r.vertices[j]);
                out.status.push(r.status[j]);
                out.component.push(r.component[j] + shift);
                j += 1;
            } else {
                let v = l.vertices[i];
                let (a, b) = (l.status[i], r.status[j]);
                let budget = self.budget[v as usize];
                let s = match (class(a), a, b) {
                    (0, status::INERT, status::INERT) if budget == 2 => return None,
                    (0, status::INERT, _) | (0, _, status::INERT) => status::INERT,
                    (0, status::LEAF2_DOMINATED, _) | (0, _, status::LEAF2_DOMINATED) => {
                        status::LEAF2_DOMINATED
                    }
                    (0, _, _) => a,
                    (1, status::C_DONE, _) | (1, _, status::C_DONE) => status::C_DONE,
                    _ => a,
                };
                out.vertices.push(v);
                out.status.push(s);
                out.component.push(l.component[i]);
                if is_c(s) {
                    links.push((r.component[j] + shift, l.component[i]));
                }
                i += 1;
                j += 1;
            }
        }
        let roots = out.status.iter().filter(|&&s| s == C_ROOT).count();
        if roots + usize::from(out.root_gone) > 1 {
            return None;
        }
        // Union of the two connectivity relations (ids below 2 · shift ≤ 64).
        let mut parent: [u8; 64] = std::array::from_fn(|i| i as u8);
        fn find(parent: &mut [u8; 64], mut x: u8) -> u8 {
            while parent[x as usize] != x {
                parent[x as usize] = parent[parent[x as usize] as usize];
                x = parent[x as usize];
            }
            x
        }
        for &(a, b) in &links {
            let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
            parent[ra as usize] = rb;
        }
        for i in 0..out.status.len() {
            if is_c(out.status[i]) {
                out.component[i] = find(&mut parent, out.component[i]);
            }
        }
        canonical(&mut out);
        Some(out)
    }
}

/// Whether `a` offers everything `b` does, square by square (same squares and components).
fn dominates(a: &Partial, b: &Partial) -> bool {
    a.status
        .iter()
        .zip(&b.status)
        .all(|(&x, &y)| x == y || (x != C_ROOT && y != C_ROOT && at_least(Mode::Solve, x, y)))
}

/// Drops partial solutions dominated by another with the same squares, components and
/// root flag ([`at_least`] per square; `C_ROOT` only by itself).
fn prune(table: Vec<Partial>) -> Vec<Partial> {
    type Bucket = (SmallVec<[u8; 16]>, SmallVec<[u8; 16]>, bool);
    let mut buckets: FxHashMap<Bucket, Vec<usize>> = FxHashMap::default();
    for (i, p) in table.iter().enumerate() {
        let classes = p.status.iter().map(|&s| class(s)).collect();
        buckets
            .entry((classes, p.component.clone(), p.root_gone))
            .or_default()
            .push(i);
    }
    let mut keep = vec![false; table.len()];
    for (_, members) in buckets {
        let mut kept: Vec<usize> = Vec::new();
        for i in members {
            if kept.iter().any(|&k| dominates(&table[k], &table[i])) {
                continue;
            }
            // Drop kept members this one dominates.
            kept.retain(|&k| {
                let dominated = dominates(&table[i], &table[k]);
                if dominated {
                    keep[k] = false;
                }
                !dominated
            });
            kept.push(i);
            keep[i] = true;
        }
    }
    table
        .into_iter()
        .zip(keep)
        .filter(|(_, k)| *k)
        .map(|(p, _)| p)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Piece, PieceKind, Square};
    use crate::rules::Variant;
    use crate::solve::analysis::initial_finals;
    use crate::solve::brute::brute_force;
    use crate::solve::geometry::Geometry;

    /// The decomposition's verdict equals plain brute force on random small boards of
    /// kings or knights (budgets 0–2), with and without the final-square restriction.
    #[test]
    fn agrees_with_brute_force() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |bound: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % bound
        };
        for case in 0..2000 {
            let kind = if case % 4 == 3 {
                PieceKind::Knight
            } else {
                PieceKind::King
            };
            let count = 1 + next(9) as usize;
            let mut cells: Vec<u64> = (0..20).collect();
            for i in (1..cells.len()).rev() {
                cells.swap(i, next(i as u64 + 1) as usize);
            }
            let pieces: Vec<Piece> = cells[..count]
                .iter()
                .map(|&c| {
                    let budget = [0, 1, 2, 2, 2][next(5) as usize];
                    Piece::new(
                        kind,
                        Square::new(c as u32 / 5 + 1, c as u32 % 5 + 1),
                        budget,
                    )
                })
                .collect();
            let board = Board::new(4, 5, pieces).unwrap();
            let geometry = Geometry::new(&board);
            let budgets: Vec<u32> = board.pieces().iter().map(|p| p.budget).collect();
            let expected = brute_force(&board, Variant::Standard).is_some();
            let decide = |may_be_final: &[bool]| {
                Decomposition::new(
                    &geometry.neighbours,
                    budgets.clone(),
                    may_be_final,
                    usize::MAX,
                )
                .expect("no width bound")
                .solvable(&mut |_| false)
                .unwrap()
            };
            assert_eq!(
                decide(&vec![true; board.len()]),
                expected,
                "case {case}: {board:?}"
            );
            match initial_finals(&geometry, &board) {
                Some(finals) => assert_eq!(decide(&finals), expected, "case {case}: {board:?}"),
                None => assert!(!expected, "case {case}: {board:?}"),
            }
        }
    }
}
