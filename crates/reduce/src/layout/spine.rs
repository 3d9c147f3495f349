//! Two-sided routing around a conjunction spine ([`VariablePlacement::TwoSided`]).
//!
//! Columns, west to east: the west variables (packed as in [`super::order`]), the west
//! gate columns, the **spine** column `S`, the east gate columns, the east variables
//! (packed the same way, mirrored: the first column lies next to the gates). Row 0 holds
//! the 1-test above `S`. Each side stacks its parts of the clauses in clause order, and
//! the two stacks share rows ([`merge_rows`](super::merge::merge_rows)).
//!
//! A clause whose literals all lie on one side is a gate chain on its band's bottom row
//! as in the one-sided layouts (mirrored in the east: the chain flows west toward `S`);
//! its value enters an And gate on `S`. A **mixed** clause splits into an east chain and a
//! west chain: the east chain's value `v` flows west along the band's bottom row, crosses
//! the spine, and rises into the west chain's last gate one row up, whose value enters
//! the And on `S`. Its band rows, bottom up: the first east literal (`v`'s row), the
//! first west literal (the west gate row), the other west literals, the other east
//! literals. An Or clause splits into any two Ors; `(a ∧ b) ∨ c` keeps `a` and `b` on one
//! side ([`sides`]), so one chain holds the And.
//!
//! The spine's And gates take the clause value (input 0) and the spine from the south
//! (input 1) and send their output north; the lowest clause's value is the spine's start.
//! The spine crosses a mixed clause's `v` below that clause's And, so the crossing never
//! waits for it: the circuit stays acyclic. Tracks end before `S` (west) or start after
//! it (east), so the spine meets no other wire.
//!
//! Which side each variable takes comes from [`Sides`]; [`route`] routes several
//! candidates and keeps the one whose board is estimated smallest ([`drawing_cost`]),
//! then anneals the clause order, the sides and the literals' tracks within their
//! clauses together from it ([`super::anneal`]: the bands of the two sides then
//! alternate better and share more rows) and keeps an annealed drawing where it is
//! estimated smaller still. A clause's chains take its literals in track order.

use std::collections::HashSet;

use sat2chess_core::formula::{AndOrClause, AndOrFormula};
use sat2chess_core::label::Direction;

use super::anneal::{Anneal, Weights};
use super::circuit::{Circuit, LiteralPaths, Signal};
use super::merge::{Part, merge_rows};
use super::order::{self, Ordering, Span};
use super::plan::{MAX_SIDE, Plan, variable_span};
use super::sides::{Side, Sides};
use super::{GateOp, GateRole, Layout, LayoutError, NodeKind, TilePos};

/// How one clause is split between the sides.
struct Shape {
    /// Literal positions of the west chain, in chain order (by track), and its gates (one fewer
    /// than its inputs; a mixed clause's east value is the last input).
    west: Vec<usize>,
    west_ops: Vec<GateOp>,
    /// The same for the east chain.
    east: Vec<usize>,
    east_ops: Vec<GateOp>,
    /// Row of each literal position ([`merge_rows`]).
    rows: Vec<u32>,
}

impl Shape {
    fn new(clause: &AndOrClause, sides: &[Side], track: &[usize]) -> Shape {
        let len = sides.len();
        let on = |side: Side| -> Vec<usize> {
            let mut on: Vec<usize> = (0..len).filter(|&i| sides[i] == side).collect();
            on.sort_unstable_by_key(|&i| track[i]);
            on
        };
        let (west, east) = (on(Side::West), on(Side::East));
        let ors = |n: usize| vec![GateOp::Or; n.saturating_sub(1)];
        let (west_ops, east_ops) = if west.is_empty() || east.is_empty() {
            let ops = super::plan::clause_gates(clause);
            if east.is_empty() {
                (ops, Vec::new())
            } else {
                (Vec::new(), ops)
            }
        } else if !matches!(clause, AndOrClause::AndOr { .. }) {
            (ors(west.len() + 1), ors(east.len()))
        } else if west.len() == 2 {
            // (a ∧ b) ∨ c: the And lies in the chain holding both a and b.
            (vec![GateOp::And, GateOp::Or], Vec::new())
        } else {
            (vec![GateOp::Or], vec![GateOp::And])
        };
        Shape {
            west,
            west_ops,
            east,
            east_ops,
            rows: vec![0; len],
        }
    }

