//! sat2chess: a reduction compiler from SAT to Solo Chess.
//!
//! Pipeline (one direction): formulas ([`formula`]) → boards ([`board`]), with the
//! game rules in [`rules`], file formats in [`io`] and exact search in [`solve`].

pub mod board;
pub mod formula;
pub mod gadgets;
pub mod io;
pub mod label;
pub mod rules;
pub mod solve;
pub mod verify;
