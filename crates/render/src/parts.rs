//! The parts of a figure that the [`Scene`](crate::Scene) collects and every writer
//! draws: pieces ([`ScenePiece`]), arrows ([`Arrow`]), the moves of the animation
//! ([`TimelineMove`]) and the lines of the legend ([`LegendEntry`]).

use sat2chess_core::board::{PieceKind, Square};
use sat2chess_core::rules::Move;

use super::colour::GadgetClass;
use super::options::Mark;

/// A piece as drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenePiece {
    /// Index of the piece in the input board (stable across moves; the HTML animation uses it).
    pub id: u32,
    pub kind: PieceKind,
    pub square: Square,
    pub budget: u32,
    /// Gadget colour of the piece's own label (used by the dot style), when gadget colouring is on.
    pub class: Option<GadgetClass>,
}

/// What an arrow shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArrowKind {
    /// Signal direction of a wire group.
    Flow,
    /// A capture, numbered from 1 in sequence order.
    Capture { number: usize },
    /// A ray that must stay empty (rook gadgets, the thesis' red arrows).
    EmptyRay,
}

/// An arrow between two points in board units: `(x, y)` with the region's top-left corner at
/// `(0, 0)` and one unit per square (square centres sit at `.5`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Arrow {
    pub from: (f64, f64),
    pub to: (f64, f64),
    pub kind: ArrowKind,
}

/// One move of the sequence with the pieces it involves (for the animation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimelineMove {
    pub mv: Move,
    pub mover: u32,
    pub captured: u32,
}

/// One line of the legend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LegendEntry {
    Budget,
    /// The budget shades of the dot style.
    DotBudget,
    Gadget(GadgetClass),
    Mark(Mark),
    Flow,
    Capture,
    EmptyRay,
}

impl LegendEntry {
    pub fn text(self) -> &'static str {
        match self {
            LegendEntry::Budget => "n = captures left; black piece = budget 0",
            LegendEntry::DotBudget => "dots: dark = budget 2+, light = 1, black = 0",
            LegendEntry::Gadget(class) => class.title(),
            LegendEntry::Mark(Mark::LastMove) => "last move",
            LegendEntry::Mark(Mark::Input) => "input port",
            LegendEntry::Mark(Mark::Output) => "output port",
            LegendEntry::Mark(Mark::Final) => "final square",
            LegendEntry::Flow => "signal flow",
            LegendEntry::Capture => "capture (numbered)",
            LegendEntry::EmptyRay => "ray that must stay empty",
        }
    }
}
