//! Problem 4, the Excluded Diagonals Problem, and the reduction Problem 5 → Problem 4
//! (paper Def. 20, Lemmas 21/22): the gadgets are laid out along one long sum-diagonal,
//! gadget `a` at `(αₐ, βₐ) = (2n′a, 2n′(k−1−a))`, and every sum-diagonal outside
//! `[2n′(k−1), 2n′k)` is excluded.
//!
//! One deviation, documented: Def. 20 lists `D⁺ ⊇ {2n′k, …, 4n′k − 2}`, but a board of
//! side `n = n′(2k−1)` only has sum-diagonals up to `2n − 2 = 4n′k − 2n′ − 2`; the values
//! above are no diagonals at all (and Def. 16 would place their queens at negative
//! columns), so we keep `D⁺ ∩ {0, …, 2n − 2}`. Solutions are unchanged.

use super::problem5::Problem5;
use super::solve::{Engine, QueensCsp, Solutions, groups_by};
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

/// Sorts and deduplicates.
pub(crate) fn sorted_set(mut values: Vec<i64>) -> Vec<i64> {
    values.sort_unstable();
    values.dedup();
    values
}

pub(crate) fn contains(set: &[i64], value: i64) -> bool {
    set.binary_search(&value).is_ok()
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
    pub fn allows(&self, q: Queen) -> bool {
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

/// A kind of line through a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Line {
    Col,
    Row,
    Sum,
    Diff,
}

impl Line {
    pub(crate) fn of(self, q: Queen) -> i64 {
        match self {
            Line::Col => q.col,
            Line::Row => q.row,
            Line::Sum => q.sum(),
            Line::Diff => q.diff(),
        }
    }
}

/// The groups of `cells` on a common line of each kind. With `required > 0` each kind
/// must have exactly `required` lines (every one of them must be hit): missing lines are
/// added as empty groups, making the model unsatisfiable as it should be.
pub(crate) fn lines(cells: &[Queen], kinds: &[Line], required: usize) -> Vec<Vec<u32>> {
    let mut all = Vec::new();
    for &kind in kinds {
        let mut groups = groups_by(cells.iter().map(|&q| kind.of(q)));
        if required > 0 {
            groups.resize(groups.len().max(required), Vec::new());
        }
        all.extend(groups);
    }
    all
}

/// Def. 20: Problem 5 → Problem 4, with the maps of Lemmas 21 and 22.
#[derive(Clone, Debug)]
pub struct Arrangement {
    pub instance: ExcludedDiagonals,
    /// `n′`, the largest gadget side.
    pub cell: i64,
    /// `(αₐ, βₐ)` per gadget.
    pub offsets: Vec<(i64, i64)>,
}

impl Arrangement {
    pub fn new(problem5: &Problem5) -> Arrangement {
        let k = problem5.gadgets.len() as i64;
        let cell = problem5.gadgets.iter().map(|g| g.n).max().unwrap_or(1);
        let n = cell * (2 * k - 1).max(1);
        let offsets: Vec<(i64, i64)> = (0..k)
            .map(|a| (2 * cell * a, 2 * cell * (k - 1 - a)))
            .collect();
        let mut cols = Vec::new();
        let mut rows = Vec::new();
        let mut diff_excluded = Vec::new();
        for (gadget, &(alpha, beta)) in problem5.gadgets.iter().zip(&offsets) {
            cols.extend(gadget.cols.iter().map(|c| c + alpha));
            rows.extend(gadget.rows.iter().map(|r| r + beta));
            diff_excluded.extend(gadget.diff_excluded.iter().map(|d| d + alpha - beta));
        }
        let low = 0..2 * cell * (k - 1);
        let high = 2 * cell * k..=(4 * cell * k - 2).min(2 * n - 2);
        let sum_excluded = low.chain(high).collect();
        Arrangement {
            instance: ExcludedDiagonals::new(n, cols, rows, diff_excluded, sum_excluded),
            cell,
            offsets,
        }
    }

    /// Lemma 21: `S₄ = ⋃ₐ (S₄,ₐ + (αₐ, βₐ))`.
    pub fn forward(&self, solution: &[Vec<Queen>]) -> Vec<Queen> {
        let mut queens: Vec<Queen> = solution
            .iter()
            .zip(&self.offsets)
            .flat_map(|(queens, &(alpha, beta))| queens.iter().map(move |q| q.shifted(alpha, beta)))
            .collect();
        queens.sort_unstable();
        queens
    }

    /// Lemma 22: `S₄,ₐ` = the queens of `S₄` in gadget `a`'s `n′ × n′` cell, shifted back.
    pub fn backward(&self, queens: &[Queen]) -> Vec<Vec<Queen>> {
        self.offsets
            .iter()
            .map(|&(alpha, beta)| {
                let inside = |v: i64, lo: i64| (lo..lo + self.cell).contains(&v);
                let mut part: Vec<Queen> = queens
                    .iter()
                    .filter(|q| inside(q.col, alpha) && inside(q.row, beta))
                    .map(|q| q.shifted(-alpha, -beta))
                    .collect();
                part.sort_unstable();
                part
            })
            .collect()
    }
}
