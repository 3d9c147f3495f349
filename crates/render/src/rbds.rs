//! Figures of Red-Blue Dominating Set instances (Aravind–Misra–Mittal, FUN 2022, §2)
//! beside the rook board Theorem 2 builds from them
//! (`sat2chess_reduce::reduction::rbds_rook`).
//!
//! Left, the bipartite graph: red vertices `r1…` in one column (the colourful variant's
//! classes grouped in framed boxes, each class ringed in its own colour), blue vertices
//! `b1…` in another, the edges between them, and the caption stating k. Right, the board
//! drawn as `render --gadgets --legend` draws it: its rooks tinted by role from their
//! labels (red vertex, edge, blue vertex, cleaner, target). The correspondence is drawn
//! in the margins: every column is named after its red vertex, blue collector, cleaner
//! or the target (`r3`, `b1`, `c1`, `t`; a colourful red's name in its class colour),
//! every blue row after its blue vertex, and each blue vertex of the graph sits on the
//! level of its row.

use std::io::{self, Write};

use sat2chess_core::board::Board;
use sat2chess_reduce::front::rbds::Rbds;
use sat2chess_reduce::reduction::rbds_rook;

use super::sketch::{self, Anchor, Item, Sketch, Stack, text_width};
use super::svg::Layout;
use super::{Detail, Format, GadgetClass, RenderError, RenderOptions, Rgb, Scene, palette};

/// Font size of vertex names and margin names, in squares.
const NAME_FONT: f64 = 0.28;
/// Font size of the captions.
const CAPTION_FONT: f64 = 0.36;
/// Horizontal distance of the red and the blue column.
const COLUMN_GAP: f64 = 5.0;
/// Distance of the blue column from the board's margin names.
const BOARD_GAP: f64 = 2.0;
/// Vertical distance of two reds (and the extra gap between two classes).
const RED_STEP: f64 = 1.0;
const CLASS_GAP: f64 = 0.6;
/// The colours of the colourful variant's classes, in turn.
const CLASS_COLOURS: [Rgb; 8] = [
    Rgb(0x8e24aa),
    Rgb(0x43a047),
    Rgb(0xf9a825),
    Rgb(0x00acc1),
    Rgb(0x6d4c41),
    Rgb(0xd81b60),
    Rgb(0x3949ab),
    Rgb(0x7cb342),
];

/// The colour of class `class` (0-based) of a colourful instance.
pub(crate) fn class_colour(class: u32) -> Rgb {
    CLASS_COLOURS[class as usize % CLASS_COLOURS.len()]
}

/// Draws `rbds` beside its Theorem 2 rook board in `format` (SVG or TikZ) into `out`.
pub fn write(rbds: &Rbds, format: Format, out: &mut dyn Write) -> Result<(), RenderError> {
    let board = rbds_rook::board(rbds).map_err(RenderError::Board)?;
    let options = RenderOptions {
        gadgets: true,
        legend: true,
        coordinates: false,
        detail: Detail::Pieces,
        ..RenderOptions::default()
    };
    let scene = Scene::build(&board, &[], &options)?;
    let sketch = sketch(rbds, &board, Layout::of(&scene).text);
    let mut out = io::BufWriter::new(out);
    match format {
        Format::Svg => {
            sketch::svg_with_board(&scene, &sketch, Stack::Beside, "s2c-rook-board", &mut out)?
        }
        Format::Tikz => {
            let comment = format!(
                "a Red-Blue Dominating Set instance beside its rook board ({} x {})",
                scene.region.rows(),
                scene.region.cols()
            );
            sketch::tikz_with_board(&scene, &sketch, &comment, &mut out)?;
        }
        Format::Html => return Err(RenderError::NoPage("an RBDS instance")),
    }
    out.flush()?;
    Ok(())
}

