//! n-Queens Completion end to end: 300 seeded random 1-in-3 formulas through the whole
//! chain (satisfiable → a certified completion accepted by the independent checker and
//! decoded to a solution; unsatisfiable → no certificate, and on the smaller boards the
//! solver finds no completion), and the `compile --to nqueens` / `queens` commands.
//!
//! The formulas are tiny (3–4 variables, 1–4 clauses) because the board side grows with
//! the square of the formula: one 1-in-3 clause already gives a 135,438 × 135,438 board,
//! four give 581,334 (README "n-Queens Completion").

use std::path::Path;
use std::process::Output;

use sat2chess::nqueens::chain::Chain;
use sat2chess::nqueens::check::check_completion;
use sat2chess::nqueens::onein3::OneInThree;

/// Boards up to this side are also searched for a completion when the formula is
/// unsatisfiable.
const SEARCHED_SIDE: i64 = 600_000;

/// A random Restricted 1-in-3 formula: `clauses` clauses over `vars` variables; a clause
/// that would give a variable a fourth occurrence is left out.
fn random_formula(rng: &mut fastrand::Rng, vars: u32, clauses: usize) -> OneInThree {
    let mut occurrences = vec![0; vars as usize];
    let mut picked_clauses = Vec::new();
    for _ in 0..clauses {
        let mut picked: Vec<u32> = Vec::new();
        while picked.len() < 3 {
            let v = rng.u32(0..vars);
            if !picked.contains(&v) {
                picked.push(v);
            }
        }
        if picked.iter().all(|&v| occurrences[v as usize] < 3) {
            for &v in &picked {
                occurrences[v as usize] += 1;
            }
            picked_clauses.push([picked[0], picked[1], picked[2]]);
        }
    }
    OneInThree {
        num_vars: vars,
        clauses: picked_clauses,
    }
}

/// Runs one formula end to end; returns (satisfiable, searched for a completion).
fn end_to_end(formula: &OneInThree) -> (bool, bool) {
    let chain = Chain::from_onein3(formula, i64::MAX).unwrap();
    let completion = chain.completion();
    let satisfiable = (0..1u32 << formula.num_vars).any(|bits| {
        let values: Vec<bool> = (0..formula.num_vars).map(|i| bits >> i & 1 == 1).collect();
        formula.is_solution(&values)
    });
    match chain.certify(None).unwrap() {
        Some(added) => {
            assert!(satisfiable, "certificate for an unsatisfiable formula");
            check_completion(completion.n, &completion.preplaced, &added).unwrap();
            assert!(formula.is_solution(&chain.decode(&added)));
            (true, false)
        }
        None => {
            assert!(!satisfiable, "no certificate for a satisfiable formula");
            let searched = completion.n <= SEARCHED_SIDE;
            if searched {
                assert!(completion.enumerate(1).unwrap().0.is_empty());
            }
            (false, searched)
        }
    }
}

#[test]
fn three_hundred_random_formulas_end_to_end() {
    let mut rng = fastrand::Rng::with_seed(300);
    // 240 formulas of one or two clauses over three variables (always satisfiable) and 60
    // of four clauses over four variables (unsatisfiable when they are all four triples).
    let formulas: Vec<OneInThree> = (0..300)
        .map(|i| match i % 5 {
            0 => random_formula(&mut rng, 4, 4),
            _ => {
                let clauses = rng.usize(1..=2);
                random_formula(&mut rng, 3, clauses)
            }
        })
        .collect();
    let (left, right) = formulas.split_at(150);
    let results: Vec<(bool, bool)> = std::thread::scope(|scope| {
        let run = |part: &[OneInThree]| part.iter().map(end_to_end).collect::<Vec<_>>();
        let first = scope.spawn(move || run(left));
        let mut all = run(right);
        all.extend(first.join().unwrap());
        all
    });
    let satisfiable = results.iter().filter(|r| r.0).count();
    eprintln!("{satisfiable} of 300 satisfiable");
    let searched = results.iter().filter(|r| r.1).count();
    assert!(
        satisfiable > 0 && satisfiable < 300,
        "{satisfiable} satisfiable"
    );
    assert!(searched > 0, "no unsatisfiable board was searched");
}

