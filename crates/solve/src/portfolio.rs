//! The solver portfolio (issue 13 §2): the search engine and the SAT encoding
//! ([`super::sat_encode`]) run on two threads and the first exact answer wins. Both are
//! exact, so the portfolio never changes a verdict, only how soon it comes.
//!
//! The search engine runs on a scoped thread with a cancellation flag that the SAT
//! thread sets when it answers (and the waiting thread when the caller's flag is set).
//! The SAT thread is detached and never waited for; it has a cancellation flag of its
//! own, set when the search answers first (CaDiCaL stops at once; splr, which has no
//! interrupt, runs on until its own time limit, in whole seconds, or its answer).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use sat2chess_core::board::Board;

use super::options::{Method, SolveOptions};
use super::report::{SearchStats, SolveReport, Verdict};
use super::sat_encode::{SatOutcome, SatRun, SatSettings, solve_by_sat};
use super::search::search;

/// How often the waiting thread looks at the caller's cancellation flag.
const POLL: Duration = Duration::from_millis(5);

/// The engines of a portfolio, as a heartbeat names them while both run.
pub(super) const BOTH: &str = "search + sat";

/// The settings of a SAT run for `options`, its time limit counted from `start`.
pub(super) fn sat_settings(options: &SolveOptions, start: Instant) -> SatSettings {
    SatSettings {
        variant: options.variant,
        time_limit: options
            .time_limit
            .map(|l| l.saturating_sub(start.elapsed())),
        cancel: options.cancel.clone(),
        backend: options.sat_backend,
        keep_cnf: false,
        size: Arc::default(),
    }
}

/// The SAT encoding alone (`--engine sat`); the limits count from `start`. With a
/// time limit or a cancellation flag it runs on a detached thread, so that the answer
/// comes at the limit even when splr overruns it (whole seconds, read between stages).
pub(super) fn sat_only(board: &Board, options: &SolveOptions, start: Instant) -> SolveReport {
    let settings = sat_settings(options, start);
    if settings.time_limit.is_none() && settings.cancel.is_none() {
        return sat_report(solve_by_sat(board, &settings), start);
    }
    let limit = settings.time_limit;
    let (sender, receiver) = mpsc::channel();
    let sat_board = board.clone();
    let backend = settings.backend;
    let size = Arc::clone(&settings.size);
    let spawned = std::thread::Builder::new()
        .name("sat2chess-sat".into())
        .spawn(move || {
            // The receiver is gone when the limit came first.
            let _ = sender.send(solve_by_sat(&sat_board, &settings));
        });
    let timed_out = || SatRun {
        outcome: SatOutcome::TimedOut,
        variables: size.variables.load(Ordering::Relaxed),
        clauses: size.clauses.load(Ordering::Relaxed),
        calls: size.calls.load(Ordering::Relaxed),
        cycle_clauses: size.cycle_clauses.load(Ordering::Relaxed),
        backend,
        cnf: None,
    };
    if spawned.is_err() {
        return sat_report(timed_out(), start);
    }
    let deadline = limit.map(|limit| Instant::now() + limit);
    loop {
        let wait = deadline.map_or(POLL, |d| {
            d.saturating_duration_since(Instant::now()).min(POLL)
        });
        match receiver.recv_timeout(wait) {
            Ok(run) => return sat_report(run, start),
            Err(RecvTimeoutError::Disconnected) => {
                let lost = SatOutcome::Failed("the SAT thread ended without an answer".into());
                return sat_report(
                    SatRun {
                        outcome: lost,
                        ..timed_out()
                    },
                    start,
                );
            }
            Err(RecvTimeoutError::Timeout) => {}
        }
        let cancelled = options
            .cancel
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed));
        if cancelled || deadline.is_some_and(|d| Instant::now() >= d) {
            return sat_report(timed_out(), start);
        }
    }
}

/// What the two threads report to the waiting one.
enum Answer {
    /// The search engine is done; its report comes with the join.
    SearchDone,
    Sat(SatRun),
}

