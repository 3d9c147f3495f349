//! Schematic SVG of a layout in the style of thesis Fig. 2.2: variables green, Or gates
//! pink, And gates red, the 1-test blue, crossings marked ×, wires with direction arrows.

use std::collections::HashMap;

use svg::Document;
use svg::node::element::{Circle, Group, Path, Polyline, Rectangle, Text};

use sat2chess_core::formula::{AndOrClause, AndOrFormula, Lit};
use sat2chess_core::label::Direction;

use super::{Endpoint, GateOp, GateRole, Layout, NodeKind, Port, Tile, TilePos, literal_name};

const CELL: f64 = 56.0;
const MARGIN: f64 = 24.0;
/// Room above the grid for the formula caption.
const CAPTION: f64 = 36.0;
const BOX: f64 = 44.0;
/// Gate labels longer than this (characters) show only the gate symbol.
const MAX_GATE_LABEL: usize = 7;
/// Formulas longer than this (characters) get no caption.
const CAPTION_LIMIT: usize = 160;

fn centre(at: TilePos) -> (f64, f64) {
    (
        MARGIN + (f64::from(at.col) + 0.5) * CELL,
        MARGIN + CAPTION + (f64::from(at.row) + 0.5) * CELL,
    )
}

/// The formula in logic notation, e.g. `(x ∧ ¬y) ∨ z,  ¬x ∨ ¬z ∨ y`.
fn caption(formula: &AndOrFormula) -> String {
    let name = |lit: &Lit| literal_name(formula, lit.var, lit.positive);
    let clauses: Vec<String> = formula
        .clauses
        .iter()
        .map(|clause| match clause {
            AndOrClause::Or(lits) => lits.iter().map(name).collect::<Vec<_>>().join(" ∨ "),
            AndOrClause::AndOr { and, or } => {
                format!("({} ∧ {}) ∨ {}", name(&and[0]), name(&and[1]), name(or))
            }
        })
        .collect();
    clauses.join(",\u{2003}")
}

/// Renders the schematic as an SVG document.
pub fn render(formula: &AndOrFormula, layout: &Layout) -> String {
    let width = 2.0 * MARGIN + f64::from(layout.cols) * CELL;
    let height = 2.0 * MARGIN + CAPTION + f64::from(layout.rows) * CELL;
    let mut document = Document::new()
        .set("viewBox", (0, 0, width, height))
        .set("width", width)
        .set("height", height)
        .set("font-family", "Helvetica, Arial, sans-serif")
        .add(
            Rectangle::new()
                .set("width", width)
                .set("height", height)
                .set("fill", "white"),
        );
    let text = caption(formula);
    if text.chars().count() <= CAPTION_LIMIT {
        document = document
            .add(label(MARGIN, MARGIN + 8.0, &text, 15.0, "#111").set("text-anchor", "start"));
    }

    let mut wires = Group::new()
        .set("fill", "none")
        .set("stroke", "#444")
        .set("stroke-width", 2.5)
        .set("stroke-linejoin", "round");
    for net in &layout.nets {
        let points: Vec<String> = net
            .path
            .iter()
            .map(|&at| {
                let (x, y) = centre(at);
                format!("{x},{y}")
            })
            .collect();
        wires = wires.add(Polyline::new().set("points", points.join(" ")));
    }
    // A direction arrow on every straight wire tile, like the thesis figures.
    for (at, tile) in layout.tiles() {
        if let Tile::Wire { flow } = tile {
            let (x, y) = centre(at);
            let angle = match flow {
                Direction::East => 0,
                Direction::South => 90,
                Direction::West => 180,
                Direction::North => 270,
            };
            wires = wires.add(
                Path::new()
                    .set("d", "M -5 -5 L 5 0 L -5 5 z")
                    .set("fill", "#444")
                    .set("stroke", "none")
                    .set("transform", format!("translate({x},{y}) rotate({angle})")),
            );
        }
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
                        let text =
                            format!("{}{symbol}{}", name(Port::Input(0)), name(Port::Input(1)));
                        // Long variable names do not fit; the symbol alone still reads.
                        if text.chars().count() <= MAX_GATE_LABEL {
                            text
                        } else {
                            symbol.to_string()
                        }
                    }
                    GateRole::Conjunction => symbol.to_string(),
                };
                (fill, text)
            }
            NodeKind::OneTest { .. } => ("#9cc3f0", "1-test".to_string()),
            NodeKind::Crossing { .. } => unreachable!("handled above"),
        };
        if let NodeKind::Variable {
            var,
            positive,
            negative,
        } = node.kind
        {
            for (side, is_positive) in [(positive, true), (negative, false)] {
                let (dr, dc) = side.delta();
                // Beside the outgoing wire, just outside the box.
                let (px, py) = (
                    x + dc as f64 * (BOX / 2.0 + 6.0) + if dc == 0 { 5.0 } else { 0.0 },
                    y + dr as f64 * (BOX / 2.0 + 6.0) + if dr == 0 { -5.0 } else { 4.0 },
                );
                gadgets = gadgets.add(
                    label(
                        px,
                        py,
                        &literal_name(formula, var, is_positive),
                        11.0,
                        "#1d6b1d",
                    )
                    .set("text-anchor", "start"),
                );
            }
        }
        let long = text.chars().count() > 4;
        let size = if long { 12.0 } else { 14.0 };
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
            .add(if long {
                // Squeeze long labels into the box.
                label(x, y + size / 3.0, &text, size, "#111")
                    .set("textLength", BOX - 6.0)
                    .set("lengthAdjust", "spacingAndGlyphs")
            } else {
                label(x, y + size / 3.0, &text, size, "#111")
            });
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