/// The binary with `args`, run in `dir` (the scratch directory of the test).
fn sat2chess(args: &[&str], dir: &Path) -> Output {
    crate::common::command(args)
        .current_dir(dir)
        .output()
        .expect("the binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn example(name: &str) -> String {
    format!("{}/examples/onein3/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("sat2chess-nqueens-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn compile_check_decode_solve_one_clause() {
    let dir = temp_dir("one");
    let formula = example("one-clause.cnf");
    let compile = sat2chess(
        &[
            "compile",
            &formula,
            "--to",
            "nqueens",
            "--onein3",
            "-o",
            "board.json",
            "--certify",
            "--moves-out",
            "placement.json",
            "--stats",
        ],
        &dir,
    );
    assert_eq!(compile.status.code(), Some(0), "{compile:?}");
    assert!(String::from_utf8_lossy(&compile.stderr).contains("n = 135438"));
    let check = sat2chess(&["queens", "check", "board.json", "placement.json"], &dir);
    assert_eq!(check.status.code(), Some(0));
    assert!(stdout(&check).starts_with("VALID: 135438 queens"));
    let decode = sat2chess(
        &[
            "queens",
            "decode",
            "board.json",
            "placement.json",
            "--formula",
            &formula,
            "--onein3",
        ],
        &dir,
    );
    assert_eq!(decode.status.code(), Some(0), "{decode:?}");
    assert!(stdout(&decode).starts_with("s SATISFIABLE\nv "));
    let count = sat2chess(&["queens", "solve", "board.json", "--count"], &dir);
    assert_eq!(count.status.code(), Some(0));
    assert!(
        stdout(&count).starts_with("COUNT: 3 completions"),
        "{}",
        stdout(&count)
    );
    // A wrong placement is refused by the checker and by decode.
    std::fs::write(dir.join("wrong.json"), "{\"queens\":[[1,1]]}").unwrap();
    let wrong = sat2chess(&["queens", "check", "board.json", "wrong.json"], &dir);
    assert_eq!(wrong.status.code(), Some(1));
    assert!(stdout(&wrong).starts_with("INVALID"));
    let wrong = sat2chess(
        &[
            "queens",
            "decode",
            "board.json",
            "wrong.json",
            "--formula",
            &formula,
            "--onein3",
        ],
        &dir,
    );
    assert_eq!(wrong.status.code(), Some(1));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn unsatisfiable_formula_has_no_completion() {
    let dir = temp_dir("unsat");
    let compile = sat2chess(
        &[
            "compile",
            &example("unsat-k4.cnf"),
            "--to",
            "nqueens",
            "--onein3",
            "-o",
            "board.json",
            "--certify",
            "--moves-out",
            "placement.json",
        ],
        &dir,
    );
    assert_eq!(compile.status.code(), Some(1));
    assert!(!dir.join("placement.json").exists());
    let solve = sat2chess(&["queens", "solve", "board.json"], &dir);
    assert_eq!(solve.status.code(), Some(1));
    assert!(stdout(&solve).starts_with("UNSOLVABLE"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn generators_make_solvable_and_checkable_boards() {
    let dir = temp_dir("generate");
    let ed = sat2chess(
        &[
            "queens",
            "generate",
            "excluded-diagonals",
            "--n",
            "10",
            "--d",
            "6",
            "--seed",
            "3",
            "-o",
            "ed.json",
        ],
        &dir,
    );
    assert_eq!(ed.status.code(), Some(0));
    let solve = sat2chess(
        &["queens", "solve", "ed.json", "-o", "ed-placement.json"],
        &dir,
    );
    let code = solve.status.code();
    assert!(code == Some(0) || code == Some(1), "{solve:?}");
    if code == Some(0) {
        let check = sat2chess(&["queens", "check", "ed.json", "ed-placement.json"], &dir);
        assert_eq!(check.status.code(), Some(0));
    }
    let blocked = sat2chess(
        &[
            "queens", "generate", "blocked", "--n", "8", "--b", "10", "--seed", "1", "-o",
            "bl.json",
        ],
        &dir,
    );
    assert_eq!(blocked.status.code(), Some(0));
    let solve = sat2chess(
        &["queens", "solve", "bl.json", "-o", "bl-placement.json"],
        &dir,
    );
    assert_eq!(solve.status.code(), Some(0), "{solve:?}");
    let check = sat2chess(&["queens", "check", "bl.json", "bl-placement.json"], &dir);
    assert_eq!(check.status.code(), Some(0));
    std::fs::remove_dir_all(dir).unwrap();
}

/// Decoding a board larger than `--max-pieces` allows names the flag that raises it.
#[test]
fn decode_names_the_limit_a_large_board_exceeds() {
    let dir = temp_dir("decode-limit");
    let formula = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/onein3/one-clause.cnf");
    let formula = formula.to_str().unwrap();
    let compile = sat2chess(
        &[
            "compile",
            formula,
            "--to",
            "nqueens",
            "--onein3",
            "-o",
            "b.json",
            "--certify",
            "--moves-out",
            "p.json",
        ],
        &dir,
    );
    assert_eq!(compile.status.code(), Some(0), "{compile:?}");
    let decode = sat2chess(
        &[
            "decode",
            "b.json",
            "p.json",
            "--formula",
            formula,
            "--max-pieces",
            "10",
        ],
        &dir,
    );
    let stderr = String::from_utf8_lossy(&decode.stderr);
    assert_eq!(decode.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.starts_with(
            "error: b.json: too large for --max-pieces (raise the limit to decode it): the n-Queens board would have side at least 61047"
        ),
        "{stderr}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn bad_inputs_exit_2_with_a_message() {
    let dir = temp_dir("bad");
    std::fs::write(
        dir.join("kings.json"),
        r#"{"format":"sat2chess-board","version":1,"rows":2,"cols":2,"pieces":[{"kind":"K","row":1,"col":1,"budget":2}]}"#,
    )
    .unwrap();
    std::fs::write(
        dir.join("wide.json"),
        r#"{"format":"sat2chess-board","version":1,"rows":2,"cols":3,"pieces":[]}"#,
    )
    .unwrap();
    std::fs::write(dir.join("negative.cnf"), "p cnf 3 1\n1 -2 3 0\n").unwrap();
    std::fs::write(dir.join("unit.cnf"), "p cnf 1 1\n1 0\n").unwrap();
    std::fs::write(dir.join("p.json"), "{\"queens\":[[1,x]]}").unwrap();
    let cases: [(&[&str], &str); 5] = [
        (&["queens", "solve", "kings.json"], "only queens"),
        (&["queens", "solve", "wide.json"], "square"),
        (
            &["compile", "negative.cnf", "--to", "nqueens", "--onein3"],
            "negative",
        ),
        (
            &["compile", "unit.cnf", "--to", "nqueens", "-o", "x.json"],
            "unit.cnf: too large for --max-side 5000000: pass --max-side 75191811 to compile it; \
             a plain CNF is encoded into 1-in-3 SAT first",
        ),
        (&["queens", "check", "wide.json", "p.json"], "square"),
    ];
    for (args, message) in cases {
        let output = sat2chess(args, &dir);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}
