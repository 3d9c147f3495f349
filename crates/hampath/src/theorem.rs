//! Which theorem of Brunner et al. covers which pair of piece types, and the
//! constructions (docs/unlimited.md has the table and the reading of
//! the paper's garbled piece symbols).

use sat2chess_core::board::{PieceKind, Square};
use sat2chess_core::rules::{Move, Variant};

use crate::construction::{Construction, Drawing, TourError};
use crate::corollary::{self, Motion};
use crate::graph::HamGraph;
use crate::requirement::Requirement;
use crate::{king, knight, rook};

/// A §3.1 construction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Construct {
    /// Theorem 3.1: one knight among pawns or kings, the grid turned by arctan ½.
    Knight,
    /// Theorem 3.2: one rook among pawns, vertex rectangles of seven pawns.
    Rook,
    /// Theorem 3.7: one king among pawns, the grid turned by 45°, green pawns.
    King,
    /// Corollaries 3.3–3.6: the Theorem 3.2 board moved and its pieces renamed.
    Moved(Motion),
}

/// One row of the paper's Corollary 3.8: a pair of piece types and the result proving
/// it NP-hard with unlimited captures.
#[derive(Clone, Copy, Debug)]
pub struct Theorem {
    /// `3.1`, `3.2`, `3.3` … (Theorem or Corollary number).
    pub number: &'static str,
    /// The single piece that must visit the others (the paper's `T¹`).
    pub special: PieceKind,
    /// The other piece type (many copies, none of them ever moves in §3.1).
    pub other: PieceKind,
    /// The source problem.
    pub source: &'static str,
    /// The construction.
    pub construct: Construct,
}

use PieceKind::{Bishop, King, Knight, Pawn, Queen, Rook};

const HAM: &str = "Hamiltonian Path";

/// The 15 pairs of distinct piece types (Corollary 3.8's case analysis).
pub const THEOREMS: &[Theorem] = &[
    Theorem {
        number: "3.1",
        special: Knight,
        other: Pawn,
        source: HAM,
        construct: Construct::Knight,
    },
    Theorem {
        number: "3.1",
        special: Knight,
        other: King,
        source: HAM,
        construct: Construct::Knight,
    },
    Theorem {
        number: "3.2",
        special: Rook,
        other: Pawn,
        source: HAM,
        construct: Construct::Rook,
    },
    Theorem {
        number: "3.3",
        special: Rook,
        other: King,
        source: HAM,
        construct: Construct::Moved(Motion::Scaled),
    },
    Theorem {
        number: "3.3",
        special: Rook,
        other: Knight,
        source: HAM,
        construct: Construct::Moved(Motion::Scaled),
    },
    Theorem {
        number: "3.4",
        special: Rook,
        other: Bishop,
        source: HAM,
        construct: Construct::Moved(Motion::Spread { scale: false }),
    },
    Theorem {
        number: "3.4",
        special: Queen,
        other: Pawn,
        source: HAM,
        construct: Construct::Moved(Motion::Spread { scale: false }),
    },
    Theorem {
        number: "3.4",
        special: Queen,
        other: King,
        source: HAM,
        construct: Construct::Moved(Motion::Spread { scale: true }),
    },
    Theorem {
        number: "3.4",
        special: Queen,
        other: Knight,
        source: HAM,
        construct: Construct::Moved(Motion::Spread { scale: true }),
    },
    Theorem {
        number: "3.4",
        special: Queen,
        other: Bishop,
        source: HAM,
        construct: Construct::Moved(Motion::Spread { scale: false }),
    },
    Theorem {
        number: "3.5",
        special: Bishop,
        other: Pawn,
        source: HAM,
        construct: Construct::Moved(Motion::Turned),
    },
    Theorem {
        number: "3.5",
        special: Bishop,
        other: King,
        source: HAM,
        construct: Construct::Moved(Motion::Turned),
    },
    Theorem {
        number: "3.5",
        special: Bishop,
        other: Knight,
        source: HAM,
        construct: Construct::Moved(Motion::Turned),
    },
    Theorem {
        number: "3.6",
        special: Queen,
        other: Rook,
        source: HAM,
        construct: Construct::Moved(Motion::SpreadTurned),
    },
    Theorem {
        number: "3.6",
        special: Bishop,
        other: Rook,
        source: HAM,
        construct: Construct::Moved(Motion::SpreadTurned),
    },
    Theorem {
        number: "3.7",
        special: King,
        other: Pawn,
        source: HAM,
        construct: Construct::King,
    },
];