    fn is_mixed(&self) -> bool {
        !self.west.is_empty() && !self.east.is_empty()
    }
}

struct SpineRouter {
    circuit: Circuit,
    spine: u32,
}

impl SpineRouter {
    /// A gate chain on `row` flowing toward the spine from `side`. The first input runs
    /// along `row`; each later one drops from its track (north), except a last input
    /// `rising` (the mixed clause's east value, already one row below the gate). Returns
    /// the chain's value, its path ending at the last gate (or the lone input's path).
    fn chain(
        &mut self,
        (clause, first_step): (usize, usize),
        row: u32,
        side: Side,
        ops: &[GateOp],
        mut inputs: Vec<Signal>,
        rising: bool,
    ) -> Signal {
        let n = ops.len() as u32;
        // The last gate lies next to the spine.
        let (along, away) = match side {
            Side::West => (Direction::West, Direction::East),
            Side::East => (Direction::East, Direction::West),
        };
        let spine = self.spine;
        let col = |k: u32| match side {
            Side::West => spine - n + k,
            Side::East => spine + n - k,
        };
        let mut rest = inputs.split_off(1);
        let mut previous = inputs.pop().expect("a chain has an input");
        for (k, &op) in ops.iter().enumerate() {
            let at = TilePos::new(row, col(k as u32));
            let last_rises = rising && k + 1 == ops.len();
            let (source, mut path) = rest.remove(0);
            if !last_rises {
                let track = path.last().expect("non-empty path").row;
                path.push(TilePos::new(track, at.col));
            }
            let gate = NodeKind::Gate {
                op,
                role: GateRole::Clause {
                    clause,
                    step: first_step + k,
                },
                inputs: [
                    along,
                    if last_rises {
                        Direction::South
                    } else {
                        Direction::North
                    },
                ],
                output: away,
            };
            previous = self
                .circuit
                .add_gate(gate, at, vec![previous, (source, path)]);
        }
        previous
    }
}

/// Mixed-clause costs the side assignment tries ([`sides::Sides::candidates`]): a mixed
/// clause costs its crossing of the spine and the rows the two sides can no longer
/// share around it, more on larger formulas (best on uf20-91 near 8, on
/// uf75-325-shaped near 16–24).
const MIXED_WEIGHTS: [i64; 4] = [4, 8, 16, 32];
/// Past this many interleaving pairs (a formula far beyond uf75-325's 46 000) only one
/// candidate is routed, a mixed clause costing 16: routing one drawing then takes
/// seconds.
const ONE_CANDIDATE_PAIRS: usize = 2_000_000;

