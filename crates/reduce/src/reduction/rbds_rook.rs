//! Red-Blue Dominating Set → Generalized Solo Chess (R, 2) (Aravind–Misra–Mittal,
//! FUN 2022, Theorem 2), with its certificate (dominating set → solving sequence) and
//! decoder (any solving sequence → dominating set of at most k reds).
//!
//! For n reds, m blues and bound k the board is (2m + 1) × (n + m + k + 1); the paper's
//! rows are mirrored so that its top row 2m + 1 is row 1 here and blue j (0-based) sits
//! on row 2j + 3:
//!
//! - *non-terminal* 1-rooks on (1, i + 1) for every red i;
//! - *terminal* 1-rooks on (2j + 3, i + 1) for every edge red i – blue j;
//! - *collector* 2-rooks on (2j + 3, n + j + 1);
//! - *cleaner* 2-rooks on (1, n + m + ℓ) for ℓ = 1..=k − 1;
//! - the *target* 1-rook on (1, n + m + k).
//!
//! **One cleaner fewer than the paper** (k − 1, not k; the board is one column
//! narrower). With k cleaners the reverse direction fails: Claim 10 bounds the top-row
//! squares that ever hold a 0-rook by the cleaners, but the last rook may stand on such
//! a square, which then needs no cleaner — the CNF `x ∧ ¬x` through [`crate::transform::rbds`]
//! gives a solvable paper board (the exact solver finds it; the unit test
//! `random_cnfs_through_the_rook_board` fails with k cleaners). With k − 1 cleaners
//! Claim 10's count is k − 1 + 1 (the last square), and the forward direction still
//! clears the top row: ≤ k 0-rooks, k − 1 cleaner 2-rooks, so Σ (budget − 1) ≥ −1
//! (Lemma 9 / thesis Lemma 4.3 with the last rook on a 0-rook's square).
//!
//! The decoder reads off the paper's *affected indices*: the reds i whose top-row square
//! (1, i + 1) ever holds a 0-rook (at most k of them, dominating every blue; the
//! property test checks this on every solver-found sequence).
//!
//! **Theorem 3** (queens, §3.2): the same board with empty columns between consecutive
//! columns and every rook a queen ([`queen_board`]). The paper inserts "say O(n²)"
//! columns; `rows − 1` are enough: column c goes to `(c − 1)·rows + 1`, so two pieces in
//! different columns are at least `rows` columns apart but at most `rows − 1` rows, and
//! no two pieces share a diagonal. Rows, columns and their order are kept, so a queen
//! reaches exactly the pieces the rook did, past the same blockers (the two conditions
//! of [`crate::retarget`]), and the rook board's sequences carry over square by square.
//! The paper's strengthening with every budget 2 (a 1-queen replaced by a pair of
//! 2-queens) is not built: thesis Appendix A refutes that pair construction.

use std::collections::{BTreeMap, BTreeSet};
use std::io;
use std::path::Path;

use sat2chess_check::Replay;
use sat2chess_core::board::{Board, BoardError, Piece, PieceKind, Square};
use sat2chess_core::formula::{Assignment, Cnf, Lit, Var};
use sat2chess_core::rules::{Move, Position, Variant};

use super::captures::{self, CaptureDecoding, decode_captures};
use super::sinks::write_pieces;
use super::{
    BoardFile, BoardSink, Decoded, Input, Observer, OtherBoard, Plan, Prepared, ReduceError, Step,
};
use crate::front::rbds::Rbds;
use crate::transform;

/// The piece a board of this module is made of: rooks (Theorem 2) or queens on the
/// column-spread board (Theorem 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RbdsPiece {
    Rook,
    Queen,
}

impl RbdsPiece {
    /// The target's name (`--to`).
    fn name(self) -> &'static str {
        match self {
            RbdsPiece::Rook => "rook",
            RbdsPiece::Queen => "queen",
        }
    }

    fn kind(self) -> PieceKind {
        match self {
            RbdsPiece::Rook => PieceKind::Rook,
            RbdsPiece::Queen => PieceKind::Queen,
        }
    }
}

