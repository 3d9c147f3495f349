//! The compact state of the ranged engine ([`Compact`]): occupancy and budget bit
//! planes over the start squares, with its table keys ([`shape_key`]) and bit helpers.

/// A configuration: occupied slots and the budget bit planes (budget = lo + 2·hi).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Compact {
    pub occ: u128,
    pub lo: u128,
    pub hi: u128,
}

impl Compact {
    pub fn budget(&self, slot: usize) -> u32 {
        (self.lo >> slot & 1) as u32 + 2 * (self.hi >> slot & 1) as u32
    }

    pub fn count(&self) -> u32 {
        self.occ.count_ones()
    }

    /// Sum of the budgets.
    pub(crate) fn budget_sum(&self) -> u32 {
        self.lo.count_ones() + 2 * self.hi.count_ones()
    }

    /// Slots whose piece has budget 0.
    pub fn zero(&self) -> u128 {
        self.occ & !self.lo & !self.hi
    }

    /// The capture `from → to` (legality is the caller's business).
    pub fn capture(&self, from: usize, to: usize) -> Compact {
        let b = self.budget(from) - 1;
        let keep = !(1u128 << from | 1u128 << to);
        Compact {
            occ: self.occ & !(1u128 << from),
            lo: self.lo & keep | u128::from(b & 1) << to,
            hi: self.hi & keep | u128::from(b >> 1) << to,
        }
    }

    /// A key of the whole configuration (occupancy and budgets), for the memo of
    /// side-clearing answers: [`shape_key`] of the occupancy mixed with the budgets.
    pub(super) fn key(&self) -> u128 {
        shape_key(self.occ)
            ^ shape_key(self.lo).rotate_left(43)
            ^ shape_key(self.hi).rotate_left(87)
    }
}

/// The table key of an occupancy: a 128-bit mix. Two occupancies share a key only by a
/// collision of a 128-bit hash (below 2^-47 for 2^40 stored states), which the search
/// accepts, as the general engine's Zobrist table does.
pub(super) fn shape_key(occ: u128) -> u128 {
    let fold = |seed: u64| mix(mix(seed ^ occ as u64) ^ (occ >> 64) as u64);
    (fold(0x243f_6a88_85a3_08d3) as u128) << 64 | fold(0x1319_8a2e_0370_7344) as u128
}

/// The SplitMix64 finaliser.
pub(super) fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The set bits of `mask`, lowest first.
pub(crate) fn bits(mut mask: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let slot = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            slot
        })
    })
}
