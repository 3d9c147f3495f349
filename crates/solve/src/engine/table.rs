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
/// budget), the budget planes (16 bytes a pair) and the maps ([`KEY_BYTES`] a shape).
/// Replacement policy: when a new vector would pass it, the whole table is emptied and
/// refilled from there on (forgetting failures only costs time, never a verdict), so
/// memory stays bounded on long searches (up to the allocator's growth slack of the
/// containers).
const DOMINANCE_BYTES: usize = 1 << 29;

/// Bytes of one shape in a map: its key and list, with the hash table's 1/8 spare
/// slots and control byte.
const KEY_BYTES: usize = std::mem::size_of::<(u128, SmallVec<[u32; 4]>)>() * 8 / 7 + 1;

/// Largest budget the compact budget planes hold.
pub(super) const PLANE_BUDGET: u32 = 3;

/// The budgets of a state's occupied slots, the values of the dominance table. A key
/// lives on the stack for one state of the search; boxing the vector would cost an
/// allocation per state, hence the large variant.
#[allow(clippy::large_enum_variant)]
pub(super) enum BudgetKey {
    /// Boards of at most 64 slots with every budget ≤ [`PLANE_BUDGET`]: two bit planes
    /// over the slots, budget = lo + 2·hi (0 on empty slots). Compared in a few word
    /// operations and stored inline in the map, one cache line per probe.
    Planes(u64, u64),
    /// Otherwise: the budgets of the occupied slots in slot order.
    Vector(SmallVec<[u32; 64]>),
}

/// Whether the planes `(lo, hi)` are pointwise ≤ `(lo2, hi2)`: no slot where hi > hi2,
/// or hi = hi2 and lo > lo2.
fn planes_below((lo, hi): (u64, u64), (lo2, hi2): (u64, u64)) -> bool {
    hi & !hi2 | !(hi ^ hi2) & lo & !lo2 == 0
}

/// Failed states (solve mode): per shape key (occupancy, kinds and goal), the budget
/// vectors proven to fail, none dominated by another. Budget planes
/// ([`BudgetKey::Planes`]) live inline in their map; budget vectors live in one arena,
/// so that the table is a handful of allocations (dropping millions of small vectors
/// cost a second of wall time after a time limit). One engine uses one kind of key.
#[derive(Default)]
pub(super) struct Dominance {
    /// Per key: its failed budget planes.
    planes: HashMap<u128, SmallVec<[(u64, u64); 1]>, Fold>,
    /// Per key: offsets of its vectors in `arena` (all of one key have one length).
    failed: HashMap<u128, SmallVec<[u32; 4]>, Fold>,
    arena: Vec<u32>,
    /// Budget planes in `planes`.
    plane_entries: usize,
    pub(super) entries: u64,
}

impl Dominance {
    /// Whether `budgets` is pointwise ≤ a failed vector of the same shape.
    pub(super) fn fails(&self, key: u128, budgets: &BudgetKey) -> bool {
        match budgets {
            &BudgetKey::Planes(lo, hi) => self
                .planes
                .get(&key)
                .is_some_and(|list| list.iter().any(|&failed| planes_below((lo, hi), failed))),
            BudgetKey::Vector(budgets) => {
                let len = budgets.len();
                self.failed.get(&key).is_some_and(|list| {
                    list.iter().any(|&at| {
                        let failed = &self.arena[at as usize..at as usize + len];
                        budgets.iter().zip(failed).all(|(b, f)| b <= f)
                    })
                })
            }
        }
    }

