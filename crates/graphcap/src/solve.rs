//! The exact solver: a SAT encoding of the capture forest, solved with splr
//! (`sat2chess_solve::sat`), every answer replayed by the checker.
//!
//! **Characterisation.** Nothing moves onto an empty vertex, so a vertex is vacated at
//! most once, by the capture that takes its current token away, and never refilled.
//! In a solving sequence every token vertex but the final one is vacated; let its
//! *parent* be the vertex that capture lands on. Parents are vacated later, so the
//! parent pointers form a tree (edges `u → parent(u)` of the graph) spanning the token
//! vertices, rooted at the final vertex. The token leaving `u` is `u`'s own (budget
//! `d`) if nothing entered `u` (a *leaf*), else the token of the last arrival `c`, with
//! one capture fewer than it left `c` with. So the token leaving `u` has at most
//! `d − h(u)` captures, `h(u)` the distance from `u` down to the nearest leaf of its
//! subtree, and every non-root needs `h(u) ≤ d − 1`. Conversely, for such a tree the
//! post-order (the children of each vertex in order, the one nearest a leaf last)
//! solves the graph: each capture lands on a vertex not yet vacated, and each leaving
//! token has `d − h(u) ≥ 1` captures. (For `d = 2` this is the paper's "rooted
//! spanning tree whose inner vertices have a leaf child", here for directed graphs too.)
//!
//! **Encoding.** `parent(u,v)` per edge between token vertices, `root(u)`; exactly one
//! root, and each vertex exactly one of its parents or root. Levels `L(u) ∈ 0 … n − 1`
//! in order encoding with `parent(u,v) → L(u) > L(v)` make the pointers acyclic.
//! `near(u,k)` ("a leaf within distance `k` below `u`"), `k < min(d, n − 1)`:
//! `near(u,0)` forbids children, `near(u,k)` needs `near(u,k−1)` or a child `c` with
//! `near(c,k−1)`; every non-root has `near(u, d − 1)`. The model's tree is turned into
//! its post-order, which the checker replays before it is returned.

use rustc_hash::FxHashMap;
use sat2chess_core::formula::{Cnf, Lit};
use std::time::Duration;

use sat2chess_solve::sat::{SatError, at_most_one, solve_cnf_within};

use crate::check::check;
use crate::graph::{GraphCapture, Vertex};
use crate::moves::Capture;

/// Why the solver has no verdict.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    /// The SAT solver failed.
    #[error(transparent)]
    Sat(#[from] SatError),
    /// The model's sequence is refused by the checker: a bug.
    #[error("internal error: the solver's sequence does not solve the graph: {0}")]
    Refused(crate::check::Refusal),
}

/// A solving capture sequence of `graph` (checked), or `None` when it has none.
pub fn solve(graph: &GraphCapture) -> Result<Option<Vec<Capture>>, SolveError> {
    solve_within(graph, None)
}

/// [`solve`] giving up with [`SatError::TimeOut`] after `time_limit` (the SAT solver may
/// overrun it by up to a second).
pub fn solve_within(
    graph: &GraphCapture,
    time_limit: Option<Duration>,
) -> Result<Option<Vec<Capture>>, SolveError> {
    let tokens: Vec<Vertex> = (0..graph.len() as Vertex)
        .filter(|&v| graph.has_token(v))
        .collect();
    match tokens.len() {
        0 => return Ok(None),
        1 => return Ok(Some(Vec::new())),
        // Tokens that cannot capture stay where they are.
        _ if graph.budget == 0 => return Ok(None),
        _ => {}
    }
    let encoding = Encoding::build(graph, &tokens);
    let Some(model) = solve_cnf_within(&encoding.cnf, time_limit)? else {
        return Ok(None);
    };
    let captures = encoding.sequence(&|lit: Lit| lit.eval(&model));
    check(graph, &captures).map_err(SolveError::Refused)?;
    Ok(Some(captures))
}

