//! Solo Chess move rules (thesis §3.1–3.2): every move is a capture, the mover's budget
//! must be positive and drops by one, the captured piece vanishes. Kings, knights and
//! pawns move one step; rooks, bishops and queens move along lines and are blocked by
//! any piece in between; pawns capture diagonally toward row 1 only.
//!
//! [`Position`] is the mutable game state with ordered per-line indexes (rows, columns,
//! both diagonals), so checking a ranged move for blockers costs O(log n), never a scan
//! of the squares in between.

use std::collections::BTreeSet;

use rustc_hash::FxHashMap as HashMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::board::{Board, Piece, PieceKind, Square};

/// One capture: the piece on `from` moves to `to` and removes the piece there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Move {
    pub from: Square,
    pub to: Square,
}

impl Move {
    pub const fn new(from: Square, to: Square) -> Self {
        Move { from, to }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} -> {}", self.from, self.to)
    }
}

/// Rule variants: which pieces may be captured.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Variant {
    /// The thesis rules: any piece may be the last one.
    #[default]
    Standard,
    /// Pieces of this kind may never be captured (Brunner et al.'s `S¹`: with one such
    /// piece it is the final piece; with two, no single piece can remain).
    /// chess.com's rules are the king's case, [`Variant::KingLast`].
    Uncapturable(PieceKind),
}

impl Variant {
    /// chess.com puzzles: a king may never be captured, so a king, if present, is the
    /// final piece.
    #[allow(non_upper_case_globals)]
    pub const KingLast: Variant = Variant::Uncapturable(PieceKind::King);

    /// The kind that may never be captured, if any.
    pub fn uncapturable(self) -> Option<PieceKind> {
        match self {
            Variant::Standard => None,
            Variant::Uncapturable(kind) => Some(kind),
        }
    }

    /// Whether a piece of `kind` may never be captured under these rules.
    pub fn protects(self, kind: PieceKind) -> bool {
        self.uncapturable() == Some(kind)
    }

    /// These rules as they act on `board`: the standard rules when no piece of the
    /// uncapturable kind stands on it (kinds never change, so none ever will), else
    /// these rules.
    pub fn on(self, board: &Board) -> Variant {
        match self.uncapturable() {
            Some(kind) if board.pieces().iter().any(|p| p.kind == kind) => self,
            _ => Variant::Standard,
        }
    }
}

impl crate::choice::Choice for Variant {
    const CHOICES: &'static [(Self, &'static str, &'static str)] = &[
        (
            Variant::KingLast,
            "chesscom",
            "chess.com's rules: a king may not be captured, so a king is the last piece",
        ),
        (
            Variant::Standard,
            "thesis",
            "the thesis rules: any piece may be captured, a king too",
        ),
        (
            Variant::Uncapturable(PieceKind::Pawn),
            "uncapturable-pawn",
            "a pawn may not be captured, so a pawn is the last piece (Brunner et al.'s pawn¹)",
        ),
        (
            Variant::Uncapturable(PieceKind::Knight),
            "uncapturable-knight",
            "a knight may not be captured, so a knight is the last piece (knight¹)",
        ),
        (
            Variant::Uncapturable(PieceKind::Bishop),
            "uncapturable-bishop",
            "a bishop may not be captured, so a bishop is the last piece (bishop¹)",
        ),
        (
            Variant::Uncapturable(PieceKind::Rook),
            "uncapturable-rook",
            "a rook may not be captured, so a rook is the last piece (rook¹)",
        ),
        (
            Variant::Uncapturable(PieceKind::Queen),
            "uncapturable-queen",
            "a queen may not be captured, so a queen is the last piece (queen¹)",
        ),
        (
            Variant::KingLast,
            "uncapturable-king",
            "a king may not be captured (king¹): the same rules as chesscom",
        ),
    ];
}

