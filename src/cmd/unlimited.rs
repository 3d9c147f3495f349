//! `compile --unlimited --pieces A,B` and the decoding of its boards: Solo Chess with
//! unlimited captures from Hamiltonian Path (Brunner et al. §3.1, `sat2chess-hampath`)
//! and, for a CNF or a `.pm3` input, from planar monotone 3-SAT (§3.2, Theorem 3.9).
//! The board is JSON with a provenance naming the theorem, the pieces, the rules and
//! the instance itself (`graph`, its `.ham` text; `formula`, the DIMACS text; or
//! `instance`, the `.pm3` text), so
//! `decode BOARD MOVES` needs nothing else.

use std::collections::{BTreeSet, HashMap};
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use sat2chess::board::{Board, PieceKind, Square};
use sat2chess::budget::{Budget, DEFAULT_MAX_PIECES};
use sat2chess::choice::Choice as _;
use sat2chess::formula::{Assignment, Cnf};
use sat2chess::front::{FormulaFormat, Input, dimacs};
use sat2chess::hampath::construction::{Construction, TourError};
use sat2chess::hampath::graph::HamGraph;
use sat2chess::hampath::planar::{self, PlanarBoard, PlanarError};
use sat2chess::hampath::theorem::{self, THEOREMS, Theorem};
use sat2chess::hampath::{format, path, solve};
use sat2chess::io::{self, BoardFormat};
use sat2chess::render::roles::Role;
use sat2chess::rules::{Move, Variant};
use sat2chess::transform::planar_monotone::{
    PlanarMonotone, Side, ToPlanarMonotone, to_planar_monotone,
};

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

/// The pieces of a §3.2 board: the theorem building it, its uncapturable hero among
/// pieces of another type, and the rules keeping the hero uncapturable.
#[derive(Clone, Copy, Debug)]
struct PlanarPieces {
    /// The theorem's number (`"3.9"`).
    theorem: &'static str,
    /// The uncapturable piece.
    hero: PieceKind,
    /// The type of every other piece.
    other: PieceKind,
    /// The rules keeping `hero` uncapturable.
    variant: Variant,
}

impl PlanarPieces {
    /// The §3.2 theorem covering `--pieces` (Theorem 3.9: a king or pawn among knights;
    /// 3.10: a king among bishops; 3.11: a knight among rooks, bishops or queens) and `--rules`
    /// (default: the ones keeping the hero uncapturable).
    fn of(names: &[String], rules: Option<Variant>) -> Result<PlanarPieces> {
        let (a, b) = pieces(names)?;
        let Some((hero, other, theorem)) = [(a, b), (b, a)]
            .into_iter()
            .find_map(|(hero, other)| Some((hero, other, planar::theorem(hero, other)?)))
        else {
            bail!(
                "--pieces {},{}: from a formula (§3.2) Brunner et al. prove Theorem 3.9 (a king \
                 or pawn among knights), 3.10 (a king among bishops) and 3.11 (a knight among \
                 rooks, bishops or queens) only",
                a.name(),
                b.name()
            );
        };
        let variant = planar::uncapturable_rules(hero, other)
            .with_context(|| format!("Theorem {theorem} has no rules"))?;
        if let Some(rules) = rules.filter(|&rules| rules != variant) {
            bail!(
                "Theorem {theorem} needs the {} uncapturable: --rules {} (not {})",
                hero.name(),
                variant.name(),
                rules.name()
            );
        }
        Ok(PlanarPieces {
            theorem,
            hero,
            other,
            variant,
        })
    }

    /// The pieces a §3.2 board's provenance names.
    fn from_provenance(provenance: &serde_json::Value, board_name: &str) -> Result<PlanarPieces> {
        let field = |key: &str| {
            provenance
                .get(key)
                .and_then(serde_json::Value::as_str)
                .with_context(|| format!("{board_name}: the provenance has no \"{key}\""))
        };
        let names = [field("special")?.to_owned(), field("other")?.to_owned()];
        let rules = Variant::from_name(field("rules")?)
            .with_context(|| format!("{board_name}: unknown rules in the provenance"))?;
        let pieces = PlanarPieces::of(&names, Some(rules))
            .with_context(|| format!("{board_name}: provenance"))?;
        let number = field("theorem")?;
        if number != pieces.theorem {
            bail!(
                "{board_name}: the provenance names result {number}, but its pieces are \
                 those of Theorem {}",
                pieces.theorem
            );
        }
        Ok(pieces)
    }

