//! SVG output of a [`Scene`], built with the `svg` crate. One unit of user space is one
//! square; glyphs live once in `<defs>` and every piece is a `<use>`; in the dot style all
//! pieces of one colour are a single path of zero-length round-capped strokes, and square
//! tints one path per colour, so the element count does not grow with the board.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, Write};

use svg::Node;
use svg::node::element::{
    Circle, ClipPath, Definitions, Element, Group, Line, Marker, Path, Pattern, Polygon, Rectangle,
    Use,
};

use super::colour::dot_colour;
use super::glyph::{self, Paint, Segment, Shape};
use super::xml::Streamed;
pub(crate) use super::xml::{Label, num};
use super::{
    Arrow, ArrowKind, GadgetClass, LegendEntry, Mark, RenderError, Rgb, Scene, ScenePiece,
    Schematic, palette,
};
use sat2chess_core::board::{PieceKind, Square};

/// Where the SVG goes: a standalone file (namespaces, `xlink:href`) or inline in HTML.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flavour {
    Standalone,
    /// Inline in an HTML page: no namespace declarations, `href`, and every piece is a
    /// `<g id="s2c-p{id}">` the animation script can move.
    Inline,
}

/// Sizes of the margins, texts and legend, in squares. Texts grow with the view so that
/// the labels of a large board stay readable when the whole figure is shown; the legend
/// sits below the board, or beside it when the board is more than twice as tall as wide,
/// and below a wide board it is no wider than the board (at least 12 texts across).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Layout {
    /// Width and height of the board's view.
    pub width: f64,
    pub height: f64,
    /// Scale of texts and margins (1 for boards up to 32 squares across).
    pub text: f64,
    pub left: f64,
    pub top: f64,
    pub(crate) pad: f64,
    /// Scale of the legend's texts and its top-left corner.
    pub(crate) legend_text: f64,
    pub(crate) legend_at: (f64, f64),
    /// Width and height of the legend.
    pub(crate) legend_size: (f64, f64),
}

/// Height of one legend line and width of the legend's widest line, at text scale 1.
fn legend_extent(scene: &Scene) -> (f64, f64) {
    // Sans-serif at 0.34 averages below 0.2 per character.
    let width = scene
        .legend
        .iter()
        .map(|entry| 0.75 + 0.2 * entry.text().len() as f64)
        .fold(0.0, f64::max);
    (0.3 + 0.55 * scene.legend.len() as f64, width)
}

impl Layout {
    pub fn of(scene: &Scene) -> Layout {
        let width = scene.region.cols() as f64;
        let height = scene.region.rows() as f64;
        let text = (width.max(height) / 32.0).max(1.0);
        let font = 0.36 * text;
        // Row labels end 0.15·text left of the board; the margin holds the widest.
        let (left, top) = if scene.coordinates {
            (
                (0.75 * text).max(0.3 * text + scene.row_label_width() * font),
                0.75 * text,
            )
        } else {
            (0.15 * text, 0.15 * text)
        };
        let pad = 0.15 * text;
        let (lines, across) = legend_extent(scene);
        let (legend_text, legend_at) = if scene.legend.is_empty() {
            (text, (0.0, height))
        } else if height > 2.0 * width {
            (text, (width + 2.0 * pad, 0.0))
        } else {
            let room = width.max(12.0 * text);
            (text.min(room / across), (0.0, height + pad))
        };
        let legend_size = if scene.legend.is_empty() {
            (0.0, 0.0)
        } else {
            (across * legend_text, lines * legend_text)
        };
        Layout {
            width,
            height,
            text,
            left,
            top,
            pad,
            legend_text,
            legend_at,
            legend_size,
        }
    }

    /// The viewBox: x, y, width, height.
    pub(crate) fn view_box(&self) -> (f64, f64, f64, f64) {
        let right = self.width.max(self.legend_at.0 + self.legend_size.0);
        let bottom = self.height.max(self.legend_at.1 + self.legend_size.1);
        (
            -self.left,
            -self.top,
            self.left + right + self.pad,
            self.top + bottom + self.pad,
        )
    }

