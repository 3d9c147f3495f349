//! From a layout to a board held in memory: the [`Plan`] sizes the tile grid and builds
//! each design once, the whole board is checked tile row by tile row
//! ([`super::contacts::check_board`]), and every tile's elements are stamped as labelled
//! pieces; the [`super::BoardStats`] are the plan's.

use crate::layout::Layout;
use sat2chess_core::board::{Board, Piece};

use super::contacts::{check_board, check_far_contacts};
use super::plan::Plan;
use thiserror::Error;

use super::backend::{Backend, Signals};
use super::error::BackendError;
use super::models::{ChainModelError, andor_model, input_model};
use super::plan::BoardStats;
use crate::layout::order::Ordering;
use crate::transform::Chain;
use sat2chess_core::formula::{AndOrFormula, Assignment};
use sat2chess_core::rules::Move;

/// Compiles a validated layout of an And-Or formula with `num_vars` variables into a
/// board of `backend`'s pieces (thesis Theorem 5.15 for the King), held in memory (the
/// reduction pipeline streams instead, from the [`Plan`]).
pub fn compile<B: Backend>(
    backend: B,
    layout: &Layout,
    num_vars: usize,
) -> Result<CompiledBoard<B>, BackendError> {
    let plan = Plan::new(backend, layout, num_vars)?;
    plan.check(|_| {})?;
    let board = plan.board()?;
    Ok(CompiledBoard {
        board,
        stats: plan.stats.clone(),
        plan,
    })
}

impl<B: Backend> Plan<B> {
    /// Checks the whole board tile row by tile row (`check_board`, then
    /// `check_far_contacts` for tiles of far tile rows that stand side by side): contacts
    /// only across input columns, every column connected, one capture-graph component;
    /// `progress` gets the number of tiles checked so far.
    pub fn check(&self, mut progress: impl FnMut(usize)) -> Result<(), BackendError> {
        check_board::<B>(self.tile_rows().map(|tiles| {
            progress(tiles.end);
            tiles
                .flat_map(|tile| self.tile_elements(tile))
                .collect::<Vec<_>>()
        }))?;
        // Tiles of far tile rows side by side (compacted columns), piece by piece.
        check_far_contacts::<B>(&self.tile_frames(), |tile| self.tile_elements(tile))?;
        Ok(())
    }

    /// The whole board with its labelled pieces, in memory.
    pub fn board(&self) -> Result<Board, BackendError> {
        let mut pieces = Vec::with_capacity(self.stats.pieces);
        let mut labeller = self.labeller();
        for tile in 0..self.tile_count() {
            self.for_each_piece(tile, &mut labeller, |square, budget, label| {
                let mut piece = Piece::new(B::PIECE, square, budget);
                piece.label = Some(label.to_owned());
                pieces.push(piece);
                Ok::<(), std::convert::Infallible>(())
            })
            .unwrap_or_else(|never| match never {});
        }
        Ok(Board::new(self.stats.rows, self.stats.cols, pieces)?)
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

/// The board's solving sequence for a model of the chain's input formula
/// ([`andor_model`]); `None`: unsatisfiable.
pub fn certify_input<B: Signals>(
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
pub fn decode_input<B: Signals>(
    chain: &Chain,
    plan: &Plan<B>,
    moves: &[Move],
) -> Result<Assignment, PipelineError> {
    Ok(input_model(chain, &plan.decode(moves)?)?)
}

impl<B: Backend> CompiledBoard<B> {
    /// The plan the board was stamped from (it decodes sequences: [`Plan::decode`]).
    pub fn plan(&self) -> &Plan<B> {
        &self.plan
    }
}

impl<B: Signals> CompiledBoard<B> {
    /// The board's solving capture sequence for a satisfying `assignment`
    /// ([`Plan::certify`]).
    pub fn certify(&self, assignment: &Assignment) -> Result<Vec<Move>, BackendError> {
        let mut moves = Vec::with_capacity(self.stats.pieces.saturating_sub(1));
        self.plan.certify(assignment, |mv| moves.push(mv))?;
        Ok(moves)
    }
}
