use sat2chess::reduction::Observer as _;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use sat2chess::front::{Input, andor, dimacs};
use sat2chess::transform::planar_monotone::to_planar_monotone;
use sat2chess::transform::{Chain, FormulaRef};

use super::output::{self, Outputs};
use super::{code, exit};
use sat2chess::choice::{Choice, FileFormat};

/// The formula a transformation stops at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Target {
    /// 3-CNF: at most three literals per clause.
    #[value(name = "3sat")]
    ThreeSat,
    /// (2+1),3-SAT (thesis Lemma 2.1): every variable twice positive, once negative.
    Tovey,
    /// And-Or-(1,1)-SAT: by fan-out chains (the chain `compile` uses), or with
    /// `--thesis` by Theorem 2.2 after Lemma 2.1.
    Andor,
    /// Sided var-linked planar monotone 3-SAT with at most two occurrences per literal
    /// and its rectilinear layout (Brunner et al. §3.2, Lemma B.1), CNF input only.
    #[value(name = "planar-monotone")]
    PlanarMonotone,
}

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OutputFormat {
    Dimacs,
    Andor,
    Json,
    Pm3,
}

impl Choice for OutputFormat {
    const CHOICES: &'static [(Self, &'static str, &'static str)] = &[
        (
            OutputFormat::Dimacs,
            "dimacs",
            "DIMACS CNF, 3sat and tovey only (.cnf)",
        ),
        (
            OutputFormat::Andor,
            "andor",
            "And-Or text, andor only (.andor)",
        ),
        (
            OutputFormat::Json,
            "json",
            "JSON with the provenance of every variable of every step (.json)",
        ),
        (
            OutputFormat::Pm3,
            "pm3",
            "planar monotone 3-SAT text with its layout, planar-monotone only (.pm3)",
        ),
    ];
}

impl FileFormat for OutputFormat {
    const EXTENSIONS: &'static [(&'static str, Self)] = &[
        ("cnf", OutputFormat::Dimacs),
        ("dimacs", OutputFormat::Dimacs),
        ("andor", OutputFormat::Andor),
        ("aos", OutputFormat::Andor),
        ("json", OutputFormat::Json),
        ("pm3", OutputFormat::Pm3),
    ];
}

/// `sat2chess transform` (help text in main.rs).
#[derive(clap::Args)]
pub(crate) struct Args {
    #[command(flatten)]
    pub(crate) formula: super::FormulaInput,
    /// The step to stop at.
    #[arg(long, value_enum)]
    pub(crate) to: Target,
    /// Output format (default: the one the -o extension names, .cnf/.andor/.json, else
    /// dimacs for 3sat and tovey, andor for andor); it must agree with the extension.
    #[arg(long, value_parser = super::choice::<OutputFormat>())]
    pub(crate) format: Option<OutputFormat>,
    /// CNF input: take the thesis' route (Lemma 2.1, then Theorem 2.2) instead of the
    /// fan-out chains (always for --to tovey).
    #[arg(long)]
    pub(crate) thesis: bool,
    /// Print variables, clauses and literal occurrences of every step to stderr.
    #[arg(long)]
    pub(crate) stats: bool,
    /// Write the formula to this file instead of stdout.
    #[arg(long, short)]
    pub(crate) output: Option<PathBuf>,
}

