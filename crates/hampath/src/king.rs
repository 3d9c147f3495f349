//! Theorem 3.7 (Brunner et al.): one king among pawns, from Hamiltonian Path in a grid
//! graph of maximum degree 3 with a start vertex.
//!
//! The grid is turned by 45° and scaled by 3√2: the point `(x, y)` goes to the square
//! `(3(x − y), 3(x + y))` (then shifted onto the board), a pawn on every vertex and two
//! pawns on the diagonal between neighbours, all on squares of one colour. Pawns capture
//! toward row 1 ("upward"). A vertex with two upward edges gets a *green* pawn on the
//! square above it, one with one upward edge on the square below it; a vertex with no
//! upward edge has no extra pawn — its own pawn is its green pawn. Green pawns never
//! have a capture; every other pawn has one (up its chain). The king replaces the
//! start's green pawn. With a path, the pawns off the path first clear themselves (the
//! lower chain pawn of an unused edge captures the upper one, which captures the upper
//! end's vertex pawn), then the king walks the path, taking each vertex's green pawn.
//!
//! The start must have degree 1, as Lemma A.1 provides (the theorem's statement omits
//! it): a start of degree 3 lets the king leave its green pawn by one edge and later
//! pass the start's vertex square by the other two, so boards without a Hamiltonian
//! path from the start become solvable (docs/unlimited.md gives a 13-vertex example).
//! We turn the grid (by a multiple of 90°, before the 45° turn) so that the start's
//! edge points upward — as in the paper's figure, whose start is the bottommost
//! vertex: a start with no upward edge would hold the king on its own vertex square.

use rustc_hash::FxHashMap as HashMap;

use sat2chess_core::board::{PieceKind, Square};
use sat2chess_core::rules::{Move, Position, Variant};

use crate::construction::{self, Construction, TourError, place};
use crate::graph::HamGraph;
use crate::requirement::Requirement;

/// A square of the drawing (before the shift onto the board).
type At = (i64, i64);

/// The squares of the Theorem 3.7 drawing, before the shift onto the board.
struct Drawing {
    /// Each vertex's square.
    vertex: Vec<(i64, i64)>,
    /// Each vertex's green pawn when it is not the vertex pawn itself.
    green: Vec<Option<(i64, i64)>>,
    /// Each edge `(u, v)` with `u < v`: its chain squares, the one next to `u` first.
    chain: Vec<((usize, usize), [At; 2])>,
}

/// The drawing of `graph` with the grid turned by `turn` quarter turns first.
fn draw(graph: &HamGraph, points: &[(i64, i64)], turn: u8) -> Drawing {
    let turned = |(x, y): (i64, i64)| match turn {
        0 => (x, y),
        1 => (-y, x),
        2 => (-x, -y),
        _ => (y, -x),
    };
    let vertex: Vec<(i64, i64)> = points
        .iter()
        .map(|&p| {
            let (x, y) = turned(p);
            (3 * (x - y), 3 * (x + y))
        })
        .collect();
    let up = |v: usize| {
        graph
            .neighbours(v)
            .iter()
            .filter(|&&u| vertex[u].0 < vertex[v].0)
            .count()
    };
    let green = (0..graph.len())
        .map(|v| {
            let (r, c) = vertex[v];
            match up(v) {
                0 => None,
                1 => Some((r + 1, c)),
                _ => Some((r - 1, c)),
            }
        })
        .collect();
    let chain = graph
        .edges()
        .into_iter()
        .map(|(u, v)| {
            let (dr, dc) = (
                (vertex[v].0 - vertex[u].0) / 3,
                (vertex[v].1 - vertex[u].1) / 3,
            );
            let (r, c) = vertex[u];
            ((u, v), [(r + dr, c + dc), (r + 2 * dr, c + 2 * dc)])
        })
        .collect();
    Drawing {
        vertex,
        green,
        chain,
    }
}

