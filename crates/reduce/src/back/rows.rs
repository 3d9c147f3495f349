//! How high each tile is on the board: the rows of a [`super::Plan`].
//!
//! Every *run* — a maximal sequence of tiles of one tile row joined by horizontal wires
//! (or gadgets side by side) — has one *band* line, the board row where its horizontal
//! wires run, and each tile gets a frame of board rows around it ([`RowSizes`]). Rows
//! are *compacted*: a straight vertical wire tile stretches or shrinks (down to the
//! least frame a wire tile needs), so a tall tile (the King's crossing, the Knight's
//! And) reaches into the rows above and below it where its own tile column holds only
//! the wire it sits on. Each tile column is a stack of *rigid* tiles (everything but
//! vertical wires), each in the tight frame its reach needs around its run's band, and
//! of vertical wire tiles that fill the gaps; the band of each run is placed as high as
//! each of its tile columns allows (a longest-path pass from the top, tile row by tile
//! row: below the previous rigid tile of each column, leaving a wire's least frame per
//! wire tile between). Runs of one tile row that nothing joins get bands of their own:
//! a tile row's left and right halves, say, each rise as far as their own columns let
//! them, since only vertical wires (which stretch) join them to the rows around.
//! A run that more wires join from below than from above (the top end of wires running
//! up to it) would rather lie low: the same pass from the bottom (the tiles mirrored)
//! gives every run the lowest band the board's height allows, and such runs are placed
//! at least there, so the wires up to them are as short as the rows between allow (kept
//! where the vertical wires get shorter in all).
//! Frames of tiles in one column that are neighbours in the grid and joined abut, so
//! wires join across them; tiles of different columns are kept apart across by the
//! column pass ([`super::cols`]), whatever rows they reach into. Where tiles must keep
//! square colours and band phases ([`SideParity::Even`], [`SideParity::Quad`]: the Knight),
//! every frame start, band and height is a multiple of the parity's unit (2 or 4 rows),
//! as uniform rows had them.
//!
//! Written here rather than taken from a layout-compaction crate: the constraints are
//! one pass over the tile columns, and the frames must agree with the tileset's reach
//! and shared margins.

use super::geometry::{Reach, SideParity, share_out};
use crate::layout::TilePos;

/// One tile as the row sizing sees it.
#[derive(Clone, Copy, Debug)]
pub(super) struct SizedTile {
    pub at: TilePos,
    /// Lines needed above the band and below its two rows (with the margins), at least
    /// the backend's least reach.
    pub up: i64,
    pub down: i64,
    /// A straight vertical wire: any height from a wire's least frame on will do.
    pub stretches: bool,
    /// Joined to the tile before it (the same tile row, the column to the left) by a
    /// horizontal wire or as gadgets side by side: both lie in one run.
    pub joins_left: bool,
    /// Joined to the tile above it (the same tile column, the row before) by a vertical
    /// wire or as gadgets stacked.
    pub joins_up: bool,
}

/// The rows of a plan: each tile's band line and frame rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct RowSizes {
    /// Per tile (in the order given), the board row of its run's band (0-based); a
    /// vertical wire tile, a run of its own, ignores its band.
    pub bands: Vec<i64>,
    /// Per tile (in the order given), the first board row of its frame and its height.
    pub frames: Vec<(i64, i64)>,
    /// Board rows in all.
    pub total: i64,
}

impl RowSizes {
    /// Vertical wire tiles stretched and shrunk so that rigid tiles reach into the rows
    /// around them (module doc); a wire tile keeps the `least` reach around a band of its
    /// own (its content ignores it). `tiles` must be in row-major order. With `parity`
    /// other than [`SideParity::Any`], every frame starts, every band lies and every
    /// frame ends on a multiple of its unit (2 or 4 rows), so tiles keep their colours and
    /// band phases as in uniform rows.
    pub fn compacted(
        tiles: &[SizedTile],
        rows: usize,
        cols: usize,
        least: Reach,
        parity: SideParity,
    ) -> Self {
        let unit = parity.side(1);
        let (first, toward_down) = Self::placed(tiles, rows, cols, least, parity, None);
        if !toward_down.iter().any(|&down| down) {
            return first;
        }
        // One placement held at a time (they are the plan's largest part).
        let (height, length) = (first.total, first.wire_length(tiles));
        drop(first);
        // How far down each run may go within the board's height: the same placement
        // from the bottom (mirrored), each band read back.
        let mut floors = vec![0; tiles.len()];
        {
            let (mirrored, original) = mirror(tiles, rows);
            let (back, _) = Self::placed(&mirrored, rows, cols, least, parity, None);
            for (m, &k) in original.iter().enumerate() {
                if toward_down[k] {
                    floors[k] = (height - 2 - back.bands[m]).div_euclid(unit) * unit;
                }
            }
        }
        let (moved, _) = Self::placed(tiles, rows, cols, least, parity, Some(&floors));
        // Kept only where it shortens the wires (moved runs push others too).
        if moved.wire_length(tiles) < length {
            moved
        } else {
            drop(moved);
            Self::placed(tiles, rows, cols, least, parity, None).0
        }
    }

