use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context as _, Result};
use sat2chess::io::{BoardFormat, ascii};
use sat2chess::notation::Notation;

use super::input::BoardInput;
use super::{code, exit, print_out};

/// Examples shown by `sat2chess show --help`.
pub(crate) const EXAMPLES: &str = "\
Examples:
  sat2chess show examples/puzzles/chesscom-1.json
  echo '8/8/2k5/8/4Q3/8/8/8' | sat2chess show -
  sat2chess show \"8/8/2k5/8/4Q3/8/8/8 w - - 0 1\"

Each cell shows the piece letter (K Q R B N P) and its budget, `.` an empty square;
row numbers on the left, column numbers on top, (1,1) top left; a FEN board is labelled
as a chess board instead (files a-h on top, ranks 8 to 1 down the left). Boards larger than
200x200 are refused (exit 2).";

/// Draw a small board as ASCII: piece letters with budgets, coordinate margins.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Board file (format from --from, else the extension, else the content), or a FEN
    /// string; `-` reads standard input.
    pub(crate) board: PathBuf,
    /// Board format, overriding the file extension and the content.
    #[arg(long, value_parser = super::choice::<BoardFormat>())]
    pub(crate) from: Option<BoardFormat>,
}

pub(crate) fn run(args: Args) -> Result<ExitCode> {
    let input = BoardInput::resolve(&args.board, args.from)?;
    let notation = match input.format() {
        BoardFormat::Fen => Notation::Algebraic,
        _ => Notation::Coords,
    };
    let picture = ascii::draw_board(&input.read()?, notation).with_context(|| input.name())?;
    print_out(&picture)?;
    Ok(code(exit::YES))
}
