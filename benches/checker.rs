//! Large-board benchmark (`cargo bench --bench checker`): `sat2chess check`'s streamed
//! path on the compiled uf20-91-01 King board and its certificate (written once by
//! `pipeline::compile` in a child process, `common/compiled.rs`; peak memory per piece,
//! against the whole-file structures), then file formats and the sequence
//! checker on a 10^6-king board with a 10^6−1-move solving sequence (and the same on
//! rooks, whose moves query the line indexes for blockers), and loading a 10^7-piece
//! board, all on 10^5 × 10^5 extents (nothing may allocate rows × cols).
//!
//! The king board: `BANDS` horizontal bands of two rows (a spine row above a teeth row)
//! and, right of them, one vertical band of two columns (spine column, teeth column).
//! A band is reduced along its spine: the tooth under the spine's first square captures
//! it, then moves on along the spine capturing the next spine square, and the next tooth
//! captures it, and so on (every king captures at most twice). Each horizontal band's
//! survivor then steps onto the vertical spine, which is reduced the same way.

#[path = "common/compiled.rs"]
mod compiled;
#[path = "common/memory.rs"]
mod memory;
// Shared by several benches; this one writes the compiled board's certificate with it.
#[allow(dead_code)]
#[path = "common/streamed.rs"]
mod streamed;

use std::hint::black_box;
use std::time::Instant;

use compiled::king_board_and_certificate;
use memory::{cpu_seconds, peak_mb, reset_peak};

use sat2chess::board::{Board, Piece, PieceKind, Square};
use sat2chess::check::{SequenceCheck, check_sequence, load_board};
use sat2chess::io::{self, json, text};
use sat2chess::rules::{Move, Position, Variant};

const EXTENT: u32 = 100_000;
const BANDS: u32 = 5;
/// Columns of each horizontal band; with the two vertical columns, 10^6 kings in all.
const BAND_COLS: u32 = EXTENT - 2;

fn sq(row: u32, col: u32) -> Square {
    Square::new(row, col)
}

/// The 10^6-piece board of `kind` and a sequence of 10^6 − 1 legal captures that solves
/// it. Every capture is one orthogonal step, so it works for kings, rooks and queens.
fn board_and_solution(kind: PieceKind) -> (Board, Vec<Move>) {
    let (spine_col, teeth_col) = (BAND_COLS + 1, BAND_COLS + 2);
    let mut pieces = Vec::new();
    for row in 1..=2 * BANDS {
        for col in 1..=teeth_col {
            pieces.push(Piece::new(kind, sq(row, col), 2));
        }
    }
    let mut moves = Vec::with_capacity(pieces.len());
    for band in 0..BANDS {
        let (spine, teeth) = (2 * band + 1, 2 * band + 2);
        for col in 1..=BAND_COLS {
            moves.push(Move::new(sq(teeth, col), sq(spine, col)));
            if col < BAND_COLS {
                moves.push(Move::new(sq(spine, col), sq(spine, col + 1)));
            }
        }
        moves.push(Move::new(sq(spine, BAND_COLS), sq(spine, spine_col)));
    }
    for row in 1..=2 * BANDS {
        moves.push(Move::new(sq(row, teeth_col), sq(row, spine_col)));
        if row < 2 * BANDS {
            moves.push(Move::new(sq(row, spine_col), sq(row + 1, spine_col)));
        }
    }
    let board = Board::new(EXTENT, EXTENT, pieces).expect("distinct squares inside");
    (board, moves)
}

/// 10^7 pieces of all kinds in 100 full rows spread over a 10^5 × 10^5 board.
fn ten_million_board() -> Board {
    let mut pieces = Vec::with_capacity(10_000_000);
    for band in 0..100u32 {
        let row = 1 + band * 1000;
        for col in 1..=EXTENT {
            let kind = PieceKind::ALL[((row + col) % 6) as usize];
            pieces.push(Piece::new(kind, sq(row, col), col % 3));
        }
    }
    Board::new(EXTENT, EXTENT, pieces).expect("distinct squares inside")
}

/// Runs `work`, prints its wall-clock and CPU time under `name`, returns its result.
fn timed<T>(name: &str, work: impl FnOnce() -> T) -> T {
    let (start, cpu_start) = (Instant::now(), cpu_seconds());
    let result = black_box(work());
    let wall = start.elapsed().as_secs_f64();
    println!(
        "{name:<52} {wall:>8.3} s wall {:>8.2} s CPU",
        cpu_seconds() - cpu_start
    );
    result
}

