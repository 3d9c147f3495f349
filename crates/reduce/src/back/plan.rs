//! A compile plan: which design and symmetry each layout tile gets, where every tile
//! lies on the board and how high and wide it is (rows compacted by [`RowSizes`], then
//! columns by [`ColSizes`]), and each distinct (design, frame) built once. The board
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

use super::cols::{ColSizes, WideTile};
use super::contacts::TileFrame;
use super::element::{Element, Library, Role};
use super::geometry::{Column, Frame, P, Reach, SideParity, map_point, share_out, to_square};
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
    /// The first board column of the tile's frame (0-based) and its width.
    left: u32,
    width: u32,
    /// The board column of its vertical run's band ([`ColSizes`]).
    band_col: u32,
    /// A horizontal wire tile stretched to its frame ([`ColSizes`]).
    stretches_across: bool,
    /// Columns the frame has grown left of the design to abut the gadget joined side by
    /// side ([`ColSizes::grown`]), filled by straight wire pieces from [`Plan::parts`]
    /// (see [`chunks`]), the first at index `parts`.
    grown: u32,
    parts: u32,
}

/// A piece of straight wire that fills the columns a tile has grown: its built design
/// and symmetry, and its first board column and width (its rows are the tile's).
#[derive(Clone, Copy, Debug)]
struct WirePart {
    built: u32,
    symmetry: Symmetry,
    left: u32,
    cols: u32,
}

/// The widest [`WirePart`]: a tile grown by more is filled by several, so the built
/// wire designs stay few and short however far a tile grows.
const WIRE_PART_COLS: i64 = 64;

/// The wire parts (first column, width) filling `cols` columns from `start`: as few as
/// [`WIRE_PART_COLS`] allows, of equal widths in whole `unit`s.
fn chunks(start: i64, cols: i64, unit: i64) -> impl Iterator<Item = (i64, i64)> {
    share_out(start, cols, part_count(cols) as i64, unit)
}

/// How many [`WirePart`]s fill `cols` grown columns.
fn part_count(cols: i64) -> usize {
    ((cols + WIRE_PART_COLS - 1) / WIRE_PART_COLS) as usize
}

/// Which of a tile's sides a wire crosses (a crossing: all four).
#[derive(Clone, Copy, Debug)]
struct Sides {
    north: bool,
    south: bool,
    west: bool,
    east: bool,
}

