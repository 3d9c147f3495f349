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

    /// Variables, clauses and literal occurrences.
    pub fn size(&self) -> FormulaSize {
        FormulaSize {
            variables: self.num_vars as usize,
            clauses: self.clauses.len(),
            occurrences: self.occurrences(),
        }
    }
}

/// The size of a formula, as printed by `sat2chess transform --stats`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FormulaSize {
    pub variables: usize,
    pub clauses: usize,
    /// Total number of literal occurrences.
    pub occurrences: usize,
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

    /// The equivalent CNF clauses: `l1 ∨ l2 ∨ l3` itself, `(l1 ∧ l2) ∨ l3` as
    /// `(l1 ∨ l3) ∧ (l2 ∨ l3)` (distributivity, no new variables).
    pub(crate) fn to_cnf_clauses(&self) -> Vec<Vec<Lit>> {
        match self {
            AndOrClause::Or(lits) => vec![lits.clone()],
            AndOrClause::AndOr { and, or } => vec![vec![and[0], *or], vec![and[1], *or]],
        }
    }
}

/// Why an [`AndOrFormula`] is not an And-Or-(1,1)-SAT instance (thesis §2.2.1).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AndOrError {
    #[error("clause {clause} has {len} literals; an Or clause has 1 to 3")]
    ClauseLength { clause: usize, len: usize },
    #[error("clause {clause} uses variable {var}, but the formula has only {num_vars} variables")]
    VarOutOfRange {
        clause: usize,
        var: Var,
        num_vars: usize,
    },
    #[error("literal {lit} occurs {count} times; every literal must occur exactly once")]
    LiteralCount { lit: String, count: usize },
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

    /// Variables, clauses and literal occurrences.
    pub fn size(&self) -> FormulaSize {
        FormulaSize {
            variables: self.num_vars(),
            clauses: self.clauses.len(),
            occurrences: self.clauses.iter().map(|c| c.literals().len()).sum(),
        }
    }

    /// The literal written with the variable's name: `x` or `~x`.
    pub fn lit_name(&self, lit: Lit) -> String {
        let name = self
            .names
            .get(lit.var.index())
            .cloned()
            .unwrap_or_else(|| lit.var.to_string());
        if lit.positive {
            name
        } else {
            format!("~{name}")
        }
    }

    /// Checks the And-Or-(1,1)-SAT conditions: Or clauses have 1 to 3 literals and
    /// each of the `2 · num_vars` literals occurs exactly once.
    pub fn check(&self) -> Result<(), AndOrError> {
        let num_vars = self.num_vars();
        let mut counts = vec![[0usize; 2]; num_vars];
        for (clause, c) in self.clauses.iter().enumerate() {
            if let AndOrClause::Or(lits) = c {
                if !(1..=3).contains(&lits.len()) {
                    return Err(AndOrError::ClauseLength {
                        clause,
                        len: lits.len(),
                    });
                }
            }
            for lit in c.literals() {
                let count = counts
                    .get_mut(lit.var.index())
                    .ok_or(AndOrError::VarOutOfRange {
                        clause,
                        var: lit.var,
                        num_vars,
                    })?;
                count[usize::from(lit.positive)] += 1;
            }
        }
        for (var, count) in counts.iter().enumerate() {
            for positive in [true, false] {
                let n = count[usize::from(positive)];
                if n != 1 {
                    let lit = Lit::new(Var(var as u32), positive);
                    return Err(AndOrError::LiteralCount {
                        lit: self.lit_name(lit),
                        count: n,
                    });
                }
            }
        }
        Ok(())
    }

    /// The first clause that holds both literals of some variable, if any. And-Or
    /// embeddings (thesis §2.2.2, item 3) assume there is none.
    pub fn clause_with_both_literals(&self) -> Option<(usize, Var)> {
        self.clauses.iter().enumerate().find_map(|(index, clause)| {
            let lits = clause.literals();
            lits.iter()
                .find(|lit| lits.contains(&lit.negated()))
                .map(|lit| (index, lit.var))
        })
    }

    /// The equivalent CNF over the same variables (`AndOrClause::to_cnf_clauses`).
    pub fn to_cnf(&self) -> Cnf {
        Cnf::new(
            self.num_vars() as u32,
            self.clauses
                .iter()
                .flat_map(AndOrClause::to_cnf_clauses)
                .collect(),
        )
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
