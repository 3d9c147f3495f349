//! End-to-end tests of the King backend (issue 5, items 3–4): boards compiled from
//! verified gadgets only, every king with budget 2, connected, deterministic.

use sat2chess::back::king::compile_formula;
use sat2chess::board::PieceKind;
use sat2chess::front::FormulaFormat;
use sat2chess::layout::order::Ordering;
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
