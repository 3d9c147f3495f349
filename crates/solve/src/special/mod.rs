//! The polynomial special cases of Solo Chess, tried before the exact engines. Each
//! decides its class outright and returns either a capture sequence or a proof-style
//! reason why none exists:
//!
//! - [`one_budget`]: every budget ≤ 1 — thesis Thm 4.1 (1-Solo Chess), linear time.
//! - [`one_line`]: all pieces on one row or one column — thesis Lemmas 4.3–4.5 and
//!   Thm 4.2 (one-dimensional ≤B-Solo Chess); with rooks and queens alone, the 1D rook
//!   characterisation of Aravind–Misra–Mittal 2022, Theorem 1 (reported as such: the
//!   rook phase of [`one_line`] is that theorem, `tests/amm.rs` checks its criterion as
//!   stated against brute force).
//! - [`unlimited`]: one piece type and *unlimited* budgets — Brunner et al. Thm 2.2
//!   (spanning in-arborescence of the immediate capture graph). A solution makes n − 1
//!   captures, so no piece ever needs more than n − 1: on our boards "unlimited" means
//!   every budget ≥ n − 1 for n pieces.
//! - [`hero`]: one uncapturable hero among villains of one kind (king¹, rook¹ or
//!   bishop¹ among queens; pawn¹ among kings, bishops or queens), unlimited budgets —
//!   Brunner et al. Thm 2.16 (search over interesting hero paths), O(n³).
//! - [`pawn_two`]: all pawns, budgets ≤ 2 — Aravind–Misra–Mittal 2022 Theorem 4 (Pawn
//!   2-Solo Chess), with a corrected characterisation, linear time.
//!
//! Every sequence returned is replayed by the rules checker in the property tests
//! (`tests/solver_special.rs`) and by `sat2chess solve` before it is printed.

mod decision;
mod hero;
mod one_budget;
mod one_line;
mod pawn_two;
mod squares;
mod unlimited;

use sat2chess_core::board::{Board, PieceKind};
use sat2chess_core::rules::Variant;

pub(crate) use decision::Decision;

/// A polynomial class decided without search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpecialCase {
    /// Every budget ≤ 1 (thesis Thm 4.1).
    OneBudget,
    /// All pieces on one row or one column (thesis Thm 4.2).
    OneLine,
    /// Rooks and queens alone, on one row or one column (Aravind–Misra–Mittal 2022
    /// Theorem 1; decided by `one_line` too).
    OneLineRooks,
    /// One piece type, every budget ≥ n − 1 (Brunner et al. Thm 2.2).
    Unlimited,
    /// One uncapturable hero among villains of one kind whose captures include the
    /// hero's (king¹, rook¹, bishop¹ among queens; pawn¹ among kings, bishops, queens),
    /// every budget ≥ n − 1 (Brunner et al. Thm 2.16).
    HeroAndVillains,
    /// All pawns, every budget ≤ 2 (Aravind–Misra–Mittal 2022 Theorem 4).
    PawnTwo,
}

impl SpecialCase {
    /// A short name for reports (`solve --explain`).
    pub fn name(self) -> &'static str {
        match self {
            SpecialCase::OneBudget => "1-Solo Chess (thesis Thm 4.1)",
            SpecialCase::OneLine => "one-dimensional Solo Chess (thesis Thm 4.2)",
            SpecialCase::OneLineRooks => {
                "rooks on one line (Aravind–Misra–Mittal 2022 Theorem 1; thesis Lemma 4.3)"
            }
            SpecialCase::Unlimited => "one piece type, unlimited budgets (Brunner et al. Thm 2.2)",
            SpecialCase::HeroAndVillains => {
                "one uncapturable hero among villains of one kind, unlimited budgets \
                 (Brunner et al. Thm 2.16)"
            }
            SpecialCase::PawnTwo => {
                "Pawn 2-Solo Chess (Aravind–Misra–Mittal 2022 Theorem 4, characterisation corrected)"
            }
        }
    }
}

/// The special case `board` belongs to, decided; `None` when it belongs to none.
pub(crate) fn decide(board: &Board, variant: Variant) -> Option<(SpecialCase, Decision)> {
    if board.len() < 2 {
        return None;
    }
    if one_budget::applies(board) {
        return Some((SpecialCase::OneBudget, one_budget::solve(board, variant)));
    }
    if one_line::applies(board, variant) {
        let rooks_alone = board
            .pieces()
            .iter()
            .all(|p| matches!(p.kind, PieceKind::Rook | PieceKind::Queen));
        let case = if rooks_alone {
            SpecialCase::OneLineRooks
        } else {
            SpecialCase::OneLine
        };
        return Some((case, one_line::solve(board)));
    }
    if unlimited::applies(board) {
        return Some((SpecialCase::Unlimited, unlimited::solve(board, variant)));
    }
    if hero::applies(board, variant) {
        return Some((SpecialCase::HeroAndVillains, hero::solve(board, variant)));
    }
    // Theorem 4 knows no uncapturable pawn (all-pawn boards under such rules go on to
    // the exact engines).
    if pawn_two::applies(board) && variant.on(board) == Variant::Standard {
        return Some((SpecialCase::PawnTwo, pawn_two::solve(board)));
    }
    None
}
