//! Wire placements as capture graphs (thesis §6.1, Figs. 6.4-6.7): a placement of the
//! Knight wire (corner, shifts, mirrored, thick, transitions) must have exactly the capture
//! graph of the standard thin wire with as many wire-columns, its input column mapped to
//! the standard input column and its output column to the standard output column.
//!
//! The standard wire of n wire-columns is a ladder: inner knights I_1..I_n on a path,
//! outer knight O_j attacking I_{j-1} and I_{j+1} (the vertices 4k+1, 4k+4 resp. 4k+2,
//! 4k+3 of Fig. 6.1). Its capture graph is rigid once the two ports are fixed, so the
//! isomorphism is found by extending the port mapping along edges (hand-written: a
//! constrained backtracking over graphs of a few dozen vertices of degree ≤ 4 is shorter
//! than adapting a general graph library).

use std::collections::BTreeMap;

use super::attacks;
use crate::gadgets::{Gadget, GraphCheck, Port, PortRole, Symmetry};
use sat2chess_core::board::Square;
use sat2chess_core::label::Direction;

/// A capture graph: vertex budgets (`None` for an empty input-port square) and edges.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CaptureGraph {
    pub budgets: Vec<Option<u32>>,
    pub edges: Vec<Vec<usize>>,
}

/// The standard wire of `columns` wire-columns: vertices I_j = 2(j−1), O_j = 2(j−1)+1;
/// the first column is the (empty) input port, every other knight has budget 2.
pub(crate) fn standard_wire(columns: usize) -> CaptureGraph {
    let inner = |j: usize| 2 * j;
    let outer = |j: usize| 2 * j + 1;
    let mut edges = vec![Vec::new(); 2 * columns];
    let link = |a: usize, b: usize, edges: &mut Vec<Vec<usize>>| {
        edges[a].push(b);
        edges[b].push(a);
    };
    for j in 0..columns {
        if j + 1 < columns {
            link(inner(j), inner(j + 1), &mut edges);
            link(outer(j), inner(j + 1), &mut edges);
        }
        if j >= 1 {
            link(outer(j), inner(j - 1), &mut edges);
        }
    }
    let budgets = (0..2 * columns)
        .map(|v| if v < 2 { None } else { Some(2) })
        .collect();
    CaptureGraph { budgets, edges }
}

/// The capture graph of a single-input, single-output gadget with the vertex order
/// fixed at the ports: returns the graph and the vertices of (input outer, input inner,
/// output outer, output inner).
pub(crate) fn capture_graph(gadget: &Gadget) -> Option<(CaptureGraph, [usize; 4])> {
    let ([input], [output]) = (&gadget.inputs()[..], &gadget.outputs()[..]) else {
        return None;
    };
    let mut squares: Vec<(Square, Option<u32>)> =
        input.squares.iter().map(|&s| (s, None)).collect();
    squares.extend(gadget.pieces.iter().map(|&(s, b)| (s, Some(b))));
    let index: BTreeMap<Square, usize> = squares
        .iter()
        .enumerate()
        .map(|(i, &(s, _))| (s, i))
        .collect();
    let edges = squares
        .iter()
        .map(|&(a, _)| {
            squares
                .iter()
                .filter(|&&(b, _)| attacks(gadget.piece, a, b))
                .map(|&(b, _)| index[&b])
                .collect()
        })
        .collect();
    let budgets = squares.iter().map(|&(_, b)| b).collect();
    let ports = [
        index[&input.squares[0]],
        index[&input.squares[1]],
        index[&output.squares[0]],
        index[&output.squares[1]],
    ];
    Some((CaptureGraph { budgets, edges }, ports))
}

/// An isomorphism from `a` onto `b` (vertex of `a` ↦ vertex of `b`) that preserves
/// edges and budgets and extends the given pairs, if there is one.
pub(crate) fn isomorphism(
    a: &CaptureGraph,
    b: &CaptureGraph,
    fixed: &[(usize, usize)],
) -> Option<Vec<usize>> {
    let n = a.budgets.len();
    if n != b.budgets.len() {
        return None;
    }
    let mut map = vec![usize::MAX; n];
    let mut used = vec![false; n];
    for &(u, v) in fixed {
        if a.budgets[u] != b.budgets[v] || used[v] {
            return None;
        }
        map[u] = v;
        used[v] = true;
    }
    extend(a, b, &mut map, &mut used).then_some(map)
}

