use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Result, bail};
use sat2chess::check::{check_sequence, moves_within};
use sat2chess::io::{self, BoardFormat};

use super::{code, exit, print_out, variant};

/// Examples shown by `sat2chess check --help`.
pub const EXAMPLES: &str = "\
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
pub struct Args {
    /// Board file (format from the extension unless --format is given).
    pub board: PathBuf,
    /// Moves JSON file `{"moves":[{"from":[r,c],"to":[r,c]},…]}`; `-` reads standard input.
    pub moves: PathBuf,
    /// Board format, overriding the file extension.
    #[arg(long, value_enum)]
    pub format: Option<BoardFormat>,
    /// chess.com rule: a king may not be captured, so a king, if present, is the final piece.
    #[arg(long)]
    pub king_last: bool,
    #[command(flatten)]
    pub limit: super::PieceLimit,
}

pub fn run(args: Args) -> Result<ExitCode> {
    if io::is_stdio(&args.board) && io::is_stdio(&args.moves) {
        bail!("BOARD and MOVES cannot both be `-` (standard input)");
    }
    let board = io::read_board(&args.board, args.format)?;
    let moves = io::read_moves(&args.moves)?;
    let board_name = io::display_path(&args.board).display().to_string();
    args.limit
        .admit(&board_name, board.len() as u64 + moves.len() as u64)?;
    moves_within(&board, &moves).map_err(|error| {
        anyhow::anyhow!(
            "{}: {error} of {}",
            io::display_path(&args.moves).display(),
            io::display_path(&args.board).display()
        )
    })?;
    let report = check_sequence(&board, &moves, variant(args.king_last));
    let moves_name = io::display_path(&args.moves);
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
