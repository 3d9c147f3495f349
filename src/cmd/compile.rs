use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use sat2chess::back::{self, Backend};
use sat2chess::budget;
use sat2chess::formula::AndOrFormula;
use sat2chess::layout;

use sat2chess::io::{self, BoardFormat, json};
use sat2chess::layout::order::Ordering;
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
    #[arg(long, value_parser = super::choice::<BoardFormat>(), default_value = "json")]
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
    /// Refuse, before starting, boards estimated above this many kings (JSON output is
    /// streamed: about 60 bytes of output each, memory bounded by the layout; text and
    /// FEN hold the board, about 200 bytes each, at most 5·10^7); exit 2 with the
    /// estimate.
    #[arg(long, value_name = "N", default_value_t = budget::DEFAULT_MAX_STREAMED_PIECES)]
    pub max_pieces: u64,
}

/// The pieces a board of `formula` built by backend `B` will hold at most, from its
/// layout's wire tiles (computed before any routing or stamping).
pub fn piece_estimate<B: Backend>(formula: &AndOrFormula, ordering: Ordering) -> Result<u64> {
    let tiles = layout::wire_tiles(formula, ordering)?;
    Ok(tiles.saturating_mul(B::PIECES_PER_WIRE_TILE))
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
    let chain = Chain::from_input(&input, &sat2chess::layout::BandOrder).with_context(context)?;
    let estimate =
        piece_estimate::<B>(chain.formula(), ordering(args.naive)).with_context(context)?;
    // JSON is streamed tile by tile; the other formats hold the whole board.
    let streamed = args.format == BoardFormat::Json;
    let budget = if streamed {
        budget::Budget::streamed_pieces(args.max_pieces)
    } else {
        budget::Budget::pieces(args.max_pieces.min(budget::DEFAULT_MAX_PIECES))
    };
    if args.stats {
        print_err(&format!("{}\n", budget.describe(estimate)));
    }
    budget
        .admit(estimate)
        .map_err(|error| anyhow::anyhow!("{}: {error}", context()))?;
    let plan =
        back::plan_formula(backend, chain.formula(), ordering(args.naive)).with_context(context)?;
    if args.stats {
        print_err(&plan.stats.to_string());
    }
    let progress = Progress::new(plan.tile_count());
    progress.phase("checking");
    plan.check(|tiles| progress.at(tiles))
        .with_context(context)?;
    progress.phase("writing");
    if streamed {
        output::stream(args.output.as_deref(), |out| {
            let stats = &plan.stats;
            let mut writer = json::BoardWriter::new(out, stats.rows, stats.cols)?;
            let mut labeller = plan.labeller();
            for tile in 0..plan.tile_count() {
                plan.for_each_piece(tile, &mut labeller, |square, budget, label| {
                    writer.piece(B::PIECE, square, budget, Some(label))
                })?;
                progress.at(tile + 1);
            }
            writer.finish()?;
            Ok(())
        })?;
    } else {
        let board = plan.board().with_context(context)?;
        output::write(
            args.output.as_deref(),
            args.format.write(&board)?.as_bytes(),
        )?;
    }
    if !args.certify {
        progress.finish();
        return Ok(code(exit::YES));
    }
    let Some(moves_path) = &args.moves else {
        bail!("--certify needs --moves FILE");
    };
    progress.phase("solving");
    let Some(model) = back::andor_model(&chain).with_context(context)? else {
        progress.finish();
        print_err(&format!(
            "{}: unsatisfiable, so the board cannot be solved; no moves written\n",
            context()
        ));
        return Ok(code(exit::NO));
    };
    progress.phase("certifying");
    let mut count = 0u64;
    output::stream(Some(moves_path), |out| {
        let mut writer = json::MovesWriter::new(out)?;
        let mut written = Ok(());
        let pieces = plan.stats.pieces.max(1) as u64;
        let tiles = plan.tile_count() as u64;
        plan.certify(&model, |mv| {
            count += 1;
            if count % 65_536 == 0 {
                progress.at((count * tiles / pieces) as usize);
            }
            if written.is_ok() {
                written = writer.write(mv);
            }
        })
        .map_err(|error| anyhow::anyhow!("internal error: {error}"))?;
        written?;
        writer.finish()?;
        Ok(())
    })?;
    progress.finish();
    print_err(&format!(
        "{}: satisfiable; {count} solving moves (replayed while built) written to {}\n",
        context(),
        if io::is_stdio(moves_path) {
            "standard output".to_owned()
        } else {
            moves_path.display().to_string()
        }
    ));
    Ok(code(exit::YES))
}

/// A progress bar on standard error over the layout's tiles, for each phase of a long
/// compile; hidden when standard error is not a terminal.
struct Progress(indicatif::ProgressBar);

impl Progress {
    fn new(tiles: usize) -> Progress {
        use std::io::IsTerminal as _;
        let bar = if std::io::stderr().is_terminal() {
            indicatif::ProgressBar::new(tiles as u64)
        } else {
            indicatif::ProgressBar::hidden()
        };
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{msg:>11} [{elapsed_precise}] {wide_bar} {pos}/{len} tiles (eta {eta})",
            )
            .expect("the template is valid"),
        );
        Progress(bar)
    }

    fn phase(&self, name: &'static str) {
        self.0.set_message(name);
        self.0.set_position(0);
    }

    fn at(&self, tiles: usize) {
        self.0.set_position(tiles as u64);
    }

    fn finish(&self) {
        self.0.finish_and_clear();
    }
}
