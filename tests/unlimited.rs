//! `compile --unlimited` (Brunner et al. §3.1, crate `sat2chess-hampath`): Hamiltonian
//! Path files compiled for every implemented pair of piece types, certified, checked,
//! solved and decoded through the binary; the provenance's rules used by solve and
//! check; the errors of unfit pieces, rules and instances.

use std::path::Path;

use sat2chess::hampath::format;
use sat2chess::hampath::path::check_path;

use crate::common::{run, scratch, stderr_of, write_file};

/// A degree-3 instance with a path 1 2 3 4 5 6 (start 1 and end 6 of degree 1).
const GRAPH_YES: &str =
    "# a path and two chords\ngraph 6\n1 2\n2 3\n3 4\n4 5\n5 6\n2 4\n3 5\nstart 1\nend 6\n";
/// The same with the path broken (vertex 3 hangs off 2 only).
const GRAPH_NO: &str = "graph 6\n1 2\n2 3\n2 4\n4 5\n5 6\nstart 1\nend 6\n";
/// A grid instance whose start (0,0) has degree 1, with a path.
const GRID_YES: &str = "grid\n0 0\n1 0\n2 0\n1 1\n2 1\nstart 0 0\n";
/// A grid instance without a path from (0,0): (2,0) and (0,1) both hang off (1,0)'s row.
const GRID_NO: &str = "grid\n0 0\n1 0\n2 0\n1 1\n1 2\n0 2\n2 2\nstart 0 0\n";

/// Asserts that `printed` (one vertex a line, as decode prints) is a Hamiltonian path
/// of the instance `graph`.
fn assert_path(graph: &str, printed: &str) {
    let graph = format::parse(graph, "graph").expect("instance");
    let vertex = |line: &str| -> usize {
        let numbers: Vec<i64> = line
            .split_whitespace()
            .map(|w| w.parse().expect("number"))
            .collect();
        match graph.points() {
            Some(points) => points
                .iter()
                .position(|p| *p == (numbers[0], numbers[1]))
                .expect("a point"),
            None => numbers[0] as usize - 1,
        }
    };
    let path: Vec<usize> = printed.lines().map(vertex).collect();
    check_path(&graph, &path).unwrap_or_else(|e| panic!("{printed}: {e}"));
}

/// compile → check → decode of the certificate → solve → decode of the solver's
/// sequence, for one instance and pair; returns the compile exit code.
fn round_trip(dir: &Path, graph: &str, pieces: &str, rules: &str) -> i32 {
    let input = write_file(dir, "g.ham", graph);
    let board = dir.join("b.json").display().to_string();
    let moves = dir.join("m.json").display().to_string();
    let _ = std::fs::remove_file(&moves);
    let compiled = run(&[
        "compile",
        &input,
        "--unlimited",
        "--pieces",
        pieces,
        "--rules",
        rules,
        "-o",
        &board,
        "--certify",
        "--moves-out",
        &moves,
    ]);
    let code = compiled.status.code().expect("exit code");
    let solved = dir.join("s.json").display().to_string();
    let solve = run(&["solve", &board, "-o", &solved]);
    assert_eq!(
        solve.status.code(),
        Some(code),
        "solve agrees with compile: {}",
        stderr_of(&solve)
    );
    if code == 0 {
        let check = run(&["check", &board, &moves]);
        assert_eq!(check.status.code(), Some(0), "{}", stderr_of(&check));
        for sequence in [&moves, &solved] {
            let decoded = run(&["decode", &board, sequence]);
            assert_eq!(decoded.status.code(), Some(0), "{}", stderr_of(&decoded));
            assert_path(graph, &String::from_utf8(decoded.stdout).expect("utf-8"));
        }
    } else {
        assert!(
            stderr_of(&compiled).contains("no Hamiltonian path"),
            "{}",
            stderr_of(&compiled)
        );
        assert!(!Path::new(&moves).exists());
    }
    code
}

