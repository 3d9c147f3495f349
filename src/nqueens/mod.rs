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

/// True when no two of `queens` attack each other (O(q) with hash sets).
pub fn non_attacking(queens: &[Queen]) -> bool {
    let mut lines = rustc_hash::FxHashSet::default();
    queens.iter().all(|q| {
        lines.insert((0, q.col))
            & lines.insert((1, q.row))
            & lines.insert((2, q.sum()))
            & lines.insert((3, q.diff()))
    })
}

/// A sorted, duplicate-free copy of `queens`: the canonical form of a solution.
pub fn canonical(mut queens: Vec<Queen>) -> Vec<Queen> {
    queens.sort_unstable();
    queens.dedup();
    queens
}
