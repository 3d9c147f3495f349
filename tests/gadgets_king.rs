//! The King gadget library (thesis ch. 5): snapshots of every parsed layout, the
//! verifier's harness self-check, and the truth table of every gadget, each decided by
//! exhaustive search (the spanning-tree engine decides each table row in milliseconds;
//! `sat2chess gadgets verify --piece king` prints the same tables).

use sat2chess::gadgets::{self, Gadget, Symmetry};
use sat2chess::solve::SolveOptions;
use sat2chess::verify::{self, VerifyOptions};

fn gadget(name: &str) -> Gadget {
    gadgets::king_gadget(name)
        .expect("library parses")
        .unwrap_or_else(|| panic!("no gadget {name}"))
}

/// Verifies `name` (all rows, every non-equivalent placement of the inputs) and fails
/// with the printed table unless every row matches the thesis.
fn assert_verified(name: &str, harness_max_kings: Option<usize>, reading_max_kings: Option<usize>) {
    let gadget = gadget(name);
    let options = VerifyOptions {
        search: SolveOptions::default(),
        harness_max_kings,
        reading_max_kings,
    };
    let report = verify::verify_gadget(&gadget, &options);
    let table = report.render(&gadget);
    println!("{table}");
    assert!(report.passed(), "{table}");
}

#[test]
fn gadget_layout_snapshots() {
    for gadget in gadgets::king_library().expect("library parses") {
        insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false}, {
            insta::assert_snapshot!(format!("king_gadget_{}", gadget.name), gadget.to_string());
        });
    }
}

#[test]
fn harness_checks_itself_on_a_bare_wire() {
    let (text, ok) =
        verify::harness_self_check(&gadget("wire-horizontal"), &SolveOptions::default());
    println!("{text}");
    assert!(ok, "{text}");
}

#[test]
fn wires_increment_decrement_with_harness() {
    for name in ["wire-horizontal", "wire-vertical", "increment", "decrement"] {
        assert_verified(name, Some(10), None);
    }
}

#[test]
fn variable_assignment_and_one_test() {
    assert_verified("variable", None, None);
    assert_verified("one-test", None, None);
}

#[test]
fn corner() {
    assert_verified("corner", None, None);
}

#[test]
fn symmetric_images_have_isomorphic_capture_graphs() {
    // The verifier checks one orientation of each gadget; the compiler may stamp any of
    // the eight images. They behave the same because a symmetry preserves king adjacency.
    let corner = gadget("corner");
    let adjacent = |a: sat2chess::board::Square, b: sat2chess::board::Square| {
        a != b && a.row.abs_diff(b.row) <= 1 && a.col.abs_diff(b.col) <= 1
    };
    for symmetry in Symmetry::all() {
        let image = corner.transformed(symmetry);
        let map = |s| symmetry.square(s, corner.rows, corner.cols);
        for &(a, budget) in &corner.pieces {
            assert!(image.pieces.contains(&(map(a), budget)));
            for &(b, _) in &corner.pieces {
                assert_eq!(adjacent(a, b), adjacent(map(a), map(b)));
            }
        }
    }
}

#[test]
fn or_gadget_with_harness() {
    assert_verified("or", Some(20), None);
}

#[test]
fn shifted_sum() {
    assert_verified("shifted-sum", Some(20), Some(20));
}

#[test]
fn and_gadget() {
    assert_verified("and", Some(20), Some(20));
}

#[test]
fn crossing_function_h_with_harness() {
    assert_verified("crossing-h", Some(20), Some(20));
}

#[test]
fn crossing_functions_f_g() {
    for name in ["crossing-f", "crossing-g"] {
        assert_verified(name, Some(20), Some(20));
    }
}

/// The composites (Double Assignment, Fig. 5.8; full crossing, Lemma 5.13): the whole
/// assembled board searched exhaustively, every input combination (the crossing takes
/// several seconds), besides the structural and composition check in src/verify.rs.
#[test]
fn composites_by_exhaustive_search() {
    for name in ["double-assignment", "crossing"] {
        assert_verified(name, None, None);
    }
}

#[test]
fn cli_verifies_and_rejects_unknown_pieces() {
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_sat2chess"))
            .args(args)
            .output()
            .expect("binary runs")
    };
    let ok = run(&[
        "gadgets", "verify", "--piece", "king", "--gadget", "variable",
    ]);
    let stdout = String::from_utf8_lossy(&ok.stdout);
    assert_eq!(ok.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("variable") && stdout.contains("PASS"),
        "{stdout}"
    );
    let bad = run(&["gadgets", "verify", "--piece", "pawn"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("possible values: king, knight, rook"));
    let unknown = run(&["gadgets", "verify", "--piece", "king", "--gadget", "nand"]);
    assert_eq!(unknown.status.code(), Some(2));
}