/// Theorem 3's column spreading of a Theorem 2 board of `rows` rows: column `col` goes
/// to `(col − 1)·rows + 1` (module doc).
fn spread_col(col: u32, rows: u32) -> u32 {
    (col - 1) * rows + 1
}

/// The square of the Theorem 2 rook board (of `rows` rows) that `square` of the queen
/// board comes from; `None` for an empty column of the spread.
fn unspread(square: Square, rows: u32) -> Option<Square> {
    ((square.col - 1) % rows == 0).then(|| Square::new(square.row, (square.col - 1) / rows + 1))
}

/// The queen board of an RBDS instance (Theorem 3): [`board`] with its columns spread
/// and queens for rooks.
pub fn queen_board(rbds: &Rbds) -> Result<Board, BoardError> {
    let rooks = board(rbds)?;
    let rows = rooks.rows();
    let pieces = rooks
        .pieces()
        .iter()
        .map(|p| {
            let square = Square::new(p.square.row, spread_col(p.square.col, rows));
            Piece::new(PieceKind::Queen, square, p.budget)
        })
        .collect();
    Board::new(rows, spread_col(rooks.cols(), rows), pieces)
}

/// The board of `piece` for `rbds`: [`board`] or [`queen_board`].
pub fn board_of(rbds: &Rbds, piece: RbdsPiece) -> Result<Board, BoardError> {
    match piece {
        RbdsPiece::Rook => board(rbds),
        RbdsPiece::Queen => queen_board(rbds),
    }
}

/// A capture sequence of the rook board as the same sequence on the board of `piece`
/// (of `rows` rows).
pub fn moves_onto(moves: &[Move], piece: RbdsPiece, rows: u32) -> Vec<Move> {
    let spread = |s: Square| match piece {
        RbdsPiece::Rook => s,
        RbdsPiece::Queen => Square::new(s.row, spread_col(s.col, rows)),
    };
    moves
        .iter()
        .map(|mv| Move::new(spread(mv.from), spread(mv.to)))
        .collect()
}

/// The rook board of an RBDS instance (Theorem 2).
pub fn board(rbds: &Rbds) -> Result<Board, BoardError> {
    let (n, m, k) = (rbds.reds, rbds.blues, rbds.k);
    let rook = |row, col, budget, label: String| Piece {
        label: Some(label),
        ..Piece::new(PieceKind::Rook, Square::new(row, col), budget)
    };
    let mut pieces: Vec<Piece> = (0..n)
        .map(|i| rook(1, i + 1, 1, format!("rbds-red#{}", i + 1)))
        .collect();
    pieces.extend(rbds.edges.iter().map(|&(i, j)| {
        let label = format!("rbds-edge#{} blue={}", i + 1, j + 1);
        rook(blue_row(j), i + 1, 1, label)
    }));
    pieces.extend((0..m).map(|j| rook(blue_row(j), n + j + 1, 2, format!("rbds-blue#{}", j + 1))));
    let cleaners = k.saturating_sub(1);
    pieces.extend((1..=cleaners).map(|l| rook(1, n + m + l, 2, format!("rbds-cleaner#{l}"))));
    pieces.push(rook(1, n + m + cleaners + 1, 1, "rbds-target".into()));
    Board::new(2 * m + 1, n + m + cleaners + 1, pieces)
}

/// The row of blue vertex `j` (0-based).
fn blue_row(j: u32) -> u32 {
    2 * j + 3
}

/// Why a certificate could not be built.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum CertifyError {
    /// The set is not a solution of the instance.
    #[error("the set is not a dominating set of at most k reds")]
    NotASolution,
    /// A 0-rook of the top row has no cleaner 2-rook to its right: a bug.
    #[error("internal error: a 0-rook of the top row has no cleaner left")]
    NoCleaner,
    /// The construction made an illegal move: a bug.
    #[error("internal error: the certificate made an illegal move ({0:?})")]
    Illegal(Move),
}

