//! How wide each tile is and where it sits across the board: the columns of a
//! [`super::Plan`], compacted after its rows ([`super::rows`]).
//!
//! Every *vertical run* — a maximal sequence of tiles of one tile column joined by
//! vertical wires (or gadgets stacked) — has one *band* column, the board column where
//! its vertical wires run. Horizontal wire tiles stretch (down to a wire's least frame);
//! every other tile is rigid across, in the tight frame its reach needs around its run's
//! band. Runs are placed tile column by tile column, each as far left as it may go: right
//! of the rigid tile before it in each of its tile rows (leaving a wire's least frame per
//! horizontal wire tile between), and right of every tile of an earlier tile column whose
//! rows (the frames of the row pass) overlap its own. So a tile column is only as wide as
//! its tiles are where they stand: a horizontal wire through rows where the columns it
//! passes hold nothing tall gets short, and the board is no longer a grid of uniform
//! columns. A run that more wires join on its right than on its left (a variable's track
//! west of the gates) would rather lie further right: the same pass from the right (the
//! tiles mirrored) gives every run the rightmost band the board's width allows, and such
//! runs are placed at least there — kept where it shortens the horizontal wires in all
//! (moved runs push others, and on Knight boards it can lengthen them).
//!
//! Why the result is a board: tiles of one tile row keep their column order; two tiles
//! whose rows overlap never overlap across; a horizontal wire between two rigid tiles of
//! its row runs in band rows that lie inside both (and inside the frame of every tile of
//! its own row between, each of which is a horizontal wire), so no other tile reaches
//! into it. Gadgets joined side by side without a wire between must abut: where their
//! runs' bands leave a gap, the gadget after it grows left over the gap ([`ColSizes::grown`],
//! filled with straight wire along the shared band by the plan). The band's rows, with a
//! wire's least margins, lie inside both gadgets' frames, so by the same argument no other
//! tile stands in the grown columns of those rows, and the grown frame holds nothing else.
//! The board check does not rely on this: it checks tiles of far tile rows that come side
//! by side piece by piece (`contacts::check_far_contacts`).
//!
//! Written here rather than taken from a layout-compaction crate, for the same reason as
//! the rows: one pass over the tile columns whose frames must agree with the tileset's
//! reach; the overlap queries use a small range-maximum tree over board rows (30 lines).

use super::geometry::{Reach, SideParity, share_out};
use crate::layout::TilePos;

/// One tile as the column sizing sees it.
#[derive(Clone, Copy, Debug)]
pub(super) struct WideTile {
    pub at: TilePos,
    /// Columns needed left of the band and right of its two columns (with the margins),
    /// at least the backend's least reach.
    pub left: i64,
    pub right: i64,
    /// A straight horizontal wire: any width from a wire's least frame on will do.
    pub stretches: bool,
    /// Joined to the tile above (the same tile column, the row before) by a vertical wire
    /// or as gadgets stacked: both lie in one vertical run.
    pub joins_up: bool,
    /// Joined to the tile before it in its tile row (horizontal wire or side by side).
    pub joins_left: bool,
    /// The tile's rows on the board: first row and height (the row pass's frame).
    pub rows: (i64, i64),
}

/// The columns of a plan: each tile's band column and frame columns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct ColSizes {
    /// Per tile (in the order given), the board column of its vertical run's band; a
    /// horizontal wire tile ignores it.
    pub bands: Vec<i64>,
    /// Per tile (in the order given), the first board column of its frame and its width.
    pub frames: Vec<(i64, i64)>,
    /// Per tile (in the order given), the columns its frame has grown left to abut the
    /// gadget it is joined to side by side: a straight wire along its band.
    pub grown: Vec<i64>,
    /// Board columns in all.
    pub total: i64,
}

