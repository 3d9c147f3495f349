//! A compile plan: which design and symmetry each layout tile gets, how high and wide
//! every tile row and column is, and each distinct (design, frame) built once. The board
//! is never held as a whole: a tile's elements are mapped from its built design when
//! they are needed ([`Plan::tile_elements`], [`Plan::for_each_piece`]), so compiling,
//! checking and certifying hold a few tile rows at a time (issue 14 §1), and the exact
//! board statistics are known before the first piece is written.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use rustc_hash::FxHashMap;

use crate::gadgets::Symmetry;
use crate::layout::{Layout, NodeKind, Tile, TilePos};
use sat2chess_core::board::Square;
use sat2chess_core::formula::Var;
use sat2chess_core::label::{Direction, GadgetLabel};

use super::element::{Element, Library, Role};
use super::geometry::{Column, Frame, P, Reach, SideParity, map_point, to_square};
use super::rows::{RowSizes, SizedTile};
use super::tileset::Tileset;
use super::{Backend, BackendError};

/// Size figures of a compiled board (`compile --stats`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardStats {
    /// What every piece is (the backend's piece).
    pub piece: sat2chess_core::board::PieceKind,
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

/// One layout tile as the plan places it.
#[derive(Clone, Copy, Debug)]
struct PlannedTile {
    at: TilePos,
    /// Index into [`Plan::designs`].
    built: u32,
    symmetry: Symmetry,
    /// The formula variable of a variable gadget's tile.
    var: Option<Var>,
    /// The first board row of the tile's frame (0-based) and its height.
    top: u32,
    height: u32,
    /// The board row of its run's band ([`RowSizes`]).
    band: u32,
    /// A vertical wire tile stretched to its frame ([`RowSizes`]).
    stretches: bool,
}

/// Which of a tile's West and East sides a wire crosses (a crossing: both).
#[derive(Clone, Copy, Debug)]
struct Sideways {
    west: bool,
    east: bool,
}

fn sideways(layout: &Layout, tile: &Tile) -> Sideways {
    use Direction::{East, West};
    match *tile {
        Tile::Wire { flow } => {
            let across = matches!(flow, East | West);
            Sideways {
                west: across,
                east: across,
            }
        }
        Tile::Corner { from, to } => Sideways {
            west: from == West || to == West,
            east: from == East || to == East,
        },
        Tile::Crossing { .. } => Sideways {
            west: true,
            east: true,
        },
        Tile::Gadget { node } => {
            let sides = layout.nodes[node].kind.sides();
            Sideways {
                west: sides.contains(&West),
                east: sides.contains(&East),
            }
        }
    }
}

/// The statistics name of a single wire column (labelled `wire`).
const WIRE_COLUMN: &str = "wire column";

/// What one element of a built design is called in labels and statistics.
#[derive(Clone, Copy, Debug)]
struct KindId(u32);

/// A sized tile grid with its built designs (see the module doc).
pub struct Plan<B: Backend> {
    pub(super) backend: B,
    pub(super) library: Library,
    pub(super) num_vars: usize,
    /// Every distinct (design, canonical frame) the layout needs, built once.
    designs: Vec<Vec<Element>>,
    /// Per built design, the kind of each element.
    kinds: Vec<Vec<KindId>>,
    /// Kind names, indexed by [`KindId`].
    kind_names: Vec<String>,
    /// Used tiles, row-major.
    tiles: Vec<PlannedTile>,
    widths: Vec<i64>,
    col_starts: Vec<i64>,
    band_cols: Vec<i64>,
    /// The board's exact statistics (computed from the built designs).
    pub stats: BoardStats,
}

/// The labels of a board's pieces, element by element: gadget instances are numbered per
/// kind in board order.
pub struct Labeller {
    counts: Vec<usize>,
}

