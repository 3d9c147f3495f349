//! From a layout to a board held in memory: the [`Plan`] sizes the tile grid and builds
//! each design once, the whole board is checked tile row by tile row
//! ([`super::contacts::check_board`]), and every tile's elements are stamped as labelled
//! pieces; [`BoardStats`] are the plan's.

use std::collections::BTreeMap;

use crate::layout::Layout;
use sat2chess_core::board::{Board, Piece};

use super::contacts::check_board;
use super::plan::Plan;
use super::{Backend, BackendError, CompiledBoard};

/// Size figures of a compiled board (`compile --stats`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardStats {
    /// What every piece is (the backend's piece).
    pub piece: sat2chess_core::board::PieceKind,
    pub pieces: usize,
    pub rows: u32,
    pub cols: u32,
    /// The smallest and the largest tile side in board squares (tile rows and columns
    /// are as high and wide as their tiles need).
    pub tile_sides: (u32, u32),
    /// Wire crossings of the layout.
    pub crossings: usize,
    /// Stamped gadgets per kind (`wire column` counts single wire columns).
    pub gadgets: BTreeMap<String, usize>,
}

impl std::fmt::Display for BoardStats {
    /// `N kings, R rows × C cols (tile sides a–b squares), X crossings`, then one line per
    /// gadget kind.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "{} {}s, {} rows × {} cols (tile sides {}–{} squares), {} crossings",
            self.pieces,
            self.piece.name(),
            self.rows,
            self.cols,
            self.tile_sides.0,
            self.tile_sides.1,
            self.crossings
        )?;
        for (kind, count) in &self.gadgets {
            writeln!(f, "{kind:>20}: {count}")?;
        }
        Ok(())
    }
}

/// Compiles a validated layout of an And-Or formula with `num_vars` variables into a
/// board of `backend`'s pieces (thesis Theorem 5.15 for the King), held in memory (the
/// command line streams instead: [`Plan`], [`super::write_board`]).
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
    /// Checks the whole board tile row by tile row ([`check_board`]): contacts only
    /// across input columns, every column connected, one capture-graph component;
    /// `progress` gets the number of tiles checked so far.
    pub fn check(&self, mut progress: impl FnMut(usize)) -> Result<(), BackendError> {
        check_board::<B>(self.tile_rows().map(|tiles| {
            progress(tiles.end);
            tiles
                .flat_map(|tile| self.tile_elements(tile))
                .collect::<Vec<_>>()
        }))
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
