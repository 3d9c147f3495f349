use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use sat2chess::back::{self, Backend};
use sat2chess::check;
use sat2chess::front::{self, FormulaFormat};
use sat2chess::io::{self, BoardFormat};
use sat2chess::rules::Variant;
use sat2chess::transform::Chain;

use super::compile::ordering;
use super::sat::value_lines;
use super::{Piece, WithBackend, code, exit, print_out};

/// Read a satisfying assignment of a formula off any solving capture sequence of its
/// compiled King board (thesis Theorem 5.15, "solvable ⇒ SAT"): the sequence is
/// replayed with the checker, each variable gadget's choice is read (Lemma 5.7) and
/// mapped back through the transformation chain; the result is verified against the
/// formula and printed as a DIMACS `v` line. Invalid sequences are refused (exit 1).
///
/// Example: sat2chess decode board.json moves.json --formula examples/andor/thesis.andor
#[derive(clap::Args)]
pub struct Args {
    /// The compiled board.
    pub board: PathBuf,
    /// A solving capture sequence (moves JSON).
    pub moves: PathBuf,
    /// The formula the board was compiled from.
    #[arg(long)]
    pub formula: PathBuf,
    /// Formula format (default: from the file name, else the content).
    #[arg(long, value_enum)]
    pub input_format: Option<FormulaFormat>,
    /// Board format (default: from the extension).
    #[arg(long, value_enum)]
    pub format: Option<BoardFormat>,
    /// The piece type the board was compiled for.
    #[arg(long, value_enum, ignore_case = true, default_value = "king")]
    pub piece: Piece,
}

pub fn run(args: Args) -> Result<ExitCode> {
    args.piece.with_backend(args)
}

impl WithBackend for Args {
    type Output = ExitCode;

    fn run<B: Backend>(self, backend: B) -> Result<ExitCode> {
        decode_with(backend, self)
    }
}

fn decode_with<B: Backend>(backend: B, args: Args) -> Result<ExitCode> {
    let board = io::read_board(&args.board, args.format).map_err(|e| anyhow::anyhow!("{e}"))?;
    let moves = io::read_moves(&args.moves).map_err(|e| anyhow::anyhow!("{e}"))?;
    let input =
        front::load(&args.formula, args.input_format).map_err(|e| anyhow::anyhow!("{e}"))?;
    let context = || args.formula.display().to_string();
    let chain = Chain::from_input(&input).with_context(context)?;
    let mut compiled = None;
    for naive in [false, true] {
        let candidate = back::compile_formula(backend.clone(), chain.formula(), ordering(naive))
            .with_context(context)?;
        if candidate.same_pieces(&board) {
            compiled = Some(candidate);
            break;
        }
    }
    let Some(compiled) = compiled else {
        bail!(
            "{}: not the {} board compiled from {} (naive or optimised layout)",
            args.board.display(),
            B::PIECE.name(),
            context()
        );
    };
    let report = check::check_sequence(&board, &moves, Variant::Standard);
    if !report.is_solution() {
        eprintln!("{}: {report}", args.moves.display());
        let malformed = report
            .illegal
            .as_ref()
            .is_some_and(|step| step.is_malformed());
        return Ok(code(if malformed { exit::BAD_INPUT } else { exit::NO }));
    }
    let model = back::decode_input(&chain, &compiled, &moves).with_context(context)?;
    print_out("s SATISFIABLE\n")?;
    print_out(&value_lines(&model))?;
    Ok(code(exit::YES))
}
