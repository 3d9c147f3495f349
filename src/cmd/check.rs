use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Result, bail};
use sat2chess::board::PieceKind;
use sat2chess::check::SequenceCheck;
use sat2chess::io;
use sat2chess::reduction::Observer as _;

use super::input::BoardInput;

use super::{code, exit, print_err, print_out};

/// Examples shown by `sat2chess check --help`.
pub(crate) const EXAMPLES: &str = "\
Examples:
  sat2chess check board.json moves.json
  sat2chess solve board.json -o - --format json | sat2chess check board.json -
  sat2chess check puzzle.fen moves.txt
  sat2chess check board.json moves.json --rules chesscom
  sat2chess check \"8/8/8/3q4/8/8/8/R3K3 w - - 0 1\" moves.json

Prints one line: VALID (one piece left, and which), INVALID (the moves file and its
first illegal move as `move #i (n-th)`, i counting from 0, with the reason) or
INCOMPLETE (every move legal, but more than one piece left). A FEN board is judged by
chess.com's rules (a king may not be captured), other boards by the thesis rules;
--rules chooses. A board with a king checked under the thesis rules says so on
standard error.
Exit codes: 0 valid and solved, 1 illegal move or more than one piece left,
2 bad input: unreadable files, malformed JSON, a square outside the board, or a move
from an empty square (it names no piece, so the moves do not belong to this board).";

/// Replay a capture sequence and report the first illegal move or the final piece.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Board file (format from --from, else the extension, else the content), or a FEN
    /// string; `-` reads standard input.
    pub(crate) board: PathBuf,
    /// Moves file: moves JSON `{"moves":[{"from":[r,c],"to":[r,c]},…]}` (.json) or one
    /// capture a line (.txt), `3. Q (1,1) x R (1,4)` or `Qg3xe5`; other names and `-`
    /// (standard input) by content.
    pub(crate) moves: PathBuf,
    /// Input format (json, text, fen; `gc`: a Graph Capture instance, whose moves name
    /// vertices), overriding the file extension and the content.
    #[arg(long, value_parser = super::graph_capture::source())]
    pub(crate) from: Option<super::graph_capture::Source>,
    #[command(flatten)]
    pub(crate) rules: super::Rules,
    #[command(flatten)]
    pub(crate) limit: super::PieceLimit,
}

/// Reads the board into the checker's compact state, then streams the moves through
/// it: neither file is held, so memory is 13 bytes per piece whatever the length of the
/// sequence. The errors come in the order of a whole read: the board's, the moves
/// file's, the piece limit, a move outside the board, then the verdict.
pub(crate) fn run(args: Args) -> Result<ExitCode> {
    if super::graph_capture::is_graph(&args.board, args.from) {
        return super::graph_capture::check(&args.board, &args.moves);
    }
    if io::is_stdio(&args.board) && io::is_stdio(&args.moves) {
        bail!("BOARD and MOVES cannot both be `-` (standard input)");
    }
    let progress = super::progress::Progress::new(false);
    progress.phase("load", 0);
    let board = BoardInput::resolve(&args.board, super::graph_capture::board_format(args.from))?;
    let variant = args.rules.variant_for(&args.board, board.format());
    let mut kings = 0;
    let replay = board.replay(variant, &mut |piece| {
        kings += usize::from(piece.kind == PieceKind::King);
    })?;
    let board_name = board.name();
    let pieces = replay.remaining() as u64;
    args.limit.admit(&board_name, pieces)?;
    let extent = replay.extent();
    progress.phase("replay", pieces.saturating_sub(1));
    let mut sequence = SequenceCheck::new(replay);
    let mut outside = None;
    let moves_name = io::display_path(&args.moves);
    let read = io::stream_moves(&args.moves, (extent.rows, extent.cols), &mut |mv| {
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
    let moves = read?;
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
    if super::thesis_note_due(variant, kings, pieces as usize) {
        print_err(&format!("{}\n", super::THESIS_RULES_NOTE));
    }
    print_out(&line)?;
    Ok(code(if report.is_solution() {
        exit::YES
    } else {
        exit::NO
    }))
}
