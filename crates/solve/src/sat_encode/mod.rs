//! An exact SAT encoding of "can this board be cleared to one piece", near-linear in
//! the capture graph: the second exact method of the solver portfolio
//! ([`super::portfolio`]), solved by CaDiCaL by default ([`crate::sat`]).
//!
//! **Facts used** (Brunner et al. 2021, Lemma 2.1). Every move is a capture, so a piece
//! only ever stands on an originally occupied square, and a vacated square stays empty
//! for good. A solution of a board of `n` pieces therefore vacates every square but the
//! final one exactly once, by the capture that moves its current piece away: the
//! captures, one out of each non-final square, form an in-arborescence rooted at the
//! final square, and a square's piece when it leaves is its *last arrival* (or its own
//! piece, with no arrival).
//!
//! **Variables** ([`clauses`]). `made(a,b)` and `last(a,b)` for each possible capture
//! `a → b` (an ordered pair of original squares that some kind on the board reaches on
//! an empty board, [`captures`]); `final(s)`; `arrived(s)`, some capture arrives on
//! `s`; the budget of the leaving piece of `s` in order encoding (`bud(s,j)` = "at
//! least `j`", `j` up to the largest budget below `n − 1`, plus one *unbounded* level
//! when some budget is at least `n − 1`: such a piece never runs out, since a game has
//! `n − 1` captures, and a capture leaves it unbounded); with several kinds, its kind
//! `kind(s,k)`. No time steps and no departure times: the size is linear in the number
//! of possible captures (plus the squares between ranged ones).
//!
//! **Static clauses.** Exactly one `final`; every square has `final` or exactly one of
//! its outgoing captures; at most one `last` arrival per square, a made arrival implies
//! `arrived` on its target, and `arrived` some `last` there; `last(a,b) → made(a,b)`;
//! a made capture needs `bud(a,1)` and a kind of `a` that reaches `b`; `last(a,b)`
//! passes `a`'s budget less one and `a`'s kind to `b`; without `arrived` a square's
//! leaving piece is its own (budget at most its own, its kind); a blocker of a made
//! capture is not final; two squares never capture each other. Chess.com rules:
//! nothing captures onto an original king, and a king's arrival is the last on its
//! target.
//!
//! **Lazy clauses** ([`order`]). A model asks for these precedences (`x ≺ y`: `x` leaves
//! before `y`): `a ≺ b` for each made `a → b` (the target is still occupied); `m ≺ a`
//! for each original square `m` strictly between `a` and `b` (the ray must be empty);
//! `a' ≺ a` for each other made arrival `a' → b` when `a → b` is the last. If they form
//! a cycle, the clause "not all conditions of the cycle's precedences" is added (every
//! real solution satisfies it: its departure times order every precedence it makes
//! true) and the solver goes on, incrementally. Measured against a propagator: not
//! done (docs/solver.md).
//!
//! **Proof.** *Solution ⇒ model:* set `made`, `last`, `final`, `arrived` from the
//! sequence and the budgets and kinds of the leaving pieces (an unbounded piece at the
//! top level: it has a capture left before each of its at most `n − 1`); every static
//! clause holds by the rules, and every lazy clause as said. *Model without a cycle ⇒
//! solution:* order the squares topologically by the precedences and make the chosen
//! captures in the order of their sources. There are `n − 1` of them, one per
//! non-final square. Each is legal when made: its source is occupied (vacated only by
//! this capture, and every arrival on it comes strictly earlier), its target too
//! (vacated later, or final), every original square between is already empty (vacated
//! earlier; other squares never hold a piece); the piece on the source is its last
//! arrival (the other arrivals come earlier) or, with no arrival, the original piece,
//! and by induction over the order its budget is at least the encoded lower bound ≥ 1
//! (at the unbounded level: its first budget was at least `n − 1`, and it has made
//! fewer than `n − 1` captures) and its kind the encoded one, which reaches the target;
//! under chess.com rules no king is captured. So UNSAT proves the board unsolvable
//! (what is trusted is this argument and the encoder, not the solver: its refutation
//! can be checked as an LRAT proof of the emitted CNF), and every decoded sequence is
//! still replayed by [`check_sequence`] before it is returned.
//!
//! Hand-written: no crate encodes Solo Chess (or planning with these move rules) to CNF.

mod acyclic;
mod captures;
mod clauses;
mod order;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use sat2chess_check::check_sequence;
use sat2chess_core::board::{Board, Square};
use sat2chess_core::rules::{Move, Variant};

use crate::sat::{FlatCnf, IncrementalSat, SatBackend, SatError, Stop};
pub use acyclic::{Precedence, eliminate};
pub(crate) use captures::{Capture, possible_captures};
pub(crate) use clauses::Encoding;
use order::Order;

/// The answer of [`solve_by_sat`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum SatOutcome {
    /// A checked solving sequence.
    Solvable(Vec<Move>),
    /// The encoding is unsatisfiable: no sequence clears the board.
    Unsolvable,
    /// The time limit was reached first (or the run was cancelled).
    TimedOut,
    /// The encoding would pass [`clauses::MAX_LITERALS`].
    TooLarge,
    /// The solver failed or returned a model whose sequence the checker refuses (an
    /// internal error; never turned into a verdict).
    Failed(String),
}

