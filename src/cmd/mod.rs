//! One module per subcommand; each has clap `Args` and a `run` returning the exit code.

pub(crate) mod check;
pub(crate) mod compile;
pub(crate) mod convert;
pub(crate) mod decode;
pub(crate) mod gadgets;
pub(crate) mod generate;
pub(crate) mod graph_capture;
pub(crate) mod input;
pub(crate) mod layout;
pub(crate) mod limits;
pub(crate) mod output;
pub(crate) mod progress;
pub(crate) mod queens;
pub(crate) mod render;
pub(crate) mod retarget;
pub(crate) mod sat;
pub(crate) mod serve;
pub(crate) mod show;
pub(crate) mod solve;
pub(crate) mod transform;
pub(crate) mod unlimited;

use std::io::Write as _;
use std::process::ExitCode;

use anyhow::Context as _;
use sat2chess::choice::Choice;

use sat2chess::io::BoardFormat;
use sat2chess::rules::Variant;

/// Documented exit codes (README "Exit codes").
pub(crate) mod exit {
    /// Solvable / valid / satisfiable.
    pub(crate) const YES: u8 = 0;
    /// Unsolvable / invalid / unsatisfiable.
    pub(crate) const NO: u8 = 1;
    /// Bad input or usage.
    pub(crate) const BAD_INPUT: u8 = 2;
    /// A search limit was reached before an answer.
    pub(crate) const UNKNOWN: u8 = 3;
    /// An internal error: a bug of sat2chess, not a fault of the input.
    pub(crate) const INTERNAL: u8 = 4;
}

/// A broken invariant found by the command line itself (a bug, exit
/// [`exit::INTERNAL`]).
#[derive(Debug)]
pub(crate) struct Internal(pub String);

impl std::fmt::Display for Internal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "internal error: {}", self.0)
    }
}

impl std::error::Error for Internal {}

/// The side an n-Queens board refused over the size limit would need, and whether that is
/// only a lower bound, when `error` is that refusal (its command then names the flags
/// that help).
pub(crate) fn refused_side(error: &anyhow::Error) -> Option<(i64, bool)> {
    use sat2chess::nqueens::chain::ChainError;
    use sat2chess::reduction::ReduceError;
    let side = |cause: &(dyn std::error::Error + 'static)| match cause.downcast_ref() {
        Some(ChainError::TooLarge { side, .. }) => Some((*side, false)),
        Some(ChainError::TooLargeAtLeast { side, .. }) => Some((*side, true)),
        _ => None,
    };
    // `ReduceError::Input` is transparent: the chain skips the error it wraps.
    error.chain().find_map(|cause| {
        side(cause).or_else(|| match cause.downcast_ref() {
            Some(ReduceError::Input(inner)) => side(inner.as_ref()),
            _ => None,
        })
    })
}

/// The exit code of a failed command: [`exit::INTERNAL`] when some cause in the chain
/// is the program's fault, [`exit::BAD_INPUT`] otherwise.
pub(crate) fn failure_code(error: &anyhow::Error) -> u8 {
    use sat2chess::back::{BackendError, PipelineError, rook::RookError};
    use sat2chess::reduction::ReduceError;
    let internal = error.chain().any(|cause| {
        cause.is::<Internal>()
            || cause
                .downcast_ref::<ReduceError>()
                .is_some_and(ReduceError::is_internal)
            || cause
                .downcast_ref::<PipelineError>()
                .is_some_and(PipelineError::is_internal)
            || cause
                .downcast_ref::<BackendError>()
                .is_some_and(BackendError::is_internal)
            || cause
                .downcast_ref::<RookError>()
                .is_some_and(RookError::is_internal)
    });
    if internal {
        exit::INTERNAL
    } else {
        exit::BAD_INPUT
    }
}

pub(crate) fn code(value: u8) -> ExitCode {
    ExitCode::from(value)
}

