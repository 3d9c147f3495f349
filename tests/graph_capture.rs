//! Graph Capture files on the command line (issue 30 item 5): `compile --to
//! graph-capture [--dag]` → `check` → `decode` for both Theorem 5 constructions on
//! formulas of both verdicts, `solve`, knight boards through `convert` checked both ways,
//! and bad inputs refused with exit 2 and the file and line, never a panic.

use std::path::Path;

use crate::common::{run, scratch};

/// Satisfiable (the paper's Figure 11 formula) and unsatisfiable.
const SATISFIABLE: &str = "p cnf 3 4\n1 -2 3 0\n2 3 0\n-1 2 -3 0\n-2 -3 0\n";
const UNSATISFIABLE: &str = "p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n";

fn text(path: &Path) -> &str {
    path.to_str().expect("scratch paths are UTF-8")
}

fn stdout(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The model a `v … 0` line gives satisfies the formula's clauses.
fn satisfies(dimacs: &str, decoded: &str) -> bool {
    let model: Vec<i64> = decoded
        .lines()
        .filter_map(|line| line.strip_prefix("v "))
        .flat_map(|line| line.split_whitespace().map(|n| n.parse::<i64>().unwrap()))
        .collect();
    dimacs
        .lines()
        .filter(|line| !line.starts_with('p'))
        .all(|clause| {
            clause
                .split_whitespace()
                .map(|n| n.parse::<i64>().unwrap())
                .filter(|&l| l != 0)
                .any(|l| model.contains(&l))
        })
}

#[test]
fn both_constructions_compile_check_solve_and_decode() {
    let dir = scratch("graph_capture/pipeline");
    let formula = dir.join("sat.cnf");
    std::fs::write(&formula, SATISFIABLE).unwrap();
    for (flags, moves) in [(&["--dag"][..], "moves.json"), (&[][..], "moves.txt")] {
        let graph = dir.join("g.gc");
        let moves = dir.join(moves);
        let mut args = vec!["compile", text(&formula), "--to", "graph-capture", "-o"];
        args.extend([text(&graph), "--certify", "--moves-out", text(&moves)]);
        args.extend(flags);
        let compiled = run(&args);
        assert_eq!(compiled.status.code(), Some(0), "{}", stderr(&compiled));
        let checked = run(&["check", text(&graph), text(&moves)]);
        assert_eq!(checked.status.code(), Some(0), "{}", stdout(&checked));
        assert!(stdout(&checked).starts_with("VALID: one token left, on "));
        let decoded = run(&[
            "decode",
            text(&graph),
            text(&moves),
            "--formula",
            text(&formula),
        ]);
        assert_eq!(decoded.status.code(), Some(0), "{}", stderr(&decoded));
        assert!(
            satisfies(SATISFIABLE, &stdout(&decoded)),
            "{}",
            stdout(&decoded)
        );
        // A sequence the solver finds decodes too.
        let solved = dir.join("solved.json");
        let solve = run(&["solve", text(&graph), "-o", text(&solved)]);
        assert_eq!(solve.status.code(), Some(0), "{}", stderr(&solve));
        let decoded = run(&[
            "decode",
            text(&graph),
            text(&solved),
            "--formula",
            text(&formula),
        ]);
        assert_eq!(decoded.status.code(), Some(0), "{}", stderr(&decoded));
        assert!(satisfies(SATISFIABLE, &stdout(&decoded)));
        // One capture short: every capture legal, two tokens left.
        let all = std::fs::read_to_string(&solved).unwrap();
        let captures: serde_json::Value = serde_json::from_str(&all).unwrap();
        let mut short = captures.clone();
        short["captures"].as_array_mut().unwrap().pop();
        std::fs::write(&solved, short.to_string()).unwrap();
        let checked = run(&["check", text(&graph), text(&solved)]);
        assert_eq!(checked.status.code(), Some(1));
        assert!(
            stdout(&checked).starts_with("INCOMPLETE: "),
            "{}",
            stdout(&checked)
        );
        let decoded = run(&[
            "decode",
            text(&graph),
            text(&solved),
            "--formula",
            text(&formula),
        ]);
        assert_eq!(decoded.status.code(), Some(1), "{}", stderr(&decoded));
    }
}

#[test]
fn unsatisfiable_formulas_give_unsolvable_graphs() {
    let dir = scratch("graph_capture/unsat");
    let formula = dir.join("unsat.cnf");
    std::fs::write(&formula, UNSATISFIABLE).unwrap();
    for flags in [&["--dag"][..], &[][..]] {
        let graph = dir.join("g.gc");
        let moves = dir.join("moves.json");
        let mut args = vec!["compile", text(&formula), "--to", "graph-capture", "-o"];
        args.extend([text(&graph), "--certify", "--moves-out", text(&moves)]);
        args.extend(flags);
        let compiled = run(&args);
        assert_eq!(compiled.status.code(), Some(1), "{}", stderr(&compiled));
        assert!(stderr(&compiled).contains("unsatisfiable"));
        assert!(!moves.exists());
        let solved = run(&["solve", text(&graph)]);
        assert_eq!(solved.status.code(), Some(1));
        assert_eq!(stdout(&solved), "UNSOLVABLE\n");
    }
}

#[test]
fn an_illegal_capture_is_named_and_decode_refuses_another_formula() {
    let dir = scratch("graph_capture/refusals");
    let formula = dir.join("sat.cnf");
    let other = dir.join("unsat.cnf");
    std::fs::write(&formula, SATISFIABLE).unwrap();
    std::fs::write(&other, UNSATISFIABLE).unwrap();
    let graph = dir.join("g.gc");
    let compile = run(&[
        "compile",
        text(&formula),
        "--to",
        "graph-capture",
        "--dag",
        "-o",
        text(&graph),
    ]);
    assert_eq!(compile.status.code(), Some(0));
    let moves = dir.join("moves.txt");
    std::fs::write(&moves, "# the sink cannot capture\nw x v1\n").unwrap();
    let checked = run(&["check", text(&graph), text(&moves)]);
    assert_eq!(checked.status.code(), Some(1));
    assert_eq!(
        stdout(&checked),
        format!(
            "INVALID: {}: capture 1 is illegal: no edge lets w capture v1\n",
            moves.display()
        )
    );
    let decoded = run(&[
        "decode",
        text(&graph),
        text(&moves),
        "--formula",
        text(&other),
    ]);
    assert_eq!(decoded.status.code(), Some(2));
    assert!(
        stderr(&decoded).contains("compiled from another formula (sat.cnf)"),
        "{}",
        stderr(&decoded)
    );
}

#[test]
fn bad_graph_and_moves_files_exit_2_with_file_and_line() {
    let dir = scratch("graph_capture/bad");
    let graph = dir.join("bad.gc");
    std::fs::write(
        &graph,
        "graph-capture directed 2\nvertex a token\nedge a b\n",
    )
    .unwrap();
    let solved = run(&["solve", text(&graph)]);
    assert_eq!(solved.status.code(), Some(2));
    assert_eq!(
        stderr(&solved),
        format!(
            "error: {}: line 3: vertex `b` is not declared (declare it before its edges)\n",
            graph.display()
        )
    );
    // Recognised by content under another name.
    let good = dir.join("graph.txt");
    std::fs::write(
        &good,
        "# two tokens\ngraph-capture undirected 1\nvertex a token\nvertex b token\nedge a b\n",
    )
    .unwrap();
    let moves = dir.join("moves.txt");
    std::fs::write(&moves, "a x b\nb x c\n").unwrap();
    let checked = run(&["check", text(&good), text(&moves)]);
    assert_eq!(checked.status.code(), Some(2));
    assert_eq!(
        stderr(&checked),
        format!(
            "error: {}: line 2: the graph has no vertex `c`\n",
            moves.display()
        )
    );
    std::fs::write(&moves, "{\"captures\":[[\"a\",\"z\"]]}").unwrap();
    let checked = run(&["check", "--from", "gc", text(&good), text(&moves)]);
    assert_eq!(checked.status.code(), Some(2));
    assert!(stderr(&checked).contains("capture 1: the graph has no vertex `z`"));
    let compiled = run(&[
        "compile",
        "examples/cnf/uf20-91-01.cnf",
        "--to",
        "graph-capture",
        "-o",
        text(&dir.join("g.json")),
    ]);
    assert_eq!(compiled.status.code(), Some(2));
    assert!(stderr(&compiled).contains("is written as a .gc file"));
}

#[test]
fn knight_boards_convert_and_check_both_ways() {
    let dir = scratch("graph_capture/knights");
    let graph = dir.join("k.gc");
    for (fen, verdict) in [
        ("8/8/8/8/3N4/1N6/2N5/N7 w - - 0 1", 0),
        ("8/8/8/8/8/8/1N6/N7 w - - 0 1", 1),
    ] {
        let converted = run(&["convert", fen, "-o", text(&graph)]);
        assert_eq!(converted.status.code(), Some(0), "{}", stderr(&converted));
        let on_graph = run(&["solve", text(&graph), "-o", text(&dir.join("g.txt"))]);
        let on_board = run(&["solve", fen]);
        assert_eq!(on_graph.status.code(), Some(verdict), "{fen}");
        assert_eq!(on_board.status.code(), Some(verdict), "{fen}");
        if verdict == 0 {
            let checked = run(&["check", text(&graph), text(&dir.join("g.txt"))]);
            assert_eq!(checked.status.code(), Some(0), "{}", stdout(&checked));
        }
    }
    let rook = run(&[
        "convert",
        "8/8/8/8/8/8/1R6/N7 w - - 0 1",
        "--format",
        "graph-capture",
    ]);
    assert_eq!(rook.status.code(), Some(2));
    assert!(
        stderr(&rook).contains("the rook on (7,2) is not a knight"),
        "{}",
        stderr(&rook)
    );
}
