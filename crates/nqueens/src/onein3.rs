//! The front of the chain: 1-in-3-SAT instances, CNF → Monotone 1-in-3-SAT, and the
//! paper's Theorem 4 step Monotone → Restricted 1-in-3-SAT (Problem 6).
//!
//! **CNF → Monotone 1-in-3-SAT** (ours; parsimonious). Standard 3-SAT → 1-in-3-SAT
//! reductions (Schaefer's) leave free auxiliary variables and so multiply the count; this
//! one keeps every auxiliary variable a function of the CNF variables, so models and
//! solutions correspond one to one. All clauses are sets of three distinct variables of
//! which exactly one is true, all literals positive:
//! - constants (the Theorem 4 gadget): `{t, f₁, f₂}, {t, f₂, f₃}, {t, f₃, f₁}` force
//!   `t` true and `f₁, f₂, f₃` false;
//! - each CNF variable `x` gets `x` and `x̄` with `{x, x̄, f₁}` (so `x̄ = ¬x`);
//! - AND: `a = p ∧ q` is `{a, p̄, u}, {a, q̄, w}, {u, w, s}` (then `u = ¬a ∧ p`,
//!   `w = ¬a ∧ q`, `s = ¬u ∧ ¬w` are determined);
//! - a clause `l₁ ∨ … ∨ l_k` is the prefix chain `n₁ = ¬l₁`, `nᵢ = nᵢ₋₁ ∧ ¬lᵢ` (with
//!   complements `{nᵢ, n̄ᵢ, f₁}` where the next AND needs them) and `{n_k, t, f₁}`
//!   (forces "all literals false" to be false). The empty clause is `{f₁, f₂, f₃}`;
//!   duplicate literals are merged and a clause with `x` and `¬x` is dropped.
//!
//! **Theorem 4** (Monotone → Restricted): a variable `x` in `n_x > 3` clauses becomes
//! `x₁ … x_{n_x}`, `x̄₁ … x̄_{n_x}` with the paper's clauses and its own `tᵢ, f` constants.
//! Unlike the paper we leave variables with `n_x ≤ 3` as they are: they already meet the
//! restriction, and the step is parsimonious either way (the board side grows with the
//! square of the variable count, so this keeps boards several times smaller).
//!
//! **1-in-3 input** (`--onein3`): a DIMACS CNF file read by the usual front, each clause
//! three distinct positive literals read as "exactly one of these is true".

use crate::csp::Solutions;
use crate::solve::enumerate_projected;
use sat2chess_core::formula::{Assignment, Cnf, Lit, Var};
use sat2chess_solve::sat::SatError;

/// A (monotone) 1-in-3-SAT instance: each clause three distinct variables, exactly one
/// of which must be true. Variables are `0..num_vars`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OneInThree {
    pub num_vars: u32,
    pub clauses: Vec<[u32; 3]>,
}

/// Why a 1-in-3 instance is malformed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OneInThreeError {
    #[error("clause #{clause}: a 1-in-3 clause has exactly three literals, got {len}")]
    NotThree { clause: usize, len: usize },
    #[error("clause #{clause}: literal {literal} is negative; 1-in-3 clauses are positive")]
    Negative { clause: usize, literal: i64 },
    #[error("clause #{clause}: variable {var} occurs twice; the three variables must differ")]
    Repeated { clause: usize, var: u32 },
    #[error("clause #{clause}: variable {var} is not below the variable count {num_vars}")]
    OutOfRange {
        clause: usize,
        var: u32,
        num_vars: u32,
    },
    #[error("variable {var} occurs in {count} clauses; Restricted 1-in-3-SAT allows 3")]
    TooManyOccurrences { var: u32, count: usize },
}

