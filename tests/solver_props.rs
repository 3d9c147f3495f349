//! Cross-checks of the fast solver against plain references on random small boards:
//! `solve` against `brute_force` (no memo, no pruning), every returned sequence replayed
//! with `rules::Position`, and `remainders` against a naive enumeration of all
//! reachable configurations.

use std::collections::{BTreeSet, HashSet};

use proptest::prelude::*;
use sat2chess::board::{Board, Piece, PieceKind, Square};
use sat2chess::rules::{Position, Variant};
use sat2chess::solve::brute::brute_force;
use sat2chess::solve::{
    Cleared, Method, Remainder, SolveOptions, Verdict, clear_to, remainders, solve,
};

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

/// The verdict matches `brute_force`, and a returned sequence replays to one piece.
fn agrees_with_brute_force(
    board: &Board,
    variant: Variant,
    verdict: Verdict,
) -> Result<(), TestCaseError> {
    let reference = brute_force(board, variant);
    match verdict {
        Verdict::Solvable(moves) => {
            prop_assert!(
                reference.is_some(),
                "solver found a solution brute force did not"
            );
            let mut position = Position::new(board, variant);
            for mv in &moves {
                prop_assert!(position.apply(*mv).is_ok(), "illegal move {mv}");
            }
            prop_assert_eq!(position.len(), 1);
        }
        Verdict::Unsolvable => prop_assert!(
            reference.is_none(),
            "brute force solved it: {:?}",
            reference
        ),
        Verdict::Unknown => prop_assert!(false, "no limits were set"),
    }
    Ok(())
}

/// The squares of the pieces whose index `chosen` picks.
fn keep_squares(board: &Board, chosen: impl Fn(usize) -> bool) -> BTreeSet<Square> {
    board
        .pieces()
        .iter()
        .enumerate()
        .filter(|(i, _)| chosen(*i))
        .map(|(_, p)| p.square)
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1200, ..ProptestConfig::default() })]

    #[test]
    fn solve_agrees_with_brute_force(board in board_strategy(9), variant in variant_strategy()) {
        let options = SolveOptions { variant, ..SolveOptions::default() };
        agrees_with_brute_force(&board, variant, solve(&board, &options).verdict)?;
    }

    #[test]
    fn remainders_agree_with_naive_enumeration(
        board in board_strategy(7),
        variant in variant_strategy(),
        keep_bits in any::<u64>(),
    ) {
        let keep = keep_squares(&board, |i| keep_bits >> i & 1 == 1);
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
        let keep = keep_squares(&board, |i| keep_bits >> i & 3 == 0);
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
        agrees_with_brute_force(&board, Variant::Standard, solve(&board, &SolveOptions::default()).verdict)?;
    }
}

/// Boards of one short-range kind (kings or knights) in a 4×5 window, budgets 0–2: the
/// boards the spanning-tree engine decides.
fn uniform_short_range_strategy(max_pieces: usize) -> impl Strategy<Value = Board> {
    (
        proptest::sample::subsequence((0..20u32).collect::<Vec<_>>(), 1..=max_pieces),
        proptest::collection::vec(
            prop_oneof![1 => Just(0u32), 2 => Just(1), 4 => Just(2)],
            max_pieces,
        ),
        prop_oneof![3 => Just(PieceKind::King), 1 => Just(PieceKind::Knight)],
    )
        .prop_map(|(cells, budgets, kind)| {
            let pieces = cells
                .iter()
                .zip(&budgets)
                .map(|(&cell, &budget)| {
                    Piece::new(kind, Square::new(cell / 5 + 1, cell % 5 + 1), budget)
                })
                .collect();
            Board::new(4, 5, pieces).expect("distinct squares")
        })
}

fn forced(method: Method) -> SolveOptions {
    SolveOptions {
        method: Some(method),
        ..SolveOptions::default()
    }
}