struct Encoding {
    cnf: Cnf,
    tokens: Vec<Vertex>,
    /// `(child, parent, parent(child,parent))` over token indices.
    edges: Vec<(usize, usize, Lit)>,
    /// `near(u, k)` for `k < depth`.
    depth: usize,
    near: u32,
    root: u32,
}

impl Encoding {
    /// The encoding of `graph` (budget ≥ 1) over its `tokens` (two or more).
    fn build(graph: &GraphCapture, tokens: &[Vertex]) -> Encoding {
        let n = tokens.len();
        let index: FxHashMap<Vertex, usize> =
            tokens.iter().enumerate().map(|(i, &v)| (v, i)).collect();
        let depth = (graph.budget as usize).min(n - 1);
        let mut next = 0u32;
        let mut block = |count: usize| {
            let first = next;
            next += count as u32;
            first
        };
        let root = block(n);
        let level = block(n * (n - 1));
        let near = block(n * depth);
        let mut edges = Vec::new();
        for (i, &u) in tokens.iter().enumerate() {
            for v in graph.targets(u) {
                if let Some(&j) = index.get(v) {
                    edges.push((i, j, Lit::pos(block(1))));
                }
            }
        }
        let mut encoding = Encoding {
            cnf: Cnf::new(next, Vec::new()),
            tokens: tokens.to_vec(),
            edges,
            depth,
            near,
            root,
        };
        let roots: Vec<u32> = (0..n).map(|i| root + i as u32).collect();
        encoding
            .cnf
            .clauses
            .push(roots.iter().map(|&r| Lit::pos(r)).collect());
        at_most_one(&mut encoding.cnf, &roots);
        // L(u) ≥ k, k = 1 … n − 1.
        let at = |u: usize, k: usize| Lit::pos(level + (u * (n - 1) + k - 1) as u32);
        for u in 0..n {
            for k in 2..n {
                encoding.cnf.clauses.push(vec![!at(u, k), at(u, k - 1)]);
            }
            let mut choices: Vec<u32> = vec![root + u as u32];
            choices.extend(
                encoding
                    .edges
                    .iter()
                    .filter(|e| e.0 == u)
                    .map(|e| e.2.var.0),
            );
            encoding
                .cnf
                .clauses
                .push(choices.iter().map(|&c| Lit::pos(c)).collect());
            at_most_one(&mut encoding.cnf, &choices);
            encoding
                .cnf
                .clauses
                .push(vec![Lit::pos(root + u as u32), encoding.near(u, depth - 1)]);
        }
        let edges = encoding.edges.clone();
        for &(c, p, chosen) in &edges {
            // L(c) > L(p).
            encoding.cnf.clauses.push(vec![!chosen, at(c, 1)]);
            for k in 1..n - 1 {
                encoding
                    .cnf
                    .clauses
                    .push(vec![!chosen, !at(p, k), at(c, k + 1)]);
            }
            encoding.cnf.clauses.push(vec![!chosen, !at(p, n - 1)]);
            encoding
                .cnf
                .clauses
                .push(vec![!encoding.near(p, 0), !chosen]);
        }
        for u in 0..n {
            for k in 1..depth {
                let mut support = vec![!encoding.near(u, k), encoding.near(u, k - 1)];
                for &(c, p, chosen) in &edges {
                    if p == u {
                        let both = Lit::pos(encoding.cnf.num_vars);
                        encoding.cnf.num_vars += 1;
                        encoding.cnf.clauses.push(vec![!both, chosen]);
                        encoding
                            .cnf
                            .clauses
                            .push(vec![!both, encoding.near(c, k - 1)]);
                        support.push(both);
                    }
                }
                encoding.cnf.clauses.push(support);
            }
        }
        encoding
    }

    fn near(&self, u: usize, k: usize) -> Lit {
        Lit::pos(self.near + (u * self.depth + k) as u32)
    }

    /// The post-order of the model's tree.
    fn sequence(&self, value: &dyn Fn(Lit) -> bool) -> Vec<Capture> {
        let n = self.tokens.len();
        let root = (0..n)
            .find(|&u| value(Lit::pos(self.root + u as u32)))
            .expect("one root");
        let parents: Vec<(Vertex, Vertex)> = self
            .edges
            .iter()
            .filter(|e| value(e.2))
            .map(|&(c, p, _)| (self.tokens[c], self.tokens[p]))
            .collect();
        post_order(self.tokens[root], &parents)
    }
}

