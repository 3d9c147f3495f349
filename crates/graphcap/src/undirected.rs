//! Theorem 5 for undirected graphs (Aravind–Misra–Mittal, FUN 2022, §4.1): CNF →
//! Colourful Red-Blue Dominating Set → an undirected graph `H` with a token on every
//! vertex such that Graph Capture(`H`, 2) is solvable iff the formula is satisfiable.
//!
//! **CNF → Colourful RBDS** (`ColourfulRbds`, private to this module until the
//! project's RBDS type absorbs it): one colour class per variable `xj`, holding the red
//! vertices `xj` true and `xj` false; one blue vertex per clause, adjacent to the reds
//! of its literals; `k` = the number of variables. Choosing one red per class is an
//! assignment, and it dominates every blue vertex iff every clause has a true literal:
//! both maps are the identity on assignments.
//!
//! **Colourful RBDS → `H`** (the paper's construction): the RBDS graph; for each red
//! `v` (class `j`, index `i`) a partner `uji` adjacent to `v`, with two spikes
//! `uji – pji – rji` and `uji – qji – sji`; a guard `wj` adjacent to every partner of
//! class `j`; a vertex `star` adjacent to every partner, and the path `star – p – q`.
//! Vertex names: reds `vjT`/`vjF`, partners `ujT`, spikes `pjT rjT qjT sjT`, guards
//! `wj`, blues `bc` (clause `c`), and `star`, `p`, `q`.
//!
//! **Certificate** (model → captures): the paper's spanning tree rooted at `star` —
//! the tree on `star, p, q`, the partners, spikes and reds; each guard `wj` hangs on
//! the partner of `xj`'s true value; each blue on the red of its clause's first true
//! literal — cleared by [`post_order`]. **Decode** (any solving sequence → model): the
//! proof shows each guard is a leaf whose token captures the partner of the chosen red
//! of its class; `xj` is the value whose partner `wj` captured. The model is checked.

use sat2chess_core::formula::{Assignment, Cnf};

use crate::check::check;
use crate::dag::DecodeError;
use crate::graph::{GraphCapture, Vertex};
use crate::moves::Capture;
use crate::solve::post_order;

/// The budget of Theorem 5.
pub const BUDGET: u32 = 2;

/// A Colourful Red-Blue Dominating Set instance: choose one red of each colour class
/// so that every blue has a chosen red neighbour.
#[derive(Clone, Debug, PartialEq, Eq)]
struct ColourfulRbds {
    /// The red vertices of each class (reds are numbered across classes).
    classes: Vec<Vec<usize>>,
    /// Number of blue vertices.
    blues: usize,
    /// Red–blue edges `(red, blue)`.
    edges: Vec<(usize, usize)>,
}

impl ColourfulRbds {
    /// The instance of `cnf`: class `j` holds red `2j` (`xj` true) and `2j + 1` (false).
    fn from_cnf(cnf: &Cnf) -> ColourfulRbds {
        let classes = (0..cnf.num_vars as usize)
            .map(|j| vec![2 * j, 2 * j + 1])
            .collect();
        let mut edges: Vec<(usize, usize)> = Vec::new();
        for (c, clause) in cnf.clauses.iter().enumerate() {
            for lit in clause {
                let red = 2 * lit.var.index() + usize::from(!lit.positive);
                if !edges.contains(&(red, c)) {
                    edges.push((red, c));
                }
            }
        }
        ColourfulRbds {
            classes,
            blues: cnf.clauses.len(),
            edges,
        }
    }

    /// The choice (index within each class) of an assignment.
    fn choice_of(model: &Assignment) -> Vec<usize> {
        model.0.iter().map(|&value| usize::from(!value)).collect()
    }

    /// The assignment of a choice.
    fn model_of(choice: &[usize]) -> Assignment {
        Assignment(choice.iter().map(|&i| i == 0).collect())
    }
}

/// A formula, its Colourful RBDS instance and the graph `H` built from it.
#[derive(Clone, Debug)]
pub struct UndirectedReduction {
    cnf: Cnf,
    rbds: ColourfulRbds,
    graph: GraphCapture,
}

/// Names of the vertices of `H` (see the module doc).
fn red_suffix(index: usize) -> &'static str {
    if index == 0 { "T" } else { "F" }
}

