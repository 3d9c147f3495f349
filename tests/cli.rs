//! The `sat2chess` binary end to end: bad inputs (one-line errors naming the file and the
//! offending item, exit 2, no panic), and solve/check/show/convert on the bundled puzzles.

use std::path::Path;
use std::process::{Output, Stdio};

use crate::common::{command, run, run_with_input, scratch, write_king_square};

use sat2chess::io::{self, BoardFormat};

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

fn code(output: &Output) -> i32 {
    output.status.code().expect("exited normally")
}

const BAD: &str = "tests/inputs/bad";
const TWO_KINGS: &str = "tests/inputs/good/two-kings.json";

/// Every file in tests/inputs/bad gives exit 2 and one error line naming the file and item.
#[test]
fn bad_inputs_give_one_line_errors_and_exit_2() {
    let mut files: Vec<_> = std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join(BAD))
        .expect("bad inputs directory")
        .map(|entry| {
            entry
                .expect("entry")
                .file_name()
                .into_string()
                .expect("name")
        })
        .collect();
    files.sort();
    assert!(files.len() >= 20, "{files:?}");
    let mut report = String::new();
    for name in &files {
        let path = format!("{BAD}/{name}");
        let output = if name.ends_with(".moves.json") {
            run(&["check", TWO_KINGS, &path])
        } else {
            run(&["show", &path])
        };
        let stderr = text(&output.stderr);
        assert_eq!(code(&output), 2, "{name}: {stderr}");
        assert!(output.stdout.is_empty(), "{name}");
        assert_eq!(stderr.lines().count(), 1, "{name}: {stderr}");
        assert!(
            stderr.starts_with(&format!("error: {path}: ")),
            "{name}: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{name}: {stderr}");
        report.push_str(&stderr);
    }
    // Each message names the offending item: a line, a piece, a move, a FEN rank or the header.
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!("bad_input_errors", report);
    });
}

#[test]
fn missing_files_and_usage_errors_exit_2() {
    let missing = run(&["solve", "no/such/board.json"]);
    assert_eq!(code(&missing), 2);
    assert!(text(&missing.stderr).starts_with("error: no/such/board.json: "));
    assert_eq!(code(&run(&["solve"])), 2);
    assert_eq!(code(&run(&["frobnicate"])), 2);
    assert_eq!(code(&run(&["solve", TWO_KINGS, "--time-limit", "-1"])), 2);
    assert_eq!(code(&run(&["show", "-"])), 2, "empty standard input");
    assert_eq!(code(&run(&["check", "-", "-", "--from", "json"])), 2);
    let no_format = run(&["convert", TWO_KINGS, "-o", "out.pgn"]);
    assert_eq!(code(&no_format), 2);
    assert!(text(&no_format.stderr).contains("name the format with --format"));
}

#[test]
fn help_shows_examples_for_every_subcommand() {
    for command in ["solve", "check", "show", "convert"] {
        let output = run(&[command, "--help"]);
        assert_eq!(code(&output), 0, "{command}");
        let help = text(&output.stdout);
        assert!(
            help.contains(&format!("Examples:\n  sat2chess {command} ")),
            "{help}"
        );
    }
    let top = text(&run(&["--help"]).stdout);
    assert!(top.contains("Exit codes: 0 solvable/valid, 1 unsolvable/invalid, 2 bad input"));
}

/// The verdicts examples/puzzles/README.md claims, under both rule variants.
#[test]
fn bundled_puzzles_have_the_documented_verdicts() {
    let cases = [
        ("chesscom-1.json", 0, 0),
        ("chesscom-2.fen", 0, 0),
        ("chesscom-3.fen", 0, 1),
        ("chesscom-4.json", 1, 1),
    ];
    let dir = scratch("puzzles");
    for (name, standard, king_last) in cases {
        let board = format!("examples/puzzles/{name}");
        for (flags, expected) in [
            (vec!["--rules", "thesis"], standard),
            (vec!["--king-last"], king_last),
        ] {
            let moves = dir.join(format!("{name}{}.moves.json", flags.len()));
            let moves = moves.to_str().expect("UTF-8 path");
            let mut args = vec!["solve", board.as_str(), "-o", moves];
            args.extend(&flags);
            let output = run(&args);
            let stdout = text(&output.stdout);
            assert_eq!(code(&output), expected, "{name} {flags:?}: {stdout}");
            if expected == 0 {
                assert!(stdout.starts_with("SOLVABLE: "), "{stdout}");
                let mut check = vec!["check", board.as_str(), moves];
                check.extend(&flags);
                let checked = run(&check);
                assert_eq!(code(&checked), 0, "{}", text(&checked.stdout));
                assert!(text(&checked.stdout).starts_with("VALID: "));
                if flags.contains(&"--king-last") {
                    assert!(text(&checked.stdout).contains("the king on"));
                }
            } else {
                assert!(stdout.starts_with("UNSOLVABLE"), "{stdout}");
            }
        }
    }
}