#[test]
fn every_implemented_pair_compiles_certifies_solves_and_decodes() {
    let dir = scratch("unlimited/round_trip");
    let cases = [
        (GRAPH_YES, "rook,pawn", "thesis", 0),
        (GRAPH_NO, "pawn,rook", "thesis", 1),
        (GRID_YES, "knight,pawn", "thesis", 0),
        (GRID_NO, "knight,pawn", "thesis", 1),
        (GRID_YES, "knight,king", "thesis", 0),
        (GRID_NO, "king,knight", "thesis", 1),
        (GRID_YES, "king,pawn", "chesscom", 0),
        (GRID_NO, "king,pawn", "chesscom", 1),
        (GRID_YES, "king,pawn", "thesis", 0),
        (GRID_NO, "pawn,king", "thesis", 1),
        (GRAPH_YES, "rook,king", "thesis", 0),
        (GRAPH_NO, "knight,rook", "thesis", 1),
        (GRAPH_YES, "queen,bishop", "thesis", 0),
        (GRAPH_NO, "queen,king", "thesis", 1),
        (GRAPH_YES, "bishop,pawn", "thesis", 0),
        (GRAPH_NO, "bishop,knight", "thesis", 1),
        (GRAPH_YES, "queen,rook", "thesis", 0),
        (GRAPH_NO, "bishop,rook", "thesis", 1),
        (GRAPH_YES, "bishop,rook", "thesis", 0),
        (GRAPH_NO, "rook,bishop", "thesis", 1),
    ];
    for (graph, pieces, rules, expected) in cases {
        assert_eq!(
            round_trip(&dir, graph, pieces, rules),
            expected,
            "{pieces} {rules} on {graph:?}"
        );
    }
}

#[test]
fn decode_prints_the_path_and_refuses_a_wrong_sequence() {
    let dir = scratch("unlimited/decode");
    let input = write_file(&dir, "g.ham", GRAPH_YES);
    let board = dir.join("b.json").display().to_string();
    let moves = dir.join("m.json").display().to_string();
    let compiled = run(&[
        "compile",
        &input,
        "--unlimited",
        "--pieces",
        "rook,pawn",
        "-o",
        &board,
        "--certify",
        "--moves-out",
        &moves,
    ]);
    assert_eq!(compiled.status.code(), Some(0), "{}", stderr_of(&compiled));
    let decoded = run(&["decode", &board, &moves]);
    assert_eq!(decoded.status.code(), Some(0), "{}", stderr_of(&decoded));
    assert_path(GRAPH_YES, &String::from_utf8_lossy(&decoded.stdout));
    let text = std::fs::read_to_string(&moves).expect("moves");
    let first_move_only = text
        .lines()
        .take(2)
        .collect::<Vec<_>>()
        .join("\n")
        .trim_end_matches(',')
        .to_owned()
        + "\n]}\n";
    let short = write_file(&dir, "short.json", &first_move_only);
    let refused = run(&["decode", &board, &short]);
    assert_eq!(refused.status.code(), Some(1), "{}", stderr_of(&refused));
    assert!(
        stderr_of(&refused).contains("pieces, not one"),
        "{}",
        stderr_of(&refused)
    );
}

#[test]
fn solve_and_check_take_the_rules_from_the_provenance() {
    let dir = scratch("unlimited/rules");
    let input = write_file(&dir, "g.ham", GRID_YES);
    let board = dir.join("b.json").display().to_string();
    let moves = dir.join("m.json").display().to_string();
    let compiled = run(&[
        "compile",
        &input,
        "--unlimited",
        "--pieces",
        "king,pawn",
        "--rules",
        "chesscom",
        "-o",
        &board,
        "--certify",
        "--moves-out",
        &moves,
    ]);
    assert_eq!(compiled.status.code(), Some(0), "{}", stderr_of(&compiled));
    let provenance = std::fs::read_to_string(&board).expect("board");
    assert!(
        provenance.contains("\"rules\":\"chesscom\"")
            && provenance.contains("\"special\":\"king\"")
    );
    for args in [
        vec!["solve", board.as_str()],
        vec!["solve", board.as_str(), "--rules", "thesis"],
        vec!["check", board.as_str(), moves.as_str()],
        vec!["check", board.as_str(), moves.as_str(), "--rules", "thesis"],
    ] {
        let solved = run(&args);
        assert_eq!(solved.status.code(), Some(0), "{args:?}");
        let all = String::from_utf8_lossy(&solved.stdout).into_owned() + &stderr_of(&solved);
        let thesis = args.contains(&"--rules");
        assert_eq!(all.contains("rules: thesis"), thesis, "{args:?}: {all}");
    }
}

