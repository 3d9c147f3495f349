//! Backends: stamp verified gadgets onto a sparse board following a [`Layout`] (thesis
//! §5.8, Theorem 5.15 for the King), build the "SAT ⇒ solvable" capture sequence gadget
//! by gadget, and read a satisfying assignment back off any solving sequence.
//!
//! # The family
//! Every backend is tile-based: each layout tile becomes one *design* of the backend,
//! built once in a canonical orientation and mapped onto its tile by one of the eight
//! symmetries of the square. What all backends share lives here; a backend implements
//! [`Backend`] (what stamping needs) and [`Signals`] (what its signals mean, for
//! certificates and decoding) and keeps only what is particular to its piece in its own
//! module ([`king`]: thesis ch. 5; [`knight`]: thesis ch. 6). The rook backend
//! ([`rook`], ch. 7) places gadgets on lines instead of tiles.
//!
//! | file | what |
//! |---|---|
//! | `mod.rs` | declarations and re-exports only |
//! | `backend.rs` | the [`Backend`] and [`Signals`] traits, [`Promise`] |
//! | `error.rs` | [`BackendError`] |
//! | `models.rs` | models carried along the transformation chain (solve, forward, back) |
//! | `geometry.rs` | points, wire ends ([`Turtle`]), tile frames with wire bands and colour ([`Frame`], [`SideParity`]), reach ([`Reach`]), symmetries onto tiles |
//! | `element.rs` | board elements (wire columns, gadget instances), their roles, the gadget library |
//! | `canvas.rs` | drawing a design: wires column by column, stamping oriented gadgets, corners |
//! | `tileset.rs` | measuring every design's reach, building designs per frame |
//! | `contacts.rs` | contact, column and connectivity checks of tiles and boards |
//! | `plan.rs` | the plan: sized tile grid, each design built once, labelled pieces, [`BoardStats`] |
//! | `rows.rs` | how high each tile is: tile rows compacted around stretching vertical wires |
//! | `compile.rs` | a formula or layout → plan → checked board in memory ([`CompiledBoard`]) |
//! | `certify.rs` | certificates: local capture sequences by [`sat2chess_solve::clear_to`], cached |
//! | `decode.rs` | replaying a solving sequence to read each variable |
//! | `tests.rs` | a second backend (King designs on even tile sides) through every shared path |
//! | `tile_check.rs` | a stamped tile searched exhaustively (the tile tests, `gadgets synthesize --in-tiles`) or, in the tests, composed from its verified parts |
//!
//! # What a new backend provides
//! - its piece ([`Backend::PIECE`]); contacts are its steps as the solver knows them
//!   (leapers only — a rook, bishop or queen backend needs line-of-sight versions of the
//!   checks in `contacts.rs`);
//! - its verified gadget library ([`Backend::library`]), including a `corner` gadget with
//!   input `a` and output `X` that [`Canvas::turn`] uses;
//! - its wire: the signal column in a band ([`Backend::cross_section`]; wires run in bands
//!   two lines wide) and the pieces up to the next signal column ([`Backend::wire_step`]).
//!   The King's signal columns are two squares side by side and a step is the next such
//!   column; a Knight wire-column is an outer and an inner knight of one colour,
//!   consecutive wire-columns alternate colour and only the dark ones are signal columns
//!   (thesis §6.1), so a Knight step is two wire-columns (four knights, budgets 2 or,
//!   in a reduced-budget wire, Obs. 6.2, less);
//! - its tile designs ([`Backend::designs`], [`Backend::build`]) and which design and
//!   symmetry realise each layout tile ([`Backend::tile_design`]); a backend whose wires
//!   alternate colour sets [`Backend::SIDE_PARITY`] to [`SideParity::Even`], and its
//!   designs read the colour their canonical top-left square lands on from
//!   [`Frame::colour`] (so a design is built once per colour it is needed in);
//! - its signal type ([`Signals::Signal`]: the King's integer s = c − n + 1 in −1..=2, the
//!   Knight's pair in {0,1}² read from the outer and the inner knight of the signal
//!   column), how a signal is read off a column ([`Signals::read_signal`]) and which
//!   columns are in the standard form its verifier feeds into input ports
//!   ([`Signals::is_standard`]), the signals of true and false, and what its verified
//!   tables promise for given inputs ([`Signals::promise`]). The order of a column's two
//!   squares is the backend's ([`Backend::column_order`]): the King sorts them (its signal
//!   does not depend on which king stands where); the Knight keeps them as (outer, inner)
//!   from its wire steps and ports, and the symmetries map them in that order;
//! - how a variable's value is read: which piece of a variable gadget decides it
//!   ([`Backend::variable_decider`]) and which output its first capture gives the true
//!   signal ([`Signals::true_output`]; King: Lemma 5.7).
//!
//! [`Layout`]: crate::layout::Layout
//! [`Canvas::turn`]: canvas::Canvas::turn

mod backend;
mod canvas;
mod certify;
mod cols;
mod compile;
mod contacts;
mod decode;
mod element;
mod error;
mod geometry;
pub mod king;
pub mod knight;
mod models;
mod plan;
pub mod rook;
mod rows;
#[cfg(test)]
mod tests;
mod tile_check;
mod tileset;

pub use backend::{Backend, Promise, Reaches, Signals};
pub use canvas::Canvas;
pub use certify::SequenceCache;
pub use compile::{
    CompiledBoard, PipelineError, certify_input, compile, compile_formula, decode_input,
    plan_formula,
};
pub use decode::{Deciders, VariableRead};
pub use element::{Element, Library, Placed, Role};
pub use error::BackendError;
pub use geometry::{Column, Frame, P, Reach, SideParity, Turtle};
pub use models::{ChainModelError, andor_model, forward_model, input_model, solve_input};
pub use plan::{BoardStats, Labeller, Plan};
