//! Knight Solo Chess as a Graph Capture instance (Aravind–Misra–Mittal §4's remark): a
//! knight captures only onto an occupied square a knight's step away, whatever lies in
//! between, and carries its budget along — exactly a token on the undirected graph whose
//! vertices are the occupied squares and whose edges join squares a knight's step apart.
//! Graph Capture has one budget, so every knight must have the same one.
//!
//! Vertex `r{row}c{col}` is the square (row, col), 1-based as on the board; the maps
//! between board moves and captures are [`KnightGraph::captures_of`] and
//! [`KnightGraph::moves_of`].

use rustc_hash::FxHashMap;
use sat2chess_core::board::{Board, PieceKind, Square};
use sat2chess_core::rules::{Move, steps};
use thiserror::Error;

use crate::graph::{GraphCapture, Vertex};
use crate::moves::Capture;

/// A knight board's graph and the square of each vertex.
#[derive(Clone, Debug)]
pub struct KnightGraph {
    graph: GraphCapture,
    squares: Vec<Square>,
}

/// Why a board is not a Graph Capture instance, or a move not a capture of it.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum KnightError {
    /// A piece is not a knight.
    #[error(
        "the {kind} on {square} is not a knight: only boards of knights are Graph Capture instances"
    )]
    NotAKnight { kind: &'static str, square: Square },
    /// Two knights have different budgets.
    #[error(
        "the knights on {first} and {other} have budgets {first_budget} and {other_budget}: Graph Capture has one budget for every token"
    )]
    Budgets {
        first: Square,
        first_budget: u32,
        other: Square,
        other_budget: u32,
    },
    /// Move `number` (1-based) starts or ends on a square holding no knight at the start.
    #[error("move {number} names {square}, which holds no knight at the start")]
    EmptySquare { number: usize, square: Square },
}

impl KnightGraph {
    /// The graph of a board of knights.
    pub fn from_board(board: &Board) -> Result<KnightGraph, KnightError> {
        let pieces = board.pieces();
        if let Some(piece) = pieces.iter().find(|p| p.kind != PieceKind::Knight) {
            return Err(KnightError::NotAKnight {
                kind: piece.kind.name(),
                square: piece.square,
            });
        }
        let budget = pieces.first().map_or(0, |p| p.budget);
        if let Some(other) = pieces.iter().find(|p| p.budget != budget) {
            return Err(KnightError::Budgets {
                first: pieces[0].square,
                first_budget: budget,
                other: other.square,
                other_budget: other.budget,
            });
        }
        let mut graph = GraphCapture::new(false, budget);
        let mut index: FxHashMap<Square, Vertex> = FxHashMap::default();
        for piece in pieces {
            let Square { row, col } = piece.square;
            let vertex = graph
                .add_vertex(&format!("r{row}c{col}"), true)
                .expect("squares are distinct");
            index.insert(piece.square, vertex);
        }
        for piece in pieces {
            for &(dr, dc) in steps(PieceKind::Knight) {
                let (row, col) = (
                    i64::from(piece.square.row) + dr,
                    i64::from(piece.square.col) + dc,
                );
                let (Ok(row), Ok(col)) = (u32::try_from(row), u32::try_from(col)) else {
                    continue;
                };
                let (from, to) = (index[&piece.square], index.get(&Square::new(row, col)));
                // Each undirected edge once, from its lower end.
                if let Some(&to) = to.filter(|&&to| from < to) {
                    graph.add_edge(from, to);
                }
            }
        }
        let squares = pieces.iter().map(|p| p.square).collect();
        Ok(KnightGraph { graph, squares })
    }

    /// The graph (undirected, the knights' budget, a token on every vertex).
    pub fn graph(&self) -> &GraphCapture {
        &self.graph
    }

    /// The square of `vertex`.
    pub fn square(&self, vertex: Vertex) -> Square {
        self.squares[vertex as usize]
    }

    /// The captures of board moves (a move's squares must hold knights at the start).
    pub fn captures_of(&self, moves: &[Move]) -> Result<Vec<Capture>, KnightError> {
        let vertex = |number: usize, square: Square| {
            let Square { row, col } = square;
            self.graph
                .vertex(&format!("r{row}c{col}"))
                .ok_or(KnightError::EmptySquare { number, square })
        };
        moves
            .iter()
            .enumerate()
            .map(|(i, mv)| {
                Ok(Capture {
                    from: vertex(i + 1, mv.from)?,
                    to: vertex(i + 1, mv.to)?,
                })
            })
            .collect()
    }

