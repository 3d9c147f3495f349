//! Problem 2, n-Queens Completion, and the reduction Problem 3 → Problem 2 (paper Def. 10,
//! Lemmas 11/12): the Problem 3 instance sits at `(0, 0)` of a `19n′`-board tiled with
//! copies of the modular solutions `A_{n′}`, `B_{n′}` (Lemma 7) placed by the 19-queens
//! solution `Q₁₉` (Def. 5, Observation 6); queens `Q_C`, `Q_R` in one extra column block
//! and row block close the rows and columns the instance must not use.

use rustc_hash::FxHashSet;

use super::excluded_diagonals::{Line, lines};
use super::problem3::Problem3;
use super::solve::{PlacementCsp, Solutions};
use super::{Queen, canonical, non_attacking};
use crate::sat::SatError;

/// `Q₁₉` of Def. 5.
pub const Q19: [(i64, i64); 19] = [
    (0, 8),
    (1, 12),
    (2, 17),
    (3, 7),
    (4, 10),
    (5, 15),
    (6, 1),
    (7, 16),
    (8, 13),
    (9, 2),
    (10, 6),
    (11, 18),
    (12, 3),
    (13, 5),
    (14, 11),
    (15, 9),
    (16, 14),
    (17, 0),
    (18, 4),
];

/// `A_n = {(i, 2i mod n)}` (Def. 5).
pub fn a_n(n: i64) -> impl Iterator<Item = Queen> {
    (0..n).map(move |i| Queen::new(i, (2 * i) % n))
}

/// `B_n = {(2i mod n, i)}` (Def. 5).
pub fn b_n(n: i64) -> impl Iterator<Item = Queen> {
    (0..n).map(move |i| Queen::new((2 * i) % n, i))
}

/// An instance `⟨n, P⟩` of n-Queens Completion (`P` sorted).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    pub n: i64,
    pub preplaced: Vec<Queen>,
}

impl Completion {
    /// Problem 2's condition: `P` on the board, no two queens on a row or column.
    pub fn is_well_formed(&self) -> bool {
        let mut cols = FxHashSet::default();
        let mut rows = FxHashSet::default();
        self.preplaced.iter().all(|q| {
            (0..self.n).contains(&q.col)
                && (0..self.n).contains(&q.row)
                && cols.insert(q.col)
                && rows.insert(q.row)
        })
    }

    /// The empty squares no queen of `P` attacks: free columns × free rows off the
    /// diagonals of `P`. O(n + |P| + free²); never the whole board.
    pub fn candidates(&self) -> Vec<Queen> {
        let used_cols: FxHashSet<i64> = self.preplaced.iter().map(|q| q.col).collect();
        let used_rows: FxHashSet<i64> = self.preplaced.iter().map(|q| q.row).collect();
        let sums: FxHashSet<i64> = self.preplaced.iter().map(|q| q.sum()).collect();
        let diffs: FxHashSet<i64> = self.preplaced.iter().map(|q| q.diff()).collect();
        let free_cols: Vec<i64> = (0..self.n).filter(|c| !used_cols.contains(c)).collect();
        let free_rows: Vec<i64> = (0..self.n).filter(|r| !used_rows.contains(r)).collect();
        free_cols
            .iter()
            .flat_map(|&col| free_rows.iter().map(move |&row| Queen::new(col, row)))
            .filter(|q| !sums.contains(&q.sum()) && !diffs.contains(&q.diff()))
            .collect()
    }

    /// The number of queens a completion adds.
    pub fn missing(&self) -> usize {
        self.n as usize - self.preplaced.len()
    }

    /// The SAT model (exactly one queen per free row and column, at most one per
    /// diagonal) over [`Self::candidates`]; `None` when two queens of `P` attack each
    /// other diagonally (then there is no completion).
    pub fn to_csp(&self) -> Option<(PlacementCsp, Vec<Queen>)> {
        if !non_attacking(&self.preplaced) {
            return None;
        }
        let cells = self.candidates();
        let csp = PlacementCsp {
            cells: cells.len(),
            exactly_one: lines(&cells, &[Line::Col, Line::Row], self.missing()),
            at_most_one: lines(&cells, &[Line::Sum, Line::Diff], 0),
        };
        Some((csp, cells))
    }

    /// Up to `limit` completions — each the sorted list of added queens, `S₂ ∖ P` — and
    /// whether that is all of them.
    pub fn enumerate(&self, limit: usize) -> Result<Solutions<Vec<Queen>>, SatError> {
        let Some((csp, cells)) = self.to_csp() else {
            return Ok((Vec::new(), true));
        };
        csp.enumerate_cells(&cells, limit)
    }
}

