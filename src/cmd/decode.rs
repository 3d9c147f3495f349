use std::collections::HashSet;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use sat2chess::back::{self, Backend};
use sat2chess::board::Board;
use sat2chess::check;
use sat2chess::formula::AndOrFormula;
use sat2chess::front::{self, FormulaFormat};
use sat2chess::io::{self, BoardFormat};
use sat2chess::label::GadgetLabel;
use sat2chess::rules::Variant;
use sat2chess::transform::Chain;

use super::compile::{ordering, piece_estimate};
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
    #[command(flatten)]
    pub limit: super::PieceLimit,
}

pub fn run(args: Args) -> Result<ExitCode> {
    if matches!(args.piece, Piece::Rook | Piece::Queen | Piece::Bishop) {
        return super::rook::decode(args);
    }
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
    let board_name = io::display_path(&args.board).display().to_string();
    let context = || io::display_path(&args.formula).display().to_string();
    let chain = Chain::from_input(&input).with_context(context)?;
    if let Err(reason) = plausibly_compiled_from(&backend, &board, chain.formula()) {
        bail!(
            "{board_name}: not the {} board compiled from {}: {reason}",
            B::PIECE.name(),
            context()
        );
    }
    let mut compiled = None;
    for naive in [false, true] {
        let estimate =
            piece_estimate::<B>(chain.formula(), ordering(naive)).with_context(context)?;
        args.limit.admit(&context(), estimate)?;
        let candidate = back::compile_formula(backend.clone(), chain.formula(), ordering(naive))
            .with_context(context)?;
        if candidate.same_pieces(&board) {
            compiled = Some(candidate);
            break;
        }
    }
    let Some(compiled) = compiled else {
        bail!(
            "{board_name}: not the {} board compiled from {} (naive or optimised layout)",
            B::PIECE.name(),
            context()
        );
    };
    if let Some(exit_code) = refuse_non_solution(&board, &moves, &args.moves) {
        return Ok(exit_code);
    }
    let model = back::decode_input(&chain, &compiled, &moves).with_context(context)?;
    print_out("s SATISFIABLE\n")?;
    print_out(value_lines(&model))?;
    Ok(code(exit::YES))
}

/// Replays `moves` on `board`: `None` if they solve it, else the exit code after the
/// checker's report went to standard error (bad input for a malformed step, "no" for a
/// sequence that is well formed but does not solve the board).
pub(super) fn refuse_non_solution(
    board: &Board,
    moves: &[sat2chess::rules::Move],
    moves_path: &std::path::Path,
) -> Option<ExitCode> {
    let report = check::check_sequence(board, moves, Variant::Standard);
    if report.is_solution() {
        return None;
    }
    eprintln!("{}: {report}", io::display_path(moves_path).display());
    let malformed = report
        .illegal
        .as_ref()
        .is_some_and(|step| step.is_malformed());
    Some(code(if malformed { exit::BAD_INPUT } else { exit::NO }))
}

/// Cheap tests a board compiled from `formula` passes, run before the (much dearer)
/// recompilation: only pieces of the backend's kind with budgets at most 2, at least the
/// pieces of the variable gadgets, and, when the pieces carry gadget labels, one
/// `variable#k` gadget per variable.
fn plausibly_compiled_from<B: Backend>(
    backend: &B,
    board: &Board,
    formula: &AndOrFormula,
) -> Result<(), String> {
    let kind = B::PIECE;
    if let Some(piece) = board
        .pieces()
        .iter()
        .find(|piece| piece.kind != kind || piece.budget > 2)
    {
        return Err(format!(
            "it has a {} with budget {} on {}, but compiled boards hold only {}s with budgets \
             up to 2",
            piece.kind,
            piece.budget,
            piece.square,
            kind.name()
        ));
    }
    let per_variable = backend
        .library()
        .map_err(|error| error.to_string())?
        .iter()
        .find(|gadget| gadget.name == "variable")
        .map_or(1, |gadget| gadget.pieces.len());
    let variables = formula.num_vars();
    if board.len() < variables.saturating_mul(per_variable) {
        return Err(format!(
            "{} pieces are fewer than the {} variable gadgets alone need",
            board.len(),
            variables
        ));
    }
    let labels: Vec<GadgetLabel> = board
        .pieces()
        .iter()
        .filter_map(|piece| piece.label.as_deref().and_then(GadgetLabel::parse))
        .collect();
    if !labels.is_empty() {
        let gadgets: HashSet<Option<u32>> = labels
            .iter()
            .filter(|label| label.gadget == "variable")
            .map(|label| label.instance)
            .collect();
        if gadgets.len() != variables {
            return Err(format!(
                "its labels name {} variable gadgets, but the formula has {variables} variables \
                 after the transformation chain",
                gadgets.len()
            ));
        }
    }
    Ok(())
}
