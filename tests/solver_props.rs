//! Cross-checks of the fast solver against plain references on random small boards:
//! `solve` against `brute_force` (no memo, no pruning), every returned sequence replayed
//! with `rules::Position`, and `remainders` against a naive enumeration of all
//! reachable configurations.

use std::collections::{BTreeSet, HashSet};

use proptest::prelude::*;
use sat2chess::board::{Board, Piece, PieceKind, Square};
use sat2chess::rules::{Position, Variant};
use sat2chess::solve::brute::brute_force;
use sat2chess::solve::{Remainder, SolveOptions, Verdict, remainders, solve};

fn kind_strategy() -> impl Strategy<Value = PieceKind> {
    prop_oneof![
        3 => Just(PieceKind::King),
        1 => Just(PieceKind::Queen),
        1 => Just(PieceKind::Rook),
        1 => Just(PieceKind::Bishop),
        2 => Just(PieceKind::Knight),
        1 => Just(PieceKind::Pawn),
    ]
}

/// Boards up to 6×6 with up to `max_pieces` pieces, budgets 0–2; sometimes uniform.
fn board_strategy(max_pieces: usize) -> impl Strategy<Value = Board> {
    (2u32..=6, 2u32..=6, any::<bool>()).prop_flat_map(move |(rows, cols, uniform)| {
        let cells = (rows * cols) as usize;
        (
            proptest::sample::subsequence(
                (0..cells).collect::<Vec<_>>(),
                1..=max_pieces.min(cells),
            ),
            proptest::collection::vec((kind_strategy(), 0u32..=2), max_pieces),
            kind_strategy(),
        )
            .prop_map(move |(cells, specs, common)| {
                let pieces = cells
                    .iter()
                    .zip(&specs)
                    .map(|(&cell, &(kind, budget))| {
                        let square = Square::new(cell as u32 / cols + 1, cell as u32 % cols + 1);
                        Piece::new(if uniform { common } else { kind }, square, budget)
                    })
                    .collect();
                Board::new(rows, cols, pieces).expect("distinct squares inside the board")
            })
    })
}

/// Dense boards of short-range pieces (kings, knights, pawns) in a 4×5 window with
/// budgets 1–2: cut vertices are common, so the exact block moves get exercised.
fn short_range_strategy() -> impl Strategy<Value = Board> {
    let short = prop_oneof![
        Just(PieceKind::King),
        Just(PieceKind::Knight),
        Just(PieceKind::Pawn)
    ];
    (
        proptest::sample::subsequence((0..20u32).collect::<Vec<_>>(), 5..=8),
        proptest::collection::vec((short, 1u32..=2), 8),
        any::<bool>(),
    )
        .prop_map(|(cells, specs, uniform)| {
            let pieces = cells
                .iter()
                .zip(&specs)
                .map(|(&cell, &(kind, budget))| {
                    let kind = if uniform { PieceKind::King } else { kind };
                    Piece::new(kind, Square::new(cell / 5 + 1, cell % 5 + 1), budget)
                })
                .collect();
            Board::new(4, 5, pieces).expect("distinct squares")
        })
}

/// King-last boards: one king among 3–7 pieces of the other kinds in a 5×5 window,
/// budgets 0–2, so that the king's reach bounds the final square and pawns or
/// isolated pieces are often stuck with budget left.
fn one_king_strategy() -> impl Strategy<Value = Board> {
    let other = prop_oneof![
        Just(PieceKind::Queen),
        Just(PieceKind::Rook),
        Just(PieceKind::Bishop),
        Just(PieceKind::Knight),
        Just(PieceKind::Pawn)
    ];
    (
        proptest::sample::subsequence((0..25u32).collect::<Vec<_>>(), 4..=8),
        proptest::collection::vec((other, 0u32..=2), 8),
        0u32..=2,
    )
        .prop_map(|(cells, specs, king_budget)| {
            let pieces = cells
                .iter()
                .zip(&specs)
                .enumerate()
                .map(|(i, (&cell, &(kind, budget)))| {
                    let square = Square::new(cell / 5 + 1, cell % 5 + 1);
                    if i == 0 {
                        Piece::new(PieceKind::King, square, king_budget)
                    } else {
                        Piece::new(kind, square, budget)
                    }
                })
                .collect();
            Board::new(5, 5, pieces).expect("distinct squares")
        })
}

fn variant_strategy() -> impl Strategy<Value = Variant> {
    prop_oneof![Just(Variant::Standard), Just(Variant::KingLast)]
}

type Key = Vec<(Square, PieceKind, u32)>;

fn key_of(position: &Position) -> Key {
    position
        .to_board()
        .pieces()
        .iter()
        .map(|p| (p.square, p.kind, p.budget))
        .collect()
}

