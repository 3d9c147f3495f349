//! The possible captures of a board: every ordered pair of original squares that some
//! kind on the board reaches on an empty board, with the original squares strictly
//! between. Found in time near-linear in the answer, never by looking at all pairs:
//! the leapers' steps are looked up, and ranged moves pair the pieces of each line
//! (row, column, diagonal) in order, so a compiled board of millions of kings, whose
//! lines hold few pieces each, costs a few steps per piece.

use rustc_hash::FxHashMap;

use sat2chess_core::board::{Board, PieceKind, Square};
use sat2chess_core::rules::{reaches_on_empty_board, steps};

/// One possible capture `from → to` (squares by piece index).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Capture {
    pub from: u32,
    pub to: u32,
    /// Bit `k` set: kind `kinds[k]` reaches `to` from `from` on an empty board.
    pub reach: u32,
    /// Original squares strictly between (ranged moves only).
    pub between: Box<[u32]>,
}

/// The lines a ranged kind moves along, as (row step, column step) of one direction.
const ROOK_LINES: [(i64, i64); 2] = [(0, 1), (1, 0)];
const BISHOP_LINES: [(i64, i64); 2] = [(1, 1), (1, -1)];

/// Every possible capture of `board` among `kinds` (the kinds on the board), sorted by
/// source then target.
pub(crate) fn possible_captures(board: &Board, kinds: &[PieceKind]) -> Vec<Capture> {
    let squares: Vec<Square> = board.pieces().iter().map(|p| p.square).collect();
    let reach = |from: usize, to: usize| {
        kinds
            .iter()
            .enumerate()
            .filter(|&(_, &kind)| reaches_on_empty_board(kind, squares[from], squares[to]))
            .fold(0u32, |mask, (k, _)| mask | 1 << k)
    };
    let mut lines: Vec<(i64, i64)> = Vec::new();
    for &kind in kinds {
        let of_kind: &[(i64, i64)] = match kind {
            PieceKind::Rook => &ROOK_LINES,
            PieceKind::Bishop => &BISHOP_LINES,
            PieceKind::Queen => &[
                ROOK_LINES[0],
                ROOK_LINES[1],
                BISHOP_LINES[0],
                BISHOP_LINES[1],
            ],
            _ => &[],
        };
        lines.extend(of_kind);
    }
    lines.sort_unstable();
    lines.dedup();
    let mut captures = Vec::new();
    for &direction in &lines {
        line_captures(&squares, direction, &reach, &mut captures);
    }
    // Leaper steps that no enumerated line covers (a king's step along a rook's row is
    // already a pair of neighbours on that row).
    let on_a_line = |(dr, dc): (i64, i64)| lines.iter().any(|&(lr, lc)| dr * lc == dc * lr);
    let mut leaps: Vec<(i64, i64)> = kinds
        .iter()
        .flat_map(|&kind| steps(kind).iter().copied())
        .filter(|&step| !on_a_line(step))
        .collect();
    leaps.sort_unstable();
    leaps.dedup();
    if !leaps.is_empty() {
        let index: FxHashMap<Square, u32> = squares
            .iter()
            .enumerate()
            .map(|(i, &s)| (s, i as u32))
            .collect();
        for (from, square) in squares.iter().enumerate() {
            for &(dr, dc) in &leaps {
                let (row, col) = (i64::from(square.row) + dr, i64::from(square.col) + dc);
                if row < 1 || col < 1 {
                    continue;
                }
                let Some(&to) = index.get(&Square::new(row as u32, col as u32)) else {
                    continue;
                };
                let mask = reach(from, to as usize);
                if mask != 0 {
                    captures.push(Capture {
                        from: from as u32,
                        to,
                        reach: mask,
                        between: Box::new([]),
                    });
                }
            }
        }
    }
    captures.sort_unstable_by_key(|c| (c.from, c.to));
    captures
}

