//! Problem 4, the Excluded Diagonals Problem (paper Def. 19); the reduction into it from
//! Problem 5 is [`super::arrangement`].

use super::csp::Solutions;
use super::lines::{contains, sorted_set};
use super::solve::{Engine, QueensCsp};
use super::{Queen, non_attacking};
use sat2chess_solve::sat::SatError;

/// An instance `⟨n, C, R, D⁻, D⁺⟩` of Problem 4 (all sets sorted, duplicate-free).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExcludedDiagonals {
    pub n: i64,
    /// Columns that must each hold a queen; all others are forbidden.
    pub cols: Vec<i64>,
    /// Rows that must each hold a queen; all others are forbidden.
    pub rows: Vec<i64>,
    /// Excluded difference-diagonals `α − β`.
    pub diff_excluded: Vec<i64>,
    /// Excluded sum-diagonals `α + β`.
    pub sum_excluded: Vec<i64>,
}

impl ExcludedDiagonals {
    /// The instance with the given sets (sorted and deduplicated here).
    pub fn new(
        n: i64,
        cols: Vec<i64>,
        rows: Vec<i64>,
        diff_excluded: Vec<i64>,
        sum_excluded: Vec<i64>,
    ) -> ExcludedDiagonals {
        ExcludedDiagonals {
            n,
            cols: sorted_set(cols),
            rows: sorted_set(rows),
            diff_excluded: sorted_set(diff_excluded),
            sum_excluded: sorted_set(sum_excluded),
        }
    }

    /// The well-formedness conditions of Problem 4: `|C| = |R|`, every column and row on
    /// the board, `D⁻ ⊆ {−(n−1), …, n−1}`, `D⁺ ⊆ {0, …, 2n−2}`.
    pub fn is_well_formed(&self) -> bool {
        let on_board = |v: &i64| (0..self.n).contains(v);
        self.cols.len() == self.rows.len()
            && self.cols.iter().all(on_board)
            && self.rows.iter().all(on_board)
            && self.diff_excluded.iter().all(|d| d.abs() < self.n)
            && self
                .sum_excluded
                .iter()
                .all(|d| (0..=2 * self.n - 2).contains(d))
    }

    /// Squares of `C × R` on no excluded diagonal.
    pub fn candidates(&self) -> Vec<Queen> {
        self.cols
            .iter()
            .flat_map(|&col| self.rows.iter().map(move |&row| Queen::new(col, row)))
            .filter(|q| self.allows(*q))
            .collect()
    }

    /// True when `q` is in `C × R` and on no excluded diagonal.
    pub(crate) fn allows(&self, q: Queen) -> bool {
        contains(&self.cols, q.col)
            && contains(&self.rows, q.row)
            && !contains(&self.diff_excluded, q.diff())
            && !contains(&self.sum_excluded, q.sum())
    }

    /// True when `queens` solves the instance: `|C|` non-attacking queens on allowed squares.
    pub fn is_solution(&self, queens: &[Queen]) -> bool {
        queens.len() == self.cols.len()
            && queens.iter().all(|&q| self.allows(q))
            && non_attacking(queens)
    }

    /// The placement model over [`Self::candidates`].
    pub fn to_csp(&self) -> QueensCsp {
        QueensCsp {
            cells: self.candidates(),
            required: self.cols.len(),
        }
    }

    /// Up to `limit` solutions (each sorted) and whether that is all of them.
    pub fn enumerate(&self, limit: usize) -> Result<Solutions<Vec<Queen>>, SatError> {
        self.to_csp()
            .enumerate_queens_with(Engine::default(), limit)
    }
}