/// Whether a piece of `kind` on `from` could capture on `to` on an otherwise empty board
/// (thesis Definition 3.4's adjacency; for pawns the direction matters: toward row 1).
pub fn reaches_on_empty_board(kind: PieceKind, from: Square, to: Square) -> bool {
    let dr = to.row as i64 - from.row as i64;
    let dc = to.col as i64 - from.col as i64;
    if dr == 0 && dc == 0 {
        return false;
    }
    let straight = dr == 0 || dc == 0;
    let diagonal = dr.abs() == dc.abs();
    match kind {
        PieceKind::King => dr.abs() <= 1 && dc.abs() <= 1,
        PieceKind::Knight => (dr.abs() == 1 && dc.abs() == 2) || (dr.abs() == 2 && dc.abs() == 1),
        PieceKind::Pawn => dr == -1 && dc.abs() == 1,
        PieceKind::Rook => straight,
        PieceKind::Bishop => diagonal,
        PieceKind::Queen => straight || diagonal,
    }
}

/// Why a capture is not allowed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    #[error("no piece on the origin square {0}")]
    EmptyOrigin(Square),
    #[error("no piece on the target square {0} (every move must be a capture)")]
    EmptyTarget(Square),
    #[error("origin and target are the same square {0}")]
    SameSquare(Square),
    #[error("the {kind} on {from} has no budget left")]
    NoBudget { kind: PieceKind, from: Square },
    #[error("a {kind} cannot move from {from} to {to}")]
    Unreachable {
        kind: PieceKind,
        from: Square,
        to: Square,
    },
    #[error("the {kind} on {from} is blocked by the piece on {blocker}")]
    Blocked {
        kind: PieceKind,
        from: Square,
        blocker: Square,
    },
    #[error(
        "the {kind} on {square} may not be captured (rules {rules}: a {kind} is never captured)"
    )]
    Uncapturable {
        kind: PieceKind,
        square: Square,
        /// The rules' name.
        rules: &'static str,
    },
}

/// The rules of one capture (thesis §3.1–3.2), in the order every checker reports them:
/// `mover` and `target` are the kind and budget of the pieces on `mv.from` and `mv.to`
/// (`None`: empty), `first_blocker` finds the first piece strictly between the two squares
/// (asked only for a ranged mover that reaches the target on an empty board).
pub fn capture_legality(
    mv: Move,
    mover: Option<(PieceKind, u32)>,
    target: Option<(PieceKind, u32)>,
    variant: Variant,
    first_blocker: impl FnOnce() -> Option<Square>,
) -> Result<(), IllegalMove> {
    let (kind, budget) = mover.ok_or(IllegalMove::EmptyOrigin(mv.from))?;
    if mv.from == mv.to {
        return Err(IllegalMove::SameSquare(mv.from));
    }
    let (target, _) = target.ok_or(IllegalMove::EmptyTarget(mv.to))?;
    if budget == 0 {
        return Err(IllegalMove::NoBudget {
            kind,
            from: mv.from,
        });
    }
    if !reaches_on_empty_board(kind, mv.from, mv.to) {
        return Err(IllegalMove::Unreachable {
            kind,
            from: mv.from,
            to: mv.to,
        });
    }
    if kind.is_ranged()
        && let Some(blocker) = first_blocker()
    {
        return Err(IllegalMove::Blocked {
            kind,
            from: mv.from,
            blocker,
        });
    }
    if variant.protects(target) {
        return Err(IllegalMove::Uncapturable {
            kind: target,
            square: mv.to,
            rules: crate::choice::Choice::name(variant),
        });
    }
    Ok(())
}

/// State of one piece inside a [`Position`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceState {
    pub kind: PieceKind,
    pub budget: u32,
    pub label: Option<String>,
}

/// The four line families a ranged piece moves along. Keys: row, column, row−col, row+col;
/// positions along a line: the column (rows, both diagonals) or the row (columns).
#[derive(Clone, Debug, Default)]
struct LineIndex {
    rows: HashMap<i64, BTreeSet<u32>>,
    cols: HashMap<i64, BTreeSet<u32>>,
    diagonals: HashMap<i64, BTreeSet<u32>>,
    anti_diagonals: HashMap<i64, BTreeSet<u32>>,
}

impl LineIndex {
    fn entries(square: Square) -> [(usize, i64, u32); 4] {
        let (r, c) = (square.row as i64, square.col as i64);
        [
            (0, r, square.col),
            (1, c, square.row),
            (2, r - c, square.col),
            (3, r + c, square.col),
        ]
    }

    fn family(&mut self, family: usize) -> &mut HashMap<i64, BTreeSet<u32>> {
        match family {
            0 => &mut self.rows,
            1 => &mut self.cols,
            2 => &mut self.diagonals,
            _ => &mut self.anti_diagonals,
        }
    }