/// Routes `plan` with the gates in the middle (module doc): every candidate side
/// assignment is routed and the one of least [`drawing_cost`] kept. `None` when every
/// candidate puts all variables west (small formulas), or the spans interleave too
/// often to optimise: the one-sided layout is then the drawing.
pub(super) fn route(formula: &AndOrFormula, plan: &Plan) -> Result<Option<Layout>, LayoutError> {
    let clause_vars: Vec<Vec<usize>> = plan
        .clauses
        .iter()
        .map(|lits| lits.iter().map(|l| l.var.index()).collect())
        .collect();
    let and_pairs: Vec<(usize, usize)> = formula
        .clauses
        .iter()
        .filter_map(|c| match c {
            AndOrClause::AndOr { and, .. } => Some((and[0].var.index(), and[1].var.index())),
            AndOrClause::Or(_) => None,
        })
        .collect();
    let pinned: Vec<bool> = plan.spans.iter().map(|s| s.width == 2).collect();
    let Some(sides) = Sides::new(&plan.spans, &clause_vars, &and_pairs, &pinned) else {
        return Ok(None);
    };
    let identity: Vec<Vec<usize>> = plan
        .clauses
        .iter()
        .map(|l| (0..l.len()).collect())
        .collect();
    let mut tried: HashSet<Vec<Side>> = HashSet::new();
    let mut best: Option<(u64, Layout, Vec<Side>)> = None;
    let (weights, starts) = if sides.pairs > ONE_CANDIDATE_PAIRS {
        (&MIXED_WEIGHTS[2..3], 1)
    } else {
        (&MIXED_WEIGHTS[..], 4)
    };
    for &weight in weights {
        for side in sides.candidates(weight, starts) {
            if side.iter().all(|&s| s == Side::West) || !tried.insert(side.clone()) {
                continue;
            }
            let layout = route_sides(formula, plan, &clause_vars, &side, &identity)?;
            let cost = drawing_cost(&layout);
            if best.as_ref().is_none_or(|(least, _, _)| cost < *least) {
                best = Some((cost, layout, side));
            }
        }
    }
    let Some((mut least, mut layout, side)) = best else {
        return Ok(None);
    };
    if sides.pairs <= ONE_CANDIDATE_PAIRS {
        let ends: Vec<[(usize, usize); 2]> = plan
            .occurrences
            .iter()
            .map(|occ| [occ.positive, occ.negative])
            .collect();
        // Literals that may trade tracks: all of an Or, the two of an And.
        let free = formula
            .clauses
            .iter()
            .map(|clause| match clause {
                AndOrClause::Or(lits) => lits.len(),
                AndOrClause::AndOr { .. } => 2,
            })
            .collect();
        let anneal = Anneal::new(&clause_vars, ends, sides.group(), &pinned, free);
        let items = plan.spans.len() + plan.clauses.len();
        let moves = (ANNEAL_MOVES_PER_VARIABLE * plan.spans.len()).min(ANNEAL_WORK / items);
        for (seed, &weights) in ANNEAL_WEIGHTS.iter().enumerate() {
            let drawn = anneal.run(&plan.bands.order, &side, weights, moves, seed as u64);
            let plan = plan.reordered(&drawn.order)?;
            let annealed = route_sides(formula, &plan, &clause_vars, &drawn.side, &drawn.track)?;
            let cost = drawing_cost(&annealed);
            if cost < least {
                (least, layout) = (cost, annealed);
            }
        }
    }
    Ok(Some(layout))
}

/// Weightings [`Anneal`] tries from the best side assignment, one seed each; every
/// drawing is routed and the least [`drawing_cost`] kept. On uf20-91 the runs land
/// within ±2 % of each other in kings whatever their length (50 or 800 moves per
/// variable: the same spread), so the runs are short and several.
const ANNEAL_WEIGHTS: [Weights; 4] = [
    Weights {
        crossing: 6,
        mixed: 3,
        nested: 1,
    },
    Weights {
        crossing: 4,
        mixed: 2,
        nested: 1,
    },
    Weights {
        crossing: 6,
        mixed: 6,
        nested: 1,
    },
    Weights {
        crossing: 8,
        mixed: 4,
        nested: 1,
    },
];
/// Moves per variable of one [`Anneal`] run, and a bound on its work (moves times
/// variables and clauses, as each move reckons every row) that keeps a run on a large
/// formula to a few tenths of a second (uf50-218: 0.3 s).
const ANNEAL_MOVES_PER_VARIABLE: usize = 50;
const ANNEAL_WORK: usize = 50_000_000;

/// Tile-row height and tile-column width in King squares: 27 holding a crossing, about
/// 8 without; a crossing tile's own pieces cost about 150 beyond its wires.
const CROSSING_SIDE: u64 = 27;
const PLAIN_SIDE: u64 = 8;
const CROSSING_PIECES: u64 = 150;

/// About how many kings the King backend stamps for `layout` (within a few percent on
/// uf20-91 and uf50-218-shaped formulas, and in the same order): two per square of wire,
/// with every tile row and column as long as [`CROSSING_SIDE`] or [`PLAIN_SIDE`], plus
/// [`CROSSING_PIECES`] per crossing.
fn drawing_cost(layout: &Layout) -> u64 {
    let mut crossing_rows = vec![false; layout.rows as usize];
    let mut crossing_cols = vec![false; layout.cols as usize];
    let mut crossings = 0;
    for node in &layout.nodes {
        if matches!(node.kind, NodeKind::Crossing { .. }) {
            crossing_rows[node.at.row as usize] = true;
            crossing_cols[node.at.col as usize] = true;
            crossings += 1;
        }
    }
    let prefix = |crossing: &[bool]| -> Vec<u64> {
        std::iter::once(0)
            .chain(crossing.iter().scan(0, |sum, &c| {
                *sum += if c { CROSSING_SIDE } else { PLAIN_SIDE };
                Some(*sum)
            }))
            .collect()
    };
    let (row_at, col_at) = (prefix(&crossing_rows), prefix(&crossing_cols));
    let between = |at: &[u64], a: u32, b: u32| at[a.max(b) as usize] - at[a.min(b) as usize];
    let wire: u64 = layout
        .nets
        .iter()
        .flat_map(|net| net.path.windows(2))
        .map(|w| between(&row_at, w[0].row, w[1].row) + between(&col_at, w[0].col, w[1].col))
        .sum();
    2 * wire + CROSSING_PIECES * crossings
}

