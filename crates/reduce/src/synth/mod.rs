//! Gadget synthesis (issue 32): the smallest King gadget inside a frame that computes a
//! given function, found by counterexample-guided search.
//!
//! **The question.** A *specification* is a gadget of the library (or a gadget file): its
//! ports (name, flow, two squares) and its truth table — for every input signal
//! combination the maximal reachable output tuples (thesis §5.2, Obs. 5.1), or whether
//! the gadget reduces to one piece. A *frame* is an R × C rectangle holding the ports:
//! ports on the top or left edge keep their squares, ports on the bottom (right) edge move
//! with the bottom (right) edge, so the frame can shrink. A *candidate* puts a 2-king (the
//! thesis' gadgets use budget 2 throughout ch. 5; so does this search) on any set of the
//! frame's other squares. The search returns a candidate with the fewest kings that the
//! verifier ([`crate::verify`], the same checks as `sat2chess gadgets verify`, all eight
//! orientations for the corner) accepts, or proves that none with at most N kings exists.
//!
//! **Propose.** A SAT model (CaDiCaL, [`sat2chess_solve::sat::IncrementalSat`]) has one
//! variable per free square ("a king stands here") and, for the bound k = 0, 1, 2, …, a
//! sequential counter (Sinz 2005) allowing at most k kings; k rises only once the model
//! is unsatisfiable at k, so the first accepted candidate is a smallest one. Besides, the
//! model holds clauses every accepted candidate satisfies:
//! - *contacts*: a square next to a port's continuation outside the frame (the wire that
//!   feeds an input, the wire after an output) stays empty, so the gadget touches the
//!   wires around it only through its ports;
//! - *no stray kings*: every king has a king or a port square among its eight
//!   neighbours, and every port has a king (or another port) beside it. A king group that
//!   touches no port can never be captured away (kings capture only neighbours, and
//!   pieces only move onto squares of their own group), so every row whose table value is
//!   not the error value would fail.
//! - *witnesses* (`witness.rs`): for every row, reachable tuple and input placement, a
//!   capture sequence that ends with pieces only on the output ports, reading at least
//!   the tuple — the spanning-forest characterisation of King captures over the
//!   candidate's squares, one copy per row. The verifier then only has to refute
//!   candidates that reach *more* than the table (or that clear an error row); on the
//!   crossing's g in 6 × 6 this took the exhausted bound from 8 kings in 600 s to 12
//!   in 95 s (docs/measurements.md, 2026-11-29 session 8).
//!
//! **Check and learn.** A proposal whose kings and port squares fall into groups (of
//! neighbouring squares) one of which holds no output square (for a gadget without
//! outputs: any proposal of several groups) is refuted without the verifier: that group
//! keeps a piece outside the outputs whatever is captured, so the clause "one of the
//! group's kings is gone or a free square beside the group holds a king" is learnt. The
//! verifier judges every other proposal. A rejected candidate P yields
//! the clause "differ from P on some square of N(P)": N(P) is the set of free squares
//! that hold a king of P or touch a king or a port square. Any candidate Q that agrees
//! with P on N(P) is P plus kings that touch nothing of P: those form groups without a
//! port, which fail every non-error row (as above), and P's own group behaves as in P;
//! so Q is rejected too. (When the table has no non-error row the clause blocks P alone.)
//! Candidates whose check hits the verifier's limit are blocked as well but counted as
//! *undecided*: an exhaustion claim then says how many candidates it did not decide.
//!
//! **Why hand-written.** The proposal model is a few hundred clauses over at most a few
//! hundred squares; the check is the library's verifier, unchanged, so a synthesized
//! gadget is exactly as trustworthy as a hand-made one. A MaxSAT solver would add a
//! dependency for what one counter and a rising bound already do.

mod avoid;
mod spec;
mod witness;

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use sat2chess_core::board::Square;
use sat2chess_solve::sat::{FlatCnf, IncrementalSat, SatBackend, SatError, Stop};

use crate::gadgets::{Gadget, Outcome, PortRole};
use crate::verify::{VerifyOptions, images_to_check, verify_gadget};

pub use avoid::{AvoidError, AvoidList, tiles_digest};
pub use spec::{Frame, SYNTHESIZED, SpecError, frame_spec};

/// What the synthesis found.
#[derive(Clone, Debug)]
pub enum Synthesized {
    /// A gadget with the fewest kings (every bound below was exhausted), verified.
    Found(Box<Gadget>),
    /// Every candidate with at most `max_kings` free kings was refuted (or left
    /// undecided, see [`Synthesis::undecided`]).
    Exhausted { max_kings: usize },
    /// The time limit was reached; every bound below `bound` was exhausted.
    Limit { bound: usize },
}

