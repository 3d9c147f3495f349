//! Capture sequences and their two formats, each naming vertices by their names:
//!
//! - JSON: `{"captures":[["u1","vT1"],["vT1","v1"],…]}` — each pair names the capturing
//!   token's vertex, then the captured token's vertex;
//! - text: one capture a line, `u1 x vT1` (the capturing vertex, `x`, the captured
//!   vertex); blank lines and `#` comments are skipped.
//!
//! [`parse_moves`] reads either (JSON when the first non-blank character is `{`).

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
    /// A capture of a JSON file names a vertex the graph does not have.
    #[error("capture {number}: the graph has no vertex `{name}`")]
    UnknownVertex { number: usize, name: String },
    /// A line of a text file does not follow the format (or names an unknown vertex).
    #[error("line {line}: {message}")]
    Syntax { line: usize, message: String },
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct MovesFile {
    captures: Vec<(String, String)>,
}

/// Reads a moves file, JSON or text, against `graph` (capture and line numbers in errors
/// are 1-based).
pub fn parse_moves(graph: &GraphCapture, text: &str) -> Result<Vec<Capture>, MovesError> {
    if text.trim_start().starts_with('{') {
        parse_json(graph, text)
    } else {
        parse_text(graph, text)
    }
}

fn parse_json(graph: &GraphCapture, text: &str) -> Result<Vec<Capture>, MovesError> {
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

fn parse_text(graph: &GraphCapture, text: &str) -> Result<Vec<Capture>, MovesError> {
    let mut captures = Vec::new();
    for (number, raw) in text.lines().enumerate() {
        let line = number + 1;
        let content = raw.split('#').next().unwrap_or("");
        let words: Vec<&str> = content.split_whitespace().collect();
        if words.is_empty() {
            continue;
        }
        let [from, "x", to] = words[..] else {
            return Err(MovesError::Syntax {
                line,
                message: "expected a capture `FROM x TO` (vertex names)".into(),
            });
        };
        let find = |name: &str| {
            graph.vertex(name).ok_or_else(|| MovesError::Syntax {
                line,
                message: format!("the graph has no vertex `{name}`"),
            })
        };
        captures.push(Capture {
            from: find(from)?,
            to: find(to)?,
        });
    }
    Ok(captures)
}

/// Writes `captures` as a JSON moves file (one capture a line), which [`parse_moves`]
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

/// Writes `captures` in the text format (`FROM x TO`, one a line), which
/// [`parse_moves`] reads back.
pub fn write_text_moves(graph: &GraphCapture, captures: &[Capture]) -> String {
    captures
        .iter()
        .map(|c| format!("{} x {}\n", graph.name(c.from), graph.name(c.to)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn two_tokens() -> GraphCapture {
        GraphCapture::parse("graph-capture directed 1\nvertex a token\nvertex b token\nedge a b\n")
            .unwrap()
    }

    #[test]
    fn moves_round_trip_and_unknown_vertices_are_named() {
        let graph = two_tokens();
        let captures = vec![Capture { from: 0, to: 1 }];
        let text = write_moves(&graph, &captures);
        assert_eq!(parse_moves(&graph, &text).unwrap(), captures);
        let error = parse_moves(&graph, r#"{"captures":[["a","c"]]}"#).unwrap_err();
        assert_eq!(error.to_string(), "capture 1: the graph has no vertex `c`");
        assert!(parse_moves(&graph, r#"{"moves":[]}"#).is_err());
    }

    #[test]
    fn the_text_form_round_trips_and_names_the_line_of_an_error() {
        let graph = two_tokens();
        let captures = vec![Capture { from: 0, to: 1 }];
        let text = write_text_moves(&graph, &captures);
        assert_eq!(text, "a x b\n");
        assert_eq!(parse_moves(&graph, &text).unwrap(), captures);
        let error = |text| parse_moves(&graph, text).unwrap_err().to_string();
        assert_eq!(
            error("# a comment\n\na x c\n"),
            "line 3: the graph has no vertex `c`"
        );
        assert_eq!(
            error("a b\n"),
            "line 1: expected a capture `FROM x TO` (vertex names)"
        );
    }
}
