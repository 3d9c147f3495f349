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
