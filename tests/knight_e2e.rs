//! End-to-end property test of the Knight reduction (issue 10, "How it is shown"): random
//! CNFs go through the whole pipeline (`common/cnf.rs`); a satisfiable one gets a
//! certificate (thesis Theorem 6.13, "SAT ⇒ solvable") that the checker accepts and that
//! decodes back ("solvable ⇒ SAT") to a model of the CNF; an unsatisfiable one is
//! reported as such.

use crate::common::cnf::certify_check_and_decode;

/// Cases of the property test (in two halves that run in parallel), and the seed that
/// makes them reproducible.
const CASES: usize = 300;
const SEED: u64 = 0x6b83_d5f6;
/// At most 3 variables and 5 clauses: Knight boards are larger than King boards of
/// the same formula (tile sides 24–152 against 7–37), and the test should take seconds.
const SIZE: (u32, usize) = (3, 5);

#[test]
fn random_cnfs_certify_check_and_decode_first_half() {
    certify_check_and_decode("knight", SEED, CASES / 2, SIZE);
}

#[test]
fn random_cnfs_certify_check_and_decode_second_half() {
    certify_check_and_decode("knight", SEED + 1, CASES - CASES / 2, SIZE);
}
