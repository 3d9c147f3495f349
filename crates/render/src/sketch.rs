//! A small vector drawing ([`Sketch`]: discs, lines and arrows, texts, frames) written as
//! SVG elements or TikZ commands, for the figures that are not boards: the Red-Blue
//! Dominating Set graph ([`crate::rbds`]) and Graph Capture instances ([`crate::graph`]).
//! One unit is one board square (48 pixels in SVG, the board's square in TikZ), texts
//! are sans-serif like the board figures' margins.

use std::fmt::Write as _;
use std::io::{self, Write};

use super::svg::{self, Flavour, Layout};
use super::xml::num;
use super::{RenderError, Rgb, Scene, tikz as board_tikz};

/// How a text sits on its point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Anchor {
    Start,
    Middle,
    End,
}

/// One drawn element; coordinates in units, y downward.
#[derive(Clone, Debug)]
pub(crate) enum Item {
    Disc {
        at: (f64, f64),
        radius: f64,
        fill: Rgb,
        stroke: Rgb,
        width: f64,
    },
    Line {
        from: (f64, f64),
        to: (f64, f64),
        colour: Rgb,
        width: f64,
        /// An arrowhead at `to`.
        arrow: bool,
    },
    /// A text whose baseline is centred vertically on `at` (`size` is the font size).
    Text {
        at: (f64, f64),
        text: String,
        size: f64,
        colour: Rgb,
        anchor: Anchor,
        bold: bool,
    },
    /// A polyline through `points` (a polygon when `closed`), filled when `fill` is
    /// given; `opacity` applies to the whole item.
    Path {
        points: Vec<(f64, f64)>,
        closed: bool,
        fill: Option<Rgb>,
        stroke: Rgb,
        width: f64,
        opacity: f64,
    },
    /// A rounded rectangle.
    Frame {
        corner: (f64, f64),
        size: (f64, f64),
        fill: Rgb,
        stroke: Rgb,
        width: f64,
    },
}

/// Average width of a sans-serif character, in font sizes.
const CHAR_WIDTH: f64 = 0.58;

/// An estimate of the width of `text` at font size `size`.
pub(crate) fn text_width(text: &str, size: f64) -> f64 {
    CHAR_WIDTH * size * text.chars().count() as f64
}

/// A drawing: its items in painting order.
#[derive(Clone, Debug, Default)]
pub(crate) struct Sketch {
    pub items: Vec<Item>,
}

impl Sketch {
    pub fn push(&mut self, item: Item) {
        self.items.push(item);
    }

    /// Adds a text.
    pub fn text(&mut self, at: (f64, f64), text: impl Into<String>, size: f64, anchor: Anchor) {
        self.push(Item::Text {
            at,
            text: text.into(),
            size,
            colour: super::palette::INK,
            anchor,
            bold: false,
        });
    }

    /// The smallest rectangle holding every item: (left, top, right, bottom).
    pub fn bounds(&self) -> (f64, f64, f64, f64) {
        let mut bounds = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        let mut add = |x: f64, y: f64| {
            bounds.0 = bounds.0.min(x);
            bounds.1 = bounds.1.min(y);
            bounds.2 = bounds.2.max(x);
            bounds.3 = bounds.3.max(y);
        };
        for item in &self.items {
            match item {
                Item::Disc { at, radius, .. } => {
                    add(at.0 - radius, at.1 - radius);
                    add(at.0 + radius, at.1 + radius);
                }
                Item::Line { from, to, .. } => {
                    add(from.0, from.1);
                    add(to.0, to.1);
                }
                Item::Text {
                    at,
                    text,
                    size,
                    anchor,
                    ..
                } => {
                    let width = text_width(text, *size);
                    let left = match anchor {
                        Anchor::Start => at.0,
                        Anchor::Middle => at.0 - width / 2.0,
                        Anchor::End => at.0 - width,
                    };
                    add(left, at.1 - 0.6 * size);
                    add(left + width, at.1 + 0.6 * size);
                }
                Item::Path { points, .. } => {
                    for &(x, y) in points {
                        add(x, y);
                    }
                }
                Item::Frame { corner, size, .. } => {
                    add(corner.0, corner.1);
                    add(corner.0 + size.0, corner.1 + size.1);
                }
            }
        }
        if bounds.0 > bounds.2 {
            (0.0, 0.0, 0.0, 0.0)
        } else {
            bounds
        }
    }

