//! Rook → queen and rook → bishop boards (issue 12): the capture graph and the blockers of
//! every aligned pair are the same after the transformation (computed with the rules'
//! own move check, `rules::Position`), the exact solver gives the same verdict, and
//! capture sequences map both ways and replay alike under the sequence checker.

use std::collections::{BTreeMap, BTreeSet};

use crate::common::cnf::certify_check_and_decode;
use proptest::prelude::*;
use sat2chess::back::compile_formula;
use sat2chess::back::king::King;
use sat2chess::board::{Board, Piece, PieceKind, Square};
use sat2chess::check::check_sequence;
use sat2chess::front::FormulaFormat;
use sat2chess::layout::order::Ordering;
use sat2chess::retarget::{Retargeted, Target, retarget};
use sat2chess::rules::{IllegalMove, Move, Position, Variant, reaches_on_empty_board};
use sat2chess::solve::{Verdict, solve_default};
use sat2chess::transform::Chain;

const TARGETS: [Target; 2] = [Target::Queen, Target::Bishop];

/// The capture graph of a board, and for every aligned pair the pieces between them in
/// order, as the rules see them: every piece gets budget 1, an edge is a legal capture,
/// and the blockers are the chain of `Blocked` answers from the origin toward the target.
#[derive(Debug, PartialEq, Eq)]
struct CaptureStructure {
    edges: BTreeSet<(Square, Square)>,
    blockers: BTreeMap<(Square, Square), Vec<Square>>,
}

fn capture_structure(board: &Board) -> CaptureStructure {
    let pieces = board
        .pieces()
        .iter()
        .map(|piece| Piece::new(piece.kind, piece.square, 1))
        .collect();
    let board = Board::new(board.rows(), board.cols(), pieces).unwrap();
    let position = Position::new(&board, Variant::Standard);
    let mut structure = CaptureStructure {
        edges: BTreeSet::new(),
        blockers: BTreeMap::new(),
    };
    for from in board.pieces() {
        for to in board.pieces() {
            if !reaches_on_empty_board(from.kind, from.square, to.square) {
                continue;
            }
            let mut between = Vec::new();
            let mut at = from.square;
            loop {
                match position.check(Move::new(at, to.square)) {
                    Ok(()) => break,
                    Err(IllegalMove::Blocked { blocker, .. }) => {
                        between.push(blocker);
                        at = blocker;
                    }
                    Err(other) => panic!("aligned pair {at} -> {}: {other}", to.square),
                }
            }
            if between.is_empty() {
                structure.edges.insert((from.square, to.square));
            }
            structure.blockers.insert((from.square, to.square), between);
        }
    }
    structure
}

/// The structure of the rook board with every square mapped onto the target board.
fn mapped_structure(source: &CaptureStructure, retargeted: &Retargeted) -> CaptureStructure {
    let map = |square: Square| retargeted.map.forward(square).expect("an occupied square");
    CaptureStructure {
        edges: source
            .edges
            .iter()
            .map(|&(s, t)| (map(s), map(t)))
            .collect(),
        blockers: source
            .blockers
            .iter()
            .map(|(&(s, t), between)| {
                ((map(s), map(t)), between.iter().copied().map(map).collect())
            })
            .collect(),
    }
}

/// Transforms `board` for both targets and checks pieces, budgets, labels, square colour
/// (bishops) and the capture structure; returns the transformed boards.
fn assert_exact(board: &Board) -> Vec<Retargeted> {
    let source = capture_structure(board);
    TARGETS
        .into_iter()
        .map(|target| {
            let retargeted = retarget(board, target).expect("a rook board");
            let result = &retargeted.board;
            assert_eq!(result.len(), board.len());
            for piece in board.pieces() {
                let image = retargeted.map.forward(piece.square).unwrap();
                let moved = result.piece_at(image).unwrap();
                assert_eq!(moved.kind, target.kind());
                assert_eq!((moved.budget, &moved.label), (piece.budget, &piece.label));
                assert_eq!(retargeted.map.backward(image), Some(piece.square));
            }
            if target == Target::Bishop {
                let colours: BTreeSet<u32> = result
                    .pieces()
                    .iter()
                    .map(|p| (p.square.row + p.square.col) % 2)
                    .collect();
                assert!(colours.len() <= 1, "bishops on both colours");
            }
            assert_eq!(
                capture_structure(result),
                mapped_structure(&source, &retargeted),
                "{target:?}"
            );
            retargeted
        })
        .collect()
}

fn rook_board(rows: u32, cols: u32, pieces: &[(u32, u32, u32)]) -> Board {
    let mut seen = BTreeSet::new();
    let pieces = pieces
        .iter()
        .filter(|&&(r, c, _)| seen.insert((r, c)))
        .map(|&(r, c, budget)| Piece::new(PieceKind::Rook, Square::new(r, c), budget))
        .collect();
    Board::new(rows, cols, pieces).unwrap()
}

