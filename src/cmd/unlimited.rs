//! `compile --unlimited --pieces A,B` and the decoding of its boards: Solo Chess with
//! unlimited captures from Hamiltonian Path (Brunner et al. §3.1, `sat2chess-hampath`)
//! and, for a CNF input, from planar monotone 3-SAT (§3.2, Theorem 3.9).
//! The board is JSON with a provenance naming the theorem, the pieces, the rules and
//! the instance itself (`graph`, its `.ham` text, or `formula`, the DIMACS text), so
//! `decode BOARD MOVES` needs nothing else.

use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use sat2chess::board::{Board, PieceKind};
use sat2chess::budget::{Budget, DEFAULT_MAX_PIECES};
use sat2chess::choice::Choice as _;
use sat2chess::formula::Cnf;
use sat2chess::front::{FormulaFormat, Input, dimacs};
use sat2chess::hampath::construction::{Construction, TourError};
use sat2chess::hampath::graph::HamGraph;
use sat2chess::hampath::planar::{self, PlanarError};
use sat2chess::hampath::theorem::{self, THEOREMS, Theorem};
use sat2chess::hampath::{format, path, solve};
use sat2chess::io::{self, BoardFormat};
use sat2chess::rules::{Move, Variant};
use sat2chess::transform::planar_monotone::{PlanarMonotone, to_planar_monotone};

use super::output::{self, Output};
use super::{code, exit, print_err, print_out};

/// The provenance `target` of these boards.
pub(crate) const TARGET: &str = "unlimited";

/// The two piece types of `--pieces`.
fn pieces(names: &[String]) -> Result<(PieceKind, PieceKind)> {
    let kind = |name: &String| {
        PieceKind::ALL
            .into_iter()
            .find(|kind| kind.name().eq_ignore_ascii_case(name.trim()))
            .with_context(|| {
                format!(
                    "--pieces: unknown piece `{name}` (king, queen, rook, bishop, knight, pawn)"
                )
            })
    };
    match names {
        [a, b] => Ok((kind(a)?, kind(b)?)),
        _ => bail!("--pieces takes two piece types, as in --pieces rook,pawn"),
    }
}

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

/// What `compile --unlimited` is asked.
pub(crate) struct Job<'a> {
    /// The `.ham` file.
    pub(crate) input: &'a Path,
    /// Its name in messages.
    pub(crate) name: String,
    /// Its file name, for the provenance.
    pub(crate) file_name: String,
    /// `--pieces`.
    pub(crate) pieces: &'a [String],
    /// `--rules`.
    pub(crate) rules: Option<Variant>,
    /// `-o`.
    pub(crate) output: Option<&'a Path>,
    /// `--format`.
    pub(crate) format: Option<BoardFormat>,
    /// `--stats`.
    pub(crate) stats: bool,
    /// `--moves-out` when `--certify` is given.
    pub(crate) certificate: Option<&'a Path>,
    /// `--max-pieces`.
    pub(crate) max_pieces: u64,
    /// `--from`: a formula format makes the input a formula (§3.2).
    pub(crate) from: Option<FormulaFormat>,
}

