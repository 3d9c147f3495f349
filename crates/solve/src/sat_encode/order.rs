//! The lazy part of the encoding (module docs of [`super`]): the order of departures
//! that a model asks for, and the cycles that make it impossible. Each precedence
//! "`before` leaves before `after`" holds under a condition of one or two literals
//! that are true in the model; a cycle of precedences gives the clause "not all of
//! these conditions", which every real capture sequence satisfies (its departure
//! times order every precedence whose condition it makes true).

use super::acyclic::Precedence;
use super::clauses::Encoding;

/// What the model's precedences allow.
pub(crate) enum Order {
    /// Every square, in an order respecting all precedences.
    Acyclic(Vec<u32>),
    /// Clauses excluding cycles of precedences (at least one).
    Cycles(Vec<Vec<i32>>),
}

/// At most this many cycles are looked for per strongly connected component and round.
const CYCLES_PER_COMPONENT: usize = 8;

/// The precedences of the model `value` (of each variable, from 1) and their order.
/// Cycles of captures alone (the arborescence is not one) are excluded first: their
/// clauses hold for every choice of last arrivals and blockers, so they cut more.
pub(crate) fn order(encoding: &Encoding, n: usize, value: &impl Fn(i32) -> bool) -> Order {
    let holds = |p: &&Precedence| {
        p.condition
            .iter()
            .all(|&l| l == 0 || (l > 0 && value(l)) || (l < 0 && !value(-l)))
    };
    let tree: Vec<Precedence> = encoding
        .precedences
        .iter()
        .filter(|p| p.capture)
        .filter(holds)
        .copied()
        .collect();
    let graph = Graph::new(2 * n, &tree);
    if let Err(left) = graph.topological_order() {
        return Order::Cycles(graph.cycle_clauses(&tree, &left));
    }
    let edges: Vec<Precedence> = encoding.precedences.iter().filter(holds).copied().collect();
    let graph = Graph::new(2 * n, &edges);
    match graph.topological_order() {
        Ok(order) => Order::Acyclic(order.into_iter().filter(|&v| (v as usize) < n).collect()),
        Err(left) => Order::Cycles(graph.cycle_clauses(&edges, &left)),
    }
}

/// The precedence graph, adjacency in compressed rows (edge indices per node).
struct Graph {
    start: Vec<u32>,
    edge: Vec<u32>,
    target: Vec<u32>,
}