    /// The items as SVG elements, one a line (the arrowheads use the marker
    /// `s2c-sketch-arrow-RRGGBB` that [`Sketch::svg_markers`] defines).
    pub fn svg(&self, out: &mut dyn Write) -> io::Result<()> {
        for item in &self.items {
            let line = match item {
                Item::Disc {
                    at,
                    radius,
                    fill,
                    stroke,
                    width,
                } => format!(
                    "<circle cx=\"{}\" cy=\"{}\" fill=\"{fill}\" r=\"{}\" stroke=\"{stroke}\" stroke-width=\"{}\"/>",
                    num(at.0),
                    num(at.1),
                    num(*radius),
                    num(*width)
                ),
                Item::Line {
                    from,
                    to,
                    colour,
                    width,
                    arrow,
                } => {
                    let marker = if *arrow {
                        format!(" marker-end=\"url(#s2c-sketch-arrow-{})\"", colour.hex())
                    } else {
                        String::new()
                    };
                    format!(
                        "<line{marker} stroke=\"{colour}\" stroke-linecap=\"round\" stroke-width=\"{}\" x1=\"{}\" x2=\"{}\" y1=\"{}\" y2=\"{}\"/>",
                        num(*width),
                        num(from.0),
                        num(to.0),
                        num(from.1),
                        num(to.1)
                    )
                }
                Item::Text {
                    at,
                    text,
                    size,
                    colour,
                    anchor,
                    bold,
                } => {
                    let anchor = match anchor {
                        Anchor::Start => "start",
                        Anchor::Middle => "middle",
                        Anchor::End => "end",
                    };
                    let weight = if *bold { " font-weight=\"bold\"" } else { "" };
                    format!(
                        "<text fill=\"{colour}\" font-family=\"sans-serif\" font-size=\"{}\"{weight} text-anchor=\"{anchor}\" x=\"{}\" y=\"{}\">{}</text>",
                        num(*size),
                        num(at.0),
                        num(at.1 + 0.35 * size),
                        escape_xml(text)
                    )
                }
                Item::Path {
                    points,
                    closed,
                    fill,
                    stroke,
                    width,
                    opacity,
                } => {
                    let fill = fill.map_or("none".to_owned(), |fill| fill.to_string());
                    let points: Vec<String> = points
                        .iter()
                        .map(|&(x, y)| format!("{},{}", num(x), num(y)))
                        .collect();
                    format!(
                        "<{} fill=\"{fill}\" opacity=\"{}\" points=\"{}\" stroke=\"{stroke}\" stroke-linecap=\"round\" stroke-linejoin=\"round\" stroke-width=\"{}\"/>",
                        if *closed { "polygon" } else { "polyline" },
                        num(*opacity),
                        points.join(" "),
                        num(*width)
                    )
                }
                Item::Frame {
                    corner,
                    size,
                    fill,
                    stroke,
                    width,
                } => format!(
                    "<rect fill=\"{fill}\" height=\"{}\" rx=\"0.25\" stroke=\"{stroke}\" stroke-width=\"{}\" width=\"{}\" x=\"{}\" y=\"{}\"/>",
                    num(size.1),
                    num(*width),
                    num(size.0),
                    num(corner.0),
                    num(corner.1)
                ),
            };
            writeln!(out, "{line}")?;
        }
        Ok(())
    }

    /// The `<marker>` definitions of the arrowheads in use (one per colour).
    pub fn svg_markers(&self) -> String {
        let mut colours: Vec<Rgb> = self
            .items
            .iter()
            .filter_map(|item| match item {
                Item::Line {
                    colour,
                    arrow: true,
                    ..
                } => Some(*colour),
                _ => None,
            })
            .collect();
        colours.sort();
        colours.dedup();
        let mut text = String::new();
        for colour in colours {
            let _ = writeln!(
                text,
                "<marker id=\"s2c-sketch-arrow-{}\" markerHeight=\"0.3\" markerUnits=\"userSpaceOnUse\" markerWidth=\"0.3\" orient=\"auto\" refX=\"9\" refY=\"5\" viewBox=\"0 0 10 10\"><path d=\"M0 0L10 5L0 10z\" fill=\"{colour}\"/></marker>",
                colour.hex()
            );
        }
        text
    }

