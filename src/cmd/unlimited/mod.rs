//! `compile --unlimited --pieces A,B` and the decoding of its boards: Solo Chess with
//! unlimited captures from Hamiltonian Path (Brunner et al. §3.1, `sat2chess-hampath`)
//! and, for a CNF or a `.pm3` input, from planar monotone 3-SAT (§3.2, Theorem 3.9).
//! The board is JSON with a provenance naming the theorem, the pieces, the rules and
//! the instance itself (`graph`, its `.ham` text; `formula`, the DIMACS text; or
//! `instance`, the `.pm3` text), so
//! `decode BOARD MOVES` needs nothing else.
//!
//! The submodules: what both constructions share (`job`), §3.1's graph boards (`graph`),
//! §3.2's planar formula boards (`planar`), the figures of `render` (`figure`) and the
//! table of `sat2chess pairs` (`pairs`).

mod figure;
mod graph;
mod job;
mod pairs;
mod planar;

pub(crate) use figure::render;
pub(crate) use graph::{compile, decode};
pub(crate) use job::{Job, provenance_of};
pub(crate) use pairs::{PAIRS_EXAMPLES, PairsArgs, pairs};
