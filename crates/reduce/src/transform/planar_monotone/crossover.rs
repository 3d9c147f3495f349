//! The crossover: two implication wires crossing on the variable line (found by an
//! exhaustive search over small sided planar monotone formulas, checked here
//! exhaustively).
//!
//! Ten variables in line order `T1 T2 g0 g1 g2 g3 g4 T3 g5 T4`. Wire `a` enters at `T1`
//! and wire `b` at `T2`, both by arcs above the line from the left (`b`'s outside
//! `a`'s); `b` leaves at `T3` and `a` at `T4`, both by arcs below the line to the right
//! (`b`'s outside `a`'s). Without the gadget `a` and `b` would swap sides: their arcs
//! would cross. The gadget's fifteen clauses ([`CLAUSES`]) are planar with those four
//! arcs, and every model satisfies `T1 → T4` and `T2 → T3` while every assignment with
//! `T4 = T1` and `T3 = T2` extends to a model: an implication wire passes through
//! unchanged in both directions of the map.

use super::Side;

/// The number of variables of the gadget.
pub(super) const SLOTS: usize = 10;
/// The line slots of `T1` (wire `a` in), `T2` (`b` in), `T3` (`b` out), `T4` (`a` out).
pub(super) const TERMINALS: [usize; 4] = [0, 1, 7, 9];
/// The line slots of the six inner variables.
pub(super) const INNER: [usize; 6] = [2, 3, 4, 5, 6, 8];

/// The clauses: side and line slots (increasing).
pub(super) const CLAUSES: [(Side, &[usize]); 15] = [
    (Side::Negative, &[0, 6]),
    (Side::Negative, &[1, 2]),
    (Side::Negative, &[7, 8]),
    (Side::Negative, &[8, 9]),
    (Side::Negative, &[2, 3]),
    (Side::Negative, &[3, 4]),
    (Side::Negative, &[4, 5]),
    (Side::Positive, &[5, 6]),
    (Side::Positive, &[1, 2, 9]),
    (Side::Negative, &[1, 3, 5]),
    (Side::Positive, &[3, 4, 7]),
    (Side::Positive, &[3, 7, 8]),
    (Side::Positive, &[4, 5, 7]),
    (Side::Positive, &[2, 3, 9]),
    (Side::Positive, &[3, 8, 9]),
];

/// Whether the gadget's clauses hold when slot `s` has value `bit s` of `values`.
fn satisfied(values: u32) -> bool {
    CLAUSES.iter().all(|(side, slots)| {
        let wanted = *side == Side::Positive;
        slots.iter().any(|&s| (values >> s & 1 == 1) == wanted)
    })
}

/// Values of the inner variables ([`INNER`] order) completing wire values `a` (at `T1`
/// and `T4`) and `b` (at `T2` and `T3`) to a model.
pub(super) fn inner_values(a: bool, b: bool) -> [bool; 6] {
    let terminals = u32::from(a) | u32::from(b) << 1 | u32::from(b) << 7 | u32::from(a) << 9;
    let inner = (0..1u32 << INNER.len())
        .map(|bits| {
            INNER
                .iter()
                .enumerate()
                .fold(terminals, |v, (i, &s)| v | (bits >> i & 1) << s)
        })
        .find(|&values| satisfied(values))
        .expect("the crossover passes equal wire values (checked by its tests)");
    INNER.map(|s| inner >> s & 1 == 1)
}

#[cfg(test)]
mod tests {
    use super::super::MonotoneClause;
    use super::*;
    use sat2chess_core::formula::Var;

    /// The slot values of `T1 T2 T3 T4` in `values`.
    fn terminals(values: u32) -> [bool; 4] {
        TERMINALS.map(|s| values >> s & 1 == 1)
    }

    #[test]
    fn every_model_passes_both_implications_and_equal_wires_always_extend() {
        let mut projection = std::collections::BTreeSet::new();
        for values in 0..1u32 << SLOTS {
            if satisfied(values) {
                let [t1, t2, t3, t4] = terminals(values);
                assert!(!t1 || t4, "a model with T1 and not T4: {values:010b}");
                assert!(!t2 || t3, "a model with T2 and not T3: {values:010b}");
                projection.insert([t1, t2, t3, t4]);
            }
        }
        for a in [false, true] {
            for b in [false, true] {
                assert!(
                    projection.contains(&[a, b, b, a]),
                    "a={a} b={b} has no model"
                );
                let inner = inner_values(a, b);
                let values = INNER.iter().zip(inner).fold(
                    u32::from(a) | u32::from(b) << 1 | u32::from(b) << 7 | u32::from(a) << 9,
                    |v, (&s, x)| v | u32::from(x) << s,
                );
                assert!(satisfied(values));
            }
        }
    }

    #[test]
    fn the_gadget_is_planar_with_the_four_wire_arcs() {
        // Line: 0 = b's wire source (outside a's), 1 = a's source, 2..=11 the gadget,
        // 12 = a's destination, 13 = b's destination (outside a's).
        let at = |slot: usize| Var(slot as u32 + 2);
        let arc = |side, left: u32, right: u32| MonotoneClause {
            side,
            vars: vec![Var(left), Var(right)],
            level: 1,
        };
        let mut clauses = vec![
            arc(Side::Positive, 1, at(TERMINALS[0]).0),
            arc(Side::Positive, 0, at(TERMINALS[1]).0),
            arc(Side::Negative, at(TERMINALS[2]).0, 13),
            arc(Side::Negative, at(TERMINALS[3]).0, 12),
        ];
        clauses.extend(CLAUSES.iter().map(|(side, slots)| MonotoneClause {
            side: *side,
            vars: slots.iter().map(|&s| at(s)).collect(),
            level: 1,
        }));
        super::super::levels::assign_levels(&mut clauses);
        assert_eq!(super::super::levels::first_crossing(&clauses), None);
    }
}
