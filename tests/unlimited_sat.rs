//! `compile F.cnf --unlimited --pieces king,knight|pawn,knight` (Brunner et al. §3.2,
//! Theorem 3.9: an uncapturable king or pawn among knights, from planar monotone 3-SAT through
//! `to_planar_monotone`): certified, checked, solved and decoded through the binary to a
//! model of the CNF; unsatisfiable formulas exit 1; unfit pieces and rules exit 2. A
//! `.pm3` planar monotone instance compiles directly (no chain), and decodes to its own
//! model.

use std::path::Path;

use sat2chess::formula::Assignment;
use sat2chess::front::dimacs;

use crate::common::{run, run_with_input, scratch, stderr_of, write_file};

/// `(x1 ∨ x2) ∧ (¬x1 ∨ x3) ∧ (¬x2 ∨ ¬x3)`: satisfiable.
const SMALL: &str = "p cnf 3 3\n1 2 0\n-1 3 0\n-2 -3 0\n";
/// `x1`: its board (61 pieces) is small enough for the exact solver.
const UNIT: &str = "p cnf 1 1\n1 0\n";
/// `x1 ∧ ¬x1`.
const CONTRADICTION: &str = "p cnf 1 2\n1 0\n-1 0\n";

/// `(x1 ∨ x2) ∧ (¬x1 ∨ ¬x2)` as a planar monotone instance: satisfiable.
const PM3_SMALL: &str = "c x1 v x2 above, -x1 v -x2 below\np pm3 2 2\n+ 1 2 : 1\n- 1 2 : 1\n";
/// `x1 ∧ ¬x1` as a planar monotone instance.
const PM3_CONTRADICTION: &str = "p pm3 1 2\n+ 1 : 1\n- 1 : 1\n";

/// Asserts that decode printed `s SATISFIABLE` and a model of `cnf`.
fn assert_model(cnf: &str, printed: &[u8]) {
    let printed = String::from_utf8_lossy(printed);
    let cnf = dimacs::parse(cnf).expect("formula");
    let mut lines = printed.lines();
    assert_eq!(lines.next(), Some("s SATISFIABLE"), "{printed}");
    let mut values = vec![false; cnf.num_vars as usize];
    for word in lines.flat_map(|l| l.trim_start_matches('v').split_whitespace()) {
        let lit: i64 = word.parse().expect("literal");
        if lit > 0 {
            values[lit as usize - 1] = true;
        }
    }
    assert!(cnf.is_satisfied_by(&Assignment(values)), "{printed}");
}

/// compile `cnf` (DIMACS) with a certificate; returns (board, moves, exit code).
fn compile(dir: &Path, cnf: &str, pieces: &str) -> (String, String, i32) {
    compile_file(dir, "f.cnf", cnf, pieces)
}

/// compile the file `file` (`text`) with a certificate; returns (board, moves, exit
/// code).
fn compile_file(dir: &Path, file: &str, text: &str, pieces: &str) -> (String, String, i32) {
    let input = write_file(dir, file, text);
    let board = dir.join("b.json").display().to_string();
    let moves = dir.join("m.json").display().to_string();
    let _ = std::fs::remove_file(&moves);
    let compiled = run(&[
        "compile",
        &input,
        "--unlimited",
        "--pieces",
        pieces,
        "-o",
        &board,
        "--certify",
        "--moves-out",
        &moves,
    ]);
    let code = compiled.status.code().expect("exit code");
    (board, moves, code)
}

