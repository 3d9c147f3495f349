//! What a construction asks of a Hamiltonian Path instance.

/// What an instance lacks for a construction.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Requirement {
    #[error("needs a grid graph (a `grid` file)")]
    GridGraph,
    #[error("needs a start vertex (a `start` line)")]
    Start,
    #[error("needs an end vertex (an `end` line)")]
    End,
    #[error("fixes only the start vertex: remove the `end` line")]
    NoEnd,
    #[error("needs different start and end vertices")]
    DistinctEnds,
    #[error("needs maximum degree 3, the graph has a vertex of degree {0}")]
    MaxDegree(usize),
    #[error("needs a {which} vertex of degree 1, {vertex} has degree {degree}")]
    EndDegree {
        which: &'static str,
        vertex: String,
        degree: usize,
    },
    #[error(
        "under chess.com rules the kings could not be captured, and the special piece must capture them all (use the thesis rules)"
    )]
    KingsUncapturable,
    #[error("the board would be {rows} x {cols}, more than 4294967295 a side")]
    TooLarge { rows: i128, cols: i128 },
}
