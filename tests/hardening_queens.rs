//! Regression tests of issue 28 ("Hardening, round 3"), the n-Queens rows: one test per
//! row, each with its input in tests/inputs/hardening/queens/. A tiny input declaring a
//! huge size is refused before anything of that size is allocated (exit 2, naming the
//! option that raises the limit); placements are read from objects only; a checker's
//! verdict names squares as the user wrote them.

use std::process::Output;

use crate::common::{run, scratch};

const DIR: &str = "tests/inputs/hardening/queens";

fn input(name: &str) -> String {
    format!("{DIR}/{name}")
}

/// Exit 2 with one error line containing every one of `parts`.
fn assert_refused(output: &Output, parts: &[&str]) {
    let text = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(text.starts_with("error: "), "{text}");
    for part in parts {
        assert!(text.contains(part), "{part:?} missing from {text}");
    }
}

#[test]
fn compile_to_nqueens_refuses_a_huge_declared_variable_count_before_the_chain() {
    // `p cnf 1000000 1` / `1 0`: 21 bytes that made the chain allocate 2.9 GB.
    let dir = scratch("hardening_queens/compile");
    let board = dir.join("board.json");
    let output = run(&[
        "compile",
        &input("declared-million-vars.cnf"),
        "--to",
        "nqueens",
        "-o",
        board.to_str().expect("UTF-8 path"),
    ]);
    assert_refused(
        &output,
        &[
            "declared-million-vars.cnf: too large for --max-side",
            "side at least",
            "above the limit of 5000000",
        ],
    );
}

#[test]
fn queens_generate_refuses_n_above_max_n_before_generating() {
    let output = run(&["queens", "generate", "blocked", "--n", "100000", "--b", "1"]);
    assert_refused(&output, &["--n 100000", "--max-n 2000"]);
    let output = run(&[
        "queens",
        "generate",
        "excluded-diagonals",
        "--n",
        "13",
        "--d",
        "1",
        "--max-n",
        "12",
    ]);
    assert_refused(&output, &["--n 13", "--max-n 12"]);
}

#[test]
fn queens_solve_refuses_a_huge_declared_side_with_either_engine() {
    for engine in ["search", "sat"] {
        let output = run(&[
            "queens",
            "solve",
            &input("empty-100000.json"),
            "--engine",
            engine,
        ]);
        assert_refused(
            &output,
            &[
                "empty-100000.json",
                "10000000000 squares",
                "--max-squares 1000000",
            ],
        );
    }
}

#[test]
fn queens_solve_stops_at_its_time_and_node_limits() {
    let empty = input("empty-100.json");
    let two_queens = input("two-queens-201.json");
    for (board, engine, limit) in [
        (&empty, "search", ["--time-limit", "0.2"]),
        (&empty, "sat", ["--time-limit", "0.2"]),
        (&two_queens, "search", ["--time-limit", "0.2"]),
        (&empty, "search", ["--node-limit", "1000"]),
    ] {
        let mut args = vec!["queens", "solve", board.as_str(), "--engine", engine];
        args.extend(limit);
        let output = run(&args);
        let text = String::from_utf8_lossy(&output.stdout);
        assert_eq!(output.status.code(), Some(3), "{args:?}: {text}");
        assert!(
            text.starts_with(&format!("UNKNOWN: {} reached", limit[0])),
            "{args:?}: {text}"
        );
    }
}

#[test]
fn queens_check_refuses_a_side_above_max_side() {
    let output = run(&[
        "queens",
        "check",
        &input("empty-100000.json"),
        &input("outside.placement.json"),
        "--max-side",
        "99999",
    ]);
    assert_refused(&output, &["empty-100000.json", "--max-side 99999"]);
}

#[test]
fn a_positional_placement_is_refused() {
    let output = run(&[
        "queens",
        "check",
        &input("empty-8.json"),
        &input("positional.placement.json"),
    ]);
    assert_refused(
        &output,
        &[
            "positional.placement.json: line 1, column 1",
            "expected a JSON object",
            r#"{"queens":[[row,col],…]}"#,
        ],
    );
}

#[test]
fn queens_check_names_a_queen_outside_the_board_by_its_square() {
    let output = run(&[
        "queens",
        "check",
        &input("empty-8.json"),
        &input("outside.placement.json"),
    ]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "INVALID: queen on (9,4) lies outside the 8x8 board\n"
    );
}
