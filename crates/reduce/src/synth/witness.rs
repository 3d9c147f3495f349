//! Witness clauses: the proposal model asks, for every row of the table, for a capture
//! sequence that reaches the row's outputs — the half of the verifier's question that
//! says "some sequence exists", written as clauses over the candidate's squares, so the
//! verifier sees only candidates that pass it and judges the other half (no sequence
//! reaches more).
//!
//! **The characterisation** (the spanning-tree engine's, `sat2chess_solve`'s `tree`
//! module; kings of budget ≤ 2 are never blocked). A sequence is a forest on the capture
//! graph: a vacated square's *parent* is the square its piece captured, the roots are
//! the squares occupied at the end. A square that receives a capture is in *C* (inner or
//! root); the others are *leaves* and need budget ≥ 1. An inner square leaves with
//! budget `val(last child) − 1`, so it needs a budget-2 leaf child (a *feeder*, entering
//! last). A root ends with its own budget when nothing entered it (*bare*), with 1 when
//! its last child is a budget-2 leaf (*fed*), with 0 when its last child has value 1
//! (*zero*). Conversely every such forest is a sequence (children in post-order, the
//! chosen last child last).
//!
//! **One copy per row, tuple and input placement.** For each row whose table value is a
//! reachable tuple `t` (no error component), each tuple, and each placement of the input
//! signal columns (both squares of every input port: the verifier searches one of them
//! on a symmetric port, and the other is its mirror image, so a gadget it accepts meets
//! both), the copy has, per square that may hold a piece: `c` (in C), `r` (a root); per
//! ordered pair of neighbours: `a(l,u)` (leaf `l` enters `u`), `p(u,w)` (inner `u`'s
//! parent is `w`); per output square: `fed`, `zero` (a root's state, bare otherwise). A
//! candidate's free square holds a piece only if its king is placed, so every variable
//! of the square implies that king. Clauses: roots only on output squares; a budget-0
//! piece stays in C; a piece outside C enters exactly one neighbour in C (at most one
//! `a(l,·)`); an inner square has a budget-2 leaf entering it and a parent in C; the
//! parents are acyclic (vertex elimination, [`eliminate`]); a bare root has no child, a
//! fed one a budget-2 leaf child, a zero one some child; every output port reads at least
//! its `t` component (s = c − n + 1 over its roots: an empty port is the error value).
//! A row whose value is "solvable" (the 1-test) asks for exactly one root, anywhere.
//!
//! **Sound, so nothing is lost.** A candidate the verifier accepts reaches each maximal
//! tuple of each row exactly, so the copy's variables read off that sequence's forest
//! satisfy every clause: the witness clauses never exclude an accepted candidate, and an
//! exhaustion claim under them stays a claim about every candidate. Rows whose value is
//! the error value or "unsolvable" say that *no* sequence exists; they stay with the
//! verifier.

use sat2chess_core::board::{PieceKind, Square};
use sat2chess_solve::sat::{FlatCnf, Precedence, eliminate};

use super::spec::{Frame, KING_BUDGET};
use crate::gadgets::Outcome;
use crate::verify::{attacks, signal_column};

/// A square of one copy: where it is, the literal of "a piece stands here" (0: always),
/// the budget of that piece, and whether it lies on an output port.
#[derive(Clone, Copy)]
struct Node {
    square: Square,
    occupied: i32,
    budget: u32,
    output: bool,
}

/// What a copy asks of its end configuration.
enum Goal<'a> {
    /// Every output port reads at least the tuple's component.
    Reads(&'a [i8]),
    /// One piece is left, anywhere.
    OnePiece,
}