/// The graph, the captions and the board's margin names, in board squares; `text` is the
/// scale of the board figure's texts (1 up to 32 squares across, more above), which the
/// captions follow (and the names, as far as a square and a blue row leave room).
fn sketch(rbds: &Rbds, board: &Board, text: f64) -> Sketch {
    let name_font = NAME_FONT * text.min(2.5);
    let caption_font = CAPTION_FONT * text;
    let (n, m, k) = (rbds.reds, rbds.blues, rbds.k);
    let mut sketch = Sketch::default();
    // Margin names of the board's columns and blue rows.
    let cleaners = k.saturating_sub(1);
    let column_names = (0..n)
        .map(|i| {
            let colour = rbds
                .colours
                .as_ref()
                .map_or(GadgetClass::RedVertex.colour(), |c| {
                    class_colour(c[i as usize])
                });
            (format!("r{}", i + 1), colour)
        })
        .chain((0..m).map(|j| (format!("b{}", j + 1), GadgetClass::BlueVertex.colour())))
        .chain((0..cleaners).map(|l| (format!("c{}", l + 1), GadgetClass::Cleaner.colour())))
        .chain([("t".to_string(), GadgetClass::Target.colour())]);
    for (col, (name, colour)) in column_names.enumerate() {
        let at = (col as f64 + 0.5, -0.3);
        let size = name_font.min(0.95 / text_width(&name, 1.0));
        sketch.push(Item::Text {
            at,
            text: name,
            size,
            colour,
            anchor: Anchor::Middle,
            bold: true,
        });
    }
    for j in 0..m {
        sketch.push(Item::Text {
            at: (-0.15, blue_y(j)),
            text: format!("b{}", j + 1),
            size: name_font,
            colour: GadgetClass::BlueVertex.colour(),
            anchor: Anchor::End,
            bold: true,
        });
    }
    // The graph: blues on the level of their rows, reds spread beside them.
    let r = [format!("r{n}"), format!("b{m}")]
        .iter()
        .map(|name| text_width(name, name_font) / 2.0 + 0.08)
        .fold(0.3, f64::max);
    let name_room = text_width(&format!("b{m}"), name_font) + 0.15;
    let blue_x = -name_room - BOARD_GAP - r;
    let variant = if rbds.colours.is_some() {
        "Colourful Red-Blue Dominating Set"
    } else {
        "Red-Blue Dominating Set"
    };
    let bound = if rbds.colours.is_some() {
        format!("k = {k}: one red of each class")
    } else {
        format!("k = {k}: at most {k} reds")
    };
    let captions = [
        format!(
            "{variant}: {n} red, {m} blue vertices, {} edges",
            rbds.edges.len()
        ),
        format!("{bound} must dominate every blue"),
    ];
    // The graph's captions end a square before the board's margin names.
    let caption_width = captions
        .iter()
        .map(|caption| text_width(caption, caption_font))
        .fold(0.0, f64::max);
    let class_room = if rbds.colours.is_some() {
        text_width(&format!("class {k}"), name_font) + 0.35
    } else {
        0.0
    };
    let red_x = (blue_x - COLUMN_GAP).min(-name_room - 1.0 - caption_width + r + class_room);
    let graph_left = red_x - r - class_room;
    // The reds spread over the blues' height, at most twice their least distance apart.
    let reds = red_places(rbds);
    let reds_height = reds.iter().map(|&(_, y)| y).fold(0.0, f64::max);
    let blues_height = blue_y(m.saturating_sub(1)) - blue_y(0);
    let stretch = if reds_height > 0.0 {
        (blues_height / reds_height).clamp(1.0, 2.0)
    } else {
        1.0
    };
    let shift = blue_y(0) + (blues_height - stretch * reds_height) / 2.0;
    let red_at = |i: u32| (red_x, stretch * reds[i as usize].1 + shift);
    if let Some(colours) = &rbds.colours {
        for class in 0..k {
            let ys: Vec<f64> = (0..n)
                .filter(|&i| colours[i as usize] == class)
                .map(|i| red_at(i).1)
                .collect();
            let (Some(first), Some(last)) = (
                ys.iter().copied().reduce(f64::min),
                ys.iter().copied().reduce(f64::max),
            ) else {
                continue;
            };
            let colour = class_colour(class);
            sketch.push(Item::Frame {
                corner: (red_x - r - 0.2, first - r - 0.15),
                size: (2.0 * r + 0.4, last - first + 2.0 * r + 0.3),
                fill: colour.mix(palette::PAPER, 0.85),
                stroke: colour,
                width: 0.04,
            });
            sketch.push(Item::Text {
                at: (red_x - r - 0.35, (first + last) / 2.0),
                text: format!("class {}", class + 1),
                size: name_font,
                colour,
                anchor: Anchor::End,
                bold: true,
            });
        }
    }
    let edge = GadgetClass::Terminal.colour().mix(palette::INK, 0.3);
    for &(i, j) in &rbds.edges {
        let (a, b) = (red_at(i), (blue_x, blue_y(j)));
        sketch.push(Item::Line {
            from: (a.0 + r, a.1),
            to: (b.0 - r, b.1),
            colour: edge,
            width: 0.04,
            arrow: false,
        });
    }
    for i in 0..n {
        let ring = rbds
            .colours
            .as_ref()
            .map_or(palette::INK, |c| class_colour(c[i as usize]));
        vertex(
            &mut sketch,
            red_at(i),
            r,
            GadgetClass::RedVertex.colour(),
            ring,
            format!("r{}", i + 1),
            name_font,
        );
    }
    for j in 0..m {
        let colour = GadgetClass::BlueVertex.colour();
        vertex(
            &mut sketch,
            (blue_x, blue_y(j)),
            r,
            colour,
            palette::INK,
            format!("b{}", j + 1),
            name_font,
        );
    }
    // Captions above both halves.
    let top = (0..n)
        .map(|i| red_at(i).1 - r)
        .fold(-0.3 - name_font, f64::min)
        .min(blue_y(0) - r)
        - 2.0 * caption_font;
    let [first, second] = captions;
    let line = 1.4 * caption_font;
    sketch.text((graph_left, top - line), first, caption_font, Anchor::Start);
    sketch.text((graph_left, top), second, caption_font, Anchor::Start);
    sketch.text(
        (0.0, top - line),
        format!(
            "Rook board (AMM Theorem 2): {} x {}, {} rooks",
            board.rows(),
            board.cols(),
            board.len()
        ),
        caption_font,
        Anchor::Start,
    );
    sketch
}