/// The search engine and the SAT encoding in parallel, first exact answer wins. The
/// SAT solver starts after `head_start` unless the search has answered by then (so
/// boards the search decides at once never start a SAT thread).
pub(super) fn solve(
    board: &Board,
    options: &SolveOptions,
    start: Instant,
    head_start: Duration,
) -> SolveReport {
    let stop = Arc::new(AtomicBool::new(false));
    let (sender, receiver) = mpsc::channel();
    let (sat_board, sat_sender) = (board.clone(), sender.clone());
    let sat_stop = Arc::clone(&stop);
    // Set when the search answers first: the SAT solver then stops.
    let search_answered = Arc::new(AtomicBool::new(false));
    let mut settings = sat_settings(options, start);
    settings.cancel = Some(Arc::clone(&search_answered));
    let time_limit = options.time_limit;
    let heartbeat = options.heartbeat.clone();
    // Dropped by the search thread when it ends: the SAT thread then never starts.
    let (search_running, search_ended) = mpsc::channel::<()>();
    let spawned = std::thread::Builder::new()
        .name("sat2chess-sat".into())
        .spawn(move || {
            if !head_start.is_zero()
                && search_ended.recv_timeout(head_start) != Err(RecvTimeoutError::Timeout)
            {
                return;
            }
            super::heartbeat::start(heartbeat.as_deref(), BOTH);
            settings.time_limit = time_limit.map(|l| l.saturating_sub(start.elapsed()));
            let run = solve_by_sat(&sat_board, &settings);
            let stop_search = decisive(&run.outcome);
            // Sent before the search is stopped, so the answer is queued before the
            // search's own; the receiver is gone when the search answered first.
            let _ = sat_sender.send(Answer::Sat(run));
            if stop_search {
                sat_stop.store(true, Ordering::Relaxed);
            }
        });
    if spawned.is_err() {
        return search(board, options, start);
    }
    let search_options = SolveOptions {
        cancel: Some(Arc::clone(&stop)),
        ..options.clone()
    };
    let (searched, sat_run) = std::thread::scope(|scope| {
        let searcher = scope.spawn(move || {
            let report = search(board, &search_options, start);
            drop(search_running);
            let _ = sender.send(Answer::SearchDone);
            report
        });
        let mut sat_run = None;
        while let Some(answer) = next_answer(&receiver, options, &stop) {
            match answer {
                Answer::SearchDone => break,
                Answer::Sat(run) => sat_run = Some(run),
            }
        }
        let searched = searcher
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        search_answered.store(true, Ordering::Relaxed);
        (searched, sat_run)
    });
    match sat_run {
        Some(run) if searched.verdict == Verdict::Unknown && decisive(&run.outcome) => {
            sat_report(run, start)
        }
        _ => searched,
    }
}

/// The next answer (`None`: every sender is gone), passing the caller's cancellation
/// on to the search meanwhile.
fn next_answer(
    receiver: &mpsc::Receiver<Answer>,
    options: &SolveOptions,
    stop: &AtomicBool,
) -> Option<Answer> {
    let Some(cancel) = &options.cancel else {
        return receiver.recv().ok();
    };
    loop {
        match receiver.recv_timeout(POLL) {
            Ok(answer) => return Some(answer),
            Err(RecvTimeoutError::Disconnected) => return None,
            Err(RecvTimeoutError::Timeout) => {
                if cancel.load(Ordering::Relaxed) {
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
    }
}

fn decisive(outcome: &SatOutcome) -> bool {
    matches!(outcome, SatOutcome::Solvable(_) | SatOutcome::Unsolvable)
}

/// The report of a SAT run.
pub(super) fn sat_report(run: SatRun, start: Instant) -> SolveReport {
    let stats = SearchStats {
        method: Method::Sat,
        sat_variables: run.variables,
        sat_clauses: run.clauses,
        elapsed: start.elapsed(),
        ..SearchStats::default()
    };
    let size = format!(
        "SAT encoding of the whole game ({} variables, {} clauses with {} cycle clauses, {} call{} of {})",
        run.variables,
        run.clauses,
        run.cycle_clauses,
        run.calls,
        if run.calls == 1 { "" } else { "s" },
        run.backend.display_name()
    );
    let (verdict, reason) = match run.outcome {
        SatOutcome::Solvable(moves) => (
            Verdict::Solvable(moves),
            format!("{size}: a model, decoded to a checked solving sequence"),
        ),
        SatOutcome::Unsolvable => (
            Verdict::Unsolvable,
            format!("{size} is unsatisfiable: no capture sequence leaves one piece"),
        ),
        SatOutcome::TimedOut => (
            Verdict::Unknown,
            format!("{size}: the time limit was reached first"),
        ),
        SatOutcome::TooLarge => (
            Verdict::Unknown,
            "SAT encoding: the board is too large to encode".to_string(),
        ),
        SatOutcome::Failed(why) => (Verdict::Unknown, format!("SAT encoding: {why}")),
    };
    SolveReport {
        verdict,
        stats,
        reason,
    }
}