/// Def. 10: Problem 3 → Problem 2, with the maps of Lemmas 11 and 12. Completions are
/// handled as the added queens `S₂ ∖ P₂` (the certificate); `S₂` is their union with `P₂`.
#[derive(Clone, Debug)]
pub struct Embedding {
    pub instance: Completion,
    /// The Problem 3 instance's side `n₃` and pre-placed queens `P₃`.
    source_n: i64,
    source_preplaced: Vec<Queen>,
    /// `n′` (0 when `P₃` attacks itself and the instance is passed through unchanged).
    pub block: i64,
}

/// `n′` of Def. 10 step 1: `2n₃ + 1` if `n₃ ≡ 2 (mod 3)`, else `2n₃ − 1` (so `n′ ≡ 1` or
/// `5 (mod 6)` and Lemma 7 applies).
pub fn block_side(n3: i64) -> i64 {
    if n3 % 3 == 2 { 2 * n3 + 1 } else { 2 * n3 - 1 }
}

impl Embedding {
    pub fn new(problem3: &Problem3) -> Embedding {
        let n3 = problem3.n;
        let passthrough = |block| Embedding {
            instance: Completion {
                n: n3,
                preplaced: canonical(problem3.preplaced.clone()),
            },
            source_n: n3,
            source_preplaced: canonical(problem3.preplaced.clone()),
            block,
        };
        if !non_attacking(&problem3.preplaced) {
            return passthrough(0);
        }
        let block = block_side(n3);
        // Step 3: C′, R′.
        let mut c_prime: Vec<i64> = problem3.cols.clone();
        c_prime.extend(problem3.preplaced.iter().map(|q| q.col));
        c_prime.sort_unstable();
        let mut r_prime: Vec<i64> = problem3.rows.clone();
        r_prime.extend(problem3.preplaced.iter().map(|q| q.row));
        r_prime.sort_unstable();
        let c_set: FxHashSet<i64> = c_prime.iter().copied().collect();
        let r_set: FxHashSet<i64> = r_prime.iter().copied().collect();
        // Step 2: Q₂ = A_{n′} + n′(Q₁₉ ∖ {(17, 0)}) ∪ B_{n′} + n′(17, 0); step 3 filters it.
        let mut preplaced: Vec<Queen> = Vec::with_capacity(19 * block as usize);
        for &(x, y) in &Q19 {
            let copy: Box<dyn Iterator<Item = Queen>> = if (x, y) == (17, 0) {
                Box::new(b_n(block))
            } else {
                Box::new(a_n(block))
            };
            preplaced.extend(
                copy.map(|q| q.shifted(block * x, block * y))
                    .filter(|q| !c_set.contains(&q.col) && !r_set.contains(&q.row)),
            );
        }
        // Step 4: Q_C = {(i, 2αᵢ)}, Q_R = {(2βᵢ, i)}; step 5 places them.
        preplaced.extend(
            c_prime
                .iter()
                .enumerate()
                .map(|(i, &alpha)| Queen::new(i as i64 + 19 * block, 2 * alpha + 8 * block)),
        );
        preplaced.extend(
            r_prime
                .iter()
                .enumerate()
                .map(|(i, &beta)| Queen::new(2 * beta + 17 * block, i as i64 + 19 * block)),
        );
        preplaced.extend(problem3.preplaced.iter().copied());
        Embedding {
            instance: Completion {
                n: 19 * block + c_prime.len() as i64,
                preplaced: canonical(preplaced),
            },
            source_n: n3,
            source_preplaced: canonical(problem3.preplaced.clone()),
            block,
        }
    }

    /// Lemma 12: `S₂ = S₃ ∪ P₂`; returned as the added queens `S₃ ∖ P₃`.
    pub fn forward(&self, queens: &[Queen]) -> Vec<Queen> {
        let preplaced: FxHashSet<Queen> = self.source_preplaced.iter().copied().collect();
        canonical(
            queens
                .iter()
                .filter(|q| !preplaced.contains(q))
                .copied()
                .collect(),
        )
    }

    /// Lemma 11: `S₃ = {q ∈ S₂ | ‖q‖ < n₃}`, from the added queens `S₂ ∖ P₂`.
    pub fn backward(&self, added: &[Queen]) -> Vec<Queen> {
        let inside = added.iter().filter(|q| q.norm() < self.source_n);
        canonical(
            self.source_preplaced
                .iter()
                .chain(inside)
                .copied()
                .collect(),
        )
    }
}
