//! The independent checker of n-Queens completions (Problem 2): it shares no code with the
//! reductions or the solver. A completion is valid when the pre-placed queens and the
//! added ones are exactly `n` queens on the board, on distinct squares, and no two share
//! a row, column or diagonal.

use rustc_hash::FxHashMap;

use super::Queen;

/// The first thing wrong with a completion.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Violation {
    #[error("queen {0} lies outside the {1}x{1} board")]
    Outside(Queen, i64),
    #[error("queen {0} is placed on a square that is already occupied")]
    Occupied(Queen),
    #[error("{got} queens in all, but an n-Queens solution has n = {n}")]
    WrongCount { n: i64, got: usize },
    #[error("queens {0} and {1} attack each other along a {2}")]
    Attack(Queen, Queen, &'static str),
}

/// Checks that `preplaced ∪ added` is a solution of `n`-Queens containing `preplaced`.
pub fn check_completion(n: i64, preplaced: &[Queen], added: &[Queen]) -> Result<(), Violation> {
    let mut squares: FxHashMap<Queen, ()> = FxHashMap::default();
    for &q in preplaced.iter().chain(added) {
        if !(0..n).contains(&q.col) || !(0..n).contains(&q.row) {
            return Err(Violation::Outside(q, n));
        }
        if squares.insert(q, ()).is_some() {
            return Err(Violation::Occupied(q));
        }
    }
    if squares.len() as i64 != n {
        return Err(Violation::WrongCount {
            n,
            got: squares.len(),
        });
    }
    let mut seen: FxHashMap<(u8, i64), Queen> = FxHashMap::default();
    for &q in preplaced.iter().chain(added) {
        let lines = [
            (0, q.col, "column"),
            (1, q.row, "row"),
            (2, q.col + q.row, "sum-diagonal"),
            (3, q.col - q.row, "difference-diagonal"),
        ];
        for (kind, value, name) in lines {
            if let Some(&other) = seen.get(&(kind, value)) {
                return Err(Violation::Attack(other, q, name));
            }
            seen.insert((kind, value), q);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_a_solution_and_names_each_fault() {
        let four = [
            Queen::new(0, 1),
            Queen::new(1, 3),
            Queen::new(2, 0),
            Queen::new(3, 2),
        ];
        assert_eq!(check_completion(4, &four[..1], &four[1..]), Ok(()));
        assert_eq!(
            check_completion(4, &four[..1], &four[1..3]),
            Err(Violation::WrongCount { n: 4, got: 3 })
        );
        assert_eq!(
            check_completion(4, &four, &[Queen::new(0, 1)]),
            Err(Violation::Occupied(Queen::new(0, 1)))
        );
        assert_eq!(
            check_completion(4, &[], &[Queen::new(4, 0)]),
            Err(Violation::Outside(Queen::new(4, 0), 4))
        );
        let diagonal = [
            Queen::new(0, 0),
            Queen::new(1, 1),
            Queen::new(2, 3),
            Queen::new(3, 2),
        ];
        assert!(matches!(
            check_completion(4, &[], &diagonal),
            Err(Violation::Attack(_, _, "difference-diagonal"))
        ));
    }
}
