//! Problem 2, n-Queens Completion, and the reduction Problem 3 → Problem 2 (paper Def. 10,
//! Lemmas 11/12): the Problem 3 instance sits at `(0, 0)` of a `19n′`-board tiled with
//! copies of the modular solutions `A_{n′}`, `B_{n′}` (Lemma 7) placed by the 19-queens
//! solution `Q₁₉` (Def. 5, Observation 6); queens `Q_C`, `Q_R` in one extra column block
//! and row block close the rows and columns the instance must not use.

use std::sync::OnceLock;

use rustc_hash::FxHashSet;

use super::csp::{EnumerationLimit, Solutions};
use super::lines::{Line, contains, sorted_set};
use super::problem3::Problem3;
use super::solve::{Engine, QueensCsp};
use super::{LineSet, Queen, canonical, non_attacking};
use sat2chess_solve::sat::SatError;

/// `Q₁₉` of Def. 5.
pub(crate) const Q19: [(i64, i64); 19] = [
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

/// For each kind of line (column `x`, row `y`, sum `x + y`, difference `x − y + 18`),
/// the index in [`Q19`] of the queen on line `k` (or [`NO_COPY`]); `Q₁₉` holds at most one
/// queen per line, so Def. 10's block copy of a line is found in `O(1)`.
const COPY_BY_LINE: [[u8; 37]; 4] = copy_by_line();
const NO_COPY: u8 = u8::MAX;

const fn copy_by_line() -> [[u8; 37]; 4] {
    let mut table = [[NO_COPY; 37]; 4];
    let mut i = 0;
    while i < Q19.len() {
        let (x, y) = Q19[i];
        table[0][x as usize] = i as u8;
        table[1][y as usize] = i as u8;
        table[2][(x + y) as usize] = i as u8;
        table[3][(x - y + 18) as usize] = i as u8;
        i += 1;
    }
    table
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

    /// The placement model (exactly one queen per free row and column, at most one per
    /// diagonal) over [`Self::candidates`]; `None` when two queens of `P` attack each
    /// other diagonally (then there is no completion).
    pub fn to_csp(&self) -> Option<QueensCsp> {
        if !non_attacking(&self.preplaced) {
            return None;
        }
        Some(QueensCsp {
            cells: self.candidates(),
            required: self.missing(),
        })
    }

    /// Up to `limit` completions — each the sorted list of added queens, `S₂ ∖ P` — and
    /// whether that is all of them.
    pub fn enumerate(&self, limit: usize) -> Result<Solutions<Vec<Queen>>, SatError> {
        self.enumerate_with(Engine::default(), limit)
    }

    /// [`Self::enumerate`] with `engine`.
    pub fn enumerate_with(
        &self,
        engine: Engine,
        limit: impl Into<EnumerationLimit>,
    ) -> Result<Solutions<Vec<Queen>>, SatError> {
        let Some(csp) = self.to_csp() else {
            return Ok((Vec::new(), true));
        };
        csp.enumerate_queens_with(engine, limit)
    }
}

/// `n′` of Def. 10 step 1: `2n₃ + 1` if `n₃ ≡ 2 (mod 3)`, else `2n₃ − 1` (so `n′ ≡ 1` or
/// `5 (mod 6)` and Lemma 7 applies).
pub(crate) fn block_side(n3: i64) -> i64 {
    if n3 % 3 == 2 { 2 * n3 + 1 } else { 2 * n3 - 1 }
}

/// Def. 10: Problem 3 → Problem 2, with the maps of Lemmas 11 and 12. Completions are
/// handled as the added queens `S₂ ∖ P₂` (the certificate); `S₂` is their union with `P₂`.
///
/// The pre-placed queens `P₂` (about `19n′`, up to 10¹⁰ for CNF input) are kept as their
/// description — the 19 block copies of `A_{n′}`/`B_{n′}`, the filter `C′ × R′`, `Q_C`,
/// `Q_R` and `P₃` — so the board's free lines and unattacked squares are computed in
/// `O(|C′| + |R′| + |P₃| + candidates)` (the copy on a line is found in `O(1)`), once
/// ([`Self::candidates`], [`Self::preplaced_attack_free`] keep their answers), and
/// [`Self::completion`] writes the queens out only when asked. Solutions of Problem 3 are
/// likewise its added queens `S₃ ∖ P₃` ([`super::problem3`]), so the maps are `O(|S₂ ∖ P₂|)`.
#[derive(Clone, Debug)]
pub struct Embedding {
    /// The side `n = 19n′ + |C′|` of the n-Queens board.
    pub n: i64,
    /// `n′` (0 when `P₃` attacks itself and the instance is passed through unchanged).
    pub block: i64,
    /// The Problem 3 instance's side `n₃`.
    source_n: i64,
    /// `C′ = C ∪ cols(P₃)`, `R′ = R ∪ rows(P₃)`, sorted (Def. 10 step 3).
    c_prime: Vec<i64>,
    r_prime: Vec<i64>,
    /// The queens of `Q_C`, `Q_R` and `P₃`; the block copies are implicit.
    extras: Vec<Queen>,
    /// The copy queens step 3 removes and the unattacked squares, computed on first use.
    free: OnceLock<(Vec<Queen>, Vec<Queen>)>,
    /// [`Self::preplaced_attack_free`], computed on first use.
    attack_free: OnceLock<bool>,
}

/// One block copy of Def. 10 step 2: `A_{n′}` (or `B_{n′}`) shifted by `n′(x, y)`.
#[derive(Clone, Copy, Debug)]
struct BlockCopy {
    block: i64,
    x: i64,
    y: i64,
    transposed: bool,
}

impl BlockCopy {
    /// Queen `i` of the copy: `(i, 2i mod n′)` (`A`) or `(2i mod n′, i)` (`B`), shifted.
    fn queen(self, i: i64) -> Queen {
        let (a, b) = (i, (2 * i) % self.block);
        let (col, row) = if self.transposed { (b, a) } else { (a, b) };
        Queen::new(col + self.block * self.x, row + self.block * self.y)
    }

    /// The indices `i` that may solve `f(queen(i)) = value`, from the affine forms of the
    /// two halves `2i < n′` and `2i ≥ n′` (verified by the caller).
    fn solve(self, line: Line, value: i64) -> [i64; 2] {
        let n = self.block;
        let (x, y) = (self.x, self.y);
        let exact = |num: i64, den: i64| if num % den == 0 { num / den } else { -1 };
        // `t` is the value relative to the block; `u` = i or 2i mod n′ on that axis.
        let half = |t: i64, doubled: bool| {
            if doubled {
                [exact(t, 2), exact(t + n, 2)]
            } else {
                [t, -1]
            }
        };
        match line {
            Line::Col => half(value - n * x, self.transposed),
            Line::Row => half(value - n * y, !self.transposed),
            // i + (2i mod n′) is 3i or 3i − n′.
            Line::Sum => {
                let t = value - n * (x + y);
                [exact(t, 3), exact(t + n, 3)]
            }
            // (A) i − (2i mod n′) is −i or n′ − i; (B) the negation.
            Line::Diff => {
                let t = value - n * (x - y);
                if self.transposed {
                    [t, t + n]
                } else {
                    [-t, n - t]
                }
            }
        }
    }

    /// True when line `value` of kind `line` crosses the copy's `n′ × n′` block.
    fn crosses(self, line: Line, value: i64) -> bool {
        let n = self.block;
        let (low, high) = match line {
            Line::Col => (n * self.x, n * self.x + n - 1),
            Line::Row => (n * self.y, n * self.y + n - 1),
            Line::Sum => (n * (self.x + self.y), n * (self.x + self.y) + 2 * n - 2),
            Line::Diff => (n * (self.x - self.y) - n + 1, n * (self.x - self.y) + n - 1),
        };
        (low..=high).contains(&value)
    }

    /// The queen of the copy on line `value` of kind `line` (each line holds at most one).
    fn on(self, line: Line, value: i64) -> Option<Queen> {
        if !self.crosses(line, value) {
            return None;
        }
        self.solve(line, value)
            .into_iter()
            .filter(|i| (0..self.block).contains(i))
            .map(|i| self.queen(i))
            .find(|&q| line.of(q) == value)
    }
}

impl Embedding {
    pub fn new(problem3: &Problem3) -> Embedding {
        let n3 = problem3.n;
        let source_preplaced = canonical(problem3.preplaced.clone());
        if !non_attacking(&problem3.preplaced) {
            return Embedding {
                n: n3,
                block: 0,
                source_n: n3,
                extras: source_preplaced,
                c_prime: Vec::new(),
                r_prime: Vec::new(),
                free: OnceLock::new(),
                attack_free: OnceLock::new(),
            };
        }
        let block = block_side(n3);
        // Step 3: C′, R′.
        let c_prime = sorted_set(
            problem3
                .cols
                .iter()
                .copied()
                .chain(problem3.preplaced.iter().map(|q| q.col))
                .collect(),
        );
        let r_prime = sorted_set(
            problem3
                .rows
                .iter()
                .copied()
                .chain(problem3.preplaced.iter().map(|q| q.row))
                .collect(),
        );
        // Step 4: Q_C = {(i, 2αᵢ)}, Q_R = {(2βᵢ, i)}; step 5 places them.
        let q_c = c_prime
            .iter()
            .enumerate()
            .map(|(i, &alpha)| Queen::new(i as i64 + 19 * block, 2 * alpha + 8 * block));
        let q_r = r_prime
            .iter()
            .enumerate()
            .map(|(i, &beta)| Queen::new(2 * beta + 17 * block, i as i64 + 19 * block));
        let mut extras: Vec<Queen> = q_c
            .chain(q_r)
            .chain(source_preplaced.iter().copied())
            .collect();
        extras.sort_unstable();
        Embedding {
            n: 19 * block + c_prime.len() as i64,
            block,
            source_n: n3,
            c_prime,
            r_prime,
            extras,
            free: OnceLock::new(),
            attack_free: OnceLock::new(),
        }
    }

    /// Step 2: `Q₂ = A_{n′} + n′(Q₁₉ ∖ {(17, 0)}) ∪ B_{n′} + n′(17, 0)` (none when passed through).
    fn copies(&self) -> impl Iterator<Item = BlockCopy> + '_ {
        (0..Q19.len())
            .filter(move |_| self.block > 0)
            .map(|i| self.copy(i))
    }

    /// Copy `i`: `Q₁₉[i]`'s block.
    fn copy(&self, i: usize) -> BlockCopy {
        let (x, y) = Q19[i];
        BlockCopy {
            block: self.block,
            x,
            y,
            transposed: (x, y) == (17, 0),
        }
    }

    /// The queen of the block copies on line `value` of kind `line`, removed or not. A
    /// line crosses the blocks of copies whose column, row, sum or difference (in units of
    /// `n′`) is `⌊value/n′⌋`, or for diagonals also one less or more (the blocks'
    /// extent); [`COPY_BY_LINE`] names the copy of each.
    fn copy_queen_on(&self, line: Line, value: i64) -> Option<Queen> {
        if self.block == 0 {
            return None;
        }
        let (table, unit, other, offset) = match line {
            Line::Col => (0, value.div_euclid(self.block), 0, 0),
            Line::Row => (1, value.div_euclid(self.block), 0, 0),
            Line::Sum => (2, value.div_euclid(self.block), -1, 0),
            Line::Diff => (3, value.div_euclid(self.block), 1, 18),
        };
        [unit, unit + other]
            .into_iter()
            .filter_map(|k| usize::try_from(k + offset).ok())
            .filter_map(|k| COPY_BY_LINE[table].get(k).copied())
            .filter(|&i| i != NO_COPY)
            .find_map(|i| self.copy(i as usize).on(line, value))
    }

    /// Step 3's filter: a copy queen stays unless its column is in `C′` or its row in `R′`.
    fn kept(&self, q: Queen) -> bool {
        !contains(&self.c_prime, q.col) && !contains(&self.r_prime, q.row)
    }

    /// The copy queens step 3 removes: the one in each column of `C′` and each row of `R′`.
    fn removed(&self) -> &[Queen] {
        &self.free().0
    }

    /// The removed copy queens and the unattacked squares, computed on first use.
    fn free(&self) -> &(Vec<Queen>, Vec<Queen>) {
        self.free.get_or_init(|| {
            let cols = self.c_prime.iter().map(|&c| (Line::Col, c));
            let rows = self.r_prime.iter().map(|&r| (Line::Row, r));
            let removed = canonical(
                cols.chain(rows)
                    .filter_map(|(line, value)| self.copy_queen_on(line, value))
                    .collect(),
            );
            let cells = self.unattacked(&removed);
            (removed, cells)
        })
    }

    /// The number of pre-placed queens `|P₂|`.
    pub fn preplaced_count(&self) -> usize {
        let copies = self.copies().count() * self.block as usize;
        copies - self.removed().len() + self.extras.len()
    }

    /// All of `P₂`, one queen at a time.
    pub fn preplaced(&self) -> impl Iterator<Item = Queen> + '_ {
        self.copies()
            .flat_map(|copy| (0..copy.block).map(move |i| copy.queen(i)))
            .filter(|&q| self.kept(q))
            .chain(self.extras.iter().copied())
    }

    /// All of `P₂` in the order of [`Self::completion`] (by column, then row), one at a
    /// time: `O(n)` time, nothing held but the iterator (the extras are sorted).
    pub(crate) fn preplaced_in_order(&self) -> impl Iterator<Item = Queen> + '_ {
        let mut extras = self.extras.iter().copied().peekable();
        (0..self.n).flat_map(move |col| {
            let mut column: Vec<Queen> = self
                .copy_queen_on(Line::Col, col)
                .filter(|&q| self.kept(q))
                .into_iter()
                .collect();
            while let Some(q) = extras.next_if(|q| q.col == col) {
                column.push(q);
            }
            canonical(column)
        })
    }

    /// Whether `q` is a queen of `P₂` (`O(log |extras|)`).
    pub(crate) fn is_preplaced(&self, q: Queen) -> bool {
        self.extras.binary_search(&q).is_ok()
            || self
                .copy_queen_on(Line::Col, q.col)
                .is_some_and(|copy| copy == q && self.kept(copy))
    }

    /// The first of `queens` that a queen of `P₂` attacks (on its column, row or a
    /// diagonal), without writing `P₂` out.
    pub(crate) fn first_attacked(&self, queens: &[Queen]) -> Option<Queen> {
        let lines = [Line::Col, Line::Row, Line::Sum, Line::Diff];
        let extras: Vec<LineSet> = lines.iter().map(|&line| self.extra_lines(line)).collect();
        queens.iter().copied().find(|&q| {
            lines
                .iter()
                .zip(&extras)
                .any(|(&line, set)| self.occupied(line, line.of(q), set))
        })
    }

    /// The n-Queens Completion instance, every pre-placed queen written out (`O(n)`).
    pub fn completion(&self) -> Completion {
        Completion {
            n: self.n,
            preplaced: canonical(self.preplaced().collect()),
        }
    }

    /// True when some queen of `P₂` is on line `value` of kind `line`.
    fn occupied(&self, line: Line, value: i64, extra_lines: &LineSet) -> bool {
        extra_lines.contains(value) || self.copy_occupies(line, value)
    }

    /// True when a block copy queen that step 3 keeps is on line `value` of kind `line`.
    fn copy_occupies(&self, line: Line, value: i64) -> bool {
        self.copy_queen_on(line, value)
            .is_some_and(|q| self.kept(q))
    }

    /// The lines of kind `line` of `Q_C`, `Q_R` and `P₃`.
    fn extra_lines(&self, line: Line) -> LineSet {
        LineSet::new(self.extras.iter().map(|&q| line.of(q)).collect()).0
    }

    /// The lines of kind `line` that no queen of `P₂` occupies, among `among`.
    fn free_lines(&self, line: Line, among: impl Iterator<Item = i64>) -> Vec<i64> {
        let extra_lines = self.extra_lines(line);
        sorted_set(
            among
                .filter(|&value| !self.occupied(line, value, &extra_lines))
                .collect(),
        )
    }

    /// The squares of the board no queen of `P₂` attacks (as
    /// [`Completion::candidates`], without writing `P₂` out). Every column below `19n′`
    /// holds the queen of its block copy (`A_{n′}` and `B_{n′}` are permutations, `n′`
    /// odd) unless step 3 removed it, and `Q_C` fills the columns above; so the free
    /// columns are among those of the removed queens, and likewise the rows.
    pub fn candidates(&self) -> &[Queen] {
        &self.free().1
    }

    /// [`Self::candidates`] from the removed copy queens.
    fn unattacked(&self, removed: &[Queen]) -> Vec<Queen> {
        let cols = self.free_lines(Line::Col, removed.iter().map(|q| q.col));
        let rows = self.free_lines(Line::Row, removed.iter().map(|q| q.row));
        let extra_sums = self.extra_lines(Line::Sum);
        let extra_diffs = self.extra_lines(Line::Diff);
        cols.iter()
            .flat_map(|&col| rows.iter().map(move |&row| Queen::new(col, row)))
            .filter(|q| {
                !self.occupied(Line::Sum, q.sum(), &extra_sums)
                    && !self.occupied(Line::Diff, q.diff(), &extra_diffs)
            })
            .collect()
    }

    /// The number of queens a completion adds.
    pub fn missing(&self) -> usize {
        self.n as usize - self.preplaced_count()
    }

    /// True when no two queens of `P₂` attack each other, checked without writing `P₂`
    /// out: the queens of `Q_C`, `Q_R` and `P₃` among themselves and against the block
    /// copies. The copies among themselves form the `19n′`-queens solution of Def. 5
    /// minus some queens (Lemma 7, Observation 6).
    pub fn preplaced_attack_free(&self) -> bool {
        *self.attack_free.get_or_init(|| {
            non_attacking(&self.extras)
                && self.extras.iter().all(|&q| {
                    [Line::Col, Line::Row, Line::Sum, Line::Diff]
                        .into_iter()
                        .all(|line| !self.copy_occupies(line, line.of(q)))
                })
        })
    }

    /// Up to `limit` completions (the sorted added queens) and whether that is all of
    /// them, over [`Self::candidates`]: exactly one queen per free column and row, at
    /// most one per diagonal. None when `P₂` attacks itself.
    pub fn enumerate(&self, limit: usize) -> Result<Solutions<Vec<Queen>>, SatError> {
        if !self.preplaced_attack_free() {
            return Ok((Vec::new(), true));
        }
        let csp = QueensCsp {
            cells: self.candidates().to_vec(),
            required: self.missing(),
        };
        csp.enumerate_queens_with(Engine::default(), limit)
    }

    /// True when `added` completes the board: `n − |P₂|` queens on squares [`Self::candidates`]
    /// allows, no two attacking.
    pub fn is_completion(&self, added: &[Queen]) -> bool {
        let cells: FxHashSet<Queen> = self.candidates().iter().copied().collect();
        added.len() == self.missing()
            && added.iter().all(|q| cells.contains(q))
            && non_attacking(added)
    }

    /// Lemma 12: `S₂ = S₃ ∪ P₂`. With `P₃ ⊆ P₂` the added queens are the same on both
    /// boards, `S₂ ∖ P₂ = S₃ ∖ P₃`: `queens` (Problem 3's added queens) sorted.
    pub fn forward(&self, queens: &[Queen]) -> Vec<Queen> {
        canonical(queens.to_vec())
    }

    /// Lemma 11: `S₃ = {q ∈ S₂ | ‖q‖ < n₃}`, from and to the added queens: `S₃ ∖ P₃` is
    /// the part of `S₂ ∖ P₂` inside the `n₃ × n₃` corner.
    pub fn backward(&self, added: &[Queen]) -> Vec<Queen> {
        canonical(
            added
                .iter()
                .filter(|q| q.norm() < self.source_n)
                .copied()
                .collect(),
        )
    }
}