impl OneInThree {
    /// Checks distinct, in-range variables in every clause.
    pub fn validate(&self) -> Result<(), OneInThreeError> {
        for (clause, vars) in self.clauses.iter().enumerate() {
            for (i, &var) in vars.iter().enumerate() {
                if var >= self.num_vars {
                    return Err(OneInThreeError::OutOfRange {
                        clause,
                        var,
                        num_vars: self.num_vars,
                    });
                }
                if vars[..i].contains(&var) {
                    return Err(OneInThreeError::Repeated { clause, var });
                }
            }
        }
        Ok(())
    }

    /// Occurrences of each variable.
    pub fn occurrences(&self) -> Vec<usize> {
        let mut count = vec![0; self.num_vars as usize];
        for clause in &self.clauses {
            for &var in clause {
                count[var as usize] += 1;
            }
        }
        count
    }

    /// Checks the Restricted 1-in-3-SAT conditions (Problem 6): [`Self::validate`] and at
    /// most three occurrences per variable.
    pub fn validate_restricted(&self) -> Result<(), OneInThreeError> {
        self.validate()?;
        match self.occurrences().iter().position(|&count| count > 3) {
            Some(var) => Err(OneInThreeError::TooManyOccurrences {
                var: var as u32,
                count: self.occurrences()[var],
            }),
            None => Ok(()),
        }
    }

    /// Reads a DIMACS CNF as a 1-in-3 instance (DIMACS variable `v` is variable `v − 1`).
    pub fn from_dimacs(cnf: &Cnf) -> Result<OneInThree, OneInThreeError> {
        let mut clauses = Vec::with_capacity(cnf.clauses.len());
        for (clause, lits) in cnf.clauses.iter().enumerate() {
            let [a, b, c] = lits.as_slice() else {
                return Err(OneInThreeError::NotThree {
                    clause,
                    len: lits.len(),
                });
            };
            if let Some(lit) = lits.iter().find(|lit| !lit.positive) {
                return Err(OneInThreeError::Negative {
                    clause,
                    literal: lit.to_dimacs(),
                });
            }
            clauses.push([a.var.0, b.var.0, c.var.0]);
        }
        let instance = OneInThree {
            num_vars: cnf.num_vars,
            clauses,
        };
        instance.validate()?;
        Ok(instance)
    }

    /// True when `values` (one per variable) makes exactly one variable of every clause true.
    pub fn is_solution(&self, values: &[bool]) -> bool {
        values.len() == self.num_vars as usize
            && self
                .clauses
                .iter()
                .all(|c| c.iter().filter(|&&v| values[v as usize]).count() == 1)
    }

    /// The instance as a CNF: `a ∨ b ∨ c` and pairwise `¬a ∨ ¬b` per clause.
    pub fn to_cnf(&self) -> Cnf {
        let mut clauses = Vec::with_capacity(self.clauses.len() * 4);
        for &[a, b, c] in &self.clauses {
            clauses.push(vec![Lit::pos(a), Lit::pos(b), Lit::pos(c)]);
            for (x, y) in [(a, b), (b, c), (a, c)] {
                clauses.push(vec![Lit::neg(x), Lit::neg(y)]);
            }
        }
        Cnf::new(self.num_vars, clauses)
    }

    /// Up to `limit` solutions and whether that is all of them (SAT solver with
    /// blocking clauses).
    pub fn enumerate(&self, limit: usize) -> Result<Solutions<Vec<bool>>, SatError> {
        let found = enumerate_projected(&self.to_cnf(), self.num_vars as usize, limit)?;
        let values = found
            .solutions
            .into_iter()
            .map(|chosen| {
                let mut values = vec![false; self.num_vars as usize];
                for var in chosen {
                    values[var as usize] = true;
                }
                values
            })
            .collect();
        Ok((values, found.complete))
    }
}

/// How a variable of the monotone instance is computed from a CNF model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Definition {
    Const(bool),
    Input(Var),
    Not(u32),
    And(u32, u32),
    Nor(u32, u32),
}

/// CNF → Monotone 1-in-3-SAT (module documentation), with its forward and backward maps.
#[derive(Clone, Debug)]
pub struct CnfEncoding {
    pub instance: OneInThree,
    definitions: Vec<Definition>,
    cnf_vars: u32,
}

