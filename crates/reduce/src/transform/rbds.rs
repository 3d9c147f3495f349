//! CNF → Red-Blue Dominating Set, certified both ways (the classical
//! SAT → Dominating Set gadget, specialised to the bipartite red-blue form).
//!
//! For a CNF with n variables and m clauses: red vertex `2v` is the literal `x_v`, red
//! `2v + 1` is `¬x_v`; blue vertex `v < n` is the variable `x_v` (adjacent to both its
//! literals), blue `n + c` is clause c (adjacent to its literals); k = n. A set of at
//! most n reds dominating every variable blue holds exactly one literal per variable —
//! an assignment — and it dominates every clause blue iff that assignment satisfies
//! every clause. The colour classes {x_v, ¬x_v} make it a Colourful RBDS instance too.

use std::collections::BTreeSet;

use sat2chess_core::formula::{Assignment, Cnf, Lit};

use crate::front::rbds::Rbds;

/// The red vertex of `lit`.
pub fn red_of(lit: Lit) -> u32 {
    2 * lit.var.0 + u32::from(!lit.positive)
}

/// The RBDS instance of `cnf` (also colourful: one class per variable).
pub fn from_cnf(cnf: &Cnf) -> Rbds {
    let n = cnf.num_vars;
    let mut edges = BTreeSet::new();
    for v in 0..n {
        edges.insert((2 * v, v));
        edges.insert((2 * v + 1, v));
    }
    for (c, clause) in cnf.clauses.iter().enumerate() {
        for &lit in clause {
            edges.insert((red_of(lit), n + c as u32));
        }
    }
    Rbds {
        reds: 2 * n,
        blues: n + cnf.clauses.len() as u32,
        edges: edges.into_iter().collect(),
        k: n,
        colours: Some((0..2 * n).map(|red| red / 2).collect()),
    }
}

/// Forward map: the dominating set of a model (its true literals).
pub fn forward(model: &Assignment) -> BTreeSet<u32> {
    (0..model.len() as u32)
        .map(|v| {
            red_of(Lit::new(
                sat2chess_core::formula::Var(v),
                model.0[v as usize],
            ))
        })
        .collect()
}

/// Backward map: the model of a dominating set of at most n reds of [`from_cnf`]'s
/// instance (`x_v` is true iff its positive literal is in the set). `None` if the set is
/// not a solution of that instance.
pub fn backward(rbds: &Rbds, set: &BTreeSet<u32>) -> Option<Assignment> {
    if !rbds.is_solution(set) {
        return None;
    }
    let vars = rbds.reds / 2;
    Some(Assignment(
        (0..vars).map(|v| set.contains(&(2 * v))).collect(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::transform::rbds::tests_support::{all_models, random_cnf};

    #[test]
    fn both_maps_agree_with_the_formula_on_random_cnfs() {
        let mut rng = fastrand::Rng::with_seed(30);
        let (mut sat, mut unsat) = (0, 0);
        for _ in 0..400 {
            let cnf = random_cnf(&mut rng, 3);
            let rbds = from_cnf(&cnf);
            assert_eq!(Rbds::parse(&rbds.to_text()).unwrap(), rbds);
            let models = all_models(&cnf);
            // Every solution of the instance (brute force over sets) maps back to a model.
            let mut solutions = 0;
            for mask in 0u32..1 << rbds.reds {
                let set: BTreeSet<u32> = (0..rbds.reds).filter(|r| mask >> r & 1 == 1).collect();
                if rbds.is_solution(&set) {
                    solutions += 1;
                    let model = backward(&rbds, &set).unwrap();
                    assert!(cnf.is_satisfied_by(&model), "{cnf:?} {set:?}");
                }
            }
            assert_eq!(solutions, models.len(), "{cnf:?}");
            for model in &models {
                let set = forward(model);
                assert!(rbds.is_solution(&set));
                assert_eq!(&backward(&rbds, &set).unwrap(), model);
            }
            if models.is_empty() {
                unsat += 1;
            } else {
                sat += 1;
            }
        }
        assert!(sat >= 50 && unsat >= 50, "{sat} satisfiable, {unsat} not");
    }
}

/// Random small CNFs and their models, for the tests of this chain and the rook board.
#[cfg(test)]
pub(crate) mod tests_support {
    use sat2chess_core::formula::{Assignment, Cnf, Lit, Var};

    /// A CNF of 1–`max_vars` variables and 1–5 clauses of 1–3 literals.
    pub(crate) fn random_cnf(rng: &mut fastrand::Rng, max_vars: u32) -> Cnf {
        let vars = rng.u32(1..=max_vars);
        let clauses = (0..rng.usize(1..=5))
            .map(|_| {
                (0..rng.usize(1..=3))
                    .map(|_| Lit::new(Var(rng.u32(0..vars)), rng.bool()))
                    .collect()
            })
            .collect();
        Cnf::new(vars, clauses)
    }

    /// Every model of `cnf`.
    pub(crate) fn all_models(cnf: &Cnf) -> Vec<Assignment> {
        (0u32..1 << cnf.num_vars)
            .map(|mask| Assignment((0..cnf.num_vars).map(|v| mask >> v & 1 == 1).collect()))
            .filter(|model| cnf.is_satisfied_by(model))
            .collect()
    }
}