/// What the paper says of a case [`THEOREMS`] does not build: `special` (one piece)
/// among pieces of type `other`.
#[derive(Clone, Copy, Debug)]
pub struct Unbuilt {
    /// The result (`Theorem 3.9`, `§4` …).
    pub result: &'static str,
    pub special: PieceKind,
    pub other: PieceKind,
    /// The source problem, or why there is none.
    pub source: &'static str,
    /// Why sat2chess does not build it.
    pub status: &'static str,
}

const PLANAR: &str = "Planar Monotone 3-SAT";

/// The `¹` cases of Table 1 that [`THEOREMS`] (the Hamiltonian-path constructions) does
/// not build, one a line: when a construction is added to [`THEOREMS`], its line goes (a
/// test refuses a case in both). Theorem 3.9 is built from a CNF ([`crate::planar`]).
pub const UNBUILT: &[Unbuilt] = &[
    Unbuilt::from_cnf("Theorem 3.9", Pawn, Knight),
    Unbuilt::from_cnf("Theorem 3.9", King, Knight),
    Unbuilt::from_cnf("Theorem 3.10", King, Bishop),
    Unbuilt::from_cnf("Theorem 3.11", Knight, Rook),
    Unbuilt::from_cnf("Theorem 3.11", Knight, Bishop),
    Unbuilt::from_cnf("Theorem 3.11", Knight, Queen),
    Unbuilt::open(King, Rook),
    Unbuilt::open(Pawn, Rook),
];

impl Unbuilt {
    /// A §3.2 case built from a CNF through Planar Monotone 3-SAT ([`crate::planar`]).
    const fn from_cnf(result: &'static str, special: PieceKind, other: PieceKind) -> Unbuilt {
        Unbuilt {
            result,
            special,
            other,
            source: PLANAR,
            status: "built from a CNF (compile F.cnf --unlimited)",
        }
    }

    /// A case §4 leaves open.
    const fn open(special: PieceKind, other: PieceKind) -> Unbuilt {
        Unbuilt {
            result: "§4 (open)",
            special,
            other,
            source: "-",
            status: "open problem",
        }
    }
}

/// The order of the paper's Table 1: pawn, king, knight, rook, bishop, queen.
pub const TABLE_ORDER: [PieceKind; 6] = [Pawn, King, Knight, Rook, Bishop, Queen];

/// One line of the table of cases (`sat2chess pairs`): [`THEOREMS`], then [`UNBUILT`],
/// then one piece type alone (Theorem 2.2), ordered by unordered pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The unordered pair, in [`TABLE_ORDER`].
    pub pair: (PieceKind, PieceKind),
    /// `Theorem 3.1`, `Corollary 3.4`, …
    pub result: String,
    /// The single piece (the paper's `T¹`); `None` for one piece type.
    pub special: Option<PieceKind>,
    pub source: &'static str,
    /// `built`, or why not.
    pub status: &'static str,
    /// Whether `compile --unlimited --pieces` on this pair builds this case.
    pub compiled: bool,
}

/// Every case: each unordered pair of piece types (one type twice included) with the
/// results covering it, from [`THEOREMS`] (what compile builds) and [`UNBUILT`].
pub fn cases() -> Vec<Case> {
    let rank = |k: PieceKind| TABLE_ORDER.iter().position(|&x| x == k);
    let pair = |a: PieceKind, b: PieceKind| if rank(a) <= rank(b) { (a, b) } else { (b, a) };
    let built = THEOREMS.iter().map(|t| Case {
        pair: pair(t.special, t.other),
        result: t.title(),
        special: Some(t.special),
        source: t.source,
        status: "built",
        compiled: covering(t.special, t.other).is_some_and(|c| std::ptr::eq(c, t)),
    });
    let unbuilt = UNBUILT.iter().map(|u| Case {
        pair: pair(u.special, u.other),
        result: u.result.to_owned(),
        special: Some(u.special),
        source: u.source,
        status: u.status,
        compiled: false,
    });
    let alone = TABLE_ORDER.into_iter().map(|k| Case {
        pair: (k, k),
        result: "Theorem 2.2".to_owned(),
        special: None,
        source: "-",
        status: "polynomial: no reduction",
        compiled: false,
    });
    let mut cases: Vec<Case> = built.chain(unbuilt).chain(alone).collect();
    cases.sort_by_key(|c| (rank(c.pair.0), rank(c.pair.1), !c.compiled));
    cases
}

