//! The command-line grammar every command shares (issue 27): `-o` and its extension name
//! the output and its format (a contradicting `--format` or an unknown extension is exit
//! 2), `--from` names an input's format, boards are recognised by content (standard
//! input, FEN strings given as the argument), swapped or misplaced files get a hint,
//! `decode` finds its target without `--to`, and the n-Queens refusal names the flags
//! that help.

use std::path::Path;
use std::process::Output;

use crate::common::{run, run_with_input, scratch};

const THESIS: &str = "examples/andor/thesis.andor";
const UF20: &str = "examples/cnf/uf20-91-01.cnf";
const PUZZLE: &str = "examples/puzzles/chesscom-1.json";
const FEN_PUZZLE: &str = "examples/puzzles/chesscom-2.fen";

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn path(path: &Path) -> &str {
    path.to_str().expect("UTF-8 path")
}

/// Exit 0, or the test fails showing standard error.
fn succeeds(args: &[&str]) -> Output {
    let output = run(args);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{args:?}: {}",
        stderr(&output)
    );
    output
}

/// Exit 2 with `message` on standard error.
fn refused(args: &[&str], message: &str) {
    let output = run(args);
    assert_eq!(
        output.status.code(),
        Some(2),
        "{args:?}: {}",
        stderr(&output)
    );
    assert!(
        stderr(&output).contains(message),
        "{args:?}: expected {message:?} in {}",
        stderr(&output)
    );
}

#[test]
fn compile_writes_the_board_format_its_output_extension_names() {
    let dir = scratch("cli_grammar/compile");
    let text = dir.join("board.txt");
    succeeds(&["compile", THESIS, "--to", "king", "-o", path(&text)]);
    let written = std::fs::read_to_string(&text).unwrap();
    assert!(written.starts_with("sat2chess-board v1 "), "{written:.80}");
    let solved = succeeds(&["solve", path(&text)]);
    assert!(stdout(&solved).starts_with("SOLVABLE: "));
    // The King board is far larger than FEN's 8x8: refused, not written as JSON.
    let fen = dir.join("board.fen");
    refused(
        &["compile", THESIS, "--to", "king", "-o", path(&fen)],
        "larger than FEN's 8x8",
    );
    assert!(!fen.exists());
}

#[test]
fn convert_and_solve_write_the_format_their_output_extension_names() {
    let dir = scratch("cli_grammar/convert");
    let fen = dir.join("puzzle.fen");
    succeeds(&["convert", PUZZLE, "-o", path(&fen)]);
    assert_eq!(
        std::fs::read_to_string(&fen).unwrap().lines().count(),
        1,
        "a FEN line"
    );
    let text = dir.join("puzzle.txt");
    succeeds(&["convert", path(&fen), "-o", path(&text)]);
    assert!(
        std::fs::read_to_string(&text)
            .unwrap()
            .starts_with("sat2chess-board v1 8 8\n")
    );
    let json = succeeds(&["convert", path(&text), "--format", "json"]);
    assert!(stdout(&json).starts_with("{\"format\":\"sat2chess-board\""));
    // solve -o: the sequence as moves JSON (.json) or as printed (.txt).
    let moves = dir.join("solution.json");
    let printed = stdout(&succeeds(&["solve", path(&fen), "-o", path(&moves)]));
    succeeds(&["check", path(&fen), path(&moves)]);
    let lines = dir.join("solution.txt");
    succeeds(&["solve", path(&fen), "-o", path(&lines)]);
    let sequence = std::fs::read_to_string(&lines).unwrap();
    assert!(
        printed.ends_with(&sequence) && sequence.starts_with("   1. "),
        "{sequence}"
    );
}

#[test]
fn a_contradicting_format_or_an_unknown_extension_is_refused() {
    let dir = scratch("cli_grammar/refused");
    let out = |name: &str| dir.join(name).display().to_string();
    refused(
        &[
            "compile",
            THESIS,
            "--to",
            "king",
            "-o",
            &out("board.txt"),
            "--format",
            "json",
        ],
        "board.txt names the text format, but --format json was given",
    );
    refused(
        &["compile", THESIS, "--to", "king", "-o", &out("board.xyz")],
        "board.xyz: .xyz names no board format (known: .json, .txt, .board, .fen)",
    );
    refused(
        &["convert", PUZZLE, "-o", &out("board.pgn")],
        ".pgn names no board format",
    );
    refused(
        &[
            "layout",
            THESIS,
            "-o",
            &out("layout.svg"),
            "--format",
            "json",
        ],
        "layout.svg names the svg format, but --format json was given",
    );
    refused(
        &["transform", UF20, "--to", "3sat", "-o", &out("f.andor")],
        "a 3sat formula is CNF",
    );
    assert!(
        std::fs::read_dir(&dir).unwrap().next().is_none(),
        "nothing written"
    );
}

#[test]
fn render_follows_its_output_extension() {
    let dir = scratch("cli_grammar/render");
    let out = |name: &str| dir.join(name).display().to_string();
    succeeds(&["render", PUZZLE, "-o", &out("board.tex")]);
    assert!(
        std::fs::read_to_string(out("board.tex"))
            .unwrap()
            .contains("\\begin{tikzpicture}")
    );
    succeeds(&["render", PUZZLE, "-o", &out("board.html")]);
    assert!(
        std::fs::read_to_string(out("board.html"))
            .unwrap()
            .contains("<html")
    );
    refused(
        &["render", PUZZLE, "-o", &out("fig.png")],
        "fig.png: PNG is not written; write .svg (any SVG converter makes a PNG)",
    );
    refused(
        &["render", PUZZLE, "--animate", "-o", &out("play.svg")],
        "--animate writes an HTML page, not svg",
    );
    assert!(!Path::new(&out("fig.png")).exists() && !Path::new(&out("play.svg")).exists());
}

