//! The hero's walk ([`super::hero`]) found by a SAT solver, where the depth-first search
//! gives up: on the boards of Brunner et al. §3.2 compiled from formulas of thousands of
//! variables the walk *is* an assignment, and a backtracking search over it without
//! learning is exponential, while CaDiCaL decides the walk's encoding — essentially the
//! formula again — at once.
//!
//! **Encoding** of "a simple path of hero moves from the hero's square over the occupied
//! squares that enters every villain component", for a hero whose budget never runs out
//! (at least `n − 1` moves: a longer path has a repeated square). Variables `on(s)` (the
//! path visits `s`) and `step(u,v)` per hero move `u → v` between occupied squares
//! (never onto the hero's square). Clauses: `on(hero)`; every other visited square has
//! exactly one step into it, every square at most one step out of it, a step visits both
//! ends; each villain component has a visited square. The steps then form the path from
//! the hero plus disjoint cycles; a cycle is excluded by making the steps acyclic, by the
//! vertex elimination of the SAT encoding (`u ≺ v` for each step) where it is cheap and
//! by lazy clauses "not every step of this cycle" beyond. A model without a cycle is a
//! walk; an unsatisfiable encoding proves that no walk exists (every walk is a model).
//!
//! Hand-written: the walk is this crate's rule, and the encoding reuses its SAT layer.

use std::time::{Duration, Instant};

use crate::sat::{FlatCnf, IncrementalSat, SatBackend, Stop};
use crate::sat_encode::{Precedence, eliminate};

/// Hero moves above which the walk is not encoded (a few GB of solver memory).
const MAX_STEPS: usize = 10_000_000;

/// A walk from `start` over the hero moves `moves` (targets per square) entering a square
/// of every component but `start`'s (`component` per square, `components` in all):
/// `Some(Some(path))`, `Some(None)` when there is none, `None` when the budget binds
/// (fewer than `n − 1` moves: not encoded), past [`MAX_STEPS`] moves, or when the solver
/// reaches `deadline`.
pub(super) fn find_walk(
    moves: &[Vec<u32>],
    component: &[u32],
    components: usize,
    start: usize,
    budget: u32,
    deadline: Option<Instant>,
) -> Option<Option<Vec<usize>>> {
    let n = moves.len();
    if (budget as usize) + 1 < n || moves.iter().map(Vec::len).sum::<usize>() > MAX_STEPS {
        return None;
    }
    let mut cnf = FlatCnf::new(0);
    let on = cnf.new_vars(n);
    let mut steps: Vec<(u32, u32, i32)> = Vec::new();
    let mut into: Vec<Vec<i32>> = vec![Vec::new(); n];
    for (from, targets) in moves.iter().enumerate() {
        let mut out = Vec::with_capacity(targets.len());
        for &to in targets {
            let step = cnf.new_var();
            cnf.add_clause(&[-step, on + from as i32]);
            cnf.add_clause(&[-step, on + to as i32]);
            steps.push((from as u32, to, step));
            into[to as usize].push(step);
            out.push(step);
        }
        cnf.at_most_one(&out);
    }
    cnf.add_clause(&[on + start as i32]);
    for (s, incoming) in into.iter().enumerate() {
        if s == start {
            continue;
        }
        let mut clause = vec![-(on + s as i32)];
        clause.extend_from_slice(incoming);
        cnf.add_clause(&clause);
        cnf.at_most_one(incoming);
    }
    let mut entered: Vec<Vec<i32>> = vec![Vec::new(); components];
    for (s, &c) in component.iter().enumerate() {
        entered[c as usize].push(on + s as i32);
    }
    let own = component[start] as usize;
    for (c, squares) in entered.iter().enumerate() {
        if c != own && !squares.is_empty() {
            cnf.add_clause(squares);
        }
    }
    let precedences: Vec<Precedence> = steps
        .iter()
        .map(|&(before, after, step)| Precedence {
            before,
            after,
            condition: [step, 0],
            capture: true,
        })
        .collect();
    eliminate(&mut cnf, n, &precedences);
    let limit = deadline.map(|d| d.saturating_duration_since(Instant::now()));
    let stop = Stop::new(limit.map(|l| l.max(Duration::from_millis(1))), None);
    let mut solver = IncrementalSat::new(SatBackend::Cadical, &cnf, &stop);
    loop {
        match solver.solve(&stop) {
            Ok(Some(true)) => {}
            Ok(Some(false)) => return Some(None),
            Ok(None) | Err(_) => return None,
        }
        let mut next = vec![u32::MAX; n];
        let mut step_of = vec![0i32; n];
        for &(from, to, step) in &steps {
            if solver.value(step) {
                next[from as usize] = to;
                step_of[from as usize] = step;
            }
        }
        let mut on_path = vec![false; n];
        let mut path = vec![start];
        on_path[start] = true;
        while let Some(&at) = path.last() {
            let to = next[at];
            if to == u32::MAX || on_path[to as usize] {
                break;
            }
            on_path[to as usize] = true;
            path.push(to as usize);
        }
        // Every other step lies on a cycle (each square has one step in at most, and every
        // visited square but the start has one): exclude each.
        let mut cycles = 0;
        for s in 0..n {
            if on_path[s] || next[s] == u32::MAX {
                continue;
            }
            let mut clause = Vec::new();
            let mut at = s;
            while !on_path[at] && next[at] != u32::MAX {
                on_path[at] = true;
                clause.push(-step_of[at]);
                at = next[at] as usize;
            }
            solver.add_clause(&clause);
            cycles += 1;
        }
        if cycles == 0 {
            return Some(Some(path));
        }
    }
}
