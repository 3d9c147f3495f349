//! Placement and routing of the And-Or embedding (thesis §2.2.2).
//!
//! Rows, top to bottom, are clause *bands* in clause order. A clause with literals
//! `l0 … lk` takes `k + 1` track rows and one gap row: `li` runs east on row
//! `gate_row − i`, its gates sit side by side on `gate_row` in the gate columns right of
//! the variables, and the gap row below holds variables. A variable sits in a gap row
//! between its two clauses and sends one literal north and one south, each turning east
//! on its track ([`VariablePlacement::GapRow`]), or it starts its lower literal's track
//! and sends the upper one north ([`VariablePlacement::LowerTrack`]: no gap rows, and
//! every vertical wire flows north); when both literals are in one clause it sits under
//! that clause and uses a second column (`x` north, `¬x` east then north). The gap rows
//! are chosen so that as few as possible are used (minimum interval stabbing), and
//! unused ones are dropped.
//!
//! Horizontal tracks only run east of their own variable's column and each track row
//! holds one literal, so wires meet only where a variable column crosses a track — each such point becomes a crossing node whose
//! *through* wire is the vertical one (that choice keeps the circuit acyclic: a crossing
//! only waits for crossings in columns further left or earlier on its own column).

use std::collections::HashMap;

use sat2chess_core::formula::{AndOrClause, AndOrFormula, Lit, Var};
use sat2chess_core::label::Direction;

use super::order::{self, Ordering, Span};
use super::{
    Endpoint, GateOp, GateRole, Layout, LayoutError, Net, Node, NodeId, NodeKind, Port, TilePos,
    VariablePlacement, literal_name,
};
use super::{geometry, spine};

/// Largest grid side accepted (tile coordinates are `u32`, and a layout this large
/// could not be stamped anyway).
pub(super) const MAX_SIDE: u32 = 1 << 30;

/// Lays out `formula` in the given [`Ordering`] style, every variable in a gap row.
/// Deterministic.
pub fn layout(formula: &AndOrFormula, ordering: Ordering) -> Result<Layout, LayoutError> {
    layout_with(formula, ordering, VariablePlacement::GapRow)
}

/// [`layout`] with the variables placed as `placement` says. Deterministic.
pub fn layout_with(
    formula: &AndOrFormula,
    ordering: Ordering,
    placement: VariablePlacement,
) -> Result<Layout, LayoutError> {
    let plan = Plan::new(formula, ordering)?;
    let gaps = variable_gaps(&plan.bands, &plan.occurrences);
    if placement != VariablePlacement::TwoSided {
        return Router::new(formula, &plan, &gaps, placement).route();
    }
    // The thesis drawing keeps its one-sided shape.
    if ordering == Ordering::Optimised
        && let Some(layout) = spine::route(formula, &plan)?
    {
        return Ok(layout);
    }
    Router::new(formula, &plan, &gaps, VariablePlacement::LowerTrack).route()
}

/// The tiles the variable wires of [`layout`]'s result will cover, computed from the
/// placement alone (before any routing, in time linear in the formula): each
/// variable's vertical span plus each literal's track east to the first gate column.
/// Crossings lie on these tiles, so this bounds the crossings and measures the size of
/// the layout and of every board stamped from it (README "Resource limits").
pub fn wire_tiles(formula: &AndOrFormula, ordering: Ordering) -> Result<u64, LayoutError> {
    Ok(Plan::new(formula, ordering)?.wire_tiles())
}

/// The clause bands of [`layout`]'s result, top to bottom (clause indices), and its
/// [`wire_tiles`], from the placement alone.
pub fn clause_rows(
    formula: &AndOrFormula,
    ordering: Ordering,
) -> Result<(Vec<usize>, u64), LayoutError> {
    let plan = Plan::new(formula, ordering)?;
    let tiles = plan.wire_tiles();
    Ok((plan.bands.order, tiles))
}

/// The optimised layout's clause bands, as the order the transformation aligns its
/// fan-out chains with ([`crate::transform::Chain::from_cnf`]); formulas the layout
/// refuses keep their order.
pub struct BandOrder;

