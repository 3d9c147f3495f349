//! Segment geometry of nets: an index of horizontal and vertical segments, the contacts
//! between them, and the per-tile view for backends.

use super::{Layout, NetId, NodeKind, Tile, TilePos, opposite, step_direction};

/// One straight piece of a net: segment `index` of its path, at row (horizontal) or column
/// (vertical) `fixed`, covering `lo..=hi` along the other axis.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Segment {
    pub net: NetId,
    pub index: usize,
    pub fixed: u32,
    pub lo: u32,
    pub hi: u32,
}

impl Segment {
    pub fn contains(&self, along: u32) -> bool {
        self.lo <= along && along <= self.hi
    }

    pub(crate) fn interior(&self, along: u32) -> bool {
        self.lo < along && along < self.hi
    }
}

/// A point where a horizontal and a vertical segment meet.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Contact {
    pub at: TilePos,
    pub horizontal: Segment,
    pub(crate) vertical: Segment,
}

/// All segments, horizontal ones grouped by row and vertical ones by column, each group
/// sorted by `lo`. Segments with equal ends (a one-point path) are not expected.
pub(crate) struct SegmentIndex {
    pub by_row: Vec<Vec<Segment>>,
    pub by_col: Vec<Vec<Segment>>,
}

impl SegmentIndex {
    pub fn new(nets: &[super::Net]) -> SegmentIndex {
        let (mut rows, mut cols) = (0usize, 0usize);
        for point in nets.iter().flat_map(|n| &n.path) {
            rows = rows.max(point.row as usize + 1);
            cols = cols.max(point.col as usize + 1);
        }
        let mut by_row = vec![Vec::new(); rows];
        let mut by_col = vec![Vec::new(); cols];
        for (net, n) in nets.iter().enumerate() {
            for (index, w) in n.path.windows(2).enumerate() {
                let (a, b) = (w[0], w[1]);
                if a.row == b.row {
                    by_row[a.row as usize].push(Segment {
                        net,
                        index,
                        fixed: a.row,
                        lo: a.col.min(b.col),
                        hi: a.col.max(b.col),
                    });
                } else {
                    by_col[a.col as usize].push(Segment {
                        net,
                        index,
                        fixed: a.col,
                        lo: a.row.min(b.row),
                        hi: a.row.max(b.row),
                    });
                }
            }
        }
        for list in by_row.iter_mut().chain(&mut by_col) {
            list.sort_unstable_by_key(|s| (s.lo, s.hi, s.net, s.index));
        }
        SegmentIndex { by_row, by_col }
    }

    /// Horizontal segments containing `at`.
    pub(crate) fn horizontal_at(&self, at: TilePos) -> impl Iterator<Item = &Segment> {
        covering(self.by_row.get(at.row as usize), at.col)
    }

    /// Vertical segments containing `at`.
    pub(crate) fn vertical_at(&self, at: TilePos) -> impl Iterator<Item = &Segment> {
        covering(self.by_col.get(at.col as usize), at.row)
    }

    /// Every point where a vertical segment meets a horizontal one, bends included.
    pub(crate) fn contacts(&self) -> impl Iterator<Item = Contact> + '_ {
        self.by_col.iter().flatten().flat_map(move |vertical| {
            (vertical.lo..=vertical.hi).flat_map(move |row| {
                let at = TilePos::new(row, vertical.fixed);
                self.horizontal_at(at).map(move |horizontal| Contact {
                    at,
                    horizontal: *horizontal,
                    vertical: *vertical,
                })
            })
        })
    }
}

/// Segments of a sorted group containing `along`. Groups are short or non-overlapping,
/// so a scan of the segments starting at or before `along` suffices.
fn covering(group: Option<&Vec<Segment>>, along: u32) -> impl Iterator<Item = &Segment> {
    let group = group.map(Vec::as_slice).unwrap_or_default();
    let end = group.partition_point(|s| s.lo <= along);
    group[..end].iter().rev().filter(move |s| s.contains(along))
}

/// A proper crossing: interiors of a horizontal and a vertical segment of different nets.
pub(crate) struct CrossingPoint {
    pub at: TilePos,
    pub horizontal: NetId,
    pub(crate) vertical: NetId,
}

