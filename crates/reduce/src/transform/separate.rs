//! And-Or-(1,1)-SAT → And-Or-(1,1)-SAT in which no clause holds both literals of a
//! variable, as And-Or embeddings assume (thesis §2.2.2, item 3). Only needed for
//! And-Or input: formulas from [`super::andor`] never have such a clause.
//!
//! For a clause `C` holding `x` and `¬x`, a fresh `y` replaces `¬x` in `C` and the
//! clause `¬x ∨ y` is appended. Every literal still occurs once. Equisatisfiable: with
//! `y := x` the new clauses mean the old ones; conversely `¬x ∨ y` makes `¬y` imply
//! `¬x`, and both clause shapes are monotone in their literals, so `C` holds wherever
//! the new `C` does. Forward map: `y := x`. Backward map: drop the `y`s.
//!
//! A formula without clauses gets the satisfiable stand-in `a ∨ b`, `¬a ∨ ¬b` on two
//! fresh variables instead, as the And-Or step does for a CNF without clauses
//! (forward `a := 1`, `b := 0`): the backends need a clause to test.

use std::collections::HashSet;

use super::step::{Origin, fresh_name};
use sat2chess_core::formula::{AndOrClause, AndOrFormula, Assignment, Lit, Var};

/// The result of [`separate`].
#[derive(Clone, Debug)]
pub struct Separate {
    pub output: AndOrFormula,
    /// Provenance of every output variable.
    pub origins: Vec<Origin>,
    /// The value of each fresh variable: the variable a `y` mirrors, or a constant of
    /// the stand-in clauses.
    mirrored: Vec<Fresh>,
}

/// What a fresh variable's forward value is.
#[derive(Clone, Copy, Debug)]
enum Fresh {
    Mirror(Var),
    Constant(bool),
}

/// Replaces the second literal of each clause holding both literals of a variable.
pub(crate) fn separate(formula: &AndOrFormula) -> Separate {
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
        // `1_sep` would not be an identifier of the text format; `x1_sep` is.
        let base = &formula.names[x.var.index()];
        let prefix = if base.starts_with(|ch: char| ch.is_ascii_digit()) {
            "x"
        } else {
            ""
        };
        let name = fresh_name(&mut used, format!("{prefix}{base}_sep"));
        used.insert(name.clone());
        output.names.push(name);
        mirrored.push(Fresh::Mirror(x.var));
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
    if output.clauses.is_empty() {
        let (a, b) = (Var(origins.len() as u32), Var(origins.len() as u32 + 1));
        output
            .clauses
            .push(AndOrClause::Or(vec![Lit::new(a, true), Lit::new(b, true)]));
        output.clauses.push(AndOrClause::Or(vec![
            Lit::new(a, false),
            Lit::new(b, false),
        ]));
        for (which, value) in [(1, true), (2, false)] {
            let name = fresh_name(&mut used, format!("noclause{which}"));
            output.names.push(name);
            origins.push(Origin::NoClause { which });
            mirrored.push(Fresh::Constant(value));
        }
    }
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
        values.extend(self.mirrored.iter().map(|&fresh| match fresh {
            Fresh::Mirror(x) => input.value(x),
            Fresh::Constant(value) => value,
        }));
        Assignment(values)
    }

    /// The output variable [`Separate::backward`] reads input variable `var` from: itself.
    pub fn source(&self, var: Var) -> Option<Var> {
        Some(var)
    }

    /// Drops the fresh variables.
    pub fn backward(&self, output: &Assignment) -> Assignment {
        Assignment(output.0[..self.origins.len() - self.mirrored.len()].to_vec())
    }
}
