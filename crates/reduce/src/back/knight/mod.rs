//! The Knight 2-Solo Chess backend (thesis ch. 6, construction of Theorem 6.13). What is
//! particular to the Knight:
//! - the wire (thesis §6.1, `gadgets/knight/wire.txt`): inner knights on the two lines of
//!   the band, outer knights one line outside it; a wire-column is an outer and an inner
//!   knight, consecutive wire-columns alternate square colour and shape (outer knight on
//!   one side of the band, then on the other), and only the dark ones are signal columns,
//!   so a wire step is two wire-columns, four squares along the flow. Tile sides are
//!   multiples of four ([`SideParity::Quad`]) and every wire crosses a tile border on the
//!   dark column of its band ([`Backend::cross_section`] reads the colour off the frame);
//! - the signal: a pair (x, y), x = 1 iff the outer knight of the column is there with
//!   budget 2, y the inner knight's budget; true = (1, 0), false = (0, 0);
//! - the tile designs from Knight gadgets (`designs.rs`); the tiles and their choice per
//!   layout tile are the King's ([`super::king::Design`]); a crossing tile crosses two
//!   thin wires (one turns thick and back, Figs. 6.7–6.8);
//! - the decode rule (Theorem 6.13: a variable is true iff its positive output carries
//!   (1, 0)): the first capture of the variable gadget's middle knight decides which
//!   output can still carry (1, 0), derived from the gadget by exact search.

mod designs;
mod piece;
#[cfg(test)]
mod tests;

use std::sync::{Mutex, OnceLock};

use rustc_hash::FxHashMap;

use crate::gadgets::{self, Gadget, Outcome, Symmetry};
use crate::layout::{Layout, Tile};
use sat2chess_core::board::PieceKind;
use sat2chess_core::label::Direction;

use super::geometry::{Column, Frame, P, SideParity};
use super::king::Design;
use super::{Backend, BackendError, Canvas, Element, Library, Promise, Reaches, Signals};

pub use piece::{Knight, Pair};

/// Designs built so far, per frame ([`Knight::build`]).
type BuiltDesigns = FxHashMap<(Design, Frame), Vec<Element>>;

/// The error value: a column the wire beyond cannot clear (thesis Lemma 6.1, Claim 1).
const ERROR: Pair = [-1, -1];

/// The gadgets the Knight designs stamp.
const NEEDED: [&str; 19] = [
    "corner",
    "mirrored",
    "shift-se",
    "shift-sw",
    "stretch-1",
    "stretch-2",
    "stretch-3",
    "jog-7",
    "jog-mirror-6",
    "jog-mirror-12",
    "jog-back-5",
    "jog-back-7",
    "jog-back-mirror-6",
    "jog-back-mirror-8",
    "variable",
    "or",
    "and",
    "one-test",
    "crossing-thin",
];

/// The signal of a column whose outer and inner squares hold these budgets (thesis
/// §6.1): outer knight with budget 2 or gone, inner knight with budget 0 or 1.
pub(crate) fn read_pair([outer, inner]: [Option<u32>; 2]) -> Pair {
    match (outer, inner) {
        (None, Some(y @ 0..=1)) => [0, y as i8],
        (Some(2), Some(y @ 0..=1)) => [1, y as i8],
        _ => ERROR,
    }
}

impl Backend for Knight {
    const PIECE: PieceKind = PieceKind::Knight;
    const SIDE_PARITY: SideParity = SideParity::Quad;
    const WIRE_HALO: i64 = 1;
    const MARGIN: i64 = 2;
    /// Knight tiles are 24–160 squares a side: 300 bounds the measured ratio from above
    /// (130 pieces a tile on the thesis example, 68 on uf20-91-01).
    const PIECES_PER_WIRE_TILE: u64 = 300;
    type Design = Design;

    /// The Knight library, with every gadget the designs stamp.
    fn library(&self) -> Result<Vec<Gadget>, BackendError> {
        let gadgets = gadgets::knight_library()?;
        if let Some(missing) = NEEDED
            .iter()
            .find(|&&name| !gadgets.iter().any(|g| g.name == name))
        {
            return Err(BackendError::MissingGadget((*missing).to_owned()));
        }
        Ok(gadgets)
    }

