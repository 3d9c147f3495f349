//! A Hamiltonian Path instance: an undirected simple graph, optionally drawn on the
//! integer grid (a grid graph: vertices are integer points, edges join the points at
//! distance 1), with an optional start and end vertex.

use std::fmt;

/// A Hamiltonian Path instance. Vertices are `0..len()`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HamGraph {
    /// The grid points of the vertices when the graph is a grid graph (`(x, y)`).
    points: Option<Vec<(i64, i64)>>,
    /// Sorted neighbour lists.
    adjacency: Vec<Vec<usize>>,
    /// The vertex every path must start at, if given.
    pub start: Option<usize>,
    /// The vertex every path must end at, if given.
    pub end: Option<usize>,
}

/// Why a graph cannot be built from its parts (the parser turns these into
/// file:line errors).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GraphError {
    #[error("an edge joins vertex {0} to itself")]
    SelfLoop(usize),
    #[error("vertex {vertex} is out of range (the graph has {len} vertices)")]
    OutOfRange { vertex: usize, len: usize },
}

impl HamGraph {
    /// The grid graph on `points` (distinct): edges between points at distance 1.
    pub fn grid(points: Vec<(i64, i64)>) -> HamGraph {
        let index: rustc_hash::FxHashMap<(i64, i64), usize> =
            points.iter().enumerate().map(|(i, &p)| (p, i)).collect();
        let adjacency = points
            .iter()
            .map(|&(x, y)| {
                let mut near: Vec<usize> = [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
                    .iter()
                    .filter_map(|p| index.get(p).copied())
                    .collect();
                near.sort_unstable();
                near
            })
            .collect();
        HamGraph {
            points: Some(points),
            adjacency,
            start: None,
            end: None,
        }
    }

    /// The graph on `len` vertices with `edges` (repeated edges count once).
    pub fn with_edges(len: usize, edges: &[(usize, usize)]) -> Result<HamGraph, GraphError> {
        let mut adjacency = vec![Vec::new(); len];
        for &(u, v) in edges {
            for vertex in [u, v] {
                if vertex >= len {
                    return Err(GraphError::OutOfRange { vertex, len });
                }
            }
            if u == v {
                return Err(GraphError::SelfLoop(u));
            }
            adjacency[u].push(v);
            adjacency[v].push(u);
        }
        for near in &mut adjacency {
            near.sort_unstable();
            near.dedup();
        }
        Ok(HamGraph {
            points: None,
            adjacency,
            start: None,
            end: None,
        })
    }

    /// Number of vertices.
    pub fn len(&self) -> usize {
        self.adjacency.len()
    }

    /// Whether the graph has no vertex.
    pub fn is_empty(&self) -> bool {
        self.adjacency.is_empty()
    }

    /// The neighbours of `v`, sorted.
    pub fn neighbours(&self, v: usize) -> &[usize] {
        &self.adjacency[v]
    }

    /// Whether `u` and `v` are adjacent.
    pub fn adjacent(&self, u: usize, v: usize) -> bool {
        self.adjacency[u].binary_search(&v).is_ok()
    }

    /// Every edge once, as `(u, v)` with `u < v`, in order.
    pub fn edges(&self) -> Vec<(usize, usize)> {
        (0..self.len())
            .flat_map(|u| {
                self.adjacency[u]
                    .iter()
                    .filter(move |&&v| u < v)
                    .map(move |&v| (u, v))
            })
            .collect()
    }

    /// The largest degree (0 for an empty graph).
    pub fn max_degree(&self) -> usize {
        self.adjacency.iter().map(Vec::len).max().unwrap_or(0)
    }

    /// The grid points of the vertices, if this is a grid graph.
    pub fn points(&self) -> Option<&[(i64, i64)]> {
        self.points.as_deref()
    }

    /// How people name vertex `v`: its point `(x,y)` in a grid graph, else its 1-based
    /// number (as in the file).
    pub fn vertex_name(&self, v: usize) -> VertexName {
        match &self.points {
            Some(points) => VertexName::Point(points[v]),
            None => VertexName::Number(v + 1),
        }
    }
}

/// A vertex as the file names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VertexName {
    /// A grid point, written `x y`.
    Point((i64, i64)),
    /// A vertex number (1-based), written as is.
    Number(usize),
}

impl fmt::Display for VertexName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VertexName::Point((x, y)) => write!(f, "{x} {y}"),
            VertexName::Number(n) => write!(f, "{n}"),
        }
    }
}
