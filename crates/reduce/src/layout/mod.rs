//! The layout pass: an And-Or embedding (thesis §2.2.2) of an And-Or-(1,1) formula as a
//! piece-independent circuit on a coarse grid of tiles.
//!
//! # Design
//! The board is cut into square **tiles** (0-based `(row, col)`, row 0 at the top). Every
//! gadget — variable assignment (Lemma 5.7), Or (Lemma 5.9), And (Lemma 5.10), wire crossing
//! (Lemma 5.13) and 1-test (Lemma 5.14) — occupies exactly one tile; wires ([`Net`]) are
//! orthogonal polylines of tiles from an output port to an input port. A backend is
//! therefore a *tileset*: one gadget per [`Tile`] kind (straight wire, corner, crossing,
//! gate, …, each with its sides and flow directions, see [`Layout::tiles`]) whose wire ends
//! sit at fixed places on the tile edges, and a [`Footprint`] saying how many board squares a
//! tile has (the largest gadget plus the spacing the backend wants) and whether all tiles
//! must start on one square colour (Knight, §6.1). Uniform tiles keep backends simple
//! (stamping = rotating a gadget to its sides and translating it). The footprint is the
//! uniform bound; the tile backends size each tile by its own design and compact rows
//! and columns around stretching wires (see `back::rows`, `back::cols`).
//!
//! Every crossing is an explicit [`NodeKind::Crossing`] node with two inputs and two
//! outputs. Its King realisation (Fig. 5.15) lets the *through* wire pass and replaces the
//! *replaced* wire's value by a fresh Double Assignment (Fig. 5.8) whose two ¬ outputs
//! check it; [`crossing`] models exactly that, and [`Evaluator`] uses it.
//!
//! Placement ([`layout`]) follows §2.2.2: variables in columns on the left, each clause's
//! gates side by side in one column of clause bands, every variable between the two bands
//! that use its literals, each literal wired with one vertical and one horizontal segment
//! (a gate's second input adds a short drop into the gate), the clause outputs joined by a
//! tree of And gates feeding the 1-test. [`order`] chooses the clause and column order;
//! [`validate`] re-checks any layout independently. The King's layout
//! ([`VariablePlacement::TwoSided`]) puts the gates in the middle instead: variables on
//! both sides ([`sides`]), the clause values joined by a chain of Ands up a spine column.

mod anneal;
mod circuit;
pub mod crossing;
mod eval;
mod geometry;
pub mod json;
mod merge;
pub mod order;
mod place;
mod plan;
pub mod sides;
mod spine;
pub mod svg;
pub mod text;
mod validate;

use thiserror::Error;

use sat2chess_core::formula::{AndOrFormula, Var};
use sat2chess_core::label::Direction;

pub use eval::Evaluator;
pub use place::{BandOrder, clause_rows, layout, layout_with, wire_tiles};
pub use validate::{ValidationError, validate};

/// Index into [`Layout::nodes`].
pub(crate) type NodeId = usize;
/// Index into [`Layout::nets`].
pub(crate) type NetId = usize;

/// A tile position, 0-based, row 0 at the top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TilePos {
    pub row: u32,
    pub col: u32,
}

impl TilePos {
    pub fn new(row: u32, col: u32) -> TilePos {
        TilePos { row, col }
    }
}

/// Where a variable whose two literals lie in different clauses sits ([`layout_with`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum VariablePlacement {
    /// In a gap row between its two clauses, one literal leaving north and one south
    /// (thesis §2.2.2).
    #[default]
    GapRow,
    /// At the start of its lower literal's track, that literal leaving east and the
    /// other north: no gap rows, and every vertical wire flows north (the King's tiles:
    /// one crossing orientation per row, so crossing rows stay 28 squares high).
    LowerTrack,
    /// As [`VariablePlacement::LowerTrack`], but with the clause gates in the middle: the
    /// clause values are joined by a chain of And gates running north up one *spine*
    /// column to the 1-test at the top, and every variable runs its wires west or east
    /// of it ([`sides`]), mirrored on the east; the clause order, the sides and the
    /// literals' tracks within their clauses are then annealed together (`anneal`). Only pairs of variables on one side can
    /// cross, and a clause with literals from both sides crosses the spine once. With
    /// [`order::Ordering::Naive`], or when no variable is better off east (small
    /// formulas), this is [`VariablePlacement::LowerTrack`].
    TwoSided,
}

