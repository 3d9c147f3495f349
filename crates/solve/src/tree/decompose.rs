//! Deciding the spanning-tree condition of [`super`] over a tree decomposition
//! (solve mode, verdict only).
//!
//! The path DP of [`super`] pays for every wire waiting beside the one it follows:
//! its states multiply with the frontier width. Circuit boards branch, so a tree
//! decomposition is much narrower. We eliminate squares greedily (with fill edges), by
//! least degree and, on boards of up to [`LEAST_FILL_SQUARES`] squares, also by least
//! fill, and keep the order whose bags are cheaper ([`cost`]); each gives a bag
//! `{v} ∪ H(v)` per square and a tree (the parent of `v`
//! is the first-eliminated square of `H(v)`). Each square's table describes partial
//! solutions of the squares eliminated in its subtree by the states of its bag squares:
//! role and open obligations (the statuses of [`super`]), which bag squares of C are
//! connected below, and whether the root was already eliminated. Tables of children are
//! *joined* on their common squares (roles must agree; obligations met on either side
//! count; a budget-2 leaf may feed in one subtree only), missing bag squares are
//! introduced with every role, every capture-graph edge is processed exactly once (at the
//! end of the first-eliminated of its squares: domination, an optional feeding, joining
//! two C squares), and the square is eliminated after its obligations are checked.
//!
//! Every partial solution carries a [`Trace`] of how it arose (a role introduced, a
//! feeding, a join), so an accepted one rebuilds the roles of a whole solution: the
//! C squares, the root and the feedings. Any spanning tree of C (connected) with the
//! feeders entering last is then a solving forest ([`super`]); a partial solution
//! dropped as dominated leaves its dominator, whose own trace is a genuine solution too.

use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;

use super::dominance::at_least;
use super::dp::{LimitReached, MAX_STORED_STATES, Mode, Role};
use super::status;

/// A partial solution over the bag squares `vertices` (sorted).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Partial {
    vertices: SmallVec<[u32; 16]>,
    status: SmallVec<[u8; 16]>,
    component: SmallVec<[u8; 16]>,
    /// The root (exempt from the feeder rule) is among the eliminated squares.
    root_gone: bool,
}

/// How a partial solution arose: an index into the trace arena, whose entries point
/// back to the traces they extend.
#[derive(Clone, Copy, Debug)]
enum Trace {
    Empty,
    Introduced { before: u32, square: u32, class: u8 },
    Fed { before: u32, leaf: u32, square: u32 },
    Joined { left: u32, right: u32 },
}

/// A table: partial solutions with their traces.
type Table = Vec<(Partial, u32)>;

/// Pairs of partial solutions combined between two reads of the limit in a join.
const JOIN_POLL: u64 = 1 << 12;

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
    /// The trace arena ([`Trace`]).
    traces: Vec<Trace>,
    pub states: u64,
}

impl<'a> Decomposition<'a> {
    /// `None` as soon as a bag reaches `max_width` squares: the elimination then stops
    /// early, so its cost stays O(n · max_width²) on wide boards. `limit` is given the
    /// work done (fill pairs scanned) as for [`Decomposition::solve`].
    pub(super) fn new(
        neighbours: &'a [Vec<u32>],
        budget: Vec<u32>,
        may_be_final: &'a [bool],
        max_width: usize,
        limit: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Result<Option<Decomposition<'a>>, LimitReached> {
        let n = neighbours.len();
        // Either order may stay under `max_width` where the other does not.
        let by_degree = eliminate(neighbours, max_width, Heuristic::LeastDegree, limit)?;
        let by_fill = if n <= LEAST_FILL_SQUARES {
            eliminate(neighbours, max_width, Heuristic::LeastFill, limit)?
        } else {
            None
        };
        let Some((order, higher)) = by_degree
            .into_iter()
            .chain(by_fill)
            .min_by(|a, b| cost(&a.1).total_cmp(&cost(&b.1)))
        else {
            return Ok(None);
        };
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
        Ok(Some(Decomposition {
            neighbours,
            budget,
            may_be_final,
            order,
            position,
            higher,
            children,
            subtree,
            traces: vec![Trace::Empty],
            states: 0,
        }))
    }