impl ColSizes {
    /// Compacted columns (module doc). `tiles` must be in row-major order; `board_rows`
    /// is the height of the board (every tile's rows lie inside).
    pub fn compacted(
        tiles: &[WideTile],
        rows: usize,
        board_rows: i64,
        least: Reach,
        parity: SideParity,
    ) -> Self {
        let unit = parity.side(1);
        let (first, toward_right) = place(tiles, rows, board_rows, least, parity, None);
        if !toward_right.iter().any(|&right| right) {
            return first;
        }
        // One placement held at a time (they are the plan's largest part).
        let (width, length) = (first.total, first.wire_length(tiles));
        drop(first);
        // How far right each run may go within the board's width: the same placement
        // from the right (mirrored), each band read back.
        let mut floors = vec![0; tiles.len()];
        {
            let (mirrored, original) = mirror(tiles);
            let (back, _) = place(&mirrored, rows, board_rows, least, parity, None);
            for (m, &k) in original.iter().enumerate() {
                if toward_right[k] {
                    floors[k] = (width - 2 - back.bands[m]).div_euclid(unit) * unit;
                }
            }
        }
        let (moved, _) = place(tiles, rows, board_rows, least, parity, Some(&floors));
        // Kept only where it shortens the wires (moved runs push others too).
        if moved.wire_length(tiles) < length {
            moved
        } else {
            drop(moved);
            place(tiles, rows, board_rows, least, parity, None).0
        }
    }

    /// The columns of horizontal wire on the board: stretched wire tiles and grown
    /// gadgets.
    fn wire_length(&self, tiles: &[WideTile]) -> i64 {
        let stretched = tiles
            .iter()
            .zip(&self.frames)
            .filter(|(t, _)| t.stretches)
            .map(|(_, &(_, width))| width);
        stretched.chain(self.grown.iter().copied()).sum()
    }
}

/// Places every vertical run as far left as it may go, and at least at the `floors` of its
/// tiles; also says, per tile, whether its run has more wires joining it on the right than
/// on the left (it would rather lie further right: [`ColSizes::compacted`]).
fn place(
    tiles: &[WideTile],
    rows: usize,
    board_rows: i64,
    least: Reach,
    parity: SideParity,
    floors: Option<&[i64]>,
) -> (ColSizes, Vec<bool>) {
    // Columns left of the band and right of it (past its two columns), in units.
    let left = |t: &WideTile| parity.side(t.left);
    let right = |t: &WideTile| parity.side(2 + t.right) - 2;
    let wire_cols = parity.side(parity.side(least.left) + 2 + least.right);
    let span = |t: &WideTile| (t.rows.0, t.rows.0 + t.rows.1);
    let mut order: Vec<usize> = (0..tiles.len()).collect();
    order.sort_by_key(|&i| (tiles[i].at.col, tiles[i].at.row));
    let mut rightmost = RightEdges::new(board_rows);
    // Per tile row: the right edge of its last rigid tile, the wire tiles since, and
    // that tile.
    let mut before = vec![(0i64, 0i64, None::<usize>); rows];
    let mut bands = vec![0i64; tiles.len()];
    let mut frames = vec![(0i64, 0i64); tiles.len()];
    let mut grown = vec![0i64; tiles.len()];
    let mut toward_right = vec![false; tiles.len()];
    let mut i = 0;
    while i < order.len() {
        let first = &tiles[order[i]];
        if first.stretches {
            before[first.at.row as usize].1 += 1;
            i += 1;
            continue;
        }
        let mut end = i + 1;
        while end < order.len() && {
            let (a, b) = (&tiles[order[end - 1]], &tiles[order[end]]);
            !b.stretches && b.joins_up && b.at.col == a.at.col && b.at.row == a.at.row + 1
        } {
            end += 1;
        }
        let run = &order[i..end];
        let mut band = floors.map_or(0, |floors| {
            run.iter().map(|&k| floors[k]).max().unwrap_or(0)
        });
        let joins: i64 = run
            .iter()
            .map(|&k| i64::from(joined_right(tiles, k)) - i64::from(tiles[k].joins_left))
            .sum();
        for &k in run {
            toward_right[k] = joins > 0;
        }
        for &k in run {
            let t = &tiles[k];
            let (edge, wires, _) = before[t.at.row as usize];
            let (top, bottom) = span(t);
            band = band
                .max(edge + wires * wire_cols + left(t))
                .max(rightmost.max(top, bottom) + left(t));
        }
        for &k in run {
            let t = &tiles[k];
            bands[k] = band;
            frames[k] = (band - left(t), left(t) + 2 + right(t));
            let row = &mut before[t.at.row as usize];
            // A gadget joined side by side to the rigid tile before it abuts it: its
            // frame grows left over the gap (a straight wire along its band).
            if let Some(prev) = row
                .2
                .filter(|&p| t.joins_left && row.1 == 0 && tiles[p].at.col + 1 == t.at.col)
            {
                grown[k] = frames[k].0 - (frames[prev].0 + frames[prev].1);
                frames[k] = (frames[k].0 - grown[k], frames[k].1 + grown[k]);
            }
            *row = (frames[k].0 + frames[k].1, 0, Some(k));
            let (top, bottom) = span(t);
            rightmost.raise(top, bottom, frames[k].0 + frames[k].1);
        }
        i = end;
    }
    fit_wires(tiles, wire_cols, parity.side(1), &mut frames);
    let total = frames.iter().map(|&(start, width)| start + width).max();
    let sizes = ColSizes {
        bands,
        frames,
        grown,
        total: total.unwrap_or(0),
    };
    (sizes, toward_right)
}