/// Depth-first extension of a partial isomorphism: map the first unmapped vertex that
/// has a mapped neighbour (or any unmapped vertex) to every consistent candidate.
fn extend(a: &CaptureGraph, b: &CaptureGraph, map: &mut [usize], used: &mut [bool]) -> bool {
    let unmapped = (0..map.len()).filter(|&u| map[u] == usize::MAX);
    let next = unmapped
        .clone()
        .find(|&u| a.edges[u].iter().any(|&w| map[w] != usize::MAX))
        .or_else(|| unmapped.clone().next());
    let Some(u) = next else {
        return true;
    };
    for v in 0..b.budgets.len() {
        let consistent = !used[v]
            && a.budgets[u] == b.budgets[v]
            && a.edges[u].len() == b.edges[v].len()
            && (0..map.len()).all(|w| {
                map[w] == usize::MAX || a.edges[u].contains(&w) == b.edges[v].contains(&map[w])
            });
        if consistent {
            map[u] = v;
            used[v] = true;
            if extend(a, b, map, used) {
                return true;
            }
            map[u] = usize::MAX;
            used[v] = false;
        }
    }
    false
}

/// Whether `gadget` (one input, one output) is a placement of the standard wire: its
/// capture graph is the standard wire's with as many wire-columns, ports onto ports.
/// Returns the number of wire-columns (input column included) if it is.
pub fn is_wire_placement(gadget: &Gadget) -> Option<usize> {
    let (graph, [in_outer, in_inner, out_outer, out_inner]) = capture_graph(gadget)?;
    let vertices = graph.budgets.len();
    if vertices % 2 != 0 || vertices < 4 {
        return None;
    }
    let columns = vertices / 2;
    let standard = standard_wire(columns);
    let last = columns - 1;
    let fixed = [
        (in_inner, 0),
        (in_outer, 1),
        (out_inner, 2 * last),
        (out_outer, 2 * last + 1),
    ];
    isomorphism(&graph, &standard, &fixed).map(|_| columns)
}

/// The wires of a crossing (thesis Fig. 6.8): the capture graph must fall apart into one
/// connected component per input port, each holding exactly one output port and being a
/// placement of the standard wire ([`is_wire_placement`]), and nothing else. Then no piece
/// of one wire attacks a piece of another. Returns the wire-columns of each wire, in the
/// order of the input ports, or why the gadget is not such a crossing.
pub fn crossing_wires(gadget: &Gadget) -> Result<Vec<usize>, String> {
    let mut squares: Vec<Square> = gadget.inputs().iter().flat_map(|p| p.squares).collect();
    squares.extend(gadget.pieces.iter().map(|&(s, _)| s));
    let mut seen: BTreeMap<Square, usize> = BTreeMap::new();
    let mut wires = Vec::new();
    for (wire, input) in gadget.inputs().into_iter().enumerate() {
        let mut stack = vec![input.squares[0], input.squares[1]];
        let mut component = Vec::new();
        while let Some(square) = stack.pop() {
            if seen.contains_key(&square) {
                continue;
            }
            seen.insert(square, wire);
            component.push(square);
            stack.extend(
                squares
                    .iter()
                    .filter(|&&t| attacks(gadget.piece, square, t)),
            );
        }
        let outputs: Vec<_> = gadget
            .outputs()
            .into_iter()
            .filter(|p| p.squares.iter().all(|s| component.contains(s)))
            .cloned()
            .collect();
        let [output] = &outputs[..] else {
            return Err(format!(
                "the wire from input {} reaches {} output ports",
                input.name,
                outputs.len()
            ));
        };
        let single = Gadget {
            pieces: gadget
                .pieces
                .iter()
                .filter(|(s, _)| component.contains(s))
                .copied()
                .collect(),
            ports: vec![input.clone(), output.clone()],
            table_inputs: vec![input.name],
            table_outputs: vec![output.name],
            ..gadget.clone()
        };
        let columns = is_wire_placement(&single).ok_or_else(|| {
            format!(
                "the wire {} -> {} is not a standard wire placement",
                input.name, output.name
            )
        })?;
        wires.push(columns);
    }
    if let Some(&stray) = squares.iter().find(|s| !seen.contains_key(s)) {
        return Err(format!("the piece on {stray} belongs to no wire"));
    }
    Ok(wires)
}

/// Wire-columns around a dark column of the standard east-flowing wires, relative to its
/// outer square: (inner square, the two columns before it, the two columns after it),
/// each column as (outer, inner). Thin wire: Fig. 6.1 (wire.txt); thick wire: thick.txt.
type Template = ((i64, i64), [[(i64, i64); 2]; 2], [[(i64, i64); 2]; 2]);
const TEMPLATES: [Template; 2] = [
    (
        (2, 0),
        [[(3, -2), (1, -2)], [(0, -4), (2, -4)]],
        [[(3, 2), (1, 2)], [(0, 4), (2, 4)]],
    ),
    (
        (-4, 0),
        [[(-6, -1), (-2, -1)], [(0, -2), (-4, -2)]],
        [[(-6, 1), (-2, 1)], [(0, 2), (-4, 2)]],
    ),
];

