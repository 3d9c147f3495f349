use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Result, bail};
use sat2chess::check::{self, SequenceCheck};
use sat2chess::io::{self, BoardFormat, InputError, json};
use sat2chess::reduction::Observer as _;

use super::{code, exit, print_out, variant};

/// Examples shown by `sat2chess check --help`.
pub(crate) const EXAMPLES: &str = "\
Examples:
  sat2chess check board.json moves.json
  sat2chess solve board.json --moves - | sat2chess check board.json -
  sat2chess check puzzle.fen moves.json --king-last

Prints one line: VALID (one piece left, and which), INVALID (the moves file and its
first illegal move as `move #i (n-th)`, i counting from 0, with the reason) or
INCOMPLETE (every move legal, but more than one piece left).
Exit codes: 0 valid and solved, 1 illegal move or more than one piece left,
2 bad input: unreadable files, malformed JSON, a square outside the board, or a move
from an empty square (it names no piece, so the moves do not belong to this board).";

/// Replay a capture sequence and report the first illegal move or the final piece.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Board file (format from the extension unless --format is given).
    pub(crate) board: PathBuf,
    /// Moves JSON file `{"moves":[{"from":[r,c],"to":[r,c]},…]}`; `-` reads standard input.
    pub(crate) moves: PathBuf,
    /// Board format, overriding the file extension.
    #[arg(long, value_parser = super::choice::<BoardFormat>())]
    pub(crate) format: Option<BoardFormat>,
    /// chess.com rule: a king may not be captured, so a king, if present, is the final piece.
    #[arg(long)]
    pub(crate) king_last: bool,
    #[command(flatten)]
    pub(crate) limit: super::PieceLimit,
}

/// Reads the board into the checker's compact state, then streams the moves through
/// it: neither file is held, so memory is 13 bytes per piece whatever the length of the
/// sequence. The errors come in the order of a whole read: the board's, the moves
/// file's, the piece limit, a move outside the board, then the verdict.
pub(crate) fn run(args: Args) -> Result<ExitCode> {
    if io::is_stdio(&args.board) && io::is_stdio(&args.moves) {
        bail!("BOARD and MOVES cannot both be `-` (standard input)");
    }
    let progress = super::progress::Progress::new(false);
    progress.phase("load", 0);
    let replay = check::load_board(&args.board, args.format, variant(args.king_last))?;
    let board_name = io::display_path(&args.board).display().to_string();
    let pieces = replay.remaining() as u64;
    args.limit.admit(&board_name, pieces)?;
    let extent = replay.extent();
    progress.phase("replay", pieces.saturating_sub(1));
    let mut sequence = SequenceCheck::new(replay);
    let mut outside = None;
    let moves_name = io::display_path(&args.moves);
    let read = json::stream_moves(io::open_text(&args.moves)?, &mut |mv| {
        if outside.is_none() {
            match extent.admit(sequence.moves(), mv) {
                Ok(()) => {
                    sequence.step(mv);
                    progress.every_few(sequence.moves() as u64);
                }
                Err(error) => outside = Some(error),
            }
        }
    });
    let moves = read.map_err(|error| InputError::Format {
        path: moves_name.clone(),
        error,
    })?;
    args.limit.admit(&board_name, pieces + moves as u64)?;
    if let Some(error) = outside {
        bail!("{}: {error} of {board_name}", moves_name.display());
    }
    progress.finish();
    let report = sequence.report();
    let line = match &report.illegal {
        Some(step) if step.is_malformed() => bail!("{}: {step}", moves_name.display()),
        Some(step) => format!("INVALID: {}: {step}\n", moves_name.display()),
        None => format!("{report}\n"),
    };
    print_out(&line)?;
    Ok(code(if report.is_solution() {
        exit::YES
    } else {
        exit::NO
    }))
}
