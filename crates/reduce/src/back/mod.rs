//! Backends: stamp verified gadgets onto a sparse [`Board`] following a [`Layout`] (thesis
//! §5.8, Theorem 5.15 for the King), build the "SAT ⇒ solvable" capture sequence gadget
//! by gadget, and read a satisfying assignment back off any solving sequence.
//!
//! # The family
//! Every backend is tile-based: each layout tile becomes one *design* of the backend,
//! built once in a canonical orientation and mapped onto its tile by one of the eight
//! symmetries of the square. What all backends share lives here; a backend implements
//! [`Backend`] and keeps only what is particular to its piece in its own module
//! ([`king`]: thesis ch. 5; [`knight`]: thesis ch. 6).
//!
//! | file | what |
//! |---|---|
//! | `mod.rs` | the [`Backend`] trait, errors, [`CompiledBoard`], the formula → board → certificate / model pipeline |
//! | `geometry.rs` | points, wire ends ([`Turtle`]), tile frames with wire bands and colour ([`Frame`], [`SideParity`]), reach ([`Reach`]), symmetries onto tiles |
//! | `element.rs` | board elements (wire columns, gadget instances), their roles, the gadget library |
//! | `canvas.rs` | drawing a design: wires column by column, stamping oriented gadgets, corners |
//! | `tileset.rs` | measuring every design's reach, building designs per frame |
//! | `contacts.rs` | contact, column and connectivity checks of tiles and boards |
//! | `compile.rs` | layout → sized tile grid → mapped elements → labelled pieces and [`BoardStats`] |
//! | `certify.rs` | certificates: local capture sequences by [`sat2chess_solve::clear_to`], cached |
//! | `decode.rs` | replaying a solving sequence to read each variable |
//! | `tests.rs` | a second backend (King designs on even tile sides) through every shared path |
//! | `tile_check.rs` | the backends' tile tests: a stamped tile searched exhaustively or composed from its verified parts |
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
//! - its signal type ([`Backend::Signal`]: the King's integer s = c − n + 1 in −1..=2, the
//!   Knight's pair in {0,1}² read from the outer and the inner knight of the signal
//!   column), how a signal is read off a column ([`Backend::read_signal`]) and which
//!   columns are in the standard form its verifier feeds into input ports
//!   ([`Backend::is_standard`]), the signals of true and false, and what its verified
//!   tables promise for given inputs ([`Backend::promise`]). The order of a column's two
//!   squares is the backend's ([`Backend::column_order`]): the King sorts them (its signal
//!   does not depend on which king stands where); the Knight keeps them as (outer, inner)
//!   from its wire steps and ports, and the symmetries map them in that order;
//! - how a variable's value is read: which piece of a variable gadget decides it
//!   ([`Backend::variable_decider`]) and which output its first capture gives the true
//!   signal ([`Backend::true_output`]; King: Lemma 5.7).
//!
//! [`Layout`]: crate::layout::Layout
//! [`Canvas::turn`]: canvas::Canvas::turn

mod canvas;
mod certify;
mod compile;
mod contacts;
mod decode;
mod element;
mod geometry;
pub mod king;
pub mod knight;
mod plan;
pub mod rook;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tile_check;
mod tileset;

use std::fmt::Debug;
use std::hash::Hash;

use thiserror::Error;

use crate::gadgets::{self, Gadget, Symmetry};
use crate::layout::order::Ordering;
use crate::layout::{Layout, Tile, TilePos, VariablePlacement};
use crate::transform::{Chain, FormulaRef};
use sat2chess_core::board::{Board, PieceKind, Square};
use sat2chess_core::formula::{AndOrFormula, Assignment};
use sat2chess_core::label::Direction;
use sat2chess_core::rules::Move;

pub use canvas::Canvas;
pub use certify::SequenceCache;
pub use compile::{BoardStats, compile};
pub use decode::Deciders;
pub use element::{Element, Library, Placed, Role};
pub use geometry::{Column, Frame, P, Reach, SideParity, Turtle};
pub use plan::{Labeller, Plan};