/// The pairs of pieces on the lines of `direction` (both ways), each with the pieces
/// strictly between.
fn line_captures(
    squares: &[Square],
    (dr, dc): (i64, i64),
    reach: &impl Fn(usize, usize) -> u32,
    captures: &mut Vec<Capture>,
) {
    // A line is the set of squares with the same value of the cross product with the
    // direction; along it, squares are ordered by the dot product.
    let key = |s: Square| {
        let (r, c) = (i64::from(s.row), i64::from(s.col));
        (r * dc - c * dr, r * dr + c * dc)
    };
    let mut order: Vec<u32> = (0..squares.len() as u32).collect();
    order.sort_unstable_by_key(|&i| key(squares[i as usize]));
    for line in order.chunk_by(|&a, &b| key(squares[a as usize]).0 == key(squares[b as usize]).0) {
        for (i, &a) in line.iter().enumerate() {
            for (j, &b) in line.iter().enumerate().skip(i + 1) {
                let between: Box<[u32]> = line[i + 1..j].into();
                for (from, to) in [(a, b), (b, a)] {
                    let mask = reach(from as usize, to as usize);
                    if mask != 0 {
                        captures.push(Capture {
                            from,
                            to,
                            reach: mask,
                            between: between.clone(),
                        });
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sat2chess_core::board::Piece;

    /// The possible captures by looking at every pair (the definition).
    fn all_pairs(board: &Board, kinds: &[PieceKind]) -> Vec<(u32, u32, u32, Vec<u32>)> {
        let squares: Vec<Square> = board.pieces().iter().map(|p| p.square).collect();
        let mut pairs = Vec::new();
        for (a, &from) in squares.iter().enumerate() {
            for (b, &to) in squares.iter().enumerate() {
                let mask = kinds
                    .iter()
                    .enumerate()
                    .filter(|&(_, &kind)| reaches_on_empty_board(kind, from, to))
                    .fold(0u32, |m, (k, _)| m | 1 << k);
                if mask == 0 {
                    continue;
                }
                let (r0, c0) = (i64::from(from.row), i64::from(from.col));
                let (r1, c1) = (i64::from(to.row), i64::from(to.col));
                let steps = (r1 - r0).abs().max((c1 - c0).abs());
                let mut between = Vec::new();
                if r0 == r1 || c0 == c1 || (r1 - r0).abs() == (c1 - c0).abs() {
                    for k in 1..steps {
                        let s = Square::new(
                            (r0 + (r1 - r0) / steps * k) as u32,
                            (c0 + (c1 - c0) / steps * k) as u32,
                        );
                        if let Some(i) = squares.iter().position(|&q| q == s) {
                            between.push(i as u32);
                        }
                    }
                }
                pairs.push((a as u32, b as u32, mask, between));
            }
        }
        pairs
    }

    #[test]
    fn line_and_leaper_pairs_are_exactly_the_reaching_pairs() {
        use PieceKind::*;
        let mut rng = fastrand::Rng::with_seed(29);
        let mixes: [&[PieceKind]; 6] = [
            &[King],
            &[Knight],
            &[Rook, Pawn],
            &[Bishop, King],
            &[Queen, Knight, Pawn],
            &[Rook, Bishop, King, Knight, Pawn, Queen],
        ];
        for round in 0..300 {
            let mix = mixes[round % mixes.len()];
            let mut pieces: Vec<Piece> = Vec::new();
            for _ in 0..rng.usize(2..14) {
                let square = Square::new(rng.u32(1..7), rng.u32(1..7));
                if pieces.iter().all(|p| p.square != square) {
                    pieces.push(Piece::new(mix[rng.usize(..mix.len())], square, 1));
                }
            }
            let board = Board::fitted(pieces).unwrap();
            let mut kinds: Vec<PieceKind> = board.pieces().iter().map(|p| p.kind).collect();
            kinds.sort_unstable();
            kinds.dedup();
            let mut got: Vec<(u32, u32, u32, Vec<u32>)> = possible_captures(&board, &kinds)
                .into_iter()
                .map(|c| {
                    let mut between = c.between.to_vec();
                    between.sort_unstable();
                    (c.from, c.to, c.reach, between)
                })
                .collect();
            got.sort();
            let mut expected = all_pairs(&board, &kinds);
            for pair in &mut expected {
                pair.3.sort_unstable();
            }
            expected.sort();
            assert_eq!(got, expected, "{board:?}");
        }
    }
}
