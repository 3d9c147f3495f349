//! End-to-end tests of the Knight backend (issue 10, §4): boards of knights with budgets
//! at most 2 compiled from verified gadgets only, deterministic; certificates and decoding
//! (thesis Theorem 6.13); no certificate for unsatisfiable formulas; whole-board
//! snapshots (size, gadget counts, a fingerprint of the JSON board).

mod common {
    pub mod boards;
}

use common::boards::fingerprint;
use sat2chess::back::knight::Knight;
use sat2chess::back::{certify_input, compile_formula, decode_input};
use sat2chess::board::PieceKind;
use sat2chess::check::check_sequence;
use sat2chess::front::FormulaFormat;
use sat2chess::layout::order::Ordering;
use sat2chess::rules::Variant;
use sat2chess::transform::Chain;

fn chain(text: &str, format: FormulaFormat) -> Chain {
    let input = format.parse(text).expect("formula parses");
    Chain::from_input(&input).expect("transformation chain")
}

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
    for (name, text, format) in FORMULAS {
        let chain = chain(text, format);
        let compiled =
            compile_formula(Knight, chain.formula(), Ordering::Optimised).expect("compiles");
        let board = &compiled.board;
        assert!(
            board
                .pieces()
                .iter()
                .all(|p| p.kind == PieceKind::Knight && p.budget <= 2),
            "{name}"
        );
        let again =
            compile_formula(Knight, chain.formula(), Ordering::Optimised).expect("compiles");
        assert_eq!(fingerprint(board), fingerprint(&again.board), "{name}");
        let certificate = certify_input(&chain, &compiled).expect("decided");
        let satisfiable = name != "knight_board_unsatisfiable";
        assert_eq!(certificate.is_some(), satisfiable, "{name}");
        if let Some(moves) = certificate {
            let report = check_sequence(board, &moves, Variant::Standard);
            assert!(report.is_solution(), "{name}: {report}");
            let model = decode_input(&chain, &compiled, &moves).expect("decodes");
            assert!(chain.input().is_satisfied_by(&model), "{name}");
        }
        let mut summary = compiled.stats.to_string();
        summary.push_str(&format!("board JSON FNV-1a: {}\n", fingerprint(board)));
        insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false}, {
            insta::assert_snapshot!(name, summary);
        });
    }
}