/// The search's result and its statistics.
#[derive(Clone, Debug)]
pub struct Synthesis {
    pub result: Synthesized,
    /// Candidates proposed and checked by the verifier.
    pub candidates: usize,
    /// Candidates the verifier could not decide within its limits (blocked all the same).
    pub undecided: usize,
    /// Candidates the verifier accepted but the further check of [`synthesize`]'s
    /// `assembled` refused (blocked alone: the claim of a bound exhausted then covers
    /// only gadgets that pass that check as well).
    pub refused_assembled: usize,
    /// Wall-clock time of the whole search.
    pub elapsed: Duration,
    /// For each bound k exhausted, the number of candidates refuted with exactly k kings.
    pub exhausted_bounds: Vec<(usize, usize)>,
}

/// Options of [`synthesize`].
#[derive(Clone, Debug)]
pub struct SynthOptions {
    /// The largest number of kings the search places on free squares (the output ports'
    /// kings come on top).
    pub max_kings: usize,
    /// The bound the search starts at (0: every bound, so the first gadget found is a
    /// smallest one). A bound k searched to the end still proves that no gadget with at
    /// most k kings exists, since its model allows any number up to k; starting higher
    /// only skips the smaller bounds' searches, so a gadget found need not be smallest.
    /// Above `max_kings`, the search starts at `max_kings`.
    pub first_bound: usize,
    /// Stop after this long (the result is then [`Synthesized::Limit`]).
    pub time_limit: Option<Duration>,
    /// The verifier's options for each candidate.
    pub verify: VerifyOptions,
    /// Candidates (their kings) that `assembled` refused in an earlier run: blocked
    /// alone before the search starts, as if proposed and refused again. A claim of a
    /// bound exhausted then rests on those refusals too.
    pub avoid: Vec<Vec<Square>>,
}

/// Why the synthesis could not run.
#[derive(Debug, thiserror::Error)]
pub enum SynthError {
    #[error("the SAT solver failed")]
    Sat(#[source] SatError),
    #[error(
        "a candidate to avoid puts a king on ({row},{col}), which is no free square of the frame"
    )]
    AvoidOutside { row: u32, col: u32 },
}

/// Searches `frame` for a smallest gadget computing its specification (module doc).
/// `progress` hears one line per bound and per accepted candidate. A candidate the
/// verifier accepts must also pass `assembled` (e.g. the exhaustive search of every tile
/// that stamps it, [`crate::back::king::tiles_accept`]; `|_| Ok(())` for none); one it
/// refuses is blocked alone and the search goes on.
pub fn synthesize(
    frame: &Frame,
    options: &SynthOptions,
    progress: &mut dyn FnMut(&str),
    assembled: &mut dyn FnMut(&Gadget) -> Result<(), Vec<String>>,
) -> Result<Synthesis, SynthError> {
    let start = Instant::now();
    let stop = Stop::new(options.time_limit, None);
    let free = frame.free_squares();
    let var = |square: Square| free.iter().position(|&s| s == square).map(|i| i as i32 + 1);
    let mut base = FlatCnf::new(free.len() as u32);
    structural_clauses(frame, &free, &var, &mut base);
    witness::witness_clauses(frame, &free, &var, &mut base);
    let mut learnt: Vec<Vec<i32>> = Vec::new();
    for kings in &options.avoid {
        if let Some(&outside) = kings.iter().find(|&&s| var(s).is_none()) {
            return Err(SynthError::AvoidOutside {
                row: outside.row,
                col: outside.col,
            });
        }
        learnt.push(only_this(kings, &free));
    }
    let has_clearable_row = frame.gadget.table.iter().any(|row| match &row.expected {
        Outcome::Outputs(tuples) => tuples.iter().any(|t| t.iter().all(|&v| v >= 0)),
        Outcome::Solvable(solvable) => *solvable,
    });
    let mut synthesis = Synthesis {
        result: Synthesized::Exhausted {
            max_kings: options.max_kings,
        },
        candidates: 0,
        undecided: 0,
        refused_assembled: 0,
        elapsed: Duration::ZERO,
        exhausted_bounds: Vec::new(),
    };
    let top = options.max_kings.min(free.len());
    for bound in options.first_bound.min(top)..=top {
        let mut cnf = base.clone();
        at_most(&mut cnf, free.len(), bound);
        let mut solver = IncrementalSat::new(SatBackend::Cadical, &cnf, &stop);
        for clause in &learnt {
            solver.add_clause(clause);
        }
        let mut refuted = 0;
        loop {
            match solver.solve(&stop).map_err(SynthError::Sat)? {
                None => {
                    synthesis.result = Synthesized::Limit { bound };
                    synthesis.elapsed = start.elapsed();
                    return Ok(synthesis);
                }
                Some(false) => break,
                Some(true) => {}
            }
            let kings: Vec<Square> = free
                .iter()
                .enumerate()
                .filter(|&(i, _)| solver.value(i as i32 + 1))
                .map(|(_, &s)| s)
                .collect();
            synthesis.candidates += 1;
            let stray = stray_groups(frame, &kings, &free, &var);
            if !stray.is_empty() && has_clearable_row {
                for clause in stray {
                    solver.add_clause(&clause);
                    learnt.push(clause);
                }
                refuted += 1;
                continue;
            }
            let candidate = frame.gadget_with(&kings);
            let mut alone = !has_clearable_row;
            match check(&candidate, &options.verify) {
                Verdict::Accepted => match assembled(&candidate) {
                    Ok(()) => {
                        progress(&format!(
                            "{} kings: accepted after {} candidates",
                            kings.len(),
                            synthesis.candidates
                        ));
                        synthesis.result = Synthesized::Found(Box::new(candidate));
                        synthesis.elapsed = start.elapsed();
                        return Ok(synthesis);
                    }
                    Err(failures) => {
                        progress(&format!(
                            "{} kings: verified, refused assembled ({} failures, first: {})",
                            kings.len(),
                            failures.len(),
                            failures.first().map_or("", String::as_str)
                        ));
                        synthesis.refused_assembled += 1;
                        alone = true;
                    }
                },
                Verdict::Undecided => synthesis.undecided += 1,
                Verdict::Rejected => {}
            }
            refuted += 1;
            let clause = if !alone {
                blocking_clause(frame, &kings, &free, &var)
            } else {
                only_this(&kings, &free)
            };
            solver.add_clause(&clause);
            learnt.push(clause);
        }
        progress(&format!(
            "at most {bound} kings: exhausted ({refuted} candidates refuted, {:.1} s)",
            start.elapsed().as_secs_f64()
        ));
        synthesis.exhausted_bounds.push((bound, refuted));
    }
    synthesis.elapsed = start.elapsed();
    Ok(synthesis)
}

