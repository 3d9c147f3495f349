//! Dominance between states of one layer of the spanning-tree dynamic program: a state
//! whose every square offers at most what another's offers can be dropped.

use rustc_hash::FxHashMap;

use super::super::clock::Clock;
use super::dp::{Entry, Mode, Slots, State};
use super::status;

/// Whether frontier status `a` offers everything `b` does, for the same square
/// (a budget-2 leaf is one of open/dominated/inert, a budget-1 leaf one of
/// open/dominated/inert, a C square one of its C statuses).
pub(crate) fn at_least(mode: Mode, a: u8, b: u8) -> bool {
    use status::*;
    a == b
        || (a == LEAF2_DOMINATED && (b == LEAF2_OPEN || b == INERT))
        || (a == LEAF1_DOMINATED && (b == LEAF1_OPEN || b == INERT))
        || (mode == Mode::Solve && a == INERT && b == LEAF1_OPEN)
        || (a == C_DONE && (b == C_NEEDS_FEEDER || b == C_NEEDS_VALUE_ONE))
}

/// Drops every state dominated by another of the layer: same components, roots and keep
/// fates, and per square a status offering at least as much ([`at_least`]). Every
/// completion of a dominated state completes its dominator too (each transition and
/// every obligation check is monotone in the status order), with the same keep fates,
/// so neither verdicts nor remainder sets change. Charges `clock` one unit per pair of
/// states compared; `None` once it has run out.
pub(super) fn prune_dominated(
    mode: Mode,
    states: Vec<State>,
    entries: Vec<Entry>,
    clock: &mut Clock,
) -> Option<(Vec<State>, Vec<Entry>)> {
    if states.len() < 2 {
        return Some((states, entries));
    }
    // Bucket by everything but the statuses within a class (leaf / C / bare).
    let class = |s: u8| match s {
        status::C_BARE => 2u8,
        s if status::is_c(s) => 1,
        _ => 0,
    };
    type Bucket = (Slots, Slots, u64, u64, bool);
    let mut buckets: FxHashMap<Bucket, Vec<usize>> = FxHashMap::default();
    for (i, s) in states.iter().enumerate() {
        let classes: Slots = s.status.iter().map(|&x| class(x)).collect();
        buckets
            .entry((classes, s.component.clone(), s.rooted, s.kept, s.root_used))
            .or_default()
            .push(i);
    }
    let strength = |s: &State| -> usize {
        s.status
            .iter()
            .map(|&x| match x {
                status::LEAF2_DOMINATED | status::LEAF1_DOMINATED | status::C_DONE => 2,
                status::INERT => 1,
                _ => 0,
            })
            .sum()
    };
    let mut keep = vec![false; states.len()];
    for (_, mut members) in buckets {
        members.sort_by_cached_key(|&i| std::cmp::Reverse(strength(&states[i])));
        let mut kept: Vec<usize> = Vec::new();
        for i in members {
            if clock.charge(kept.len() as u64 + 1) {
                return None;
            }
            let dominated = kept.iter().any(|&k| {
                states[k]
                    .status
                    .iter()
                    .zip(&states[i].status)
                    .all(|(&a, &b)| at_least(mode, a, b))
            });
            if !dominated {
                kept.push(i);
                keep[i] = true;
            }
        }
    }
    Some(
        states
            .into_iter()
            .zip(entries)
            .zip(keep)
            .filter(|(_, k)| *k)
            .map(|(pair, _)| pair)
            .unzip(),
    )
}
