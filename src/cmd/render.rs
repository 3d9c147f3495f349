use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use sat2chess::board::{Board, Piece, PieceKind};
use sat2chess::choice::Choice as _;
use sat2chess::io::{self, BoardFormat, InputError};
use sat2chess::nqueens::board as placement;
use sat2chess::reduction::Observer as _;
use sat2chess::render::{
    self, BoardFile, Detail, Format, PieceSource, Region, RenderError, RenderOptions, Style,
};
use sat2chess::rules::{Move, Variant};

use super::input::BoardInput;
use super::output::{self, Outputs};
use super::{code, exit};

/// Shown after `sat2chess render --help`.
pub(crate) const EXAMPLES: &str = "\
Examples:
  sat2chess render board.json -o board.svg
  sat2chess render board.json --moves moves.json --step 3 --region 1,1,6,8 -o step3.svg
  sat2chess render gadget.json --gadgets --legend -o gadget.tex
  sat2chess render board.json --moves moves.json --animate -o play.html
  sat2chess render nqueens.json --placement placement.json -o completed.svg
  sat2chess render instance.rbds -o rbds.svg
  sat2chess render game.gc --moves captures.json -o game.svg
  sat2chess render instance.pm3 -o planar.svg

Numerals are the pieces' budgets (captures left); pieces with budget 0 are black.
Without --step every move is drawn as a numbered arrow on the initial position; with
--step K the position after K moves, move K shaded and move K+1 as an arrow.
Above 20000 visible pieces each piece is a dot (see --style). Views of more than 64
squares across are drawn as a schematic when their pieces carry gadget labels (see
--detail). Boards of at most 26 columns are labelled with files a.. and ranks. The
figure's format is the one the -o extension names (.svg, .tex/.tikz, .html), else
--format, else SVG; the board's format is --from. With --placement (n-Queens boards) the
pre-placed queens are black (budget 0) and the added queens white (budget 1); as dots,
black and light blue.
A Red-Blue Dominating Set instance (.rbds) is drawn beside the rook board of AMM's
Theorem 2, a Graph Capture instance (.gc) as its graph with tokens (--moves: a capture
sequence, numbered); both as .svg or .tex. A board of `compile --unlimited` (.json) is
drawn with its Hamiltonian Path instance over it, the special piece framed, as .svg or
.tex; a board of Theorem 3.9 (compiled from a CNF or a .pm3) with its squares tinted by
role (hero, junctions, paths, literal squares, interior, link and bridge knights,
clause wires) and a legend. An option shaping the board figure, e.g. --region or
--step, draws either plain. A
planar monotone 3-SAT instance (.pm3, from transform --to planar-monotone) is drawn
with its layout as .svg.";