    /// The roles of a solution — C squares (`Inner`, one `RootAny`), feeding leaves
    /// (`LeafFeeds`), other leaves (`Leaf`) — or `None` if the board has no solving
    /// capture sequence; `limit` says whether to give up after the states counted so far.
    pub(super) fn solve(
        &mut self,
        limit: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Result<Option<Vec<Role>>, LimitReached> {
        let n = self.order.len();
        if n == 0 {
            return Ok(Some(Vec::new()));
        }
        let mut tables: Vec<Option<Table>> = vec![None; n];
        let order = self.order.clone();
        for &v in &order {
            let empty = Partial {
                vertices: SmallVec::new(),
                status: SmallVec::new(),
                component: SmallVec::new(),
                root_gone: false,
            };
            let mut table: Table = vec![(empty, 0)];
            for c in self.children[v as usize].clone() {
                let child = tables[c as usize].take().expect("children come first");
                table = self.join(&table, &child, limit)?;
                self.count(table.len(), table.len() as u64, limit)?;
            }
            let mut bag: Vec<u32> = self.higher[v as usize].clone();
            bag.push(v);
            for &u in &bag {
                if table.first().is_some_and(|(p, _)| !p.vertices.contains(&u)) {
                    table = self.introduce(&table, u);
                    self.count(table.len(), table.len() as u64, limit)?;
                }
            }
            for &w in &self.neighbours[v as usize] {
                if self.position[w as usize] > self.position[v as usize] {
                    table = self.process_edge(&table, v, w);
                }
            }
            let last = self.subtree[v as usize] == n;
            table = prune(self.forget(&table, v));
            self.count(table.len(), table.len() as u64, limit)?;
            if last {
                return Ok(table
                    .iter()
                    .find(|(p, _)| p.root_gone)
                    .map(|&(_, trace)| self.rebuild(trace)));
            }
            if table.is_empty() {
                return Ok(None);
            }
            tables[v as usize] = Some(table);
        }
        // More than one tree: the capture graph is disconnected.
        Ok(None)
    }

    /// Counts `states` new partial solutions and `work` units done; whether to give up:
    /// `limit` (given the states so far and the work) or the memory guard says so.
    fn count(
        &mut self,
        states: usize,
        work: u64,
        limit: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Result<(), LimitReached> {
        self.states += states as u64;
        if limit(self.states, work) || self.traces.len() > MAX_STORED_STATES {
            Err(LimitReached)
        } else {
            Ok(())
        }
    }

    fn trace(&mut self, trace: Trace) -> u32 {
        self.traces.push(trace);
        (self.traces.len() - 1) as u32
    }

    /// The roles recorded along the trace `from` (see [`Decomposition::solve`]). Each
    /// square is introduced once per subtree of the decomposition that holds it, with
    /// the same role class in every one (joins demand it); a leaf feeds at most once.
    fn rebuild(&self, from: u32) -> Vec<Role> {
        let mut roles = vec![Role::Leaf; self.order.len()];
        let mut stack = vec![from];
        while let Some(at) = stack.pop() {
            match self.traces[at as usize] {
                Trace::Empty => {}
                Trace::Introduced {
                    before,
                    square,
                    class,
                } => {
                    match class {
                        1 => roles[square as usize] = Role::Inner,
                        2 => roles[square as usize] = Role::RootAny,
                        _ => {}
                    }
                    stack.push(before);
                }
                Trace::Fed {
                    before,
                    leaf,
                    square,
                } => {
                    roles[leaf as usize] = Role::LeafFeeds(square);
                    stack.push(before);
                }
                Trace::Joined { left, right } => stack.extend([left, right]),
            }
        }
        roles
    }

    /// Every role for square `u`, added to each partial solution.
    fn introduce(&mut self, table: &Table, u: u32) -> Table {
        let budget = self.budget[u as usize];
        let mut out = Vec::new();
        for (p, trace) in table {
            let at = p.vertices.partition_point(|&w| w < u);
            let fresh = p.status.len() as u8 + 1;
            let mut statuses: SmallVec<[u8; 3]> = SmallVec::new();
            match budget {
                0 => {}
                1 => statuses.push(status::LEAF1_OPEN),
                _ => statuses.push(status::LEAF2_OPEN),
            }
            statuses.push(status::C_NEEDS_FEEDER);
            if self.may_be_final[u as usize] && !p.root_gone && !p.status.contains(&C_ROOT) {
                statuses.push(C_ROOT);
            }
            for status in statuses {
                let mut q = p.clone();
                q.vertices.insert(at, u);
                q.status.insert(at, status);
                q.component.insert(at, fresh);
                canonical(&mut q);
                let trace = self.trace(Trace::Introduced {
                    before: *trace,
                    square: u,
                    class: class(status),
                });
                out.push((q, trace));
            }
        }
        out
    }

    /// The interactions along the capture-graph edge `v`–`w` (both in the bag).
    fn process_edge(&mut self, table: &Table, v: u32, w: u32) -> Table {
        let mut out = Vec::with_capacity(table.len());
        for &(ref p, trace) in table {
            let i = p.vertices.binary_search(&v).expect("in the bag");
            let j = p.vertices.binary_search(&w).expect("in the bag");
            let (a, b) = (p.status[i], p.status[j]);
            let mut q = p.clone();
            if is_c(a) && is_c(b) {
                let (from, to) = (q.component[j], q.component[i]);
                merge(&mut q, from, to);
                canonical(&mut q);
                out.push((q, trace));
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
                    let fed_trace = self.trace(Trace::Fed {
                        before: trace,
                        leaf: p.vertices[l],
                        square: p.vertices[c],
                    });
                    out.push((fed, fed_trace));
                }
                q.status[l] = match ls {
                    status::LEAF1_OPEN => status::INERT,
                    status::LEAF2_OPEN => status::LEAF2_DOMINATED,
                    other => other,
                };
            }
            out.push((q, trace));
        }
        out
    }

    /// Eliminates `v`: its obligations must be met, and its C component must stay open
    /// (or be the one tree, with only leaves left).
    fn forget(&self, table: &Table, v: u32) -> Table {
        let mut out = Vec::with_capacity(table.len());
        for (p, trace) in table {
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
            out.push((q, *trace));
        }
        out
    }

    /// Partial solutions of two disjoint sets of eliminated squares, combined on their
    /// common bag squares; reads `limit` every [`JOIN_POLL`] pairs tried.
    fn join(
        &mut self,
        left: &Table,
        right: &Table,
        limit: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Result<Table, LimitReached> {
        let (Some((l0, _)), Some((r0, _))) = (left.first(), right.first()) else {
            return Ok(Vec::new());
        };
        if l0.vertices.is_empty() && left.len() == 1 && !l0.root_gone {
            return Ok(right.to_vec());
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
        for (k, (r, _)) in right.iter().enumerate() {
            buckets.entry(key(r)).or_default().push(k);
        }
        let mut seen: FxHashSet<Partial> = FxHashSet::default();
        let mut out = Vec::new();
        let mut tried = 0u64;
        for &(ref l, left_trace) in left {
            let Some(matching) = buckets.get(&key(l)) else {
                continue;
            };
            for &k in matching {
                tried += 1;
                if tried % JOIN_POLL == 0 {
                    self.count(0, JOIN_POLL, limit)?;
                }
                let (r, right_trace) = &right[k];
                if let Some(joined) = self.combine(l, r) {
                    if seen.insert(joined.clone()) {
                        let trace = self.trace(Trace::Joined {
                            left: left_trace,
                            right: *right_trace,
                        });
                        out.push((joined, trace));
                    }
                }
            }
        }
        Ok(out)
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

/// Boards up to this many squares also try the least-fill elimination, whose bookkeeping
/// (every square within two steps of an eliminated one is rescored) is too slow for boards
/// of millions of pieces, which no bag width makes decidable anyway.
const LEAST_FILL_SQUARES: usize = 200_000;

/// Which square an elimination order takes next.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Heuristic {
    /// The fewest neighbours left.
    LeastDegree,
    /// The fewest fill edges (pairs of its neighbours not yet adjacent), then the fewest
    /// neighbours: narrower on boards where a dense gadget meets wires (the King's
    /// 13-king And: bags of at most 7 squares instead of 11, 0.42 M states instead of 8.4 M).
    LeastFill,
}

/// An elimination order by `heuristic` and each square's higher neighbours when it is
/// eliminated (its bag without itself); `None` as soon as a bag reaches `max_width`.
#[allow(clippy::type_complexity)]
fn eliminate(
    neighbours: &[Vec<u32>],
    max_width: usize,
    heuristic: Heuristic,
    limit: &mut dyn FnMut(u64, u64) -> bool,
) -> Result<Option<(Vec<u32>, Vec<Vec<u32>>)>, LimitReached> {
    let n = neighbours.len();
    let mut adjacent: Vec<FxHashSet<u32>> = neighbours
        .iter()
        .map(|list| list.iter().copied().collect())
        .collect();
    let mut order = Vec::with_capacity(n);
    let mut higher = vec![Vec::new(); n];
    let score = |adjacent: &[FxHashSet<u32>], v: u32| -> (usize, usize) {
        let list = &adjacent[v as usize];
        let fill = match heuristic {
            Heuristic::LeastDegree => 0,
            Heuristic::LeastFill => {
                let members: Vec<u32> = list.iter().copied().collect();
                let mut missing = 0;
                for (i, &a) in members.iter().enumerate() {
                    missing += members[i + 1..]
                        .iter()
                        .filter(|b| !adjacent[a as usize].contains(b))
                        .count();
                }
                missing
            }
        };
        (fill, list.len())
    };
    let mut key: Vec<(usize, usize)> = (0..n as u32).map(|v| score(&adjacent, v)).collect();
    // A bucket queue would be faster; boards here are small.
    let mut queue: std::collections::BTreeSet<((usize, usize), u32)> =
        (0..n as u32).map(|v| (key[v as usize], v)).collect();
    while let Some((_, v)) = queue.pop_first() {
        order.push(v);
        let rest: Vec<u32> = adjacent[v as usize].iter().copied().collect();
        if rest.len() + 1 >= max_width {
            return Ok(None);
        }
        for &a in &rest {
            adjacent[a as usize].remove(&v);
        }
        for (i, &a) in rest.iter().enumerate() {
            for &b in &rest[i + 1..] {
                if adjacent[a as usize].insert(b) {
                    adjacent[b as usize].insert(a);
                }
            }
        }
        // Rescore the squares whose neighbourhoods changed: the higher neighbours, and
        // for the fill also theirs.
        let mut touched: Vec<u32> = rest.clone();
        if heuristic == Heuristic::LeastFill {
            for &a in &rest {
                touched.extend(adjacent[a as usize].iter().copied());
            }
            touched.sort_unstable();
            touched.dedup();
        }
        let mut work = (rest.len() * rest.len()) as u64 + 1;
        for &a in &touched {
            if queue.remove(&(key[a as usize], a)) {
                key[a as usize] = score(&adjacent, a);
                work += key[a as usize].1 as u64;
                queue.insert((key[a as usize], a));
            }
        }
        if limit(0, work) {
            return Err(LimitReached);
        }
        higher[v as usize] = rest;
    }
    Ok(Some((order, higher)))
}

/// What the dynamic program over bags of these sizes roughly costs: its tables grow
/// exponentially with the bag (four statuses a square, say), so the widest bags decide.
fn cost(higher: &[Vec<u32>]) -> f64 {
    higher.iter().map(|h| 4f64.powi(h.len() as i32 + 1)).sum()
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
fn prune(table: Table) -> Table {
    type Bucket = (SmallVec<[u8; 16]>, SmallVec<[u8; 16]>, bool);
    let mut buckets: FxHashMap<Bucket, Vec<usize>> = FxHashMap::default();
    for (i, (p, _)) in table.iter().enumerate() {
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
            if kept.iter().any(|&k| dominates(&table[k].0, &table[i].0)) {
                continue;
            }
            // Drop kept members this one dominates.
            kept.retain(|&k| {
                let dominated = dominates(&table[i].0, &table[k].0);
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
    use crate::analysis::initial_finals;
    use crate::brute::brute_force;
    use crate::geometry::Geometry;
    use crate::tree::forest::{c_edges, captures};
    use sat2chess_core::board::{Board, Piece, PieceKind, Square};
    use sat2chess_core::rules::{Move, Position, Variant};

    /// A random board of `kind` with `count` pieces (budgets 0–2, mostly 2) on a
    /// `rows` × `cols` window, from the xorshift generator `next`.
    fn random_board(
        next: &mut dyn FnMut(u64) -> u64,
        kind: PieceKind,
        count: usize,
        (rows, cols): (u32, u32),
    ) -> Board {
        let mut cells: Vec<u32> = (0..rows * cols).collect();
        for i in (1..cells.len()).rev() {
            cells.swap(i, next(i as u64 + 1) as usize);
        }
        let pieces: Vec<Piece> = cells[..count]
            .iter()
            .map(|&c| {
                let budget = [0, 1, 2, 2, 2][next(5) as usize];
                Piece::new(kind, Square::new(c / cols + 1, c % cols + 1), budget)
            })
            .collect();
        Board::new(rows, cols, pieces).unwrap()
    }

    /// The decomposition's verdict on `board` equals plain brute force, with and without
    /// the final-square restriction, and the sequence built from its roles replays to
    /// one piece.
    fn agrees_with_brute_force_on(board: &Board, case: usize) {
        let geometry = Geometry::new(board);
        let budgets: Vec<u32> = board.pieces().iter().map(|p| p.budget).collect();
        let expected = brute_force(board, Variant::Standard).is_some();
        let decide = |may_be_final: &[bool]| {
            let roles = Decomposition::new(
                &geometry.neighbours,
                budgets.clone(),
                may_be_final,
                usize::MAX,
                &mut |_, _| false,
            )
            .expect("no limit")
            .expect("no width bound")
            .solve(&mut |_, _| false)
            .unwrap();
            if let Some(roles) = &roles {
                let tree = c_edges(&geometry.neighbours, roles);
                let moves = captures(board, &geometry.neighbours, roles, &tree);
                let mut position = Position::new(board, Variant::Standard);
                for (from, to) in moves {
                    position
                        .apply(Move::new(from, to))
                        .expect("a legal capture");
                }
                assert_eq!(position.len(), 1, "case {case}: {board:?}");
            }
            roles.is_some()
        };
        assert_eq!(
            decide(&vec![true; board.len()]),
            expected,
            "case {case}: {board:?}"
        );
        match initial_finals(&geometry, board) {
            Some(finals) => assert_eq!(decide(&finals), expected, "case {case}: {board:?}"),
            None => assert!(!expected, "case {case}: {board:?}"),
        }
    }

    fn xorshift(mut seed: u64) -> impl FnMut(u64) -> u64 {
        move |bound| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % bound
        }
    }

    /// Random small boards of kings or knights, 1–9 pieces on a 4 × 5 window.
    #[test]
    fn agrees_with_brute_force() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        for case in 0..2000 {
            let kind = if case % 4 == 3 {
                PieceKind::Knight
            } else {
                PieceKind::King
            };
            let count = 1 + next(9) as usize;
            let board = random_board(&mut next, kind, count, (4, 5));
            agrees_with_brute_force_on(&board, case);
        }
    }

    /// Denser knight boards: 6–9 knights on a 4 × 6 window, where most squares have
    /// two to four capture neighbours, as on the compiled Knight boards.
    #[test]
    fn agrees_with_brute_force_on_knight_boards() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        for case in 0..400 {
            let count = 6 + next(4) as usize;
            let board = random_board(&mut next, PieceKind::Knight, count, (4, 6));
            agrees_with_brute_force_on(&board, case);
        }
    }
}
