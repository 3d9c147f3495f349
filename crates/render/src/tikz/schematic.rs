//! The schematic view: wires, gadget boxes and captions as vectors, or a raster when
//! there are too many for TeX, and the final square's star.

use std::collections::BTreeMap;
use std::io::{self, Write};

use super::base::{
    CAPTION_MAX_CM, CAPTION_MIN_CM, Colours, Geometry, RASTER_CM, VECTOR_LIMIT, merged, point,
    square_piece,
};
use crate::svg::{DOT, WIRE_LINE, box_fill, caption_font, num, star};
use crate::{GadgetClass, Scene, palette};
use sat2chess_core::board::Square;

/// The schematic: wires, boxes (merged per gadget class), captions, unlabelled pieces.
pub(super) fn schematic(
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