fn small_rook_board() -> impl Strategy<Value = Board> {
    (1..=6_u32, 1..=6_u32).prop_flat_map(|(rows, cols)| {
        proptest::collection::vec((1..=rows, 1..=cols, 0..=3_u32), 1..=9)
            .prop_map(move |pieces| rook_board(rows, cols, &pieces))
    })
}

fn large_rook_board() -> impl Strategy<Value = Board> {
    (1..=40_u32, 1..=40_u32).prop_flat_map(|(rows, cols)| {
        proptest::collection::vec((1..=rows, 1..=cols, 0..=2_u32), 1..=150)
            .prop_map(move |pieces| rook_board(rows, cols, &pieces))
    })
}

/// A random sequence of captures between occupied squares (mostly illegal ones).
fn random_moves(board: &Board, picks: &[(usize, usize)]) -> Vec<Move> {
    let squares: Vec<Square> = board.pieces().iter().map(|p| p.square).collect();
    picks
        .iter()
        .map(|&(a, b)| Move::new(squares[a % squares.len()], squares[b % squares.len()]))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn small_boards_keep_verdict_and_sequences(
        board in small_rook_board(),
        picks in proptest::collection::vec((0..9_usize, 0..9_usize), 0..12),
    ) {
        let rook_verdict = solve_default(&board).verdict;
        for retargeted in assert_exact(&board) {
            let target_verdict = solve_default(&retargeted.board).verdict;
            match (&rook_verdict, &target_verdict) {
                (Verdict::Solvable(rook_moves), Verdict::Solvable(target_moves)) => {
                    let forward = retargeted.map.moves_forward(rook_moves).unwrap();
                    prop_assert!(check_sequence(&retargeted.board, &forward, Variant::Standard).is_solution());
                    prop_assert_eq!(&retargeted.map.moves_backward(&forward).unwrap(), rook_moves);
                    let back = retargeted.map.moves_backward(target_moves).unwrap();
                    prop_assert!(check_sequence(&board, &back, Variant::Standard).is_solution());
                }
                (Verdict::Unsolvable, Verdict::Unsolvable) => {}
                (rook, target) => prop_assert!(false, "rook {:?} vs target {:?}", rook, target),
            }
            let moves = random_moves(&board, &picks);
            let forward = retargeted.map.moves_forward(&moves).unwrap();
            let on_rooks = check_sequence(&board, &moves, Variant::Standard);
            let on_target = check_sequence(&retargeted.board, &forward, Variant::Standard);
            prop_assert_eq!(on_rooks.applied, on_target.applied);
            prop_assert_eq!(on_rooks.remaining, on_target.remaining);
            prop_assert_eq!(on_rooks.illegal.map(|step| step.index), on_target.illegal.map(|step| step.index));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn larger_boards_keep_capture_graph_and_blockers(board in large_rook_board()) {
        for retargeted in assert_exact(&board) {
            let stats = retargeted.stats;
            if let Some(uniform) = stats.uniform_scaling {
                prop_assert!(stats.result.area() <= uniform.area());
            }
        }
    }
}

/// The compiled King 2-Solo Chess boards with every king made a rook: large structured
/// rook boards (until the rook backend lands, the largest rook boards there are).
#[test]
fn compiled_boards_as_rooks_keep_capture_graph_and_blockers() {
    for text in [
        include_str!("formulas/x_or_not_x.andor"),
        include_str!("../examples/andor/thesis.andor"),
    ] {
        let input = FormulaFormat::Andor.parse(text).unwrap();
        let chain = Chain::from_input(&input, &sat2chess::layout::BandOrder).unwrap();
        let compiled = compile_formula(King, chain.formula(), Ordering::Optimised).unwrap();
        let pieces = compiled
            .board
            .pieces()
            .iter()
            .map(|piece| Piece {
                kind: PieceKind::Rook,
                ..piece.clone()
            })
            .collect();
        let board = Board::new(compiled.board.rows(), compiled.board.cols(), pieces).unwrap();
        let [queen, _bishop] = &assert_exact(&board)[..] else {
            panic!("two targets")
        };
        let uniform = queen.stats.uniform_scaling.unwrap();
        assert!(queen.stats.result.area() < uniform.area() / 2);
    }
}

#[test]
fn huge_sparse_boards_stay_sparse() {
    let board = rook_board(
        1_000_000,
        1_000_000,
        &[
            (1, 1, 2),
            (1, 1_000_000, 2),
            (1_000_000, 1_000_000, 2),
            (500_000, 1, 1),
        ],
    );
    for retargeted in assert_exact(&board) {
        assert!(retargeted.stats.result.rows <= 2_000_000);
    }
}

/// Issue 12, "How it is shown": random CNFs compiled to rook boards (the rook backend),
/// transformed to queen and bishop boards; the rook certificate mapped along solves the
/// new board, maps back and decodes to a model of the CNF.
#[test]
fn random_cnfs_certify_check_and_decode_on_queen_boards() {
    certify_check_and_decode("queen", 0x12_9e3b, 300, (6, 12));
}

#[test]
fn random_cnfs_certify_check_and_decode_on_bishop_boards() {
    certify_check_and_decode("bishop", 0x12_9e3c, 300, (6, 12));
}
