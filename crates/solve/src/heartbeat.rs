//! A running search's pulse ([`Heartbeat`]), for a caller that shows progress while
//! the search runs on: the engine at work and the states it has visited.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// The engine at work and the states visited so far, shared between a search and a
/// caller that watches it from another thread ([`SolveOptions::heartbeat`]). The
/// engines publish their state count when they read their clock (every few tens of
/// microseconds of work), never per state, so a heartbeat costs nothing measurable.
///
/// [`SolveOptions::heartbeat`]: crate::SolveOptions::heartbeat
#[derive(Debug, Default)]
pub struct Heartbeat {
    states: AtomicU64,
    engine: Mutex<&'static str>,
}

impl Heartbeat {
    /// The states the engine at work has visited (the search engine also counts the
    /// captures it refutes without entering them; the SAT solver counts none).
    pub fn states(&self) -> u64 {
        self.states.load(Ordering::Relaxed)
    }

    /// The engine at work: `search`, `tree`, `sat` or `search + sat` (empty before one
    /// starts).
    pub fn engine(&self) -> &'static str {
        *self
            .engine
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Publishes the state count of the engine at work.
    pub(crate) fn publish(&self, states: u64) {
        self.states.store(states, Ordering::Relaxed);
    }
}

/// Names the engine that starts now on `heartbeat`, if there is one.
pub(crate) fn start(heartbeat: Option<&Heartbeat>, engine: &'static str) {
    if let Some(heartbeat) = heartbeat {
        *heartbeat
            .engine
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner()) = engine;
    }
}
