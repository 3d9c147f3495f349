use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context as _, Result, bail};
use sat2chess::board::PieceKind;
use sat2chess::io::{self, BoardFormat, MovesFormat};
use sat2chess::notation::Algebraic;
use sat2chess::rules::Variant;
use sat2chess::solve::generate::{GenerateError, Level, Request, generate};

use super::output::{self, Outputs};
use super::{code, exit, print_err, print_out};

/// Examples shown by `sat2chess generate --help`.
pub(crate) const EXAMPLES: &str = "\
Examples:
  sat2chess generate --pieces 8 --unique --seed 1 -o puzzle.fen
  sat2chess generate --pieces 7 --level 3 --seed 5 -o puzzle.fen --moves-out solution.txt
  sat2chess generate --rules thesis --rows 5 --cols 5 --budget 3 --mix RN --pieces 9 --seed 2 -o board.json

Puzzles are built backwards from their last piece (each step un-captures a piece), so
every one is solvable; --unique keeps a candidate only when exactly one capture sequence
solves it (all of them are counted, up to 2). The difficulty measure is the number of
wrong captures on offer along the unique solution (every legal capture other than the
solution's, at every step; each leads to a dead end). Levels 1-4 are ranges of wrong
captures per capture: below 2, 2-3, 3-4, 4 and more (docs/commands.md#generate).
--level implies --unique. The same options and seed always give the same puzzle.

Prints the puzzle's summary and its solution (algebraic notation under chess.com rules,
(row,col) otherwise); the board goes to -o (format from the extension: .fen .json .txt;
standard output: FEN under chess.com rules, JSON otherwise), the solution also to
--moves-out (.json or .txt). Exit codes: 0 a puzzle, 2 bad options, 3 no candidate met
the request within --attempts.";

/// Generate a Solo Chess puzzle.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Rules: `chesscom` (8×8, budget 2, a king in the mix is the last piece) or `thesis`
    /// (any size and budget; a king may be captured).
    #[arg(long, value_parser = super::choice::<Variant>(), default_value = "chesscom")]
    pub(crate) rules: Variant,
    /// Pieces on the board.
    #[arg(long)]
    pub(crate) pieces: usize,
    /// The piece kinds to draw from, as letters (`KQRBNP`, the default).
    #[arg(long, default_value = "KQRBNP")]
    pub(crate) mix: String,
    /// Keep only puzzles with exactly one solving capture sequence.
    #[arg(long)]
    pub(crate) unique: bool,
    /// Difficulty level, 1 (easy) to 4 (hard); implies --unique.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=4))]
    pub(crate) level: Option<u8>,
    /// Seed of the random stream.
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    /// Board rows (thesis rules; chess.com boards are 8×8).
    #[arg(long)]
    pub(crate) rows: Option<u32>,
    /// Board columns (thesis rules).
    #[arg(long)]
    pub(crate) cols: Option<u32>,
    /// Every piece's budget (thesis rules; chess.com budgets are 2).
    #[arg(long)]
    pub(crate) budget: Option<u32>,
    /// Candidates tried before giving up (exit 3).
    #[arg(long, default_value_t = 100_000)]
    pub(crate) attempts: u32,
    /// The board file (format from the extension: .fen .json .txt); `-` or absent:
    /// standard output.
    #[arg(short, long, value_name = "FILE")]
    pub(crate) output: Option<PathBuf>,
    /// Board format, where the -o extension names none.
    #[arg(long, value_parser = super::choice::<BoardFormat>())]
    pub(crate) format: Option<BoardFormat>,
    /// Also write the solution to this file (.json: moves JSON; .txt: as printed).
    #[arg(long, value_name = "FILE")]
    pub(crate) moves_out: Option<PathBuf>,
}

pub(crate) fn run(args: Args) -> Result<ExitCode> {
    Outputs::default()
        .writing(args.output.as_deref())
        .writing(args.moves_out.as_deref())
        .check()?;
    let chesscom = args.rules == Variant::KingLast;
    let board_format = output::output_format(args.output.as_deref(), args.format, "board")?
        .unwrap_or(if chesscom {
            BoardFormat::Fen
        } else {
            BoardFormat::Json
        });
    let moves_format = output::output_format(
        args.moves_out.as_deref(),
        None::<MovesFormat>,
        "capture sequence",
    )?
    .unwrap_or(MovesFormat::Text);
    if chesscom {
        for (flag, value) in [
            ("--rows", args.rows),
            ("--cols", args.cols),
            ("--budget", args.budget),
        ] {
            if value.is_some() {
                bail!("{flag} is for --rules thesis: chess.com puzzles are 8×8 with budget 2");
            }
        }
    }
    let mut mix = Vec::new();
    for letter in args.mix.chars() {
        let kind = PieceKind::from_letter(letter).with_context(|| {
            format!(
                "--mix {}: `{letter}` is no piece letter (K Q R B N P)",
                args.mix
            )
        })?;
        if !mix.contains(&kind) {
            mix.push(kind);
        }
    }
    let request = Request {
        rows: args.rows.unwrap_or(8),
        cols: args.cols.unwrap_or(8),
        pieces: args.pieces,
        budget: args.budget.unwrap_or(2),
        mix,
        variant: args.rules,
        unique: args.unique,
        level: args.level.and_then(Level::new),
        seed: args.seed,
        attempts: args.attempts,
    };
    let puzzle = match generate(&request) {
        Ok(puzzle) => puzzle,
        Err(GenerateError::Request(message)) => bail!(message),
        Err(error @ GenerateError::Exhausted(_)) => {
            print_err(&format!("error: {error}\n"));
            return Ok(code(exit::UNKNOWN));
        }
    };
    let algebraic = if chesscom {
        Some(Algebraic::new(8, 8)?)
    } else {
        None
    };
    let lines = super::solve::describe(&puzzle.board, &puzzle.solution, args.rules, algebraic)?;
    output::write(args.output.as_deref(), board_format.write(&puzzle.board)?)?;
    let uniqueness = match puzzle.solutions {
        Some(1) => "a unique solution",
        _ => "solvable",
    };
    let summary = format!(
        "{} pieces, {uniqueness}, level {} ({} wrong captures on offer, {} decisions; seed {}, candidate {})\n",
        puzzle.board.len(),
        puzzle.level.value(),
        puzzle.difficulty.wrong_captures,
        puzzle.difficulty.decisions,
        args.seed,
        puzzle.attempt
    );
    if args.output.as_deref().is_none_or(io::is_stdio) {
        print_err(&summary);
        print_err(&lines);
    } else {
        print_out(format!("{summary}{lines}"))?;
    }
    if let Some(path) = &args.moves_out {
        let sequence = match moves_format {
            MovesFormat::Json => io::json::write_moves(&puzzle.solution),
            MovesFormat::Text => lines,
        };
        output::write(Some(path), sequence)?;
    }
    Ok(code(exit::YES))
}
