//! The King backend's type and how it reads a column of kings (thesis §5.2).

/// The King backend.
#[derive(Clone, Copy, Debug, Default)]
pub struct King;

/// Signal of a column of kings with these budgets: s = c − n + 1 (thesis §5.2), −1 when
/// empty.
pub(crate) fn read_column(budgets: impl Iterator<Item = u32>) -> i8 {
    let (mut c, mut n) = (0i64, 0i64);
    for budget in budgets {
        c += i64::from(budget);
        n += 1;
    }
    if n == 0 {
        -1
    } else {
        (c - n + 1).clamp(-1, 100) as i8
    }
}
