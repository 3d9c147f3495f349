//! Regression tests of issue 28 (hardening, round 3), the reader, size and message rows:
//! one test per row, each with its input in tests/inputs/hardening/readers/ and the
//! verdict or message it must produce.

use std::process::Output;

use crate::common::{run, run_with_input, scratch};

const DIR: &str = "tests/inputs/hardening/readers";
const THESIS: &str = "examples/andor/thesis.andor";

fn input(name: &str) -> String {
    format!("{DIR}/{name}")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Exit 2 and exactly the one error line `error: {message}`.
fn assert_bad_input(output: &Output, message: &str) {
    assert_eq!(output.status.code(), Some(2), "{}", stderr(output));
    assert_eq!(stderr(output), format!("error: {message}\n"));
}

/// Row 1: a 21-byte DIMACS file declaring 10^7 variables took 3–6 s and 1.8 GB in every
/// command built on the transformation chain; the chain now refuses more than 10^6
/// declared variables before allocating anything per variable.
#[test]
fn chain_refuses_ten_million_declared_variables_before_allocating() {
    let file = input("declared-10-million.cnf");
    let refusal = format!(
        "{file}: the formula declares 10000000 variables; the transformation chain \
         (transform, layout, compile, decode) takes at most 1000000 (it holds a name and a \
         provenance for every declared variable, used or not: about 200 bytes each)"
    );
    let board = scratch("readers-ten-million")
        .join("board.json")
        .display()
        .to_string();
    for args in [
        vec!["transform", &file, "--to", "andor"],
        vec!["transform", &file, "--to", "3sat", "--thesis"],
        vec!["layout", &file],
        vec!["compile", &file, "--to", "king", "-o", &board],
    ] {
        assert_bad_input(&run(&args), &refusal);
    }
}

/// Row 2: a FEN file with a line break inside was read as the board of its first line.
#[test]
fn fen_with_a_second_line_is_refused_at_that_line() {
    let second_line = ": line 2, column 1: a second line; a FEN board is one line (the \
                       placement, optionally followed by the other FEN fields)";
    let broken = input("line-break.fen");
    assert_bad_input(&run(&["show", &broken]), &format!("{broken}{second_line}"));
    let two = input("two-lines.fen");
    assert_bad_input(&run(&["solve", &two]), &format!("{two}{second_line}"));
}

/// Row 3: the text board reader took a non-breaking space for a separator and `+1` for a
/// number; `layout --tile-size 0` was taken as 1.
#[test]
fn text_board_refuses_other_white_space_and_signs_and_tile_size_zero_is_a_usage_error() {
    let nbsp = input("nbsp.txt");
    assert_bad_input(
        &run(&["show", &nbsp]),
        &format!(
            "{nbsp}: line 2, column 4: white-space character U+00A0 (expected a space or a \
             tab between fields)"
        ),
    );
    let plus = input("plus.txt");
    assert_bad_input(
        &run(&["show", &plus]),
        &format!(
            "{plus}: line 3, column 3: ROW must be a non-negative integer below 2^32, got \
             \"+1\" (digits only)"
        ),
    );
    let zero = run(&["layout", THESIS, "--stats", "--tile-size", "0"]);
    assert_eq!(zero.status.code(), Some(2), "{}", stderr(&zero));
    assert!(
        stderr(&zero).starts_with("error: invalid value '0' for '--tile-size <TILE_SIZE>'"),
        "{}",
        stderr(&zero)
    );
}

/// Row 4: empty standard input was read as the And-Or formula without clauses
/// (satisfiable) while an empty `.cnf` file is refused.
#[test]
fn empty_standard_input_is_refused_like_an_empty_cnf_file() {
    let empty = input("empty.cnf");
    assert_bad_input(
        &run(&["sat", &empty]),
        &format!("{empty}: line 1, column 1: missing the problem line `p cnf VARIABLES CLAUSES`"),
    );
    assert_bad_input(
        &run_with_input(&["sat", "-"], "c only a comment\n\n"),
        "<stdin>: formula: empty (only blank or comment lines; expected the DIMACS problem \
         line `p cnf VARIABLES CLAUSES` or And-Or clauses)",
    );
}

/// Row 5: a region outside the board, drawn to standard output, is reported as the
/// argument error it is, naming `--region` and the board's extent (not as a failed write).
#[test]
fn region_outside_the_board_names_the_option_and_the_extent() {
    let board = input("two-kings.txt");
    assert_bad_input(
        &run(&["render", &board, "--region", "9,9,9,9"]),
        &format!(
            "{board}: --region 9,9,9,9 must satisfy 1 <= r1 <= r2 <= 3 and 1 <= c1 <= c2 <= 3 \
             (the board is 3x3)"
        ),
    );
}

/// Row 6: `retarget --stats` printed the square count of uniform scaling stuck at
/// 2^64 − 1; the requirement: `retarget` takes `--max-pieces`.
#[test]
fn retarget_prints_exact_square_counts_and_takes_the_piece_limit() {
    let rooks = input("huge-rooks.txt");
    let queens = scratch("readers-huge-queens")
        .join("queens.json")
        .display()
        .to_string();
    let stats = run(&[
        "retarget", &rooks, "--to", "queen", "--stats", "-o", &queens,
    ]);
    assert_eq!(stats.status.code(), Some(0), "{}", stderr(&stats));
    assert!(
        stderr(&stats).contains(
            "uniform scaling: 4294967295x18446744065119617025 \
             (79228162458924105385300197375 squares)"
        ),
        "{}",
        stderr(&stats)
    );
    assert_bad_input(
        &run(&[
            "retarget",
            &rooks,
            "--to",
            "queen",
            "--max-pieces",
            "1",
            "-o",
            &queens,
        ]),
        &format!(
            "{rooks}: the work needs about 2 pieces (about 0.0 GB of memory), more than the \
             limit of 1 (raise it with --max-pieces if the machine has the memory)"
        ),
    );
}
