//! The board and its pieces: the `<defs>` (chequer, clip, arrow heads, glyphs, budget
//! disc), square tints, the dots of the dot style and the glyphs of the pieces.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io;

use svg::Node;
use svg::node::element::{
    Circle, ClipPath, Definitions, Element, Group, Marker, Path, Pattern, Rectangle, Use,
};

use super::marks::baseline;
use crate::colour::dot_colour;
use crate::glyph::{self, Paint, Segment, Shape};
use crate::xml::{Label, Streamed, num};
use crate::{GadgetClass, RenderError, Rgb, Scene, ScenePiece, palette};
use sat2chess_core::board::{PieceKind, Square};

/// Where the SVG goes: a standalone file (namespaces, `xlink:href`) or inline in HTML.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flavour {
    Standalone,
    /// Inline in an HTML page: no namespace declarations, `href`, and every piece is a
    /// `<g id="s2c-p{id}">` the animation script can move.
    Inline,
}

fn glyph_id(kind: PieceKind) -> String {
    format!("s2c-{}", kind.letter())
}

/// The outline of a glyph shape as SVG path data, in glyph units.
fn path_data(segments: &[Segment]) -> String {
    let mut d = String::new();
    for segment in segments {
        let _ = match *segment {
            Segment::MoveTo(x, y) => write!(d, "M{} {}", num(x), num(y)),
            Segment::LineTo(x, y) => write!(d, "L{} {}", num(x), num(y)),
            Segment::CubicTo(a, b, c) => write!(
                d,
                "C{} {} {} {} {} {}",
                num(a[0]),
                num(a[1]),
                num(b[0]),
                num(b[1]),
                num(c[0]),
                num(c[1])
            ),
            Segment::Close => write!(d, "Z"),
        };
    }
    d
}

/// Glyph scale inside a square: the glyph box spans `GLYPH_OFFSET .. GLYPH_OFFSET + 100·GLYPH_SCALE`.
pub(crate) const GLYPH_SCALE: f64 = 0.0095;
pub(crate) const GLYPH_OFFSET: (f64, f64) = (-0.015, 0.0);
/// Font size of the budget numerals.
pub(crate) const BUDGET_FONT: f64 = 0.24;
/// Centre and radius of the budget disc inside a square.
pub(crate) const BADGE: (f64, f64, f64) = (0.83, 0.83, 0.155);

/// `<g id="s2c-K">…</g>`: body shapes take the `fill` of the `<use>`, details its `color`.
fn glyph_definition(kind: PieceKind) -> Group {
    let mut group = Group::new().set("id", glyph_id(kind)).set(
        "transform",
        format!(
            "translate({} {}) scale({s})",
            num(GLYPH_OFFSET.0),
            num(GLYPH_OFFSET.1),
            s = GLYPH_SCALE
        ),
    );
    let stroke = num(glyph::STROKE);
    for shape in glyph::shapes(kind) {
        let element: Element = match shape {
            Shape::Outline(segments, paint) => {
                let path = Path::new().set("d", path_data(&segments));
                paint_shape(path.into(), paint, &stroke)
            }
            Shape::Circle {
                centre,
                radius,
                paint,
            } => {
                let circle = Circle::new()
                    .set("cx", num(centre[0]))
                    .set("cy", num(centre[1]))
                    .set("r", num(radius));
                paint_shape(circle.into(), paint, &stroke)
            }
        };
        group.append(element);
    }
    group
}

fn paint_shape(mut element: Element, paint: Paint, stroke: &str) -> Element {
    match paint {
        Paint::Body => {
            element.assign("stroke", palette::INK.to_string());
            element.assign("stroke-width", stroke);
            element.assign("stroke-linejoin", "round");
        }
        Paint::Detail => {
            element.assign("fill", "none");
            element.assign("stroke", "currentColor");
            element.assign("stroke-width", stroke);
            element.assign("stroke-linecap", "round");
        }
        Paint::Mark => element.assign("fill", "currentColor"),
    }
    element
}

