//! Compiled boards decided without their formula by the SAT encoding (issue 29): the
//! verdict agrees with the formula, every SOLVABLE sequence replays in the checker,
//! and every UNSOLVABLE comes with an LRAT proof of the emitted CNF that the
//! independent checker (`sat2chess::check::lrat`) accepts.

use sat2chess::check::lrat::{LratError, check_lrat};

use crate::common::cnf::{dimacs, random_cnf, satisfiable};
use crate::common::{run, scratch};

/// Compiles `formula` to `target`, solves the board with `--engine sat` (emitting the
/// CNF and, when unsolvable, the proof), checks what it says; whether it was solvable.
fn decide_without_formula(dir: &std::path::Path, formula: &str, target: &str) -> bool {
    let (cnf, board) = (dir.join("f.cnf"), dir.join(format!("{target}.json")));
    let (encoding, proof) = (dir.join("board.cnf"), dir.join("board.lrat"));
    std::fs::write(&cnf, formula).unwrap();
    let _ = std::fs::remove_file(&proof);
    let path = |p: &std::path::Path| p.to_str().unwrap().to_string();
    let compiled = run(&["compile", &path(&cnf), "--to", target, "-o", &path(&board)]);
    assert!(
        compiled.status.code().is_some_and(|c| c <= 1),
        "{compiled:?}"
    );
    let solved = run(&[
        "solve",
        &path(&board),
        "--engine",
        "sat",
        "--emit-cnf",
        &path(&encoding),
        "--proof",
        &path(&proof),
        "--time-limit",
        "60",
    ]);
    let stdout = String::from_utf8_lossy(&solved.stdout);
    match solved.status.code() {
        Some(0) => {
            assert!(stdout.starts_with("SOLVABLE"), "{stdout}");
            assert!(!proof.exists(), "no proof for a solvable board");
            true
        }
        Some(1) => {
            assert!(stdout.starts_with("UNSOLVABLE"), "{stdout}");
            let cnf_text = std::fs::read_to_string(&encoding).unwrap();
            let proof_text = std::fs::read_to_string(&proof).unwrap();
            let summary = check_lrat(&cnf_text, &proof_text)
                .unwrap_or_else(|e| panic!("{target}: the proof is refused: {e}\n{formula}"));
            assert!(summary.added_clauses >= 1);
            let checked = run(&[
                "check",
                &path(&board),
                "--cnf",
                &path(&encoding),
                "--proof",
                &path(&proof),
            ]);
            let said = String::from_utf8_lossy(&checked.stdout);
            assert_eq!(checked.status.code(), Some(0), "{checked:?}");
            assert!(said.starts_with("VERIFIED UNSOLVABLE"), "{said}");
            false
        }
        other => panic!("{target}: exit {other:?}: {stdout}\n{formula}"),
    }
}

#[test]
fn compiled_boards_are_decided_without_their_formula_with_checked_proofs() {
    let dir = scratch("solver-encoding/random");
    let mut rng = fastrand::Rng::with_seed(0x29);
    let (mut solvable, mut unsolvable) = (0, 0);
    for case in 0..16 {
        let (vars, clauses) = random_cnf(&mut rng, 2, 4);
        let formula = dimacs(vars, &clauses);
        let targets: &[&str] = if case % 8 == 0 {
            &["rook", "queen", "bishop", "king", "knight"]
        } else {
            &["rook", "bishop"]
        };
        for target in targets {
            let got = decide_without_formula(&dir, &formula, target);
            assert_eq!(
                got,
                satisfiable(vars, &clauses),
                "case {case} {target}\n{formula}"
            );
            if got {
                solvable += 1;
            } else {
                unsolvable += 1;
            }
        }
    }
    // Both verdicts were exercised.
    assert!(
        solvable >= 5 && unsolvable >= 5,
        "{solvable} / {unsolvable}"
    );
}