    /// Records a failure, dropping the vectors it dominates.
    pub(super) fn record(&mut self, key: u128, budgets: &BudgetKey) {
        let added = match budgets {
            BudgetKey::Planes(..) => 16,
            BudgetKey::Vector(budgets) => budgets.len() * 4,
        };
        let shapes = self.planes.len() + self.failed.len() + 1;
        let bytes = self.arena.len() * 4 + self.plane_entries * 16 + added + shapes * KEY_BYTES;
        let arena_full = matches!(budgets, BudgetKey::Vector(b) if self.arena.len() + b.len() > u32::MAX as usize);
        if bytes > DOMINANCE_BYTES || arena_full {
            self.planes.clear();
            self.failed.clear();
            self.arena.clear();
            self.plane_entries = 0;
            self.entries = 0;
        }
        let (before, after) = match budgets {
            &BudgetKey::Planes(lo, hi) => {
                let list = self.planes.entry(key).or_default();
                let before = list.len();
                list.retain(|&mut failed| !planes_below(failed, (lo, hi)));
                if list.len() == DOMINANCE_WIDTH {
                    list.remove(0);
                }
                list.push((lo, hi));
                self.plane_entries = self.plane_entries + list.len() - before;
                (before, list.len())
            }
            BudgetKey::Vector(budgets) => {
                let len = budgets.len();
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
                (before, list.len())
            }
        };
        self.entries = self.entries + after as u64 - before as u64;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dominance_covers_pointwise_smaller_budgets_of_the_same_shape() {
        let vector = |b: &[u32]| BudgetKey::Vector(b.into());
        let mut table = Dominance::default();
        table.record(7, &vector(&[2, 1, 0]));
        assert!(table.fails(7, &vector(&[2, 1, 0])));
        assert!(table.fails(7, &vector(&[1, 0, 0])));
        assert!(!table.fails(7, &vector(&[2, 2, 0])));
        assert!(!table.fails(8, &vector(&[0, 0, 0])));
        // A larger failed vector replaces the ones it dominates.
        table.record(7, &vector(&[2, 2, 0]));
        let kept: Vec<&[u32]> = table.failed[&7]
            .iter()
            .map(|&at| &table.arena[at as usize..at as usize + 3])
            .collect();
        assert_eq!(kept, vec![&[2, 2, 0][..]]);
        assert_eq!(table.entries, 1);
        table.record(7, &vector(&[0, 0, 3]));
        assert!(table.fails(7, &vector(&[0, 0, 3])) && table.fails(7, &vector(&[2, 2, 0])));
        assert!(!table.fails(7, &vector(&[2, 0, 1])));
        assert_eq!(table.entries, 2);
    }

    /// Budget planes of a budget vector over slots 0, 1, … (budgets ≤ 3).
    fn planes(budgets: &[u32]) -> BudgetKey {
        let (mut lo, mut hi) = (0, 0);
        for (slot, &b) in budgets.iter().enumerate() {
            lo |= u64::from(b & 1) << slot;
            hi |= u64::from(b >> 1) << slot;
        }
        BudgetKey::Planes(lo, hi)
    }

    #[test]
    fn budget_planes_compare_as_the_vectors_do() {
        // Every pair of budget vectors over three slots with budgets ≤ 3.
        let all: Vec<[u32; 3]> = (0..64).map(|i| [i & 3, i >> 2 & 3, i >> 4 & 3]).collect();
        for failed in &all {
            let mut table = Dominance::default();
            table.record(1, &planes(failed));
            for probe in &all {
                let below = probe.iter().zip(failed).all(|(p, f)| p <= f);
                assert_eq!(
                    table.fails(1, &planes(probe)),
                    below,
                    "{probe:?} {failed:?}"
                );
                assert!(!table.fails(2, &planes(probe)));
            }
        }
        // A larger failed vector replaces the ones it dominates.
        let mut table = Dominance::default();
        table.record(7, &planes(&[2, 1, 0]));
        table.record(7, &planes(&[0, 0, 3]));
        assert_eq!(table.entries, 2);
        table.record(7, &planes(&[2, 3, 0]));
        assert_eq!(table.entries, 2);
        assert_eq!(table.planes[&7].len(), 2);
        assert!(table.fails(7, &planes(&[1, 3, 0])) && !table.fails(7, &planes(&[2, 1, 1])));
    }
}
