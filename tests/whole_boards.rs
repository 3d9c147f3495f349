//! Every formula of `tests/formulas/` (and the thesis example) against every target of
//! `sat2chess::targets::TARGETS`, through the pipeline the command line runs
//! (`common/pipeline.rs`): each board compiled twice to the same board; every piece of
//! the target's kind (budgets at most 2; n-Queens: queens with budget 0); a certificate
//! exactly for the satisfiable formulas, accepted by the independent checker, written to
//! files and decoded by `pipeline::decode` (target and options from the board's
//! provenance) to a model of the formula; and as the snapshot
//! `{target}_board_{formula}`, the plan's size figures (`compile --stats`) and a
//! fingerprint of the board JSON (any change of a piece changes it) — King boards up to
//! 200 × 200 drawn, too, as the King snapshots always were.

use std::fmt::Write as _;
use std::time::Instant;

use sat2chess::board::{Board, PieceKind};
use sat2chess::reduction::{Limits, Options, Reduction};
use sat2chess::targets::TARGETS;

use crate::common::boards::fingerprint;
use crate::common::formulas::{self, Formula};
use crate::common::{pipeline, scratch};

/// Boards of more pieces than this (by the target's estimate, `Prepared::estimate`) are
/// skipped, with the reason printed: they would make the test slow. Only n-Queens boards
/// are that large (the side grows with the square of the formula, nearly every square's
/// row holds a pre-placed queen): `x | ~x` gives 1,022,114 queens on a side of 1,022,160
/// (checked, a few seconds), the other formulas 124–358 million (skipped).
const MAX_PIECES: u64 = 2_000_000;

/// Targets whose snapshots also draw boards up to [`DRAWN_SIDE`] squares a side.
const DRAWN: [&str; 1] = ["king"];
const DRAWN_SIDE: u32 = 200;

/// The kind of every piece on the boards of `target`, and their largest budget.
fn pieces_of(target: &dyn Reduction) -> (PieceKind, u32) {
    match target.name() {
        "king" => (PieceKind::King, 2),
        "knight" => (PieceKind::Knight, 2),
        "rook" => (PieceKind::Rook, 2),
        "queen" => (PieceKind::Queen, 2),
        "bishop" => (PieceKind::Bishop, 2),
        "nqueens" => (PieceKind::Queen, 0),
        other => panic!("a new target, {other}: say here what its boards hold"),
    }
}

#[test]
fn every_formula_on_every_target() {
    let formulas = formulas::all();
    assert!(formulas.len() >= 5, "{} formulas", formulas.len());
    assert!(formulas.iter().any(Formula::satisfiable));
    assert!(!formulas.iter().all(Formula::satisfiable));
    for target in TARGETS {
        let mut checked = Vec::new();
        for formula in &formulas {
            let start = Instant::now();
            if let Some(pieces) = check_and_snapshot(target, formula) {
                eprintln!(
                    "{} {}: {pieces} pieces, {:.2} s",
                    target.name(),
                    formula.name,
                    start.elapsed().as_secs_f64()
                );
                checked.push(formula.satisfiable());
            }
        }
        // Every target gets a satisfiable formula's board checked and snapshotted.
        assert!(
            checked.contains(&true),
            "{}: no board checked",
            target.name()
        );
    }
}

/// Runs the checks of the module doc on `formula` for `target`; returns the board's
/// pieces, `None` when the board is too large to be checked here.
fn check_and_snapshot(target: &dyn Reduction, formula: &Formula) -> Option<usize> {
    let what = format!("{} {}", target.name(), formula.name);
    // No side limit: the n-Queens chain reports the size of any board, and the estimate
    // decides here.
    let limits = Limits {
        max_side: i64::MAX,
        ..Limits::default()
    };
    let estimate = target
        .prepare(&formula.input, Options::default(), &limits)
        .unwrap_or_else(|e| panic!("{what}: prepare: {e}"))
        .estimate();
    if estimate > MAX_PIECES {
        eprintln!("{what}: SKIPPED, the board would have up to {estimate} pieces (> {MAX_PIECES})");
        return None;
    }
    let name = formula.file_name();
    let dir = scratch(&format!("whole_boards/{}_{}", target.name(), formula.name));
    let (compiled, model) = pipeline::certify_check_and_decode(target, &formula.input, &name, &dir)
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    let board = &compiled.board;
    assert!(
        board.len() as u64 <= estimate,
        "{what}: more pieces than estimated"
    );
    let (kind, most) = pieces_of(target);
    assert!(
        board
            .pieces()
            .iter()
            .all(|p| p.kind == kind && p.budget <= most),
        "{what}: a piece other than a {kind} with budget at most {most}"
    );
    let again = pipeline::compile(target, &formula.input, &name, None)
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(
        fingerprint(board),
        fingerprint(&again.board),
        "{what}: compiled twice"
    );
    assert_eq!(compiled.stats, again.stats, "{what}: compiled twice");
    assert_eq!(
        compiled.certificate.is_some(),
        formula.satisfiable(),
        "{what}: a certificate iff the formula is satisfiable"
    );
    assert_eq!(model.is_some(), formula.satisfiable(), "{what}: decoded");
    let mut summary = compiled.stats.clone();
    writeln!(summary, "board JSON FNV-1a: {}", fingerprint(board)).unwrap();
    if DRAWN.contains(&target.name()) && board.rows() <= DRAWN_SIDE && board.cols() <= DRAWN_SIDE {
        summary.push_str(&picture(board));
    }
    let snapshot = format!("{}_board_{}", target.name(), formula.name);
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!(snapshot, summary);
    });
    Some(board.len())
}

/// The board as a picture, one character per square (`#` a piece, `.` empty).
fn picture(board: &Board) -> String {
    let occupied: std::collections::HashSet<(u32, u32)> = board
        .pieces()
        .iter()
        .map(|p| (p.square.row, p.square.col))
        .collect();
    let mut out = String::new();
    for row in 1..=board.rows() {
        let line: String = (1..=board.cols())
            .map(|col| {
                if occupied.contains(&(row, col)) {
                    '#'
                } else {
                    '.'
                }
            })
            .collect();
        out.push_str(line.trim_end_matches('.'));
        out.push('\n');
    }
    out
}
