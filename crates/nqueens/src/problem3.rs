//! Problem 3 (n-Queens Completion restricted to given columns and rows) and the reduction
//! Problem 4 → Problem 3 (paper Def. 16, Lemmas 17/18): each excluded difference-diagonal
//! `d` becomes a queen `(6n−3−d, 3n−1−2d)`, each excluded sum-diagonal a queen
//! `(2n−2−d, n+2d)`, and the board shifts right by `3n − 2`.
//!
//! A solution `S₃` always contains `P` (about `n/130` queens for CNF input), so it is
//! handled as the queens it adds, `S₃ ∖ P`, one per column of `C` (as n-Queens
//! completions are, [`super::completion::Embedding`]): the maps and checks then cost
//! `O(|C|)` per solution, or one pass over `P`, instead of copying and sorting `P`.

use rustc_hash::FxHashSet;

use super::csp::Solutions;
use super::excluded_diagonals::ExcludedDiagonals;
use super::lines::{Line, contains, sorted_set};
use super::solve::{Engine, QueensCsp};
use super::{LineSet, Queen, canonical, non_attacking};
use sat2chess_solve::sat::SatError;

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
        let distinct =
            |line: Line| LineSet::new(self.preplaced.iter().map(|&q| line.of(q)).collect()).1;
        self.cols.len() == self.rows.len()
            && self.cols.iter().all(on_board)
            && self.rows.iter().all(on_board)
            && self.preplaced.iter().all(|q| {
                on_board(&q.col)
                    && on_board(&q.row)
                    && !contains(&self.cols, q.col)
                    && !contains(&self.rows, q.row)
            })
            && distinct(Line::Col)
            && distinct(Line::Row)
    }

    /// Squares of `C × R` that no queen of `P` attacks diagonally.
    pub fn candidates(&self) -> Vec<Queen> {
        let lines =
            |line: Line| LineSet::new(self.preplaced.iter().map(|&q| line.of(q)).collect()).0;
        let (sums, diffs) = (lines(Line::Sum), lines(Line::Diff));
        self.cols
            .iter()
            .flat_map(|&col| self.rows.iter().map(move |&row| Queen::new(col, row)))
            .filter(|q| !sums.contains(q.sum()) && !diffs.contains(q.diff()))
            .collect()
    }

    /// True when `added ∪ P` solves the instance, `added` being `S₃ ∖ P`: `|C|` queens
    /// on `C × R`, and no two queens of `added ∪ P` attacking each other (one pass over
    /// `P` against the lines of `added`, and `P` on its own).
    pub fn is_solution(&self, added: &[Queen]) -> bool {
        let lines =
            |f: fn(Queen) -> i64| -> FxHashSet<i64> { added.iter().map(|&q| f(q)).collect() };
        let (cols, rows) = (lines(|q| q.col), lines(|q| q.row));
        let (sums, diffs) = (lines(Queen::sum), lines(Queen::diff));
        added.len() == self.cols.len()
            && added
                .iter()
                .all(|q| contains(&self.cols, q.col) && contains(&self.rows, q.row))
            && non_attacking(added)
            && !self.preplaced.iter().any(|p| {
                cols.contains(&p.col)
                    || rows.contains(&p.row)
                    || sums.contains(&p.sum())
                    || diffs.contains(&p.diff())
            })
            && non_attacking(&self.preplaced)
    }

    /// Up to `limit` solutions, each the sorted queens `S₃ ∖ P` it adds, and whether that
    /// is all of them.
    pub fn enumerate(&self, limit: usize) -> Result<Solutions<Vec<Queen>>, SatError> {
        if !non_attacking(&self.preplaced) {
            return Ok((Vec::new(), true));
        }
        let csp = QueensCsp {
            cells: self.candidates(),
            required: self.cols.len(),
        };
        let (added, complete) = csp.enumerate_queens_with(Engine::default(), limit)?;
        Ok((added.into_iter().map(canonical).collect(), complete))
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

    /// Lemma 17: `S₃ = (S₄ + (3n − 2, 0)) ∪ Q_{D⁻} ∪ Q_{D⁺}`, where `Q_{D⁻} ∪ Q_{D⁺}` is
    /// `P`; returned as the added queens `S₃ ∖ P = S₄ + (3n − 2, 0)`.
    pub fn forward(&self, queens: &[Queen]) -> Vec<Queen> {
        let shift = 3 * self.source_n - 2;
        canonical(queens.iter().map(|q| q.shifted(shift, 0)).collect())
    }

    /// Lemma 18: `S₄ = {(α − 3n + 2, β) | (α, β) ∈ S₃, β < n}`, from the added queens
    /// `S₃ ∖ P` (the queens of `P` stand on rows `≥ n`, so the filter is the same).
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