#[test]
fn solve_pipes_its_moves_into_check() {
    let solved = run(&[
        "solve",
        "examples/puzzles/chesscom-1.json",
        "-o",
        "-",
        "--format",
        "json",
    ]);
    assert_eq!(code(&solved), 0);
    assert!(text(&solved.stderr).starts_with("SOLVABLE: 8 captures"));
    let moves = text(&solved.stdout);
    assert_eq!(io::json::parse_moves(&moves).expect("moves JSON").len(), 8);
    let checked = run_with_input(&["check", "examples/puzzles/chesscom-1.json", "-"], &moves);
    assert_eq!(code(&checked), 0, "{}", text(&checked.stdout));
}

/// A reader that stops early (`sat2chess … | head`) ends the output without a panic.
#[test]
fn a_closed_pipe_is_not_a_crash() {
    let dir = scratch("pipe");
    let board = dir.join("kings.txt");
    write_king_square(&board, 100);
    let mut child = command(&["convert", board.to_str().expect("UTF-8 path")])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("the binary finishes");
    assert_eq!(code(&output), 0, "{}", text(&output.stderr));
    assert!(output.stderr.is_empty(), "{}", text(&output.stderr));
}

#[test]
fn solve_reports_unknown_when_the_limit_is_hit() {
    let output = run(&[
        "solve",
        "examples/puzzles/chesscom-2.fen",
        "--node-limit",
        "1",
    ]);
    assert_eq!(code(&output), 3);
    assert!(text(&output.stdout).starts_with("UNKNOWN: search limit reached"));
}

#[test]
fn check_reports_illegal_moves_and_leftovers_with_exit_1() {
    let illegal = run(&[
        "check",
        "examples/puzzles/chesscom-1.json",
        "tests/inputs/good/blocked-rook.moves.json",
    ]);
    assert_eq!(code(&illegal), 1);
    assert_eq!(
        text(&illegal.stdout),
        "INVALID: tests/inputs/good/blocked-rook.moves.json: move #1 (2nd) (1,1) -> (1,6): \
         the rook on (1,1) is blocked by the piece on (1,4)\n"
    );
    let valid = run(&[
        "check",
        TWO_KINGS,
        "tests/inputs/good/one-capture.moves.json",
    ]);
    assert_eq!(code(&valid), 0);
    assert_eq!(
        text(&valid.stdout),
        "VALID: 1 capture leaves one piece, the king on (1,1) (budget 1 left)\n"
    );
    let royal = run(&[
        "check",
        TWO_KINGS,
        "tests/inputs/good/one-capture.moves.json",
        "--king-last",
    ]);
    assert_eq!(code(&royal), 1);
    assert!(
        text(&royal.stdout)
            .contains("may not be captured (rules chesscom: a king is never captured)")
    );
    let nothing = run_with_input(&["check", TWO_KINGS, "-"], r#"{"moves":[]}"#);
    assert_eq!(code(&nothing), 1);
    assert_eq!(
        text(&nothing.stdout),
        "INCOMPLETE: 0 moves legal, but 2 pieces remain (a solution leaves exactly 1)\n"
    );
}

#[test]
fn show_draws_a_puzzle() {
    let output = run(&["show", "examples/puzzles/chesscom-1.json"]);
    assert_eq!(code(&output), 0);
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!("show_chesscom_1", text(&output.stdout));
    });
    let fen = run_with_input(&["show", "-", "--from", "fen"], "R1/1b w - - 0 1\n");
    assert_eq!(
        text(&fen.stdout),
        "  a  b\n2 R2 .\n1 .  B2\n\
         2x2 board, 2 pieces; cells show kind and budget (K2 = king with 2 captures left)\n"
    );
    let huge = run_with_input(
        &["show", "-", "--from", "text"],
        "sat2chess-board v1 100000 100000\nK 100000 100000 2\n",
    );
    assert_eq!(code(&huge), 2);
    assert!(text(&huge.stderr).contains("too large to draw"));
}

#[test]
fn convert_round_trips_through_every_format() {
    let dir = scratch("convert");
    let original =
        io::read_board(Path::new("examples/puzzles/chesscom-2.fen"), None).expect("bundled puzzle");
    let mut previous = "examples/puzzles/chesscom-2.fen".to_string();
    for name in ["a.json", "b.txt", "c.board", "d.fen", "e.json"] {
        let next = dir.join(name).to_str().expect("UTF-8 path").to_string();
        let output = run(&["convert", &previous, "-o", &next]);
        assert_eq!(code(&output), 0, "{}", text(&output.stderr));
        assert_eq!(
            io::read_board(Path::new(&next), None).expect("converted board"),
            original,
            "{name}"
        );
        previous = next;
    }
    let to_stdout = run(&["convert", &previous, "--format", "fen"]);
    assert_eq!(
        text(&to_stdout.stdout),
        "N2B4/QNK2N2/2N5/PN2R3/4RQ2/8/8/8 w - - 0 1\n"
    );
    let json_by_default = run(&["convert", "examples/puzzles/chesscom-2.fen"]);
    assert_eq!(
        BoardFormat::Json
            .parse(&text(&json_by_default.stdout))
            .expect("JSON on stdout"),
        original
    );
    let spent = run_with_input(
        &["convert", "-", "--from", "text", "--format", "fen"],
        "sat2chess-board v1 8 8\nK 1 1 2\nQ 2 2 1\n",
    );
    assert_eq!(code(&spent), 2);
    assert_eq!(
        text(&spent.stderr),
        "error: <stdin>: piece #1: the queen on (2,2) has budget 1; FEN holds only budget-2 boards\n"
    );
}