    fn insert(&mut self, square: Square) {
        for (family, key, along) in Self::entries(square) {
            self.family(family).entry(key).or_default().insert(along);
        }
    }

    fn remove(&mut self, square: Square) {
        for (family, key, along) in Self::entries(square) {
            let lines = self.family(family);
            if let Some(line) = lines.get_mut(&key) {
                line.remove(&along);
                if line.is_empty() {
                    lines.remove(&key);
                }
            }
        }
    }

    /// The first occupied square strictly between `from` and `to`, which lie on one line.
    fn first_blocker(&self, from: Square, to: Square) -> Option<Square> {
        let (dr, dc) = (
            to.row as i64 - from.row as i64,
            to.col as i64 - from.col as i64,
        );
        let (family, key) = if dr == 0 {
            (&self.rows, from.row as i64)
        } else if dc == 0 {
            (&self.cols, from.col as i64)
        } else if dr == dc {
            (&self.diagonals, from.row as i64 - from.col as i64)
        } else {
            (&self.anti_diagonals, from.row as i64 + from.col as i64)
        };
        let (a, b) = if dc == 0 {
            (from.row, to.row)
        } else {
            (from.col, to.col)
        };
        let line = family.get(&key)?;
        let (lo, hi) = (a.min(b), a.max(b));
        if hi - lo < 2 {
            return None;
        }
        let mut inside = line.range(lo + 1..hi);
        let along = if a < b {
            *inside.next()?
        } else {
            *inside.next_back()?
        };
        let steps = along.abs_diff(a) as i64;
        let square_at = |s: i64| Square {
            row: (from.row as i64 + dr.signum() * s) as u32,
            col: (from.col as i64 + dc.signum() * s) as u32,
        };
        Some(square_at(steps))
    }
}

/// A mutable game state: the pieces by square, plus line indexes for ranged pieces
/// (only on boards that have one: they cost about 400 bytes per piece).
#[derive(Clone, Debug)]
pub struct Position {
    rows: u32,
    cols: u32,
    variant: Variant,
    pieces: HashMap<Square, PieceState>,
    lines: Option<LineIndex>,
}

impl Position {
    pub fn new(board: &Board, variant: Variant) -> Position {
        let mut pieces = HashMap::with_capacity_and_hasher(board.len(), Default::default());
        let ranged = board.pieces().iter().any(|piece| piece.kind.is_ranged());
        let mut lines = ranged.then(LineIndex::default);
        for piece in board.pieces() {
            pieces.insert(
                piece.square,
                PieceState {
                    kind: piece.kind,
                    budget: piece.budget,
                    label: piece.label.clone(),
                },
            );
            if let Some(lines) = &mut lines {
                lines.insert(piece.square);
            }
        }
        Position {
            rows: board.rows(),
            cols: board.cols(),
            variant,
            pieces,
            lines,
        }
    }

    pub fn len(&self) -> usize {
        self.pieces.len()
    }

    pub fn is_empty(&self) -> bool {
        self.pieces.is_empty()
    }

    pub fn get(&self, square: Square) -> Option<&PieceState> {
        self.pieces.get(&square)
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Checks `mv` against the rules without changing anything.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        let on = |square| self.pieces.get(&square).map(|p| (p.kind, p.budget));
        capture_legality(mv, on(mv.from), on(mv.to), self.variant, || {
            self.lines.as_ref()?.first_blocker(mv.from, mv.to)
        })
    }

    /// Checks and performs `mv`.
    pub fn apply(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.check(mv)?;
        let mut mover = self.pieces.remove(&mv.from).expect("checked above");
        mover.budget -= 1;
        if let Some(lines) = &mut self.lines {
            lines.remove(mv.from);
        }
        self.pieces.insert(mv.to, mover);
        Ok(())
    }

