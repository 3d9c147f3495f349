//! The reference search: plain depth-first search over every legal capture, with no
//! memo and no pruning. Exponential; used only to cross-check [`super::solve`] on tiny boards.

use sat2chess_core::board::Board;
use sat2chess_core::rules::{Move, Position, Variant};

/// A solving sequence for `board`, if one exists, found by exhaustive search.
pub fn brute_force(board: &Board, variant: Variant) -> Option<Vec<Move>> {
    fn go(position: &Position, path: &mut Vec<Move>) -> bool {
        if position.len() == 1 {
            return true;
        }
        for mv in position.legal_moves() {
            let mut next = position.clone();
            next.apply(mv).expect("legal move");
            path.push(mv);
            if go(&next, path) {
                return true;
            }
            path.pop();
        }
        false
    }
    let mut path = Vec::new();
    (!board.is_empty() && go(&Position::new(board, variant), &mut path)).then_some(path)
}
