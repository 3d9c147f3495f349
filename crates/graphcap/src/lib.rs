//! The Graph Capture game of Aravind, Misra and Mittal (FUN 2022, §4): a graph with
//! tokens on some vertices and a budget `d`; a move lets the token on `u` capture the
//! token on `v` along an edge `u → v` (directed) or `{u, v}` (undirected), after which
//! `v` holds the capturing token and `u` is empty; each token captures at most `d`
//! times. An instance is solved when a single token remains.
//!
//! - [`graph`]: the instance ([`graph::GraphCapture`]) and its text format (`.gc`,
//!   documented in `docs/formats.md`);
//! - [`moves`]: capture sequences and their JSON format;
//! - [`check`]: the checker of capture sequences;
//! - [`solve`]: the exact solver (a SAT encoding of the capture forest);
//! - [`dag`]: Theorem 5 for DAGs, 3-SAT (any CNF) → Graph Capture(2) on a DAG, with
//!   its certificate (model → capture sequence) and decoder (capture sequence → model);
//! - [`undirected`]: Theorem 5 for undirected graphs, CNF → Colourful Red-Blue
//!   Dominating Set → Graph Capture(2), certified and decoded the same way;
//! - [`theorem5`]: both constructions behind one type, and the provenance line a
//!   compiled graph file carries;
//! - [`knight`]: Knight Solo Chess boards as Graph Capture instances, with the maps
//!   between board moves and captures.
//!
//! The compiler's `Reduction` interface (`sat2chess-reduce`) streams Solo Chess boards
//! (pieces on squares); a graph is not a board, so these reductions are plain
//! functions with the same three parts (build, certify, decode) rather than
//! implementations of that trait.

pub mod check;
pub mod dag;
pub mod graph;
pub mod knight;
pub mod moves;
#[cfg(test)]
mod search;
pub mod solve;
pub mod theorem5;
pub mod undirected;