/// The theorem covering the pair `{a, b}`: one piece `a` among `b`s where a theorem
/// builds that case (`bishop,rook` is Corollary 3.6, `rook,bishop` Corollary 3.4), else
/// the first in either order; `None` when `a == b` (one piece type is polynomial,
/// Theorem 2.2).
pub fn covering(a: PieceKind, b: PieceKind) -> Option<&'static Theorem> {
    let special_first = |(special, other): (PieceKind, PieceKind)| {
        THEOREMS
            .iter()
            .find(move |t| (t.special, t.other) == (special, other))
    };
    special_first((a, b)).or_else(|| special_first((b, a)))
}

impl Theorem {
    /// `Theorem 3.2`, `Corollary 3.4`, … as the paper names it.
    pub fn title(&self) -> String {
        let kind = match self.construct {
            Construct::Moved(_) => "Corollary",
            _ => "Theorem",
        };
        format!("{kind} {}", self.number)
    }

    /// The board of `graph` under `variant`.
    pub fn build(&self, graph: &HamGraph, variant: Variant) -> Result<Construction, Requirement> {
        if self.other == King && variant == Variant::KingLast {
            return Err(Requirement::KingsUncapturable);
        }
        match self.construct {
            Construct::Knight => knight::build(graph, self.other, variant),
            Construct::Rook => rook::build(graph, variant),
            Construct::King => king::build(graph, variant),
            Construct::Moved(motion) => rook::build(graph, variant)
                .and_then(|board| corollary::derive(&board, motion, self.special, self.other)),
        }
    }

    /// Where `graph` lies on `construction` (built by [`Theorem::build`] from `graph`).
    pub fn drawing(
        &self,
        graph: &HamGraph,
        construction: &Construction,
    ) -> Result<Drawing, Requirement> {
        match self.construct {
            Construct::Knight => {
                let squares = vertex_squares(graph, construction);
                Ok(Drawing {
                    vertices: squares.iter().map(|list| list[..1].to_vec()).collect(),
                    edges: graph
                        .edges()
                        .into_iter()
                        .map(|(u, v)| ((u, v), squares[u][0], squares[v][0]))
                        .collect(),
                    marked: Vec::new(),
                })
            }
            Construct::Rook => Ok(rook_drawing(graph, construction)),
            Construct::Moved(motion) => {
                let rook_board = rook::build(graph, construction.variant)?;
                let h = i64::from(rook_board.board.rows());
                let (r, c) = motion.apply(h, rook_board.special);
                let (dr, dc) = (
                    i64::from(construction.special.row) - r,
                    i64::from(construction.special.col) - c,
                );
                let at = |square: Square| {
                    let (r, c) = motion.apply(h, square);
                    Square::new((r + dr) as u32, (c + dc) as u32)
                };
                let drawn = rook_drawing(graph, &rook_board);
                Ok(Drawing {
                    vertices: drawn
                        .vertices
                        .iter()
                        .map(|squares| squares.iter().map(|&s| at(s)).collect())
                        .collect(),
                    edges: drawn
                        .edges
                        .iter()
                        .map(|&(e, a, b)| (e, at(a), at(b)))
                        .collect(),
                    marked: Vec::new(),
                })
            }
            Construct::King => king::drawing(graph, construction),
        }
    }

    /// The capture sequence of `path`, a Hamiltonian path of `graph` (checked by the
    /// caller), on `construction` (built by [`Theorem::build`] from `graph`).
    pub fn certify(
        &self,
        graph: &HamGraph,
        construction: &Construction,
        path: &[usize],
    ) -> Result<Vec<Move>, TourError> {
        match self.construct {
            Construct::Knight => knight::certify(construction, path),
            Construct::Rook | Construct::Moved(_) => rook::certify(construction, path),
            Construct::King => king::certify(graph, construction, path),
        }
    }
}

/// The squares each vertex owns on `construction` (the special piece's square counted
/// as the start's), sorted.
fn vertex_squares(graph: &HamGraph, construction: &Construction) -> Vec<Vec<Square>> {
    let mut squares = vec![Vec::new(); graph.len()];
    for (&square, &v) in &construction.owner {
        squares[v].push(square);
    }
    if !squares[construction.start].contains(&construction.special) {
        squares[construction.start].push(construction.special);
    }
    for list in &mut squares {
        list.sort_unstable();
    }
    squares
}

