//! The Hamiltonian Path text format (`.ham`), documented in docs/formats.md:
//!
//! ```text
//! # a grid graph: one point "x y" a line; edges join points at distance 1
//! grid
//! 0 0
//! 1 0
//! start 0 0
//! end 1 0
//! ```
//!
//! ```text
//! # any graph: "graph N" (vertices 1..N), one edge "u v" a line
//! graph 3
//! 1 2
//! 2 3
//! start 1
//! ```
//!
//! Blank lines and everything after `#` are ignored; `start` and `end` are optional
//! and may come anywhere after the header.

use std::fmt::Write as _;

use rustc_hash::FxHashMap as HashMap;

use crate::graph::{GraphError, HamGraph, VertexName};

/// The most vertices a `graph N` header may declare.
pub const MAX_VERTICES: usize = 10_000_000;

/// The largest coordinate (in absolute value) of a grid point.
pub const MAX_COORDINATE: i64 = 1_000_000_000;

/// A line of a `.ham` file that cannot be read: `file:line: message`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}: {message}")]
pub struct ParseError {
    /// The file's name as shown to the user.
    pub file: String,
    /// 1-based line number (the last line + 1 when the file ends too early).
    pub line: usize,
    /// What was expected and what was found.
    pub message: String,
}

/// Finds the vertex a `start`/`end` line names (a point, or a number in `.0`).
type VertexLookup = dyn Fn((i64, i64)) -> Option<usize>;

/// Which kind of file the header announced.
enum Header {
    Grid,
    Graph(usize),
}

/// Reads a `.ham` document; `file` names it in errors.
pub fn parse(text: &str, file: &str) -> Result<HamGraph, ParseError> {
    let error = |line: usize, message: String| ParseError {
        file: file.to_owned(),
        line,
        message,
    };
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.split('#').next().unwrap_or("").trim()))
        .filter(|(_, l)| !l.is_empty());
    let Some((header_line, header)) = lines.next() else {
        return Err(error(
            text.lines().count() + 1,
            "empty file: expected a header line `grid` or `graph N`".into(),
        ));
    };
    let words: Vec<&str> = header.split_whitespace().collect();
    let header = match words.as_slice() {
        ["grid"] => Header::Grid,
        ["graph", n] => Header::Graph(
            n.parse()
                .ok()
                .filter(|&n| n <= MAX_VERTICES)
                .ok_or_else(|| {
                    error(
                        header_line,
                        format!(
                            "expected `graph N` with N a vertex count of at most {MAX_VERTICES}, found `{header}`"
                        ),
                    )
                })?,
        ),
        _ => {
            return Err(error(
                header_line,
                format!("expected a header line `grid` or `graph N`, found `{header}`"),
            ));
        }
    };
    let mut pairs: Vec<(usize, (i64, i64))> = Vec::new();
    let mut start = None;
    let mut end = None;
    for (line, content) in lines {
        let mut words: Vec<&str> = content.split_whitespace().collect();
        let slot = match words[0] {
            "start" => Some(&mut start),
            "end" => Some(&mut end),
            _ => None,
        };
        let keyword = slot.as_ref().map(|_| words[0]);
        if keyword.is_some() {
            words.remove(0);
        }
        let expected = match (&header, keyword) {
            (Header::Grid, Some(k)) => format!("`{k} x y` (a point of the graph)"),
            (Header::Graph(_), Some(k)) => format!("`{k} v` (a vertex number)"),
            (Header::Grid, None) => {
                format!("a point `x y` (two integers within ±{MAX_COORDINATE})")
            }
            (Header::Graph(_), None) => "an edge `u v` (two vertex numbers)".to_owned(),
        };
        let arity = match (&header, keyword) {
            (Header::Graph(_), Some(_)) => 1,
            _ => 2,
        };
        let numbers: Option<Vec<i64>> = words
            .iter()
            .map(|w| w.parse().ok().filter(|n: &i64| n.abs() <= MAX_COORDINATE))
            .collect();
        let numbers = match numbers {
            Some(n) if n.len() == arity => n,
            _ => {
                return Err(error(
                    line,
                    format!("expected {expected}, found `{content}`"),
                ));
            }
        };
        let value = if arity == 1 {
            (numbers[0], 0)
        } else {
            (numbers[0], numbers[1])
        };
        match slot {
            Some(slot) => {
                if slot.is_some() {
                    return Err(error(
                        line,
                        format!("a second `{}` line", keyword.unwrap_or("")),
                    ));
                }
                *slot = Some((line, value));
            }
            None => pairs.push((line, value)),
        }
    }
    let (mut graph, lookup): (HamGraph, Box<VertexLookup>) = match header {
        Header::Grid => {
            let mut index = HashMap::default();
            for &(line, point) in &pairs {
                if index.insert(point, index.len()).is_some() {
                    return Err(error(
                        line,
                        format!("the point {} {} is listed twice", point.0, point.1),
                    ));
                }
            }
            let points = pairs.iter().map(|&(_, p)| p).collect();
            (
                HamGraph::grid(points),
                Box::new(move |p| index.get(&p).copied()),
            )
        }
        Header::Graph(n) => {
            let vertex = move |v: i64| usize::try_from(v).ok().filter(|&v| (1..=n).contains(&v));
            let mut edges = Vec::with_capacity(pairs.len());
            for &(line, (u, v)) in &pairs {
                match (vertex(u), vertex(v)) {
                    (Some(u), Some(v)) if u != v => edges.push((u - 1, v - 1)),
                    (Some(_), Some(_)) => {
                        return Err(error(line, format!("the edge {u} {v} is a loop")));
                    }
                    _ => {
                        return Err(error(
                            line,
                            format!("the edge {u} {v} names a vertex outside 1..{n}"),
                        ));
                    }
                }
            }
            let graph = HamGraph::with_edges(n, &edges)
                .map_err(|e: GraphError| error(header_line, format!("internal: {e}")))?;
            (graph, Box::new(move |(v, _)| vertex(v).map(|v| v - 1)))
        }
    };
    for (slot, name) in [(start, "start"), (end, "end")] {
        if let Some((line, value)) = slot {
            let vertex = lookup(value).ok_or_else(|| {
                let what = if graph.points().is_some() {
                    format!("{} {}", value.0, value.1)
                } else {
                    value.0.to_string()
                };
                error(
                    line,
                    format!("the {name} vertex {what} is not a vertex of the graph"),
                )
            })?;
            if name == "start" {
                graph.start = Some(vertex);
            } else {
                graph.end = Some(vertex);
            }
        }
    }
    Ok(graph)
}