    /// The rows of vertical wire on the board: the heights of stretched wire tiles.
    fn wire_length(&self, tiles: &[SizedTile]) -> i64 {
        tiles
            .iter()
            .zip(&self.frames)
            .filter(|(t, _)| t.stretches)
            .map(|(_, &(_, height))| height)
            .sum()
    }

    /// Places every run as high as it may go, and at least as low as the `floors` of its
    /// tiles; also says, per tile, whether its run has more wires joining it from below
    /// than from above (it would rather lie lower: [`RowSizes::compacted`]).
    fn placed(
        tiles: &[SizedTile],
        rows: usize,
        cols: usize,
        least: Reach,
        parity: SideParity,
        floors: Option<&[i64]>,
    ) -> (Self, Vec<bool>) {
        let unit = parity.side(1);
        let joined_below = joined_below(tiles, cols);
        let mut toward_down = vec![false; tiles.len()];
        // Lines above the band and below it (past its two rows), rounded to the unit.
        let up = |t: &SizedTile| parity.side(t.up);
        let down = |t: &SizedTile| parity.side(2 + t.down) - 2;
        let wire_rows = parity.side(parity.side(least.up) + 2 + least.down);
        // Per tile column: the end of its last rigid frame and the wire tiles since.
        let mut below = vec![(0i64, 0i64); cols];
        let mut bands = vec![0i64; tiles.len()];
        let mut start = 0;
        for row in 0..rows {
            let end = start + tiles[start..].partition_point(|t| t.at.row as usize == row);
            let mut run_start = start;
            while run_start < end {
                let mut run_end = run_start + 1;
                while run_end < end && tiles[run_end].joins_left {
                    run_end += 1;
                }
                let run = &tiles[run_start..run_end];
                let mut band = floors.map_or(0, |floors| {
                    floors[run_start..run_end]
                        .iter()
                        .copied()
                        .max()
                        .unwrap_or(0)
                });
                let joins: i64 = (run_start..run_end)
                    .map(|k| i64::from(joined_below[k]) - i64::from(tiles[k].joins_up))
                    .sum();
                toward_down[run_start..run_end].fill(joins > 0);
                for tile in run.iter().filter(|t| !t.stretches) {
                    let (bottom, wires) = below[tile.at.col as usize];
                    band = i64::max(band, bottom + wires * wire_rows + up(tile));
                }
                bands[run_start..run_end].fill(band);
                run_start = run_end;
            }
            for (tile, &band) in tiles[start..end].iter().zip(&bands[start..end]) {
                let column = &mut below[tile.at.col as usize];
                if tile.stretches {
                    column.1 += 1;
                } else {
                    *column = (band + 2 + down(tile), 0);
                }
            }
            start = end;
        }
        // Rigid tiles in their tight frames (wire tiles get theirs from `fit_column`).
        let mut frames: Vec<(i64, i64)> = tiles
            .iter()
            .zip(&bands)
            .map(|(t, &band)| (band - up(t), up(t) + 2 + down(t)))
            .collect();
        // The tiles column by column, each column top to bottom (a stable counting sort
        // of the row-major tiles).
        let mut starts = vec![0usize; cols + 1];
        for tile in tiles {
            starts[tile.at.col as usize + 1] += 1;
        }
        for col in 0..cols {
            starts[col + 1] += starts[col];
        }
        let mut order = vec![0usize; tiles.len()];
        let mut next = starts.clone();
        for (index, tile) in tiles.iter().enumerate() {
            let slot = &mut next[tile.at.col as usize];
            order[*slot] = index;
            *slot += 1;
        }
        for column in starts.windows(2) {
            fit_column(
                tiles,
                &order[column[0]..column[1]],
                wire_rows,
                unit,
                &mut frames,
            );
        }
        let total = frames.iter().map(|&(top, height)| top + height).max();
        let sizes = RowSizes {
            bands,
            frames,
            total: total.unwrap_or(0),
        };
        (sizes, toward_down)
    }
}

