//! sat2chess: a reduction compiler from SAT to Solo Chess.
//!
//! Pipeline (one direction): formulas ([`formula`]) → boards ([`board`]), with the
//! game rules in [`rules`], the sequence checker in [`check`], file formats in [`io`]
//! and exact search in [`solve`].

pub mod back;
pub mod board;
pub mod budget;
pub mod check;
pub mod formula;
pub mod front;
pub mod gadgets;
pub mod io;
pub mod label;
pub mod layout;
pub mod nqueens;
pub mod render;
pub mod retarget;
pub mod rules;
pub mod sat;
pub mod solve;
pub mod transform;
pub mod verify;
