//! The portfolio never changes a verdict (issue 13 §2): on thousands of small random
//! boards the SAT encoding alone, the search engine alone and the portfolio agree with
//! the brute-force reference, and every sequence they return clears the board under
//! the sequence checker.

use sat2chess::board::{Board, Piece, PieceKind, Square};
use sat2chess::check::check_sequence;
use sat2chess::rules::Variant;
use sat2chess::solve::brute::brute_force;
use sat2chess::solve::{Method, SolveOptions, Verdict, solve};

/// A random board of 2–`max_pieces` pieces in a window up to 5×5, budgets 0–2 (mostly
/// 1–2, so that both verdicts are common); a third of them with one kind only.
fn random_board(rng: &mut fastrand::Rng, max_pieces: usize) -> Board {
    let (rows, cols) = (rng.u32(2..=5), rng.u32(2..=5));
    let mut cells: Vec<u32> = (0..rows * cols).collect();
    rng.shuffle(&mut cells);
    let count = rng.usize(2..=max_pieces.min(cells.len()));
    let uniform = rng.u32(0..3) == 0;
    let common = PieceKind::ALL[rng.usize(..PieceKind::ALL.len())];
    let pieces = cells[..count]
        .iter()
        .map(|&cell| {
            let kind = if uniform {
                common
            } else {
                PieceKind::ALL[rng.usize(..PieceKind::ALL.len())]
            };
            let budget = [0, 1, 1, 2, 2, 2][rng.usize(..6)];
            Piece::new(kind, Square::new(cell / cols + 1, cell % cols + 1), budget)
        })
        .collect();
    Board::new(rows, cols, pieces).expect("distinct squares inside the board")
}

fn with_method(method: Method, variant: Variant) -> SolveOptions {
    SolveOptions {
        variant,
        method: Some(method),
        ..SolveOptions::default()
    }
}

/// The verdict as solvability, after checking any sequence it carries.
fn checked(board: &Board, verdict: &Verdict, variant: Variant, engine: &str) -> bool {
    match verdict {
        Verdict::Solvable(moves) => {
            let report = check_sequence(board, moves, variant);
            assert!(report.is_solution(), "{engine}: {report} on {board:?}");
            true
        }
        Verdict::Unsolvable => false,
        Verdict::Unknown => panic!("{engine}: no limit was set, yet UNKNOWN on {board:?}"),
    }
}

#[test]
fn sat_search_portfolio_and_brute_force_agree() {
    let mut rng = fastrand::Rng::with_seed(13);
    let mut solvable = 0;
    let boards = 2000;
    for round in 0..boards {
        let variant = if round % 4 == 3 {
            Variant::KingLast
        } else {
            Variant::Standard
        };
        let board = random_board(&mut rng, 6);
        let expected = brute_force(&board, variant).is_some();
        solvable += usize::from(expected);
        for (engine, method) in [
            ("sat", Method::Sat),
            ("search", Method::Search),
            ("portfolio", Method::Portfolio),
        ] {
            let report = solve(&board, &with_method(method, variant));
            let got = checked(&board, &report.verdict, variant, engine);
            assert_eq!(got, expected, "{engine} ({variant:?}) on {board:?}");
        }
    }
    // Both verdicts are well represented.
    assert!(
        solvable > boards / 5 && solvable < boards * 4 / 5,
        "{solvable}"
    );
}

#[test]
fn sat_engine_reports_its_encoding() {
    use PieceKind::{Bishop, Queen, Rook};
    let board = Board::fitted(vec![
        Piece::new(Queen, Square::new(1, 1), 2),
        Piece::new(Rook, Square::new(1, 3), 1),
        Piece::new(Bishop, Square::new(3, 3), 1),
    ])
    .unwrap();
    let report = solve(&board, &with_method(Method::Sat, Variant::Standard));
    assert!(matches!(report.verdict, Verdict::Solvable(_)));
    assert_eq!(report.stats.method, Method::Sat);
    assert!(report.stats.sat_variables > 0 && report.stats.sat_clauses > 0);
    assert!(report.reason.contains("SAT encoding"), "{}", report.reason);
}

/// A random board of `count` pieces in a `size`×`size` window, budgets 0–3, every piece
/// of `kind` or (with `None`) of random kinds.
fn random_dense_board(
    rng: &mut fastrand::Rng,
    size: u32,
    count: usize,
    kind: Option<PieceKind>,
) -> Board {
    let mut cells: Vec<u32> = (0..size * size).collect();
    rng.shuffle(&mut cells);
    let pieces = cells[..count.min(cells.len())]
        .iter()
        .map(|&cell| {
            let kind = kind.unwrap_or_else(|| PieceKind::ALL[rng.usize(..PieceKind::ALL.len())]);
            let budget = [0, 1, 1, 2, 2, 2, 3][rng.usize(..7)];
            Piece::new(kind, Square::new(cell / size + 1, cell % size + 1), budget)
        })
        .collect();
    Board::new(size, size, pieces).expect("distinct squares inside the board")
}

/// The departure-time encoding on boards larger than the first test's: 7–9 pieces of
/// mixed kinds with budgets up to 3 (both variants) against brute force, where long
/// captures, arrivals on a common square and kinds carried along captures are common.
#[test]
fn sat_encoding_agrees_with_brute_force_on_larger_boards() {
    let mut rng = fastrand::Rng::with_seed(1013);
    let (mut solvable, boards) = (0, 600);
    for round in 0..boards {
        let variant = if round % 3 == 2 {
            Variant::KingLast
        } else {
            Variant::Standard
        };
        let size = rng.u32(3..=6);
        let count = rng.usize(7..=9);
        let board = random_dense_board(&mut rng, size, count, None);
        let expected = brute_force(&board, variant).is_some();
        solvable += usize::from(expected);
        let report = solve(&board, &with_method(Method::Sat, variant));
        let got = checked(&board, &report.verdict, variant, "sat");
        assert_eq!(got, expected, "sat ({variant:?}) on {board:?}");
    }
    assert!(
        solvable > boards / 5 && solvable < boards * 4 / 5,
        "{solvable}"
    );
}

/// On one-kind ranged boards of 10–16 pieces (budgets up to 3, beyond brute force), the
/// SAT encoding and the compact ranged search engine, each tested against brute force
/// on smaller boards, give the same verdict.
#[test]
fn sat_encoding_and_ranged_search_agree_on_one_kind_boards() {
    let mut rng = fastrand::Rng::with_seed(1113);
    let kinds = [PieceKind::Rook, PieceKind::Queen, PieceKind::Bishop];
    let (mut solvable, boards) = (0, 300);
    for round in 0..boards {
        let count = rng.usize(10..=16);
        let board = random_dense_board(&mut rng, 7, count, Some(kinds[round % 3]));
        let search = solve(&board, &with_method(Method::Search, Variant::Standard));
        let expected = checked(&board, &search.verdict, Variant::Standard, "search");
        solvable += usize::from(expected);
        let report = solve(&board, &with_method(Method::Sat, Variant::Standard));
        let got = checked(&board, &report.verdict, Variant::Standard, "sat");
        assert_eq!(got, expected, "sat on {board:?}");
    }
    assert!(
        solvable > boards / 5 && solvable < boards * 4 / 5,
        "{solvable}"
    );
}
