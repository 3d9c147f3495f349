//! Piece kinds as the search numbers them ([`kind_index`]), the lines the ranged kinds
//! move along ([`families`]), and the squares a ranged move passes over
//! ([`strictly_between`]).

use sat2chess_core::board::{PieceKind, Square};

pub(crate) fn kind_index(kind: PieceKind) -> usize {
    match kind {
        PieceKind::King => 0,
        PieceKind::Queen => 1,
        PieceKind::Rook => 2,
        PieceKind::Bishop => 3,
        PieceKind::Knight => 4,
        PieceKind::Pawn => 5,
    }
}

/// Whether `middle` lies strictly between `from` and `to`, which share a row, column
/// or diagonal (the squares a ranged move `from -> to` passes over).
pub(crate) fn strictly_between(from: Square, to: Square, middle: Square) -> bool {
    let (dr, dc) = (
        to.row as i64 - from.row as i64,
        to.col as i64 - from.col as i64,
    );
    let (er, ec) = (
        middle.row as i64 - from.row as i64,
        middle.col as i64 - from.col as i64,
    );
    dr * ec == dc * er && dr * er + dc * ec > 0 && er.abs().max(ec.abs()) < dr.abs().max(dc.abs())
}

/// Line families a ranged kind moves along (0 row, 1 column, 2 diagonal, 3 anti-diagonal).
pub(crate) fn families(kind: PieceKind) -> &'static [usize] {
    match kind {
        PieceKind::Rook => &[0, 1],
        PieceKind::Bishop => &[2, 3],
        PieceKind::Queen => &[0, 1, 2, 3],
        _ => &[],
    }
}
