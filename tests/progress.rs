//! Progress on standard error (`--progress` forces it, `--quiet` silences it): every
//! long command shows its phases, and standard output is the same byte for byte with
//! or without it.

use crate::common::{run, scratch};

/// The thesis formula, the smallest that builds every King tile.
const FORMULA: &str = "examples/andor/thesis.andor";

/// Runs `args` with `--progress` and without; asserts both succeed with the same
/// standard output; returns the standard error of the run with progress.
fn with_progress(args: &[&str]) -> String {
    let plain = run(args);
    let shown = run(&[args, &["--progress"]].concat());
    assert!(plain.status.success(), "{args:?}: {plain:?}");
    assert!(shown.status.success(), "{args:?} --progress: {shown:?}");
    assert_eq!(
        without_times(&plain.stdout),
        without_times(&shown.stdout),
        "{args:?}: --progress changed standard output"
    );
    String::from_utf8(shown.stderr).expect("UTF-8")
}

/// `output` with every wall time (`0.004 s`) replaced by `[..] s`: two runs differ there.
fn without_times(output: &[u8]) -> String {
    let text = String::from_utf8_lossy(output);
    let mut out = String::new();
    let mut rest = &*text;
    while let Some(end) = rest.find(" s") {
        let head = &rest[..end];
        let number = head
            .rfind(|c: char| !(c.is_ascii_digit() || c == '.'))
            .map_or(0, |i| i + 1);
        if head[number..].contains('.') {
            out.push_str(&head[..number]);
            out.push_str("[..]");
        } else {
            out.push_str(head);
        }
        out.push_str(" s");
        rest = &rest[end + 2..];
    }
    out.push_str(rest);
    out
}

/// A compiled King board of the thesis formula and its certificate.
fn king_board(name: &str) -> (String, String) {
    let dir = scratch(name);
    let board = dir.join("board.json").display().to_string();
    let moves = dir.join("moves.json").display().to_string();
    let out = run(&[
        "compile",
        FORMULA,
        "--piece",
        "king",
        "-o",
        &board,
        "--certify",
        "--moves-out",
        &moves,
    ]);
    assert!(out.status.success(), "{out:?}");
    (board, moves)
}

#[test]
fn compile_shows_its_phases_for_every_target() {
    for target in ["king", "knight", "rook", "queen", "bishop"] {
        let stderr = with_progress(&["compile", FORMULA, "--piece", target]);
        assert!(
            stderr.contains("checking") && stderr.contains("writing"),
            "{target}: {stderr}"
        );
    }
}

#[test]
fn compile_to_nqueens_shows_progress() {
    let stderr = with_progress(&[
        "compile",
        "examples/onein3/one-clause.cnf",
        "--to",
        "nqueens",
        "--onein3",
    ]);
    assert!(!stderr.trim().is_empty(), "{stderr}");
}

#[test]
fn check_decode_and_render_show_their_phases() {
    let (board, moves) = king_board("progress-check");
    let stderr = with_progress(&["check", &board, &moves]);
    assert!(
        stderr.contains("load") && stderr.contains("replay"),
        "{stderr}"
    );
    let stderr = with_progress(&["decode", &board, &moves, "--formula", FORMULA]);
    assert!(
        stderr.contains("plan") && stderr.contains("decode"),
        "{stderr}"
    );
    let stderr = with_progress(&["render", &board]);
    assert!(
        stderr.contains("load") && stderr.contains("scene") && stderr.contains("write"),
        "{stderr}"
    );
}

#[test]
fn transform_shows_progress() {
    let stderr = with_progress(&["transform", "examples/cnf/uf20-91-01.cnf", "--to", "andor"]);
    assert!(stderr.contains("transform"), "{stderr}");
}

#[test]
fn solve_shows_a_heartbeat_with_the_engine_and_its_states() {
    let stderr = with_progress(&[
        "solve",
        "examples/puzzles/chesscom-1.json",
        "--engine",
        "search",
    ]);
    assert!(
        stderr.contains("solve: search") && stderr.contains("states"),
        "{stderr}"
    );
}

#[test]
fn quiet_shows_nothing() {
    let out = run(&["compile", FORMULA, "--piece", "king", "--quiet"]);
    assert!(out.status.success(), "{out:?}");
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