impl<B: Backend> Plan<B> {
    /// Plans a validated layout of an And-Or formula with `num_vars` variables.
    pub fn new(backend: B, layout: &Layout, num_vars: usize) -> Result<Plan<B>, BackendError> {
        let library = Library::new(backend.library()?);
        let tileset = Tileset::new(&backend, &library)?;
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
            let stretches = matches!(
                tile,
                Tile::Wire {
                    flow: Direction::North | Direction::South
                }
            );
            placements.push((
                at,
                design,
                symmetry,
                var,
                stretches,
                sideways(layout, &tile),
            ));
        }
        // Every tile column is as wide as its tiles need, and rows are compacted around
        // stretching vertical wires ([`RowSizes`]); a row's or column's wires run in the
        // same band of every tile in it. A tile keeps its margin toward its upper and
        // left neighbours and drops the shared margin toward its lower and right ones
        // where its gadgets allow ([`Backend::SHARED_MARGIN`]).
        let shared = B::SHARED_MARGIN;
        let least = Reach {
            down: B::MARGIN + B::WIRE_HALO - shared,
            right: B::MARGIN + B::WIRE_HALO - shared,
            ..Reach::uniform(B::MARGIN + B::WIRE_HALO)
        };
        let on_board = |design, symmetry| {
            let reach: Reach = tileset.reach_on_board(design, symmetry);
            let drop = tileset.shareable_on_board(design, symmetry);
            Reach {
                down: reach.down - drop.down,
                right: reach.right - drop.right,
                ..reach
            }
        };
        let mut col_reach = vec![least; layout.cols as usize];
        let mut sized = Vec::with_capacity(placements.len());
        let mut before: Option<(TilePos, Sideways)> = None;
        for &(at, design, symmetry, _, stretches, sides) in &placements {
            let reach = on_board(design, symmetry).max(least);
            let col = &mut col_reach[at.col as usize];
            *col = col.max(reach);
            let joins_left = before.is_some_and(|(left, left_sides)| {
                left.row == at.row && left.col + 1 == at.col && left_sides.east && sides.west
            });
            before = Some((at, sides));
            sized.push(SizedTile {
                at,
                up: reach.up,
                down: reach.down,
                stretches,
                joins_left,
            });
        }
        let parity = B::SIDE_PARITY;
        let rows = RowSizes::compacted(
            &sized,
            layout.rows as usize,
            layout.cols as usize,
            least,
            parity,
        );
        drop(sized);
        let side = |before: i64, after: i64| parity.side(parity.band(before) + 2 + after);
        let max = i64::from(u32::MAX / 2);
        let widths: Vec<i64> = col_reach.iter().map(|r| side(r.left, r.right)).collect();
        let col_starts = widths
            .iter()
            .scan(0i64, |next, &size| {
                let start = *next;
                *next += size;
                Some(start)
            })
            .collect();
        let (total_rows, total_cols) = (rows.total, widths.iter().sum::<i64>());
        if total_rows.max(total_cols) > max {
            return Err(BackendError::TooLarge { max });
        }
        let mut plan = Plan {
            num_vars,
            designs: Vec::new(),
            kinds: Vec::new(),
            kind_names: Vec::new(),
            tiles: Vec::with_capacity(placements.len()),
            col_starts,
            widths,
            band_cols: col_reach.iter().map(|r| parity.band(r.left)).collect(),
            stats: BoardStats {
                piece: B::PIECE,
                pieces: 0,
                rows: 0,
                cols: 0,
                tile_sides: (0, 0),
                crossings: layout.stats().crossings,
                gadgets: BTreeMap::new(),
            },
            backend: backend.clone(),
            library: library.clone(),
        };
        let mut built: FxHashMap<(B::Design, Frame, Reach), u32> = FxHashMap::default();
        for ((at, design, symmetry, var, stretches, _), ((top, height), band)) in placements
            .into_iter()
            .zip(rows.frames.into_iter().zip(rows.bands))
        {
            let mut tile = PlannedTile {
                at,
                built: 0,
                symmetry,
                var,
                top: side_u32(top)?,
                height: side_u32(height)?,
                band: side_u32(band)?,
                stretches,
            };
            let (frame, origin) = plan.frame(&tile);
            let mut canonical = frame.canonical(symmetry);
            if B::SIDE_PARITY != SideParity::Any {
                let corner = map_point(symmetry, (0, 0), frame.rows, frame.cols, origin);
                canonical.colour = ((corner.0 + corner.1) % 2) as u8;
            }
            // The margin lines the tile's frame lacks toward its lower and right
            // neighbours, on the canonical design's sides.
            let full = tileset.reach_on_board(design, symmetry);
            let dropped = Reach {
                up: 0,
                down: (full.down - (frame.rows - 2 - frame.band_row)).max(0),
                left: 0,
                right: (full.right - (frame.cols - 2 - frame.band_col)).max(0),
            };
            let key = (design, canonical, dropped.untransformed(symmetry));
            let index = match built.get(&key) {
                Some(&index) => index,
                None => {
                    let elements = tileset.elements(design, canonical, key.2)?;
                    let index = plan.designs.len() as u32;
                    plan.add_design(elements);
                    built.insert(key, index);
                    index
                }
            };
            tile.built = index;
            plan.tiles.push(tile);
        }
        plan.count(side_u32(total_rows)?, side_u32(total_cols)?)?;
        Ok(plan)
    }

    /// Records a built design and the kind of each of its elements.
    fn add_design(&mut self, elements: Vec<Element>) {
        let kinds = elements
            .iter()
            .map(|e| {
                let name = if e.gadget.is_none() {
                    WIRE_COLUMN.to_owned()
                } else {
                    self.library.kind_name(e)
                };
                let id = match self.kind_names.iter().position(|n| *n == name) {
                    Some(id) => id,
                    None => {
                        self.kind_names.push(name);
                        self.kind_names.len() - 1
                    }
                };
                KindId(id as u32)
            })
            .collect();
        self.designs.push(elements);
        self.kinds.push(kinds);
    }

    /// Fills in the exact statistics: pieces and stamped gadgets per kind.
    fn count(&mut self, rows: u32, cols: u32) -> Result<(), BackendError> {
        let mut per_design = vec![0usize; self.designs.len()];
        for tile in &self.tiles {
            per_design[tile.built as usize] += 1;
        }
        let mut pieces = 0;
        let mut gadgets: BTreeMap<String, usize> = BTreeMap::new();
        for ((elements, kinds), &uses) in self.designs.iter().zip(&self.kinds).zip(&per_design) {
            for (e, kind) in elements.iter().zip(kinds) {
                pieces += e.pieces.len() * uses;
                *gadgets
                    .entry(self.kind_names[kind.0 as usize].clone())
                    .or_default() += uses;
            }
        }
        gadgets.retain(|_, &mut count| count > 0);
        let heights = self.tiles.iter().map(|t| i64::from(t.height));
        let sides = heights.chain(self.widths.iter().copied());
        let smallest = sides.clone().min().unwrap_or(0);
        let largest = sides.max().unwrap_or(0);
        self.stats.pieces = pieces;
        self.stats.rows = rows;
        self.stats.cols = cols;
        self.stats.tile_sides = (side_u32(smallest)?, side_u32(largest)?);
        self.stats.gadgets = gadgets;
        Ok(())
    }

    /// The board frame and top-left board point of `tile`.
    fn frame(&self, tile: &PlannedTile) -> (Frame, P) {
        let col = tile.at.col as usize;
        let (top, rows) = (i64::from(tile.top), i64::from(tile.height));
        // A vertical wire ignores its row's band, which its frame need not hold: it gets
        // the first band its frame allows, so wires of one height are built once.
        let band_row = if tile.stretches {
            B::SIDE_PARITY.band(B::MARGIN + B::WIRE_HALO)
        } else {
            i64::from(tile.band) - top
        };
        let frame = Frame {
            rows,
            cols: self.widths[col],
            band_row,
            band_col: self.band_cols[col],
            colour: 0,
        };
        (frame, (top, self.col_starts[col]))
    }

    /// How many used tiles the layout has.
    pub fn tile_count(&self) -> usize {
        self.tiles.len()
    }

    /// The used tiles of each tile row, as index ranges, top to bottom.
    pub(crate) fn tile_rows(&self) -> impl Iterator<Item = std::ops::Range<usize>> + '_ {
        let mut start = 0;
        std::iter::from_fn(move || {
            let row = self.tiles.get(start)?.at.row;
            let end = start + self.tiles[start..].partition_point(|t| t.at.row == row);
            let range = start..end;
            start = end;
            Some(range)
        })
    }

    /// The index of the used tile at `at`, if any.
    pub(crate) fn tile_at(&self, at: TilePos) -> Option<usize> {
        let key = |t: &PlannedTile| (t.at.row, t.at.col);
        self.tiles.binary_search_by_key(&(at.row, at.col), key).ok()
    }

    /// The elements of used tile `index` on the board.
    pub(crate) fn tile_elements(&self, index: usize) -> Vec<Element> {
        let tile = self.tiles[index];
        let (frame, origin) = self.frame(&tile);
        self.designs[tile.built as usize]
            .iter()
            .map(|e| {
                let column_order = |column| self.backend.column_order(column);
                let mut e = e.mapped(column_order, tile.symmetry, frame, origin);
                if let (Some(v), Role::Variable { var, .. }) = (tile.var, &mut e.role) {
                    *var = v;
                }
                e
            })
            .collect()
    }

    /// The used tile that reads `column`, an output column of used tile `index` on its
    /// border (a wire's last column before the next tile: [`Frame::exit`]).
    pub(crate) fn neighbour(&self, index: usize, column: &Column) -> Option<usize> {
        let at = self.tiles[index].at;
        let (frame, origin) = self.frame(&self.tiles[index]);
        let on =
            |line: i64, coordinate: fn(P) -> i64| column.iter().all(|&p| coordinate(p) == line);
        let (row, col) = (i64::from(at.row), i64::from(at.col));
        let next = if on(origin.0, |p| p.0) {
            (row - 1, col)
        } else if on(origin.0 + frame.rows - 1, |p| p.0) {
            (row + 1, col)
        } else if on(origin.1, |p| p.1) {
            (row, col - 1)
        } else if on(origin.1 + frame.cols - 1, |p| p.1) {
            (row, col + 1)
        } else {
            return None;
        };
        let next = TilePos::new(u32::try_from(next.0).ok()?, u32::try_from(next.1).ok()?);
        self.tile_at(next)
    }

    /// The built designs and, for each used tile, the index of its built design.
    pub(super) fn built(&self) -> (&[Vec<Element>], impl Iterator<Item = usize> + '_) {
        (&self.designs, self.tiles.iter().map(|t| t.built as usize))
    }

    /// A fresh labeller for this plan's board.
    pub fn labeller(&self) -> Labeller {
        Labeller {
            counts: vec![0; self.kind_names.len()],
        }
    }

    /// Calls `piece` for every piece of used tile `index`, in board order, with its square,
    /// budget and label; `labeller` numbers the gadget instances. Stops at `piece`'s first
    /// error.
    pub fn for_each_piece<E>(
        &self,
        index: usize,
        labeller: &mut Labeller,
        mut piece: impl FnMut(Square, u32, &str) -> Result<(), E>,
    ) -> Result<(), E> {
        let tile = self.tiles[index];
        let (frame, origin) = self.frame(&tile);
        let design = tile.built as usize;
        let (mut text, mut last) = (String::new(), String::new());
        for (e, kind) in self.designs[design].iter().zip(&self.kinds[design]) {
            let mut label = labeller.label(self, e, *kind, tile.symmetry);
            text.clear();
            let _ = write!(text, "{label}");
            let final_square = match e.role {
                Role::OneTest { final_square } => {
                    label.final_square = true;
                    last.clear();
                    let _ = write!(last, "{label}");
                    Some(final_square)
                }
                _ => None,
            };
            for &(p, budget) in &e.pieces {
                let at = map_point(tile.symmetry, p, frame.rows, frame.cols, origin);
                let label = if final_square == Some(p) {
                    &last
                } else {
                    &text
                };
                piece(to_square(at), budget, label)?;
            }
        }
        Ok(())
    }
}

impl Labeller {
    /// The label of element `e` (of kind `kind`, in a tile turned by `symmetry`), counting
    /// it.
    fn label<B: Backend>(
        &mut self,
        plan: &Plan<B>,
        e: &Element,
        kind: KindId,
        symmetry: Symmetry,
    ) -> GadgetLabel {
        let count = &mut self.counts[kind.0 as usize];
        *count += 1;
        let mut label = if e.gadget.is_some() {
            let mut label = GadgetLabel::new(plan.kind_names[kind.0 as usize].as_str());
            label.instance = Some(*count as u32);
            label
        } else {
            GadgetLabel::new("wire")
        };
        label.flow = e.flow.map(|d: Direction| symmetry.direction(d));
        label
    }
}

fn side_u32(v: i64) -> Result<u32, BackendError> {
    let max = i64::from(u32::MAX / 2);
    u32::try_from(v).map_err(|_| BackendError::TooLarge { max })
}
