//! Brunner et al. §3.2: boards from planar monotone 3-SAT (Theorem 3.9, and the walk
//! boards of Theorems 3.10 and 3.11): their pieces, their source formula, compilation,
//! certificates and decoding.

use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use sat2chess::board::PieceKind;
use sat2chess::budget::{Budget, DEFAULT_MAX_PIECES};
use sat2chess::choice::Choice as _;
use sat2chess::formula::{Assignment, Cnf};
use sat2chess::front::{FormulaFormat, Input, dimacs};
use sat2chess::hampath::planar::{self, PlanarBoard, PlanarError};
use sat2chess::io::{self, BoardFormat};
use sat2chess::rules::Variant;
use sat2chess::transform::planar_monotone::{PlanarMonotone, ToPlanarMonotone, to_planar_monotone};

use crate::cmd::output;
use crate::cmd::{code, exit, print_err, print_out};

use super::job::{Job, TARGET, pieces, write_board, write_certificate};

/// The pieces of a §3.2 board: the theorem building it, its uncapturable hero among
/// pieces of another type, and the rules keeping the hero uncapturable.
#[derive(Clone, Copy, Debug)]
pub(super) struct PlanarPieces {
    /// The theorem's number (`"3.9"`).
    pub(super) theorem: &'static str,
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
            PlanarError::Layout(_) => crate::cmd::Internal(error.to_string()).into(),
            error => error.into(),
        })
    }

    /// `Theorem 3.9 (king among knights)`.
    pub(super) fn title(self) -> String {
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
pub(super) enum PlanarSource {
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
    pub(super) fn instance(&self) -> &PlanarMonotone {
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
pub(super) fn compile_planar(args: &Job<'_>, format: FormulaFormat) -> Result<ExitCode> {
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
pub(super) fn planar_instance(
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
pub(super) fn decode_planar(
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
                return Err(crate::cmd::Internal(format!(
                    "a solving sequence of {board_name} decodes to a non-model of its formula"
                ))
                .into());
            }
            print_out("s SATISFIABLE\n")?;
            print_out(crate::cmd::sat::value_lines(&model))?;
            Ok(code(exit::YES))
        }
        Err(error @ PlanarError::NotSatisfying) => Err(crate::cmd::Internal(format!(
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