#[test]
fn boards_are_recognised_by_content_and_as_fen_strings() {
    let fen = std::fs::read_to_string(FEN_PUZZLE).unwrap();
    let from_stdin = run_with_input(&["solve", "-"], &fen);
    assert_eq!(from_stdin.status.code(), Some(0), "{}", stderr(&from_stdin));
    // The same sequence as from the file (the verdict line holds a timing).
    let sequence = |output: &Output| stdout(output).split_once('\n').unwrap().1.to_owned();
    assert_eq!(
        sequence(&from_stdin),
        sequence(&succeeds(&["solve", FEN_PUZZLE]))
    );
    let json = std::fs::read_to_string(PUZZLE).unwrap();
    let shown = run_with_input(&["show", "-"], &json);
    assert_eq!(stdout(&shown), stdout(&succeeds(&["show", PUZZLE])));
    // A FEN string where a board file is expected.
    let solved = succeeds(&["solve", "8/8/8/8/8/8/8/KQ6 w - - 0 1"]);
    assert!(stdout(&solved).starts_with("SOLVABLE: 1 capture leaves the "));
    let shown = succeeds(&["show", "8/8/8/3q4/8/8/8/R3K3 w - - 0 1"]);
    assert!(
        stdout(&shown).contains("5 .  .  .  Q2"),
        "{}",
        stdout(&shown)
    );
}

#[test]
fn misplaced_files_get_a_hint() {
    let dir = scratch("cli_grammar/hints");
    let moves = dir.join("moves.json");
    succeeds(&["solve", PUZZLE, "-o", path(&moves)]);
    refused(
        &["check", path(&moves), PUZZLE],
        &format!(
            "{} is a moves file, not a board; the board comes first: sat2chess check BOARD MOVES",
            path(&moves)
        ),
    );
    refused(
        &["solve", UF20],
        &format!(
            "{UF20} is a DIMACS formula, not a board; compile it first: sat2chess compile {UF20} \
             --to king -o board.json"
        ),
    );
    refused(
        &["compile", PUZZLE, "--to", "king"],
        &format!("{PUZZLE} is a board, not a formula; to solve it: sat2chess solve {PUZZLE}"),
    );
}

/// Text boards carry no provenance: decode reads the target off the pieces.
#[test]
fn decode_finds_the_target_of_a_board_without_provenance() {
    let dir = scratch("cli_grammar/decode");
    for piece in ["king", "rook"] {
        let board = dir.join(format!("{piece}.txt"));
        let moves = dir.join(format!("{piece}-moves.json"));
        let compile = [
            "compile",
            THESIS,
            "--to",
            piece,
            "-o",
            path(&board),
            "--certify",
            "--moves-out",
            path(&moves),
        ];
        succeeds(&compile);
        let decoded = succeeds(&["decode", path(&board), path(&moves), "--formula", THESIS]);
        assert_eq!(stdout(&decoded), "s SATISFIABLE\nv 1 2 3 0\n", "{piece}");
    }
    let mixed = dir.join("mixed.txt");
    std::fs::write(&mixed, "sat2chess-board v1 1 2\nK 1 1 2\nR 1 2 2\n").unwrap();
    refused(
        &[
            "decode",
            path(&mixed),
            path(&dir.join("king-moves.json")),
            "--formula",
            THESIS,
        ],
        "records no target (no provenance) and holds pieces of more than one kind (or none); \
         name the target: --to TARGET",
    );
}

#[test]
fn the_nqueens_refusal_names_onein3_and_max_side() {
    let dir = scratch("cli_grammar/nqueens");
    let formula = dir.join("unit.cnf");
    std::fs::write(&formula, "p cnf 1 1\n1 0\n").unwrap();
    refused(
        &["compile", path(&formula), "--to", "nqueens"],
        "too large for --max-side 5000000: pass --max-side 75191811 to compile it; a plain CNF \
         is encoded into 1-in-3 SAT first: if every clause of",
    );
    refused(
        &["compile", path(&formula), "--to", "nqueens"],
        "--onein3 reads it as such",
    );
}

#[test]
fn queens_outputs_follow_their_extension() {
    let dir = scratch("cli_grammar/queens");
    let out = |name: &str| dir.join(name).display().to_string();
    let generate = [
        "queens",
        "generate",
        "excluded-diagonals",
        "--n",
        "4",
        "--d",
        "4",
    ];
    succeeds(&[&generate[..], &["-o", &out("ed.txt")]].concat());
    assert!(
        std::fs::read_to_string(out("ed.txt"))
            .unwrap()
            .starts_with("sat2chess-board v1 ")
    );
    succeeds(&["queens", "solve", &out("ed.txt")]);
    refused(
        &[
            "queens",
            "solve",
            &out("ed.txt"),
            "-o",
            &out("placement.txt"),
        ],
        "placement.txt: .txt names no placement format (known: .json); write one of those\n",
    );
    refused(
        &[
            "queens",
            "generate",
            "blocked",
            "--n",
            "8",
            "--b",
            "3",
            "-o",
            &out("b.txt"),
        ],
        "b.txt: .txt names no Blocked n-Queens format (known: .json)",
    );
}