impl UndirectedReduction {
    /// Builds `H` from `cnf`.
    pub fn new(cnf: &Cnf) -> UndirectedReduction {
        let rbds = ColourfulRbds::from_cnf(cnf);
        let mut graph = GraphCapture::new(false, BUDGET);
        let add = |graph: &mut GraphCapture, name: String| {
            graph
                .add_vertex(&name, true)
                .expect("vertex names are distinct")
        };
        let star = add(&mut graph, "star".into());
        let p = add(&mut graph, "p".into());
        let q = add(&mut graph, "q".into());
        graph.add_edge(star, p);
        graph.add_edge(p, q);
        let blues: Vec<Vertex> = (1..=rbds.blues)
            .map(|c| add(&mut graph, format!("b{c}")))
            .collect();
        let mut reds = vec![0; 2 * rbds.classes.len()];
        for (j, class) in rbds.classes.iter().enumerate() {
            let guard = add(&mut graph, format!("w{}", j + 1));
            for (i, &red) in class.iter().enumerate() {
                let tag = format!("{}{}", j + 1, red_suffix(i));
                let v = add(&mut graph, format!("v{tag}"));
                reds[red] = v;
                let u = add(&mut graph, format!("u{tag}"));
                graph.add_edge(u, v);
                graph.add_edge(guard, u);
                graph.add_edge(star, u);
                for (spike, end) in [("p", "r"), ("q", "s")] {
                    let middle = add(&mut graph, format!("{spike}{tag}"));
                    let leaf = add(&mut graph, format!("{end}{tag}"));
                    graph.add_edge(u, middle);
                    graph.add_edge(middle, leaf);
                }
            }
        }
        for &(red, blue) in &rbds.edges {
            graph.add_edge(reds[red], blues[blue]);
        }
        UndirectedReduction {
            cnf: cnf.clone(),
            rbds,
            graph,
        }
    }

    /// The graph `H` (undirected, budget 2, a token on every vertex).
    pub fn graph(&self) -> &GraphCapture {
        &self.graph
    }

    fn vertex(&self, name: &str) -> Vertex {
        self.graph.vertex(name).expect("a vertex of H")
    }

    /// The solving sequence of `model`; `None` when it is not a model of the formula.
    pub fn certify(&self, model: &Assignment) -> Option<Vec<Capture>> {
        if model.len() != self.cnf.num_vars as usize || !self.cnf.is_satisfied_by(model) {
            return None;
        }
        let choice = ColourfulRbds::choice_of(model);
        let star = self.vertex("star");
        let mut parents = vec![
            (self.vertex("p"), star),
            (self.vertex("q"), self.vertex("p")),
        ];
        for (j, class) in self.rbds.classes.iter().enumerate() {
            for i in 0..class.len() {
                let tag = format!("{}{}", j + 1, red_suffix(i));
                let u = self.vertex(&format!("u{tag}"));
                parents.push((u, star));
                parents.push((self.vertex(&format!("v{tag}")), u));
                for (spike, end) in [("p", "r"), ("q", "s")] {
                    let middle = self.vertex(&format!("{spike}{tag}"));
                    parents.push((middle, u));
                    parents.push((self.vertex(&format!("{end}{tag}")), middle));
                }
            }
            let chosen = format!("u{}{}", j + 1, red_suffix(choice[j]));
            parents.push((self.vertex(&format!("w{}", j + 1)), self.vertex(&chosen)));
        }
        for blue in 0..self.rbds.blues {
            let red = self
                .rbds
                .edges
                .iter()
                .find(|&&(red, b)| b == blue && choice[red / 2] == red % 2)?
                .0;
            let name = format!("v{}{}", red / 2 + 1, red_suffix(red % 2));
            parents.push((self.vertex(&format!("b{}", blue + 1)), self.vertex(&name)));
        }
        Some(post_order(star, &parents))
    }

    /// The model a solving sequence encodes (checked against the formula).
    pub fn decode(&self, captures: &[Capture]) -> Result<Assignment, DecodeError> {
        check(&self.graph, captures).map_err(DecodeError::Refused)?;
        let mut choice = vec![0; self.rbds.classes.len()];
        for (j, chosen) in choice.iter_mut().enumerate() {
            let guard = self.vertex(&format!("w{}", j + 1));
            let false_partner = self.vertex(&format!("u{}F", j + 1));
            let departs = captures.iter().find(|c| c.from == guard);
            *chosen = usize::from(departs.is_some_and(|c| c.to == false_partner));
        }
        let model = ColourfulRbds::model_of(&choice);
        if self.cnf.is_satisfied_by(&model) {
            Ok(model)
        } else {
            Err(DecodeError::NotAModel)
        }
    }
}

#[cfg(test)]
mod tests {
    use sat2chess_core::formula::{Lit, Var};

    use super::*;
    use crate::solve::solve;

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

    #[test]
    fn the_colourful_rbds_step_maps_models_both_ways() {
        let cnf = Cnf::new(2, vec![vec![Lit::pos(0), Lit::neg(1)], vec![Lit::neg(0)]]);
        let rbds = ColourfulRbds::from_cnf(&cnf);
        assert_eq!(rbds.edges, vec![(0, 0), (3, 0), (1, 1)]);
        let model = Assignment(vec![false, false]);
        assert_eq!(
            ColourfulRbds::model_of(&ColourfulRbds::choice_of(&model)),
            model
        );
    }

    #[test]
    fn random_formulas_agree_with_their_undirected_graphs_both_ways() {
        let mut rng = fastrand::Rng::with_seed(31);
        let (mut satisfiable, mut unsatisfiable) = (0, 0);
        for _ in 0..500 {
            let cnf = random_cnf(&mut rng);
            let reduction = UndirectedReduction::new(&cnf);
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
}
