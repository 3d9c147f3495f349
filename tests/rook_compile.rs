//! Snapshots of the Rook backend (issue 11, §3): every gadget of the library as parsed
//! (thesis ch. 7) and whole small boards (size, gadget counts, a fingerprint of the JSON
//! board), each compiled twice to the same board; certificates of the satisfiable ones
//! checked and decoded (thesis Theorem 7.16), none for the unsatisfiable one.

use crate::common::reduction::Rooks;
use crate::common::snapshots::check_and_snapshot_whole_boards;
use sat2chess::board::PieceKind;
use sat2chess::front::FormulaFormat;
use sat2chess::gadgets::rook_library;

const THESIS: &str = include_str!("../examples/andor/thesis.andor");

/// The boards of the snapshots: satisfiable with and without several clauses,
/// unsatisfiable, and a CNF through the whole transformation chain.
const FORMULAS: [(&str, &str, FormulaFormat); 4] = [
    ("rook_board_thesis", THESIS, FormulaFormat::Andor),
    ("rook_board_x_or_not_x", "x | ~x\n", FormulaFormat::Andor),
    (
        "rook_board_unsatisfiable",
        "(x & ~x) | y\n~y\n",
        FormulaFormat::Andor,
    ),
    (
        "rook_board_cnf_3x3",
        "p cnf 3 3\n1 -2 0\n2 3 0\n-1 -3 0\n",
        FormulaFormat::Dimacs,
    ),
];

/// Every gadget file of the library, as parsed (layout, ports, table, empty rays).
#[test]
fn gadget_layout_snapshots() {
    let library = rook_library().expect("rook library parses");
    assert!(!library.is_empty());
    for gadget in library {
        insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false}, {
            insta::assert_snapshot!(format!("rook_gadget_{}", gadget.name), gadget.to_string());
        });
    }
}

/// Every piece a rook with budget at most 2 (Rook 2-Solo Chess), the same board twice, a
/// certificate that the checker accepts and that decodes to a model for each satisfiable
/// formula, none for the unsatisfiable one; the board's size, gadget counts and JSON
/// fingerprint as snapshots (any change of a piece changes the fingerprint).
#[test]
fn whole_boards_certify_decode_and_snapshot() {
    check_and_snapshot_whole_boards(Rooks, PieceKind::Rook, &FORMULAS, |compiled| {
        compiled.stats.to_string()
    });
}