/// A compiled King board and its certificate (`pipeline::compile` as `compile --certify`
/// runs it), checked the way `sat2chess check` does: the board
/// JSON streamed into the compact replay, the moves streamed through it. For comparison,
/// the whole files read into a `Board`, a move list and a `Position`, the structures
/// `check` used before. Peak memory is the process's high-water mark, reset before each.
fn compiled_board(formula: &str) {
    let (board, moves) = king_board_and_certificate(formula);
    let measure = |what: &str, work: &dyn Fn() -> (usize, usize)| {
        reset_peak();
        let (start, cpu) = (Instant::now(), cpu_seconds());
        let (pieces, applied) = work();
        let (wall, cpu, peak) = (
            start.elapsed().as_secs_f64(),
            cpu_seconds() - cpu,
            peak_mb(),
        );
        println!(
            "{formula} {what:<30} {pieces} kings, {applied} moves: {wall:.2} s wall, {cpu:.2} s CPU, \
             peak {peak:.0} MB ({:.1} bytes per piece + move)",
            peak * 1e6 / (pieces + applied) as f64
        );
    };
    measure("streamed (sat2chess check):", &|| {
        let replay = load_board(&board, None, Variant::Standard).expect("board");
        let pieces = replay.remaining();
        let mut check = SequenceCheck::new(replay);
        let file = io::open_text(&moves).expect("moves");
        json::stream_moves(file, &mut |mv| check.step(mv)).expect("moves JSON");
        assert!(check.report().is_solution(), "{}", check.report());
        (pieces, check.moves())
    });
    measure("whole (Board + Position):", &|| {
        let board = io::read_board(&board, None).expect("board");
        let moves = io::read_moves(&moves, (board.rows(), board.cols())).expect("moves");
        let mut position = Position::new(&board, Variant::Standard);
        for &mv in &moves {
            position.apply(mv).expect("a legal move");
        }
        assert_eq!(position.len(), 1);
        (board.len(), moves.len())
    });
}

fn main() {
    if compiled::child() {
        return;
    }
    compiled_board("examples/cnf/uf20-91-01.cnf");
    let (board, moves) = timed("10^6 kings: generate board + solution", || {
        board_and_solution(PieceKind::King)
    });
    println!(
        "  {} pieces, {} moves, {}x{} board",
        board.len(),
        moves.len(),
        board.rows(),
        board.cols()
    );
    let board_json = timed("10^6 kings: write board JSON", || json::write_board(&board));
    println!("  {} MB", board_json.len() / 1_000_000);
    let loaded = timed("10^6 kings: parse + validate board JSON", || {
        json::parse_board(&board_json).expect("valid board")
    });
    assert_eq!(loaded, board);
    let board_text = timed("10^6 kings: write board text", || {
        text::write_board(&board).expect("no labels")
    });
    let loaded = timed("10^6 kings: parse + validate board text", || {
        text::parse_board(&board_text).expect("valid board")
    });
    assert_eq!(loaded, board);
    let moves_json = timed("10^6 kings: write moves JSON", || json::write_moves(&moves));
    let loaded_moves = timed("10^6 kings: parse moves JSON", || {
        json::parse_moves(&moves_json).expect("valid moves")
    });
    assert_eq!(loaded_moves, moves);
    let report = timed("10^6 kings: check 10^6-1 moves (incl. index build)", || {
        check_sequence(&board, &moves, Variant::Standard)
    });
    assert!(report.is_solution(), "{report}");
    println!("  {report}");
    timed("10^6 kings: build the position (line indexes) only", || {
        Position::new(&board, Variant::Standard)
    });
    let mut broken = moves.clone();
    let last = broken.len() - 1;
    broken[last].from = sq(1, 1);
    let report = timed("10^6 kings: check, last move from an empty square", || {
        check_sequence(&board, &broken, Variant::Standard)
    });
    assert_eq!(report.illegal.as_ref().map(|step| step.index), Some(last));
    println!("  {report}");
    drop((board, board_json, board_text, moves_json));
    let (rooks, moves) = board_and_solution(PieceKind::Rook);
    let report = timed("10^6 rooks: check 10^6-1 moves (blocking lookups)", || {
        check_sequence(&rooks, &moves, Variant::Standard)
    });
    assert!(report.is_solution(), "{report}");
    drop((rooks, moves));

    let big = timed("10^7 pieces: generate + validate", ten_million_board);
    let big_json = timed("10^7 pieces: write board JSON", || json::write_board(&big));
    println!("  {} MB", big_json.len() / 1_000_000);
    let loaded = timed("10^7 pieces: parse + validate board JSON", || {
        json::parse_board(&big_json).expect("valid board")
    });
    assert_eq!(loaded.len(), big.len());
    drop((loaded, big_json));
    let big_text = timed("10^7 pieces: write board text", || {
        text::write_board(&big).expect("no labels")
    });
    let loaded = timed("10^7 pieces: parse + validate board text", || {
        text::parse_board(&big_text).expect("valid board")
    });
    assert_eq!(loaded, big);
}
