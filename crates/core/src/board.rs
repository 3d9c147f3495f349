//! Sparse Solo Chess boards (thesis §3.1–3.2): an `rows × cols` rectangle, 1-based
//! coordinates with (1,1) at the top left, and a list of pieces, each with a budget
//! (captures left). Nothing here ever allocates `rows × cols`.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A square `(row, col)`, both 1-based; row 1 is the top row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Square {
    pub row: u32,
    pub col: u32,
}

impl Square {
    pub const fn new(row: u32, col: u32) -> Self {
        Square { row, col }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.row, self.col)
    }
}

/// The six chess piece types (thesis §3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PieceKind {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
}

impl PieceKind {
    pub const ALL: [PieceKind; 6] = [
        PieceKind::King,
        PieceKind::Queen,
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Knight,
        PieceKind::Pawn,
    ];

    /// The one-letter code used in every file format (`K Q R B N P`).
    pub fn letter(self) -> char {
        match self {
            PieceKind::King => 'K',
            PieceKind::Queen => 'Q',
            PieceKind::Rook => 'R',
            PieceKind::Bishop => 'B',
            PieceKind::Knight => 'N',
            PieceKind::Pawn => 'P',
        }
    }

    /// Parses a one-letter code; lower case is accepted too.
    pub fn from_letter(letter: char) -> Option<PieceKind> {
        PieceKind::ALL
            .into_iter()
            .find(|kind| kind.letter() == letter.to_ascii_uppercase())
    }

    /// Rook, bishop and queen move arbitrarily far and are blocked by pieces in between.
    pub fn is_ranged(self) -> bool {
        matches!(self, PieceKind::Queen | PieceKind::Rook | PieceKind::Bishop)
    }

    /// Lower-case English name, as used in the CLI (`--to king`).
    pub fn name(self) -> &'static str {
        match self {
            PieceKind::King => "king",
            PieceKind::Queen => "queen",
            PieceKind::Rook => "rook",
            PieceKind::Bishop => "bishop",
            PieceKind::Knight => "knight",
            PieceKind::Pawn => "pawn",
        }
    }
}

impl fmt::Display for PieceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One piece on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    pub kind: PieceKind,
    pub square: Square,
    /// Captures this piece may still make.
    pub budget: u32,
    /// Optional gadget label (e.g. `"and"`, `"wire"`), carried through file formats.
    pub label: Option<String>,
}

impl Piece {
    pub fn new(kind: PieceKind, square: Square, budget: u32) -> Self {
        Piece {
            kind,
            square,
            budget,
            label: None,
        }
    }
}

/// Why a board is not well formed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    #[error("board must have at least one row and one column, got {rows}x{cols}")]
    EmptyExtent { rows: u32, cols: u32 },
    #[error("piece #{index} ({kind} at {square}) lies outside the {rows}x{cols} board")]
    OutsideBoard {
        index: usize,
        kind: PieceKind,
        square: Square,
        rows: u32,
        cols: u32,
    },
    #[error("pieces #{first} and #{second} both stand on {square}")]
    SharedSquare {
        first: usize,
        second: usize,
        square: Square,
    },
}

/// A validated sparse board: extent plus pieces on distinct squares inside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    rows: u32,
    cols: u32,
    pieces: Vec<Piece>,
}

impl Board {
    /// Builds and validates a board. Runs in O(p log p) time and O(p) memory for p pieces.
    pub fn new(rows: u32, cols: u32, pieces: Vec<Piece>) -> Result<Board, BoardError> {
        if rows == 0 || cols == 0 {
            return Err(BoardError::EmptyExtent { rows, cols });
        }
        for (index, piece) in pieces.iter().enumerate() {
            let Square { row, col } = piece.square;
            if row == 0 || col == 0 || row > rows || col > cols {
                return Err(BoardError::OutsideBoard {
                    index,
                    kind: piece.kind,
                    square: piece.square,
                    rows,
                    cols,
                });
            }
        }
        let mut order: Vec<u32> = (0..pieces.len() as u32).collect();
        order.sort_unstable_by_key(|&i| pieces[i as usize].square);
        for pair in order.windows(2) {
            let (a, b) = (pair[0] as usize, pair[1] as usize);
            if pieces[a].square == pieces[b].square {
                return Err(BoardError::SharedSquare {
                    first: a.min(b),
                    second: a.max(b),
                    square: pieces[a].square,
                });
            }
        }
        Ok(Board { rows, cols, pieces })
    }

    /// The smallest board (anchored at (1,1)) that holds all `pieces`.
    pub fn fitted(pieces: Vec<Piece>) -> Result<Board, BoardError> {
        let rows = pieces.iter().map(|p| p.square.row).max().unwrap_or(1);
        let cols = pieces.iter().map(|p| p.square.col).max().unwrap_or(1);
        Board::new(rows, cols, pieces)
    }

    pub fn rows(&self) -> u32 {
        self.rows
    }

    pub fn cols(&self) -> u32 {
        self.cols
    }

    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    pub fn into_pieces(self) -> Vec<Piece> {
        self.pieces
    }

    pub fn len(&self) -> usize {
        self.pieces.len()
    }

    pub fn is_empty(&self) -> bool {
        self.pieces.is_empty()
    }

    /// The piece on `square`, by linear scan; build a [`crate::rules::Position`] for repeated lookups.
    pub fn piece_at(&self, square: Square) -> Option<&Piece> {
        self.pieces.iter().find(|p| p.square == square)
    }

    /// Whether `other` has the same extent and the same pieces (square, kind, budget; labels
    /// and order aside).
    pub fn same_pieces(&self, other: &Board) -> bool {
        let key = |board: &Board| {
            let mut pieces: Vec<(Square, PieceKind, u32)> = board
                .pieces()
                .iter()
                .map(|p| (p.square, p.kind, p.budget))
                .collect();
            pieces.sort_unstable();
            pieces
        };
        (self.rows, self.cols) == (other.rows, other.cols) && key(self) == key(other)
    }

    /// True when every piece has the same kind (thesis: a *uniform* configuration).
    pub fn uniform_kind(&self) -> Option<PieceKind> {
        let first = self.pieces.first()?.kind;
        self.pieces.iter().all(|p| p.kind == first).then_some(first)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn king(row: u32, col: u32) -> Piece {
        Piece::new(PieceKind::King, Square::new(row, col), 2)
    }

    #[test]
    fn rejects_pieces_outside_and_shared_squares() {
        assert!(matches!(
            Board::new(3, 3, vec![king(4, 1)]),
            Err(BoardError::OutsideBoard { index: 0, .. })
        ));
        assert!(matches!(
            Board::new(3, 3, vec![king(0, 1)]),
            Err(BoardError::OutsideBoard { .. })
        ));
        assert_eq!(
            Board::new(3, 3, vec![king(1, 1), king(2, 2), king(1, 1)]),
            Err(BoardError::SharedSquare {
                first: 0,
                second: 2,
                square: Square::new(1, 1)
            })
        );
        assert!(matches!(
            Board::new(0, 3, vec![]),
            Err(BoardError::EmptyExtent { .. })
        ));
    }

    #[test]
    fn huge_extent_is_sparse() {
        let board = Board::new(100_000, 100_000, vec![king(100_000, 100_000), king(1, 1)]).unwrap();
        assert_eq!(board.len(), 2);
        assert_eq!(board.uniform_kind(), Some(PieceKind::King));
    }

    #[test]
    fn letters_round_trip() {
        for kind in PieceKind::ALL {
            assert_eq!(PieceKind::from_letter(kind.letter()), Some(kind));
        }
        assert_eq!(PieceKind::from_letter('x'), None);
    }
}
