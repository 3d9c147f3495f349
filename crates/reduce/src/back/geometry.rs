//! Tile geometry shared by the tile-based backends: board points during construction,
//! the end of a wire under construction ([`Turtle`]), a tile's box with its wire bands
//! ([`Frame`]), how far a design reaches from its bands ([`Reach`]), the colour parity
//! tile sides keep ([`SideParity`]), and the eight symmetries that map a canonical
//! design onto its tile ([`map_point`], [`symmetry_for`]).

use crate::gadgets::Symmetry;
use sat2chess_core::board::Square;
use sat2chess_core::label::Direction;

/// A board square during construction: (row, col), 0-based, may be negative.
pub type P = (i64, i64);

/// A signal cross-section: the two squares of a wire column or port.
pub type Column = [P; 2];

pub(crate) fn shift(p: P, d: Direction, k: i64) -> P {
    let (dr, dc) = d.delta();
    (p.0 + dr * k, p.1 + dc * k)
}

pub(crate) fn sorted(mut pair: Column) -> Column {
    pair.sort_unstable();
    pair
}

pub(crate) fn to_p(s: Square) -> P {
    (i64::from(s.row), i64::from(s.col))
}

/// The 1-based board square of a 0-based point on the board.
pub(crate) fn to_square(p: P) -> Square {
    Square::new((p.0 + 1) as u32, (p.1 + 1) as u32)
}

pub(crate) fn from_square(s: Square) -> P {
    (i64::from(s.row) - 1, i64::from(s.col) - 1)
}

/// `length` lines from `start` shared out among `count` pieces (at least one) in whole
/// `unit`s, the first ones a unit longer where the units do not divide evenly: each
/// piece's first line and size.
pub(crate) fn share_out(
    start: i64,
    length: i64,
    count: i64,
    unit: i64,
) -> impl Iterator<Item = (i64, i64)> {
    let count = count.max(1);
    let units = length / unit;
    let (share, extra) = (units / count, units % count);
    (0..count).scan(start, move |next, k| {
        let size = (share + i64::from(k < extra)) * unit;
        let piece = (*next, size);
        *next += size;
        Some(piece)
    })
}

/// Coordinate of `p` along the axis of `flow`.
pub(crate) fn along(p: P, flow: Direction) -> i64 {
    match flow {
        Direction::North | Direction::South => p.0,
        Direction::East | Direction::West => p.1,
    }
}

/// The end of a wire under construction: its last column and the signal direction.
#[derive(Clone, Copy, Debug)]
pub struct Turtle {
    pub last: Column,
    pub flow: Direction,
}

impl Turtle {
    /// Coordinate of the last column along the flow axis.
    pub fn along(&self) -> i64 {
        along(self.last[0], self.flow)
    }
}

/// Colour constraint on tile sides. A backend whose wires alternate square colour
/// (Knight, thesis §6.1) needs every tile to land on the board with a known colour;
/// [`SideParity::Even`] rounds every tile row's height and column's width up to an even
/// number, so every tile's top-left square is dark (row + col even, 0-based) and
/// [`Frame::colour`] tells a design the colour its canonical top-left square gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SideParity {
    /// Tiles are as large as their designs need (King: all squares are alike).
    Any,
    /// Tile sides are even.
    Even,
    /// Tile sides and wire bands are multiples of four (Knight: a straight wire repeats
    /// every four squares and its border column must be dark on either side of every
    /// tile, so a tile side is a whole number of wire periods). A band on a multiple of
    /// four lands two lines off one in a flipped tile, so the phase of a tile's canonical
    /// frame follows from its symmetry alone ([`SideParity::phase`]).
    Quad,
}

/// The phase of a canonical tile frame: its colour and its row and column bands modulo
/// four (all zero unless [`SideParity::Quad`]). A Knight design needs more or less room
/// depending on where its gadget's ports fall on the wires of its bands.
pub(crate) type Phase = (u8, i64, i64);

