//! The nodes and nets of a layout being routed ([`Circuit`]), shared by the one-sided
//! router ([`super::place`]) and the spine router ([`super::spine`]), and the clean-up
//! that finishes a layout: straightened nets, empty rows dropped, crossings declared.

use std::collections::HashMap;

use sat2chess_core::formula::Var;
use sat2chess_core::label::Direction;

use super::geometry;
use super::order::Occurrences;
use super::{Endpoint, Layout, Net, Node, NodeId, NodeKind, Port, TilePos};

/// A signal on its way: its source and the tiles it has run through so far.
pub(super) type Signal = (Endpoint, Vec<TilePos>);
/// The partial path of every literal, by (clause, position).
pub(super) type LiteralPaths = HashMap<(usize, usize), Signal>;

/// The nodes and nets of a layout being routed.
#[derive(Default)]
pub(super) struct Circuit {
    nodes: Vec<Node>,
    nets: Vec<Net>,
}

impl Circuit {
    pub(super) fn add_node(&mut self, kind: NodeKind, at: TilePos) -> NodeId {
        self.nodes.push(Node { kind, at });
        self.nodes.len() - 1
    }

    pub(super) fn add_net(&mut self, source: Endpoint, sink: Endpoint, path: Vec<TilePos>) {
        self.nets.push(Net {
            source,
            sink,
            path,
            crossings: Vec::new(),
        });
    }

    /// A gate (or the 1-test, one input) at `at` fed by `inputs` in port order; each
    /// input's path is completed to `at`. Returns the gate's output signal.
    pub(super) fn add_gate(&mut self, kind: NodeKind, at: TilePos, inputs: Vec<Signal>) -> Signal {
        let node = self.add_node(kind, at);
        for (port, (source, mut path)) in inputs.into_iter().enumerate() {
            path.push(at);
            let port = Port::Input(port as u8);
            self.add_net(source, Endpoint { node, port }, path);
        }
        let port = Port::Output;
        (Endpoint { node, port }, vec![at])
    }

    /// Variable `v`'s gadget (Lemma 5.7) at `at`, its literal occurrences on the rows
    /// `row_of` gives: the upper literal leaves north up `at`'s column to its track; the
    /// lower one leaves toward `lower_side` — along its own track when `at` lies on it,
    /// else down its column, or, when both literals share a clause (`beside`), one
    /// column east and north. Records both partial paths.
    pub(super) fn add_variable(
        &mut self,
        v: usize,
        occ: &Occurrences,
        row_of: impl Fn((usize, usize)) -> u32,
        at: TilePos,
        (lower_side, beside): (Direction, bool),
        paths: &mut LiteralPaths,
    ) {
        let positive_upper = row_of(occ.positive) < row_of(occ.negative);
        let (upper, lower) = if positive_upper {
            (occ.positive, occ.negative)
        } else {
            (occ.negative, occ.positive)
        };
        let (positive, negative) = if positive_upper {
            (Direction::North, lower_side)
        } else {
            (lower_side, Direction::North)
        };
        let node = self.add_node(
            NodeKind::Variable {
                var: Var(v as u32),
                positive,
                negative,
            },
            at,
        );
        let port = |is_positive: bool| Endpoint {
            node,
            port: if is_positive {
                Port::Positive
            } else {
                Port::Negative
            },
        };
        let (col, lower_track) = (at.col, row_of(lower));
        let upper_path = vec![at, TilePos::new(row_of(upper), col)];
        let lower_path = if beside {
            vec![
                at,
                TilePos::new(at.row, col + 1),
                TilePos::new(lower_track, col + 1),
            ]
        } else if at.row == lower_track {
            vec![at]
        } else {
            vec![at, TilePos::new(lower_track, col)]
        };
        paths.insert(upper, (port(positive_upper), upper_path));
        paths.insert(lower, (port(!positive_upper), lower_path));
    }

    /// Straightens the nets, drops rows holding neither a node nor a horizontal wire
    /// (gap rows no variable sits in: vertical wires just get shorter) and declares a
    /// crossing node wherever two nets cross.
    pub(super) fn finish(mut self, cols: u32) -> Layout {
        for net in &mut self.nets {
            net.path.dedup();
            merge_collinear(&mut net.path);
        }
        let rows = drop_empty_rows(&mut self.nodes, &mut self.nets);
        add_crossings(&mut self.nodes, &mut self.nets);
        Layout {
            nodes: self.nodes,
            nets: self.nets,
            rows,
            cols,
        }
    }
}

/// Removes rows holding neither a node nor a horizontal wire. Returns the number of rows
/// left.
fn drop_empty_rows(nodes: &mut [Node], nets: &mut [Net]) -> u32 {
    let mut used: Vec<u32> = nodes.iter().map(|n| n.at.row).collect();
    for net in nets.iter() {
        used.extend(
            net.path
                .windows(2)
                .filter(|w| w[0].row == w[1].row)
                .map(|w| w[0].row),
        );
    }
    used.sort_unstable();
    used.dedup();
    let new_row = |row: u32| used.partition_point(|&r| r < row) as u32;
    for node in nodes.iter_mut() {
        node.at.row = new_row(node.at.row);
    }
    for point in nets.iter_mut().flat_map(|n| &mut n.path) {
        point.row = new_row(point.row);
    }
    used.len() as u32
}

/// Declares a crossing node at every point where two nets cross.
fn add_crossings(nodes: &mut Vec<Node>, nets: &mut [Net]) {
    let points = geometry::crossing_points(nets);
    let mut on_net: Vec<Vec<(u64, NodeId)>> = vec![Vec::new(); nets.len()];
    for point in points {
        nodes.push(Node {
            kind: NodeKind::Crossing {
                through: point.vertical,
                replaced: point.horizontal,
            },
            at: point.at,
        });
        let node = nodes.len() - 1;
        for net in [point.vertical, point.horizontal] {
            let distance = geometry::distance_along(&nets[net].path, point.at);
            on_net[net].push((distance, node));
        }
    }
    for (net, mut list) in on_net.into_iter().enumerate() {
        list.sort_unstable();
        nets[net].crossings = list.into_iter().map(|(_, node)| node).collect();
    }
}

/// Drops corner points that lie on a straight line between their neighbours.
fn merge_collinear(path: &mut Vec<TilePos>) {
    let mut merged: Vec<TilePos> = Vec::with_capacity(path.len());
    for &point in path.iter() {
        if merged.len() >= 2 {
            let (a, b) = (merged[merged.len() - 2], merged[merged.len() - 1]);
            if (a.row == b.row && b.row == point.row) || (a.col == b.col && b.col == point.col) {
                merged.pop();
            }
        }
        merged.push(point);
    }
    *path = merged;
}