impl Graph {
    fn new(n: usize, edges: &[Precedence]) -> Graph {
        let mut start = vec![0u32; n + 1];
        for e in edges {
            start[e.before as usize + 1] += 1;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut edge = vec![0u32; edges.len()];
        let mut target = vec![0u32; edges.len()];
        for (index, e) in edges.iter().enumerate() {
            let slot = fill[e.before as usize] as usize;
            edge[slot] = index as u32;
            target[slot] = e.after;
            fill[e.before as usize] += 1;
        }
        Graph {
            start,
            edge,
            target,
        }
    }

    fn nodes(&self) -> usize {
        self.start.len() - 1
    }

    fn out(&self, v: usize) -> std::ops::Range<usize> {
        self.start[v] as usize..self.start[v + 1] as usize
    }

    /// Kahn's algorithm; `Err` with the nodes on or behind a cycle.
    fn topological_order(&self) -> Result<Vec<u32>, Vec<bool>> {
        let n = self.nodes();
        let mut indegree = vec![0u32; n];
        for &t in &self.target {
            indegree[t as usize] += 1;
        }
        let mut order: Vec<u32> = (0..n as u32)
            .filter(|&v| indegree[v as usize] == 0)
            .collect();
        let mut next = 0;
        while next < order.len() {
            let v = order[next] as usize;
            next += 1;
            for slot in self.out(v) {
                let t = self.target[slot] as usize;
                indegree[t] -= 1;
                if indegree[t] == 0 {
                    order.push(t as u32);
                }
            }
        }
        if order.len() == n {
            Ok(order)
        } else {
            Err(indegree.iter().map(|&d| d > 0).collect())
        }
    }

    /// Clauses excluding short cycles among the nodes `left` (those Kahn's algorithm
    /// could not order): per strongly connected component, the shortest cycles through
    /// a few of its nodes, each as the clause "not all of its conditions".
    fn cycle_clauses(&self, edges: &[Precedence], left: &[bool]) -> Vec<Vec<i32>> {
        let component = self.components(left);
        let mut members: Vec<Vec<u32>> = Vec::new();
        for (v, &c) in component.iter().enumerate() {
            if c != u32::MAX {
                if members.len() <= c as usize {
                    members.resize(c as usize + 1, Vec::new());
                }
                members[c as usize].push(v as u32);
            }
        }
        let mut clauses: Vec<Vec<i32>> = Vec::new();
        let mut parent_edge = vec![u32::MAX; self.nodes()];
        let mut seen_stamp = vec![u32::MAX; self.nodes()];
        let mut stamp = 0u32;
        for nodes in members.iter().filter(|m| m.len() > 1) {
            let stride = nodes.len().div_ceil(CYCLES_PER_COMPONENT).max(1);
            for &root in nodes.iter().step_by(stride) {
                stamp += 1;
                let Some(cycle) =
                    self.shortest_cycle(root, &component, &mut parent_edge, &mut seen_stamp, stamp)
                else {
                    continue;
                };
                let mut clause: Vec<i32> = cycle
                    .iter()
                    .flat_map(|&e| edges[e as usize].condition)
                    .filter(|&l| l != 0)
                    .map(|l| -l)
                    .collect();
                clause.sort_unstable();
                clause.dedup();
                clauses.push(clause);
            }
        }
        clauses.sort();
        clauses.dedup();
        clauses
    }

    /// The edges of a shortest cycle through `root` inside its component (breadth-first).
    fn shortest_cycle(
        &self,
        root: u32,
        component: &[u32],
        parent_edge: &mut [u32],
        seen: &mut [u32],
        stamp: u32,
    ) -> Option<Vec<u32>> {
        let home = component[root as usize];
        let mut queue = std::collections::VecDeque::from([root]);
        seen[root as usize] = stamp;
        while let Some(v) = queue.pop_front() {
            for slot in self.out(v as usize) {
                let t = self.target[slot];
                if component[t as usize] != home {
                    continue;
                }
                if t == root {
                    let mut cycle = vec![self.edge[slot]];
                    let mut at = v;
                    while at != root {
                        let e = parent_edge[at as usize];
                        cycle.push(self.edge[e as usize]);
                        at = self.source_of(e as usize);
                    }
                    return Some(cycle);
                }
                if seen[t as usize] != stamp {
                    seen[t as usize] = stamp;
                    parent_edge[t as usize] = slot as u32;
                    queue.push_back(t);
                }
            }
        }
        None
    }

    /// The node whose adjacency holds `slot`.
    fn source_of(&self, slot: usize) -> u32 {
        (self.start.partition_point(|&s| s as usize <= slot) - 1) as u32
    }

    /// Strongly connected components of the subgraph on `left` (Tarjan, iterative):
    /// a component number per node, `u32::MAX` outside `left`.
    fn components(&self, left: &[bool]) -> Vec<u32> {
        let n = self.nodes();
        let mut index = vec![u32::MAX; n];
        let mut low = vec![0u32; n];
        let mut on_stack = vec![false; n];
        let mut component = vec![u32::MAX; n];
        let (mut stack, mut calls) = (Vec::new(), Vec::<(u32, usize)>::new());
        let (mut counter, mut components) = (0u32, 0u32);
        for root in (0..n).filter(|&v| left[v]) {
            if index[root] != u32::MAX {
                continue;
            }
            calls.push((root as u32, self.start[root] as usize));
            index[root] = counter;
            low[root] = counter;
            counter += 1;
            stack.push(root as u32);
            on_stack[root] = true;
            while let Some(&mut (v, ref mut slot)) = calls.last_mut() {
                let v = v as usize;
                if *slot < self.start[v + 1] as usize {
                    let t = self.target[*slot] as usize;
                    *slot += 1;
                    if !left[t] {
                        continue;
                    }
                    if index[t] == u32::MAX {
                        index[t] = counter;
                        low[t] = counter;
                        counter += 1;
                        stack.push(t as u32);
                        on_stack[t] = true;
                        calls.push((t as u32, self.start[t] as usize));
                    } else if on_stack[t] {
                        low[v] = low[v].min(index[t]);
                    }
                    continue;
                }
                calls.pop();
                if let Some(&(parent, _)) = calls.last() {
                    low[parent as usize] = low[parent as usize].min(low[v]);
                }
                if low[v] == index[v] {
                    while let Some(w) = stack.pop() {
                        on_stack[w as usize] = false;
                        component[w as usize] = components;
                        if w as usize == v {
                            break;
                        }
                    }
                    components += 1;
                }
            }
        }
        component
    }
}