/// The Theorem 3.7 board of `graph` with its drawing (for the certificate).
fn build_drawn(graph: &HamGraph, variant: Variant) -> Result<(Construction, Drawing), Requirement> {
    let points = graph.points().ok_or(Requirement::GridGraph)?;
    let s = graph.start.ok_or(Requirement::Start)?;
    if graph.end.is_some() {
        return Err(Requirement::NoEnd);
    }
    if graph.max_degree() > 3 {
        return Err(Requirement::MaxDegree(graph.max_degree()));
    }
    if graph.len() > 1 && graph.neighbours(s).len() != 1 {
        return Err(Requirement::EndDegree {
            which: "start",
            vertex: crate::format::describe(graph, s),
            degree: graph.neighbours(s).len(),
        });
    }
    let drawing = (0..4)
        .map(|turn| draw(graph, points, turn))
        .find(|d| graph.len() == 1 || d.green[s].is_some())
        .expect("the start's edge points upward in one of the four turns");
    let king = drawing.green[s].unwrap_or(drawing.vertex[s]);
    let mut pieces: Vec<(PieceKind, (i64, i64))> = Vec::new();
    let mut owner: Vec<((i64, i64), usize)> = Vec::new();
    for v in 0..graph.len() {
        for square in [Some(drawing.vertex[v]), drawing.green[v]]
            .into_iter()
            .flatten()
        {
            let kind = if square == king {
                PieceKind::King
            } else {
                PieceKind::Pawn
            };
            pieces.push((kind, square));
            owner.push((square, v));
        }
    }
    for (_, squares) in &drawing.chain {
        pieces.extend(squares.iter().map(|&square| (PieceKind::Pawn, square)));
    }
    let (board, shift) = place(&pieces)?;
    let at = |square| shift.at(square);
    let construction = Construction {
        board,
        variant,
        special: at(king),
        owner: owner
            .into_iter()
            .map(|(square, v)| (at(square), v))
            .collect(),
        start: s,
    };
    Ok((construction, drawing))
}

/// The Theorem 3.7 board of `graph`.
pub fn build(graph: &HamGraph, variant: Variant) -> Result<Construction, Requirement> {
    build_drawn(graph, variant).map(|(construction, _)| construction)
}

/// The drawing's squares on `construction`'s board: the translation taking the king's
/// square to the construction's.
fn on_board(drawing: &Drawing, construction: &Construction) -> impl Fn(At) -> Square {
    let king = drawing.green[construction.start].unwrap_or(drawing.vertex[construction.start]);
    let anchor = construction.special;
    move |(r, c): At| {
        Square::new(
            (r - king.0 + i64::from(anchor.row)) as u32,
            (c - king.1 + i64::from(anchor.col)) as u32,
        )
    }
}

/// Where `graph` lies on its board `construction`: vertex squares, edges between them
/// (through their two chain pawns), the green pawns marked.
pub(crate) fn drawing(
    graph: &HamGraph,
    construction: &Construction,
) -> Result<construction::Drawing, Requirement> {
    let (_, drawing) = build_drawn(graph, construction.variant)?;
    let at = on_board(&drawing, construction);
    Ok(construction::Drawing {
        vertices: drawing.vertex.iter().map(|&v| vec![at(v)]).collect(),
        edges: drawing
            .chain
            .iter()
            .map(|&((u, v), _)| ((u, v), at(drawing.vertex[u]), at(drawing.vertex[v])))
            .collect(),
        marked: drawing.green.iter().flatten().map(|&g| at(g)).collect(),
    })
}

/// The capture sequence of `path` (a checked Hamiltonian path from the start): the
/// unused edges' pawns clear themselves upward, then the king walks the path.
pub fn certify(
    graph: &HamGraph,
    construction: &Construction,
    path: &[usize],
) -> Result<Vec<Move>, TourError> {
    let (_, drawing) = build_drawn(graph, construction.variant).map_err(|_| TourError::NoTour)?;
    let shift = on_board(&drawing, construction);
    let used: rustc_hash::FxHashSet<(usize, usize)> = path
        .windows(2)
        .map(|w| (w[0].min(w[1]), w[0].max(w[1])))
        .collect();
    let mut position = Position::new(&construction.board, construction.variant);
    let mut moves = Vec::new();
    let chains: HashMap<(usize, usize), [(i64, i64); 2]> = drawing.chain.iter().copied().collect();
    for &((u, v), [near_u, near_v]) in &drawing.chain {
        if used.contains(&(u, v)) {
            continue;
        }
        // Lower to upper: rows grow downward, pawns capture toward row 1.
        let (lower, upper, top) = if drawing.vertex[u].0 > drawing.vertex[v].0 {
            (near_u, near_v, drawing.vertex[v])
        } else {
            (near_v, near_u, drawing.vertex[u])
        };
        for mv in [
            Move::new(shift(lower), shift(upper)),
            Move::new(shift(upper), shift(top)),
        ] {
            position.apply(mv).map_err(|why| TourError::Illegal {
                index: moves.len() + 1,
                why,
            })?;
            moves.push(mv);
        }
    }
    let mut groups: Vec<Vec<Square>> = Vec::new();
    for (i, &v) in path.iter().enumerate() {
        if i > 0 {
            let (a, b) = (path[i - 1], v);
            let squares = chains[&(a.min(b), a.max(b))];
            groups.push(squares.iter().map(|&s| shift(s)).collect());
        }
        let cluster: Vec<Square> = [Some(drawing.vertex[v]), drawing.green[v]]
            .into_iter()
            .flatten()
            .map(&shift)
            .filter(|&square| square != construction.special)
            .collect();
        if !cluster.is_empty() {
            groups.push(cluster);
        }
    }
    let tour = construction.guided_tour(position, &groups)?;
    moves.extend(tour);
    Ok(moves)
}
