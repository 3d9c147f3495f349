//! Compact text rendering of a layout's tile grid (for small layouts, tests and review).
//!
//! One character per tile: `V` variable, `A` And, `O` Or, `T` 1-test, `*` crossing,
//! `+` corner, `> < ^ v` straight wire with its signal direction, `.` empty. A legend
//! below lists the gadgets with their tiles (0-based row, column) and port sides.

use std::fmt::Write;

use sat2chess_core::formula::AndOrFormula;
use sat2chess_core::label::Direction;

use super::{GateOp, GateRole, Layout, NodeKind, Tile, literal_name};

/// Renders the grid and a legend. Allocates `rows × cols` characters: small layouts only.
pub fn render(formula: &AndOrFormula, layout: &Layout) -> String {
    let mut grid = vec![vec!['.'; layout.cols as usize]; layout.rows as usize];
    for (at, tile) in layout.tiles() {
        grid[at.row as usize][at.col as usize] = match tile {
            Tile::Wire { flow } => match flow {
                Direction::North => '^',
                Direction::East => '>',
                Direction::South => 'v',
                Direction::West => '<',
            },
            Tile::Corner { .. } => '+',
            Tile::Crossing { .. } => '*',
            Tile::Gadget { node } => match layout.nodes[node].kind {
                NodeKind::Variable { .. } => 'V',
                NodeKind::Gate {
                    op: GateOp::And, ..
                } => 'A',
                NodeKind::Gate { op: GateOp::Or, .. } => 'O',
                NodeKind::OneTest { .. } => 'T',
                NodeKind::Crossing { .. } => '*',
            },
        };
    }
    let mut out = String::new();
    for row in grid {
        out.extend(row);
        out.push('\n');
    }
    for (id, node) in layout.nodes.iter().enumerate() {
        let (r, c) = (node.at.row, node.at.col);
        let description = match node.kind {
            NodeKind::Variable {
                var,
                positive,
                negative,
            } => format!(
                "variable {}: {} {}, {} {}",
                literal_name(formula, var, true),
                literal_name(formula, var, true),
                positive.letter(),
                literal_name(formula, var, false),
                negative.letter()
            ),
            NodeKind::Gate { op, role, .. } => match role {
                GateRole::Clause { clause, step } => {
                    format!("{op:?} gate {step} of clause {clause}")
                }
                GateRole::Conjunction => format!("{op:?} gate of the conjunction tree"),
            },
            NodeKind::Crossing { through, replaced } => {
                format!("crossing: net {through} through, net {replaced} replaced")
            }
            NodeKind::OneTest { .. } => "1-test".to_string(),
        };
        writeln!(out, "{id:>3} ({r},{c}) {description}").expect("write to String");
    }
    out
}
