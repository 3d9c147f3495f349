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
    /// Draw a board, gadget or capture sequence as SVG, TikZ or an animated HTML page.
    ///
    /// Numerals are the pieces' budgets (captures left); pieces with budget 0 are black.
    /// Without --step every move is drawn as a numbered arrow on the initial position;
    /// with --step K the position after K moves, move K shaded and move K+1 as an arrow.
    /// Above 20000 visible pieces each piece is a dot (see --style).
    ///
    /// Examples:
    ///   sat2chess render board.json -o board.svg
    ///   sat2chess render board.json --moves moves.json --step 3 --region 1,1,6,8 -o step3.svg
    ///   sat2chess render gadget.json --gadgets --legend --format tikz -o gadget.tex
    ///   sat2chess render board.json --moves moves.json --animate -o play.html
    #[command(verbatim_doc_comment)]
    Render(cmd::render::Args),
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
        Command::Render(args) => cmd::render::run(args),
    };
    result.unwrap_or_else(|error| {
        eprintln!("error: {error:#}");
        cmd::code(cmd::exit::BAD_INPUT)
    })
}
