//! Problem 3 (n-Queens Completion restricted to given columns and rows) and the reduction
//! Problem 4 → Problem 3 (paper Def. 16, Lemmas 17/18): each excluded difference-diagonal
//! `d` becomes a queen `(6n−3−d, 3n−1−2d)`, each excluded sum-diagonal a queen
//! `(2n−2−d, n+2d)`, and the board shifts right by `3n − 2`.

use rustc_hash::FxHashSet;

use super::excluded_diagonals::{ExcludedDiagonals, contains, sorted_set};
use super::solve::{Engine, QueensCsp, Solutions};
use super::{Queen, canonical, non_attacking};
use crate::sat::SatError;

/// An instance `⟨n, P, C, R⟩` of Problem 3 (`C`, `R` sorted).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem3 {
    pub n: i64,
    pub preplaced: Vec<Queen>,
    pub cols: Vec<i64>,
    pub rows: Vec<i64>,
}

impl Problem3 {
    /// Problem 3's conditions: `P` on the board on distinct rows and columns, `|C| = |R|`,
    /// no queen of `P` in a column of `C` or a row of `R`.
    pub fn is_well_formed(&self) -> bool {
        let on_board = |v: &i64| (0..self.n).contains(v);
        let mut cols = FxHashSet::default();
        let mut rows = FxHashSet::default();
        self.cols.len() == self.rows.len()
            && self.cols.iter().all(on_board)
            && self.rows.iter().all(on_board)
            && self.preplaced.iter().all(|q| {
                on_board(&q.col)
                    && on_board(&q.row)
                    && cols.insert(q.col)
                    && rows.insert(q.row)
                    && !contains(&self.cols, q.col)
                    && !contains(&self.rows, q.row)
            })
    }

    /// Squares of `C × R` that no queen of `P` attacks diagonally.
    pub fn candidates(&self) -> Vec<Queen> {
        let sums: FxHashSet<i64> = self.preplaced.iter().map(|q| q.sum()).collect();
        let diffs: FxHashSet<i64> = self.preplaced.iter().map(|q| q.diff()).collect();
        self.cols
            .iter()
            .flat_map(|&col| self.rows.iter().map(move |&row| Queen::new(col, row)))
            .filter(|q| !sums.contains(&q.sum()) && !diffs.contains(&q.diff()))
            .collect()
    }

    /// True when `queens` (all of `S₃`, `P` included) solves the instance.
    pub fn is_solution(&self, queens: &[Queen]) -> bool {
        let set: FxHashSet<Queen> = queens.iter().copied().collect();
        let preplaced: FxHashSet<Queen> = self.preplaced.iter().copied().collect();
        queens.len() == self.cols.len() + self.preplaced.len()
            && set.len() == queens.len()
            && self.preplaced.iter().all(|q| set.contains(q))
            && queens.iter().all(|q| {
                preplaced.contains(q)
                    || (contains(&self.cols, q.col) && contains(&self.rows, q.row))
            })
            && non_attacking(queens)
    }

    /// Up to `limit` solutions (each sorted, `P` included) and whether that is all.
    pub fn enumerate(&self, limit: usize) -> Result<Solutions<Vec<Queen>>, SatError> {
        if !non_attacking(&self.preplaced) {
            return Ok((Vec::new(), true));
        }
        let csp = QueensCsp {
            cells: self.candidates(),
            required: self.cols.len(),
        };
        let (added, complete) = csp.enumerate_queens_with(Engine::default(), limit)?;
        let solutions = added
            .into_iter()
            .map(|added| canonical(self.preplaced.iter().copied().chain(added).collect()))
            .collect();
        Ok((solutions, complete))
    }
}

/// Def. 16: Problem 4 → Problem 3, with the maps of Lemmas 17 and 18.
#[derive(Clone, Debug)]
pub struct DiagonalBlocking {
    pub instance: Problem3,
    /// The side `n` of the Problem 4 instance.
    source_n: i64,
}

impl DiagonalBlocking {
    pub fn new(problem4: &ExcludedDiagonals) -> DiagonalBlocking {
        let n = problem4.n;
        let diff_queens = problem4
            .diff_excluded
            .iter()
            .map(|&d| Queen::new(6 * n - 3 - d, 3 * n - 1 - 2 * d));
        let sum_queens = problem4
            .sum_excluded
            .iter()
            .map(|&d| Queen::new(2 * n - 2 - d, n + 2 * d));
        DiagonalBlocking {
            instance: Problem3 {
                n: 7 * n - 3,
                preplaced: canonical(diff_queens.chain(sum_queens).collect()),
                cols: sorted_set(problem4.cols.iter().map(|c| c + 3 * n - 2).collect()),
                rows: problem4.rows.clone(),
            },
            source_n: n,
        }
    }

    /// Lemma 17: `S₃ = (S₄ + (3n − 2, 0)) ∪ Q_{D⁻} ∪ Q_{D⁺}`.
    pub fn forward(&self, queens: &[Queen]) -> Vec<Queen> {
        let shift = 3 * self.source_n - 2;
        let moved = queens.iter().map(|q| q.shifted(shift, 0));
        canonical(
            moved
                .chain(self.instance.preplaced.iter().copied())
                .collect(),
        )
    }

    /// Lemma 18: `S₄ = {(α − 3n + 2, β) | (α, β) ∈ S₃, β < n}`.
    pub fn backward(&self, queens: &[Queen]) -> Vec<Queen> {
        let shift = 3 * self.source_n - 2;
        canonical(
            queens
                .iter()
                .filter(|q| q.row < self.source_n)
                .map(|q| q.shifted(-shift, 0))
                .collect(),
        )
    }
}
