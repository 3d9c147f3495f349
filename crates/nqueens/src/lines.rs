//! The lines a queen attacks along (columns, rows, sum- and difference-diagonals), and
//! grouping squares by line: the vocabulary every stage's placement model is written in.

use rustc_hash::FxHashMap;

use super::Queen;

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

/// Groups the indices `0..keys.len()` by equal key, in order of first appearance.
pub(crate) fn groups_by<K: std::hash::Hash + Eq>(
    keys: impl IntoIterator<Item = K>,
) -> Vec<Vec<u32>> {
    let mut index: FxHashMap<K, usize> = FxHashMap::default();
    let mut groups: Vec<Vec<u32>> = Vec::new();
    for (cell, key) in keys.into_iter().enumerate() {
        let slot = *index.entry(key).or_insert_with(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        groups[slot].push(cell as u32);
    }
    groups
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

/// True when no two of `queens` attack each other: their columns, rows, sum- and
/// difference-diagonals are each pairwise distinct (`LineSet::new`, `O(q)` or
/// `O(q log q)`, no hashing of millions of values).
pub fn non_attacking(queens: &[Queen]) -> bool {
    [Line::Col, Line::Row, Line::Sum, Line::Diff]
        .into_iter()
        .all(|line| LineSet::new(queens.iter().map(|&q| line.of(q)).collect()).1)
}

/// A set of lines of one kind (columns, rows, sum- or difference-diagonals): a bitset
/// over their range when it is at most 128 times their number (the usual case: the
/// queens of a board spread over its lines; 16 bytes a value), else the sorted values.
#[derive(Clone, Debug, Default)]
pub(crate) struct LineSet {
    min: i64,
    bits: Vec<u64>,
    sorted: Vec<i64>,
}

impl LineSet {
    /// The set of `values`, and whether they are pairwise distinct.
    pub(crate) fn new(mut values: Vec<i64>) -> (LineSet, bool) {
        let (Some(&min), Some(&max)) = (values.iter().min(), values.iter().max()) else {
            return (LineSet::default(), true);
        };
        let span = max as i128 - min as i128 + 1;
        if span <= 128 * values.len() as i128 {
            let mut bits = vec![0u64; (span as usize).div_ceil(64)];
            let mut distinct = true;
            for v in values {
                let i = (v - min) as usize;
                distinct &= bits[i / 64] >> (i % 64) & 1 == 0;
                bits[i / 64] |= 1 << (i % 64);
            }
            let set = LineSet {
                min,
                bits,
                sorted: Vec::new(),
            };
            (set, distinct)
        } else {
            values.sort_unstable();
            let distinct = values.windows(2).all(|w| w[0] != w[1]);
            values.dedup();
            let set = LineSet {
                min,
                bits: Vec::new(),
                sorted: values,
            };
            (set, distinct)
        }
    }

    /// True when line `value` is in the set.
    pub(crate) fn contains(&self, value: i64) -> bool {
        if self.bits.is_empty() {
            return self.sorted.binary_search(&value).is_ok();
        }
        let Ok(i) = usize::try_from(value as i128 - self.min as i128) else {
            return false;
        };
        self.bits
            .get(i / 64)
            .is_some_and(|w| w >> (i % 64) & 1 == 1)
    }
}
