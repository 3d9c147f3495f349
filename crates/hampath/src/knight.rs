//! Theorem 3.1 (Brunner et al.): one knight among pawns or kings. The grid graph is
//! turned by arctan ½ and scaled by √5 — the point `(x, y)` goes to the square
//! `(x − 2y, 2x + y)` — so grid neighbours are a knight's move apart; a pawn or king
//! stands on every vertex but the start, where the knight stands. The lattice
//! `{a·(1,2) + b·(−2,1)}` holds no two points a king step or a pawn capture apart, so
//! no pawn or king ever has a capture (the knight is never captured: it is the
//! uncapturable last piece of `knight¹` without a rule saying so), and only 4 of the
//! knight's 8 moves stay on the lattice: exactly the grid edges. The knight clears the
//! board iff its captures trace a Hamiltonian path from the start.

use rustc_hash::FxHashMap as HashMap;

use sat2chess_core::board::PieceKind;
use sat2chess_core::rules::{Move, Position, Variant};

use crate::construction::{Construction, TourError, place};
use crate::graph::HamGraph;
use crate::requirement::Requirement;

/// The Theorem 3.1 board of `graph` (a grid graph with a start vertex and no end vertex)
/// with pieces of kind `other` (pawn or king) on the vertices.
pub fn build(
    graph: &HamGraph,
    other: PieceKind,
    variant: Variant,
) -> Result<Construction, Requirement> {
    let points = graph.points().ok_or(Requirement::GridGraph)?;
    let start = graph.start.ok_or(Requirement::Start)?;
    if graph.end.is_some() {
        return Err(Requirement::NoEnd);
    }
    let square = |(x, y): (i64, i64)| (x - 2 * y, 2 * x + y);
    let pieces: Vec<(PieceKind, (i64, i64))> = points
        .iter()
        .enumerate()
        .map(|(v, &p)| {
            (
                if v == start { PieceKind::Knight } else { other },
                square(p),
            )
        })
        .collect();
    let (board, shift) = place(&pieces)?;
    let at = |square| shift.at(square);
    let owner: HashMap<_, _> = points
        .iter()
        .enumerate()
        .map(|(v, &p)| (at(square(p)), v))
        .collect();
    Ok(Construction {
        board,
        variant,
        special: at(square(points[start])),
        owner,
        start,
    })
}

/// The knight's captures along `path` (a checked Hamiltonian path from the start).
pub fn certify(construction: &Construction, path: &[usize]) -> Result<Vec<Move>, TourError> {
    let square_of: HashMap<usize, _> = construction.owner.iter().map(|(&s, &v)| (v, s)).collect();
    let groups: Vec<_> = path[1..].iter().map(|v| vec![square_of[v]]).collect();
    construction.guided_tour(
        Position::new(&construction.board, construction.variant),
        &groups,
    )
}
