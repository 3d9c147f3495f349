//! The legend, drawn at its printed size beside or below the board.

use std::io::{self, Write};

use super::base::{Colours, Geometry, LEGEND_LINE_CM, NATURAL_CM, point, square_piece};
use super::board::{arrow, mark, port_tag};
use crate::colour::dot_colour;
use crate::svg::box_fill;
use crate::{Arrow, ArrowKind, LegendEntry, Scene, palette};

/// The legend, at its printed size: a scope of 0.7 cm units beside or below the board.
pub(super) fn legend(
    scene: &Scene,
    geometry: &Geometry,
    colours: &mut Colours,
    out: &mut dyn Write,
) -> io::Result<()> {
    let (cols, rows) = (scene.region.cols() as f64, scene.region.rows() as f64);
    let at = if geometry.legend_beside {
        (cols + geometry.units(0.3), 0.0)
    } else {
        (0.0, rows + geometry.units(0.3))
    };
    writeln!(
        out,
        "\\begin{{scope}}[shift={{{}}}, x={NATURAL_CM}cm, y=-{NATURAL_CM}cm]",
        point(at.0, at.1)
    )?;
    let step = LEGEND_LINE_CM / NATURAL_CM;
    for (index, entry) in scene.legend.iter().enumerate() {
        let (x, y) = (0.0, step * index as f64);
        match *entry {
            LegendEntry::Budget => {
                writeln!(
                    out,
                    "\\node[s2c badge, scale=1.4] at {} {{n}};",
                    point(x + 0.3, y + 0.3)
                )?;
            }
            LegendEntry::DotBudget => {
                for (index, budget) in [2, 1, 0].into_iter().enumerate() {
                    let colour = colours.name(dot_colour(None, budget));
                    writeln!(
                        out,
                        "\\fill[{colour}] {};",
                        square_piece(x + 0.3 * index as f64, y + 0.2, 0.25)
                    )?;
                }
            }
            LegendEntry::Gadget(class) => {
                let base = if scene.schematic.is_some() {
                    box_fill(class)
                } else {
                    palette::LIGHT.mix(class.colour(), palette::TINT)
                };
                let colour = colours.name(base);
                writeln!(
                    out,
                    "\\filldraw[fill={colour}, draw=black, line width=0.2pt] {};",
                    square_piece(x, y, 0.6)
                )?;
            }
            LegendEntry::Mark(kind) => {
                writeln!(
                    out,
                    "\\begin{{scope}}[shift={{{}}}, scale=0.6]",
                    point(x, y)
                )?;
                mark(out, colours, 0.6 * NATURAL_CM, kind, 0.0, 0.0)?;
                port_tag(out, colours, kind, 0.0, 0.0)?;
                writeln!(out, "\\end{{scope}}")?;
            }
            LegendEntry::Flow | LegendEntry::Capture | LegendEntry::EmptyRay => {
                let kind = match *entry {
                    LegendEntry::Flow => ArrowKind::Flow,
                    LegendEntry::EmptyRay => ArrowKind::EmptyRay,
                    _ => ArrowKind::Capture { number: 1 },
                };
                let a = Arrow {
                    from: (x - 0.1, y + 0.3),
                    to: (x + 1.0, y + 0.3),
                    kind,
                };
                arrow(out, colours, NATURAL_CM, &a)?;
            }
        }
        writeln!(
            out,
            "\\node[anchor=west, font=\\sffamily\\small] at {} {{{}}};",
            point(x + 1.2, y + 0.3),
            entry.text()
        )?;
    }
    writeln!(out, "\\end{{scope}}")
}