/// A solving capture sequence of [`board`] for the dominating set `set` (the proof's
/// forward direction), each move checked by the rules as it is made.
pub fn certify(rbds: &Rbds, set: &BTreeSet<u32>) -> Result<Vec<Move>, CertifyError> {
    if !rbds.is_solution(set) {
        return Err(CertifyError::NotASolution);
    }
    let board = board(rbds).map_err(|_| CertifyError::NotASolution)?;
    let mut play = Play {
        position: Position::new(&board, Variant::Standard),
        moves: Vec::new(),
    };
    let n = rbds.reds;
    let neighbours = rbds.blue_neighbours();
    // f(j): the first red of the set dominating blue j.
    let chosen: Vec<u32> = neighbours
        .iter()
        .map(|reds| {
            *reds
                .iter()
                .find(|red| set.contains(red))
                .expect("dominated")
        })
        .collect();
    // Every terminal rook of row j captures toward f(j), nearest first.
    for (j, reds) in neighbours.iter().enumerate() {
        let row = blue_row(j as u32);
        let at = Square::new(row, chosen[j] + 1);
        let (left, right): (Vec<u32>, Vec<u32>) = reds
            .iter()
            .filter(|&&r| r != chosen[j])
            .partition(|&&r| r < chosen[j]);
        for red in left.iter().rev().chain(right.iter()) {
            play.capture(Square::new(row, red + 1), at)?;
        }
    }
    // Collector j picks f(j) up and brings it to the top row, rows nearest the top first.
    for (j, &red) in chosen.iter().enumerate() {
        let row = blue_row(j as u32);
        let at = Square::new(row, red + 1);
        play.capture(Square::new(row, n + j as u32 + 1), at)?;
        play.capture(at, Square::new(1, red + 1))?;
    }
    // The top row: a one-dimensional configuration (Lemma 9).
    clear_top_row(&mut play, n)?;
    Ok(play.moves)
}

/// A position and the moves made on it.
struct Play {
    position: Position,
    moves: Vec<Move>,
}

impl Play {
    fn capture(&mut self, from: Square, to: Square) -> Result<(), CertifyError> {
        let mv = Move::new(from, to);
        self.position
            .apply(mv)
            .map_err(|_| CertifyError::Illegal(mv))?;
        self.moves.push(mv);
        Ok(())
    }

    /// The top row's pieces: column → budget.
    fn top_row(&self) -> BTreeMap<u32, u32> {
        self.position
            .to_board()
            .pieces()
            .iter()
            .filter(|p| p.square.row == 1)
            .map(|p| (p.square.col, p.budget))
            .collect()
    }
}

/// Clears the top row once it is the only one left: the non-terminal 1-rooks (columns
/// ≤ `n`) capture the 0-rooks next to them, each cleaner 2-rook then removes one 0-rook
/// (Lemma 9's induction), and once no 0-rook is left every rook captures toward the
/// first one.
fn clear_top_row(play: &mut Play, n: u32) -> Result<(), CertifyError> {
    let sq = |col| Square::new(1, col);
    // Non-terminal 1-rooks into neighbouring 0-rooks.
    loop {
        let row = play.top_row();
        let cols: Vec<(u32, u32)> = row.into_iter().collect();
        let found = cols.windows(2).find_map(|pair| match (pair[0], pair[1]) {
            ((a, 1), (b, 0)) if a <= n => Some((a, b)),
            ((a, 0), (b, 1)) if b <= n => Some((b, a)),
            _ => None,
        });
        let Some((from, to)) = found else { break };
        play.capture(sq(from), sq(to))?;
    }
    // Each cleaner 2-rook removes the rightmost 0-rook (with the 1-rook it becomes)
    // until one 0-rook is left.
    loop {
        let cols: Vec<(u32, u32)> = play.top_row().into_iter().collect();
        let Some(last_zero) = cols.iter().rposition(|&(_, b)| b == 0) else {
            break;
        };
        if last_zero == 0 {
            break;
        }
        let Some(&(cleaner, 2)) = cols.get(last_zero + 1) else {
            return Err(CertifyError::NoCleaner);
        };
        let zero = cols[last_zero].0;
        play.capture(sq(cleaner), sq(zero))?;
        play.capture(sq(zero), sq(cols[last_zero - 1].0))?;
    }
    // No 0-rook left but maybe the first: every rook captures the first square in turn.
    let cols: Vec<u32> = play.top_row().into_keys().collect();
    for &col in cols.iter().skip(1) {
        play.capture(sq(col), sq(cols[0]))?;
    }
    Ok(())
}

