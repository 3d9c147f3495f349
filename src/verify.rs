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
//! signal column standing directly on a port: k-test solvable iff the signal is at least k.

use std::collections::BTreeSet;
use std::fmt::Write as _;

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
    /// Single-output gadgets with more kings than this are measured by k-tests alone
    /// (see [`Measured::TestMax`]) instead of output reading; `None`: always read.
    pub reading_max_kings: Option<usize>,
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
    /// The largest k whose k-test harness (output port extended by a k-test) is
    /// solvable, −1 if none is: the maximal output, measured without output reading.
    TestMax(i8),
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
    pub composed_from: Vec<String>,
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
        Measured::TestMax(max) => format!("max {max} by k-tests"),
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
    let kings = gadget.kings.len() + gadget.table_inputs.len();
    let by_tests =
        gadget.table_outputs.len() == 1 && options.reading_max_kings.is_some_and(|max| kings > max);
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
fn measure_by_tests(
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

/// The harness checked on itself: a signal column standing directly on the output port
/// of the horizontal wire `wire`, followed by a k-test, is solvable iff the signal is at
/// least k, for every signal 0..2 and k 0..2. Returns one line per case and whether all held.
pub fn harness_self_check(wire: &Gadget, options: &SolveOptions) -> (String, bool) {
    let mut text =
        String::from("harness self-check: signal column + k-test, solvable iff signal >= k\n");
    let mut all_ok = true;
    let output = wire.outputs()[0].clone();
    for signal in 0..=2u8 {
        for test in 0..=2u8 {
            let Some((board, antenna)) =
                harness_around(signal_column(&output, signal, 0), &output, test)
            else {
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

/// The orientations of a gadget the verifier checks: all eight for the corner (the
/// library stores one corner; the compiler uses its images), the file's own otherwise.
pub fn images_to_check(gadget: &Gadget) -> Vec<Gadget> {
    if gadget.name == "corner" {
        Symmetry::all().map(|s| gadget.transformed(s)).collect()
    } else {
        vec![gadget.clone()]
    }
}

/// Why a composite gadget is not the assembly its `part` lines describe, or why its
/// table cannot be composed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{gadget}: {message}")]
pub struct CompositionError {
    pub gadget: String,
    pub message: String,
}

/// A part of a composite, placed on the composite's squares.
struct Placed {
    name: String,
    library_name: String,
    gadget: Gadget,
}

fn translated(gadget: &Gadget, at: Square) -> Gadget {
    let shift = |s: Square| Square::new(s.row + at.row - 1, s.col + at.col - 1);
    let mut image = gadget.clone();
    for king in &mut image.kings {
        king.0 = shift(king.0);
    }
    for port in &mut image.ports {
        port.squares = port.squares.map(shift);
    }
    image
}

/// Where the value of a port comes from inside a composite.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Source {
    /// Composite input (index in the composite's table inputs).
    External(usize),
    /// Output port `port` of part `part`.
    Part { part: usize, port: char },
}

/// Verifies a composite gadget (thesis Fig. 5.8, Lemma 5.13) from its parts. (The
/// assembled board is also searched exhaustively, like any gadget, by [`verify_gadget`];
/// `sat2chess gadgets verify` and the tests do both.)
///
/// Structure (exact): the composite's kings are exactly the union of its parts' kings
/// (library gadgets, transformed and placed as the `part` lines say), no two parts put a
/// king on one square, every part input is either fed by another part's output port on
/// the same two squares with the same flow or is a composite input, every part output
/// feeds one part input or is a composite output, and kings of different parts touch only
/// across such a connection (one of them stands on the other part's input port).
///
/// Table (by composition): the signals are propagated through the parts' thesis tables,
/// which the verifier checks for each library gadget separately, branching over every
/// maximal output tuple of a part. By monotony (Obs. 5.1) a smaller signal never allows
/// more, so the maximal composite tuples are exactly the maximal tuples found this way.
/// This rests on the thesis' own composition principle: a gadget interacts with its
/// neighbours only through the signals on its ports (the harness cross-check tests this
/// for single-output gadgets).
pub fn verify_composite(
    gadget: &Gadget,
    library: &[Gadget],
) -> Result<GadgetReport, CompositionError> {
    let fail = |message: String| CompositionError {
        gadget: gadget.name.clone(),
        message,
    };
    let mut placed = Vec::new();
    for part in &gadget.parts {
        let base = library
            .iter()
            .find(|g| g.name == part.gadget && g.name != gadget.name)
            .ok_or_else(|| {
                fail(format!(
                    "part {}: no library gadget `{}`",
                    part.name, part.gadget
                ))
            })?;
        let image = translated(&base.transformed(part.symmetry), part.at);
        placed.push(Placed {
            name: part.name.clone(),
            library_name: base.name.clone(),
            gadget: image,
        });
    }

    // The kings are exactly the union of the parts' kings.
    let mut owner: std::collections::BTreeMap<Square, (usize, u32)> =
        std::collections::BTreeMap::new();
    for (index, part) in placed.iter().enumerate() {
        for &(square, budget) in &part.gadget.kings {
            if let Some((other, _)) = owner.insert(square, (index, budget)) {
                return Err(fail(format!(
                    "parts {} and {} both put a king on {square}",
                    placed[other].name, part.name
                )));
            }
        }
    }
    let union: Vec<(Square, u32)> = owner.iter().map(|(&s, &(_, b))| (s, b)).collect();
    if union != gadget.kings {
        let board: BTreeSet<(Square, u32)> = gadget.kings.iter().copied().collect();
        let parts: BTreeSet<(Square, u32)> = union.iter().copied().collect();
        let extra = board.difference(&parts).next();
        let missing = parts.difference(&board).next();
        return Err(fail(format!(
            "the board is not the union of its parts (board only: {extra:?}, parts only: {missing:?})"
        )));
    }

    // Ports: connections and composite ports.
    let same = |a: &Port, b: &Port| {
        let (mut x, mut y) = (a.squares, b.squares);
        x.sort_unstable();
        y.sort_unstable();
        x == y && a.flow == b.flow
    };
    let mut sources: std::collections::BTreeMap<(usize, char), Source> =
        std::collections::BTreeMap::new();
    let mut used_outputs: BTreeSet<(usize, char)> = BTreeSet::new();
    let mut composite_outputs: Vec<Option<(usize, char)>> = vec![None; gadget.table_outputs.len()];
    for (index, part) in placed.iter().enumerate() {
        for port in part.gadget.inputs() {
            let feeder = placed.iter().enumerate().find_map(|(other, q)| {
                q.gadget
                    .outputs()
                    .into_iter()
                    .find(|out| other != index && same(out, port))
                    .map(|out| (other, out.name))
            });
            let source = if let Some((other, name)) = feeder {
                if !used_outputs.insert((other, name)) {
                    return Err(fail(format!(
                        "output {}.{name} feeds two inputs",
                        placed[other].name
                    )));
                }
                Source::Part {
                    part: other,
                    port: name,
                }
            } else {
                let external = gadget
                    .inputs()
                    .iter()
                    .position(|outer| same(outer, port))
                    .ok_or_else(|| {
                        fail(format!(
                            "input {}.{} is not connected",
                            part.name, port.name
                        ))
                    })?;
                Source::External(external)
            };
            sources.insert((index, port.name), source);
        }
    }
    for (index, part) in placed.iter().enumerate() {
        for port in part.gadget.outputs() {
            if used_outputs.contains(&(index, port.name)) {
                continue;
            }
            let position = gadget
                .outputs()
                .iter()
                .position(|outer| same(outer, port))
                .ok_or_else(|| fail(format!("output {}.{} leads nowhere", part.name, port.name)))?;
            composite_outputs[position] = Some((index, port.name));
        }
    }
    let composite_outputs: Vec<(usize, char)> = composite_outputs
        .into_iter()
        .zip(&gadget.table_outputs)
        .map(|(found, name)| {
            found.ok_or_else(|| fail(format!("output port {name} is no part's output")))
        })
        .collect::<Result<_, _>>()?;
    let externals: BTreeSet<usize> = sources
        .values()
        .filter_map(|s| match s {
            Source::External(i) => Some(*i),
            Source::Part { .. } => None,
        })
        .collect();
    if externals.len() != gadget.table_inputs.len() {
        return Err(fail("some input port feeds no part".to_owned()));
    }

    // Kings of different parts touch only across a connection.
    let input_squares = |part: &Placed| -> BTreeSet<Square> {
        part.gadget
            .inputs()
            .iter()
            .flat_map(|p| p.squares)
            .collect()
    };
    let inputs_of: Vec<BTreeSet<Square>> = placed.iter().map(input_squares).collect();
    for (&u, &(pu, _)) in &owner {
        for (&v, &(pv, _)) in &owner {
            if pu < pv
                && adjacent(u, v)
                && !inputs_of[pv].contains(&u)
                && !inputs_of[pu].contains(&v)
            {
                return Err(fail(format!(
                    "kings {u} (part {}) and {v} (part {}) touch outside a port connection",
                    placed[pu].name, placed[pv].name
                )));
            }
        }
    }

    // A composite input's signal column touches only the part it feeds.
    for (&(index, name), source) in &sources {
        if let Source::External(_) = source {
            let port = placed[index]
                .gadget
                .port(name)
                .expect("source keys are ports");
            for &square in &port.squares {
                if let Some((&other_square, &(other, _))) = owner
                    .iter()
                    .find(|&(&k, &(part, _))| part != index && adjacent(k, square))
                {
                    return Err(fail(format!(
                        "input square {square} of part {} touches {other_square} of part {}",
                        placed[index].name, placed[other].name
                    )));
                }
            }
        }
    }

    // Compose the tables.
    let mut order = Vec::new();
    let mut known: BTreeSet<usize> = BTreeSet::new();
    while order.len() < placed.len() {
        let next = (0..placed.len()).find(|&i| {
            !known.contains(&i)
                && placed[i]
                    .gadget
                    .inputs()
                    .iter()
                    .all(|p| match sources[&(i, p.name)] {
                        Source::External(_) => true,
                        Source::Part { part, .. } => known.contains(&part),
                    })
        });
        let next = next.ok_or_else(|| fail("the parts' connections form a cycle".to_owned()))?;
        known.insert(next);
        order.push(next);
    }
    let mut rows = Vec::new();
    for row in &gadget.table {
        type World = std::collections::BTreeMap<(usize, char), i8>;
        let mut worlds: Vec<World> = vec![World::new()];
        for &index in &order {
            let part = &placed[index].gadget;
            let mut next_worlds = Vec::new();
            for world in worlds {
                let inputs: Vec<u8> = part
                    .inputs()
                    .iter()
                    .map(|p| match sources[&(index, p.name)] {
                        Source::External(i) => row.inputs[i],
                        Source::Part { part, port } => world[&(part, port)] as u8,
                    })
                    .collect();
                let part_row = part
                    .table
                    .iter()
                    .find(|r| r.inputs == inputs)
                    .ok_or_else(|| {
                        fail(format!(
                            "part {} ({}) has no table row for inputs {inputs:?}",
                            placed[index].name, placed[index].library_name
                        ))
                    })?;
                let Outcome::Outputs(tuples) = &part_row.expected else {
                    return Err(fail(format!("part {} has no outputs", placed[index].name)));
                };
                for tuple in tuples.iter().filter(|t| t.iter().all(|&v| v >= 0)) {
                    let mut extended = world.clone();
                    for (name, &value) in part.table_outputs.iter().zip(tuple) {
                        extended.insert((index, *name), value);
                    }
                    next_worlds.push(extended);
                }
            }
            worlds = next_worlds;
        }
        let all: BTreeSet<Vec<i8>> = worlds
            .iter()
            .map(|w| composite_outputs.iter().map(|key| w[key]).collect())
            .collect();
        let maximal = maximal_tuples(&all);
        rows.push(RowReport {
            inputs: row.inputs.clone(),
            expected: row.expected.clone(),
            measured: vec![Measured::Outputs { all, maximal }],
            stats: SearchStats::default(),
            harness: Vec::new(),
            harness_skipped: Some("composite (verified by composition)".to_owned()),
        });
    }
    let mut composed_from: Vec<String> = placed.iter().map(|p| p.library_name.clone()).collect();
    composed_from.sort_unstable();
    composed_from.dedup();
    Ok(GadgetReport {
        name: gadget.name.clone(),
        implements: gadget.implements.clone(),
        rows,
        composed_from,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gadgets::{king_gadget, king_library, parse_gadget};

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

    #[test]
    fn composites_are_exact_assemblies() {
        let library = king_library().unwrap();
        for name in ["double-assignment", "crossing"] {
            let gadget = library.iter().find(|g| g.name == name).unwrap();
            let report = verify_composite(gadget, &library).unwrap();
            assert!(report.passed(), "{}", report.render(gadget));
        }
        let original = library
            .iter()
            .find(|g| g.name == "double-assignment")
            .unwrap()
            .to_string();
        // A king too many, touching two parts.
        let extra = original.replace("P22222222.22", "P222222222222");
        let broken = parse_gadget("broken", &extra).unwrap();
        let error = verify_composite(&broken, &library).unwrap_err();
        assert!(error.message.contains("not the union"), "{error}");
        // A part moved by one square.
        let moved = original.replace("part A: and identity at 7 7", "part A: and identity at 7 8");
        let broken = parse_gadget("broken", &moved).unwrap();
        assert!(verify_composite(&broken, &library).is_err());
        // A wrong expectation is reported as a failed row.
        let wrong = original.replace("-> 1 0 0 | 0 1 1", "-> 1 1 1");
        let broken = parse_gadget("broken", &wrong).unwrap();
        assert!(!verify_composite(&broken, &library).unwrap().passed());
    }
}
