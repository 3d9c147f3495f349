//! Figures of boards whose squares play named roles (the unlimited-captures boards of
//! Brunner et al. §3.2: the hero, junctions, paths, literal squares, wires…): the board
//! with every role's squares tinted in the role's colour, the hero framed in red, short
//! notes on free squares (a variable's name) and a legend naming the roles below the
//! board. The caller names the roles; nothing here knows a theorem, so any board whose
//! squares can be told apart by role is drawn the same way.
//!
//! - no coordinates (as in the paper's figures), a caption above the board;
//! - with moves, the capture sequence as the board figures draw it (numbered arrows).

use std::io::{self, Write};

use sat2chess_core::board::{Board, Square};
use sat2chess_core::rules::Move;

use super::sketch::{self, Anchor, Item, Sketch, Stack, text_width};
use super::svg::Layout;
use super::{Format, RenderError, RenderOptions, Rgb, Scene, palette};

/// The roles' colours, in legend order (then again from the first).
const ROLE_COLOURS: [Rgb; 10] = [
    Rgb(0x1e88e5),
    Rgb(0x212121),
    Rgb(0x43a047),
    Rgb(0xfb8c00),
    Rgb(0x8e24aa),
    Rgb(0x00acc1),
    Rgb(0xfdd835),
    Rgb(0x6d4c41),
    Rgb(0xd81b60),
    Rgb(0xc0ca33),
];
/// The hero's frame.
const HERO: Rgb = Rgb(0xd32f2f);
/// Font size of the caption, the legend and the notes, in squares (times the board's
/// text scale).
const CAPTION_FONT: f64 = 0.4;
const LEGEND_FONT: f64 = 0.36;
const NOTE_FONT: f64 = 0.32;
/// Height of one legend line, in squares (times the text scale).
const LEGEND_LINE: f64 = 0.6;

/// One role: its name in the legend and the squares holding it.
#[derive(Clone, Debug)]
pub struct Role {
    /// The legend's text.
    pub name: String,
    /// The squares playing it.
    pub squares: Vec<Square>,
}

/// What a role figure shows.
pub struct Figure<'a> {
    /// The board.
    pub board: &'a Board,
    /// The piece the construction is about (framed in red).
    pub hero: Square,
    /// The roles, in legend order; a square in several roles takes the last one's tint.
    pub roles: &'a [Role],
    /// Short texts centred on (free) squares, e.g. a variable's name beside its gadget.
    pub notes: &'a [(Square, String)],
    /// The line above the board.
    pub caption: &'a str,
}

/// Draws `figure` with `moves` (a capture sequence on its board, numbered arrows) in
/// `format` (SVG or TikZ) into `out`.
pub fn write(
    figure: &Figure<'_>,
    moves: &[Move],
    format: Format,
    out: &mut dyn Write,
) -> Result<(), RenderError> {
    let options = RenderOptions {
        coordinates: false,
        ..RenderOptions::default()
    };
    let scene = Scene::build(figure.board, moves, &options)?;
    let layout = Layout::of(&scene);
    let sketch = sketch(figure, &layout);
    let mut out = io::BufWriter::new(out);
    match format {
        Format::Svg => sketch::svg_with_board(&scene, &sketch, Stack::Over, "s2c-board", &mut out)?,
        Format::Tikz => sketch::tikz_with_board(&scene, &sketch, figure.caption, &mut out)?,
        Format::Html => return Err(RenderError::NoPage("a board drawn by square roles")),
    }
    out.flush()?;
    Ok(())
}

/// The colour of the role at `index` of the legend.
fn colour(index: usize) -> Rgb {
    ROLE_COLOURS[index % ROLE_COLOURS.len()]
}

/// The corners of `square`, `grow` outside its edges (the board's top-left corner at the
/// origin, one unit a square).
fn frame(square: Square, grow: f64) -> Vec<(f64, f64)> {
    let (x, y) = (f64::from(square.col) - 0.5, f64::from(square.row) - 0.5);
    let d = 0.5 + grow;
    vec![
        (x - d, y - d),
        (x + d, y - d),
        (x + d, y + d),
        (x - d, y + d),
    ]
}

/// The tints, the hero's frame, the notes, the caption and the legend, in squares.
fn sketch(figure: &Figure<'_>, layout: &Layout) -> Sketch {
    let text = layout.text;
    let mut sketch = Sketch::default();
    for (index, role) in figure.roles.iter().enumerate() {
        for &square in &role.squares {
            sketch.push(Item::Path {
                points: frame(square, -0.03),
                closed: true,
                fill: Some(colour(index)),
                stroke: colour(index),
                width: 0.03,
                opacity: 0.5,
            });
        }
    }
    sketch.push(Item::Path {
        points: frame(figure.hero, 0.06 + 0.25 * (text - 1.0)),
        closed: true,
        fill: None,
        stroke: HERO,
        width: 0.18 * text,
        opacity: 1.0,
    });
    for (square, note) in figure.notes {
        sketch.push(Item::Text {
            at: (f64::from(square.col) - 0.5, f64::from(square.row) - 0.5),
            text: note.clone(),
            size: NOTE_FONT * text,
            colour: palette::INK,
            anchor: Anchor::Middle,
            bold: true,
        });
    }
    sketch.push(Item::Text {
        at: (-layout.left, -layout.top - CAPTION_FONT * text),
        text: figure.caption.to_owned(),
        size: CAPTION_FONT * text,
        colour: palette::INK,
        anchor: Anchor::Start,
        bold: false,
    });
    legend(figure, layout, &mut sketch);
    sketch
}

/// The legend below the board: a swatch and the name of every role, in two columns
/// when the board is wide enough for them.
fn legend(figure: &Figure<'_>, layout: &Layout, sketch: &mut Sketch) {
    let text = layout.text;
    let (size, line) = (LEGEND_FONT * text, LEGEND_LINE * text);
    let swatch = 0.4 * text;
    let entries: Vec<(String, Rgb)> = std::iter::once(("hero (framed)".to_owned(), HERO))
        .chain(
            figure
                .roles
                .iter()
                .enumerate()
                .map(|(index, role)| (role.name.clone(), colour(index))),
        )
        .collect();
    let widest = entries
        .iter()
        .map(|(name, _)| text_width(name, size))
        .fold(0.0, f64::max);
    let column = swatch + 0.3 * text + widest + 0.8 * text;
    let columns = if 2.0 * column <= layout.left + layout.width {
        2
    } else {
        1
    };
    let per_column = entries.len().div_ceil(columns);
    let top = layout.height + 0.3 * text;
    for (index, (name, rgb)) in entries.into_iter().enumerate() {
        let x = -layout.left + (index / per_column) as f64 * column;
        let y = top + (index % per_column) as f64 * line + line / 2.0;
        let hero = rgb == HERO && index == 0;
        sketch.push(Item::Path {
            points: vec![
                (x, y - swatch / 2.0),
                (x + swatch, y - swatch / 2.0),
                (x + swatch, y + swatch / 2.0),
                (x, y + swatch / 2.0),
            ],
            closed: true,
            fill: (!hero).then_some(rgb),
            stroke: rgb,
            width: if hero { 0.08 * text } else { 0.03 },
            opacity: if hero { 1.0 } else { 0.5 },
        });
        sketch.push(Item::Text {
            at: (x + swatch + 0.3 * text, y),
            text: name,
            size,
            colour: palette::INK,
            anchor: Anchor::Start,
            bold: false,
        });
    }
}
