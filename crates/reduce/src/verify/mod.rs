//! The gadget verifier: computes, by exhaustive search, what every gadget of the library
//! does for each combination of input signals and compares it with the thesis' table.
//!
//! **Output reading** (thesis §5.2): the gadget's input ports receive signal columns
//! (0 = one 0-king, 1 = one 1-king, 2 = a 1-king and a 2-king); [`sat2chess_solve::remainders`]
//! enumerates every configuration reachable by captures in which no piece stands outside
//! the output ports; each output port is read as s = c − n + 1 (c = total budget, n = kings
//! on its two squares; an empty port or s < 0 is the error value −1). A configuration is
//! counted only when every other piece is gone, so a capture sequence that leaves a piece
//! of the gadget behind never counts. The maximal tuples (monotony, Obs. 5.1) must equal
//! the table. When the two squares of an input port have different neighbourhoods, both
//! placements of the signal column are searched and each must meet the table.
//!
//! **Harness cross-check** (single-output gadgets): the output port is extended by a wire
//! column ending in a k-test (1-test of Lemma 5.14; 0-test = Increment + 1-test; 2-test =
//! Decrement + wire + 1-test) and [`sat2chess_solve::solve`] decides the whole board: it must
//! be solvable for k = m and unsolvable for k = m + 1, where m is the table value. The
//! test antenna keeps the final piece (Cor. 3.7; checked on every witness), so a solvable
//! harness also shows the gadget is cleared completely. The harness itself is checked on a
//! signal column standing directly on a port: k-test solvable iff the signal is at least k.
//!
//! **Knight gadgets** (thesis ch. 6) are verified by output reading alone: an input port
//! (a dark wire-column) receives the signal (x, y) as a 2-knight on its outer square if
//! x = 1 and a y-knight on its inner square; an output port reads (1, ·) when its outer
//! knight is still there with budget 2, (0, ·) when it is gone, and (·, y) from the budget
//! y ∈ {0, 1} of its inner knight, y = 2 when it never captured (the wire beyond clears
//! from such a column like (x, 1); issue #10). Any other state (outer knight captured,
//! inner knight gone) is the error value: by Claim 1 of Lemma 6.1 the wire beyond cannot
//! be cleared. The maximal pairs are taken in the componentwise (partial) order, so
//! a row whose thesis value is one pair fails if an incomparable pair is also maximal.
//! [`wire_graph`] checks that every wire placement has the standard wire's capture graph.
//! [`library`] runs all of these on the gadgets of a library, as `sat2chess gadgets
//! verify` and the generated tests (one per gadget file) do.

mod composite;
mod harness;
mod inputs;
pub mod library;
mod measure;
pub mod rook;
pub(crate) mod rook_search;
pub mod wire_graph;

use std::collections::BTreeSet;
use std::fmt::Write as _;

use crate::gadgets::{Gadget, Outcome, Port, Symmetry, format_signals, signal_width};
use sat2chess_core::board::{Board, Piece, PieceKind, Square};
use sat2chess_solve::{self as solve, SearchStats, SolveOptions, Verdict};

pub use composite::{CompositionError, verify_composite};
pub use harness::{SelfCheck, harness_board, harness_self_check};
use harness::{harness_checks, measure_by_tests};
use inputs::placements;
pub use inputs::{attacks, gadget_with_inputs, knight_signal_column, signal_column};
use measure::add;
pub use measure::{HarnessCheck, Measured, VerifyOptions};

/// The verdict on one row of a truth table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowReport {
    pub inputs: Vec<u8>,
    pub expected: Outcome,
    /// One entry per searched placement of the input signal columns.
    pub measured: Vec<Measured>,
    pub stats: SearchStats,
    pub(crate) harness: Vec<HarnessCheck>,
    /// Why the harness was not run, if it was not.
    pub(crate) harness_skipped: Option<String>,
}

impl RowReport {
    /// Some placement reaches two incomparable maximal outputs where the thesis gives one
    /// value (e.g. Knight (1,0) and (0,1), thesis §6.1).
    pub(crate) fn incomparable(&self) -> bool {
        let single = matches!(&self.expected, Outcome::Outputs(want) if want.len() == 1);
        single
            && self
                .measured
                .iter()
                .any(|m| matches!(m, Measured::Outputs { maximal, .. } if maximal.len() > 1))
    }

