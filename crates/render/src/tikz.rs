//! TikZ output of a [`Scene`]: one `tikzpicture` that needs only `\usepackage{tikz}`.
//! The picture uses `y=-0.7cm`, so coordinates are the same board units as the SVG (x to the
//! right, y down, one unit per square); glyphs are `pic`s built from the same outlines.

use std::fmt::Write as _;
use std::io::{self, Write};

use super::colour::dot_colour;
use super::glyph::{self, Paint, Segment, Shape};
use super::svg::{
    BADGE, CAPTURE_DISC, CAPTURE_WIDTH, DOT, GLYPH_OFFSET, GLYPH_SCALE, arrow_label_point,
    arrow_line, num, star,
};
use super::{ArrowKind, LegendEntry, Mark, RenderError, Rgb, Scene, palette};
use sat2chess_core::board::PieceKind;

/// One square, in centimetres.
const UNIT_CM: f64 = 0.7;

fn point(x: f64, y: f64) -> String {
    format!("({},{})", num(x), num(y))
}

/// A glyph point in square units.
fn glyph_point(x: f64, y: f64) -> String {
    point(
        GLYPH_OFFSET.0 + x * GLYPH_SCALE,
        GLYPH_OFFSET.1 + y * GLYPH_SCALE,
    )
}

fn pic_definition(kind: PieceKind) -> String {
    let mut code = String::new();
    for shape in glyph::shapes(kind) {
        let (style, path) = match shape {
            Shape::Outline(segments, paint) => {
                let mut path = String::new();
                for segment in segments {
                    let _ = match segment {
                        Segment::MoveTo(x, y) => write!(path, " {}", glyph_point(x, y)),
                        Segment::LineTo(x, y) => write!(path, " -- {}", glyph_point(x, y)),
                        Segment::CubicTo(a, b, c) => write!(
                            path,
                            " .. controls {} and {} .. {}",
                            glyph_point(a[0], a[1]),
                            glyph_point(b[0], b[1]),
                            glyph_point(c[0], c[1])
                        ),
                        Segment::Close => write!(path, " -- cycle"),
                    };
                }
                (paint, path)
            }
            Shape::Circle {
                centre,
                radius,
                paint,
            } => (
                paint,
                format!(
                    " {} circle ({})",
                    glyph_point(centre[0], centre[1]),
                    num(radius * GLYPH_SCALE)
                ),
            ),
        };
        let style = match style {
            Paint::Body => "s2c body",
            Paint::Detail => "s2c detail",
            Paint::Mark => "s2c mark",
        };
        let _ = write!(code, "\\path[{style}]{path};");
    }
    format!("  s2c {}/.pic={{{code}}},\n", kind.letter())
}

/// `\definecolor` lines collect here, named `s2c0`, `s2c1`, … in order of first use.
#[derive(Default)]
struct Colours {
    names: Vec<Rgb>,
}

impl Colours {
    fn name(&mut self, colour: Rgb) -> String {
        let index = match self.names.iter().position(|&c| c == colour) {
            Some(index) => index,
            None => {
                self.names.push(colour);
                self.names.len() - 1
            }
        };
        format!("s2c{}", alphabetic(index))
    }
}

/// TeX colour names may not contain digits: 0 → `a`, 25 → `z`, 26 → `ba`, …
fn alphabetic(mut index: usize) -> String {
    let mut letters = Vec::new();
    loop {
        letters.push((b'a' + (index % 26) as u8) as char);
        index /= 26;
        if index == 0 {
            break;
        }
    }
    letters.iter().rev().collect()
}