#[test]
fn a_satisfiable_cnf_compiles_certifies_checks_and_decodes_to_a_model() {
    for (pieces, special, rules) in [
        ("king,knight", "king", "chesscom"),
        ("pawn,knight", "pawn", "uncapturable-pawn"),
    ] {
        let dir = scratch(&format!("unlimited_sat/small-{special}"));
        let (board, moves, code) = compile(&dir, SMALL, pieces);
        assert_eq!(code, 0, "{pieces}");
        let check = run(&["check", &board, &moves]);
        assert_eq!(check.status.code(), Some(0), "{}", stderr_of(&check));
        let decoded = run(&["decode", &board, &moves]);
        assert_eq!(decoded.status.code(), Some(0), "{}", stderr_of(&decoded));
        assert_model(SMALL, &decoded.stdout);
        let provenance = std::fs::read_to_string(&board).expect("board");
        for key in [
            r#""theorem":"3.9""#.to_owned(),
            format!(r#""special":"{special}""#),
            r#""other":"knight""#.to_owned(),
            format!(r#""rules":"{rules}""#),
            r#""formula":"p cnf 3 3"#.to_owned(),
        ] {
            assert!(provenance.contains(&key), "{key} missing");
        }
    }
}

#[test]
fn the_solvers_own_sequence_decodes_to_a_model() {
    let dir = scratch("unlimited_sat/unit");
    let (board, _, code) = compile(&dir, UNIT, "knight,king");
    assert_eq!(code, 0);
    let solved = dir.join("s.json").display().to_string();
    let solve = run(&["solve", &board, "-o", &solved]);
    assert_eq!(solve.status.code(), Some(0), "{}", stderr_of(&solve));
    let decoded = run(&["decode", &board, &solved]);
    assert_eq!(decoded.status.code(), Some(0), "{}", stderr_of(&decoded));
    assert_model(UNIT, &decoded.stdout);
}

#[test]
fn an_unsatisfiable_cnf_exits_1_without_moves() {
    let dir = scratch("unlimited_sat/contradiction");
    let (_, moves, code) = compile(&dir, CONTRADICTION, "king,knight");
    assert_eq!(code, 1);
    assert!(!Path::new(&moves).exists());
}

#[test]
fn a_truncated_sequence_is_refused_with_exit_1() {
    let dir = scratch("unlimited_sat/truncated");
    let (board, moves, _) = compile(&dir, UNIT, "king,knight");
    let text = std::fs::read_to_string(&moves).expect("moves");
    let mut all: serde_json::Value = serde_json::from_str(&text).expect("moves JSON");
    all["moves"].as_array_mut().expect("a moves array").pop();
    let short = write_file(&dir, "short.json", &all.to_string());
    let decoded = run(&["decode", &board, &short]);
    assert_eq!(decoded.status.code(), Some(1), "{}", stderr_of(&decoded));
    assert!(
        stderr_of(&decoded).contains("leaves 2 pieces"),
        "{}",
        stderr_of(&decoded)
    );
}

#[test]
fn pairs_and_rules_section_3_2_does_not_cover_exit_2() {
    let dir = scratch("unlimited_sat/refused");
    let input = write_file(&dir, "f.cnf", SMALL);
    for (pieces, rules, says) in [
        (
            "queen,rook",
            "uncapturable-queen",
            "(a knight among rooks, bishops or queens) only",
        ),
        (
            "bishop,king",
            "uncapturable-bishop",
            "needs the king uncapturable",
        ),
        ("king,knight", "thesis", "--rules chesscom (not thesis)"),
        ("pawn,knight", "chesscom", "needs the pawn uncapturable"),
    ] {
        let out = run(&[
            "compile",
            &input,
            "--unlimited",
            "--pieces",
            pieces,
            "--rules",
            rules,
        ]);
        assert_eq!(out.status.code(), Some(2), "{pieces} {rules}");
        assert!(stderr_of(&out).contains(says), "{}", stderr_of(&out));
    }
}

/// Renders the board `board` with `extra` arguments into `dir`; returns the figure.
fn render(dir: &Path, board: &str, extra: &[&str]) -> String {
    let figure = dir.join("b.svg").display().to_string();
    let mut args = vec!["render", board, "-o", &figure];
    args.extend_from_slice(extra);
    let render = run(&args);
    assert_eq!(render.status.code(), Some(0), "{}", stderr_of(&render));
    std::fs::read_to_string(&figure).expect("figure")
}

#[test]
fn a_theorem_3_9_board_renders_with_its_roles_and_moves_and_plain_on_request() {
    let dir = scratch("unlimited_sat/render");
    let (board, moves, code) = compile(&dir, UNIT, "king,knight");
    assert_eq!(code, 0);
    let svg = render(&dir, &board, &["--moves", &moves]);
    for expected in [
        "Theorem 3.9 (king among knights): f.cnf",
        ">hero (framed)</text>",
        ">junction knights</text>",
        ">top knight (the hero ends here)</text>",
        ">positive path (taken: variable true)</text>",
        ">literal squares (path corners)</text>",
        ">clause wires (legs and trunks)</text>",
    ] {
        assert!(svg.contains(expected), "no {expected:?} in the figure");
    }
    let plain = render(&dir, &board, &["--region", "1,1,5,5"]);
    assert!(
        !plain.contains("Theorem 3.9"),
        "--region draws the board plain"
    );
}

/// The Theorem 3.9 figure of docs/unlimited.md is the one `compile` and `render` make
/// today from examples/pm3/tiny.pm3.
#[test]
fn the_section_3_2_figures_are_current() {
    let dir = scratch("unlimited_sat/figure");
    for (pieces, figure) in [
        ("king,knight", "unlimited-3.9"),
        ("king,bishop", "unlimited-3.10"),
        ("knight,rook", "unlimited-3.11-rook"),
        ("knight,bishop", "unlimited-3.11-bishop"),
        ("knight,queen", "unlimited-3.11-queen"),
    ] {
        let board = dir.join(format!("{figure}.json")).display().to_string();
        let compiled = run(&[
            "compile",
            "examples/pm3/tiny.pm3",
            "--unlimited",
            "--pieces",
            pieces,
            "-o",
            &board,
        ]);
        assert_eq!(compiled.status.code(), Some(0), "{}", stderr_of(&compiled));
        let made = render(&dir, &board, &[]);
        let path = format!("docs/figures/{figure}.svg");
        let shown = std::fs::read_to_string(&path).expect("figure");
        assert!(
            made == shown,
            "{path} is out of date: sat2chess compile examples/pm3/tiny.pm3 --unlimited \
             --pieces {pieces} -o board.json && sat2chess render board.json -o {path}"
        );
    }
}

#[test]
fn a_pm3_instance_compiles_certifies_checks_and_decodes_to_its_model() {
    let dir = scratch("unlimited_sat/pm3");
    let (board, moves, code) = compile_file(&dir, "small.pm3", PM3_SMALL, "king,knight");
    assert_eq!(code, 0);
    let check = run(&["check", &board, &moves]);
    assert_eq!(check.status.code(), Some(0), "{}", stderr_of(&check));
    let decoded = run(&["decode", &board, &moves]);
    assert_eq!(decoded.status.code(), Some(0), "{}", stderr_of(&decoded));
    let cnf = "p cnf 2 2\n1 2 0\n-1 -2 0\n";
    assert_model(cnf, &decoded.stdout);
    let provenance = std::fs::read_to_string(&board).expect("board");
    for key in [
        r#""theorem":"3.9""#,
        r#""format":"pm3""#,
        r#""instance":"p pm3 2 2\n+ 1 2 : 1\n- 1 2 : 1\n""#,
    ] {
        assert!(provenance.contains(key), "{key} missing");
    }
    // Without the extension, --from pm3 names the format (here on standard input).
    let piped = run_with_input(
        &[
            "compile",
            "-",
            "--from",
            "pm3",
            "--unlimited",
            "--pieces",
            "king,knight",
        ],
        PM3_SMALL,
    );
    assert_eq!(piped.status.code(), Some(0), "{}", stderr_of(&piped));
    assert_eq!(
        String::from_utf8_lossy(&piped.stdout),
        std::fs::read_to_string(&board)
            .expect("board")
            .replace("small.pm3", "<stdin>")
    );
}

#[test]
fn an_unsatisfiable_pm3_instance_exits_1_without_moves() {
    let dir = scratch("unlimited_sat/pm3-contradiction");
    let (_, moves, code) = compile_file(&dir, "no.pm3", PM3_CONTRADICTION, "king,knight");
    assert_eq!(code, 1);
    assert!(!Path::new(&moves).exists());
}

#[test]
fn a_malformed_or_crossing_pm3_instance_exits_2_naming_file_and_line() {
    let dir = scratch("unlimited_sat/pm3-bad");
    for (text, says) in [
        (
            "p pm3 2 1\n+ 1 x : 1\n",
            "bad.pm3: line 2: expected a variable",
        ),
        (
            "p pm3 4 2\n+ 1 3 : 1\n+ 2 4 : 1\n",
            "bad.pm3: not a valid planar monotone instance: clauses",
        ),
    ] {
        let input = write_file(&dir, "bad.pm3", text);
        let out = run(&["compile", &input, "--unlimited", "--pieces", "king,knight"]);
        assert_eq!(out.status.code(), Some(2), "{text}");
        assert!(stderr_of(&out).contains(says), "{}", stderr_of(&out));
    }
}

#[test]
fn other_commands_read_a_pm3_instance_as_its_cnf() {
    let dir = scratch("unlimited_sat/pm3-as-cnf");
    let input = write_file(&dir, "small.pm3", PM3_SMALL);
    let solved = run(&["sat", &input]);
    assert_eq!(solved.status.code(), Some(0), "{}", stderr_of(&solved));
    assert_model("p cnf 2 2\n1 2 0\n-1 -2 0\n", &solved.stdout);
    let no = write_file(&dir, "no.pm3", PM3_CONTRADICTION);
    assert_eq!(run(&["sat", &no]).status.code(), Some(1));
}

#[test]
fn a_theorem_3_9_board_above_the_tint_limit_is_drawn_with_its_hero_only() {
    let dir = scratch("unlimited_sat/render-large");
    let board = dir.join("messy.json").display().to_string();
    let compiled = run(&[
        "compile",
        "examples/cnf/messy.cnf",
        "--unlimited",
        "--pieces",
        "king,knight",
        "-o",
        &board,
    ]);
    assert_eq!(compiled.status.code(), Some(0), "{}", stderr_of(&compiled));
    let svg = render(&dir, &board, &[]);
    assert!(
        svg.contains("messy.cnf (squares tinted by role up to 20000 pieces)"),
        "no note in the caption"
    );
    assert!(svg.contains(">hero (framed)</text>"));
    assert!(!svg.contains(">junction knights</text>"));
}

#[test]
fn theorems_3_10_and_3_11_compile_check_decode_and_solve_from_a_cnf() {
    for pieces in [
        "king,bishop",
        "bishop,knight",
        "knight,rook",
        "queen,knight",
    ] {
        let dir = scratch(&format!("unlimited_sat/sliders-{pieces}"));
        let (board, moves, code) = compile(&dir, UNIT, pieces);
        assert_eq!(code, 0, "{pieces}");
        let check = run(&["check", &board, &moves]);
        assert_eq!(check.status.code(), Some(0), "{}", stderr_of(&check));
        let decoded = run(&["decode", &board, &moves]);
        assert_eq!(decoded.status.code(), Some(0), "{}", stderr_of(&decoded));
        assert_model(UNIT, &decoded.stdout);
        let solver_moves = dir.join("solver.json").display().to_string();
        let solved = run(&["solve", &board, "--quiet", "-o", &solver_moves]);
        assert_eq!(solved.status.code(), Some(0), "{}", stderr_of(&solved));
        let decoded = run(&["decode", &board, &solver_moves]);
        assert_eq!(decoded.status.code(), Some(0), "{}", stderr_of(&decoded));
        let provenance = std::fs::read_to_string(&board).expect("board");
        let theorem = if pieces == "king,bishop" {
            "3.10"
        } else {
            "3.11"
        };
        assert!(
            provenance.contains(&format!("\"theorem\":\"{theorem}\"")),
            "{provenance}"
        );
        let (_, moves, code) = compile_file(&dir, "no.pm3", PM3_CONTRADICTION, pieces);
        assert_eq!(code, 1, "{pieces}: x ∧ ¬x");
        assert!(!Path::new(&moves).exists());
    }
}

/// Regression: on a CNF of a few thousand planar variables every odd diagonal (and every
/// row and column near the walk) belonged to some literal, and connectors found no room
/// (internal error, exit 4); they now go beyond every line in use.
#[test]
fn sliding_villain_boards_of_a_larger_cnf_certify() {
    for pieces in [
        "king,bishop",
        "knight,rook",
        "knight,bishop",
        "knight,queen",
    ] {
        let dir = scratch(&format!("unlimited_sat/messy-{pieces}"));
        let board = dir.join("b.json").display().to_string();
        let moves = dir.join("m.json").display().to_string();
        let compiled = run(&[
            "compile",
            "examples/cnf/messy.cnf",
            "--unlimited",
            "--pieces",
            pieces,
            "--certify",
            "--moves-out",
            &moves,
            "-o",
            &board,
        ]);
        assert_eq!(compiled.status.code(), Some(0), "{}", stderr_of(&compiled));
        let check = run(&["check", &board, &moves]);
        assert_eq!(check.status.code(), Some(0), "{}", stderr_of(&check));
        // Connectors stay near the walk: going beyond every line in use at each one
        // multiplied the extent (a 2-variable CNF's queen board had 1.9·10⁹ rows).
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&board).unwrap()).unwrap();
        let side = json["rows"]
            .as_u64()
            .unwrap()
            .max(json["cols"].as_u64().unwrap());
        let pieces_on = json["pieces"].as_array().unwrap().len() as u64;
        assert!(
            side <= pieces_on,
            "{pieces}: {side} squares across for {pieces_on} pieces"
        );
    }
}