    /// The table row holds for every placement (and every harness check that ran).
    pub fn passed(&self) -> bool {
        self.measured.iter().all(|m| matches(m, &self.expected))
            && self.harness.iter().all(HarnessCheck::passed)
    }

    /// Some search hit a limit.
    pub fn unknown(&self) -> bool {
        self.measured.contains(&Measured::Unknown)
            || self.harness.iter().any(|h| h.solvable.is_none())
    }

    /// Some placement or harness check was decided against the table (a search that
    /// hit a limit decides nothing).
    pub fn failed(&self) -> bool {
        self.measured
            .iter()
            .any(|m| *m != Measured::Unknown && !matches(m, &self.expected))
            || self.harness.iter().any(HarnessCheck::failed)
    }
}

fn matches(measured: &Measured, expected: &Outcome) -> bool {
    match (measured, expected) {
        (Measured::Outputs { maximal, .. }, Outcome::Outputs(want)) => {
            let mut want = want.clone();
            want.sort_unstable();
            maximal == &want
        }
        (Measured::Solvable(got), Outcome::Solvable(want)) => got == want,
        (Measured::TestMax(got), Outcome::Outputs(want)) => want == &[vec![*got]],
        _ => false,
    }
}

/// The verifier's report on one gadget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GadgetReport {
    pub name: String,
    pub implements: String,
    pub rows: Vec<RowReport>,
    /// For a composite: the library gadgets whose tables it was composed from (its
    /// verdict holds if theirs do).
    pub(crate) composed_from: Vec<String>,
}

impl GadgetReport {
    /// Every row was decided and meets the table.
    pub fn passed(&self) -> bool {
        self.rows.iter().all(RowReport::passed)
    }

    /// Some row was left undecided by a search limit.
    pub fn unknown(&self) -> bool {
        self.rows.iter().any(RowReport::unknown)
    }

    /// Some row was decided against the table.
    pub fn failed(&self) -> bool {
        self.rows.iter().any(RowReport::failed)
    }

    pub fn stats(&self) -> SearchStats {
        let mut total = SearchStats::default();
        for row in &self.rows {
            add(&mut total, &row.stats);
            for check in &row.harness {
                add(&mut total, &check.stats);
            }
        }
        total
    }

    /// The truth table as text, one line per input combination.
    pub fn render(&self, gadget: &Gadget) -> String {
        let mut text = String::new();
        let status = if self.passed() {
            "PASS"
        } else if self.failed() {
            "FAIL"
        } else {
            "UNKNOWN"
        };
        let stats = self.stats();
        let _ = writeln!(
            text,
            "{} — {} — {status} ({} states, {:.2} s)",
            self.name,
            self.implements,
            stats.nodes,
            stats.elapsed.as_secs_f64()
        );
        if !self.composed_from.is_empty() {
            let _ = writeln!(
                text,
                "  by composition of the verified tables of: {}",
                self.composed_from.join(", ")
            );
        }
        let _ = writeln!(
            text,
            "  {} -> {}",
            crate::gadgets::port_names(&gadget.table_inputs),
            if gadget.table_outputs.is_empty() {
                "reduces to one piece".to_owned()
            } else {
                crate::gadgets::port_names(&gadget.table_outputs)
            }
        );
        let piece = gadget.piece;
        for row in &self.rows {
            let inputs = format_signals(piece, &row.inputs);
            let measured: Vec<String> = row.measured.iter().map(|m| describe(piece, m)).collect();
            let mut line = format!(
                "  {inputs} -> {}  (thesis: {}; {} states, {:.2} s)",
                measured.join(" / "),
                describe_expected(piece, &row.expected),
                row.stats.nodes,
                row.stats.elapsed.as_secs_f64()
            );
            for check in &row.harness {
                let got = match check.solvable {
                    Some(true) => "solvable",
                    Some(false) => "unsolvable",
                    None => "unknown",
                };
                let _ = write!(line, "; {}-test {got}", check.test);
                if check.failed() {
                    line.push_str(" (MISMATCH)");
                }
            }
            if let Some(reason) = &row.harness_skipped {
                let _ = write!(line, "; harness skipped: {reason}");
            }
            if row.incomparable() {
                line.push_str("  INCOMPARABLE MAXIMA");
            }
            if row.failed() {
                line.push_str("  FAIL");
            } else if !row.passed() {
                line.push_str("  UNKNOWN");
            }
            text.push_str(&line);
            text.push('\n');
        }
        text
    }
}

