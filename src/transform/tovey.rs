//! 3-CNF → (2+1),3-SAT: thesis Lemma 2.1 (Tovey's construction, [Tov84] Thm. 2.1).
//!
//! A variable `x` with occurrences 1..n (in clause order) gets copies `x_1 … x_n`; the
//! i-th occurrence becomes `x_i`, and the cycle `(x_1 ∨ ¬x_2) … (x_(n-1) ∨ ¬x_n)
//! (x_n ∨ ¬x_1)` forces all copies equal. A copy whose occurrence was negative is then
//! negated everywhere, so every copy occurs twice positively and once negatively.
//! Corner cases: a variable occurring once gets the clause `(x_1 ∨ ¬x_1)` (as in the
//! thesis' example); a variable occurring only positively, or twice in one clause,
//! needs nothing special; a variable that does not occur has no copy, and the
//! backward map sets it false. Empty clauses are kept.
//!
//! Output: the input clauses in order, then the cycles, variable by variable; the
//! copies of input variable 0 come first, then those of variable 1, and so on.
//! Forward map: `x_i := φ(x)`, negated for a negated copy. Backward map:
//! `φ(x) := φ'(x_1)`, negated if `x_1` is negated.

use std::collections::HashSet;

use super::{Origin, TransformError, check_vars, fresh_name};
use crate::formula::{Assignment, Cnf, Lit, Var};

/// The result of [`to_two_plus_one`].
#[derive(Clone, Debug)]
pub struct Tovey {
    pub output: Cnf,
    /// `{name}_{i}` for the i-th copy of input variable `name`.
    pub names: Vec<String>,
    /// Provenance of every output variable ([`Origin::Copy`]).
    pub origins: Vec<Origin>,
    /// For every output variable: the input variable it copies and whether it is negated.
    copy_of: Vec<(Var, bool)>,
    /// The first copy of each input variable, if it occurs.
    first_copy: Vec<Option<Var>>,
}

/// Applies Lemma 2.1 to a CNF with at most three literals per clause.
pub fn to_two_plus_one(cnf: &Cnf, names: &[String]) -> Result<Tovey, TransformError> {
    check_vars(cnf, names)?;
    if let Some((clause, lits)) = cnf.clauses.iter().enumerate().find(|(_, c)| c.len() > 3) {
        return Err(TransformError::ClauseTooLong {
            clause,
            len: lits.len(),
            max: 3,
        });
    }
    // Occurrences (clause, position, positive) of every input variable, in clause order.
    let mut occurrences: Vec<Vec<(usize, usize, bool)>> = vec![Vec::new(); cnf.num_vars as usize];
    for (clause, lits) in cnf.clauses.iter().enumerate() {
        for (position, lit) in lits.iter().enumerate() {
            occurrences[lit.var.index()].push((clause, position, lit.positive));
        }
    }
    let mut used = HashSet::new();
    let mut output_names = Vec::new();
    let mut origins = Vec::new();
    let mut first_copy = Vec::with_capacity(occurrences.len());
    let mut copy_of = Vec::new();
    let mut clauses = cnf.clauses.clone();
    let mut cycles = Vec::new();
    for (var, occurrences) in occurrences.iter().enumerate() {
        let base = origins.len() as u32;
        first_copy.push((!occurrences.is_empty()).then_some(Var(base)));
        // The literal of the output meaning "copy i of x is true" (before negation).
        let copy_is_true = |i: usize| Lit::new(Var(base + i as u32), occurrences[i].2);
        for (i, &(clause, position, positive)) in occurrences.iter().enumerate() {
            origins.push(Origin::Copy {
                var: Var(var as u32),
                occurrence: i + 1,
                clause,
                position,
                negated: !positive,
            });
            copy_of.push((Var(var as u32), !positive));
            output_names.push(fresh_name(&mut used, format!("{}_{}", names[var], i + 1)));
            clauses[clause][position] = Lit::new(Var(base + i as u32), true);
        }
        let n = occurrences.len();
        for i in 0..n {
            cycles.push(vec![copy_is_true(i), !copy_is_true((i + 1) % n)]);
        }
    }
    clauses.extend(cycles);
    Ok(Tovey {
        output: Cnf::new(origins.len() as u32, clauses),
        names: output_names,
        origins,
        copy_of,
        first_copy,
    })
}

impl Tovey {
    /// Every copy takes its variable's value (negated for a negated copy).
    pub fn forward(&self, input: &Assignment) -> Assignment {
        Assignment(
            self.copy_of
                .iter()
                .map(|&(var, negated)| input.value(var) != negated)
                .collect(),
        )
    }

    /// Every input variable takes the value of its first copy (false if it has none).
    pub fn backward(&self, output: &Assignment) -> Assignment {
        Assignment(
            self.first_copy
                .iter()
                .map(|copy| {
                    copy.is_some_and(|copy| output.value(copy) != self.copy_of[copy.index()].1)
                })
                .collect(),
        )
    }
}
