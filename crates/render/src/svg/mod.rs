//! SVG output of a [`Scene`], built with the `svg` crate. One unit of user space is one
//! square; glyphs live once in `<defs>` and every piece is a `<use>`; in the dot style all
//! pieces of one colour are a single path of zero-length round-capped strokes, and square
//! tints one path per colour, so the element count does not grow with the board.
//!
//! The parts are drawn by the submodules: the geometry (`layout`), the `<defs>`, tints and
//! pieces (`pieces`), marks and arrows (`marks`), the schematic view (`schematic`) and the
//! margins (`legend`); this module assembles the document.

use std::io::{self, Write};

use svg::Node;
use svg::node::element::{Element, Group, Rectangle};

mod layout;
mod legend;
mod marks;
mod pieces;
mod schematic;

use super::xml::Streamed;
pub(crate) use super::xml::num;
use super::{Mark, RenderError, Scene, palette};
pub(crate) use layout::Layout;
use legend::{coordinates, legend};
pub(crate) use marks::{
    CAPTURE_DISC, CAPTURE_FONT, CAPTURE_WIDTH, arrow_label_point, arrow_line, baseline,
    capture_label, port_word, star, tag_width,
};
use marks::{arrow_line_element, arrows, mark, port_tag};
pub use pieces::Flavour;
pub(crate) use pieces::{BADGE, DOT, GLYPH_OFFSET, GLYPH_SCALE};
use pieces::{definitions, dots, glyphs, tints};
pub(crate) use schematic::{WIRE_LINE, box_fill, caption_font};
use schematic::{final_star, schematic};

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