/// One output tuple: a single signal as is, several in parentheses (a Knight tuple with
/// an error reads `-1`).
fn tuple(piece: PieceKind, values: &[i8]) -> String {
    if piece == PieceKind::Knight && values.contains(&-1) {
        return "-1".to_owned();
    }
    let text = format_signals(piece, values);
    if values.len() == signal_width(piece) {
        text
    } else {
        format!("({})", text.replace(' ', ","))
    }
}

fn describe(piece: PieceKind, measured: &Measured) -> String {
    match measured {
        Measured::Outputs { all, maximal } => {
            let max: Vec<String> = maximal.iter().map(|t| tuple(piece, t)).collect();
            let mut all: Vec<String> = all.iter().map(|t| tuple(piece, t)).collect();
            // Every Knight error tuple reads `-1`: list it once.
            let mut seen = BTreeSet::new();
            all.retain(|t| seen.insert(t.clone()));
            format!("max {} [all: {}]", max.join("|"), all.join(" "))
        }
        Measured::Solvable(true) => "solvable".to_owned(),
        Measured::Solvable(false) => "unsolvable".to_owned(),
        Measured::TestMax(max) => format!("max {max} by k-tests"),
        Measured::Unknown => "unknown (limit)".to_owned(),
    }
}

fn describe_expected(piece: PieceKind, expected: &Outcome) -> String {
    match expected {
        Outcome::Outputs(tuples) => tuples
            .iter()
            .map(|t| tuple(piece, t))
            .collect::<Vec<_>>()
            .join("|"),
        Outcome::Solvable(true) => "solvable".to_owned(),
        Outcome::Solvable(false) => "unsolvable".to_owned(),
    }
}

/// Signal value of an output port in a remainder: s = c − n + 1, or −1 (error) when the
/// port is empty or s < 0.
fn read_port(port: &Port, remainder: &[(Square, PieceKind, u32)]) -> i8 {
    let on_port: Vec<u32> = remainder
        .iter()
        .filter(|(s, _, _)| port.squares.contains(s))
        .map(|&(_, _, b)| b)
        .collect();
    if on_port.is_empty() {
        return -1;
    }
    let s = on_port.iter().sum::<u32>() as i64 - on_port.len() as i64 + 1;
    s.max(-1) as i8
}

/// The Knight signal on an output port in a remainder (thesis §6.1): outer knight with
/// budget 2 or gone, inner knight with budget 0 or 1, or 2 when it never captured (an
/// untouched column starts a wire the next element clears at least like (x, 1): reading
/// it as an error would hide it, issue #10); any other state is the error `[-1, -1]`.
fn read_knight_port(port: &Port, remainder: &[(Square, PieceKind, u32)]) -> [i8; 2] {
    let budget = |square: Square| {
        remainder
            .iter()
            .find(|(s, _, _)| *s == square)
            .map(|&(_, _, b)| b)
    };
    let [outer, inner] = port.squares;
    match (budget(outer), budget(inner)) {
        (None, Some(y @ 0..=2)) => [0, y as i8],
        (Some(2), Some(y @ 0..=2)) => [1, y as i8],
        _ => [-1, -1],
    }
}

/// The maximal elements (componentwise order) of the tuples without an error value;
/// `[[-1]]` when every tuple has one.
pub(crate) fn maximal_tuples(all: &BTreeSet<Vec<i8>>) -> Vec<Vec<i8>> {
    let valid: Vec<&Vec<i8>> = all.iter().filter(|t| t.iter().all(|&v| v >= 0)).collect();
    if valid.is_empty() {
        return vec![vec![-1]];
    }
    let dominated = |t: &Vec<i8>| {
        valid
            .iter()
            .any(|u| *u != t && u.iter().zip(t).all(|(a, b)| a >= b))
    };
    let mut maximal: Vec<Vec<i8>> = valid
        .iter()
        .filter(|t| !dominated(t))
        .map(|t| (*t).clone())
        .collect();
    maximal.sort_unstable();
    maximal
}

