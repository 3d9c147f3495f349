//! The path checker: whether a vertex sequence is a Hamiltonian path of an instance.

use crate::format::describe;
use crate::graph::HamGraph;

/// Why a vertex sequence is not a Hamiltonian path of the instance.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PathError {
    #[error("the path has {found} vertices, the graph {expected}")]
    Length { found: usize, expected: usize },
    #[error("the path names vertex index {0}, which the graph does not have")]
    Unknown(usize),
    #[error("the path visits {0} twice")]
    Repeated(String),
    #[error("the path steps from {0} to {1}, which are not adjacent")]
    NotAdjacent(String, String),
    #[error("the path starts at {found}, the instance asks for {expected}")]
    Start { found: String, expected: String },
    #[error("the path ends at {found}, the instance asks for {expected}")]
    End { found: String, expected: String },
}

/// Checks that `path` visits every vertex of `graph` once, along edges, from the
/// instance's start and to its end (when given).
pub fn check_path(graph: &HamGraph, path: &[usize]) -> Result<(), PathError> {
    if path.len() != graph.len() {
        return Err(PathError::Length {
            found: path.len(),
            expected: graph.len(),
        });
    }
    let mut seen = vec![false; graph.len()];
    for &v in path {
        if v >= graph.len() {
            return Err(PathError::Unknown(v));
        }
        if std::mem::replace(&mut seen[v], true) {
            return Err(PathError::Repeated(describe(graph, v)));
        }
    }
    if let Some(pair) = path.windows(2).find(|w| !graph.adjacent(w[0], w[1])) {
        return Err(PathError::NotAdjacent(
            describe(graph, pair[0]),
            describe(graph, pair[1]),
        ));
    }
    let ends = [(graph.start, path.first()), (graph.end, path.last())];
    for (i, (wanted, found)) in ends.into_iter().enumerate() {
        if let (Some(wanted), Some(&found)) = (wanted, found)
            && wanted != found
        {
            let (found, expected) = (describe(graph, found), describe(graph, wanted));
            return Err(if i == 0 {
                PathError::Start { found, expected }
            } else {
                PathError::End { found, expected }
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_paths_and_names_each_fault() {
        let mut g = HamGraph::grid(vec![(0, 0), (1, 0), (1, 1), (0, 1)]);
        g.start = Some(0);
        assert_eq!(check_path(&g, &[0, 1, 2, 3]), Ok(()));
        assert!(matches!(
            check_path(&g, &[0, 1, 2]),
            Err(PathError::Length { .. })
        ));
        assert!(matches!(
            check_path(&g, &[0, 1, 1, 3]),
            Err(PathError::Repeated(_))
        ));
        assert!(matches!(
            check_path(&g, &[0, 2, 1, 3]),
            Err(PathError::NotAdjacent(..))
        ));
        assert!(matches!(
            check_path(&g, &[1, 2, 3, 0]),
            Err(PathError::Start { .. })
        ));
        g.end = Some(1);
        assert!(matches!(
            check_path(&g, &[0, 1, 2, 3]),
            Err(PathError::End { .. })
        ));
        assert_eq!(check_path(&g, &[0, 3, 2, 1]), Ok(()));
    }
}
