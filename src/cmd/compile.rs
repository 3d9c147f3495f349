use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use sat2chess::budget;
use sat2chess::io::{self, BoardFormat};
use sat2chess::reduction::pipeline::{self, Certificate, Job};
use sat2chess::reduction::{
    BoardInMemory, CertificateKind, CertificateSink, CertificateWriter, JsonBoard, Limits, Options,
    Reduction, Step,
};

use sat2chess::graphcap::theorem5::Construction;

use super::output::{self, Output, Outputs};
use super::{code, exit, print_err};

/// A value parser offering the name of every registered target
/// ([`sat2chess::targets::TARGETS`]): `--to` reaches any reduction, a new one included.
pub(crate) fn target() -> impl clap::builder::TypedValueParser<Value = &'static dyn Reduction> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser as _};
    PossibleValuesParser::new(
        sat2chess::targets::TARGETS
            .iter()
            .map(|target| PossibleValue::new(target.name()).help(target.about())),
    )
    .map(|name| sat2chess::targets::target(&name).expect("clap offers only targets' names"))
}

/// What `compile --to` names: a registered board target, or `graph-capture`.
#[derive(Clone, Copy)]
pub(crate) enum Target {
    Board(&'static dyn Reduction),
    /// A Graph Capture instance (Aravind–Misra–Mittal Theorem 5), not a board.
    GraphCapture,
}

/// [`target`] and `graph-capture`.
fn compile_target() -> impl clap::builder::TypedValueParser<Value = Target> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser as _};
    let graph = PossibleValue::new("graph-capture").help(
        "a Graph Capture(2) instance (.gc): undirected from Colourful RBDS, --dag: a DAG from 3-SAT",
    );
    PossibleValuesParser::new(
        sat2chess::targets::TARGETS
            .iter()
            .map(|target| PossibleValue::new(target.name()).help(target.about()))
            .chain([graph]),
    )
    .map(|name| match sat2chess::targets::target(&name) {
        Some(target) => Target::Board(target),
        None => Target::GraphCapture,
    })
}

/// Compile a formula into a Solo Chess board that can be reduced to one piece iff the
/// formula is satisfiable (thesis Theorem 5.15). CNF input goes through the
/// transformation chain to And-Or-(1,1)-SAT, is laid out on a tile grid and every tile
/// is stamped with verified gadgets.
///
/// The board records where it comes from (a "provenance" key: target, options, the
/// formula's SHA-256), so `decode` needs no options. With --certify the SAT solver
/// decides the formula: satisfiable → a solving capture sequence built gadget by gadget
/// is written to --moves-out (exit 0); unsatisfiable → said on stderr, exit 1 (the board
/// is still written). The board's format is the one the -o extension names (.json,
/// .txt, .fen), else --format, else JSON.
///
/// Example: sat2chess compile examples/andor/thesis.andor --to king -o board.json --stats --certify --moves-out moves.json
#[derive(clap::Args)]
pub(crate) struct Args {
    #[command(flatten)]
    pub(crate) formula: super::FormulaInput,
    /// The target: a piece type (king, knight, rook, queen, bishop), or `nqueens`
    /// (n-Queens Completion, whose certificate is a placement JSON
    /// `{"queens":[[row,col],…]}`). `--piece` is another name of this option.
    #[arg(
        long,
        alias = "piece",
        ignore_case = true,
        value_parser = compile_target(),
        value_name = "TARGET",
        required_unless_present = "unlimited",
        conflicts_with = "unlimited"
    )]
    pub(crate) to: Option<Target>,
    /// Solo Chess with unlimited captures (Brunner et al.): from a Hamiltonian Path
    /// instance (`.ham`, §3.1) or from a CNF or planar monotone instance (`.cnf`, `.pm3`,
    /// §3.2), the board one special piece among pieces of another type (--pieces), every
    /// budget pieces − 1.
    #[arg(long, requires = "pieces")]
    pub(crate) unlimited: bool,
    /// With --unlimited: the two piece types, e.g. `rook,pawn`; the theorem covering
    /// the pair is used (`sat2chess pairs` lists them); where two do, the first piece
    /// is the special one (`bishop,rook`: Cor 3.6, `rook,bishop`: Cor 3.4).
    #[arg(
        long,
        value_delimiter = ',',
        requires = "unlimited",
        value_name = "A,B"
    )]
    pub(crate) pieces: Vec<String>,
    /// With --unlimited: the rules the board is made for, recorded in its provenance
    /// (`chesscom`: the king may not be captured, the paper's `king¹`;
    /// `uncapturable-KIND`: that kind, `KIND¹`). Default: thesis.
    #[arg(long, value_parser = super::choice::<sat2chess::rules::Variant>(), requires = "unlimited")]
    pub(crate) rules: Option<sat2chess::rules::Variant>,
    /// With --to graph-capture: build the DAG from 3-SAT (Theorem 5, directed) instead of
    /// the undirected graph from Colourful Red-Blue Dominating Set.
    #[arg(long)]
    pub(crate) dag: bool,
    /// With --to nqueens: the input is DIMACS whose clauses are 1-in-3 clauses (three
    /// distinct positive literals, exactly one true).
    #[arg(long)]
    pub(crate) onein3: bool,
    /// With --to nqueens: refuse boards with a larger side (CNF input grows fast:
    /// a single clause gives a side of ~10^8).
    #[arg(long, default_value_t = sat2chess::reduction::DEFAULT_MAX_SIDE)]
    pub(crate) max_side: i64,
    /// Board file to write (default: standard output).
    #[arg(long, short)]
    pub(crate) output: Option<PathBuf>,
    /// Board format (default: the one the -o extension names, else json); it must agree
    /// with the extension.
    #[arg(long, value_parser = super::choice::<BoardFormat>())]
    pub(crate) format: Option<BoardFormat>,
    /// Print the size estimate, pieces, rows, columns, crossings and gadgets per kind to
    /// stderr.
    #[arg(long)]
    pub(crate) stats: bool,
    /// With --to rook or queen: compile through another problem (`rbds`: Red-Blue
    /// Dominating Set, Aravind–Misra–Mittal Theorem 2, and Theorem 3's column spreading
    /// for queens) instead of the thesis ch. 7 construction.
    #[arg(long, value_enum, value_name = "PROBLEM")]
    pub(crate) via: Option<Via>,
    /// Use the thesis layout as written instead of the optimised one.
    #[arg(long)]
    pub(crate) naive: bool,
    /// Decide the formula and, if satisfiable, write a solving sequence to --moves-out.
    #[arg(long, requires = "moves_out")]
    pub(crate) certify: bool,
    /// Moves JSON file for --certify (a placement JSON for --to nqueens; `-`: standard
    /// output).
    #[arg(long, value_name = "FILE", requires = "certify")]
    pub(crate) moves_out: Option<PathBuf>,
    /// Refuse, before starting, boards estimated above this many pieces (JSON output is
    /// streamed: about 60 bytes of output each, memory bounded by the layout; text and
    /// FEN hold the board, about 200 bytes each, at most 5·10^7); exit 2 with the
    /// estimate.
    #[arg(long, value_name = "N", default_value_t = budget::DEFAULT_MAX_STREAMED_PIECES)]
    pub(crate) max_pieces: u64,
}