/// Per tile (row-major), whether the tile right below it is joined to it.
fn joined_below(tiles: &[SizedTile], cols: usize) -> Vec<bool> {
    let mut joined = vec![false; tiles.len()];
    let mut last: Vec<Option<usize>> = vec![None; cols];
    for (k, tile) in tiles.iter().enumerate() {
        let column = &mut last[tile.at.col as usize];
        if let Some(above) = column.filter(|&a| tiles[a].at.row + 1 == tile.at.row) {
            joined[above] = tile.joins_up;
        }
        *column = Some(k);
    }
    joined
}

/// The tiles mirrored top to bottom (row-major again), and for each mirrored tile the
/// index of its original.
fn mirror(tiles: &[SizedTile], rows: usize) -> (Vec<SizedTile>, Vec<usize>) {
    let cols = tiles
        .iter()
        .map(|t| t.at.col as usize + 1)
        .max()
        .unwrap_or(0);
    let joined_below = joined_below(tiles, cols);
    let last = rows.saturating_sub(1) as u32;
    let mut original: Vec<usize> = (0..tiles.len()).collect();
    original.sort_by_key(|&k| (std::cmp::Reverse(tiles[k].at.row), tiles[k].at.col));
    let mirrored = original
        .iter()
        .map(|&k| {
            let t = &tiles[k];
            SizedTile {
                at: TilePos::new(last - t.at.row, t.at.col),
                up: t.down,
                down: t.up,
                joins_up: joined_below[k],
                ..*t
            }
        })
        .collect();
    (mirrored, original)
}

/// Joins the frames of one tile column (`column`: its tiles top to bottom): a rigid tile
/// joined to the rigid tile right above it grows up to it (tiles not joined keep their
/// tight frames, which leaves room across for the column pass), and each run of wire tiles between grid
/// neighbours shares the gap it bridges (at least `wire_rows` rows each, in whole
/// `unit`s).
fn fit_column(
    tiles: &[SizedTile],
    column: &[usize],
    wire_rows: i64,
    unit: i64,
    frames: &mut [(i64, i64)],
) {
    let bottom = |frame: (i64, i64)| frame.0 + frame.1;
    let mut i = 0;
    while i < column.len() {
        let tile = &tiles[column[i]];
        if !tile.stretches {
            if i > 0
                && tile.joins_up
                && adjacent(tiles, column[i - 1], column[i])
                && !tiles[column[i - 1]].stretches
            {
                let above = bottom(frames[column[i - 1]]);
                let own = &mut frames[column[i]];
                *own = (above, bottom(*own) - above);
            }
            i += 1;
            continue;
        }
        // A run of wire tiles, each the grid neighbour of the next.
        let mut end = i + 1;
        while end < column.len()
            && tiles[column[end]].stretches
            && adjacent(tiles, column[end - 1], column[end])
        {
            end += 1;
        }
        let count = (end - i) as i64;
        let least = count * wire_rows;
        let rigid_above = (i > 0 && adjacent(tiles, column[i - 1], column[i]))
            .then(|| bottom(frames[column[i - 1]]));
        let rigid_below = (end < column.len() && adjacent(tiles, column[end - 1], column[end]))
            .then(|| frames[column[end]].0);
        let (top, rows) = match (rigid_above, rigid_below) {
            (Some(top), Some(bottom)) => (top, bottom - top),
            (Some(top), None) => (top, least),
            (None, Some(bottom)) => (bottom - least, least),
            // A wire run touching no rigid tile is no part of a net: not in any layout.
            (None, None) => (frames[column[i]].0, least),
        };
        debug_assert!(
            rows >= least,
            "the band pass leaves room for every wire tile"
        );
        for (&index, frame) in column[i..end].iter().zip(share_out(top, rows, count, unit)) {
            frames[index] = frame;
        }
        i = end;
    }
}

