//! Corollaries 3.3–3.6 (Brunner et al.): the Theorem 3.2 board moved square by square
//! and its pieces renamed, so that the special piece still moves exactly as the rook
//! did and no other piece ever has a capture.
//!
//! - 3.3, rook among kings or knights: scaled by 4 (no king step, no knight move
//!   between pieces).
//! - 3.4, rook or queen among pawns, kings, knights or bishops: columns spread by
//!   `h + 1` (`h` the board's height), so no two pieces share a diagonal; then scaled
//!   by 4 for kings and knights.
//! - 3.5, bishop among pawns, kings or knights: turned by 45° (`(r, c) → (r + c,
//!   c − r)`, which scales by √2). The paper turns the board as it is; ours has
//!   corner pawns on orthogonally neighbouring squares, which the turn makes diagonal
//!   neighbours (a pawn capture), so we scale by 2 first — as the paper does (by 4) for
//!   kings and knights.
//! - 3.6, bishop or queen among rooks: columns spread by `h + 1`, then turned by 45°.
//!
//! The certificate and the decoder are the rook's: the owner of each square and the
//! special piece's square move with the board.

use rustc_hash::FxHashMap as HashMap;

use sat2chess_core::board::{PieceKind, Square};

use crate::construction::{Construction, place};
use crate::requirement::Requirement;

/// How a Theorem 3.2 board is moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Motion {
    /// Corollary 3.3: scaled by 4.
    Scaled,
    /// Corollary 3.4: columns spread by `h + 1`, scaled by 4 when `scale` is set.
    Spread { scale: bool },
    /// Corollary 3.5: scaled by 2, turned by 45°.
    Turned,
    /// Corollary 3.6: columns spread by `h + 1`, turned by 45°.
    SpreadTurned,
}

impl Motion {
    /// Where the square `square` of a Theorem 3.2 board of height `h` goes (before the
    /// shift onto the new board).
    pub fn apply(self, h: i64, square: Square) -> (i64, i64) {
        let spread = |(r, c): (i64, i64)| (r, c * (h + 1));
        let turn = |(r, c): (i64, i64)| (r + c, c - r);
        let scale = |k: i64| move |(r, c): (i64, i64)| (k * r, k * c);
        let at = (i64::from(square.row), i64::from(square.col));
        match self {
            Motion::Scaled => scale(4)(at),
            Motion::Spread { scale: true } => scale(4)(spread(at)),
            Motion::Spread { scale: false } => spread(at),
            Motion::Turned => turn(scale(2)(at)),
            Motion::SpreadTurned => turn(spread(at)),
        }
    }
}

/// `rook_board` (a Theorem 3.2 construction) moved by `motion`, its rook replaced by
/// `special` and its pawns by `other` (refused when a side would pass `u32::MAX`).
pub fn derive(
    rook_board: &Construction,
    motion: Motion,
    special: PieceKind,
    other: PieceKind,
) -> Result<Construction, Requirement> {
    let h = i64::from(rook_board.board.rows());
    let moved = |square: Square| motion.apply(h, square);
    let pieces: Vec<(PieceKind, (i64, i64))> = rook_board
        .board
        .pieces()
        .iter()
        .map(|p| {
            let kind = if p.square == rook_board.special {
                special
            } else {
                other
            };
            (kind, moved(p.square))
        })
        .collect();
    let (board, shift) = place(&pieces)?;
    let at = |square| shift.at(square);
    let owner: HashMap<Square, usize> = rook_board
        .owner
        .iter()
        .map(|(&square, &v)| (at(moved(square)), v))
        .collect();
    Ok(Construction {
        board,
        variant: rook_board.variant,
        special: at(moved(rook_board.special)),
        owner,
        start: rook_board.start,
    })
}
