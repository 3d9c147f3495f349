//! Which theorem of Brunner et al. covers which pair of piece types, and the
//! constructions implemented so far (docs/unlimited.md has the table and the reading of
//! the paper's garbled piece symbols).

use sat2chess_core::board::PieceKind;
use sat2chess_core::rules::{Move, Variant};

use crate::construction::{Construction, TourError};
use crate::graph::HamGraph;
use crate::requirement::Requirement;
use crate::{king, knight, rook};

/// A §3.1 construction implemented here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Construct {
    /// Theorem 3.1: one knight among pawns or kings, the grid turned by arctan ½.
    Knight,
    /// Theorem 3.2: one rook among pawns, vertex rectangles of seven pawns.
    Rook,
    /// Theorem 3.7: one king among pawns, the grid turned by 45°, green pawns.
    King,
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
    /// The construction, when implemented.
    pub construct: Option<Construct>,
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
        construct: Some(Construct::Knight),
    },
    Theorem {
        number: "3.1",
        special: Knight,
        other: King,
        source: HAM,
        construct: Some(Construct::Knight),
    },
    Theorem {
        number: "3.2",
        special: Rook,
        other: Pawn,
        source: HAM,
        construct: Some(Construct::Rook),
    },
    Theorem {
        number: "3.3",
        special: Rook,
        other: King,
        source: HAM,
        construct: None,
    },
    Theorem {
        number: "3.3",
        special: Rook,
        other: Knight,
        source: HAM,
        construct: None,
    },
    Theorem {
        number: "3.4",
        special: Rook,
        other: Bishop,
        source: HAM,
        construct: None,
    },
    Theorem {
        number: "3.4",
        special: Queen,
        other: Pawn,
        source: HAM,
        construct: None,
    },
    Theorem {
        number: "3.4",
        special: Queen,
        other: King,
        source: HAM,
        construct: None,
    },
    Theorem {
        number: "3.4",
        special: Queen,
        other: Knight,
        source: HAM,
        construct: None,
    },
    Theorem {
        number: "3.4",
        special: Queen,
        other: Bishop,
        source: HAM,
        construct: None,
    },
    Theorem {
        number: "3.5",
        special: Bishop,
        other: Pawn,
        source: HAM,
        construct: None,
    },
    Theorem {
        number: "3.5",
        special: Bishop,
        other: King,
        source: HAM,
        construct: None,
    },
    Theorem {
        number: "3.5",
        special: Bishop,
        other: Knight,
        source: HAM,
        construct: None,
    },
    Theorem {
        number: "3.6",
        special: Queen,
        other: Rook,
        source: HAM,
        construct: None,
    },
    Theorem {
        number: "3.7",
        special: King,
        other: Pawn,
        source: HAM,
        construct: Some(Construct::King),
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
    /// The board of `graph` under `variant`, if the construction is implemented.
    pub fn build(
        &self,
        graph: &HamGraph,
        variant: Variant,
    ) -> Option<Result<Construction, Requirement>> {
        let construct = self.construct?;
        Some(match construct {
            Construct::Knight if self.other == King && variant == Variant::KingLast => {
                Err(Requirement::KingsUncapturable)
            }
            Construct::Knight => knight::build(graph, self.other, variant),
            Construct::Rook => rook::build(graph, variant),
            Construct::King => king::build(graph, variant),
        })
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
            Some(Construct::Knight) => knight::certify(construction, path),
            Some(Construct::Rook) => rook::certify(construction, path),
            Some(Construct::King) => king::certify(graph, construction, path),
            None => Err(TourError::NoTour),
        }
    }
}
