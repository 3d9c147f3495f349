use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context as _, Result};
use sat2chess::io::{self, BoardFormat, ascii};
use sat2chess::notation::Notation;

use super::{code, exit, print_out};

/// Examples shown by `sat2chess show --help`.
pub(crate) const EXAMPLES: &str = "\
Examples:
  sat2chess show examples/puzzles/chesscom-1.json
  echo '8/8/2k5/8/4Q3/8/8/8' | sat2chess show - --format fen

Each cell shows the piece letter (K Q R B N P) and its budget, `.` an empty square;
row numbers on the left, column numbers on top, (1,1) top left; a FEN board is labelled
as a chess board instead (files a-h on top, ranks 8 to 1 down the left). Boards larger than
200x200 are refused (exit 2).";

/// Draw a small board as ASCII: piece letters with budgets, coordinate margins.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Board file (format from the extension unless --format is given); `-` reads standard input.
    pub(crate) board: PathBuf,
    /// Board format, overriding the file extension.
    #[arg(long, value_parser = super::choice::<BoardFormat>())]
    pub(crate) format: Option<BoardFormat>,
}

pub(crate) fn run(args: Args) -> Result<ExitCode> {
    let board = io::read_board(&args.board, args.format)?;
    let notation = match super::board_format_read(&args.board, args.format)? {
        BoardFormat::Fen => Notation::Algebraic,
        _ => Notation::Coords,
    };
    let picture = ascii::draw_board(&board, notation)
        .with_context(|| io::display_path(&args.board).display().to_string())?;
    print_out(&picture)?;
    Ok(code(exit::YES))
}
