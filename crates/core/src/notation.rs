//! How captures are written for people: algebraic notation as chess players (and
//! chess.com) write it, `Qg3xe5` — the mover's letter (none for a pawn: `e4xd5`), its
//! square, `x`, the captured square — or the coordinates `sat2chess` uses everywhere
//! else, `Q (6,7) x R (4,5)` (1-based `(row, col)`, row 1 at the top).
//!
//! An algebraic square is a file letter and a rank: file `a` is column 1, `b` column 2 …
//! `z` column 26; the rank counts rows from the bottom (rank = rows − row + 1), so on an
//! 8×8 board row 1 is rank 8. Boards of more than 26 columns have no algebraic names.

use crate::board::{PieceKind, Square};
use crate::choice::Choice;
use crate::rules::Move;

/// The most columns algebraic notation names (files `a` to `z`).
pub const MAX_FILES: u32 = 26;

/// How moves are written (`--notation`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// `Qg3xe5`: piece letter (none for pawns), from-square, `x`, to-square.
    Algebraic,
    /// `Q (6,7) x R (4,5)`: 1-based `(row, col)` squares, row 1 at the top.
    Coords,
}

impl Choice for Notation {
    const CHOICES: &'static [(Self, &'static str, &'static str)] = &[
        (
            Notation::Algebraic,
            "algebraic",
            "chess notation, Qg3xe5 (files a.. from column 1, rank 1 the bottom row; at most 26 columns)",
        ),
        (
            Notation::Coords,
            "coords",
            "(row,col) squares, row 1 at the top: Q (6,7) x R (4,5)",
        ),
    ];
}

/// Why a square or capture has no algebraic form, or a text is not one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    #[error(
        "algebraic notation names at most {MAX_FILES} files (a to z), but the board has \
         {0} columns; use coordinates such as (2,30)"
    )]
    TooManyColumns(u32),
    #[error("the square {square} is outside the {rows}x{cols} board")]
    OffBoard {
        square: Square,
        rows: u32,
        cols: u32,
    },
    #[error("`{text}` is not a capture such as Qg3xe5 (or e4xd5 for a pawn): {reason}")]
    Malformed { text: String, reason: String },
}

/// Algebraic names on one board of `rows × cols` (at most [`MAX_FILES`] columns).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Algebraic {
    rows: u32,
    cols: u32,
}

impl Algebraic {
    /// Algebraic notation on a `rows × cols` board, or an error beyond [`MAX_FILES`] columns.
    pub fn new(rows: u32, cols: u32) -> Result<Algebraic, NotationError> {
        if cols > MAX_FILES {
            return Err(NotationError::TooManyColumns(cols));
        }
        Ok(Algebraic { rows, cols })
    }

    /// The name of `square`, e.g. `g3`.
    pub fn square(&self, square: Square) -> Result<String, NotationError> {
        if !(1..=self.rows).contains(&square.row) || !(1..=self.cols).contains(&square.col) {
            return Err(NotationError::OffBoard {
                square,
                rows: self.rows,
                cols: self.cols,
            });
        }
        let file = char::from(b'a' + (square.col - 1) as u8);
        Ok(format!("{file}{}", self.rows - square.row + 1))
    }

    /// The capture `mv` by a piece of kind `mover`: `Qg3xe5`, `e4xd5` for a pawn.
    pub fn capture(&self, mover: PieceKind, mv: Move) -> Result<String, NotationError> {
        let letter = match mover {
            PieceKind::Pawn => String::new(),
            other => other.letter().to_string(),
        };
        Ok(format!(
            "{letter}{}x{}",
            self.square(mv.from)?,
            self.square(mv.to)?
        ))
    }

