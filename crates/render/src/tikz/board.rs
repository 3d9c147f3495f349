//! The piece level of the board: glyph pics, the chequer, tints, marked squares, port
//! tags, arrows, and the pieces as glyphs or dots.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, Write};

use super::base::{Colours, Geometry, merged, point, square_piece};
use crate::colour::dot_colour;
use crate::glyph::{self, Paint, Segment, Shape};
use crate::svg::{
    BADGE, CAPTURE_WIDTH, DOT, GLYPH_OFFSET, GLYPH_SCALE, arrow_line, num, port_word, star,
    tag_width,
};
use crate::{Arrow, ArrowKind, Mark, RenderError, Rgb, Scene, palette};
use sat2chess_core::board::{PieceKind, Square};

/// A glyph point in square units.
fn glyph_point(x: f64, y: f64) -> String {
    point(
        GLYPH_OFFSET.0 + x * GLYPH_SCALE,
        GLYPH_OFFSET.1 + y * GLYPH_SCALE,
    )
}

pub(super) fn pic_definition(kind: PieceKind) -> String {
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

pub(super) fn mark(
    body: &mut dyn Write,
    colours: &mut Colours,
    cm: f64,
    kind: Mark,
    x: f64,
    y: f64,
) -> io::Result<()> {
    let frame = |body: &mut dyn Write, inset: f64, colour: &str, width: f64| {
        writeln!(
            body,
            "\\draw[{colour}, line width={}cm] {} rectangle {};",
            num(width * cm),
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
            frame(body, 0.04, &colour, 0.06)?;
        }
        Mark::Final => {
            let colour = colours.name(palette::FINAL);
            frame(body, 0.06, &colour, 0.1)?;
            let points: Vec<String> = star(x + 0.8, y + 0.2, 0.15)
                .split(' ')
                .map(|p| format!("({p})"))
                .collect();
            writeln!(
                body,
                "\\filldraw[fill={colour}, draw=black, line width={}cm] {} -- cycle;",
                num(0.01 * cm),
                points.join(" -- ")
            )?;
        }
    }
    Ok(())
}

/// A port's word on a white box at the top-left corner of its square, over the glyph.
pub(super) fn port_tag(
    body: &mut dyn Write,
    colours: &mut Colours,
    kind: Mark,
    x: f64,
    y: f64,
) -> io::Result<()> {
    let Some(word) = port_word(kind) else {
        return Ok(());
    };
    let colour = colours.name(palette::PORT);
    writeln!(
        body,
        "\\fill[white, fill opacity=0.9] {} rectangle ++({},0.24); \\node[s2c tag, text={colour}] at {} {{{word}}};",
        point(x + 0.06, y + 0.07),
        num(tag_width(word)),
        point(x + 0.09, y + 0.25)
    )
}

pub(super) fn arrow(
    body: &mut dyn Write,
    colours: &mut Colours,
    cm: f64,
    arrow: &Arrow,
) -> io::Result<()> {
    let ((x1, y1), (x2, y2)) = arrow_line(arrow);
    let (colour, width, opacity) = match arrow.kind {
        ArrowKind::Flow => (palette::FLOW, 0.07, 0.6),
        ArrowKind::Capture { .. } => (palette::CAPTURE, CAPTURE_WIDTH, 0.9),
        ArrowKind::EmptyRay => (palette::EMPTY_RAY, 0.07, 0.9),
    };
    let colour = colours.name(colour);
    writeln!(
        body,
        "\\draw[{colour}, line width={}cm, -latex, line cap=round, opacity={opacity}] {} -- {};",
        num(width * cm),
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

/// The chequered squares (piece level).
fn chequer(scene: &Scene, colours: &mut Colours, out: &mut dyn Write) -> io::Result<()> {
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
    Ok(())
}

/// The piece level: chequer, tints, marks, flow arrows, pieces (glyphs or dots), tags.
pub(super) fn pieces(
    scene: &Scene,
    geometry: &Geometry,
    colours: &mut Colours,
    out: &mut dyn Write,
) -> Result<(), RenderError> {
    let cm = geometry.unit;
    chequer(scene, colours, out)?;
    if !scene.dots {
        let mut tints: BTreeMap<Rgb, Vec<Square>> = BTreeMap::new();
        scene.tints(&mut |square, class| {
            let base = if (square.row % 2 + square.col % 2) % 2 == 0 {
                palette::LIGHT
            } else {
                palette::DARK
            };
            tints
                .entry(base.mix(class.colour(), palette::TINT))
                .or_default()
                .push(square);
            Ok(())
        })?;
        for (colour, squares) in tints {
            let colour = colours.name(colour);
            merged(
                out,
                "fill",
                &colour,
                squares.into_iter().map(|square| {
                    let (x, y) = scene.corner(square);
                    square_piece(x, y, 1.0)
                }),
            )?;
        }
    }
    let (shades, frames): (Vec<_>, Vec<_>) = scene
        .marks
        .iter()
        .partition(|(_, kind)| *kind == Mark::LastMove);
    for &(square, kind) in shades.iter().chain(&frames) {
        let (x, y) = scene.corner(square);
        mark(out, colours, cm, kind, x, y)?;
    }
    if !scene.arrows.is_empty() {
        writeln!(out, "\\begin{{scope}}{}", clip(scene))?;
        for a in &scene.arrows {
            arrow(out, colours, cm, a)?;
        }
        writeln!(out, "\\end{{scope}}")?;
    }
    if scene.dots {
        let mut dots: BTreeMap<Rgb, Vec<Square>> = BTreeMap::new();
        scene.pieces(&mut |piece| {
            dots.entry(dot_colour(piece.class, piece.budget))
                .or_default()
                .push(piece.square);
            Ok(())
        })?;
        let inset = (1.0 - DOT) / 2.0;
        for (colour, squares) in dots {
            let fill = colours.name(colour);
            merged(
                out,
                "fill",
                &fill,
                squares.into_iter().map(|square| {
                    let (x, y) = scene.corner(square);
                    square_piece(x + inset, y + inset, DOT)
                }),
            )?;
        }
    } else {
        scene.pieces(&mut |piece| {
            let (x, y) = scene.corner(piece.square);
            let colour = if piece.budget == 0 { "black" } else { "white" };
            let (cx, cy, _) = BADGE;
            writeln!(
                out,
                "\\pic[s2c {colour}] at {} {{s2c {}}}; \\node[s2c badge] at {} {{{}}};",
                point(x, y),
                piece.kind.letter(),
                point(x + cx, y + cy),
                piece.budget
            )
        })?;
    }
    if !scene.rays.is_empty() {
        writeln!(out, "\\begin{{scope}}{}", clip(scene))?;
        for ray in &scene.rays {
            arrow(out, colours, cm, ray)?;
        }
        writeln!(out, "\\end{{scope}}")?;
    }
    for &(square, kind) in &frames {
        let (x, y) = scene.corner(square);
        port_tag(out, colours, kind, x, y)?;
    }
    Ok(())
}

/// `\clip` to the board.
pub(super) fn clip(scene: &Scene) -> String {
    format!(
        "\\clip (0,0) rectangle {};",
        point(scene.region.cols() as f64, scene.region.rows() as f64)
    )
}