/// A value parser offering exactly the names of a library [`Choice`] (the library
/// crates do not depend on clap).
pub(crate) fn choice<T: Choice + Clone + Send + Sync>()
-> impl clap::builder::TypedValueParser<Value = T> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser as _};
    PossibleValuesParser::new(
        T::CHOICES
            .iter()
            .map(|&(_, name, help)| PossibleValue::new(name).help(help)),
    )
    .map(|name| T::from_name(&name).expect("clap offers only the choices' names"))
}

/// The formula argument shared by `sat`, `transform`, `layout` and `compile`.
#[derive(clap::Args)]
pub(crate) struct FormulaInput {
    /// Formula file: DIMACS (.cnf, .cnf.gz, .dimacs) or And-Or (.andor, .aos); other
    /// names (and `-`, standard input) are recognised by content. DIMACS declares at
    /// most 10^7 variables (10^6 for transform, layout and compile).
    pub(crate) input: std::path::PathBuf,
    /// Input format (default: from the file name, else the content).
    #[arg(long, value_parser = choice::<sat2chess::front::FormulaFormat>())]
    pub(crate) from: Option<sat2chess::front::FormulaFormat>,
}

impl FormulaInput {
    /// The input's name in messages (`<stdin>` for `-`).
    pub(crate) fn name(&self) -> String {
        sat2chess::io::display_path(&self.input)
            .display()
            .to_string()
    }

    /// The input's file name, for a compiled board's provenance (`<stdin>` for `-`).
    pub(crate) fn file_name(&self) -> String {
        match self.input.file_name() {
            Some(name) if !sat2chess::io::is_stdio(&self.input) => {
                name.to_string_lossy().into_owned()
            }
            _ => self.name(),
        }
    }

    /// Reads the formula.
    pub(crate) fn load(&self) -> anyhow::Result<sat2chess::front::Input> {
        Ok(sat2chess::front::load(&self.input, self.from)?)
    }
}

/// The piece type of a gadget library (`gadgets --piece`): one variant per board target
/// of [`sat2chess::targets`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Piece {
    /// King 2-Solo Chess (thesis ch. 5): every piece a king with budget 2.
    King,
    /// Knight 2-Solo Chess (thesis ch. 6): every piece a knight with budget at most 2.
    Knight,
    /// Rook 2-Solo Chess (thesis ch. 7): every piece a rook with budget 2; its own
    /// line-based backend (`compile`, `decode`, `gadgets`).
    Rook,
    /// Queen 2-Solo Chess: the rook board with rows and columns spread until no two
    /// pieces share a diagonal (`sat2chess retarget`; `compile` and `decode`).
    Queen,
    /// Bishop 2-Solo Chess: the rook board turned by 45 degrees (`sat2chess retarget`;
    /// `compile` and `decode`).
    Bishop,
}

impl Piece {
    /// The board piece kind of the target.
    pub(crate) fn kind(self) -> sat2chess::board::PieceKind {
        match self {
            Piece::King => sat2chess::board::PieceKind::King,
            Piece::Knight => sat2chess::board::PieceKind::Knight,
            Piece::Rook => sat2chess::board::PieceKind::Rook,
            Piece::Queen => sat2chess::board::PieceKind::Queen,
            Piece::Bishop => sat2chess::board::PieceKind::Bishop,
        }
    }
}

/// The `--max-pieces` option of the commands that build or hold large boards.
#[derive(clap::Args)]
pub(crate) struct PieceLimit {
    /// Refuse, before starting, work estimated above this many pieces (moves and drawn
    /// arrows count too; about 200 bytes each); exit 2 with the estimate.
    #[arg(long, value_name = "N", default_value_t = sat2chess::budget::DEFAULT_MAX_PIECES)]
    pub(crate) max_pieces: u64,
}

impl PieceLimit {
    /// Refuses `estimate` pieces above the limit; the message names `source`.
    pub(crate) fn admit(&self, source: &str, estimate: u64) -> anyhow::Result<()> {
        sat2chess::budget::Budget::pieces(self.max_pieces)
            .admit(estimate)
            .with_context(|| source.to_owned())
    }
}