impl SideParity {
    /// The side a tile row (column) of at least `needed` squares gets.
    pub fn side(self, needed: i64) -> i64 {
        match self {
            SideParity::Any => needed,
            SideParity::Even => needed + needed % 2,
            SideParity::Quad => needed + (4 - needed % 4) % 4,
        }
    }

    /// Where a tile's band starts when the design needs `up` lines before it.
    pub fn band(self, up: i64) -> i64 {
        match self {
            SideParity::Any | SideParity::Even => up,
            SideParity::Quad => self.side(up),
        }
    }

    /// The phase of the canonical frame of a tile that symmetry `s` turns (bands and
    /// sides of [`SideParity::Quad`]: the colour of the canonical top-left square is the
    /// parity of the flips, and a flipped axis puts its band two lines off a multiple of
    /// four).
    pub fn phase(self, s: Symmetry) -> Phase {
        if self != SideParity::Quad {
            return (0, 0, 0);
        }
        let colour = (u8::from(s.flip_rows) + u8::from(s.flip_cols)) % 2;
        let (rows, cols) = (2 * i64::from(s.flip_rows), 2 * i64::from(s.flip_cols));
        if s.transpose {
            (colour, cols, rows)
        } else {
            (colour, rows, cols)
        }
    }
}

/// A tile's box in its design's canonical orientation: `rows × cols` squares (0-based,
/// top-left origin), horizontal wires in the row band `band_row, band_row + 1`, vertical
/// wires in the column band `band_col, band_col + 1`; `colour` is the colour
/// ((row + col) mod 2 on the board) of the canonical top-left square, always 0 for a
/// backend with [`SideParity::Any`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Frame {
    pub rows: i64,
    pub cols: i64,
    pub(crate) band_row: i64,
    pub(crate) band_col: i64,
    pub colour: u8,
}

impl Frame {
    /// The smallest frame of `phase` with sides of `parity` that holds a design of reach
    /// `r`.
    pub(crate) fn tight_in(r: Reach, parity: SideParity, (colour, row, col): Phase) -> Frame {
        let band = |up: i64, phase: i64| {
            let band = parity.band(up);
            if parity == SideParity::Quad && (band - phase).rem_euclid(4) != 0 {
                band + 2
            } else {
                band
            }
        };
        let (band_row, band_col) = (band(r.up, row), band(r.left, col));
        Frame {
            rows: parity.side(band_row + 2 + r.down),
            cols: parity.side(band_col + 2 + r.right),
            band_row,
            band_col,
            colour,
        }
    }

    /// Where (along the flow) a wire leaving the tile toward `flow` has its last column.
    pub fn exit(&self, flow: Direction) -> i64 {
        match flow {
            Direction::East => self.cols - 1,
            Direction::South => self.rows - 1,
            Direction::West | Direction::North => 0,
        }
    }

    /// The frame of the canonical design that symmetry `s` maps onto this (board) frame
    /// (the colour is left to the caller, who knows the tile's origin).
    pub fn canonical(&self, s: Symmetry) -> Frame {
        let mut band_row = self.band_row;
        let mut band_col = self.band_col;
        if s.flip_rows {
            band_row = self.rows - 2 - band_row;
        }
        if s.flip_cols {
            band_col = self.cols - 2 - band_col;
        }
        if s.transpose {
            Frame {
                rows: self.cols,
                cols: self.rows,
                band_row: band_col,
                band_col: band_row,
                colour: self.colour,
            }
        } else {
            Frame {
                rows: self.rows,
                cols: self.cols,
                band_row,
                band_col,
                colour: self.colour,
            }
        }
    }

    /// The squares a design may use on each side of the bands.
    pub fn room(&self) -> Reach {
        Reach {
            up: self.band_row,
            down: self.rows - 2 - self.band_row,
            left: self.band_col,
            right: self.cols - 2 - self.band_col,
        }
    }

    /// Whether `p` lies inside the tile.
    pub fn contains(&self, p: P) -> bool {
        (0..self.rows).contains(&p.0) && (0..self.cols).contains(&p.1)
    }
}

