//! Capture sequences and their JSON format:
//! `{"captures":[["u1","vT1"],["vT1","v1"],…]}` — each pair names the capturing
//! token's vertex, then the captured token's vertex.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::graph::{GraphCapture, Vertex};

/// The token on `from` captures the token on `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Capture {
    pub from: Vertex,
    pub to: Vertex,
}

/// Why a moves file cannot be read against a graph.
#[derive(Debug, Error)]
pub enum MovesError {
    /// Not the JSON shape `{"captures":[["from","to"],…]}`.
    #[error("expected {{\"captures\":[[\"FROM\",\"TO\"],…]}}")]
    Json(#[source] serde_json::Error),
    /// A capture names a vertex the graph does not have.
    #[error("capture {number}: the graph has no vertex `{name}`")]
    UnknownVertex { number: usize, name: String },
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct MovesFile {
    captures: Vec<(String, String)>,
}

/// Reads a moves file against `graph` (capture numbers in errors are 1-based).
pub fn parse_moves(graph: &GraphCapture, text: &str) -> Result<Vec<Capture>, MovesError> {
    let file: MovesFile = serde_json::from_str(text).map_err(MovesError::Json)?;
    let find = |number: usize, name: &str| {
        graph.vertex(name).ok_or_else(|| MovesError::UnknownVertex {
            number,
            name: name.to_string(),
        })
    };
    file.captures
        .iter()
        .enumerate()
        .map(|(i, (from, to))| {
            Ok(Capture {
                from: find(i + 1, from)?,
                to: find(i + 1, to)?,
            })
        })
        .collect()
}

/// Writes `captures` as a moves file (one capture a line), which [`parse_moves`]
/// reads back.
pub fn write_moves(graph: &GraphCapture, captures: &[Capture]) -> String {
    let lines: Vec<String> = captures
        .iter()
        .map(|c| {
            let pair = (graph.name(c.from), graph.name(c.to));
            serde_json::to_string(&pair).expect("names serialise")
        })
        .collect();
    format!("{{\"captures\":[\n{}\n]}}\n", lines.join(",\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_round_trip_and_unknown_vertices_are_named() {
        let graph = GraphCapture::parse(
            "graph-capture directed 1\nvertex a token\nvertex b token\nedge a b\n",
        )
        .unwrap();
        let captures = vec![Capture { from: 0, to: 1 }];
        let text = write_moves(&graph, &captures);
        assert_eq!(parse_moves(&graph, &text).unwrap(), captures);
        let error = parse_moves(&graph, r#"{"captures":[["a","c"]]}"#).unwrap_err();
        assert_eq!(error.to_string(), "capture 1: the graph has no vertex `c`");
        assert!(parse_moves(&graph, r#"{"moves":[]}"#).is_err());
    }
}