/// Whether tile `k` (of `tiles`, row-major) is joined to the tile after it in its tile row.
fn joined_right(tiles: &[WideTile], k: usize) -> bool {
    tiles.get(k + 1).is_some_and(|next| {
        next.joins_left && next.at.row == tiles[k].at.row && next.at.col == tiles[k].at.col + 1
    })
}

/// The tiles mirrored left to right (row-major again), and for each mirrored tile the
/// index of its original.
fn mirror(tiles: &[WideTile]) -> (Vec<WideTile>, Vec<usize>) {
    let last = tiles.iter().map(|t| t.at.col).max().unwrap_or(0);
    let mut original: Vec<usize> = (0..tiles.len()).collect();
    original.sort_by_key(|&k| (tiles[k].at.row, std::cmp::Reverse(tiles[k].at.col)));
    let mirrored = original
        .iter()
        .map(|&k| {
            let t = &tiles[k];
            WideTile {
                at: TilePos::new(t.at.row, last - t.at.col),
                left: t.right,
                right: t.left,
                joins_left: joined_right(tiles, k),
                ..*t
            }
        })
        .collect();
    (mirrored, original)
}

/// Gives each run of horizontal wire tiles of a tile row (`tiles` row-major) the gap
/// between the rigid tiles it joins, shared out in whole `unit`s (at least `wire_cols`
/// each); a run with a rigid tile on one side only gets its least width.
fn fit_wires(tiles: &[WideTile], wire_cols: i64, unit: i64, frames: &mut [(i64, i64)]) {
    let neighbours = |a: usize, b: usize| {
        tiles[a].at.row == tiles[b].at.row && tiles[a].at.col + 1 == tiles[b].at.col
    };
    let mut i = 0;
    while i < tiles.len() {
        if !tiles[i].stretches {
            i += 1;
            continue;
        }
        let mut end = i + 1;
        while end < tiles.len() && tiles[end].stretches && neighbours(end - 1, end) {
            end += 1;
        }
        let count = (end - i) as i64;
        let least = count * wire_cols;
        let rigid_before =
            (i > 0 && neighbours(i - 1, i)).then(|| frames[i - 1].0 + frames[i - 1].1);
        let rigid_after = (end < tiles.len() && neighbours(end - 1, end)).then(|| frames[end].0);
        let (start, cols) = match (rigid_before, rigid_after) {
            (Some(start), Some(stop)) => (start, stop - start),
            (Some(start), None) => (start, least),
            (None, Some(stop)) => (stop - least, least),
            // A wire run touching no rigid tile is no part of a net: not in any layout.
            (None, None) => (0, least),
        };
        debug_assert!(
            cols >= least,
            "the band pass leaves room for every wire tile"
        );
        for (frame, part) in frames[i..end]
            .iter_mut()
            .zip(share_out(start, cols, count, unit))
        {
            *frame = part;
        }
        i = end;
    }
}

/// The rightmost frame edge over ranges of board rows: raise a range to at least a value,
/// ask a range's maximum (a segment tree; both in O(log rows)).
struct RightEdges {
    size: usize,
    /// Per node: the largest value raised anywhere in its range.
    most: Vec<i64>,
    /// Per node: the largest value raised over its whole range.
    whole: Vec<i64>,
}

