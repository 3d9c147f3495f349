//! What every step shares: the provenance of its output variables ([`Origin`]), its
//! precondition checks and their error ([`TransformError`]), and fresh variable names.

use std::collections::HashSet;

use serde_json::{Value, json};

use sat2chess_core::formula::{AndOrError, Cnf, Var};

/// Where a variable of a step's output comes from; `var`, `clause` and `position`
/// refer to the step's input (0-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The input variable `var`, unchanged.
    Input { var: Var },
    /// The `index`-th (1-based) fresh variable splitting the long clause `clause` ([`split`](super::split)).
    Split { clause: usize, index: usize },
    /// The copy of `var` for its `occurrence`-th (1-based) occurrence, at `position` of
    /// `clause`; `negated` when that occurrence was negative and the copy is negated
    /// (Lemma 2.1).
    Copy {
        var: Var,
        occurrence: usize,
        clause: usize,
        position: usize,
        negated: bool,
    },
    /// `x_p1` or `x_p2` (`which` = 1, 2): the `which`-th positive occurrence of `var`
    /// (Theorem 2.2).
    Positive {
        var: Var,
        which: usize,
        clause: usize,
        position: usize,
    },
    /// `x_n`: the negative occurrence of `var` (Theorem 2.2).
    Negative {
        var: Var,
        clause: usize,
        position: usize,
    },
    /// `x_pi` (`positive`) or `x_ni`: the `which`-th (1-based) positive or negative
    /// occurrence of `var`, at `position` of `clause` ([`fanout`](super::fanout)).
    Occurrence {
        var: Var,
        positive: bool,
        which: usize,
        clause: usize,
        position: usize,
    },
    /// `x_tk` (`positive`) or `x_sk`: the `index`-th (1-based) link of the chain joining
    /// the positive or negative occurrences of `var` ([`fanout`](super::fanout)).
    Chain {
        var: Var,
        positive: bool,
        index: usize,
    },
    /// The fresh variable `e` standing for the empty clause `clause` (`e ∧ ¬e`).
    EmptyClause { clause: usize },
    /// One of the two fresh variables `a`, `b` (`which` = 1, 2) of the stand-in clauses
    /// `a ∨ b`, `¬a ∨ ¬b` of a formula left without clauses (only tautologies): the
    /// backends need a clause to test, and both formulas are satisfiable.
    NoClause { which: usize },
    /// The fresh `y` replacing `¬var` in `clause` (`separate`).
    Separator { var: Var, clause: usize },
}

impl Origin {
    /// The step-input variable this variable stands for, if any.
    pub fn var(&self) -> Option<Var> {
        match *self {
            Origin::Input { var }
            | Origin::Copy { var, .. }
            | Origin::Positive { var, .. }
            | Origin::Negative { var, .. }
            | Origin::Occurrence { var, .. }
            | Origin::Chain { var, .. }
            | Origin::Separator { var, .. } => Some(var),
            Origin::Split { .. } | Origin::EmptyClause { .. } | Origin::NoClause { .. } => None,
        }
    }

    /// JSON with 1-based variable, clause and position numbers; `input_names` names the
    /// step's input variables.
    pub fn to_json(&self, input_names: &[String]) -> Value {
        let var = |var: Var| json!({"index": var.0 + 1, "name": input_names[var.index()]});
        match *self {
            Origin::Input { var: v } => json!({"kind": "input", "var": var(v)}),
            Origin::Split { clause, index } => {
                json!({"kind": "split", "clause": clause + 1, "index": index})
            }
            Origin::Copy {
                var: v,
                occurrence,
                clause,
                position,
                negated,
            } => json!({
                "kind": "copy", "var": var(v), "occurrence": occurrence,
                "clause": clause + 1, "position": position + 1, "negated": negated
            }),
            Origin::Positive {
                var: v,
                which,
                clause,
                position,
            } => json!({
                "kind": "positive", "var": var(v), "which": which,
                "clause": clause + 1, "position": position + 1
            }),
            Origin::Negative {
                var: v,
                clause,
                position,
            } => json!({
                "kind": "negative", "var": var(v), "clause": clause + 1, "position": position + 1
            }),
            Origin::Occurrence {
                var: v,
                positive,
                which,
                clause,
                position,
            } => json!({
                "kind": "occurrence", "var": var(v), "positive": positive, "which": which,
                "clause": clause + 1, "position": position + 1
            }),
            Origin::Chain {
                var: v,
                positive,
                index,
            } => json!({"kind": "chain", "var": var(v), "positive": positive, "index": index}),
            Origin::EmptyClause { clause } => json!({"kind": "empty_clause", "clause": clause + 1}),
            Origin::NoClause { which } => json!({"kind": "no_clause", "which": which}),
            Origin::Separator { var: v, clause } => {
                json!({"kind": "separator", "var": var(v), "clause": clause + 1})
            }
        }
    }
}

