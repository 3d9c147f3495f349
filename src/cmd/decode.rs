use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Result;
use sat2chess::front::FormulaFormat;
use sat2chess::io::{self, BoardFormat};
use sat2chess::reduction::pipeline::{self, DecodeJob};
use sat2chess::reduction::{BoardFile, Decoded, Limits, Options, Reduction};

use super::sat::value_lines;
use super::{Piece, code, exit, print_err, print_out};

/// Read a satisfying assignment of a formula off any solving certificate of its
/// compiled board (thesis Theorem 5.15, "solvable ⇒ SAT"): the board must be the one
/// compiled from the formula and the certificate must solve it (both checked; an
/// invalid certificate is refused with exit 1); the model is read off the board's
/// gadgets, mapped back through the transformation chain, verified against the formula
/// and printed as DIMACS `s`/`v` lines.
///
/// The target and the options come from the board's provenance; `--piece`/`--to` are
/// needed only for boards without one (text and FEN files, boards of older versions;
/// default king).
///
/// Example: sat2chess decode board.json moves.json --formula examples/andor/thesis.andor
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The compiled board.
    pub(crate) board: PathBuf,
    /// A solving certificate: moves JSON (a placement JSON for n-Queens boards).
    pub(crate) moves: PathBuf,
    /// The formula the board was compiled from (DIMACS: at most 10^6 declared variables,
    /// as for compile).
    #[arg(long)]
    pub(crate) formula: PathBuf,
    /// Formula format (default: from the file name, else the content).
    #[arg(long, value_parser = super::choice::<FormulaFormat>())]
    pub(crate) input_format: Option<FormulaFormat>,
    /// Board format (default: from the extension).
    #[arg(long, value_parser = super::choice::<BoardFormat>())]
    pub(crate) format: Option<BoardFormat>,
    /// The piece type the board was compiled for (it must agree with the board's
    /// provenance).
    #[arg(long, value_enum, ignore_case = true, conflicts_with = "to")]
    pub(crate) piece: Option<Piece>,
    /// The target the board was compiled for, by name (`nqueens`, or a piece).
    #[arg(long, value_parser = super::compile::target(), value_name = "TARGET")]
    pub(crate) to: Option<&'static dyn Reduction>,
    /// An n-Queens board without provenance: its formula's clauses are 1-in-3 clauses.
    #[arg(long)]
    pub(crate) onein3: bool,
    #[command(flatten)]
    pub(crate) limit: super::PieceLimit,
}

pub(crate) fn run(args: Args) -> Result<ExitCode> {
    let target = super::compile::reduction(args.piece, args.to).map(|r| r.name());
    decode(&args, target)
}

/// Decodes `args` for `target` (`None`: from the board's provenance, else king).
pub(crate) fn decode(args: &Args, target: Option<&str>) -> Result<ExitCode> {
    let input = sat2chess::front::load(&args.formula, args.input_format)?;
    let formula = io::display_path(&args.formula).display().to_string();
    let job = DecodeJob {
        targets: &sat2chess::targets::TARGETS,
        target,
        board: BoardFile {
            path: args.board.clone(),
            format: args.format,
        },
        certificate: &args.moves,
        source: &input,
        source_name: &formula,
        options: Options {
            naive: false,
            onein3: args.onein3,
        },
        limits: Limits {
            max_pieces: args.limit.max_pieces,
            // An n-Queens board of side n holds about n pieces.
            max_side: i64::try_from(args.limit.max_pieces).unwrap_or(i64::MAX),
        },
    };
    let progress = super::progress::Progress::new(false);
    let decoded = pipeline::decode(&job, &progress);
    progress.finish();
    let decoded =
        decoded.map_err(anyhow::Error::from).map_err(|error| {
            match super::over_size_limit(&error) {
                true => error.context(format!(
                    "{}: too large for --max-pieces (raise the limit to decode it)",
                    io::display_path(&args.board).display()
                )),
                false => error,
            }
        });
    match decoded? {
        Decoded::Model(model) => {
            print_out("s SATISFIABLE\n")?;
            print_out(value_lines(&model))?;
            Ok(code(exit::YES))
        }
        Decoded::Refused { report, malformed } => {
            refuse(&args.moves, &report);
            Ok(code(if malformed { exit::BAD_INPUT } else { exit::NO }))
        }
    }
}

/// Says on standard error why the certificate `path` was refused.
fn refuse(path: &Path, report: &str) {
    print_err(&format!("{}: {report}\n", io::display_path(path).display()));
}
