//! One module per subcommand; each has clap `Args` and a `run` returning the exit code.

pub mod gadgets;
pub mod solve;

use std::process::ExitCode;

/// Documented exit codes (README "Exit codes").
pub mod exit {
    /// Solvable / valid / satisfiable.
    pub const YES: u8 = 0;
    /// Unsolvable / invalid / unsatisfiable.
    pub const NO: u8 = 1;
    /// Bad input or usage.
    pub const BAD_INPUT: u8 = 2;
    /// A search limit was reached before an answer.
    pub const UNKNOWN: u8 = 3;
}

pub fn code(value: u8) -> ExitCode {
    ExitCode::from(value)
}