    /// Reads a capture written as [`Algebraic::capture`] writes it: the mover's kind (a
    /// pawn when no letter is given; `P` is accepted too) and the move.
    pub fn parse_capture(&self, text: &str) -> Result<(PieceKind, Move), NotationError> {
        let malformed = |reason: &str| NotationError::Malformed {
            text: text.to_string(),
            reason: reason.to_string(),
        };
        let (mover, rest) = match text.chars().next() {
            Some(letter) if letter.is_ascii_uppercase() => {
                let kind = PieceKind::from_letter(letter).ok_or_else(|| {
                    malformed(&format!("`{letter}` is not a piece letter (K Q R B N P)"))
                })?;
                (kind, &text[1..])
            }
            _ => (PieceKind::Pawn, text),
        };
        // The from-square is a file letter and digits (file `x` is column 24, so the
        // separator is the first `x` after the rank's digits).
        let file_end = rest.chars().next().map_or(0, char::len_utf8);
        let from_end = file_end
            + rest[file_end..]
                .bytes()
                .take_while(u8::is_ascii_digit)
                .count();
        let (from, to) = rest[from_end..]
            .strip_prefix('x')
            .map(|to| (&rest[..from_end], to))
            .ok_or_else(|| malformed("expected `x` between the two squares"))?;
        let square = |name: &str| self.parse_square(name).map_err(|reason| malformed(&reason));
        Ok((mover, Move::new(square(from)?, square(to)?)))
    }

    /// The square named `name` (`g3`), or why it names none on this board.
    fn parse_square(&self, name: &str) -> Result<Square, String> {
        let mut chars = name.chars();
        let file = chars
            .next()
            .filter(char::is_ascii_lowercase)
            .ok_or_else(|| format!("`{name}` does not start with a file letter a..z"))?;
        let col = u32::from(file) - u32::from('a') + 1;
        if col > self.cols {
            return Err(format!(
                "file {file} is column {col}, but the board has {} columns",
                self.cols
            ));
        }
        let rank = chars.as_str();
        if rank.is_empty() || !rank.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("`{name}` has no rank number after its file"));
        }
        match rank.parse::<u32>() {
            Ok(rank) if (1..=self.rows).contains(&rank) => {
                Ok(Square::new(self.rows - rank + 1, col))
            }
            _ => Err(format!(
                "rank {rank} is outside the board's ranks 1..{}",
                self.rows
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chess_board_names_rank_8_at_the_top() {
        let chess = Algebraic::new(8, 8).unwrap();
        assert_eq!(chess.square(Square::new(1, 1)).unwrap(), "a8");
        assert_eq!(chess.square(Square::new(8, 8)).unwrap(), "h1");
        let mv = Move::new(Square::new(6, 7), Square::new(4, 5));
        assert_eq!(chess.capture(PieceKind::Queen, mv).unwrap(), "Qg3xe5");
        assert_eq!(chess.capture(PieceKind::Pawn, mv).unwrap(), "g3xe5");
        assert_eq!(
            chess.parse_capture("Qg3xe5").unwrap(),
            (PieceKind::Queen, mv)
        );
        assert_eq!(chess.parse_capture("g3xe5").unwrap(), (PieceKind::Pawn, mv));
    }

    #[test]
    fn refuses_wide_boards_and_bad_text() {
        assert_eq!(
            Algebraic::new(3, 27),
            Err(NotationError::TooManyColumns(27))
        );
        let chess = Algebraic::new(8, 8).unwrap();
        let wide = Algebraic::new(30, 26).unwrap();
        let mv = Move::new(Square::new(1, 24), Square::new(2, 24));
        assert_eq!(wide.capture(PieceKind::Rook, mv).unwrap(), "Rx30xx29");
        assert_eq!(
            wide.parse_capture("Rx30xx29").unwrap(),
            (PieceKind::Rook, mv)
        );
        for bad in [
            "Qg3e5", "Xg3xe5", "Qi3xe5", "Qg9xe5", "Qg0xe5", "Qgxe5", "Qg3xE5",
        ] {
            assert!(chess.parse_capture(bad).is_err(), "{bad}");
        }
        assert!(chess.square(Square::new(9, 1)).is_err());
    }
}