/// The two standard wire-columns that continue a Knight port outside the gadget (before
/// an input, after an output): the port is a dark column of the thin or thick wire in
/// some orientation with its flow. `None` if the port is no such column.
pub(crate) fn port_extension(port: &Port) -> Option<Vec<(i64, i64)>> {
    let (or, oc) = (port.squares[0].row as i64, port.squares[0].col as i64);
    let inner = (
        port.squares[1].row as i64 - or,
        port.squares[1].col as i64 - oc,
    );
    for (inner_offset, before, after) in TEMPLATES {
        for symmetry in Symmetry::all() {
            if symmetry.direction(Direction::East) != port.flow
                || symmetry.vector(inner_offset) != inner
            {
                continue;
            }
            let columns = match port.role {
                PortRole::Input => before,
                PortRole::Output => after,
            };
            return Some(
                columns
                    .iter()
                    .flatten()
                    .map(|&offset| {
                        let (dr, dc) = symmetry.vector(offset);
                        (or + dr, oc + dc)
                    })
                    .collect(),
            );
        }
    }
    None
}

/// Every port of a Knight gadget can be continued by the standard wire outside the
/// gadget: the two wire-columns before an input (after an output) neither stand on nor
/// attack any square of the gadget other than the port's own two squares, so the gadget
/// and the wires joined to it interact only through the signal column.
pub fn ports_extend(gadget: &Gadget) -> Result<(), String> {
    let mut occupied: Vec<(i64, i64)> = gadget
        .pieces
        .iter()
        .map(|&(s, _)| (s.row as i64, s.col as i64))
        .collect();
    occupied.extend(
        gadget
            .inputs()
            .iter()
            .flat_map(|p| p.squares)
            .map(|s| (s.row as i64, s.col as i64)),
    );
    let knight = |a: (i64, i64), b: (i64, i64)| {
        let (dr, dc) = ((a.0 - b.0).abs(), (a.1 - b.1).abs());
        (dr, dc) == (1, 2) || (dr, dc) == (2, 1)
    };
    for port in &gadget.ports {
        let extension = port_extension(port).ok_or_else(|| {
            format!(
                "port {} is not a dark column of a thin or thick wire flowing {}",
                port.name,
                port.flow.letter()
            )
        })?;
        let own: Vec<(i64, i64)> = port
            .squares
            .iter()
            .map(|s| (s.row as i64, s.col as i64))
            .collect();
        for &square in &extension {
            if let Some(&hit) = occupied
                .iter()
                .find(|&&o| !own.contains(&o) && (o == square || knight(o, square)))
            {
                return Err(format!(
                    "the wire continuing port {} at {square:?} meets the gadget's square {hit:?}",
                    port.name
                ));
            }
        }
    }
    Ok(())
}

/// Runs the capture-graph check a gadget file asks for: a line of text and whether it held.
pub(crate) fn describe_check(gadget: &Gadget, check: GraphCheck) -> (String, bool) {
    match check {
        GraphCheck::StandardWire => match is_wire_placement(gadget) {
            Some(n) => (
                format!("capture graph = the standard wire of {n} wire-columns"),
                true,
            ),
            None => (
                "capture graph DIFFERS from the standard wire".to_owned(),
                false,
            ),
        },
        GraphCheck::Crossing => match crossing_wires(gadget) {
            Ok(wires) => (
                format!(
                    "capture graph = {} standard wires of {:?} wire-columns, no attack between them",
                    wires.len(),
                    wires
                ),
                true,
            ),
            Err(why) => (format!("NOT a crossing of standard wires: {why}"), false),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_wire_is_a_ladder() {
        let wire = standard_wire(4);
        let degrees: Vec<usize> = wire.edges.iter().map(Vec::len).collect();
        // I1 O1 I2 O2 I3 O3 I4 O4: inner knights of degree 4 inside, outer ones 2.
        assert_eq!(degrees, vec![2, 1, 4, 2, 4, 2, 2, 1]);
        assert!(isomorphism(&wire, &wire, &[(0, 0), (1, 1)]).is_some());
        // Exchanging inner and outer of the input column is not an isomorphism.
        assert!(isomorphism(&wire, &wire, &[(0, 1)]).is_none());
    }
}