/// The dominating set a sequence of legal moves on [`board`] of `rbds` shows: the reds
/// whose top-row square ever held a 0-rook (the proof's affected indices). For a
/// solving sequence it is a solution (Claims 10–12); for others it may be anything.
pub fn affected_reds(rbds: &Rbds, moves: &[Move]) -> Result<BTreeSet<u32>, BoardError> {
    let board = board(rbds)?;
    let mut budgets: BTreeMap<Square, u32> = board
        .pieces()
        .iter()
        .map(|p| (p.square, p.budget))
        .collect();
    let mut affected = BTreeSet::new();
    for mv in moves {
        let Some(budget) = budgets.remove(&mv.from) else {
            break;
        };
        let left = budget.saturating_sub(1);
        budgets.insert(mv.to, left);
        if left == 0 && mv.to.row == 1 && mv.to.col <= rbds.reds {
            affected.insert(mv.to.col - 1);
        }
    }
    Ok(affected)
}

/// What the board is compiled from: a CNF through [`transform::rbds`], or an RBDS
/// instance given as such (`compile x.rbds`), whose "model" is its dominating set, one
/// value per red.
enum Source {
    Cnf(Cnf),
    Rbds,
}

/// A CNF (or an RBDS instance) on its way to a rook or queen board through RBDS
/// (`compile --to rook|queen --via rbds`, `compile x.rbds --to rook|queen`).
pub(super) struct PreparedRbdsRook {
    source: Source,
    rbds: Rbds,
    piece: RbdsPiece,
}

/// Why an input cannot go through RBDS.
#[derive(Debug, thiserror::Error)]
enum NotForRbds {
    #[error("--via rbds reads DIMACS CNF, not And-Or formulas")]
    AndOr,
    #[error(
        "a colourful RBDS instance: Theorems 2 and 3 decide the plain problem (at most k \
         reds); remove the `colour` lines to compile it as such"
    )]
    Colourful,
    #[error(
        "k = 0: Theorem 2's board needs k ≥ 1 (with k = 0 an instance is solvable iff it \
         has no blue vertex)"
    )]
    NoReds,
    #[error("the {piece} board would be {rows} x {cols}, beyond the largest extent {max}")]
    TooLarge {
        piece: &'static str,
        rows: u64,
        cols: u64,
        max: u32,
    },
}

/// The extent of the board of `piece` for `rbds`, computed without overflow.
fn extent(rbds: &Rbds, piece: RbdsPiece) -> (u64, u64) {
    let rows = 2 * u64::from(rbds.blues) + 1;
    let cols = u64::from(rbds.reds) + u64::from(rbds.blues) + u64::from(rbds.k.max(1));
    match piece {
        RbdsPiece::Rook => (rows, cols),
        RbdsPiece::Queen => (rows, (cols - 1) * rows + 1),
    }
}

impl PreparedRbdsRook {
    pub(super) fn new(source: &Input, piece: RbdsPiece) -> Result<PreparedRbdsRook, ReduceError> {
        let (source, rbds) = match source {
            Input::Cnf(cnf) => (Source::Cnf(cnf.clone()), transform::rbds::from_cnf(cnf)),
            Input::Rbds(rbds) if rbds.colours.is_some() => {
                return Err(ReduceError::input(NotForRbds::Colourful));
            }
            Input::Rbds(rbds) if rbds.k == 0 => return Err(ReduceError::input(NotForRbds::NoReds)),
            Input::Rbds(rbds) => (Source::Rbds, rbds.clone()),
            Input::AndOr(_) => return Err(ReduceError::input(NotForRbds::AndOr)),
        };
        let (rows, cols) = extent(&rbds, piece);
        let max = u32::MAX;
        if rows.max(cols) > u64::from(max) {
            let piece = piece.name();
            return Err(ReduceError::input(NotForRbds::TooLarge {
                piece,
                rows,
                cols,
                max,
            }));
        }
        Ok(PreparedRbdsRook {
            source,
            rbds,
            piece,
        })
    }
}