    /// A standalone SVG document of the sketch with `pad` units around it.
    pub fn svg_document(&self, pad: f64, out: &mut dyn Write) -> io::Result<()> {
        let (left, top, right, bottom) = self.bounds();
        let (x, y, w, h) = (
            left - pad,
            top - pad,
            right - left + 2.0 * pad,
            bottom - top + 2.0 * pad,
        );
        let pixels = PIXELS.min(MAX_PIXELS / w.max(h));
        writeln!(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>")?;
        writeln!(
            out,
            "<svg height=\"{}\" viewBox=\"{} {} {} {}\" width=\"{}\" xmlns=\"http://www.w3.org/2000/svg\">",
            num(h * pixels),
            num(x),
            num(y),
            num(w),
            num(h),
            num(w * pixels)
        )?;
        writeln!(out, "<defs>\n{}</defs>", self.svg_markers())?;
        writeln!(
            out,
            "<rect fill=\"#ffffff\" height=\"{}\" width=\"{}\" x=\"{}\" y=\"{}\"/>",
            num(h),
            num(w),
            num(x),
            num(y)
        )?;
        self.svg(out)?;
        writeln!(out, "</svg>")
    }

    /// The items as TikZ commands, for a picture with `x = unit cm, y = -unit cm`
    /// (texts are `\scriptsize` scaled to their size).
    pub fn tikz(&self, unit: f64, out: &mut dyn Write) -> io::Result<()> {
        // \scriptsize is 7 pt; one unit is `unit` cm = unit · 28.45 pt.
        let scale = |size: f64| num(size * unit * 28.45 / 7.0);
        let pt = |width: f64| num(width * unit * 28.45);
        let point = |(x, y): (f64, f64)| format!("({},{})", num(x), num(y));
        for item in &self.items {
            match item {
                Item::Disc {
                    at,
                    radius,
                    fill,
                    stroke,
                    width,
                } => writeln!(
                    out,
                    "\\draw[fill={}, draw={}, line width={}pt] {} circle[radius={}];",
                    tikz_colour(*fill),
                    tikz_colour(*stroke),
                    pt(*width),
                    point(*at),
                    num(*radius)
                )?,
                Item::Line {
                    from,
                    to,
                    colour,
                    width,
                    arrow,
                } => writeln!(
                    out,
                    "\\draw[{}draw={}, line width={}pt, line cap=round] {} -- {};",
                    if *arrow { "-stealth, " } else { "" },
                    tikz_colour(*colour),
                    pt(*width),
                    point(*from),
                    point(*to)
                )?,
                Item::Text {
                    at,
                    text,
                    size,
                    colour,
                    anchor,
                    bold,
                } => writeln!(
                    out,
                    "\\node[anchor={}, inner sep=0pt, text={}, font=\\sffamily{}\\scriptsize, scale={}] at {} {{{}}};",
                    match anchor {
                        Anchor::Start => "west",
                        Anchor::Middle => "center",
                        Anchor::End => "east",
                    },
                    tikz_colour(*colour),
                    if *bold { "\\bfseries" } else { "" },
                    scale(*size),
                    point(*at),
                    escape_tex(text)
                )?,
                Item::Path {
                    points,
                    closed,
                    fill,
                    stroke,
                    width,
                    opacity,
                } => {
                    let fill = fill.map_or(String::new(), |fill| {
                        format!("fill={}, ", tikz_colour(fill))
                    });
                    let mut path: Vec<String> = points.iter().map(|&p| point(p)).collect();
                    if *closed {
                        path.push("cycle".to_owned());
                    }
                    writeln!(
                        out,
                        "\\draw[{fill}draw={}, line width={}pt, line cap=round, line join=round, opacity={}] {};",
                        tikz_colour(*stroke),
                        pt(*width),
                        num(*opacity),
                        path.join(" -- ")
                    )?;
                }
                Item::Frame {
                    corner,
                    size,
                    fill,
                    stroke,
                    width,
                } => writeln!(
                    out,
                    "\\draw[fill={}, draw={}, line width={}pt, rounded corners={}cm] {} rectangle {};",
                    tikz_colour(*fill),
                    tikz_colour(*stroke),
                    pt(*width),
                    num(0.25 * unit),
                    point(*corner),
                    point((corner.0 + size.0, corner.1 + size.1))
                )?,
            }
        }
        Ok(())
    }
}

/// Where a sketch goes with respect to the board it is drawn with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stack {
    /// Beside the board (drawn first, the board over it).
    Beside,
    /// Over the board (drawn last).
    Over,
}

