//! 1-Solo Chess: every budget ≤ 1 (thesis Thm 4.1, generalised to budgets 0 and 1).
//!
//! A piece that has captured has budget 0 and never moves again; the square it stands
//! on can only be emptied by a capture onto it. So every capture ends on one *center*
//! square c, and the board is solvable iff some occupied c is reached, on an otherwise
//! empty board, by every other piece, each with budget 1. Moving the pieces to c nearest
//! first (Chebyshev distance) is then legal: a square strictly between a ranged piece
//! and c is nearer to c, so its piece has already left. When a kind may not be captured
//! (chess.com: the king), its one piece, the *hero* (two never work), must be the last
//! to arrive on c, so no ranged piece may have the hero strictly between itself and c.
//!
//! Candidates for c (at most 17, found in linear time as in the thesis' proof): the
//! square of a 0-piece if there is one; else a short-range hero's square and its
//! targets; else a short-range piece's square and its targets; else, for the first
//! piece p and each of its lines L, the points where the lines of a piece off L cross L
//! (or, when all pieces lie on L, the piece that cannot move along L). Each candidate is
//! checked in O(n); the decision is linear, the sequence sorted in O(n log n).

use rustc_hash::FxHashMap as HashMap;

use sat2chess_core::board::{Board, Piece, Square};
use sat2chess_core::rules::{Move, Variant, reaches_on_empty_board};

use super::decision::Decision;
use super::squares::{line_key, step_squares};
use crate::kinds::{families, strictly_between};

/// Whether every budget is at most 1.
pub(super) fn applies(board: &Board) -> bool {
    board.pieces().iter().all(|p| p.budget <= 1)
}

/// Decides a board of [`applies`] (at least two pieces).
pub(super) fn solve(board: &Board, variant: Variant) -> Decision {
    let pieces = board.pieces();
    let slot_of: HashMap<Square, usize> = pieces
        .iter()
        .enumerate()
        .map(|(i, p)| (p.square, i))
        .collect();
    let heroes: Vec<usize> = (0..pieces.len())
        .filter(|&i| variant.protects(pieces[i].kind))
        .collect();
    if heroes.len() >= 2 {
        return unsolvable(format!(
            "the {}s on {} and {} may not be captured",
            pieces[heroes[0]].kind, pieces[heroes[0]].square, pieces[heroes[1]].square
        ));
    }
    let hero = heroes.first().copied();
    let centers = candidates(pieces, &slot_of, hero);
    let mut failures = Vec::new();
    for &center in &centers {
        match failure(pieces, center, hero) {
            None => {
                return Decision {
                    moves: Some(sequence(pieces, center, hero)),
                    reason: format!(
                        "every budget ≤ 1: every other piece moves \
                         straight to the center square {}, nearest first",
                        pieces[center].square
                    ),
                };
            }
            Some(why) => failures.push(format!("{}: {why}", pieces[center].square)),
        }
    }
    unsolvable(format!(
        "no center square among the {} candidates; {}",
        centers.len(),
        failures.join("; ")
    ))
}

fn unsolvable(why: String) -> Decision {
    Decision {
        moves: None,
        reason: format!(
            "every budget ≤ 1: a piece that has captured never moves \
             again, so all captures end on one center square that every other piece \
             reaches in one move with budget 1 — {why}"
        ),
    }
}

/// The candidate center squares (slots), at most 17 (see the module docs); `hero`: the
/// uncapturable piece, which must reach the center.
fn candidates(
    pieces: &[Piece],
    slot_of: &HashMap<Square, usize>,
    hero: Option<usize>,
) -> Vec<usize> {
    let around = |slot: usize| -> Vec<usize> {
        let piece = &pieces[slot];
        std::iter::once(slot)
            .chain(step_squares(piece.kind, piece.square).filter_map(|s| slot_of.get(&s).copied()))
            .collect()
    };
    if let Some(zero) = pieces.iter().position(|p| p.budget == 0) {
        return vec![zero];
    }
    if let Some(hero) = hero.filter(|&hero| !pieces[hero].kind.is_ranged()) {
        return around(hero);
    }
    if let Some(short) = pieces.iter().position(|p| !p.kind.is_ranged()) {
        return around(short);
    }
    let first = &pieces[0];
    let mut centers = vec![0];
    for &family in families(first.kind) {
        let key = line_key(first.square, family);
        match pieces.iter().find(|p| line_key(p.square, family) != key) {
            Some(off) => centers.extend(
                families(off.kind)
                    .iter()
                    .filter_map(|&other| crossing(family, key, other, line_key(off.square, other)))
                    .filter_map(|s| slot_of.get(&s).copied()),
            ),
            None => centers.extend(
                pieces
                    .iter()
                    .position(|p| !families(p.kind).contains(&family)),
            ),
        }
    }
    centers.sort_unstable();
    centers.dedup();
    centers
}

