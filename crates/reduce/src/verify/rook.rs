//! Verification of the Rook library (thesis ch. 7) by exhaustive search
//! (`rook_search`) in minimal well-formed contexts.
//!
//! By Lemma 7.1 a well-formed board is solvable iff its SAT gadgets can all be cleared,
//! the shell's capture destinations being left with any budget; so a context is the
//! gadget, its capture destinations on a belt row 1 / column 1 (free to move: they may
//! capture each other and into gadgets, as on the full board), a 2-rook on each True
//! input square, and the goal "only belt squares occupied". The cleanup rooks and the
//! tomb only finish the shell (`tomb.txt`, `conveyor_belt.txt` check that on their own).
//!
//! - **Shell files** (`tomb`, `conveyor_belt`): one rook left, on the tomb's (2,2).
//! - **Gadgets without outputs** (triangle, gadget input, right Or): cleared or not, per
//!   input row (Lemma 3.5, Cor. 7.4, Lemma 7.15).
//! - **Gadgets with outputs** (variable, left Or, And): each output square is read by
//!   a gadget input (Fig. 7.6, itself verified first: the 1-test) placed in its row as
//!   the next gadget's — every gate starts with one — or left free (a *sink*: the
//!   square may end with anything, which by Cor. 7.4/7.5 is never better than False).
//!   An output tuple is achievable iff the context with readers on its 1s and sinks on
//!   its 0s clears; the maximal achievable tuples must equal the table (Lemmas 7.9,
//!   7.10, 7.12/7.13). The reader's triangle may also capture back into the gadget, so
//!   a True output that could only be faked that way would show up here: the "no
//!   capture from the next gadget" Lemmas 7.8, 7.11 and 7.14 are checked with the
//!   functions.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::rook_search::{Goal, RookSearch, SearchError, SearchLimits};
use crate::gadgets::lines::{Frame, Instance, Line, Role, Sketch, with_inputs};
use crate::gadgets::{Gadget, Outcome, TableRow, format_signals};
use sat2chess_core::board::Square;
use sat2chess_solve::SolveOptions;

/// The node limit of a single Rook search when none is given (`gadgets verify
/// --node-limit`): the search memoises every failed state, so it is bounded by default.
pub const DEFAULT_ROOK_NODE_LIMIT: u64 = 1 << 24;

/// The contexts' frame: belt row and column 1, gadget lines from 2 on.
const CONTEXT: Frame = Frame {
    belt_row: 1,
    belt_col: 1,
    first: 2,
};

/// The shell's files: checked for one piece left on the tomb's final square.
const SHELL_FILES: [&str; 2] = ["tomb", "conveyor_belt"];

/// The tomb's final square (Fig. 7.2).
const FINAL_SQUARE: Square = Square::new(2, 2);

/// Squares with budgets.
type Pieces = Vec<(Square, u32)>;

/// One table row's check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RowCheck {
    pub inputs: Vec<u8>,
    pub expected: Outcome,
    /// What the searches found, or the limit one of them reached (the row is undecided).
    pub found: Result<Outcome, SearchError>,
    /// States expanded by all searches of the row.
    pub states: u64,
}

impl RowCheck {
    /// The row was decided and differs from the table.
    fn mismatch(&self) -> bool {
        self.found
            .as_ref()
            .is_ok_and(|found| *found != self.expected)
    }
}

/// A gadget's verification.
#[derive(Clone, Debug)]
pub(crate) struct RookReport {
    pub rows: Vec<RowCheck>,
    /// A context that broke an empty ray, or a board the search refuses.
    pub error: Option<String>,
}

impl RookReport {
    /// Every row was decided and meets the table.
    pub fn passed(&self) -> bool {
        self.error.is_none() && self.rows.iter().all(|r| r.found == Ok(r.expected.clone()))
    }

    /// Some row was decided against the table, or the gadget could not be searched.
    pub fn failed(&self) -> bool {
        self.error.is_some() || self.rows.iter().any(RowCheck::mismatch)
    }

    /// Some row was left undecided by a search limit.
    pub fn unknown(&self) -> bool {
        self.rows.iter().any(|r| r.found.is_err())
    }

