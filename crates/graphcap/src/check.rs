//! The checker of capture sequences: replays a sequence move by move and says whether
//! it leaves exactly one token.

use thiserror::Error;

use crate::graph::{GraphCapture, Vertex};
use crate::moves::Capture;

/// The tokens on the graph: for each vertex, the captures its token has left
/// (`None`: no token).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    remaining: Vec<Option<u32>>,
    tokens: usize,
}

/// Why a capture is illegal.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum IllegalCapture {
    #[error("no token on {0}")]
    NoCapturer(String),
    #[error("no token to capture on {0}")]
    NoVictim(String),
    #[error("no edge lets {0} capture {1}")]
    NoEdge(String, String),
    #[error("the token on {0} has used its {1} captures")]
    NoBudget(String, u32),
}

/// A sequence that does not solve the graph.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum Refusal {
    /// Capture `number` (1-based) is illegal.
    #[error("capture {number} is illegal: {reason}")]
    Illegal {
        number: usize,
        reason: IllegalCapture,
    },
    /// Every capture is legal but more than one token (or none) is left.
    #[error("{0} tokens are left, not one")]
    NotSolved(usize),
}

impl Position {
    /// The starting position of `graph`.
    pub fn start(graph: &GraphCapture) -> Position {
        let remaining: Vec<Option<u32>> = (0..graph.len() as Vertex)
            .map(|v| graph.has_token(v).then_some(graph.budget))
            .collect();
        let tokens = graph.token_count();
        Position { remaining, tokens }
    }

    /// The captures left to the token on `vertex` (`None`: no token).
    pub fn remaining(&self, vertex: Vertex) -> Option<u32> {
        self.remaining[vertex as usize]
    }

    /// Number of tokens on the graph.
    pub fn tokens(&self) -> usize {
        self.tokens
    }

    /// Plays `capture` after checking it is legal.
    pub fn play(&mut self, graph: &GraphCapture, capture: Capture) -> Result<(), IllegalCapture> {
        let (from, to) = (capture.from, capture.to);
        let name = |v: Vertex| graph.name(v).to_string();
        let left = self
            .remaining(from)
            .ok_or_else(|| IllegalCapture::NoCapturer(name(from)))?;
        if self.remaining(to).is_none() {
            return Err(IllegalCapture::NoVictim(name(to)));
        }
        if !graph.capture_allowed(from, to) {
            return Err(IllegalCapture::NoEdge(name(from), name(to)));
        }
        if left == 0 {
            return Err(IllegalCapture::NoBudget(name(from), graph.budget));
        }
        self.remaining[to as usize] = Some(left - 1);
        self.remaining[from as usize] = None;
        self.tokens -= 1;
        Ok(())
    }
}

/// Replays `captures` on `graph`: `Ok` when every capture is legal and one token is left.
pub fn check(graph: &GraphCapture, captures: &[Capture]) -> Result<(), Refusal> {
    let mut position = Position::start(graph);
    for (i, &capture) in captures.iter().enumerate() {
        position
            .play(graph, capture)
            .map_err(|reason| Refusal::Illegal {
                number: i + 1,
                reason,
            })?;
    }
    match position.tokens() {
        1 => Ok(()),
        left => Err(Refusal::NotSolved(left)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path() -> GraphCapture {
        GraphCapture::parse(
            "graph-capture directed 1\nvertex a token\nvertex b token\nvertex c token\nvertex d\nedge a b\nedge b c\n",
        )
        .unwrap()
    }

    #[test]
    fn the_checker_refuses_each_kind_of_illegal_capture() {
        let graph = path();
        let c = |from, to| Capture { from, to };
        assert_eq!(
            check(&graph, &[c(1, 2), c(0, 2)]).unwrap_err().to_string(),
            "capture 2 is illegal: no edge lets a capture c"
        );
        assert_eq!(
            check(&graph, &[c(0, 1), c(1, 2)]).unwrap_err().to_string(),
            "capture 2 is illegal: the token on b has used its 1 captures"
        );
        assert_eq!(
            check(&graph, &[c(3, 2)]).unwrap_err().to_string(),
            "capture 1 is illegal: no token on d"
        );
        assert_eq!(
            check(&graph, &[c(0, 3)]).unwrap_err().to_string(),
            "capture 1 is illegal: no token to capture on d"
        );
        assert_eq!(
            check(&graph, &[c(1, 2)]).unwrap_err(),
            Refusal::NotSolved(2)
        );
        assert_eq!(
            check(&graph, &[c(1, 2), c(0, 1)]),
            Err(Refusal::Illegal {
                number: 2,
                reason: IllegalCapture::NoVictim("b".into())
            })
        );
    }

    #[test]
    fn a_solving_sequence_passes() {
        let graph = GraphCapture::parse(
            "graph-capture directed 1\nvertex a token\nvertex b token\nvertex c token\nedge a b\nedge c b\nedge b c\n",
        )
        .unwrap();
        let c = |from, to| Capture { from, to };
        assert_eq!(check(&graph, &[c(2, 1), c(0, 1)]), Ok(()));
    }
}
