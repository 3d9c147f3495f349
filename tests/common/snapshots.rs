//! Whole compiled boards as snapshots, shared by the backends' compile tests: each
//! formula compiled twice to the same board of one piece kind with budgets ≤ 2; the
//! certificate of a satisfiable one accepted by the checker and decoded to a model, none
//! for an unsatisfiable one (its name ends in `unsatisfiable`); the size summary and a
//! fingerprint of the JSON board (any change of a piece changes it) as the snapshot.

use sat2chess::board::PieceKind;
use sat2chess::check::check_sequence;
use sat2chess::front::FormulaFormat;
use sat2chess::rules::Variant;
use sat2chess::transform::Chain;

use super::boards::fingerprint;
use super::reduction::Reduction;

/// Runs the checks above on `formulas` (snapshot name, text, format); `stats` is the
/// board's `compile --stats` summary.
pub fn check_and_snapshot_whole_boards<R: Reduction>(
    reduction: R,
    kind: PieceKind,
    formulas: &[(&str, &str, FormulaFormat)],
    stats: fn(&R::Compiled) -> String,
) {
    for &(name, text, format) in formulas {
        let input = format.parse(text).expect("formula parses");
        let chain =
            Chain::from_input(&input, &sat2chess::layout::BandOrder).expect("transformation chain");
        let compiled = reduction.compile(chain.formula()).expect("compiles");
        let board = R::board(&compiled);
        assert!(
            board
                .pieces()
                .iter()
                .all(|p| p.kind == kind && p.budget <= 2),
            "{name}"
        );
        let again = reduction.compile(chain.formula()).expect("compiles");
        assert_eq!(fingerprint(board), fingerprint(R::board(&again)), "{name}");
        let certificate = R::certify(&chain, &compiled).expect("decided");
        assert_eq!(
            certificate.is_some(),
            !name.ends_with("unsatisfiable"),
            "{name}"
        );
        if let Some(moves) = certificate {
            let report = check_sequence(board, &moves, Variant::Standard);
            assert!(report.is_solution(), "{name}: {report}");
            let model = R::decode(&chain, &compiled, &moves).expect("decodes");
            assert!(chain.input().is_satisfied_by(&model), "{name}");
        }
        let mut summary = stats(&compiled);
        summary.push_str(&format!("board JSON FNV-1a: {}\n", fingerprint(board)));
        insta::with_settings!({snapshot_path => "../../snapshots", prepend_module_to_snapshot => false}, {
            insta::assert_snapshot!(name, summary);
        });
    }
}