pub(crate) fn run(args: Args) -> Result<ExitCode> {
    Outputs::reading([args.formula.input.as_path()])
        .writing(args.output.as_deref())
        .writing(args.moves_out.as_deref())
        .check()?;
    let reduction = match args.to {
        None => {
            return super::unlimited::compile(&super::unlimited::Job {
                input: &args.formula.input,
                name: args.formula.name(),
                file_name: args.formula.file_name(),
                pieces: &args.pieces,
                rules: args.rules,
                output: args.output.as_deref(),
                format: args.format,
                stats: args.stats,
                certificate: args.moves_out.as_deref().filter(|_| args.certify),
                max_pieces: args.max_pieces,
                from: args.formula.from,
            });
        }
        Some(Target::Board(reduction)) => reduction,
        Some(Target::GraphCapture) => return compile_graph(&args),
    };
    anyhow::ensure!(
        !args.dag,
        "--dag builds Graph Capture instances: use it with --to graph-capture"
    );
    let format = output::output_format(args.output.as_deref(), args.format, "board")?
        .unwrap_or(BoardFormat::Json);
    anyhow::ensure!(
        args.via.is_none() || ["rook", "queen"].contains(&reduction.name()),
        "--via rbds builds rook and queen boards: use it with --to rook or --to queen, not --to {}",
        reduction.name()
    );
    let input = args.formula.load()?;
    let name = args.formula.name();
    let job = Job {
        reduction,
        source: &input,
        source_name: &args.formula.file_name(),
        options: Options {
            naive: args.naive,
            onein3: args.onein3,
            via_rbds: args.via == Some(Via::Rbds),
        },
        limits: Limits {
            max_pieces: args.max_pieces,
            max_side: args.max_side,
        },
    };
    let progress = super::progress::Progress::new(args.stats);
    let mut certificate = args
        .moves_out
        .as_deref()
        .filter(|_| args.certify)
        .map(CertificateFile::new);
    let certificate_sink = certificate
        .as_mut()
        .map(|file| file as &mut dyn CertificateSink);
    let board = Output::create(args.output.as_deref())?;
    let outcome = if format == BoardFormat::Json {
        let mut sink = JsonBoard::new(board);
        let outcome = pipeline::compile(&job, &mut sink, certificate_sink, &progress);
        if let Some(board) = sink.into_finished() {
            board.finish()?;
        }
        outcome
    } else {
        let mut sink = BoardInMemory::default();
        let outcome = pipeline::compile(&job, &mut sink, certificate_sink, &progress);
        if outcome.is_ok() {
            let output_name = || {
                let path = args.output.as_deref().unwrap_or(std::path::Path::new("-"));
                sat2chess::io::display_path(path).display().to_string()
            };
            let text = format.write(&sink.board()?).with_context(output_name)?;
            let mut board = board;
            match std::io::Write::write_all(&mut board, text.as_bytes()) {
                Ok(()) => board.finish()?,
                Err(error) => board.fail(error.into())?,
            }
        }
        outcome
    };
    progress.finish();
    let outcome = outcome
        .map_err(anyhow::Error::from)
        .map_err(|error| match super::refused_side(&error) {
            Some((side, at_least)) => {
                let onein3 = if args.onein3 {
                    String::new()
                } else {
                    format!(
                        "; a plain CNF is encoded into 1-in-3 SAT first: if every clause of \
                         {name} is a 1-in-3 clause (three distinct positive literals, exactly \
                         one true), --onein3 reads it as such, for a far smaller board"
                    )
                };
                let at_least = if at_least { "at least " } else { "" };
                error.context(format!(
                    "too large for --max-side {}: pass --max-side {at_least}{side} to compile \
                     it{onein3}",
                    args.max_side
                ))
            }
            None => error,
        })
        .with_context(|| name.clone())?;
    let Some(written) = outcome.certificate else {
        return Ok(code(exit::YES));
    };
    let path = args.moves_out.as_deref().unwrap_or(Path::new("-"));
    let to = if io::is_stdio(path) {
        "standard output".to_owned()
    } else {
        path.display().to_string()
    };
    let (yes, no) = match input {
        sat2chess::front::Input::Rbds(_) => (
            "a dominating set of at most k reds",
            "no dominating set of at most k reds",
        ),
        _ => ("satisfiable", "unsatisfiable"),
    };
    match (written, reduction.certificate()) {
        (Certificate::Unsatisfiable, CertificateKind::Captures) => {
            print_err(&format!(
                "{name}: {no}, so the board cannot be solved; no moves written\n"
            ));
            Ok(code(exit::NO))
        }
        (Certificate::Unsatisfiable, CertificateKind::Placement) => {
            print_err(&format!(
                "{name}: unsatisfiable, so the board has no completion; no placement written\n"
            ));
            Ok(code(exit::NO))
        }
        (Certificate::Written { steps }, CertificateKind::Captures) => {
            print_err(&format!(
                "{name}: {yes}; {steps} solving moves written to {to}\n"
            ));
            Ok(code(exit::YES))
        }
        (Certificate::Written { steps }, CertificateKind::Placement) => {
            print_err(&format!(
                "{name}: satisfiable; {steps} queens completing the {}x{} board written to {to}\n",
                outcome.rows, outcome.cols
            ));
            Ok(code(exit::YES))
        }
    }
}

