//! TikZ output of a [`Scene`]: a LaTeX document holding one `tikzpicture`, which stock
//! `pdflatex` compiles. The class is `standalone` when it is installed (the page is the
//! figure; a paper can `\input` the file through the `standalone` package), else `article`
//! with a page of the figure's size. The picture itself needs only `\usepackage{tikz}`.
//!
//! The picture uses `x=u, y=-u` for a square of `u` cm, so coordinates are the same board
//! units as the SVG (x to the right, y down, one unit per square). `u` is 0.7 cm, less
//! when the figure would not fit [`TIKZ_FIT`], or as asked
//! (`square_cm`, `width_cm`); glyphs, badges and line widths scale with it, margin labels
//! and the legend keep their printed size. Squares of one colour (tints, dots, schematic
//! boxes and wires) are merged into a few paths of at most [`PATH_CHUNK`] pieces each, so
//! the text TeX holds stays small.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, Write};

use super::colour::dot_colour;
use super::glyph::{self, Paint, Segment, Shape};
use super::svg::{
    BADGE, CAPTURE_DISC, CAPTURE_WIDTH, DOT, GLYPH_OFFSET, GLYPH_SCALE, WIRE_LINE,
    arrow_label_point, arrow_line, box_fill, caption_font, num, port_word, star, tag_width,
};
use super::{
    ArrowKind, GadgetClass, LegendEntry, Mark, RenderError, Rgb, Scene, TIKZ_FIT, palette,
};
use sat2chess_core::board::{PieceKind, Square};

/// The natural side of a square, in centimetres (glyphs and badges are designed for it).
pub(crate) const NATURAL_CM: f64 = 0.7;
/// Pieces (rectangles, lines) per merged path statement.
pub const PATH_CHUNK: usize = 64;
/// Printed sizes, in centimetres: the margin labels' font (`\scriptsize`) height and
/// width per character, and the legend's line height and width per character.
const LABEL_HEIGHT_CM: f64 = 0.3;
const LABEL_CHAR_CM: f64 = 0.15;
const LEGEND_LINE_CM: f64 = 0.5;
const LEGEND_CHAR_CM: f64 = 0.17;
/// A schematic of more boxes and wires than this is drawn as a raster of cells of
/// 0.05 cm (TeX's main memory holds about 40 000 path pieces).
pub const VECTOR_LIMIT: usize = 4000;
const RASTER_CM: f64 = 0.05;
/// Smallest printed caption of a schematic box, and the largest.
const CAPTION_MIN_CM: f64 = 0.12;
const CAPTION_MAX_CM: f64 = 0.35;

fn point(x: f64, y: f64) -> String {
    format!("({},{})", num(x), num(y))
}

/// A glyph point in square units.
fn glyph_point(x: f64, y: f64) -> String {
    point(
        GLYPH_OFFSET.0 + x * GLYPH_SCALE,
        GLYPH_OFFSET.1 + y * GLYPH_SCALE,
    )
}

fn pic_definition(kind: PieceKind) -> String {
    let mut code = String::new();
    for shape in glyph::shapes(kind) {
        let (style, path) = match shape {
            Shape::Outline(segments, paint) => {
                let mut path = String::new();
                for segment in segments {
                    let _ = match segment {
                        Segment::MoveTo(x, y) => write!(path, " {}", glyph_point(x, y)),
                        Segment::LineTo(x, y) => write!(path, " -- {}", glyph_point(x, y)),
                        Segment::CubicTo(a, b, c) => write!(
                            path,
                            " .. controls {} and {} .. {}",
                            glyph_point(a[0], a[1]),
                            glyph_point(b[0], b[1]),
                            glyph_point(c[0], c[1])
                        ),
                        Segment::Close => write!(path, " -- cycle"),
                    };
                }
                (paint, path)
            }
            Shape::Circle {
                centre,
                radius,
                paint,
            } => (
                paint,
                format!(
                    " {} circle ({})",
                    glyph_point(centre[0], centre[1]),
                    num(radius * GLYPH_SCALE)
                ),
            ),
        };
        let style = match style {
            Paint::Body => "s2c body",
            Paint::Detail => "s2c detail",
            Paint::Mark => "s2c mark",
        };
        let _ = write!(code, "\\path[{style}]{path};");
    }
    format!("  s2c {}/.pic={{{code}}},\n", kind.letter())
}