/// Adds the witness clauses of every row of `frame`'s table to `cnf` (module doc); `var`
/// is the candidate variable of a free square. Returns the number of copies.
pub(super) fn witness_clauses(
    frame: &Frame,
    free: &[Square],
    var: &dyn Fn(Square) -> Option<i32>,
    cnf: &mut FlatCnf,
) -> usize {
    let gadget = &frame.gadget;
    let inputs = gadget.inputs();
    let mut copies = 0;
    for row in &gadget.table {
        let goals: Vec<Goal> = match &row.expected {
            Outcome::Outputs(tuples) => tuples
                .iter()
                .filter(|t| t.iter().all(|&v| v >= 0))
                .map(|t| Goal::Reads(t))
                .collect(),
            Outcome::Solvable(true) => vec![Goal::OnePiece],
            Outcome::Solvable(false) => Vec::new(),
        };
        for goal in &goals {
            for placement in 0..1usize << inputs.len() {
                let mut nodes: Vec<Node> = free
                    .iter()
                    .map(|&square| Node {
                        square,
                        occupied: var(square).expect("a free square"),
                        budget: KING_BUDGET,
                        output: false,
                    })
                    .collect();
                nodes.extend(gadget.pieces.iter().map(|&(square, budget)| Node {
                    square,
                    occupied: 0,
                    budget,
                    output: true,
                }));
                for (i, (port, &signal)) in inputs.iter().zip(&row.inputs).enumerate() {
                    let first = (placement >> i) & 1;
                    nodes.extend(signal_column(port, signal, first).iter().map(|piece| Node {
                        square: piece.square,
                        occupied: 0,
                        budget: piece.budget,
                        output: false,
                    }));
                }
                add_copy(cnf, &nodes, goal, gadget);
                copies += 1;
            }
        }
    }
    copies
}

/// The clauses of one copy (module doc).
fn add_copy(cnf: &mut FlatCnf, nodes: &[Node], goal: &Goal, gadget: &crate::gadgets::Gadget) {
    let n = nodes.len();
    let neighbours: Vec<Vec<usize>> = (0..n)
        .map(|v| {
            (0..n)
                .filter(|&u| attacks(PieceKind::King, nodes[v].square, nodes[u].square))
                .collect()
        })
        .collect();
    // `lit → occupied(v)`, for every variable of square `v`.
    let needs_piece = |cnf: &mut FlatCnf, lit: i32, v: usize| {
        if nodes[v].occupied != 0 {
            cnf.add_clause(&[-lit, nodes[v].occupied]);
        }
    };
    let in_c: Vec<i32> = (0..n).map(|_| cnf.new_var()).collect();
    let root: Vec<i32> = (0..n).map(|_| cnf.new_var()).collect();
    let mut enters: Vec<Vec<i32>> = vec![Vec::new(); n];
    let mut entered_by: Vec<Vec<(usize, i32)>> = vec![Vec::new(); n];
    let mut parent: Vec<Vec<i32>> = vec![Vec::new(); n];
    let mut child_of: Vec<Vec<i32>> = vec![Vec::new(); n];
    let mut precedences = Vec::new();
    // Per output square: its `fed` and `zero` variables.
    let mut states: Vec<Option<(i32, i32)>> = vec![None; n];
    for v in 0..n {
        needs_piece(cnf, in_c[v], v);
        cnf.add_clause(&[-root[v], in_c[v]]);
        let may_end_here = match goal {
            Goal::Reads(_) => nodes[v].output,
            Goal::OnePiece => true,
        };
        if !may_end_here {
            cnf.add_clause(&[-root[v]]);
        }
        if nodes[v].budget == 0 {
            // A budget-0 piece never moves: where it stands it stays in C.
            let mut clause = vec![in_c[v]];
            if nodes[v].occupied != 0 {
                clause.push(-nodes[v].occupied);
            }
            cnf.add_clause(&clause);
        }
        for &u in &neighbours[v] {
            let a = cnf.new_var();
            needs_piece(cnf, a, v);
            cnf.add_clause(&[-a, -in_c[v]]);
            cnf.add_clause(&[-a, in_c[u]]);
            enters[v].push(a);
            entered_by[u].push((v, a));
            let p = cnf.new_var();
            cnf.add_clause(&[-p, in_c[v]]);
            cnf.add_clause(&[-p, in_c[u]]);
            cnf.add_clause(&[-p, -root[v]]);
            parent[v].push(p);
            child_of[u].push(p);
            precedences.push(Precedence {
                before: v as u32,
                after: u as u32,
                condition: [p, 0],
                capture: true,
            });
        }
        if nodes[v].budget > 0 {
            // A piece outside C enters a neighbour.
            let mut clause = vec![in_c[v]];
            if nodes[v].occupied != 0 {
                clause.push(-nodes[v].occupied);
            }
            clause.extend(&enters[v]);
            cnf.add_clause(&clause);
        }
        cnf.at_most_one(&enters[v]);
    }
    for u in 0..n {
        let feeders: Vec<i32> = entered_by[u]
            .iter()
            .filter(|&&(l, _)| nodes[l].budget == 2)
            .map(|&(_, a)| a)
            .collect();
        let mut fed = vec![-in_c[u], root[u]];
        fed.extend(&feeders);
        cnf.add_clause(&fed);
        let mut has_parent = vec![-in_c[u], root[u]];
        has_parent.extend(&parent[u]);
        cnf.add_clause(&has_parent);
        if !nodes[u].output {
            continue;
        }
        // The state of a root on an output square: bare (no child), fed or zero.
        let (is_fed, is_zero) = (cnf.new_var(), cnf.new_var());
        cnf.add_clause(&[-is_fed, root[u]]);
        cnf.add_clause(&[-is_zero, root[u]]);
        cnf.add_clause(&[-is_fed, -is_zero]);
        let mut clause = vec![-is_fed];
        clause.extend(&feeders);
        cnf.add_clause(&clause);
        let children: Vec<i32> = entered_by[u]
            .iter()
            .map(|&(_, a)| a)
            .chain(child_of[u].iter().copied())
            .collect();
        let mut clause = vec![-is_zero];
        clause.extend(&children);
        cnf.add_clause(&clause);
        for &child in &children {
            cnf.add_clause(&[-root[u], is_fed, is_zero, -child]);
        }
        states[u] = Some((is_fed, is_zero));
    }
    eliminate(cnf, n, &precedences);
    match goal {
        Goal::OnePiece => cnf.exactly_one(&root),
        Goal::Reads(tuple) => {
            for (port, &want) in gadget.outputs().iter().zip(tuple.iter()) {
                let ends: Vec<End> = port
                    .squares
                    .iter()
                    .filter_map(|&s| {
                        let v = nodes.iter().position(|node| node.square == s)?;
                        let (fed, zero) = states[v]?;
                        Some(End {
                            root: root[v],
                            fed,
                            zero,
                            budget: nodes[v].budget,
                        })
                    })
                    .collect();
                forbid_low_readings(cnf, &ends, want);
            }
        }
    }
}

