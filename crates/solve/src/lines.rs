//! Ranged pieces on one line: the 1D Rook Lemma (thesis Lemma 4.3) decides whether a
//! side of a cut vertex that lies on one row or column, with its cut vertex, can be
//! cleared into that cut vertex — in linear time, where the search engine would
//! otherwise enumerate capture orders of the line ([`super::engine`]'s side checks).
//!
//! Claim. Let the pieces S ∪ {v} lie on one row or one column ℓ, no king among them,
//! and let the piece on v never move (its budget is 0 in the side-clearing sub-board).
//! Split S into P and Q, the pieces before and after v along ℓ. Then S ∪ {v} reduces
//! to one piece on v iff the rook budgets (rooks and queens; 0 for every other kind)
//! of P sum to at least |P|, and those of Q to at least |Q|.
//!
//! Proof. Along ℓ only rooks and queens capture: a bishop, knight or pawn capture
//! changes both the row and the column, so it leaves ℓ, where no piece stands. Those
//! kinds behave as 0-rooks. The square v stays occupied to the end (it holds the final
//! piece, and a vacated square is never re-occupied), so no capture passes over v: the
//! pieces of P only capture within P ∪ {v}, those of Q within Q ∪ {v}, and the two
//! halves interact only through v, whose piece is captured but never moves. Hence
//! S ∪ {v} reduces onto v iff P ∪ {v} reduces to one piece on its end square v, and so
//! does Q ∪ {v} (run one half's sequence, then the other's). By the 1D Rook Lemma 4.3,
//! a line of m rooks reduces to one piece on its end square iff the budgets of the
//! m − 1 other rooks sum to at least m − 1; with m − 1 = |P| (resp. |Q|) this is the
//! claim. (Necessity is direct: the piece on v never moves and every capture spends
//! one unit of a budget of P; sufficiency is the lemma's construction.)

use sat2chess_core::board::PieceKind;

use super::geometry::Geometry;
use super::state::State;

/// Whether `side ∪ {cut}` (pieces of `state`) reduces to one piece on `cut` when the
/// piece on `cut` never moves, by the module's claim; `None` when the claim does not
/// apply (the pieces are not on one row or column, or one of them is a king).
pub(crate) fn clears_into_on_line(
    geo: &Geometry,
    state: &State,
    side: &[usize],
    cut: usize,
) -> Option<bool> {
    let centre = geo.squares[cut];
    let on_row = side.iter().all(|&s| geo.squares[s].row == centre.row);
    let on_col = side.iter().all(|&s| geo.squares[s].col == centre.col);
    let no_kings = side
        .iter()
        .chain([&cut])
        .all(|&s| state.kind[s] != PieceKind::King);
    if !(on_row || on_col) || !no_kings {
        return None;
    }
    let along = |s: usize| {
        let square = geo.squares[s];
        if on_row { square.col } else { square.row }
    };
    let rook_budget = |s: usize| match state.kind[s] {
        PieceKind::Rook | PieceKind::Queen => state.budget[s] as u64,
        _ => 0,
    };
    // Per half (before, after v): pieces and rook budgets.
    let mut halves = [(0u64, 0u64); 2];
    for &s in side {
        let half = &mut halves[usize::from(along(s) > along(cut))];
        half.0 += 1;
        half.1 += rook_budget(s);
    }
    Some(halves.iter().all(|&(pieces, budget)| budget >= pieces))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sat2chess_core::board::{Board, Piece, Square};
    use sat2chess_core::rules::{Position, Variant};

    /// Plain search: whether `position` reduces to one piece on `target`.
    fn reduces_onto(position: &Position, target: Square) -> bool {
        if position.len() == 1 {
            return position.get(target).is_some();
        }
        position.legal_moves().into_iter().any(|mv| {
            let mut next = position.clone();
            next.apply(mv).expect("legal move");
            next.get(target).is_some() && reduces_onto(&next, target)
        })
    }

    #[test]
    fn the_1d_rook_lemma_agrees_with_brute_force_on_random_lines() {
        use PieceKind::{Bishop, King, Knight, Pawn, Queen, Rook};
        let kinds = [Rook, Rook, Queen, Bishop, Knight, Pawn, King];
        let mut rng = fastrand::Rng::with_seed(43);
        let (mut applied, mut solvable) = (0, 0);
        for _ in 0..3000 {
            let count = rng.usize(2..=7);
            let on_row = rng.bool();
            let mut cells: Vec<u32> = (1..=9).collect();
            rng.shuffle(&mut cells);
            let fixed = rng.u32(1..=4);
            let pieces: Vec<Piece> = cells[..count]
                .iter()
                .enumerate()
                .map(|(i, &at)| {
                    let square = if on_row {
                        Square::new(fixed, at)
                    } else {
                        Square::new(at, fixed)
                    };
                    // The cut's piece (index 0) never moves: budget 0.
                    let budget = if i == 0 { 0 } else { rng.u32(0..=3) };
                    Piece::new(kinds[rng.usize(..kinds.len())], square, budget)
                })
                .collect();
            let board = Board::new(9, 9, pieces.clone()).unwrap();
            let geo = Geometry::new(&board);
            let state = State::new(&board, &geo);
            let cut = (0..geo.len())
                .find(|&s| geo.squares[s] == pieces[0].square)
                .unwrap();
            let side: Vec<usize> = (0..geo.len()).filter(|&s| s != cut).collect();
            let Some(answer) = clears_into_on_line(&geo, &state, &side, cut) else {
                assert!(pieces.iter().any(|p| p.kind == King));
                continue;
            };
            applied += 1;
            solvable += usize::from(answer);
            let position = Position::new(&board, Variant::Standard);
            assert_eq!(
                answer,
                reduces_onto(&position, pieces[0].square),
                "{pieces:?}"
            );
        }
        // Both answers occur often enough to make the comparison meaningful.
        assert!(applied > 1000 && solvable > 200 && applied - solvable > 200);
    }

    #[test]
    fn off_line_or_kings_do_not_apply() {
        use PieceKind::{King, Rook};
        let board = Board::fitted(vec![
            Piece::new(Rook, Square::new(1, 1), 0),
            Piece::new(Rook, Square::new(1, 3), 1),
            Piece::new(Rook, Square::new(2, 3), 1),
            Piece::new(King, Square::new(1, 5), 1),
        ])
        .unwrap();
        let geo = Geometry::new(&board);
        let state = State::new(&board, &geo);
        let slot = |row, col| {
            (0..geo.len())
                .find(|&s| geo.squares[s] == Square::new(row, col))
                .unwrap()
        };
        let cut = slot(1, 1);
        let off_line = [slot(1, 3), slot(2, 3)];
        assert_eq!(clears_into_on_line(&geo, &state, &off_line, cut), None);
        let with_king = [slot(1, 3), slot(1, 5)];
        assert_eq!(clears_into_on_line(&geo, &state, &with_king, cut), None);
        assert_eq!(
            clears_into_on_line(&geo, &state, &[slot(1, 3)], cut),
            Some(true)
        );
    }
}
