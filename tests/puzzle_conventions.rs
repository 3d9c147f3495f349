//! Puzzles in the players' conventions (issue 27, point 2): a FEN board is a chess.com
//! puzzle, so chess.com's rules (a king may not be captured) and algebraic notation
//! (`Qg3xe5`) are its defaults; `--rules thesis` lets the king be captured and says so;
//! moves text files are read in either notation.

use proptest::prelude::*;
use sat2chess::board::{Board, Piece, PieceKind, Square};
use sat2chess::io::moves_text;
use sat2chess::notation::{Algebraic, MAX_FILES};
use sat2chess::rules::Move;

use crate::common::{run, scratch};

const INPUTS: &str = "tests/inputs/hardening/puzzles";

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Whether `line` is a numbered capture in algebraic notation on an 8×8 board.
fn is_algebraic_move(line: &str) -> bool {
    let Some((number, capture)) = line.trim_start().split_once(". ") else {
        return false;
    };
    let capture = capture
        .strip_prefix(['K', 'Q', 'R', 'B', 'N'])
        .unwrap_or(capture);
    let square = |s: &str| {
        let b = s.as_bytes();
        b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1])
    };
    number.parse::<u32>().is_ok()
        && capture
            .split_once('x')
            .is_some_and(|(from, to)| square(from) && square(to))
}

#[test]
fn fen_puzzles_default_to_chesscom_rules_and_algebraic_moves() {
    // Every solution of chesscom-3.fen captures the king (an exhaustive search agrees):
    // under chess.com's rules, its default, it has none.
    let king_last = run(&["solve", "examples/puzzles/chesscom-3.fen"]);
    assert_eq!(
        king_last.status.code(),
        Some(1),
        "{}",
        text(&king_last.stdout)
    );
    assert!(text(&king_last.stdout).starts_with("UNSOLVABLE"));
    let solved = run(&["solve", "examples/puzzles/chesscom-2.fen"]);
    let stdout = text(&solved.stdout);
    assert_eq!(solved.status.code(), Some(0), "{stdout}");
    let mut lines = stdout.lines();
    let verdict = lines.next().unwrap_or_default();
    assert!(
        verdict.starts_with("SOLVABLE: 11 captures leave the king on b5 "),
        "{stdout}"
    );
    let moves: Vec<&str> = lines.collect();
    assert_eq!(moves.len(), 11, "{stdout}");
    assert!(moves.iter().all(|line| is_algebraic_move(line)), "{stdout}");
    assert!(!stdout.contains("rules: thesis"), "{stdout}");
    // The old flag still means chess.com's rules, and coordinates stay available.
    let alias = run(&["solve", "examples/puzzles/chesscom-3.fen", "--king-last"]);
    assert_eq!(alias.status.code(), Some(1));
    let coords = run(&[
        "solve",
        "examples/puzzles/chesscom-2.fen",
        "--notation",
        "coords",
    ]);
    assert!(
        text(&coords.stdout).contains("   1. Q (5,6) x "),
        "{}",
        text(&coords.stdout)
    );
}

#[test]
fn thesis_rules_capture_the_king_and_say_so() {
    let output = run(&[
        "solve",
        "examples/puzzles/chesscom-3.fen",
        "--rules",
        "thesis",
    ]);
    let stdout = text(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{stdout}{}",
        text(&output.stderr)
    );
    // The king is not the survivor, so it was captured.
    assert!(
        stdout.starts_with("SOLVABLE: 8 captures leave the queen on a1 "),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "\nrules: thesis (a king may be captured; --rules chesscom keeps it to the end)\n"
        ),
        "{stdout}"
    );
    // A JSON board is judged by the thesis rules by default, and check says so too.
    let check = run(&[
        "check",
        "examples/puzzles/chesscom-1.json",
        &format!("{INPUTS}/chesscom-1.coords.txt"),
    ]);
    assert_eq!(check.status.code(), Some(0), "{}", text(&check.stderr));
    assert!(text(&check.stderr).contains("rules: thesis (a king may be captured"));
}

#[test]
fn render_replays_a_fen_puzzle_under_chesscom_rules() {
    let dir = scratch("puzzle_conventions/render");
    let solved = run(&[
        "solve",
        "examples/puzzles/chesscom-3.fen",
        "--rules",
        "thesis",
    ]);
    let moves: String = text(&solved.stdout)
        .lines()
        .filter(|line| line.starts_with(' '))
        .map(|line| format!("{line}\n"))
        .collect();
    let file = dir.join("thesis.txt");
    std::fs::write(&file, moves).expect("scratch file");
    let file = file.to_str().expect("UTF-8 path");
    let figure = dir.join("figure.svg");
    let figure = figure.to_str().expect("UTF-8 path");
    let board = "examples/puzzles/chesscom-3.fen";
    let refused = run(&["render", board, "--moves", file, "-o", figure]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        text(&refused.stderr).contains("move #6 (4,6) -> (8,6) captures the king on (8,6)"),
        "{}",
        text(&refused.stderr)
    );
    let drawn = run(&[
        "render", board, "--moves", file, "--rules", "thesis", "-o", figure,
    ]);
    assert_eq!(drawn.status.code(), Some(0), "{}", text(&drawn.stderr));
}

