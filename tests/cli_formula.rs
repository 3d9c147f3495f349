//! The `sat` and `transform` subcommands: answers, exit codes, output formats.

use std::path::Path;
use std::process::{Command, Output};

use sat2chess::formula::{Assignment, Cnf};
use sat2chess::front::{self, Input, dimacs};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sat2chess"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

/// The assignment of the `v` lines.
fn model(text: &str, num_vars: usize) -> Assignment {
    let mut model = Assignment::all_false(num_vars);
    let values: Vec<i64> = text
        .lines()
        .filter_map(|line| line.strip_prefix("v "))
        .flat_map(|line| line.split_whitespace().map(|v| v.parse::<i64>().unwrap()))
        .collect();
    assert_eq!(values.last(), Some(&0), "v lines end in 0");
    assert_eq!(values.len(), num_vars + 1, "one value per variable");
    for value in &values[..num_vars] {
        model.0[value.unsigned_abs() as usize - 1] = *value > 0;
    }
    model
}

fn load_cnf(path: &str) -> Cnf {
    match front::load(Path::new(path), None).unwrap() {
        Input::Cnf(cnf) => cnf,
        _ => panic!("{path} is DIMACS"),
    }
}

#[test]
fn sat_prints_a_checked_model() {
    let output = run(&["sat", "examples/cnf/uf20-91-01.cnf"]);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    assert!(text.starts_with("s SATISFIABLE\nv "), "{text}");
    let cnf = load_cnf("examples/cnf/uf20-91-01.cnf");
    assert!(cnf.is_satisfied_by(&model(&text, 20)));
}

#[test]
fn sat_unsatisfiable_gzip() {
    let output = run(&["sat", "examples/cnf/pigeonhole-5-4.cnf.gz"]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stdout(&output), "s UNSATISFIABLE\n");
}

#[test]
fn sat_and_or_names_its_variables() {
    let output = run(&["sat", "examples/andor/thesis.andor"]);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    assert!(
        text.starts_with("c variables 1=x 2=y 3=z\ns SATISFIABLE\nv "),
        "{text}"
    );
}

#[test]
fn bad_input_exits_2_with_one_line() {
    let output = run(&["sat", "tests/inputs/bad-formulas/clause-count.cnf"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "error: tests/inputs/bad-formulas/clause-count.cnf: line 2, column 1: \
         the problem line declares 3 clauses, but the file has 2\n"
    );
    let output = run(&["sat", "no/such/file.cnf"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).starts_with("error: no/such/file.cnf: "));
}

#[test]
fn transform_stats_at_every_step() {
    let uf20 = "examples/cnf/uf20-91-01.cnf";
    let output = run(&["transform", uf20, "--to", "andor", "--stats"]);
    assert_eq!(output.status.code(), Some(0));
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!("transform_uf20_91_stats", stderr(&output));
    });
    let formula = sat2chess::front::andor::parse(&stdout(&output)).unwrap();
    // Fan-out chains: 2 per occurrence less 3 per variable, plus 1 for the one variable
    // with a single negative occurrence.
    assert_eq!(formula.num_vars(), 2 * 91 * 3 - 3 * 20 + 1);
    let output = run(&["transform", uf20, "--to", "andor", "--thesis", "--stats"]);
    assert_eq!(output.status.code(), Some(0));
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!("transform_uf20_91_thesis_stats", stderr(&output));
    });
    let formula = sat2chess::front::andor::parse(&stdout(&output)).unwrap();
    assert_eq!(formula.num_vars(), 91 * 3 * 3);
}

#[test]
fn transform_to_tovey_writes_dimacs() {
    let output = run(&["transform", "examples/cnf/messy.cnf", "--to", "tovey"]);
    assert_eq!(output.status.code(), Some(0));
    let cnf = dimacs::parse(&stdout(&output)).unwrap();
    let mut counts = vec![(0, 0); cnf.num_vars as usize];
    for lit in cnf.clauses.iter().flatten() {
        if lit.positive {
            counts[lit.var.index()].0 += 1;
        } else {
            counts[lit.var.index()].1 += 1;
        }
    }
    assert!(counts.iter().all(|&c| c == (2, 1)));
}