/// The `.ham` text of `graph` (what [`parse`] reads back to the same graph).
pub fn write(graph: &HamGraph) -> String {
    let mut out = String::new();
    match graph.points() {
        Some(points) => {
            out.push_str("grid\n");
            for (x, y) in points {
                let _ = writeln!(out, "{x} {y}");
            }
        }
        None => {
            let _ = writeln!(out, "graph {}", graph.len());
            for (u, v) in graph.edges() {
                let _ = writeln!(out, "{} {}", u + 1, v + 1);
            }
        }
    }
    for (slot, name) in [(graph.start, "start"), (graph.end, "end")] {
        if let Some(v) = slot {
            let _ = writeln!(out, "{name} {}", graph.vertex_name(v));
        }
    }
    out
}

/// A path written one vertex a line, as the `.ham` file names vertices.
pub fn write_path(graph: &HamGraph, path: &[usize]) -> String {
    path.iter()
        .map(|&v| format!("{}\n", graph.vertex_name(v)))
        .collect()
}

/// The name `VertexName` gives, for messages.
pub fn describe(graph: &HamGraph, v: usize) -> String {
    match graph.vertex_name(v) {
        VertexName::Point((x, y)) => format!("({x},{y})"),
        VertexName::Number(n) => format!("vertex {n}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_and_graph_round_trip() {
        let grid = parse(
            "# square\ngrid\n0 0\n1 0\n1 1\n0 1\nstart 0 0\nend 0 1\n",
            "g",
        )
        .unwrap();
        assert_eq!(grid.len(), 4);
        assert_eq!(grid.edges().len(), 4);
        assert_eq!((grid.start, grid.end), (Some(0), Some(3)));
        assert_eq!(parse(&write(&grid), "g").unwrap(), grid);
        let graph = parse("graph 3\n1 2\n2 3 # an edge\nstart 1\n", "h").unwrap();
        assert_eq!(graph.edges(), vec![(0, 1), (1, 2)]);
        assert_eq!(parse(&write(&graph), "h").unwrap(), graph);
    }

    #[test]
    fn errors_name_file_and_line() {
        let cases = [
            (
                "",
                "g.ham:1: empty file: expected a header line `grid` or `graph N`",
            ),
            (
                "grid\n0 0\n0 x\n",
                "g.ham:3: expected a point `x y` (two integers within ±1000000000), found `0 x`",
            ),
            ("grid\n0 0\n0 0\n", "g.ham:3: the point 0 0 is listed twice"),
            (
                "graph 2\n1 3\n",
                "g.ham:2: the edge 1 3 names a vertex outside 1..2",
            ),
            ("graph 2\n1 1\n", "g.ham:2: the edge 1 1 is a loop"),
            (
                "graph 2\n1 2\nstart 3\n",
                "g.ham:3: the start vertex 3 is not a vertex of the graph",
            ),
            (
                "grid\n0 0\nend 1\n",
                "g.ham:3: expected `end x y` (a point of the graph), found `end 1`",
            ),
            (
                "grid\n0 0\nstart 0 0\nstart 0 0\n",
                "g.ham:4: a second `start` line",
            ),
            (
                "digraph\n",
                "g.ham:1: expected a header line `grid` or `graph N`, found `digraph`",
            ),
            (
                "graph 10000001\n",
                "g.ham:1: expected `graph N` with N a vertex count of at most 10000000, found `graph 10000001`",
            ),
            (
                "grid\n0 1000000001\n",
                "g.ham:2: expected a point `x y` (two integers within ±1000000000), found `0 1000000001`",
            ),
        ];
        for (text, message) in cases {
            assert_eq!(
                parse(text, "g.ham").unwrap_err().to_string(),
                message,
                "{text:?}"
            );
        }
    }
}
