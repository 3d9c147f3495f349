//! End-to-end tests of the King backend (issue 5, items 3–5): boards compiled from
//! verified gadgets only, every king with budget 2, connected, deterministic; certificates
//! and decoding (Theorem 5.15); whole-board snapshots.

use sat2chess::back::king::{certify_input, compile_formula, decode_input};
use sat2chess::board::{Board, PieceKind};
use sat2chess::check::check_sequence;
use sat2chess::formula::{Assignment, Var};
use sat2chess::front::FormulaFormat;
use sat2chess::layout::order::Ordering;
use sat2chess::rules::Variant;
use sat2chess::solve::{Verdict, solve_default};
use sat2chess::transform::Chain;

fn chain(text: &str, format: FormulaFormat) -> Chain {
    let input = format.parse(text).expect("formula parses");
    Chain::from_input(&input).expect("transformation chain")
}

#[test]
fn boards_are_two_kings_and_deterministic() {
    let thesis = include_str!("../examples/andor/thesis.andor");
    for (text, format) in [
        (thesis, FormulaFormat::Andor),
        ("x | ~x\n", FormulaFormat::Andor),
        ("p cnf 3 3\n1 -2 0\n2 3 0\n-1 -3 0\n", FormulaFormat::Dimacs),
    ] {
        let chain = chain(text, format);
        for ordering in [Ordering::Naive, Ordering::Optimised] {
            let compiled = compile_formula(chain.formula(), ordering).expect("compiles");
            let board = &compiled.board;
            assert!(board.len() > 100);
            assert!(
                board
                    .pieces()
                    .iter()
                    .all(|p| p.kind == PieceKind::King && p.budget == 2)
            );
            assert_eq!(compiled.stats.kings, board.len());
            let layout = sat2chess::layout::layout(chain.formula(), ordering).unwrap();
            assert_eq!(compiled.stats.crossings, layout.stats().crossings);
            for part in ["crossing-f", "crossing-g", "crossing-h"] {
                assert_eq!(
                    compiled.stats.gadgets.get(part).copied().unwrap_or(0),
                    compiled.stats.crossings
                );
            }
            assert_eq!(
                compiled.stats.gadgets.get("variable").copied(),
                Some(chain.formula().num_vars())
            );
            assert_eq!(compiled.stats.gadgets.get("one-test").copied(), Some(1));
            let labels_final = board
                .pieces()
                .iter()
                .filter(|p| {
                    p.label
                        .as_deref()
                        .is_some_and(|l| l.ends_with(" final") || l.contains(" final"))
                })
                .count();
            assert_eq!(labels_final, 1);
            let again = compile_formula(chain.formula(), ordering).unwrap();
            assert_eq!(again.board, compiled.board);
        }
    }
}

/// Tile rows and columns are only as large as their tiles need (issue 5: boards small
/// enough for the end-to-end property test): plain wire and gate rows stay a few squares
/// high, and only rows and columns with crossings take the crossing's size.
#[test]
fn boards_stay_compact() {
    let thesis = include_str!("../examples/andor/thesis.andor");
    for (text, most_kings) in [("x | ~x\n", 1_000), (thesis, 2_000)] {
        let chain = chain(text, FormulaFormat::Andor);
        let compiled = compile_formula(chain.formula(), Ordering::Optimised).expect("compiles");
        let stats = &compiled.stats;
        assert!(stats.kings <= most_kings, "{} kings", stats.kings);
        let (smallest, largest) = stats.tile_sides;
        assert!(
            smallest <= 8 && largest <= 40,
            "tile sides {smallest}–{largest}"
        );
    }
}

/// Every assignment of `num_vars` variables.
fn assignments(num_vars: usize) -> impl Iterator<Item = Assignment> {
    (0u32..1 << num_vars).map(move |bits| {
        let mut assignment = Assignment::all_false(num_vars);
        for v in 0..num_vars {
            assignment.set(Var(v as u32), bits >> v & 1 == 1);
        }
        assignment
    })
}

