//! Sided var-linked planar monotone 3-SAT with at most two occurrences per literal, with
//! a rectilinear layout (Brunner et al. §3.2 and Lemma B.1; de Berg–Khosravi 2010;
//! Knuth–Raghunathan 1992): the source problem of the unlimited-captures reductions of
//! Theorems 3.9–3.11.
//!
//! The variables lie on a horizontal line in index order (variable `i` at position `i`).
//! Every clause is *monotone*: all its literals are positive ([`Side::Positive`], drawn
//! above the line) or all negative ([`Side::Negative`], below). A clause is drawn as a
//! horizontal bar at distance [`MonotoneClause::level`] from the line, spanning its
//! leftmost to its rightmost variable, with one vertical leg down (up) to each of its
//! variables. Where several legs meet one variable they attach at distinct points of the
//! variable's segment, ordered so that nothing crosses. [`PlanarMonotone::validate`]
//! states the conditions under which such a drawing exists without crossings.
//!
//! The type is the front end's (a `.pm3` file is an input like a CNF); the chain from a
//! CNF to it is [`crate::transform::planar_monotone`].

mod text;

pub use text::{MAX_PM3_CLAUSES, MAX_PM3_VARIABLES, Pm3Error};

use thiserror::Error;

use sat2chess_core::formula::{Assignment, Cnf, Lit, Var};

/// The side of the variable line a clause is drawn on; it fixes the sign of all the
/// clause's literals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Above the line: every literal positive.
    Positive,
    /// Below the line: every literal negative.
    Negative,
}

/// One monotone clause of at most three variables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MonotoneClause {
    /// Positive or negative: the sign of every literal and the side it is drawn on.
    pub side: Side,
    /// One to three variables, strictly increasing.
    pub vars: Vec<Var>,
    /// The distance (≥ 1) of the clause's bar from the variable line.
    pub level: u32,
}

impl MonotoneClause {
    /// The leftmost and rightmost variable index.
    pub fn span(&self) -> (u32, u32) {
        (self.vars[0].0, self.vars[self.vars.len() - 1].0)
    }

    /// Whether `assignment` satisfies the clause.
    pub fn is_satisfied_by(&self, assignment: &Assignment) -> bool {
        let wanted = self.side == Side::Positive;
        self.vars.iter().any(|&v| assignment.value(v) == wanted)
    }
}

/// A sided var-linked planar monotone 3-SAT instance with its rectilinear layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlanarMonotone {
    /// The number of variables, `Var(0) … Var(num_vars − 1)`, in line order.
    pub num_vars: u32,
    /// The clauses.
    pub clauses: Vec<MonotoneClause>,
}

/// Why a [`PlanarMonotone`] instance is not a valid one (clause indices 0-based).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlanarMonotoneError {
    #[error("clause {clause} has {len} variables (expected 1 to 3)")]
    ClauseLength { clause: usize, len: usize },
    #[error("clause {clause}: variables must be strictly increasing and below {num_vars}")]
    ClauseVariables { clause: usize, num_vars: u32 },
    #[error("clause {clause} has level 0 (expected at least 1)")]
    LevelZero { clause: usize },
    #[error("variable {var} occurs {count} times {side} (at most 2 per literal)")]
    Occurrences {
        var: u32,
        count: usize,
        side: &'static str,
    },
    #[error("clauses {first} and {second} cross in the layout")]
    Crossing { first: usize, second: usize },
}

impl PlanarMonotone {
    /// The instance as a CNF over the same variables (positive clauses as positive
    /// literals, negative ones negated), e.g. for a SAT solver.
    pub fn to_cnf(&self) -> Cnf {
        let clauses = self.clauses.iter().map(|c| {
            let positive = c.side == Side::Positive;
            c.vars.iter().map(|&v| Lit::new(v, positive)).collect()
        });
        Cnf::new(self.num_vars, clauses.collect())
    }

    /// Whether `assignment` (one value per variable) satisfies every clause.
    pub fn is_satisfied_by(&self, assignment: &Assignment) -> bool {
        self.clauses.iter().all(|c| c.is_satisfied_by(assignment))
    }

