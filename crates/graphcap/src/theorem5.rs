//! Both Theorem 5 constructions behind one type ([`Theorem5`]), and the provenance a
//! compiled graph file carries so that `decode` knows which construction built it.
//!
//! The provenance is a comment line, so every reader of the graph format skips it:
//!
//! ```text
//! # provenance: construction=dag sha256=9f0c… source=uf20-91-01.cnf
//! ```
//!
//! `construction` is `dag` or `undirected`, `sha256` the formula's digest as the board
//! provenance computes it, `source` (last, the rest of the line) the formula's file name.

use sat2chess_core::formula::{Assignment, Cnf};

use crate::dag::{DagReduction, DecodeError};
use crate::graph::{GraphCapture, GraphError};
use crate::moves::Capture;
use crate::undirected::UndirectedReduction;

/// Which Theorem 5 construction builds the graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Construction {
    /// A DAG from 3-SAT ([`crate::dag`]).
    Dag,
    /// An undirected graph from Colourful RBDS ([`crate::undirected`]).
    Undirected,
}

impl Construction {
    /// The name in provenance lines.
    pub fn name(self) -> &'static str {
        match self {
            Construction::Dag => "dag",
            Construction::Undirected => "undirected",
        }
    }

    fn from_name(name: &str) -> Option<Construction> {
        [Construction::Dag, Construction::Undirected]
            .into_iter()
            .find(|c| c.name() == name)
    }
}

/// A formula and the graph one construction builds from it.
#[derive(Clone, Debug)]
pub enum Theorem5 {
    Dag(DagReduction),
    Undirected(UndirectedReduction),
}

impl Theorem5 {
    /// Builds the graph of `cnf`.
    pub fn new(construction: Construction, cnf: &Cnf) -> Theorem5 {
        match construction {
            Construction::Dag => Theorem5::Dag(DagReduction::new(cnf)),
            Construction::Undirected => Theorem5::Undirected(UndirectedReduction::new(cnf)),
        }
    }

    /// The graph (budget 2, a token on every vertex).
    pub fn graph(&self) -> &GraphCapture {
        match self {
            Theorem5::Dag(r) => r.graph(),
            Theorem5::Undirected(r) => r.graph(),
        }
    }

    /// The solving sequence of `model`; `None` when it is not a model of the formula.
    pub fn certify(&self, model: &Assignment) -> Option<Vec<Capture>> {
        match self {
            Theorem5::Dag(r) => r.certify(model),
            Theorem5::Undirected(r) => r.certify(model),
        }
    }

    /// The model a solving sequence encodes (the sequence is checked first).
    pub fn decode(&self, captures: &[Capture]) -> Result<Assignment, DecodeError> {
        match self {
            Theorem5::Dag(r) => r.decode(captures),
            Theorem5::Undirected(r) => r.decode(captures),
        }
    }
}

/// Where a compiled graph comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Provenance {
    pub construction: Construction,
    /// The formula's SHA-256 (hex), as `sat2chess_reduce::reduction::source_digest`.
    pub sha256: String,
    /// The formula's file name.
    pub source: String,
}

const PREFIX: &str = "# provenance:";

impl Provenance {
    /// The provenance comment line (with its newline).
    pub fn line(&self) -> String {
        format!(
            "{PREFIX} construction={} sha256={} source={}\n",
            self.construction.name(),
            self.sha256,
            self.source
        )
    }

    /// The provenance line of a graph file: `None` when it has none.
    pub fn find(text: &str) -> Option<Result<Provenance, GraphError>> {
        let (number, rest) = text
            .lines()
            .enumerate()
            .find_map(|(i, l)| l.strip_prefix(PREFIX).map(|rest| (i + 1, rest)))?;
        let syntax = || GraphError::Syntax {
            line: number,
            message: format!(
                "expected `{PREFIX} construction=dag|undirected sha256=HEX source=NAME`"
            ),
        };
        let parse = || {
            let rest = rest.trim_start();
            let rest = rest.strip_prefix("construction=")?;
            let (construction, rest) = rest.split_once(' ')?;
            let construction = Construction::from_name(construction)?;
            let (sha256, source) = rest.trim_start().strip_prefix("sha256=")?.split_once(' ')?;
            let source = source.trim_start().strip_prefix("source=")?;
            Some(Provenance {
                construction,
                sha256: sha256.to_string(),
                source: source.trim_end().to_string(),
            })
        };
        Some(parse().ok_or_else(syntax))
    }
}

