//! End-to-end property test of the King reduction (issue 5, "How it is shown"): random
//! CNFs go through the whole pipeline (`common/cnf.rs`); a satisfiable one gets a
//! certificate (thesis Theorem 5.15, "SAT ⇒ solvable") that the checker accepts and that
//! decodes back ("solvable ⇒ SAT") to a model of the CNF; an unsatisfiable one is
//! reported as such.

use crate::common::cnf::certify_check_and_decode;

/// Cases of the property test (in two halves that run in parallel), and the seed that
/// makes them reproducible.
const CASES: usize = 300;
const SEED: u64 = 0x5a72_c4e5;
/// At most 6 variables and 12 clauses.
const SIZE: (u32, usize) = (6, 12);

#[test]
fn random_cnfs_certify_check_and_decode_first_half() {
    certify_check_and_decode("king", SEED, CASES / 2, SIZE);
}

#[test]
fn random_cnfs_certify_check_and_decode_second_half() {
    certify_check_and_decode("king", SEED + 1, CASES - CASES / 2, SIZE);
}

/// Larger random CNFs, most of them laid out two-sided (variables on both sides of the
/// conjunction spine, mixed clauses crossing it): the same end-to-end check.
const LARGER: (u32, usize) = (12, 40);
const LARGER_CASES: usize = 40;

#[test]
fn larger_random_cnfs_certify_check_and_decode() {
    certify_check_and_decode("king", SEED + 2, LARGER_CASES, LARGER);
}

/// How many of `cases` random CNFs from `seed` get a two-sided layout.
fn two_sided_cases(seed: u64, cases: usize, (max_vars, max_clauses): (u32, usize)) -> usize {
    use sat2chess::front::FormulaFormat;
    use sat2chess::layout::order::Ordering;
    use sat2chess::layout::{VariablePlacement, layout_with};
    use sat2chess::transform::Chain;
    let mut rng = fastrand::Rng::with_seed(seed);
    (0..cases)
        .filter(|_| {
            let (vars, clauses) = crate::common::cnf::random_cnf(&mut rng, max_vars, max_clauses);
            let text = crate::common::cnf::dimacs(vars, &clauses);
            let chain = Chain::from_input(
                &FormulaFormat::Dimacs.parse(&text).unwrap(),
                &sat2chess::layout::BandOrder,
            )
            .unwrap();
            let layout =
                |placement| layout_with(chain.formula(), Ordering::Optimised, placement).unwrap();
            layout(VariablePlacement::TwoSided) != layout(VariablePlacement::LowerTrack)
        })
        .count()
}

/// The end-to-end cases cover two-sided layouts.
#[test]
fn the_cases_include_two_sided_layouts() {
    let small =
        two_sided_cases(SEED, CASES / 2, SIZE) + two_sided_cases(SEED + 1, CASES - CASES / 2, SIZE);
    let larger = two_sided_cases(SEED + 2, LARGER_CASES, LARGER);
    eprintln!("two-sided: {small} of {CASES} small cases, {larger} of {LARGER_CASES} larger ones");
    assert!(small > 0 && larger >= LARGER_CASES / 4, "{small}, {larger}");
}
