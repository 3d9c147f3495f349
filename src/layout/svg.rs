//! Schematic SVG of a layout in the style of thesis Fig. 2.2: variables green, Or gates
//! pink, And gates red, the 1-test blue, crossings marked ×, wires with direction arrows.

use std::collections::HashMap;

use svg::Document;
use svg::node::element::{Circle, Definitions, Group, Marker, Path, Polyline, Rectangle, Text};

use crate::formula::{AndOrFormula, Lit};

use super::{Endpoint, GateOp, GateRole, Layout, NodeKind, Port, TilePos, literal_name};

const CELL: f64 = 48.0;
const MARGIN: f64 = 24.0;
const BOX: f64 = 38.0;

fn centre(at: TilePos) -> (f64, f64) {
    (
        MARGIN + (f64::from(at.col) + 0.5) * CELL,
        MARGIN + (f64::from(at.row) + 0.5) * CELL,
    )
}

/// Renders the schematic as an SVG document.
pub fn render(formula: &AndOrFormula, layout: &Layout) -> String {
    let width = 2.0 * MARGIN + f64::from(layout.cols) * CELL;
    let height = 2.0 * MARGIN + f64::from(layout.rows) * CELL;
    let arrow = Marker::new()
        .set("id", "arrow")
        .set("viewBox", "0 0 10 10")
        .set("refX", 5)
        .set("refY", 5)
        .set("markerWidth", 7)
        .set("markerHeight", 7)
        .set("orient", "auto")
        .add(
            Path::new()
                .set("d", "M 1 1 L 9 5 L 1 9 z")
                .set("fill", "#444"),
        );
    let mut document = Document::new()
        .set("viewBox", (0, 0, width, height))
        .set("width", width)
        .set("height", height)
        .set("font-family", "Helvetica, Arial, sans-serif")
        .add(Definitions::new().add(arrow))
        .add(
            Rectangle::new()
                .set("width", width)
                .set("height", height)
                .set("fill", "white"),
        );

    let mut wires = Group::new()
        .set("fill", "none")
        .set("stroke", "#444")
        .set("stroke-width", 2.5)
        .set("stroke-linejoin", "round");
    for net in &layout.nets {
        // One vertex per tile so that an arrow marks every wire tile.
        let mut points = String::new();
        for (i, w) in net.path.windows(2).enumerate() {
            if i == 0 {
                let (x, y) = centre(w[0]);
                points.push_str(&format!("{x},{y} "));
            }
            for at in tiles_between(w[0], w[1]) {
                let (x, y) = centre(at);
                points.push_str(&format!("{x},{y} "));
            }
        }
        wires = wires.add(
            Polyline::new()
                .set("points", points.trim_end())
                .set("marker-mid", "url(#arrow)"),
        );
    }
    document = document.add(wires);

    let literal_of = literal_inputs(formula, layout);
    let mut gadgets = Group::new();
    for (id, node) in layout.nodes.iter().enumerate() {
        let (x, y) = centre(node.at);
        if let NodeKind::Crossing { .. } = node.kind {
            gadgets = gadgets
                .add(
                    Circle::new()
                        .set("cx", x)
                        .set("cy", y)
                        .set("r", 10)
                        .set("fill", "#fff3c4")
                        .set("stroke", "#c77d00")
                        .set("stroke-width", 2),
                )
                .add(label(x, y + 5.0, "×", 15.0, "#c77d00"));
            continue;
        }
        let (fill, text) = match node.kind {
            NodeKind::Variable { var, .. } => ("#9fd89f", literal_name(formula, var, true)),
            NodeKind::Gate { op, role, .. } => {
                let symbol = match op {
                    GateOp::And => "∧",
                    GateOp::Or => "∨",
                };
                let fill = match (op, role) {
                    (GateOp::Or, _) => "#f7b6d2",
                    (GateOp::And, GateRole::Clause { .. }) => "#ef8a8a",
                    (GateOp::And, GateRole::Conjunction) => "#d95f5f",
                };
                let text = match role {
                    GateRole::Clause { .. } => {
                        let name = |port| {
                            literal_of(Endpoint { node: id, port }).unwrap_or_else(|| "·".into())
                        };
                        format!("{}{symbol}{}", name(Port::Input(0)), name(Port::Input(1)))
                    }
                    GateRole::Conjunction => symbol.to_string(),
                };
                (fill, text)
            }
            NodeKind::OneTest { .. } => ("#9cc3f0", "1-test".to_string()),
            NodeKind::Crossing { .. } => unreachable!("handled above"),
        };
        let size = if text.chars().count() > 4 { 10.0 } else { 14.0 };
        gadgets = gadgets
            .add(
                Rectangle::new()
                    .set("x", x - BOX / 2.0)
                    .set("y", y - BOX / 2.0)
                    .set("width", BOX)
                    .set("height", BOX)
                    .set("rx", 5)
                    .set("fill", fill)
                    .set("stroke", "#333")
                    .set("stroke-width", 1.5),
            )
            .add(label(x, y + size / 3.0, &text, size, "#111"));
    }
    document.add(gadgets).to_string()
}

fn label(x: f64, y: f64, text: &str, size: f64, colour: &str) -> Text {
    Text::new(text)
        .set("x", x)
        .set("y", y)
        .set("font-size", size)
        .set("text-anchor", "middle")
        .set("fill", colour)
}

/// Tiles after `from` up to and including `to` on a straight segment.
fn tiles_between(from: TilePos, to: TilePos) -> Vec<TilePos> {
    let mut tiles = Vec::new();
    let mut at = from;
    while at != to {
        at = TilePos::new(step(at.row, to.row), step(at.col, to.col));
        tiles.push(at);
    }
    tiles
}

fn step(from: u32, to: u32) -> u32 {
    match from.cmp(&to) {
        std::cmp::Ordering::Less => from + 1,
        std::cmp::Ordering::Greater => from - 1,
        std::cmp::Ordering::Equal => from,
    }
}

/// Name of the literal feeding a gate input, if a variable feeds it directly.
fn literal_inputs<'a>(
    formula: &'a AndOrFormula,
    layout: &'a Layout,
) -> impl Fn(Endpoint) -> Option<String> + 'a {
    let feeding: HashMap<Endpoint, Endpoint> =
        layout.nets.iter().map(|n| (n.sink, n.source)).collect();
    move |sink| {
        let source = feeding.get(&sink)?;
        match layout.nodes[source.node].kind {
            NodeKind::Variable { var, .. } => {
                let lit = Lit::new(var, source.port == Port::Positive);
                Some(literal_name(formula, lit.var, lit.positive))
            }
            _ => None,
        }
    }
}
