//! What every §3.1 board is: one special piece that must visit the other pieces, and
//! which vertex of the graph each visited square stands for. The certificate (a path →
//! a capture sequence) and the decoder (a solving sequence → a path) work on this.

use rustc_hash::FxHashMap as HashMap;

use sat2chess_core::board::{Board, Piece, PieceKind, Square};
use sat2chess_core::rules::{IllegalMove, Move, Position, Variant};

use crate::graph::HamGraph;
use crate::path::{PathError, check_path};
use crate::requirement::Requirement;

/// A board built from a Hamiltonian Path instance.
#[derive(Clone, Debug)]
pub struct Construction {
    /// The board (every budget is `pieces − 1`: unlimited captures).
    pub board: Board,
    /// The rules the board is meant for.
    pub variant: Variant,
    /// Where the special piece starts.
    pub special: Square,
    /// The vertex each square stands for (the squares the special piece's tour reads).
    pub owner: HashMap<Square, usize>,
    /// The vertex the special piece starts on.
    pub start: usize,
}

/// Where the graph lies on a construction's board, for figures (squares of the board).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawing {
    /// Each vertex's place: one square, or the four corners of its rectangle in turn
    /// (Theorem 3.2 and its moved boards).
    pub vertices: Vec<Vec<Square>>,
    /// Each edge `(u, v)` of [`HamGraph::edges`] with the squares where it meets `u`
    /// and `v` (the special piece moves between them along the edge).
    pub edges: Vec<((usize, usize), Square, Square)>,
    /// Squares the figure tints: Theorem 3.7's green pawns.
    pub marked: Vec<Square>,
}

/// Why a construction could not produce a certificate or read a path.
#[derive(Debug, thiserror::Error)]
pub enum TourError {
    #[error("move {index} of the sequence is illegal: {why}")]
    Illegal { index: usize, why: IllegalMove },
    #[error("the sequence leaves {0} pieces, not one")]
    NotSolved(usize),
    #[error("the capture sequence does not read as a Hamiltonian path: {0}")]
    NotAPath(#[from] PathError),
    #[error("no capture sequence follows the path (a bug of the construction)")]
    NoTour,
}

/// The translation putting a construction's signed squares on the board.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shift {
    min_row: i64,
    min_col: i64,
}

impl Shift {
    /// The board square of the signed square `(r, c)` (one of the placed squares).
    pub(crate) fn at(self, (r, c): (i64, i64)) -> Square {
        Square::new((r - self.min_row + 1) as u32, (c - self.min_col + 1) as u32)
    }
}

/// Pieces on signed squares, shifted so the smallest row and column are 1, with
/// unlimited budgets (`pieces − 1`); boards wider or higher than `u32::MAX` are refused.
pub(crate) fn place(pieces: &[(PieceKind, (i64, i64))]) -> Result<(Board, Shift), Requirement> {
    let min_row = pieces.iter().map(|p| p.1.0).min().unwrap_or(0);
    let min_col = pieces.iter().map(|p| p.1.1).min().unwrap_or(0);
    let max_row = pieces.iter().map(|p| p.1.0).max().unwrap_or(0);
    let max_col = pieces.iter().map(|p| p.1.1).max().unwrap_or(0);
    let (rows, cols) = (
        i128::from(max_row) - i128::from(min_row) + 1,
        i128::from(max_col) - i128::from(min_col) + 1,
    );
    let too_large = Requirement::TooLarge { rows, cols };
    if rows > i128::from(u32::MAX) || cols > i128::from(u32::MAX) {
        return Err(too_large);
    }
    let shift = Shift { min_row, min_col };
    let budget = u32::try_from(pieces.len().saturating_sub(1)).map_err(|_| too_large)?;
    let board = Board::fitted(
        pieces
            .iter()
            .map(|&(kind, square)| Piece::new(kind, shift.at(square), budget))
            .collect(),
    )
    .expect("a construction places distinct squares");
    Ok((board, shift))
}

impl Construction {
    /// The special piece's captures, taking every square of `groups[0]` (in any order),
    /// then every square of `groups[1]`, …, starting from `position` (depth-first search
    /// over the orders inside a group; groups are small).
    pub(crate) fn guided_tour(
        &self,
        position: Position,
        groups: &[Vec<Square>],
    ) -> Result<Vec<Move>, TourError> {
        fn search(
            position: &mut Position,
            at: Square,
            groups: &[Vec<Square>],
            group: usize,
            taken: &mut Vec<Square>,
            moves: &mut Vec<Move>,
        ) -> bool {
            let Some(current) = groups.get(group) else {
                return true;
            };
            if taken.len() == current.len() {
                let mut next = Vec::new();
                return search(position, at, groups, group + 1, &mut next, moves);
            }
            for &to in current {
                let mv = Move::new(at, to);
                if taken.contains(&to) || position.check(mv).is_err() {
                    continue;
                }
                let saved = position.clone();
                position.apply(mv).expect("checked");
                taken.push(to);
                moves.push(mv);
                if search(position, to, groups, group, taken, moves) {
                    return true;
                }
                moves.pop();
                taken.pop();
                *position = saved;
            }
            false
        }
        let mut position = position;
        let mut moves = Vec::new();
        if search(
            &mut position,
            self.special,
            groups,
            0,
            &mut Vec::new(),
            &mut moves,
        ) {
            Ok(moves)
        } else {
            Err(TourError::NoTour)
        }
    }

    /// Replays `moves` (which must solve the board under its rules) and reads the path:
    /// the vertices of the squares the special piece captures, in the order it first
    /// reaches each, after its start vertex — where the special piece may be captured,
    /// its captor walks on in its place; the path is checked against `graph`.
    pub fn decode(&self, graph: &HamGraph, moves: &[Move]) -> Result<Vec<usize>, TourError> {
        let mut position = Position::new(&self.board, self.variant);
        let mut walker = self.special;
        let mut path = vec![self.start];
        let mut seen = vec![false; graph.len()];
        seen[self.start] = true;
        for (index, &mv) in moves.iter().enumerate() {
            position.apply(mv).map_err(|why| TourError::Illegal {
                index: index + 1,
                why,
            })?;
            // A piece that captures the walker (where the rules allow it) carries the
            // walk on from its square.
            if walker == mv.from {
                walker = mv.to;
                if let Some(&v) = self.owner.get(&mv.to)
                    && !std::mem::replace(&mut seen[v], true)
                {
                    path.push(v);
                }
            }
        }
        if position.len() != 1 {
            return Err(TourError::NotSolved(position.len()));
        }
        check_path(graph, &path)?;
        Ok(path)
    }
}