/// Every reachable configuration (naive DFS with a visited set), filtered to `keep`.
fn naive_remainders(
    board: &Board,
    keep: &BTreeSet<Square>,
    variant: Variant,
) -> BTreeSet<Remainder> {
    fn go(position: &Position, seen: &mut HashSet<Key>, out: &mut Vec<Key>) {
        let key = key_of(position);
        if !seen.insert(key.clone()) {
            return;
        }
        out.push(key);
        for mv in position.legal_moves() {
            let mut next = position.clone();
            next.apply(mv).expect("legal");
            go(&next, seen, out);
        }
    }
    let mut all = Vec::new();
    go(
        &Position::new(board, variant),
        &mut HashSet::new(),
        &mut all,
    );
    all.into_iter()
        .filter(|key| key.iter().all(|(square, _, _)| keep.contains(square)))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1200, ..ProptestConfig::default() })]

    #[test]
    fn solve_agrees_with_brute_force(board in board_strategy(9), variant in variant_strategy()) {
        let options = SolveOptions { variant, ..SolveOptions::default() };
        let report = solve(&board, &options);
        let reference = brute_force(&board, variant);
        match report.verdict {
            Verdict::Solvable(moves) => {
                prop_assert!(reference.is_some(), "solver found a solution brute force did not");
                let mut position = Position::new(&board, variant);
                for mv in &moves {
                    prop_assert!(position.apply(*mv).is_ok(), "illegal move {mv}");
                }
                prop_assert_eq!(position.len(), 1);
            }
            Verdict::Unsolvable => prop_assert!(reference.is_none(), "brute force solved it: {:?}", reference),
            Verdict::Unknown => prop_assert!(false, "no limits were set"),
        }
    }

    #[test]
    fn remainders_agree_with_naive_enumeration(
        board in board_strategy(7),
        variant in variant_strategy(),
        keep_bits in any::<u64>(),
    ) {
        let keep: BTreeSet<Square> = board
            .pieces()
            .iter()
            .enumerate()
            .filter(|(i, _)| keep_bits >> i & 1 == 1)
            .map(|(_, p)| p.square)
            .collect();
        let options = SolveOptions { variant, ..SolveOptions::default() };
        let (found, _) = remainders(&board, &keep, &options);
        prop_assert_eq!(found, Some(naive_remainders(&board, &keep, variant)));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    #[test]
    fn remainders_agree_with_naive_enumeration_on_dense_short_range_boards(
        board in short_range_strategy(),
        keep_bits in any::<u64>(),
    ) {
        // Short-range standard boards: the keep-mode block moves apply at cut vertices.
        let keep: BTreeSet<Square> = board
            .pieces()
            .iter()
            .enumerate()
            .filter(|(i, _)| keep_bits >> i & 3 == 0)
            .map(|(_, p)| p.square)
            .collect();
        let (found, _) = remainders(&board, &keep, &SolveOptions::default());
        prop_assert_eq!(found, Some(naive_remainders(&board, &keep, Variant::Standard)));
    }

    #[test]
    fn solve_agrees_with_brute_force_on_king_last_boards(board in one_king_strategy()) {
        let options = SolveOptions { variant: Variant::KingLast, ..SolveOptions::default() };
        let report = solve(&board, &options);
        let reference = brute_force(&board, Variant::KingLast);
        match report.verdict {
            Verdict::Solvable(moves) => {
                prop_assert!(reference.is_some(), "solver found a solution brute force did not");
                let mut position = Position::new(&board, Variant::KingLast);
                for mv in &moves {
                    prop_assert!(position.apply(*mv).is_ok(), "illegal move {mv}");
                }
                prop_assert_eq!(position.len(), 1);
            }
            Verdict::Unsolvable => prop_assert!(reference.is_none(), "brute force solved it: {:?}", reference),
            Verdict::Unknown => prop_assert!(false, "no limits were set"),
        }
    }

    #[test]
    fn solve_agrees_with_brute_force_on_dense_short_range_boards(board in short_range_strategy()) {
        let report = solve(&board, &SolveOptions::default());
        let reference = brute_force(&board, Variant::Standard);
        match report.verdict {
            Verdict::Solvable(moves) => {
                prop_assert!(reference.is_some(), "solver found a solution brute force did not");
                let mut position = Position::new(&board, Variant::Standard);
                for mv in &moves {
                    prop_assert!(position.apply(*mv).is_ok(), "illegal move {mv}");
                }
                prop_assert_eq!(position.len(), 1);
            }
            Verdict::Unsolvable => prop_assert!(reference.is_none(), "brute force solved it: {:?}", reference),
            Verdict::Unknown => prop_assert!(false, "no limits were set"),
        }
    }
}