#[test]
fn unfit_pieces_rules_and_instances_exit_2() {
    let dir = scratch("unlimited/errors");
    let grid = write_file(&dir, "g.ham", GRID_YES);
    let degree3 = write_file(&dir, "d.ham", GRAPH_YES);
    let bad = write_file(&dir, "bad.ham", "grid\n0 0\n0 zero\n");
    let cases: [(&[&str], &str); 6] = [
        (
            &[
                "compile",
                &degree3,
                "--unlimited",
                "--pieces",
                "rook,king",
                "--rules",
                "chesscom",
            ],
            "d.ham: Corollary 3.3 (rook among kings) does not apply: under chess.com rules the kings could not be captured",
        ),
        (
            &["compile", &grid, "--unlimited", "--pieces", "rook,rook"],
            "one piece type is solved in polynomial time",
        ),
        (
            &["compile", &grid, "--unlimited", "--pieces", "rook,pawn"],
            "needs an end vertex",
        ),
        (
            &[
                "compile",
                &degree3,
                "--unlimited",
                "--pieces",
                "knight,pawn",
            ],
            "needs a grid graph",
        ),
        (
            &[
                "compile",
                &grid,
                "--unlimited",
                "--pieces",
                "knight,king",
                "--rules",
                "chesscom",
            ],
            "the kings could not be captured",
        ),
        (
            &["compile", &bad, "--unlimited", "--pieces", "knight,pawn"],
            "bad.ham:3: expected a point `x y` (two integers within ±1000000000), found `0 zero`",
        ),
    ];
    let board = dir.join("b.txt").display().to_string();
    let moves = dir.join("m.json").display().to_string();
    let compiled = run(&[
        "compile",
        &degree3,
        "--unlimited",
        "--pieces",
        "rook,pawn",
        "-o",
        &board,
        "--certify",
        "--moves-out",
        &moves,
    ]);
    assert_eq!(compiled.status.code(), Some(0), "{}", stderr_of(&compiled));
    let decoded = run(&["decode", &board, &moves]);
    assert_eq!(decoded.status.code(), Some(2));
    assert!(
        stderr_of(&decoded).contains("decode needs --formula FILE"),
        "{}",
        stderr_of(&decoded)
    );
    for (args, message) in cases {
        let output = run(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            stderr_of(&output).contains(message),
            "{args:?}: {}",
            stderr_of(&output)
        );
    }
}

