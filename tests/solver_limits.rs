//! Limits honoured in the set-up too (issue #13 part 5): a cancellation flag or an
//! expired time limit stops the geometry set-up of a huge board, not only the search.
//! No timed assertions: the answers are UNKNOWN, and the reason says where it stopped.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use sat2chess::board::{Board, Piece, PieceKind, Square};
use sat2chess::solve::{SolveOptions, Verdict, solve};

/// 20,000 pieces (kings, knights, rooks, queens; budgets 2) on half the squares of a
/// 200 × 200 window: its ranged lines make the geometry set-up cost seconds.
fn huge_mixed_board() -> Board {
    use PieceKind::{King, Knight, Queen, Rook};
    let kinds = [King, King, King, Knight, Rook, Queen];
    let mut rng = fastrand::Rng::with_seed(7);
    let side = 200;
    let mut cells: Vec<u32> = (0..side * side).collect();
    rng.shuffle(&mut cells);
    let pieces = cells
        .iter()
        .take(20_000)
        .map(|&cell| {
            let kind = kinds[rng.usize(..kinds.len())];
            Piece::new(kind, Square::new(cell / side + 1, cell % side + 1), 2)
        })
        .collect();
    Board::new(side, side, pieces).expect("valid board")
}

#[test]
fn a_raised_cancellation_flag_stops_the_set_up() {
    let options = SolveOptions {
        cancel: Some(Arc::new(AtomicBool::new(true))),
        ..SolveOptions::default()
    };
    let report = solve(&huge_mixed_board(), &options);
    assert_eq!(report.verdict, Verdict::Unknown);
    assert_eq!(report.stats.nodes, 0, "no state was expanded");
    assert!(report.reason.contains("geometry"), "{}", report.reason);
}

#[test]
fn an_expired_time_limit_stops_the_set_up() {
    let options = SolveOptions {
        time_limit: Some(Duration::ZERO),
        ..SolveOptions::default()
    };
    let report = solve(&huge_mixed_board(), &options);
    assert_eq!(report.verdict, Verdict::Unknown);
    assert!(report.reason.contains("geometry"), "{}", report.reason);
}

#[test]
fn a_flag_raised_from_another_thread_stops_the_search() {
    let flag = Arc::new(AtomicBool::new(false));
    let options = SolveOptions {
        cancel: Some(flag.clone()),
        ..SolveOptions::default()
    };
    let board = huge_mixed_board();
    let raiser = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(200));
        flag.store(true, Ordering::Relaxed);
    });
    let report = solve(&board, &options);
    raiser.join().expect("raiser thread");
    assert_eq!(report.verdict, Verdict::Unknown);
}

#[test]
fn a_node_limit_answers_unknown_on_the_huge_board() {
    let options = SolveOptions {
        node_limit: Some(1),
        ..SolveOptions::default()
    };
    assert_eq!(
        solve(&huge_mixed_board(), &options).verdict,
        Verdict::Unknown
    );
}
