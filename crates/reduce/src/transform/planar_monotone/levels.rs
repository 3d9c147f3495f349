//! The levels of a drawing whose clause spans are laminar on each side: every clause
//! one level above the highest clause nested under it.

use super::{MonotoneClause, Side};

/// Sets every clause's level to one more than the highest level of the clauses on its side
/// whose spans lie inside its own (spans that only touch at an end are not nested). On a
/// drawing where any two overlapping clauses of a side have one inside a gap of the
/// other, the result passes [`PlanarMonotone::validate`](super::PlanarMonotone::validate).
/// O(m log m).
pub(super) fn assign_levels(clauses: &mut [MonotoneClause]) {
    for side in [Side::Positive, Side::Negative] {
        let mut order: Vec<usize> = (0..clauses.len())
            .filter(|&c| clauses[c].side == side)
            .collect();
        order.sort_by_key(|&c| {
            let (left, right) = clauses[c].span();
            (left, std::cmp::Reverse(right))
        });
        let mut parent = vec![None; clauses.len()];
        let mut open: Vec<usize> = Vec::new();
        for &c in &order {
            let (left, _) = clauses[c].span();
            while open.last().is_some_and(|&o| clauses[o].span().1 <= left) {
                open.pop();
            }
            parent[c] = open.last().copied();
            open.push(c);
        }
        for &c in &order {
            clauses[c].level = 1;
        }
        for &c in order.iter().rev() {
            if let Some(p) = parent[c] {
                clauses[p].level = clauses[p].level.max(clauses[c].level + 1);
            }
        }
    }
}

/// The first two clauses (indices) on one side that cross, if any: the crossing half of
/// [`PlanarMonotone::validate`](super::PlanarMonotone::validate), for drawings whose
/// occurrences are not bounded yet. O(m²).
#[cfg(test)]
pub(super) fn first_crossing(clauses: &[MonotoneClause]) -> Option<(usize, usize)> {
    clauses.iter().enumerate().find_map(|(i, a)| {
        clauses[i + 1..]
            .iter()
            .position(|b| a.side == b.side && crate::front::pm3::crosses(a, b))
            .map(|j| (i, i + 1 + j))
    })
}
