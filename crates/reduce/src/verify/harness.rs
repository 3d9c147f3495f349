//! The King k-test harness (thesis Lemma 5.14): an output port extended by a wire
//! column and a k-test, decided by the exact solver.

use std::fmt::Write as _;

use super::inputs::{gadget_with_inputs, king, placements, signal_column};
use super::measure::{HarnessCheck, Measured, VerifyOptions, add};
use crate::gadgets::{Gadget, Outcome, Port};
use sat2chess_core::board::{Board, Piece, PieceKind, Square};
use sat2chess_core::rules::{Position, Variant};
use sat2chess_solve::{self as solve, SearchStats, SolveOptions, Verdict};

/// The squares a k-test occupies beyond an output port, and its antenna (thesis
/// Lemma 5.14), after one full wire column: `test` 1 = the antenna; 0 = an Increment
/// column (three kings) and the antenna; 2 = a Decrement (single king), a wire column
/// and the antenna. `side` picks the side of the flow the antenna hangs on.
/// A square in signed coordinates (a harness may extend above or left of the gadget).
type Cell = (i64, i64);

fn test_squares(port: &Port, test: u8, side: usize) -> (Vec<Cell>, Vec<Cell>) {
    let at = |s: Square| (s.row as i64, s.col as i64);
    let (p, q) = (at(port.squares[side]), at(port.squares[1 - side]));
    let (dr, dc) = port.flow.delta();
    let (sr, sc) = (q.0 - p.0, q.1 - p.1);
    let step = |x: (i64, i64), k: i64, j: i64| (x.0 + k * dr + j * sr, x.1 + k * dc + j * sc);
    // Every test starts with one full wire column after the port.
    let (column, last) = match test {
        0 => (
            vec![
                step(p, 1, 0),
                step(q, 1, 0),
                step(p, 2, 0),
                step(q, 2, 0),
                step(q, 2, 1),
            ],
            step(q, 2, 1),
        ),
        1 => (vec![step(p, 1, 0), step(q, 1, 0)], step(q, 1, 0)),
        _ => (
            vec![
                step(p, 1, 0),
                step(q, 1, 0),
                step(p, 2, 0),
                step(p, 3, 0),
                step(q, 3, 0),
            ],
            step(q, 3, 0),
        ),
    };
    let antenna = vec![step(last, 1, 1), step(last, 1, 2), step(last, 1, 3)];
    (column, antenna)
}

/// A harness board: gadget with inputs, output port extended by a k-test. Returns the
/// pieces and the antenna squares, or `None` if no side of the output is free.
pub fn harness_board(
    gadget: &Gadget,
    inputs: &[u8],
    placement: &[usize],
    test: u8,
) -> Option<(Board, Vec<Square>)> {
    let [output] = gadget.outputs()[..] else {
        return None;
    };
    harness_around(gadget_with_inputs(gadget, inputs, placement), output, test)
}

/// `pieces` with a k-test attached beyond `output`, on the first side of the port whose
/// test squares touch no piece except the port's.
fn harness_around(pieces: Vec<Piece>, output: &Port, test: u8) -> Option<(Board, Vec<Square>)> {
    let occupied: Vec<Cell> = pieces
        .iter()
        .map(|p| (p.square.row as i64, p.square.col as i64))
        .collect();
    let port: Vec<Cell> = output
        .squares
        .iter()
        .map(|s| (s.row as i64, s.col as i64))
        .collect();
    for side in 0..2 {
        let (column, antenna) = test_squares(output, test, side);
        let added: Vec<Cell> = column.iter().chain(&antenna).copied().collect();
        let touches_only_port = added.iter().all(|&(r, c)| {
            occupied.iter().all(|&(or, oc)| {
                let near = (or - r).abs() <= 1 && (oc - c).abs() <= 1;
                !near || port.contains(&(or, oc))
            })
        });
        if !touches_only_port {
            continue;
        }
        let min_row = occupied.iter().chain(&added).map(|x| x.0).min()?;
        let min_col = occupied.iter().chain(&added).map(|x| x.1).min()?;
        let shift = |(r, c): Cell| Square::new((r - min_row + 1) as u32, (c - min_col + 1) as u32);
        let mut all = Vec::new();
        for piece in &pieces {
            all.push(king(
                shift((piece.square.row as i64, piece.square.col as i64)),
                piece.budget,
            ));
        }
        for &x in &added {
            all.push(king(shift(x), 2));
        }
        let board = Board::fitted(all).ok()?;
        return Some((board, antenna.into_iter().map(shift).collect()));
    }
    None
}