/// The largest `--time-limit`: about 31 years (larger values would overflow a deadline).
const MAX_SECONDS: f64 = 1e9;

/// A `--time-limit` value: a positive number of seconds, at most [`MAX_SECONDS`].
pub(crate) fn parse_seconds(text: &str) -> Result<std::time::Duration, String> {
    let seconds: f64 = text
        .parse()
        .map_err(|_| format!("expected a number of seconds, got \"{text}\""))?;
    if seconds.is_nan() || seconds <= 0.0 {
        return Err(format!(
            "expected a positive number of seconds, got \"{text}\""
        ));
    }
    if seconds > MAX_SECONDS {
        return Err(format!(
            "{text} seconds is more than the largest limit, {MAX_SECONDS:e} seconds \
             (about 31 years); leave the option out for no limit"
        ));
    }
    Ok(std::time::Duration::from_secs_f64(seconds))
}

/// The rules a move is judged by (`--rules`, with `--king-last` its hidden alias).
#[derive(clap::Args)]
pub(crate) struct Rules {
    /// Rules: `chesscom` (a king may not be captured, so it is the last piece),
    /// `thesis` (any piece may be captured), or `uncapturable-KIND` (a pawn, knight,
    /// bishop, rook, queen or king may not be captured). Default: chesscom for a FEN
    /// board, thesis otherwise.
    #[arg(long, value_parser = choice::<Variant>())]
    pub(crate) rules: Option<Variant>,
    /// The old name of `--rules chesscom`.
    #[arg(long, hide = true, conflicts_with = "rules")]
    pub(crate) king_last: bool,
}

impl Rules {
    /// The rules chosen, else the rules a compiled JSON board names in its provenance
    /// (`"rules"`: boards of `compile --unlimited`), else the default for a board read
    /// in `format`.
    pub(crate) fn variant_for(&self, board: &std::path::Path, format: BoardFormat) -> Variant {
        let named = || {
            let reader = sat2chess::io::open_text(board).ok()?;
            let provenance = sat2chess::io::json::read_provenance(reader).ok()??;
            Variant::from_name(provenance.get("rules")?.as_str()?)
        };
        let unset = self.rules.is_none() && !self.king_last;
        match unset && format == BoardFormat::Json && !sat2chess::io::is_stdio(board) {
            true => named().unwrap_or_else(|| self.variant(format)),
            false => self.variant(format),
        }
    }

    /// The rules chosen, else the default for a board read in `format`.
    pub(crate) fn variant(&self, format: BoardFormat) -> Variant {
        match (self.rules, self.king_last, format) {
            (Some(rules), _, _) => rules,
            (None, true, _) | (None, false, BoardFormat::Fen) => Variant::KingLast,
            (None, false, _) => Variant::Standard,
        }
    }
}

/// The note printed when a puzzle-like board (exactly one king among other pieces) is
/// decided under the thesis rules.
pub(crate) const THESIS_RULES_NOTE: &str =
    "rules: thesis (a king may be captured; --rules chesscom keeps it to the end)";

/// Whether the rules used deserve [`THESIS_RULES_NOTE`]: thesis rules on a board with one
/// king and other pieces, as a chess.com puzzle has. Boards of several kings (King 2-Solo
/// Chess) are thesis boards by nature and get no note.
pub(crate) fn thesis_note_due(variant: Variant, kings: usize, pieces: usize) -> bool {
    variant == Variant::Standard && kings == 1 && pieces > 1
}

/// Writes `text` to standard error; a closed or failing standard error is ignored (there
/// is nowhere left to report it), so a command still finishes its real work.
pub(crate) fn print_err(text: &str) {
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
}

/// Writes `text` to standard output. A closed pipe (`sat2chess solve … | head`) ends the
/// output quietly instead of panicking like `print!`.
pub(crate) fn print_out(text: impl AsRef<[u8]>) -> anyhow::Result<()> {
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_ref())
        .and_then(|()| stdout.flush())
    {
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        result => result.context("writing standard output"),
    }
}