/// Arguments of `sat2chess render`.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Board file (format from --from, else the extension, else the content), or a FEN
    /// string; `-` reads standard input. An .rbds or .gc file is an instance to draw
    /// (a Red-Blue Dominating Set beside its rook board; a Graph Capture graph).
    pub(crate) board: PathBuf,
    /// Board format, overriding the file extension and the content.
    #[arg(long, value_parser = super::choice::<BoardFormat>())]
    pub(crate) from: Option<BoardFormat>,
    /// A moves file: the capture sequence to draw (moves JSON, or one capture a line in
    /// .txt, `3. Q (1,1) x R (1,4)` or `Qg3xe5`; for a .gc graph, its captures JSON).
    #[arg(long)]
    pub(crate) moves: Option<PathBuf>,
    #[command(flatten)]
    pub(crate) rules: super::Rules,
    /// An n-Queens placement JSON (`{"queens":[[row,col],…]}`): draw its queens as well.
    #[arg(long, conflicts_with = "moves")]
    pub(crate) placement: Option<PathBuf>,
    /// Show the position after this many moves (needs --moves unless 0).
    #[arg(long)]
    pub(crate) step: Option<usize>,
    /// Crop to rows r1..r2 and columns c1..c2 (inclusive, 1-based).
    #[arg(long, value_name = "r1,c1,r2,c2")]
    pub(crate) region: Option<Region>,
    /// Colour gadgets, mark ports and the final square, draw flow arrows (from piece labels).
    #[arg(long)]
    pub(crate) gadgets: bool,
    /// Leave out the row and column numbers on the margin.
    #[arg(long)]
    pub(crate) no_coords: bool,
    /// Add a legend of the colours and marks in use.
    #[arg(long)]
    pub(crate) legend: bool,
    /// Piece drawing: glyphs, dots, or auto (dots above 20000 visible pieces).
    #[arg(long, value_parser = super::choice::<Style>(), default_value = "auto")]
    pub(crate) style: Style,
    /// Level of detail: every piece, or gadgets as labelled boxes and wires as lines.
    #[arg(long, value_parser = super::choice::<Detail>(), default_value = "auto")]
    pub(crate) detail: Detail,
    /// TikZ: one square's side in centimetres (default 0.7, less to fit 16 x 22 cm).
    #[arg(long, value_name = "CM", value_parser = positive_cm, conflicts_with = "width")]
    pub(crate) scale: Option<f64>,
    /// TikZ: the width of the whole figure in centimetres.
    #[arg(long, value_name = "CM", value_parser = positive_cm)]
    pub(crate) width: Option<f64>,
    /// Figure format (default: the one the -o extension names, .svg/.tex/.tikz/.html,
    /// else svg); it must agree with the extension.
    #[arg(long, value_parser = super::choice::<Format>())]
    pub(crate) format: Option<Format>,
    /// Write a self-contained HTML page that plays the sequence (same as --format html;
    /// -o names a .html file).
    #[arg(long)]
    pub(crate) animate: bool,
    /// Output file; standard output when omitted or `-`.
    #[arg(short, long)]
    pub(crate) output: Option<PathBuf>,
    #[command(flatten)]
    pub(crate) limit: super::PieceLimit,
}

/// Weight of one drawn move arrow against a piece in the `--max-pieces` estimate: arrows
/// are written as they are made (not held), but each is about 250 bytes of SVG.
const PIECES_PER_ARROW: u64 = 20;

pub(crate) fn run(args: Args) -> Result<ExitCode> {
    Outputs::reading(
        [args.board.as_path()]
            .into_iter()
            .chain(args.moves.as_deref())
            .chain(args.placement.as_deref()),
    )
    .writing(args.output.as_deref())
    .check()?;
    let named = output::output_format(args.output.as_deref(), args.format, "figure")?;
    let format = match (args.animate, named) {
        (true, None | Some(Format::Html)) => Format::Html,
        (true, Some(other)) => bail!(
            "--animate writes an HTML page, not {}: name the output FILE.html",
            other.name()
        ),
        (false, format) => format.unwrap_or(Format::Svg),
    };
    if let Some(instance) = Instance::of(&args.board) {
        return render_instance(&args, instance, format);
    }
    if format != Format::Html
        && !shapes_board_figure(&args)
        && let Some(provenance) = super::unlimited::provenance_of(&args.board)
    {
        return super::unlimited::render(
            &args.board,
            &provenance,
            args.moves.as_deref(),
            format,
            args.output.as_deref(),
        );
    }
    // A board JSON file is streamed (read again at each pass of the figure, never held);
    // other formats, standard input, pipes and boards with a placement are read whole.
    let input = BoardInput::resolve(&args.board, args.from)?;
    let streamed = args.placement.is_none()
        && std::fs::metadata(&args.board).is_ok_and(|metadata| metadata.is_file())
        && input.format() == BoardFormat::Json;
    let progress = super::progress::Progress::new(false);
    progress.phase("load", 0);
    let (board, pieces): (Box<dyn PieceSource>, usize) = if streamed {
        let file = BoardFile::open(&args.board)?;
        let pieces = file.len();
        (Box::new(file), pieces)
    } else {
        let mut board = input.read()?;
        if let Some(path) = &args.placement {
            board = with_placement(board, path)?;
        }
        let pieces = board.len();
        (Box::new(board), pieces)
    };
    let moves = match &args.moves {
        Some(path) => io::read_moves(path, board.extent())?,
        None => Vec::new(),
    };
    let variant = args.rules.variant(input.format());
    if let Some(protected) = variant.uncapturable() {
        refuse_uncapturable_captures(board.as_ref(), &moves, &args.moves, variant, protected)?;
    }
    let context = || match &args.moves {
        Some(moves) => format!(
            "{} with {}",
            io::display_path(&args.board).display(),
            io::display_path(moves).display()
        ),
        None => io::display_path(&args.board).display().to_string(),
    };
    let arrows = if args.step.is_some() {
        1
    } else {
        moves.len() as u64
    };
    let estimate = pieces as u64 + PIECES_PER_ARROW * arrows;
    args.limit.admit(&context(), estimate)?;
    let options = RenderOptions {
        region: args.region,
        coordinates: !args.no_coords,
        gadgets: args.gadgets,
        legend: args.legend,
        style: args.style,
        detail: args.detail,
        square_cm: args.scale,
        width_cm: args.width,
        step: args.step,
        marks: Vec::new(),
    };
    // Every error but a write error comes before the first byte, and a file is written
    // through a temporary one: a bad region or move leaves no half-written file behind.
    let rendered = output::stream(args.output.as_deref(), |out| {
        render::render(board.as_ref(), &moves, &options, format, out, &progress).map_err(|error| {
            match error {
                RenderError::Write(error) => error.into(),
                RenderError::Input(error) => error.into(),
                other => anyhow::Error::new(other).context(context()),
            }
        })
    });
    progress.finish();
    rendered?;
    Ok(code(exit::YES))
}

