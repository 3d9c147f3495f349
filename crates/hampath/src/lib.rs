//! Hamiltonian Path instances and the unlimited-captures Solo Chess reductions of
//! Brunner, Chung, Coulombe, Demaine, Gomez and Lynch, *Complexity of Solo Chess with
//! Unlimited Moves* (2023), §3.1.
//!
//! - [`graph`]: the instance (a grid graph or any graph, optional start and end);
//!   [`format`](mod@format): its text format (`.ham`, docs/formats.md); [`path`]: the path checker;
//!   [`solve`]: the exact solver (SAT, CaDiCaL).
//! - [`theorem`]: which theorem covers which pair of piece types; the constructions
//!   implemented: [`knight`] (Theorem 3.1), [`rook`] (Theorem 3.2), [`king`]
//!   (Theorem 3.7), [`corollary`] (Corollaries 3.3–3.6, the Theorem 3.2 board moved), each a [`construction::Construction`] with a certificate (path →
//!   capture sequence) and a decoder (solving sequence → path).
//!
//! - [`planar`]: §3.2's Theorem 3.9 (a king among knights, our gadget design) from
//!   planar monotone 3-SAT, with its certificate and decoder.
//!
//! Every board gives every piece a budget of `pieces − 1`, which is unlimited: no piece
//! can make more captures than there are other pieces.

pub mod construction;
pub mod corollary;
pub mod format;
pub mod graph;
pub mod king;
pub mod knight;
pub mod path;
pub mod planar;
pub mod requirement;
pub mod rook;
pub mod solve;
pub mod theorem;

#[cfg(test)]
mod tests;
