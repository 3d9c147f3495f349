//! The paper's random instances (§5): the Excluded Diagonals generator of §5.4 (hard near
//! `d/n ≈ 1`), turned into n-Queens Completion through Defs. 16 and 10, and the Blocked
//! n-Queens generator of §5.2 (Problem 7).
//!
//! The random numbers come from SplitMix64 (Steele, Lea, Flood 2014), written out here:
//! the library's allowed dependencies have no random number generator, and generated
//! instances must be reproducible from their seed across versions.

use rustc_hash::FxHashSet;

use super::Queen;
use super::completion::{Completion, Embedding};
use super::csp::{EnumerationLimit, Solutions};
use super::excluded_diagonals::ExcludedDiagonals;
use super::problem3::DiagonalBlocking;
use super::solve::{Engine, QueensCsp};
use sat2chess_solve::sat::SatError;

/// Rows and columns keep more than this many free squares (§5.2, §5.4).
pub(crate) const MIN_FREE: usize = 4;

/// SplitMix64: a seeded, reproducible stream of random numbers.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..bound` (`bound > 0`; the modulo bias is below 2⁻³² for our bounds).
    pub fn below(&mut self, bound: usize) -> usize {
        (self.next_u64() % bound as u64) as usize
    }
}

/// A diagonal: `(true, s)` the sum-diagonal `s`, `(false, d)` the difference-diagonal `d`.
type Diagonal = (bool, i64);

/// The squares of an `n × n` board on `diagonal`.
fn squares_on(n: i64, (sum, value): Diagonal) -> impl Iterator<Item = Queen> {
    (0..n).filter_map(move |col| {
        let row = if sum { value - col } else { col - value };
        (0..n).contains(&row).then_some(Queen::new(col, row))
    })
}

/// §5.4: all rows and columns allowed; `d` of the `4n − 2` diagonals excluded, chosen one
/// by one at random among those left and rejected when a row or column would keep fewer
/// than `MIN_FREE` free squares. Fewer than `d` are excluded when every remaining
/// diagonal is rejected.
pub fn excluded_diagonals(n: i64, d: usize, rng: &mut SplitMix64) -> ExcludedDiagonals {
    let mut pool: Vec<Diagonal> = (0..=2 * n - 2)
        .map(|s| (true, s))
        .chain((-(n - 1)..n).map(|d| (false, d)))
        .collect();
    let mut sums = FxHashSet::default();
    let mut diffs = FxHashSet::default();
    let mut free_in_row = vec![n as usize; n as usize];
    let mut free_in_col = vec![n as usize; n as usize];
    while sums.len() + diffs.len() < d && !pool.is_empty() {
        let diagonal = pool.swap_remove(rng.below(pool.len()));
        let newly: Vec<Queen> = squares_on(n, diagonal)
            .filter(|q| !sums.contains(&q.sum()) && !diffs.contains(&q.diff()))
            .collect();
        // Each square of a diagonal has its own row and column: one less free square each.
        let too_few = |free: &[usize], line: fn(&Queen) -> i64| {
            newly.iter().any(|q| free[line(q) as usize] <= MIN_FREE)
        };
        if too_few(&free_in_row, |q| q.row) || too_few(&free_in_col, |q| q.col) {
            continue;
        }
        for q in &newly {
            free_in_row[q.row as usize] -= 1;
            free_in_col[q.col as usize] -= 1;
        }
        let (is_sum, value) = diagonal;
        if is_sum {
            sums.insert(value);
        } else {
            diffs.insert(value);
        }
    }
    let all: Vec<i64> = (0..n).collect();
    ExcludedDiagonals::new(
        n,
        all.clone(),
        all,
        diffs.into_iter().collect(),
        sums.into_iter().collect(),
    )
}

/// An Excluded Diagonals instance as n-Queens Completion (Def. 16, then Def. 10).
pub fn completion_of(problem4: &ExcludedDiagonals) -> Completion {
    Embedding::new(&DiagonalBlocking::new(problem4).instance).completion()
}

/// A Blocked n-Queens instance (Problem 7): place `n` non-attacking queens on an
/// `n × n` board avoiding the blocked squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Blocked {
    pub n: i64,
    pub blocked: Vec<Queen>,
}

impl Blocked {
    /// Up to `limit` solutions (sorted queens) and whether that is all of them.
    pub fn enumerate_with(
        &self,
        engine: Engine,
        limit: impl Into<EnumerationLimit>,
    ) -> Result<Solutions<Vec<Queen>>, SatError> {
        let blocked: FxHashSet<Queen> = self.blocked.iter().copied().collect();
        let cells: Vec<Queen> = (0..self.n)
            .flat_map(|col| (0..self.n).map(move |row| Queen::new(col, row)))
            .filter(|q| !blocked.contains(q))
            .collect();
        let csp = QueensCsp {
            cells,
            required: self.n as usize,
        };
        csp.enumerate_queens_with(engine, limit)
    }
}

/// §5.2: `b` squares blocked, each chosen uniformly among the unblocked ones and rejected
/// when its row or column would keep fewer than `MIN_FREE` free squares; when every
/// square is rejected before `b` are blocked the generator starts again. `None` when `b`
/// cannot be reached at all (`b > n(n − 4)`).
pub fn blocked(n: i64, b: usize, rng: &mut SplitMix64) -> Option<Blocked> {
    let size = n.max(0) as usize;
    if b > size * size.saturating_sub(MIN_FREE) {
        return None;
    }
    loop {
        let mut chosen: FxHashSet<Queen> = FxHashSet::default();
        let mut rejected: FxHashSet<Queen> = FxHashSet::default();
        let mut free_in_row = vec![size; size];
        let mut free_in_col = vec![size; size];
        while chosen.len() < b && chosen.len() + rejected.len() < size * size {
            let q = Queen::new(rng.below(size) as i64, rng.below(size) as i64);
            if chosen.contains(&q) || rejected.contains(&q) {
                continue;
            }
            let (row, col) = (q.row as usize, q.col as usize);
            if free_in_row[row] <= MIN_FREE || free_in_col[col] <= MIN_FREE {
                rejected.insert(q);
                continue;
            }
            free_in_row[row] -= 1;
            free_in_col[col] -= 1;
            chosen.insert(q);
        }
        if chosen.len() == b {
            let mut blocked: Vec<Queen> = chosen.into_iter().collect();
            blocked.sort_unstable();
            return Some(Blocked { n, blocked });
        }
    }
}
