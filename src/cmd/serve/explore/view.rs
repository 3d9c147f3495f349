//! The view of a region of a board at a step: an SVG of its pieces or of the gadget
//! schematic, or a coarse overview of the gadgets when the region holds too many pieces.

use anyhow::{Context as _, Result, bail};
use sat2chess::board::Square;
use sat2chess::check::{Replay, ReplayBuilder};
use sat2chess::io::json::PieceRecord;
use sat2chess::render::{
    self, Detail, GadgetClass, PieceSource, Region, RenderError, RenderOptions, SCHEMATIC_SIDE,
    Scene,
};
use sat2chess::rules::Variant;
use serde::{Deserialize, Serialize};

use super::super::exchange::as_array;
use super::board::{Explored, Pieces};

/// Above this many pieces in the region the view is an overview (the squares' gadget
/// colours on a coarse grid) instead of the schematic, whose boxes and lines would make
/// too large a page.
const SCHEMATIC_PIECES: usize = 200_000;

/// Cells along the longer side of an overview.
const OVERVIEW_CELLS: u32 = 256;

/// Some pieces of a board at a step, with the board's extent and labels: what a view
/// of a region draws (the pieces in it and those the moves shown take part in).
struct Cropped<'a> {
    pieces: &'a Pieces,
    /// Index, square and budget of each piece kept.
    kept: Vec<(u32, Square, u32)>,
}

impl PieceSource for Cropped<'_> {
    fn extent(&self) -> (u32, u32) {
        self.pieces.extent
    }

    fn read(&self, sink: &mut dyn FnMut(PieceRecord<'_>)) -> Result<(), RenderError> {
        for &(piece, square, budget) in &self.kept {
            sink(PieceRecord {
                kind: self.pieces.kinds[piece as usize],
                square,
                budget,
                label: self.pieces.label(piece as usize),
            });
        }
        Ok(())
    }

    fn replay(&self) -> Result<Replay, RenderError> {
        let mut builder = ReplayBuilder::default();
        for &(piece, square, budget) in &self.kept {
            builder.push(self.pieces.kinds[piece as usize], square, budget);
        }
        let (rows, cols) = self.pieces.extent;
        Ok(builder
            .finish(rows, cols, Variant::Standard)
            .expect("pieces of a checked position"))
    }
}

/// A region of a board at a step of its certificate.
#[derive(Deserialize)]
pub(crate) struct ViewQuery {
    top: u32,
    left: u32,
    bottom: u32,
    right: u32,
    #[serde(default)]
    step: usize,
}

/// What the page draws for a region.
#[derive(Serialize)]
pub(crate) struct View {
    /// `pieces`, `schematic` or `overview`.
    detail: &'static str,
    /// The region drawn (the one asked for, clipped to the board).
    region: [u32; 4],
    /// The SVG of the region (`pieces`, `schematic`), in board units from the region's
    /// top-left corner.
    svg: Option<String>,
    /// The overview: rows of characters, one a cell of `cell`×`cell` squares: `.`
    /// empty, else the index (`0`, `1`, …) in `colours` of the cell's colour (see
    /// [`overview`]).
    overview: Option<Overview>,
    /// Pieces in the region (at the step).
    visible: usize,
    /// The move played last (`step` > 0) and the move to come, as `[from row, from
    /// col, to row, to col]`.
    last: Option<[u32; 4]>,
    next: Option<[u32; 4]>,
}

#[derive(Serialize)]
pub(super) struct Overview {
    cell: u32,
    rows: Vec<String>,
    colours: Vec<String>,
}

/// The view of `query`'s region of `board`.
pub(super) fn draw(board: &Explored, query: &ViewQuery) -> Result<View> {
    let (rows, cols) = board.pieces.extent;
    let region = Region {
        top: query.top.clamp(1, rows),
        left: query.left.clamp(1, cols),
        bottom: query.bottom.clamp(1, rows),
        right: query.right.clamp(1, cols),
    };
    if region.top > region.bottom || region.left > region.right {
        bail!(
            "the region {},{},{},{} is empty",
            query.top,
            query.left,
            query.bottom,
            query.right
        );
    }
    let step = query.step;
    if step > board.moves.len() {
        bail!(
            "step {step} is beyond the end of the {}-move certificate",
            board.moves.len()
        );
    }
    let in_region = board
        .pieces
        .squares
        .iter()
        .filter(|&&square| region.contains(square))
        .count();
    let move_at = |index: usize| board.moves.get(index).map(|&mv| as_array(mv));
    let mut view = View {
        detail: "pieces",
        region: [region.top, region.left, region.bottom, region.right],
        svg: None,
        overview: None,
        visible: in_region,
        last: step.checked_sub(1).and_then(move_at),
        next: move_at(step),
    };
    let schematic = region.rows().max(region.cols()) > SCHEMATIC_SIDE;
    if schematic && in_region > SCHEMATIC_PIECES {
        view.detail = "overview";
        view.overview = Some(overview(&board.pieces, region));
        return Ok(view);
    }
    let options = RenderOptions {
        region: Some(region),
        coordinates: false,
        gadgets: true,
        detail: if schematic {
            Detail::Schematic
        } else {
            Detail::Pieces
        },
        ..RenderOptions::default()
    };
    let mut svg = Vec::new();
    let scene;
    let cropped;
    if schematic {
        // The gadgets stay where they were built: a schematic is of the initial board.
        scene = Scene::build(&board.pieces, &[], &options)?;
    } else {
        // The position before the last move (none at step 0), the pieces in the region
        // and those of the move played last and the move to come: the scene replays
        // these two moves and shows the last shaded, the next as an arrow.
        let first = step.saturating_sub(1);
        let shown = first..board.moves.len().min(step + 1);
        let mut cursor = board.cursor.lock().unwrap_or_else(|e| e.into_inner());
        cursor.seek(first, board);
        let movers: Vec<u32> = shown
            .clone()
            .flat_map(|index| [board.captures[index].0, board.captures[index].1])
            .collect();
        let kept = (0..board.pieces.squares.len() as u32)
            .filter(|&piece| {
                cursor.left[piece as usize]
                    && (region.contains(cursor.squares[piece as usize]) || movers.contains(&piece))
            })
            .map(|piece| {
                (
                    piece,
                    cursor.squares[piece as usize],
                    cursor.budgets[piece as usize],
                )
            })
            .collect();
        drop(cursor);
        cropped = Cropped {
            pieces: &board.pieces,
            kept,
        };
        let options = RenderOptions {
            step: Some(step - first),
            ..options
        };
        scene = Scene::build(&cropped, &board.moves[shown], &options)?;
    }
    render::svg::write(&scene, &mut svg)?;
    view.detail = if scene.schematic.is_some() {
        "schematic"
    } else {
        "pieces"
    };
    view.visible = scene.visible;
    view.svg = Some(String::from_utf8(svg).context("the SVG writer wrote UTF-8")?);
    Ok(view)
}

