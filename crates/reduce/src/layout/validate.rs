//! Independent checker for layouts: wiring as the formula says, geometry (wires meet only
//! at declared proper crossings, nothing overlaps), acyclic signal flow.

use std::collections::{HashMap, VecDeque};

use thiserror::Error;

use sat2chess_core::formula::{AndOrClause, AndOrFormula, Lit};
use sat2chess_core::label::Direction;

use super::geometry::{Segment, SegmentIndex, distance_along};
use super::plan::clause_gates;
use super::{
    Endpoint, GateOp, GateRole, Layout, NetId, NodeId, NodeKind, Port, TilePos, opposite,
    step_direction,
};

/// A defect found by [`validate`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ValidationError {
    #[error("node {node} at {at:?} lies outside the {rows}×{cols} grid")]
    OffGrid {
        node: NodeId,
        at: TilePos,
        rows: u32,
        cols: u32,
    },
    #[error("nodes {first} and {second} share tile {at:?}")]
    SharedTile {
        at: TilePos,
        first: NodeId,
        second: NodeId,
    },
    #[error("net {net}: {reason}")]
    BadPath { net: NetId, reason: String },
    #[error("port {port:?} of node {node} is used by {count} nets (expected exactly one)")]
    PortUse {
        node: NodeId,
        port: Port,
        count: usize,
    },
    #[error("net {net} passes through node {node} at {at:?}")]
    WireThroughNode {
        net: NetId,
        node: NodeId,
        at: TilePos,
    },
    #[error("nets {first} and {second} touch or overlap at {at:?}")]
    Contact {
        at: TilePos,
        first: NetId,
        second: NetId,
    },
    #[error("nets {first} and {second} cross at {at:?} without a crossing node")]
    UndeclaredCrossing {
        at: TilePos,
        first: NetId,
        second: NetId,
    },
    #[error("crossing node {node} is not a proper crossing of its two nets")]
    BadCrossing { node: NodeId },
    #[error("net {net} lists its crossings wrongly (expected {expected:?} in signal order)")]
    CrossingList { net: NetId, expected: Vec<NodeId> },
    #[error("variable {var}: {reason}")]
    Variable { var: usize, reason: String },
    #[error("clause {clause}, gate {step}: {reason}")]
    ClauseGate {
        clause: usize,
        step: usize,
        reason: String,
    },
    #[error("conjunction tree: {reason}")]
    Tree { reason: String },
    #[error("signal flow has a cycle through node {node}")]
    Cycle { node: NodeId },
}

/// Checks `layout` against `formula`; `Ok` means a backend may stamp it as is.
pub fn validate(formula: &AndOrFormula, layout: &Layout) -> Result<(), ValidationError> {
    check_nodes(layout)?;
    check_ports(layout)?;
    check_paths(layout)?;
    check_contacts(layout)?;
    check_crossing_lists(layout)?;
    check_wiring(formula, layout)?;
    topological_order(layout).map(|_| ())
}

/// Nodes in an order where every node comes after all nodes feeding it (Kahn's algorithm
/// over net pieces); fails on a cycle.
pub(crate) fn topological_order(layout: &Layout) -> Result<Vec<NodeId>, ValidationError> {
    let mut successors: Vec<Vec<NodeId>> = vec![Vec::new(); layout.nodes.len()];
    let mut indegree = vec![0usize; layout.nodes.len()];
    for net in &layout.nets {
        let chain = std::iter::once(net.source.node)
            .chain(net.crossings.iter().copied())
            .chain(std::iter::once(net.sink.node));
        let chain: Vec<NodeId> = chain.collect();
        for w in chain.windows(2) {
            successors[w[0]].push(w[1]);
            indegree[w[1]] += 1;
        }
    }
    let mut queue: VecDeque<NodeId> = (0..layout.nodes.len())
        .filter(|&n| indegree[n] == 0)
        .collect();
    let mut order = Vec::with_capacity(layout.nodes.len());
    while let Some(node) = queue.pop_front() {
        order.push(node);
        for &next in &successors[node] {
            indegree[next] -= 1;
            if indegree[next] == 0 {
                queue.push_back(next);
            }
        }
    }
    match indegree.iter().position(|&d| d > 0) {
        Some(node) => Err(ValidationError::Cycle { node }),
        None => Ok(order),
    }
}