/// The two-input gates of the embedding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GateOp {
    And,
    Or,
}

impl GateOp {
    pub fn apply(self, a: bool, b: bool) -> bool {
        match self {
            GateOp::And => a && b,
            GateOp::Or => a || b,
        }
    }
}

/// What a gate computes for the formula.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GateRole {
    /// Gate `step` of clause `clause` (index into `AndOrFormula::clauses`). A clause with
    /// literals `l0 … lk` has gates `0 … k-1`; gate 0 reads `l0` and `l1`, gate `i > 0`
    /// reads gate `i-1` and `l(i+1)`. `(l0 ∧ l1) ∨ l2` has an And then an Or gate.
    Clause { clause: usize, step: usize },
    /// One And of the conjunction tree over the clause outputs (§2.2.2 item 5).
    Conjunction,
}

/// A gadget on one tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NodeKind {
    /// Variable assignment (Lemma 5.7): emits `x` on side `positive`, `¬x` on `negative`.
    Variable {
        var: Var,
        positive: Direction,
        negative: Direction,
    },
    /// Or / And gate (Lemmas 5.9, 5.10): input 0 enters from `inputs[0]`, input 1 from
    /// `inputs[1]`, the output leaves through `output`.
    Gate {
        op: GateOp,
        role: GateRole,
        inputs: [Direction; 2],
        output: Direction,
    },
    /// Wire crossing (Lemma 5.13) of two perpendicular nets: `through` keeps its signal,
    /// `replaced` continues from a fresh Double Assignment checked against it.
    Crossing { through: NetId, replaced: NetId },
    /// The 1-test (Lemma 5.14), holding the board's final square.
    OneTest { input: Direction },
}

/// A gadget and its tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    pub kind: NodeKind,
    pub at: TilePos,
}

/// A port of a variable, gate or 1-test (crossings are entered by nets passing through).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Port {
    /// The variable's `x` output.
    Positive,
    /// The variable's `¬x` output.
    Negative,
    /// Gate input 0 or 1, or the 1-test's input 0.
    Input(u8),
    /// A gate's output.
    Output,
}

/// One end of a net.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Endpoint {
    pub node: NodeId,
    pub port: Port,
}

/// A wire from an output port to an input port.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Net {
    pub source: Endpoint,
    pub sink: Endpoint,
    /// Corner points of the polyline, from the source node's tile to the sink node's tile;
    /// consecutive points share a row or a column and consecutive segments turn.
    pub path: Vec<TilePos>,
    /// The crossing nodes on this net, in signal order.
    pub crossings: Vec<NodeId>,
}

impl Net {
    /// Length in tile steps.
    pub fn length(&self) -> u64 {
        self.path
            .windows(2)
            .map(|w| u64::from(w[0].row.abs_diff(w[1].row) + w[0].col.abs_diff(w[1].col)))
            .sum()
    }
}

/// A placed and routed circuit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub nodes: Vec<Node>,
    pub nets: Vec<Net>,
    /// Grid size in tiles; every tile used lies inside.
    pub rows: u32,
    pub cols: u32,
}

/// What a single tile holds, for a backend's tileset (see [`Layout::tiles`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tile {
    /// Straight wire; the signal travels toward `flow`.
    Wire { flow: Direction },
    /// A wire entering from side `from` and leaving through side `to`.
    Corner { from: Direction, to: Direction },
    /// A crossing: the through wire travels toward `through`, the replaced one toward
    /// `replaced`.
    Crossing {
        node: NodeId,
        through: Direction,
        replaced: Direction,
    },
    /// A variable, gate or 1-test node (its sides are in [`NodeKind`]).
    Gadget { node: NodeId },
}

/// How a backend's tiles map to board squares (placement is in tiles; this scales it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Footprint {
    /// Side of a tile in board squares.
    pub tile_size: u32,
    /// All tiles must start on the same square colour — the Knight's wires alternate
    /// square colours (thesis §6.1), so its tiles only fit together when every tile origin
    /// has one colour. Honoured by an even tile pitch.
    pub same_colour_origins: bool,
}

impl Footprint {
    /// Distance in squares between the origins of neighbouring tiles (exact for every
    /// `tile_size`, also 2^32 − 1 rounded up to even).
    pub fn pitch(&self) -> u64 {
        let size = u64::from(self.tile_size.max(1));
        if self.same_colour_origins && size % 2 == 1 {
            size + 1
        } else {
            size
        }
    }
}

