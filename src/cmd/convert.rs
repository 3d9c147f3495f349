use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context as _, Result};
use sat2chess::io::BoardFormat;

use super::input::BoardInput;
use super::output::{self, Outputs};
use super::{code, exit};

/// Examples shown by `sat2chess convert --help`.
pub(crate) const EXAMPLES: &str = "\
Examples:
  sat2chess convert puzzle.fen -o puzzle.json
  sat2chess convert board.json -o board.txt
  sat2chess convert board.json --format fen
  echo 'rnb5/8/8/8/8/8/8/7K w - - 0 1' | sat2chess convert - -o puzzle.json

The input's format comes from --from, else its extension (.json; .txt or .board; .fen),
else its content (`-` is standard input); the output's from the -o extension, else
--format (standard output: JSON unless --format). FEN holds only boards up to 8x8 with
every budget 2; converting anything else to FEN fails with exit 2.";

/// Convert a board between the JSON, text and FEN formats.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Input board file, or a FEN string; `-` reads standard input.
    pub(crate) input: PathBuf,
    /// Output board file (default: standard output).
    #[arg(short, long)]
    pub(crate) output: Option<PathBuf>,
    /// Input format, overriding the input file's extension and content.
    #[arg(long, value_parser = super::choice::<BoardFormat>())]
    pub(crate) from: Option<BoardFormat>,
    /// Output format (default: the one the -o extension names, else json); it must agree
    /// with the extension. `graph-capture` (.gc): a board of knights with one budget as a
    /// Graph Capture instance.
    #[arg(long, value_parser = super::graph_capture::output_format())]
    pub(crate) format: Option<super::graph_capture::Source>,
}

pub(crate) fn run(args: Args) -> Result<ExitCode> {
    Outputs::reading([args.input.as_path()])
        .writing(args.output.as_deref())
        .check()?;
    if super::graph_capture::converts_to_graph(args.output.as_deref(), args.format)? {
        let input = BoardInput::resolve(&args.input, args.from)?;
        let board = input.read()?;
        return super::graph_capture::convert(&board, &input.name(), args.output.as_deref());
    }
    let board_format = super::graph_capture::board_format(args.format);
    let format = output::output_format(args.output.as_deref(), board_format, "board")?
        .unwrap_or(BoardFormat::Json);
    let input = BoardInput::resolve(&args.input, args.from)?;
    let text = format.write(&input.read()?).with_context(|| input.name())?;
    output::write(args.output.as_deref(), text.as_bytes())?;
    Ok(code(exit::YES))
}
