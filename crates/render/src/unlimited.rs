//! Figures of the unlimited-captures boards of Brunner et al. §3.1
//! (`sat2chess-hampath`), as the paper's Figures 1–4 draw them: the board with the
//! Hamiltonian Path instance drawn over it where the construction put it.
//!
//! - every vertex in its own colour: a point vertex (Theorems 3.1, 3.7; `s` and `t` of
//!   Theorem 3.2) framed on its square, a Theorem 3.2 vertex as the outline of its
//!   rectangle of pawns (moved with the board by Corollaries 3.3–3.6), each named as the
//!   `.ham` file names it;
//! - every edge a grey line between the squares where it meets its ends (the special
//!   piece's move along it), stopping short of their glyphs;
//! - no coordinates (as in the paper's figures);
//! - the special piece framed in red, Theorem 3.7's green pawns tinted green; on a
//!   large view (more than 48 squares across) a dot on every piece;
//! - a caption naming the result, the pieces and the instance;
//! - with moves, the capture sequence as the board figures draw it (numbered arrows).

use std::io::{self, Write};

use sat2chess_core::board::Square;
use sat2chess_core::rules::Move;
use sat2chess_hampath::construction::Drawing;
use sat2chess_hampath::graph::{HamGraph, VertexName};
use sat2chess_hampath::theorem::Theorem;

use super::rbds::class_colour;
use super::sketch::{self, Anchor, Item, Sketch, Stack, text_width};
use super::svg::Layout;
use super::{Format, RenderError, RenderOptions, Rgb, Scene, palette};

/// Font size of vertex names, in squares (times the board's text scale).
const NAME_FONT: f64 = 0.3;
/// Font size of the caption.
const CAPTION_FONT: f64 = 0.4;
/// The edges' colour.
const EDGE: Rgb = Rgb(0x546e7a);
/// How far an edge's line stops short of its ends' centres, in squares.
const EDGE_GAP: f64 = 0.4;
/// The special piece's frame.
const SPECIAL: Rgb = Rgb(0xd32f2f);
/// Theorem 3.7's green pawns.
const GREEN: Rgb = Rgb(0x43a047);

/// What an unlimited-captures figure shows.
pub struct Figure<'a> {
    /// The instance.
    pub graph: &'a HamGraph,
    /// The result whose board is drawn.
    pub theorem: &'a Theorem,
    /// The board and its rules, as [`Theorem::build`] made them from `graph`.
    pub construction: &'a sat2chess_hampath::construction::Construction,
    /// The instance's name in the caption (its file name).
    pub name: &'a str,
}

/// Draws `figure` with `moves` (a capture sequence on its board, drawn as numbered
/// arrows) in `format` (SVG or TikZ) into `out`.
pub fn write(
    figure: &Figure<'_>,
    moves: &[Move],
    format: Format,
    out: &mut dyn Write,
) -> Result<(), RenderError> {
    let drawing = figure
        .theorem
        .drawing(figure.graph, figure.construction)
        .map_err(RenderError::Unlimited)?;
    // No coordinates: as in the paper's figures, and the names above the top row
    // would cover them.
    let options = RenderOptions {
        coordinates: false,
        ..RenderOptions::default()
    };
    let scene = Scene::build(&figure.construction.board, moves, &options)?;
    let layout = Layout::of(&scene);
    let sketch = sketch(figure, &drawing, &layout);
    let mut out = io::BufWriter::new(out);
    match format {
        Format::Svg => sketch::svg_with_board(&scene, &sketch, Stack::Over, "s2c-board", &mut out)?,
        Format::Tikz => sketch::tikz_with_board(&scene, &sketch, &caption(figure), &mut out)?,
        Format::Html => {
            return Err(RenderError::NoPage(
                "a Hamiltonian Path board with its graph",
            ));
        }
    }
    out.flush()?;
    Ok(())
}

/// `Theorem 3.1: knight among pawns (grid.ham)`.
fn caption(figure: &Figure<'_>) -> String {
    format!(
        "{}: {} among {}s ({})",
        figure.theorem.title(),
        figure.theorem.special.name(),
        figure.theorem.other.name(),
        figure.name
    )
}

/// A vertex's name as the `.ham` file writes it, `s`/`t` added for the ends.
fn name(graph: &HamGraph, v: usize) -> String {
    let base = match graph.vertex_name(v) {
        VertexName::Point((x, y)) => format!("{x},{y}"),
        VertexName::Number(n) => n.to_string(),
    };
    if graph.start == Some(v) {
        format!("s {base}")
    } else if graph.end == Some(v) {
        format!("t {base}")
    } else {
        base
    }
}

