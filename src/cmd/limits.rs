//! The search limits of the commands that search a board: `sat2chess solve` and
//! `sat2chess queens solve`.

use std::time::Duration;

/// `--node-limit` and `--time-limit`: give up with exit code 3 when one is reached.
#[derive(clap::Args)]
pub(crate) struct SearchLimits {
    /// Give up with exit code 3 after this many search states (`solve`: the search
    /// engine also counts the captures it refutes by the budget test without entering
    /// them; `queens solve`: the search engine's nodes, the SAT engine has none).
    #[arg(long, value_name = "STATES")]
    pub(crate) node_limit: Option<u64>,
    /// Give up with exit code 3 after this many seconds.
    #[arg(long, value_name = "SECONDS", value_parser = super::parse_seconds)]
    pub(crate) time_limit: Option<Duration>,
}