    /// Builds the board of `instance`: the one place a §3.2 board is made (compile,
    /// decode and render all come here). A layout breaking its proof is a bug (exit 4).
    fn build(self, instance: &PlanarMonotone) -> Result<PlanarBoard> {
        planar::build(instance, self.hero, self.other).map_err(|error| match error {
            PlanarError::Layout(_) => super::Internal(error.to_string()).into(),
            error => error.into(),
        })
    }

    /// `Theorem 3.9 (king among knights)`.
    fn title(self) -> String {
        format!(
            "Theorem {} ({} among {}s)",
            self.theorem,
            self.hero.name(),
            self.other.name()
        )
    }

    /// The provenance of a board built for `source` (`file_name`: the input's name).
    fn provenance(self, source: &PlanarSource, file_name: &str) -> serde_json::Value {
        let mut provenance = serde_json::json!({
            "target": TARGET,
            "theorem": self.theorem,
            "special": self.hero.name(),
            "other": self.other.name(),
            "rules": self.variant.name(),
            "budgets": "unlimited (pieces - 1)",
            "tool": concat!("sat2chess ", env!("CARGO_PKG_VERSION")),
        });
        let (format, key, text) = match source {
            PlanarSource::Cnf { cnf, .. } => ("dimacs", "formula", dimacs::write(cnf, &[])),
            PlanarSource::Pm3 { instance, .. } => ("pm3", "instance", instance.to_pm3(&[])),
        };
        provenance["source"] = serde_json::json!({"name": file_name, "format": format});
        provenance[key] = serde_json::Value::String(text);
        provenance
    }
}

/// The input of a §3.2 board: the planar monotone instance it is built from and the
/// CNF whose models `--certify` starts from and `decode` prints.
enum PlanarSource {
    /// A CNF, turned into an instance by the transform chain (whose forward and backward
    /// maps carry models across).
    Cnf {
        cnf: Cnf,
        chain: Box<ToPlanarMonotone>,
    },
    /// A `.pm3` instance, whose CNF is its own ([`PlanarMonotone::to_cnf`]).
    Pm3 { instance: PlanarMonotone, cnf: Cnf },
}

impl PlanarSource {
    /// Reads `path` as a CNF (through the chain) or, in the `pm3` format, as the
    /// instance itself (its layout kept); errors name `name` and the line.
    fn read(path: &Path, format: FormulaFormat, name: &str) -> Result<PlanarSource> {
        if format == FormulaFormat::PlanarMonotone {
            return PlanarSource::from_pm3(&io::read_text(path)?, name);
        }
        match sat2chess::front::load(path, Some(format))? {
            Input::Cnf(cnf) => PlanarSource::from_cnf(cnf, name),
            _ => bail!(
                "{name}: compile --unlimited reads DIMACS CNF formulas, .pm3 planar monotone \
                 instances (or .ham graphs)"
            ),
        }
    }

    fn from_cnf(cnf: Cnf, name: &str) -> Result<PlanarSource> {
        let chain = to_planar_monotone(&cnf).with_context(|| name.to_owned())?;
        Ok(PlanarSource::Cnf {
            cnf,
            chain: Box::new(chain),
        })
    }

    fn from_pm3(text: &str, name: &str) -> Result<PlanarSource> {
        let instance = PlanarMonotone::parse_pm3(text).with_context(|| name.to_owned())?;
        let cnf = instance.to_cnf();
        Ok(PlanarSource::Pm3 { instance, cnf })
    }

    /// The source a §3.2 board's provenance holds (`formula`: DIMACS, `instance`:
    /// `.pm3`), `None` for a §3.1 board.
    fn from_provenance(
        provenance: &serde_json::Value,
        board_name: &str,
    ) -> Result<Option<PlanarSource>> {
        let text = |key: &str| provenance.get(key).and_then(serde_json::Value::as_str);
        if let Some(formula) = text("formula") {
            let cnf = dimacs::parse(formula)
                .map_err(|error| anyhow::anyhow!("{board_name} (provenance formula): {error}"))?;
            return PlanarSource::from_cnf(cnf, board_name).map(Some);
        }
        text("instance")
            .map(|instance| {
                PlanarSource::from_pm3(instance, &format!("{board_name} (provenance instance)"))
            })
            .transpose()
    }

