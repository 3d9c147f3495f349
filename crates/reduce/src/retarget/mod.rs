//! Exact transformations of rook boards into queen boards ([`queen`]) and bishop boards
//! ([`bishop`]) (issue 12; Brunner et al., `001_…`, Cor. 3.4 and 3.5; not the
//! pair-of-queens construction of `002_…`/`003_…`, which thesis Appendix A refutes).
//!
//! Why a square map is enough: every Solo Chess move is a capture, so in every position
//! reachable from a board each piece stands on a square that was occupied at the start.
//! Let φ map the occupied squares of a rook board injectively, copy every budget and
//! label, and replace each rook by a piece of the target kind. If for all occupied
//! squares s ≠ t
//! 1. the target piece reaches φ(t) from φ(s) on an empty board exactly when a rook
//!    reaches t from s, and
//! 2. for such aligned s, t an occupied square x lies strictly between s and t exactly
//!    when φ(x) lies strictly between φ(s) and φ(t),
//!
//! then a capture s → t is legal in a position P exactly when φ(s) → φ(t) is legal in
//! φ(P) (same origin and target occupancy, same budget, same reach, same blockers), and
//! φ(P) after the capture is φ of P after it. By induction over the sequence, a capture
//! sequence is legal (and solving) on the rook board exactly when its image is on the
//! target board: the capture graph, the blockers of every aligned pair and the solving
//! sequences correspond one to one, and [`SquareMap`] carries sequences both ways.

pub mod bishop;
mod extent;
pub mod queen;

pub use extent::Extent;

use rustc_hash::FxHashMap as HashMap;

use sat2chess_core::board::{Board, BoardError, Piece, PieceKind, Square};
use sat2chess_core::rules::Move;

/// The piece kind a rook board is transformed for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Rows and columns spread so that no two occupied squares share a diagonal (Cor. 3.4).
    Queen,
    /// The board turned by 45°: rook lines become diagonals (Cor. 3.5).
    Bishop,
}

impl sat2chess_core::choice::Choice for Target {
    const CHOICES: &'static [(Self, &'static str, &'static str)] = &[
        (
            Target::Queen,
            "queen",
            "rows and columns spread so that no two pieces share a diagonal (Cor. 3.4)",
        ),
        (
            Target::Bishop,
            "bishop",
            "the board turned by 45 degrees: rook lines become diagonals (Cor. 3.5)",
        ),
    ];
}

impl Target {
    /// The piece kind that replaces every rook.
    pub fn kind(self) -> PieceKind {
        match self {
            Target::Queen => PieceKind::Queen,
            Target::Bishop => PieceKind::Bishop,
        }
    }
}

/// Extents of a transformation: the rook board, the result and, for queens, uniform
/// scaling by h + 1 (Cor. 3.4: `h` empty columns after every column of an `h`-row board).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExtentStats {
    pub source: Extent,
    pub result: Extent,
    pub uniform_scaling: Option<Extent>,
}

/// Why a board cannot be transformed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RetargetError {
    #[error(
        "piece #{index} is a {kind} on {square}: only boards of rooks can be transformed \
         (every piece must be a rook)"
    )]
    NotRook {
        index: usize,
        kind: PieceKind,
        square: Square,
    },
    #[error("the {kind} board would need {needed} {axis}, more than the largest extent {max}")]
    TooLarge {
        kind: PieceKind,
        axis: &'static str,
        needed: u64,
        max: u32,
    },
    #[error("internal error: the transformed board is invalid")]
    Board(#[from] BoardError),
}

/// A move naming a square that holds no piece of the board it is mapped from.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("move #{index} ({mv}): {square} holds no piece of the {side} board")]
pub struct UnmappedMove {
    /// 0-based position in the sequence.
    pub index: usize,
    pub mv: Move,
    pub square: Square,
    /// `"rook"` or the target kind's name.
    pub side: &'static str,
}

/// The bijection between the occupied squares of a rook board and of its transform.
#[derive(Clone, Debug, Default)]
pub struct SquareMap {
    forward: HashMap<Square, Square>,
    backward: HashMap<Square, Square>,
    target: &'static str,
}

impl SquareMap {
    /// The map of `pairs` (source square, target square), both sides distinct.
    fn new(pairs: impl IntoIterator<Item = (Square, Square)>, target: Target) -> SquareMap {
        let forward: HashMap<Square, Square> = pairs.into_iter().collect();
        let backward = forward.iter().map(|(&from, &to)| (to, from)).collect();
        SquareMap {
            forward,
            backward,
            target: target.kind().name(),
        }
    }

    /// The image of an occupied rook-board square.
    pub fn forward(&self, square: Square) -> Option<Square> {
        self.forward.get(&square).copied()
    }

    /// The rook-board square an occupied target square comes from.
    pub fn backward(&self, square: Square) -> Option<Square> {
        self.backward.get(&square).copied()
    }

    /// A capture sequence of the rook board as the same sequence on the target board.
    pub fn moves_forward(&self, moves: &[Move]) -> Result<Vec<Move>, UnmappedMove> {
        map_moves(moves, &self.forward, "rook")
    }

    /// A capture sequence of the target board as the same sequence on the rook board.
    pub fn moves_backward(&self, moves: &[Move]) -> Result<Vec<Move>, UnmappedMove> {
        map_moves(moves, &self.backward, self.target)
    }
}