/// What a backend provides to the shared tile machinery (see the module doc).
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
    /// A signal value on a column.
    type Signal: Clone + Eq + Hash + Debug;
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
    /// Draws `design` in `frame` on `canvas`: its gadgets at fixed offsets from the
    /// crossing of the frame's bands, its wires along the bands to the border.
    fn build(
        &self,
        canvas: &mut Canvas<Self>,
        design: Self::Design,
        frame: Frame,
    ) -> Result<(), BackendError>;
    /// The signal column of a wire flowing toward `flow` in the band `band`, `band + 1`
    /// across the flow, at `along` on the flow's axis, in a frame whose canonical top-left
    /// square has colour `colour` ([`Frame::colour`]).
    fn cross_section(&self, band: i64, along: i64, flow: Direction, colour: u8) -> Column;
    /// The next signal column after `last` in a wire flowing toward `flow`, and the
    /// pieces (with budgets) of the wire from `last` (excluded) up to it.
    fn wire_step(&self, last: Column, flow: Direction) -> (Column, Vec<(P, u32)>);
    /// A column's squares in the order [`Backend::read_signal`] reads them; producer and
    /// consumer of a column must agree on it.
    fn column_order(&self, column: Column) -> Column;
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
    /// The piece of a stamped variable gadget whose first capture decides its value.
    fn variable_decider(&self, pieces: &[(P, u32)], outputs: &[Column]) -> Option<P>;
    /// The output of `variable` that gets the true signal when its decider's first
    /// capture is `capture` (from, to); exact searches go through `cache`.
    fn true_output(
        &self,
        variable: &Element,
        capture: (P, P),
        cache: &mut SequenceCache<Self::Signal>,
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

/// Why a board could not be compiled, certified or decoded.
#[derive(Debug, Error)]
pub enum BackendError {
    #[error("gadget library")]
    Library(#[from] gadgets::GadgetError),
    #[error("the gadget library has no gadget `{0}`")]
    MissingGadget(String),
    #[error("gadget `{gadget}` cannot be oriented as required: {reason}")]
    Orientation { gadget: String, reason: String },
    #[error(
        "the {piece} budgets must all be {wanted}, but gadget `{gadget}` has a {budget}-{piece}"
    )]
    Budget {
        piece: &'static str,
        wanted: u32,
        gadget: String,
        budget: u32,
    },
    #[error("tile design `{design}`: {reason}")]
    Design { design: String, reason: String },
    #[error("layout tile {at:?} is not supported by the tileset: {reason}")]
    UnsupportedTile { at: TilePos, reason: String },
    #[error("the board exceeds {max} squares per side")]
    TooLarge { max: i64 },
    #[error("unintended contact between {first} at {a} and {second} at {b}")]
    Contact {
        first: String,
        second: String,
        a: Square,
        b: Square,
    },
    #[error("the {0} is not a leaper: its contact checks would need lines of sight")]
    NotLeaper(&'static str),
    #[error("the capture graph of the board is disconnected ({components} components)")]
    Disconnected { components: usize },
    #[error("board construction")]
    Board(#[from] sat2chess_core::board::BoardError),
    #[error("certificate: no local capture sequence for {element} (inputs {inputs})")]
    NoLocalSequence { element: String, inputs: String },
    #[error("certificate: {element} has no table row for inputs {inputs}")]
    NoTableRow { element: String, inputs: String },
    #[error("certificate: the signal graph has a cycle")]
    Cycle,
    #[error("internal error: the certificate's capture {from} -> {to} is not legal")]
    IllegalMove { from: Square, to: Square },
    #[error("internal error: the certificate leaves {left} pieces")]
    PiecesLeft { left: usize },
    #[error("decode: the assignment read off the variable gadgets does not satisfy the formula")]
    NotSatisfying,
}

impl BackendError {
    /// Whether this is the program's fault rather than the formula's: everything but a
    /// board too large for its coordinates.
    pub fn is_internal(&self) -> bool {
        !matches!(self, BackendError::TooLarge { .. })
    }
}

/// A compiled board with the plan behind it.
pub struct CompiledBoard<B: Backend> {
    pub board: Board,
    pub stats: BoardStats,
    plan: Plan<B>,
}

/// Why a formula could not be compiled, certified or decoded.
#[derive(Debug, Error)]
pub enum PipelineError {
    #[error(transparent)]
    Layout(#[from] crate::layout::LayoutError),
    #[error("internal error: the layout fails validation")]
    Validation(#[from] crate::layout::ValidationError),
    #[error(transparent)]
    Backend(#[from] BackendError),
    #[error(transparent)]
    Model(#[from] ChainModelError),
}

impl PipelineError {
    /// Whether this is the program's fault rather than the formula's.
    pub fn is_internal(&self) -> bool {
        match self {
            PipelineError::Layout(error) => error.is_internal(),
            PipelineError::Validation(_) => true,
            PipelineError::Backend(error) => error.is_internal(),
            PipelineError::Model(error) => error.is_internal(),
        }
    }
}

/// Lays out an And-Or formula and compiles it with `backend`.
pub fn compile_formula<B: Backend>(
    backend: B,
    formula: &AndOrFormula,
    ordering: Ordering,
) -> Result<CompiledBoard<B>, PipelineError> {
    let layout = crate::layout::layout_with(formula, ordering, B::VARIABLES)?;
    crate::layout::validate(formula, &layout)?;
    Ok(compile(backend, &layout, formula.num_vars())?)
}

/// Lays out an And-Or formula and plans its board with `backend` (nothing stamped yet).
pub fn plan_formula<B: Backend>(
    backend: B,
    formula: &AndOrFormula,
    ordering: Ordering,
) -> Result<Plan<B>, PipelineError> {
    let layout = crate::layout::layout_with(formula, ordering, B::VARIABLES)?;
    crate::layout::validate(formula, &layout)?;
    Ok(Plan::new(backend, &layout, formula.num_vars())?)
}

/// Why a model could not be carried along the transformation chain: shared by every
/// backend (the tile backends and the rook backend certify and decode through it).
#[derive(Debug, thiserror::Error)]
pub enum ChainModelError {
    #[error("SAT solver")]
    Sat(#[from] sat2chess_solve::sat::SatError),
    #[error("the assignment to certify is not a model of the formula")]
    NotAModel,
    #[error("internal error: the model mapped forward does not satisfy the And-Or formula")]
    ForwardNotSatisfying,
    #[error("decode: the assignment read off the variable gadgets does not satisfy the formula")]
    NotSatisfying,
}

impl ChainModelError {
    /// Whether this is the program's fault rather than the input's: all but a formula
    /// too large for the solver and a wrong model handed in.
    pub fn is_internal(&self) -> bool {
        !matches!(
            self,
            ChainModelError::Sat(sat2chess_solve::sat::SatError::TooManyVariables(_))
                | ChainModelError::NotAModel
        )
    }
}

/// Solves the chain's input formula with the SAT solver and, when it is satisfiable,
/// maps the model forward along the chain to the And-Or formula the board encodes.
/// `None`: unsatisfiable.
pub fn andor_model(chain: &Chain) -> Result<Option<Assignment>, ChainModelError> {
    solve_input(chain)?
        .map(|model| forward_model(chain, &model))
        .transpose()
}

/// A model of the chain's input formula by the SAT solver; `None`: unsatisfiable.
pub fn solve_input(chain: &Chain) -> Result<Option<Assignment>, ChainModelError> {
    Ok(match chain.input() {
        FormulaRef::Cnf { cnf, .. } => sat2chess_solve::sat::solve_cnf(cnf)?,
        FormulaRef::AndOr(formula) => sat2chess_solve::sat::solve_andor(formula)?,
    })
}

/// A model of the chain's input mapped forward to the And-Or formula the board encodes,
/// checked.
pub fn forward_model(chain: &Chain, model: &Assignment) -> Result<Assignment, ChainModelError> {
    if !chain.input().is_satisfied_by(model) {
        return Err(ChainModelError::NotAModel);
    }
    let forward = chain.forward(model);
    if !chain.formula().is_satisfied_by(&forward) {
        return Err(ChainModelError::ForwardNotSatisfying);
    }
    Ok(forward)
}

/// Maps an assignment of the And-Or formula read off a board back along the chain to a
/// model of the chain's input, checking both ends.
pub fn input_model(chain: &Chain, andor: &Assignment) -> Result<Assignment, ChainModelError> {
    if !chain.formula().is_satisfied_by(andor) {
        return Err(ChainModelError::NotSatisfying);
    }
    let model = chain.backward(andor);
    if !chain.input().is_satisfied_by(&model) {
        return Err(ChainModelError::NotSatisfying);
    }
    Ok(model)
}

/// The board's solving sequence for a model of the chain's input formula
/// ([`andor_model`]); `None`: unsatisfiable.
pub fn certify_input<B: Backend>(
    chain: &Chain,
    compiled: &CompiledBoard<B>,
) -> Result<Option<Vec<Move>>, PipelineError> {
    match andor_model(chain)? {
        None => Ok(None),
        Some(forward) => Ok(Some(compiled.certify(&forward)?)),
    }
}

/// Reads a model of the chain's input formula off a solving sequence of the board of
/// `plan` (which the caller has checked): the variable gadgets' choices, then the chain's
/// backward map.
pub fn decode_input<B: Backend>(
    chain: &Chain,
    plan: &Plan<B>,
    moves: &[Move],
) -> Result<Assignment, PipelineError> {
    Ok(input_model(chain, &plan.decode(moves)?)?)
}
