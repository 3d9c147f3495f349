//! The ground every other sat2chess crate stands on: boards and pieces ([`board`]), the
//! Solo Chess rules ([`rules`]), formulas and assignments ([`formula`]), gadget labels
//! ([`label`]), algebraic notation ([`notation`]), the resource budget ([`budget`]) and
//! named choices ([`choice`]). It depends on no other crate of the workspace.

pub mod board;
pub mod budget;
pub mod choice;
pub mod formula;
pub mod label;
pub mod notation;
pub mod progress;
pub mod rules;