/// Where `graph` lies on its Theorem 3.2 board: each inner vertex its rectangle (the
/// corners of its squares), `s` the rook, `t` its pawn; each edge the column where
/// squares of both its ends stand (edge columns hold no other vertex's square).
fn rook_drawing(graph: &HamGraph, construction: &Construction) -> Drawing {
    let squares = vertex_squares(graph, construction);
    let vertices = squares
        .iter()
        .map(|list| {
            let rows = list.iter().map(|s| s.row);
            let cols = list.iter().map(|s| s.col);
            let (top, bottom) = (rows.clone().min(), rows.max());
            let (left, right) = (cols.clone().min(), cols.max());
            match (top, bottom, left, right) {
                (Some(t), Some(b), Some(l), Some(r)) if list.len() > 1 => vec![
                    Square::new(t, l),
                    Square::new(t, r),
                    Square::new(b, r),
                    Square::new(b, l),
                ],
                _ => list.clone(),
            }
        })
        .collect();
    let edges = graph
        .edges()
        .into_iter()
        .filter_map(|(u, v)| {
            squares[u].iter().find_map(|&a| {
                squares[v]
                    .iter()
                    .find(|b| b.col == a.col)
                    .map(|&b| ((u, v), a, b))
            })
        })
        .collect();
    Drawing {
        vertices,
        edges,
        marked: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format;

    #[test]
    fn every_pair_is_listed_and_no_case_is_both_built_and_not() {
        for u in UNBUILT {
            assert!(
                !THEOREMS
                    .iter()
                    .any(|t| (t.special, t.other) == (u.special, u.other)),
                "{} among {}s is in THEOREMS and UNBUILT",
                u.special.name(),
                u.other.name()
            );
        }
        let cases = cases();
        for a in TABLE_ORDER {
            for b in TABLE_ORDER {
                let pair = cases.iter().filter(|c| c.pair == (a, b));
                let compiled = pair.clone().filter(|c| c.compiled).count();
                let rank = |k| TABLE_ORDER.iter().position(|&x| x == k);
                if rank(a) < rank(b) {
                    // One result per pair, but {rook, bishop}: `--pieces` chooses between
                    // Corollaries 3.4 and 3.6 by the order.
                    let expected = if (a, b) == (Rook, Bishop) { 2 } else { 1 };
                    assert_eq!(compiled, expected, "{} and {}", a.name(), b.name());
                } else if a == b {
                    assert_eq!(pair.count(), 1);
                } else {
                    assert_eq!(pair.count(), 0, "pairs are written in TABLE_ORDER");
                }
            }
        }
    }

    /// Every edge of every drawing joins squares of its two ends that the special piece
    /// moves between: on one row, column or diagonal (a knight's move for Theorem 3.1).
    #[test]
    fn drawings_place_every_edge_on_a_line_of_the_special_piece() {
        let ladder = "grid\n0 0\n1 0\n1 1\n2 1\n2 0\n3 0\nstart 0 0\nend 3 0\n";
        for theorem in THEOREMS {
            let text = match theorem.construct {
                Construct::Knight | Construct::King => ladder.replace("end 3 0\n", ""),
                _ => ladder.to_owned(),
            };
            let graph = format::parse(&text, "ladder").unwrap();
            let construction = theorem.build(&graph, Variant::Standard).unwrap();
            let drawing = theorem.drawing(&graph, &construction).unwrap();
            assert_eq!(drawing.vertices.len(), graph.len());
            assert_eq!(drawing.edges.len(), graph.edges().len());
            let on_board = |s: Square| construction.board.pieces().iter().any(|p| p.square == s);
            for &((u, v), a, b) in &drawing.edges {
                assert!(
                    on_board(a) && on_board(b),
                    "{}: edge {u}-{v}",
                    theorem.title()
                );
                let (dr, dc) = (
                    (i64::from(a.row) - i64::from(b.row)).abs(),
                    (i64::from(a.col) - i64::from(b.col)).abs(),
                );
                let line = match theorem.construct {
                    Construct::Knight => (dr, dc) == (1, 2) || (dr, dc) == (2, 1),
                    _ => dr == 0 || dc == 0 || dr == dc,
                };
                assert!(line, "{}: edge {u}-{v} from {a} to {b}", theorem.title());
            }
            for corners in &drawing.vertices {
                assert!(corners.iter().all(|&s| on_board(s)), "{}", theorem.title());
            }
        }
    }
}