fn map_moves(
    moves: &[Move],
    squares: &HashMap<Square, Square>,
    side: &'static str,
) -> Result<Vec<Move>, UnmappedMove> {
    moves
        .iter()
        .enumerate()
        .map(|(index, &mv)| {
            let image = |square: Square| {
                squares.get(&square).copied().ok_or(UnmappedMove {
                    index,
                    mv,
                    square,
                    side,
                })
            };
            Ok(Move::new(image(mv.from)?, image(mv.to)?))
        })
        .collect()
}

/// A transformed board with its square map and extents.
#[derive(Clone, Debug)]
pub struct Retargeted {
    pub board: Board,
    pub map: SquareMap,
    pub stats: ExtentStats,
}

/// Transforms a board of rooks into an equivalent board of `target` pieces: same capture
/// graph, same blockers, same solving sequences under [`Retargeted::map`]. O(p log p)
/// for bishops; for queens see `queen::spread`. Never allocates `rows × cols`.
pub fn retarget(board: &Board, target: Target) -> Result<Retargeted, RetargetError> {
    if let Some((index, piece)) = board
        .pieces()
        .iter()
        .enumerate()
        .find(|(_, piece)| piece.kind != PieceKind::Rook)
    {
        return Err(RetargetError::NotRook {
            index,
            kind: piece.kind,
            square: piece.square,
        });
    }
    let squares: Vec<Square> = board.pieces().iter().map(|piece| piece.square).collect();
    let (images, result, uniform_scaling) = match target {
        Target::Queen => {
            let spread = queen::spread(&squares);
            (
                spread.squares,
                spread.extent,
                Some(queen::uniform_scaling(board)),
            )
        }
        Target::Bishop => {
            let (images, extent) = bishop::rotate(&squares);
            (images, extent, None)
        }
    };
    let max = u32::MAX;
    for (axis, needed) in [("rows", result.rows), ("columns", result.cols)] {
        if needed > u64::from(max) {
            return Err(RetargetError::TooLarge {
                kind: target.kind(),
                axis,
                needed,
                max,
            });
        }
    }
    let images: Vec<Square> = images
        .into_iter()
        .map(|(row, col)| Square::new(row as u32, col as u32))
        .collect();
    let pieces = board
        .pieces()
        .iter()
        .zip(&images)
        .map(|(piece, &square)| Piece {
            kind: target.kind(),
            square,
            ..piece.clone()
        })
        .collect();
    let transformed = Board::new(result.rows as u32, result.cols as u32, pieces)?;
    Ok(Retargeted {
        board: transformed,
        map: SquareMap::new(squares.into_iter().zip(images), target),
        stats: ExtentStats {
            source: Extent::of(board),
            result,
            uniform_scaling,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rook(row: u32, col: u32) -> Piece {
        Piece::new(PieceKind::Rook, Square::new(row, col), 2)
    }

    #[test]
    fn rejects_other_pieces_with_their_index() {
        let board = Board::new(
            4,
            4,
            vec![
                rook(1, 1),
                Piece::new(PieceKind::King, Square::new(2, 3), 2),
            ],
        )
        .unwrap();
        for target in [Target::Queen, Target::Bishop] {
            assert_eq!(
                retarget(&board, target).unwrap_err(),
                RetargetError::NotRook {
                    index: 1,
                    kind: PieceKind::King,
                    square: Square::new(2, 3)
                }
            );
        }
    }

    #[test]
    fn moves_map_both_ways_and_unknown_squares_are_named() {
        let board = Board::new(5, 5, vec![rook(1, 1), rook(1, 5), rook(4, 5)]).unwrap();
        let moves = [
            Move::new(Square::new(1, 1), Square::new(1, 5)),
            Move::new(Square::new(1, 5), Square::new(4, 5)),
        ];
        for target in [Target::Queen, Target::Bishop] {
            let retargeted = retarget(&board, target).unwrap();
            let mapped = retargeted.map.moves_forward(&moves).unwrap();
            assert_eq!(retargeted.map.moves_backward(&mapped).unwrap(), moves);
            let stray = [Move::new(Square::new(1, 1), Square::new(2, 2))];
            assert_eq!(
                retargeted.map.moves_forward(&stray).unwrap_err(),
                UnmappedMove {
                    index: 0,
                    mv: stray[0],
                    square: Square::new(2, 2),
                    side: "rook"
                }
            );
        }
    }

    #[test]
    fn boards_beyond_u32_coordinates_are_refused() {
        let far = 4_000_000_000;
        let board = Board::new(far, far, vec![rook(1, far), rook(far, 1)]).unwrap();
        assert_eq!(
            retarget(&board, Target::Bishop).unwrap_err(),
            RetargetError::TooLarge {
                kind: PieceKind::Bishop,
                axis: "columns",
                needed: 2 * u64::from(far) - 1,
                max: u32::MAX
            }
        );
        let queens = retarget(&board, Target::Queen).unwrap();
        assert_eq!(Extent::of(&queens.board).area(), 6);
    }

    #[test]
    fn empty_board_stays_empty() {
        let board = Board::new(3, 7, vec![]).unwrap();
        for target in [Target::Queen, Target::Bishop] {
            let retargeted = retarget(&board, target).unwrap();
            assert!(retargeted.board.is_empty());
        }
    }
}