    /// The planar monotone instance the board is built from.
    fn instance(&self) -> &PlanarMonotone {
        match self {
            PlanarSource::Cnf { chain, .. } => &chain.output,
            PlanarSource::Pm3 { instance, .. } => instance,
        }
    }

    /// The CNF whose models are certified and decoded.
    fn cnf(&self) -> &Cnf {
        match self {
            PlanarSource::Cnf { cnf, .. } | PlanarSource::Pm3 { cnf, .. } => cnf,
        }
    }

    /// The instance's satisfying assignment of a model of [`PlanarSource::cnf`].
    fn forward(&self, model: &Assignment) -> Assignment {
        match self {
            PlanarSource::Cnf { chain, .. } => chain.forward(model),
            PlanarSource::Pm3 { .. } => model.clone(),
        }
    }

    /// The model of [`PlanarSource::cnf`] of the instance's satisfying `assignment`.
    fn backward(&self, assignment: &Assignment) -> Assignment {
        match self {
            PlanarSource::Cnf { chain, .. } => chain.backward(assignment),
            PlanarSource::Pm3 { .. } => assignment.clone(),
        }
    }

    /// `3 variables, 3 clauses -> 9 planar monotone variables, 12 clauses` (CNF) or
    /// `2 planar monotone variables, 2 clauses` (`.pm3`), for `--stats`.
    fn sizes(&self) -> String {
        let instance = self.instance();
        let planar = format!(
            "{} planar monotone variables, {} clauses",
            instance.num_vars,
            instance.clauses.len()
        );
        match self {
            PlanarSource::Cnf { cnf, .. } => format!(
                "{} variables, {} clauses -> {planar}",
                cnf.num_vars,
                cnf.clauses.len()
            ),
            PlanarSource::Pm3 { .. } => planar,
        }
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

/// `compile F.cnf|X.pm3 --unlimited --pieces king,knight`: a CNF goes through the
/// transform chain to planar monotone 3-SAT, a `.pm3` instance is used as it is; the
/// §3.2 board of the instance; with `--certify`, the capture sequence of a model the SAT
/// solver finds (checked).
fn compile_planar(args: &Job<'_>, format: FormulaFormat) -> Result<ExitCode> {
    let pieces = PlanarPieces::of(args.pieces, args.rules)?;
    let board_format =
        output::output_format(args.output, args.format, "board")?.unwrap_or(BoardFormat::Json);
    let name = args.name.clone();
    let source = PlanarSource::read(args.input, format, &name)?;
    Budget::pieces(args.max_pieces.min(DEFAULT_MAX_PIECES))
        .admit(planar_estimate(source.instance()))
        .with_context(|| name.clone())?;
    let planar = pieces
        .build(source.instance())
        .with_context(|| name.clone())?;
    let provenance = pieces.provenance(&source, &args.file_name);
    write_board(&planar.board, &provenance, args.output, board_format)?;
    if args.stats {
        print_err(&format!(
            "{}: {} -> {}x{} board, {} pieces, rules {}\n",
            pieces.title(),
            source.sizes(),
            planar.board.rows(),
            planar.board.cols(),
            planar.board.len(),
            pieces.variant.name()
        ));
    }
    let Some(to) = args.certificate else {
        return Ok(code(exit::YES));
    };
    let Some(model) = sat2chess::sat::solve_cnf(source.cnf()).with_context(|| name.clone())? else {
        print_err(&format!(
            "{name}: unsatisfiable, so the board cannot be solved; no moves written\n"
        ));
        return Ok(code(exit::NO));
    };
    let moves = planar.certify(&source.forward(&model))?;
    write_certificate(
        &name,
        "satisfiable",
        (&planar.board, planar.variant),
        &moves,
        to,
    )
}

/// The §3.2 instance behind the board at `board_path` (`provenance` its provenance):
/// the pieces, the source and the board rebuilt from it, checked to be the board in the
/// file; `None` for a §3.1 board.
fn planar_instance(
    board_path: &Path,
    provenance: &serde_json::Value,
) -> Result<Option<(PlanarPieces, PlanarSource, PlanarBoard)>> {
    let board_name = io::display_path(board_path).display().to_string();
    let Some(source) = PlanarSource::from_provenance(provenance, &board_name)? else {
        return Ok(None);
    };
    let pieces = PlanarPieces::from_provenance(provenance, &board_name)?;
    let planar = pieces
        .build(source.instance())
        .with_context(|| board_name.clone())?;
    let board = io::read_board(board_path, None)?;
    if !board.same_pieces(&planar.board) {
        bail!(
            "{board_name}: the board is not the one its provenance's instance compiles to \
             (edited?)"
        );
    }
    Ok(Some((pieces, source, planar)))
}

/// `decode BOARD MOVES` for a §3.2 board: replays the moves on the board rebuilt from
/// its provenance, reads the planar monotone model off the hero's walk and prints the
/// source CNF's model (`s SATISFIABLE`, `v … 0`).
fn decode_planar(
    moves_path: &Path,
    board_name: &str,
    (source, planar): (&PlanarSource, &PlanarBoard),
) -> Result<ExitCode> {
    let board = &planar.board;
    let moves = io::read_moves(moves_path, (board.rows(), board.cols()))?;
    match planar.decode(source.instance(), &moves) {
        Ok(found) => {
            let model = source.backward(&found);
            if !source.cnf().is_satisfied_by(&model) {
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

/// `render BOARD` of a board of `compile --unlimited`: a §3.1 board with its graph drawn
/// over it (sat2chess-render's `unlimited` figure), a §3.2 board with its squares tinted
/// by role (its `roles` figure); `moves` as numbered arrows.
pub(crate) fn render(
    board_path: &Path,
    provenance: &serde_json::Value,
    moves: Option<&Path>,
    format: sat2chess::render::Format,
    to: Option<&Path>,
) -> Result<ExitCode> {
    let name = provenance
        .pointer("/source/name")
        .and_then(serde_json::Value::as_str)
        .unwrap_or("instance");
    if let Some((pieces, source, planar)) = planar_instance(board_path, provenance)? {
        let moves = match moves {
            Some(path) => io::read_moves(path, (planar.board.rows(), planar.board.cols()))?,
            None => Vec::new(),
        };
        let (roles, notes, caption) = if planar.board.len() <= MAX_TINTED_PIECES {
            let (roles, notes) = if pieces.theorem == "3.9" {
                theorem_3_9_roles(source.instance(), &planar)?
            } else {
                (walk_roles(&planar), Vec::new())
            };
            (roles, notes, format!("{}: {name}", pieces.title()))
        } else {
            let caption = format!(
                "{}: {name} (squares tinted by role up to {MAX_TINTED_PIECES} pieces)",
                pieces.title()
            );
            (Vec::new(), Vec::new(), caption)
        };
        let figure = sat2chess::render::roles::Figure {
            board: &planar.board,
            hero: planar.hero,
            roles: &roles,
            notes: &notes,
            caption: &caption,
        };
        output::stream(to, |out| {
            sat2chess::render::roles::write(&figure, &moves, format, out)
                .with_context(|| io::display_path(board_path).display().to_string())
        })?;
        return Ok(code(exit::YES));
    }
    let (theorem, graph, construction) = instance(board_path, provenance)?;
    let moves = match moves {
        Some(path) => io::read_moves(path, (construction.board.rows(), construction.board.cols()))?,
        None => Vec::new(),
    };
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

/// The most pieces a §3.2 figure tints by role (one tinted square each: a larger board,
/// e.g. the 263739 pieces of messy.cnf's, is drawn with its hero framed only, as its
/// SVG would grow tenfold).
const MAX_TINTED_PIECES: usize = 20_000;

/// Texts centred on squares of a role figure (`roles::Figure::notes`).
type Notes = Vec<(Square, String)>;

/// The roles of a Theorem 3.10 / 3.11 board's squares, from its walk; the villains off
/// the walk are connectors on the lines of one group each.
fn walk_roles(planar: &PlanarBoard) -> Vec<Role> {
    use sat2chess::hampath::planar::WalkRole;
    let names = [
        (WalkRole::Always, "junctions and chains (every walk)"),
        (WalkRole::Top, "top (the hero ends here)"),
        (WalkRole::Positive, "positive path (taken: variable true)"),
        (WalkRole::Negative, "negative path (taken: variable false)"),
        (
            WalkRole::Literal,
            "literal squares (joined to their clause)",
        ),
    ];
    let walk = planar.walk_roles();
    let mut roles: Vec<Role> = names
        .iter()
        .map(|&(role, name)| Role {
            name: name.to_owned(),
            squares: walk.iter().filter(|w| w.1 == role).map(|w| w.0).collect(),
        })
        .collect();
    let on_walk: BTreeSet<Square> = walk.iter().map(|w| w.0).chain([planar.hero]).collect();
    roles.push(Role {
        name: "connectors (lines of one clause or of every walk)".to_owned(),
        squares: planar
            .board
            .pieces()
            .iter()
            .map(|p| p.square)
            .filter(|s| !on_walk.contains(s))
            .collect(),
    });
    roles
}

/// The roles of the squares of the Theorem 3.9 board `planar` of `instance`, in legend
/// order, and the variables' names (each in the free square between its interior
/// knights), for its figure. The board exposes only its hero's square, so the squares
/// come from the layout `hampath::planar` documents (signed `(r, x)`, the hero at
/// `(0, 0)`), each checked to hold a piece; the knights no other role claims are the
/// clause wires.
fn theorem_3_9_roles(
    instance: &PlanarMonotone,
    planar: &PlanarBoard,
) -> Result<(Vec<Role>, Notes)> {
    let occupied: BTreeSet<Square> = planar.board.pieces().iter().map(|p| p.square).collect();
    let hero = planar.hero;
    let at = |(r, x): (i64, i64)| {
        let (row, col) = (i64::from(hero.row) - r, i64::from(hero.col) + x);
        (row >= 1 && col >= 1).then(|| Square::new(row as u32, col as u32))
    };
    let piece = |signed: (i64, i64)| {
        at(signed)
            .filter(|square| occupied.contains(square))
            .ok_or_else(|| {
                super::Internal(format!(
                    "the Theorem 3.9 board has no piece at {signed:?} of its documented layout"
                ))
            })
    };
    let mut occurrences: HashMap<(Side, u32), usize> = HashMap::new();
    for clause in &instance.clauses {
        for v in &clause.vars {
            *occurrences.entry((clause.side, v.0)).or_default() += 1;
        }
    }
    let n = i64::from(instance.num_vars);
    let sides = [(Side::Positive, -1), (Side::Negative, 1)];
    let role = |name: &str| Role {
        name: name.to_owned(),
        squares: Vec::new(),
    };
    let mut junctions = role("junction knights");
    let mut top = role("top knight (the hero ends here)");
    let mut positive = role("positive path (taken: variable true)");
    let mut negative = role("negative path (taken: variable false)");
    let mut literals = role("literal squares (path corners)");
    let mut interior = role("interior knights (both paths)");
    let mut links = role("link knights (literal to clause)");
    let mut bridges = role("bridge knights (literal occurs once)");
    let mut notes = Vec::new();
    for v in 0..n {
        let r0 = 8 * v;
        junctions.squares.push(piece((r0 + 8, 0))?);
        interior.squares.push(piece((r0 + 3, 0))?);
        interior.squares.push(piece((r0 + 5, 0))?);
        if let Some(square) = at((r0 + 4, 0)).filter(|s| !occupied.contains(s)) {
            notes.push((square, format!("x{}", v + 1)));
        }
        for (side, sigma) in sides {
            if !at((r0 + 1, sigma)).is_some_and(|s| occupied.contains(&s)) {
                continue;
            }
            let path = if side == Side::Positive {
                &mut positive
            } else {
                &mut negative
            };
            for (d, w) in [(1, 1), (2, 2), (3, 3), (4, 2), (5, 3), (6, 2), (7, 1)] {
                let square = piece((r0 + d, sigma * w))?;
                if w == 3 {
                    literals.squares.push(square);
                } else {
                    path.squares.push(square);
                }
            }
            links.squares.push(piece((r0 + 2, 5 * sigma))?);
            links.squares.push(piece((r0 + 6, 5 * sigma))?);
            let count = occurrences.get(&(side, v as u32)).copied().unwrap_or(0);
            if count < 2 {
                bridges.squares.push(piece((r0 + 4, 6 * sigma))?);
            }
        }
    }
    top.squares.push(piece((8 * n + 1, 1))?);
    let mut roles = vec![
        junctions, top, positive, negative, literals, interior, links, bridges,
    ];
    let claimed: BTreeSet<Square> = roles
        .iter()
        .flat_map(|role| role.squares.iter().copied())
        .chain([hero])
        .collect();
    roles.push(Role {
        name: "clause wires (legs and trunks)".to_owned(),
        squares: occupied.difference(&claimed).copied().collect(),
    });
    Ok((roles, notes))
}
