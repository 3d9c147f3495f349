//! Aravind–Misra–Mittal (FUN 2022, issue 30) on the command line: Theorem 3's queen
//! board (`compile --to queen --via rbds`), certified, checked and decoded from its
//! provenance alone, both from the certificate and from a sequence the solver found.

use std::path::Path;

use crate::common::{run, scratch};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The model `decode` prints (`v … 0`), as DIMACS literals.
fn decoded_model(board: &Path, formula: &str, moves: &Path) -> Vec<i64> {
    let out = run(&[
        "decode",
        board.to_str().unwrap(),
        "--formula",
        formula,
        moves.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let line = stdout
        .lines()
        .find(|line| line.starts_with("v "))
        .unwrap_or_else(|| panic!("no model line in {stdout}"));
    line[2..]
        .split_whitespace()
        .map(|lit| lit.parse().unwrap())
        .filter(|&lit| lit != 0)
        .collect()
}

/// cnf_3x3: (x1 ∨ ¬x2) ∧ (x2 ∨ x3) ∧ (¬x1 ∨ ¬x3).
fn satisfies_cnf_3x3(model: &[i64]) -> bool {
    let holds = |lit: i64| model.contains(&lit);
    (holds(1) || holds(-2)) && (holds(2) || holds(3)) && (holds(-1) || holds(-3))
}

#[test]
fn theorem_3_queen_board_certifies_checks_and_decodes() {
    let dir = scratch("amm/queen");
    let (board, moves, solved) = (
        dir.join("q.json"),
        dir.join("m.json"),
        dir.join("solved.json"),
    );
    let formula = "tests/formulas/cnf_3x3.cnf";
    let out = run(&[
        "compile",
        formula,
        "--to",
        "queen",
        "--via",
        "rbds",
        "-o",
        board.to_str().unwrap(),
        "--certify",
        "--moves-out",
        moves.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let json = std::fs::read_to_string(&board).unwrap();
    // 13 rows; the Theorem 2 board's 15 columns spread 13 apart: 14 · 13 + 1.
    assert!(json.contains("\"rows\":13,\"cols\":183"), "{json}");
    assert!(json.contains("\"target\":\"queen\""), "{json}");
    assert!(json.contains("\"options\":{\"via\":\"rbds\"}"), "{json}");
    let out = run(&["check", board.to_str().unwrap(), moves.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    assert!(satisfies_cnf_3x3(&decoded_model(&board, formula, &moves)));
    // A sequence the solver finds (not the certificate) decodes to a model too.
    let out = run(&[
        "solve",
        board.to_str().unwrap(),
        "-o",
        solved.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(satisfies_cnf_3x3(&decoded_model(&board, formula, &solved)));
}

#[test]
fn theorem_3_unsatisfiable_formula_exits_1_and_the_board_is_unsolvable() {
    let dir = scratch("amm/queen-unsat");
    let (board, moves) = (dir.join("q.json"), dir.join("m.json"));
    let out = run(&[
        "compile",
        "examples/cnf/unsat.cnf",
        "--to",
        "queen",
        "--via",
        "rbds",
        "-o",
        board.to_str().unwrap(),
        "--certify",
        "--moves-out",
        moves.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let out = run(&["solve", board.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
}

#[test]
fn via_rbds_refuses_bishops() {
    let out = run(&[
        "compile",
        "tests/formulas/cnf_3x3.cnf",
        "--to",
        "bishop",
        "--via",
        "rbds",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--via rbds builds rook and queen boards"),
        "{}",
        text(&out.stderr)
    );
}