pub(crate) fn run(args: Args) -> Result<ExitCode> {
    // The message of an `InputError` already ends with its source; `{:#}` would repeat it.
    Outputs::reading([args.formula.input.as_path()])
        .writing(args.output.as_deref())
        .check()?;
    let format = output::output_format(args.output.as_deref(), args.format, "formula")?;
    let progress = super::progress::Progress::new(false);
    progress.phase("load", 0);
    let input = args.formula.load()?;
    progress.phase("transform", 0);
    if args.to == Target::PlanarMonotone {
        return run_planar_monotone(&args, &input, format, &progress);
    }
    let chain = match &input {
        Input::Cnf(cnf) if args.thesis || args.to == Target::Tovey => Chain::thesis_from_cnf(cnf),
        _ => Chain::from_input(&input, &sat2chess::layout::BandOrder),
    }
    .with_context(|| args.formula.name())?;
    progress.finish();
    let steps = match (&input, args.to) {
        (Input::Cnf(_), Target::ThreeSat) => 1,
        (Input::Cnf(_), Target::Tovey) => 2,
        (Input::Cnf(_), Target::Andor) => chain.stages().len(),
        (Input::AndOr(_), Target::Andor) => chain.stages().len(),
        (Input::AndOr(_), _) => bail!(
            "{}: the input is already an And-Or formula; only --to andor applies",
            args.formula.name()
        ),
        (Input::Rbds(_), _) => unreachable!("the chain refuses RBDS instances"),
        (_, Target::PlanarMonotone) => unreachable!("handled by run_planar_monotone"),
    };
    if args.stats {
        for (stage, size) in chain.sizes().iter().take(steps + 1) {
            eprintln!(
                "{stage:>8}: {} variables, {} clauses, {} literal occurrences",
                size.variables, size.clauses, size.occurrences
            );
        }
    }
    let formula = chain
        .output_after(steps)
        .expect("steps never exceeds the chain's length");
    let comments = [format!(
        "generated by sat2chess transform --to {} from {}",
        args.to_name(),
        args.formula.name()
    )];
    let text = match (format, formula) {
        (Some(OutputFormat::Json), _) => {
            let value = chain
                .to_json(steps)
                .expect("steps never exceeds the chain's length");
            format!("{}\n", serde_json::to_string(&value)?)
        }
        (None | Some(OutputFormat::Dimacs), FormulaRef::Cnf { cnf, .. }) => {
            dimacs::write(cnf, &comments)
        }
        (None | Some(OutputFormat::Andor), FormulaRef::AndOr(formula)) => {
            andor::write(formula, &comments).with_context(|| args.formula.name())?
        }
        (Some(OutputFormat::Andor), FormulaRef::Cnf { .. }) => {
            bail!(
                "a {} formula is CNF: write .cnf or .json (--format dimacs or json)",
                args.to_name()
            )
        }
        (Some(OutputFormat::Pm3), _) => {
            bail!("only --to planar-monotone writes .pm3")
        }
        (Some(OutputFormat::Dimacs), FormulaRef::AndOr(_)) => {
            bail!(
                "an And-Or formula has no DIMACS form: write .andor or .json (--format andor or json)"
            )
        }
    };
    output::write(args.output.as_deref(), text.as_bytes())?;
    Ok(code(exit::YES))
}

impl Args {
    fn to_name(&self) -> &'static str {
        match self.to {
            Target::ThreeSat => "3sat",
            Target::Tovey => "tovey",
            Target::Andor => "andor",
            Target::PlanarMonotone => "planar-monotone",
        }
    }
}

/// `transform --to planar-monotone`: CNF input, `.pm3` output.
fn run_planar_monotone(
    args: &Args,
    input: &Input,
    format: Option<OutputFormat>,
    progress: &super::progress::Progress,
) -> Result<ExitCode> {
    let Input::Cnf(cnf) = input else {
        bail!(
            "{}: --to planar-monotone takes a CNF formula (DIMACS)",
            args.formula.name()
        );
    };
    if !matches!(format, None | Some(OutputFormat::Pm3)) {
        bail!("a planar monotone instance is written as .pm3 (--format pm3)");
    }
    let chain = to_planar_monotone(cnf).with_context(|| args.formula.name())?;
    progress.finish();
    if args.stats {
        for (stage, size) in chain.sizes() {
            eprintln!(
                "{stage:>15}: {} variables, {} clauses, {} literal occurrences",
                size.variables, size.clauses, size.occurrences
            );
        }
        let (crossings, rounds) = chain.crossings_and_rounds();
        eprintln!(
            "{:>15}: {crossings} crossovers in {rounds} sorting rounds",
            "planar"
        );
    }
    let comments = [format!(
        "generated by sat2chess transform --to planar-monotone from {}",
        args.formula.name()
    )];
    output::write(
        args.output.as_deref(),
        chain.output.to_pm3(&comments).as_bytes(),
    )?;
    Ok(code(exit::YES))
}