    /// The table with verdicts, one line per row.
    pub fn render(&self, gadget: &Gadget) -> String {
        let mut text = format!("{} ({}):\n", gadget.name, gadget.implements);
        let outcome = |o: &Outcome| match o {
            Outcome::Solvable(true) => "solvable".to_owned(),
            Outcome::Solvable(false) => "unsolvable".to_owned(),
            Outcome::Outputs(tuples) => tuples
                .iter()
                .map(|t| format_signals(gadget.piece, t))
                .collect::<Vec<_>>()
                .join(" | "),
        };
        for row in &self.rows {
            let (found, verdict) = match &row.found {
                Ok(found) if *found == row.expected => (outcome(found), "ok".to_owned()),
                Ok(found) => (
                    outcome(found),
                    format!("MISMATCH: thesis {}", outcome(&row.expected)),
                ),
                Err(limit) => ("unknown".to_owned(), format!("UNKNOWN: {limit}")),
            };
            let inputs = format_signals(gadget.piece, &row.inputs);
            let _ = writeln!(
                text,
                "  {inputs:>3} -> {found:<10} {verdict} ({} states)",
                row.states
            );
        }
        if let Some(error) = &self.error {
            let _ = writeln!(text, "  ERROR: {error}");
        }
        text
    }
}

/// Clears `pieces` to the belt lines (row 1, column 1) and the `free` squares?
fn clears(
    pieces: &[(Square, u32)],
    free: &[Square],
    limits: SearchLimits,
    states: &mut u64,
) -> Result<bool, SearchError> {
    let mut stay: Vec<Square> = pieces
        .iter()
        .map(|&(s, _)| s)
        .filter(|s| s.row == 1 || s.col == 1)
        .collect();
    stay.extend(free);
    let goal = Goal::Cleared {
        stay,
        exact: Vec::new(),
    };
    let (mut search, start) = RookSearch::new(pieces, &[], &goal, limits)?;
    let found = search.find(start);
    *states += search.states;
    Ok(found?.is_some())
}

/// The context of `gadget` with `inputs` whose outputs (table order) are read by a
/// gadget input `reader` (`true`) or left free (`false`, a sink): its pieces, after the
/// empty-ray check, and the free squares.
fn probe_context(
    gadget: &Gadget,
    reader: &Gadget,
    inputs: &[bool],
    probes: &[bool],
) -> Result<(Pieces, Vec<Square>), String> {
    let mut sketch = Sketch::default();
    let mut instance = Instance::new(gadget, [2, 0, 0], [2, 0, 0]);
    for (k, (port, &value)) in gadget.inputs().into_iter().zip(inputs).enumerate() {
        let (row, _) = instance.lines(port.squares[0]);
        let col = Line::At([0, k as u32, 0, 0, 0]);
        instance.feed(port.name, row, col);
        if value {
            sketch.extras.push((row, col, 2, Role::Input));
        }
    }
    let mut free = Vec::new();
    for (k, (port, &read)) in gadget.outputs().into_iter().zip(probes).enumerate() {
        let (row, col) = instance.lines(port.squares[0]);
        if read {
            let mut probe = Instance::new(reader, [2, 1, k as u32], [2, 1, k as u32]);
            probe.feed('a', row, col);
            sketch.add(probe);
        } else {
            free.push((row, col));
        }
    }
    sketch.add(instance);
    let placed = sketch.place(CONTEXT);
    sketch.check_empty_rays(&placed)?;
    let pieces = sketch
        .pieces()
        .into_iter()
        .map(|(row, col, budget, _)| (placed.square(row, col), budget))
        .collect();
    let free = free
        .into_iter()
        .map(|(row, col)| placed.square(row, col))
        .collect();
    Ok((pieces, free))
}

/// Why the searches of a table row stopped without an outcome.
enum Stopped {
    /// A search reached one of its limits: the row is undecided.
    Limit(SearchError),
    /// The row's context cannot be searched (an empty ray broken, too many rooks).
    Error(String),
}

impl From<SearchError> for Stopped {
    fn from(error: SearchError) -> Stopped {
        if error.is_limit() {
            Stopped::Limit(error)
        } else {
            Stopped::Error(error.to_string())
        }
    }
}

/// Verifies one Rook library gadget (see the module doc); the gadget input `reader`
/// reads outputs. Every single search stops at `options`' node limit
/// ([`DEFAULT_ROOK_NODE_LIMIT`] when none is given) and time limit, leaving its row
/// undecided. The table rows are searched in parallel (one thread per core), the report
/// lists them in table order up to the first whose context could not be searched.
pub(crate) fn verify_rook_gadget(
    gadget: &Gadget,
    reader: &Gadget,
    options: &SolveOptions,
) -> RookReport {
    let limits = SearchLimits {
        states: options.node_limit.unwrap_or(DEFAULT_ROOK_NODE_LIMIT),
        time: options.time_limit,
    };
    let mut report = RookReport {
        rows: Vec::new(),
        error: None,
    };
    for checked in in_parallel(gadget.table.len(), |k| {
        check_row(gadget, reader, &gadget.table[k], limits)
    }) {
        match checked {
            Ok(row) => report.rows.push(row),
            Err(error) => {
                report.error = Some(error);
                break;
            }
        }
    }
    report
}

