//! The King gadget library (thesis ch. 5): snapshots of every parsed layout, the symmetry
//! the compiler relies on, the command line. The truth table of every gadget, decided by
//! exhaustive search (the spanning-tree engine decides each table row in milliseconds),
//! and the verifier's harness self-check are verified by one generated test per gadget
//! file (`gadget_files.rs`), as `sat2chess gadgets verify --piece king` does.

use sat2chess::gadgets::{self, Gadget, Symmetry};

fn gadget(name: &str) -> Gadget {
    gadgets::king_gadget(name)
        .expect("library parses")
        .unwrap_or_else(|| panic!("no gadget {name}"))
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