/// An output square's root variables and its piece's own budget.
struct End {
    root: i32,
    fed: i32,
    zero: i32,
    budget: u32,
}

/// How an output square ends: vacated, or a root that is bare, fed or zero.
#[derive(Clone, Copy)]
enum EndState {
    Vacated,
    Bare,
    Fed,
    Zero,
}

/// Forbids every combination of end states of a port's squares whose reading
/// s = c − n + 1 (c the roots' final budgets, n their number) is below `want`, and the
/// empty port (the error value).
fn forbid_low_readings(cnf: &mut FlatCnf, ends: &[End], want: i8) {
    use EndState::*;
    let mut combination = vec![Vacated; ends.len()];
    loop {
        let (mut roots, mut budget) = (0i64, 0i64);
        for (end, state) in ends.iter().zip(&combination) {
            let (here, value) = match state {
                Vacated => (0, 0),
                Bare => (1, i64::from(end.budget)),
                Fed => (1, 1),
                Zero => (1, 0),
            };
            roots += here;
            budget += value;
        }
        if roots == 0 || budget - roots + 1 < i64::from(want) {
            // Not all of these states: the negation of each state, joined.
            let clause: Vec<i32> = ends
                .iter()
                .zip(&combination)
                .flat_map(|(end, state)| match state {
                    Vacated => vec![end.root],
                    Bare => vec![-end.root, end.fed, end.zero],
                    Fed => vec![-end.fed],
                    Zero => vec![-end.zero],
                })
                .collect();
            cnf.add_clause(&clause);
        }
        // The next combination (odometer over the four states).
        let mut i = 0;
        loop {
            if i == combination.len() {
                return;
            }
            combination[i] = match combination[i] {
                Vacated => Bare,
                Bare => Fed,
                Fed => Zero,
                Zero => Vacated,
            };
            if !matches!(combination[i], Vacated) {
                break;
            }
            i += 1;
        }
    }
}
