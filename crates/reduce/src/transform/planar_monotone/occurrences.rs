//! At most two occurrences per literal (Brunner et al., Lemma B.1): a variable `x` with
//! `n` negative and `m` positive occurrences, more than two of one sign, becomes the
//! line segment `x1 y1 x2 y2 … x(n+m)` with the clauses `xi ∨ yi` (above) and
//! `¬yi ∨ ¬x(i+1)` (below), so `x(i+1) → xi`; its negative occurrences move to
//! `x1 … xn` and its positive ones to `x(n+1) … x(n+m)`, each side in the left-to-right
//! order of its legs in the drawing, so nothing crosses. The forward map copies `x` to
//! every `xi` and `¬x` to every `yi`; the backward map reads `x` from `xn` (`x1` when
//! `n = 0`): the chain only falls, so every negative occurrence sees a value at least
//! and every positive one at most `xn`'s. Every new variable occurs at most three times,
//! at most twice with one sign. Sizes: `2(n+m) − 1` variables and `2(n+m−1)` clauses for
//! such a variable.

use super::levels::assign_levels;
use super::{MonotoneClause, PlanarMonotone, Side};
use sat2chess_core::formula::{Assignment, Var};

/// The copies of one input variable.
#[derive(Clone, Copy, Debug)]
struct Copies {
    /// The first output variable of its segment (`x1`, or the variable itself).
    first: Var,
    /// The number of `xi` (1 when the variable is kept).
    count: u32,
    /// The `xi` the backward map reads (1-based).
    read: u32,
}

impl Copies {
    /// The output variable `xi` (1-based).
    fn x(&self, i: u32) -> Var {
        Var(self.first.0 + 2 * (i - 1))
    }
}

/// The result of [`restrict_occurrences`].
#[derive(Clone, Debug)]
pub struct Occurrences {
    /// The instance with at most two occurrences per literal.
    pub output: PlanarMonotone,
    copies: Vec<Copies>,
}

impl MonotoneClause {
    /// Where this clause's leg meets its variable `x` among the legs of `x` on its side,
    /// as a sort key, left to right: clauses ending at `x` (inner ones first), then one
    /// through `x` (or a unit clause), then clauses starting at `x` (outer ones first).
    /// Legs in this order cross nothing.
    pub fn leg_order(&self, x: Var) -> (u8, i64) {
        let (left, right) = self.span();
        let level = i64::from(self.level);
        if left < x.0 && right == x.0 {
            (0, level)
        } else if left == x.0 && right > x.0 {
            (2, -level)
        } else {
            (1, 0)
        }
    }
}

/// Bounds the occurrences of every literal by two (module documentation); `input` must
/// pass [`PlanarMonotone::validate`] but for the occurrence bound.
pub fn restrict_occurrences(input: &PlanarMonotone) -> Occurrences {
    let n = input.num_vars as usize;
    // Legs per variable and side: clause indices.
    let mut legs = vec![[Vec::new(), Vec::new()]; n];
    for (c, clause) in input.clauses.iter().enumerate() {
        let side = usize::from(clause.side == Side::Positive);
        for v in &clause.vars {
            legs[v.index()][side].push(c);
        }
    }
    let mut copies = Vec::with_capacity(n);
    let mut next = 0u32;
    for [negative, positive] in &legs {
        let (n_neg, n_pos) = (negative.len() as u32, positive.len() as u32);
        let count = if n_neg <= 2 && n_pos <= 2 {
            1
        } else {
            n_neg + n_pos
        };
        copies.push(Copies {
            first: Var(next),
            count,
            read: if count == 1 { 1 } else { n_neg.max(1) },
        });
        next += 2 * count - 1;
    }
    let mut clauses: Vec<MonotoneClause> = input
        .clauses
        .iter()
        .map(|c| MonotoneClause {
            side: c.side,
            vars: c.vars.iter().map(|v| copies[v.index()].first).collect(),
            level: 1,
        })
        .collect();
    for (x, [negative, positive]) in legs.iter_mut().enumerate() {
        let copy = copies[x];
        if copy.count == 1 {
            continue;
        }
        let var = Var(x as u32);
        for side in [&mut *negative, &mut *positive] {
            side.sort_by_key(|&c| input.clauses[c].leg_order(var));
        }
        for (i, &c) in negative.iter().chain(positive.iter()).enumerate() {
            let at = input.clauses[c]
                .vars
                .iter()
                .position(|&v| v == var)
                .expect("a leg's clause holds its variable");
            clauses[c].vars[at] = copy.x(i as u32 + 1);
        }
        for i in 1..copy.count {
            let (xi, yi) = (copy.x(i), Var(copy.x(i).0 + 1));
            clauses.push(MonotoneClause {
                side: Side::Positive,
                vars: vec![xi, yi],
                level: 1,
            });
            clauses.push(MonotoneClause {
                side: Side::Negative,
                vars: vec![yi, copy.x(i + 1)],
                level: 1,
            });
        }
    }
    assign_levels(&mut clauses);
    Occurrences {
        output: PlanarMonotone {
            num_vars: next,
            clauses,
        },
        copies,
    }
}

impl Occurrences {
    /// Copies every input value to its `xi` and the opposite to its `yi`.
    pub fn forward(&self, input: &Assignment) -> Assignment {
        let mut values = Vec::with_capacity(self.output.num_vars as usize);
        for (x, copy) in self.copies.iter().enumerate() {
            let value = input.value(Var(x as u32));
            for i in 0..2 * copy.count - 1 {
                values.push(value == (i % 2 == 0));
            }
        }
        Assignment(values)
    }

    /// Reads every input variable from its `xn` (`x1` without negative occurrences).
    pub fn backward(&self, output: &Assignment) -> Assignment {
        Assignment(
            self.copies
                .iter()
                .map(|copy| output.value(copy.x(copy.read)))
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::super::planarize::planarize;
    use super::*;
    use sat2chess_core::formula::{Cnf, Lit};
    use sat2chess_solve::sat::solve_cnf;

    #[test]
    fn the_step_keeps_models_both_ways_and_bounds_every_literal_by_two() {
        let mut rng = fastrand::Rng::with_seed(7);
        let mut chained = 0;
        for _ in 0..200 {
            let num_vars = rng.u32(1..=4);
            let clauses = (0..rng.usize(1..=5))
                .map(|_| {
                    (0..rng.usize(1..=3))
                        .map(|_| Lit::new(Var(rng.u32(0..num_vars)), rng.bool()))
                        .collect()
                })
                .collect();
            let planar = planarize(&Cnf::new(num_vars, clauses)).unwrap().output;
            let step = restrict_occurrences(&planar);
            step.output.validate().unwrap();
            chained += step.copies.iter().filter(|c| c.count > 1).count();
            let mut output = step.output.to_cnf();
            for _ in 0..4 {
                let Some(model) = solve_cnf(&output).unwrap() else {
                    break;
                };
                let back = step.backward(&model);
                assert!(planar.is_satisfied_by(&back), "backward fails");
                assert!(
                    step.output.is_satisfied_by(&step.forward(&back)),
                    "forward fails"
                );
                output.clauses.push(
                    (0..output.num_vars)
                        .map(|v| Lit::new(Var(v), !model.value(Var(v))))
                        .collect(),
                );
            }
            assert_eq!(
                solve_cnf(&planar.to_cnf()).unwrap().is_some(),
                solve_cnf(&step.output.to_cnf()).unwrap().is_some()
            );
        }
        assert!(chained > 100, "only {chained} variables chained");
    }
}
