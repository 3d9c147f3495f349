//! `sat2chess retarget`: a rook board as an equivalent queen or bishop board
//! ([`sat2chess::retarget`]), with capture sequences mapped along or back.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context as _, Result, bail};
use sat2chess::io::{self, BoardFormat, json};
use sat2chess::retarget::{self, ExtentStats, Target};
use sat2chess::rules::Move;

use super::input::BoardInput;
use super::output::{self, Outputs};
use super::{code, exit, print_err};

/// Examples shown by `sat2chess retarget --help`.
pub(crate) const EXAMPLES: &str = "\
Examples:
  sat2chess retarget rooks.json --to queen -o queens.json --stats
  sat2chess retarget rooks.json --to bishop -o bishops.json --moves rook-moves.json --moves-out bishop-moves.json
  sat2chess retarget rooks.json --to bishop --moves-back bishop-moves.json --moves-out rook-moves.json

Every piece of the input must be a rook. Queens: rows and columns are moved apart (order
kept) until no two pieces share a diagonal (Brunner et al. Cor. 3.4, greedily, usually
far smaller than its uniform scaling). Bishops: the board is turned by 45 degrees (Cor. 3.5).
Either way the capture graph, the blockers and the solving sequences stay the same.
--moves maps a capture sequence of the rook board onto the new board; --moves-back maps
one of the new board back (the transformation is recomputed from the rook board).
Exit codes: 0 done, 2 bad input (a piece that is not a rook, a move from or to a square
that holds no piece).";

/// Transform a rook board into an equivalent queen or bishop board.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Rook board file (format from --from, else the extension, else the content); `-`
    /// reads standard input.
    pub(crate) board: PathBuf,
    /// The piece kind of the new board.
    #[arg(long, value_parser = super::choice::<Target>())]
    pub(crate) to: Target,
    /// Input board format, overriding the file extension and the content.
    #[arg(long, value_parser = super::choice::<BoardFormat>())]
    pub(crate) from: Option<BoardFormat>,
    /// Board file to write (default: standard output, unless --moves-back is given).
    #[arg(long, short)]
    pub(crate) output: Option<PathBuf>,
    /// Output board format (default: the one the -o extension names, else json); it
    /// must agree with the extension.
    #[arg(long, value_parser = super::choice::<BoardFormat>())]
    pub(crate) format: Option<BoardFormat>,
    /// Capture sequence (moves JSON) of the rook board, written mapped to --moves-out.
    #[arg(long, value_name = "FILE", requires = "moves_out")]
    pub(crate) moves: Option<PathBuf>,
    /// Capture sequence (moves JSON) of the new board, written mapped back onto the rook
    /// board to --moves-out.
    #[arg(
        long,
        value_name = "FILE",
        requires = "moves_out",
        conflicts_with = "moves"
    )]
    pub(crate) moves_back: Option<PathBuf>,
    /// Where the mapped capture sequence goes (`-`: standard output).
    #[arg(long, value_name = "FILE")]
    pub(crate) moves_out: Option<PathBuf>,
    /// Print the extents of the rook board, the new board and (queens) uniform scaling
    /// by h + 1 to stderr.
    #[arg(long)]
    pub(crate) stats: bool,
    #[command(flatten)]
    pub(crate) limit: super::PieceLimit,
}

pub(crate) fn run(args: Args) -> Result<ExitCode> {
    let board_out = match (&args.output, &args.moves_back) {
        (Some(path), _) => Some(path.as_path()),
        (None, None) => Some(Path::new(io::STDIO)),
        (None, Some(_)) => None,
    };
    if args.moves_out.is_some() && args.moves.is_none() && args.moves_back.is_none() {
        bail!("--moves-out needs --moves or --moves-back (the sequence to map)");
    }
    if board_out.is_some_and(io::is_stdio) && args.moves_out.as_deref().is_some_and(io::is_stdio) {
        bail!("the board and the moves cannot both go to standard output: pass -o FILE");
    }
    let format =
        output::output_format(board_out, args.format, "board")?.unwrap_or(BoardFormat::Json);
    let moves_in = args.moves.as_deref().or(args.moves_back.as_deref());
    Outputs::reading([args.board.as_path()].into_iter().chain(moves_in))
        .writing(board_out)
        .writing(args.moves_out.as_deref())
        .check()?;
    let input = BoardInput::resolve(&args.board, args.from)?;
    let board = input.read()?;
    let board_name = input.name();
    // The new board holds as many pieces again, besides its bijection.
    args.limit.admit(&board_name, board.len() as u64)?;
    let target = args.to;
    let retargeted = retarget::retarget(&board, target).with_context(|| board_name.clone())?;
    if args.stats {
        print_err(&describe(&retargeted.stats, target, board.len()));
    }
    // Map the moves first: bad moves leave no board behind.
    let mapped = match moves_in {
        Some(moves_path) if args.moves_out.is_some() => {
            let moves = io::read_moves(moves_path, (board.rows(), board.cols()))?;
            let mapped: Vec<Move> = if args.moves.is_some() {
                retargeted.map.moves_forward(&moves)
            } else {
                retargeted.map.moves_backward(&moves)
            }
            .with_context(|| io::display_path(moves_path).display().to_string())?;
            Some(mapped)
        }
        _ => None,
    };
    if let Some(path) = board_out {
        output::write(Some(path), format.write(&retargeted.board)?.as_bytes())?;
    }
    if let (Some(mapped), Some(out)) = (mapped, args.moves_out.as_deref()) {
        output::write(Some(out), json::write_moves(&mapped).as_bytes())?;
    }
    Ok(code(exit::YES))
}

/// The `--stats` lines.
fn describe(stats: &ExtentStats, target: Target, pieces: usize) -> String {
    let line = |name: &str, extent: retarget::Extent| {
        format!("{name:<17}{extent} ({} squares)", extent.area())
    };
    let mut text = format!("{}, {pieces} pieces\n", line("rook board:", stats.source));
    text += &format!(
        "{}\n",
        line(&format!("{} board:", target.kind()), stats.result)
    );
    match stats.uniform_scaling {
        Some(uniform) => {
            text += &format!("{}\n", line("uniform scaling:", uniform));
            text += &format!(
                "the queen board has {:.2}% of the squares of uniform scaling by h + 1 (Cor. 3.4)\n",
                100.0 * stats.result.area() as f64 / uniform.area() as f64
            );
        }
        None => text += "no spreading needed: rook lines become diagonals (Cor. 3.5)\n",
    }
    text
}