impl Prepared for PreparedRbdsRook {
    fn estimate(&self) -> u64 {
        u64::from(self.rbds.reds)
            + self.rbds.edges.len() as u64
            + 2 * u64::from(self.rbds.blues)
            + u64::from(self.rbds.k)
            + 1
    }

    fn holds_board(&self) -> bool {
        true
    }

    fn plan(self: Box<Self>) -> Result<Box<dyn Plan>, ReduceError> {
        let board = board_of(&self.rbds, self.piece).map_err(ReduceError::internal)?;
        Ok(Box::new(RbdsRookPlan {
            source: self.source,
            rbds: self.rbds,
            piece: self.piece,
            board,
        }))
    }
}

/// A dominating set of at most k reds, by the SAT solver: one variable per red, a clause
/// per blue (one of its reds), and at most k reds true (Sinz's sequential counter).
fn dominating_set(rbds: &Rbds) -> Result<Option<BTreeSet<u32>>, ReduceError> {
    let (n, k) = (rbds.reds, rbds.k.min(rbds.reds));
    let red = |i: u32| Lit::new(Var(i), true);
    let mut clauses: Vec<Vec<Lit>> = rbds
        .blue_neighbours()
        .into_iter()
        .map(|reds| reds.into_iter().map(red).collect())
        .collect();
    if clauses.iter().any(Vec::is_empty) {
        return Ok(None);
    }
    let mut vars = n;
    if k == 0 {
        clauses.extend((0..n).map(|i| vec![!red(i)]));
    } else if k < n {
        // s(i, j): at least j + 1 of the reds 0..=i are in the set (i < n − 1, j < k).
        let s = |i: u32, j: u32| Lit::new(Var(n + i * k + j), true);
        vars += (n - 1) * k;
        clauses.push(vec![!red(0), s(0, 0)]);
        clauses.extend((1..k).map(|j| vec![!s(0, j)]));
        for i in 1..n - 1 {
            clauses.push(vec![!red(i), s(i, 0)]);
            clauses.push(vec![!s(i - 1, 0), s(i, 0)]);
            for j in 1..k {
                clauses.push(vec![!red(i), !s(i - 1, j - 1), s(i, j)]);
                clauses.push(vec![!s(i - 1, j), s(i, j)]);
            }
            clauses.push(vec![!red(i), !s(i - 1, k - 1)]);
        }
        clauses.push(vec![!red(n - 1), !s(n - 2, k - 1)]);
    }
    let cnf = Cnf::new(vars, clauses);
    let model = sat2chess_solve::sat::solve_cnf(&cnf).map_err(ReduceError::internal)?;
    Ok(model.map(|model| (0..n).filter(|&i| model.0[i as usize]).collect()))
}

/// A dominating set as the "model" of an RBDS input: one value per red.
fn set_model(rbds: &Rbds, set: &BTreeSet<u32>) -> Assignment {
    Assignment((0..rbds.reds).map(|red| set.contains(&red)).collect())
}

/// The Theorem 2 rook board (or Theorem 3 queen board) of an RBDS instance.
struct RbdsRookPlan {
    source: Source,
    rbds: Rbds,
    piece: RbdsPiece,
    board: Board,
}

/// A solving sequence whose affected reds are no model: a bug of the reduction.
#[derive(Debug, thiserror::Error)]
#[error(
    "internal error: the solving sequence shows reds {0:?}, not a dominating set of at most k reds"
)]
struct NotDominating(BTreeSet<u32>);