impl Default for Footprint {
    fn default() -> Footprint {
        Footprint {
            tile_size: 1,
            same_colour_origins: false,
        }
    }
}

/// Size measures of a layout (`layout --stats`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stats {
    pub variables: usize,
    pub(crate) gates: usize,
    pub crossings: usize,
    /// Total wire length in tile steps.
    pub wire_length: u64,
    pub rows: u32,
    pub cols: u32,
    /// Tiles holding a gadget or wire.
    pub tiles: u64,
}

impl Layout {
    pub fn stats(&self) -> Stats {
        let count =
            |pred: fn(&NodeKind) -> bool| self.nodes.iter().filter(|n| pred(&n.kind)).count();
        let crossings = count(|k| matches!(k, NodeKind::Crossing { .. }));
        let wire_length = self.nets.iter().map(Net::length).sum::<u64>();
        // Each net covers `length + 1` tiles including its two end nodes; a crossing tile
        // is covered by two nets; node tiles are shared by all nets ending there.
        let inner_wire_tiles = self.nets.iter().map(|n| n.length() - 1).sum::<u64>();
        let gadget_nodes = self.nodes.len() - crossings;
        Stats {
            variables: count(|k| matches!(k, NodeKind::Variable { .. })),
            gates: count(|k| matches!(k, NodeKind::Gate { .. })),
            crossings,
            wire_length,
            rows: self.rows,
            cols: self.cols,
            tiles: gadget_nodes as u64 + inner_wire_tiles - crossings as u64,
        }
    }
}

/// Why an And-Or formula cannot be laid out.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LayoutError {
    #[error("the formula has no clauses, so there is no output for the 1-test")]
    NoClauses,
    #[error("clause {clause} is empty")]
    EmptyClause { clause: usize },
    #[error("clause {clause} uses variable {var} which has no name (the formula has {num_vars})")]
    UnknownVariable {
        clause: usize,
        var: Var,
        num_vars: usize,
    },
    #[error(
        "literal {literal} occurs {count} times; And-Or-(1,1)-SAT needs every literal exactly once"
    )]
    LiteralCount { literal: String, count: usize },
    #[error("the layout grid would exceed {max} tiles per side")]
    TooLarge { max: u32 },
}

impl LayoutError {
    /// Whether this is the program's fault: the transformation chain hands the layout
    /// only And-Or-(1,1) formulas with clauses, so only a grid too large is the input's.
    pub fn is_internal(&self) -> bool {
        !matches!(self, LayoutError::TooLarge { .. })
    }
}

/// The opposite side.
pub(crate) fn opposite(direction: Direction) -> Direction {
    match direction {
        Direction::North => Direction::South,
        Direction::South => Direction::North,
        Direction::East => Direction::West,
        Direction::West => Direction::East,
    }
}

/// Direction of the axis-aligned step from `from` toward `to` (`None` if equal or diagonal).
pub(crate) fn step_direction(from: TilePos, to: TilePos) -> Option<Direction> {
    use std::cmp::Ordering::*;
    match (to.row.cmp(&from.row), to.col.cmp(&from.col)) {
        (Less, Equal) => Some(Direction::North),
        (Greater, Equal) => Some(Direction::South),
        (Equal, Greater) => Some(Direction::East),
        (Equal, Less) => Some(Direction::West),
        _ => None,
    }
}

/// Display name of a literal, `x` or `¬x`, using the formula's variable names.
pub(crate) fn literal_name(formula: &AndOrFormula, var: Var, positive: bool) -> String {
    let name = formula
        .names
        .get(var.index())
        .cloned()
        .unwrap_or_else(|| var.to_string());
    if positive { name } else { format!("¬{name}") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn footprint_pitch_keeps_tile_colours_when_asked() {
        let king = Footprint {
            tile_size: 7,
            same_colour_origins: false,
        };
        assert_eq!(king.pitch(), 7);
        let knight = Footprint {
            tile_size: 7,
            same_colour_origins: true,
        };
        assert_eq!(knight.pitch(), 8);
        // An even pitch puts every tile origin on the colour of (1, 1).
        for tile_size in [1, 2, 7, u32::MAX] {
            let pitch = Footprint {
                tile_size,
                same_colour_origins: true,
            }
            .pitch();
            assert_eq!(pitch % 2, 0, "{tile_size}");
        }
    }
}