#[test]
fn boards_above_max_pieces_are_refused_before_they_are_built() {
    let degree3 = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/ham/degree3.ham");
    let out = run(&[
        "compile",
        degree3,
        "--unlimited",
        "--pieces",
        "rook,pawn",
        "--max-pieces",
        "20",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
    assert!(
        stderr_of(&out).contains("--max-pieces"),
        "{}",
        stderr_of(&out)
    );
    let out = run(&["compile", degree3, "--unlimited", "--pieces", "rook,pawn"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
}

/// The figures of docs/unlimited.md: (file, instance, pieces).
const FIGURES: [(&str, &str, &str); 7] = [
    ("unlimited-3.1.svg", "ladder-start.ham", "knight,pawn"),
    ("unlimited-3.2.svg", "ladder.ham", "rook,pawn"),
    ("unlimited-3.3.svg", "ladder.ham", "rook,knight"),
    ("unlimited-3.4.svg", "ladder.ham", "rook,bishop"),
    ("unlimited-3.5.svg", "ladder.ham", "bishop,pawn"),
    ("unlimited-3.6.svg", "ladder.ham", "queen,rook"),
    ("unlimited-3.7.svg", "ladder-start.ham", "king,pawn"),
];

/// Compiles `examples/ham/{instance}` with `pieces` into `dir` and renders it with
/// `extra` arguments; returns the figure.
fn unlimited_figure(dir: &Path, instance: &str, pieces: &str, extra: &[&str]) -> String {
    let board = dir.join(format!("{pieces}.json"));
    let figure = dir.join(format!("{pieces}.svg"));
    let (board, figure) = (board.to_str().unwrap(), figure.to_str().unwrap());
    let compiled = run(&[
        "compile",
        &format!("examples/ham/{instance}"),
        "--unlimited",
        "--pieces",
        pieces,
        "-o",
        board,
    ]);
    assert_eq!(compiled.status.code(), Some(0), "{}", stderr_of(&compiled));
    let mut args = vec!["render", board, "-o", figure];
    args.extend_from_slice(extra);
    let rendered = run(&args);
    assert_eq!(rendered.status.code(), Some(0), "{}", stderr_of(&rendered));
    std::fs::read_to_string(figure).unwrap()
}

/// The figures shown in docs/unlimited.md are the ones `compile` and `render` make today.
#[test]
fn the_unlimited_figures_are_current() {
    let dir = scratch("unlimited/figures");
    for (name, instance, pieces) in FIGURES {
        let made = unlimited_figure(&dir, instance, pieces, &[]);
        let shown = std::fs::read_to_string(format!("docs/figures/{name}")).unwrap();
        assert!(
            made == shown,
            "docs/figures/{name} is out of date: sat2chess compile examples/ham/{instance} \
             --unlimited --pieces {pieces} -o board.json && sat2chess render board.json -o \
             docs/figures/{name}"
        );
    }
}

/// `render` draws an unlimited board with its graph (caption, vertex names, the special
/// piece's frame) and plain with an option shaping the board figure.
#[test]
fn render_draws_the_graph_over_an_unlimited_board() {
    let dir = scratch("unlimited/render");
    let svg = unlimited_figure(&dir, "ladder.ham", "rook,pawn", &[]);
    for expected in [
        "Theorem 3.2: rook among pawns (ladder.ham)",
        ">s 0,0</text>",
        ">t 3,0</text>",
        ">2,1</text>",
        "<polygon",
    ] {
        assert!(svg.contains(expected), "no {expected:?} in the figure");
    }
    let plain = unlimited_figure(&dir, "ladder.ham", "rook,pawn", &["--region", "1,1,5,5"]);
    assert!(
        !plain.contains("Theorem 3.2"),
        "--region draws the board plain"
    );
}

/// `sat2chess pairs --format markdown` is the table of docs/unlimited.md, and every pair
/// it marks built compiles to the result it names.
#[test]
fn pairs_lists_what_compile_builds() {
    let output = run(&["pairs", "--format", "markdown"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
    let table = String::from_utf8(output.stdout).unwrap();
    let docs = std::fs::read_to_string("docs/unlimited.md").unwrap();
    let start = "<!-- generated: sat2chess pairs --format markdown -->\n";
    let shown = &docs[docs.find(start).expect("the generated table") + start.len()..];
    let shown = &shown[..shown.find("<!-- end of generated table -->").unwrap()];
    assert_eq!(
        shown, table,
        "docs/unlimited.md: paste `sat2chess pairs --format markdown`"
    );
    let dir = scratch("unlimited/pairs");
    let mut built = 0;
    for line in table.lines() {
        let cells: Vec<&str> = line.split(" | ").collect();
        let Some(pieces) = cells
            .get(4)
            .and_then(|c| c.strip_prefix("built (--pieces "))
        else {
            continue;
        };
        let pieces = pieces.trim_end_matches(" |").trim_end_matches(')');
        let number = cells[1].rsplit(' ').next().unwrap();
        let instance = if ["3.1", "3.7"].contains(&number) {
            "examples/ham/ladder-start.ham"
        } else {
            "examples/ham/ladder.ham"
        };
        let board = dir.join("board.json");
        let output = run(&[
            "compile",
            instance,
            "--unlimited",
            "--pieces",
            pieces,
            "-o",
            board.to_str().unwrap(),
        ]);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{pieces}: {}",
            stderr_of(&output)
        );
        let text = std::fs::read_to_string(&board).unwrap();
        assert!(
            text.contains(&format!("\"theorem\":\"{number}\"")),
            "--pieces {pieces} does not build {number}"
        );
        built += 1;
    }
    // 15 pairs of distinct types, {bishop, rook} twice (Corollaries 3.4 and 3.6).
    assert_eq!(built, 16, "one built result per pair of distinct types");
}
