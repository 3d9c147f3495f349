//! 3-CNF → (2+1),3-SAT: thesis Lemma 2.1 (Tovey's construction, Tovey 1984, Thm. 2.1).
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

use super::step::{Origin, TransformError, check_three_cnf};
use sat2chess_core::formula::{Assignment, Cnf, Lit, Var};

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
    check_three_cnf(cnf, names)?;
    // Occurrences (clause, position, positive) of every input variable, in clause
    // order, grouped by variable: variable x's are `all[start[x]..start[x + 1]]`.
    let num_vars = cnf.num_vars as usize;
    let mut start = vec![0usize; num_vars + 1];
    for lit in cnf.clauses.iter().flatten() {
        start[lit.var.index() + 1] += 1;
    }
    for x in 0..num_vars {
        start[x + 1] += start[x];
    }
    let mut fill = start.clone();
    let mut all = vec![(0, 0, false); cnf.occurrences()];
    for (clause, lits) in cnf.clauses.iter().enumerate() {
        for (position, lit) in lits.iter().enumerate() {
            all[fill[lit.var.index()]] = (clause, position, lit.positive);
            fill[lit.var.index()] += 1;
        }
    }
    let mut output_names = Vec::with_capacity(all.len());
    let mut origins = Vec::with_capacity(all.len());
    let mut first_copy = Vec::with_capacity(num_vars);
    let mut copy_of = Vec::with_capacity(all.len());
    let mut clauses = cnf.clauses.clone();
    clauses.reserve(all.len());
    for var in 0..num_vars {
        let occurrences = &all[start[var]..start[var + 1]];
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
            // Injective: the occurrence number after the last `_` recovers the name.
            output_names.push(format!("{}_{}", names[var], i + 1));
            clauses[clause][position] = Lit::new(Var(base + i as u32), true);
        }
        let n = occurrences.len();
        for i in 0..n {
            clauses.push(vec![copy_is_true(i), !copy_is_true((i + 1) % n)]);
        }
    }
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

    /// The output variable [`Tovey::backward`] reads input variable `var` from: its
    /// first copy (`None`: it has none, its value is the constant false).
    pub fn source(&self, var: Var) -> Option<Var> {
        self.first_copy[var.index()]
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
