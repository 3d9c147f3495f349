//! Marked squares (last move, ports, final square), port tags, flow and capture arrows
//! with their numbered discs.

use std::io;

use svg::Node;
use svg::node::element::{Circle, Group, Line, Polygon, Rectangle};

use crate::xml::{Label, Streamed, num};
use crate::{Arrow, ArrowKind, Mark, Rgb, Scene, palette};

/// Capture arrows: stroke width, radius of the numbered disc, font size of its number.
pub(crate) const CAPTURE_WIDTH: f64 = 0.09;
pub(crate) const CAPTURE_DISC: f64 = 0.17;
pub(crate) const CAPTURE_FONT: f64 = 0.2;
/// Baseline of a number centred at `y` (about 0.35 em below the centre).
pub(crate) fn baseline(y: f64, font: f64) -> f64 {
    y + 0.35 * font
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
pub(super) fn mark(mark: Mark, x: f64, y: f64) -> Group {
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
pub(super) fn port_tag(mark: Mark, x: f64, y: f64) -> Option<Group> {
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

pub(super) fn arrow_line_element(arrow: &Arrow) -> Line {
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
pub(super) fn arrows(scene: &Scene, flow: bool, root: &mut Streamed<'_>) -> io::Result<()> {
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