/// `\definecolor` lines collect here, named `s2ca`, `s2cb`, … in order of first use.
#[derive(Default)]
struct Colours {
    names: Vec<Rgb>,
}

impl Colours {
    fn name(&mut self, colour: Rgb) -> String {
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
fn alphabetic(mut index: usize) -> String {
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
struct Geometry {
    /// One square.
    unit: f64,
    /// The legend sits beside the board (else below it).
    legend_beside: bool,
    /// The width and height of the legend.
    legend: (f64, f64),
    /// The margins left of and above the board (row and column labels).
    margins: (f64, f64),
}

impl Geometry {
    fn of(scene: &Scene, square_cm: Option<f64>, width_cm: Option<f64>) -> Geometry {
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
    fn scale(&self) -> f64 {
        self.unit / NATURAL_CM
    }

    /// Board units of `cm` centimetres.
    fn units(&self, cm: f64) -> f64 {
        cm / self.unit
    }

    /// The page (width, height) the picture needs, with a 0.5 cm border and 0.5 cm to
    /// spare (the label and legend sizes are estimates).
    fn page(&self, scene: &Scene) -> (f64, f64) {
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
fn merged(
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
fn square_piece(x: f64, y: f64, size: f64) -> String {
    format!("{} rectangle ++({},{})", point(x, y), num(size), num(size))
}

fn mark(
    body: &mut dyn Write,
    colours: &mut Colours,
    cm: f64,
    kind: Mark,
    x: f64,
    y: f64,
) -> io::Result<()> {
    let frame = |body: &mut dyn Write, inset: f64, colour: &str, width: f64| {
        writeln!(
            body,
            "\\draw[{colour}, line width={}cm] {} rectangle {};",
            num(width * cm),
            point(x + inset, y + inset),
            point(x + 1.0 - inset, y + 1.0 - inset)
        )
    };
    match kind {
        Mark::LastMove => {
            let colour = colours.name(palette::LAST_MOVE);
            writeln!(
                body,
                "\\fill[{colour}, fill opacity=0.6] {} rectangle {};",
                point(x, y),
                point(x + 1.0, y + 1.0)
            )?;
        }
        Mark::Input | Mark::Output => {
            let colour = colours.name(palette::PORT);
            frame(body, 0.04, &colour, 0.06)?;
        }
        Mark::Final => {
            let colour = colours.name(palette::FINAL);
            frame(body, 0.06, &colour, 0.1)?;
            let points: Vec<String> = star(x + 0.8, y + 0.2, 0.15)
                .split(' ')
                .map(|p| format!("({p})"))
                .collect();
            writeln!(
                body,
                "\\filldraw[fill={colour}, draw=black, line width={}cm] {} -- cycle;",
                num(0.01 * cm),
                points.join(" -- ")
            )?;
        }
    }
    Ok(())
}

/// A port's word on a white box at the top-left corner of its square, over the glyph.
fn port_tag(
    body: &mut dyn Write,
    colours: &mut Colours,
    kind: Mark,
    x: f64,
    y: f64,
) -> io::Result<()> {
    let Some(word) = port_word(kind) else {
        return Ok(());
    };
    let colour = colours.name(palette::PORT);
    writeln!(
        body,
        "\\fill[white, fill opacity=0.9] {} rectangle ++({},0.24); \\node[s2c tag, text={colour}] at {} {{{word}}};",
        point(x + 0.06, y + 0.07),
        num(tag_width(word)),
        point(x + 0.09, y + 0.25)
    )
}

fn arrow(
    body: &mut dyn Write,
    colours: &mut Colours,
    cm: f64,
    arrow: &super::Arrow,
) -> io::Result<()> {
    let ((x1, y1), (x2, y2)) = arrow_line(arrow);
    let (colour, width, opacity) = match arrow.kind {
        ArrowKind::Flow => (palette::FLOW, 0.07, 0.6),
        ArrowKind::Capture { .. } => (palette::CAPTURE, CAPTURE_WIDTH, 0.9),
        ArrowKind::EmptyRay => (palette::EMPTY_RAY, 0.07, 0.9),
    };
    let colour = colours.name(colour);
    writeln!(
        body,
        "\\draw[{colour}, line width={}cm, -latex, line cap=round, opacity={opacity}] {} -- {};",
        num(width * cm),
        point(x1, y1),
        point(x2, y2)
    )
}

/// `first, first + 2, …` below `end` as a TikZ `\\foreach` list.
fn every_other(first: u32, end: u32) -> String {
    let last = first + (end - 1 - first) / 2 * 2;
    match (last - first) / 2 {
        0 => first.to_string(),
        1 => format!("{first},{last}"),
        _ => format!("{first},{},...,{last}", first + 2),
    }
}

/// The chequered squares (piece level).
fn chequer(scene: &Scene, colours: &mut Colours, out: &mut dyn Write) -> io::Result<()> {
    let region = scene.region;
    let (cols, rows) = (region.cols(), region.rows());
    let light = colours.name(palette::LIGHT);
    let dark = colours.name(palette::DARK);
    writeln!(
        out,
        "\\fill[{light}] (0,0) rectangle {};",
        point(cols as f64, rows as f64)
    )?;
    // Dark squares, (row + col) odd: one nested loop per row parity, so the text does
    // not grow with the board.
    for parity in 0..2u32.min(rows) {
        let first = (region.top % 2 + parity + region.left % 2 + 1) % 2;
        if first >= cols {
            continue;
        }
        writeln!(
            out,
            "\\foreach \\y in {{{}}} \\foreach \\x in {{{}}} \\fill[{dark}] (\\x,\\y) rectangle ++(1,1);",
            every_other(parity, rows),
            every_other(first, cols)
        )?;
    }
    Ok(())
}

/// The schematic: wires, boxes (merged per gadget class), captions, unlabelled pieces.
fn schematic(
    scene: &Scene,
    geometry: &Geometry,
    colours: &mut Colours,
    out: &mut dyn Write,
) -> io::Result<()> {
    let Some(plan) = &scene.schematic else {
        return Ok(());
    };
    let frame = colours.name(palette::MARGIN_TEXT);
    writeln!(
        out,
        "\\draw[{frame}, line width=0.3pt] (0,0) rectangle {};",
        point(scene.region.cols() as f64, scene.region.rows() as f64)
    )?;
    if plan.boxes.len() + plan.wires.len() > VECTOR_LIMIT {
        raster(scene, geometry, colours, out)?;
        return final_stars(scene, geometry, colours, out);
    }
    let wire = colours.name(WIRE_LINE);
    let mut widths: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for line in &plan.wires {
        widths
            .entry(num(line.width * geometry.unit))
            .or_default()
            .push(format!(
                "{} -- {}",
                point(line.from.0, line.from.1),
                point(line.to.0, line.to.1)
            ));
    }
    for (width, lines) in widths {
        merged(out, "draw", &format!("{wire}, line width={width}cm"), lines)?;
    }
    let mut classes: BTreeMap<GadgetClass, Vec<String>> = BTreeMap::new();
    for b in &plan.boxes {
        let (x, y) = scene.corner(Square::new(b.top, b.left));
        classes.entry(b.class).or_default().push(format!(
            "{} rectangle ++({},{})",
            point(x, y),
            b.right - b.left + 1,
            b.bottom - b.top + 1
        ));
    }
    for (class, rectangles) in classes {
        let fill = colours.name(box_fill(class));
        let draw = colours.name(class.colour());
        merged(
            out,
            "filldraw",
            &format!("fill={fill}, draw={draw}, line width=0.4pt"),
            rectangles,
        )?;
    }
    let (smallest, largest) = (
        geometry.units(CAPTION_MIN_CM),
        geometry.units(CAPTION_MAX_CM),
    );
    for b in plan.boxes.iter().filter(|b| b.class != GadgetClass::Wire) {
        let (x, y) = scene.corner(Square::new(b.top, b.left));
        let (w, h) = ((b.right - b.left + 1) as f64, (b.bottom - b.top + 1) as f64);
        if let Some(font) = caption_font(b.caption(), w, h, smallest) {
            // \sffamily at \normalsize is 10 pt, about 0.35 cm.
            let scale = font.min(largest) * geometry.unit / 0.35;
            writeln!(
                out,
                "\\node[font=\\sffamily, inner sep=0pt, scale={}] at {} {{{}}};",
                num(scale),
                point(x + w / 2.0, y + h / 2.0),
                b.caption()
            )?;
        }
    }
    if !plan.loose.is_empty() {
        let fill = colours.name(palette::DOT);
        let inset = (1.0 - DOT) / 2.0;
        merged(
            out,
            "fill",
            &fill,
            plan.loose.iter().map(|&square| {
                let (x, y) = scene.corner(square);
                square_piece(x + inset, y + inset, DOT)
            }),
        )?;
    }
    final_stars(scene, geometry, colours, out)
}

/// A schematic too large for TeX as vectors: a grid of cells of [`RASTER_CM`] (a few
/// squares each), each cell coloured by the most specific thing drawn on it (a gadget
/// box over a wire over an unlabelled piece), written as one rectangle per run of cells
/// of one colour in a grid row, merged per colour. Holds one byte per cell (at most
/// about 140 000 cells for a page).
fn raster(
    scene: &Scene,
    geometry: &Geometry,
    colours: &mut Colours,
    out: &mut dyn Write,
) -> io::Result<()> {
    let Some(plan) = &scene.schematic else {
        return Ok(());
    };
    let cell = geometry.units(RASTER_CM).ceil().max(1.0);
    let (cols, rows) = (scene.region.cols() as f64, scene.region.rows() as f64);
    let (grid_cols, grid_rows) = ((cols / cell).ceil() as usize, (rows / cell).ceil() as usize);
    let mut grid = vec![0u8; grid_cols * grid_rows];
    // Codes: 0 empty, 1 an unlabelled piece, 2 a wire, 3 + i gadget class i.
    let mut paint = |x0: f64, y0: f64, x1: f64, y1: f64, code: u8| {
        let span = |a: f64, b: f64, cells: usize| {
            let first = ((a / cell).floor().max(0.0) as usize).min(cells - 1);
            let last = ((b / cell).ceil() as usize).clamp(first + 1, cells);
            first..last
        };
        for row in span(y0, y1, grid_rows) {
            for col in span(x0, x1, grid_cols) {
                let slot = &mut grid[row * grid_cols + col];
                *slot = (*slot).max(code);
            }
        }
    };
    for &square in &plan.loose {
        let (x, y) = scene.corner(square);
        paint(x, y, x + 1.0, y + 1.0, 1);
    }
    for line in &plan.wires {
        let half = line.width / 2.0;
        let (x0, x1) = (line.from.0.min(line.to.0), line.from.0.max(line.to.0));
        let (y0, y1) = (line.from.1.min(line.to.1), line.from.1.max(line.to.1));
        paint(x0 - half, y0 - half, x1 + half, y1 + half, 2);
    }
    for b in &plan.boxes {
        let (x, y) = scene.corner(Square::new(b.top, b.left));
        let code = match b.class {
            GadgetClass::Wire => 2,
            class => {
                3 + GadgetClass::ALL
                    .iter()
                    .position(|&c| c == class)
                    .unwrap_or(0) as u8
            }
        };
        paint(
            x,
            y,
            x + (b.right - b.left + 1) as f64,
            y + (b.bottom - b.top + 1) as f64,
            code,
        );
    }
    let mut runs: BTreeMap<u8, Vec<String>> = BTreeMap::new();
    for (row, cells) in grid.chunks(grid_cols).enumerate() {
        let mut col = 0;
        while col < grid_cols {
            let code = cells[col];
            let start = col;
            while col < grid_cols && cells[col] == code {
                col += 1;
            }
            if code != 0 {
                let (x, y) = (start as f64 * cell, row as f64 * cell);
                let width = ((col - start) as f64 * cell).min(cols - x);
                let height = cell.min(rows - y);
                runs.entry(code).or_default().push(format!(
                    "{} rectangle ++({},{})",
                    point(x, y),
                    num(width),
                    num(height)
                ));
            }
        }
    }
    for (code, rectangles) in runs {
        let colour = match code {
            1 => palette::DOT,
            2 => WIRE_LINE,
            _ => GadgetClass::ALL[usize::from(code - 3)].colour(),
        };
        let fill = colours.name(colour);
        merged(out, "fill", &fill, rectangles)?;
    }
    Ok(())
}

/// The final square on a schematic: a star of 4 mm, inside the board.
fn final_stars(
    scene: &Scene,
    geometry: &Geometry,
    colours: &mut Colours,
    out: &mut dyn Write,
) -> io::Result<()> {
    for &(square, _) in &scene.marks {
        let (x, y) = scene.corner(square);
        let (w, h) = (scene.region.cols() as f64, scene.region.rows() as f64);
        let radius = geometry.units(0.2).min(0.5 * w.min(h));
        let points: Vec<String> = star(
            (x + 0.5).clamp(radius, w - radius),
            (y + 0.5).clamp(radius, h - radius),
            radius,
        )
        .split(' ')
        .map(|p| format!("({p})"))
        .collect();
        let colour = colours.name(palette::FINAL);
        writeln!(
            out,
            "\\filldraw[fill={colour}, draw=black, line width=0.3pt] {} -- cycle;",
            points.join(" -- ")
        )?;
    }
    Ok(())
}

/// The piece level: chequer, tints, marks, flow arrows, pieces (glyphs or dots), tags.
fn pieces(
    scene: &Scene,
    geometry: &Geometry,
    colours: &mut Colours,
    out: &mut dyn Write,
) -> Result<(), RenderError> {
    let cm = geometry.unit;
    chequer(scene, colours, out)?;
    if !scene.dots {
        let mut tints: BTreeMap<Rgb, Vec<Square>> = BTreeMap::new();
        scene.tints(&mut |square, class| {
            let base = if (square.row % 2 + square.col % 2) % 2 == 0 {
                palette::LIGHT
            } else {
                palette::DARK
            };
            tints
                .entry(base.mix(class.colour(), palette::TINT))
                .or_default()
                .push(square);
            Ok(())
        })?;
        for (colour, squares) in tints {
            let colour = colours.name(colour);
            merged(
                out,
                "fill",
                &colour,
                squares.into_iter().map(|square| {
                    let (x, y) = scene.corner(square);
                    square_piece(x, y, 1.0)
                }),
            )?;
        }
    }
    let (shades, frames): (Vec<_>, Vec<_>) = scene
        .marks
        .iter()
        .partition(|(_, kind)| *kind == Mark::LastMove);
    for &(square, kind) in shades.iter().chain(&frames) {
        let (x, y) = scene.corner(square);
        mark(out, colours, cm, kind, x, y)?;
    }
    if !scene.arrows.is_empty() {
        writeln!(out, "\\begin{{scope}}{}", clip(scene))?;
        for a in &scene.arrows {
            arrow(out, colours, cm, a)?;
        }
        writeln!(out, "\\end{{scope}}")?;
    }
    if scene.dots {
        let mut dots: BTreeMap<Rgb, Vec<Square>> = BTreeMap::new();
        scene.pieces(&mut |piece| {
            dots.entry(dot_colour(piece.class, piece.budget))
                .or_default()
                .push(piece.square);
            Ok(())
        })?;
        let inset = (1.0 - DOT) / 2.0;
        for (colour, squares) in dots {
            let fill = colours.name(colour);
            merged(
                out,
                "fill",
                &fill,
                squares.into_iter().map(|square| {
                    let (x, y) = scene.corner(square);
                    square_piece(x + inset, y + inset, DOT)
                }),
            )?;
        }
    } else {
        scene.pieces(&mut |piece| {
            let (x, y) = scene.corner(piece.square);
            let colour = if piece.budget == 0 { "black" } else { "white" };
            let (cx, cy, _) = BADGE;
            writeln!(
                out,
                "\\pic[s2c {colour}] at {} {{s2c {}}}; \\node[s2c badge] at {} {{{}}};",
                point(x, y),
                piece.kind.letter(),
                point(x + cx, y + cy),
                piece.budget
            )
        })?;
    }
    if !scene.rays.is_empty() {
        writeln!(out, "\\begin{{scope}}{}", clip(scene))?;
        for ray in &scene.rays {
            arrow(out, colours, cm, ray)?;
        }
        writeln!(out, "\\end{{scope}}")?;
    }
    for &(square, kind) in &frames {
        let (x, y) = scene.corner(square);
        port_tag(out, colours, kind, x, y)?;
    }
    Ok(())
}

/// `\clip` to the board.
fn clip(scene: &Scene) -> String {
    format!(
        "\\clip (0,0) rectangle {};",
        point(scene.region.cols() as f64, scene.region.rows() as f64)
    )
}

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

/// The legend, at its printed size: a scope of 0.7 cm units beside or below the board.
fn legend(
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
                let a = super::Arrow {
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
