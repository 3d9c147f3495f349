//! A Graph Capture instance and its text format.
//!
//! ```text
//! # comments run from '#' to the end of the line
//! graph-capture directed 2      # header: directed|undirected, the budget d
//! vertex u1 token               # a vertex holding a token
//! vertex w                      # an empty vertex
//! edge u1 w                     # u1 → w (directed) or {u1, w} (undirected)
//! ```
//!
//! The header comes first; a vertex is declared before the edges that name it; names
//! are unique, free of whitespace and `#`, and do not start with `{` (a moves file
//! starting with `{` is JSON); there are no loops and no repeated edges
//! (in an undirected graph `edge a b` and `edge b a` repeat each other).

use std::fmt::{self, Write as _};

use rustc_hash::FxHashMap;
use thiserror::Error;

/// A vertex, the index of its declaration (0-based).
pub type Vertex = u32;

/// A graph with tokens on some vertices and one capture budget for every token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphCapture {
    /// Edges are ordered pairs (`u → v`); otherwise unordered.
    pub directed: bool,
    /// How many captures each token may make.
    pub budget: u32,
    names: Vec<String>,
    tokens: Vec<bool>,
    edges: Vec<(Vertex, Vertex)>,
    /// Vertices a token on the key may capture towards (out-neighbours).
    targets: Vec<Vec<Vertex>>,
    /// Vertices whose token may capture a token on the key (in-neighbours).
    attackers: Vec<Vec<Vertex>>,
    index: FxHashMap<String, Vertex>,
}

/// Why a graph cannot be built or read.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum GraphError {
    /// A line of a graph file does not follow the format.
    #[error("line {line}: {message}")]
    Syntax { line: usize, message: String },
    /// The file has no `graph-capture` header.
    #[error("no header: expected a line `graph-capture directed|undirected BUDGET`")]
    NoHeader,
}

impl GraphCapture {
    /// An empty graph.
    pub fn new(directed: bool, budget: u32) -> GraphCapture {
        GraphCapture {
            directed,
            budget,
            names: Vec::new(),
            tokens: Vec::new(),
            edges: Vec::new(),
            targets: Vec::new(),
            attackers: Vec::new(),
            index: FxHashMap::default(),
        }
    }

    /// Adds a vertex named `name` (holding a token if `token`); `None`: the name is
    /// taken or not a valid name.
    pub fn add_vertex(&mut self, name: &str, token: bool) -> Option<Vertex> {
        if !valid_name(name) || self.index.contains_key(name) {
            return None;
        }
        let vertex = self.names.len() as Vertex;
        self.names.push(name.to_string());
        self.tokens.push(token);
        self.targets.push(Vec::new());
        self.attackers.push(Vec::new());
        self.index.insert(name.to_string(), vertex);
        Some(vertex)
    }

    /// Adds the edge `from → to` (or `{from, to}`); `false`: a loop or a repeated edge.
    pub fn add_edge(&mut self, from: Vertex, to: Vertex) -> bool {
        if from == to || self.capture_allowed(from, to) {
            return false;
        }
        self.edges.push((from, to));
        self.targets[from as usize].push(to);
        self.attackers[to as usize].push(from);
        if !self.directed {
            self.targets[to as usize].push(from);
            self.attackers[from as usize].push(to);
        }
        true
    }

    /// Number of vertices.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether the graph has no vertex.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The vertex named `name`.
    pub fn vertex(&self, name: &str) -> Option<Vertex> {
        self.index.get(name).copied()
    }

    /// The name of `vertex`.
    pub fn name(&self, vertex: Vertex) -> &str {
        &self.names[vertex as usize]
    }

    /// Whether `vertex` holds a token at the start.
    pub fn has_token(&self, vertex: Vertex) -> bool {
        self.tokens[vertex as usize]
    }

    /// Number of tokens at the start.
    pub fn token_count(&self) -> usize {
        self.tokens.iter().filter(|&&t| t).count()
    }

    /// The edges as declared.
    pub fn edges(&self) -> &[(Vertex, Vertex)] {
        &self.edges
    }

    /// Vertices a token on `vertex` may capture towards.
    pub fn targets(&self, vertex: Vertex) -> &[Vertex] {
        &self.targets[vertex as usize]
    }

    /// Vertices whose token may capture a token on `vertex`.
    pub fn attackers(&self, vertex: Vertex) -> &[Vertex] {
        &self.attackers[vertex as usize]
    }

    /// Whether a token on `from` may capture a token on `to` (an edge joins them in
    /// that direction).
    pub fn capture_allowed(&self, from: Vertex, to: Vertex) -> bool {
        self.targets
            .get(from as usize)
            .is_some_and(|t| t.contains(&to))
    }

