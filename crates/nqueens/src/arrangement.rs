//! The reduction Problem 5 → Problem 4 (paper Def. 20, Lemmas 21/22): the gadgets are
//! laid out along one long sum-diagonal, gadget `a` at `(αₐ, βₐ) = (2n′a, 2n′(k−1−a))`,
//! and every sum-diagonal outside `[2n′(k−1), 2n′k)` is excluded.
//!
//! One deviation, documented: Def. 20 lists `D⁺ ⊇ {2n′k, …, 4n′k − 2}`, but a board of
//! side `n = n′(2k−1)` only has sum-diagonals up to `2n − 2 = 4n′k − 2n′ − 2`; the values
//! above are no diagonals at all (and Def. 16 would place their queens at negative
//! columns), so we keep `D⁺ ∩ {0, …, 2n − 2}`. Solutions are unchanged.

use super::Queen;
use super::excluded_diagonals::ExcludedDiagonals;
use super::problem5::Problem5;

/// Def. 20: Problem 5 → Problem 4, with the maps of Lemmas 21 and 22.
#[derive(Clone, Debug)]
pub struct Arrangement {
    pub instance: ExcludedDiagonals,
    /// `n′`, the largest gadget side.
    pub cell: i64,
    /// `(αₐ, βₐ)` per gadget.
    pub(crate) offsets: Vec<(i64, i64)>,
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