/// Replays `moves`; the configuration left, or `None` if a move is illegal.
fn replay(board: &Board, moves: &[sat2chess::rules::Move]) -> Option<Remainder> {
    let mut position = Position::new(board, Variant::Standard);
    for mv in moves {
        position.apply(*mv).ok()?;
    }
    Some(key_of(&position))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    /// Both engines against brute force and naive enumeration on king/knight boards; the
    /// tree engine's witnesses (`clear_to`) replay to the configuration they claim.
    #[test]
    fn engines_agree_on_uniform_short_range_boards(
        board in uniform_short_range_strategy(9),
        keep_bits in any::<u64>(),
        pick in any::<usize>(),
    ) {
        for method in [Method::SpanningTree, Method::Search] {
            let report = solve(&board, &forced(method));
            prop_assert_eq!(report.stats.method, method);
            agrees_with_brute_force(&board, Variant::Standard, report.verdict)?;
        }
        let keep = keep_squares(&board, |i| keep_bits >> i & 1 == 1);
        let expected = naive_remainders(&board, &keep, Variant::Standard);
        for method in [Method::SpanningTree, Method::Search] {
            let (found, _) = remainders(&board, &keep, &forced(method));
            prop_assert_eq!(found.as_ref(), Some(&expected), "{:?}", method);
        }
        match expected.iter().nth(pick % expected.len().max(1)) {
            Some(goal) => {
                let (cleared, _) = clear_to(&board, &keep, &|r| r == goal, &SolveOptions::default());
                let Cleared::Found(moves, left) = cleared else {
                    return Err(TestCaseError::fail(format!("no witness for {goal:?}: {cleared:?}")));
                };
                prop_assert_eq!(&left, goal);
                let replayed = replay(&board, &moves);
                prop_assert_eq!(replayed.as_ref(), Some(goal));
            }
            None => {
                let (cleared, _) = clear_to(&board, &keep, &|_| true, &SolveOptions::default());
                prop_assert_eq!(cleared, Cleared::Impossible);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    /// Larger king boards (up to 14 kings in 4×6), beyond brute force: the engines agree.
    #[test]
    fn engines_agree_on_larger_king_boards(
        cells in proptest::sample::subsequence((0..24u32).collect::<Vec<_>>(), 8..=14),
        budgets in proptest::collection::vec(prop_oneof![1 => Just(0u32), 2 => Just(1), 6 => Just(2)], 14),
    ) {
        let pieces = cells
            .iter()
            .zip(&budgets)
            .map(|(&cell, &budget)| Piece::new(PieceKind::King, Square::new(cell / 6 + 1, cell % 6 + 1), budget))
            .collect();
        let board = Board::new(4, 6, pieces).expect("distinct squares");
        let tree = solve(&board, &forced(Method::SpanningTree)).verdict;
        let search = solve(&board, &forced(Method::Search)).verdict;
        prop_assert_eq!(matches!(tree, Verdict::Solvable(_)), matches!(search, Verdict::Solvable(_)));
        prop_assert!(!matches!(search, Verdict::Unknown));
        if let Verdict::Solvable(moves) = tree {
            prop_assert_eq!(replay(&board, &moves).map(|r| r.len()), Some(1));
        }
    }
}

/// Ranged boards: rooks (mostly), queens and bishops on 4–9 squares of a 5×5 window,
/// budgets 0–2. Rows and columns are shared often, so states on one line (decided by
/// the special cases mid-search) and cut-vertex sides on one line (the 1D rook lemma)
/// are common.
fn ranged_strategy() -> impl Strategy<Value = Board> {
    let ranged = prop_oneof![
        3 => Just(PieceKind::Rook),
        1 => Just(PieceKind::Queen),
        1 => Just(PieceKind::Bishop),
    ];
    (
        proptest::sample::subsequence((0..25u32).collect::<Vec<_>>(), 4..=9),
        proptest::collection::vec((ranged, 0u32..=2), 9),
    )
        .prop_map(|(cells, specs)| {
            let pieces = cells
                .iter()
                .zip(&specs)
                .map(|(&cell, &(kind, budget))| {
                    Piece::new(kind, Square::new(cell / 5 + 1, cell % 5 + 1), budget)
                })
                .collect();
            Board::new(5, 5, pieces).expect("distinct squares")
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    #[test]
    fn solve_agrees_with_brute_force_on_ranged_boards(board in ranged_strategy()) {
        for method in [None, Some(Method::Search)] {
            let options = SolveOptions { method, ..SolveOptions::default() };
            agrees_with_brute_force(&board, Variant::Standard, solve(&board, &options).verdict)?;
        }
    }
}

/// A `rows × cols` board with a piece of `kind` on each cell index of `cells` (row-major,
/// 0-based), budgets taken in order from `budgets`.
fn one_kind_board(
    kind: PieceKind,
    rows: u32,
    cols: u32,
    cells: &[usize],
    budgets: &[u32],
) -> Board {
    let pieces = cells
        .iter()
        .zip(budgets)
        .map(|(&cell, &budget)| {
            let square = Square::new(cell as u32 / cols + 1, cell as u32 % cols + 1);
            Piece::new(kind, square, budget)
        })
        .collect();
    Board::new(rows, cols, pieces).expect("distinct squares inside the board")
}

/// Rook-only boards up to 5×5 with up to 9 pieces, budgets 0–2 (mostly 1): leaves of
/// budget 1 are common, so the forced leaf capture of the search engine gets exercised.
fn rook_strategy() -> impl Strategy<Value = Board> {
    (2u32..=5, 2u32..=5).prop_flat_map(|(rows, cols)| {
        let cells = (rows * cols) as usize;
        (
            proptest::sample::subsequence((0..cells).collect::<Vec<_>>(), 3..=9.min(cells)),
            proptest::collection::vec(prop_oneof![1 => Just(0u32), 3 => Just(1), 2 => Just(2)], 9),
        )
            .prop_map(move |(cells, budgets)| {
                one_kind_board(PieceKind::Rook, rows, cols, &cells, &budgets)
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn solve_agrees_with_brute_force_on_rook_boards(board in rook_strategy()) {
        let options = forced(Method::Search);
        agrees_with_brute_force(&board, Variant::Standard, solve(&board, &options).verdict)?;
    }
}

/// Boards of one ranged kind (rooks, queens or bishops; the compact ranged engine's
/// class) with 3–10 pieces on up to 6×6 squares and budgets 0–3 (mostly 1–2): leaves,
/// antennae, 0-pieces and cut vertices with small sides are common, so every pruning
/// rule of the compact engine fires (its zero-leaf, antenna, stranded, components and
/// side-clearing rules, its dominance table and the 1-Solo Chess states).
fn uniform_ranged_strategy() -> impl Strategy<Value = Board> {
    let kind = prop_oneof![
        2 => Just(PieceKind::Rook),
        1 => Just(PieceKind::Queen),
        1 => Just(PieceKind::Bishop),
    ];
    (kind, 2u32..=6, 2u32..=6).prop_flat_map(|(kind, rows, cols)| {
        let cells = (rows * cols) as usize;
        (
            proptest::sample::subsequence((0..cells).collect::<Vec<_>>(), 3..=9.min(cells)),
            proptest::collection::vec(
                prop_oneof![1 => Just(0u32), 3 => Just(1), 4 => Just(2), 1 => Just(3)],
                10,
            ),
        )
            .prop_map(move |(cells, budgets)| one_kind_board(kind, rows, cols, &cells, &budgets))
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    #[test]
    fn compact_ranged_engine_agrees_with_brute_force(board in uniform_ranged_strategy()) {
        let options = forced(Method::Search);
        agrees_with_brute_force(&board, Variant::Standard, solve(&board, &options).verdict)?;
    }
}