/// Fill and contrast colour of a glyph: white pieces, black when the budget is 0.
pub(crate) fn piece_colours(budget: u32) -> (Rgb, Rgb) {
    if budget == 0 {
        (palette::INK, palette::PAPER)
    } else {
        (palette::PAPER, palette::INK)
    }
}

fn arrow_marker(id: &str, colour: Rgb) -> Marker {
    Marker::new()
        .set("id", id)
        .set("viewBox", "0 0 10 10")
        .set("refX", 7)
        .set("refY", 5)
        .set("markerWidth", 3.2)
        .set("markerHeight", 3.2)
        .set("orient", "auto")
        .add(
            Path::new()
                .set("d", "M0 0L10 5L0 10z")
                .set("fill", colour.to_string()),
        )
}

pub(super) fn definitions(scene: &Scene, flavour: Flavour) -> Definitions {
    let (top, left) = (scene.region.top, scene.region.left);
    let (first, second) = if (top + left) % 2 == 0 {
        (palette::LIGHT, palette::DARK)
    } else {
        (palette::DARK, palette::LIGHT)
    };
    let square = |x: u32, y: u32, colour: Rgb| {
        Rectangle::new()
            .set("x", x)
            .set("y", y)
            .set("width", 1)
            .set("height", 1)
            .set("fill", colour.to_string())
    };
    let chequer = Pattern::new()
        .set("id", "s2c-chequer")
        .set("width", 2)
        .set("height", 2)
        .set("patternUnits", "userSpaceOnUse")
        .add(square(0, 0, first))
        .add(square(1, 1, first))
        .add(square(1, 0, second))
        .add(square(0, 1, second));
    let clip = ClipPath::new().set("id", "s2c-clip").add(
        Rectangle::new()
            .set("width", scene.region.cols())
            .set("height", scene.region.rows()),
    );
    let mut defs = Definitions::new()
        .add(chequer)
        .add(clip)
        .add(arrow_marker("s2c-head-capture", palette::CAPTURE))
        .add(arrow_marker("s2c-head-flow", palette::FLOW))
        .add(arrow_marker("s2c-head-ray", palette::EMPTY_RAY));
    if (!scene.dots && scene.schematic.is_none()) || flavour == Flavour::Inline {
        let mut kinds = scene.kinds.clone();
        if flavour == Flavour::Inline {
            kinds = PieceKind::ALL.to_vec();
        }
        for kind in kinds {
            defs.append(glyph_definition(kind));
        }
        let (cx, cy, r) = BADGE;
        defs.append(
            Circle::new()
                .set("id", "s2c-badge")
                .set("cx", cx)
                .set("cy", cy)
                .set("r", r)
                .set("fill", palette::PAPER.to_string())
                .set("stroke", palette::INK.to_string())
                .set("stroke-width", 0.025),
        );
    }
    defs
}

/// Squares grouped by a key (a colour), as [`square_paths`] draws them.
pub(super) type SquareGroups<K> = BTreeMap<K, Vec<Square>>;

/// One `<path>` per key into `group`, each drawing a `size` × `size` square at the
/// top-left corner of each of its squares, filled with `fill(key)`. Subpaths are relative
/// moves between squares in row order, so a dense board costs about 15 bytes per square;
/// browsers fill such paths fast (round-capped strokes, tried first, were ten times
/// slower to display). The path data is written as it is made: only the squares are held.
pub(super) fn square_paths<K: Ord>(
    group: &mut Streamed<'_>,
    groups: SquareGroups<K>,
    size: &str,
    fill: impl Fn(&K) -> Rgb,
) -> io::Result<()> {
    for (key, mut squares) in groups {
        squares.sort_unstable();
        let out = group.raw()?;
        out.write_all(b"<path d=\"")?;
        let mut previous: Option<Square> = None;
        for square in squares {
            match previous {
                None => write!(out, "M{} {}", square.col, square.row)?,
                Some(p) => write!(
                    out,
                    "m{} {}",
                    square.col as i64 - p.col as i64,
                    square.row as i64 - p.row as i64
                )?,
            }
            write!(out, "h{size}v{size}h-{size}z")?;
            previous = Some(square);
        }
        write!(out, "\" fill=\"{}\"/>", fill(&key))?;
    }
    Ok(())
}

