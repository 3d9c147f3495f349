//! n-Queens Completion from SAT: the parsimonious chain of Gent, Jefferson and
//! Nightingale, "Complexity of n-Queens Completion" (JAIR 2017; `papers/004_…`).
//!
//! Every stage is a typed reduction with a forward map (solution of its input → solution
//! of its output) and a backward map (the other way), following the paper's definitions
//! and constants:
//!
//! | stage | module | paper |
//! |---|---|---|
//! | CNF → Monotone 1-in-3-SAT | [`onein3`] | (ours, parsimonious; module doc) |
//! | Monotone → Restricted 1-in-3-SAT | [`onein3`] | Theorem 4 |
//! | Restricted 1-in-3-SAT → Problem 5 | [`problem5`] | Defs. 24–31, Lemmas 33–35 |
//! | Problem 5 → Problem 4 (Excluded Diagonals) | [`arrangement`] (the problem: [`excluded_diagonals`]) | Def. 20, Lemmas 21/22 |
//! | Problem 4 → Problem 3 | [`problem3`] | Def. 16, Lemmas 17/18 |
//! | Problem 3 → Problem 2 (n-Queens Completion) | [`completion`] | Def. 10, Lemmas 11/12 |
//!
//! [`chain`] composes them, [`solve`] decides and counts any stage (exact cover search,
//! [`search`], bitboards, [`bitboard`], or the SAT solver) over the placement models of
//! [`csp`], written in the line vocabulary of [`lines`];
//! [`check`] is the independent checker of completions, [`generate`] writes the paper's
//! random instances (§5), [`board`] converts to and from board JSON, and [`reduction`]
//! puts the chain behind the compiler's reduction interface.
//!
//! Coordinates follow the paper: a queen is `(α, β)` = (column, row), 0-based, row 0 at
//! the bottom. On a board file (1-based, row 1 at the top) queen `(α, β)` of an `n × n`
//! board stands on row `n − β`, column `α + 1`.

pub mod arrangement;
pub mod bitboard;
pub mod board;
pub mod chain;
pub mod check;
pub mod completion;
pub mod csp;
pub mod excluded_diagonals;
pub mod generate;
pub mod lines;
pub mod onein3;
pub mod problem3;
pub mod problem5;
mod queen;
pub mod reduction;
pub mod search;
pub mod solve;

pub(crate) use lines::LineSet;
pub use lines::non_attacking;
pub use queen::{Queen, canonical};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_sets_answer_membership_and_distinctness_in_both_forms() {
        // Dense values (a bitset) and values spread far apart (sorted), with and without
        // a repeat.
        for values in [
            vec![5, -3, 0, 9, 2],
            vec![-1_000_000_000, 7, 4_000_000_000, 12],
        ] {
            for repeat in [false, true] {
                let mut input = values.clone();
                if repeat {
                    input.push(values[1]);
                }
                let (set, distinct) = LineSet::new(input);
                assert_eq!(distinct, !repeat);
                for &v in &values {
                    assert!(set.contains(v));
                    assert!(!set.contains(v + 1) || values.contains(&(v + 1)));
                }
                assert!(!set.contains(i64::MIN) && !set.contains(i64::MAX));
            }
        }
        let (empty, distinct) = LineSet::new(Vec::new());
        assert!(distinct && !empty.contains(0));
    }

    #[test]
    fn non_attacking_finds_each_kind_of_attack() {
        let free = [
            Queen::new(0, 1),
            Queen::new(1, 3),
            Queen::new(2, 0),
            Queen::new(3, 2),
        ];
        assert!(non_attacking(&free));
        for other in [
            Queen::new(0, 7),   // column of (0, 1)
            Queen::new(9, 3),   // row of (1, 3)
            Queen::new(10, -8), // sum-diagonal of (2, 0)
            Queen::new(5, 4),   // difference-diagonal of (3, 2)
            Queen::new(1, 3),   // the same square twice
        ] {
            let mut queens = free.to_vec();
            queens.push(other);
            assert!(!non_attacking(&queens), "{other}");
        }
        assert!(non_attacking(&[
            Queen::new(0, 0),
            Queen::new(1_000_000_000, 2)
        ]));
    }
}
