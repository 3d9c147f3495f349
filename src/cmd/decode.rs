use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Result, bail};
use sat2chess::choice::Choice as _;
use sat2chess::front::FormulaFormat;
use sat2chess::io::{self, BoardFormat};
use sat2chess::reduction::pipeline::{self, DecodeJob};
use sat2chess::reduction::{BoardFile, Decoded, Limits, Options, Reduction};

use super::sat::value_lines;
use super::{code, exit, print_err, print_out};

/// Read a satisfying assignment of a formula off any solving certificate of its
/// compiled board (thesis Theorem 5.15, "solvable ⇒ SAT"): the board must be the one
/// compiled from the formula and the certificate must solve it (both checked; an
/// invalid certificate is refused with exit 1); the model is read off the board's
/// gadgets, mapped back through the transformation chain, verified against the formula
/// and printed as DIMACS `s`/`v` lines.
///
/// The target and the options come from the board's provenance; boards without one (text
/// and FEN files, boards of older versions) are decoded for the target of their piece
/// kind (all kings: king, …), else `--to` must name it.
///
/// Example: sat2chess decode board.json moves.json --formula examples/andor/thesis.andor
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The compiled board (format from --from, else the extension, else the content).
    pub(crate) board: PathBuf,
    /// A solving certificate: moves JSON (a placement JSON for n-Queens boards).
    pub(crate) moves: PathBuf,
    /// The formula the board was compiled from (DIMACS: at most 10^6 declared variables,
    /// as for compile). Not needed for boards of `compile --unlimited`, which carry
    /// their Hamiltonian Path instance.
    #[arg(long)]
    pub(crate) formula: Option<PathBuf>,
    /// Input formats, overriding extensions and content: a board format (json, text,
    /// fen) for the board, a formula format (dimacs, andor, rbds) for --formula; give it twice
    /// to name both.
    #[arg(long, value_parser = input_format(), value_name = "FMT")]
    pub(crate) from: Vec<InputFormat>,
    /// The target the board was compiled for (`nqueens`, or a piece; `--piece` is
    /// another name of this option); it must agree with the board's provenance.
    #[arg(
        long,
        alias = "piece",
        ignore_case = true,
        value_parser = super::compile::target(),
        value_name = "TARGET"
    )]
    pub(crate) to: Option<&'static dyn Reduction>,
    /// An n-Queens board without provenance: its formula's clauses are 1-in-3 clauses.
    #[arg(long)]
    pub(crate) onein3: bool,
    #[command(flatten)]
    pub(crate) limit: super::PieceLimit,
}

/// An input format `--from` names: a board's or a formula's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum InputFormat {
    Board(BoardFormat),
    Formula(FormulaFormat),
    /// `gc`: a Graph Capture instance compiled by `compile --to graph-capture`.
    Graph,
}

/// A value parser offering the board and the formula formats' names.
fn input_format() -> impl clap::builder::TypedValueParser<Value = InputFormat> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser as _};
    let board = BoardFormat::CHOICES
        .iter()
        .map(|&(_, name, help)| (name, help));
    let formula = FormulaFormat::CHOICES
        .iter()
        .map(|&(_, name, help)| (name, help));
    let graph = [(
        super::graph_capture::EXTENSION,
        "a Graph Capture instance (.gc)",
    )];
    PossibleValuesParser::new(
        board
            .chain(formula)
            .chain(graph)
            .map(|(name, help)| PossibleValue::new(name).help(help)),
    )
    .map(|name| match BoardFormat::from_name(&name) {
        Some(format) => InputFormat::Board(format),
        None if name == super::graph_capture::EXTENSION => InputFormat::Graph,
        None => InputFormat::Formula(
            FormulaFormat::from_name(&name).expect("clap offers only the formats' names"),
        ),
    })
}

pub(crate) fn run(args: Args) -> Result<ExitCode> {
    decode(&args)
}

/// Decodes `args` (target `None`: from the board's provenance, else its piece kind).
pub(crate) fn decode(args: &Args) -> Result<ExitCode> {
    let (mut board_format, mut formula_format) = (None, None);
    for &from in &args.from {
        let (slot, name) = match from {
            InputFormat::Board(format) => (
                board_format
                    .replace(super::graph_capture::Source::Board(format))
                    .is_some(),
                "board",
            ),
            InputFormat::Graph => (
                board_format
                    .replace(super::graph_capture::Source::Graph)
                    .is_some(),
                "board",
            ),
            InputFormat::Formula(format) => (formula_format.replace(format).is_some(), "formula"),
        };
        if slot {
            bail!("--from names the {name} format twice");
        }
    }
    if let Some(provenance) = super::unlimited::provenance_of(&args.board) {
        return super::unlimited::decode(&args.board, &args.moves, &provenance);
    }
    let Some(formula_path) = &args.formula else {
        bail!("decode needs --formula FILE, the formula the board was compiled from");
    };
    let input = sat2chess::front::load(formula_path, formula_format)?;
    let formula = io::display_path(formula_path).display().to_string();
    if super::graph_capture::is_graph(&args.board, board_format) {
        if let Some(target) = args.to {
            bail!(
                "a graph file names its construction in its provenance: drop --to {}",
                target.name()
            );
        }
        return super::graph_capture::decode(&args.board, &args.moves, &input, &formula);
    }
    let board_format = super::graph_capture::board_format(board_format);
    let job = DecodeJob {
        targets: &sat2chess::targets::TARGETS,
        target: args.to.map(|target| target.name()),
        board: BoardFile {
            path: args.board.clone(),
            format: board_format,
        },
        certificate: &args.moves,
        source: &input,
        source_name: &formula,
        options: Options {
            onein3: args.onein3,
            ..Options::default()
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
        decoded
            .map_err(anyhow::Error::from)
            .map_err(|error| match super::refused_side(&error) {
                Some(_) => error.context(format!(
                    "{}: too large for --max-pieces (raise the limit to decode it)",
                    io::display_path(&args.board).display()
                )),
                None => error,
            });
    match decoded? {
        // An RBDS instance's model is its dominating set: the reds in it, 1-based.
        Decoded::Model(model) if matches!(input, sat2chess::front::Input::Rbds(_)) => {
            let reds = (1..=model.len()).filter(|&red| model.0[red - 1]);
            let reds: Vec<String> = reds.map(|red| red.to_string()).collect();
            print_out(format!("s DOMINATING SET\nv {} 0\n", reds.join(" ")))?;
            Ok(code(exit::YES))
        }
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