/// The captures that clear a tree onto `root` (`parents`: `(child, parent)` pairs):
/// each vertex's children in post-order, the child nearest a leaf last. They solve
/// the graph when every non-root vertex has a leaf within `d − 1` below it (module doc).
pub fn post_order(root: Vertex, parents: &[(Vertex, Vertex)]) -> Vec<Capture> {
    let mut children: FxHashMap<Vertex, Vec<Vertex>> = FxHashMap::default();
    for &(c, p) in parents {
        children.entry(p).or_default().push(c);
    }
    let mut height = FxHashMap::default();
    fill_height(root, &children, &mut height);
    let mut captures = Vec::new();
    visit(root, &children, &height, &mut captures);
    captures
}

fn visit(
    u: Vertex,
    children: &FxHashMap<Vertex, Vec<Vertex>>,
    height: &FxHashMap<Vertex, usize>,
    out: &mut Vec<Capture>,
) {
    let mut mine = children.get(&u).cloned().unwrap_or_default();
    mine.sort_by_key(|c| std::cmp::Reverse(height[c]));
    for c in mine {
        visit(c, children, height, out);
        out.push(Capture { from: c, to: u });
    }
}

/// `height[u]`: the distance from `u` down to the nearest leaf of its subtree.
fn fill_height(
    u: Vertex,
    children: &FxHashMap<Vertex, Vec<Vertex>>,
    height: &mut FxHashMap<Vertex, usize>,
) -> usize {
    let h = children
        .get(&u)
        .into_iter()
        .flatten()
        .map(|&c| fill_height(c, children, height) + 1)
        .min()
        .unwrap_or(0);
    height.insert(u, h);
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::search;

    #[test]
    fn the_solver_finds_a_checked_solution_or_proves_there_is_none() {
        let solvable = GraphCapture::parse(
            "graph-capture undirected 2\nvertex a token\nvertex b token\nvertex c token\nedge a b\nedge b c\n",
        )
        .unwrap();
        let captures = solve(&solvable)
            .unwrap()
            .expect("a path of three tokens is solvable");
        assert_eq!(check(&solvable, &captures), Ok(()));
        // a → b, a → c: after a takes b its token sits on b, which has no edge to c.
        let fork = GraphCapture::parse(
            "graph-capture directed 2\nvertex a token\nvertex b token\nvertex c token\nedge a b\nedge a c\n",
        )
        .unwrap();
        assert_eq!(solve(&fork).unwrap(), None);
        assert_eq!(solve(&GraphCapture::new(true, 2)).unwrap(), None);
    }

    /// A random graph: 2–7 vertices, most with tokens, budget 0–3.
    fn random_graph(rng: &mut fastrand::Rng) -> GraphCapture {
        let mut graph = GraphCapture::new(rng.bool(), rng.u32(0..=3));
        let n = rng.u32(2..=7);
        for v in 0..n {
            graph.add_vertex(&format!("x{v}"), rng.u8(0..5) > 0);
        }
        for _ in 0..rng.u32(0..=2 * n) {
            graph.add_edge(rng.u32(0..n), rng.u32(0..n));
        }
        graph
    }

    #[test]
    fn the_sat_solver_agrees_with_the_state_search_on_random_graphs() {
        let mut rng = fastrand::Rng::with_seed(5);
        let mut verdicts = [0; 2];
        for _ in 0..2000 {
            let graph = random_graph(&mut rng);
            let sat = solve(&graph).unwrap();
            let searched = search(&graph, 1_000_000).unwrap();
            assert_eq!(sat.is_some(), searched.is_some(), "{graph}");
            verdicts[usize::from(sat.is_some())] += 1;
        }
        assert!(verdicts.iter().all(|&v| v >= 300), "{verdicts:?}");
    }
}