/// The solver decides a large board without its formula: messy.cnf's knight¹-among-rooks
/// board (31399 rooks), where the hero walk's backtracking search gives up and its SAT
/// encoding finds the walk (the sequence replayed by `check`), and the same formula with
/// `x1` and `¬x1` added, refuted the same way (exit 1).
#[test]
fn the_solver_decides_a_large_board_by_the_walk_s_sat_encoding() {
    let dir = scratch("unlimited_sat/messy-solve");
    let messy = std::fs::read_to_string("examples/cnf/messy.cnf").unwrap();
    let clauses: Vec<&str> = messy
        .lines()
        .take_while(|l| !l.trim_start().starts_with('%'))
        .collect();
    let mut unsat = String::new();
    for line in clauses {
        if let Some(header) = line.strip_prefix("p cnf ") {
            let mut numbers = header.split_whitespace();
            let vars = numbers.next().unwrap();
            let count: u32 = numbers.next().unwrap().parse().unwrap();
            unsat.push_str(&format!("p cnf {vars} {}\n", count + 2));
        } else {
            unsat.push_str(line);
            unsat.push('\n');
        }
    }
    unsat.push_str("1 0\n-1 0\n");
    let unsat_file = write_file(&dir, "unsat.cnf", &unsat);
    for (input, expected) in [("examples/cnf/messy.cnf", 0), (unsat_file.as_str(), 1)] {
        let board = dir.join("b.json").display().to_string();
        let moves = dir.join("m.json").display().to_string();
        let compiled = run(&[
            "compile",
            input,
            "--unlimited",
            "--pieces",
            "knight,rook",
            "-o",
            &board,
        ]);
        assert_eq!(compiled.status.code(), Some(0), "{}", stderr_of(&compiled));
        let solved = run(&[
            "solve",
            &board,
            "--explain",
            "--time-limit",
            "300",
            "-o",
            &moves,
        ]);
        let printed = String::from_utf8_lossy(&solved.stdout);
        assert_eq!(solved.status.code(), Some(expected), "{printed}");
        assert!(printed.contains("hero walk (SAT)"), "{printed}");
        if expected == 0 {
            let check = run(&["check", &board, &moves]);
            assert_eq!(check.status.code(), Some(0), "{}", stderr_of(&check));
        }
    }
}