/// The centre of `square`, in board squares (the board's top-left corner at the origin).
fn centre(square: Square) -> (f64, f64) {
    (f64::from(square.col) - 0.5, f64::from(square.row) - 0.5)
}

/// The segment from `a` to `b` with `gap` cut off each end (to leave the glyphs free).
fn shortened(a: (f64, f64), b: (f64, f64), gap: f64) -> Vec<(f64, f64)> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let length = dx.hypot(dy);
    if length <= 2.0 * gap {
        return vec![a, b];
    }
    let (ux, uy) = (dx / length * gap, dy / length * gap);
    vec![(a.0 + ux, a.1 + uy), (b.0 - ux, b.1 - uy)]
}

/// The corners of `square`, `grow` outside its edges.
fn frame(square: Square, grow: f64) -> Vec<(f64, f64)> {
    let (x, y) = centre(square);
    let d = 0.5 + grow;
    vec![
        (x - d, y - d),
        (x + d, y - d),
        (x + d, y + d),
        (x - d, y + d),
    ]
}

/// The graph, the marks and the caption over the board, in board squares.
fn sketch(figure: &Figure<'_>, drawing: &Drawing, layout: &Layout) -> Sketch {
    let text = layout.text;
    let line = 0.07 * text;
    let mut sketch = Sketch::default();
    for &square in &drawing.marked {
        sketch.push(Item::Path {
            points: frame(square, -0.04),
            closed: true,
            fill: Some(GREEN),
            stroke: GREEN,
            width: 0.04,
            opacity: 0.45,
        });
    }
    for &(_, a, b) in &drawing.edges {
        sketch.push(Item::Path {
            points: shortened(centre(a), centre(b), EDGE_GAP),
            closed: false,
            fill: None,
            stroke: EDGE,
            width: 2.0 * line,
            opacity: 0.55,
        });
    }
    let colour = |v: usize| class_colour(v as u32);
    for (v, squares) in drawing.vertices.iter().enumerate() {
        match squares.as_slice() {
            [square] => sketch.push(Item::Path {
                points: frame(*square, 0.0),
                closed: true,
                fill: None,
                stroke: colour(v),
                width: 1.5 * line,
                opacity: 0.9,
            }),
            corners => sketch.push(Item::Path {
                points: corners.iter().map(|&s| centre(s)).collect(),
                closed: true,
                fill: Some(colour(v)),
                stroke: colour(v),
                width: 1.5 * line,
                opacity: 0.3,
            }),
        }
    }
    // On a large view a glyph is a few pixels: a dot marks every piece.
    if text > 1.5 {
        for piece in figure.construction.board.pieces() {
            sketch.push(Item::Disc {
                at: centre(piece.square),
                radius: 0.12 * text,
                fill: palette::INK,
                stroke: palette::INK,
                width: 0.0,
            });
        }
    }
    sketch.push(Item::Path {
        points: frame(figure.construction.special, 0.06 + 0.25 * (text - 1.0)),
        closed: true,
        fill: None,
        stroke: SPECIAL,
        width: 2.5 * line,
        opacity: 1.0,
    });
    // Names: on a white plate right of a point vertex's square, left of a rectangle's
    // top-left corner (the leftmost corner of a turned one).
    let size = NAME_FONT * text;
    for (v, squares) in drawing.vertices.iter().enumerate() {
        let label = name(figure.graph, v);
        let width = text_width(&label, size) + 0.1 * text;
        let (x, y) = match squares.as_slice() {
            [square] => {
                // Right of the square: free on every board (no piece stands a king's
                // step sideways from a vertex square).
                let (x, y) = centre(*square);
                (x + 0.55 + width / 2.0 + 0.25 * (text - 1.0), y)
            }
            corners => {
                let (x, y) =
                    corners
                        .iter()
                        .map(|&s| centre(s))
                        .fold((f64::MAX, f64::MAX), |best, p| {
                            if (p.0, p.1) < best { p } else { best }
                        });
                (x - 0.55 - width / 2.0, y)
            }
        };
        sketch.push(Item::Frame {
            corner: (x - width / 2.0, y - 0.6 * size),
            size: (width, 1.2 * size),
            fill: palette::PAPER,
            stroke: colour(v),
            width: 0.03 * text,
        });
        sketch.push(Item::Text {
            at: (x, y),
            text: label,
            size,
            colour: colour(v),
            anchor: Anchor::Middle,
            bold: true,
        });
    }
    let (left, top, ..) = sketch.bounds();
    sketch.push(Item::Text {
        at: (
            left.min(-layout.left),
            top.min(-layout.top) - CAPTION_FONT * text,
        ),
        text: caption(figure),
        size: CAPTION_FONT * text,
        colour: palette::INK,
        anchor: Anchor::Start,
        bold: false,
    });
    sketch
}
