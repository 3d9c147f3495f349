//! End-to-end property test of the King reduction (issue 5, "How it is shown"): random
//! CNFs go through the whole pipeline (`common/cnf.rs`); a satisfiable one gets a
//! certificate (thesis Theorem 5.15, "SAT ⇒ solvable") that the checker accepts and that
//! decodes back ("solvable ⇒ SAT") to a model of the CNF; an unsatisfiable one is
//! reported as such.

mod common {
    pub mod cnf;
    pub mod reduction;
}

use common::cnf::certify_check_and_decode;
use sat2chess::back::king::King;

/// Cases of the property test (in two halves that run in parallel), and the seed that
/// makes them reproducible.
const CASES: usize = 300;
const SEED: u64 = 0x5a72_c4e5;
/// At most 6 variables and 12 clauses.
const SIZE: (u32, usize) = (6, 12);

#[test]
fn random_cnfs_certify_check_and_decode_first_half() {
    certify_check_and_decode(King, SEED, CASES / 2, SIZE);
}

#[test]
fn random_cnfs_certify_check_and_decode_second_half() {
    certify_check_and_decode(King, SEED + 1, CASES - CASES / 2, SIZE);
}
