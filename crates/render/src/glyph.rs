//! Our own vector piece glyphs (no copied piece set, no font glyphs): each piece is a few
//! filled outlines and contrast strokes in a 100 × 100 box (y down), written once here and
//! emitted by both the SVG and the TikZ writer.

use sat2chess_core::board::PieceKind;

/// How a shape of a glyph is painted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Paint {
    /// Filled with the piece colour (white, or black when the budget is 0), outlined black.
    Body,
    /// A stroke in the contrast colour (black on white pieces, white on black ones).
    Detail,
    /// Filled with the contrast colour (e.g. the knight's eye).
    Mark,
}

/// One step of an outline, absolute coordinates in the 100 × 100 box.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Segment {
    MoveTo(f64, f64),
    LineTo(f64, f64),
    /// Cubic Bézier: two control points, then the end point.
    CubicTo([f64; 2], [f64; 2], [f64; 2]),
    Close,
}

/// A shape of a glyph.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    Outline(Vec<Segment>, Paint),
    Circle {
        centre: [f64; 2],
        radius: f64,
        paint: Paint,
    },
}

/// Outline stroke width in glyph units (a hundredth of a square).
pub(crate) const STROKE: f64 = 3.0;

/// The outline data, in SVG path syntax restricted to absolute `M`, `L`, `C`, `Z`;
/// listed back to front.
fn outlines(kind: PieceKind) -> &'static [(&'static str, Paint)] {
    use Paint::{Body, Detail};
    const BASE: (&str, Paint) = ("M 23 89 L 77 89 L 77 81 L 23 81 Z", Body);
    match kind {
        PieceKind::Pawn => &[
            (
                "M 28 89 L 72 89 C 72 76 61 68 57 53 L 43 53 C 39 68 28 76 28 89 Z",
                Body,
            ),
            ("M 36 54 L 64 54 L 64 46 L 36 46 Z", Body),
        ],
        PieceKind::Rook => &[
            BASE,
            ("M 29 81 L 71 81 L 67 73 L 33 73 Z", Body),
            ("M 35 73 L 65 73 L 63 41 L 37 41 Z", Body),
            (
                "M 28 41 L 72 41 L 72 15 L 63 15 L 63 23 L 55 23 L 55 15 L 45 15 \
                 L 45 23 L 37 23 L 37 15 L 28 15 Z",
                Body,
            ),
            ("M 36 34 L 64 34", Detail),
        ],
        PieceKind::Bishop => &[
            BASE,
            ("M 35 81 L 65 81 L 62 73 L 38 73 Z", Body),
            ("M 37 73 L 63 73 L 63 65 L 37 65 Z", Body),
            (
                "M 50 17 C 31 33 29 53 38 65 L 62 65 C 71 53 69 33 50 17 Z",
                Body,
            ),
            ("M 57 33 L 46 48", Detail),
        ],
        PieceKind::Knight => &[
            BASE,
            (
                "M 31 81 L 75 81 C 78 58 73 33 57 22 L 55 11 L 47 19 L 41 12 L 38 23 \
                 C 30 29 22 42 17 53 C 15 59 20 65 27 62 C 32 59 37 57 44 54 \
                 C 45 62 36 70 31 81 Z",
                Body,
            ),
            ("M 62 29 C 69 42 71 59 69 77", Detail),
        ],
        PieceKind::Queen => &[
            BASE,
            (
                "M 28 81 L 72 81 L 83 33 L 66 58 L 66 22 L 55 55 L 50 18 L 45 55 \
                 L 34 22 L 34 58 L 17 33 Z",
                Body,
            ),
            ("M 31 71 L 69 71", Detail),
        ],
        PieceKind::King => &[
            BASE,
            (
                "M 47 7 L 53 7 L 53 15 L 61 15 L 61 21 L 53 21 L 53 44 L 47 44 \
                 L 47 21 L 39 21 L 39 15 L 47 15 Z",
                Body,
            ),
            (
                "M 28 81 L 72 81 L 76 57 C 87 45 79 29 64 33 C 58 35 53 40 50 46 \
                 C 47 40 42 35 36 33 C 21 29 13 45 24 57 Z",
                Body,
            ),
            ("M 30 70 L 70 70", Detail),
        ],
    }
}

/// Circles drawn after the outlines.
fn circles(kind: PieceKind) -> &'static [([f64; 2], f64, Paint)] {
    use Paint::{Body, Mark};
    match kind {
        PieceKind::Pawn => &[([50.0, 31.0], 13.0, Body)],
        PieceKind::Bishop => &[([50.0, 13.0], 5.5, Body)],
        PieceKind::Knight => &[([39.0, 33.0], 3.5, Mark)],
        PieceKind::Queen => &[
            ([17.0, 31.0], 5.0, Body),
            ([34.0, 20.0], 5.0, Body),
            ([50.0, 15.0], 5.0, Body),
            ([66.0, 20.0], 5.0, Body),
            ([83.0, 31.0], 5.0, Body),
        ],
        PieceKind::Rook | PieceKind::King => &[],
    }
}

/// Parses the restricted path syntax used in [`outlines`]. The data is ours and fixed,
/// so a malformed entry is a programming error, caught by the unit test below.
fn parse(path: &str) -> Vec<Segment> {
    let mut tokens = path.split_whitespace();
    let mut segments = Vec::new();
    while let Some(command) = tokens.next() {
        let mut number = || -> f64 {
            tokens
                .next()
                .and_then(|t| t.parse().ok())
                .unwrap_or_else(|| panic!("glyph path {path:?}: number expected"))
        };
        segments.push(match command {
            "M" => Segment::MoveTo(number(), number()),
            "L" => Segment::LineTo(number(), number()),
            "C" => Segment::CubicTo(
                [number(), number()],
                [number(), number()],
                [number(), number()],
            ),
            "Z" => Segment::Close,
            other => panic!("glyph path {path:?}: unknown command {other:?}"),
        });
    }
    segments
}

/// The shapes of a piece glyph, back to front.
pub fn shapes(kind: PieceKind) -> Vec<Shape> {
    let outlines = outlines(kind)
        .iter()
        .map(|&(path, paint)| Shape::Outline(parse(path), paint));
    let circles = circles(kind)
        .iter()
        .map(|&(centre, radius, paint)| Shape::Circle {
            centre,
            radius,
            paint,
        });
    outlines.chain(circles).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_glyph_parses_and_stays_inside_its_box() {
        for kind in PieceKind::ALL {
            let shapes = shapes(kind);
            assert!(shapes.iter().any(|s| matches!(
                s,
                Shape::Outline(_, Paint::Body)
                    | Shape::Circle {
                        paint: Paint::Body,
                        ..
                    }
            )));
            for shape in shapes {
                let points: Vec<[f64; 2]> = match shape {
                    Shape::Outline(segments, _) => segments
                        .iter()
                        .flat_map(|s| match *s {
                            Segment::MoveTo(x, y) | Segment::LineTo(x, y) => vec![[x, y]],
                            Segment::CubicTo(a, b, c) => vec![a, b, c],
                            Segment::Close => vec![],
                        })
                        .collect(),
                    Shape::Circle { centre, radius, .. } => vec![
                        [centre[0] - radius, centre[1] - radius],
                        [centre[0] + radius, centre[1] + radius],
                    ],
                };
                for [x, y] in points {
                    assert!((0.0..=100.0).contains(&x) && (0.0..=100.0).contains(&y));
                }
            }
        }
    }
}
