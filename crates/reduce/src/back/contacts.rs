//! Structural checks of a compiled board or tile: two pieces of different elements may
//! only attack each other when one stands on an input column of the other's element (the
//! contact the gadget verifier saw), no square is used twice, every column is connected,
//! and the capture graph is connected. Attacks are the steps of the backend's piece
//! ([`attack_steps`]: leapers, King and Knight; a slider backend needs a line-of-sight
//! version of these checks).

use std::collections::VecDeque;

use rustc_hash::{FxHashMap, FxHashSet};

use sat2chess_core::board::Square;

use super::element::Element;
use super::geometry::{Column, P, to_square};
use super::{Backend, BackendError};

/// The (Δrow, Δcol) at which two of the backend's pieces attack each other.
pub(crate) fn attack_steps<B: Backend>() -> Result<&'static [P], BackendError> {
    match sat2chess_core::rules::steps(B::PIECE) {
        [] => Err(BackendError::NotLeaper(B::PIECE.name())),
        steps => Ok(steps),
    }
}

/// Checks that pieces of different elements attack each other only across an input
/// column and that no square is used twice. Returns the owner of every square.
pub(crate) fn check_contacts<B: Backend>(
    elements: &[Element],
) -> Result<FxHashMap<P, usize>, BackendError> {
    let square = |p: P| Square::new((p.0 + 1).max(0) as u32, (p.1 + 1).max(0) as u32);
    let mut owner: FxHashMap<P, usize> = FxHashMap::default();
    owner.reserve(elements.iter().map(|e| e.pieces.len()).sum());
    for (id, e) in elements.iter().enumerate() {
        for &(p, _) in &e.pieces {
            if let Some(&other) = owner.get(&p) {
                return Err(BackendError::Contact {
                    first: element_name(&elements[other], other),
                    second: element_name(&elements[id], id),
                    a: square(p),
                    b: square(p),
                });
            }
            owner.insert(p, id);
        }
    }
    let feeds = |p: P, consumer: usize| elements[consumer].inputs.iter().any(|c| c.contains(&p));
    // Each attacking pair once: the offsets after (0, 0) in row-major order.
    let forward: Vec<P> = attack_steps::<B>()?
        .iter()
        .copied()
        .filter(|&d| d > (0, 0))
        .collect();
    for (&p, &a) in &owner {
        for &(dr, dc) in &forward {
            let q = (p.0 + dr, p.1 + dc);
            let Some(&b) = owner.get(&q) else { continue };
            if a != b && !feeds(p, b) && !feeds(q, a) {
                return Err(BackendError::Contact {
                    first: element_name(&elements[a], a),
                    second: element_name(&elements[b], b),
                    a: square(p),
                    b: square(q),
                });
            }
        }
    }
    Ok(owner)
}

/// An element and its board-wide index, for messages.
fn element_name(e: &Element, id: usize) -> String {
    match e.flow {
        Some(flow) => format!("wire column (flow {})", flow.letter()),
        None => format!("gadget #{id}"),
    }
}

/// Every input column of `elements[range]` has a producer and every output column a
/// consumer in `elements`, whose first element has the board-wide index `base`.
fn dangling(
    elements: &[Element],
    range: std::ops::Range<usize>,
    base: usize,
) -> Result<(), BackendError> {
    let (produced, consumed) = produced_and_consumed(elements);
    for id in range {
        let e = &elements[id];
        let dangling = e
            .inputs
            .iter()
            .find(|c| !produced.contains(*c))
            .or_else(|| e.outputs.iter().find(|c| !consumed.contains(*c)));
        if let Some(column) = dangling {
            return Err(BackendError::Design {
                design: element_name(e, base + id),
                reason: format!("column at {} is not connected", to_square(column[0])),
            });
        }
    }
    Ok(())
}