/// The colour of each cell of a coarse grid over `region`: the commonest gadget class of
/// its pieces other than wires, else wires, else unlabelled pieces.
fn overview(pieces: &Pieces, region: Region) -> Overview {
    let cell = region
        .rows()
        .max(region.cols())
        .div_ceil(OVERVIEW_CELLS)
        .max(1);
    let (height, width) = (region.rows().div_ceil(cell), region.cols().div_ceil(cell));
    // Counts per class: the gadget classes, then unlabelled pieces.
    let unlabelled = GadgetClass::ALL.len();
    let classes = unlabelled + 1;
    let wire = GadgetClass::ALL
        .iter()
        .position(|&class| class == GadgetClass::Wire)
        .expect("wires are a class");
    let mut counts = vec![0u32; (height * width) as usize * classes];
    for piece in 0..pieces.squares.len() {
        let square = pieces.squares[piece];
        if !region.contains(square) {
            continue;
        }
        let class = pieces
            .label(piece)
            .and_then(|label| label.split_whitespace().next())
            .map_or(unlabelled, |head| {
                let kind = head.split_once('#').map_or(head, |(kind, _)| kind);
                GadgetClass::ALL
                    .iter()
                    .position(|&class| class == GadgetClass::of(kind))
                    .expect("every kind has a class")
            });
        let (r, c) = (
            (square.row - region.top) / cell,
            (square.col - region.left) / cell,
        );
        counts[((r * width + c) as usize) * classes + class] += 1;
    }
    let rows = (0..height)
        .map(|r| {
            (0..width)
                .map(|c| {
                    let cell = &counts[((r * width + c) as usize) * classes..][..classes];
                    // Wires are everywhere: a gadget in the cell shows over them.
                    let gadget = (0..unlabelled)
                        .filter(|&class| class != wire && cell[class] > 0)
                        .max_by_key(|&class| (cell[class], std::cmp::Reverse(class)));
                    gadget
                        .or_else(|| [wire, unlabelled].into_iter().find(|&c| cell[c] > 0))
                        .map_or('.', |class| {
                            // One base-36 digit per cell: up to 36 colours.
                            char::from_digit(class as u32, 36).expect("at most 36 classes")
                        })
                })
                .collect()
        })
        .collect();
    let mut colours: Vec<String> = GadgetClass::ALL
        .iter()
        .map(|class| class.colour().to_string())
        .collect();
    colours.push(sat2chess::render::palette::DOT.to_string());
    Overview {
        cell,
        rows,
        colours,
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use sat2chess::board::PieceKind;

    use super::*;

    #[test]
    fn an_overview_shows_gadgets_over_wires() {
        let mut pieces = Pieces {
            extent: (1000, 1000),
            ..Pieces::default()
        };
        let mut labels = HashMap::new();
        for (row, col, label) in [
            (1, 1, Some("wire flow=E")),
            (1, 2, Some("wire flow=E")),
            (2, 2, Some("and#1")),
            (9, 9, Some("corner#4")),
            (600, 600, None),
        ] {
            let record = PieceRecord {
                kind: PieceKind::King,
                square: Square::new(row, col),
                budget: 2,
                label,
            };
            pieces.push(record, &mut labels);
        }
        let whole = Region {
            top: 1,
            left: 1,
            bottom: 1000,
            right: 1000,
        };
        let view = overview(&pieces, whole);
        assert_eq!(view.cell, 4);
        assert_eq!(view.rows.len(), 250);
        let colour = |row: usize, col: usize| {
            let digit = char::from(view.rows[row].as_bytes()[col]);
            let index = digit.to_digit(36).map(|index| index as usize);
            index.map(|index| view.colours[index].clone())
        };
        assert_eq!(colour(0, 0), Some(GadgetClass::And.colour().to_string()));
        assert_eq!(colour(2, 2), Some(GadgetClass::Wire.colour().to_string()));
        assert_eq!(colour(149, 149), Some(render::palette::DOT.to_string()));
        let filled = view
            .rows
            .iter()
            .flat_map(|row| row.bytes())
            .filter(|&b| b != b'.');
        assert_eq!(filled.count(), 3);
    }
}