/// Output reading for one input combination and placement.
pub(crate) fn read_outputs(
    gadget: &Gadget,
    pieces: Vec<Piece>,
    options: &SolveOptions,
) -> (Measured, SearchStats) {
    let keep: BTreeSet<Square> = gadget.outputs().iter().flat_map(|p| p.squares).collect();
    let board = Board::fitted(pieces).expect("gadget squares are distinct");
    let (found, stats) = solve::remainders(&board, &keep, options);
    let Some(found) = found else {
        return (Measured::Unknown, stats);
    };
    let outputs = gadget.outputs();
    let all: BTreeSet<Vec<i8>> = found
        .iter()
        .map(|remainder| {
            outputs
                .iter()
                .flat_map(|p| match gadget.piece {
                    PieceKind::Knight => read_knight_port(p, remainder).to_vec(),
                    _ => vec![read_port(p, remainder)],
                })
                .collect()
        })
        .collect();
    let maximal = maximal_tuples(&all);
    (Measured::Outputs { all, maximal }, stats)
}

/// Verifies one gadget: every row of its table, every placement, and (if enabled and
/// small enough) the harness cross-check.
pub fn verify_gadget(gadget: &Gadget, options: &VerifyOptions) -> GadgetReport {
    let placements = placements(gadget);
    let kings = gadget.pieces.len() + gadget.table_inputs.len();
    let by_tests = gadget.piece == PieceKind::King
        && gadget.table_outputs.len() == 1
        && options.reading_max_kings.is_some_and(|max| kings > max);
    let rows = gadget
        .table
        .iter()
        .map(|row| {
            let mut stats = SearchStats::default();
            let mut measured = Vec::new();
            for placement in &placements {
                let pieces = gadget_with_inputs(gadget, &row.inputs, placement);
                let (m, s) = if gadget.table_outputs.is_empty() {
                    let report = solve::solve(
                        &Board::fitted(pieces).expect("gadget squares are distinct"),
                        &options.search,
                    );
                    let m = match report.verdict {
                        Verdict::Solvable(_) => Measured::Solvable(true),
                        Verdict::Unsolvable => Measured::Solvable(false),
                        Verdict::Unknown => Measured::Unknown,
                    };
                    (m, report.stats)
                } else if by_tests {
                    measure_by_tests(gadget, &row.inputs, placement, &options.search)
                } else {
                    read_outputs(gadget, pieces, &options.search)
                };
                add(&mut stats, &s);
                measured.push(m);
            }
            let (harness, harness_skipped) = if by_tests {
                (Vec::new(), Some("measured by k-tests".to_owned()))
            } else {
                harness_checks(gadget, &row.inputs, &row.expected, options)
            };
            RowReport {
                inputs: row.inputs.clone(),
                expected: row.expected.clone(),
                measured,
                stats,
                harness,
                harness_skipped,
            }
        })
        .collect();
    GadgetReport {
        name: gadget.name.clone(),
        implements: gadget.implements.clone(),
        rows,
        composed_from: Vec::new(),
    }
}

/// The orientations of a gadget the verifier checks: all eight for the corner (the
/// library stores one corner; the compiler uses its images), the file's own otherwise.
pub(crate) fn images_to_check(gadget: &Gadget) -> Vec<Gadget> {
    if gadget.name == "corner" {
        Symmetry::all().map(|s| gadget.transformed(s)).collect()
    } else {
        vec![gadget.clone()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gadgets::king_gadget;

    #[test]
    fn maximal_tuples_drop_errors_and_dominated() {
        let set: BTreeSet<Vec<i8>> = [vec![0, 0], vec![1, 0], vec![0, 1], vec![-1, 2]].into();
        assert_eq!(maximal_tuples(&set), vec![vec![0, 1], vec![1, 0]]);
        let errors: BTreeSet<Vec<i8>> = [vec![-1]].into();
        assert_eq!(maximal_tuples(&errors), vec![vec![-1]]);
        assert_eq!(maximal_tuples(&BTreeSet::new()), vec![vec![-1]]);
    }

    #[test]
    fn ports_read_c_minus_n_plus_one() {
        let wire = king_gadget("wire-horizontal").unwrap().unwrap();
        let port = wire.port('X').unwrap();
        let [a, b] = port.squares;
        let k = PieceKind::King;
        assert_eq!(read_port(port, &[(a, k, 1), (b, k, 2)]), 2);
        assert_eq!(read_port(port, &[(b, k, 1)]), 1);
        assert_eq!(read_port(port, &[(a, k, 0), (b, k, 0)]), -1);
        assert_eq!(read_port(port, &[]), -1);
    }
}