#[test]
fn transform_json_has_provenance() {
    let output = run(&[
        "transform",
        "examples/cnf/messy.cnf",
        "--to",
        "3sat",
        "--format",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(json["format"], "sat2chess-formula");
    assert_eq!(json["kind"], "cnf");
    let variables = json["steps"][1]["variables"].as_array().unwrap();
    assert_eq!(variables.len(), json["num_vars"].as_u64().unwrap() as usize);
    let split = variables
        .iter()
        .find(|v| v["origin"]["kind"] == "split")
        .unwrap();
    assert_eq!(split["name"], "y3_1");
    assert_eq!(split["origin"]["clause"], 3);
}

#[test]
fn transform_thesis_and_or_json() {
    let output = run(&[
        "transform",
        "examples/andor/thesis.andor",
        "--to",
        "andor",
        "--format",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(0));
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!("transform_thesis_andor_json", stdout(&output));
    });
}

#[test]
fn transform_rejects_impossible_requests() {
    let output = run(&["transform", "examples/andor/thesis.andor", "--to", "tovey"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "error: examples/andor/thesis.andor: the input is already an And-Or formula; only --to andor applies\n"
    );
    let output = run(&[
        "transform",
        "examples/cnf/messy.cnf",
        "--to",
        "andor",
        "--format",
        "dimacs",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "error: an And-Or formula has no DIMACS form: write .andor or .json (--format andor or json)\n"
    );
}

/// `decode` reads a model of the And-Or formula `formula` off the certificate `moves` of
/// the `piece` board `board`; with the last capture cut off, the sequence no longer solves
/// the board and `decode` refuses it with exit 1.
fn decode_then_refuse_truncated(board: &str, moves: &str, formula_path: &str, piece: &str) {
    let decode = |moves: &str| {
        run(&[
            "decode",
            board,
            moves,
            "--formula",
            formula_path,
            "--to",
            piece,
        ])
    };
    let decoded = decode(moves);
    assert_eq!(decoded.status.code(), Some(0), "{}", stderr(&decoded));
    let formula = match front::load(Path::new(formula_path), None).unwrap() {
        Input::AndOr(formula) => formula,
        _ => panic!("{formula_path} is And-Or"),
    };
    assert!(formula.is_satisfied_by(&model(&stdout(&decoded), formula.num_vars())));
    let text = std::fs::read_to_string(moves).unwrap();
    let cut = text.rfind("{\"from\"").unwrap();
    std::fs::write(
        moves,
        format!("{}]}}", text[..cut].trim_end().trim_end_matches(',')),
    )
    .unwrap();
    let refused = decode(moves);
    assert_eq!(refused.status.code(), Some(1), "{}", stderr(&refused));
}

#[test]
fn compile_certify_then_decode() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("compile_certify_then_decode");
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).display().to_string();
    let (board, moves) = (path("board.json"), path("moves.json"));
    let thesis = "examples/andor/thesis.andor";
    let certified = run(&[
        "compile",
        thesis,
        "--to",
        "king",
        "-o",
        &board,
        "--certify",
        "--moves-out",
        &moves,
    ]);
    assert_eq!(certified.status.code(), Some(0), "{}", stderr(&certified));
    assert!(stderr(&certified).contains("satisfiable; 970 solving moves"));
    decode_then_refuse_truncated(&board, &moves, thesis, "king");
}

#[test]
fn compile_certify_unsatisfiable_exits_1_and_writes_the_board() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("compile_certify_unsat");
    std::fs::create_dir_all(&dir).unwrap();
    let (cnf, board, moves) = (
        dir.join("unsat.cnf"),
        dir.join("b.json"),
        dir.join("m.json"),
    );
    std::fs::write(&cnf, "p cnf 1 2\n1 0\n-1 0\n").unwrap();
    let _ = std::fs::remove_file(&board);
    let _ = std::fs::remove_file(&moves);
    let output = run(&[
        "compile",
        cnf.to_str().unwrap(),
        "--to",
        "king",
        "-o",
        board.to_str().unwrap(),
        "--certify",
        "--moves-out",
        moves.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("unsatisfiable"));
    assert!(board.exists() && !moves.exists());
}

/// The Knight backend on the command line: `compile --to knight --certify --stats`
/// writes a board of knights and a certificate that `check` accepts, `decode --to
/// knight` reads a model back, and a truncated certificate is refused.
#[test]
fn knight_compile_certify_check_decode() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("knight_compile_certify_decode");
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).display().to_string();
    let (board, moves) = (path("board.json"), path("moves.json"));
    let thesis = "examples/andor/thesis.andor";
    let certified = run(&[
        "compile",
        thesis,
        "--to",
        "knight",
        "-o",
        &board,
        "--certify",
        "--moves-out",
        &moves,
        "--stats",
    ]);
    assert_eq!(certified.status.code(), Some(0), "{}", stderr(&certified));
    let report = stderr(&certified);
    assert!(report.contains(" knights, "), "{report}");
    assert!(report.contains("crossing-thin: 2"), "{report}");
    let text = std::fs::read_to_string(&board).unwrap();
    assert!(text.contains("\"kind\":\"N\""), "a board of knights");
    assert!(
        !text.contains("\"kind\":\"K\""),
        "no king on a Knight board"
    );
    let checked = run(&["check", &board, &moves]);
    assert_eq!(checked.status.code(), Some(0), "{}", stdout(&checked));
    assert!(
        stdout(&checked).starts_with("VALID"),
        "{}",
        stdout(&checked)
    );
    decode_then_refuse_truncated(&board, &moves, thesis, "knight");
}