/// One table row of `gadget` searched: its check (undecided when a search reached a
/// limit), or why its context cannot be searched.
fn check_row(
    gadget: &Gadget,
    reader: &Gadget,
    row: &TableRow,
    limits: SearchLimits,
) -> Result<RowCheck, String> {
    let inputs: Vec<bool> = row.inputs.iter().map(|&v| v == 1).collect();
    let mut states = 0;
    let searched = if SHELL_FILES.contains(&gadget.name.as_str()) {
        let goal = Goal::Single(Some(FINAL_SQUARE));
        RookSearch::new(&gadget.pieces, &[], &goal, limits)
            .and_then(|(mut search, start)| {
                let found = search.find(start);
                states += search.states;
                found.map(|f| Outcome::Solvable(f.is_some()))
            })
            .map_err(Stopped::from)
    } else if gadget.table_outputs.is_empty() {
        clears(&with_inputs(gadget, &inputs), &[], limits, &mut states)
            .map(Outcome::Solvable)
            .map_err(Stopped::from)
    } else {
        maximal_outputs(gadget, reader, &inputs, limits, &mut states)
    };
    let found = match searched {
        Ok(outcome) => Ok(outcome),
        Err(Stopped::Limit(limit)) => Err(limit),
        Err(Stopped::Error(error)) => return Err(error),
    };
    Ok(RowCheck {
        inputs: row.inputs.clone(),
        expected: sorted(&row.expected),
        found,
        states,
    })
}

/// `work(0)`, …, `work(count − 1)` on up to one thread per core, in order.
fn in_parallel<T: Send>(count: usize, work: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let threads = std::thread::available_parallelism()
        .map_or(1, usize::from)
        .min(count);
    if threads <= 1 {
        return (0..count).map(work).collect();
    }
    let next = AtomicUsize::new(0);
    let results = Mutex::new((0..count).map(|_| None).collect::<Vec<Option<T>>>());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= count {
                        break;
                    }
                    let result = work(k);
                    results.lock().expect("no worker panicked")[k] = Some(result);
                }
            });
        }
    });
    results
        .into_inner()
        .expect("no worker panicked")
        .into_iter()
        .map(|result| result.expect("every row was worked on"))
        .collect()
}

/// The maximal achievable output tuples of `gadget` with `inputs` (`[-1]`: none).
fn maximal_outputs(
    gadget: &Gadget,
    reader: &Gadget,
    inputs: &[bool],
    limits: SearchLimits,
    states: &mut u64,
) -> Result<Outcome, Stopped> {
    let width = gadget.table_outputs.len();
    let mut achievable: Vec<Vec<bool>> = Vec::new();
    for bits in 0..1u32 << width {
        let probes: Vec<bool> = (0..width)
            .map(|k| bits >> (width - 1 - k) & 1 == 1)
            .collect();
        let (pieces, free) =
            probe_context(gadget, reader, inputs, &probes).map_err(Stopped::Error)?;
        if clears(&pieces, &free, limits, states)? {
            achievable.push(probes);
        }
    }
    let dominated = |a: &Vec<bool>| {
        achievable
            .iter()
            .any(|b| b != a && a.iter().zip(b).all(|(&x, &y)| !x || y))
    };
    let maximal: BTreeSet<Vec<i8>> = achievable
        .iter()
        .filter(|a| !dominated(a))
        .map(|a| a.iter().map(|&v| i8::from(v)).collect())
        .collect();
    if maximal.is_empty() {
        return Ok(Outcome::Outputs(vec![vec![-1]]));
    }
    Ok(Outcome::Outputs(maximal.into_iter().collect()))
}

/// `outcome` with its output tuples in sorted order (tables list them in any order).
fn sorted(outcome: &Outcome) -> Outcome {
    match outcome {
        Outcome::Outputs(tuples) => {
            let mut tuples = tuples.clone();
            tuples.sort_unstable();
            Outcome::Outputs(tuples)
        }
        other => other.clone(),
    }
}