/// The maximal output measured by k-tests: solves the k-test harness for k = 0, 1, 2
/// until one is unsolvable (a k-test passes iff the output can be at least k, and the
/// harness self-check confirms this on a bare wire).
pub(super) fn measure_by_tests(
    gadget: &Gadget,
    inputs: &[u8],
    placement: &[usize],
    options: &SolveOptions,
) -> (Measured, SearchStats) {
    let mut stats = SearchStats::default();
    let mut max = -1;
    for test in 0..=2u8 {
        let Some((board, antenna)) = harness_board(gadget, inputs, placement, test) else {
            return (Measured::Unknown, stats);
        };
        let check = run_harness(&board, &antenna, test, true, options);
        add(&mut stats, &check.stats);
        match check.solvable {
            Some(true) => max = test as i8,
            Some(false) => break,
            None => return (Measured::Unknown, stats),
        }
    }
    (Measured::TestMax(max), stats)
}

/// Solves a harness board; a witness must end with its final piece in the antenna.
fn run_harness(
    board: &Board,
    antenna: &[Square],
    test: u8,
    expect_solvable: bool,
    options: &SolveOptions,
) -> HarnessCheck {
    let report = solve::solve(board, options);
    let solvable = match report.verdict {
        Verdict::Solvable(moves) => {
            let mut position = Position::new(board, Variant::Standard);
            let replayed = moves.iter().all(|&mv| position.apply(mv).is_ok());
            let final_square = position.to_board().pieces().first().map(|p| p.square);
            // A witness that does not replay or ends outside the antenna is a verifier
            // failure; report it as "unsolvable" so the check fails loudly.
            Some(
                replayed
                    && position.len() == 1
                    && final_square.is_some_and(|s| antenna.contains(&s)),
            )
        }
        Verdict::Unsolvable => Some(false),
        Verdict::Unknown => None,
    };
    HarnessCheck {
        test,
        expect_solvable,
        solvable,
        stats: report.stats,
    }
}

pub(super) fn harness_checks(
    gadget: &Gadget,
    inputs: &[u8],
    expected: &Outcome,
    options: &VerifyOptions,
) -> (Vec<HarnessCheck>, Option<String>) {
    let Outcome::Outputs(tuples) = expected else {
        return (Vec::new(), None);
    };
    if gadget.piece != PieceKind::King {
        // Knight gadgets are verified by output reading alone.
        return (Vec::new(), None);
    }
    if gadget.table_outputs.len() != 1 {
        return (
            Vec::new(),
            Some("two outputs would need two final pieces".to_owned()),
        );
    }
    let Some(limit) = options.harness_max_kings else {
        return (Vec::new(), Some("disabled".to_owned()));
    };
    let kings = gadget_with_inputs(gadget, inputs, &vec![0; inputs.len()]).len();
    if kings > limit {
        return (Vec::new(), Some(format!("{kings} kings > {limit}")));
    }
    let m = tuples[0][0];
    let tests: Vec<(u8, bool)> = match m {
        -1 => vec![(0, false)],
        0 => vec![(0, true), (1, false)],
        1 => vec![(1, true), (2, false)],
        _ => vec![(2, true)],
    };
    let mut checks = Vec::new();
    for placement in placements(gadget) {
        for &(test, expect_solvable) in &tests {
            let Some((board, antenna)) = harness_board(gadget, inputs, &placement, test) else {
                return (checks, Some("no free side for the test".to_owned()));
            };
            checks.push(run_harness(
                &board,
                &antenna,
                test,
                expect_solvable,
                &options.search,
            ));
        }
    }
    (checks, None)
}

/// The harness self-check's result: its text and verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelfCheck {
    /// One line per case.
    pub text: String,
    /// Some case was decided against the expectation (or its harness could not be built).
    pub failed: bool,
    /// Some case was left undecided by a search limit.
    pub unknown: bool,
}

/// The harness checked on itself: a signal column standing directly on the output port
/// of the horizontal wire `wire`, followed by a k-test, is solvable iff the signal is at
/// least k, for every signal 0..2 and k 0..2.
pub fn harness_self_check(wire: &Gadget, options: &SolveOptions) -> SelfCheck {
    let mut checked = SelfCheck {
        text: String::from(
            "harness self-check: signal column + k-test, solvable iff signal >= k\n",
        ),
        failed: false,
        unknown: false,
    };
    let output = wire.outputs()[0].clone();
    for signal in 0..=2u8 {
        for test in 0..=2u8 {
            let Some((board, antenna)) =
                harness_around(signal_column(&output, signal, 0), &output, test)
            else {
                checked.failed = true;
                continue;
            };
            let check = run_harness(&board, &antenna, test, signal >= test, options);
            checked.failed |= check.failed();
            checked.unknown |= check.solvable.is_none();
            let _ = writeln!(
                checked.text,
                "  input {signal}, {test}-test: {} ({} states){}",
                match check.solvable {
                    Some(true) => "solvable",
                    Some(false) => "unsolvable",
                    None => "unknown (limit)",
                },
                check.stats.nodes,
                if check.failed() { "  MISMATCH" } else { "" }
            );
        }
    }
    checked
}