    fn designs(&self) -> &'static [Design] {
        &designs::DESIGNS
    }

    fn design_name(&self, design: Design) -> &'static str {
        design.name()
    }

    /// The King's choice of design and symmetry: the tiles are the same.
    fn tile_design(&self, layout: &Layout, tile: Tile) -> Result<(Design, Symmetry), String> {
        super::king::tile_design(layout, tile)
    }

    /// Builds `design` once per frame and process: placing a Knight gadget searches
    /// offsets and adapter sequences (about 40 ms a design), and every compile measures
    /// every design in eight frames. The result depends on the design and the frame only
    /// (the canvas's library is the compiled-in Knight library).
    fn build(
        &self,
        library: &Library,
        design: Design,
        frame: Frame,
    ) -> Result<Vec<Element>, BackendError> {
        static BUILT: OnceLock<Mutex<BuiltDesigns>> = OnceLock::new();
        let built = BUILT.get_or_init(Mutex::default);
        let cached = built
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .get(&(design, frame))
            .cloned();
        if let Some(elements) = cached {
            return Ok(elements);
        }
        let mut canvas = Canvas::new(self, library, self.design_name(design));
        designs::build(&mut canvas, design, frame)?;
        built
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .insert((design, frame), canvas.elements.clone());
        Ok(canvas.elements)
    }

    /// The dark one of the band's two column shapes at `along`: outer knight on the line
    /// before the band and inner knight on its second line, or outer knight on the line
    /// after the band and inner knight on its first line.
    fn cross_section(&self, band: i64, along: i64, flow: Direction, colour: u8) -> Column {
        let before = [band - 1, band + 1];
        let after = [band + 2, band];
        let dark = (before[0] + along + i64::from(colour)).rem_euclid(2) == 0;
        let [outer, inner] = if dark { before } else { after };
        match flow {
            Direction::East | Direction::West => [(outer, along), (inner, along)],
            Direction::North | Direction::South => [(along, outer), (along, inner)],
        }
    }

    /// Two wire-columns: the light one two squares on (its outer knight on the other side
    /// of the band) and the next dark one four squares on, all 2-knights.
    fn wire_step(&self, last: Column, flow: Direction) -> (Column, Vec<(P, u32)>) {
        let [outer, inner] = last;
        let (fr, fc) = flow.delta();
        let normal = ((inner.0 - outer.0) / 2, (inner.1 - outer.1) / 2);
        let at = |k: i64, along: i64| {
            (
                outer.0 + k * normal.0 + along * fr,
                outer.1 + k * normal.1 + along * fc,
            )
        };
        let next = [at(0, 4), at(2, 4)];
        (
            next,
            vec![(at(3, 2), 2), (at(1, 2), 2), (next[0], 2), (next[1], 2)],
        )
    }

    /// As given: (outer, inner).
    fn column_order(&self, column: Column) -> Column {
        column
    }

    /// The knight farthest (Euclidean) from both outputs: the middle of the path between
    /// them.
    fn variable_decider(&self, pieces: &[(P, u32)], outputs: &[Column]) -> Option<P> {
        let distance = |p: P| {
            outputs
                .iter()
                .flatten()
                .map(|&q| (p.0 - q.0).pow(2) + (p.1 - q.1).pow(2))
                .min()
                .unwrap_or(0)
        };
        pieces
            .iter()
            .filter(|&&(_, budget)| budget == 2)
            .map(|&(p, _)| p)
            .max_by_key(|&p| (distance(p), p))
    }
}

impl Signals for Knight {
    type Signal = Pair;

    fn read_signal(&self, _column: &Column, budgets: [Option<u32>; 2]) -> Pair {
        read_pair(budgets)
    }

    fn is_standard(&self, _column: &Column, budgets: [Option<u32>; 2]) -> bool {
        read_pair(budgets) != ERROR
    }

    fn truth(&self, value: bool) -> Pair {
        [i8::from(value), 0]
    }

    fn is_true(&self, signal: &Pair) -> bool {
        *signal == [1, 0]
    }

    fn promise(&self, gadget: &Gadget, inputs: &[Pair]) -> Option<Promise<Pair>> {
        let flat: Vec<i16> = inputs.iter().flatten().map(|&v| i16::from(v)).collect();
        let row = gadget.table.iter().find(|row| {
            row.inputs.len() == flat.len()
                && row
                    .inputs
                    .iter()
                    .zip(&flat)
                    .all(|(&a, &b)| i16::from(a) == b)
        })?;
        Some(match &row.expected {
            Outcome::Solvable(true) => Promise::OnePiece,
            Outcome::Outputs(tuples) if tuples.len() == 1 && tuples[0].iter().all(|&v| v >= 0) => {
                Promise::Signals(tuples[0].chunks(2).map(|c| [c[0], c[1]]).collect())
            }
            _ => Promise::Undetermined,
        })
    }

    /// Theorem 6.13: after the middle knight's first capture `from → to`, exactly one
    /// output of the gadget can still carry (1, 0) with the other at (0, 0); found by
    /// exact search on the gadget.
    fn true_output(
        &self,
        variable: &Element,
        (from, to): (P, P),
        reaches: &mut Reaches<Pair>,
    ) -> Result<usize, BackendError> {
        let Some(&(_, budget)) = variable.pieces.iter().find(|&&(p, _)| p == from) else {
            return Err(BackendError::NotSatisfying);
        };
        if !variable.pieces.iter().any(|&(p, _)| p == to) {
            return Err(BackendError::NotSatisfying);
        }
        let state: Vec<(P, u32)> = variable
            .pieces
            .iter()
            .filter(|&&(p, _)| p != from)
            .map(|&(p, b)| if p == to { (p, budget - 1) } else { (p, b) })
            .collect();
        let mut gives = |one: usize| {
            let mut signals = vec![self.truth(false); 2];
            signals[one] = self.truth(true);
            reaches(&state, signals)
        };
        match (gives(0), gives(1)) {
            (true, false) => Ok(0),
            (false, true) => Ok(1),
            _ => Err(BackendError::NotSatisfying),
        }
    }
}
