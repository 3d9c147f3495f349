use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context as _, Result, anyhow};
use sat2chess::io::{self, BoardFormat};

use super::output::{self, Outputs};
use super::{code, exit};

/// Examples shown by `sat2chess convert --help`.
pub(crate) const EXAMPLES: &str = "\
Examples:
  sat2chess convert puzzle.fen puzzle.json
  sat2chess convert board.json board.txt
  sat2chess convert board.json - --to fen
  echo 'rnb5/8/8/8/8/8/8/7K w - - 0 1' | sat2chess convert - puzzle.json --from fen

Formats come from the file extensions (.json; .txt or .board; .fen) unless --from/--to
name them; `-` is standard input (needs --from) or standard output (JSON unless --to).
FEN holds only boards up to 8x8 with every budget 2; converting anything else to FEN
fails with exit 2.";

/// Convert a board between the JSON, text and FEN formats.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Input board file; `-` reads standard input.
    pub(crate) input: PathBuf,
    /// Output board file; `-` writes standard output.
    pub(crate) output: PathBuf,
    /// Input format, overriding the input file's extension.
    #[arg(long, value_parser = super::choice::<BoardFormat>())]
    pub(crate) from: Option<BoardFormat>,
    /// Output format, overriding the output file's extension.
    #[arg(long, value_parser = super::choice::<BoardFormat>())]
    pub(crate) to: Option<BoardFormat>,
}

pub(crate) fn run(args: Args) -> Result<ExitCode> {
    let to_stdout = io::is_stdio(&args.output);
    let format = match args.to.or_else(|| BoardFormat::from_path(&args.output)) {
        Some(format) => format,
        None if to_stdout => BoardFormat::Json,
        None => {
            return Err(anyhow!(
                "{}: cannot tell the output format from the file name (known extensions: \
                 .json, .txt, .board, .fen); pass --to",
                args.output.display()
            ));
        }
    };
    Outputs::reading([args.input.as_path()])
        .writing(Some(&args.output))
        .check()?;
    let board = io::read_board(&args.input, args.from)?;
    let text = format
        .write(&board)
        .with_context(|| io::display_path(&args.input).display().to_string())?;
    output::write(Some(&args.output), text.as_bytes())?;
    Ok(code(exit::YES))
}
