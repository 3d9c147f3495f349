//! The gadget verifier: computes, by exhaustive search, what every gadget of the library
//! does for each combination of input signals and compares it with the thesis' table.
//!
//! **Output reading** (thesis §5.2): the gadget's input ports receive signal columns
//! (0 = one 0-king, 1 = one 1-king, 2 = a 1-king and a 2-king); [`crate::solve::remainders`]
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
//! Decrement + wire + 1-test) and [`crate::solve::solve`] decides the whole board: it must
//! be solvable for k = m and unsolvable for k = m + 1, where m is the table value. The
//! test antenna keeps the final piece (Cor. 3.7; checked on every witness), so a solvable
//! harness also shows the gadget is cleared completely. The harness itself is checked on a
//! bare wire: k-test solvable iff the input signal is at least k.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::time::Duration;

use crate::board::{Board, Piece, PieceKind, Square};
use crate::gadgets::{Gadget, Outcome, Port, Symmetry};
use crate::rules::{Position, Variant};
use crate::solve::{self, SearchStats, SolveOptions, Verdict};

/// Limits of the verifier.
#[derive(Clone, Debug, Default)]
pub struct VerifyOptions {
    /// Limits of each single search (one input combination, one orientation, one test).
    pub search: SolveOptions,
    /// Run the harness cross-check for single-output gadgets with at most this many kings
    /// (gadget + inputs); `None` skips it.
    pub harness_max_kings: Option<usize>,
}

/// What the search found for one input combination.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Measured {
    /// Every output tuple some clearing sequence produces, and the maximal ones.
    Outputs {
        all: BTreeSet<Vec<i8>>,
        maximal: Vec<Vec<i8>>,
    },
    Solvable(bool),
    /// A search limit was reached.
    Unknown,
}

/// One k-test harness check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HarnessCheck {
    pub test: u8,
    pub expect_solvable: bool,
    /// `None` when a limit was reached.
    pub solvable: Option<bool>,
    pub stats: SearchStats,
}

impl HarnessCheck {
    pub fn passed(&self) -> bool {
        self.solvable == Some(self.expect_solvable)
    }
}

/// The verdict on one row of a truth table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowReport {
    pub inputs: Vec<u8>,
    pub expected: Outcome,
    /// One entry per searched placement of the input signal columns.
    pub measured: Vec<Measured>,
    pub stats: SearchStats,
    pub harness: Vec<HarnessCheck>,
    /// Why the harness was not run, if it was not.
    pub harness_skipped: Option<String>,
}

impl RowReport {
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
}

fn matches(measured: &Measured, expected: &Outcome) -> bool {
    match (measured, expected) {
        (Measured::Outputs { maximal, .. }, Outcome::Outputs(want)) => {
            let mut want = want.clone();
            want.sort_unstable();
            maximal == &want
        }
        (Measured::Solvable(got), Outcome::Solvable(want)) => got == want,
        _ => false,
    }
}

/// The verifier's report on one gadget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GadgetReport {
    pub name: String,
    pub implements: String,
    pub rows: Vec<RowReport>,
}

impl GadgetReport {
    pub fn passed(&self) -> bool {
        self.rows.iter().all(RowReport::passed)
    }

