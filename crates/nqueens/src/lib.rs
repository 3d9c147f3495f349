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
//! | Problem 5 → Problem 4 (Excluded Diagonals) | [`excluded_diagonals`] | Def. 20, Lemmas 21/22 |
//! | Problem 4 → Problem 3 | [`problem3`] | Def. 16, Lemmas 17/18 |
//! | Problem 3 → Problem 2 (n-Queens Completion) | [`completion`] | Def. 10, Lemmas 11/12 |
//!
//! [`chain`] composes them, [`solve`] decides and counts any stage (exact cover search,
//! [`search`], or the SAT solver),
//! [`check`] is the independent checker of completions, [`generate`] writes the paper's
//! random instances (§5) and [`board`] converts to and from board JSON.
//!
//! Coordinates follow the paper: a queen is `(α, β)` = (column, row), 0-based, row 0 at
//! the bottom. On a board file (1-based, row 1 at the top) queen `(α, β)` of an `n × n`
//! board stands on row `n − β`, column `α + 1`.

pub mod bitboard;
pub mod board;
pub mod chain;
pub mod check;
pub mod completion;
pub mod excluded_diagonals;
pub mod generate;
pub mod onein3;
pub mod problem3;
pub mod problem5;
pub mod reduction;
pub mod search;
pub mod solve;

/// A queen `(α, β)`: column `col` = α, row `row` = β (paper Def. 1, 0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Queen {
    pub col: i64,
    pub row: i64,
}

impl Queen {
    pub const fn new(col: i64, row: i64) -> Queen {
        Queen { col, row }
    }

    /// The sum-diagonal `α + β`.
    pub const fn sum(self) -> i64 {
        self.col + self.row
    }

    /// The difference-diagonal `α − β`.
    pub const fn diff(self) -> i64 {
        self.col - self.row
    }

    /// `‖q‖ = max(α, β)`: the queen fits on board size `n` iff `‖q‖ < n`.
    pub const fn norm(self) -> i64 {
        if self.col > self.row {
            self.col
        } else {
            self.row
        }
    }

    /// `q + (dc, dr)`.
    pub const fn shifted(self, dc: i64, dr: i64) -> Queen {
        Queen::new(self.col + dc, self.row + dr)
    }

    /// Same row, column, sum- or difference-diagonal (a queen does not attack itself).
    pub fn attacks(self, other: Queen) -> bool {
        self != other
            && (self.col == other.col
                || self.row == other.row
                || self.sum() == other.sum()
                || self.diff() == other.diff())
    }
}

impl std::fmt::Display for Queen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {})", self.col, self.row)
    }
}

/// True when no two of `queens` attack each other: their columns, rows, sum- and
/// difference-diagonals are each pairwise distinct ([`LineSet::new`], `O(q)` or
/// `O(q log q)`, no hashing of millions of values).
pub fn non_attacking(queens: &[Queen]) -> bool {
    use excluded_diagonals::Line;
    [Line::Col, Line::Row, Line::Sum, Line::Diff]
        .into_iter()
        .all(|line| LineSet::new(queens.iter().map(|&q| line.of(q)).collect()).1)
}

/// A set of lines of one kind (columns, rows, sum- or difference-diagonals): a bitset
/// over their range when it is at most 128 times their number (the usual case: the
/// queens of a board spread over its lines; 16 bytes a value), else the sorted values.
#[derive(Clone, Debug, Default)]
pub(crate) struct LineSet {
    min: i64,
    bits: Vec<u64>,
    sorted: Vec<i64>,
}

impl LineSet {
    /// The set of `values`, and whether they are pairwise distinct.
    pub(crate) fn new(mut values: Vec<i64>) -> (LineSet, bool) {
        let (Some(&min), Some(&max)) = (values.iter().min(), values.iter().max()) else {
            return (LineSet::default(), true);
        };
        let span = max as i128 - min as i128 + 1;
        if span <= 128 * values.len() as i128 {
            let mut bits = vec![0u64; (span as usize).div_ceil(64)];
            let mut distinct = true;
            for v in values {
                let i = (v - min) as usize;
                distinct &= bits[i / 64] >> (i % 64) & 1 == 0;
                bits[i / 64] |= 1 << (i % 64);
            }
            let set = LineSet {
                min,
                bits,
                sorted: Vec::new(),
            };
            (set, distinct)
        } else {
            values.sort_unstable();
            let distinct = values.windows(2).all(|w| w[0] != w[1]);
            values.dedup();
            let set = LineSet {
                min,
                bits: Vec::new(),
                sorted: values,
            };
            (set, distinct)
        }
    }

    /// True when line `value` is in the set.
    pub(crate) fn contains(&self, value: i64) -> bool {
        if self.bits.is_empty() {
            return self.sorted.binary_search(&value).is_ok();
        }
        let Ok(i) = usize::try_from(value as i128 - self.min as i128) else {
            return false;
        };
        self.bits
            .get(i / 64)
            .is_some_and(|w| w >> (i % 64) & 1 == 1)
    }
}

/// A sorted, duplicate-free copy of `queens`: the canonical form of a solution.
pub fn canonical(mut queens: Vec<Queen>) -> Vec<Queen> {
    queens.sort_unstable();
    queens.dedup();
    queens
}

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
