//! Brunner et al. §3.1: boards from Hamiltonian Path instances (`.ham` graphs), their
//! compilation (formula inputs go on to §3.2), certificates and decoding.

use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use sat2chess::budget::{Budget, DEFAULT_MAX_PIECES};
use sat2chess::choice::Choice as _;
use sat2chess::front::FormulaFormat;
use sat2chess::hampath::construction::{Construction, TourError};
use sat2chess::hampath::graph::HamGraph;
use sat2chess::hampath::theorem::{self, THEOREMS, Theorem};
use sat2chess::hampath::{format, path, solve};
use sat2chess::io::{self, BoardFormat};
use sat2chess::rules::Variant;

use crate::cmd::output;
use crate::cmd::{code, exit, print_err, print_out};

use super::job::{Job, TARGET, pieces, write_board, write_certificate};
use super::planar::{compile_planar, decode_planar, planar_instance};

/// The theorem covering `--pieces`.
fn theorem_for(names: &[String]) -> Result<&'static Theorem> {
    let (a, b) = pieces(names)?;
    let Some(theorem) = theorem::covering(a, b) else {
        bail!(
            "--pieces {},{}: one piece type is solved in polynomial time (Theorem 2.2); \
             give two different types",
            a.name(),
            b.name()
        );
    };
    Ok(theorem)
}

/// `compile GRAPH --unlimited --pieces A,B [--rules R] [-o BOARD] [--certify --moves-out M]`.
/// A formula input (`--from dimacs|pm3`, or a `.cnf`/`.dimacs`/`.pm3` name) goes to §3.2
/// (Theorem 3.9); anything else is a `.ham` instance for §3.1.
pub(crate) fn compile(args: &Job<'_>) -> Result<ExitCode> {
    if let Some(format) = args.from.or_else(|| FormulaFormat::from_path(args.input)) {
        return compile_planar(args, format);
    }
    let theorem = theorem_for(args.pieces)?;
    let format =
        output::output_format(args.output, args.format, "board")?.unwrap_or(BoardFormat::Json);
    let input = args.input;
    let name = args.name.clone();
    let text = io::read_text(input)?;
    let graph = format::parse(&text, &name)?;
    // Every construction places at most 8 pieces per vertex and per edge (Theorem 3.2's
    // seven-pawn rectangles are the most), and builds the board in memory.
    let estimate = 8 * (graph.len() as u64 + graph.edges().len() as u64) + 1;
    Budget::pieces(args.max_pieces.min(DEFAULT_MAX_PIECES))
        .admit(estimate)
        .with_context(|| name.clone())?;
    let variant = args.rules.unwrap_or(Variant::Standard);
    let construction = theorem
        .build(&graph, variant)
        .with_context(|| format!("{name}: {} {}", theorem.title(), requirement_intro(theorem)))?;
    let provenance = serde_json::json!({
        "target": TARGET,
        "theorem": theorem.number,
        "special": theorem.special.name(),
        "other": theorem.other.name(),
        "rules": variant.name(),
        "budgets": "unlimited (pieces - 1)",
        "tool": concat!("sat2chess ", env!("CARGO_PKG_VERSION")),
        "source": {"name": args.file_name, "format": "ham"},
        "graph": format::write(&graph),
    });
    write_board(&construction.board, &provenance, args.output, format)?;
    if args.stats {
        print_err(&format!(
            "{}: {} vertices, {} edges -> {}x{} board, {} pieces, rules {}\n",
            theorem.title(),
            graph.len(),
            graph.edges().len(),
            construction.board.rows(),
            construction.board.cols(),
            construction.board.len(),
            variant.name()
        ));
    }
    let Some(moves_out) = args.certificate else {
        return Ok(code(exit::YES));
    };
    certify(theorem, &graph, &construction, &name, moves_out)
}

/// What the theorem asks of the instance, for the error context.
fn requirement_intro(theorem: &Theorem) -> String {
    format!(
        "({} among {}s) does not apply",
        theorem.special.name(),
        theorem.other.name()
    )
}

/// Solves the instance and writes the capture sequence of its path (checked) to `to`.
fn certify(
    theorem: &Theorem,
    graph: &HamGraph,
    construction: &Construction,
    name: &str,
    to: &Path,
) -> Result<ExitCode> {
    let Some(found) = solve::hamiltonian_path(graph)? else {
        print_err(&format!(
            "{name}: no Hamiltonian path, so the board cannot be solved; no moves written\n"
        ));
        return Ok(code(exit::NO));
    };
    let moves = theorem.certify(graph, construction, &found)?;
    write_certificate(
        name,
        "Hamiltonian path found",
        (&construction.board, construction.variant),
        &moves,
        to,
    )
}

/// The instance behind the board at `board_path` (compiled by `compile --unlimited`,
/// `provenance` its provenance): the theorem, the graph and the construction, checked to
/// be the board in the file.
pub(crate) fn instance(
    board_path: &Path,
    provenance: &serde_json::Value,
) -> Result<(&'static Theorem, HamGraph, Construction)> {
    let board_name = io::display_path(board_path).display().to_string();
    let field = |key: &str| {
        provenance
            .get(key)
            .and_then(serde_json::Value::as_str)
            .with_context(|| format!("{board_name}: the provenance has no \"{key}\""))
    };
    let number = field("theorem")?;
    let (special, other) = (field("special")?, field("other")?);
    let theorem = THEOREMS
        .iter()
        .find(|t| t.number == number && t.special.name() == special && t.other.name() == other)
        .with_context(|| format!("{board_name}: result {number} ({special} among {other}s) is not known to this build"))?;
    let variant = Variant::from_name(field("rules")?)
        .with_context(|| format!("{board_name}: unknown rules in the provenance"))?;
    let graph = format::parse(field("graph")?, &format!("{board_name} (provenance graph)"))?;
    let construction = theorem.build(&graph, variant).with_context(|| {
        format!(
            "{board_name}: the provenance's graph does not fit {}",
            theorem.title()
        )
    })?;
    let board = io::read_board(board_path, None)?;
    if !board.same_pieces(&construction.board) {
        bail!(
            "{board_name}: the board is not the one its provenance's graph compiles to (edited?)"
        );
    }
    Ok((theorem, graph, construction))
}

/// `decode BOARD MOVES` for a board of `compile --unlimited`: rebuilds the board from
/// the instance in its provenance, checks it is the same board, replays the moves and
/// prints the Hamiltonian path they trace (one vertex a line, as the `.ham` file names
/// vertices).
pub(crate) fn decode(
    board_path: &Path,
    moves_path: &Path,
    provenance: &serde_json::Value,
) -> Result<ExitCode> {
    let board_name = io::display_path(board_path).display().to_string();
    if let Some((_, source, planar)) = planar_instance(board_path, provenance)? {
        return decode_planar(moves_path, &board_name, (&source, &planar));
    }
    let (_, graph, construction) = instance(board_path, provenance)?;
    let board = &construction.board;
    let moves = io::read_moves(moves_path, (board.rows(), board.cols()))?;
    match construction.decode(&graph, &moves) {
        Ok(found) => {
            path::check_path(&graph, &found)?;
            print_out(format::write_path(&graph, &found))?;
            Ok(code(exit::YES))
        }
        Err(error @ TourError::NotAPath(_)) => Err(crate::cmd::Internal(format!(
            "a solving sequence of {board_name} does not read as a Hamiltonian path: {error}"
        ))
        .into()),
        Err(error) => {
            print_err(&format!(
                "{}: {error}\n",
                io::display_path(moves_path).display()
            ));
            Ok(code(exit::NO))
        }
    }
}