    /// Pixels per square for the `width`/`height` attributes: 48, less when the figure would
    /// exceed 4000 pixels (browsers then rasterise the large figure quickly; it stays vector).
    pub(crate) fn pixels_per_square(&self) -> f64 {
        let (_, _, w, h) = self.view_box();
        (4000.0 / w.max(h)).min(48.0)
    }
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
/// Capture arrows: stroke width, radius of the numbered disc, font size of its number.
pub(crate) const CAPTURE_WIDTH: f64 = 0.09;
pub(crate) const CAPTURE_DISC: f64 = 0.17;
pub(crate) const CAPTURE_FONT: f64 = 0.2;
/// Baseline of a number centred at `y` (about 0.35 em below the centre).
pub(crate) fn baseline(y: f64, font: f64) -> f64 {
    y + 0.35 * font
}
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

fn definitions(scene: &Scene, flavour: Flavour) -> Definitions {
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
type SquareGroups<K> = BTreeMap<K, Vec<Square>>;

/// One `<path>` per key into `group`, each drawing a `size` × `size` square at the
/// top-left corner of each of its squares, filled with `fill(key)`. Subpaths are relative
/// moves between squares in row order, so a dense board costs about 15 bytes per square;
/// browsers fill such paths fast (round-capped strokes, tried first, were ten times
/// slower to display). The path data is written as it is made: only the squares are held.
fn square_paths<K: Ord>(
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
fn square_origin(scene: &Scene, inset: f64) -> String {
    format!(
        "translate({} {})",
        num(inset - scene.region.left as f64),
        num(inset - scene.region.top as f64)
    )
}

fn tints(scene: &Scene, root: &mut Streamed<'_>) -> Result<(), RenderError> {
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
fn dots(scene: &Scene, root: &mut Streamed<'_>) -> Result<(), RenderError> {
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
fn glyphs(scene: &Scene, flavour: Flavour, root: &mut Streamed<'_>) -> Result<(), RenderError> {
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

pub(crate) fn star(cx: f64, cy: f64, radius: f64) -> String {
    (0..10)
        .map(|i| {
            let r = if i % 2 == 0 { radius } else { radius * 0.45 };
            let angle = std::f64::consts::PI * (i as f64 / 5.0 - 0.5);
            format!(
                "{},{}",
                num(cx + r * angle.cos()),
                num(cy + r * angle.sin())
            )
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A marked square drawn at `(x, y)`; `LastMove` is a shade, the others are frames (the
/// ports' words are [`port_tag`]s, drawn over the pieces).
fn mark(mark: Mark, x: f64, y: f64) -> Group {
    let frame = |inset: f64, colour: Rgb, width: f64| {
        Rectangle::new()
            .set("x", num(x + inset))
            .set("y", num(y + inset))
            .set("width", num(1.0 - 2.0 * inset))
            .set("height", num(1.0 - 2.0 * inset))
            .set("fill", "none")
            .set("stroke", colour.to_string())
            .set("stroke-width", width)
    };
    let group = Group::new();
    match mark {
        Mark::LastMove => group.add(
            Rectangle::new()
                .set("x", x)
                .set("y", y)
                .set("width", 1)
                .set("height", 1)
                .set("fill", palette::LAST_MOVE.to_string())
                .set("fill-opacity", 0.6),
        ),
        Mark::Input | Mark::Output => group.add(frame(0.04, palette::PORT, 0.06)),
        Mark::Final => group.add(frame(0.06, palette::FINAL, 0.1)).add(
            Polygon::new()
                .set("points", star(x + 0.8, y + 0.2, 0.15))
                .set("fill", palette::FINAL.to_string())
                .set("stroke", palette::INK.to_string())
                .set("stroke-width", 0.02),
        ),
    }
}

/// The word of a port mark (`in`, `out`), if `mark` is a port.
pub(crate) fn port_word(mark: Mark) -> Option<&'static str> {
    match mark {
        Mark::Input => Some("in"),
        Mark::Output => Some("out"),
        Mark::LastMove | Mark::Final => None,
    }
}

/// Width of a port tag's box for `word` (font 0.22, bold).
pub(crate) fn tag_width(word: &str) -> f64 {
    0.06 + 0.15 * word.len() as f64
}

/// A port's word on a white box at the top-left corner of the square at `(x, y)`, drawn
/// over the glyph so that it is never hidden under it.
fn port_tag(mark: Mark, x: f64, y: f64) -> Option<Group> {
    let word = port_word(mark)?;
    Some(
        Group::new()
            .add(
                Rectangle::new()
                    .set("x", num(x + 0.06))
                    .set("y", num(y + 0.07))
                    .set("width", num(tag_width(word)))
                    .set("height", 0.24)
                    .set("fill", palette::PAPER.to_string())
                    .set("fill-opacity", 0.9),
            )
            .add(
                Label::new(word)
                    .set("x", num(x + 0.09))
                    .set("y", num(y + 0.25))
                    .set("font-family", "sans-serif")
                    .set("font-size", 0.22)
                    .set("font-weight", "bold")
                    .set("fill", palette::PORT.to_string()),
            ),
    )
}

/// The arrow's line, shortened at both ends so it starts and ends inside the squares.
pub(crate) fn arrow_line(arrow: &Arrow) -> ((f64, f64), (f64, f64)) {
    let (trim_start, trim_end) = match arrow.kind {
        ArrowKind::Flow | ArrowKind::EmptyRay => (0.0, 0.12),
        ArrowKind::Capture { .. } => (0.15, 0.22),
    };
    let (dx, dy) = (arrow.to.0 - arrow.from.0, arrow.to.1 - arrow.from.1);
    let length = dx.hypot(dy).max(1e-9);
    let (ux, uy) = (dx / length, dy / length);
    (
        (
            arrow.from.0 + ux * trim_start,
            arrow.from.1 + uy * trim_start,
        ),
        (arrow.to.0 - ux * trim_end, arrow.to.1 - uy * trim_end),
    )
}

/// The label point of a capture arrow: 45% of the way.
pub(crate) fn arrow_label_point(arrow: &Arrow) -> (f64, f64) {
    (
        arrow.from.0 + 0.45 * (arrow.to.0 - arrow.from.0),
        arrow.from.1 + 0.45 * (arrow.to.1 - arrow.from.1),
    )
}

fn arrow_line_element(arrow: &Arrow) -> Line {
    let ((x1, y1), (x2, y2)) = arrow_line(arrow);
    let (colour, width, head) = match arrow.kind {
        ArrowKind::Flow => (palette::FLOW, 0.07, "s2c-head-flow"),
        ArrowKind::Capture { .. } => (palette::CAPTURE, CAPTURE_WIDTH, "s2c-head-capture"),
        ArrowKind::EmptyRay => (palette::EMPTY_RAY, 0.07, "s2c-head-ray"),
    };
    Line::new()
        .set("x1", num(x1))
        .set("y1", num(y1))
        .set("x2", num(x2))
        .set("y2", num(y2))
        .set("stroke", colour.to_string())
        .set("stroke-width", width)
        .set("marker-end", format!("url(#{head})"))
}

/// A numbered disc for a capture arrow.
pub(crate) fn capture_label(number: usize, (x, y): (f64, f64)) -> Group {
    Group::new()
        .add(
            Circle::new()
                .set("cx", num(x))
                .set("cy", num(y))
                .set("r", CAPTURE_DISC)
                .set("fill", palette::CAPTURE.to_string()),
        )
        .add(
            Label::new(number.to_string())
                .set("x", num(x))
                .set("y", num(baseline(y, CAPTURE_FONT)))
                .set("fill", palette::PAPER.to_string()),
        )
}

/// The flow arrows (`flow`) or the capture arrows: all the lines, then the numbered discs.
fn arrows(scene: &Scene, flow: bool, root: &mut Streamed<'_>) -> io::Result<()> {
    let mut element = Group::new()
        .set("clip-path", "url(#s2c-clip)")
        .set("stroke-linecap", "round");
    if flow {
        element.assign("opacity", 0.6);
    } else {
        element.assign("opacity", 0.9);
        element.assign("font-family", "sans-serif");
        element.assign("font-size", CAPTURE_FONT);
        element.assign("font-weight", "bold");
        element.assign("text-anchor", "middle");
    }
    let mut group = root.nested(&element)?;
    if flow {
        for arrow in &scene.arrows {
            group.child(&arrow_line_element(arrow))?;
        }
    } else {
        for arrow in scene.captures() {
            group.child(&arrow_line_element(&arrow))?;
        }
        for arrow in scene.captures() {
            if let ArrowKind::Capture { number } = arrow.kind {
                group.child(&capture_label(number, arrow_label_point(&arrow)))?;
            }
        }
    }
    group.close()
}

fn coordinates(scene: &Scene, layout: &Layout) -> Group {
    let size = 0.36 * layout.text;
    let mut group = Group::new()
        .set("font-family", "sans-serif")
        .set("font-size", num(size))
        .set("fill", palette::MARGIN_TEXT.to_string());
    let region = scene.region;
    let step = Scene::label_step(region.rows(), 1.5 * size);
    for row in Scene::label_positions(region.top, region.bottom, step) {
        let y = (row - region.top) as f64 + 0.5 + 0.35 * size;
        group.append(
            Label::new(scene.row_label(row))
                .set("x", num(-0.15 * layout.text))
                .set("y", num(y))
                .set("text-anchor", "end"),
        );
    }
    let step = Scene::label_step(region.cols(), scene.col_label_width() * size);
    for col in Scene::label_positions(region.left, region.right, step) {
        group.append(
            Label::new(scene.col_label(col))
                .set("x", num((col - region.left) as f64 + 0.5))
                .set("y", num(-0.2 * layout.text))
                .set("text-anchor", "middle"),
        );
    }
    group
}

fn legend(scene: &Scene, layout: &Layout) -> Group {
    let t = layout.legend_text;
    let (x, top) = layout.legend_at;
    let mut group = Group::new()
        .set("font-family", "sans-serif")
        .set("font-size", num(0.34 * t))
        .set("fill", palette::INK.to_string());
    for (index, entry) in scene.legend.iter().enumerate() {
        let y = top + 0.25 * t + 0.55 * t * index as f64;
        // The swatch is drawn in a one-square box scaled to 0.45·t.
        let mut swatch = Group::new().set(
            "transform",
            format!("translate({} {}) scale({})", num(x), num(y), num(0.45 * t)),
        );
        match *entry {
            LegendEntry::Budget => {
                let (cx, cy, _) = BADGE;
                swatch.append(
                    Group::new()
                        .set(
                            "transform",
                            format!("translate({} {})", num(0.5 - cx), num(0.5 - cy)),
                        )
                        .add(
                            Circle::new()
                                .set("cx", cx)
                                .set("cy", cy)
                                .set("r", 0.3)
                                .set("fill", palette::PAPER.to_string())
                                .set("stroke", palette::INK.to_string())
                                .set("stroke-width", 0.05),
                        )
                        .add(
                            Label::new("n")
                                .set("x", cx)
                                .set("y", num(cy + 0.15))
                                .set("font-size", 0.45)
                                .set("font-weight", "bold")
                                .set("text-anchor", "middle"),
                        ),
                );
            }
            LegendEntry::DotBudget => {
                for (index, budget) in [2, 1, 0].into_iter().enumerate() {
                    swatch.append(
                        Rectangle::new()
                            .set("x", num(0.35 * index as f64 - 0.1))
                            .set("y", 0.3)
                            .set("width", 0.3)
                            .set("height", 0.3)
                            .set("fill", dot_colour(None, budget).to_string()),
                    );
                }
            }
            LegendEntry::Gadget(class) => swatch.append(
                Rectangle::new()
                    .set("width", 1)
                    .set("height", 1)
                    .set(
                        "fill",
                        if scene.schematic.is_some() {
                            box_fill(class)
                        } else {
                            palette::LIGHT.mix(class.colour(), palette::TINT)
                        }
                        .to_string(),
                    )
                    .set("stroke", palette::INK.to_string())
                    .set("stroke-width", 0.03),
            ),
            LegendEntry::Mark(kind) => swatch.append(
                Group::new()
                    .add(
                        Rectangle::new()
                            .set("width", 1)
                            .set("height", 1)
                            .set("fill", palette::LIGHT.to_string()),
                    )
                    .add(mark(kind, 0.0, 0.0))
                    .add(port_tag(kind, 0.0, 0.0).unwrap_or_default()),
            ),
            LegendEntry::Flow | LegendEntry::Capture | LegendEntry::EmptyRay => {
                let kind = match *entry {
                    LegendEntry::Flow => ArrowKind::Flow,
                    LegendEntry::EmptyRay => ArrowKind::EmptyRay,
                    _ => ArrowKind::Capture { number: 1 },
                };
                swatch.append(arrow_line_element(&Arrow {
                    from: (-0.1, 0.5),
                    to: (1.25, 0.5),
                    kind,
                }));
            }
        }
        group.append(swatch);
        group.append(
            Label::new(entry.text())
                .set("x", num(x + 0.7 * t))
                .set("y", num(y + 0.34 * t)),
        );
    }
    group
}

/// Colour of the schematic's wire lines.
pub(crate) const WIRE_LINE: Rgb = Rgb(0x607d8b);

/// Fill of a schematic box of `class` (wire-like boxes, e.g. corners, in the wires' colour).
pub(crate) fn box_fill(class: GadgetClass) -> Rgb {
    match class {
        GadgetClass::Wire => WIRE_LINE.mix(palette::PAPER, 0.3),
        _ => palette::PAPER.mix(class.colour(), palette::TINT),
    }
}

/// The caption's font size in a `width` × `height` box, if at least `smallest`.
pub(crate) fn caption_font(caption: &str, width: f64, height: f64, smallest: f64) -> Option<f64> {
    let font = (0.45 * height).min(0.9 * width / (0.6 * caption.chars().count() as f64));
    (font >= smallest).then_some(font)
}

/// The schematic: wire lines (one path per width), boxes (one path per gadget class),
/// their captions, and the unlabelled pieces as dots.
fn schematic(
    scene: &Scene,
    schematic: &Schematic,
    layout: &Layout,
    root: &mut Streamed<'_>,
) -> io::Result<()> {
    let mut group = root.nested(&Group::new().set("class", "s2c-schematic"))?;
    let mut widths: BTreeMap<String, String> = BTreeMap::new();
    for wire in &schematic.wires {
        let d = widths.entry(num(wire.width)).or_default();
        let _ = write!(
            d,
            "M{} {}L{} {}",
            num(wire.from.0),
            num(wire.from.1),
            num(wire.to.0),
            num(wire.to.1)
        );
    }
    for (width, d) in widths {
        group.child(
            &Path::new()
                .set("d", d)
                .set("fill", "none")
                .set("stroke", WIRE_LINE.to_string())
                .set("stroke-width", width),
        )?;
    }
    let mut classes: BTreeMap<GadgetClass, String> = BTreeMap::new();
    for b in &schematic.boxes {
        let (x, y) = scene.corner(Square::new(b.top, b.left));
        let _ = write!(
            classes.entry(b.class).or_default(),
            "M{} {}h{}v{}h-{}z",
            num(x),
            num(y),
            b.right - b.left + 1,
            b.bottom - b.top + 1,
            b.right - b.left + 1
        );
    }
    for (class, d) in classes {
        group.child(
            &Path::new()
                .set("d", d)
                .set("fill", box_fill(class).to_string())
                .set("stroke", class.colour().to_string())
                .set("stroke-width", num(0.05 * layout.text)),
        )?;
    }
    let captions = Group::new()
        .set("font-family", "sans-serif")
        .set("text-anchor", "middle")
        .set("fill", palette::INK.to_string());
    let mut texts = group.nested(&captions)?;
    for b in &schematic.boxes {
        let (x, y) = scene.corner(Square::new(b.top, b.left));
        let (w, h) = ((b.right - b.left + 1) as f64, (b.bottom - b.top + 1) as f64);
        let caption = b.caption();
        if b.class == GadgetClass::Wire {
            continue;
        }
        if let Some(font) = caption_font(caption, w, h, 0.2 * layout.text) {
            let font = font.min(0.5 * layout.text);
            let caption: Box<dyn Node> = Label::new(caption)
                .set("x", num(x + w / 2.0))
                .set("y", num(baseline(y + h / 2.0, font)))
                .set("font-size", num(font))
                .into();
            texts.child(&caption)?;
        }
    }
    texts.close()?;
    if !schematic.loose.is_empty() {
        let element = Group::new()
            .set("class", "s2c-pieces")
            .set("transform", square_origin(scene, (1.0 - DOT) / 2.0));
        let mut dots = group.nested(&element)?;
        let groups = SquareGroups::from([(palette::DOT.0, schematic.loose.clone())]);
        square_paths(&mut dots, groups, &num(DOT), |&colour| Rgb(colour))?;
        dots.close()?;
    }
    group.close()
}

/// The final square on a schematic: a star large enough to find on the whole figure.
fn final_star(scene: &Scene, square: Square, layout: &Layout) -> Polygon {
    let (x, y) = scene.corner(square);
    let radius = (0.3 * layout.text).min(0.5 * layout.width.min(layout.height));
    let inside = |at: f64, side: f64| at.clamp(radius, side - radius);
    Polygon::new()
        .set(
            "points",
            star(
                inside(x + 0.5, layout.width),
                inside(y + 0.5, layout.height),
                radius,
            ),
        )
        .set("fill", palette::FINAL.to_string())
        .set("stroke", palette::INK.to_string())
        .set("stroke-width", num(0.03 * layout.text))
}

/// Writes the root `<svg>` element of `scene`; `underlay` (if any) goes between the
/// square marks and the pieces, `overlay` (if any) last.
pub fn document(
    scene: &Scene,
    flavour: Flavour,
    underlay: Option<Group>,
    overlay: Option<Group>,
    out: &mut dyn Write,
) -> Result<(), RenderError> {
    let layout = Layout::of(scene);
    let (vx, vy, vw, vh) = layout.view_box();
    let pixels = layout.pixels_per_square();
    let mut element = Element::new("svg");
    if flavour == Flavour::Standalone {
        element.assign("xmlns", "http://www.w3.org/2000/svg");
        element.assign("xmlns:xlink", "http://www.w3.org/1999/xlink");
    }
    element.assign(
        "viewBox",
        format!("{} {} {} {}", num(vx), num(vy), num(vw), num(vh)),
    );
    element.assign("width", num(vw * pixels));
    element.assign("height", num(vh * pixels));
    let mut root = Streamed::new(out, &element);
    root.child(&definitions(scene, flavour))?;
    let board = Rectangle::new()
        .set("class", "s2c-board")
        .set("width", scene.region.cols())
        .set("height", scene.region.rows());
    if let Some(plan) = &scene.schematic {
        root.child(
            &board
                .set("fill", palette::PAPER.to_string())
                .set("stroke", palette::MARGIN_TEXT.to_string())
                .set("stroke-width", num(0.03 * layout.text)),
        )?;
        schematic(scene, plan, &layout, &mut root)?;
        for &(square, _) in &scene.marks {
            root.child(&final_star(scene, square, &layout))?;
        }
    } else {
        root.child(&board.set("fill", "url(#s2c-chequer)"))?;
        if !scene.dots {
            tints(scene, &mut root)?;
        }
        let (shades, frames): (Vec<_>, Vec<_>) = scene
            .marks
            .iter()
            .copied()
            .partition(|(_, kind)| *kind == Mark::LastMove);
        for (square, kind) in shades.into_iter().chain(frames) {
            let (x, y) = scene.corner(square);
            root.child(&mark(kind, x, y))?;
        }
    }
    if let Some(underlay) = underlay {
        root.child(&underlay)?;
    }
    if !scene.arrows.is_empty() {
        arrows(scene, true, &mut root)?;
    }
    if scene.schematic.is_some() {
        // The schematic drew the pieces it shows.
    } else if scene.dots {
        dots(scene, &mut root)?;
    } else {
        glyphs(scene, flavour, &mut root)?;
    }
    if !scene.rays.is_empty() {
        let element = Group::new()
            .set("clip-path", "url(#s2c-clip)")
            .set("stroke-linecap", "round")
            .set("opacity", 0.9);
        let mut group = root.nested(&element)?;
        for ray in &scene.rays {
            group.child(&arrow_line_element(ray))?;
        }
        group.close()?;
    }
    if scene.schematic.is_none() {
        for &(square, kind) in &scene.marks {
            let (x, y) = scene.corner(square);
            if let Some(tag) = port_tag(kind, x, y) {
                root.child(&tag)?;
            }
        }
    }
    if !scene.shown_moves.is_empty() {
        arrows(scene, false, &mut root)?;
    }
    if scene.coordinates {
        root.child(&coordinates(scene, &layout))?;
    }
    if !scene.legend.is_empty() {
        root.child(&legend(scene, &layout))?;
    }
    if let Some(overlay) = overlay {
        root.child(&overlay)?;
    }
    root.close()?;
    Ok(())
}

/// Writes `scene` as a standalone SVG file.
pub fn write(scene: &Scene, out: &mut dyn Write) -> Result<(), RenderError> {
    let mut writer = io::BufWriter::with_capacity(1 << 20, out);
    writeln!(writer, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>")?;
    document(scene, Flavour::Standalone, None, None, &mut writer)?;
    writeln!(writer)?;
    writer.flush()?;
    Ok(())
}
