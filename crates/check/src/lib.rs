//! The sequence checker (thesis Theorem 3.2's certificate test): replays a capture
//! sequence on a compact [`Replay`] (13 bytes per piece, see [`replay`]), stops at the
//! first illegal move and says whether exactly one piece remains. Each move costs
//! O(log n), so a 10^6-move sequence on a 10^6-piece board checks in seconds; moves can
//! be fed one by one as they are read ([`SequenceCheck`]), so a sequence is never held.

mod extent;
pub mod io;
pub mod lrat;
mod occupancy;
pub mod replay;

use std::fmt;
use std::path::Path;

use crate::io::json::PieceRecord;
use crate::io::{BoardFormat, FormatError, InputError};
use sat2chess_core::board::{Board, Piece};
use sat2chess_core::rules::{IllegalMove, Move, Variant};

pub use extent::{Extent, MoveOutsideBoard};
pub use replay::{Replay, ReplayBuilder};

/// The first illegal move of a sequence.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("move #{index} ({}) {mv}: {reason}", Ordinal(*index + 1))]
pub struct IllegalStep {
    /// 0-based position in the sequence (the `#i` of every error message).
    pub index: usize,
    pub mv: Move,
    pub reason: IllegalMove,
}

impl IllegalStep {
    /// True when the move names no piece at all (its origin square is empty): the sequence
    /// does not fit the board, which the CLI reports as bad input (exit 2) rather than
    /// as an illegal move of an existing piece (issue 2, "Bad input").
    pub fn is_malformed(&self) -> bool {
        matches!(self.reason, IllegalMove::EmptyOrigin(_))
    }
}

/// Writes `n` as an English ordinal ("1st", "12th", "23rd").
struct Ordinal(usize);

impl fmt::Display for Ordinal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.0;
        let suffix = match (n % 10, n % 100) {
            (_, 11..=13) => "th",
            (1, _) => "st",
            (2, _) => "nd",
            (3, _) => "rd",
            _ => "th",
        };
        write!(f, "{n}{suffix}")
    }
}

/// `n` and a noun, plural unless `n` is 1 ("1 move", "3 moves").
pub struct Count(pub usize, pub &'static str);

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Count(n, noun) = *self;
        write!(f, "{n} {noun}{}", if n == 1 { "" } else { "s" })
    }
}

/// What replaying a sequence found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SequenceReport {
    /// Moves performed (all of them unless `illegal` is set).
    pub applied: usize,
    /// The first illegal move; the moves after it were not replayed.
    pub illegal: Option<IllegalStep>,
    /// Pieces on the board after the replayed moves.
    pub remaining: usize,
    /// The final piece (with its remaining budget) when exactly one piece remains.
    pub survivor: Option<Piece>,
}

impl SequenceReport {
    /// Every move was legal and exactly one piece remains: a solving capture sequence.
    pub fn is_solution(&self) -> bool {
        self.illegal.is_none() && self.remaining == 1
    }
}

impl fmt::Display for SequenceReport {
    /// One line: `VALID: …`, `INVALID: move #i …` or `INCOMPLETE: …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(step) = &self.illegal {
            return write!(f, "INVALID: {step}");
        }
        match &self.survivor {
            Some(piece) => write!(
                f,
                "VALID: {} leave{} one piece, the {} on {} (budget {} left)",
                Count(self.applied, "capture"),
                if self.applied == 1 { "s" } else { "" },
                piece.kind,
                piece.square,
                piece.budget
            ),
            None => write!(
                f,
                "INCOMPLETE: {} legal, but {} remain (a solution leaves exactly 1)",
                Count(self.applied, "move"),
                Count(self.remaining, "piece")
            ),
        }
    }
}

/// A sequence being checked move by move: replays until the first illegal move, then
/// only counts.
pub struct SequenceCheck {
    replay: Replay,
    moves: usize,
    illegal: Option<IllegalStep>,
}

impl SequenceCheck {
    pub fn new(replay: Replay) -> SequenceCheck {
        SequenceCheck {
            replay,
            moves: 0,
            illegal: None,
        }
    }

