//! TikZ output of a [`Scene`]: a LaTeX document holding one `tikzpicture`, which stock
//! `pdflatex` compiles. The class is `standalone` when it is installed (the page is the
//! figure; a paper can `\input` the file through the `standalone` package), else `article`
//! with a page of the figure's size. The picture itself needs only `\usepackage{tikz}`.
//!
//! The picture uses `x=u, y=-u` for a square of `u` cm, so coordinates are the same board
//! units as the SVG (x to the right, y down, one unit per square). `u` is 0.7 cm, less
//! when the figure would not fit [`TIKZ_FIT`](crate::TIKZ_FIT), or as asked
//! (`square_cm`, `width_cm`); glyphs, badges and line widths scale with it, margin labels
//! and the legend keep their printed size. Squares of one colour (tints, dots, schematic
//! boxes and wires) are merged into a few paths of at most [`PATH_CHUNK`] pieces each, so
//! the text TeX holds stays small.
//!
//! The parts are drawn by the submodules: shared sizes, colours and geometry (`base`), the
//! piece level (`board`), the schematic view (`schematic`) and the legend (`legend`); this
//! module writes the document, the picture's preamble and its body.

use std::fmt::Write as _;
use std::io::{self, Write};

mod base;
mod board;
mod legend;
mod schematic;

use super::svg::{BADGE, CAPTURE_DISC, arrow_label_point, num};
use super::{ArrowKind, RenderError, Scene, palette};
pub(crate) use base::NATURAL_CM;
use base::{Colours, Geometry, LABEL_CHAR_CM, LABEL_HEIGHT_CM, alphabetic, point};
pub use base::{PATH_CHUNK, VECTOR_LIMIT};
use board::{arrow, clip, pic_definition, pieces};
use legend::legend;
use schematic::schematic;

fn body(
    scene: &Scene,
    geometry: &Geometry,
    colours: &mut Colours,
    out: &mut dyn Write,
) -> Result<(), RenderError> {
    let region = scene.region;
    let (cols, rows) = (region.cols(), region.rows());
    let cm = geometry.unit;
    if scene.schematic.is_some() {
        schematic(scene, geometry, colours, out)?;
    } else {
        pieces(scene, geometry, colours, out)?;
    }
    if !scene.shown_moves.is_empty() {
        writeln!(out, "\\begin{{scope}}{}", clip(scene))?;
        for a in scene.captures() {
            if let ArrowKind::Capture { number } = a.kind {
                arrow(out, colours, cm, &a)?;
                let colour = colours.name(palette::CAPTURE);
                let (x, y) = arrow_label_point(&a);
                writeln!(
                    out,
                    "\\node[s2c number, fill={colour}] at {} {{{number}}};",
                    point(x, y)
                )?;
            }
        }
        writeln!(out, "\\end{{scope}}")?;
    }
    if scene.coordinates {
        let gap = geometry.units(0.1);
        let step = Scene::label_step(rows, geometry.units(1.2 * LABEL_HEIGHT_CM));
        for row in Scene::label_positions(region.top, region.bottom, step) {
            writeln!(
                out,
                "\\node[s2c coordinate, anchor=east] at {} {{{}}};",
                point(-gap, (row - region.top) as f64 + 0.5),
                scene.row_label(row)
            )?;
        }
        let width = geometry.units(LABEL_CHAR_CM * scene.col_label_width() / 0.6 + 0.1);
        let step = Scene::label_step(cols, width);
        for col in Scene::label_positions(region.left, region.right, step) {
            writeln!(
                out,
                "\\node[s2c coordinate, anchor=south] at {} {{{}}};",
                point((col - region.left) as f64 + 0.5, -gap / 2.0),
                scene.col_label(col)
            )?;
        }
    }
    if !scene.legend.is_empty() {
        legend(scene, geometry, colours, out)?;
    }
    Ok(())
}

/// Writes `scene` as a LaTeX document holding one `tikzpicture`, sized by `square_cm` or
/// `width_cm` (see the module documentation). The colours are defined before the drawing,
/// in the order the drawing first uses them: a first run of the drawing into nothing names
/// them, the second writes it (the pieces are read twice, and nothing is held).
pub fn write(
    scene: &Scene,
    square_cm: Option<f64>,
    width_cm: Option<f64>,
    out: &mut dyn Write,
) -> Result<(), RenderError> {
    let geometry = Geometry::of(scene, square_cm, width_cm);
    let region = scene.region;
    let comment = format!(
        "rows {}..{}, columns {}..{}; one square = {}cm",
        region.top,
        region.bottom,
        region.left,
        region.right,
        num(geometry.unit),
    );
    let mut out = io::BufWriter::with_capacity(1 << 20, out);
    out.write_all(document_start(&comment, geometry.page(scene)).as_bytes())?;
    picture(scene, &geometry, &[], &mut out)?;
    out.write_all(document_end().as_bytes())?;
    out.flush()?;
    Ok(())
}

