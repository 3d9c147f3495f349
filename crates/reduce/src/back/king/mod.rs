//! The King 2-Solo Chess backend (thesis ch. 5, construction of Theorem 5.15): every
//! piece a king with budget 2. What is particular to the King:
//! - the tile designs from King gadgets (`designs.rs`) and their exhaustive checks
//!   (`tiles.rs`, [`tiles_accept`]);
//! - the signal: a column of kings read as s = c − n + 1 (thesis §5.2), standard columns
//!   a 0-king, a 1-king, or a 1-king and a 2-king; the wire column after a column is the
//!   next pair of squares along the flow;
//! - the decode rule (Lemma 5.7): a variable gadget's center king — the one farthest from
//!   both outputs — captures toward one output; which output that gives the 1-signal is
//!   derived from the gadget by exact search.
//!
//! The tiles, their sizing, stamping, checks, certificates and decoding are the shared
//! machinery of [`crate::back`].

mod designs;
mod piece;
#[cfg(test)]
mod tests;
mod tiles;

use crate::gadgets::{self, Gadget, Outcome, Symmetry};
use crate::layout::{Layout, Tile, VariablePlacement};
use sat2chess_core::board::PieceKind;
use sat2chess_core::label::Direction;

use super::geometry::{Column, Frame, P, SideParity, shift, sorted};
use super::{Backend, BackendError, Canvas, Element, Library, Promise, Reaches, Role, Signals};

pub use designs::{DESIGNS, Design, GateKind, tile_design};
pub use piece::King;
pub(crate) use piece::read_column;
pub use tiles::tiles_accept;

fn chebyshev(a: P, b: P) -> i64 {
    (a.0 - b.0).abs().max((a.1 - b.1).abs())
}

impl Backend for King {
    const PIECE: PieceKind = PieceKind::King;
    const SIDE_PARITY: SideParity = SideParity::Any;
    const SHARED_MARGIN: i64 = 1;
    const VARIABLES: VariablePlacement = VariablePlacement::TwoSided;
    type Design = Design;

    /// The King library; every king must have budget 2 (signal columns of 0- and 1-kings
    /// only exist in the verifier's inputs).
    fn library(&self) -> Result<Vec<Gadget>, BackendError> {
        let gadgets = gadgets::king_library()?;
        for gadget in &gadgets {
            if let Some(&(_, budget)) = gadget.pieces.iter().find(|&&(_, b)| b != 2) {
                return Err(BackendError::Budget {
                    piece: PieceKind::King.name(),
                    wanted: 2,
                    gadget: gadget.name.clone(),
                    budget,
                });
            }
        }
        Ok(gadgets)
    }

    fn designs(&self) -> &'static [Design] {
        &designs::DESIGNS
    }

    fn design_name(&self, design: Design) -> &'static str {
        design.name()
    }

    fn tile_design(&self, layout: &Layout, tile: Tile) -> Result<(Design, Symmetry), String> {
        let (design, symmetry) = designs::tile_design(layout, tile)?;
        Ok((designs::king_design(design, symmetry), symmetry))
    }

    fn build(
        &self,
        library: &Library,
        design: Design,
        frame: Frame,
    ) -> Result<Vec<Element>, BackendError> {
        let mut canvas = Canvas::new(self, library, self.design_name(design));
        designs::build(&mut canvas, design, frame)?;
        Ok(canvas.elements)
    }

    /// Two squares side by side across the flow.
    fn cross_section(&self, band: i64, along: i64, flow: Direction, _colour: u8) -> Column {
        match flow {
            Direction::East | Direction::West => [(band, along), (band + 1, along)],
            Direction::North | Direction::South => [(along, band), (along, band + 1)],
        }
    }

    /// The next column: both squares one step along the flow, two 2-kings.
    fn wire_step(&self, last: Column, flow: Direction) -> (Column, Vec<(P, u32)>) {
        let next = last.map(|p| shift(p, flow, 1));
        (next, next.iter().map(|&p| (p, 2)).collect())
    }

    /// Sorted: s = c − n + 1 does not depend on which king stands where.
    fn column_order(&self, column: Column) -> Column {
        sorted(column)
    }

    /// Lemma 5.7's center king: the king farthest from both outputs.
    fn variable_decider(&self, pieces: &[(P, u32)], outputs: &[Column]) -> Option<P> {
        let distance = |p: P| {
            outputs
                .iter()
                .flat_map(|c| c.iter())
                .map(|&q| chebyshev(p, q))
                .min()
                .unwrap_or(0)
        };
        pieces.iter().map(|&(p, _)| p).max_by_key(|&p| distance(p))
    }
}

