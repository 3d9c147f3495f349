//! The wall clock of a search: its time limit and cancellation flag, read as work is
//! charged ([`Clock`]).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::heartbeat::Heartbeat;
use super::options::SolveOptions;

/// Units of search work (slots and capture-graph edges scanned) between two reads of
/// the clock: a few tens of microseconds, so a time limit is overshot by little even
/// when one state of a huge board costs seconds.
const CLOCK_INTERVAL: u64 = 1 << 14;

/// The wall clock of a search with an optional time limit and cancellation flag. Work
/// is charged as it is done — the geometry set-up and the per-state loops too — and the
/// clock (and flag) is read every [`CLOCK_INTERVAL`] units, so a limit is noticed within
/// microseconds of work.
pub(crate) struct Clock {
    start: Instant,
    limit: Option<Duration>,
    cancel: Option<Arc<AtomicBool>>,
    work: u64,
    next_read: u64,
    expired: bool,
    /// Where the state count goes at each read of the clock.
    heartbeat: Option<Arc<Heartbeat>>,
    /// The states the engine has visited, as it last said ([`Clock::charge_state`]).
    states: u64,
}

impl Clock {
    pub fn new(limit: Option<Duration>) -> Clock {
        Clock {
            start: Instant::now(),
            limit,
            cancel: None,
            work: 0,
            next_read: 0,
            expired: false,
            heartbeat: None,
            states: 0,
        }
    }

    /// A clock started now with the time limit and cancellation flag of `options`.
    pub(crate) fn for_options(options: &SolveOptions) -> Clock {
        Clock {
            cancel: options.cancel.clone(),
            heartbeat: options.heartbeat.clone(),
            ..Clock::new(options.time_limit)
        }
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Accounts for `work` units and reads the clock when [`CLOCK_INTERVAL`] units
    /// have accumulated since the last read; whether the time limit has run out.
    pub(crate) fn charge(&mut self, work: u64) -> bool {
        self.work += work;
        if self.work >= self.next_read {
            self.next_read = self.work + CLOCK_INTERVAL;
            self.expired |= self.limit.is_some_and(|limit| self.elapsed() > limit)
                || self
                    .cancel
                    .as_ref()
                    .is_some_and(|flag| flag.load(Ordering::Relaxed));
            if let Some(heartbeat) = &self.heartbeat {
                heartbeat.publish(self.states);
            }
        }
        self.expired
    }

    /// [`Clock::charge`] by an engine that has visited `states` states so far (the
    /// count its heartbeat publishes).
    pub(crate) fn charge_state(&mut self, states: u64, work: u64) -> bool {
        self.states = states;
        self.charge(work)
    }

    pub(crate) fn expired(&self) -> bool {
        self.expired
    }
}
