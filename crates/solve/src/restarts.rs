//! The restart schedule of the exact searches: the Luby sequence (Luby, Sinclair and
//! Zuckerman 1993), whose prefix sums bound the wasted work of restarting by a
//! logarithmic factor of the best fixed round length for an unknown run-time
//! distribution, and whose terms grow without bound (so some round of a search that
//! keeps its proven failures across rounds completes).

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, …, its `i`-th term for `i` ≥ 1.
pub(crate) fn luby(mut i: u64) -> u64 {
    loop {
        // The smallest k with i ≤ 2^k − 1.
        let k = 64 - i.leading_zeros();
        if i == (1u64 << k) - 1 {
            return 1u64 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luby_sequence_starts_as_published() {
        let terms: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(terms, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