impl Signals for King {
    type Signal = i8;

    fn read_signal(&self, _column: &Column, budgets: [Option<u32>; 2]) -> i8 {
        read_column(budgets.into_iter().flatten())
    }

    fn is_standard(&self, _column: &Column, budgets: [Option<u32>; 2]) -> bool {
        let mut present: Vec<u32> = budgets.into_iter().flatten().collect();
        present.sort_unstable();
        present == [0] || present == [1] || present == [1, 2]
    }

    fn truth(&self, value: bool) -> i8 {
        i8::from(value)
    }

    fn is_true(&self, signal: &i8) -> bool {
        *signal >= 1
    }

    fn promise(&self, gadget: &Gadget, inputs: &[i8]) -> Option<Promise<i8>> {
        let row = gadget.table.iter().find(|row| {
            row.inputs.len() == inputs.len()
                && row
                    .inputs
                    .iter()
                    .zip(inputs)
                    .all(|(&a, &b)| i16::from(a) == i16::from(b))
        })?;
        Some(match &row.expected {
            Outcome::Solvable(true) => Promise::OnePiece,
            Outcome::Outputs(tuples) if tuples.len() == 1 && tuples[0].iter().all(|&s| s >= 0) => {
                Promise::Signals(tuples[0].clone())
            }
            _ => Promise::Undetermined,
        })
    }

    /// Lemma 5.7: the center king's first capture points toward one output; whether that
    /// output gets the 1-signal is decided exactly on the gadget: with the center gone
    /// and the neighbour toward output 0 captured once, which outputs can still be (1, 0)
    /// or (0, 1).
    fn true_output(
        &self,
        variable: &Element,
        (from, to): (P, P),
        reaches: &mut Reaches<i8>,
    ) -> Result<usize, BackendError> {
        let Role::Variable {
            decider: center, ..
        } = variable.role
        else {
            return Err(BackendError::NotSatisfying);
        };
        let port_center = |k: usize| {
            let c = variable.outputs[k];
            (c[0].0 + c[1].0, c[0].1 + c[1].1)
        };
        let toward_zero = variable
            .pieces
            .iter()
            .map(|&(p, _)| p)
            .filter(|&p| p != center && chebyshev(p, center) == 1)
            .min_by_key(|&p| {
                let t = port_center(0);
                (2 * p.0 - t.0).abs() + (2 * p.1 - t.1).abs()
            })
            .ok_or(BackendError::NotSatisfying)?;
        let state: Vec<(P, u32)> = variable
            .pieces
            .iter()
            .filter(|&&(p, _)| p != center)
            .map(|&(p, b)| if p == toward_zero { (p, 1) } else { (p, b) })
            .collect();
        let mut gives = |signals: Vec<i8>| reaches(&state, signals);
        let toward_gives_one = match (gives(vec![1, 0]), gives(vec![0, 1])) {
            (true, false) => true,
            (false, true) => false,
            _ => return Err(BackendError::NotSatisfying),
        };
        // Which output (0 or 1) the capture `from → to` points toward.
        let d = (to.0 - from.0, to.1 - from.1);
        let score = |k: usize| {
            let (r, c) = port_center(k);
            d.0 * (r - 2 * from.0) + d.1 * (c - 2 * from.1)
        };
        let toward = if score(0) >= score(1) { 0 } else { 1 };
        Ok(if toward_gives_one { toward } else { 1 - toward })
    }
}
