//! The figure's geometry: margins, text scale, legend placement and the viewBox.

use crate::Scene;

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
