//! The exact Hamiltonian Path solver: a SAT encoding (position variables) solved by
//! CaDiCaL through `sat2chess_solve::sat`; every path it returns is checked.

use sat2chess_core::formula::{Cnf, Lit};
use sat2chess_solve::sat::{self, SatError};

use crate::graph::HamGraph;
use crate::path::{PathError, check_path};

/// The solver failed (never a wrong answer: paths are checked).
#[derive(Debug, thiserror::Error)]
pub enum HamSolveError {
    #[error(transparent)]
    Sat(#[from] SatError),
    #[error("the SAT model does not read as a Hamiltonian path: {0}")]
    WrongPath(#[from] PathError),
    #[error(
        "the exact Hamiltonian-path solver takes at most {MAX_SOLVED_VERTICES} vertices (its encoding grows as n³); this instance has {0}"
    )]
    TooLarge(usize),
}

/// The most vertices [`hamiltonian_path`] takes.
pub const MAX_SOLVED_VERTICES: usize = 150;

/// A Hamiltonian path of `graph` (from its start, to its end, when given), or `None`.
///
/// Variable `x(v, p)` says vertex `v` is the `p`-th of the path: every position holds
/// exactly one vertex, every vertex one position, and a vertex at position `p < n − 1`
/// has a neighbour at `p + 1`.
pub fn hamiltonian_path(graph: &HamGraph) -> Result<Option<Vec<usize>>, HamSolveError> {
    let n = graph.len();
    if n == 0 {
        return Ok(None);
    }
    if n > MAX_SOLVED_VERTICES {
        return Err(HamSolveError::TooLarge(n));
    }
    let var = |v: usize, p: usize| (v * n + p) as u32;
    let mut clauses: Vec<Vec<Lit>> = Vec::new();
    for a in 0..n {
        clauses.push((0..n).map(|b| Lit::pos(var(b, a))).collect());
        clauses.push((0..n).map(|b| Lit::pos(var(a, b))).collect());
        for b in 0..n {
            for c in b + 1..n {
                clauses.push(vec![Lit::neg(var(b, a)), Lit::neg(var(c, a))]);
                clauses.push(vec![Lit::neg(var(a, b)), Lit::neg(var(a, c))]);
            }
        }
    }
    for v in 0..n {
        for p in 0..n - 1 {
            let mut clause = vec![Lit::neg(var(v, p))];
            clause.extend(graph.neighbours(v).iter().map(|&u| Lit::pos(var(u, p + 1))));
            clauses.push(clause);
        }
    }
    if let Some(s) = graph.start {
        clauses.push(vec![Lit::pos(var(s, 0))]);
    }
    if let Some(t) = graph.end {
        clauses.push(vec![Lit::pos(var(t, n - 1))]);
    }
    let cnf = Cnf::new((n * n) as u32, clauses);
    let Some(model) = sat::solve_cnf(&cnf)? else {
        return Ok(None);
    };
    let path: Vec<usize> = (0..n)
        .map(|p| (0..n).find(|&v| model.0[var(v, p) as usize]).unwrap_or(n))
        .collect();
    check_path(graph, &path)?;
    Ok(Some(path))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plain depth-first search, the reference.
    fn brute(graph: &HamGraph) -> bool {
        fn extend(g: &HamGraph, path: &mut Vec<usize>, seen: &mut [bool]) -> bool {
            if path.len() == g.len() {
                return g.end.is_none_or(|t| path.last() == Some(&t));
            }
            let last = *path.last().expect("non-empty");
            for &u in g.neighbours(last) {
                if !seen[u] {
                    seen[u] = true;
                    path.push(u);
                    if extend(g, path, seen) {
                        return true;
                    }
                    path.pop();
                    seen[u] = false;
                }
            }
            false
        }
        let starts: Vec<usize> = match graph.start {
            Some(s) => vec![s],
            None => (0..graph.len()).collect(),
        };
        starts.into_iter().any(|s| {
            let mut seen = vec![false; graph.len()];
            seen[s] = true;
            extend(graph, &mut vec![s], &mut seen)
        })
    }

    #[test]
    fn refuses_instances_beyond_its_limit() {
        let path: Vec<(usize, usize)> = (1..=MAX_SOLVED_VERTICES).map(|v| (v - 1, v)).collect();
        let graph = HamGraph::with_edges(MAX_SOLVED_VERTICES + 1, &path).unwrap();
        assert!(matches!(
            hamiltonian_path(&graph),
            Err(HamSolveError::TooLarge(151))
        ));
        let graph =
            HamGraph::with_edges(MAX_SOLVED_VERTICES, &path[..MAX_SOLVED_VERTICES - 1]).unwrap();
        assert_eq!(
            hamiltonian_path(&graph).unwrap().map(|p| p.len()),
            Some(150)
        );
    }

    #[test]
    fn agrees_with_depth_first_search_on_random_graphs() {
        let mut rng = fastrand::Rng::with_seed(31);
        let (mut yes, mut no) = (0, 0);
        for _ in 0..300 {
            let n = rng.usize(1..9);
            let edges: Vec<(usize, usize)> = (0..rng.usize(0..2 * n))
                .map(|_| (rng.usize(..n), rng.usize(..n)))
                .filter(|(u, v)| u != v)
                .collect();
            let mut g = HamGraph::with_edges(n, &edges).unwrap();
            g.start = rng.bool().then(|| rng.usize(..n));
            g.end = rng.bool().then(|| rng.usize(..n));
            let found = hamiltonian_path(&g).unwrap();
            assert_eq!(found.is_some(), brute(&g), "{g:?}");
            if found.is_some() { yes += 1 } else { no += 1 }
        }
        assert!(yes > 50 && no > 50, "{yes} yes, {no} no");
    }
}