impl crate::transform::ClauseOrder for BandOrder {
    fn clause_rows(&self, formula: &AndOrFormula) -> Option<(Vec<usize>, u64)> {
        clause_rows(formula, Ordering::Optimised).ok()
    }
}

/// Clause bands, variable spans and columns: the placement before routing.
pub(super) struct Plan {
    pub(super) clauses: Vec<Vec<Lit>>,
    pub(super) occurrences: Vec<Occurrences>,
    pub(super) bands: Bands,
    pub(super) spans: Vec<Span>,
    columns: Vec<u32>,
}

impl Plan {
    fn new(formula: &AndOrFormula, ordering: Ordering) -> Result<Plan, LayoutError> {
        let clauses = clause_literals(formula)?;
        let occurrences = literal_occurrences(formula, &clauses)?;
        let clause_order = order::clause_order(ordering, &clauses, &occurrences);
        let bands = Bands::new(&clauses, &clause_order)?;
        let spans: Vec<Span> = occurrences
            .iter()
            .map(|occ| variable_span(occ, |o| bands.track(o), || bands.gap(occ.positive.0)))
            .collect();
        let columns = order::variable_columns(ordering, &spans);
        Ok(Plan {
            clauses,
            occurrences,
            bands,
            spans,
            columns,
        })
    }

    /// See [`wire_tiles`].
    fn wire_tiles(&self) -> u64 {
        let gate_col = first_gate_column(&self.columns, &self.spans);
        self.spans
            .iter()
            .zip(&self.columns)
            .map(|(span, &col)| {
                let vertical = u64::from(span.bottom - span.top + 1) * u64::from(span.width);
                vertical + 2 * u64::from(gate_col - col)
            })
            .sum()
    }
}

/// First gate column (right of every variable column).
fn first_gate_column(columns: &[u32], spans: &[Span]) -> u32 {
    columns
        .iter()
        .zip(spans)
        .map(|(&c, s)| c + s.width)
        .max()
        .unwrap_or(0)
}

/// The two occurrences of a variable: `(clause, position)` of `x` and of `¬x`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Occurrences {
    pub positive: (usize, usize),
    pub negative: (usize, usize),
}

fn clause_literals(formula: &AndOrFormula) -> Result<Vec<Vec<Lit>>, LayoutError> {
    if formula.clauses.is_empty() {
        return Err(LayoutError::NoClauses);
    }
    formula
        .clauses
        .iter()
        .enumerate()
        .map(|(clause, c)| {
            let lits = c.literals();
            if lits.is_empty() {
                return Err(LayoutError::EmptyClause { clause });
            }
            if let Some(lit) = lits.iter().find(|l| l.var.index() >= formula.num_vars()) {
                return Err(LayoutError::UnknownVariable {
                    clause,
                    var: lit.var,
                    num_vars: formula.num_vars(),
                });
            }
            Ok(lits)
        })
        .collect()
}

fn literal_occurrences(
    formula: &AndOrFormula,
    clauses: &[Vec<Lit>],
) -> Result<Vec<Occurrences>, LayoutError> {
    let mut found: Vec<[Vec<(usize, usize)>; 2]> =
        vec![[Vec::new(), Vec::new()]; formula.num_vars()];
    for (clause, lits) in clauses.iter().enumerate() {
        for (position, lit) in lits.iter().enumerate() {
            found[lit.var.index()][usize::from(lit.positive)].push((clause, position));
        }
    }
    found
        .into_iter()
        .enumerate()
        .map(|(v, [negative, positive])| {
            for (list, positive_literal) in [(&positive, true), (&negative, false)] {
                if list.len() != 1 {
                    return Err(LayoutError::LiteralCount {
                        literal: literal_name(formula, Var(v as u32), positive_literal),
                        count: list.len(),
                    });
                }
            }
            Ok(Occurrences {
                positive: positive[0],
                negative: negative[0],
            })
        })
        .collect()
}

/// Gates of a clause, in order (see [`GateRole::Clause`]).
pub(crate) fn clause_gates(clause: &AndOrClause) -> Vec<GateOp> {
    match clause {
        AndOrClause::AndOr { .. } => vec![GateOp::And, GateOp::Or],
        AndOrClause::Or(lits) => vec![GateOp::Or; lits.len().saturating_sub(1)],
    }
}

