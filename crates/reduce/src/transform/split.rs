//! CNF → 3-CNF (at most three literals per clause), the usual clause splitting.
//!
//! Decisions, clause by clause (the output keeps the input's clause order):
//! - **duplicate literals** are dropped (the first occurrence stays);
//! - **tautologies** (a clause holding `x` and `¬x`) are dropped: they hold under
//!   every assignment;
//! - **empty clauses** stay: 3-CNF allows them, and the formula remains unsatisfiable
//!   (the And-Or step replaces each by an unsatisfiable pair of unit clauses);
//! - **unit clauses** and clauses of two or three literals stay as they are;
//! - a **long clause** `l1 ∨ … ∨ lk` (k > 3) becomes
//!   `(l1 ∨ l2 ∨ y1) (¬y1 ∨ l3 ∨ y2) … (¬y(k-3) ∨ l(k-1) ∨ lk)` with k−3 fresh variables;
//! - **unused variables** stay, with their indices: output variable `v < num_vars` is
//!   input variable `v`; fresh variables follow.
//!
//! Forward map: input variables keep their values and `yi := ¬(l1 ∨ … ∨ l(i+1))`.
//! Backward map: the restriction to the input variables.

use super::step::{Origin, TransformError, check_vars, fresh_name};
use sat2chess_core::formula::{Assignment, Cnf, Lit, Var};
use std::collections::HashSet;

/// The result of [`to_three_cnf`].
#[derive(Clone, Debug)]
pub struct Split {
    pub output: Cnf,
    /// Name of every output variable: the input name, or `y{clause}_{i}` for the i-th
    /// fresh variable of (1-based) input clause `clause`.
    pub names: Vec<String>,
    /// Provenance of every output variable.
    pub origins: Vec<Origin>,
    input_vars: usize,
    /// For every fresh variable: the cleaned input clause it splits and its index `i`
    /// (1-based) in the chain.
    fresh: Vec<(usize, usize)>,
    /// The cleaned long clauses, indexed as in `fresh`.
    long_clauses: Vec<Vec<Lit>>,
}

/// Removes repeated literals from clauses and recognises tautologies in time linear
/// in the clause, reusing one mark per variable across clauses.
struct Cleaner {
    /// Per variable: the clause stamp it was last seen in and the signs seen there
    /// (bit 0 negative, bit 1 positive).
    marks: Vec<(usize, u8)>,
}

impl Cleaner {
    fn new(num_vars: u32) -> Cleaner {
        Cleaner {
            marks: vec![(usize::MAX, 0); num_vars as usize],
        }
    }

    /// Clause number `stamp` without repeated literals, or `None` for a tautology.
    fn clean(&mut self, stamp: usize, clause: &[Lit]) -> Option<Vec<Lit>> {
        let mut out = Vec::with_capacity(clause.len());
        for &lit in clause {
            let mark = &mut self.marks[lit.var.index()];
            if mark.0 != stamp {
                *mark = (stamp, 0);
            }
            let sign = 1u8 << u8::from(lit.positive);
            if mark.1 & !sign != 0 {
                return None;
            }
            if mark.1 & sign == 0 {
                mark.1 |= sign;
                out.push(lit);
            }
        }
        Some(out)
    }
}

/// Splits `cnf` into an equisatisfiable 3-CNF (module documentation); `names` names the
/// input variables.
pub fn to_three_cnf(cnf: &Cnf, names: &[String]) -> Result<Split, TransformError> {
    check_vars(cnf, names)?;
    // Only input names starting with `y` can collide with the fresh `y…` names.
    let mut used: HashSet<String> = names
        .iter()
        .filter(|n| n.starts_with('y'))
        .cloned()
        .collect();
    let mut output_names = names.to_vec();
    let mut origins: Vec<Origin> = (0..cnf.num_vars)
        .map(|v| Origin::Input { var: Var(v) })
        .collect();
    let mut fresh = Vec::new();
    let mut long_clauses = Vec::new();
    let mut clauses = Vec::with_capacity(cnf.clauses.len());
    let mut next_var = cnf.num_vars;
    let mut cleaner = Cleaner::new(cnf.num_vars);
    for (index, clause) in cnf.clauses.iter().enumerate() {
        let Some(lits) = cleaner.clean(index, clause) else {
            continue;
        };
        if lits.len() <= 3 {
            clauses.push(lits);
            continue;
        }
        let k = lits.len();
        let first_fresh = next_var;
        for i in 1..=k - 3 {
            origins.push(Origin::Split {
                clause: index,
                index: i,
            });
            output_names.push(fresh_name(&mut used, format!("y{}_{i}", index + 1)));
            fresh.push((long_clauses.len(), i));
        }
        next_var += (k - 3) as u32;
        let y = |i: usize| Var(first_fresh + i as u32 - 1);
        clauses.push(vec![lits[0], lits[1], Lit::new(y(1), true)]);
        for (i, &lit) in lits.iter().enumerate().take(k - 2).skip(2) {
            clauses.push(vec![Lit::new(y(i - 1), false), lit, Lit::new(y(i), true)]);
        }
        clauses.push(vec![Lit::new(y(k - 3), false), lits[k - 2], lits[k - 1]]);
        long_clauses.push(lits);
    }
    Ok(Split {
        output: Cnf::new(next_var, clauses),
        names: output_names,
        origins,
        input_vars: cnf.num_vars as usize,
        fresh,
        long_clauses,
    })
}

impl Split {
    /// Extends an assignment of the input to the output; a model stays a model.
    pub fn forward(&self, input: &Assignment) -> Assignment {
        let mut values = input.0[..self.input_vars].to_vec();
        values.extend(self.fresh.iter().map(|&(clause, i)| {
            !self.long_clauses[clause][..=i]
                .iter()
                .any(|lit| lit.eval(input))
        }));
        Assignment(values)
    }

    /// The output variable [`Split::backward`] reads input variable `var` from: itself.
    pub fn source(&self, var: Var) -> Option<Var> {
        Some(var)
    }

    /// Restricts an assignment of the output to the input variables.
    pub fn backward(&self, output: &Assignment) -> Assignment {
        Assignment(output.0[..self.input_vars].to_vec())
    }
}