fn mark(body: &mut dyn Write, colours: &mut Colours, kind: Mark, x: f64, y: f64) -> io::Result<()> {
    let frame = |body: &mut dyn Write, inset: f64, colour: &str, width_cm: f64| {
        writeln!(
            body,
            "\\draw[{colour}, line width={}cm] {} rectangle {};",
            num(width_cm),
            point(x + inset, y + inset),
            point(x + 1.0 - inset, y + 1.0 - inset)
        )
    };
    match kind {
        Mark::LastMove => {
            let colour = colours.name(palette::LAST_MOVE);
            writeln!(
                body,
                "\\fill[{colour}, fill opacity=0.6] {} rectangle {};",
                point(x, y),
                point(x + 1.0, y + 1.0)
            )?;
        }
        Mark::Input | Mark::Output => {
            let colour = colours.name(palette::PORT);
            frame(body, 0.04, &colour, 0.06 * UNIT_CM)?;
            let word = if kind == Mark::Input { "in" } else { "out" };
            writeln!(
                body,
                "\\node[s2c tag, text={colour}] at {} {{{word}}};",
                point(x + 0.09, y + 0.28)
            )?;
        }
        Mark::Final => {
            let colour = colours.name(palette::FINAL);
            frame(body, 0.06, &colour, 0.1 * UNIT_CM)?;
            let points: Vec<String> = star(x + 0.8, y + 0.2, 0.15)
                .split(' ')
                .map(|p| format!("({p})"))
                .collect();
            writeln!(
                body,
                "\\filldraw[fill={colour}, draw=black, line width=0.2pt] {} -- cycle;",
                points.join(" -- ")
            )?;
        }
    }
    Ok(())
}

fn arrow(body: &mut dyn Write, colours: &mut Colours, arrow: &super::Arrow) -> io::Result<()> {
    let ((x1, y1), (x2, y2)) = arrow_line(arrow);
    let (colour, width, opacity) = match arrow.kind {
        ArrowKind::Flow => (palette::FLOW, 0.07, 0.6),
        ArrowKind::Capture { .. } => (palette::CAPTURE, CAPTURE_WIDTH, 0.9),
    };
    let colour = colours.name(colour);
    writeln!(
        body,
        "\\draw[{colour}, line width={}cm, -latex, line cap=round, opacity={opacity}] {} -- {};",
        num(width * UNIT_CM),
        point(x1, y1),
        point(x2, y2)
    )
}

/// `first, first + 2, …` below `end` as a TikZ `\\foreach` list.
fn every_other(first: u32, end: u32) -> String {
    let last = first + (end - 1 - first) / 2 * 2;
    match (last - first) / 2 {
        0 => first.to_string(),
        1 => format!("{first},{last}"),
        _ => format!("{first},{},...,{last}", first + 2),
    }
}