/// Translation from board squares (row, col) to user space, plus an inset.
pub(super) fn square_origin(scene: &Scene, inset: f64) -> String {
    format!(
        "translate({} {})",
        num(inset - scene.region.left as f64),
        num(inset - scene.region.top as f64)
    )
}

pub(super) fn tints(scene: &Scene, root: &mut Streamed<'_>) -> Result<(), RenderError> {
    let mut groups: SquareGroups<(bool, GadgetClass)> = BTreeMap::new();
    scene.tints(&mut |square, class| {
        let light = (square.row % 2 + square.col % 2) % 2 == 0;
        groups.entry((light, class)).or_default().push(square);
        Ok(())
    })?;
    let element = Group::new()
        .set("class", "s2c-gadgets")
        .set("transform", square_origin(scene, 0.0));
    let mut group = root.nested(&element)?;
    square_paths(&mut group, groups, "1", |&(light, class)| {
        let base = if light { palette::LIGHT } else { palette::DARK };
        base.mix(class.colour(), palette::TINT)
    })?;
    group.close()?;
    Ok(())
}

/// Side of a dot, in squares.
pub(crate) const DOT: f64 = 0.7;

/// The dots: the squares of the visible pieces are held by colour (8 bytes a piece, the
/// vectors sized by the survey's counts), sorted, and written as one path per colour.
pub(super) fn dots(scene: &Scene, root: &mut Streamed<'_>) -> Result<(), RenderError> {
    let mut groups: SquareGroups<u32> = scene
        .dot_counts
        .iter()
        .map(|(colour, &count)| (colour.0, Vec::with_capacity(count)))
        .collect();
    scene.pieces(&mut |p| {
        groups
            .entry(dot_colour(p.class, p.budget).0)
            .or_default()
            .push(p.square);
        Ok(())
    })?;
    let element = Group::new()
        .set("class", "s2c-pieces")
        .set("transform", square_origin(scene, (1.0 - DOT) / 2.0));
    let mut group = root.nested(&element)?;
    square_paths(&mut group, groups, &num(DOT), |&colour| Rgb(colour))?;
    group.close()?;
    Ok(())
}

/// One piece: glyph, budget disc and numeral, translated to its square.
pub(crate) fn piece(scene: &Scene, piece: &ScenePiece, flavour: Flavour) -> Group {
    let (x, y) = scene.corner(piece.square);
    let (fill, contrast) = piece_colours(piece.budget);
    let href = match flavour {
        Flavour::Standalone => "xlink:href",
        Flavour::Inline => "href",
    };
    let (cx, cy, _) = BADGE;
    let mut group = Group::new()
        .set("transform", format!("translate({x} {y})"))
        .add(
            Use::new()
                .set(href, format!("#{}", glyph_id(piece.kind)))
                .set("fill", fill.to_string())
                .set("color", contrast.to_string()),
        )
        .add(Use::new().set(href, "#s2c-badge"))
        .add({
            let numeral = Label::new(piece.budget.to_string())
                .set("x", cx)
                .set("y", num(baseline(cy, BUDGET_FONT)));
            // Two or more digits get a smaller font to stay inside the disc.
            if piece.budget >= 10 {
                numeral.set("font-size", 0.17)
            } else {
                numeral
            }
        });
    if flavour == Flavour::Inline {
        group.assign("id", format!("s2c-p{}", piece.id));
    }
    group
}

/// The glyphs, each written as its piece is read.
pub(super) fn glyphs(
    scene: &Scene,
    flavour: Flavour,
    root: &mut Streamed<'_>,
) -> Result<(), RenderError> {
    let element = Group::new()
        .set("class", "s2c-pieces")
        .set("font-family", "sans-serif")
        .set("font-size", BUDGET_FONT)
        .set("font-weight", "bold")
        .set("text-anchor", "middle")
        .set("fill", palette::INK.to_string());
    let mut group = root.nested(&element)?;
    scene.pieces(&mut |p| group.child(&piece(scene, p, flavour)))?;
    group.close()?;
    Ok(())
}
