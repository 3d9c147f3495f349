use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Result;
use sat2chess::io::{self, BoardFormat};
use sat2chess::rules::Variant;
use sat2chess::solve::{self, SolveOptions, Verdict};

use super::{code, exit};

/// Decide whether a board can be reduced to one piece and print a solving sequence.
#[derive(clap::Args)]
pub struct Args {
    /// Board file (format from the extension unless --format is given).
    pub board: PathBuf,
    #[arg(long, value_enum)]
    pub format: Option<BoardFormat>,
    /// chess.com rule: a king, if present, must be the final piece.
    #[arg(long)]
    pub king_last: bool,
    /// Give up with exit code 3 after this many search states.
    #[arg(long)]
    pub node_limit: Option<u64>,
    /// Give up with exit code 3 after this many seconds.
    #[arg(long)]
    pub time_limit: Option<f64>,
    /// Write the solving sequence as moves JSON to this file instead of stdout.
    #[arg(long)]
    pub moves: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let board = io::read_board(&args.board, args.format)?;
    let options = SolveOptions {
        variant: if args.king_last {
            Variant::KingLast
        } else {
            Variant::Standard
        },
        node_limit: args.node_limit,
        time_limit: args.time_limit.map(Duration::from_secs_f64),
    };
    let report = solve::solve(&board, &options);
    let stats = format!(
        "{} states, {} table hits, {} dead states, {} block moves, {:.3} s",
        report.stats.nodes,
        report.stats.table_hits,
        report.stats.dead_budget
            + report.stats.dead_kings
            + report.stats.dead_components
            + report.stats.dead_final_square
            + report.stats.dead_sides,
        report.stats.block_moves,
        report.stats.elapsed.as_secs_f64()
    );
    Ok(match report.verdict {
        Verdict::Solvable(moves) => {
            eprintln!("SOLVABLE ({stats})");
            let text = io::json::write_moves(&moves);
            match &args.moves {
                Some(path) => std::fs::write(path, text)
                    .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?,
                None => print!("{text}"),
            }
            code(exit::YES)
        }
        Verdict::Unsolvable => {
            println!("UNSOLVABLE ({stats})");
            code(exit::NO)
        }
        Verdict::Unknown => {
            println!("UNKNOWN: limit reached ({stats})");
            code(exit::UNKNOWN)
        }
    })
}