/// `compile --to graph-capture`: the options of boards do not apply.
fn compile_graph(args: &Args) -> Result<ExitCode> {
    anyhow::ensure!(
        args.format.is_none() && args.via.is_none() && !args.naive && !args.onein3,
        "--format, --via, --naive and --onein3 shape boards; --to graph-capture writes a .gc \
         graph and takes only --dag"
    );
    let construction = if args.dag {
        Construction::Dag
    } else {
        Construction::Undirected
    };
    let moves_out = args.moves_out.as_deref().filter(|_| args.certify);
    super::graph_capture::compile(
        &args.formula,
        construction,
        args.output.as_deref(),
        moves_out,
    )
}

/// The certificate file, created only when the pipeline starts a certificate (an
/// unsatisfiable formula leaves none behind).
struct CertificateFile<'a> {
    path: &'a Path,
    writer: Option<CertificateWriter<Output>>,
}

impl<'a> CertificateFile<'a> {
    fn new(path: &'a Path) -> CertificateFile<'a> {
        CertificateFile { path, writer: None }
    }
}

impl CertificateSink for CertificateFile<'_> {
    fn start(&mut self, kind: CertificateKind) -> std::io::Result<()> {
        let output = Output::create(Some(self.path)).map_err(std::io::Error::other)?;
        self.writer = Some(CertificateWriter::new(output, kind)?);
        Ok(())
    }

    fn step(&mut self, step: Step) -> std::io::Result<()> {
        match &mut self.writer {
            Some(writer) => writer.step(step),
            None => Err(std::io::Error::other("the certificate was not started")),
        }
    }

    fn finish(&mut self) -> std::io::Result<()> {
        match self.writer.take() {
            Some(writer) => writer.finish()?.finish().map_err(std::io::Error::other),
            None => Err(std::io::Error::other("the certificate was not started")),
        }
    }
}

/// The problems a rook board can be compiled through (`--via`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Via {
    /// Red-Blue Dominating Set (Aravind–Misra–Mittal, FUN 2022, Theorem 2).
    Rbds,
}
