//! Frontier status of a placed square (one byte per square of a DP state).

/// Done: imposes and offers nothing.
pub(crate) const INERT: u8 = 0;
/// Budget-1 leaf without an accepting C neighbour yet.
pub(crate) const LEAF1_OPEN: u8 = 1;
/// Budget-1 leaf next to an accepting C square; may still commit to a 0-root.
pub(crate) const LEAF1_DOMINATED: u8 = 2;
/// Budget-2 leaf without an accepting C neighbour yet; may still feed.
pub(crate) const LEAF2_OPEN: u8 = 3;
/// Budget-2 leaf next to an accepting C square; may still feed.
pub(crate) const LEAF2_DOMINATED: u8 = 4;
/// C square with every obligation met; accepts children.
pub(crate) const C_DONE: u8 = 5;
/// Inner square or 1-root still without its feeder.
pub(crate) const C_NEEDS_FEEDER: u8 = 6;
/// 0-root still without a child of value 1.
pub(crate) const C_NEEDS_VALUE_ONE: u8 = 7;
/// Bare root: no C neighbour, accepts no children.
pub(crate) const C_BARE: u8 = 8;

pub(crate) fn is_c(s: u8) -> bool {
    s >= C_DONE
}
pub(crate) fn accepts(s: u8) -> bool {
    (C_DONE..=C_NEEDS_VALUE_ONE).contains(&s)
}
pub(crate) fn is_feeder(s: u8) -> bool {
    s == LEAF2_OPEN || s == LEAF2_DOMINATED
}
pub(crate) fn is_one_leaf(s: u8) -> bool {
    s == LEAF1_OPEN || s == LEAF1_DOMINATED
}
