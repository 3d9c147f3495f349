//! How the two sides of the spine share rows
//! ([`VariablePlacement::TwoSided`](super::VariablePlacement::TwoSided)): each side
//! stacks its parts of the clauses in clause order, and [`merge_rows`] gives every part
//! its rows. Used by the router ([`super::spine`]) and, once per move, by the annealer
//! ([`super::anneal`]).

/// How many literals of a clause lie on each side, and whether it needs a gap row.
#[derive(Clone, Copy, Debug)]
pub(super) struct Part {
    pub west: u32,
    pub east: u32,
    pub gapped: bool,
}

/// Where [`merge_rows`] puts a clause: the row of each side's chain (its first literal,
/// the others above it) and the gap row below it.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct PartRows {
    pub west: Option<u32>,
    pub east: Option<u32>,
    pub gap: Option<u32>,
}

/// Rows of every clause's parts, clauses in band order (`parts`, same order). The two
/// sides are stacks of clause parts in clause order that share rows wherever they can:
/// a side's part is its chain's literal tracks, first input lowest (the chain's row).
/// Two rows where signals enter the spine (values, and the east value of a mixed clause
/// crossing it) never meet, and a mixed clause's east row lies right below its west one.
pub(super) fn merge_rows(parts: &[Part]) -> Vec<PartRows> {
    let mut rows = Vec::with_capacity(parts.len());
    RowMerge::default().merge(parts.iter().copied(), &mut rows);
    rows
}

/// [`merge_rows`] with its buffers kept between calls.
#[derive(Default)]
pub(super) struct RowMerge {
    /// Rows where a signal enters the spine from each side.
    on_spine: [Vec<bool>; 2],
}

impl RowMerge {
    /// Writes the rows of `parts` into `rows` (cleared first).
    pub(super) fn merge(
        &mut self,
        parts: impl IntoIterator<Item = Part>,
        rows: &mut Vec<PartRows>,
    ) {
        const W: usize = 0;
        const E: usize = 1;
        for on in &mut self.on_spine {
            on.fill(false);
        }
        rows.clear();
        let on_spine = &mut self.on_spine;
        let entered = |on: &[bool], row: u32| on.get(row as usize).copied().unwrap_or(false);
        let enter = |on: &mut Vec<bool>, row: u32| {
            if on.len() <= row as usize {
                on.resize(row as usize + 1, false);
            }
            on[row as usize] = true;
        };
        // Next free row per side; row 0 holds the 1-test.
        let mut next = [1u32, 1u32];
        for part in parts {
            let (k, m) = (part.west, part.east);
            let mut at = PartRows::default();
            if k > 0 && m > 0 {
                let mut row = (next[W] + k - 1).max((next[E] + m - 1).saturating_sub(1));
                while entered(&on_spine[E], row) {
                    row += 1;
                }
                (at.west, at.east) = (Some(row), Some(row + 1));
                enter(&mut on_spine[W], row);
                enter(&mut on_spine[E], row + 1);
                // The west side skips the east value's row: a west track ending next to
                // the spine would meet its turn north.
                next = [row + 2, row + 2];
            } else {
                let (side, len) = if m == 0 { (W, k) } else { (E, m) };
                let mut row = next[side] + len - 1;
                while entered(&on_spine[1 - side], row) {
                    row += 1;
                }
                *(if side == W {
                    &mut at.west
                } else {
                    &mut at.east
                }) = Some(row);
                enter(&mut on_spine[side], row);
                next[side] = row + 1;
            }
            if part.gapped {
                at.gap = Some(next[W]);
                next[W] += 1;
            }
            rows.push(at);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On random clause sequences: each side's parts take disjoint rows in clause order
    /// below row 0, a mixed clause's east row lies right below its west one, no two
    /// values enter the spine on one row, and the merge with kept buffers agrees.
    #[test]
    fn parts_stack_per_side_and_enter_the_spine_on_distinct_rows() {
        let mut rng = fastrand::Rng::with_seed(12);
        let mut merge = RowMerge::default();
        let mut reused = Vec::new();
        for _ in 0..500 {
            let parts: Vec<Part> = (0..rng.usize(1..30))
                .map(|_| {
                    let (west, east) = match rng.u32(0..3) {
                        0 => (rng.u32(1..4), 0),
                        1 => (0, rng.u32(1..4)),
                        _ => (rng.u32(1..3), rng.u32(1..3)),
                    };
                    Part {
                        west,
                        east,
                        gapped: west > 0 && rng.u32(0..4) == 0,
                    }
                })
                .collect();
            let rows = merge_rows(&parts);
            merge.merge(parts.iter().copied(), &mut reused);
            assert_eq!(
                format!("{rows:?}"),
                format!("{reused:?}"),
                "buffers kept between merges change nothing"
            );
            let mut lowest = [0u32; 2];
            let mut entries = std::collections::HashSet::new();
            for (part, at) in parts.iter().zip(&rows) {
                for (side, (len, row)) in [(part.west, at.west), (part.east, at.east)]
                    .into_iter()
                    .enumerate()
                {
                    assert_eq!(len > 0, row.is_some());
                    let Some(row) = row else { continue };
                    assert!(row + 1 >= len + lowest[side].max(1), "{parts:?}");
                    lowest[side] = row + 1;
                    assert!(entries.insert(row), "two values enter row {row}: {parts:?}");
                }
                if let (Some(west), Some(east)) = (at.west, at.east) {
                    assert_eq!(east, west + 1);
                    lowest = [east + 1; 2];
                }
                if let Some(gap) = at.gap {
                    assert!(gap >= lowest[0]);
                    lowest[0] = gap + 1;
                }
            }
        }
    }
}
