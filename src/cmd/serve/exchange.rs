//! What the page and the server exchange besides their own messages: moves as arrays,
//! refusals.

use axum::Json;
use axum::http::StatusCode;
use sat2chess::board::Square;
use sat2chess::rules::Move;
use serde::Serialize;

/// A refused request: the reason, and the index of the refused move if one was.
#[derive(Serialize)]
pub(super) struct Refusal {
    error: String,
    refused: Option<usize>,
}

/// The answer to a refused request (422, with the reason).
pub(super) type Refused = (StatusCode, Json<Refusal>);

pub(super) fn refuse(error: impl ToString, refused: Option<usize>) -> Refused {
    (
        StatusCode::UNPROCESSABLE_ENTITY,
        Json(Refusal {
            error: error.to_string(),
            refused,
        }),
    )
}

/// A move sent as `[from row, from col, to row, to col]`.
pub(super) fn as_move(mv: &[u32; 4]) -> Move {
    Move::new(Square::new(mv[0], mv[1]), Square::new(mv[2], mv[3]))
}

/// A move as `[from row, from col, to row, to col]`.
pub(super) fn as_array(mv: Move) -> [u32; 4] {
    [mv.from.row, mv.from.col, mv.to.row, mv.to.col]
}
