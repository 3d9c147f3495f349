//! A set of positions `0..n` that starts full and only shrinks, with the nearest member
//! on either side of a position in O(log₆₄ n): a bit per position plus, per level, a bit
//! per non-empty word of the level below (about n/8 · 64/63 bytes in all). Written by
//! hand: the replay needs only removal and nearest-member queries, which no allowed
//! crate offers on a bitset this small.

/// Positions still occupied, see the module documentation.
#[derive(Clone, Debug)]
pub(crate) struct Occupancy {
    /// `levels[0]` has a bit per position; `levels[k + 1]` a bit per word of `levels[k]`
    /// that is not zero. The last level is a single word.
    levels: Vec<Vec<u64>>,
}

/// Words of `bits` bits, all set, the unused high bits of the last word clear.
fn full_words(bits: usize) -> Vec<u64> {
    let mut words = vec![u64::MAX; bits.div_ceil(64)];
    if bits % 64 != 0 {
        *words.last_mut().expect("bits > 0") = (1u64 << (bits % 64)) - 1;
    }
    words
}

impl Occupancy {
    /// All of `0..n` occupied.
    pub fn full(n: usize) -> Occupancy {
        let mut levels = vec![full_words(n.max(1))];
        if n == 0 {
            levels[0][0] = 0;
        }
        while levels.last().expect("one level").len() > 1 {
            let below = levels.last().expect("one level").len();
            let mut words = full_words(below);
            if n == 0 {
                words.fill(0);
            }
            levels.push(words);
        }
        Occupancy { levels }
    }

    pub fn contains(&self, position: usize) -> bool {
        self.levels[0]
            .get(position / 64)
            .is_some_and(|word| word >> (position % 64) & 1 == 1)
    }

    /// Removes `position` (nothing happens if it is not a member).
    pub fn remove(&mut self, mut position: usize) {
        for level in &mut self.levels {
            let word = &mut level[position / 64];
            *word &= !(1u64 << (position % 64));
            if *word != 0 {
                return;
            }
            position /= 64;
        }
    }

    /// The smallest member `>= position`.
    pub(crate) fn next_from(&self, position: usize) -> Option<usize> {
        let mut position = position;
        let mut level = 0;
        // Climb until a word holds a member at or after `position`.
        loop {
            let words = &self.levels[level];
            let word = *words.get(position / 64)?;
            let above = word & (u64::MAX << (position % 64));
            if above != 0 {
                position = (position / 64) * 64 + above.trailing_zeros() as usize;
                break;
            }
            level += 1;
            if level == self.levels.len() {
                return None;
            }
            position = position / 64 + 1;
        }
        // Descend to the lowest member under that bit.
        while level > 0 {
            level -= 1;
            position = position * 64 + self.levels[level][position].trailing_zeros() as usize;
        }
        Some(position)
    }

    /// The largest member `<= position`.
    pub(crate) fn previous_from(&self, position: usize) -> Option<usize> {
        let mut position = position.min(self.levels[0].len() * 64 - 1);
        let mut level = 0;
        loop {
            let word = self.levels[level][position / 64];
            let below = word & (u64::MAX >> (63 - position % 64));
            if below != 0 {
                position = (position / 64) * 64 + 63 - below.leading_zeros() as usize;
                break;
            }
            level += 1;
            if level == self.levels.len() || position < 64 {
                return None;
            }
            position = position / 64 - 1;
        }
        while level > 0 {
            level -= 1;
            position = position * 64 + 63 - self.levels[level][position].leading_zeros() as usize;
        }
        Some(position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nearest members against a plain scan, on sizes around the word and level borders.
    #[test]
    fn nearest_members_match_a_scan() {
        let mut rng = fastrand::Rng::with_seed(7);
        for n in [0, 1, 2, 63, 64, 65, 127, 4095, 4096, 4097, 270_000] {
            let mut set = Occupancy::full(n);
            let mut members = vec![true; n];
            let probes = |set: &Occupancy, members: &[bool], rng: &mut fastrand::Rng| {
                for _ in 0..200 {
                    let p = rng.usize(0..n.max(1) + 70);
                    let next = (p..n).find(|&i| members[i]);
                    let previous = (0..=p.min(n.saturating_sub(1)))
                        .rev()
                        .find(|&i| i < n && members[i]);
                    assert_eq!(set.next_from(p), next, "n {n} next from {p}");
                    assert_eq!(set.previous_from(p), previous, "n {n} previous from {p}");
                    assert_eq!(set.contains(p), p < n && members[p]);
                }
            };
            probes(&set, &members, &mut rng);
            // Remove most members, in runs and at random, probing as they thin out.
            for round in 0..6 {
                for _ in 0..n / 4 + 1 {
                    if n == 0 {
                        break;
                    }
                    let start = rng.usize(0..n);
                    let run = if round % 2 == 0 { 1 } else { rng.usize(1..200) };
                    let end = (start + run).min(n);
                    for (p, member) in members[start..end].iter_mut().enumerate() {
                        set.remove(start + p);
                        *member = false;
                    }
                }
                probes(&set, &members, &mut rng);
            }
        }
    }
}
