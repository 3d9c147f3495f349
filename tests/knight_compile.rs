//! End-to-end tests of the Knight backend (issue 10, §4): boards of knights with budgets
//! at most 2 compiled from verified gadgets only, deterministic; certificates and decoding
//! (thesis Theorem 6.13); no certificate for unsatisfiable formulas; whole-board
//! snapshots (size, gadget counts, a fingerprint of the JSON board).

use crate::common::snapshots::check_and_snapshot_whole_boards;
use sat2chess::back::knight::Knight;
use sat2chess::board::PieceKind;
use sat2chess::front::FormulaFormat;

const THESIS: &str = include_str!("../examples/andor/thesis.andor");

/// The boards of the snapshots: satisfiable with and without crossings, unsatisfiable,
/// and a CNF through the whole transformation chain.
const FORMULAS: [(&str, &str, FormulaFormat); 4] = [
    ("knight_board_thesis", THESIS, FormulaFormat::Andor),
    ("knight_board_x_or_not_x", "x | ~x\n", FormulaFormat::Andor),
    (
        "knight_board_unsatisfiable",
        "(x & ~x) | y\n~y\n",
        FormulaFormat::Andor,
    ),
    (
        "knight_board_cnf_3x3",
        "p cnf 3 3\n1 -2 0\n2 3 0\n-1 -3 0\n",
        FormulaFormat::Dimacs,
    ),
];

/// Every piece a knight with budget at most 2 (Knight 2-Solo Chess), the same board twice, a certificate that the
/// checker accepts and that decodes to a model for each satisfiable formula, none for
/// the unsatisfiable one; the board's size, gadget counts and JSON fingerprint as
/// snapshots (any change of a piece changes the fingerprint).
#[test]
fn whole_boards_certify_decode_and_snapshot() {
    check_and_snapshot_whole_boards(Knight, PieceKind::Knight, &FORMULAS, |compiled| {
        compiled.stats.to_string()
    });
}
