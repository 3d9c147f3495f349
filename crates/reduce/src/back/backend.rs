//! The traits a backend implements: [`Backend`], what the shared tile machinery needs
//! to stamp its boards (see the module doc of [`super`]), and [`Signals`], what its
//! signals mean, for certificates and decoding; with what a verified table promises
//! ([`Promise`]).

use std::fmt::Debug;
use std::hash::Hash;

use crate::gadgets::{Gadget, Symmetry};
use crate::layout::{Layout, Tile, VariablePlacement};
use sat2chess_core::board::PieceKind;
use sat2chess_core::label::Direction;

use super::element::{Element, Library};
use super::error::BackendError;
use super::geometry::{Column, Frame, P, SideParity};

/// Whether a local position (pieces with budgets) can be cleared down to the given
/// signals on a variable gadget's outputs ([`Signals::true_output`]).
pub type Reaches<'a, S> = dyn FnMut(&[(P, u32)], Vec<S>) -> bool + 'a;

/// What a backend provides to the shared tile machinery (see the module doc): its piece,
/// its tile geometry and designs, and its wires. What its signals mean is [`Signals`].
pub trait Backend: Sized + Clone {
    /// The piece on every square of the board.
    const PIECE: PieceKind;
    /// The colour constraint on tile sides.
    const SIDE_PARITY: SideParity;
    /// How many lines a wire's pieces stand outside its two-line band (King 0; Knight 1:
    /// the outer knights).
    const WIRE_HALO: i64 = 0;
    /// Empty lines a design keeps toward its tile's border, so that pieces of
    /// neighbouring tiles never attack (King 1; Knight 2).
    const MARGIN: i64 = 1;
    /// Lines of [`Backend::MARGIN`] that neighbouring tiles share: a tile drops them
    /// toward its lower and right neighbours, whose own margin keeps the pieces apart
    /// (King 1: one empty line between kings suffices; Knight 0).
    const SHARED_MARGIN: i64 = 0;
    /// Where the layout puts the variables (King: on their lower tracks; the Knight keeps
    /// the gap rows).
    const VARIABLES: VariablePlacement = VariablePlacement::GapRow;
    /// Pieces a board holds at most per wire tile of its layout, for the `--max-pieces`
    /// estimate made before stamping (King: [`sat2chess_core::budget::KINGS_PER_WIRE_TILE`]).
    const PIECES_PER_WIRE_TILE: u64 = sat2chess_core::budget::KINGS_PER_WIRE_TILE;
    /// A tile design in its canonical orientation.
    type Design: Copy + Eq + Hash + Ord + Debug + 'static;

    /// The verified gadget library, checked for what the backend needs.
    fn library(&self) -> Result<Vec<Gadget>, BackendError>;
    /// Every tile design.
    fn designs(&self) -> &'static [Self::Design];
    /// A design's name for messages.
    fn design_name(&self, design: Self::Design) -> &'static str;
    /// Which design, turned by which symmetry, realises layout tile `tile`; `Err`: why
    /// the backend has none.
    fn tile_design(&self, layout: &Layout, tile: Tile) -> Result<(Self::Design, Symmetry), String>;
    /// Draws `design` in `frame` with the gadgets of `library` (on a
    /// [`super::Canvas`]): its gadgets at fixed offsets from the crossing of the frame's
    /// bands, its wires along the bands to the border.
    fn build(
        &self,
        library: &Library,
        design: Self::Design,
        frame: Frame,
    ) -> Result<Vec<Element>, BackendError>;
    /// The signal column of a wire flowing toward `flow` in the band `band`, `band + 1`
    /// across the flow, at `along` on the flow's axis, in a frame whose canonical top-left
    /// square has colour `colour` ([`Frame::colour`]).
    fn cross_section(&self, band: i64, along: i64, flow: Direction, colour: u8) -> Column;
    /// The next signal column after `last` in a wire flowing toward `flow`, and the
    /// pieces (with budgets) of the wire from `last` (excluded) up to it.
    fn wire_step(&self, last: Column, flow: Direction) -> (Column, Vec<(P, u32)>);
    /// A column's squares in the order [`Signals::read_signal`] reads them; producer and
    /// consumer of a column must agree on it.
    fn column_order(&self, column: Column) -> Column;
    /// The piece of a stamped variable gadget whose first capture decides its value.
    fn variable_decider(&self, pieces: &[(P, u32)], outputs: &[Column]) -> Option<P>;
}

/// What a backend's signals mean: how a column is read, what the verified tables
/// promise, and how a variable's value is read off its decider's first capture. The
/// stamping machinery needs only [`Backend`]; certificates and decoding need this too.
pub trait Signals: Backend {
    /// A signal value on a column.
    type Signal: Clone + Eq + Hash + Debug;
    /// The signal a column carries, given the budgets on its two squares (`None`: empty).
    fn read_signal(&self, column: &Column, budgets: [Option<u32>; 2]) -> Self::Signal;
    /// Whether a column is in standard form (as the verifier feeds input ports).
    fn is_standard(&self, column: &Column, budgets: [Option<u32>; 2]) -> bool;
    /// The signal of a truth value.
    fn truth(&self, value: bool) -> Self::Signal;
    /// Whether a signal counts as true where a truth value is copied.
    fn is_true(&self, signal: &Self::Signal) -> bool;
    /// What `gadget`'s verified table promises for `inputs`; `None`: no table row.
    fn promise(&self, gadget: &Gadget, inputs: &[Self::Signal]) -> Option<Promise<Self::Signal>>;
    /// The output of `variable` that gets the true signal when its decider's first
    /// capture is `capture` (from, to); `reaches(state, signals)` says whether the
    /// variable's pieces in `state` can be cleared down to `signals` on its outputs (an
    /// exact local search).
    fn true_output(
        &self,
        variable: &Element,
        capture: (P, P),
        reaches: &mut Reaches<Self::Signal>,
    ) -> Result<usize, BackendError>;
}

/// What a verified table promises for one input combination.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Promise<S> {
    /// One maximal output tuple, error-free.
    Signals(Vec<S>),
    /// The gadget reduces to one piece (the 1-test).
    OnePiece,
    /// No single error-free output tuple: nothing to certify toward.
    Undetermined,
}