/// The constants `t, f₁, f₂, f₃` are variables 0–3.
const TRUE: u32 = 0;
const FALSE: [u32; 3] = [1, 2, 3];

struct Builder {
    definitions: Vec<Definition>,
    clauses: Vec<[u32; 3]>,
}

impl Builder {
    fn var(&mut self, definition: Definition) -> u32 {
        self.definitions.push(definition);
        self.definitions.len() as u32 - 1
    }

    /// A fresh `¬v` with `{v, ¬v, f₁}`.
    fn complement(&mut self, v: u32) -> u32 {
        let not = self.var(Definition::Not(v));
        self.clauses.push([v, not, FALSE[0]]);
        not
    }

    /// `a = p ∧ q` from the complements `p̄`, `q̄`.
    fn and(&mut self, (p, not_p): (u32, u32), (q, not_q): (u32, u32)) -> u32 {
        let a = self.var(Definition::And(p, q));
        let u = self.var(Definition::Nor(a, not_p));
        let w = self.var(Definition::Nor(a, not_q));
        let s = self.var(Definition::Nor(u, w));
        self.clauses
            .extend([[a, not_p, u], [a, not_q, w], [u, w, s]]);
        a
    }
}

impl CnfEncoding {
    pub fn new(cnf: &Cnf) -> CnfEncoding {
        let mut b = Builder {
            definitions: vec![
                Definition::Const(true),
                Definition::Const(false),
                Definition::Const(false),
                Definition::Const(false),
            ],
            clauses: vec![
                [TRUE, FALSE[0], FALSE[1]],
                [TRUE, FALSE[1], FALSE[2]],
                [TRUE, FALSE[2], FALSE[0]],
            ],
        };
        // Variable x is 4 + 2x, ¬x is 5 + 2x.
        for x in 0..cnf.num_vars {
            let pos = b.var(Definition::Input(Var(x)));
            let neg = b.var(Definition::Not(pos));
            debug_assert_eq!(pos, 4 + 2 * x);
            b.clauses.push([pos, neg, FALSE[0]]);
        }
        // (literal, its complement) as monotone variables.
        let lit = |l: Lit| {
            let pos = 4 + 2 * l.var.0;
            if l.positive {
                (pos, pos + 1)
            } else {
                (pos + 1, pos)
            }
        };
        for clause in &cnf.clauses {
            let mut lits = clause.clone();
            lits.sort_unstable();
            lits.dedup();
            if lits.windows(2).any(|w| w[0].var == w[1].var) {
                continue; // x ∨ ¬x: always true
            }
            let Some((&first, rest)) = lits.split_first() else {
                b.clauses.push(FALSE);
                continue;
            };
            // nᵢ = "l₁ … lᵢ all false", with its complement.
            let (mut none, mut some) = (lit(first).1, lit(first).0);
            for (i, &l) in rest.iter().enumerate() {
                let (l_true, l_false) = lit(l);
                none = b.and((none, some), (l_false, l_true));
                if i + 1 < rest.len() {
                    some = b.complement(none);
                }
            }
            b.clauses.push([none, TRUE, FALSE[0]]);
        }
        CnfEncoding {
            instance: OneInThree {
                num_vars: b.definitions.len() as u32,
                clauses: b.clauses,
            },
            definitions: b.definitions,
            cnf_vars: cnf.num_vars,
        }
    }

    /// The solution a CNF model determines (every auxiliary variable is a function of it).
    pub fn forward(&self, model: &Assignment) -> Vec<bool> {
        let mut values: Vec<bool> = Vec::with_capacity(self.definitions.len());
        for definition in &self.definitions {
            let value = match *definition {
                Definition::Const(value) => value,
                Definition::Input(var) => model.value(var),
                Definition::Not(v) => !values[v as usize],
                Definition::And(p, q) => values[p as usize] && values[q as usize],
                Definition::Nor(p, q) => !values[p as usize] && !values[q as usize],
            };
            values.push(value);
        }
        values
    }

