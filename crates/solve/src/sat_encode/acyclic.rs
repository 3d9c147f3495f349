//! Acyclicity of the precedences by vertex elimination (Rankooh and Rintanen,
//! "Propositional encodings of acyclicity and reachability by using vertex
//! elimination", AAAI 2022): the decomposition the encoding uses on every board.
//!
//! Each possible precedence `u ≺ v` gets a variable implied by its conditions. Then
//! the squares are eliminated one by one, fewest fill edges first (the min-degree
//! heuristic of tree decompositions): eliminating `v` adds, for each `u ≺ v` and
//! `v ≺ w`, the clause `u ≺ v ∧ v ≺ w → u ≺ w` (a new edge `u ≺ w` if there was none),
//! or `¬(u ≺ v ∧ v ≺ u)` when `u = w`. With every square eliminated this is exact: a
//! cycle of precedences shrinks, square by square, to a forbidden two-cycle; an
//! acyclic choice extends to the transitive closure, which violates no clause. The
//! size is the fill-in of the elimination, small where the capture graph has small
//! width — compiled boards are long, narrow gadgets and wires. Nodes whose
//! elimination would cost more than [`MAX_FILL`] clauses once [`FILL_BUDGET`] is spent
//! are left to the lazy cycle clauses ([`super::order`]), which stay exact on their own.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use rustc_hash::FxHashMap;

use crate::sat::FlatCnf;

/// `before` comes before `after` when both condition literals are true (`0`: none).
/// Nodes are numbered by the caller (the game's encoding: its squares and their hubs).
#[derive(Clone, Copy, Debug)]
pub struct Precedence {
    pub before: u32,
    pub after: u32,
    pub condition: [i32; 2],
    /// A capture's own precedence (source before target).
    pub capture: bool,
}

/// Nodes whose elimination adds at most this many clauses are always eliminated.
pub(crate) const MAX_FILL: usize = 64;

/// Costlier nodes are eliminated, cheapest first, while the clauses they add in all
/// stay within this budget (dense lines of rooks: a few lazy rounds cost more).
pub(crate) const FILL_BUDGET: usize = 3_000_000;

/// The precedence graph being eliminated: edge variables by pair, and adjacency.
struct Elimination {
    edge: FxHashMap<(u32, u32), i32>,
    out: Vec<Vec<u32>>,
    inn: Vec<Vec<u32>>,
    gone: Vec<bool>,
}

impl Elimination {
    fn alive(&self, list: &[u32]) -> usize {
        list.iter().filter(|&&u| !self.gone[u as usize]).count()
    }

    /// Clauses eliminating `v` would add.
    fn cost(&self, v: usize) -> usize {
        self.alive(&self.inn[v]) * self.alive(&self.out[v])
    }
}

/// Adds the precedence variables and elimination clauses to `cnf`, for the
/// `precedences` over `n` nodes (squares and hubs). Returns the number of nodes
/// eliminated (all `n`: the clauses are exact, and no lazy clause is ever needed).
pub fn eliminate(cnf: &mut FlatCnf, n: usize, precedences: &[Precedence]) -> usize {
    let mut by_pair: FxHashMap<(u32, u32), Vec<[i32; 2]>> = FxHashMap::default();
    for p in precedences {
        by_pair
            .entry((p.before, p.after))
            .or_default()
            .push(p.condition);
    }
    let mut pairs: Vec<_> = by_pair.into_iter().collect();
    pairs.sort_unstable_by_key(|&(pair, _)| pair);
    let mut graph = Elimination {
        edge: FxHashMap::default(),
        out: vec![Vec::new(); n],
        inn: vec![Vec::new(); n],
        gone: vec![false; n],
    };
    for ((u, v), conditions) in pairs {
        // Its own variable, even for one condition of one literal: elimination makes
        // edge variables true by transitivity, which must not force a capture.
        let var = cnf.new_var();
        for condition in &conditions {
            let mut clause: Vec<i32> = condition.iter().filter(|&&l| l != 0).map(|&l| -l).collect();
            clause.push(var);
            cnf.add_clause(&clause);
        }
        graph.edge.insert((u, v), var);
        graph.out[u as usize].push(v);
        graph.inn[v as usize].push(u);
    }
    let mut queue: BinaryHeap<Reverse<(usize, u32)>> =
        (0..n).map(|v| Reverse((graph.cost(v), v as u32))).collect();
    let (mut eliminated, mut spent) = (0, 0);
    while let Some(Reverse((cost, v))) = queue.pop() {
        let v = v as usize;
        if graph.gone[v] {
            continue;
        }
        let now = graph.cost(v);
        if now != cost {
            queue.push(Reverse((now, v as u32)));
            continue;
        }
        if cost > MAX_FILL && spent + cost > FILL_BUDGET {
            break;
        }
        spent += cost;
        graph.gone[v] = true;
        eliminated += 1;
        let inn: Vec<u32> = graph.inn[v]
            .iter()
            .copied()
            .filter(|&u| !graph.gone[u as usize])
            .collect();
        let out: Vec<u32> = graph.out[v]
            .iter()
            .copied()
            .filter(|&w| !graph.gone[w as usize])
            .collect();
        for &u in &inn {
            let before = graph.edge[&(u, v as u32)];
            for &w in &out {
                let after = graph.edge[&(v as u32, w)];
                if u == w {
                    cnf.add_clause(&[-before, -after]);
                    continue;
                }
                let through = match graph.edge.get(&(u, w)) {
                    Some(&var) => var,
                    None => {
                        let var = cnf.new_var();
                        graph.edge.insert((u, w), var);
                        graph.out[u as usize].push(w);
                        graph.inn[w as usize].push(u);
                        var
                    }
                };
                cnf.add_clause(&[-before, -after, through]);
            }
        }
        for &u in inn.iter().chain(&out) {
            queue.push(Reverse((graph.cost(u as usize), u)));
        }
        graph.inn[v] = Vec::new();
        graph.out[v] = Vec::new();
    }
    eliminated
}
