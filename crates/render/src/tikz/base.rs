//! What every part of the picture shares: the printed sizes, TikZ points, the colour
//! names, the picture's geometry and merged path statements.

use std::io::{self, Write};

use crate::svg::num;
use crate::{Rgb, Scene, TIKZ_FIT};

/// The natural side of a square, in centimetres (glyphs and badges are designed for it).
pub(crate) const NATURAL_CM: f64 = 0.7;
/// Pieces (rectangles, lines) per merged path statement.
pub const PATH_CHUNK: usize = 64;
/// Printed sizes, in centimetres: the margin labels' font (`\scriptsize`) height and
/// width per character, and the legend's line height and width per character.
pub(super) const LABEL_HEIGHT_CM: f64 = 0.3;
pub(super) const LABEL_CHAR_CM: f64 = 0.15;
pub(super) const LEGEND_LINE_CM: f64 = 0.5;
const LEGEND_CHAR_CM: f64 = 0.17;
/// A schematic of more boxes and wires than this is drawn as a raster of cells of
/// 0.05 cm (TeX's main memory holds about 40 000 path pieces).
pub const VECTOR_LIMIT: usize = 4000;
pub(super) const RASTER_CM: f64 = 0.05;
/// Smallest printed caption of a schematic box, and the largest.
pub(super) const CAPTION_MIN_CM: f64 = 0.12;
pub(super) const CAPTION_MAX_CM: f64 = 0.35;

pub(super) fn point(x: f64, y: f64) -> String {
    format!("({},{})", num(x), num(y))
}

/// `\definecolor` lines collect here, named `s2ca`, `s2cb`, … in order of first use.
#[derive(Default)]
pub(super) struct Colours {
    pub(super) names: Vec<Rgb>,
}

impl Colours {
    pub(super) fn name(&mut self, colour: Rgb) -> String {
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
pub(super) fn alphabetic(mut index: usize) -> String {
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

/// The picture's geometry, in centimetres.
#[derive(Clone, Copy, Debug)]
pub(super) struct Geometry {
    /// One square.
    pub(super) unit: f64,
    /// The legend sits beside the board (else below it).
    pub(super) legend_beside: bool,
    /// The width and height of the legend.
    pub(super) legend: (f64, f64),
    /// The margins left of and above the board (row and column labels).
    pub(super) margins: (f64, f64),
}

impl Geometry {
    pub(super) fn of(scene: &Scene, square_cm: Option<f64>, width_cm: Option<f64>) -> Geometry {
        let (cols, rows) = (scene.region.cols() as f64, scene.region.rows() as f64);
        let widest = scene
            .legend
            .iter()
            .map(|entry| entry.text().len())
            .max()
            .unwrap_or(0);
        let legend = if scene.legend.is_empty() {
            (0.0, 0.0)
        } else {
            (
                1.2 * NATURAL_CM + LEGEND_CHAR_CM * widest as f64,
                LEGEND_LINE_CM * scene.legend.len() as f64 + 0.3,
            )
        };
        let margins = if scene.coordinates {
            (
                0.2 + LABEL_CHAR_CM * scene.row_label_width() / 0.6,
                0.2 + LABEL_HEIGHT_CM,
            )
        } else {
            (0.0, 0.0)
        };
        let legend_beside = rows > 2.0 * cols;
        let (beside, below) = if legend_beside {
            (legend.0 + 0.3, 0.0)
        } else {
            (0.0, legend.1 + 0.3)
        };
        let unit = match (width_cm, square_cm) {
            (Some(width), _) => ((width - margins.0 - beside) / cols).max(width / cols / 4.0),
            (None, Some(square)) => square,
            (None, None) => NATURAL_CM
                .min((TIKZ_FIT.0 - margins.0 - beside).max(TIKZ_FIT.0 / 2.0) / cols)
                .min((TIKZ_FIT.1 - margins.1 - below).max(TIKZ_FIT.1 / 2.0) / rows),
        };
        Geometry {
            unit,
            legend_beside,
            legend,
            margins,
        }
    }

    /// Nodes and line widths designed for a 0.7 cm square are scaled by this.
    pub(super) fn scale(&self) -> f64 {
        self.unit / NATURAL_CM
    }

    /// Board units of `cm` centimetres.
    pub(super) fn units(&self, cm: f64) -> f64 {
        cm / self.unit
    }

    /// The page (width, height) the picture needs, with a 0.5 cm border and 0.5 cm to
    /// spare (the label and legend sizes are estimates).
    pub(super) fn page(&self, scene: &Scene) -> (f64, f64) {
        let (board_w, board_h) = (
            scene.region.cols() as f64 * self.unit,
            scene.region.rows() as f64 * self.unit,
        );
        let (w, h) = if self.legend_beside {
            (board_w + 0.3 + self.legend.0, board_h.max(self.legend.1))
        } else {
            (board_w.max(self.legend.0), board_h + 0.3 + self.legend.1)
        };
        (w + self.margins.0 + 1.5, h + self.margins.1 + 1.5)
    }
}

/// Writes `pieces` as `\command[style]` statements of at most [`PATH_CHUNK`] pieces,
/// one piece per line.
pub(super) fn merged(
    out: &mut dyn Write,
    command: &str,
    style: &str,
    pieces: impl IntoIterator<Item = String>,
) -> io::Result<()> {
    let mut count = 0;
    for piece in pieces {
        if count == 0 {
            write!(out, "\\{command}[{style}]")?;
        }
        write!(out, "\n  {piece}")?;
        count += 1;
        if count == PATH_CHUNK {
            writeln!(out, ";")?;
            count = 0;
        }
    }
    if count > 0 {
        writeln!(out, ";")?;
    }
    Ok(())
}

/// A `size` × `size` square at `(x, y)`, as a path piece.
pub(super) fn square_piece(x: f64, y: f64, size: f64) -> String {
    format!("{} rectangle ++({},{})", point(x, y), num(size), num(size))
}