/// What [`solve_by_sat`] is asked.
#[derive(Clone, Debug, Default)]
pub(crate) struct SatSettings {
    pub variant: Variant,
    pub time_limit: Option<Duration>,
    pub cancel: Option<Arc<AtomicBool>>,
    pub backend: SatBackend,
    /// Hand the final encoding (static and lazy clauses) back in [`SatRun::cnf`].
    pub keep_cnf: bool,
    /// Where the encoding's size is posted once built, for a caller that stops waiting
    /// at its time limit.
    pub size: Arc<EncodingSize>,
}

/// The size of an encoding being solved (zero until it is built), with the solver calls
/// made and cycle clauses added so far, for a caller that stops waiting at its limit.
#[derive(Debug, Default)]
pub(crate) struct EncodingSize {
    pub variables: AtomicU64,
    pub clauses: AtomicU64,
    pub calls: AtomicU64,
    pub cycle_clauses: AtomicU64,
}

/// An answer of [`solve_by_sat`] with the size of the encoding solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SatRun {
    pub outcome: SatOutcome,
    pub variables: u64,
    pub clauses: u64,
    /// Solver calls (one more than the rounds of lazy cycle clauses).
    pub calls: u64,
    /// Lazy cycle clauses added.
    pub cycle_clauses: u64,
    pub backend: SatBackend,
    /// The final encoding, when [`SatSettings::keep_cnf`] asked for it.
    pub cnf: Option<FlatCnf>,
}

/// Decides `board` with the encoding.
pub(crate) fn solve_by_sat(board: &Board, settings: &SatSettings) -> SatRun {
    let mut run = SatRun {
        outcome: SatOutcome::TimedOut,
        variables: 0,
        clauses: 0,
        calls: 0,
        cycle_clauses: 0,
        backend: settings.backend,
        cnf: None,
    };
    let n = board.len();
    if n <= 1 {
        run.outcome = if n == 0 {
            SatOutcome::Unsolvable
        } else {
            SatOutcome::Solvable(Vec::new())
        };
        return run;
    }
    let Some(mut encoding) = Encoding::build(board, settings.variant) else {
        run.outcome = SatOutcome::TooLarge;
        return run;
    };
    let size = &settings.size;
    size.variables
        .store(u64::from(encoding.cnf.num_vars()), Ordering::Relaxed);
    size.clauses
        .store(encoding.cnf.num_clauses() as u64, Ordering::Relaxed);
    let stop = Stop::new(settings.time_limit, settings.cancel.clone());
    let mut solver = IncrementalSat::new(settings.backend, &encoding.cnf, &stop);
    run.outcome = loop {
        run.calls += 1;
        size.calls.store(run.calls, Ordering::Relaxed);
        match solver.solve(&stop) {
            Ok(Some(true)) => {}
            Ok(Some(false)) => break SatOutcome::Unsolvable,
            Ok(None) | Err(SatError::TimeOut) => break SatOutcome::TimedOut,
            Err(error) => break SatOutcome::Failed(error.to_string()),
        }
        match order::order(&encoding, n, &|var| solver.value(var)) {
            Order::Acyclic(order) => {
                break decode(board, settings.variant, &encoding, &order, |var| {
                    solver.value(var)
                });
            }
            Order::Cycles(clauses) => {
                for clause in clauses {
                    solver.add_clause(&clause);
                    encoding.cnf.add_clause(&clause);
                    run.cycle_clauses += 1;
                }
                size.cycle_clauses
                    .store(run.cycle_clauses, Ordering::Relaxed);
                size.clauses
                    .store(encoding.cnf.num_clauses() as u64, Ordering::Relaxed);
            }
        }
    };
    run.variables = u64::from(encoding.cnf.num_vars());
    run.clauses = encoding.cnf.num_clauses() as u64;
    if settings.keep_cnf {
        run.cnf = Some(encoding.cnf);
    }
    run
}

/// The captures of the model in the order of their sources, replayed by the checker.
fn decode(
    board: &Board,
    variant: Variant,
    encoding: &Encoding,
    order: &[u32],
    value: impl Fn(i32) -> bool,
) -> SatOutcome {
    let squares: Vec<Square> = board.pieces().iter().map(|p| p.square).collect();
    let mut target = vec![u32::MAX; squares.len()];
    for (c, capture) in encoding.captures.iter().enumerate() {
        if value(encoding.made(c)) {
            target[capture.from as usize] = capture.to;
        }
    }
    let moves: Vec<Move> = order
        .iter()
        .filter(|&&s| target[s as usize] != u32::MAX)
        .map(|&s| Move::new(squares[s as usize], squares[target[s as usize] as usize]))
        .collect();
    let report = check_sequence(board, &moves, variant);
    if report.is_solution() {
        SatOutcome::Solvable(moves)
    } else {
        debug_assert!(false, "the SAT model decodes to a non-solution: {report}");
        SatOutcome::Failed(format!(
            "the SAT model decodes to a sequence the checker refuses: {report}"
        ))
    }
}

#[cfg(test)]
mod tests;
