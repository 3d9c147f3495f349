//! sat2chess: a reduction compiler from SAT to Solo Chess — the library.
//!
//! This crate gathers the workspace's crates under one name, in pipeline order (see
//! `ARCHITECTURE.md`): [`board`], [`rules`], [`formula`] (`sat2chess-core`); [`check`]
//! and [`io`] (`sat2chess-check`, the trusted checker and the file formats); [`solve`]
//! and [`sat`] (`sat2chess-solve`); [`front`], [`transform`], [`layout`], [`gadgets`],
//! [`verify`], [`back`], [`retarget`] (`sat2chess-reduce`); [`nqueens`]
//! (`sat2chess-nqueens`); [`render`] (`sat2chess-render`). [`targets`] names every
//! reduction; [`reduction::pipeline`] runs any of them.

pub use sat2chess_check as check;
pub use sat2chess_check::io;
pub use sat2chess_core::{board, budget, choice, formula, label, notation, rules};
/// The Graph Capture game (Aravind–Misra–Mittal §4): `.gc` files, checker, solver, both
/// Theorem 5 reductions, knight boards as graphs (`sat2chess-graphcap`).
pub use sat2chess_graphcap as graphcap;
pub use sat2chess_hampath as hampath;
pub use sat2chess_nqueens as nqueens;
pub use sat2chess_reduce::{
    back, front, gadgets, layout, reduction, retarget, synth, transform, verify,
};

pub mod targets;
pub use sat2chess_render as render;
pub use sat2chess_solve as solve;
pub use sat2chess_solve::sat;
