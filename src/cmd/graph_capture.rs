//! Graph Capture instances (`.gc` files, Aravind–Misra–Mittal §4) in the board commands:
//! `compile --to graph-capture`, `solve`, `check` and `decode` of a graph file, and
//! `convert` of a knight board into one. The work is the library's
//! (`sat2chess::graphcap`); this module reads and writes the files.
//!
//! A graph file is recognised by `--from gc`, else the extension `.gc`, else its content
//! (the first line that is neither blank nor a `#` comment starts with `graph-capture`).
//! Capture sequences are moves files of vertex names: JSON `{"captures":[["u","v"],…]}`
//! (.json) or one `u x v` a line (.txt, and standard output).

use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context as _, Result, bail};
use sat2chess::board::Board;
use sat2chess::formula::Cnf;
use sat2chess::front::Input;
use sat2chess::graphcap::check::{Position, Refusal, check as check_captures};
use sat2chess::graphcap::graph::GraphCapture;
use sat2chess::graphcap::knight::KnightGraph;
use sat2chess::graphcap::moves::{Capture, parse_moves, write_moves, write_text_moves};
use sat2chess::graphcap::solve::{SolveError, solve_within};
use sat2chess::graphcap::theorem5::{Construction, Provenance, Theorem5};
use sat2chess::io::{self, BoardFormat, MovesFormat};
use sat2chess::sat::SatError;

use super::output;
use super::{Internal, code, exit, print_err, print_out};

/// The extension of graph files.
pub(crate) const EXTENSION: &str = "gc";

/// The `--from` of the commands that read a board or a graph: a board format, or `gc`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Source {
    Board(BoardFormat),
    Graph,
}

/// A value parser offering the board formats' names and `gc` (`--from`).
pub(crate) fn source() -> impl clap::builder::TypedValueParser<Value = Source> {
    formats(EXTENSION)
}

/// A value parser offering the board formats' names and `graph-capture` (`convert
/// --format`).
pub(crate) fn output_format() -> impl clap::builder::TypedValueParser<Value = Source> {
    formats("graph-capture")
}

/// A value parser offering the board formats' names and `graph` for a graph file.
fn formats(graph: &'static str) -> impl clap::builder::TypedValueParser<Value = Source> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser as _};
    use sat2chess::choice::Choice as _;
    let boards = BoardFormat::CHOICES
        .iter()
        .map(|&(_, name, help)| PossibleValue::new(name).help(help));
    let graph = PossibleValue::new(graph).help("a Graph Capture instance (.gc)");
    PossibleValuesParser::new(boards.chain([graph]))
        .map(|name| BoardFormat::from_name(&name).map_or(Source::Graph, Source::Board))
}

/// The board format `--from` names, if it names one.
pub(crate) fn board_format(from: Option<Source>) -> Option<BoardFormat> {
    match from {
        Some(Source::Board(format)) => Some(format),
        _ => None,
    }
}

/// Whether the input `path` is a graph file (see the module doc).
pub(crate) fn is_graph(path: &Path, from: Option<Source>) -> bool {
    match from {
        Some(Source::Graph) => true,
        Some(Source::Board(_)) => false,
        None if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case(EXTENSION)) =>
        {
            true
        }
        None => starts_as_graph(path),
    }
}

/// Whether the first line of `path` that is neither blank nor a comment is a graph
/// header. Standard input is peeked (its bytes stay buffered); pipes and unreadable
/// files are not looked at.
fn starts_as_graph(path: &Path) -> bool {
    use std::io::{BufRead as _, Read as _};
    let bytes = if io::is_stdio(path) {
        match std::io::stdin().lock().fill_buf() {
            Ok(bytes) => bytes.to_vec(),
            Err(_) => return false,
        }
    } else {
        if !std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
            return false;
        }
        let mut bytes = Vec::new();
        let read = std::fs::File::open(path).and_then(|f| f.take(4096).read_to_end(&mut bytes));
        if read.is_err() {
            return false;
        }
        bytes
    };
    String::from_utf8_lossy(&bytes)
        .lines()
        .map(str::trim)
        .find(|line| !line.is_empty() && !line.starts_with('#'))
        .is_some_and(|line| line.split_whitespace().next() == Some("graph-capture"))
}

/// The name of `path` in messages.
fn name(path: &Path) -> String {
    io::display_path(path).display().to_string()
}

/// Reads a graph file, and its text (for its provenance).
fn read_graph(path: &Path) -> Result<(GraphCapture, String)> {
    let text = io::read_text(path)?;
    let graph = GraphCapture::parse(&text).with_context(|| name(path))?;
    Ok((graph, text))
}