/// The centre of blue `j`'s row on the board (row 2j + 3).
fn blue_y(j: u32) -> f64 {
    2.0 * j as f64 + 2.5
}

/// The reds' places before centring: (red, y), grouped by class in the colourful
/// variant (classes in order, each class's reds in order).
fn red_places(rbds: &Rbds) -> Vec<(u32, f64)> {
    let mut order: Vec<u32> = (0..rbds.reds).collect();
    if let Some(colours) = &rbds.colours {
        order.sort_by_key(|&i| (colours[i as usize], i));
    }
    let mut places = vec![(0, 0.0); rbds.reds as usize];
    let mut y = 0.0;
    let mut previous = None;
    for (index, &red) in order.iter().enumerate() {
        let class = rbds.colours.as_ref().map(|c| c[red as usize]);
        if index > 0 {
            y += RED_STEP;
            if class != previous {
                y += CLASS_GAP;
            }
        }
        previous = class;
        places[red as usize] = (red, y);
    }
    places
}

/// A vertex disc with its name in white.
fn vertex(
    sketch: &mut Sketch,
    at: (f64, f64),
    r: f64,
    fill: Rgb,
    ring: Rgb,
    name: String,
    font: f64,
) {
    let ringed = ring != palette::INK;
    sketch.push(Item::Disc {
        at,
        radius: r,
        fill,
        stroke: ring,
        width: if ringed { 0.1 } else { 0.03 },
    });
    sketch.push(Item::Text {
        at,
        text: name,
        size: font,
        colour: palette::PAPER,
        anchor: Anchor::Middle,
        bold: true,
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn render(text: &str, format: Format) -> String {
        let mut out = Vec::new();
        write(&Rbds::parse(text).unwrap(), format, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    const EXAMPLE: &str = "p rbds 3 2 2\ne 1 1\ne 2 1\ne 2 2\ne 3 2\n";

    #[test]
    fn the_graph_and_the_board_are_both_drawn() {
        let svg = render(EXAMPLE, Format::Svg);
        for name in ["r1", "r2", "r3", "b1", "b2", "c1", ">t<"] {
            assert!(svg.contains(name), "{name} missing");
        }
        assert!(svg.contains("k = 2: at most 2 reds must dominate every blue"));
        assert!(svg.contains("Rook board (AMM Theorem 2): 5 x 7, 11 rooks"));
        assert!(svg.contains("class=\"s2c-rook-board\""));
        roxmltree::Document::parse(&svg).expect("well-formed XML");
        // The board tints its parts by role, and its legend names them.
        for role in ["red vertex (non-terminal)", "edge (terminal)", "cleaner"] {
            assert!(svg.contains(role), "{role} missing from the legend");
        }
        assert_eq!(
            svg.matches("<circle").count() - svg.matches("<circle cx=\"").count(),
            0
        );
        let tex = render(EXAMPLE, Format::Tikz);
        assert!(tex.contains("\\begin{tikzpicture}") && tex.ends_with("\\end{document}\n"));
        assert_eq!(tex.matches("\\begin{tikzpicture}").count(), 1);
        assert!(tex.contains("{r1}") && tex.contains("{b2}"));
    }

    #[test]
    fn colourful_classes_are_grouped_and_framed() {
        let text = "p rbds 4 1 2\ne 1 1\ne 4 1\ncolour 1 2\ncolour 2 1\ncolour 3 2\ncolour 4 1\n";
        let rbds = Rbds::parse(text).unwrap();
        let places = red_places(&rbds);
        // Class 1 (reds 2, 4) first, then class 2 (reds 1, 3).
        let ys: Vec<f64> = places.iter().map(|p| p.1).collect();
        assert_eq!(
            ys,
            vec![
                2.0 * RED_STEP + CLASS_GAP,
                0.0,
                3.0 * RED_STEP + CLASS_GAP,
                RED_STEP
            ]
        );
        let svg = render(text, Format::Svg);
        assert!(svg.contains("class 1") && svg.contains("class 2"));
        assert!(svg.contains("Colourful Red-Blue Dominating Set"));
        assert_eq!(svg.matches("rx=\"0.25\"").count(), 2, "two class frames");
    }

    #[test]
    fn an_html_page_is_refused() {
        let rbds = Rbds::parse(EXAMPLE).unwrap();
        let error = write(&rbds, Format::Html, &mut Vec::new()).unwrap_err();
        assert!(error.to_string().contains("SVG or TikZ"), "{error}");
    }
}
