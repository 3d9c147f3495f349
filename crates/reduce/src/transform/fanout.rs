//! 3-CNF → And-Or-(1,1)-SAT directly, one fan-out chain per variable: the compact
//! alternative to Tovey's cycle (Lemma 2.1) followed by Theorem 2.2 (issue 14 §2).
//!
//! # Construction
//! A variable `x` with `p ≥ 1` positive and `n ≥ 1` negative occurrences gets one fresh
//! variable per occurrence: `x_p1 … x_pp` replace its positive occurrences and
//! `x_n1 … x_nn` its negative ones, each as a *positive* literal. Their negative
//! literals feed two chains of And-Or clauses (each fresh variable once positive, once
//! negative):
//! - `T` ≥ `x_p1 ∨ … ∨ x_pp`: `T = x_p1` if `p = 1`; otherwise `(¬x_p1 ∧ ¬x_p2) ∨ x_t1`,
//!   `(¬x_t1 ∧ ¬x_p3) ∨ x_t2`, …, `T = x_t(p-1)`;
//! - "T excludes every `x_nj`": `¬T ∨ ¬x_n1` if `n = 1`; otherwise `S` ≥
//!   `x_n1 ∨ … ∨ x_n(n-1)` by the same chain (`x_s1 …`, `S = x_n1` if `n = 2`) and the
//!   last clause `(¬S ∧ ¬x_nn) ∨ ¬T`.
//!
//! That is `p + n − 2` clauses (one if `p = n = 1`) and `2(p + n) − 3` variables for
//! `p + n` occurrences, against Tovey's `p + n` cycle clauses over `p + n` copies that
//! Theorem 2.2 then triples: 4·occurrences − 6 literal occurrences per variable instead
//! of 6·occurrences (uf20-91: 1,638 → 972).
//!
//! A **pure** variable (`n = 0` or `p = 0`) has no chain: it is set to its pure
//! polarity and every clause holding it is dropped (satisfied); dropping can make
//! other variables pure, so this repeats to a fixpoint. A variable without
//! occurrences is false. Empty clauses become `e` and `¬e` for a fresh `e`; a formula
//! left without clauses gets the stand-in `a ∨ b`, `¬a ∨ ¬b`, as in [`super::andor`].
//!
//! # Proof of equisatisfiability
//! *Forward* (model `φ` of the input): `x_pi := φ(x)`, `x_nj := ¬φ(x)`, every `x_tk :=
//! φ(x)`, every `x_sk := ¬φ(x)`; pure variables take their polarity. The input clauses
//! that remain hold (each literal has the value of the literal it replaces); a chain
//! clause `(¬a ∧ ¬b) ∨ c` has `c = 1` when its side of `x` is true and `a = b = 0`
//! otherwise; the last clause has `T = 0` or `S = x_nn = 0`.
//! *Backward* (model `ψ` of the output): `φ(x) := ψ(T)`, pure variables their polarity.
//! The chain clauses give `ψ(T) ≥ ψ(x_pi)` for every `i`, and `ψ(T) = 1` forces every
//! `x_nj` to 0, so `ψ(x_nj) ≤ ¬φ(x)`. Every output literal of an input clause is thus at
//! most the value under `φ` of the literal it replaced, and clauses are monotone in
//! their literals: every remaining input clause holds under `φ`, and every dropped one
//! holds by its pure literal.
//!
//! Output: the remaining input clauses in order (`Or`), the empty-clause partners, then
//! the chain clauses variable by variable. Variables: per input variable in order its
//! `x_p…`, `x_n…`, `x_t…`, `x_s…`, then the fresh `e`s, then the stand-in pair.

use super::step::{Origin, TransformError, check_three_cnf};
use sat2chess_core::formula::{AndOrClause, AndOrFormula, Assignment, Cnf, Lit, Var};

/// The result of [`to_andor_fanout`].
#[derive(Clone, Debug)]
pub struct Fanout {
    pub output: AndOrFormula,
    /// Provenance of every output variable.
    pub origins: Vec<Origin>,
    /// Per input variable: how its value is read back from the output.
    values: Vec<Value>,
    /// The input clause of each leading output clause (the kept input clauses, in
    /// output order).
    kept: Vec<usize>,
}

/// How an input variable's value is fixed.
#[derive(Clone, Copy, Debug)]
enum Value {
    /// Pure (or absent: false): this constant.
    Constant(bool),
    /// The chain's top `T`.
    Top(Var),
}

/// Output variable numbers of one chained input variable (module doc).
#[derive(Clone, Copy, Debug, Default)]
struct Numbers {
    /// `x_p1`; the others follow.
    positive: u32,
    /// `x_n1`; the others follow.
    negative: u32,
    /// `x_t1`, then `x_s1`; the others follow each.
    chains: [u32; 2],
}

