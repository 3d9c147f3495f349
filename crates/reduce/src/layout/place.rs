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

use sat2chess_core::formula::{AndOrFormula, Lit};
use sat2chess_core::label::Direction;

use super::circuit::{Circuit, LiteralPaths};
use super::order::{Occurrences, Ordering, Span};
use super::plan::{Bands, MAX_SIDE, Plan, clause_gates, first_gate_column};
use super::spine;
use super::{
    Endpoint, GateOp, GateRole, Layout, LayoutError, NodeKind, TilePos, VariablePlacement,
};

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
