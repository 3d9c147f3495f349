use std::fs::File;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use sat2chess::io::{self, BoardFormat};
use sat2chess::render::{self, Format, Region, RenderOptions, Style};

use super::{code, exit};

/// Arguments of `sat2chess render` (help text on the subcommand in main.rs).
#[derive(clap::Args)]
pub struct Args {
    /// Board file (format from the extension unless --board-format is given).
    pub board: PathBuf,
    #[arg(long, value_enum)]
    pub board_format: Option<BoardFormat>,
    /// A moves JSON file: the capture sequence to draw.
    #[arg(long)]
    pub moves: Option<PathBuf>,
    /// Show the position after this many moves (needs --moves unless 0).
    #[arg(long)]
    pub step: Option<usize>,
    /// Crop to rows r1..r2 and columns c1..c2 (inclusive, 1-based).
    #[arg(long, value_name = "r1,c1,r2,c2")]
    pub region: Option<Region>,
    /// Colour gadgets, mark ports and the final square, draw flow arrows (from piece labels).
    #[arg(long)]
    pub gadgets: bool,
    /// Leave out the row and column numbers on the margin.
    #[arg(long)]
    pub no_coords: bool,
    /// Add a legend of the colours and marks in use.
    #[arg(long)]
    pub legend: bool,
    /// Piece drawing: glyphs, dots, or auto (dots above 20000 visible pieces).
    #[arg(long, value_enum, default_value_t = Style::Auto)]
    pub style: Style,
    /// Output format (default: from the -o extension, .svg/.tex/.tikz/.html, else svg).
    #[arg(long, value_enum)]
    pub format: Option<Format>,
    /// Write a self-contained HTML page that plays the sequence (same as --format html).
    #[arg(long)]
    pub animate: bool,
    /// Output file; standard output when omitted.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let format = match (args.animate, args.format) {
        (true, None | Some(Format::Html)) => Format::Html,
        (true, Some(other)) => {
            bail!("--animate writes HTML; it cannot be combined with --format {other:?}")
        }
        (false, Some(format)) => format,
        (false, None) => args
            .output
            .as_deref()
            .and_then(Format::from_path)
            .unwrap_or(Format::Svg),
    };
    let board = io::read_board(&args.board, args.board_format)?;
    let moves = match &args.moves {
        Some(path) => io::read_moves(path)?,
        None => Vec::new(),
    };
    let options = RenderOptions {
        region: args.region,
        coordinates: !args.no_coords,
        gadgets: args.gadgets,
        legend: args.legend,
        style: args.style,
        step: args.step,
        marks: Vec::new(),
    };
    let context = || match &args.moves {
        Some(moves) => format!("{} with {}", args.board.display(), moves.display()),
        None => args.board.display().to_string(),
    };
    match &args.output {
        Some(path) => {
            let file = File::create(path).with_context(|| format!("{}", path.display()))?;
            let mut out = std::io::BufWriter::new(file);
            render::render(&board, &moves, &options, format, &mut out).with_context(context)?;
            out.flush().with_context(|| format!("{}", path.display()))?;
        }
        None => {
            let stdout = std::io::stdout();
            let mut out = stdout.lock();
            render::render(&board, &moves, &options, format, &mut out).with_context(context)?;
        }
    }
    Ok(code(exit::YES))
}
