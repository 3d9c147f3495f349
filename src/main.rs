//! The `sat2chess` command line.

mod cmd;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// sat2chess: compile SAT formulas into Solo Chess puzzles, solve and check boards.
///
/// Exit codes: 0 solvable/valid/satisfiable, 1 unsolvable/invalid/unsatisfiable,
/// 2 bad input or usage, 3 unknown (a search limit was reached).
#[derive(Parser)]
#[command(name = "sat2chess", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Decide whether a board can be reduced to one piece.
    ///
    /// Example: sat2chess solve examples/puzzles/chesscom-1.json
    Solve(cmd::solve::Args),
    /// Verify and show the gadget libraries (thesis ch. 5).
    ///
    /// Example: sat2chess gadgets verify --piece king
    Gadgets(cmd::gadgets::Args),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            let _ = error.print();
            return match error.kind() {
                clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion => {
                    cmd::code(cmd::exit::YES)
                }
                _ => cmd::code(cmd::exit::BAD_INPUT),
            };
        }
    };
    let result = match cli.command {
        Command::Solve(args) => cmd::solve::run(args),
        Command::Gadgets(args) => cmd::gadgets::run(args),
    };
    result.unwrap_or_else(|error| {
        eprintln!("error: {error:#}");
        cmd::code(cmd::exit::BAD_INPUT)
    })
}
