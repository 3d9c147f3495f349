//! From a layout to a board: each layout tile gets the backend's design and symmetry
//! ([`Backend::tile_design`]), tile rows and columns are sized by the reach of their
//! tiles, every design is built in its tile's canonical frame and mapped onto the board,
//! the whole board is checked ([`super::contacts`]), and the elements are stamped as
//! labelled pieces with their statistics.

use std::collections::BTreeMap;

use crate::board::{Board, Piece};
use crate::formula::Var;
use crate::label::GadgetLabel;
use crate::layout::{Layout, NodeKind, Tile};

use super::contacts::{attack_steps, check_contacts, components};
use super::element::{Element, Library, Role};
use super::geometry::{Frame, Reach, map_point, to_square};
use super::tileset::Tileset;
use super::{Backend, BackendError, CompiledBoard};

/// Size figures of a compiled board (`compile --stats`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardStats {
    /// What every piece is (the backend's piece).
    pub piece: crate::board::PieceKind,
    pub pieces: usize,
    pub rows: u32,
    pub cols: u32,
    /// The smallest and the largest tile side in board squares (tile rows and columns
    /// are as high and wide as their tiles need).
    pub tile_sides: (u32, u32),
    /// Wire crossings of the layout.
    pub crossings: usize,
    /// Stamped gadgets per kind (`wire column` counts single wire columns).
    pub gadgets: BTreeMap<String, usize>,
}

impl std::fmt::Display for BoardStats {
    /// `N kings, R rows × C cols (tile sides a–b squares), X crossings`, then one line per
    /// gadget kind.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "{} {}s, {} rows × {} cols (tile sides {}–{} squares), {} crossings",
            self.pieces,
            self.piece.name(),
            self.rows,
            self.cols,
            self.tile_sides.0,
            self.tile_sides.1,
            self.crossings
        )?;
        for (kind, count) in &self.gadgets {
            writeln!(f, "{kind:>20}: {count}")?;
        }
        Ok(())
    }
}

/// Compiles a validated layout of an And-Or formula with `num_vars` variables into a
/// board of `backend`'s pieces (thesis Theorem 5.15 for the King).
pub fn compile<B: Backend>(
    backend: B,
    layout: &Layout,
    num_vars: usize,
) -> Result<CompiledBoard<B>, BackendError> {
    let library = Library {
        gadgets: backend.library()?,
    };
    let mut tileset = Tileset::new(&backend, &library)?;
    let mut placements = Vec::new();
    for (at, tile) in layout.tiles() {
        let (design, symmetry) = backend
            .tile_design(layout, tile)
            .map_err(|reason| BackendError::UnsupportedTile { at, reason })?;
        let var: Option<Var> = match tile {
            Tile::Gadget { node } => match layout.nodes[node].kind {
                NodeKind::Variable { var, .. } => Some(var),
                _ => None,
            },
            _ => None,
        };
        placements.push((at, design, symmetry, var));
    }
    // Every tile row (column) is as high (wide) as its tiles need; its wires run in the
    // same band of every tile in it.
    let least = Reach::uniform(B::MARGIN + B::WIRE_HALO);
    let mut row_reach = vec![least; layout.rows as usize];
    let mut col_reach = vec![least; layout.cols as usize];
    for &(at, design, symmetry, _) in &placements {
        let reach = tileset.reach[&design].transformed(symmetry);
        let row = &mut row_reach[at.row as usize];
        *row = row.max(reach);
        let col = &mut col_reach[at.col as usize];
        *col = col.max(reach);
    }
    let starts = |sizes: &[i64]| -> Vec<i64> {
        sizes
            .iter()
            .scan(0i64, |next, &size| {
                let start = *next;
                *next += size;
                Some(start)
            })
            .collect()
    };
    let parity = B::SIDE_PARITY;
    let side = |before: i64, after: i64| parity.side(parity.band(before) + 2 + after);
    let heights: Vec<i64> = row_reach.iter().map(|r| side(r.up, r.down)).collect();
    let widths: Vec<i64> = col_reach.iter().map(|r| side(r.left, r.right)).collect();
    let (row_starts, col_starts) = (starts(&heights), starts(&widths));
    let max = i64::from(u32::MAX / 2);
    let (total_rows, total_cols) = (heights.iter().sum::<i64>(), widths.iter().sum::<i64>());
    if total_rows.max(total_cols) > max {
        return Err(BackendError::TooLarge { max });
    }
    let mut elements = Vec::new();
    for &(at, design, symmetry, var) in &placements {
        let (row, col) = (at.row as usize, at.col as usize);
        let tile = Frame {
            rows: heights[row],
            cols: widths[col],
            band_row: parity.band(row_reach[row].up),
            band_col: parity.band(col_reach[col].left),
            colour: 0,
        };
        let origin = (row_starts[row], col_starts[col]);
        let mut canonical = tile.canonical(symmetry);
        if B::SIDE_PARITY != super::SideParity::Any {
            let corner = map_point(symmetry, (0, 0), tile.rows, tile.cols, origin);
            canonical.colour = ((corner.0 + corner.1) % 2) as u8;
        }
        for e in tileset.elements(design, canonical)? {
            let mut e = e.mapped(&backend, symmetry, tile, origin);
            if let (Some(v), Role::Variable { var, .. }) = (var, &mut e.role) {
                *var = v;
            }
            elements.push(e);
        }
    }
    let owner = check_contacts::<B>(&elements, true)?;
    let parts = components(&owner, attack_steps::<B>()?);
    if parts != 1 {
        return Err(BackendError::Disconnected { components: parts });
    }
    let (pieces, gadget_counts) = stamp::<B>(&library, &elements);
    let side = |v: i64| u32::try_from(v).map_err(|_| BackendError::TooLarge { max });
    let (rows, cols) = (side(total_rows)?, side(total_cols)?);
    let board = Board::new(rows, cols, pieces)?;
    let smallest = heights.iter().chain(&widths).copied().min().unwrap_or(0);
    let largest = heights.iter().chain(&widths).copied().max().unwrap_or(0);
    let stats = BoardStats {
        piece: B::PIECE,
        pieces: board.len(),
        rows,
        cols,
        tile_sides: (side(smallest)?, side(largest)?),
        crossings: layout.stats().crossings,
        gadgets: gadget_counts,
    };
    Ok(CompiledBoard {
        board,
        stats,
        elements,
        num_vars,
        library,
        backend,
    })
}

/// The labelled pieces and the count per gadget kind.
fn stamp<B: Backend>(
    library: &Library,
    elements: &[Element],
) -> (Vec<Piece>, BTreeMap<String, usize>) {
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    let mut pieces = Vec::with_capacity(elements.iter().map(|e| e.pieces.len()).sum());
    for e in elements {
        let kind = library.kind_name(e);
        let stat_name = if e.gadget.is_none() {
            "wire column".to_owned()
        } else {
            kind.clone()
        };
        let count = counts.entry(stat_name).or_default();
        *count += 1;
        let mut label = GadgetLabel::new(kind);
        if e.gadget.is_some() {
            label.instance = Some(*count as u32);
        }
        label.flow = e.flow;
        for &(p, budget) in &e.pieces {
            let mut label = label.clone();
            label.final_square =
                matches!(e.role, Role::OneTest { final_square } if final_square == p);
            let mut piece = Piece::new(B::PIECE, to_square(p), budget);
            piece.label = Some(label.to_string());
            pieces.push(piece);
        }
    }
    (pieces, counts)
}
