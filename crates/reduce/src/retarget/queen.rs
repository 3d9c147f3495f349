//! Rook → queen: new row and column coordinates, in the old order, such that no two
//! occupied squares share a diagonal (Brunner et al., `001_…`, Cor. 3.4, with a smaller
//! extent than its uniform scaling by h + 1).
//!
//! Why it is exact (the two conditions of [`super`]): the new coordinates are strictly
//! increasing functions R, C of the old row and column, so two squares share a row
//! (column) after the map exactly when they did before, and along a row (column) the
//! order of the occupied squares is kept, hence the occupied squares between two aligned
//! ones map onto those between their images. No two images share a diagonal, so a queen
//! on an image square reaches another image square exactly along a row or a column, like
//! the rook; the empty squares a diagonal would cross never matter, since every move must
//! capture.
//!
//! The coordinates are chosen greedily (written by hand: no crate assigns
//! diagonal-free coordinates): the occupied rows keep their order but close up to
//! 1, 2, …, h′, and the occupied columns get, from left to right, the smallest
//! coordinate after the previous one at which no square of the column shares a diagonal
//! with a square already placed (two hash sets of the occupied diagonals). Distance h′ to
//! the previous column is always free, so this is never wider than uniform scaling of the
//! closed-up rows; in O(p + Σ tried × column size) hash look-ups, at most O(p·h′). The
//! same is tried with rows and columns swapped and the smaller area kept.

use sat2chess_core::board::{Board, Square};

use super::Extent;

/// New coordinates `(row, col)` for every square, in input order, and their extent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Spread {
    pub squares: Vec<(u64, u64)>,
    pub extent: Extent,
}

impl Spread {
    fn transposed(self) -> Spread {
        Spread {
            squares: self.squares.into_iter().map(|(r, c)| (c, r)).collect(),
            extent: Extent {
                rows: self.extent.cols,
                cols: self.extent.rows,
            },
        }
    }
}

/// Order-keeping coordinates for `squares` (distinct) under which no two of them share a
/// diagonal: columns spread over closed-up rows, or rows spread over closed-up columns,
/// whichever has the smaller area (then the smaller longer side; ties: columns spread).
pub(crate) fn spread(squares: &[Square]) -> Spread {
    let points: Vec<(u32, u32)> = squares.iter().map(|s| (s.row, s.col)).collect();
    let by_columns = spread_columns(&points);
    let swapped: Vec<(u32, u32)> = points.iter().map(|&(r, c)| (c, r)).collect();
    let by_rows = spread_columns(&swapped).transposed();
    let key = |spread: &Spread| {
        let Extent { rows, cols } = spread.extent;
        (cols > u32::MAX.into(), spread.extent.area(), rows.max(cols))
    };
    if key(&by_rows) < key(&by_columns) {
        by_rows
    } else {
        by_columns
    }
}

/// The extent of Cor. 3.4's uniform scaling of `board`: `h` empty columns inserted after
/// each of its first `w − 1` columns, `h × ((w − 1)(h + 1) + 1)`.
pub fn uniform_scaling(board: &Board) -> Extent {
    let (rows, cols) = (u64::from(board.rows()), u64::from(board.cols()));
    Extent {
        rows,
        cols: (cols - 1) * (rows + 1) + 1,
    }
}

/// Rows closed up to their ranks, columns placed greedily left to right (module doc).
/// Stops early, with a column past `u32::MAX`, when the board would not fit.
fn spread_columns(points: &[(u32, u32)]) -> Spread {
    let mut rows: Vec<u32> = points.iter().map(|&(row, _)| row).collect();
    rows.sort_unstable();
    rows.dedup();
    let height = rows.len();
    let rank = |row: u32| rows.binary_search(&row).expect("a row of the points") + 1;
    let mut order: Vec<usize> = (0..points.len()).collect();
    order.sort_unstable_by_key(|&i| (points[i].1, points[i].0));
    let mut squares = vec![(0, 0); points.len()];
    // Square (r, c) lies on anti-diagonal r + c and on diagonal r − c, stored as
    // height − r + c ≥ 0; both indices grow with c, so 64 candidate columns are
    // tested at once by reading 64 bits from each piece's two start indices.
    let mut anti_diagonals = Bits::default();
    let mut diagonals = Bits::default();
    let mut last_col = 0;
    for column in order.chunk_by(|&a, &b| points[a].1 == points[b].1) {
        let ranks: Vec<usize> = column.iter().map(|&i| rank(points[i].0)).collect();
        let mut first = last_col + 1;
        let col = loop {
            let taken = ranks.iter().fold(0, |taken, &r| {
                taken | anti_diagonals.window(r + first) | diagonals.window(height - r + first)
            });
            if taken != u64::MAX {
                break first + taken.trailing_ones() as usize;
            }
            first += 64;
        };
        for (&i, &r) in column.iter().zip(&ranks) {
            anti_diagonals.insert(r + col);
            diagonals.insert(height - r + col);
            squares[i] = (r as u64, col as u64);
        }
        last_col = col;
        if col > u32::MAX as usize {
            break;
        }
    }
    Spread {
        squares,
        extent: Extent {
            rows: (height as u64).max(1),
            cols: (last_col as u64).max(1),
        },
    }
}

/// A growable set of small non-negative integers, one bit each (written by hand: the
/// only operation needed beyond insert, reading 64 consecutive bits at any offset, is
/// not offered by the allowed crates).
#[derive(Default)]
struct Bits(Vec<u64>);

impl Bits {
    fn insert(&mut self, index: usize) {
        let word = index / 64;
        if word >= self.0.len() {
            self.0.resize(word + 1, 0);
        }
        self.0[word] |= 1 << (index % 64);
    }

    /// Bit `j` of the result is whether `start + j` is in the set.
    fn window(&self, start: usize) -> u64 {
        let (word, shift) = (start / 64, start % 64);
        let at = |w: usize| self.0.get(w).copied().unwrap_or(0);
        if shift == 0 {
            at(word)
        } else {
            at(word) >> shift | at(word + 1) << (64 - shift)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn squares(points: &[(u32, u32)]) -> Vec<Square> {
        points.iter().map(|&(r, c)| Square::new(r, c)).collect()
    }

    #[test]
    fn a_full_square_needs_a_gap_of_its_height() {
        let full: Vec<(u32, u32)> = (1..=4).flat_map(|r| (1..=4).map(move |c| (r, c))).collect();
        let spread = spread(&squares(&full));
        assert_eq!(spread.extent, Extent { rows: 4, cols: 13 });
        assert_eq!(spread.squares[1], (1, 5));
    }

    #[test]
    fn sparse_rows_close_up_and_diagonal_free_boards_stay_compact() {
        let row = spread(&squares(&[(5, 3), (5, 40), (5, 90)]));
        assert_eq!(row.squares, vec![(1, 1), (1, 2), (1, 3)]);
        let corner = spread(&squares(&[(10, 1), (1, 30), (10, 30)]));
        assert_eq!(corner.squares, vec![(2, 1), (1, 3), (2, 3)]);
        assert_eq!(corner.extent, Extent { rows: 2, cols: 3 });
    }

    #[test]
    fn a_diagonal_pair_is_pushed_apart() {
        let spread = spread(&squares(&[(1, 1), (2, 2)]));
        assert_eq!(spread.extent.area(), 6);
        let [(r1, c1), (r2, c2)] = spread.squares[..] else {
            panic!("two squares")
        };
        assert_ne!(r1.abs_diff(r2), c1.abs_diff(c2));
        assert!(r1 < r2 && c1 < c2);
    }
}
