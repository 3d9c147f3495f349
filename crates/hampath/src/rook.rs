//! Theorem 3.2 (Brunner et al.): one rook among pawns, from Hamiltonian Path in a graph
//! of maximum degree 3 with a start `s` and an end `t`, both of degree 1.
//!
//! Every other vertex is a very wide rectangle two rows high: four corner pawns and, on
//! its lower row, one pawn per incident edge; an edge is a column holding the pawns of
//! its two ends (in their lower rows). The rook stands in the column of `s`'s edge above
//! every rectangle, a lone pawn in the column of `t`'s edge below them all. No pawn
//! shares a diagonal step with any piece, so only the rook ever moves (it is never
//! captured: the `rook¹` restriction holds without a rule). It enters and leaves a
//! rectangle only along edge columns, and with degree ≤ 3 it can enter each once; going
//! round the rectangle it leaves by either other edge.
//!
//! The paper's coordinates, `(i, 3i)`, `(4|V| + i, 3i)` … with the rook at `(k_s, 1)`
//! and `t`'s pawn at `(k_t, 0)`, put the rook outside `s`'s edge column and can leave
//! a pawn one diagonal step from another piece (the first edge column beside the last
//! left corner); we keep the drawing and space it (columns with `c` counted from 1,
//! `m` inner vertices, edges `k = 1..|E|` in order):
//!
//! - inner vertex `i = 1..m` (in vertex order, `s` and `t` left out): rows `3i` (upper)
//!   and `3i + 1` (lower, the edge row), corners in columns `i` and `m + |E| + 2 + i`;
//! - edge `k`: column `m + 1 + k`, a pawn in the lower row of each inner end;
//! - the rook in row 1, `t`'s pawn in row `3m + 3`, in the columns of their edges.

use rustc_hash::FxHashMap as HashMap;

use sat2chess_core::board::{PieceKind, Square};
use sat2chess_core::rules::{Move, Position, Variant};

use crate::construction::{Construction, TourError, place};
use crate::graph::HamGraph;
use crate::requirement::Requirement;

/// The Theorem 3.2 board of `graph`.
pub fn build(graph: &HamGraph, variant: Variant) -> Result<Construction, Requirement> {
    let s = graph.start.ok_or(Requirement::Start)?;
    let t = graph.end.ok_or(Requirement::End)?;
    if s == t {
        return Err(Requirement::DistinctEnds);
    }
    if graph.max_degree() > 3 {
        return Err(Requirement::MaxDegree(graph.max_degree()));
    }
    for (which, v) in [("start", s), ("end", t)] {
        if graph.neighbours(v).len() != 1 {
            return Err(Requirement::EndDegree {
                which,
                vertex: crate::format::describe(graph, v),
                degree: graph.neighbours(v).len(),
            });
        }
    }
    let inner: Vec<usize> = (0..graph.len()).filter(|&v| v != s && v != t).collect();
    let m = inner.len() as i64;
    let number: HashMap<usize, i64> = inner
        .iter()
        .enumerate()
        .map(|(i, &v)| (v, i as i64 + 1))
        .collect();
    let edges = graph.edges();
    let e = edges.len() as i64;
    let mut pieces: Vec<(PieceKind, (i64, i64))> = Vec::new();
    let mut vertex_of: Vec<usize> = Vec::new();
    for &v in &inner {
        let i = number[&v];
        for row in [3 * i, 3 * i + 1] {
            for col in [i, m + e + 2 + i] {
                pieces.push((PieceKind::Pawn, (row, col)));
                vertex_of.push(v);
            }
        }
    }
    for (k, &(a, b)) in edges.iter().enumerate() {
        let col = m + 2 + k as i64;
        for end in [a, b] {
            let (kind, row, vertex) = if end == s {
                (PieceKind::Rook, 1, s)
            } else if end == t {
                (PieceKind::Pawn, 3 * m + 3, t)
            } else {
                (PieceKind::Pawn, 3 * number[&end] + 1, end)
            };
            pieces.push((kind, (row, col)));
            vertex_of.push(vertex);
        }
    }
    let (board, shift) = place(&pieces)?;
    let at = |square| shift.at(square);
    let owner = pieces
        .iter()
        .zip(&vertex_of)
        .filter(|((kind, _), _)| *kind == PieceKind::Pawn)
        .map(|(&(_, square), &v)| (at(square), v))
        .collect();
    let special = pieces
        .iter()
        .find(|(kind, _)| *kind == PieceKind::Rook)
        .map(|&(_, square)| at(square))
        .expect("s has an edge");
    Ok(Construction {
        board,
        variant,
        special,
        owner,
        start: s,
    })
}

/// The rook's captures along `path` (a checked Hamiltonian path from `s` to `t`): each
/// rectangle cleared whole before the next.
pub fn certify(construction: &Construction, path: &[usize]) -> Result<Vec<Move>, TourError> {
    let mut squares: HashMap<usize, Vec<Square>> = HashMap::default();
    for (&square, &v) in &construction.owner {
        squares.entry(v).or_default().push(square);
    }
    let groups: Vec<Vec<Square>> = path[1..]
        .iter()
        .map(|v| {
            let mut group = squares.remove(v).unwrap_or_default();
            group.sort_unstable();
            group
        })
        .collect();
    construction.guided_tour(
        Position::new(&construction.board, construction.variant),
        &groups,
    )
}