impl Plan for RbdsRookPlan {
    fn extent(&self) -> (u32, u32) {
        (self.board.rows(), self.board.cols())
    }

    fn pieces(&self) -> u64 {
        self.board.len() as u64
    }

    fn stats(&self) -> String {
        format!(
            "RBDS: {} reds, {} blues, {} edges, k = {}\n",
            self.rbds.reds,
            self.rbds.blues,
            self.rbds.edges.len(),
            self.rbds.k
        )
    }

    fn write_board(&self, sink: &mut dyn BoardSink, _: &dyn Observer) -> Result<(), ReduceError> {
        write_pieces(&self.board, sink)
    }

    fn solve(&self) -> Result<Option<Assignment>, ReduceError> {
        match &self.source {
            Source::Cnf(cnf) => sat2chess_solve::sat::solve_cnf(cnf).map_err(ReduceError::internal),
            Source::Rbds => Ok(dominating_set(&self.rbds)?.map(|set| set_model(&self.rbds, &set))),
        }
    }

    fn certify(
        &self,
        model: &Assignment,
        sink: &mut dyn FnMut(Step) -> io::Result<()>,
        _: &dyn Observer,
    ) -> Result<u64, ReduceError> {
        let set = match self.source {
            Source::Cnf(_) => transform::rbds::forward(model),
            Source::Rbds => (0..self.rbds.reds)
                .filter(|&red| model.0.get(red as usize) == Some(&true))
                .collect(),
        };
        let moves = certify(&self.rbds, &set).map_err(ReduceError::internal)?;
        let moves = moves_onto(&moves, self.piece, self.board.rows());
        captures::emit_captures(&moves, sink)
    }

    fn decode(
        &self,
        file: &BoardFile,
        moves: &Path,
    ) -> Result<Result<Decoded, OtherBoard>, ReduceError> {
        let mut followed = Followed {
            board: &self.board,
            piece: self.piece,
            moves: Vec::new(),
        };
        let (name, kind) = (self.piece.name(), self.piece.kind());
        if let Some(refused) = decode_captures(file, moves, name, kind, &mut followed)? {
            return Ok(refused);
        }
        let set = affected_reds(&self.rbds, &followed.moves).map_err(ReduceError::internal)?;
        let model = match &self.source {
            Source::Cnf(cnf) => transform::rbds::backward(&self.rbds, &set)
                .filter(|model| cnf.is_satisfied_by(model)),
            Source::Rbds => self
                .rbds
                .is_solution(&set)
                .then(|| set_model(&self.rbds, &set)),
        };
        match model {
            Some(model) => Ok(Ok(Decoded::Model(model))),
            None => Err(ReduceError::internal(NotDominating(set))),
        }
    }
}

/// The moves of a solving sequence, as moves of the rook board, kept for
/// [`affected_reds`].
struct Followed<'b> {
    board: &'b Board,
    piece: RbdsPiece,
    moves: Vec<Move>,
}