    /// Every legal capture in this position, sorted. Quadratic in the piece count:
    /// meant for small positions (reference search, tests).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves: Vec<Move> = self
            .pieces
            .keys()
            .flat_map(|&from| self.pieces.keys().map(move |&to| Move::new(from, to)))
            .filter(|&mv| self.check(mv).is_ok())
            .collect();
        moves.sort_unstable();
        moves
    }

    /// The current pieces as a board of the original extent.
    pub fn to_board(&self) -> Board {
        let mut pieces: Vec<Piece> = self
            .pieces
            .iter()
            .map(|(&square, state)| Piece {
                kind: state.kind,
                square,
                budget: state.budget,
                label: state.label.clone(),
            })
            .collect();
        pieces.sort_unstable_by_key(|p| p.square);
        Board::new(self.rows, self.cols, pieces).expect("a position only holds valid squares")
    }
}

/// Steps of the short-range kinds (none for the ranged ones).
pub fn steps(kind: PieceKind) -> &'static [(i64, i64)] {
    const KING: [(i64, i64); 8] = [
        (-1, -1),
        (-1, 0),
        (-1, 1),
        (0, -1),
        (0, 1),
        (1, -1),
        (1, 0),
        (1, 1),
    ];
    const KNIGHT: [(i64, i64); 8] = [
        (-2, -1),
        (-2, 1),
        (-1, -2),
        (-1, 2),
        (1, -2),
        (1, 2),
        (2, -1),
        (2, 1),
    ];
    const PAWN: [(i64, i64); 2] = [(-1, -1), (-1, 1)];
    match kind {
        PieceKind::King => &KING,
        PieceKind::Knight => &KNIGHT,
        PieceKind::Pawn => &PAWN,
        _ => &[],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(row: u32, col: u32) -> Square {
        Square::new(row, col)
    }

    fn position(pieces: &[(PieceKind, u32, u32, u32)]) -> Position {
        let pieces = pieces
            .iter()
            .map(|&(kind, r, c, b)| Piece::new(kind, sq(r, c), b))
            .collect();
        Position::new(&Board::new(8, 8, pieces).unwrap(), Variant::Standard)
    }

    #[test]
    fn geometry_of_every_kind() {
        use PieceKind::*;
        let from = sq(4, 4);
        let reach = |kind, r, c| reaches_on_empty_board(kind, from, sq(r, c));
        assert!(reach(King, 3, 3) && reach(King, 5, 4) && !reach(King, 6, 4));
        assert!(reach(Knight, 2, 5) && reach(Knight, 5, 6) && !reach(Knight, 5, 5));
        assert!(reach(Pawn, 3, 3) && reach(Pawn, 3, 5));
        assert!(!reach(Pawn, 5, 5) && !reach(Pawn, 3, 4) && !reach(Pawn, 4, 5));
        assert!(reach(Rook, 4, 8) && reach(Rook, 1, 4) && !reach(Rook, 5, 5));
        assert!(reach(Bishop, 1, 1) && reach(Bishop, 7, 1) && !reach(Bishop, 4, 5));
        assert!(reach(Queen, 8, 8) && reach(Queen, 4, 1) && !reach(Queen, 6, 5));
        for kind in PieceKind::ALL {
            assert!(!reaches_on_empty_board(kind, from, from));
        }
    }

    #[test]
    fn ranged_pieces_are_blocked_in_both_directions() {
        use PieceKind::*;
        let pos = position(&[
            (Rook, 1, 1, 2),
            (King, 1, 4, 2),
            (Rook, 1, 8, 2),
            (Bishop, 8, 8, 2),
            (Pawn, 5, 5, 1),
            (Queen, 2, 2, 2),
        ]);
        assert_eq!(
            pos.check(Move::new(sq(1, 1), sq(1, 8))),
            Err(IllegalMove::Blocked {
                kind: Rook,
                from: sq(1, 1),
                blocker: sq(1, 4)
            })
        );
        assert_eq!(
            pos.check(Move::new(sq(1, 8), sq(1, 1))),
            Err(IllegalMove::Blocked {
                kind: Rook,
                from: sq(1, 8),
                blocker: sq(1, 4)
            })
        );
        assert!(pos.check(Move::new(sq(1, 1), sq(1, 4))).is_ok());
        assert_eq!(
            pos.check(Move::new(sq(8, 8), sq(2, 2))),
            Err(IllegalMove::Blocked {
                kind: Bishop,
                from: sq(8, 8),
                blocker: sq(5, 5)
            })
        );
        assert!(pos.check(Move::new(sq(2, 2), sq(1, 1))).is_ok());
        assert!(pos.check(Move::new(sq(8, 8), sq(5, 5))).is_ok());
    }

    #[test]
    fn pawns_capture_toward_row_one_only() {
        use PieceKind::*;
        let pos = position(&[(Pawn, 5, 5, 2), (King, 4, 4, 2), (King, 6, 6, 2)]);
        assert!(pos.check(Move::new(sq(5, 5), sq(4, 4))).is_ok());
        assert!(matches!(
            pos.check(Move::new(sq(5, 5), sq(6, 6))),
            Err(IllegalMove::Unreachable { .. })
        ));
    }

    #[test]
    fn budgets_run_out_and_captures_remove_pieces() {
        use PieceKind::*;
        let mut pos = position(&[(King, 1, 1, 1), (King, 1, 2, 0), (King, 1, 3, 2)]);
        assert_eq!(
            pos.check(Move::new(sq(1, 2), sq(1, 1))),
            Err(IllegalMove::NoBudget {
                kind: King,
                from: sq(1, 2)
            })
        );
        pos.apply(Move::new(sq(1, 1), sq(1, 2))).unwrap();
        assert_eq!(pos.len(), 2);
        assert_eq!(pos.get(sq(1, 2)).unwrap().budget, 0);
        assert!(pos.get(sq(1, 1)).is_none());
        assert_eq!(
            pos.check(Move::new(sq(1, 1), sq(1, 2))),
            Err(IllegalMove::EmptyOrigin(sq(1, 1)))
        );
        assert_eq!(
            pos.check(Move::new(sq(1, 3), sq(1, 4))),
            Err(IllegalMove::EmptyTarget(sq(1, 4)))
        );
        pos.apply(Move::new(sq(1, 3), sq(1, 2))).unwrap();
        assert_eq!(pos.len(), 1);
        assert_eq!(pos.get(sq(1, 2)).unwrap().budget, 1);
    }

    #[test]
    fn king_last_variant_protects_kings() {
        use PieceKind::*;
        let board = Board::new(
            8,
            8,
            vec![Piece::new(King, sq(1, 1), 2), Piece::new(Rook, sq(1, 2), 2)],
        )
        .unwrap();
        let pos = Position::new(&board, Variant::KingLast);
        assert_eq!(
            pos.check(Move::new(sq(1, 2), sq(1, 1))),
            Err(IllegalMove::Uncapturable {
                kind: King,
                square: sq(1, 1),
                rules: "chesscom"
            })
        );
        assert!(pos.check(Move::new(sq(1, 1), sq(1, 2))).is_ok());
    }

    #[test]
    fn uncapturable_kind_is_protected_and_others_are_not() {
        use PieceKind::*;
        let board = Board::new(
            8,
            8,
            vec![
                Piece::new(Knight, sq(1, 1), 2),
                Piece::new(Rook, sq(1, 2), 2),
                Piece::new(King, sq(2, 2), 2),
            ],
        )
        .unwrap();
        let pos = Position::new(&board, Variant::Uncapturable(Knight));
        let refused = pos.check(Move::new(sq(1, 2), sq(1, 1))).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "the knight on (1,1) may not be captured (rules uncapturable-knight: a knight is never captured)"
        );
        assert!(pos.check(Move::new(sq(2, 2), sq(1, 2))).is_ok());
        assert!(pos.check(Move::new(sq(1, 2), sq(2, 2))).is_ok());
    }

    #[test]
    fn every_uncapturable_kind_is_named() {
        use crate::choice::Choice;
        for kind in PieceKind::ALL {
            let variant = Variant::Uncapturable(kind);
            assert_eq!(Variant::from_name(variant.name()), Some(variant));
            let long = format!("uncapturable-{kind}");
            assert_eq!(Variant::from_name(&long), Some(variant), "{long}");
        }
        assert_eq!(Variant::KingLast.name(), "chesscom");
        assert_eq!(Variant::Standard.name(), "thesis");
    }

    #[test]
    fn rules_act_as_standard_without_the_uncapturable_kind() {
        use PieceKind::*;
        let board = Board::new(8, 8, vec![Piece::new(Rook, sq(1, 2), 2)]).unwrap();
        assert_eq!(Variant::KingLast.on(&board), Variant::Standard);
        assert_eq!(
            Variant::Uncapturable(Rook).on(&board),
            Variant::Uncapturable(Rook)
        );
    }
}
