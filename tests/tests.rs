//! The integration tests, one test binary (as ripgrep's `tests/tests.rs`): every former
//! test file is a module here, [`common`] the helpers they share. Run them with
//! `cargo test --release`.

mod common;

mod cli;
mod cli_formula;
mod front;
mod gadgets_king;
mod gadgets_knight;
mod gadgets_rook;
mod hardening;
mod king_compile;
mod king_e2e;
mod knight_compile;
mod knight_e2e;
mod knight_solve;
mod layout;
mod nqueens_chain;
mod nqueens_e2e;
mod nqueens_solvers;
mod parser_smoke;
mod render;
mod retarget;
mod rook_compile;
mod rook_e2e;
mod rook_solve;
mod rules;
mod solver_limits;
mod solver_portfolio;
mod solver_props;
mod solver_special;
mod transform;