/// The start of a figure's LaTeX document, up to `\begin{document}`: `comment` says what
/// it shows, `page` is the (width, height) in centimetres it needs when the standalone
/// class is missing.
pub(crate) fn document_start(comment: &str, (page_w, page_h): (f64, f64)) -> String {
    format!(
        "% sat2chess figure: {comment}.\n\
         % Compile with pdflatex, or \\input it in a paper through \\usepackage{{standalone}};\n\
         % the tikzpicture alone needs only \\usepackage{{tikz}}.\n\
         \\IfFileExists{{standalone.cls}}{{\\documentclass[border=5mm]{{standalone}}}}{{%\n\
         \x20 \\documentclass{{article}}\n\
         \x20 \\setlength{{\\paperwidth}}{{{w}cm}}\\setlength{{\\paperheight}}{{{h}cm}}\n\
         \x20 \\setlength{{\\pdfpagewidth}}{{\\paperwidth}}\\setlength{{\\pdfpageheight}}{{\\paperheight}}\n\
         \x20 \\setlength{{\\hoffset}}{{-1in}}\\setlength{{\\voffset}}{{-1in}}\n\
         \x20 \\setlength{{\\oddsidemargin}}{{5mm}}\\setlength{{\\topmargin}}{{5mm}}\n\
         \x20 \\setlength{{\\headheight}}{{0pt}}\\setlength{{\\headsep}}{{0pt}}\n\
         \x20 \\setlength{{\\textwidth}}{{{tw}cm}}\\setlength{{\\textheight}}{{{th}cm}}\n\
         \x20 \\AtBeginDocument{{\\pagestyle{{empty}}\\noindent}}}}\n\
         \\usepackage{{tikz}}\n\
         \\begin{{document}}\n",
        w = num(page_w),
        h = num(page_h),
        tw = num(page_w - 1.0),
        th = num(page_h - 1.0),
    )
}

/// The end of a figure's LaTeX document.
pub(crate) fn document_end() -> &'static str {
    "\\end{document}\n"
}

/// One square's side in centimetres and the (width, height) of the page the board
/// picture of `scene` needs.
pub(crate) fn board_size(
    scene: &Scene,
    square_cm: Option<f64>,
    width_cm: Option<f64>,
) -> (f64, (f64, f64)) {
    let geometry = Geometry::of(scene, square_cm, width_cm);
    (geometry.unit, geometry.page(scene))
}

/// Writes the board picture of `scene` (sized by `square_cm` or `width_cm`, see
/// [`write`]) alone, `\begin{tikzpicture}` to `\end{tikzpicture}`, with the TikZ
/// commands `extra` drawn last (in board squares, the board's top-left corner at the
/// origin, y downward).
pub(crate) fn board_picture(
    scene: &Scene,
    square_cm: Option<f64>,
    width_cm: Option<f64>,
    extra: &[u8],
    out: &mut dyn Write,
) -> Result<(), RenderError> {
    picture(scene, &Geometry::of(scene, square_cm, width_cm), extra, out)
}

fn picture(
    scene: &Scene,
    geometry: &Geometry,
    extra: &[u8],
    out: &mut dyn Write,
) -> Result<(), RenderError> {
    let mut colours = Colours::default();
    body(scene, geometry, &mut colours, &mut io::sink())?;
    let mut text = String::with_capacity(4096);
    let (_, _, r) = BADGE;
    let k = geometry.scale();
    let line = num(0.4 * k);
    let _ = write!(
        text,
        "\\begin{{tikzpicture}}[x={u}cm, y=-{u}cm,\n\
         \x20 s2c white/.style={{s2c body/.style={{fill=white, draw=black, line width={line}pt, line join=round}},\n\
         \x20   s2c detail/.style={{draw=black, line width={line}pt, line cap=round}}, s2c mark/.style={{fill=black}}}},\n\
         \x20 s2c black/.style={{s2c body/.style={{fill=black!90, draw=black, line width={line}pt, line join=round}},\n\
         \x20   s2c detail/.style={{draw=white, line width={line}pt, line cap=round}}, s2c mark/.style={{fill=white}}}},\n\
         \x20 s2c badge/.style={{circle, fill=white, draw=black, line width={badge_line}pt, inner sep=0pt,\n\
         \x20   minimum size={badge}cm, font=\\sffamily\\bfseries\\tiny, scale={k}}},\n\
         \x20 s2c number/.style={{circle, text=white, inner sep=0pt, minimum size={disc}cm, font=\\sffamily\\bfseries\\tiny, scale={k}}},\n\
         \x20 s2c tag/.style={{anchor=base west, inner sep=0pt, font=\\sffamily\\bfseries\\tiny, scale={k}}},\n\
         \x20 s2c coordinate/.style={{font=\\sffamily\\scriptsize, text=black!65, inner sep=1pt}},\n",
        u = unit_cm(geometry.unit),
        badge_line = num(0.3 * k),
        badge = num(2.0 * r * NATURAL_CM),
        disc = num(2.0 * CAPTURE_DISC * NATURAL_CM),
        k = num(k),
    );
    if !scene.dots && scene.schematic.is_none() {
        for &kind in &scene.kinds {
            text.push_str(&pic_definition(kind));
        }
    }
    text.push_str("]\n");
    for (index, colour) in colours.names.iter().enumerate() {
        let _ = writeln!(
            text,
            "\\definecolor{{s2c{}}}{{HTML}}{{{}}}",
            alphabetic(index),
            colour.hex()
        );
    }
    out.write_all(text.as_bytes())?;
    body(scene, geometry, &mut colours, out)?;
    out.write_all(extra)?;
    out.write_all(b"\\end{tikzpicture}\n")?;
    Ok(())
}

/// The square's side for the picture's `x`/`y` keys: to the micrometre, since the page is
/// sized from the exact unit (three decimals would round 0.0018 cm up to 0.002 cm and a
/// 12,573-row board would overflow its page by 2.5 cm).
fn unit_cm(unit: f64) -> String {
    let text = format!("{unit:.6}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}
