//! Solo Chess puzzle generation: boards solvable by construction, optionally with a
//! single solving capture sequence and a chosen difficulty level.
//!
//! A puzzle is built backwards from its last piece: each step "un-captures" — a piece
//! on the board steps back to an empty square from which it could have captured its
//! current square (on a clear line, within its budget), and a new piece appears on the
//! square it leaves. Played forwards, the steps are a solving sequence. With
//! [`Request::unique`] a candidate is kept only when [`count_solutions`] (capped at 2)
//! finds exactly one solving sequence; with a [`Level`], only when its
//! [`Difficulty::wrong_captures`] per capture falls in the level's range. Candidates
//! come from one seeded random stream, so a request always gives the same puzzle.

use sat2chess_core::board::{Board, Piece, PieceKind, Square};
use sat2chess_core::choice::Choice;
use sat2chess_core::rules::{Move, Variant, reaches_on_empty_board};

use crate::count::{Difficulty, count_solutions, difficulty};

/// A difficulty level: a range of [`Difficulty::wrong_captures`] per capture of the
/// solution (the wrong captures on offer at an average step).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level(u8);

impl Level {
    /// The easiest level.
    pub const MIN: u8 = 1;
    /// The hardest level.
    pub const MAX: u8 = 4;
    /// Wrong captures per capture at which each level above the first starts.
    const STARTS: [f64; 3] = [2.0, 3.0, 4.0];

    /// Level `value`, if it is between [`Level::MIN`] and [`Level::MAX`].
    pub fn new(value: u8) -> Option<Level> {
        (Self::MIN..=Self::MAX)
            .contains(&value)
            .then_some(Level(value))
    }

    /// The level's number.
    pub fn value(self) -> u8 {
        self.0
    }

    /// The level whose range holds `measure` on a board of `pieces` pieces.
    pub fn of(measure: &Difficulty, pieces: usize) -> Level {
        let per_capture =
            f64::from(measure.wrong_captures) / pieces.saturating_sub(1).max(1) as f64;
        let above = Self::STARTS
            .iter()
            .filter(|&&start| per_capture >= start)
            .count();
        Level(Self::MIN + above as u8)
    }
}

/// What to generate.
#[derive(Clone, Debug)]
pub struct Request {
    /// Board height.
    pub rows: u32,
    /// Board width.
    pub cols: u32,
    /// Pieces on the board (at least 1).
    pub pieces: usize,
    /// Every piece's budget (captures it may make).
    pub budget: u32,
    /// The kinds pieces are drawn from. When the rules make a kind uncapturable
    /// ([`Variant::Uncapturable`]; chess.com: the king), that kind in the mix becomes the
    /// last piece (and the only one of its kind); under [`Variant::KingLast`] pawns never
    /// stand on the first or last row.
    pub mix: Vec<PieceKind>,
    /// The rules the puzzle is solved by.
    pub variant: Variant,
    /// Keep only boards with exactly one solving capture sequence.
    pub unique: bool,
    /// Keep only boards of this level (implies `unique`: levels measure the one solution).
    pub level: Option<Level>,
    /// Seed of the random stream.
    pub seed: u64,
    /// Candidates tried before giving up.
    pub attempts: u32,
}

/// A generated puzzle.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// The board.
    pub board: Board,
    /// A solving capture sequence (the only one when the request asked for uniqueness).
    pub solution: Vec<Move>,
    /// The difficulty measured along [`Puzzle::solution`].
    pub difficulty: Difficulty,
    /// The level of that difficulty.
    pub level: Level,
    /// Solving sequences found, capped at 2 (`None`: not counted, uniqueness not asked).
    pub solutions: Option<u64>,
    /// The candidate number (1-based) that was kept.
    pub attempt: u32,
}

/// Why no puzzle was generated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    #[error("{0}")]
    Request(String),
    #[error(
        "no puzzle met the request in {0} candidates (try another seed, fewer pieces or another level)"
    )]
    Exhausted(u32),
}

/// SplitMix64: a small, fast, seedable random stream (reproducible across platforms);
/// the solver's tests draw their random boards from it too.
pub(crate) struct Random(pub(crate) u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub(crate) fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound as u64) as usize
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// Generates a puzzle for `request`.
pub fn generate(request: &Request) -> Result<Puzzle, GenerateError> {
    validate(request)?;
    let mut random = Random(request.seed);
    let unique = request.unique || request.level.is_some();
    for attempt in 1..=request.attempts {
        let Some((board, solution)) = candidate(request, &mut random) else {
            continue;
        };
        let solutions = unique.then(|| count_solutions(&board, request.variant, 2).count);
        if solutions.is_some_and(|count| count != 1) {
            continue;
        }
        let measure = difficulty(&board, &solution, request.variant);
        let level = Level::of(&measure, request.pieces);
        if request.level.is_some_and(|wanted| wanted != level) {
            continue;
        }
        return Ok(Puzzle {
            board,
            solution,
            difficulty: measure,
            level,
            solutions,
            attempt,
        });
    }
    Err(GenerateError::Exhausted(request.attempts))
}

fn validate(request: &Request) -> Result<(), GenerateError> {
    let refuse = |message: String| Err(GenerateError::Request(message));
    if request.rows == 0 || request.cols == 0 {
        return refuse(format!(
            "a {}×{} board has no squares",
            request.rows, request.cols
        ));
    }
    if request.pieces == 0 {
        return refuse("a puzzle needs at least one piece".into());
    }
    if request.pieces as u64 > u64::from(request.rows) * u64::from(request.cols) {
        return refuse(format!(
            "{} pieces do not fit on a {}×{} board",
            request.pieces, request.rows, request.cols
        ));
    }
    if request.mix.is_empty() {
        return refuse("the piece mix is empty".into());
    }
    if request.pieces > 1 && request.budget == 0 {
        return refuse("with budget 0 no piece can capture".into());
    }
    if let Some(kind) = request.variant.uncapturable()
        && request.pieces > 1
        && request.mix.iter().all(|&mixed| mixed == kind)
    {
        return refuse(format!(
            "under the rules {} a {kind} may not be captured: add other pieces to the mix",
            request.variant.name()
        ));
    }
    Ok(())
}

