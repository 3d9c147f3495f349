//! How high each tile is on the board: the rows of a [`super::Plan`].
//!
//! Every tile row has one *band* line, the board row where the horizontal wires of that
//! tile row run, and each tile gets a frame of board rows around it ([`RowSizes`]). Rows
//! are *compacted*: a straight vertical wire tile stretches or shrinks (down to the
//! least frame a wire tile needs), so a tall tile (the King's crossing, the Knight's
//! And) reaches into the rows above and below it where its own tile column holds only
//! the wire it sits on. Each tile column is a stack of *rigid* tiles (everything but
//! vertical wires), each in the tight frame its reach needs around its row's band, and
//! of vertical wire tiles that fill the gaps; the band of each tile row is placed as high
//! as every tile column allows (a longest-path pass from the top: below the previous
//! rigid tile of each column, leaving a wire's least frame per wire tile between).
//! Frames of tiles in one column that are neighbours in the grid abut, so wires join
//! across them as before; tiles of different columns are kept apart by the column
//! margins as before, whatever rows they reach into. Where tiles must keep square
//! colours and band phases ([`SideParity::Even`], [`SideParity::Quad`]: the Knight),
//! every frame start, band and height is a multiple of the parity's unit (2 or 4 rows),
//! as uniform rows had them.
//!
//! Written here rather than taken from a layout-compaction crate: the constraints are
//! one pass over the tile columns, and the frames must agree with the tileset's reach
//! and shared margins.

use super::geometry::{Reach, SideParity};
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
}

/// The rows of a plan: the band line of every tile row and each tile's frame rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct RowSizes {
    /// Board row of each tile row's band (0-based).
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
        // Lines above the band and below it (past its two rows), rounded to the unit.
        let up = |t: &SizedTile| parity.side(t.up);
        let down = |t: &SizedTile| parity.side(2 + t.down) - 2;
        let wire_rows = parity.side(parity.side(least.up) + 2 + least.down);
        // Per tile column: the end of its last rigid frame and the wire tiles since.
        let mut below = vec![(0i64, 0i64); cols];
        let mut bands = vec![0i64; rows];
        let mut start = 0;
        for row in 0..rows {
            let end = start + tiles[start..].partition_point(|t| t.at.row as usize == row);
            let mut band = if row == 0 { 0 } else { bands[row - 1] + unit };
            for tile in tiles[start..end].iter().filter(|t| !t.stretches) {
                let (bottom, wires) = below[tile.at.col as usize];
                band = band.max(bottom + wires * wire_rows + up(tile));
            }
            bands[row] = band;
            for tile in &tiles[start..end] {
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
            .map(|t| {
                let band = bands[t.at.row as usize];
                (band - up(t), up(t) + 2 + down(t))
            })
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
        RowSizes {
            bands,
            frames,
            total: total.unwrap_or(0),
        }
    }
}

/// Joins the frames of one tile column (`column`: its tiles top to bottom): a rigid tile
/// right below another grows up to it, and each run of wire tiles between grid
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
            if i > 0 && adjacent(tiles, column[i - 1], column[i]) && !tiles[column[i - 1]].stretches
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
        let units = rows / unit;
        let (share, extra) = (units / count, units % count);
        let mut next = top;
        for (k, &index) in column[i..end].iter().enumerate() {
            let height = (share + i64::from((k as i64) < extra)) * unit;
            frames[index] = (next, height);
            next += height;
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
            tiles.push(tile(row as u32, 1, 3, 3, false));
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
        for (t, &(top, height)) in tiles.iter().zip(&sizes.frames) {
            if !t.stretches {
                let band = sizes.bands[t.at.row as usize];
                assert!(band - top >= t.up && top + height - (band + 2) >= t.down);
            }
        }
        // Column 1's gadgets sit 8 rows apart, as in uniform rows; the crossing's rows
        // hold no more.
        assert!(sizes.bands.windows(2).all(|w| w[1] - w[0] == 8));
    }
}