/// `retarget`: the example rook puzzle's solution, mapped onto the queen and bishop boards,
/// is accepted by `check` there and maps back to itself; non-rook boards and moves from
/// empty squares are bad input.
#[test]
fn retarget_maps_boards_and_moves_both_ways() {
    let dir = scratch("retarget");
    let path = |name: &str| dir.join(name).display().to_string();
    let rooks = "examples/retarget/rooks.txt";
    let solved = run(&["solve", rooks, "-o", &path("rooks.json")]);
    assert_eq!(code(&solved), 0, "{}", text(&solved.stderr));
    for piece in ["queen", "bishop"] {
        let (board, moves, back) = (
            path(&format!("{piece}.json")),
            path(&format!("{piece}-moves.json")),
            path(&format!("{piece}-back.json")),
        );
        let forward = run(&[
            "retarget",
            rooks,
            "--to",
            piece,
            "-o",
            &board,
            "--moves",
            &path("rooks.json"),
            "--moves-out",
            &moves,
            "--stats",
        ]);
        assert_eq!(code(&forward), 0, "{}", text(&forward.stderr));
        assert!(text(&forward.stderr).starts_with("rook board:      6x6 (36 squares), 8 pieces\n"));
        let checked = run(&["check", &board, &moves]);
        assert!(
            text(&checked.stdout)
                .starts_with(&format!("VALID: 7 captures leave one piece, the {piece}"))
        );
        let backward = run(&[
            "retarget",
            rooks,
            "--to",
            piece,
            "--moves-back",
            &moves,
            "--moves-out",
            &back,
        ]);
        assert_eq!(code(&backward), 0, "{}", text(&backward.stderr));
        assert_eq!(
            std::fs::read_to_string(&back).unwrap(),
            std::fs::read_to_string(path("rooks.json")).unwrap()
        );
    }
    let not_rooks = run(&[
        "retarget",
        "examples/puzzles/chesscom-1.json",
        "--to",
        "queen",
    ]);
    assert_eq!(code(&not_rooks), 2);
    assert_eq!(
        text(&not_rooks.stderr),
        "error: examples/puzzles/chesscom-1.json: piece #0 is a knight on (1,1): only boards \
         of rooks can be transformed (every piece must be a rook)\n"
    );
    let stray = run_with_input(
        &[
            "retarget",
            rooks,
            "--to",
            "bishop",
            "-o",
            &path("b.json"),
            "--moves",
            "-",
            "--moves-out",
            &path("m.json"),
        ],
        r#"{"moves":[{"from":[1,5],"to":[2,2]}]}"#,
    );
    assert_eq!(code(&stray), 2);
    assert_eq!(
        text(&stray.stderr),
        "error: <stdin>: move #0 ((1,5) -> (2,2)): (2,2) holds no piece of the rook board\n"
    );
}

/// `compile --to queen|bishop --certify` and `decode --to queen|bishop`: the rook
/// board transformed, its certificate valid on the new board, decoded back.
#[test]
fn compile_and_decode_queen_and_bishop_boards() {
    let dir = scratch("compile-retarget");
    let formula = "examples/andor/thesis.andor";
    for piece in ["queen", "bishop"] {
        let board = dir.join(format!("{piece}.json")).display().to_string();
        let moves = dir
            .join(format!("{piece}-moves.json"))
            .display()
            .to_string();
        let compiled = run(&[
            "compile",
            formula,
            "--to",
            piece,
            "-o",
            &board,
            "--certify",
            "--moves-out",
            &moves,
        ]);
        assert_eq!(code(&compiled), 0, "{}", text(&compiled.stderr));
        let checked = run(&["check", &board, &moves]);
        assert!(
            text(&checked.stdout)
                .starts_with(&format!("VALID: 73 captures leave one piece, the {piece}"))
        );
        let decoded = run(&[
            "decode",
            &board,
            &moves,
            "--formula",
            formula,
            "--to",
            piece,
        ]);
        assert_eq!(text(&decoded.stdout), "s SATISFIABLE\nv 1 2 3 0\n");
        let wrong = run(&[
            "decode",
            &board,
            &moves,
            "--formula",
            formula,
            "--to",
            "rook",
        ]);
        assert_eq!(code(&wrong), 2);
    }
}