    /// Checks the instance and its layout:
    /// - every clause has 1–3 strictly increasing variables and a level ≥ 1;
    /// - every literal occurs at most twice;
    /// - for two clauses on the same side whose spans overlap in more than one shared
    ///   endpoint, the one with the lower level lies inside one *gap* of the other (the
    ///   closed interval between two consecutive variables of the other), so its bar
    ///   passes below the other's bar and between two of its legs. Spans that only touch
    ///   at a shared end variable never cross (the legs attach side by side).
    pub fn validate(&self) -> Result<(), PlanarMonotoneError> {
        let n = self.num_vars;
        let mut counts = vec![[0usize; 2]; n as usize];
        for (i, c) in self.clauses.iter().enumerate() {
            if c.vars.is_empty() || c.vars.len() > 3 {
                return Err(PlanarMonotoneError::ClauseLength {
                    clause: i,
                    len: c.vars.len(),
                });
            }
            let increasing = c.vars.windows(2).all(|w| w[0].0 < w[1].0);
            if !increasing || c.vars.iter().any(|v| v.0 >= n) {
                return Err(PlanarMonotoneError::ClauseVariables {
                    clause: i,
                    num_vars: n,
                });
            }
            if c.level == 0 {
                return Err(PlanarMonotoneError::LevelZero { clause: i });
            }
            let side = usize::from(c.side == Side::Negative);
            for v in &c.vars {
                counts[v.index()][side] += 1;
            }
        }
        for (var, count) in counts.iter().enumerate() {
            for (side, name) in [(0, "positively"), (1, "negatively")] {
                if count[side] > 2 {
                    return Err(PlanarMonotoneError::Occurrences {
                        var: var as u32,
                        count: count[side],
                        side: name,
                    });
                }
            }
        }
        for (i, a) in self.clauses.iter().enumerate() {
            for (j, b) in self.clauses.iter().enumerate().skip(i + 1) {
                if a.side == b.side && crosses(a, b) {
                    return Err(PlanarMonotoneError::Crossing {
                        first: i,
                        second: j,
                    });
                }
            }
        }
        Ok(())
    }
}

/// Whether two clauses on the same side cross in the rectilinear drawing.
pub(crate) fn crosses(a: &MonotoneClause, b: &MonotoneClause) -> bool {
    let ((a0, a1), (b0, b1)) = (a.span(), b.span());
    if a1 < b0 || b1 < a0 || a1 == b0 || b1 == a0 {
        return false;
    }
    let (low, high) = match a.level.cmp(&b.level) {
        std::cmp::Ordering::Less => (a, b),
        std::cmp::Ordering::Greater => (b, a),
        std::cmp::Ordering::Equal => return true,
    };
    let (l0, l1) = low.span();
    !high
        .vars
        .windows(2)
        .any(|gap| gap[0].0 <= l0 && l1 <= gap[1].0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clause(side: Side, vars: &[u32], level: u32) -> MonotoneClause {
        MonotoneClause {
            side,
            vars: vars.iter().map(|&v| Var(v)).collect(),
            level,
        }
    }

    #[test]
    fn nested_clauses_inside_a_gap_are_planar_and_straddling_ones_are_not() {
        let outer = clause(Side::Positive, &[0, 2, 4], 2);
        let inside = clause(Side::Positive, &[2, 3], 1);
        let straddling = clause(Side::Positive, &[1, 3], 1);
        let below = clause(Side::Negative, &[1, 3], 1);
        let ok = PlanarMonotone {
            num_vars: 5,
            clauses: vec![outer.clone(), inside, below],
        };
        assert_eq!(ok.validate(), Ok(()));
        let bad = PlanarMonotone {
            num_vars: 5,
            clauses: vec![outer, straddling],
        };
        assert_eq!(
            bad.validate(),
            Err(PlanarMonotoneError::Crossing {
                first: 0,
                second: 1
            })
        );
    }

    #[test]
    fn a_literal_occurring_three_times_is_refused() {
        let pm = PlanarMonotone {
            num_vars: 2,
            clauses: vec![
                clause(Side::Negative, &[0], 1),
                clause(Side::Negative, &[0, 1], 2),
                clause(Side::Negative, &[0], 3),
            ],
        };
        assert!(matches!(
            pm.validate(),
            Err(PlanarMonotoneError::Occurrences {
                var: 0,
                count: 3,
                ..
            })
        ));
    }

    #[test]
    fn satisfaction_follows_the_side() {
        let pm = PlanarMonotone {
            num_vars: 2,
            clauses: vec![
                clause(Side::Positive, &[0, 1], 1),
                clause(Side::Negative, &[0, 1], 1),
            ],
        };
        assert!(pm.is_satisfied_by(&Assignment(vec![true, false])));
        assert!(!pm.is_satisfied_by(&Assignment(vec![true, true])));
    }
}
