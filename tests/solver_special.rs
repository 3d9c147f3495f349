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
            let rooks_alone = board
                .pieces()
                .iter()
                .all(|p| matches!(p.kind, PieceKind::Rook | PieceKind::Queen));
            let case = if rooks_alone { SpecialCase::OneLineRooks } else { SpecialCase::OneLine };
            prop_assert_eq!(method, Method::Special(case));
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

/// A random pawn board with budgets ≤ 2 grown from one pawn on row 1: each next row
/// takes 1–3 of the squares the previous row's pawns can be captured from (most boards
/// then pass the cheap checks, and a fair share is solvable), until `count` pawns.
fn random_pawn_board(rng: &mut fastrand::Rng, count: usize) -> Board {
    let budget = |rng: &mut fastrand::Rng| [0, 1, 2, 2, 2, 2, 2][rng.usize(..7)];
    let mut row = vec![Square::new(1, 2 * rng.u32(0..4) + 12)];
    let mut pieces = vec![Piece::new(PieceKind::Pawn, row[0], budget(rng))];
    while pieces.len() < count {
        let mut below: Vec<Square> = row
            .iter()
            .flat_map(|s| {
                [
                    Square::new(s.row + 1, s.col - 1),
                    Square::new(s.row + 1, s.col + 1),
                ]
            })
            .collect();
        below.sort_unstable_by_key(|s| s.col);
        below.dedup();
        rng.shuffle(&mut below);
        below.truncate(rng.usize(1..=3).min(count - pieces.len()));
        pieces.extend(
            below
                .iter()
                .map(|&s| Piece::new(PieceKind::Pawn, s, budget(rng))),
        );
        row = below;
    }
    Board::fitted(pieces).expect("distinct squares")
}

#[test]
fn pawn_two_boards_match_brute_force() {
    let mut rng = fastrand::Rng::with_seed(13);
    let (mut decided, mut solvable) = (0, 0);
    for _ in 0..5000 {
        let count = rng.usize(2..=9);
        let board = random_pawn_board(&mut rng, count);
        let method =
            check_against_brute_force(&board, Variant::Standard).unwrap_or_else(|e| panic!("{e}"));
        if method == Method::Special(SpecialCase::PawnTwo) {
            decided += 1;
            solvable += brute_force(&board, Variant::Standard).is_some() as usize;
        }
    }
    println!("pawn 2-Solo Chess: {decided} boards decided, {solvable} solvable");
    assert!(
        decided >= 4000 && solvable >= 800,
        "{decided} decided, {solvable} solvable"
    );
}

/// The board outside the case split of Aravind–Misra–Mittal's Theorem 4 proof (t's two
/// children without a common child, |C(x) ∪ C(y)| = 2): solvable, and decided.
#[test]
fn pawn_two_board_missed_by_the_paper_is_solvable() {
    let pieces = [(1, 4), (2, 3), (2, 5), (3, 2), (3, 6)]
        .map(|(r, c)| Piece::new(PieceKind::Pawn, Square::new(r, c), 2))
        .to_vec();
    let board = Board::new(3, 6, pieces).expect("valid board");
    let method = check_against_brute_force(&board, Variant::Standard).expect("agrees");
    assert_eq!(method, Method::Special(SpecialCase::PawnTwo));
    assert!(brute_force(&board, Variant::Standard).is_some());
}

/// `sat2chess solve` decides an uncapturable rook among queens and an uncapturable pawn
/// among kings by Thm 2.16 (the search itself is checked against brute force on every
/// pair it covers in `crates/solve/src/special/hero/tests.rs`): `--explain` names it,
/// the exit code is the verdict, the sequence ends with the hero's capture.
#[test]
fn solve_decides_other_heroes_than_the_king_by_thm_2_16() {
    let boards = [
        // The queens gather on (2,1), which the rook then takes up its column; with the
        // last queen on (1,3) instead, that queen has no other piece on any of its lines.
        (
            "rook",
            "R 4 1 4\nQ 4 2 4\nQ 4 4 4\nQ 2 1 4\nQ 2 4 4\n",
            0,
            "R (4,1) x Q (2,1)",
        ),
        (
            "rook",
            "R 4 1 4\nQ 4 2 4\nQ 4 4 4\nQ 2 1 4\nQ 1 3 4\n",
            1,
            "",
        ),
        // The pawn captures toward row 1 only, diagonally: kings gather on (3,3).
        (
            "pawn",
            "P 4 2 4\nK 4 4 4\nK 2 2 4\nK 1 1 4\nK 3 3 4\n",
            0,
            "P (4,2) x K (3,3)",
        ),
    ];
    for (hero, pieces, code, last) in boards {
        let rules = format!("uncapturable-{hero}");
        let output = crate::common::run_with_input(
            &["solve", "-", "--rules", &rules, "--explain"],
            &format!("sat2chess-board v1 4 4\n{pieces}"),
        );
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert_eq!(output.status.code(), Some(code), "{stdout}");
        assert!(
            stdout.contains("special case: one uncapturable hero among villains of one kind")
                && stdout.contains("Thm 2.16"),
            "{stdout}"
        );
        assert!(stdout.trim_end().ends_with(last), "{stdout}");
    }
}