fn sides(layout: &Layout, tile: &Tile) -> Sides {
    use Direction::{East, North, South, West};
    let has = |side: Direction| match *tile {
        Tile::Wire { flow } => matches!(flow, East | West) == matches!(side, East | West),
        Tile::Corner { from, to } => from == side || to == side,
        Tile::Crossing { .. } => true,
        Tile::Gadget { node } => layout.nodes[node].kind.sides().contains(&side),
    };
    Sides {
        north: has(North),
        south: has(South),
        west: has(West),
        east: has(East),
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
    /// The straight wire filling grown tiles, tile by tile.
    parts: Vec<WirePart>,
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
            // A straight wire: `Some(true)` vertical, `Some(false)` horizontal.
            let straight = match tile {
                Tile::Wire { flow } => Some(matches!(flow, Direction::North | Direction::South)),
                _ => None,
            };
            // The signal's way along a wire through the West side.
            let west = match tile {
                Tile::Gadget { node } if layout.nodes[node].kind.outputs_on(Direction::West) => {
                    Direction::West
                }
                Tile::Corner {
                    to: Direction::West,
                    ..
                } => Direction::West,
                Tile::Crossing {
                    through, replaced, ..
                } if through == Direction::West || replaced == Direction::West => Direction::West,
                _ => Direction::East,
            };
            placements.push((
                at,
                design,
                symmetry,
                var,
                sides(layout, &tile),
                straight,
                west,
            ));
        }
        // Rows are compacted around stretching vertical wires ([`RowSizes`]), then
        // columns around stretching horizontal wires ([`ColSizes`]); a run's wires run in
        // the same band of every tile in it. A tile keeps its margin toward its upper and
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
        let mut sized = Vec::with_capacity(placements.len());
        let mut wide = Vec::with_capacity(placements.len());
        let mut before: Option<(TilePos, Sides)> = None;
        // Per tile column, the last tile seen (row-major) and its sides.
        let mut above: Vec<Option<(TilePos, Sides)>> = vec![None; layout.cols as usize];
        for &(at, design, symmetry, _, sides, straight, _) in &placements {
            let reach = on_board(design, symmetry).max(least);
            let joins_left = before.is_some_and(|(left, left_sides)| {
                left.row == at.row && left.col + 1 == at.col && left_sides.east && sides.west
            });
            let joins_up = above[at.col as usize].is_some_and(|(up, up_sides)| {
                up.row + 1 == at.row && up_sides.south && sides.north
            });
            before = Some((at, sides));
            above[at.col as usize] = Some((at, sides));
            sized.push(SizedTile {
                at,
                up: reach.up,
                down: reach.down,
                stretches: straight == Some(true),
                joins_left,
                joins_up,
            });
            // Its rows come from the row pass.
            wide.push(WideTile {
                at,
                left: reach.left,
                right: reach.right,
                stretches: straight == Some(false),
                joins_up,
                joins_left,
                rows: (0, 0),
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
        for (tile, &frame) in wide.iter_mut().zip(&rows.frames) {
            tile.rows = frame;
        }
        let cols = ColSizes::compacted(&wide, layout.rows as usize, rows.total, least, parity);
        drop(wide);
        let max = i64::from(u32::MAX / 2);
        let (total_rows, total_cols) = (rows.total, cols.total);
        if total_rows.max(total_cols) > max {
            return Err(BackendError::TooLarge { max });
        }
        let mut plan = Plan {
            num_vars,
            designs: Vec::new(),
            kinds: Vec::new(),
            kind_names: Vec::new(),
            tiles: Vec::with_capacity(placements.len()),
            parts: Vec::new(),
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
        let across = rows.frames.into_iter().zip(rows.bands);
        let down = cols.frames.into_iter().zip(cols.bands).zip(cols.grown);
        for (placement, (((top, height), band), (((left, width), band_col), grown))) in
            placements.into_iter().zip(across.zip(down))
        {
            let (at, design, symmetry, var, _, straight, west) = placement;
            let mut tile = PlannedTile {
                at,
                built: 0,
                symmetry,
                var,
                top: side_u32(top)?,
                height: side_u32(height)?,
                band: side_u32(band)?,
                stretches: straight == Some(true),
                left: side_u32(left)?,
                width: side_u32(width)?,
                band_col: side_u32(band_col)?,
                stretches_across: straight == Some(false),
                grown: side_u32(grown)?,
                parts: side_u32(plan.parts.len() as i64)?,
            };
            let (frame, origin) = plan.frame(&tile);
            tile.built = plan.build(&tileset, &mut built, design, symmetry, frame, origin)?;
            if grown > 0 {
                let (wire, symmetry) = backend
                    .tile_design(layout, Tile::Wire { flow: west })
                    .map_err(|reason| BackendError::UnsupportedTile { at, reason })?;
                for (start, cols) in chunks(left, grown, parity.side(1)) {
                    let frame = Frame {
                        cols,
                        band_col: B::SIDE_PARITY.band(B::MARGIN + B::WIRE_HALO),
                        ..frame
                    };
                    let built =
                        plan.build(&tileset, &mut built, wire, symmetry, frame, (top, start))?;
                    plan.parts.push(WirePart {
                        built,
                        symmetry,
                        left: side_u32(start)?,
                        cols: side_u32(cols)?,
                    });
                }
            }
            plan.tiles.push(tile);
        }
        plan.count(side_u32(total_rows)?, side_u32(total_cols)?)?;
        Ok(plan)
    }

    /// The index of `design` turned by `symmetry` into `frame` at board point `origin`,
    /// built on first use (`built`: the designs built so far, by canonical frame).
    fn build(
        &mut self,
        tileset: &Tileset<'_, B>,
        built: &mut FxHashMap<(B::Design, Frame, Reach), u32>,
        design: B::Design,
        symmetry: Symmetry,
        frame: Frame,
        origin: P,
    ) -> Result<u32, BackendError> {
        let mut canonical = frame.canonical(symmetry);
        if B::SIDE_PARITY != SideParity::Any {
            let corner = map_point(symmetry, (0, 0), frame.rows, frame.cols, origin);
            canonical.colour = ((corner.0 + corner.1) % 2) as u8;
        }
        // The margin lines the frame lacks toward its lower and right neighbours, on the
        // canonical design's sides.
        let full = tileset.reach_on_board(design, symmetry);
        let dropped = Reach {
            up: 0,
            down: (full.down - (frame.rows - 2 - frame.band_row)).max(0),
            left: 0,
            right: (full.right - (frame.cols - 2 - frame.band_col)).max(0),
        };
        let key = (design, canonical, dropped.untransformed(symmetry));
        if let Some(&index) = built.get(&key) {
            return Ok(index);
        }
        let elements = tileset.elements(design, canonical, key.2)?;
        let index = self.designs.len() as u32;
        self.add_design(elements);
        built.insert(key, index);
        Ok(index)
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
        for part in &self.parts {
            per_design[part.built as usize] += 1;
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
        let sides = heights.chain(self.tiles.iter().map(|t| i64::from(t.width)));
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
        let (top, rows) = (i64::from(tile.top), i64::from(tile.height));
        let grown = i64::from(tile.grown);
        let (left, cols) = (i64::from(tile.left) + grown, i64::from(tile.width) - grown);
        // A straight wire ignores the band across it, which its frame need not hold: it
        // gets the first band its frame allows, so wires of one length are built once.
        let least = B::SIDE_PARITY.band(B::MARGIN + B::WIRE_HALO);
        let band_row = if tile.stretches {
            least
        } else {
            i64::from(tile.band) - top
        };
        let band_col = if tile.stretches_across {
            least
        } else {
            i64::from(tile.band_col) - left
        };
        let frame = Frame {
            rows,
            cols,
            band_row,
            band_col,
            colour: 0,
        };
        (frame, (top, left))
    }

    /// Every used tile's tile row and frame on the board.
    pub(crate) fn tile_frames(&self) -> Vec<TileFrame> {
        self.tiles
            .iter()
            .map(|tile| {
                let (origin, size) = self.outer(tile);
                TileFrame {
                    tile_row: tile.at.row,
                    origin,
                    size,
                }
            })
            .collect()
    }

    /// The whole frame of `tile` on the board, grown columns included: top-left point and
    /// size.
    fn outer(&self, tile: &PlannedTile) -> (P, P) {
        (
            (i64::from(tile.top), i64::from(tile.left)),
            (i64::from(tile.height), i64::from(tile.width)),
        )
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

    /// The built designs that make up used tile `index` — its own and the straight wire
    /// filling the columns it has grown — each with its symmetry, frame and board origin.
    fn placed_designs(
        &self,
        index: usize,
    ) -> impl Iterator<Item = (usize, Symmetry, Frame, P)> + '_ {
        let tile = self.tiles[index];
        let (frame, origin) = self.frame(&tile);
        let own = (tile.built as usize, tile.symmetry, frame, origin);
        let parts = &self.parts[tile.parts as usize..][..part_count(i64::from(tile.grown))];
        std::iter::once(own).chain(parts.iter().map(move |part| {
            let frame = Frame {
                cols: i64::from(part.cols),
                band_col: B::SIDE_PARITY.band(B::MARGIN + B::WIRE_HALO),
                ..frame
            };
            (
                part.built as usize,
                part.symmetry,
                frame,
                (origin.0, i64::from(part.left)),
            )
        }))
    }

    /// The elements of used tile `index` on the board.
    pub(crate) fn tile_elements(&self, index: usize) -> Vec<Element> {
        let var = self.tiles[index].var;
        let column_order = |column| self.backend.column_order(column);
        self.placed_designs(index)
            .flat_map(|(design, symmetry, frame, origin)| {
                self.designs[design].iter().map(move |e| {
                    let mut e = e.mapped(column_order, symmetry, frame, origin);
                    if let (Some(v), Role::Variable { var, .. }) = (var, &mut e.role) {
                        *var = v;
                    }
                    e
                })
            })
            .collect()
    }

    /// The used tile that reads `column`, an output column of used tile `index` on its
    /// border (a wire's last column before the next tile: [`Frame::exit`]).
    pub(crate) fn neighbour(&self, index: usize, column: &Column) -> Option<usize> {
        let tile = &self.tiles[index];
        let at = tile.at;
        let (origin, size) = self.outer(tile);
        let frame = Frame {
            rows: size.0,
            cols: size.1,
            band_row: 0,
            band_col: 0,
            colour: 0,
        };
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
        let (mut text, mut last) = (String::new(), String::new());
        for (design, symmetry, frame, origin) in self.placed_designs(index) {
            for (e, kind) in self.designs[design].iter().zip(&self.kinds[design]) {
                let mut label = labeller.label(self, e, *kind, symmetry);
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
                    let at = map_point(symmetry, p, frame.rows, frame.cols, origin);
                    let label = if final_square == Some(p) {
                        &last
                    } else {
                        &text
                    };
                    piece(to_square(at), budget, label)?;
                }
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