#[test]
fn every_model_certifies_and_decodes_back() {
    // Theorem 5.15 both ways on small And-Or formulas: for every model, the certificate
    // built for it solves the board, and decoding it gives that model back.
    let thesis = include_str!("../examples/andor/thesis.andor");
    for text in [thesis, "x | ~x\n", "(x & y) | ~z\n(~y & z) | ~x\n"] {
        let chain = chain(text, FormulaFormat::Andor);
        let formula = chain.formula();
        let compiled = compile_formula(formula, Ordering::Optimised).expect("compiles");
        let mut models = 0;
        for model in assignments(formula.num_vars()) {
            if !formula.is_satisfied_by(&model) {
                continue;
            }
            models += 1;
            let moves = compiled.certify(&model).expect("certificate");
            let report = check_sequence(&compiled.board, &moves, Variant::Standard);
            assert!(report.is_solution(), "{text}: {report}");
            assert_eq!(compiled.decode(&moves).expect("decodes"), model, "{text}");
        }
        assert!(models > 0, "{text}");
    }
}

#[test]
fn unsatisfiable_formulas_get_no_certificate() {
    for (text, format) in [
        ("(x & ~x) | y\n~y\n", FormulaFormat::Andor),
        ("p cnf 1 2\n1 0\n-1 0\n", FormulaFormat::Dimacs),
    ] {
        let chain = chain(text, format);
        let compiled = compile_formula(chain.formula(), Ordering::Optimised).expect("compiles");
        assert!(certify_input(&chain, &compiled).expect("decided").is_none());
    }
}

/// A compact, stable fingerprint of a board (FNV-1a 64 of its JSON text).
fn fingerprint(board: &Board) -> String {
    let hash = sat2chess::io::json::write_board(board)
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
    format!("{hash:016x}")
}

#[test]
fn whole_board_snapshots() {
    // Boards have thousands of kings: the snapshot is the size summary, the gadget
    // counts and a fingerprint of the JSON board (any change of a piece changes it).
    let thesis = include_str!("../examples/andor/thesis.andor");
    for (name, text, format) in [
        ("king_board_thesis", thesis, FormulaFormat::Andor),
        ("king_board_x_or_not_x", "x | ~x\n", FormulaFormat::Andor),
        (
            "king_board_cnf_3x3",
            "p cnf 3 3\n1 -2 0\n2 3 0\n-1 -3 0\n",
            FormulaFormat::Dimacs,
        ),
    ] {
        let chain = chain(text, format);
        let compiled = compile_formula(chain.formula(), Ordering::Optimised).expect("compiles");
        let stats = &compiled.stats;
        let mut summary = format!(
            "{} kings, {} rows x {} cols, tile sides {}-{}, {} crossings\n",
            stats.kings,
            stats.rows,
            stats.cols,
            stats.tile_sides.0,
            stats.tile_sides.1,
            stats.crossings
        );
        for (kind, count) in &stats.gadgets {
            summary.push_str(&format!("{kind}: {count}\n"));
        }
        summary.push_str(&format!(
            "board JSON FNV-1a: {}\n",
            fingerprint(&compiled.board)
        ));
        insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false}, {
            insta::assert_snapshot!(name, summary);
        });
    }
}

#[test]
fn decode_reads_the_exact_solvers_sequence() {
    // "Solvable ⇒ SAT" on a sequence that is not a certificate: the exact solver's own.
    let chain = chain("x | ~x\n", FormulaFormat::Andor);
    let compiled = compile_formula(chain.formula(), Ordering::Optimised).expect("compiles");
    let Verdict::Solvable(moves) = solve_default(&compiled.board).verdict else {
        panic!("x | ~x is satisfiable, so its board is solvable");
    };
    let report = check_sequence(&compiled.board, &moves, Variant::Standard);
    assert!(report.is_solution(), "{report}");
    let model = decode_input(&chain, &compiled, &moves).expect("decodes");
    assert!(chain.input().is_satisfied_by(&model));
}
