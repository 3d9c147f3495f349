use std::collections::HashSet;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use sat2chess::back::{self, Backend};
use sat2chess::board::{PieceKind, Square};
use sat2chess::check::{self, SequenceCheck, SequenceReport};
use sat2chess::formula::AndOrFormula;
use sat2chess::front::{self, FormulaFormat};
use sat2chess::io::json::{self, PieceRecord};
use sat2chess::io::{self, BoardFormat, InputError};
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
    #[arg(long, value_parser = super::choice::<FormulaFormat>())]
    pub input_format: Option<FormulaFormat>,
    /// Board format (default: from the extension).
    #[arg(long, value_parser = super::choice::<BoardFormat>())]
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

/// What the plausibility tests need of a board, gathered as it is read.
#[derive(Default)]
struct BoardFacts {
    pieces: usize,
    /// The first piece that a compiled board cannot hold: (kind, budget, square).
    foreign: Option<(PieceKind, u32, Square)>,
    /// Whether any piece carries a gadget label.
    labelled: bool,
    /// The instances of the `variable` gadgets named by labels.
    variables: HashSet<Option<u32>>,
}

impl BoardFacts {
    fn add(&mut self, kind: PieceKind, piece: PieceRecord<'_>) {
        self.pieces += 1;
        if self.foreign.is_none() && (piece.kind != kind || piece.budget > 2) {
            self.foreign = Some((piece.kind, piece.budget, piece.square));
        }
        if let Some(label) = piece.label.and_then(GadgetLabel::parse) {
            self.labelled = true;
            if label.gadget == "variable" {
                self.variables.insert(label.instance);
            }
        }
    }
}

/// The board is read once, as a stream, into the checker's compact replay (13 bytes per
/// piece); the formula is planned (never stamped) and the plan's pieces are compared with
/// the board tile by tile; the moves are streamed once through the checker and the
/// variable gadgets' deciders. Neither the board nor the sequence is held whole.
fn decode_with<B: Backend>(backend: B, args: Args) -> Result<ExitCode> {
    let mut facts = BoardFacts::default();
    let replay = check::load_board_with(&args.board, args.format, Variant::Standard, &mut |p| {
        facts.add(B::PIECE, p)
    })
    .map_err(|e| anyhow::anyhow!("{e}"))?;
    let input =
        front::load(&args.formula, args.input_format).map_err(|e| anyhow::anyhow!("{e}"))?;
    let board_name = io::display_path(&args.board).display().to_string();
    let context = || io::display_path(&args.formula).display().to_string();
    let chain = Chain::from_input(&input, &sat2chess::layout::BandOrder).with_context(context)?;
    if let Err(reason) = plausibly_compiled_from(&backend, &facts, chain.formula()) {
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
        let plan = back::plan_formula(backend.clone(), chain.formula(), ordering(naive))
            .with_context(context)?;
        if plan.same_pieces(&replay) {
            compiled = Some(plan);
            break;
        }
    }
    let Some(plan) = compiled else {
        bail!(
            "{board_name}: not the {} board compiled from {} (naive or optimised layout)",
            B::PIECE.name(),
            context()
        );
    };
    let mut sequence = SequenceCheck::new(replay);
    let mut deciders = plan.deciders();
    let moves_name = io::display_path(&args.moves);
    json::stream_moves(io::open_text(&args.moves)?, &mut |mv| {
        sequence.step(mv);
        deciders.step(mv);
    })
    .map_err(|error| InputError::Format {
        path: moves_name,
        error,
    })?;
    if let Some(exit_code) = refuse_non_solution(sequence.report(), &args.moves) {
        return Ok(exit_code);
    }
    let andor = plan.assignment(&deciders).with_context(context)?;
    let model = back::input_model(&chain, &andor).with_context(context)?;
    print_out("s SATISFIABLE\n")?;
    print_out(value_lines(&model))?;
    Ok(code(exit::YES))
}

/// `None` if the checker's `report` on the moves file `moves_path` says they solve the
/// board, else the exit code after the report went to standard error (bad input for a
/// malformed step, "no" for a sequence that is well formed but does not solve the board).
pub(super) fn refuse_non_solution(
    report: SequenceReport,
    moves_path: &std::path::Path,
) -> Option<ExitCode> {
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
/// comparison with the plan: only pieces of the backend's kind with budgets at most 2, at
/// least the pieces of the variable gadgets, and, when the pieces carry gadget labels,
/// one `variable#k` gadget per variable.
fn plausibly_compiled_from<B: Backend>(
    backend: &B,
    facts: &BoardFacts,
    formula: &AndOrFormula,
) -> Result<(), String> {
    let kind = B::PIECE;
    if let Some((other, budget, square)) = facts.foreign {
        return Err(format!(
            "it has a {other} with budget {budget} on {square}, but compiled boards hold only \
             {}s with budgets up to 2",
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
    if facts.pieces < variables.saturating_mul(per_variable) {
        return Err(format!(
            "{} pieces are fewer than the {} variable gadgets alone need",
            facts.pieces, variables
        ));
    }
    if facts.labelled && facts.variables.len() != variables {
        return Err(format!(
            "its labels name {} variable gadgets, but the formula has {variables} variables \
             after the transformation chain",
            facts.variables.len()
        ));
    }
    Ok(())
}