/// Row geometry of the clause bands.
pub(crate) struct Bands {
    /// Gate row of each clause (by clause index).
    pub(super) gate_row: Vec<u32>,
    /// Clause indices top to bottom.
    pub(super) order: Vec<usize>,
}

impl Bands {
    fn new(clauses: &[Vec<Lit>], order: &[usize]) -> Result<Bands, LayoutError> {
        let mut gate_row = vec![0; clauses.len()];
        let mut top: u64 = 0;
        for &c in order {
            let height = clauses[c].len() as u64;
            gate_row[c] = u32::try_from(top + height - 1)
                .ok()
                .filter(|&r| r < MAX_SIDE)
                .ok_or(LayoutError::TooLarge { max: MAX_SIDE })?;
            top += height + 1;
        }
        Ok(Bands {
            gate_row,
            order: order.to_vec(),
        })
    }

    /// Track row of literal `position` of `clause`.
    pub fn track(&self, (clause, position): (usize, usize)) -> u32 {
        self.gate_row[clause] - position as u32
    }

    /// The gap row under a clause's band.
    pub fn gap(&self, clause: usize) -> u32 {
        self.gate_row[clause] + 1
    }
}

/// The gap row of every variable: any gap between its two clauses is valid (and lies in
/// its span), so take the fewest distinct gaps — greedy stabbing of the intervals of
/// allowed band positions by their right ends, which is optimal.
fn variable_gaps(bands: &Bands, occurrences: &[Occurrences]) -> Vec<u32> {
    let mut position = vec![0; bands.order.len()];
    for (p, &c) in bands.order.iter().enumerate() {
        position[c] = p;
    }
    // Allowed band positions `first..=last` whose gap the variable may use.
    let allowed: Vec<(usize, usize)> = occurrences
        .iter()
        .map(|o| {
            let (a, b) = (position[o.positive.0], position[o.negative.0]);
            (a.min(b), a.max(b).saturating_sub(1).max(a.min(b)))
        })
        .collect();
    let mut by_last: Vec<usize> = (0..occurrences.len()).collect();
    by_last.sort_unstable_by_key(|&v| (allowed[v].1, v));
    let mut gaps = vec![0; occurrences.len()];
    let mut stab: Option<usize> = None;
    for v in by_last {
        let (first, last) = allowed[v];
        let point = match stab {
            Some(p) if p >= first => p,
            _ => last,
        };
        stab = Some(point);
        gaps[v] = bands.gap(bands.order[point]);
    }
    gaps
}

/// Where a variable's wires run: rows `top..=bottom`, `width` columns, its literal
/// occurrences on the rows `row_of` gives; both literals in one clause reach down to
/// the variable's `gap` row in two columns.
pub(super) fn variable_span(
    occ: &Occurrences,
    row_of: impl Fn((usize, usize)) -> u32,
    gap: impl FnOnce() -> u32,
) -> Span {
    let (p, n) = (row_of(occ.positive), row_of(occ.negative));
    let (bottom, width) = if occ.positive.0 == occ.negative.0 {
        (gap(), 2)
    } else {
        (p.max(n), 1)
    };
    Span {
        top: p.min(n),
        bottom,
        width,
    }
}

/// A signal waiting to be consumed by the conjunction tree.
struct TreeItem {
    row: u32,
    source: Endpoint,
    path: Vec<TilePos>,
}

struct Router<'a> {
    formula: &'a AndOrFormula,
    clauses: &'a [Vec<Lit>],
    occurrences: &'a [Occurrences],
    bands: &'a Bands,
    spans: &'a [Span],
    columns: &'a [u32],
    gaps: &'a [u32],
    placement: VariablePlacement,
    circuit: Circuit,
    /// First gate column (right of every variable column).
    gate_col: u32,
}

