//! The exact solver on whole compiled rook boards (issue 11, "whole compiled boards of
//! small formulas decided exactly by `solve` and compared with the SAT verdict"): every
//! And-Or formula of the list is compiled to rooks, `solve` decides the board, its
//! verdict must be the SAT verdict, and a solving sequence must be accepted by `check`.
//!
//! Ignored in CI: the search engine needs minutes for these boards (39 rooks for
//! `x | ~x`: 5.76 M states, 45–70 s; 32 rooks for `x`, `~x`: 5.81 M states, 65–110 s,
//! on the shared 2-core machine). Run it with
//! `cargo test --release --test rook_solve -- --ignored`. Not decided, so left out
//! until the solver can do them: formulas with two variables (`x | y`, `~x`, `~y`: 48
//! rooks; `x | y`, `~x | ~y`: 39; `(x & y) | ~x`, `~y`: 73 — unknown after 60 s) and the
//! queen and bishop transforms of these boards (`retarget`; unknown after 120 s).

use std::time::Duration;

use sat2chess::back::rook::compile_formula;
use sat2chess::check::check_sequence;
use sat2chess::front::FormulaFormat;
use sat2chess::rules::Variant;
use sat2chess::sat::solve_andor;
use sat2chess::solve::{SolveOptions, Verdict, solve};
use sat2chess::transform::Chain;

/// And-Or-(1,1) formulas (every literal exactly once), one clause per line.
const FORMULAS: [&str; 2] = ["x | ~x", "x\n~x"];

/// Per board; the search decides each in one to two minutes.
const TIME_LIMIT: Duration = Duration::from_secs(300);

#[test]
#[ignore = "minutes: the search engine needs 45–110 s per board"]
fn solve_agrees_with_sat_on_compiled_rook_boards() {
    for text in FORMULAS {
        let input = FormulaFormat::Andor.parse(text).expect("parses");
        // As `compile` does: a clause holding both literals of a variable gets a fresh
        // variable first.
        let chain = Chain::from_input(&input).expect("transformation chain");
        let satisfiable = solve_andor(chain.formula()).expect("SAT solver").is_some();
        let board = compile_formula(chain.formula()).expect("compiles").board;
        let options = SolveOptions {
            time_limit: Some(TIME_LIMIT),
            ..SolveOptions::default()
        };
        let report = solve(&board, &options);
        eprintln!(
            "{text:?}: {} rooks, satisfiable {satisfiable}, {} states, {:.1} s",
            board.len(),
            report.stats.nodes,
            report.stats.elapsed.as_secs_f64()
        );
        match report.verdict {
            Verdict::Solvable(moves) => {
                assert!(
                    satisfiable,
                    "{text:?}: solvable board of an unsatisfiable formula"
                );
                let check = check_sequence(&board, &moves, Variant::Standard);
                assert!(check.is_solution(), "{text:?}: check: {check}");
            }
            Verdict::Unsolvable => {
                assert!(
                    !satisfiable,
                    "{text:?}: unsolvable board of a satisfiable formula"
                );
            }
            Verdict::Unknown => panic!("{text:?}: undecided within {TIME_LIMIT:?}"),
        }
    }
}
