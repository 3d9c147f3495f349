//! (2+1),3-SAT → And-Or-(1,1)-SAT: thesis Theorem 2.2.
//!
//! Every variable `x` (two positive occurrences, one negative) becomes three variables
//! `x_p1`, `x_p2`, `x_n`: its first and second positive occurrence become `x_p1` and
//! `x_p2`, its negative occurrence becomes `x_n` (a positive literal), and the clause
//! `(¬x_p1 ∧ ¬x_p2) ∨ ¬x_n` is added. Positive literals thus occur only in the input's
//! clauses and negative ones only in the added clauses, so **no clause holds both
//! literals of a variable** (the embedding assumption of thesis §2.2.2).
//! An **empty clause** (unsatisfiable, not expressible in And-Or-(1,1)-SAT) becomes the
//! unit clause `e` in its place and `¬e` after the input's clauses, for a fresh `e`.
//!
//! Output: the input clauses in order (each `Or`), then the empty-clause partners, then
//! one `And-Or` clause per input variable. Variables: `x_p1, x_p2, x_n` per input
//! variable in order, then the fresh `e`s.
//! Forward map: `x_p1 = x_p2 := φ(x)`, `x_n := ¬φ(x)`, `e := false`.
//! Backward map: `φ(x) := ¬φ'(x_n)` (the proof of Theorem 2.2).

use super::step::{Origin, TransformError, check_three_cnf};
use sat2chess_core::formula::{AndOrClause, AndOrFormula, Assignment, Cnf, Lit, Var};

/// The result of [`to_andor`].
#[derive(Clone, Debug)]
pub struct ToAndOr {
    pub output: AndOrFormula,
    /// Provenance of every output variable.
    pub origins: Vec<Origin>,
    input_vars: usize,
}

/// Applies Theorem 2.2 to a (2+1),3-SAT formula: at most three literals per clause and
/// every variable exactly twice positive and once negative.
pub fn to_andor(cnf: &Cnf, names: &[String]) -> Result<ToAndOr, TransformError> {
    check_three_cnf(cnf, names)?;
    let num_vars = cnf.num_vars as usize;
    // Output variable of every occurrence: 3x, 3x+1 for the positive ones, 3x+2 for the negative.
    let mut positives = vec![0usize; num_vars];
    let mut negatives = vec![0usize; num_vars];
    let mut origins: Vec<Option<Origin>> = vec![None; 3 * num_vars];
    let mut clauses = Vec::with_capacity(cnf.clauses.len() + num_vars);
    let mut partners = Vec::new();
    let mut empty_clauses = Vec::new();
    for (clause, lits) in cnf.clauses.iter().enumerate() {
        if lits.is_empty() {
            let fresh = Var((3 * num_vars + empty_clauses.len()) as u32);
            empty_clauses.push(clause);
            clauses.push(AndOrClause::Or(vec![Lit::new(fresh, true)]));
            partners.push(AndOrClause::Or(vec![Lit::new(fresh, false)]));
            continue;
        }
        let mut out = Vec::with_capacity(lits.len());
        for (position, lit) in lits.iter().enumerate() {
            let x = lit.var.index();
            let count = if lit.positive {
                &mut positives[x]
            } else {
                &mut negatives[x]
            };
            *count += 1;
            if positives[x] > 2 || negatives[x] > 1 {
                return Err(TransformError::NotTwoPlusOne {
                    var: lit.var,
                    name: names[x].clone(),
                });
            }
            let (slot, origin) = if lit.positive {
                let which = positives[x];
                (
                    3 * x + which - 1,
                    Origin::Positive {
                        var: lit.var,
                        which,
                        clause,
                        position,
                    },
                )
            } else {
                (
                    3 * x + 2,
                    Origin::Negative {
                        var: lit.var,
                        clause,
                        position,
                    },
                )
            };
            origins[slot] = Some(origin);
            out.push(Lit::new(Var(slot as u32), true));
        }
        clauses.push(AndOrClause::Or(out));
    }
    if let Some(x) = (0..num_vars).find(|&x| positives[x] != 2 || negatives[x] != 1) {
        return Err(TransformError::NotTwoPlusOne {
            var: Var(x as u32),
            name: names[x].clone(),
        });
    }
    clauses.extend(partners);
    clauses.extend((0..num_vars).map(|x| {
        let var = |i: usize| Lit::new(Var((3 * x + i) as u32), false);
        AndOrClause::AndOr {
            and: [var(0), var(1)],
            or: var(2),
        }
    }));
    // Distinct for distinct input names: the suffix after the last `_` recovers the
    // name, and `empty…` (no `_`) differs from all of them.
    let mut output_names = Vec::with_capacity(origins.len() + empty_clauses.len());
    for name in names {
        for suffix in ["p1", "p2", "n"] {
            output_names.push(format!("{name}_{suffix}"));
        }
    }
    for clause in &empty_clauses {
        output_names.push(format!("empty{}", clause + 1));
    }
    let mut origins: Vec<Origin> = origins
        .into_iter()
        .map(|origin| origin.expect("every (2+1),3 variable has three occurrences (checked above)"))
        .chain(
            empty_clauses
                .iter()
                .map(|&clause| Origin::EmptyClause { clause }),
        )
        .collect();
    if clauses.is_empty() {
        stand_in(&mut clauses, &mut output_names, &mut origins);
    }
    Ok(ToAndOr {
        output: AndOrFormula {
            names: output_names,
            clauses,
        },
        origins,
        input_vars: num_vars,
    })
}

/// For a formula left without clauses (only tautologies): adds the stand-in `a ∨ b`,
/// `¬a ∨ ¬b` on two fresh variables (satisfiable, every literal once, no clause with
/// both literals of a variable), so that the backends still have a clause to test.
pub(super) fn stand_in(
    clauses: &mut Vec<AndOrClause>,
    names: &mut Vec<String>,
    origins: &mut Vec<Origin>,
) {
    let (a, b) = (Var(origins.len() as u32), Var(origins.len() as u32 + 1));
    clauses.push(AndOrClause::Or(vec![Lit::new(a, true), Lit::new(b, true)]));
    clauses.push(AndOrClause::Or(vec![
        Lit::new(a, false),
        Lit::new(b, false),
    ]));
    for which in [1, 2] {
        names.push(format!("noclause{which}"));
        origins.push(Origin::NoClause { which });
    }
}

impl ToAndOr {
    /// `x_p1 = x_p2 := φ(x)`, `x_n := ¬φ(x)`, every empty-clause variable false; of the
    /// stand-in pair for a formula without clauses `a := 1`, `b := 0`.
    pub fn forward(&self, input: &Assignment) -> Assignment {
        let mut values = Vec::with_capacity(self.output.num_vars());
        for x in 0..self.input_vars {
            let value = input.value(Var(x as u32));
            values.extend([value, value, !value]);
        }
        values.resize(self.output.num_vars(), false);
        for (var, origin) in self.origins.iter().enumerate() {
            if matches!(origin, Origin::NoClause { which: 1 }) {
                values[var] = true;
            }
        }
        Assignment(values)
    }

    /// The output variable [`ToAndOr::backward`] reads input variable `var` from: `x_n`.
    pub fn source(&self, var: Var) -> Option<Var> {
        Some(Var(3 * var.0 + 2))
    }

    /// `φ(x) := ¬φ'(x_n)`.
    pub fn backward(&self, output: &Assignment) -> Assignment {
        Assignment(
            (0..self.input_vars)
                .map(|x| !output.value(Var((3 * x + 2) as u32)))
                .collect(),
        )
    }
}