fn check_nodes(layout: &Layout) -> Result<(), ValidationError> {
    let mut seen: HashMap<TilePos, NodeId> = HashMap::with_capacity(layout.nodes.len());
    for (node, n) in layout.nodes.iter().enumerate() {
        if n.at.row >= layout.rows || n.at.col >= layout.cols {
            return Err(ValidationError::OffGrid {
                node,
                at: n.at,
                rows: layout.rows,
                cols: layout.cols,
            });
        }
        if let Some(first) = seen.insert(n.at, node) {
            return Err(ValidationError::SharedTile {
                at: n.at,
                first,
                second: node,
            });
        }
    }
    Ok(())
}

impl NodeKind {
    /// The tile sides the node's ports use.
    pub(crate) fn sides(&self) -> Vec<Direction> {
        ports(self).into_iter().map(|(_, _, side)| side).collect()
    }

    /// Whether the node's port on `side` is an output.
    pub(crate) fn outputs_on(&self, side: Direction) -> bool {
        ports(self)
            .into_iter()
            .any(|(_, output, at)| output && at == side)
    }
}

/// Ports a node offers: (port, is an output, side).
fn ports(kind: &NodeKind) -> Vec<(Port, bool, Direction)> {
    match *kind {
        NodeKind::Variable {
            positive, negative, ..
        } => vec![
            (Port::Positive, true, positive),
            (Port::Negative, true, negative),
        ],
        NodeKind::Gate { inputs, output, .. } => vec![
            (Port::Input(0), false, inputs[0]),
            (Port::Input(1), false, inputs[1]),
            (Port::Output, true, output),
        ],
        NodeKind::OneTest { input } => vec![(Port::Input(0), false, input)],
        NodeKind::Crossing { .. } => Vec::new(),
    }
}

fn check_ports(layout: &Layout) -> Result<(), ValidationError> {
    let mut uses: HashMap<Endpoint, usize> = HashMap::new();
    for (net, n) in layout.nets.iter().enumerate() {
        for (end, output) in [(n.source, true), (n.sink, false)] {
            let offered = layout
                .nodes
                .get(end.node)
                .map(|node| ports(&node.kind))
                .unwrap_or_default();
            if !offered
                .iter()
                .any(|&(p, o, _)| p == end.port && o == output)
            {
                return Err(ValidationError::BadPath {
                    net,
                    reason: format!(
                        "{} {:?} of node {} is not an {} port",
                        if output { "source" } else { "sink" },
                        end.port,
                        end.node,
                        if output { "output" } else { "input" }
                    ),
                });
            }
            *uses.entry(end).or_default() += 1;
        }
    }
    for (node, n) in layout.nodes.iter().enumerate() {
        for (port, _, _) in ports(&n.kind) {
            let count = uses.get(&Endpoint { node, port }).copied().unwrap_or(0);
            if count != 1 {
                return Err(ValidationError::PortUse { node, port, count });
            }
        }
    }
    Ok(())
}

fn side_of(layout: &Layout, end: Endpoint) -> Direction {
    ports(&layout.nodes[end.node].kind)
        .into_iter()
        .find(|&(p, _, _)| p == end.port)
        .map(|(_, _, side)| side)
        .expect("ports were checked")
}

fn check_paths(layout: &Layout) -> Result<(), ValidationError> {
    for (net, n) in layout.nets.iter().enumerate() {
        let bad = |reason: String| Err(ValidationError::BadPath { net, reason });
        let path = &n.path;
        if path.len() < 2 {
            return bad("path has fewer than two points".into());
        }
        if let Some(p) = path
            .iter()
            .find(|p| p.row >= layout.rows || p.col >= layout.cols)
        {
            return bad(format!("point {p:?} lies outside the grid"));
        }
        let mut steps = Vec::with_capacity(path.len() - 1);
        for w in path.windows(2) {
            match step_direction(w[0], w[1]) {
                Some(d) => steps.push(d),
                None => {
                    return bad(format!(
                        "step {:?} → {:?} is not a straight move",
                        w[0], w[1]
                    ));
                }
            }
        }
        if let Some(w) = steps
            .windows(2)
            .find(|w| w[0] == w[1] || w[0] == opposite(w[1]))
        {
            return bad(format!(
                "consecutive segments run {:?} then {:?}",
                w[0], w[1]
            ));
        }
        if path[0] != layout.nodes[n.source.node].at {
            return bad("path does not start at its source node".into());
        }
        if *path.last().expect("two points") != layout.nodes[n.sink.node].at {
            return bad("path does not end at its sink node".into());
        }
        if steps[0] != side_of(layout, n.source) {
            return bad(format!("leaves its source toward {:?}", steps[0]));
        }
        let last = *steps.last().expect("one step");
        if opposite(last) != side_of(layout, n.sink) {
            return bad(format!("enters its sink from {:?}", opposite(last)));
        }
    }
    Ok(())
}