/// `compile GRAPH --unlimited --pieces A,B [--rules R] [-o BOARD] [--certify --moves-out M]`.
/// A CNF input (`--from dimacs`, or a `.cnf`/`.dimacs` name) goes to §3.2 (Theorem 3.9);
/// anything else is a `.ham` instance for §3.1.
pub(crate) fn compile(args: &Job<'_>) -> Result<ExitCode> {
    if args
        .from
        .or_else(|| FormulaFormat::from_path(args.input))
        .is_some()
    {
        return compile_planar(args);
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

/// Writes `board` to `output` (JSON with `provenance`, or text/FEN without).
fn write_board(
    board: &Board,
    provenance: &serde_json::Value,
    output: Option<&Path>,
    format: BoardFormat,
) -> Result<()> {
    let mut out = Output::create(output)?;
    let written = if format == BoardFormat::Json {
        let mut writer = io::json::BoardWriter::with_provenance(
            &mut out,
            board.rows(),
            board.cols(),
            Some(&provenance.to_string()),
        )?;
        for p in board.pieces() {
            writer.piece(p.kind, p.square, p.budget, p.label.as_deref())?;
        }
        writer.finish().map(|_| ())
    } else {
        let text = format.write(board)?;
        std::io::Write::write_all(&mut out, text.as_bytes())
    };
    match written {
        Ok(()) => out.finish()?,
        Err(error) => out.fail(error.into())?,
    }
    Ok(())
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

/// Replays the certificate `moves` of `name`'s board under its rules (an internal error
/// if it does not solve it), writes it to `to` and says so: "{name}: {found}; N solving
/// moves written to …".
fn write_certificate(
    name: &str,
    found: &str,
    (board, variant): (&Board, Variant),
    moves: &[Move],
    to: &Path,
) -> Result<ExitCode> {
    let report = sat2chess::check::check_sequence(board, moves, variant);
    if !report.is_solution() {
        return Err(super::Internal(format!(
            "the certificate of {name} does not solve its board: {report:?}"
        ))
        .into());
    }
    let mut out = Output::create(Some(to))?;
    std::io::Write::write_all(&mut out, io::json::write_moves(moves).as_bytes())?;
    out.finish()?;
    let target = if io::is_stdio(to) {
        "standard output".to_owned()
    } else {
        to.display().to_string()
    };
    print_err(&format!(
        "{name}: {found}; {} solving moves written to {target}\n",
        moves.len()
    ));
    Ok(code(exit::YES))
}

/// Whether the JSON board at `path` was compiled by `compile --unlimited` (its
/// provenance, when the board has one, names [`TARGET`]).
pub(crate) fn provenance_of(path: &Path) -> Option<serde_json::Value> {
    let reader = io::open_text(path).ok()?;
    let provenance = io::json::read_provenance(reader).ok()??;
    (provenance.get("target")?.as_str()? == TARGET).then_some(provenance)
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
    if let Some(formula) = provenance
        .get("formula")
        .and_then(serde_json::Value::as_str)
    {
        return decode_planar(board_path, moves_path, provenance, &board_name, formula);
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
        Err(error @ TourError::NotAPath(_)) => Err(super::Internal(format!(
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

/// The uncapturable hero of `--pieces` for §3.2 (Theorem 3.9: a king or pawn among
/// knights), and the rules keeping it uncapturable.
fn planar_hero(names: &[String], rules: Option<Variant>) -> Result<(PieceKind, Variant)> {
    let (a, b) = pieces(names)?;
    let hero = match (a, b) {
        (PieceKind::Knight, hero) | (hero, PieceKind::Knight)
            if matches!(hero, PieceKind::King | PieceKind::Pawn) =>
        {
            hero
        }
        _ => bail!(
            "--pieces {},{}: from a formula (§3.2) this build compiles Theorem 3.9, a king \
             among knights (--pieces king,knight); Theorems 3.10 and 3.11 are not built",
            a.name(),
            b.name()
        ),
    };
    let Some(variant) = planar::uncapturable_rules(hero) else {
        bail!(
            "--pieces {},{}: Theorem 3.9 needs the {} uncapturable, which no rule set \
             available here states (a king: --rules chesscom)",
            a.name(),
            b.name(),
            hero.name()
        );
    };
    if let Some(rules) = rules.filter(|&rules| rules != variant) {
        bail!(
            "Theorem 3.9 needs the {} uncapturable: --rules {} (not {})",
            hero.name(),
            variant.name(),
            rules.name()
        );
    }
    Ok((hero, variant))
}

/// The CNF of a formula input (§3.2 compiles CNFs only).
fn read_cnf(path: &Path, from: Option<FormulaFormat>, name: &str) -> Result<Cnf> {
    match sat2chess::front::load(path, from)? {
        Input::Cnf(cnf) => Ok(cnf),
        _ => bail!("{name}: compile --unlimited reads DIMACS CNF formulas (or .ham graphs)"),
    }
}

/// An upper bound on the pieces of the Theorem 3.9 board of `instance` (25 per variable,
/// a clause's legs `2ℓ` per variable and its trunk 2 per variable it spans), checked
/// against `--max-pieces` before the board is built.
fn planar_estimate(instance: &PlanarMonotone) -> u64 {
    let clauses: u64 = instance
        .clauses
        .iter()
        .map(|c| {
            let (first, last) = c.span();
            2 * u64::from(c.level) * c.vars.len() as u64 + 4 * u64::from(last - first + 1)
        })
        .sum();
    25 * u64::from(instance.num_vars) + clauses + 2
}

/// `compile F.cnf --unlimited --pieces king,knight`: CNF → planar monotone 3-SAT (the
/// transform chain) → the Theorem 3.9 board; with `--certify`, the model's capture
/// sequence (checked).
fn compile_planar(args: &Job<'_>) -> Result<ExitCode> {
    let (hero, variant) = planar_hero(args.pieces, args.rules)?;
    let format =
        output::output_format(args.output, args.format, "board")?.unwrap_or(BoardFormat::Json);
    let name = args.name.clone();
    let cnf = read_cnf(args.input, args.from, &name)?;
    let chain = to_planar_monotone(&cnf).with_context(|| name.clone())?;
    Budget::pieces(args.max_pieces.min(DEFAULT_MAX_PIECES))
        .admit(planar_estimate(&chain.output))
        .with_context(|| name.clone())?;
    let planar = planar::build(&chain.output, hero).with_context(|| name.clone())?;
    let provenance = serde_json::json!({
        "target": TARGET,
        "theorem": "3.9",
        "special": hero.name(),
        "other": PieceKind::Knight.name(),
        "rules": variant.name(),
        "budgets": "unlimited (pieces - 1)",
        "tool": concat!("sat2chess ", env!("CARGO_PKG_VERSION")),
        "source": {"name": args.file_name, "format": "dimacs"},
        "formula": dimacs::write(&cnf, &[]),
    });
    write_board(&planar.board, &provenance, args.output, format)?;
    if args.stats {
        print_err(&format!(
            "Theorem 3.9 ({} among knights): {} variables, {} clauses -> {} planar monotone \
             variables, {} clauses -> {}x{} board, {} pieces, rules {}\n",
            hero.name(),
            cnf.num_vars,
            cnf.clauses.len(),
            chain.output.num_vars,
            chain.output.clauses.len(),
            planar.board.rows(),
            planar.board.cols(),
            planar.board.len(),
            variant.name()
        ));
    }
    let Some(to) = args.certificate else {
        return Ok(code(exit::YES));
    };
    let Some(model) = sat2chess::sat::solve_cnf(&cnf).with_context(|| name.clone())? else {
        print_err(&format!(
            "{name}: unsatisfiable, so the board cannot be solved; no moves written\n"
        ));
        return Ok(code(exit::NO));
    };
    let moves = planar.certify(&chain.forward(&model))?;
    write_certificate(
        &name,
        "satisfiable",
        (&planar.board, planar.variant),
        &moves,
        to,
    )
}

/// `decode BOARD MOVES` for a Theorem 3.9 board: rebuilds it from the CNF in its
/// provenance, replays the moves, reads the planar monotone model off the hero's walk
/// and prints the CNF's model (`s SATISFIABLE`, `v … 0`).
fn decode_planar(
    board_path: &Path,
    moves_path: &Path,
    provenance: &serde_json::Value,
    board_name: &str,
    formula: &str,
) -> Result<ExitCode> {
    let special = provenance
        .get("special")
        .and_then(serde_json::Value::as_str)
        .with_context(|| format!("{board_name}: the provenance has no \"special\""))?;
    let rules = provenance
        .get("rules")
        .and_then(serde_json::Value::as_str)
        .and_then(Variant::from_name);
    let (hero, _) = planar_hero(&[special.to_owned(), "knight".to_owned()], rules)
        .with_context(|| format!("{board_name}: provenance"))?;
    let cnf = dimacs::parse(formula)
        .map_err(|error| anyhow::anyhow!("{board_name} (provenance formula): {error}"))?;
    let chain = to_planar_monotone(&cnf).with_context(|| board_name.to_owned())?;
    let planar = planar::build(&chain.output, hero).with_context(|| board_name.to_owned())?;
    let board = io::read_board(board_path, None)?;
    if !board.same_pieces(&planar.board) {
        bail!(
            "{board_name}: the board is not the one its provenance's formula compiles to (edited?)"
        );
    }
    let moves = io::read_moves(moves_path, (board.rows(), board.cols()))?;
    match planar.decode(&chain.output, &moves) {
        Ok(found) => {
            let model = chain.backward(&found);
            if !cnf.is_satisfied_by(&model) {
                return Err(super::Internal(format!(
                    "a solving sequence of {board_name} decodes to a non-model of its formula"
                ))
                .into());
            }
            print_out("s SATISFIABLE\n")?;
            print_out(super::sat::value_lines(&model))?;
            Ok(code(exit::YES))
        }
        Err(error @ PlanarError::NotSatisfying) => Err(super::Internal(format!(
            "a solving sequence of {board_name} does not read as a model: {error}"
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

/// Shown after `sat2chess pairs --help`.
pub(crate) const PAIRS_EXAMPLES: &str = "\
Examples:
  sat2chess pairs
  sat2chess pairs -o pairs.md

One line per result: every unordered pair of piece types (one type twice: Theorem 2.2,
polynomial), the special piece (the paper's T¹, one piece among the other type), the
source problem and whether `compile --unlimited --pieces A,B` builds it (`compile` marks
the result it uses for the pair).";

/// Arguments of `sat2chess pairs`.
#[derive(clap::Args)]
pub(crate) struct PairsArgs {
    /// Table format (default: the one the -o extension names, .txt or .md, else text).
    #[arg(long, value_parser = super::choice::<TableFormat>())]
    pub(crate) format: Option<TableFormat>,
    /// Output file; standard output when omitted or `-`.
    #[arg(short, long)]
    pub(crate) output: Option<std::path::PathBuf>,
}

/// The formats of the table of pairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TableFormat {
    Text,
    Markdown,
}

impl sat2chess::choice::Choice for TableFormat {
    const CHOICES: &'static [(Self, &'static str, &'static str)] = &[
        (TableFormat::Text, "text", "aligned columns"),
        (
            TableFormat::Markdown,
            "markdown",
            "a Markdown table (docs/unlimited.md)",
        ),
    ];
}

impl sat2chess::choice::FileFormat for TableFormat {
    const EXTENSIONS: &'static [(&'static str, Self)] =
        &[("txt", TableFormat::Text), ("md", TableFormat::Markdown)];
}

/// The table's header and rows, from [`theorem::cases`] (the table compile picks from).
fn pair_rows() -> Vec<[String; 5]> {
    let header = ["pieces", "result", "special among", "source", "sat2chess"].map(String::from);
    let rows = theorem::cases().into_iter().map(|case| {
        let (a, b) = case.pair;
        let special = case.special.map_or("-".to_owned(), |special| {
            let other = if special == a { b } else { a };
            format!("{} among {}s", special.name(), other.name())
        });
        let status = match case.special {
            Some(special) if case.compiled => {
                let other = if special == a { b } else { a };
                format!("built (--pieces {},{})", special.name(), other.name())
            }
            _ => case.status.to_owned(),
        };
        let pieces = if a == b {
            format!("{} only", a.name())
        } else {
            format!("{}, {}", a.name(), b.name())
        };
        [pieces, case.result, special, case.source.to_owned(), status]
    });
    std::iter::once(header).chain(rows).collect()
}

/// The table in `format`.
pub(crate) fn pairs_table(format: TableFormat) -> String {
    let rows = pair_rows();
    let mut text = String::new();
    match format {
        TableFormat::Markdown => {
            for (i, row) in rows.iter().enumerate() {
                text.push_str(&format!("| {} |\n", row.join(" | ")));
                if i == 0 {
                    text.push_str(&format!("|{}\n", "---|".repeat(row.len())));
                }
            }
        }
        TableFormat::Text => {
            let widths: Vec<usize> = (0..5)
                .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
                .collect();
            for row in &rows {
                let cells: Vec<String> = row
                    .iter()
                    .zip(&widths)
                    .map(|(cell, &width)| format!("{cell:width$}"))
                    .collect();
                text.push_str(cells.join("  ").trim_end());
                text.push('\n');
            }
        }
    }
    text
}

/// `sat2chess pairs [-o FILE] [--format text|markdown]`.
pub(crate) fn pairs(args: &PairsArgs) -> Result<ExitCode> {
    let format = output::output_format(args.output.as_deref(), args.format, "table")?
        .unwrap_or(TableFormat::Text);
    let mut out = Output::create(args.output.as_deref())?;
    std::io::Write::write_all(&mut out, pairs_table(format).as_bytes())?;
    out.finish()?;
    Ok(code(exit::YES))
}

/// `render BOARD` of a board of `compile --unlimited`: the board with its graph drawn
/// over it (sat2chess-render's `unlimited` figure), `moves` as numbered arrows.
pub(crate) fn render(
    board_path: &Path,
    provenance: &serde_json::Value,
    moves: Option<&Path>,
    format: sat2chess::render::Format,
    to: Option<&Path>,
) -> Result<ExitCode> {
    let (theorem, graph, construction) = instance(board_path, provenance)?;
    let moves = match moves {
        Some(path) => io::read_moves(path, (construction.board.rows(), construction.board.cols()))?,
        None => Vec::new(),
    };
    let name = provenance
        .pointer("/source/name")
        .and_then(serde_json::Value::as_str)
        .unwrap_or("graph");
    let figure = sat2chess::render::unlimited::Figure {
        graph: &graph,
        theorem,
        construction: &construction,
        name,
    };
    output::stream(to, |out| {
        sat2chess::render::unlimited::write(&figure, &moves, format, out)
            .with_context(|| io::display_path(board_path).display().to_string())
    })?;
    Ok(code(exit::YES))
}
