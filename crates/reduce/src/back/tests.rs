//! The shared machinery with a second backend: the King's designs and signal on a tile
//! grid with even sides ([`SideParity::Even`], what a Knight backend needs for colour),
//! compiled, certified and decoded through the same code paths as any backend.

use super::king::{Design, King};
use super::*;
use crate::gadgets::{Gadget, Symmetry};
use crate::layout::order::Ordering;
use crate::layout::{Layout, Tile, VariablePlacement};
use crate::transform::Chain;
use sat2chess_check::check_sequence;
use sat2chess_core::board::PieceKind;
use sat2chess_core::label::Direction;
use sat2chess_core::rules::Variant;

/// The King backend on even tile sides.
#[derive(Clone, Copy, Debug, Default)]
struct EvenKing;

impl Backend for EvenKing {
    const PIECE: PieceKind = King::PIECE;
    const SIDE_PARITY: SideParity = SideParity::Even;
    const VARIABLES: VariablePlacement = King::VARIABLES;
    type Design = Design;

    fn library(&self) -> Result<Vec<Gadget>, BackendError> {
        King.library()
    }
    fn designs(&self) -> &'static [Design] {
        King.designs()
    }
    fn design_name(&self, design: Design) -> &'static str {
        King.design_name(design)
    }
    fn tile_design(&self, layout: &Layout, tile: Tile) -> Result<(Design, Symmetry), String> {
        King.tile_design(layout, tile)
    }
    fn build(
        &self,
        library: &Library,
        design: Design,
        frame: Frame,
    ) -> Result<Vec<Element>, BackendError> {
        // The King's designs are colour-blind.
        King.build(library, design, frame)
    }
    fn cross_section(&self, band: i64, along: i64, flow: Direction, _colour: u8) -> Column {
        King.cross_section(band, along, flow, 0)
    }
    fn wire_step(&self, last: Column, flow: Direction) -> (Column, Vec<(P, u32)>) {
        King.wire_step(last, flow)
    }
    fn column_order(&self, column: Column) -> Column {
        King.column_order(column)
    }
    fn variable_decider(&self, pieces: &[(P, u32)], outputs: &[Column]) -> Option<P> {
        King.variable_decider(pieces, outputs)
    }
}

impl Signals for EvenKing {
    type Signal = i8;
    fn read_signal(&self, column: &Column, budgets: [Option<u32>; 2]) -> i8 {
        King.read_signal(column, budgets)
    }
    fn is_standard(&self, column: &Column, budgets: [Option<u32>; 2]) -> bool {
        King.is_standard(column, budgets)
    }
    fn truth(&self, value: bool) -> i8 {
        King.truth(value)
    }
    fn is_true(&self, signal: &i8) -> bool {
        King.is_true(signal)
    }
    fn promise(&self, gadget: &Gadget, inputs: &[i8]) -> Option<Promise<i8>> {
        King.promise(gadget, inputs)
    }
    fn true_output(
        &self,
        variable: &Element,
        capture: (P, P),
        reaches: &mut Reaches<i8>,
    ) -> Result<usize, BackendError> {
        King.true_output(variable, capture, reaches)
    }
}

#[test]
fn even_tile_sides_compile_certify_and_decode() {
    let input = crate::front::FormulaFormat::Andor
        .parse(include_str!("../../../../examples/andor/thesis.andor"))
        .unwrap();
    let chain = Chain::from_input(&input, &crate::layout::BandOrder).unwrap();
    let king = compile_formula(King, chain.formula(), Ordering::Optimised).unwrap();
    let even = compile_formula(EvenKing, chain.formula(), Ordering::Optimised).unwrap();
    let (smallest, largest) = even.stats.tile_sides;
    assert!(smallest % 2 == 0 && largest % 2 == 0, "{}", even.stats);
    assert!(even.board.rows() % 2 == 0 && even.board.cols() % 2 == 0);
    assert!(even.board.rows() >= king.board.rows() && even.board.cols() >= king.board.cols());
    // The same gadgets; only the wires between them are longer.
    let gadgets = |stats: &BoardStats| -> Vec<(String, usize)> {
        let wires = |kind: &String| kind == "wire column";
        stats
            .gadgets
            .iter()
            .filter(|(kind, _)| !wires(kind))
            .map(|(k, n)| (k.clone(), *n))
            .collect()
    };
    assert_eq!(gadgets(&even.stats), gadgets(&king.stats));
    let moves = certify_input(&chain, &even)
        .unwrap()
        .expect("the thesis formula is satisfiable");
    let report = check_sequence(&even.board, &moves, Variant::Standard);
    assert!(report.is_solution(), "{report}");
    let model = decode_input(&chain, even.plan(), &moves).unwrap();
    assert!(chain.input().is_satisfied_by(&model));
}
