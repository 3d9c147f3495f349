//! And-Or-(1,1)-SAT → And-Or-(1,1)-SAT in which no clause holds both literals of a
//! variable, as And-Or embeddings assume (thesis §2.2.2, item 3). Only needed for
//! And-Or input: formulas from [`super::andor`] never have such a clause.
//!
//! For a clause `C` holding `x` and `¬x`, a fresh `y` replaces `¬x` in `C` and the
//! clause `¬x ∨ y` is appended. Every literal still occurs once. Equisatisfiable: with
//! `y := x` the new clauses mean the old ones; conversely `¬x ∨ y` makes `¬y` imply
//! `¬x`, and both clause shapes are monotone in their literals, so `C` holds wherever
//! the new `C` does. Forward map: `y := x`. Backward map: drop the `y`s.

use std::collections::HashSet;

use super::{Origin, fresh_name};
use crate::formula::{AndOrClause, AndOrFormula, Assignment, Lit, Var};

/// The result of [`separate`].
#[derive(Clone, Debug)]
pub struct Separate {
    pub output: AndOrFormula,
    /// Provenance of every output variable.
    pub origins: Vec<Origin>,
    /// The variable each fresh `y` mirrors, in order of the fresh variables.
    mirrored: Vec<Var>,
}

/// Replaces the second literal of each clause holding both literals of a variable.
pub fn separate(formula: &AndOrFormula) -> Separate {
    let mut output = formula.clone();
    let mut used: HashSet<String> = formula.names.iter().cloned().collect();
    let mut origins: Vec<Origin> = (0..formula.num_vars() as u32)
        .map(|v| Origin::Input { var: Var(v) })
        .collect();
    let mut mirrored = Vec::new();
    let mut appended = Vec::new();
    for (index, clause) in output.clauses.iter_mut().enumerate() {
        let lits = clause.literals();
        let Some(&x) = lits
            .iter()
            .find(|lit| lit.positive && lits.contains(&lit.negated()))
        else {
            continue;
        };
        let y = Var(origins.len() as u32);
        origins.push(Origin::Separator {
            var: x.var,
            clause: index,
        });
        output.names.push(fresh_name(
            &mut used,
            format!("{}_sep", formula.names[x.var.index()]),
        ));
        mirrored.push(x.var);
        let replace = |lit: &mut Lit| {
            if *lit == !x {
                *lit = Lit::new(y, false);
            }
        };
        match clause {
            AndOrClause::Or(lits) => lits.iter_mut().for_each(replace),
            AndOrClause::AndOr { and, or } => and.iter_mut().chain([or]).for_each(replace),
        }
        appended.push(AndOrClause::Or(vec![!x, Lit::new(y, true)]));
    }
    output.clauses.extend(appended);
    Separate {
        output,
        origins,
        mirrored,
    }
}

impl Separate {
    /// Keeps every value and sets each fresh `y` to the variable it mirrors.
    pub fn forward(&self, input: &Assignment) -> Assignment {
        let mut values = input.0.clone();
        values.extend(self.mirrored.iter().map(|&x| input.value(x)));
        Assignment(values)
    }

    /// Drops the fresh variables.
    pub fn backward(&self, output: &Assignment) -> Assignment {
        Assignment(output.0[..self.origins.len() - self.mirrored.len()].to_vec())
    }
}
