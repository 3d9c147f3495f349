//! The check of a solver's answer on a compiled board against the formula's SAT
//! verdict, shared by the exact-solver tests of the backends.

use sat2chess::board::Board;
use sat2chess::check::check_sequence;
use sat2chess::rules::Variant;
use sat2chess::solve::{SolveReport, Verdict};

/// Asserts that `report` (on `board`) agrees with `satisfiable` — a solvable board comes
/// with a sequence the checker accepts, an unsolvable one belongs to an unsatisfiable
/// formula, and no limit was reached; `what` names the board in failures.
pub fn assert_agrees_with_sat(board: &Board, report: &SolveReport, satisfiable: bool, what: &str) {
    match &report.verdict {
        Verdict::Solvable(moves) => {
            assert!(satisfiable, "{what}: board solvable, formula unsatisfiable");
            let check = check_sequence(board, moves, Variant::Standard);
            assert!(check.is_solution(), "{what}: {check}");
        }
        Verdict::Unsolvable => assert!(!satisfiable, "{what}: formula satisfiable"),
        Verdict::Unknown => panic!("{what}: limit reached ({:?})", report.stats),
    }
}