    /// Reads the text format (see the module doc).
    pub fn parse(text: &str) -> Result<GraphCapture, GraphError> {
        let mut graph: Option<GraphCapture> = None;
        for (number, raw) in text.lines().enumerate() {
            let line = number + 1;
            let syntax = |message: String| GraphError::Syntax { line, message };
            let content = raw.split('#').next().unwrap_or("");
            let words: Vec<&str> = content.split_whitespace().collect();
            let Some((&keyword, rest)) = words.split_first() else {
                continue;
            };
            let Some(graph) = graph.as_mut() else {
                graph = Some(parse_header(&words).map_err(syntax)?);
                continue;
            };
            match (keyword, rest) {
                ("vertex", [name]) | ("vertex", [name, "token"]) => {
                    let token = rest.len() == 2;
                    if name.starts_with('{') {
                        return Err(syntax(format!(
                            "vertex `{name}`: names do not start with `{{`"
                        )));
                    }
                    if graph.add_vertex(name, token).is_none() {
                        return Err(syntax(format!("vertex `{name}` is declared twice")));
                    }
                }
                ("vertex", _) => {
                    return Err(syntax(
                        "expected `vertex NAME` or `vertex NAME token`".into(),
                    ));
                }
                ("edge", [from, to]) => {
                    let find = |name: &str| {
                        graph.vertex(name).ok_or_else(|| {
                            syntax(format!(
                                "vertex `{name}` is not declared (declare it before its edges)"
                            ))
                        })
                    };
                    let (a, b) = (find(from)?, find(to)?);
                    if !graph.add_edge(a, b) {
                        let what = if a == b { "a loop" } else { "a repeated edge" };
                        return Err(syntax(format!("edge {from} {to} is {what}")));
                    }
                }
                ("edge", _) => return Err(syntax("expected `edge FROM TO`".into())),
                ("graph-capture", _) => return Err(syntax("a second header".into())),
                (other, _) => {
                    return Err(syntax(format!(
                        "expected `vertex` or `edge`, found `{other}`"
                    )));
                }
            }
        }
        graph.ok_or(GraphError::NoHeader)
    }
}

fn parse_header(words: &[&str]) -> Result<GraphCapture, String> {
    let expected = "expected the header `graph-capture directed|undirected BUDGET`";
    let ["graph-capture", kind, budget] = words else {
        return Err(expected.into());
    };
    let directed = match *kind {
        "directed" => true,
        "undirected" => false,
        other => {
            return Err(format!(
                "{expected}: `{other}` is neither directed nor undirected"
            ));
        }
    };
    let budget = budget
        .parse::<u32>()
        .map_err(|_| format!("{expected}: budget `{budget}` is not a number 0..=4294967295"))?;
    Ok(GraphCapture::new(directed, budget))
}

fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with('{')
        && !name.contains('#')
        && !name.chars().any(char::is_whitespace)
}

/// The text format, which [`GraphCapture::parse`] reads back.
impl fmt::Display for GraphCapture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = if self.directed {
            "directed"
        } else {
            "undirected"
        };
        let mut out = format!("graph-capture {kind} {}\n", self.budget);
        for (name, &token) in self.names.iter().zip(&self.tokens) {
            let _ = writeln!(out, "vertex {name}{}", if token { " token" } else { "" });
        }
        for &(a, b) in &self.edges {
            let _ = writeln!(out, "edge {} {}", self.name(a), self.name(b));
        }
        f.write_str(&out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_graph_round_trips_through_its_text() {
        let text = "graph-capture undirected 2\nvertex a token\nvertex b\nedge a b\n";
        let graph = GraphCapture::parse(text).unwrap();
        assert_eq!(graph.to_string(), text);
        assert!(graph.capture_allowed(1, 0));
    }

    #[test]
    fn errors_name_the_line_and_what_was_expected() {
        let cases = [
            ("vertex a\n", "line 1: expected the header"),
            (
                "graph-capture directed 2\nvertex a\nvertex a\n",
                "line 3: vertex `a` is declared twice",
            ),
            (
                "graph-capture directed 2\nedge a b\n",
                "line 2: vertex `a` is not declared",
            ),
            (
                "graph-capture sideways 2\n",
                "line 1: expected the header `graph-capture directed|undirected BUDGET`: `sideways`",
            ),
            (
                "graph-capture directed x\n",
                "line 1: expected the header `graph-capture directed|undirected BUDGET`: budget `x`",
            ),
            (
                "graph-capture undirected 1\nvertex a\nvertex b\nedge a b\nedge b a\n",
                "line 5: edge b a is a repeated edge",
            ),
            (
                "graph-capture directed 1\nvertex a\nedge a a\n",
                "line 3: edge a a is a loop",
            ),
            (
                "graph-capture directed 1\nvertex a tokn\n",
                "line 2: expected `vertex NAME`",
            ),
            (
                "graph-capture directed 1\nnode a\n",
                "line 2: expected `vertex` or `edge`, found `node`",
            ),
            (
                "graph-capture directed 1\nvertex {a\n",
                "line 2: vertex `{a`: names do not start with `{`",
            ),
            ("# nothing\n", "no header"),
        ];
        for (text, expected) in cases {
            let error = GraphCapture::parse(text).unwrap_err().to_string();
            assert!(error.starts_with(expected), "{text:?}: {error}");
        }
    }
}