/// Whether tile `b` lies right below tile `a` in the grid.
fn adjacent(tiles: &[SizedTile], a: usize, b: usize) -> bool {
    tiles[b].at.row == tiles[a].at.row + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tile(row: u32, col: u32, up: i64, down: i64, stretches: bool) -> SizedTile {
        SizedTile {
            at: TilePos::new(row, col),
            up,
            down,
            stretches,
            // Column 1 is joined to column 0 unless column 0 holds a vertical wire.
            joins_left: false,
            joins_up: true,
        }
    }

    #[test]
    fn a_tall_tile_reaches_into_the_rows_of_its_wire() {
        // Column 0: a small gadget, two wire tiles, a tall crossing, two wire tiles, a
        // small gadget. Column 1: a gadget of 8 rows in every row.
        let mut tiles = Vec::new();
        let column0 = [
            (1, 0, false),
            (1, 0, true),
            (1, 0, true),
            (9, 12, false),
            (1, 0, true),
            (1, 0, true),
            (1, 0, false),
        ];
        for (row, &(up, down, stretches)) in column0.iter().enumerate() {
            tiles.push(tile(row as u32, 0, up, down, stretches));
            tiles.push(SizedTile {
                joins_left: !stretches,
                ..tile(row as u32, 1, 3, 3, false)
            });
        }
        let least = Reach {
            down: 0,
            ..Reach::uniform(1)
        };
        let sizes = RowSizes::compacted(&tiles, 7, 2, least, SideParity::Any);
        // Uniform rows would be 6 × 8 + 23 = 71 high.
        assert_eq!(sizes.total, 56);
        // Column 0's frames abut and never overlap, each wire at least three rows.
        let column: Vec<(i64, i64)> = (0..7).map(|r| sizes.frames[2 * r]).collect();
        for pair in column.windows(2) {
            assert_eq!(pair[0].0 + pair[0].1, pair[1].0, "{column:?}");
        }
        assert!(column.iter().all(|&(_, h)| h >= 3));
        // Every rigid tile's frame holds its reach around its band.
        for ((t, &(top, height)), &band) in tiles.iter().zip(&sizes.frames).zip(&sizes.bands) {
            if !t.stretches {
                assert!(band - top >= t.up && top + height - (band + 2) >= t.down);
            }
        }
        // Column 1's gadgets sit 8 rows apart, as in uniform rows; the crossing's rows
        // hold no more.
        let column1: Vec<i64> = (0..7).map(|r| sizes.bands[2 * r + 1]).collect();
        assert!(column1.windows(2).all(|w| w[1] - w[0] == 8), "{column1:?}");
    }

    #[test]
    fn runs_that_nothing_joins_rise_on_their_own() {
        // Two tile rows of two runs each: column 0 a tall gadget over a small one,
        // column 2 two small gadgets, a vertical wire between (column 1).
        let mut tiles = Vec::new();
        for row in 0..2 {
            let tall = if row == 0 { 10 } else { 1 };
            tiles.push(tile(row, 0, 1, tall, false));
            tiles.push(tile(row, 1, 1, 0, true));
            tiles.push(tile(row, 2, 1, 1, false));
        }
        let least = Reach {
            down: 0,
            ..Reach::uniform(1)
        };
        let sizes = RowSizes::compacted(&tiles, 2, 3, least, SideParity::Any);
        // Column 2's second gadget sits right below its first (its band's 2 rows, 1 row
        // below, 1 above the next band), not below column 0's tall one.
        assert_eq!(sizes.bands[5] - sizes.bands[2], 2 + 1 + 1);
        assert_eq!(sizes.bands[3] - sizes.bands[0], 2 + 10 + 1);
        // Joined, the two runs of each row share one band again.
        for t in tiles.iter_mut().filter(|t| t.at.col > 0) {
            t.joins_left = true;
        }
        let joined = RowSizes::compacted(&tiles, 2, 3, least, SideParity::Any);
        assert_eq!(joined.bands[5], joined.bands[3]);
        assert_eq!(joined.bands[5] - joined.bands[2], 2 + 10 + 1);
    }

    #[test]
    fn a_run_joined_from_below_lies_as_low_as_the_rows_allow() {
        // Column 0: a gadget at the top of a wire of two tiles down to a gadget that a
        // tall gadget in column 1 holds down (its run's neighbour sits below it).
        let least = Reach {
            down: 0,
            ..Reach::uniform(1)
        };
        let rigid = |row, col, down, joins_up, joins_left| SizedTile {
            joins_up,
            joins_left,
            ..tile(row, col, 1, down, false)
        };
        let wire = |row| SizedTile {
            joins_up: true,
            ..tile(row, 0, 1, 0, true)
        };
        let tiles = [
            rigid(0, 0, 1, false, false),
            wire(1),
            wire(2),
            rigid(2, 1, 20, false, false),
            rigid(3, 0, 1, true, false),
            rigid(3, 1, 1, false, true),
        ];
        let sizes = RowSizes::compacted(&tiles, 4, 2, least, SideParity::Any);
        // Placed as high as it goes, the top gadget would leave 19 rows of wire.
        assert_eq!(sizes.total, 27);
        assert_eq!(sizes.bands[0], 14);
        assert_eq!((sizes.frames[1].1, sizes.frames[2].1), (3, 3));
    }
}
