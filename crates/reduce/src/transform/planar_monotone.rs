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
//! The instance type and its `.pm3` text live in [`crate::front::pm3`]; this module is
//! the chain from a CNF to it, each step with forward and backward maps.

mod chain;
mod crossover;
mod levels;
mod occurrences;
mod planarize;

pub use crate::front::pm3::{
    MAX_PM3_CLAUSES, MAX_PM3_VARIABLES, MonotoneClause, PlanarMonotone, PlanarMonotoneError,
    Pm3Error, Side,
};
pub use chain::{ToPlanarMonotone, planar_monotone_size, to_planar_monotone};
pub use planarize::MAX_PLANAR_OCCURRENCES;

#[cfg(test)]
mod tests {
    use super::*;
    use sat2chess_core::formula::{Cnf, Lit};

    #[test]
    fn a_transformed_formula_survives_the_round_trip() {
        let cnf = Cnf::new(
            3,
            vec![
                vec![Lit::pos(0), Lit::neg(2), Lit::pos(1)],
                vec![Lit::neg(0), Lit::pos(2)],
            ],
        );
        let pm = to_planar_monotone(&cnf).unwrap().output;
        let text = pm.to_pm3(&["from a test".into()]);
        assert_eq!(PlanarMonotone::parse_pm3(&text), Ok(pm));
    }
}
