//! Theorem 5 for DAGs (Aravind–Misra–Mittal, FUN 2022, §4): a CNF formula φ → a DAG
//! `G` with a token on every vertex such that Graph Capture(`G`, 2) is solvable iff φ
//! is satisfiable.
//!
//! Vertices: `c1 … cm` (clauses), and for each variable `xj` the vertices `vj`, `vjT`,
//! `vjF`, and one sink `w`. Edges: `ci → vjT` when `xj ∈ Ci`, `ci → vjF` when
//! `¬xj ∈ Ci`, `vjT → vj`, `vjF → vj`, `vj → w`. The paper states it for 3-SAT; the
//! construction and both directions of its proof hold for clauses of any width (an
//! empty clause's vertex has no edge, so its token is never cleared).
//!
//! Certificate (model → captures, the proof's three phases): every clause token
//! captures the token of a true literal of its clause (the one of least variable); for
//! each variable the token of its true side captures `vj`, then the false side's
//! (unused, so two captures left) captures `vj`; then every `vj` captures `w`.
//! Decode (any solving sequence → model): `xj` is true iff some capture lands on `vjT`
//! (the proof shows no sequence lands on both `vjT` and `vjF`); the model is checked.

use sat2chess_core::formula::{Assignment, Cnf};
use thiserror::Error;

use crate::check::{Refusal, check};
use crate::graph::{GraphCapture, Vertex};
use crate::moves::Capture;

/// The budget of Theorem 5.
pub const BUDGET: u32 = 2;

/// A formula and the DAG Theorem 5 builds from it.
#[derive(Clone, Debug)]
pub struct DagReduction {
    cnf: Cnf,
    graph: GraphCapture,
}

/// Why a capture sequence could not be decoded.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum DecodeError {
    /// The sequence does not solve the graph (the checker's report).
    #[error("the captures do not solve the graph: {0}")]
    Refused(#[source] Refusal),
    /// The sequence solves the graph but the assignment read off it is no model: a bug.
    #[error("internal error: a solving sequence decoded to an assignment that is not a model")]
    NotAModel,
}

impl DagReduction {
    /// Builds the DAG of `cnf`.
    pub fn new(cnf: &Cnf) -> DagReduction {
        let mut graph = GraphCapture::new(true, BUDGET);
        let m = cnf.clauses.len();
        let n = cnf.num_vars as usize;
        for i in 1..=m {
            graph.add_vertex(&format!("c{i}"), true);
        }
        for j in 1..=n {
            for suffix in ["", "T", "F"] {
                graph.add_vertex(&format!("v{j}{suffix}"), true);
            }
        }
        graph.add_vertex("w", true);
        let reduction = DagReduction {
            cnf: cnf.clone(),
            graph,
        };
        let mut graph = reduction.graph.clone();
        for (i, clause) in cnf.clauses.iter().enumerate() {
            for lit in clause {
                // A literal repeated in a clause gives one edge.
                graph.add_edge(i as Vertex, reduction.side(lit.var.index(), lit.positive));
            }
        }
        for j in 0..n {
            let v = reduction.variable(j);
            graph.add_edge(reduction.side(j, true), v);
            graph.add_edge(reduction.side(j, false), v);
            graph.add_edge(v, reduction.sink());
        }
        DagReduction { graph, ..reduction }
    }

    /// The graph (directed, budget 2, a token on every vertex).
    pub fn graph(&self) -> &GraphCapture {
        &self.graph
    }

    fn variable(&self, j: usize) -> Vertex {
        (self.cnf.clauses.len() + 3 * j) as Vertex
    }

    fn side(&self, j: usize, value: bool) -> Vertex {
        self.variable(j) + if value { 1 } else { 2 }
    }

    fn sink(&self) -> Vertex {
        (self.cnf.clauses.len() + 3 * self.cnf.num_vars as usize) as Vertex
    }

    /// The solving sequence of `model`; `None` when it is not a model of the formula.
    pub fn certify(&self, model: &Assignment) -> Option<Vec<Capture>> {
        if model.len() != self.cnf.num_vars as usize || !self.cnf.is_satisfied_by(model) {
            return None;
        }
        let mut captures = Vec::new();
        for (i, clause) in self.cnf.clauses.iter().enumerate() {
            let lit = clause
                .iter()
                .filter(|l| l.eval(model))
                .min_by_key(|l| l.var)?;
            let to = self.side(lit.var.index(), lit.positive);
            captures.push(Capture {
                from: i as Vertex,
                to,
            });
        }
        for j in 0..self.cnf.num_vars as usize {
            let value = model.0[j];
            let v = self.variable(j);
            captures.push(Capture {
                from: self.side(j, value),
                to: v,
            });
            captures.push(Capture {
                from: self.side(j, !value),
                to: v,
            });
        }
        for j in 0..self.cnf.num_vars as usize {
            captures.push(Capture {
                from: self.variable(j),
                to: self.sink(),
            });
        }
        Some(captures)
    }

    /// The model a solving sequence encodes (checked against the formula).
    pub fn decode(&self, captures: &[Capture]) -> Result<Assignment, DecodeError> {
        check(&self.graph, captures).map_err(DecodeError::Refused)?;
        let mut model = Assignment::all_false(self.cnf.num_vars as usize);
        for capture in captures {
            if let Some(j) =
                (0..self.cnf.num_vars as usize).find(|&j| capture.to == self.side(j, true))
            {
                model.0[j] = true;
            }
        }
        if self.cnf.is_satisfied_by(&model) {
            Ok(model)
        } else {
            Err(DecodeError::NotAModel)
        }
    }
}

#[cfg(test)]
mod tests {
    use sat2chess_core::formula::Lit;

    use super::*;
    use crate::solve::solve;

    /// The paper's Figure 11 formula.
    fn figure_11() -> Cnf {
        let (p, n) = (Lit::pos, Lit::neg);
        Cnf::new(
            3,
            vec![
                vec![p(0), n(1), p(2)],
                vec![p(1), p(2)],
                vec![n(0), p(1), n(2)],
                vec![n(1), n(2)],
            ],
        )
    }

    #[test]
    fn figure_11_certifies_replays_and_decodes() {
        let reduction = DagReduction::new(&figure_11());
        let graph = reduction.graph();
        assert_eq!((graph.len(), graph.edges().len()), (4 + 9 + 1, 10 + 9));
        let model = Assignment(vec![true, true, false]);
        let captures = reduction.certify(&model).unwrap();
        assert_eq!(check(graph, &captures), Ok(()));
        assert_eq!(reduction.decode(&captures), Ok(model));
        let found = solve(graph).unwrap().expect("figure 11 is satisfiable");
        let decoded = reduction.decode(&found).unwrap();
        assert!(figure_11().is_satisfied_by(&decoded));
        assert_eq!(
            reduction.certify(&Assignment(vec![false, false, false])),
            None
        );
    }

    #[test]
    fn decoding_refuses_a_sequence_that_does_not_solve() {
        let reduction = DagReduction::new(&figure_11());
        let mut captures = reduction
            .certify(&Assignment(vec![true, true, false]))
            .unwrap();
        captures.pop();
        assert_eq!(
            reduction.decode(&captures),
            Err(DecodeError::Refused(Refusal::NotSolved(2)))
        );
    }
}