    /// Takes the next move of the sequence.
    pub fn step(&mut self, mv: Move) {
        if self.illegal.is_none()
            && let Err(reason) = self.replay.apply(mv)
        {
            self.illegal = Some(IllegalStep {
                index: self.moves,
                mv,
                reason,
            });
        }
        self.moves += 1;
    }

    /// Whether every move taken so far was legal.
    pub fn is_legal(&self) -> bool {
        self.illegal.is_none()
    }

    /// Moves taken so far (legal or not).
    pub fn moves(&self) -> usize {
        self.moves
    }

    /// The replayed state (heap size, survivor).
    pub fn replay(&self) -> &Replay {
        &self.replay
    }

    pub fn report(&self) -> SequenceReport {
        let applied = self.illegal.as_ref().map_or(self.moves, |step| step.index);
        SequenceReport {
            applied,
            illegal: self.illegal.clone(),
            remaining: self.replay.remaining(),
            survivor: self
                .replay
                .survivor()
                .map(|(kind, square, budget)| Piece::new(kind, square, budget)),
        }
    }
}

/// Reads a board file (`-`: standard input) into a [`Replay`]: JSON piece by piece as it
/// is read (13 bytes per piece in all), the other formats through a [`Board`]. The
/// errors are those of [`io::read_board`].
pub fn load_board(
    path: &Path,
    format: Option<BoardFormat>,
    variant: Variant,
) -> Result<Replay, InputError> {
    load_board_with(path, format, variant, &mut |_| {})
}