/// One SVG: the sketch in board squares (the board's top-left corner at the origin) and
/// the board's own figure nested at its place, scaled to one unit a square, in a group
/// of class `class`.
pub(crate) fn svg_with_board(
    scene: &Scene,
    sketch: &Sketch,
    stack: Stack,
    class: &str,
    out: &mut dyn Write,
) -> Result<(), RenderError> {
    let layout = Layout::of(scene);
    let (bx, by, bw, bh) = layout.view_box();
    let (left, top, right, bottom) = sketch.bounds();
    let pad = 0.4;
    let (x, y) = (left.min(bx) - pad, top.min(by) - pad);
    let (w, h) = (right.max(bx + bw) + pad - x, bottom.max(by + bh) + pad - y);
    let pixels = PIXELS.min(MAX_PIXELS / w.max(h));
    writeln!(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>")?;
    writeln!(
        out,
        "<svg height=\"{}\" viewBox=\"{} {} {} {}\" width=\"{}\" xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\">",
        num(h * pixels),
        num(x),
        num(y),
        num(w),
        num(h),
        num(w * pixels)
    )?;
    writeln!(out, "<defs>\n{}</defs>", sketch.svg_markers())?;
    writeln!(
        out,
        "<rect fill=\"#ffffff\" height=\"{}\" width=\"{}\" x=\"{}\" y=\"{}\"/>",
        num(h),
        num(w),
        num(x),
        num(y)
    )?;
    if stack == Stack::Beside {
        sketch.svg(out)?;
    }
    writeln!(
        out,
        "<g class=\"{class}\" transform=\"translate({} {}) scale({})\">",
        num(bx),
        num(by),
        1.0 / layout.pixels_per_square()
    )?;
    svg::document(scene, Flavour::Standalone, None, None, out)?;
    writeln!(out, "\n</g>")?;
    if stack == Stack::Over {
        sketch.svg(out)?;
    }
    writeln!(out, "</svg>")?;
    Ok(())
}

/// One LaTeX document: the board's picture with the sketch drawn into it (over the
/// board), `comment` heading the file.
pub(crate) fn tikz_with_board(
    scene: &Scene,
    sketch: &Sketch,
    comment: &str,
    out: &mut dyn Write,
) -> Result<(), RenderError> {
    let (left, top, right, bottom) = sketch.bounds();
    let (cols, rows) = (scene.region.cols() as f64, scene.region.rows() as f64);
    let (width, height) = (right.max(cols) - left, bottom.max(rows) - top);
    let unit = 0.7f64.min(16.0 / width).min(22.0 / height);
    let (_, (page_w, page_h)) = board_tikz::board_size(scene, Some(unit), None);
    let page = (
        page_w + (width - cols).max(0.0) * unit,
        page_h + (height - rows).max(0.0) * unit,
    );
    let comment = format!("{comment}; one square = {}cm", num(unit));
    out.write_all(board_tikz::document_start(&comment, page).as_bytes())?;
    let mut drawn = Vec::new();
    sketch.tikz(unit, &mut drawn)?;
    board_tikz::board_picture(scene, Some(unit), None, &drawn, out)?;
    out.write_all(board_tikz::document_end().as_bytes())?;
    Ok(())
}

/// Pixels per unit of a standalone sketch (the board figures' 48 per square) ...
pub(crate) const PIXELS: f64 = 48.0;
/// ... fewer when the figure would exceed this many pixels across (as the board figures).
pub(crate) const MAX_PIXELS: f64 = 4000.0;

/// An xcolor colour expression for `colour`.
pub(crate) fn tikz_colour(colour: Rgb) -> String {
    let channel = |shift: u32| (colour.0 >> shift) & 0xff;
    format!(
        "{{rgb,255:red,{};green,{};blue,{}}}",
        channel(16),
        channel(8),
        channel(0)
    )
}

/// `text` with the XML special characters escaped.
pub(crate) fn escape_xml(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            _ => escaped.push(c),
        }
    }
    escaped
}

/// `text` with the LaTeX special characters escaped.
pub(crate) fn escape_tex(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => escaped.push_str("\\textbackslash{}"),
            '~' => escaped.push_str("\\textasciitilde{}"),
            '^' => escaped.push_str("\\textasciicircum{}"),
            '&' | '%' | '$' | '#' | '_' | '{' | '}' => {
                escaped.push('\\');
                escaped.push(c);
            }
            _ => escaped.push(c),
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn special_characters_are_escaped() {
        assert_eq!(escape_xml("a<b&\"c\">"), "a&lt;b&amp;&quot;c&quot;&gt;");
        assert_eq!(escape_tex("x_1 & 50% {y}"), "x\\_1 \\& 50\\% \\{y\\}");
        assert_eq!(
            tikz_colour(Rgb(0x1e88e5)),
            "{rgb,255:red,30;green,136;blue,229}"
        );
    }

    #[test]
    fn bounds_hold_every_item() {
        let mut sketch = Sketch::default();
        sketch.push(Item::Disc {
            at: (1.0, 1.0),
            radius: 0.5,
            fill: Rgb(0),
            stroke: Rgb(0),
            width: 0.1,
        });
        sketch.text((3.0, 1.0), "abcd", 1.0, Anchor::Start);
        let (left, top, right, bottom) = sketch.bounds();
        assert_eq!((left, top), (0.5, 0.4));
        assert!((right - (3.0 + 4.0 * CHAR_WIDTH)).abs() < 1e-9);
        assert_eq!(bottom, 1.6);
    }
}
