//! Which theorem of Brunner et al. covers which pair of piece types, and the
//! constructions (docs/unlimited.md has the table and the reading of
//! the paper's garbled piece symbols).

use sat2chess_core::board::PieceKind;
use sat2chess_core::rules::{Move, Variant};

use crate::construction::{Construction, TourError};
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
        number: "3.7",
        special: King,
        other: Pawn,
        source: HAM,
        construct: Construct::King,
    },
];

/// The theorem covering the pair `{a, b}` (in either order); `None` when `a == b` (one
/// piece type is polynomial, Theorem 2.2).
pub fn covering(a: PieceKind, b: PieceKind) -> Option<&'static Theorem> {
    THEOREMS
        .iter()
        .find(|t| (t.special, t.other) == (a, b) || (t.special, t.other) == (b, a))
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
