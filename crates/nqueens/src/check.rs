//! The independent checker of n-Queens completions (Problem 2): it shares no code with the
//! reductions or the solver. A completion is valid when the pre-placed queens and the
//! added ones are exactly `n` queens on the board, on distinct squares, and no two share
//! a row, column or diagonal.

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
    #[error("queen {0} shares its {1} with another queen")]
    Shared(Queen, &'static str),
    #[error("queen {0} is attacked by a pre-placed queen")]
    AttackedByPreplaced(Queen),
}

impl Violation {
    /// The violation as a user reads it: the queens as the squares of the `n × n` board
    /// file (1-based `(row,col)`, row 1 at the top; [`crate::board::square`]), not the
    /// paper's 0-based `(column, row)` counted from the bottom.
    pub fn on_board(&self, n: i64) -> String {
        let at = |q: &Queen| crate::board::square(n, *q);
        match self {
            Violation::Outside(q, n) => {
                format!("queen on {} lies outside the {n}x{n} board", at(q))
            }
            Violation::Occupied(q) => {
                format!(
                    "queen on {} is placed on a square that is already occupied",
                    at(q)
                )
            }
            Violation::WrongCount { .. } => self.to_string(),
            Violation::Attack(p, q, line) => {
                format!(
                    "queens on {} and {} attack each other along a {line}",
                    at(p),
                    at(q)
                )
            }
            Violation::Shared(q, line) => {
                format!("queen on {} shares its {line} with another queen", at(q))
            }
            Violation::AttackedByPreplaced(q) => {
                format!("queen on {} is attacked by a pre-placed queen", at(q))
            }
        }
    }
}

/// The line kinds a queen attacks along, with a value on each.
const LINES: [&str; 4] = ["column", "row", "sum-diagonal", "difference-diagonal"];

/// A completion checked queen by queen in `6n` bits (one per column, row and diagonal),
/// whatever the number of queens: [`CompletionCheck::add`] each queen, pre-placed or
/// added, then [`CompletionCheck::finish`].
pub(crate) struct CompletionCheck {
    n: i64,
    /// Occupied columns, rows, sum- and difference-diagonals.
    lines: [Vec<u64>; 4],
    queens: usize,
}

impl CompletionCheck {
    pub fn new(n: i64) -> CompletionCheck {
        let words = |lines: i64| vec![0u64; (lines.max(0) as usize).div_ceil(64)];
        CompletionCheck {
            n,
            lines: [words(n), words(n), words(2 * n), words(2 * n)],
            queens: 0,
        }
    }

    /// The line index of `q` on each kind (difference-diagonals shifted to `0..2n`).
    fn indices(&self, q: Queen) -> [usize; 4] {
        [q.col, q.row, q.col + q.row, q.col - q.row + self.n - 1].map(|v| v as usize)
    }

    /// Adds a queen; `Err`: it lies outside the board, or shares a line (named) with a
    /// queen added before.
    pub fn add(&mut self, q: Queen) -> Result<(), Violation> {
        if !(0..self.n).contains(&q.col) || !(0..self.n).contains(&q.row) {
            return Err(Violation::Outside(q, self.n));
        }
        let indices = self.indices(q);
        for (kind, &index) in indices.iter().enumerate() {
            if self.lines[kind][index / 64] & (1 << (index % 64)) != 0 {
                return Err(Violation::Shared(q, LINES[kind]));
            }
        }
        for (kind, &index) in indices.iter().enumerate() {
            self.lines[kind][index / 64] |= 1 << (index % 64);
        }
        self.queens += 1;
        Ok(())
    }

    /// Checks the count: `n` queens in all.
    pub fn finish(&self) -> Result<(), Violation> {
        if self.queens as i64 != self.n {
            return Err(Violation::WrongCount {
                n: self.n,
                got: self.queens,
            });
        }
        Ok(())
    }
}

/// Checks that `preplaced ∪ added` is a solution of `n`-Queens containing `preplaced`
/// (`CompletionCheck`; a conflict names both queens).
pub fn check_completion(n: i64, preplaced: &[Queen], added: &[Queen]) -> Result<(), Violation> {
    let mut check = CompletionCheck::new(n);
    let queens = || preplaced.iter().chain(added).copied();
    for (index, q) in queens().enumerate() {
        match check.add(q) {
            Ok(()) => {}
            Err(Violation::Shared(_, line)) => {
                let kind = LINES.iter().position(|&l| l == line).unwrap_or(0);
                let other = queens()
                    .take(index)
                    .find(|&p| check.indices(p)[kind] == check.indices(q)[kind])
                    .unwrap_or(q);
                return Err(if other == q {
                    Violation::Occupied(q)
                } else {
                    Violation::Attack(other, q, line)
                });
            }
            Err(violation) => return Err(violation),
        }
    }
    check.finish()
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
        // Queen (4, 0) of a 4 × 4 board is row 4, column 5 of its file.
        assert_eq!(
            Violation::Outside(Queen::new(4, 0), 4).on_board(4),
            "queen on (4,5) lies outside the 4x4 board"
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