/// The clause that blocks the candidate `kings` alone (variable i + 1: `free[i]`).
fn only_this(kings: &[Square], free: &[Square]) -> Vec<i32> {
    free.iter()
        .enumerate()
        .map(|(i, s)| {
            let v = i as i32 + 1;
            if kings.contains(s) { -v } else { v }
        })
        .collect()
}

/// The verifier's judgement of one candidate.
enum Verdict {
    Accepted,
    Rejected,
    Undecided,
}

/// Verifies every orientation the library verifies: first by output reading alone
/// (cheap), then with every check of `options` (the harness cross-check).
fn check(candidate: &Gadget, options: &VerifyOptions) -> Verdict {
    let quick = VerifyOptions {
        harness_max_kings: None,
        ..options.clone()
    };
    let mut undecided = false;
    for opts in [&quick, options] {
        for image in images_to_check(candidate) {
            let report = verify_gadget(&image, opts);
            if report.failed() {
                return Verdict::Rejected;
            }
            undecided |= !report.passed();
        }
        if undecided {
            return Verdict::Undecided;
        }
    }
    Verdict::Accepted
}

/// Whether square `b` is one of the eight neighbours of position `a` (a position may lie
/// outside the frame: row or column 0).
fn touches(a: (i64, i64), b: Square) -> bool {
    a != (i64::from(b.row), i64::from(b.col))
        && (a.0 - i64::from(b.row)).abs() <= 1
        && (a.1 - i64::from(b.col)).abs() <= 1
}

/// The contact and no-stray-king clauses (module doc).
fn structural_clauses(
    frame: &Frame,
    free: &[Square],
    var: &dyn Fn(Square) -> Option<i32>,
    cnf: &mut FlatCnf,
) {
    let port_squares = frame.port_squares();
    for port in &frame.gadget.ports {
        let (dr, dc) = port.flow.delta();
        let sign = if port.role == PortRole::Input { -1 } else { 1 };
        for s in port.squares {
            let beyond = (i64::from(s.row) + sign * dr, i64::from(s.col) + sign * dc);
            for &square in free {
                if touches(beyond, square) {
                    cnf.add_clause(&[-var(square).expect("a free square")]);
                }
            }
        }
        let touches_port = |s: Square| {
            port.squares
                .iter()
                .any(|&p| touches((s.row.into(), s.col.into()), p))
        };
        if port_squares
            .iter()
            .any(|&p| !port.squares.contains(&p) && touches_port(p))
        {
            continue;
        }
        let beside: Vec<i32> = free
            .iter()
            .filter(|&&s| touches_port(s))
            .filter_map(|&s| var(s))
            .collect();
        cnf.add_clause(&beside);
    }
    for &square in free {
        let here = (i64::from(square.row), i64::from(square.col));
        if port_squares.iter().any(|&p| touches(here, p)) {
            continue;
        }
        let mut clause = vec![-var(square).expect("a free square")];
        clause.extend(
            free.iter()
                .filter(|&&s| touches(here, s))
                .filter_map(|&s| var(s)),
        );
        cnf.add_clause(&clause);
    }
}