/// Whether an option shaping the plain board figure is given (a board of `compile
/// --unlimited` is then drawn as any board, without its graph).
fn shapes_board_figure(args: &Args) -> bool {
    args.from.is_some()
        || args.placement.is_some()
        || args.step.is_some()
        || args.region.is_some()
        || args.gadgets
        || args.no_coords
        || args.legend
        || args.style != Style::Auto
        || args.detail != Detail::Auto
        || args.scale.is_some()
        || args.width.is_some()
}

/// Refuses a sequence that captures a piece of the uncapturable kind `protected`
/// (chess.com's rules: a king); every other illegal move is the figure's to report, so
/// the scan stops at the first one.
fn refuse_uncapturable_captures(
    board: &dyn PieceSource,
    moves: &[Move],
    path: &Option<PathBuf>,
    variant: Variant,
    protected: PieceKind,
) -> Result<()> {
    let mut replay = board.replay()?;
    for (index, &mv) in moves.iter().enumerate() {
        if replay
            .piece_at(mv.to)
            .is_some_and(|(_, kind, _)| kind == protected)
        {
            let name = path.as_deref().map(io::display_path).unwrap_or_default();
            let rules = match variant == Variant::KingLast {
                true => "chess.com's rules forbid (the default for a FEN board)".to_owned(),
                false => format!("the rules {} forbid", variant.name()),
            };
            bail!(
                "{}: move #{index} {mv} captures the {protected} on {}, which {rules}; \
                 --rules thesis allows it",
                name.display(),
                mv.to
            );
        }
        if replay.apply(mv).is_err() {
            break;
        }
    }
    Ok(())
}

/// A length in centimetres: a positive finite number.
fn positive_cm(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(cm) if cm.is_finite() && cm > 0.0 => Ok(cm),
        _ => Err(format!(
            "expected a positive length in centimetres, got {text:?}"
        )),
    }
}

/// `board` with the queens of the placement file added (budget 1, drawn white) and its own
/// pieces set to budget 0 (drawn black).
fn with_placement(board: Board, path: &Path) -> Result<Board> {
    let text = io::read_text(path)?;
    let squares = placement::parse_placement(&text).map_err(|error| InputError::Format {
        path: io::display_path(path),
        error,
    })?;
    let (rows, cols) = (board.rows(), board.cols());
    let mut pieces: Vec<Piece> = board
        .into_pieces()
        .into_iter()
        .map(|piece| Piece { budget: 0, ..piece })
        .collect();
    pieces.extend(
        squares
            .into_iter()
            .map(|s| Piece::new(PieceKind::Queen, s, 1)),
    );
    Board::new(rows, cols, pieces).with_context(|| path.display().to_string())
}

/// The instances `render` draws instead of a board, named by the file's extension.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Instance {
    /// `.rbds`: a Red-Blue Dominating Set instance, drawn beside its rook board.
    Rbds,
    /// `.gc`: a Graph Capture instance.
    GraphCapture,
    /// `.pm3`: a planar monotone 3-SAT instance, drawn with its layout.
    PlanarMonotone,
}

