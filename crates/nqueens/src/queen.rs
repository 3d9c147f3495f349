//! A queen `(α, β)` in the paper's coordinates, and the canonical form of a set of
//! queens.

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

/// A sorted, duplicate-free copy of `queens`: the canonical form of a solution.
pub fn canonical(mut queens: Vec<Queen>) -> Vec<Queen> {
    queens.sort_unstable();
    queens.dedup();
    queens
}