/// The signal columns elements produce (outputs) and consume (inputs).
pub(crate) fn produced_and_consumed(
    elements: &[Element],
) -> (FxHashSet<Column>, FxHashSet<Column>) {
    let produced = elements
        .iter()
        .flat_map(|e| e.outputs.iter().copied())
        .collect();
    let consumed = elements
        .iter()
        .flat_map(|e| e.inputs.iter().copied())
        .collect();
    (produced, consumed)
}

/// How many tile rows [`check_board`] holds: a column's producer and consumer lie in
/// neighbouring tiles, and a tile of one tile column attacks only into its neighbouring
/// tile rows (tiles are higher than any attack step); tiles of other columns and far tile
/// rows that compacted columns put side by side are checked by [`check_far_contacts`].
const WINDOW_ROWS: usize = 3;

/// Checks a whole board given tile row by tile row, holding [`WINDOW_ROWS`] of them: the
/// checks of [`check_contacts`], that every input column has a producer and every output
/// column a consumer, and that the capture graph is
/// connected. Components are counted by a union–find over the window's squares; a
/// component is closed when the last tile row holding one of its squares leaves the
/// window, and a connected board closes exactly one.
pub(crate) fn check_board<B: Backend>(
    tile_rows: impl Iterator<Item = Vec<Element>>,
) -> Result<(), BackendError> {
    let steps = attack_steps::<B>()?;
    let mut window = Window::default();
    for row in tile_rows {
        window.add(row, steps)?;
        // The row before the new one now has both its neighbours in the window.
        if let Some(complete) = window.rows.len().checked_sub(2) {
            window.check_columns(complete)?;
        }
        if window.rows.len() == WINDOW_ROWS {
            window.drop_oldest();
        }
    }
    if let Some(last) = window.rows.len().checked_sub(1) {
        window.check_columns(last)?;
    }
    while !window.rows.is_empty() {
        window.drop_oldest();
    }
    match window.closed {
        0 | 1 => Ok(()),
        components => Err(BackendError::Disconnected { components }),
    }
}

/// One tile as [`check_far_contacts`] sees it: its tile row and its frame on the board
/// (top-left point and size).
#[derive(Clone, Copy, Debug)]
pub(crate) struct TileFrame {
    pub tile_row: u32,
    pub origin: P,
    pub size: P,
}

/// Board rows per bucket of [`check_far_contacts`].
const BUCKET_ROWS: i64 = 64;

