//! The Knight gadget library (thesis ch. 6): snapshots of every parsed layout, the
//! capture-graph checks of the wire placements, and checks that the verifier rejects
//! wrong tables and graphs. The truth table of every gadget, decided by exhaustive search
//! over pair-valued signals (maximal outputs in the componentwise order), its port and
//! graph checks and, for composites, the composition are verified by one generated test
//! per gadget file (`gadget_files.rs`), as `sat2chess gadgets verify --piece knight` does.

use sat2chess::gadgets::{self, Gadget, GraphCheck};
use sat2chess::verify::{self, VerifyOptions, wire_graph};

fn library() -> Vec<Gadget> {
    gadgets::knight_library().expect("knight library parses")
}

fn gadget(name: &str) -> Gadget {
    gadgets::knight_gadget(name)
        .expect("library parses")
        .unwrap_or_else(|| panic!("no gadget {name}"))
}

#[test]
fn gadget_layout_snapshots() {
    for gadget in library() {
        insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false}, {
            insta::assert_snapshot!(format!("knight_gadget_{}", gadget.name), gadget.to_string());
        });
    }
}

/// Corner, shifts, mirrored wire, thick wire and both transitions (thin to thick and back) have
/// exactly the capture graph of the standard wire; the crossing is two such wires with no
/// attack between them.
#[test]
fn wire_placements_have_the_standard_capture_graph() {
    let mut placements = Vec::new();
    for gadget in library() {
        match gadget.graph {
            Some(GraphCheck::StandardWire) => {
                let columns = wire_graph::is_wire_placement(&gadget);
                assert!(columns.is_some(), "{} is not a wire placement", gadget.name);
                placements.push(gadget.name.clone());
            }
            Some(GraphCheck::Crossing) => {
                let wires = wire_graph::crossing_wires(&gadget).expect("a crossing of two wires");
                assert_eq!(wires.len(), 2, "{}", gadget.name);
            }
            None => {}
        }
    }
    for name in [
        "wire",
        "corner",
        "shift-se",
        "shift-sw",
        "mirrored",
        "stretch-1",
        "stretch-2",
        "stretch-3",
        "jog-7",
        "jog-mirror-6",
        "jog-mirror-12",
        "jog-back-5",
        "jog-back-7",
        "jog-back-mirror-6",
        "jog-back-mirror-8",
        "thick",
        "transition",
        "transition-back",
    ] {
        assert!(
            placements.iter().any(|p| p == name),
            "{name} is not checked"
        );
    }
}

#[test]
fn graph_checks_reject_other_graphs() {
    // The Increment's extra knight and the Decrement's missing one change the graph.
    for name in ["increment-dark", "decrement-light", "three-val"] {
        let mut gadget = gadget(name);
        gadget.graph = Some(GraphCheck::StandardWire);
        assert_eq!(wire_graph::is_wire_placement(&gadget), None, "{name}");
    }
    // Moving one knight of the crossing's thick wire next to the thin wire.
    let mut crossing = gadget("crossing");
    let moved = crossing
        .pieces
        .iter()
        .position(|&(s, _)| s.row == 2)
        .expect("a knight in row 2");
    crossing.pieces[moved].0.row = 6;
    assert!(wire_graph::crossing_wires(&crossing).is_err());
}

#[test]
fn wrong_tables_fail() {
    // The Maximum read as the identity on the orange input: rows with a blue 1 fail.
    let mut maximum = gadget("maximum");
    for row in &mut maximum.table {
        if let gadgets::Outcome::Outputs(tuples) = &mut row.expected {
            tuples[0] = row.inputs[..2].iter().map(|&v| v as i8).collect();
        }
    }
    let report = verify::verify_gadget(&maximum, &VerifyOptions::default());
    assert!(!report.passed());
    // The 3-Val with only two of its three outputs.
    let text = gadget("three-val")
        .to_string()
        .replace("-> 11 00 | 10 01 | 00 11", "-> 11 00 | 00 11");
    let broken = gadgets::parse_gadget("broken", &text).unwrap();
    assert!(!verify::verify_gadget(&broken, &VerifyOptions::default()).passed());
}

#[test]
fn cli_verifies_shows_and_renders_the_knight_library() {
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_sat2chess"))
            .args(args)
            .output()
            .expect("binary runs")
    };
    let ok = run(&["gadgets", "verify", "--piece", "knight"]);
    let stdout = String::from_utf8_lossy(&ok.stdout);
    assert_eq!(ok.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("maximum") && !stdout.contains("FAIL"),
        "{stdout}"
    );
    assert!(stdout.contains("10 01 -> max 11"), "{stdout}");
    let show = run(&["gadgets", "show", "--piece", "knight"]);
    assert_eq!(show.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&show.stdout).contains("three-val"));
    let dir = std::env::temp_dir().join(format!("sat2chess-knight-{}", std::process::id()));
    let render = run(&[
        "gadgets",
        "render",
        "--piece",
        "knight",
        "-o",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(render.status.code(), Some(0), "{:?}", render);
    assert!(dir.join("maximum.svg").exists());
    std::fs::remove_dir_all(&dir).ok();
}

/// Every port continues as a standard wire without touching the gadget, so gadgets and
/// wires joined on a board interact only through signal columns: every library gadget's
/// ports are checked by its generated test (`gadget_files.rs`, as `gadgets verify`
/// does); here, the check rejects a port that clashes.
#[test]
fn every_port_continues_as_a_standard_wire() {
    // A knight on (5,8) attacks (3,9), the inner square of the wire column after X.
    let text = format!("{}.......2\n", gadget("wire"));
    let crowded = gadgets::parse_gadget("crowded", &text).expect("parses");
    assert!(wire_graph::ports_extend(&crowded).is_err(), "{text}");
}

/// The proof of Lemma 6.7 builds the alternative production as the 3-Val followed by a
/// dark Zeroing ·(0,1) on its right output. The verifier refutes it: the 3-Val's option
/// (1,0)/(0,1) passes the Zeroing unchanged and is incomparable with (1,1)/(0,0), so it
/// stays maximal. (asymmetric_alt.txt is a redesigned layout that verifies.)
#[test]
fn thesis_alternative_production_has_an_incomparable_extra_output() {
    let text = "gadget: thesis-asymmetric-alt\nimplements: Lemma 6.7\nlayout: 3-Val + dark Zeroing\npiece: knight\noutput X: W outer 1 1\noutput Y: E outer 1 25\nexpect: -> X Y\n  -> 11 00 | 00 01\nboard:\nX.......0...2...2.......Y\n..2...2...2...2...2...2\nX...2...2...2...2...2...Y\n......2...2...22..2...2\n";
    let thesis = gadgets::parse_gadget("thesis", text).expect("parses");
    let report = verify::verify_gadget(&thesis, &VerifyOptions::default());
    assert!(!report.passed());
    let verify::Measured::Outputs { maximal, .. } = &report.rows[0].measured[0] else {
        panic!("output reading");
    };
    assert_eq!(maximal, &vec![vec![1, 0, 0, 1], vec![1, 1, 0, 0]]);
}