fn is_path_end(layout: &Layout, segment: &Segment, at: TilePos) -> bool {
    let path = &layout.nets[segment.net].path;
    (segment.index == 0 && path[0] == at)
        || (segment.index + 2 == path.len() && path[path.len() - 1] == at)
}

fn check_contacts(layout: &Layout) -> Result<(), ValidationError> {
    let index = SegmentIndex::new(&layout.nets);
    let node_at: HashMap<TilePos, NodeId> = layout
        .nodes
        .iter()
        .enumerate()
        .map(|(id, n)| (n.at, id))
        .collect();
    let is_gadget = |at: TilePos| {
        node_at
            .get(&at)
            .is_some_and(|&id| !matches!(layout.nodes[id].kind, NodeKind::Crossing { .. }))
    };
    // Two segments may share a tile only as two path ends at one gadget.
    let legal_touch = |a: &Segment, b: &Segment, at: TilePos| {
        is_gadget(at) && is_path_end(layout, a, at) && is_path_end(layout, b, at)
    };

    // Collinear overlaps.
    for (horizontal, groups) in [(true, &index.by_row), (false, &index.by_col)] {
        for group in groups {
            let mut reach: Option<&Segment> = None;
            for s in group {
                if let Some(prev) = reach {
                    if s.lo <= prev.hi {
                        let at = if horizontal {
                            TilePos::new(s.fixed, s.lo)
                        } else {
                            TilePos::new(s.lo, s.fixed)
                        };
                        if s.lo != prev.hi || !legal_touch(prev, s, at) {
                            return Err(ValidationError::Contact {
                                at,
                                first: prev.net,
                                second: s.net,
                            });
                        }
                    }
                }
                if reach.is_none_or(|r| s.hi > r.hi) {
                    reach = Some(s);
                }
            }
        }
    }

    // Perpendicular contacts.
    let mut found = vec![false; layout.nodes.len()];
    for contact in index.contacts() {
        let (h, v, at) = (contact.horizontal, contact.vertical, contact.at);
        if h.net == v.net {
            let shared = h.index.max(v.index);
            let bend = h.index.abs_diff(v.index) == 1 && layout.nets[h.net].path[shared] == at;
            if !bend {
                return Err(ValidationError::Contact {
                    at,
                    first: h.net,
                    second: v.net,
                });
            }
        } else if h.interior(at.col) && v.interior(at.row) {
            let declared = node_at.get(&at).copied().filter(|&id| {
                matches!(layout.nodes[id].kind, NodeKind::Crossing { through, replaced }
                    if (through, replaced) == (v.net, h.net) || (through, replaced) == (h.net, v.net))
            });
            match declared {
                Some(id) => found[id] = true,
                None => {
                    return Err(ValidationError::UndeclaredCrossing {
                        at,
                        first: h.net,
                        second: v.net,
                    });
                }
            }
        } else if !legal_touch(&h, &v, at) {
            return Err(ValidationError::Contact {
                at,
                first: h.net,
                second: v.net,
            });
        }
    }
    for (node, n) in layout.nodes.iter().enumerate() {
        if matches!(n.kind, NodeKind::Crossing { .. }) {
            if !found[node] {
                return Err(ValidationError::BadCrossing { node });
            }
            continue;
        }
        // Wires may touch a gadget only at their own ends.
        for segment in index.horizontal_at(n.at).chain(index.vertical_at(n.at)) {
            let net = &layout.nets[segment.net];
            let attached = (net.source.node == node || net.sink.node == node)
                && is_path_end(layout, segment, n.at);
            if !attached {
                return Err(ValidationError::WireThroughNode {
                    net: segment.net,
                    node,
                    at: n.at,
                });
            }
        }
    }
    Ok(())
}

fn check_crossing_lists(layout: &Layout) -> Result<(), ValidationError> {
    let mut expected: Vec<Vec<(u64, NodeId)>> = vec![Vec::new(); layout.nets.len()];
    for (node, n) in layout.nodes.iter().enumerate() {
        if let NodeKind::Crossing { through, replaced } = n.kind {
            for net in [through, replaced] {
                let Some(list) = expected.get_mut(net) else {
                    return Err(ValidationError::BadCrossing { node });
                };
                list.push((distance_along(&layout.nets[net].path, n.at), node));
            }
        }
    }
    for (net, mut list) in expected.into_iter().enumerate() {
        list.sort_unstable();
        let expected: Vec<NodeId> = list.into_iter().map(|(_, node)| node).collect();
        if layout.nets[net].crossings != expected {
            return Err(ValidationError::CrossingList { net, expected });
        }
    }
    Ok(())
}