/// [`load_board`], showing every piece (with its label) to `visit` as it is read.
pub fn load_board_with(
    path: &Path,
    format: Option<BoardFormat>,
    variant: Variant,
    visit: &mut dyn FnMut(PieceRecord<'_>),
) -> Result<Replay, InputError> {
    let bad = |error: FormatError| InputError::Format {
        path: io::display_path(path),
        error,
    };
    match io::board_format(path, format)? {
        BoardFormat::Json => {
            let mut builder = ReplayBuilder::default();
            let header = io::json::stream_board(io::open_text(path)?, &mut |piece| {
                builder.push(piece.kind, piece.square, piece.budget);
                visit(piece);
            })
            .map_err(bad)?;
            builder
                .finish(header.rows, header.cols, variant)
                .map_err(|error| bad(error.into()))
        }
        _ => {
            let board = io::read_board(path, format)?;
            for piece in board.pieces() {
                visit(PieceRecord {
                    kind: piece.kind,
                    square: piece.square,
                    budget: piece.budget,
                    label: piece.label.as_deref(),
                });
            }
            Ok(replay_of(&board, variant))
        }
    }
}

/// The compact replay state of `board`.
pub fn replay_of(board: &Board, variant: Variant) -> Replay {
    let mut builder = ReplayBuilder::default();
    for piece in board.pieces() {
        builder.push(piece.kind, piece.square, piece.budget);
    }
    builder
        .finish(board.rows(), board.cols(), variant)
        .expect("a Board is already validated")
}

/// Replays `moves` on `board` under `variant`.
pub fn check_sequence(board: &Board, moves: &[Move], variant: Variant) -> SequenceReport {
    let mut check = SequenceCheck::new(replay_of(board, variant));
    for &mv in moves {
        if check.illegal.is_some() {
            break;
        }
        check.step(mv);
    }
    check.report()
}

#[cfg(test)]
mod tests {
    use super::*;
    use sat2chess_core::board::{PieceKind, Square};

    fn sq(row: u32, col: u32) -> Square {
        Square::new(row, col)
    }

    fn board(pieces: &[(PieceKind, u32, u32, u32)]) -> Board {
        let pieces = pieces
            .iter()
            .map(|&(kind, r, c, b)| Piece::new(kind, sq(r, c), b))
            .collect();
        Board::new(8, 8, pieces).unwrap()
    }

    fn mv(a: (u32, u32), b: (u32, u32)) -> Move {
        Move::new(sq(a.0, a.1), sq(b.0, b.1))
    }

    /// The one-line message for a sequence whose last move is illegal.
    fn failure(pieces: &[(PieceKind, u32, u32, u32)], moves: &[Move], variant: Variant) -> String {
        let report = check_sequence(&board(pieces), moves, variant);
        assert_eq!(report.illegal.as_ref().unwrap().index, moves.len() - 1);
        assert_eq!(report.applied, moves.len() - 1);
        report.to_string()
    }

    #[test]
    fn a_solving_sequence_names_the_survivor() {
        use PieceKind::*;
        let pieces = [(Rook, 1, 1, 2), (Knight, 1, 4, 2), (Pawn, 2, 5, 1)];
        let moves = [mv((2, 5), (1, 4)), mv((1, 1), (1, 4))];
        let report = check_sequence(&board(&pieces), &moves, Variant::Standard);
        assert!(report.is_solution());
        assert_eq!(report.survivor, Some(Piece::new(Rook, sq(1, 4), 1)));
        assert_eq!(
            report.to_string(),
            "VALID: 2 captures leave one piece, the rook on (1,4) (budget 1 left)"
        );
    }

    #[test]
    fn pawns_capture_toward_row_one_in_sequences() {
        use PieceKind::*;
        let pieces = [(Pawn, 2, 5, 2), (King, 3, 4, 2), (King, 1, 6, 2)];
        assert_eq!(
            failure(&pieces, &[mv((2, 5), (3, 4))], Variant::Standard),
            "INVALID: move #0 (1st) (2,5) -> (3,4): a pawn cannot move from (2,5) to (3,4)"
        );
        let report = check_sequence(&board(&pieces), &[mv((2, 5), (1, 6))], Variant::Standard);
        assert_eq!((report.applied, report.remaining), (1, 2));
    }

    #[test]
    fn leftover_pieces_are_reported() {
        use PieceKind::*;
        let report = check_sequence(
            &board(&[(King, 1, 1, 2), (King, 1, 2, 2), (King, 5, 5, 2)]),
            &[mv((1, 1), (1, 2))],
            Variant::Standard,
        );
        assert!(!report.is_solution());
        assert_eq!(report.survivor, None);
        assert_eq!(
            report.to_string(),
            "INCOMPLETE: 1 move legal, but 2 pieces remain (a solution leaves exactly 1)"
        );
        let empty = check_sequence(&board(&[]), &[], Variant::Standard);
        assert!(!empty.is_solution());
    }

    #[test]
    fn every_reason_has_a_message() {
        use PieceKind::*;
        let kings = [(King, 1, 1, 1), (King, 1, 2, 2), (King, 1, 3, 0)];
        let std = Variant::Standard;
        assert_eq!(
            failure(&kings, &[mv((2, 2), (1, 1))], std),
            "INVALID: move #0 (1st) (2,2) -> (1,1): no piece on the origin square (2,2)"
        );
        assert_eq!(
            failure(&kings, &[mv((1, 2), (2, 2))], std),
            "INVALID: move #0 (1st) (1,2) -> (2,2): no piece on the target square (2,2) (every move must be a capture)"
        );
        assert_eq!(
            failure(&kings, &[mv((1, 2), (1, 2))], std),
            "INVALID: move #0 (1st) (1,2) -> (1,2): origin and target are the same square (1,2)"
        );
        assert_eq!(
            failure(&kings, &[mv((1, 3), (1, 2))], std),
            "INVALID: move #0 (1st) (1,3) -> (1,2): the king on (1,3) has no budget left"
        );
        assert_eq!(
            failure(&kings, &[mv((1, 1), (1, 2)), mv((1, 2), (1, 3))], std),
            "INVALID: move #1 (2nd) (1,2) -> (1,3): the king on (1,2) has no budget left"
        );
        assert_eq!(
            failure(&kings, &[mv((1, 1), (1, 3))], std),
            "INVALID: move #0 (1st) (1,1) -> (1,3): a king cannot move from (1,1) to (1,3)"
        );
        let blocked = [(Queen, 1, 1, 2), (Knight, 3, 3, 2), (Bishop, 5, 5, 2)];
        assert_eq!(
            failure(&blocked, &[mv((5, 5), (1, 1))], std),
            "INVALID: move #0 (1st) (5,5) -> (1,1): the bishop on (5,5) is blocked by the piece on (3,3)"
        );
        let royal = [(King, 1, 1, 2), (Rook, 1, 5, 2)];
        assert_eq!(
            failure(&royal, &[mv((1, 5), (1, 1))], Variant::KingLast),
            "INVALID: move #0 (1st) (1,5) -> (1,1): the king on (1,1) may not be captured (rules chesscom: a king is never captured)"
        );
        assert!(check_sequence(&board(&royal), &[mv((1, 5), (1, 1))], std).is_solution());
    }

    #[test]
    fn only_moves_without_a_piece_are_malformed() {
        use PieceKind::*;
        let kings = [(King, 1, 1, 1), (King, 1, 2, 2)];
        let malformed = |moves: &[Move]| {
            check_sequence(&board(&kings), moves, Variant::Standard)
                .illegal
                .unwrap()
                .is_malformed()
        };
        assert!(malformed(&[mv((2, 2), (1, 1))]));
        assert!(malformed(&[mv((1, 1), (1, 2)), mv((1, 1), (1, 2))]));
        assert!(!malformed(&[mv((1, 1), (2, 2))]));
        assert!(!malformed(&[mv((1, 1), (1, 1))]));
    }

    #[test]
    fn moves_outside_the_board_are_malformed() {
        let extent = Extent { rows: 8, cols: 8 };
        assert_eq!(extent.admit(0, mv((1, 1), (8, 8))), Ok(()));
        assert_eq!(
            extent.admit(1, mv((1, 1), (9, 1))).unwrap_err().to_string(),
            "move #1: to square (9,1) lies outside the 8x8 board"
        );
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(400))]

        /// The compact replay gives the same verdict as [`sat2chess_core::rules::Position`] on every
        /// move of random sequences (mostly illegal ones) on random boards of every kind,
        /// and keeps the same pieces.
        #[test]
        fn replay_agrees_with_position(
            cells in proptest::collection::btree_map((1u32..=7, 1u32..=7), (0usize..6, 0u32..=3), 1..=30),
            moves in proptest::collection::vec(((1u32..=7, 1u32..=7), (1u32..=7, 1u32..=7)), 0..80),
            king_last: bool,
        ) {
            let variant = if king_last { Variant::KingLast } else { Variant::Standard };
            let pieces = cells
                .into_iter()
                .map(|((r, c), (kind, budget))| Piece::new(PieceKind::ALL[kind], sq(r, c), budget))
                .collect();
            let board = Board::new(7, 7, pieces).unwrap();
            let mut position = sat2chess_core::rules::Position::new(&board, variant);
            let mut replay = replay_of(&board, variant);
            for (a, b) in moves {
                let mv = mv(a, b);
                proptest::prop_assert_eq!(replay.apply(mv), position.apply(mv), "{}", mv);
                proptest::prop_assert_eq!(replay.remaining(), position.len());
            }
            let mut squares: Vec<Square> = (1..=7)
                .flat_map(|r| (1..=7).map(move |c| sq(r, c)))
                .collect();
            squares.retain(|&s| position.get(s).is_some());
            proptest::prop_assert_eq!(squares.len(), replay.remaining());
            if let Some((kind, square, budget)) = replay.survivor() {
                let state = position.get(square).unwrap();
                proptest::prop_assert_eq!((state.kind, state.budget), (kind, budget));
            }
        }
    }

    #[test]
    fn ordinals() {
        let text = |n| Ordinal(n).to_string();
        assert_eq!(
            [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 1000].map(text),
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd",
                "101st", "111th", "1000th"
            ]
        );
    }
}