/// Reads a moves file of `graph`.
fn read_moves(graph: &GraphCapture, path: &Path) -> Result<Vec<Capture>> {
    let text = io::read_text(path)?;
    parse_moves(graph, &text).with_context(|| name(path))
}

/// Writes `captures` to `path` (`None` or `-`: standard output) in the format its
/// extension names, else `format`, else text.
fn write_captures(
    graph: &GraphCapture,
    captures: &[Capture],
    path: Option<&Path>,
    format: Option<MovesFormat>,
) -> Result<()> {
    let format = output::output_format(path, format, "capture sequence")?;
    let text = match format.unwrap_or(MovesFormat::Text) {
        MovesFormat::Json => write_moves(graph, captures),
        MovesFormat::Text => write_text_moves(graph, captures),
    };
    output::write(path, text)
}

/// `solve GRAPH`: the exact solver; exit 0 with a solving sequence (standard output or
/// `-o`), 1 unsolvable, 3 when the time limit is reached.
pub(crate) fn solve(
    path: &Path,
    out: Option<&Path>,
    format: Option<MovesFormat>,
    time_limit: Option<Duration>,
) -> Result<ExitCode> {
    let (graph, _) = read_graph(path)?;
    let captures = match solve_within(&graph, time_limit) {
        Ok(captures) => captures,
        Err(SolveError::Sat(SatError::TimeOut)) => {
            print_out("UNKNOWN: the time limit was reached\n")?;
            return Ok(code(exit::UNKNOWN));
        }
        Err(error @ SolveError::Refused(_)) => return Err(Internal(error.to_string()).into()),
        Err(error) => return Err(error.into()),
    };
    let Some(captures) = captures else {
        print_out("UNSOLVABLE\n")?;
        return Ok(code(exit::NO));
    };
    let verdict = format!("SOLVABLE: {} captures\n", captures.len());
    match out.filter(|out| !io::is_stdio(out)) {
        Some(_) => {
            print_out(&verdict)?;
            write_captures(&graph, &captures, out, format)?;
        }
        None if out.is_some() => {
            print_err(&verdict);
            write_captures(&graph, &captures, None, format)?;
        }
        None => {
            print_out(&verdict)?;
            write_captures(&graph, &captures, None, format)?;
        }
    }
    Ok(code(exit::YES))
}

/// `check GRAPH MOVES`: VALID (exit 0), or INVALID / INCOMPLETE with the first wrong
/// capture (exit 1).
pub(crate) fn check(path: &Path, moves: &Path) -> Result<ExitCode> {
    if io::is_stdio(path) && io::is_stdio(moves) {
        bail!("GRAPH and MOVES cannot both be `-` (standard input)");
    }
    let (graph, _) = read_graph(path)?;
    let captures = read_moves(&graph, moves)?;
    let line = match check_captures(&graph, &captures) {
        Ok(()) => {
            let mut position = Position::start(&graph);
            for &capture in &captures {
                position
                    .play(&graph, capture)
                    .map_err(|error| Internal(format!("a checked capture is illegal: {error}")))?;
            }
            let last = (0..graph.len() as u32)
                .find(|&v| position.remaining(v).is_some())
                .map_or("", |v| graph.name(v));
            format!("VALID: one token left, on {last}\n")
        }
        Err(refusal @ Refusal::Illegal { .. }) => {
            format!("INVALID: {}: {refusal}\n", name(moves))
        }
        Err(refusal) => format!("INCOMPLETE: {}: {refusal}\n", name(moves)),
    };
    print_out(&line)?;
    Ok(code(if line.starts_with("VALID") {
        exit::YES
    } else {
        exit::NO
    }))
}

/// The CNF of a formula input (an And-Or formula's clauses as CNF clauses over the same
/// variables); an RBDS instance is refused.
fn cnf_of(input: &Input) -> Result<Cnf> {
    match input {
        Input::Cnf(cnf) => Ok(cnf.clone()),
        Input::AndOr(formula) => Ok(formula.to_cnf()),
        Input::Rbds(_) => bail!(sat2chess::transform::TransformError::RbdsInput),
    }
}