fn check_wiring(formula: &AndOrFormula, layout: &Layout) -> Result<(), ValidationError> {
    // Variables.
    let mut variable_node: Vec<Option<NodeId>> = vec![None; formula.num_vars()];
    for (node, n) in layout.nodes.iter().enumerate() {
        if let NodeKind::Variable { var, .. } = n.kind {
            let Some(slot) = variable_node.get_mut(var.index()) else {
                return Err(ValidationError::Variable {
                    var: var.index(),
                    reason: "not a variable of the formula".into(),
                });
            };
            if slot.replace(node).is_some() {
                return Err(ValidationError::Variable {
                    var: var.index(),
                    reason: "placed twice".into(),
                });
            }
        }
    }
    if let Some(var) = variable_node.iter().position(Option::is_none) {
        return Err(ValidationError::Variable {
            var,
            reason: "not placed".into(),
        });
    }
    let literal = |lit: Lit| Endpoint {
        node: variable_node[lit.var.index()].expect("checked above"),
        port: if lit.positive {
            Port::Positive
        } else {
            Port::Negative
        },
    };

    // Clause gates.
    let mut clause_gate: HashMap<(usize, usize), NodeId> = HashMap::new();
    let mut conjunctions = 0usize;
    let mut tests = Vec::new();
    for (node, n) in layout.nodes.iter().enumerate() {
        match n.kind {
            NodeKind::Gate {
                role: GateRole::Clause { clause, step },
                ..
            } => {
                let previous = clause_gate.insert((clause, step), node);
                if previous.is_some() {
                    return Err(ValidationError::ClauseGate {
                        clause,
                        step,
                        reason: "placed twice".into(),
                    });
                }
            }
            NodeKind::Gate {
                op,
                role: GateRole::Conjunction,
                ..
            } => {
                conjunctions += 1;
                if op != GateOp::And {
                    return Err(ValidationError::Tree {
                        reason: format!("node {node} is an {op:?} gate"),
                    });
                }
            }
            NodeKind::OneTest { .. } => tests.push(node),
            _ => {}
        }
    }
    let source_of: HashMap<Endpoint, Endpoint> =
        layout.nets.iter().map(|n| (n.sink, n.source)).collect();
    let mut gates_of: Vec<Vec<NodeId>> = vec![Vec::new(); formula.clauses.len()];
    for (&(clause, _), &node) in &clause_gate {
        match gates_of.get_mut(clause) {
            Some(list) => list.push(node),
            None => {
                return Err(ValidationError::Tree {
                    reason: format!(
                        "node {node} is a gate of clause {clause}, which does not exist"
                    ),
                });
            }
        }
    }
    let mut clause_outputs: HashMap<Endpoint, usize> = HashMap::new();
    for (c, clause) in formula.clauses.iter().enumerate() {
        let fail = |reason: String| {
            Err(ValidationError::ClauseGate {
                clause: c,
                step: 0,
                reason,
            })
        };
        let lits = clause.literals();
        let expected_gates = clause_gates(clause).len();
        let gates = &mut gates_of[c];
        gates.sort_unstable();
        if gates.len() != expected_gates {
            return fail(format!(
                "{} gates, the clause needs {expected_gates}",
                gates.len()
            ));
        }
        let output = if gates.is_empty() {
            literal(lits[0])
        } else {
            // The root: the gate whose output feeds no gate of this clause.
            let feeds_own_gate = |g: NodeId| {
                gates.iter().any(|&h| {
                    (0..2).any(|i| {
                        source_of.get(&Endpoint {
                            node: h,
                            port: Port::Input(i),
                        }) == Some(&Endpoint {
                            node: g,
                            port: Port::Output,
                        })
                    })
                })
            };
            let roots: Vec<NodeId> = gates
                .iter()
                .copied()
                .filter(|&g| !feeds_own_gate(g))
                .collect();
            let [root] = roots[..] else {
                return fail(format!(
                    "its gates have {} outputs (expected one)",
                    roots.len()
                ));
            };
            let mut used = 0;
            let found = gate_tree(layout, &source_of, gates, root, &mut used);
            if used != gates.len() {
                return fail("some of its gates do not feed its output".into());
            }
            let wanted = clause_normal_form(clause, literal);
            if found != wanted {
                return fail(format!(
                    "its gates compute {found:?}, the formula says {wanted:?}"
                ));
            }
            Endpoint {
                node: root,
                port: Port::Output,
            }
        };
        clause_outputs.insert(output, c);
    }

    // Conjunction tree: from the 1-test back to exactly the clause outputs.
    let [test] = tests[..] else {
        return Err(ValidationError::Tree {
            reason: format!("{} 1-test nodes (expected one)", tests.len()),
        });
    };
    let mut reached_clauses = vec![false; formula.clauses.len()];
    let mut reached_gates = 0;
    let mut stack = vec![Endpoint {
        node: test,
        port: Port::Input(0),
    }];
    while let Some(input) = stack.pop() {
        let source = source_of[&input];
        if let Some(&c) = clause_outputs.get(&source) {
            if std::mem::replace(&mut reached_clauses[c], true) {
                return Err(ValidationError::Tree {
                    reason: format!("clause {c} is used twice"),
                });
            }
        } else if matches!(
            layout.nodes[source.node].kind,
            NodeKind::Gate {
                role: GateRole::Conjunction,
                ..
            }
        ) {
            reached_gates += 1;
            if reached_gates > conjunctions {
                return Err(ValidationError::Tree {
                    reason: "the tree revisits a gate".into(),
                });
            }
            for port in [Port::Input(0), Port::Input(1)] {
                stack.push(Endpoint {
                    node: source.node,
                    port,
                });
            }
        } else {
            return Err(ValidationError::Tree {
                reason: format!(
                    "node {} feeds the tree but is no clause output",
                    source.node
                ),
            });
        }
    }
    if let Some(c) = reached_clauses.iter().position(|r| !r) {
        return Err(ValidationError::Tree {
            reason: format!("clause {c} does not reach the 1-test"),
        });
    }
    if reached_gates != conjunctions {
        return Err(ValidationError::Tree {
            reason: "some conjunction gates do not reach the 1-test".into(),
        });
    }
    Ok(())
}

