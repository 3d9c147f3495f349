//! The Rook gadget library (thesis ch. 7) verified in CI: every table row of every
//! gadget by exhaustive search in its minimal well-formed context (`src/verify/rook.rs`,
//! the same check as `sat2chess gadgets verify --piece rook`).

use sat2chess::gadgets::rook_library;
use sat2chess::verify::rook::verify_rook_gadget;

fn verify(name: &str) {
    verify_rows(name, |_| true);
}

/// Verifies the table rows of gadget `name` whose inputs `keep` accepts (the And's rows
/// are split over tests so that they run in parallel).
fn verify_rows(name: &str, keep: impl Fn(&[u8]) -> bool) {
    let library = rook_library().expect("the rook library parses");
    let reader = library
        .iter()
        .find(|g| g.name == "gadget_input")
        .expect("gadget_input");
    let mut gadget = library
        .iter()
        .find(|g| g.name == name)
        .expect("gadget")
        .clone();
    gadget.table.retain(|row| keep(&row.inputs));
    assert!(!gadget.table.is_empty(), "{name}: no rows selected");
    let report = verify_rook_gadget(&gadget, reader);
    assert!(report.passed(), "{}", report.render(&gadget));
}

#[test]
fn shell_tomb_and_conveyor_belt() {
    verify("tomb");
    verify("conveyor_belt");
}

#[test]
fn triangle_and_gadget_input() {
    verify("triangle");
    verify("gadget_input");
}

#[test]
fn right_or() {
    verify("right_or");
}

#[test]
fn left_or() {
    verify("left_or");
}

#[test]
fn variable_assignment() {
    verify("variable");
}

#[test]
fn and_with_equal_inputs() {
    verify_rows("and", |inputs| inputs[0] == inputs[1]);
}

#[test]
fn and_with_first_input_true() {
    verify_rows("and", |inputs| inputs == [1, 0]);
}

#[test]
fn and_with_second_input_true() {
    verify_rows("and", |inputs| inputs == [0, 1]);
}
