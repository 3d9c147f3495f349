//! The polynomial special cases (`solve::special`) against brute force on thousands of
//! random boards of each class: same verdict, the case really decided (no search), and
//! every sequence replays to one piece under the rules checker.

use proptest::prelude::*;
use sat2chess::board::{Board, Piece, PieceKind, Square};
use sat2chess::check::check_sequence;
use sat2chess::rules::Variant;
use sat2chess::solve::brute::brute_force;
use sat2chess::solve::{Method, SolveOptions, SpecialCase, Verdict, solve};

fn any_kind() -> impl Strategy<Value = PieceKind> + Clone {
    proptest::sample::select(PieceKind::ALL.to_vec())
}

fn variant() -> impl Strategy<Value = Variant> {
    prop_oneof![Just(Variant::Standard), Just(Variant::KingLast)]
}

/// `count` distinct squares of a `rows × cols` window with a kind and budget each.
fn board_of(
    rows: u32,
    cols: u32,
    count: std::ops::RangeInclusive<usize>,
    piece: impl Strategy<Value = (PieceKind, u32)> + Clone,
) -> impl Strategy<Value = Board> {
    let cells = (rows * cols) as usize;
    let most = *count.end();
    (
        proptest::sample::subsequence((0..cells).collect::<Vec<_>>(), count),
        proptest::collection::vec(piece, most),
    )
        .prop_map(move |(cells, specs)| {
            let pieces = cells
                .iter()
                .zip(specs)
                .map(|(&cell, (kind, budget))| {
                    let square = Square::new(cell as u32 / cols + 1, cell as u32 % cols + 1);
                    Piece::new(kind, square, budget)
                })
                .collect();
            Board::new(rows, cols, pieces).expect("distinct squares")
        })
}

/// Solves `board` and checks the answer against brute force; returns the case used.
fn check_against_brute_force(board: &Board, variant: Variant) -> Result<Method, TestCaseError> {
    let options = SolveOptions {
        variant,
        ..SolveOptions::default()
    };
    let report = solve(board, &options);
    let expected = brute_force(board, variant).is_some();
    match &report.verdict {
        Verdict::Solvable(moves) => {
            let certificate = check_sequence(board, moves, variant);
            prop_assert!(certificate.is_solution(), "{board:?}: {certificate}");
            prop_assert!(
                expected,
                "{board:?}: special case solved an unsolvable board"
            );
        }
        Verdict::Unsolvable => {
            prop_assert!(!expected, "{board:?}: {} says unsolvable", report.reason)
        }
        Verdict::Unknown => prop_assert!(false, "no limit was set"),
    }
    Ok(report.stats.method)
}

fn on_row_or_column(cells: u32) -> impl Strategy<Value = Board> {
    let piece = (any_kind(), 0u32..=3);
    prop_oneof![
        board_of(1, cells, 2..=8, piece.clone()),
        board_of(cells, 1, 2..=8, piece),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn budgets_at_most_one_match_brute_force(
        board in board_of(5, 5, 2..=8, (any_kind(), prop_oneof![1 => Just(0u32), 6 => Just(1u32)])),
        variant in variant(),
    ) {
        let method = check_against_brute_force(&board, variant)?;
        prop_assert_eq!(method, Method::Special(SpecialCase::OneBudget));
    }

    #[test]
    fn long_range_budget_one_boards_match_brute_force(
        board in board_of(6, 6, 3..=8, (
            proptest::sample::select(vec![PieceKind::Rook, PieceKind::Bishop, PieceKind::Queen]),
            Just(1u32),
        )),
    ) {
        let method = check_against_brute_force(&board, Variant::Standard)?;
        prop_assert_eq!(method, Method::Special(SpecialCase::OneBudget));
    }

    #[test]
    fn one_line_boards_match_brute_force(board in on_row_or_column(11)) {
        let method = check_against_brute_force(&board, Variant::Standard)?;
        let budgets_one = board.pieces().iter().all(|p| p.budget <= 1);
        if !budgets_one {
            prop_assert_eq!(method, Method::Special(SpecialCase::OneLine));
        }
    }

    #[test]
    fn one_line_king_and_rook_runs_match_brute_force(
        board in board_of(1, 9, 3..=8, (
            proptest::sample::select(vec![PieceKind::King, PieceKind::King, PieceKind::Rook, PieceKind::Bishop]),
            0u32..=3,
        )),
    ) {
        check_against_brute_force(&board, Variant::Standard)?;
    }

    #[test]
    fn unlimited_one_kind_boards_match_brute_force(
        kind in any_kind(),
        board in board_of(4, 5, 2..=7, (Just(PieceKind::King), Just(0u32))),
        extra in 0u32..=2,
        variant in variant(),
    ) {
        let n = board.len() as u32;
        let pieces = board
            .pieces()
            .iter()
            .map(|p| Piece::new(kind, p.square, (n - 1).max(2) + extra))
            .collect();
        let board = Board::new(board.rows(), board.cols(), pieces).expect("same squares");
        let method = check_against_brute_force(&board, variant)?;
        let one_line = board.pieces().iter().all(|p| p.square.row == board.pieces()[0].square.row)
            || board.pieces().iter().all(|p| p.square.col == board.pieces()[0].square.col);
        if !one_line {
            prop_assert_eq!(method, Method::Special(SpecialCase::Unlimited));
        }
    }
}

/// Boards of bishops (both square colours) and one or two knights, budgets 0–2: the
/// class of the capture-chain rule (`solve::chains`).
fn bishops_and_knights() -> impl Strategy<Value = Board> {
    board_of(
        5,
        5,
        3..=8,
        (
            proptest::sample::select(vec![
                PieceKind::Bishop,
                PieceKind::Bishop,
                PieceKind::Bishop,
                PieceKind::Knight,
            ]),
            0u32..=2,
        ),
    )
}

fn search_engine(variant: Variant) -> SolveOptions {
    SolveOptions {
        variant,
        method: Some(Method::Search),
        ..SolveOptions::default()
    }
}

/// The search engine (special cases skipped) against brute force.
fn search_matches_brute_force(board: &Board, variant: Variant) -> Result<(), TestCaseError> {
    let report = solve(board, &search_engine(variant));
    let expected = brute_force(board, variant).is_some();
    match &report.verdict {
        Verdict::Solvable(moves) => {
            prop_assert!(check_sequence(board, moves, variant).is_solution());
            prop_assert!(expected, "{board:?}: search solved an unsolvable board");
        }
        Verdict::Unsolvable => prop_assert!(!expected, "{board:?}: search says unsolvable"),
        Verdict::Unknown => prop_assert!(false, "no limit was set"),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn search_with_capture_chains_matches_brute_force_on_bishops_and_knights(
        board in bishops_and_knights(),
        variant in variant(),
    ) {
        search_matches_brute_force(&board, variant)?;
    }

    #[test]
    fn search_matches_brute_force_on_mixed_boards(
        board in board_of(5, 5, 2..=8, (any_kind(), 0u32..=2)),
        variant in variant(),
    ) {
        search_matches_brute_force(&board, variant)?;
    }
}
