//! `render` of the instances behind Aravind–Misra–Mittal's reductions (issue 30 item 6):
//! a Red-Blue Dominating Set beside its Theorem 2 rook board, a Graph Capture graph with
//! tokens and a numbered capture sequence; bad instances, moves and options exit 2.

use crate::common::{run, scratch};

fn stderr(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Renders `args` into `dir/name` and returns the figure.
fn figure(dir: &std::path::Path, name: &str, args: &[&str]) -> String {
    let path = dir.join(name);
    let mut all = vec!["render"];
    all.extend_from_slice(args);
    all.extend(["-o", path.to_str().unwrap()]);
    let output = run(&all);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn an_rbds_instance_is_drawn_beside_its_rook_board() {
    let dir = scratch("render_amm/rbds");
    let svg = figure(&dir, "rbds.svg", &["examples/render/rbds.rbds"]);
    assert!(svg.contains("Red-Blue Dominating Set: 4 red, 3 blue vertices, 6 edges"));
    assert!(svg.contains("k = 2: at most 2 reds must dominate every blue"));
    assert!(svg.contains("Rook board (AMM Theorem 2): 7 x 9, 15 rooks"));
    // The graph's vertices, the board's margin names and its rooks tinted by role.
    for name in [">r4<", ">b3<", ">c1<", ">t<", "blue vertex (collector)"] {
        assert!(svg.contains(name), "{name} missing");
    }
    assert_eq!(
        svg.matches("xlink:href=\"#s2c-R\"").count(),
        15,
        "one glyph per rook"
    );
    let tex = figure(&dir, "rbds.tex", &["examples/render/rbds.rbds"]);
    assert!(tex.contains("\\begin{tikzpicture}") && tex.contains("{r4}"));
    let colourful = figure(&dir, "colourful.svg", &["examples/render/colourful.rbds"]);
    assert!(colourful.contains("class 1") && colourful.contains("class 2"));
}

#[test]
fn a_graph_capture_instance_is_drawn_with_its_captures() {
    let dir = scratch("render_amm/gc");
    let plain = figure(&dir, "dag.svg", &["examples/render/dag.gc"]);
    assert!(plain.contains("Graph Capture, directed, budget d = 2"));
    assert!(plain.contains("6 vertices, 6 tokens, 6 edges"));
    let played = figure(
        &dir,
        "played.svg",
        &[
            "examples/render/dag.gc",
            "--moves",
            "examples/render/dag-moves.json",
        ],
    );
    assert!(played.contains("; 5 captures numbered"));
    for number in 1..=5 {
        assert!(
            played.contains(&format!(">{number}</text>")),
            "capture {number}"
        );
    }
    let tex = figure(&dir, "cycle.tex", &["examples/render/cycle.gc"]);
    assert!(tex.contains("Graph Capture, undirected, budget d = 1"));
    assert!(
        !tex.contains("-stealth"),
        "an undirected graph has no arrows"
    );
}

#[test]
fn bad_instances_moves_and_options_exit_2() {
    let dir = scratch("render_amm/bad");
    let out = dir.join("x.svg");
    let out = out.to_str().unwrap();
    let bad_moves = dir.join("moves.json");
    std::fs::write(&bad_moves, r#"{"captures":[["a","d"],["a","f"]]}"#).unwrap();
    let cases: [(&[&str], &str); 7] = [
        (
            &["tests/inputs/hardening/amrender/bad-red.rbds"],
            "bad-red.rbds: line 3: a red vertex 3 is not in 1..=2",
        ),
        (
            &["tests/inputs/hardening/amrender/undeclared.gc"],
            "undeclared.gc: line 3: vertex `b` is not declared",
        ),
        (
            &[
                "examples/render/dag.gc",
                "--moves",
                bad_moves.to_str().unwrap(),
            ],
            "capture 2 is illegal: no token on a",
        ),
        (
            &[
                "examples/render/rbds.rbds",
                "--moves",
                "examples/render/dag-moves.json",
            ],
            "is an RBDS instance: --moves applies to board figures only",
        ),
        (
            &["examples/render/dag.gc", "--region", "1,1,2,2"],
            "is a Graph Capture instance: --region applies to board figures only",
        ),
        (
            &["examples/render/dag.gc", "--animate"],
            "not as an HTML page",
        ),
        (&["examples/render/missing.rbds"], "missing.rbds"),
    ];
    for (args, expected) in cases {
        let mut all = vec!["render"];
        all.extend_from_slice(args);
        if !args.contains(&"--animate") {
            all.extend(["-o", out]);
        }
        let output = run(&all);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(
            stderr(&output).contains(expected),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(
            !std::path::Path::new(out).exists(),
            "{args:?} left a figure"
        );
    }
}

/// The figures shown in `docs/figures.md` are the ones `render` makes today.
#[test]
fn the_documented_figures_are_current() {
    let dir = scratch("render_amm/docs");
    let cases: [(&str, &[&str]); 3] = [
        ("rbds.svg", &["examples/render/rbds.rbds"]),
        ("colourful-rbds.svg", &["examples/render/colourful.rbds"]),
        (
            "dag-gc.svg",
            &[
                "examples/render/dag.gc",
                "--moves",
                "examples/render/dag-moves.json",
            ],
        ),
    ];
    for (name, args) in cases {
        let made = figure(&dir, name, args);
        let shown = std::fs::read_to_string(format!("docs/figures/{name}")).unwrap();
        assert!(
            made == shown,
            "docs/figures/{name} is out of date: render it again"
        );
    }
}