/// For each group of `kings` and port squares (connected through neighbouring squares)
/// that holds no output square — or, for a gadget without outputs, every group when there
/// are several — the clause "this group is not a whole group": one of its kings is gone
/// or a free square beside it holds a king. Such a group keeps a piece outside the output
/// ports whatever is captured (module doc).
fn stray_groups(
    frame: &Frame,
    kings: &[Square],
    free: &[Square],
    var: &dyn Fn(Square) -> Option<i32>,
) -> Vec<Vec<i32>> {
    let outputs: Vec<Square> = frame
        .gadget
        .outputs()
        .iter()
        .flat_map(|p| p.squares)
        .collect();
    let nodes: Vec<Square> = kings.iter().copied().chain(frame.port_squares()).collect();
    let mut group = vec![usize::MAX; nodes.len()];
    let mut groups: Vec<Vec<Square>> = Vec::new();
    for startat in 0..nodes.len() {
        if group[startat] != usize::MAX {
            continue;
        }
        let id = groups.len();
        group[startat] = id;
        let mut members = vec![nodes[startat]];
        let mut next = 0;
        while next < members.len() {
            let here = members[next];
            next += 1;
            for (i, &other) in nodes.iter().enumerate() {
                if group[i] == usize::MAX && touches((here.row.into(), here.col.into()), other) {
                    group[i] = id;
                    members.push(other);
                }
            }
        }
        groups.push(members);
    }
    let several = groups.len() > 1;
    groups
        .iter()
        .filter(|members| {
            if outputs.is_empty() {
                several
            } else {
                !members.iter().any(|s| outputs.contains(s))
            }
        })
        .map(|members| {
            let mut clause: Vec<i32> = members.iter().filter_map(|&s| var(s)).map(|v| -v).collect();
            clause.extend(
                free.iter()
                    .filter(|&&s| {
                        !members.contains(&s)
                            && members
                                .iter()
                                .any(|&m| touches((s.row.into(), s.col.into()), m))
                    })
                    .filter_map(|&s| var(s)),
            );
            clause
        })
        .collect()
}

/// "Differ from `kings` somewhere on N(kings)" (module doc).
fn blocking_clause(
    frame: &Frame,
    kings: &[Square],
    free: &[Square],
    var: &dyn Fn(Square) -> Option<i32>,
) -> Vec<i32> {
    let occupied: BTreeSet<Square> = kings.iter().copied().chain(frame.port_squares()).collect();
    free.iter()
        .filter(|&&s| {
            occupied.contains(&s)
                || occupied
                    .iter()
                    .any(|&o| touches((s.row.into(), s.col.into()), o))
        })
        .map(|&s| {
            let v = var(s).expect("a free square");
            if kings.contains(&s) { -v } else { v }
        })
        .collect()
}

/// At most `bound` of the variables 1..=`n` are true (sequential counter, Sinz 2005):
/// `count[i][j]` holds when at least j + 1 of the first i + 1 variables are true.
fn at_most(cnf: &mut FlatCnf, n: usize, bound: usize) {
    if bound == 0 {
        for v in 1..=n {
            cnf.add_clause(&[-(v as i32)]);
        }
        return;
    }
    if n <= bound {
        return;
    }
    let first = cnf.new_vars(n * bound);
    let count = |i: usize, j: usize| first + (i * bound + j) as i32;
    for i in 0..n {
        let x = i as i32 + 1;
        cnf.add_clause(&[-x, count(i, 0)]);
        if i > 0 {
            for j in 0..bound {
                cnf.add_clause(&[-count(i - 1, j), count(i, j)]);
                if j > 0 {
                    cnf.add_clause(&[-x, -count(i - 1, j - 1), count(i, j)]);
                }
            }
            cnf.add_clause(&[-x, -count(i - 1, bound - 1)]);
        }
    }
}

#[cfg(test)]
mod tests;
