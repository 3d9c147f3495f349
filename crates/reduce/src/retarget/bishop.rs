//! Rook → bishop: the board turned by 45° (Brunner et al., `001_…`, Cor. 3.5),
//! φ(r, c) = (r + c − a, c − r − b), with the shifts a, b chosen so that the occupied
//! squares' smallest new row and column are 1.
//!
//! Why it is exact (the two conditions of [`super`]): φ is affine with linear part
//! L(dr, dc) = (dr + dc, dc − dr), of determinant 2, so it is injective, and every image
//! has row + column = 2c − a − b: one square colour.
//! 1. A bishop reaches φ(t) from φ(s) iff the difference (x, y) = L(dr, dc) has
//!    |x| = |y| ≠ 0. Now x = y ⇔ dr = 0 (a row) and x = −y ⇔ dc = 0 (a column), so the
//!    images share a diagonal exactly when the originals share a row or column; s ≠ t
//!    gives (x, y) ≠ 0. Images of squares on a common diagonal may share a row or column
//!    of the new board, but bishops never use those lines: no spreading is needed.
//! 2. If t = s + k·e for a unit step e along a row or column, the squares strictly between
//!    are s + j·e, 0 < j < k, and φ(s + j·e) = φ(s) + j·L(e) where L(e) = (±1, ±1) is a
//!    unit diagonal step. So the squares strictly between φ(s) and φ(t) on their diagonal
//!    are exactly the images of the squares between s and t; as φ is injective, an
//!    occupied square lies between the images iff its preimage lies between s and t.

use sat2chess_core::board::Square;

use super::Extent;

/// The images `(row, col)` of `squares`, in input order, and the extent they span.
/// O(p) time, O(p) memory.
pub(crate) fn rotate(squares: &[Square]) -> (Vec<(u64, u64)>, Extent) {
    let turned: Vec<(i64, i64)> = squares
        .iter()
        .map(|s| {
            let (r, c) = (i64::from(s.row), i64::from(s.col));
            (r + c, c - r)
        })
        .collect();
    let min_row = turned.iter().map(|&(u, _)| u).min().unwrap_or(0);
    let min_col = turned.iter().map(|&(_, v)| v).min().unwrap_or(0);
    let images: Vec<(u64, u64)> = turned
        .into_iter()
        .map(|(u, v)| ((u - min_row + 1) as u64, (v - min_col + 1) as u64))
        .collect();
    let extent = Extent {
        rows: images.iter().map(|&(r, _)| r).max().unwrap_or(1),
        cols: images.iter().map(|&(_, c)| c).max().unwrap_or(1),
    };
    (images, extent)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rook_lines_become_diagonals_on_one_colour() {
        let squares = [Square::new(1, 1), Square::new(1, 3), Square::new(3, 1)];
        let (images, extent) = rotate(&squares);
        assert_eq!(images, vec![(1, 3), (3, 5), (3, 1)]);
        assert_eq!(extent, Extent { rows: 3, cols: 5 });
        assert!(images.iter().all(|&(r, c)| (r + c) % 2 == 0));
    }
}
