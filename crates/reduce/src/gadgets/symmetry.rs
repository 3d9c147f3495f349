//! The eight symmetries of the square grid, which map a gadget onto an equivalent one.

use std::fmt;

use sat2chess_core::board::Square;
use sat2chess_core::label::Direction;

/// One of the eight symmetries of the square grid; it maps a king or knight gadget onto
/// an equivalent one, since both pieces move the same in every orientation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Symmetry {
    /// Swap rows and columns first.
    pub(crate) transpose: bool,
    /// Then mirror top-bottom.
    pub(crate) flip_rows: bool,
    /// Then mirror left-right.
    pub(crate) flip_cols: bool,
}

impl Symmetry {
    pub(crate) const IDENTITY: Symmetry = Symmetry {
        transpose: false,
        flip_rows: false,
        flip_cols: false,
    };

    /// All eight symmetries, the identity first.
    pub fn all() -> impl Iterator<Item = Symmetry> {
        (0..8u8).map(|bits| Symmetry {
            transpose: bits & 4 != 0,
            flip_rows: bits & 1 != 0,
            flip_cols: bits & 2 != 0,
        })
    }

    /// Maps a square of a `rows × cols` box into the transformed box.
    pub fn square(self, square: Square, rows: u32, cols: u32) -> Square {
        let (mut r, mut c, mut rows, mut cols) = (square.row, square.col, rows, cols);
        if self.transpose {
            (r, c, rows, cols) = (c, r, cols, rows);
        }
        if self.flip_rows {
            r = rows + 1 - r;
        }
        if self.flip_cols {
            c = cols + 1 - c;
        }
        Square::new(r, c)
    }

    /// Maps a displacement (rows, columns) between two squares.
    pub fn vector(self, (mut dr, mut dc): (i64, i64)) -> (i64, i64) {
        if self.transpose {
            (dr, dc) = (dc, dr);
        }
        if self.flip_rows {
            dr = -dr;
        }
        if self.flip_cols {
            dc = -dc;
        }
        (dr, dc)
    }

    pub fn direction(self, direction: Direction) -> Direction {
        match self.vector(direction.delta()) {
            (-1, 0) => Direction::North,
            (1, 0) => Direction::South,
            (0, 1) => Direction::East,
            _ => Direction::West,
        }
    }
}

impl std::str::FromStr for Symmetry {
    type Err = String;

    /// Parses the [`fmt::Display`] form: `identity` or `+`-joined `transpose`, `flip-rows`, `flip-cols`.
    fn from_str(text: &str) -> Result<Symmetry, String> {
        let mut symmetry = Symmetry::IDENTITY;
        if text == "identity" {
            return Ok(symmetry);
        }
        for part in text.split('+') {
            match part {
                "transpose" => symmetry.transpose = true,
                "flip-rows" => symmetry.flip_rows = true,
                "flip-cols" => symmetry.flip_cols = true,
                _ => {
                    return Err(format!(
                        "`{part}` is not a symmetry (identity, transpose, flip-rows, flip-cols, joined by +)"
                    ));
                }
            }
        }
        Ok(symmetry)
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<&str> = [
            (self.transpose, "transpose"),
            (self.flip_rows, "flip-rows"),
            (self.flip_cols, "flip-cols"),
        ]
        .into_iter()
        .filter_map(|(on, name)| on.then_some(name))
        .collect();
        if parts.is_empty() {
            f.write_str("identity")
        } else {
            f.write_str(&parts.join("+"))
        }
    }
}
