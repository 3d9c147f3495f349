//! CNF → sided var-linked planar monotone 3-SAT with at most two occurrences per
//! literal: [`split`](crate::transform::split) (CNF → 3-CNF), then
//! [`planarize`](super::planarize) (monotone clauses, variables on a line, crossings
//! through crossovers), then [`restrict_occurrences`](super::occurrences) (Lemma B.1).

use super::PlanarMonotone;
use super::occurrences::{Occurrences, restrict_occurrences};
use super::planarize::{Planarize, planarize};
use crate::transform::split::{Split, to_three_cnf};
use crate::transform::{TransformError, check_declared_variables, cnf_names};
use sat2chess_core::formula::{Assignment, Cnf, FormulaSize};

/// The composed transformation of [`to_planar_monotone`], with its forward and backward
/// maps.
#[derive(Clone, Debug)]
pub struct ToPlanarMonotone {
    /// The instance: passes [`PlanarMonotone::validate`].
    pub output: PlanarMonotone,
    input_size: FormulaSize,
    split: Split,
    planarize: Planarize,
    occurrences: Occurrences,
}

/// The size of a planar monotone instance.
pub fn planar_monotone_size(pm: &PlanarMonotone) -> FormulaSize {
    FormulaSize {
        variables: pm.num_vars as usize,
        clauses: pm.clauses.len(),
        occurrences: pm.clauses.iter().map(|c| c.vars.len()).sum(),
    }
}

/// Transforms any CNF into an equisatisfiable sided var-linked planar monotone 3-SAT
/// instance with at most two occurrences per literal and its rectilinear layout. Refuses
/// a CNF declaring more than [`MAX_CHAIN_VARIABLES`](crate::transform::MAX_CHAIN_VARIABLES)
/// variables or with more than
/// [`MAX_PLANAR_OCCURRENCES`](super::planarize::MAX_PLANAR_OCCURRENCES) literal
/// occurrences after splitting.
pub fn to_planar_monotone(cnf: &Cnf) -> Result<ToPlanarMonotone, TransformError> {
    check_declared_variables(cnf)?;
    let split = to_three_cnf(cnf, &cnf_names(cnf.num_vars))?;
    let planarize = planarize(&split.output)?;
    let occurrences = restrict_occurrences(&planarize.output);
    Ok(ToPlanarMonotone {
        output: occurrences.output.clone(),
        input_size: cnf.size(),
        split,
        planarize,
        occurrences,
    })
}

impl ToPlanarMonotone {
    /// Maps a model of the CNF to a model of [`ToPlanarMonotone::output`].
    pub fn forward(&self, input: &Assignment) -> Assignment {
        let three = self.split.forward(input);
        self.occurrences.forward(&self.planarize.forward(&three))
    }

    /// Maps any model of [`ToPlanarMonotone::output`] to a model of the CNF.
    pub fn backward(&self, output: &Assignment) -> Assignment {
        let planar = self.occurrences.backward(output);
        self.split.backward(&self.planarize.backward(&planar))
    }

    /// The size of the input and of every step's output: `input`, `3sat`, `planar`
    /// (occurrences not bounded yet), `planar-monotone`.
    pub fn sizes(&self) -> Vec<(&'static str, FormulaSize)> {
        vec![
            ("input", self.input_size),
            ("3sat", self.split.output.size()),
            ("planar", planar_monotone_size(&self.planarize.output)),
            ("planar-monotone", planar_monotone_size(&self.output)),
        ]
    }

    /// The number of crossovers and of sorting rounds of the planar step.
    pub fn crossings_and_rounds(&self) -> (usize, usize) {
        (self.planarize.crossings(), self.planarize.rounds)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sat2chess_core::formula::{Lit, Var};
    use sat2chess_solve::sat::solve_cnf;

    fn random_cnf(rng: &mut fastrand::Rng) -> Cnf {
        let num_vars = rng.u32(1..=6);
        let clauses = (0..rng.usize(0..=6))
            .map(|_| {
                (0..rng.usize(0..=4))
                    .map(|_| Lit::new(Var(rng.u32(0..num_vars)), rng.bool()))
                    .collect()
            })
            .collect();
        Cnf::new(num_vars, clauses)
    }

    /// Every model of `cnf` (brute force).
    fn models(cnf: &Cnf) -> Vec<Assignment> {
        (0..1u32 << cnf.num_vars)
            .map(|bits| Assignment((0..cnf.num_vars).map(|v| bits >> v & 1 == 1).collect()))
            .filter(|a| cnf.is_satisfied_by(a))
            .collect()
    }

    /// Checks the chain on `cnf`: a valid output, satisfiable iff the input is, every
    /// input model mapped to an output model, and up to `samples` distinct output models
    /// (found by the solver, each blocked in turn) mapped back to input models.
    fn check(cnf: &Cnf, samples: usize) -> bool {
        let t = to_planar_monotone(cnf).unwrap();
        t.output.validate().unwrap();
        let input_models = models(cnf);
        for model in &input_models {
            assert!(
                t.output.is_satisfied_by(&t.forward(model)),
                "forward of {model:?} fails on {cnf:?}"
            );
        }
        let mut output = t.output.to_cnf();
        let mut found = 0;
        while found < samples {
            let Some(model) = solve_cnf(&output).unwrap() else {
                break;
            };
            assert!(t.output.is_satisfied_by(&model));
            let back = t.backward(&model);
            assert!(
                cnf.is_satisfied_by(&back),
                "backward of an output model fails on {cnf:?}"
            );
            found += 1;
            output.clauses.push(
                (0..output.num_vars)
                    .map(|v| Lit::new(Var(v), !model.value(Var(v))))
                    .collect(),
            );
        }
        assert_eq!(
            found > 0,
            !input_models.is_empty(),
            "verdicts differ on {cnf:?}"
        );
        !input_models.is_empty()
    }

    #[test]
    fn random_small_cnfs_keep_their_verdict_and_both_maps_carry_models() {
        let mut rng = fastrand::Rng::with_seed(31);
        let (mut sat, mut unsat) = (0, 0);
        for _ in 0..1000 {
            if check(&random_cnf(&mut rng), 4) {
                sat += 1;
            } else {
                unsat += 1;
            }
        }
        assert!(sat > 100 && unsat > 100, "{sat} satisfiable, {unsat} not");
    }

    #[test]
    fn special_formulas_keep_their_verdict() {
        let lit = |d: i64| Lit::from_dimacs(d).unwrap();
        let cnf = |n, clauses: &[&[i64]]| {
            Cnf::new(
                n,
                clauses
                    .iter()
                    .map(|c| c.iter().map(|&d| lit(d)).collect())
                    .collect(),
            )
        };
        // No clause; an empty clause; a tautology; repeated literals; unused variables;
        // a long clause; one variable in many clauses of both signs.
        assert!(check(&cnf(3, &[]), 4));
        assert!(!check(&cnf(2, &[&[1, 2], &[]]), 4));
        assert!(check(&cnf(2, &[&[1, -1], &[2, 2, 2]]), 4));
        assert!(check(&cnf(6, &[&[1, -2, 3, -4, 5, -6]]), 4));
        assert!(!check(&cnf(1, &[&[1], &[-1]]), 4));
        let star: Vec<Vec<i64>> = (2..=6).flat_map(|v| [vec![1, v], vec![-1, -v]]).collect();
        let star: Vec<&[i64]> = star.iter().map(Vec::as_slice).collect();
        assert!(check(&cnf(6, &star), 8));
    }
}