impl RightEdges {
    fn new(rows: i64) -> Self {
        let size = (rows.max(1) as usize).next_power_of_two();
        RightEdges {
            size,
            most: vec![0; 2 * size],
            whole: vec![0; 2 * size],
        }
    }

    /// Raises rows `top..bottom` to at least `value`.
    fn raise(&mut self, top: i64, bottom: i64, value: i64) {
        self.raise_in(1, 0, self.size, top as usize, bottom as usize, value);
    }

    fn raise_in(&mut self, node: usize, lo: usize, hi: usize, a: usize, b: usize, v: i64) {
        if b <= lo || hi <= a {
            return;
        }
        self.most[node] = self.most[node].max(v);
        if a <= lo && hi <= b {
            self.whole[node] = self.whole[node].max(v);
            return;
        }
        let mid = (lo + hi) / 2;
        self.raise_in(2 * node, lo, mid, a, b, v);
        self.raise_in(2 * node + 1, mid, hi, a, b, v);
    }

    /// The largest value raised over any of rows `top..bottom` (0 if none).
    fn max(&self, top: i64, bottom: i64) -> i64 {
        self.max_in(1, 0, self.size, top as usize, bottom as usize)
    }

    fn max_in(&self, node: usize, lo: usize, hi: usize, a: usize, b: usize) -> i64 {
        if b <= lo || hi <= a {
            return 0;
        }
        if a <= lo && hi <= b {
            return self.most[node];
        }
        let mid = (lo + hi) / 2;
        let below =
            self.max_in(2 * node, lo, mid, a, b)
                .max(self.max_in(2 * node + 1, mid, hi, a, b));
        self.whole[node].max(below)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tile(row: u32, col: u32, reach: i64, rows: (i64, i64)) -> WideTile {
        WideTile {
            at: TilePos::new(row, col),
            left: reach,
            right: reach,
            stretches: false,
            joins_up: false,
            joins_left: false,
            rows,
        }
    }

    fn wire(row: u32, col: u32, rows: (i64, i64)) -> WideTile {
        WideTile {
            stretches: true,
            joins_left: true,
            ..tile(row, col, 1, rows)
        }
    }

    const LEAST: Reach = Reach {
        up: 1,
        down: 0,
        left: 1,
        right: 0,
    };

    #[test]
    fn a_wire_gets_short_where_nothing_tall_stands_in_its_rows() {
        // Tile row 0: two small gadgets joined by three wire tiles (board rows 0–4).
        // Tile row 1: a wide gadget under the middle wire tile (board rows 10–30).
        let mut tiles = vec![tile(0, 0, 1, (0, 5))];
        tiles.extend((1..4).map(|col| wire(0, col, (0, 5))));
        tiles.push(WideTile {
            joins_left: true,
            ..tile(0, 4, 1, (0, 5))
        });
        tiles.push(tile(1, 2, 10, (10, 20)));
        let sizes = ColSizes::compacted(&tiles, 2, 30, LEAST, SideParity::Any);
        // Uniform columns would make the wire 3 + 22 + 3 columns long.
        let gap = sizes.frames[4].0 - (sizes.frames[0].0 + sizes.frames[0].1);
        assert_eq!(gap, 3 * 3);
        assert_eq!(sizes.frames[1].0, sizes.frames[0].0 + sizes.frames[0].1);
        assert_eq!(sizes.frames[3].0 + sizes.frames[3].1, sizes.frames[4].0);
        // The wide gadget sits as far left as its own rows allow.
        assert_eq!(sizes.frames[5], (0, 10 + 2 + 10));
        assert_eq!(sizes.total, 22);
    }

    #[test]
    fn tiles_whose_rows_overlap_stay_apart_and_in_order() {
        // A pseudo-random grid: each tile a gadget or a horizontal wire, rows from a
        // per-row band with random reach up and down, gadgets stacked in runs.
        let mut seed = 0x2545_f491_u64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n) as i64
        };
        for _ in 0..200 {
            let (rows, cols) = (6u32, 7u32);
            let mut tiles = Vec::new();
            for row in 0..rows {
                let band = 8 * i64::from(row);
                for col in 0..cols {
                    let up = 1 + next(6);
                    let down = next(6);
                    let rows = (band - up + 6, up + 2 + down);
                    let t = if next(3) == 0 {
                        wire(row, col, rows)
                    } else {
                        WideTile {
                            joins_up: next(2) == 0,
                            joins_left: next(2) == 0,
                            ..tile(row, col, 1 + next(8), rows)
                        }
                    };
                    tiles.push(t);
                }
            }
            let sizes = ColSizes::compacted(&tiles, rows as usize, 60, LEAST, SideParity::Any);
            let tight = |i: usize| {
                let t = &tiles[i];
                (sizes.bands[i] - t.left, sizes.bands[i] + 2 + t.right)
            };
            let overlap = |a: (i64, i64), b: (i64, i64)| a.0 < b.1 && b.0 < a.1;
            let rows_of = |t: &WideTile| (t.rows.0, t.rows.0 + t.rows.1);
            for a in 0..tiles.len() {
                for b in a + 1..tiles.len() {
                    let (ta, tb) = (&tiles[a], &tiles[b]);
                    if ta.stretches || tb.stretches {
                        continue;
                    }
                    if ta.at.col == tb.at.col && ta.at.row + 1 == tb.at.row && tb.joins_up {
                        assert_eq!(sizes.bands[a], sizes.bands[b], "a run has one band");
                    }
                    if ta.at.col != tb.at.col && overlap(rows_of(ta), rows_of(tb)) {
                        let (first, second) = if ta.at.col < tb.at.col {
                            (a, b)
                        } else {
                            (b, a)
                        };
                        assert!(tight(first).1 <= tight(second).0, "{tiles:?}");
                    }
                }
            }
            // Every wire tile fills the gap between its neighbours, at least 3 wide.
            for (i, t) in tiles.iter().enumerate() {
                if t.stretches && i > 0 && tiles[i - 1].at.row == t.at.row {
                    let before = sizes.frames[i - 1];
                    assert_eq!(before.0 + before.1, sizes.frames[i].0);
                    assert!(sizes.frames[i].1 >= 3);
                }
            }
        }
    }

    #[test]
    fn gadgets_side_by_side_abut() {
        // Column 0: a narrow gadget over a wide one; column 1: a gadget joined side by
        // side to the narrow one, over a gadget beside the wide one (each column a run).
        let tiles = [
            tile(0, 0, 1, (0, 10)),
            WideTile {
                joins_left: true,
                ..tile(0, 1, 1, (0, 10))
            },
            WideTile {
                joins_up: true,
                ..tile(1, 0, 9, (10, 10))
            },
            WideTile {
                joins_up: true,
                ..tile(1, 1, 1, (10, 10))
            },
        ];
        let sizes = ColSizes::compacted(&tiles, 2, 20, LEAST, SideParity::Any);
        // Column 0's band is set by the wide gadget, column 1's by the wide gadget's
        // right edge; the gadget joined side by side grows left to abut the narrow one.
        assert_eq!((sizes.bands[0], sizes.bands[1]), (9, 21));
        assert_eq!(sizes.frames[0], (8, 4));
        assert_eq!(sizes.frames[1], (12, 12));
        assert_eq!(sizes.frames[3], (20, 4));
        assert_eq!(sizes.total, 24);
    }

    #[test]
    fn a_run_joined_on_its_right_lies_as_far_right_as_the_columns_allow() {
        // Tile row 0: a gadget joined by two wire tiles to a gadget that a wide gadget
        // of tile row 1 (column 2, overlapping the second gadget's rows only) holds off.
        let tiles = [
            tile(0, 0, 1, (0, 3)),
            wire(0, 1, (0, 6)),
            wire(0, 2, (0, 6)),
            WideTile {
                joins_left: true,
                ..tile(0, 3, 1, (0, 6))
            },
            tile(1, 2, 20, (4, 10)),
        ];
        let sizes = ColSizes::compacted(&tiles, 2, 14, LEAST, SideParity::Any);
        // Placed as far left as it goes, the first gadget would leave 38 columns of wire.
        assert_eq!(sizes.total, 46);
        assert_eq!(sizes.bands[0], 33);
        assert_eq!((sizes.frames[1].1, sizes.frames[2].1), (3, 3));
    }
}