#[test]
fn a_tampered_proof_is_refused() {
    let dir = scratch("solver-encoding/tampered");
    assert!(!decide_without_formula(
        &dir,
        "p cnf 1 2\n1 0\n-1 0\n",
        "rook"
    ));
    let cnf = std::fs::read_to_string(dir.join("board.cnf")).unwrap();
    let proof = std::fs::read_to_string(dir.join("board.lrat")).unwrap();
    // Without its last step the proof derives no empty clause.
    let lines: Vec<&str> = proof.lines().collect();
    let cut = lines[..lines.len() - 1].join("\n");
    assert_eq!(check_lrat(&cnf, &cut), Err(LratError::NoEmptyClause));
    // A step that claims another clause than its hints give is refused.
    let added = lines
        .iter()
        .position(|l| !l.contains(" d ") && l.split_whitespace().nth(1) != Some("0"))
        .expect("a step adding a non-empty clause");
    let mut fields: Vec<String> = lines[added].split_whitespace().map(String::from).collect();
    fields[1] = (-fields[1].parse::<i64>().unwrap()).to_string();
    let mut forged: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    forged[added] = fields.join(" ");
    assert!(check_lrat(&cnf, &forged.join("\n")).is_err());
    // The same refusals from the command line: exit 1 for a proof that refutes nothing.
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let board = path("rook.json");
    std::fs::write(dir.join("forged.lrat"), forged.join("\n")).unwrap();
    std::fs::write(dir.join("cut.lrat"), &cut).unwrap();
    for bad in ["forged.lrat", "cut.lrat"] {
        let checked = run(&[
            "check",
            &board,
            "--cnf",
            &path("board.cnf"),
            "--proof",
            &path(bad),
        ]);
        assert_eq!(checked.status.code(), Some(1), "{bad}: {checked:?}");
        assert!(String::from_utf8_lossy(&checked.stdout).starts_with("NOT VERIFIED"));
    }
}

#[test]
fn a_proof_of_another_encoding_proves_nothing_about_the_board() {
    let dir = scratch("solver-encoding/mismatch");
    assert!(!decide_without_formula(
        &dir,
        "p cnf 1 2\n1 0\n-1 0\n",
        "rook"
    ));
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let check = |board: &str, cnf: &str| {
        run(&["check", board, "--cnf", cnf, "--proof", &path("board.lrat")])
    };
    assert_eq!(
        check(&path("rook.json"), &path("board.cnf")).status.code(),
        Some(0)
    );
    // One budget less on the board: the CNF (and its valid proof) belongs to another board.
    let board = std::fs::read_to_string(dir.join("rook.json")).unwrap();
    let lowered = board.replacen("\"budget\":2", "\"budget\":1", 1);
    assert_ne!(lowered, board);
    std::fs::write(dir.join("lowered.json"), lowered).unwrap();
    let other = check(&path("lowered.json"), &path("board.cnf"));
    assert_eq!(other.status.code(), Some(2), "{other:?}");
    assert!(String::from_utf8_lossy(&other.stderr).contains("not the SAT encoding"));
    // A clause added to the CNF that excludes no cycle of the board's precedences (here
    // the unit clause ¬x1): such clauses could make a solvable board's CNF unsatisfiable.
    let cnf = std::fs::read_to_string(dir.join("board.cnf")).unwrap();
    let header = cnf.lines().find(|l| l.starts_with("p cnf")).unwrap();
    let fields: Vec<usize> = header[6..]
        .split_whitespace()
        .map(|f| f.parse().unwrap())
        .collect();
    let extended =
        cnf.replace(header, &format!("p cnf {} {}", fields[0], fields[1] + 1)) + "-1 0\n";
    std::fs::write(dir.join("extended.cnf"), extended).unwrap();
    let extended = check(&path("rook.json"), &path("extended.cnf"));
    assert_eq!(extended.status.code(), Some(2), "{extended:?}");
    assert!(String::from_utf8_lossy(&extended.stderr).contains("excludes no cycle"));
}

#[test]
fn proof_needs_the_cnf_and_the_sat_engine() {
    let dir = scratch("solver-encoding/flags");
    let board = dir.join("b.json");
    std::fs::write(
        &board,
        r#"{"format":"sat2chess-board","version":1,"rows":1,"cols":3,"pieces":[{"kind":"R","row":1,"col":1,"budget":1},{"kind":"R","row":1,"col":3,"budget":1}]}"#,
    )
    .unwrap();
    let b = board.to_str().unwrap();
    let alone = run(&["solve", b, "--proof", "p.lrat"]);
    assert_eq!(alone.status.code(), Some(2));
    let search = run(&["solve", b, "--emit-cnf", "x.cnf", "--engine", "search"]);
    assert_eq!(search.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&search.stderr).contains("--engine sat"));
    let splr = run(&[
        "solve",
        b,
        "--engine",
        "sat",
        "--sat-solver",
        "splr",
        "--explain",
    ]);
    assert_eq!(splr.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&splr.stdout).contains("of splr"));
}
