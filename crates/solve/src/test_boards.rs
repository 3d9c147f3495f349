//! Test boards drawn as pictures, shared by the solver's unit tests.

use sat2chess_core::board::{Board, Piece, PieceKind, Square};

/// Kings from a picture: digits are budgets, anything else is empty.
pub(crate) fn kings(picture: &[&str]) -> Board {
    let mut pieces = Vec::new();
    for (r, line) in picture.iter().enumerate() {
        for (c, ch) in line.chars().enumerate() {
            if let Some(budget) = ch.to_digit(10) {
                let square = Square::new(r as u32 + 1, c as u32 + 1);
                pieces.push(Piece::new(PieceKind::King, square, budget));
            }
        }
    }
    Board::fitted(pieces).unwrap()
}