fn body(scene: &Scene, colours: &mut Colours, out: &mut dyn Write) -> Result<(), RenderError> {
    let region = scene.region;
    let (cols, rows) = (region.cols(), region.rows());
    let light = colours.name(palette::LIGHT);
    let dark = colours.name(palette::DARK);
    writeln!(
        out,
        "\\fill[{light}] (0,0) rectangle {};",
        point(cols as f64, rows as f64)
    )?;
    // Dark squares, (row + col) odd: one nested loop per row parity, so the text does
    // not grow with the board.
    for parity in 0..2u32.min(rows) {
        let first = (region.top % 2 + parity + region.left % 2 + 1) % 2;
        if first >= cols {
            continue;
        }
        writeln!(
            out,
            "\\foreach \\y in {{{}}} \\foreach \\x in {{{}}} \\fill[{dark}] (\\x,\\y) rectangle ++(1,1);",
            every_other(parity, rows),
            every_other(first, cols)
        )?;
    }
    if !scene.dots {
        scene.tints(&mut |square, class| {
            let base = if (square.row % 2 + square.col % 2) % 2 == 0 {
                palette::LIGHT
            } else {
                palette::DARK
            };
            let colour = colours.name(base.mix(class.colour(), palette::TINT));
            let (x, y) = scene.corner(square);
            writeln!(out, "\\fill[{colour}] {} rectangle ++(1,1);", point(x, y))
        })?;
    }
    let (shades, frames): (Vec<_>, Vec<_>) = scene
        .marks
        .iter()
        .partition(|(_, kind)| *kind == Mark::LastMove);
    for &(square, kind) in shades.iter().chain(&frames) {
        let (x, y) = scene.corner(square);
        mark(out, colours, kind, x, y)?;
    }
    let clip = format!(
        "\\clip (0,0) rectangle {};",
        point(cols as f64, rows as f64)
    );
    if !scene.arrows.is_empty() {
        writeln!(out, "\\begin{{scope}}{clip}")?;
        for a in &scene.arrows {
            arrow(out, colours, a)?;
        }
        writeln!(out, "\\end{{scope}}")?;
    }
    scene.pieces(&mut |piece| {
        let (x, y) = scene.corner(piece.square);
        if scene.dots {
            let fill = colours.name(dot_colour(piece.class, piece.budget));
            let inset = (1.0 - DOT) / 2.0;
            writeln!(
                out,
                "\\fill[{fill}] {} rectangle ++({},{});",
                point(x + inset, y + inset),
                num(DOT),
                num(DOT)
            )?;
        } else {
            let colour = if piece.budget == 0 { "black" } else { "white" };
            let (cx, cy, _) = BADGE;
            writeln!(
                out,
                "\\pic[s2c {colour}] at {} {{s2c {}}}; \\node[s2c badge] at {} {{{}}};",
                point(x, y),
                piece.kind.letter(),
                point(x + cx, y + cy),
                piece.budget
            )?;
        }
        Ok(())
    })?;
    if !scene.shown_moves.is_empty() {
        writeln!(out, "\\begin{{scope}}{clip}")?;
    }
    for a in scene.captures() {
        if let ArrowKind::Capture { number } = a.kind {
            arrow(out, colours, &a)?;
            let colour = colours.name(palette::CAPTURE);
            writeln!(
                out,
                "\\node[s2c number, fill={colour}] at {} {{{number}}};",
                {
                    let (x, y) = arrow_label_point(&a);
                    point(x, y)
                }
            )?;
        }
    }
    if !scene.shown_moves.is_empty() {
        writeln!(out, "\\end{{scope}}")?;
    }
    if scene.coordinates {
        let step = Scene::label_step(rows, 0.5);
        for row in Scene::label_positions(region.top, region.bottom, step) {
            writeln!(
                out,
                "\\node[s2c coordinate, anchor=east] at {} {{{row}}};",
                point(-0.1, (row - region.top) as f64 + 0.5)
            )?;
        }
        let step = Scene::label_step(cols, 0.35 * Scene::label_width(region.right));
        for col in Scene::label_positions(region.left, region.right, step) {
            writeln!(
                out,
                "\\node[s2c coordinate, anchor=south] at {} {{{col}}};",
                point((col - region.left) as f64 + 0.5, -0.05)
            )?;
        }
    }
    for (index, entry) in scene.legend.iter().enumerate() {
        let (x, y) = (0.0, rows as f64 + 0.4 + 0.7 * index as f64);
        match *entry {
            LegendEntry::Budget => {
                writeln!(
                    out,
                    "\\node[s2c badge] at {} {{n}};",
                    point(x + 0.3, y + 0.3)
                )?;
            }
            LegendEntry::DotBudget => {
                for (index, budget) in [2, 1, 0].into_iter().enumerate() {
                    let colour = colours.name(dot_colour(None, budget));
                    writeln!(
                        out,
                        "\\fill[{colour}] {} rectangle ++(0.25,0.25);",
                        point(x + 0.3 * index as f64, y + 0.2)
                    )?;
                }
            }
            LegendEntry::Gadget(class) => {
                let colour = colours.name(palette::LIGHT.mix(class.colour(), palette::TINT));
                writeln!(
                    out,
                    "\\filldraw[fill={colour}, draw=black, line width=0.2pt] {} rectangle ++(0.6,0.6);",
                    point(x, y)
                )?;
            }
            LegendEntry::Mark(kind) => {
                writeln!(
                    out,
                    "\\begin{{scope}}[shift={{{}}}, scale=0.6]",
                    point(x, y)
                )?;
                mark(out, colours, kind, 0.0, 0.0)?;
                writeln!(out, "\\end{{scope}}")?;
            }
            LegendEntry::Flow | LegendEntry::Capture => {
                let kind = if *entry == LegendEntry::Flow {
                    ArrowKind::Flow
                } else {
                    ArrowKind::Capture { number: 1 }
                };
                let a = super::Arrow {
                    from: (x - 0.1, y + 0.3),
                    to: (x + 1.0, y + 0.3),
                    kind,
                };
                arrow(out, colours, &a)?;
            }
        }
        writeln!(
            out,
            "\\node[anchor=west, font=\\sffamily\\small] at {} {{{}}};",
            point(x + 1.2, y + 0.3),
            entry.text()
        )?;
    }
    Ok(())
}