impl Instance {
    fn of(path: &Path) -> Option<Instance> {
        match path.extension()?.to_str()? {
            "rbds" => Some(Instance::Rbds),
            "gc" => Some(Instance::GraphCapture),
            "pm3" => Some(Instance::PlanarMonotone),
            _ => None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Instance::Rbds => "an RBDS instance",
            Instance::GraphCapture => "a Graph Capture instance",
            Instance::PlanarMonotone => "a planar monotone 3-SAT instance",
        }
    }
}

/// Draws an `.rbds` or `.gc` file; the options that shape board figures are refused.
fn render_instance(args: &Args, instance: Instance, format: Format) -> Result<ExitCode> {
    let path = io::display_path(&args.board);
    let board_only = [
        ("--from", args.from.is_some()),
        ("--placement", args.placement.is_some()),
        ("--step", args.step.is_some()),
        ("--region", args.region.is_some()),
        ("--gadgets", args.gadgets),
        ("--no-coords", args.no_coords),
        ("--legend", args.legend),
        ("--style", args.style != Style::Auto),
        ("--detail", args.detail != Detail::Auto),
        ("--scale", args.scale.is_some()),
        ("--width", args.width.is_some()),
        (
            "--moves",
            args.moves.is_some() && instance != Instance::GraphCapture,
        ),
    ];
    if let Some((flag, _)) = board_only.iter().find(|(_, given)| *given) {
        bail!(
            "{} is {}: {flag} applies to board figures only",
            path.display(),
            instance.name()
        );
    }
    if format == Format::Html {
        bail!(
            "{} is {}: it is drawn as .svg or .tex, not as an HTML page",
            path.display(),
            instance.name()
        );
    }
    let text = io::read_text(&args.board)?;
    let context = || path.display().to_string();
    match instance {
        Instance::Rbds => {
            let rbds = sat2chess::front::rbds::Rbds::parse(&text).with_context(context)?;
            output::stream(args.output.as_deref(), |out| {
                render::rbds::write(&rbds, format, out).with_context(context)
            })?;
        }
        Instance::PlanarMonotone => {
            render_planar_monotone(args, &text, format, &context())?;
        }
        Instance::GraphCapture => {
            use sat2chess::graphcap::{graph::GraphCapture, moves};
            let graph = GraphCapture::parse(&text).with_context(context)?;
            let captures = match &args.moves {
                Some(file) => moves::parse_moves(&graph, &io::read_text(file)?)
                    .with_context(|| io::display_path(file).display().to_string())?,
                None => Vec::new(),
            };
            output::stream(args.output.as_deref(), |out| {
                render::graph::write(&graph, &captures, format, out).with_context(|| {
                    match &args.moves {
                        Some(file) => format!(
                            "{} with {}",
                            path.display(),
                            io::display_path(file).display()
                        ),
                        None => context(),
                    }
                })
            })?;
        }
    }
    Ok(code(exit::YES))
}

/// The most variables and clauses a `.pm3` figure draws.
const MAX_DRAWN_PM3: (u32, usize) = (20_000, 50_000);

/// Draws a `.pm3` instance (SVG only) after checking its layout.
fn render_planar_monotone(args: &Args, text: &str, format: Format, name: &str) -> Result<()> {
    use sat2chess::transform::planar_monotone::PlanarMonotone;
    if format != Format::Svg {
        bail!("{name} is a planar monotone 3-SAT instance: it is drawn as .svg only");
    }
    let pm = PlanarMonotone::parse_pm3(text).with_context(|| name.to_string())?;
    if pm.num_vars > MAX_DRAWN_PM3.0 || pm.clauses.len() > MAX_DRAWN_PM3.1 {
        bail!(
            "{name}: {} variables and {} clauses are too many to draw (at most {} and {})",
            pm.num_vars,
            pm.clauses.len(),
            MAX_DRAWN_PM3.0,
            MAX_DRAWN_PM3.1
        );
    }
    pm.validate()
        .with_context(|| format!("{name}: not a valid planar monotone layout"))?;
    output::stream(args.output.as_deref(), |out| {
        render::planar_monotone::write_svg(&pm, out).with_context(|| name.to_string())
    })
}