impl<'a> Router<'a> {
    fn new(
        formula: &'a AndOrFormula,
        plan: &'a Plan,
        gaps: &'a [u32],
        placement: VariablePlacement,
    ) -> Router<'a> {
        let gate_col = first_gate_column(&plan.columns, &plan.spans);
        Router {
            formula,
            clauses: &plan.clauses,
            occurrences: &plan.occurrences,
            bands: &plan.bands,
            spans: &plan.spans,
            columns: &plan.columns,
            gaps,
            placement,
            circuit: Circuit::default(),
            gate_col,
        }
    }

    fn route(mut self) -> Result<Layout, LayoutError> {
        // Variables, node id = variable index; remember each literal's partial path.
        let mut literal_paths = LiteralPaths::new();
        for (v, occ) in self.occurrences.iter().enumerate() {
            let span = self.spans[v];
            let lower_track = self
                .bands
                .track(occ.positive)
                .max(self.bands.track(occ.negative));
            // On its lower track the variable starts that track (no gap row).
            let on_track = span.width == 1 && self.placement == VariablePlacement::LowerTrack;
            let (row, lower_side) = match (on_track, span.width) {
                (true, _) => (lower_track, Direction::East),
                (false, 2) => (self.gaps[v], Direction::East),
                (false, _) => (self.gaps[v], Direction::South),
            };
            self.circuit.add_variable(
                v,
                occ,
                |o| self.bands.track(o),
                TilePos::new(row, self.columns[v]),
                (lower_side, span.width == 2),
                &mut literal_paths,
            );
        }

        // Clause gates, side by side on the gate row.
        let mut tree_items = Vec::new();
        for &c in &self.bands.order {
            let gate_row = self.bands.gate_row[c];
            let gates = clause_gates(&self.formula.clauses[c]);
            let mut previous = literal_paths.remove(&(c, 0)).expect("every literal routed");
            for (step, op) in gates.into_iter().enumerate() {
                let col = self.gate_col + step as u32;
                let at = TilePos::new(gate_row, col);
                let (source, mut path) = literal_paths
                    .remove(&(c, step + 1))
                    .expect("every literal routed");
                let track = path.last().expect("non-empty path").row;
                path.push(TilePos::new(track, col));
                let gate = NodeKind::Gate {
                    op,
                    role: GateRole::Clause { clause: c, step },
                    inputs: [Direction::West, Direction::North],
                    output: Direction::East,
                };
                previous = self
                    .circuit
                    .add_gate(gate, at, vec![previous, (source, path)]);
            }
            let (source, path) = previous;
            tree_items.push(TreeItem {
                row: gate_row,
                source,
                path,
            });
        }
        debug_assert_eq!(tree_items.len(), self.clauses.len());

        // Conjunction tree: pair neighbouring signals, one column per level.
        let max_gates = self
            .formula
            .clauses
            .iter()
            .map(|c| clause_gates(c).len() as u32)
            .max()
            .unwrap_or(0);
        let mut col = self.gate_col + max_gates;
        while tree_items.len() > 1 {
            let mut next = Vec::with_capacity(tree_items.len().div_ceil(2));
            let mut items = tree_items.into_iter();
            while let Some(upper) = items.next() {
                let Some(lower) = items.next() else {
                    next.push(upper);
                    break;
                };
                let at = TilePos::new(lower.row, col);
                let mut upper_path = upper.path;
                upper_path.push(TilePos::new(upper.row, col));
                let gate = NodeKind::Gate {
                    op: GateOp::And,
                    role: GateRole::Conjunction,
                    inputs: [Direction::West, Direction::North],
                    output: Direction::East,
                };
                let inputs = vec![(lower.source, lower.path), (upper.source, upper_path)];
                let (source, path) = self.circuit.add_gate(gate, at, inputs);
                next.push(TreeItem {
                    row: lower.row,
                    source,
                    path,
                });
            }
            tree_items = next;
            col += 1;
        }
        let last = tree_items.pop().expect("at least one clause");
        let at = TilePos::new(last.row, col);
        let test = NodeKind::OneTest {
            input: Direction::West,
        };
        self.circuit
            .add_gate(test, at, vec![(last.source, last.path)]);
        if col >= MAX_SIDE {
            return Err(LayoutError::TooLarge { max: MAX_SIDE });
        }
        Ok(self.circuit.finish(col + 1))
    }
}

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
