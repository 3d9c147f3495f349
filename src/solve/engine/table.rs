//! The failed-state table of the search ([`super::Engine`]): a 128-bit Zobrist key's
//! hasher and the dominance table with its memory bound and replacement policy.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use smallvec::SmallVec;

/// Hashes a 128-bit Zobrist key by folding it (the key is already uniformly random).
#[derive(Default)]
pub(crate) struct FoldHasher(u64);

impl Hasher for FoldHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
    }
    fn write_u128(&mut self, i: u128) {
        self.0 ^= (i as u64) ^ ((i >> 64) as u64);
    }
}

pub(crate) type Fold = BuildHasherDefault<FoldHasher>;

/// Most budget vectors kept per shape in the dominance table; beyond it the oldest
/// vector is dropped (forgetting a failure only costs time).
const DOMINANCE_WIDTH: usize = 16;

/// Most bytes the dominance table holds: 512 MiB, counting the budget arena (4 bytes a
/// budget) and the map ([`KEY_BYTES`] a shape). Replacement policy: when a new vector
/// would pass it, the whole table is emptied and refilled from there on (forgetting
/// failures only costs time, never a verdict), so memory stays bounded on long
/// searches (up to the allocator's growth slack of the two containers).
const DOMINANCE_BYTES: usize = 1 << 29;

/// Bytes of one shape in the map: its key and list, with the hash table's 1/8 spare
/// slots and control byte.
const KEY_BYTES: usize = std::mem::size_of::<(u128, SmallVec<[u32; 4]>)>() * 8 / 7 + 1;

/// Failed states (solve mode): per shape key (occupancy, kinds and goal), the budget
/// vectors (budgets of the occupied slots in slot order, concatenated) proven to fail,
/// none dominated by another. The vectors live in one arena, so that the table is a
/// handful of allocations (dropping millions of small vectors cost a second of wall
/// time after a time limit).
#[derive(Default)]
pub(super) struct Dominance {
    /// Per key: offsets of its vectors in `arena` (all of one key have one length).
    failed: HashMap<u128, SmallVec<[u32; 4]>, Fold>,
    arena: Vec<u32>,
    pub(super) entries: u64,
}

impl Dominance {
    /// Whether `budgets` is pointwise ≤ a failed vector of the same shape.
    pub(super) fn fails(&self, key: u128, budgets: &[u32]) -> bool {
        let len = budgets.len();
        self.failed.get(&key).is_some_and(|list| {
            list.iter().any(|&at| {
                let failed = &self.arena[at as usize..at as usize + len];
                budgets.iter().zip(failed).all(|(b, f)| b <= f)
            })
        })
    }

    /// Records a failure, dropping the vectors it dominates.
    pub(super) fn record(&mut self, key: u128, budgets: &[u32]) {
        let len = budgets.len();
        let bytes = (self.arena.len() + len) * 4 + (self.failed.len() + 1) * KEY_BYTES;
        if bytes > DOMINANCE_BYTES || self.arena.len() + len > u32::MAX as usize {
            self.failed.clear();
            self.arena.clear();
            self.entries = 0;
        }
        let arena = &self.arena;
        let list = self.failed.entry(key).or_default();
        let before = list.len();
        list.retain(|&mut at| {
            let failed = &arena[at as usize..at as usize + len];
            !failed.iter().zip(budgets).all(|(f, b)| f <= b)
        });
        if list.len() == DOMINANCE_WIDTH {
            list.remove(0);
        }
        list.push(self.arena.len() as u32);
        self.arena.extend_from_slice(budgets);
        self.entries = self.entries + list.len() as u64 - before as u64;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dominance_covers_pointwise_smaller_budgets_of_the_same_shape() {
        let mut table = Dominance::default();
        table.record(7, &[2, 1, 0]);
        assert!(table.fails(7, &[2, 1, 0]));
        assert!(table.fails(7, &[1, 0, 0]));
        assert!(!table.fails(7, &[2, 2, 0]));
        assert!(!table.fails(8, &[0, 0, 0]));
        // A larger failed vector replaces the ones it dominates.
        table.record(7, &[2, 2, 0]);
        let kept: Vec<&[u32]> = table.failed[&7]
            .iter()
            .map(|&at| &table.arena[at as usize..at as usize + 3])
            .collect();
        assert_eq!(kept, vec![&[2, 2, 0][..]]);
        assert_eq!(table.entries, 1);
        table.record(7, &[0, 0, 3]);
        assert!(table.fails(7, &[0, 0, 3]) && table.fails(7, &[2, 2, 0]));
        assert!(!table.fails(7, &[2, 0, 1]));
        assert_eq!(table.entries, 2);
    }
}
