//! Theorem 5 for undirected graphs (Aravind–Misra–Mittal, FUN 2022, §4.1): CNF →
//! Colourful Red-Blue Dominating Set → an undirected graph `H` with a token on every
//! vertex such that Graph Capture(`H`, 2) is solvable iff the formula is satisfiable.
//!
//! **CNF → Colourful RBDS** is the project's certified step
//! (`sat2chess_reduce::transform::rbds`): one colour class per variable `xj`, holding
//! the red vertices `xj` true and `xj` false; one blue vertex per variable and one per
//! clause, adjacent to the reds of its literals; `k` = the number of variables.
//! Choosing one red per class is an assignment (it dominates every variable blue), and
//! it dominates every clause blue iff every clause has a true literal.
//!
//! **Colourful RBDS → `H`** (the paper's construction): the RBDS graph; for each red
//! `v` (class `j`, index `i`) a partner `uji` adjacent to `v`, with two spikes
//! `uji – pji – rji` and `uji – qji – sji`; a guard `wj` adjacent to every partner of
//! class `j`; a vertex `star` adjacent to every partner, and the path `star – p – q`.
//! Vertex names: reds `vjT`/`vjF`, partners `ujT`, spikes `pjT rjT qjT sjT`, guards
//! `wj`, blues `bc` (`b1…bn` the variables, then one per clause), and `star`, `p`, `q`.
//!
//! **Certificate** (model → captures): the paper's spanning tree rooted at `star` —
//! the tree on `star, p, q`, the partners, spikes and reds; each guard `wj` hangs on
//! the partner of `xj`'s true value; each blue on the first chosen red next to it (a
//! true literal of its clause, or its variable's value) — cleared by [`post_order`].
//! **Decode** (any solving sequence → model): the proof shows each guard is a leaf whose token captures the partner of the chosen red
//! of its class; `xj` is the value whose partner `wj` captured, read through the RBDS
//! step's backward map. The model is checked.

use std::collections::BTreeSet;

use sat2chess_core::formula::{Assignment, Cnf};
use sat2chess_reduce::front::rbds::Rbds;
use sat2chess_reduce::transform::rbds as cnf_to_rbds;

use crate::check::check;
use crate::dag::DecodeError;
use crate::graph::{GraphCapture, Vertex};
use crate::moves::Capture;
use crate::solve::post_order;

/// The budget of Theorem 5.
pub const BUDGET: u32 = 2;

/// The red vertices of each colour class of a colourful instance, in increasing order.
fn classes(rbds: &Rbds) -> Vec<Vec<u32>> {
    let colours = rbds
        .colours
        .as_ref()
        .expect("the CNF's instance is colourful");
    let mut classes = vec![Vec::new(); rbds.k as usize];
    for (red, &colour) in colours.iter().enumerate() {
        classes[colour as usize].push(red as u32);
    }
    classes
}

/// A formula, its Colourful RBDS instance and the graph `H` built from it.
#[derive(Clone, Debug)]
pub struct UndirectedReduction {
    cnf: Cnf,
    rbds: Rbds,
    /// The reds of each colour class ([`classes`]).
    classes: Vec<Vec<u32>>,
    graph: GraphCapture,
}

/// Names of the vertices of `H` (see the module doc).
fn red_suffix(index: usize) -> &'static str {
    if index == 0 { "T" } else { "F" }
}

impl UndirectedReduction {
    /// Builds `H` from `cnf`.
    pub fn new(cnf: &Cnf) -> UndirectedReduction {
        let rbds = cnf_to_rbds::from_cnf(cnf);
        let classes = classes(&rbds);
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
        let mut reds = vec![0; rbds.reds as usize];
        for (j, class) in classes.iter().enumerate() {
            let guard = add(&mut graph, format!("w{}", j + 1));
            for (i, &red) in class.iter().enumerate() {
                let tag = format!("{}{}", j + 1, red_suffix(i));
                let v = add(&mut graph, format!("v{tag}"));
                reds[red as usize] = v;
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
            graph.add_edge(reds[red as usize], blues[blue as usize]);
        }
        UndirectedReduction {
            cnf: cnf.clone(),
            rbds,
            classes,
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
        let chosen_reds = cnf_to_rbds::forward(model);
        let star = self.vertex("star");
        let mut parents = vec![
            (self.vertex("p"), star),
            (self.vertex("q"), self.vertex("p")),
        ];
        for (j, class) in self.classes.iter().enumerate() {
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
            let chosen = class.iter().position(|red| chosen_reds.contains(red))?;
            let chosen = format!("u{}{}", j + 1, red_suffix(chosen));
            parents.push((self.vertex(&format!("w{}", j + 1)), self.vertex(&chosen)));
        }
        for blue in 0..self.rbds.blues {
            let red = self
                .rbds
                .edges
                .iter()
                .find(|&&(red, b)| b == blue && chosen_reds.contains(&red))?
                .0;
            let name = self.red_name(red);
            parents.push((self.vertex(&format!("b{}", blue + 1)), self.vertex(&name)));
        }
        Some(post_order(star, &parents))
    }

    /// The vertex name `v…` of red `red` (its class and its place in the class).
    fn red_name(&self, red: u32) -> String {
        let (j, class) = self
            .classes
            .iter()
            .enumerate()
            .find(|(_, class)| class.contains(&red))
            .expect("every red has a class");
        let i = class
            .iter()
            .position(|&r| r == red)
            .expect("red in its class");
        format!("v{}{}", j + 1, red_suffix(i))
    }

    /// The model a solving sequence encodes: the red of each class whose partner the
    /// class's guard captured, through the RBDS step's backward map (checked against
    /// the formula).
    pub fn decode(&self, captures: &[Capture]) -> Result<Assignment, DecodeError> {
        check(&self.graph, captures).map_err(DecodeError::Refused)?;
        let mut chosen_reds = BTreeSet::new();
        for (j, class) in self.classes.iter().enumerate() {
            let guard = self.vertex(&format!("w{}", j + 1));
            let departs = captures.iter().find(|c| c.from == guard);
            let chosen = (0..class.len())
                .find(|&i| {
                    let partner = self.vertex(&format!("u{}{}", j + 1, red_suffix(i)));
                    departs.is_some_and(|c| c.to == partner)
                })
                .unwrap_or(0);
            chosen_reds.insert(class[chosen]);
        }
        cnf_to_rbds::backward(&self.rbds, &chosen_reds)
            .filter(|model| self.cnf.is_satisfied_by(model))
            .ok_or(DecodeError::NotAModel)
    }
}