#[test]
fn check_reads_moves_text_in_either_notation() {
    for (board, moves, survivor) in [
        (
            "examples/puzzles/chesscom-2.fen",
            "chesscom-2.algebraic.txt",
            "king on (4,2)",
        ),
        (
            "examples/puzzles/chesscom-1.json",
            "chesscom-1.coords.txt",
            "king on (1,6)",
        ),
    ] {
        let output = run(&["check", board, &format!("{INPUTS}/{moves}")]);
        let stdout = text(&output.stdout);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{moves}: {}",
            text(&output.stderr)
        );
        assert!(
            stdout.starts_with("VALID: ") && stdout.contains(survivor),
            "{stdout}"
        );
    }
    // Algebraic names of a JSON board, on request, read back by check.
    let dir = scratch("puzzle_conventions/json-algebraic");
    let solved = run(&[
        "solve",
        "examples/puzzles/chesscom-1.json",
        "--notation",
        "algebraic",
    ]);
    let moves: String = text(&solved.stdout)
        .lines()
        .filter(|line| line.starts_with(' '))
        .map(|line| format!("{line}\n"))
        .collect();
    assert!(moves.contains("1. Qg3xe5\n"), "{moves}");
    let file = dir.join("moves.txt");
    std::fs::write(&file, moves).expect("scratch file");
    let checked = run(&[
        "check",
        "examples/puzzles/chesscom-1.json",
        file.to_str().expect("UTF-8 path"),
    ]);
    assert_eq!(checked.status.code(), Some(0), "{}", text(&checked.stderr));
}

#[test]
fn moves_text_errors_name_the_file_and_line() {
    let typo = format!("{INPUTS}/typo.txt");
    let output = run(&["check", "examples/puzzles/chesscom-2.fen", &typo]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).starts_with(&format!(
            "error: {typo}: line 5, column 1: `Nf7-d8` is not a capture such as Qg3xe5"
        )),
        "{}",
        text(&output.stderr)
    );
}

#[test]
fn boards_wider_than_26_columns_have_no_algebraic_notation() {
    let dir = scratch("puzzle_conventions/wide");
    let board = dir.join("wide.json");
    std::fs::write(
        &board,
        r#"{"format":"sat2chess-board","version":1,"rows":2,"cols":27,"pieces":[
  {"kind":"R","row":1,"col":1,"budget":1},
  {"kind":"R","row":1,"col":27,"budget":1}
]}"#,
    )
    .expect("scratch file");
    let board = board.to_str().expect("UTF-8 path");
    let solved = run(&["solve", board, "--notation", "algebraic"]);
    assert_eq!(solved.status.code(), Some(2), "{}", text(&solved.stdout));
    assert!(
        text(&solved.stderr).contains("algebraic notation names at most 26 files"),
        "{}",
        text(&solved.stderr)
    );
    let moves = dir.join("moves.txt");
    std::fs::write(&moves, "Ra2xz2\n").expect("scratch file");
    let checked = run(&["check", board, moves.to_str().expect("UTF-8 path")]);
    assert_eq!(checked.status.code(), Some(2));
    assert!(
        text(&checked.stderr).contains("line 1, column 1: algebraic notation names at most 26"),
        "{}",
        text(&checked.stderr)
    );
}

#[test]
fn show_labels_a_fen_board_as_a_chess_board() {
    let output = run(&["show", "examples/puzzles/chesscom-3.fen"]);
    let stdout = text(&output.stdout);
    assert_eq!(output.status.code(), Some(0));
    assert!(
        stdout.starts_with("  a  b  c  d  e  f  g  h\n8 .  "),
        "{stdout}"
    );
    assert!(stdout.contains("\n1 B2 .  .  .  .  B2 P2 .\n"), "{stdout}");
}

/// A board of up to 26 columns (pawns included) and captures between its pieces.
fn board_and_captures() -> impl Strategy<Value = (Board, Vec<Move>)> {
    (1u32..=40, 1u32..=MAX_FILES).prop_flat_map(|(rows, cols)| {
        let kind = prop::sample::select(PieceKind::ALL.to_vec());
        let square = (1..=rows, 1..=cols).prop_map(|(row, col)| Square::new(row, col));
        let pieces = prop::collection::btree_map(square, kind, 1..12);
        pieces.prop_flat_map(move |pieces| {
            let squares: Vec<Square> = pieces.keys().copied().collect();
            let board = Board::new(
                rows,
                cols,
                pieces
                    .iter()
                    .map(|(&square, &kind)| Piece::new(kind, square, 2))
                    .collect(),
            )
            .expect("squares inside the board");
            let pick = prop::sample::select(squares);
            let captures = prop::collection::vec(
                (pick.clone(), pick).prop_map(|(from, to)| Move::new(from, to)),
                1..20,
            );
            (Just(board), captures)
        })
    })
}

proptest! {
    #[test]
    fn algebraic_notation_reads_back_what_it_writes((board, captures) in board_and_captures()) {
        let names = Algebraic::new(board.rows(), board.cols()).expect("at most 26 columns");
        let kind_on = |square: Square| {
            board.pieces().iter().find(|p| p.square == square).map(|p| p.kind).expect("a piece")
        };
        let mut file = String::new();
        for (index, &mv) in captures.iter().enumerate() {
            let written = names.capture(kind_on(mv.from), mv).expect("on the board");
            prop_assert_eq!(names.parse_capture(&written), Ok((kind_on(mv.from), mv)));
            prop_assert_eq!(written.starts_with(char::is_lowercase), kind_on(mv.from) == PieceKind::Pawn);
            file.push_str(&format!("{}. {written}\n", index + 1));
        }
        let read = moves_text::parse_moves(&file, (board.rows(), board.cols()));
        prop_assert_eq!(read.expect("a moves text"), captures);
    }
}