impl CaptureDecoding for Followed<'_> {
    fn same_board(&self, replay: &Replay) -> Result<(), String> {
        captures::same_board(self.board, replay)
    }

    fn step(&mut self, mv: Move) {
        let rows = self.board.rows();
        let mv = match self.piece {
            RbdsPiece::Rook => mv,
            // Legal moves join occupied squares, which lie on the spread columns.
            RbdsPiece::Queen => match (unspread(mv.from, rows), unspread(mv.to, rows)) {
                (Some(from), Some(to)) => Move::new(from, to),
                _ => return,
            },
        };
        self.moves.push(mv);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use sat2chess_solve::{Verdict, solve_default};

    use crate::transform::rbds::tests_support::{all_models, random_cnf};
    use crate::transform::rbds::{backward, forward, from_cnf};

    fn replays(board: &Board, moves: &[Move]) -> bool {
        let mut position = Position::new(board, Variant::Standard);
        moves.iter().all(|&mv| position.apply(mv).is_ok()) && position.len() == 1
    }

    #[test]
    fn the_paper_example_shape() {
        let rbds = Rbds::parse("p rbds 3 2 1\ne 1 1\ne 2 1\ne 2 2\n").unwrap();
        let board = board(&rbds).unwrap();
        assert_eq!(
            (board.rows(), board.cols(), board.len()),
            (5, 6, 3 + 3 + 2 + 1)
        );
        let moves = certify(&rbds, &BTreeSet::from([1])).unwrap();
        assert!(replays(&board, &moves));
        assert_eq!(affected_reds(&rbds, &moves).unwrap(), BTreeSet::from([1]));
        assert_eq!(
            certify(&rbds, &BTreeSet::from([0])),
            Err(CertifyError::NotASolution)
        );
    }

    /// ≥ 300 random small CNFs through CNF → RBDS → rook board: the exact solver decides
    /// the board as the formula, every model's certificate replays, and the sequence the
    /// solver found decodes to a model.
    #[test]
    fn random_cnfs_through_the_rook_board() {
        let mut rng = fastrand::Rng::with_seed(2);
        let (mut sat, mut unsat) = (0, 0);
        for _ in 0..300 {
            let cnf = random_cnf(&mut rng, 2);
            let rbds = from_cnf(&cnf);
            let board = board(&rbds).unwrap();
            let models = all_models(&cnf);
            for model in &models {
                let moves = certify(&rbds, &forward(model)).unwrap();
                assert!(replays(&board, &moves), "{cnf:?}");
                let set = affected_reds(&rbds, &moves).unwrap();
                assert!(cnf.is_satisfied_by(&backward(&rbds, &set).unwrap()));
            }
            match solve_default(&board).verdict {
                Verdict::Solvable(moves) => {
                    assert!(!models.is_empty(), "{cnf:?}: board solvable, formula not");
                    assert!(replays(&board, &moves));
                    let set = affected_reds(&rbds, &moves).unwrap();
                    let model = backward(&rbds, &set).expect("a dominating set");
                    assert!(cnf.is_satisfied_by(&model), "{cnf:?}");
                    sat += 1;
                }
                Verdict::Unsolvable => {
                    assert!(models.is_empty(), "{cnf:?}: formula satisfiable, board not");
                    unsat += 1;
                }
                Verdict::Unknown => panic!("{cnf:?}: no verdict"),
            }
        }
        assert!(sat >= 50 && unsat >= 50, "{sat} satisfiable, {unsat} not");
    }

    /// A random RBDS instance: 1–4 reds, 1–3 blues, k in 1..=3, each edge with
    /// probability 1/2.
    fn random_rbds(rng: &mut fastrand::Rng) -> Rbds {
        let (reds, blues) = (rng.u32(1..=4), rng.u32(1..=3));
        let edges = (0..reds)
            .flat_map(|red| (0..blues).map(move |blue| (red, blue)))
            .filter(|_| rng.bool())
            .collect();
        Rbds {
            reds,
            blues,
            edges,
            k: rng.u32(1..=3),
            colours: None,
        }
    }

    /// Whether `rbds` has a solution, by trying every set of reds.
    fn has_solution(rbds: &Rbds) -> bool {
        (0u32..1 << rbds.reds).any(|mask| {
            let set: BTreeSet<u32> = (0..rbds.reds).filter(|r| mask >> r & 1 == 1).collect();
            rbds.is_solution(&set)
        })
    }

    /// RBDS instances given as such (`compile x.rbds`), not only those of CNFs: the SAT
    /// encoding finds a solution exactly when brute force does, the exact solver decides
    /// the rook board the same way (so k − 1 cleaners are right beyond CNF instances),
    /// certificates replay and solver-found sequences show a solution.
    #[test]
    fn random_rbds_instances_through_the_rook_board() {
        let mut rng = fastrand::Rng::with_seed(5);
        let (mut yes, mut no) = (0, 0);
        for _ in 0..400 {
            let rbds = random_rbds(&mut rng);
            let board = board(&rbds).unwrap();
            let expected = has_solution(&rbds);
            let found = dominating_set(&rbds).unwrap();
            assert_eq!(found.is_some(), expected, "{rbds:?}");
            if let Some(set) = &found {
                assert!(rbds.is_solution(set), "{rbds:?}");
                assert!(replays(&board, &certify(&rbds, set).unwrap()), "{rbds:?}");
            }
            match solve_default(&board).verdict {
                Verdict::Solvable(moves) => {
                    assert!(expected, "{rbds:?}: board solvable, instance not");
                    assert!(replays(&board, &moves));
                    let set = affected_reds(&rbds, &moves).unwrap();
                    assert!(rbds.is_solution(&set), "{rbds:?}: {set:?}");
                    yes += 1;
                }
                Verdict::Unsolvable => {
                    assert!(!expected, "{rbds:?}: instance solvable, board not");
                    no += 1;
                }
                Verdict::Unknown => panic!("{rbds:?}: no verdict"),
            }
        }
        assert!(yes >= 100 && no >= 100, "{yes} solvable, {no} not");
    }

    #[test]
    fn the_queen_board_spreads_columns_by_the_rows() {
        let rbds = Rbds::parse("p rbds 3 2 1\ne 1 1\ne 2 1\ne 2 2\n").unwrap();
        let queens = queen_board(&rbds).unwrap();
        assert_eq!((queens.rows(), queens.cols(), queens.len()), (5, 26, 9));
        let squares: Vec<Square> = queens.pieces().iter().map(|p| p.square).collect();
        for (a, s) in squares.iter().enumerate() {
            for t in &squares[a + 1..] {
                let (dr, dc) = (s.row.abs_diff(t.row), s.col.abs_diff(t.col));
                assert!(dr != dc, "{s} and {t} share a diagonal");
            }
            assert_eq!(unspread(*s, 5).map(|r| spread_col(r.col, 5)), Some(s.col));
        }
        assert_eq!(unspread(Square::new(1, 2), 5), None);
    }

    /// Theorem 3: ≥ 300 random small CNFs through CNF → RBDS → queen board, as for the
    /// rook board: the exact solver decides the queen board as the formula, every model's
    /// certificate (mapped onto the queens) replays, and the sequence the solver found
    /// decodes (mapped back) to a model.
    #[test]
    fn random_cnfs_through_the_queen_board() {
        let mut rng = fastrand::Rng::with_seed(3);
        let (mut sat, mut unsat) = (0, 0);
        for _ in 0..300 {
            let cnf = random_cnf(&mut rng, 2);
            let rbds = from_cnf(&cnf);
            let queens = queen_board(&rbds).unwrap();
            let rows = queens.rows();
            let models = all_models(&cnf);
            for model in &models {
                let moves = certify(&rbds, &forward(model)).unwrap();
                let onto = moves_onto(&moves, RbdsPiece::Queen, rows);
                assert!(replays(&queens, &onto), "{cnf:?}");
            }
            match solve_default(&queens).verdict {
                Verdict::Solvable(moves) => {
                    assert!(!models.is_empty(), "{cnf:?}: board solvable, formula not");
                    assert!(replays(&queens, &moves));
                    let back: Vec<Move> = moves
                        .iter()
                        .map(|mv| {
                            let square = |s| unspread(s, rows).expect("an occupied column");
                            Move::new(square(mv.from), square(mv.to))
                        })
                        .collect();
                    let set = affected_reds(&rbds, &back).unwrap();
                    let model = backward(&rbds, &set).expect("a dominating set");
                    assert!(cnf.is_satisfied_by(&model), "{cnf:?}");
                    sat += 1;
                }
                Verdict::Unsolvable => {
                    assert!(models.is_empty(), "{cnf:?}: formula satisfiable, board not");
                    unsat += 1;
                }
                Verdict::Unknown => panic!("{cnf:?}: no verdict"),
            }
        }
        assert!(sat >= 50 && unsat >= 50, "{sat} satisfiable, {unsat} not");
    }
}
