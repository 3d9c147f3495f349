//! The answer every special case gives ([`Decision`]).

use sat2chess_core::rules::Move;

/// A special case's answer: a solving sequence (`None`: unsolvable) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Decision {
    pub moves: Option<Vec<Move>>,
    pub reason: String,
}