    pub fn unknown(&self) -> bool {
        self.rows.iter().any(RowReport::unknown)
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
        } else if self.unknown() {
            "UNKNOWN"
        } else {
            "FAIL"
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
        let names = |ports: &[char]| {
            ports
                .iter()
                .map(char::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        let _ = writeln!(
            text,
            "  {} -> {}",
            names(&gadget.table_inputs),
            if gadget.table_outputs.is_empty() {
                "reduces to one piece".to_owned()
            } else {
                names(&gadget.table_outputs)
            }
        );
        for row in &self.rows {
            let inputs = row
                .inputs
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(" ");
            let measured: Vec<String> = row.measured.iter().map(describe).collect();
            let mut line = format!(
                "  {inputs} -> {}  (thesis: {}; {} states, {:.2} s)",
                measured.join(" / "),
                describe_expected(&row.expected),
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
                if !check.passed() {
                    line.push_str(" (MISMATCH)");
                }
            }
            if let Some(reason) = &row.harness_skipped {
                let _ = write!(line, "; harness skipped: {reason}");
            }
            if !row.passed() {
                line.push_str(if row.unknown() { "  UNKNOWN" } else { "  FAIL" });
            }
            text.push_str(&line);
            text.push('\n');
        }
        text
    }
}

fn tuple(values: &[i8]) -> String {
    if values.len() == 1 {
        values[0].to_string()
    } else {
        format!(
            "({})",
            values
                .iter()
                .map(i8::to_string)
                .collect::<Vec<_>>()
                .join(",")
        )
    }
}

fn describe(measured: &Measured) -> String {
    match measured {
        Measured::Outputs { all, maximal } => {
            let max: Vec<String> = maximal.iter().map(|t| tuple(t)).collect();
            let all: Vec<String> = all.iter().map(|t| tuple(t)).collect();
            format!("max {} [all: {}]", max.join("|"), all.join(" "))
        }
        Measured::Solvable(true) => "solvable".to_owned(),
        Measured::Solvable(false) => "unsolvable".to_owned(),
        Measured::Unknown => "unknown (limit)".to_owned(),
    }
}

fn describe_expected(expected: &Outcome) -> String {
    match expected {
        Outcome::Outputs(tuples) => tuples
            .iter()
            .map(|t| tuple(t))
            .collect::<Vec<_>>()
            .join("|"),
        Outcome::Solvable(true) => "solvable".to_owned(),
        Outcome::Solvable(false) => "unsolvable".to_owned(),
    }
}

fn add(total: &mut SearchStats, more: &SearchStats) {
    total.nodes += more.nodes;
    total.elapsed += more.elapsed;
}

fn king(square: Square, budget: u32) -> Piece {
    Piece::new(PieceKind::King, square, budget)
}

/// The pieces of a signal column of value `signal` on `port`, the single king on
/// `port.squares[first]` (thesis §5.2).
pub fn signal_column(port: &Port, signal: u8, first: usize) -> Vec<Piece> {
    let (a, b) = (port.squares[first], port.squares[1 - first]);
    match signal {
        0 => vec![king(a, 0)],
        1 => vec![king(a, 1)],
        _ => vec![king(a, 1), king(b, 2)],
    }
}

fn adjacent(a: Square, b: Square) -> bool {
    a != b && a.row.abs_diff(b.row) <= 1 && a.col.abs_diff(b.col) <= 1
}

/// Whether the two squares of an input port are twins (same neighbours among every
/// square that may hold a piece): then exchanging them is an automorphism of the capture
/// graph and one placement of the signal column stands for both.
fn port_is_symmetric(gadget: &Gadget, port: &Port) -> bool {
    let mut occupied: Vec<Square> = gadget.kings.iter().map(|&(s, _)| s).collect();
    for other in gadget.inputs() {
        occupied.extend(other.squares);
    }
    let [a, b] = port.squares;
    let neighbours = |x: Square| -> BTreeSet<Square> {
        occupied
            .iter()
            .copied()
            .filter(|&y| y != a && y != b && adjacent(x, y))
            .collect()
    };
    neighbours(a) == neighbours(b)
}

/// The placements of the input signal columns worth searching: one bit per input port
/// (which square holds the single king), fixed to 0 on symmetric ports.
fn placements(gadget: &Gadget) -> Vec<Vec<usize>> {
    let mut all = vec![Vec::new()];
    for port in gadget.inputs() {
        let choices: &[usize] = if port_is_symmetric(gadget, port) {
            &[0]
        } else {
            &[0, 1]
        };
        all = all
            .into_iter()
            .flat_map(|prefix| {
                choices.iter().map(move |&c| {
                    let mut next = prefix.clone();
                    next.push(c);
                    next
                })
            })
            .collect();
    }
    all
}

/// The gadget's kings plus the input signal columns.
pub fn gadget_with_inputs(gadget: &Gadget, inputs: &[u8], placement: &[usize]) -> Vec<Piece> {
    let mut pieces: Vec<Piece> = gadget.kings.iter().map(|&(s, b)| king(s, b)).collect();
    for ((port, &signal), &first) in gadget.inputs().into_iter().zip(inputs).zip(placement) {
        pieces.extend(signal_column(port, signal, first));
    }
    pieces
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

/// The maximal elements (componentwise order) of the tuples without an error value;
/// `[[-1]]` when every tuple has one.
pub fn maximal_tuples(all: &BTreeSet<Vec<i8>>) -> Vec<Vec<i8>> {
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
fn read_outputs(
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
        .map(|remainder| outputs.iter().map(|p| read_port(p, remainder)).collect())
        .collect();
    let maximal = maximal_tuples(&all);
    (Measured::Outputs { all, maximal }, stats)
}

/// Verifies one gadget: every row of its table, every placement, and (if enabled and
/// small enough) the harness cross-check.
pub fn verify_gadget(gadget: &Gadget, options: &VerifyOptions) -> GadgetReport {
    let placements = placements(gadget);
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
                } else {
                    read_outputs(gadget, pieces, &options.search)
                };
                add(&mut stats, &s);
                measured.push(m);
            }
            let (harness, harness_skipped) =
                harness_checks(gadget, &row.inputs, &row.expected, options);
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
    }
}

/// The squares a k-test occupies beyond an output port, and its antenna (thesis
/// Lemma 5.14): `test` 1 = one wire column and the antenna; 0 = that column with a third
/// king (Increment) and the antenna; 2 = a single king (Decrement), a wire column, the
/// antenna. `side` picks the side of the flow the antenna hangs on.
/// A square in signed coordinates (a harness may extend above or left of the gadget).
type Cell = (i64, i64);

fn test_squares(port: &Port, test: u8, side: usize) -> (Vec<Cell>, Vec<Cell>) {
    let at = |s: Square| (s.row as i64, s.col as i64);
    let (p, q) = (at(port.squares[side]), at(port.squares[1 - side]));
    let (dr, dc) = port.flow.delta();
    let (sr, sc) = (q.0 - p.0, q.1 - p.1);
    let step = |x: (i64, i64), k: i64, j: i64| (x.0 + k * dr + j * sr, x.1 + k * dc + j * sc);
    let (column, last) = match test {
        0 => (
            vec![step(p, 1, 0), step(q, 1, 0), step(q, 1, 1)],
            step(q, 1, 1),
        ),
        1 => (vec![step(p, 1, 0), step(q, 1, 0)], step(q, 1, 0)),
        _ => (
            vec![step(p, 1, 0), step(p, 2, 0), step(q, 2, 0)],
            step(q, 2, 0),
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
    let pieces = gadget_with_inputs(gadget, inputs, placement);
    let occupied: Vec<(i64, i64)> = pieces
        .iter()
        .map(|p| (p.square.row as i64, p.square.col as i64))
        .collect();
    let port: Vec<(i64, i64)> = output
        .squares
        .iter()
        .map(|s| (s.row as i64, s.col as i64))
        .collect();
    for side in 0..2 {
        let (column, antenna) = test_squares(output, test, side);
        let added: Vec<(i64, i64)> = column.iter().chain(&antenna).copied().collect();
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
        let shift =
            |(r, c): (i64, i64)| Square::new((r - min_row + 1) as u32, (c - min_col + 1) as u32);
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

fn harness_checks(
    gadget: &Gadget,
    inputs: &[u8],
    expected: &Outcome,
    options: &VerifyOptions,
) -> (Vec<HarnessCheck>, Option<String>) {
    let Outcome::Outputs(tuples) = expected else {
        return (Vec::new(), None);
    };
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

/// The harness checked on itself: a bare horizontal wire (`wire`) followed by a k-test
/// is solvable iff its input signal is at least k, for every signal 0..2 and k 0..2.
/// Returns one line per case and whether all held.
pub fn harness_self_check(wire: &Gadget, options: &SolveOptions) -> (String, bool) {
    let mut text =
        String::from("harness self-check: bare wire + k-test, solvable iff input >= k\n");
    let mut all_ok = true;
    for signal in 0..=2u8 {
        for test in 0..=2u8 {
            let placement = vec![0; wire.table_inputs.len()];
            let Some((board, antenna)) = harness_board(wire, &[signal], &placement, test) else {
                all_ok = false;
                continue;
            };
            let check = run_harness(&board, &antenna, test, signal >= test, options);
            let ok = check.passed();
            all_ok &= ok;
            let _ = writeln!(
                text,
                "  input {signal}, {test}-test: {} ({} states){}",
                match check.solvable {
                    Some(true) => "solvable",
                    Some(false) => "unsolvable",
                    None => "unknown",
                },
                check.stats.nodes,
                if ok { "" } else { "  MISMATCH" }
            );
        }
    }
    (text, all_ok)
}

/// Default limits used by the CLI and the test suite.
pub fn default_options() -> VerifyOptions {
    VerifyOptions {
        search: SolveOptions {
            variant: Variant::Standard,
            node_limit: None,
            time_limit: Some(Duration::from_secs(600)),
        },
        harness_max_kings: Some(20),
    }
}

/// The orientations of a gadget the verifier checks: all eight for the corner (the
/// library stores one corner; the compiler uses its images), the file's own otherwise.
pub fn images_to_check(gadget: &Gadget) -> Vec<Gadget> {
    if gadget.name == "corner" {
        Symmetry::all().map(|s| gadget.transformed(s)).collect()
    } else {
        vec![gadget.clone()]
    }
}