    /// The board moves of captures.
    pub fn moves_of(&self, captures: &[Capture]) -> Vec<Move> {
        captures
            .iter()
            .map(|c| Move::new(self.square(c.from), self.square(c.to)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use sat2chess_core::board::Piece;
    use sat2chess_core::rules::Variant;
    use sat2chess_solve::{Verdict, solve_default};

    use super::*;
    use crate::check::check;
    use crate::solve::solve;

    fn knight(row: u32, col: u32, budget: u32) -> Piece {
        Piece::new(PieceKind::Knight, Square::new(row, col), budget)
    }

    #[test]
    fn boards_with_other_pieces_or_mixed_budgets_are_refused() {
        let rook = Board::fitted(vec![
            knight(1, 1, 2),
            Piece::new(PieceKind::Rook, Square::new(2, 3), 2),
        ])
        .unwrap();
        assert_eq!(
            KnightGraph::from_board(&rook).unwrap_err().to_string(),
            "the rook on (2,3) is not a knight: only boards of knights are Graph Capture instances"
        );
        let mixed = Board::fitted(vec![knight(1, 1, 2), knight(2, 3, 1)]).unwrap();
        assert!(matches!(
            KnightGraph::from_board(&mixed),
            Err(KnightError::Budgets { .. })
        ));
        let graph =
            KnightGraph::from_board(&Board::fitted(vec![knight(1, 1, 2)]).unwrap()).unwrap();
        assert_eq!(
            graph.captures_of(&[Move::new(Square::new(1, 1), Square::new(2, 3))]),
            Err(KnightError::EmptySquare {
                number: 1,
                square: Square::new(2, 3)
            })
        );
    }

    /// 2–7 knights on a 5×5 board, one budget 1–3 for all; most knights a knight's step
    /// from one placed before (so that both verdicts are common).
    fn random_board(rng: &mut fastrand::Rng) -> Board {
        let budget = rng.u32(1..=3);
        let mut squares = vec![Square::new(rng.u32(1..=5), rng.u32(1..=5))];
        let count = rng.usize(2..=7);
        while squares.len() < count {
            let square = if rng.u8(0..6) == 0 {
                Square::new(rng.u32(1..=5), rng.u32(1..=5))
            } else {
                let base = squares[rng.usize(0..squares.len())];
                let (dr, dc) = steps(PieceKind::Knight)[rng.usize(0..8)];
                let (row, col) = (i64::from(base.row) + dr, i64::from(base.col) + dc);
                if !(1..=5).contains(&row) || !(1..=5).contains(&col) {
                    continue;
                }
                Square::new(row as u32, col as u32)
            };
            if !squares.contains(&square) {
                squares.push(square);
            }
        }
        let pieces = squares
            .iter()
            .map(|s| knight(s.row, s.col, budget))
            .collect();
        Board::new(5, 5, pieces).unwrap()
    }

    #[test]
    fn knight_boards_and_their_graphs_agree_both_ways() {
        let mut rng = fastrand::Rng::with_seed(32);
        let mut verdicts = [0; 2];
        for _ in 0..1000 {
            let board = random_board(&mut rng);
            let knights = KnightGraph::from_board(&board).unwrap();
            let on_graph = solve(knights.graph()).unwrap();
            let on_board = match solve_default(&board).verdict {
                Verdict::Solvable(moves) => Some(moves),
                Verdict::Unsolvable => None,
                Verdict::Unknown => panic!("no verdict on a small board"),
            };
            assert_eq!(on_graph.is_some(), on_board.is_some(), "{board:?}");
            verdicts[usize::from(on_graph.is_some())] += 1;
            if let (Some(captures), Some(moves)) = (on_graph, on_board) {
                let mapped = knights.moves_of(&captures);
                let report = sat2chess_check::check_sequence(&board, &mapped, Variant::Standard);
                assert!(report.is_solution(), "{board:?}: {report}");
                let mapped = knights.captures_of(&moves).unwrap();
                assert_eq!(check(knights.graph(), &mapped), Ok(()), "{board:?}");
            }
        }
        assert!(verdicts.iter().all(|&v| v >= 300), "{verdicts:?}");
    }
}