/// Checks the pieces of every two tiles that [`check_board`]'s window never holds together
/// (tile rows [`WINDOW_ROWS`] or more apart) but whose frames come within an attack step
/// of each other: compacted columns put tiles of far tile rows side by side, and no piece
/// of one may attack a piece of the other (no wire joins them). `elements(i)` gives tile
/// `i`'s elements. Returns the number of such pairs checked.
pub(crate) fn check_far_contacts<B: Backend>(
    frames: &[TileFrame],
    elements: impl Fn(usize) -> Vec<Element>,
) -> Result<usize, BackendError> {
    let steps = attack_steps::<B>()?;
    let reach = steps
        .iter()
        .map(|&(dr, dc)| dr.abs().max(dc.abs()))
        .max()
        .unwrap_or(0);
    let rows = |f: &TileFrame| (f.origin.0 - reach, f.origin.0 + f.size.0 + reach);
    let first_bucket = |f: &TileFrame| rows(f).0.div_euclid(BUCKET_ROWS);
    let mut buckets: FxHashMap<i64, Vec<usize>> = FxHashMap::default();
    for (i, f) in frames.iter().enumerate() {
        let (top, bottom) = rows(f);
        for bucket in top.div_euclid(BUCKET_ROWS)..=(bottom - 1).div_euclid(BUCKET_ROWS) {
            buckets.entry(bucket).or_default().push(i);
        }
    }
    let near = |a: &TileFrame, b: &TileFrame| {
        let (top, bottom) = rows(a);
        let (left, right) = (a.origin.1 - reach, a.origin.1 + a.size.1 + reach);
        top < b.origin.0 + b.size.0
            && b.origin.0 < bottom
            && left < b.origin.1 + b.size.1
            && b.origin.1 < right
    };
    let mut checked = 0;
    for (&bucket, tiles) in &mut buckets {
        tiles.sort_unstable_by_key(|&i| frames[i].origin.1);
        for (k, &a) in tiles.iter().enumerate() {
            let right = frames[a].origin.1 + frames[a].size.1 + reach;
            for &b in tiles[k + 1..]
                .iter()
                .take_while(|&&b| frames[b].origin.1 < right)
            {
                let (fa, fb) = (&frames[a], &frames[b]);
                // Each pair in the first bucket holding both.
                let far = fa.tile_row.abs_diff(fb.tile_row) as usize >= WINDOW_ROWS;
                if !far || first_bucket(fa).max(first_bucket(fb)) != bucket || !near(fa, fb) {
                    continue;
                }
                checked += 1;
                let (one, other) = (elements(a), elements(b));
                let held: FxHashMap<P, usize> = one
                    .iter()
                    .enumerate()
                    .flat_map(|(id, e)| e.pieces.iter().map(move |&(p, _)| (p, id)))
                    .collect();
                for (id, e) in other.iter().enumerate() {
                    for &(p, _) in &e.pieces {
                        let hit = steps
                            .iter()
                            .map(|&(dr, dc)| (p.0 + dr, p.1 + dc))
                            .chain([p])
                            .find_map(|q| held.get(&q).map(|&h| (q, h)));
                        if let Some((q, h)) = hit {
                            return Err(BackendError::Contact {
                                first: element_name(&one[h], h),
                                second: element_name(e, id),
                                a: to_square(q),
                                b: to_square(p),
                            });
                        }
                    }
                }
            }
        }
    }
    Ok(checked)
}

/// The tile rows [`check_board`] holds, their squares' owners and a union–find over them.
/// Squares are numbered in the order they are added (board-wide node numbers), so the
/// oldest tile row's squares are always the first held nodes.
#[derive(Default)]
struct Window {
    elements: VecDeque<Element>,
    /// Board-wide index of `elements[0]`.
    base: usize,
    /// Elements per held tile row, oldest first.
    rows: VecDeque<usize>,
    /// Each held square's element and node.
    owner: FxHashMap<P, (usize, usize)>,
    /// Union–find parents of the held nodes (board-wide node numbers).
    parent: VecDeque<usize>,
    /// Board-wide number of `parent[0]`.
    first_node: usize,
    /// Components whose squares have all left the window.
    closed: usize,
}

impl Window {
    fn element(&self, id: usize) -> &Element {
        &self.elements[id - self.base]
    }

    fn name(&self, id: usize) -> String {
        element_name(self.element(id), id)
    }

    /// The root of `node` (path halving).
    fn root(&mut self, mut node: usize) -> usize {
        loop {
            let up = self.parent[node - self.first_node];
            if up == node {
                return node;
            }
            let grand = self.parent[up - self.first_node];
            self.parent[node - self.first_node] = grand;
            node = grand;
        }
    }