/// `compile FORMULA --to graph-capture [--dag]`: writes the graph with its provenance
/// line; with `certify`, a solving sequence to `moves_out` (exit 0) or exit 1 when the
/// formula is unsatisfiable.
pub(crate) fn compile(
    formula: &super::FormulaInput,
    construction: Construction,
    out: Option<&Path>,
    moves_out: Option<&Path>,
) -> Result<ExitCode> {
    if let Some(path) = out.filter(|path| !io::is_stdio(path)) {
        let extension = path.extension().and_then(|e| e.to_str());
        if extension.is_some_and(|e| !e.eq_ignore_ascii_case(EXTENSION)) {
            bail!(
                "{}: a Graph Capture instance is written as a .{EXTENSION} file",
                path.display()
            );
        }
    }
    let input = formula.load()?;
    let source = formula.name();
    let cnf = cnf_of(&input)?;
    let reduction = Theorem5::new(construction, &cnf);
    let provenance = Provenance {
        construction,
        sha256: sat2chess::reduction::source_digest(&input),
        source: formula.file_name(),
    };
    output::write(out, format!("{}{}", provenance.line(), reduction.graph()))?;
    let Some(moves_out) = moves_out else {
        return Ok(code(exit::YES));
    };
    let Some(model) = sat2chess::sat::solve_cnf(&cnf).with_context(|| source.clone())? else {
        print_err(&format!(
            "{source}: unsatisfiable, so the graph cannot be solved; no moves written\n"
        ));
        return Ok(code(exit::NO));
    };
    let captures = reduction
        .certify(&model)
        .ok_or_else(|| Internal("the certificate refused a model of the formula".into()))?;
    check_captures(reduction.graph(), &captures).map_err(|refusal| {
        Internal(format!(
            "the certificate does not solve the graph: {refusal}"
        ))
    })?;
    write_captures(reduction.graph(), &captures, Some(moves_out), None)?;
    let to = if io::is_stdio(moves_out) {
        "standard output".to_owned()
    } else {
        moves_out.display().to_string()
    };
    print_err(&format!(
        "{source}: satisfiable; {} solving captures written to {to}\n",
        captures.len()
    ));
    Ok(code(exit::YES))
}

/// `decode GRAPH MOVES --formula F`: the construction comes from the graph's provenance;
/// the graph must be the one it builds from the formula. Prints the model (exit 0), or
/// refuses a sequence that does not solve the graph (exit 1).
pub(crate) fn decode(path: &Path, moves: &Path, input: &Input, formula: &str) -> Result<ExitCode> {
    let (graph, text) = read_graph(path)?;
    let provenance = Provenance::find(&text)
        .with_context(|| {
            format!(
                "{}: no provenance line: decode reads graphs compiled by \
                 `sat2chess compile FORMULA --to graph-capture`",
                name(path)
            )
        })?
        .with_context(|| name(path))?;
    if provenance.sha256 != sat2chess::reduction::source_digest(input) {
        bail!(
            "{}: compiled from another formula ({}), not {formula}",
            name(path),
            provenance.source
        );
    }
    let reduction = Theorem5::new(provenance.construction, &cnf_of(input)?);
    if reduction.graph() != &graph {
        bail!(
            "{}: not the {} graph of {formula} (edited after compile?)",
            name(path),
            provenance.construction.name()
        );
    }
    let captures = read_moves(&graph, moves)?;
    match reduction.decode(&captures) {
        Ok(model) => {
            print_out("s SATISFIABLE\n")?;
            print_out(super::sat::value_lines(&model))?;
            Ok(code(exit::YES))
        }
        Err(sat2chess::graphcap::dag::DecodeError::Refused(refusal)) => {
            print_err(&format!("{}: {refusal}\n", name(moves)));
            Ok(code(exit::NO))
        }
        Err(error) => Err(Internal(error.to_string()).into()),
    }
}

/// Whether `convert` writes a graph: `--format graph-capture` or an `-o` file named
/// `.gc` (a board `--format` contradicting that extension is an error).
pub(crate) fn converts_to_graph(out: Option<&Path>, format: Option<Source>) -> Result<bool> {
    let named = out.is_some_and(|out| {
        out.extension()
            .is_some_and(|e| e.eq_ignore_ascii_case(EXTENSION))
    });
    match (named, format) {
        (true, Some(Source::Board(format))) => {
            use sat2chess::choice::Choice as _;
            bail!(
                "{} names the graph-capture format, but --format {} was given",
                out.map(|out| out.display().to_string()).unwrap_or_default(),
                format.name()
            )
        }
        (named, format) => Ok(named || format == Some(Source::Graph)),
    }
}

/// `convert BOARD -o g.gc`: a board of knights with one budget as a Graph Capture
/// instance (vertex `rRcC` is the square (R, C)).
pub(crate) fn convert(board: &Board, board_name: &str, out: Option<&Path>) -> Result<ExitCode> {
    let knights = KnightGraph::from_board(board).with_context(|| board_name.to_owned())?;
    output::write(out, knights.graph().to_string())?;
    Ok(code(exit::YES))
}
