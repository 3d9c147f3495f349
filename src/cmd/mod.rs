//! One module per subcommand; each has clap `Args` and a `run` returning the exit code.

pub mod check;
pub mod compile;
pub mod convert;
pub mod decode;
pub mod gadgets;
pub mod layout;
pub mod queens;
pub mod render;
pub mod sat;
pub mod show;
pub mod solve;
pub mod transform;

use std::io::Write as _;
use std::process::ExitCode;

use anyhow::Context as _;

use sat2chess::rules::Variant;

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

/// The formula argument shared by `sat`, `transform`, `layout` and `compile`.
#[derive(clap::Args)]
pub struct FormulaInput {
    /// Formula file: DIMACS (.cnf, .cnf.gz, .dimacs) or And-Or (.andor, .aos); other
    /// names are recognised by content.
    pub input: std::path::PathBuf,
    /// Input format (default: from the file name, else the content).
    #[arg(long, value_enum)]
    pub input_format: Option<sat2chess::front::FormulaFormat>,
}

impl FormulaInput {
    /// Reads the formula. The message of an `InputError` already ends with its source,
    /// so it is passed on as text (`{:#}` would repeat it).
    pub fn load(&self) -> anyhow::Result<sat2chess::front::Input> {
        sat2chess::front::load(&self.input, self.input_format).map_err(|e| anyhow::anyhow!("{e}"))
    }
}

/// The rule variant a `--king-last` flag selects.
pub fn variant(king_last: bool) -> Variant {
    if king_last {
        Variant::KingLast
    } else {
        Variant::Standard
    }
}

/// Writes `text` to standard error; a closed or failing standard error is ignored (there
/// is nowhere left to report it), so a command still finishes its real work.
pub fn print_err(text: &str) {
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
}

/// Writes `text` to standard output. A closed pipe (`sat2chess solve … | head`) ends the
/// output quietly instead of panicking like `print!`.
pub fn print_out(text: &str) -> anyhow::Result<()> {
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        result => result.context("writing standard output"),
    }
}