    /// Joins the components of two nodes under the older root.
    fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.root(a), self.root(b));
        let (old, new) = (ra.min(rb), ra.max(rb));
        self.parent[new - self.first_node] = old;
    }

    /// Adds a tile row: its squares must be new and may attack held squares only across
    /// an input column.
    fn add(&mut self, row: Vec<Element>, steps: &[P]) -> Result<(), BackendError> {
        let first = self.base + self.elements.len();
        self.rows.push_back(row.len());
        self.elements.extend(row);
        let last = self.base + self.elements.len();
        for id in first..last {
            for i in 0..self.element(id).pieces.len() {
                let p = self.element(id).pieces[i].0;
                let node = self.first_node + self.parent.len();
                if let Some(&(other, _)) = self.owner.get(&p) {
                    return Err(BackendError::Contact {
                        first: self.name(other),
                        second: self.name(id),
                        a: to_square(p),
                        b: to_square(p),
                    });
                }
                self.owner.insert(p, (id, node));
                self.parent.push_back(node);
            }
        }
        let feeds = |w: &Window, p: P, consumer: usize| {
            w.element(consumer).inputs.iter().any(|c| c.contains(&p))
        };
        for a in first..last {
            for i in 0..self.element(a).pieces.len() {
                let p = self.element(a).pieces[i].0;
                let node = self.owner[&p].1;
                for &(dr, dc) in steps {
                    let q = (p.0 + dr, p.1 + dc);
                    let Some(&(b, other)) = self.owner.get(&q) else {
                        continue;
                    };
                    if a != b && !feeds(self, p, b) && !feeds(self, q, a) {
                        return Err(BackendError::Contact {
                            first: self.name(a.min(b)),
                            second: self.name(a.max(b)),
                            a: to_square(p),
                            b: to_square(q),
                        });
                    }
                    self.union(node, other);
                }
            }
        }
        Ok(())
    }

    /// Every input column of held tile row `row` has a producer and every output column a
    /// consumer among the held rows.
    fn check_columns(&mut self, row: usize) -> Result<(), BackendError> {
        let start: usize = self.rows.iter().take(row).sum();
        let range = start..start + self.rows[row];
        dangling(self.elements.make_contiguous(), range, self.base)
    }

    /// Lets the oldest tile row go, counting the components it closes, and re-roots the
    /// union–find on the nodes that stay.
    fn drop_oldest(&mut self) {
        let Some(count) = self.rows.pop_front() else {
            return;
        };
        let mut leaving = 0;
        for e in self.elements.drain(..count) {
            for (p, _) in e.pieces {
                self.owner.remove(&p);
                leaving += 1;
            }
        }
        self.base += count;
        let kept = self.first_node + leaving;
        let mut new_root: FxHashMap<usize, usize> = FxHashMap::default();
        for node in kept..self.first_node + self.parent.len() {
            let root = self.root(node);
            self.parent[node - self.first_node] = if root < kept {
                *new_root.entry(root).or_insert(node)
            } else {
                root
            };
        }
        let leaving_roots: FxHashSet<usize> = (self.first_node..kept)
            .map(|node| self.root(node))
            .collect();
        self.closed += leaving_roots
            .iter()
            .filter(|&&root| root < kept && !new_root.contains_key(&root))
            .count();
        self.parent.drain(..leaving);
        self.first_node = kept;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::back::element::Role;
    use crate::back::king::King;

    fn wire(pieces: &[P]) -> Element {
        Element {
            gadget: None,
            pieces: pieces.iter().map(|&p| (p, 2)).collect(),
            inputs: Vec::new(),
            outputs: Vec::new(),
            flow: Some(sat2chess_core::label::Direction::East),
            role: Role::Plain,
        }
    }

    #[test]
    fn far_tiles_side_by_side_are_checked_piece_by_piece() {
        // Tile rows 0 and 5 (never in one window), frames side by side on the board.
        let frames = [
            TileFrame {
                tile_row: 0,
                origin: (0, 0),
                size: (4, 4),
            },
            TileFrame {
                tile_row: 5,
                origin: (0, 4),
                size: (4, 4),
            },
        ];
        let apart = |i: usize| vec![wire(&[(1, [2, 5][i]), (2, [2, 5][i])])];
        assert_eq!(check_far_contacts::<King>(&frames, apart).unwrap(), 1);
        let touching = |i: usize| vec![wire(&[(1, [3, 4][i]), (2, [3, 4][i])])];
        let error = check_far_contacts::<King>(&frames, touching).unwrap_err();
        assert!(matches!(error, BackendError::Contact { .. }), "{error}");
        // Tile rows 0 and 2 share the window: left to `check_board`.
        let near = [
            frames[0],
            TileFrame {
                tile_row: 2,
                ..frames[1]
            },
        ];
        assert_eq!(check_far_contacts::<King>(&near, touching).unwrap(), 0);
    }
}