/// One piece while a puzzle is built backwards: captures it makes from now to the end.
#[derive(Clone, Copy)]
struct Backward {
    square: Square,
    kind: PieceKind,
    captures: u32,
}

/// Whether a piece of `kind` may stand on `square` (chess.com: no pawn on the first or
/// last row).
fn may_stand(request: &Request, kind: PieceKind, square: Square) -> bool {
    !(request.variant == Variant::KingLast
        && kind == PieceKind::Pawn
        && (square.row == 1 || square.row == request.rows))
}

/// One board built backwards from a random last piece, with its solving sequence
/// (`None` when the construction got stuck).
fn candidate(request: &Request, random: &mut Random) -> Option<(Board, Vec<Move>)> {
    let captured: Vec<PieceKind> = request
        .mix
        .iter()
        .copied()
        .filter(|&kind| !request.variant.protects(kind))
        .collect();
    let last_kind = match request.variant.uncapturable() {
        Some(hero) if request.mix.contains(&hero) => hero,
        _ => random.pick(&request.mix),
    };
    let random_square = |random: &mut Random| {
        Square::new(
            1 + random.below(request.rows as usize) as u32,
            1 + random.below(request.cols as usize) as u32,
        )
    };
    let mut first = random_square(random);
    while !may_stand(request, last_kind, first) {
        first = random_square(random);
    }
    let mut pieces = vec![Backward {
        square: first,
        kind: last_kind,
        captures: 0,
    }];
    let mut moves = Vec::with_capacity(request.pieces - 1);
    while pieces.len() < request.pieces {
        let occupied =
            |square: Square, pieces: &[Backward]| pieces.iter().any(|p| p.square == square);
        // Every (piece, origin) un-capture: the piece steps back to an empty origin from
        // which it reaches its square on a clear line.
        let mut options = Vec::new();
        for (index, piece) in pieces.iter().enumerate() {
            if piece.captures >= request.budget {
                continue;
            }
            for row in 1..=request.rows {
                for col in 1..=request.cols {
                    let origin = Square::new(row, col);
                    if occupied(origin, &pieces)
                        || !may_stand(request, piece.kind, origin)
                        || !reaches_on_empty_board(piece.kind, origin, piece.square)
                        || (piece.kind.is_ranged() && blocked(origin, piece.square, &pieces))
                    {
                        continue;
                    }
                    options.push((index, origin));
                }
            }
        }
        let (index, origin) = *options.get(random.below(options.len().max(1)))?;
        let target = pieces[index].square;
        let victims: Vec<PieceKind> = captured
            .iter()
            .copied()
            .filter(|&kind| may_stand(request, kind, target))
            .collect();
        if victims.is_empty() {
            return None;
        }
        let victim = random.pick(&victims);
        pieces[index].square = origin;
        pieces[index].captures += 1;
        pieces.push(Backward {
            square: target,
            kind: victim,
            captures: 0,
        });
        moves.push(Move::new(origin, target));
    }
    moves.reverse();
    let pieces = pieces
        .iter()
        .map(|piece| Piece::new(piece.kind, piece.square, request.budget))
        .collect();
    let board = Board::new(request.rows, request.cols, pieces).ok()?;
    Some((board, moves))
}

/// Whether a piece stands strictly between `from` and `to` (on one line).
fn blocked(from: Square, to: Square, pieces: &[Backward]) -> bool {
    let (fr, fc) = (from.row as i64, from.col as i64);
    let (dr, dc) = (to.row as i64 - fr, to.col as i64 - fc);
    (1..dr.abs().max(dc.abs())).any(|step| {
        let square = Square::new(
            (fr + dr.signum() * step) as u32,
            (fc + dc.signum() * step) as u32,
        );
        pieces.iter().any(|piece| piece.square == square)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use sat2chess_check::check_sequence;

    fn chesscom(pieces: usize, seed: u64) -> Request {
        Request {
            rows: 8,
            cols: 8,
            pieces,
            budget: 2,
            mix: PieceKind::ALL.to_vec(),
            variant: Variant::KingLast,
            unique: true,
            level: None,
            seed,
            attempts: 10_000,
        }
    }

    #[test]
    fn generated_solutions_pass_the_checker() {
        for seed in 0..20 {
            let puzzle = generate(&chesscom(7, seed)).unwrap();
            let report = check_sequence(&puzzle.board, &puzzle.solution, Variant::KingLast);
            assert!(report.is_solution(), "seed {seed}: {report}");
            assert_eq!(puzzle.solutions, Some(1));
            assert_eq!(puzzle.board.len(), 7);
            let kings = puzzle
                .board
                .pieces()
                .iter()
                .filter(|p| p.kind == PieceKind::King);
            assert_eq!(kings.count(), 1);
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_puzzle() {
        let a = generate(&chesscom(8, 42)).unwrap();
        let b = generate(&chesscom(8, 42)).unwrap();
        assert_eq!(a.board, b.board);
        assert_eq!(a.solution, b.solution);
    }

    #[test]
    fn levels_are_met() {
        for value in Level::MIN..=Level::MAX {
            let request = Request {
                level: Level::new(value),
                ..chesscom(7, 7)
            };
            let puzzle = generate(&request).unwrap();
            assert_eq!(puzzle.level.value(), value);
        }
    }
}