/// Applies the fan-out construction (module doc) to a CNF with at most three literals
/// per clause.
pub fn to_andor_fanout(cnf: &Cnf, names: &[String]) -> Result<Fanout, TransformError> {
    let identity: Vec<usize> = (0..cnf.clauses.len()).collect();
    to_andor_fanout_in_order(cnf, names, &identity)
}

/// [`to_andor_fanout`] with the input clauses visited in `order` (clause indices; any
/// clause it leaves out comes after those it lists): the kept clauses are output in that order, and each variable's
/// occurrences are numbered — and chained — in it. Any order gives the construction of
/// the module doc (its proof never uses the order of a chain's inputs); an order that
/// follows the layout's rows keeps every chain clause near the clauses it links
/// ([`super::Chain::from_cnf`]).
pub(crate) fn to_andor_fanout_in_order(
    cnf: &Cnf,
    names: &[String],
    order: &[usize],
) -> Result<Fanout, TransformError> {
    check_three_cnf(cnf, names)?;
    let num_vars = cnf.num_vars as usize;
    let (mut values, mut kept) = eliminate_pure(cnf);
    // Clauses missing from `order` follow in index order (none is ever dropped).
    let mut rank = vec![usize::MAX; cnf.clauses.len()];
    for (r, &c) in order.iter().enumerate() {
        if let Some(slot) = rank.get_mut(c) {
            *slot = (*slot).min(r);
        }
    }
    kept.sort_by_key(|&c| (rank[c], c));
    // Occurrences [negative, positive] in the kept clauses: both or none after elimination.
    let mut counts = vec![[0usize; 2]; num_vars];
    for lit in kept.iter().flat_map(|&c| &cnf.clauses[c]) {
        counts[lit.var.index()][usize::from(lit.positive)] += 1;
    }
    let mut numbers = vec![Numbers::default(); num_vars];
    let mut next = 0u32;
    for (x, &[n, p]) in counts.iter().enumerate() {
        if p == 0 {
            continue;
        }
        let positive = next;
        let negative = positive + p as u32;
        let t = negative + n as u32;
        let s = t + (p - 1) as u32;
        next = s + n.saturating_sub(2) as u32;
        numbers[x] = Numbers {
            positive,
            negative,
            chains: [t, s],
        };
    }
    let mut origins: Vec<Option<Origin>> = vec![None; next as usize];
    let mut output_names = vec![String::new(); next as usize];
    let mut clauses: Vec<AndOrClause> = Vec::with_capacity(kept.len() + 2 * num_vars);
    let mut seen = vec![[0usize; 2]; num_vars];
    for &clause in &kept {
        let lits = cnf.clauses[clause]
            .iter()
            .enumerate()
            .map(|(position, lit)| {
                let x = lit.var.index();
                let which = &mut seen[x][usize::from(lit.positive)];
                let base = if lit.positive {
                    numbers[x].positive
                } else {
                    numbers[x].negative
                };
                let var = Var(base + *which as u32);
                *which += 1;
                origins[var.index()] = Some(Origin::Occurrence {
                    var: lit.var,
                    positive: lit.positive,
                    which: *which,
                    clause,
                    position,
                });
                let letter = if lit.positive { 'p' } else { 'n' };
                output_names[var.index()] = format!("{}_{letter}{which}", names[x]);
                Lit::new(var, true)
            })
            .collect();
        clauses.push(AndOrClause::Or(lits));
    }
    let mut partners = Vec::new();
    for clause in (0..cnf.clauses.len()).filter(|&c| cnf.clauses[c].is_empty()) {
        let e = Var(origins.len() as u32);
        origins.push(Some(Origin::EmptyClause { clause }));
        output_names.push(format!("empty{}", clause + 1));
        clauses.push(AndOrClause::Or(vec![Lit::new(e, true)]));
        partners.push(AndOrClause::Or(vec![Lit::new(e, false)]));
    }
    clauses.extend(partners);
    for (x, &[n, p]) in counts.iter().enumerate() {
        if p == 0 {
            continue;
        }
        let var = Var(x as u32);
        let numbers = numbers[x];
        // Folds `inputs` into one variable ≥ their disjunction (module doc).
        let mut chain = |inputs: Vec<Var>, positive: bool, clauses: &mut Vec<AndOrClause>| {
            let start = numbers.chains[usize::from(!positive)];
            let letter = if positive { 't' } else { 's' };
            inputs[1..]
                .iter()
                .enumerate()
                .fold(inputs[0], |top, (k, &next)| {
                    let fresh = Var(start + k as u32);
                    origins[fresh.index()] = Some(Origin::Chain {
                        var,
                        positive,
                        index: k + 1,
                    });
                    output_names[fresh.index()] = format!("{}_{letter}{}", names[x], k + 1);
                    clauses.push(AndOrClause::AndOr {
                        and: [Lit::new(top, false), Lit::new(next, false)],
                        or: Lit::new(fresh, true),
                    });
                    fresh
                })
        };
        let occurrence = |base: u32, i: usize| Var(base + i as u32);
        let top = chain(
            (0..p).map(|i| occurrence(numbers.positive, i)).collect(),
            true,
            &mut clauses,
        );
        values[x] = Value::Top(top);
        let not_top = Lit::new(top, false);
        let last = Lit::new(occurrence(numbers.negative, n - 1), false);
        if n == 1 {
            clauses.push(AndOrClause::Or(vec![not_top, last]));
        } else {
            let s = chain(
                (0..n - 1)
                    .map(|i| occurrence(numbers.negative, i))
                    .collect(),
                false,
                &mut clauses,
            );
            clauses.push(AndOrClause::AndOr {
                and: [Lit::new(s, false), last],
                or: not_top,
            });
        }
    }
    let mut origins: Vec<Origin> = origins
        .into_iter()
        .map(|origin| origin.expect("every output variable is numbered once"))
        .collect();
    if clauses.is_empty() {
        super::andor::stand_in(&mut clauses, &mut output_names, &mut origins);
    }
    Ok(Fanout {
        output: AndOrFormula {
            names: output_names,
            clauses,
        },
        origins,
        values,
        kept,
    })
}

