//! Propositional formulas shared by the pipeline: CNF (DIMACS input, 3-SAT,
//! (2+1),3-SAT) and And-Or-(1,1)-SAT (thesis §2.2.1), plus assignments.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A variable, 0-based (DIMACS variable `v` is `Var(v - 1)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Var(pub u32);

impl Var {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A literal: a variable or its negation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Lit {
    pub var: Var,
    pub positive: bool,
}

impl Lit {
    pub fn new(var: Var, positive: bool) -> Lit {
        Lit { var, positive }
    }

    pub fn pos(var: u32) -> Lit {
        Lit::new(Var(var), true)
    }

    pub fn neg(var: u32) -> Lit {
        Lit::new(Var(var), false)
    }

    /// From a non-zero DIMACS integer (`3` → x₂ positive, `-1` → ¬x₀).
    pub fn from_dimacs(value: i64) -> Option<Lit> {
        let var = u32::try_from(value.unsigned_abs().checked_sub(1)?).ok()?;
        Some(Lit::new(Var(var), value > 0))
    }

    pub fn to_dimacs(self) -> i64 {
        let v = self.var.0 as i64 + 1;
        if self.positive { v } else { -v }
    }

    pub fn negated(self) -> Lit {
        Lit::new(self.var, !self.positive)
    }

    /// The literal's value under `assignment`.
    pub fn eval(self, assignment: &Assignment) -> bool {
        assignment.value(self.var) == self.positive
    }
}

impl std::ops::Not for Lit {
    type Output = Lit;
    fn not(self) -> Lit {
        self.negated()
    }
}

/// A total assignment of truth values, indexed by [`Var`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Assignment(pub Vec<bool>);

impl Assignment {
    pub fn all_false(num_vars: usize) -> Assignment {
        Assignment(vec![false; num_vars])
    }

    pub fn value(&self, var: Var) -> bool {
        self.0[var.index()]
    }

    pub fn set(&mut self, var: Var, value: bool) {
        self.0[var.index()] = value;
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// A formula in conjunctive normal form.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Cnf {
    pub num_vars: u32,
    pub clauses: Vec<Vec<Lit>>,
}

impl Cnf {
    pub fn new(num_vars: u32, clauses: Vec<Vec<Lit>>) -> Cnf {
        Cnf { num_vars, clauses }
    }

    /// True when every clause has a literal that is true under `assignment`.
    pub fn is_satisfied_by(&self, assignment: &Assignment) -> bool {
        self.clauses
            .iter()
            .all(|clause| clause.iter().any(|lit| lit.eval(assignment)))
    }

    /// Total number of literal occurrences.
    pub fn occurrences(&self) -> usize {
        self.clauses.iter().map(Vec::len).sum()
    }
}

/// One And-Or-(1,1)-SAT clause (thesis §2.2.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AndOrClause {
    /// `l1`, `l1 ∨ l2` or `l1 ∨ l2 ∨ l3`.
    Or(Vec<Lit>),
    /// `(l1 ∧ l2) ∨ l3`.
    AndOr { and: [Lit; 2], or: Lit },
}

impl AndOrClause {
    pub fn eval(&self, assignment: &Assignment) -> bool {
        match self {
            AndOrClause::Or(lits) => lits.iter().any(|l| l.eval(assignment)),
            AndOrClause::AndOr { and, or } => {
                (and[0].eval(assignment) && and[1].eval(assignment)) || or.eval(assignment)
            }
        }
    }

    /// The clause's literals in reading order.
    pub fn literals(&self) -> Vec<Lit> {
        match self {
            AndOrClause::Or(lits) => lits.clone(),
            AndOrClause::AndOr { and, or } => vec![and[0], and[1], *or],
        }
    }
}

/// An And-Or-(1,1)-SAT instance: each variable's positive and negative literal occur
/// exactly once across all clauses. `names[v]` is the name of variable `v`.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct AndOrFormula {
    pub names: Vec<String>,
    pub clauses: Vec<AndOrClause>,
}

impl AndOrFormula {
    pub fn num_vars(&self) -> usize {
        self.names.len()
    }

    pub fn is_satisfied_by(&self, assignment: &Assignment) -> bool {
        self.clauses.iter().all(|c| c.eval(assignment))
    }

    /// Every literal occurrence as (clause index, position in the clause, literal).
    pub fn occurrences(&self) -> impl Iterator<Item = (usize, usize, Lit)> + '_ {
        self.clauses.iter().enumerate().flat_map(|(c, clause)| {
            clause
                .literals()
                .into_iter()
                .enumerate()
                .map(move |(i, lit)| (c, i, lit))
        })
    }
}

impl fmt::Display for Var {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "x{}", self.0 + 1)
    }
}