/// A step's input does not meet the step's precondition.
#[derive(Debug, thiserror::Error)]
pub enum TransformError {
    #[error("clause {} uses variable {var}, but the formula declares {num_vars} variables", clause + 1)]
    VarOutOfRange {
        clause: usize,
        var: Var,
        num_vars: u32,
    },
    #[error("{names} variable names for {num_vars} variables")]
    NameCount { names: usize, num_vars: u32 },
    #[error("clause {} has {len} literals; this step takes at most {max}", clause + 1)]
    ClauseTooLong {
        clause: usize,
        len: usize,
        max: usize,
    },
    #[error(
        "variable {name} does not occur exactly twice positively and once negatively, as (2+1),3-SAT requires"
    )]
    NotTwoPlusOne { var: Var, name: String },
    #[error(transparent)]
    NotAndOr(#[from] AndOrError),
    #[error(
        "the formula declares {num_vars} variables; the transformation chain (transform, \
         layout, compile, decode) takes at most {max} (it holds a name and a provenance \
         for every declared variable, used or not: about 200 bytes each)"
    )]
    TooManyVariables { num_vars: u32, max: u32 },
    #[error(
        "the planar monotone chain takes at most {max} literal occurrences after splitting \
         ({occurrences} given): its crossings grow with their square"
    )]
    PlanarTooLarge { occurrences: usize, max: usize },
    #[error(
        "a Red-Blue Dominating Set instance is not a formula: it compiles only to rook and \
         queen boards (Aravind–Misra–Mittal Theorems 2 and 3: --to rook or --to queen)"
    )]
    RbdsInput,
}

/// [`check_vars`], and no clause has more than three literals (input of Lemma 2.1 and
/// Theorem 2.2).
pub(super) fn check_three_cnf(cnf: &Cnf, names: &[String]) -> Result<(), TransformError> {
    check_vars(cnf, names)?;
    match cnf.clauses.iter().enumerate().find(|(_, c)| c.len() > 3) {
        Some((clause, lits)) => Err(TransformError::ClauseTooLong {
            clause,
            len: lits.len(),
            max: 3,
        }),
        None => Ok(()),
    }
}

/// Every literal's variable is below `num_vars`, and there is one name per variable.
pub(super) fn check_vars(cnf: &Cnf, names: &[String]) -> Result<(), TransformError> {
    if names.len() != cnf.num_vars as usize {
        return Err(TransformError::NameCount {
            names: names.len(),
            num_vars: cnf.num_vars,
        });
    }
    for (clause, lits) in cnf.clauses.iter().enumerate() {
        if let Some(lit) = lits.iter().find(|lit| lit.var.0 >= cnf.num_vars) {
            return Err(TransformError::VarOutOfRange {
                clause,
                var: lit.var,
                num_vars: cnf.num_vars,
            });
        }
    }
    Ok(())
}

/// `base`, or `base_2`, `base_3`, … — the first not in `used`; only names already in
/// `used` are avoided, so a caller that knows `base` to be new may leave it out.
pub(super) fn fresh_name(used: &mut HashSet<String>, base: String) -> String {
    if !used.contains(&base) {
        return base;
    }
    let name = (2..)
        .map(|i| format!("{base}_{i}"))
        .find(|candidate| !used.contains(candidate))
        .expect("an unbounded range has an unused name");
    used.insert(name.clone());
    name
}