/// The square where line `key_a` of `family_a` crosses line `key_b` of `family_b`, if
/// they cross on a square with positive coordinates.
fn crossing(family_a: usize, key_a: i64, family_b: usize, key_b: i64) -> Option<Square> {
    if family_a == family_b {
        return None;
    }
    // Solve for (r, c) from two of: r = k0, c = k1, r − c = k2, r + c = k3.
    let mut row = None;
    let mut col = None;
    let mut diff = None;
    let mut sum = None;
    for (family, key) in [(family_a, key_a), (family_b, key_b)] {
        match family {
            0 => row = Some(key),
            1 => col = Some(key),
            2 => diff = Some(key),
            _ => sum = Some(key),
        }
    }
    let (r, c) = match (row, col, diff, sum) {
        (Some(r), Some(c), _, _) => (r, c),
        (Some(r), None, Some(d), _) => (r, r - d),
        (Some(r), None, None, Some(s)) => (r, s - r),
        (None, Some(c), Some(d), _) => (c + d, c),
        (None, Some(c), None, Some(s)) => (s - c, c),
        (None, None, Some(d), Some(s)) if (d + s) % 2 == 0 => ((d + s) / 2, (s - d) / 2),
        _ => return None,
    };
    Some(Square::new(u32::try_from(r).ok()?, u32::try_from(c).ok()?))
        .filter(|s| s.row >= 1 && s.col >= 1)
}

/// Why `center` is not a center square (`None`: it is one).
fn failure(pieces: &[Piece], center: usize, hero: Option<usize>) -> Option<String> {
    let c = pieces[center].square;
    if hero == Some(center) {
        return Some(format!(
            "the {} on {c} would be captured",
            pieces[center].kind
        ));
    }
    for (slot, piece) in pieces.iter().enumerate() {
        if slot == center {
            continue;
        }
        if piece.budget == 0 {
            return Some(format!(
                "the {} on {} has budget 0",
                piece.kind, piece.square
            ));
        }
        if !reaches_on_empty_board(piece.kind, piece.square, c) {
            return Some(format!(
                "the {} on {} cannot reach it",
                piece.kind, piece.square
            ));
        }
        if let Some(hero) = hero
            && piece.kind.is_ranged()
            && strictly_between(piece.square, c, pieces[hero].square)
        {
            return Some(format!(
                "the {} on {} is blocked by the {} on {}, which must arrive last",
                piece.kind, piece.square, pieces[hero].kind, pieces[hero].square
            ));
        }
    }
    None
}

/// Every other piece to `center`, nearest first (the hero, which must be last, last).
fn sequence(pieces: &[Piece], center: usize, hero: Option<usize>) -> Vec<Move> {
    let c = pieces[center].square;
    let distance = |s: Square| s.row.abs_diff(c.row).max(s.col.abs_diff(c.col));
    let mut order: Vec<usize> = (0..pieces.len()).filter(|&i| i != center).collect();
    order.sort_unstable_by_key(|&i| (Some(i) == hero, distance(pieces[i].square)));
    order
        .into_iter()
        .map(|i| Move::new(pieces[i].square, c))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use sat2chess_core::board::PieceKind;

    fn board(pieces: &[(PieceKind, u32, u32, u32)]) -> Board {
        Board::fitted(
            pieces
                .iter()
                .map(|&(k, r, c, b)| Piece::new(k, Square::new(r, c), b))
                .collect(),
        )
        .unwrap()
    }

    #[test]
    fn thesis_figure_4_1_center_is_found_among_long_range_pieces() {
        // Rooks, a bishop and queens, all budget 1, all reaching (4,5) (thesis Fig. 4.1).
        use PieceKind::*;
        let b = board(&[
            (Rook, 4, 2, 1),
            (Bishop, 2, 3, 1),
            (Rook, 7, 5, 1),
            (Queen, 1, 8, 1),
            (Queen, 4, 5, 1),
        ]);
        let decision = solve(&b, Variant::Standard);
        let moves = decision.moves.expect("solvable");
        assert!(moves.iter().all(|m| m.to == Square::new(4, 5)));
    }

    #[test]
    fn two_zero_pieces_are_unsolvable() {
        use PieceKind::*;
        let b = board(&[(King, 1, 1, 0), (King, 1, 2, 0), (King, 2, 1, 1)]);
        let decision = solve(&b, Variant::Standard);
        assert_eq!(decision.moves, None);
        assert!(decision.reason.contains("budget 0"), "{}", decision.reason);
    }

    #[test]
    fn crossings_of_all_family_pairs() {
        assert_eq!(crossing(0, 3, 1, 4), Some(Square::new(3, 4)));
        assert_eq!(crossing(2, 0, 3, 6), Some(Square::new(3, 3)));
        assert_eq!(crossing(2, 0, 3, 5), None);
        assert_eq!(crossing(0, 2, 3, 7), Some(Square::new(2, 5)));
        assert_eq!(crossing(1, 2, 2, -1), Some(Square::new(1, 2)));
        assert_eq!(crossing(0, 1, 0, 2), None);
    }
}