    /// The CNF model a solution encodes: `x` is the value of the monotone variable `x`.
    pub fn backward(&self, values: &[bool]) -> Assignment {
        Assignment(
            (0..self.cnf_vars)
                .map(|x| values[(4 + 2 * x) as usize])
                .collect(),
        )
    }
}

/// Where a variable of the restricted instance comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Origin {
    /// A copy of the original variable (`x` itself or `xᵢ`).
    Copy(u32),
    /// `x̄ᵢ`.
    Negation(u32),
    Const(bool),
}

/// Theorem 4: Monotone → Restricted 1-in-3-SAT, with its forward and backward maps.
#[derive(Clone, Debug)]
pub struct Restriction {
    pub instance: OneInThree,
    origins: Vec<Origin>,
    /// The restricted variable standing for each original variable (`x` or `x₁`).
    representative: Vec<u32>,
}

impl Restriction {
    pub fn new(monotone: &OneInThree) -> Restriction {
        let occurrences = monotone.occurrences();
        let mut origins: Vec<Origin> = Vec::new();
        let mut fresh = |origin: Origin| {
            origins.push(origin);
            origins.len() as u32 - 1
        };
        let mut representative = Vec::with_capacity(occurrences.len());
        // copies[x]: the variables replacing the occurrences of x, in clause order.
        let mut copies: Vec<Vec<u32>> = Vec::with_capacity(occurrences.len());
        let mut extra: Vec<[u32; 3]> = Vec::new();
        for (x, &n_x) in occurrences.iter().enumerate() {
            let x = x as u32;
            if n_x <= 3 {
                let v = fresh(Origin::Copy(x));
                representative.push(v);
                copies.push(vec![v; n_x]);
                continue;
            }
            let xs: Vec<u32> = (0..n_x).map(|_| fresh(Origin::Copy(x))).collect();
            let bars: Vec<u32> = (0..n_x).map(|_| fresh(Origin::Negation(x))).collect();
            // t_i, f_{3i-2}, f_{3i-1}, f_{3i} for i = 1..⌈2n_x/3⌉.
            let groups = (2 * n_x).div_ceil(3);
            let mut fs = Vec::with_capacity(3 * groups);
            for _ in 0..groups {
                let t = fresh(Origin::Const(true));
                let f: [u32; 3] = std::array::from_fn(|_| fresh(Origin::Const(false)));
                extra.extend([[t, f[0], f[1]], [t, f[1], f[2]], [t, f[2], f[0]]]);
                fs.extend(f);
            }
            for i in 0..n_x {
                extra.push([xs[i], bars[i], fs[i]]);
            }
            for i in 0..n_x - 1 {
                extra.push([bars[i], xs[i + 1], fs[n_x + i]]);
            }
            representative.push(xs[0]);
            copies.push(xs);
        }
        let mut used = vec![0usize; copies.len()];
        let mut clauses: Vec<[u32; 3]> = monotone
            .clauses
            .iter()
            .map(|clause| {
                clause.map(|x| {
                    let v = copies[x as usize][used[x as usize]];
                    used[x as usize] += 1;
                    v
                })
            })
            .collect();
        clauses.extend(extra);
        Restriction {
            instance: OneInThree {
                num_vars: origins.len() as u32,
                clauses,
            },
            origins,
            representative,
        }
    }

    /// The restricted solution of a monotone solution (all copies equal `x`, `x̄ᵢ = ¬x`).
    pub fn forward(&self, values: &[bool]) -> Vec<bool> {
        self.origins
            .iter()
            .map(|origin| match *origin {
                Origin::Copy(x) => values[x as usize],
                Origin::Negation(x) => !values[x as usize],
                Origin::Const(value) => value,
            })
            .collect()
    }

    /// The monotone solution: `x` takes the value of its representative.
    pub fn backward(&self, values: &[bool]) -> Vec<bool> {
        self.representative
            .iter()
            .map(|&v| values[v as usize])
            .collect()
    }
}
