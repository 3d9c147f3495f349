//! What a search is asked ([`SolveOptions`]): the rule variant, the limits, and the
//! engine to use ([`Method`]).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use sat2chess_core::rules::Variant;

use super::heartbeat::Heartbeat;
use super::special::SpecialCase;

/// How long the search engine runs alone under the automatic choice before the SAT
/// encoding starts beside it: boards the search decides at once never pay for the
/// encoding or a second thread.
pub const AUTO_HEAD_START: Duration = Duration::from_millis(200);

/// Limits and rule variant for a search.
#[derive(Clone, Debug, Default)]
pub struct SolveOptions {
    pub variant: Variant,
    /// Give up (answer [`Verdict::Unknown`](crate::Verdict::Unknown)) after this many states (the search engine
    /// also counts the captures it refutes by the budget test without entering them).
    pub node_limit: Option<u64>,
    /// Give up (answer [`Verdict::Unknown`](crate::Verdict::Unknown)) after this much wall-clock time, counted
    /// from the call, set-up included.
    pub time_limit: Option<Duration>,
    /// Give up (answer [`Verdict::Unknown`](crate::Verdict::Unknown)) soon after another thread sets this flag;
    /// read as often as the clock, in the set-up too.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Force an engine; `None` tries the special cases, then picks the spanning-tree
    /// engine where it applies, else the portfolio with the SAT encoding starting after
    /// [`AUTO_HEAD_START`] (the SAT encoding decided more boards than the search on every
    /// class of `cargo bench --bench portfolio`, the search some boards sooner). The
    /// portfolio runs the search engine alone when `node_limit` is set (the SAT solver
    /// counts no nodes).
    pub method: Option<Method>,
    /// Where the engine at work and its state count are published as the search runs,
    /// for a caller that shows progress.
    pub heartbeat: Option<Arc<Heartbeat>>,
    /// The SAT solver behind the SAT encoding.
    pub sat_backend: crate::sat::SatBackend,
}

/// The engine behind an answer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Method {
    /// Depth-first search over capture sequences (`engine`).
    #[default]
    Search,
    /// Dynamic programming over spanning forests of the capture graph (`tree`); `nodes`
    /// counts DP states, `table_hits` merged states, `table_entries` the frontier width.
    SpanningTree,
    /// A polynomial special case (`special`) decided the board without search.
    Special(SpecialCase),
    /// A necessary condition on the potential capture graph (`decompose`: components,
    /// budget across cut squares) refuted the board without search.
    Decomposition,
    /// The SAT encoding of the whole game (`sat_encode`) solved by splr.
    Sat,
    /// As a forced choice only: the search engine and the SAT encoding on two threads,
    /// first exact answer wins (`portfolio`); a report names the engine that answered.
    Portfolio,
}

/// `options` with the time limit left after the set-up that began at `start`: the
/// engine's clock starts after the set-up, the limit counts from the call.
pub(crate) fn after_setup(options: &SolveOptions, start: Instant) -> SolveOptions {
    SolveOptions {
        time_limit: options
            .time_limit
            .map(|limit| limit.saturating_sub(start.elapsed())),
        ..options.clone()
    }
}
