use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use sat2chess::back::{self, Backend};
use sat2chess::budget;
use sat2chess::check;
use sat2chess::formula::AndOrFormula;
use sat2chess::layout;

use sat2chess::io::{self, BoardFormat, json};
use sat2chess::layout::order::Ordering;
use sat2chess::rules::Variant;
use sat2chess::transform::Chain;

use super::output::{self, Outputs};
use super::{Piece, WithBackend, code, exit, print_err};

/// Other targets `--to` names instead of `--piece`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Target {
    /// n-Queens Completion (Gent–Jefferson–Nightingale); the certificate is a placement
    /// JSON `{"queens":[[row,col],…]}`.
    Nqueens,
}

/// Compile a formula into a Solo Chess board that can be reduced to one piece iff the
/// formula is satisfiable (thesis Theorem 5.15). CNF input goes through the
/// transformation chain to And-Or-(1,1)-SAT, is laid out on a tile grid and every tile
/// is stamped with verified gadgets.
///
/// With --certify the SAT solver decides the formula: satisfiable → a solving capture
/// sequence built gadget by gadget is checked and written to --moves (exit 0);
/// unsatisfiable → said on stderr, exit 1 (the board is still written).
///
/// Example: sat2chess compile examples/andor/thesis.andor --piece king -o board.json --stats --certify --moves moves.json
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub formula: super::FormulaInput,
    /// The piece type of the board.
    #[arg(
        long,
        value_enum,
        ignore_case = true,
        required_unless_present = "to",
        conflicts_with = "to"
    )]
    pub piece: Option<Piece>,
    /// Compile to another puzzle instead: `nqueens` (n-Queens Completion).
    #[arg(long, value_enum)]
    pub to: Option<Target>,
    /// With --to nqueens: the input is DIMACS whose clauses are 1-in-3 clauses (three
    /// distinct positive literals, exactly one true).
    #[arg(long, requires = "to")]
    pub onein3: bool,
    /// With --to nqueens: refuse boards with a larger side (CNF input grows fast:
    /// a single clause gives a side of ~10^8).
    #[arg(long, requires = "to", default_value_t = super::queens::DEFAULT_MAX_SIDE)]
    pub max_side: i64,
    /// Board file to write (default: standard output).
    #[arg(long, short)]
    pub output: Option<PathBuf>,
    /// Board format.
    #[arg(long, value_enum, default_value = "json")]
    pub format: BoardFormat,
    /// Print kings, rows, columns, crossings and gadgets per kind to stderr.
    #[arg(long)]
    pub stats: bool,
    /// Use the thesis layout as written instead of the optimised one.
    #[arg(long)]
    pub naive: bool,
    /// Decide the formula and, if satisfiable, write a solving sequence to --moves.
    #[arg(long, requires = "moves")]
    pub certify: bool,
    /// Moves file for --certify.
    #[arg(long, requires = "certify")]
    pub moves: Option<PathBuf>,
    #[command(flatten)]
    pub limit: super::PieceLimit,
}

/// The kings a King board of `formula` will hold at most, from its layout's wire tiles
/// (computed before any routing or stamping).
pub fn king_estimate(formula: &AndOrFormula, ordering: Ordering) -> Result<u64> {
    let tiles = layout::wire_tiles(formula, ordering)?;
    Ok(tiles.saturating_mul(budget::KINGS_PER_WIRE_TILE))
}

/// The layout ordering a `--naive` flag selects.
pub fn ordering(naive: bool) -> Ordering {
    if naive {
        Ordering::Naive
    } else {
        Ordering::Optimised
    }
}

pub fn run(args: Args) -> Result<ExitCode> {
    match args.piece {
        Some(Piece::Rook | Piece::Queen | Piece::Bishop) => super::rook::compile(args),
        Some(piece) => piece.with_backend(args),
        None => compile_nqueens(args),
    }
}

impl WithBackend for Args {
    type Output = ExitCode;

    fn run<B: Backend>(self, backend: B) -> Result<ExitCode> {
        compile_with(backend, self)
    }
}

/// Refuses an output path that is an input or the other output.
pub fn check_paths(args: &Args) -> Result<()> {
    Outputs::reading([args.formula.input.as_path()])
        .writing(args.output.as_deref())
        .writing(args.moves.as_deref())
        .check()
}

/// `--to nqueens`: the Gent–Jefferson–Nightingale chain instead of a backend.
fn compile_nqueens(args: Args) -> Result<ExitCode> {
    check_paths(&args)?;
    let input = args.formula.load()?;
    let moves = args.moves.as_deref().filter(|_| args.certify);
    super::queens::compile(
        input,
        &args.formula.name(),
        args.onein3,
        args.max_side,
        args.output.as_deref(),
        args.stats,
        moves,
    )
}

fn compile_with<B: Backend>(backend: B, args: Args) -> Result<ExitCode> {
    check_paths(&args)?;
    let input = args.formula.load()?;
    let context = || args.formula.name();
    let chain = Chain::from_input(&input).with_context(context)?;
    let estimate = king_estimate(chain.formula(), ordering(args.naive)).with_context(context)?;
    if args.stats {
        print_err(&format!(
            "{}\n",
            budget::Budget::pieces(args.limit.max_pieces).describe(estimate)
        ));
    }
    args.limit.admit(&context(), estimate)?;
    let compiled = back::compile_formula(backend, chain.formula(), ordering(args.naive))
        .with_context(context)?;
    if args.stats {
        print_err(&compiled.stats.to_string());
    }
    let text = args.format.write(&compiled.board)?;
    output::write(args.output.as_deref(), text.as_bytes())?;
    if !args.certify {
        return Ok(code(exit::YES));
    }
    let Some(moves_path) = &args.moves else {
        bail!("--certify needs --moves FILE");
    };
    match back::certify_input(&chain, &compiled).with_context(context)? {
        None => {
            print_err(&format!(
                "{}: unsatisfiable, so the board cannot be solved; no moves written\n",
                context()
            ));
            Ok(code(exit::NO))
        }
        Some(moves) => {
            let report = check::check_sequence(&compiled.board, &moves, Variant::Standard);
            if !report.is_solution() {
                bail!("internal error: the certificate does not solve the board: {report}");
            }
            output::write(Some(moves_path), json::write_moves(&moves).as_bytes())?;
            print_err(&format!(
                "{}: satisfiable; {} solving moves written to {}\n",
                context(),
                moves.len(),
                if io::is_stdio(moves_path) {
                    "standard output".to_owned()
                } else {
                    moves_path.display().to_string()
                }
            ));
            Ok(code(exit::YES))
        }
    }
}