/// All proper crossings, sorted by position.
pub(crate) fn crossing_points(nets: &[super::Net]) -> Vec<CrossingPoint> {
    let index = SegmentIndex::new(nets);
    let mut points: Vec<CrossingPoint> = index
        .contacts()
        .filter(|c| {
            c.horizontal.net != c.vertical.net
                && c.horizontal.interior(c.at.col)
                && c.vertical.interior(c.at.row)
        })
        .map(|c| CrossingPoint {
            at: c.at,
            horizontal: c.horizontal.net,
            vertical: c.vertical.net,
        })
        .collect();
    points.sort_unstable_by_key(|p| p.at);
    points
}

/// Steps along `path` from its start to `at` (which must lie on the path).
pub(crate) fn distance_along(path: &[TilePos], at: TilePos) -> u64 {
    let mut travelled = 0u64;
    for w in path.windows(2) {
        let (a, b) = (w[0], w[1]);
        let on_segment = (a.row == b.row && at.row == a.row && between(at.col, a.col, b.col))
            || (a.col == b.col && at.col == a.col && between(at.row, a.row, b.row));
        if on_segment {
            return travelled + u64::from(a.row.abs_diff(at.row) + a.col.abs_diff(at.col));
        }
        travelled += u64::from(a.row.abs_diff(b.row) + a.col.abs_diff(b.col));
    }
    travelled
}

fn between(x: u32, a: u32, b: u32) -> bool {
    a.min(b) <= x && x <= a.max(b)
}

impl Layout {
    /// Every used tile with its content, row-major. Allocates one entry per used tile.
    pub fn tiles(&self) -> Vec<(TilePos, Tile)> {
        tiles(self)
    }
}

/// The per-tile view of a layout, row-major.
fn tiles(layout: &Layout) -> Vec<(TilePos, Tile)> {
    let mut tiles: Vec<(TilePos, Tile)> = Vec::new();
    for (node, n) in layout.nodes.iter().enumerate() {
        if !matches!(n.kind, NodeKind::Crossing { .. }) {
            tiles.push((n.at, Tile::Gadget { node }));
        }
    }
    for (id, net) in layout.nets.iter().enumerate() {
        // Crossings are listed in signal order, so they come up one after another.
        let mut crossings = net.crossings.iter().copied().peekable();
        let path = &net.path;
        for (i, w) in path.windows(2).enumerate() {
            let Some(flow) = step_direction(w[0], w[1]) else {
                continue;
            };
            let (dr, dc) = flow.delta();
            let mut at = w[0];
            loop {
                at = TilePos::new(
                    (i64::from(at.row) + dr) as u32,
                    (i64::from(at.col) + dc) as u32,
                );
                if at == w[1] {
                    break;
                }
                match crossings.next_if(|&c| layout.nodes[c].at == at) {
                    Some(node) => {
                        // Emit each crossing once, from its through net.
                        let through = matches!(
                            layout.nodes[node].kind,
                            NodeKind::Crossing { through, .. } if through == id
                        );
                        if through {
                            tiles.push((at, crossing_tile(layout, node)));
                        }
                    }
                    None => tiles.push((at, Tile::Wire { flow })),
                }
            }
            // The corner at the end of this segment, unless it is the sink node.
            if let Some(next) = path.get(i + 2).and_then(|&p| step_direction(w[1], p)) {
                tiles.push((
                    w[1],
                    Tile::Corner {
                        from: opposite(flow),
                        to: next,
                    },
                ));
            }
        }
    }
    tiles.sort_unstable_by_key(|(at, _)| *at);
    tiles
}

fn crossing_tile(layout: &Layout, node: usize) -> Tile {
    let NodeKind::Crossing { through, replaced } = layout.nodes[node].kind else {
        unreachable!("crossing_tile is called on crossing nodes");
    };
    let at = layout.nodes[node].at;
    let flow_of = |net: NetId| {
        let path = &layout.nets[net].path;
        path.windows(2)
            .find(|w| distance_along(w, at) > 0 && distance_along(w, at) < segment_len(w))
            .and_then(|w| step_direction(w[0], w[1]))
            .expect("a crossing lies inside a segment of each of its nets")
    };
    Tile::Crossing {
        node,
        through: flow_of(through),
        replaced: flow_of(replaced),
    }
}

fn segment_len(w: &[TilePos]) -> u64 {
    u64::from(w[0].row.abs_diff(w[1].row) + w[0].col.abs_diff(w[1].col))
}