/// How many rows (columns) a tile design needs above and below its row band (left and
/// right of its column band), counting one empty line of margin toward the tile's border,
/// so that the pieces of neighbouring tiles only meet where a wire crosses the border.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Reach {
    pub up: i64,
    pub down: i64,
    pub left: i64,
    pub right: i64,
}

impl Reach {
    /// The same reach on every side.
    pub fn uniform(lines: i64) -> Reach {
        Reach {
            up: lines,
            down: lines,
            left: lines,
            right: lines,
        }
    }

    pub fn max(self, other: Reach) -> Reach {
        Reach {
            up: self.up.max(other.up),
            down: self.down.max(other.down),
            left: self.left.max(other.left),
            right: self.right.max(other.right),
        }
    }

    pub fn fits(self, room: Reach) -> bool {
        self.up <= room.up
            && self.down <= room.down
            && self.left <= room.left
            && self.right <= room.right
    }

    /// The reach mirrored in the main diagonal.
    fn transposed(self) -> Reach {
        Reach {
            up: self.left,
            down: self.right,
            left: self.up,
            right: self.down,
        }
    }

    /// The reach on the canonical design of a reach `s` turns it into
    /// (the inverse of [`Reach::transformed`]).
    pub(crate) fn untransformed(self, s: Symmetry) -> Reach {
        let mut r = self;
        if s.flip_rows {
            std::mem::swap(&mut r.up, &mut r.down);
        }
        if s.flip_cols {
            std::mem::swap(&mut r.left, &mut r.right);
        }
        if s.transpose {
            r = r.transposed();
        }
        r
    }

    /// The reach of a design turned by `s`.
    pub fn transformed(self, s: Symmetry) -> Reach {
        let mut r = self;
        if s.transpose {
            r = r.transposed();
        }
        if s.flip_rows {
            std::mem::swap(&mut r.up, &mut r.down);
        }
        if s.flip_cols {
            std::mem::swap(&mut r.left, &mut r.right);
        }
        r
    }
}

/// Maps a square of a canonical design onto the board: symmetry `s` turns it into a
/// `rows × cols` tile whose top-left square is `origin`.
pub(crate) fn map_point(s: Symmetry, p: P, rows: i64, cols: i64, origin: P) -> P {
    let (mut r, mut c) = p;
    if s.transpose {
        (r, c) = (c, r);
    }
    if s.flip_rows {
        r = rows - 1 - r;
    }
    if s.flip_cols {
        c = cols - 1 - c;
    }
    (r + origin.0, c + origin.1)
}

/// The symmetry mapping each `from` side to its `to` side.
pub(crate) fn symmetry_for(pairs: &[(Direction, Direction)]) -> Option<Symmetry> {
    Symmetry::all().find(|s| pairs.iter().all(|&(a, b)| s.direction(a) == b))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn colour(p: P) -> i64 {
        (p.0 + p.1).rem_euclid(2)
    }

    /// Every symmetry keeps the colour difference of two squares, so a design that knows
    /// the colour its canonical top-left square lands on ([`Frame::colour`]) knows the
    /// colour of each of its squares on the board.
    #[test]
    fn symmetries_keep_colour_differences() {
        for s in Symmetry::all() {
            for (rows, cols, origin) in [(6, 8, (0, 0)), (7, 4, (3, 8)), (5, 5, (1, 2))] {
                let corner = colour(map_point(s, (0, 0), rows, cols, origin));
                for p in [(0, 1), (2, 3), (4, 1), (3, 3), (1, 4)] {
                    let on_board = map_point(s, p, rows, cols, origin);
                    assert_eq!(colour(on_board), (corner + colour(p)) % 2, "{s} {p:?}");
                }
            }
        }
    }

    #[test]
    fn even_sides_round_up() {
        assert_eq!(SideParity::Even.side(7), 8);
        assert_eq!(SideParity::Even.side(8), 8);
        assert_eq!(SideParity::Any.side(7), 7);
        assert_eq!(SideParity::Quad.side(9), 12);
        assert_eq!(SideParity::Quad.side(8), 8);
        assert_eq!(SideParity::Quad.band(5), 8);
        assert_eq!(SideParity::Quad.band(8), 8);
    }
}