#[cfg(test)]
mod tests {
    use sat2chess_core::formula::{Lit, Var};

    use super::*;
    use crate::check::check;
    use crate::solve::solve;

    #[test]
    fn provenance_round_trips_and_a_bad_line_is_named() {
        let provenance = Provenance {
            construction: Construction::Undirected,
            sha256: "ab12".into(),
            source: "my formula.cnf".into(),
        };
        let text = format!("{}graph-capture undirected 2\n", provenance.line());
        assert_eq!(Provenance::find(&text).unwrap(), Ok(provenance));
        assert!(GraphCapture::parse(&text).is_ok());
        assert_eq!(Provenance::find("graph-capture directed 2\n"), None);
        let bad = "graph-capture directed 2\n# provenance: construction=tree\n";
        assert_eq!(
            Provenance::find(bad).unwrap().unwrap_err().to_string(),
            "line 2: expected `# provenance: construction=dag|undirected sha256=HEX source=NAME`"
        );
    }

    /// A random CNF: 2–4 variables, 2–10 clauses of 1–3 literals.
    fn random_cnf(rng: &mut fastrand::Rng) -> Cnf {
        let vars = rng.u32(2..=4);
        let clauses = (0..rng.usize(2..=10))
            .map(|_| {
                (0..rng.usize(1..=3))
                    .map(|_| Lit::new(Var(rng.u32(0..vars)), rng.bool()))
                    .collect()
            })
            .collect();
        Cnf::new(vars, clauses)
    }

    fn brute_force_model(cnf: &Cnf) -> Option<Assignment> {
        let n = cnf.num_vars as usize;
        (0..1u32 << n)
            .map(|bits| Assignment((0..n).map(|i| bits >> i & 1 == 1).collect()))
            .find(|a| cnf.is_satisfied_by(a))
    }

    /// 500 random CNFs through `construction`: the exact solver decides the graph as the
    /// formula (≥ 100 of each verdict), every model's certificate replays and decodes to
    /// it, and the solver's own sequences decode to models.
    fn agrees_both_ways(construction: Construction, seed: u64) {
        let mut rng = fastrand::Rng::with_seed(seed);
        let (mut satisfiable, mut unsatisfiable) = (0, 0);
        for _ in 0..500 {
            let cnf = random_cnf(&mut rng);
            let reduction = Theorem5::new(construction, &cnf);
            let found = solve(reduction.graph()).expect("the solver decides");
            match (brute_force_model(&cnf), found) {
                (Some(model), Some(found)) => {
                    satisfiable += 1;
                    let certificate = reduction.certify(&model).unwrap();
                    assert_eq!(check(reduction.graph(), &certificate), Ok(()), "{cnf:?}");
                    assert_eq!(reduction.decode(&certificate), Ok(model));
                    let decoded = reduction.decode(&found).expect("solver sequences decode");
                    assert!(cnf.is_satisfied_by(&decoded));
                }
                (None, None) => unsatisfiable += 1,
                (model, found) => panic!("{cnf:?}: model {model:?}, graph solution {found:?}"),
            }
        }
        assert!(
            satisfiable >= 100 && unsatisfiable >= 100,
            "{satisfiable} / {unsatisfiable}"
        );
    }

    #[test]
    fn random_formulas_agree_with_their_dags_both_ways() {
        agrees_both_ways(Construction::Dag, 30);
    }

    #[test]
    fn random_formulas_agree_with_their_undirected_graphs_both_ways() {
        agrees_both_ways(Construction::Undirected, 31);
    }
}