/// A clause's gates as a read-once formula over literal endpoints, flattened (an Or of
/// Ors is one Or) with sorted operands: two gate trees compute the same clause exactly
/// when their normal forms are equal (And and Or are commutative and associative).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Normal {
    Literal(Endpoint),
    Gate(GateOp, Vec<Normal>),
}

impl Normal {
    fn gate(op: GateOp, operands: impl IntoIterator<Item = Normal>) -> Normal {
        let mut flat = Vec::new();
        for operand in operands {
            match operand {
                Normal::Gate(inner, list) if inner == op => flat.extend(list),
                other => flat.push(other),
            }
        }
        flat.sort();
        Normal::Gate(op, flat)
    }
}

/// The normal form of what `clause` computes.
fn clause_normal_form(clause: &AndOrClause, literal: impl Fn(Lit) -> Endpoint) -> Normal {
    match clause {
        AndOrClause::Or(lits) if lits.len() == 1 => Normal::Literal(literal(lits[0])),
        AndOrClause::Or(lits) => Normal::gate(
            GateOp::Or,
            lits.iter().map(|&l| Normal::Literal(literal(l))),
        ),
        AndOrClause::AndOr { and, or } => Normal::gate(
            GateOp::Or,
            [
                Normal::gate(
                    GateOp::And,
                    and.iter().map(|&l| Normal::Literal(literal(l))),
                ),
                Normal::Literal(literal(*or)),
            ],
        ),
    }
}

/// The normal form of the gate tree of one clause below `gate` (its `gates`, sorted);
/// counts the gates reached in `used`. A source that is not one of them is a leaf.
fn gate_tree(
    layout: &Layout,
    source_of: &HashMap<Endpoint, Endpoint>,
    gates: &[NodeId],
    gate: NodeId,
    used: &mut usize,
) -> Normal {
    *used += 1;
    if *used > gates.len() {
        // A cycle among the clause's gates: the count tells the caller.
        return Normal::Gate(GateOp::Or, Vec::new());
    }
    let NodeKind::Gate { op, .. } = layout.nodes[gate].kind else {
        unreachable!("clause gates are gates")
    };
    let operands = (0..2).map(|i| {
        match source_of.get(&Endpoint {
            node: gate,
            port: Port::Input(i),
        }) {
            Some(&source)
                if source.port == Port::Output && gates.binary_search(&source.node).is_ok() =>
            {
                gate_tree(layout, source_of, gates, source.node, used)
            }
            Some(&source) => Normal::Literal(source),
            None => Normal::Literal(Endpoint {
                node: gate,
                port: Port::Input(i),
            }),
        }
    });
    let operands: Vec<Normal> = operands.collect();
    Normal::gate(op, operands)
}
