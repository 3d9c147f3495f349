//! The King gadget library (thesis ch. 5): snapshots of every parsed layout, the
//! verifier's harness self-check, and the truth tables of the gadgets whose exhaustive
//! search fits the CI budget. The large gadgets (shifted sum, Or, And, crossing f/g/h)
//! need minutes to hours of search each; their tests are `#[ignore]`d and run with
//! `cargo test --release --test gadgets_king -- --ignored` or
//! `sat2chess gadgets verify --piece king`.

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
fn assert_verified(name: &str, harness_max_kings: Option<usize>) {
    let gadget = gadget(name);
    let options = VerifyOptions {
        search: SolveOptions::default(),
        harness_max_kings,
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
        assert_verified(name, Some(10));
    }
}

#[test]
fn variable_assignment_and_one_test() {
    assert_verified("variable", None);
    assert_verified("one-test", None);
}

#[test]
fn corner() {
    assert_verified("corner", None);
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
        for &(a, budget) in &corner.kings {
            assert!(image.kings.contains(&(map(a), budget)));
            for &(b, _) in &corner.kings {
                assert_eq!(adjacent(a, b), adjacent(map(a), map(b)));
            }
        }
    }
}

#[test]
#[ignore = "about 4.4M states (a minute); run with --ignored"]
fn or_gadget() {
    assert_verified("or", None);
}

#[test]
#[ignore = "millions of states per row; run with --ignored"]
fn shifted_sum() {
    assert_verified("shifted-sum", None);
}

#[test]
#[ignore = "millions of states per row; run with --ignored"]
fn and_gadget() {
    assert_verified("and", None);
}

#[test]
#[ignore = "tens of millions of states per row; run with --ignored"]
fn crossing_functions() {
    for name in ["crossing-h", "crossing-f", "crossing-g"] {
        assert_verified(name, None);
    }
}
