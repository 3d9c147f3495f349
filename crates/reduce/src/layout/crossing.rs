//! Logic of the King wire crossing (thesis §5.6, Fig. 5.15, Tables 5.1 and 5.2).
//!
//! The crossing takes the through signal `a` and the replaced signal `b`. A fresh Double
//! Assignment (Fig. 5.8) for `b̃` emits `b̃` once — it continues the replaced wire — and
//! `¬b̃` twice. The functions `f`, `g`, `h` combine them into
//! `F(a, b, ¬b̃) = h(g(f(a, ¬b̃), b), ¬b̃)`, which is the error value −1 unless `b̃ ≤ b`
//! and otherwise equals `a` (Lemma 5.13). Signals are King signal values 0…2, −1 = error.

/// The error value: the gadget cannot be cleared.
pub(crate) const ERROR: i8 = -1;

/// The outputs of a Double Assignment (Fig. 5.8) set to `value`: `x` and two copies of `¬x`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DoubleAssignment {
    pub positive: i8,
    pub negative: [i8; 2],
}

impl DoubleAssignment {
    pub fn new(value: bool) -> DoubleAssignment {
        let negative = i8::from(!value);
        DoubleAssignment {
            positive: i8::from(value),
            negative: [negative, negative],
        }
    }
}

/// Function `f(a, ¬b̃)` of Table 5.2 (the `g` gadget with flipped inputs).
pub fn f(a: i8, not_b_tilde: i8) -> i8 {
    g(not_b_tilde, a)
}

/// Function `g(f, b)` of Table 5.2 (Lemma 5.11).
pub fn g(f: i8, b: i8) -> i8 {
    match (f, b) {
        (0, 0) => 0,
        (0, _) => 1,
        (1, 0) => 0,
        (1, _) => 2,
        (_, _) if f >= 2 => 2,
        _ => ERROR,
    }
}

/// Function `h(g, ¬b̃)` of Table 5.2 (Lemma 5.12).
pub fn h(g: i8, not_b_tilde: i8) -> i8 {
    match (g, not_b_tilde) {
        (0, 0) => ERROR,
        (0, _) | (1, _) => 0,
        (_, _) if g >= 2 => 1,
        _ => ERROR,
    }
}

/// `F(a, b, ¬b̃)` of Table 5.1.
pub fn combined(a: i8, b: i8, not_b_tilde: i8) -> i8 {
    h(g(f(a, not_b_tilde), b), not_b_tilde)
}

/// Evaluates a crossing on Boolean inputs: the Double Assignment takes the largest value
/// that does not make `F` fail (each gadget evaluates to its maximum, §5.1), and the
/// result is `(through output, replaced output)`.
pub fn evaluate(through: bool, replaced: bool) -> (bool, bool) {
    [true, false]
        .into_iter()
        .find_map(|b_tilde| {
            let double = DoubleAssignment::new(b_tilde);
            let checked = g(f(i8::from(through), double.negative[0]), i8::from(replaced));
            match h(checked, double.negative[1]) {
                ERROR => None,
                out => Some((out == 1, double.positive == 1)),
            }
        })
        .expect("b̃ = 0 never fails: F(a, b, 1) = a")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decomposition_matches_table_5_1() {
        // Rows (a, b, ¬b̃, F) of Table 5.1.
        let table = [
            (0, 0, 0, -1),
            (0, 0, 1, 0),
            (0, 1, 0, 0),
            (0, 1, 1, 0),
            (1, 0, 0, -1),
            (1, 0, 1, 1),
            (1, 1, 0, 1),
            (1, 1, 1, 1),
        ];
        for (a, b, n, expected) in table {
            assert_eq!(combined(a, b, n), expected, "F({a}, {b}, {n})");
        }
    }

    #[test]
    fn table_5_2_rows() {
        assert_eq!([f(0, 0), f(0, 1), f(1, 0), f(1, 1)], [0, 0, 1, 2]);
        let g_rows = [g(0, 0), g(0, 1), g(1, 0), g(1, 1), g(2, 0), g(2, 1)];
        assert_eq!(g_rows, [0, 1, 0, 2, 2, 2]);
        let h_rows = [h(0, 0), h(0, 1), h(1, 0), h(1, 1), h(2, 0), h(2, 1)];
        assert_eq!(h_rows, [-1, 0, 0, 0, 1, 1]);
    }

    #[test]
    fn crossing_is_the_identity_on_both_wires() {
        for a in [false, true] {
            for b in [false, true] {
                assert_eq!(evaluate(a, b), (a, b));
            }
        }
    }
}