/// Sets pure variables to their polarity until none is left; returns every input
/// variable's value (`Constant(false)` also for those that keep a chain, overwritten
/// by the caller) and the indices of the clauses that remain.
fn eliminate_pure(cnf: &Cnf) -> (Vec<Value>, Vec<usize>) {
    let num_vars = cnf.num_vars as usize;
    let mut counts = vec![[0usize; 2]; num_vars];
    for lit in cnf.clauses.iter().flatten() {
        counts[lit.var.index()][usize::from(lit.positive)] += 1;
    }
    let mut values = vec![Value::Constant(false); num_vars];
    let mut pure_set = vec![false; num_vars];
    let mut dropped = vec![false; cnf.clauses.len()];
    let mut clauses_of: Vec<Vec<usize>> = vec![Vec::new(); num_vars];
    for (c, lits) in cnf.clauses.iter().enumerate() {
        for lit in lits {
            clauses_of[lit.var.index()].push(c);
        }
    }
    let is_pure = |count: [usize; 2]| (count[0] == 0) != (count[1] == 0);
    let mut queue: Vec<usize> = (0..num_vars).filter(|&x| is_pure(counts[x])).collect();
    while let Some(x) = queue.pop() {
        if pure_set[x] || !is_pure(counts[x]) {
            continue;
        }
        pure_set[x] = true;
        values[x] = Value::Constant(counts[x][1] > 0);
        for &c in &clauses_of[x] {
            if std::mem::replace(&mut dropped[c], true) {
                continue;
            }
            for lit in &cnf.clauses[c] {
                let y = lit.var.index();
                counts[y][usize::from(lit.positive)] -= 1;
                if !pure_set[y] && is_pure(counts[y]) {
                    queue.push(y);
                }
            }
        }
    }
    let kept = (0..cnf.clauses.len())
        .filter(|&c| !dropped[c] && !cnf.clauses[c].is_empty())
        .collect();
    (values, kept)
}

impl Fanout {
    /// The forward map of the module doc: occurrence and chain variables take the value
    /// of their side of `x`; empty-clause variables false; of the stand-in pair `a := 1`,
    /// `b := 0`.
    /// The input clause of each leading output clause: the kept input clauses, in the
    /// order they were output.
    pub(crate) fn kept_clauses(&self) -> &[usize] {
        &self.kept
    }

    pub fn forward(&self, input: &Assignment) -> Assignment {
        Assignment(
            self.origins
                .iter()
                .map(|origin| match *origin {
                    Origin::Occurrence { var, positive, .. }
                    | Origin::Chain { var, positive, .. } => input.value(var) == positive,
                    Origin::NoClause { which } => which == 1,
                    _ => false,
                })
                .collect(),
        )
    }

    /// The output variable [`Fanout::backward`] reads input variable `var` from: the top
    /// of its tree (`None`: a constant).
    pub fn source(&self, var: Var) -> Option<Var> {
        match self.values[var.index()] {
            Value::Constant(_) => None,
            Value::Top(top) => Some(top),
        }
    }

    /// `φ(x) := ψ(T)`; pure variables their polarity, absent ones false.
    pub fn backward(&self, output: &Assignment) -> Assignment {
        Assignment(
            self.values
                .iter()
                .map(|value| match *value {
                    Value::Constant(b) => b,
                    Value::Top(top) => output.value(top),
                })
                .collect(),
        )
    }
}
