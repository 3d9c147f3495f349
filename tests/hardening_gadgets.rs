//! Regression tests of issue 28 (hardening, round 3), the rows on gadget files and
//! `gadgets verify`: a bad gadget file ends with exit 2 and one line naming the file, the
//! line and what was expected; a search that reaches `--node-limit` or `--time-limit`
//! leaves its row undecided and the command exits 3, for every piece and code path.

use std::process::Output;
use std::time::{Duration, Instant};

use crate::common::run;

const DIR: &str = "tests/inputs/hardening/gadgets";

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Runs `args`: exit 3, the limit named on standard error, and no verdict decided
/// against a table.
fn assert_limit_reached(args: &[&str]) -> Output {
    let output = run(args);
    let (out, err) = (stdout(&output), stderr(&output));
    assert_eq!(output.status.code(), Some(3), "{args:?}\n{out}\n{err}");
    assert!(err.contains("reached its limit"), "{args:?}\n{err}");
    assert!(out.contains("UNKNOWN"), "{args:?}\n{out}");
    for verdict in ["MISMATCH", "FAIL"] {
        assert!(!out.contains(verdict), "{args:?}\n{out}");
    }
    output
}

/// A rook gadget whose `empty:` ray starts on a column without rooks (no line of the
/// placed gadget) is refused at its line; it used to panic ("no entry found for key").
#[test]
fn rook_empty_ray_off_the_gadget_lines_is_located() {
    let file = format!("{DIR}/left_or.txt");
    let output = run(&["gadgets", "verify", "--piece", "rook", "--file", &file]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert_eq!(
        stderr(&output),
        format!(
            "error: {file}:10: empty ray from (6,4): column 4 holds no rook, so the square \
             is on no line of the placed gadget; expected a square whose row and column both \
             hold a rook\n"
        )
    );
}

/// A node limit reached is a limit (exit 3), not a mismatch (it used to exit 1 with
/// "MISMATCH" for the King harness): King output reading and harness, King k-tests, a
/// King composite's assembled board, Knight and Rook gadgets.
#[test]
fn node_limits_are_limits_for_every_piece() {
    let verify = ["gadgets", "verify", "--node-limit", "10", "--piece"];
    for extra in [
        &["king", "--gadget", "or"][..],
        &["king", "--gadget", "or", "--reading-max-kings", "1"],
        &["king", "--gadget", "double-assignment"],
        &["knight", "--gadget", "or"],
        &["rook", "--gadget", "left_or"],
    ] {
        assert_limit_reached(&[&verify[..], extra].concat());
    }
}

/// The Rook search honours `--time-limit` (the And gadget's rows take tens of seconds;
/// it used to run them to the end and exit 0).
#[test]
fn rook_search_honours_the_time_limit() {
    let start = Instant::now();
    let output = assert_limit_reached(&[
        "gadgets",
        "verify",
        "--piece",
        "rook",
        "--gadget",
        "and",
        "--time-limit",
        "0.5",
    ]);
    let elapsed = start.elapsed();
    assert!(stdout(&output).contains("time limit of 0.5 s reached"));
    assert!(elapsed < Duration::from_secs(20), "{elapsed:?}");
}

/// A composite whose board is not the union of its parts names the file, the board line
/// and the square (1-based), not Rust debug text.
#[test]
fn composite_errors_name_file_line_and_square() {
    let file = format!("{DIR}/double_assignment.txt");
    let output = run(&["gadgets", "verify", "--piece", "king", "--file", &file]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert_eq!(
        stderr(&output),
        format!(
            "error: {file}:24: the board has a king with budget 2 on (10,11) that no part \
             places; expected the board to be exactly the union of its parts\n"
        )
    );
}