/// [`route`] for one side assignment, literal `i` of clause `c` on its band's track
/// `track[c][i]` among the clause's literals (0 = the gate row's; a clause's chains take
/// its literals in track order).
fn route_sides(
    formula: &AndOrFormula,
    plan: &Plan,
    clause_vars: &[Vec<usize>],
    side: &[Side],
    track: &[Vec<usize>],
) -> Result<Layout, LayoutError> {
    let bands = &plan.bands;
    let occurrences = &plan.occurrences;
    // Rows: the two sides share them (`merge_rows`).
    let mut shapes: Vec<Shape> = formula
        .clauses
        .iter()
        .enumerate()
        .map(|(c, clause)| {
            let lit_sides: Vec<Side> = clause_vars[c].iter().map(|&v| side[v]).collect();
            Shape::new(clause, &lit_sides, &track[c])
        })
        .collect();
    let mut gapped = vec![false; shapes.len()];
    for (v, occ) in occurrences.iter().enumerate() {
        if plan.spans[v].width == 2 {
            gapped[occ.positive.0] = true;
        }
    }
    let parts: Vec<Part> = bands
        .order
        .iter()
        .map(|&c| Part {
            west: shapes[c].west.len() as u32,
            east: shapes[c].east.len() as u32,
            gapped: gapped[c],
        })
        .collect();
    let mut gap_rows = vec![None; shapes.len()];
    for (&c, at) in bands.order.iter().zip(merge_rows(&parts)) {
        let shape = &mut shapes[c];
        for (chain, row) in [(&shape.west, at.west), (&shape.east, at.east)] {
            for (i, &position) in chain.iter().enumerate() {
                shape.rows[position] = row.expect("a part on this side") - i as u32;
            }
        }
        gap_rows[c] = at.gap;
    }
    let gap_of = |v: usize| gap_rows[occurrences[v].positive.0].expect("gap row reserved");
    let row_of = |(clause, position): (usize, usize)| shapes[clause].rows[position];

    // Final spans and columns per side.
    let spans: Vec<Span> = occurrences
        .iter()
        .enumerate()
        .map(|(v, occ)| variable_span(occ, row_of, || gap_of(v)))
        .collect();
    let columns_on = |s: Side| -> (Vec<usize>, Vec<u32>, u32) {
        let vars: Vec<usize> = (0..spans.len()).filter(|&v| side[v] == s).collect();
        let on: Vec<Span> = vars.iter().map(|&v| spans[v]).collect();
        let cols = order::variable_columns(Ordering::Optimised, &on);
        let width = cols
            .iter()
            .zip(&on)
            .map(|(&c, s)| c + s.width)
            .max()
            .unwrap_or(0);
        (vars, cols, width)
    };
    let (west_vars, west_cols, west_width) = columns_on(Side::West);
    let (east_vars, east_cols, east_width) = columns_on(Side::East);
    let spans_on_east: Vec<Span> = east_vars.iter().map(|&v| spans[v]).collect();
    let max_gates = |ops: fn(&Shape) -> usize| shapes.iter().map(ops).max().unwrap_or(0) as u32;
    let west_gates = max_gates(|s| s.west_ops.len());
    let east_gates = max_gates(|s| s.east_ops.len());
    let spine = west_width + west_gates;
    let cols = u64::from(spine) + 1 + u64::from(east_gates) + u64::from(east_width);
    if cols >= u64::from(MAX_SIDE) {
        return Err(LayoutError::TooLarge { max: MAX_SIDE });
    }
    let mut column = vec![0u32; spans.len()];
    for (&v, &c) in west_vars.iter().zip(&west_cols) {
        column[v] = c;
    }
    // Mirrored: a span nested in another lies nearer the spine.
    for ((&v, &c), span) in east_vars.iter().zip(&east_cols).zip(&spans_on_east) {
        column[v] = spine + east_gates + east_width - c - span.width + 1;
    }

    let mut router = SpineRouter {
        circuit: Circuit::default(),
        spine,
    };
    // Variables, node id = variable index; each literal's partial path.
    let mut literal_paths = LiteralPaths::new();
    for (v, occ) in occurrences.iter().enumerate() {
        let beside = spans[v].width == 2;
        let row = if beside {
            gap_of(v)
        } else {
            row_of(occ.positive).max(row_of(occ.negative))
        };
        let lower_side = match side[v] {
            Side::West => Direction::East,
            Side::East => Direction::West,
        };
        router.circuit.add_variable(
            v,
            occ,
            row_of,
            TilePos::new(row, column[v]),
            (lower_side, beside),
            &mut literal_paths,
        );
    }

    // Clause chains; each clause value ends on the spine, with the side it enters from.
    let mut values: Vec<Option<(Signal, Side)>> = (0..shapes.len()).map(|_| None).collect();
    for &c in &bands.order {
        let shape = &shapes[c];
        let chain_row = |positions: &[usize]| positions.first().map(|&i| shape.rows[i]);
        let (west_row, east_row) = (chain_row(&shape.west), chain_row(&shape.east));
        let mut take = |positions: &[usize]| -> Vec<Signal> {
            positions
                .iter()
                .map(|&i| literal_paths.remove(&(c, i)).expect("every literal routed"))
                .collect()
        };
        let west_inputs = take(&shape.west);
        let east_inputs = take(&shape.east);
        let west_steps = shape.west_ops.len();
        let (value, entering) = if shape.is_mixed() {
            let (west_row, east_row) = (west_row.expect("mixed"), east_row.expect("mixed"));
            let (source, mut path) = router.chain(
                (c, west_steps),
                east_row,
                Side::East,
                &shape.east_ops,
                east_inputs,
                false,
            );
            path.push(TilePos::new(east_row, spine - 1));
            let mut inputs = west_inputs;
            inputs.push((source, path));
            let value = router.chain((c, 0), west_row, Side::West, &shape.west_ops, inputs, true);
            (value, Side::West)
        } else if shape.east.is_empty() {
            let row = west_row.expect("a west clause");
            let value = router.chain((c, 0), row, Side::West, &shape.west_ops, west_inputs, false);
            (value, Side::West)
        } else {
            let row = east_row.expect("an east clause");
            let value = router.chain((c, 0), row, Side::East, &shape.east_ops, east_inputs, false);
            (value, Side::East)
        };
        let (source, mut path) = value;
        let row = path.last().expect("non-empty path").row;
        path.push(TilePos::new(row, spine));
        values[c] = Some(((source, path), entering));
    }

    // The spine, from the lowest clause value up to the 1-test.
    let mut values: Vec<(Signal, Side)> = values
        .into_iter()
        .map(|v| v.expect("every clause has a value"))
        .collect();
    values.sort_unstable_by_key(|((_, path), _)| std::cmp::Reverse(path.last().map(|p| p.row)));
    let mut running: Option<Signal> = None;
    for ((source, path), entering) in values {
        let Some((spine_source, spine_path)) = running.take() else {
            running = Some((source, path));
            continue;
        };
        let at = *path.last().expect("non-empty path");
        let and = NodeKind::Gate {
            op: GateOp::And,
            role: GateRole::Conjunction,
            inputs: [
                match entering {
                    Side::West => Direction::West,
                    Side::East => Direction::East,
                },
                Direction::South,
            ],
            output: Direction::North,
        };
        let inputs = vec![(source, path), (spine_source, spine_path)];
        running = Some(router.circuit.add_gate(and, at, inputs));
    }
    let top = running.expect("at least one clause");
    let test = NodeKind::OneTest {
        input: Direction::South,
    };
    router
        .circuit
        .add_gate(test, TilePos::new(0, spine), vec![top]);
    Ok(router.circuit.finish(cols as u32))
}