/// Writes `scene` as a `tikzpicture`. The colours are defined before the drawing, in the
/// order the drawing first uses them: a first run of the drawing into nothing names them,
/// the second writes it (the pieces are read twice, and nothing is held).
pub fn write(scene: &Scene, out: &mut dyn Write) -> Result<(), RenderError> {
    let mut colours = Colours::default();
    body(scene, &mut colours, &mut io::sink())?;
    let mut text = String::with_capacity(4096);
    let region = scene.region;
    let _ = writeln!(
        text,
        "% sat2chess figure: rows {}..{}, columns {}..{}; needs only \\usepackage{{tikz}}.\n\
         % One square = {UNIT_CM}cm; numerals = captures left, black pieces have budget 0.",
        region.top, region.bottom, region.left, region.right
    );
    let (_, _, r) = BADGE;
    let _ = write!(
        text,
        "\\begin{{tikzpicture}}[x={UNIT_CM}cm, y=-{UNIT_CM}cm,\n\
         \x20 s2c white/.style={{s2c body/.style={{fill=white, draw=black, line width=0.4pt, line join=round}},\n\
         \x20   s2c detail/.style={{draw=black, line width=0.4pt, line cap=round}}, s2c mark/.style={{fill=black}}}},\n\
         \x20 s2c black/.style={{s2c body/.style={{fill=black!90, draw=black, line width=0.4pt, line join=round}},\n\
         \x20   s2c detail/.style={{draw=white, line width=0.4pt, line cap=round}}, s2c mark/.style={{fill=white}}}},\n\
         \x20 s2c badge/.style={{circle, fill=white, draw=black, line width=0.3pt, inner sep=0pt,\n\
         \x20   minimum size={}cm, font=\\sffamily\\bfseries\\tiny}},\n\
         \x20 s2c number/.style={{circle, text=white, inner sep=0pt, minimum size={}cm, font=\\sffamily\\bfseries\\tiny}},\n\
         \x20 s2c tag/.style={{anchor=base west, inner sep=0pt, font=\\sffamily\\bfseries\\tiny}},\n\
         \x20 s2c coordinate/.style={{font=\\sffamily\\scriptsize, text=black!65}},\n",
        num(2.0 * r * UNIT_CM),
        num(2.0 * CAPTURE_DISC * UNIT_CM),
    );
    if !scene.dots {
        for &kind in &scene.kinds {
            text.push_str(&pic_definition(kind));
        }
    }
    text.push_str("]\n");
    for (index, colour) in colours.names.iter().enumerate() {
        let _ = writeln!(
            text,
            "\\definecolor{{s2c{}}}{{HTML}}{{{}}}",
            alphabetic(index),
            colour.hex()
        );
    }
    let mut out = io::BufWriter::with_capacity(1 << 20, out);
    out.write_all(text.as_bytes())?;
    body(scene, &mut colours, &mut out)?;
    out.write_all(b"\\end{tikzpicture}\n")?;
    out.flush()?;
    Ok(())
}
