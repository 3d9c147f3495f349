use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};

use sat2chess::budget::{self, Budget};
use sat2chess::choice::{Choice, FileFormat};
use sat2chess::layout::order::Ordering;
use sat2chess::layout::{self, Footprint, Stats, VariablePlacement};
use sat2chess::transform::Chain;

use super::output::{self, Outputs};
use super::{code, exit};

/// Output formats of `layout`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LayoutFormat {
    Json,
    Svg,
    Text,
}

impl Choice for LayoutFormat {
    const CHOICES: &'static [(Self, &'static str, &'static str)] = &[
        (
            LayoutFormat::Json,
            "json",
            "the circuit: nodes, ports, nets with their corner points and crossings (.json)",
        ),
        (
            LayoutFormat::Svg,
            "svg",
            "a schematic drawing in the style of thesis Fig. 2.2 (.svg)",
        ),
        (
            LayoutFormat::Text,
            "text",
            "one character per tile plus a legend, small layouts (.txt)",
        ),
    ];
}

impl FileFormat for LayoutFormat {
    const EXTENSIONS: &'static [(&'static str, Self)] = &[
        ("json", LayoutFormat::Json),
        ("svg", LayoutFormat::Svg),
        ("txt", LayoutFormat::Text),
    ];
}

/// Where the variables go (`--placement`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Placement {
    /// Thesis §2.2.2: each variable in a gap row between its two clauses (the Knight's).
    GapRow,
    /// Each variable at the start of its lower literal's track, no gap rows.
    LowerTrack,
    /// The gates in the middle, variables west and east of a conjunction spine (the
    /// King's; one-sided when no variable is better off east).
    TwoSided,
}

impl From<Placement> for VariablePlacement {
    fn from(placement: Placement) -> VariablePlacement {
        match placement {
            Placement::GapRow => VariablePlacement::GapRow,
            Placement::LowerTrack => VariablePlacement::LowerTrack,
            Placement::TwoSided => VariablePlacement::TwoSided,
        }
    }
}

/// Lay out a formula as a piece-independent circuit on a tile grid (thesis §2.2.2):
/// variables left, clause gates in one column, an And tree into the 1-test, every wire
/// crossing an explicit crossing node. CNF input goes through the transformation chain
/// to And-Or-(1,1)-SAT first. The layout is validated before it is written.
///
/// Example: sat2chess layout examples/andor/thesis.andor -o thesis.svg --stats
#[derive(clap::Args)]
pub(crate) struct Args {
    #[command(flatten)]
    pub(crate) formula: super::FormulaInput,
    /// Output format (default: the one the -o extension names, .json/.svg/.txt, else
    /// json); it must agree with the extension.
    #[arg(long, value_parser = super::choice::<LayoutFormat>())]
    pub(crate) format: Option<LayoutFormat>,
    /// The thesis drawing as written (clauses in input order, one column per variable)
    /// instead of the optimised one.
    #[arg(long)]
    pub(crate) naive: bool,
    /// Where the variables go.
    #[arg(long, value_enum, default_value = "gap-row")]
    pub(crate) placement: Placement,
    /// Print crossings, wire length, bounding box and tile count of the naive and the
    /// optimised drawing to stderr.
    #[arg(long)]
    pub(crate) stats: bool,
    /// With --stats: board squares per tile side (at least 1), for the bounding box in
    /// squares.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub(crate) tile_size: u32,
    /// With --stats: tiles must start on one square colour (Knight), so the pitch is even.
    #[arg(long)]
    pub(crate) same_colour_origins: bool,
    /// Write to this file instead of stdout.
    #[arg(long, short)]
    pub(crate) output: Option<PathBuf>,
    /// Refuse, before routing, a layout estimated above this many tiles (about 220
    /// bytes each); exit 2 with the estimate.
    #[arg(long, value_name = "N", default_value_t = budget::DEFAULT_MAX_TILES)]
    pub(crate) max_tiles: u64,
}

fn print_stats(name: &str, stats: &Stats, footprint: &Footprint) {
    let pitch = footprint.pitch();
    eprintln!(
        "{name:>9}: {:>8} crossings, wire length {:>9}, {} × {} tiles ({} × {} squares), {} tiles used",
        stats.crossings,
        stats.wire_length,
        stats.rows,
        stats.cols,
        u64::from(stats.rows) * pitch,
        u64::from(stats.cols) * pitch,
        stats.tiles
    );
}

pub(crate) fn run(args: Args) -> Result<ExitCode> {
    Outputs::reading([args.formula.input.as_path()])
        .writing(args.output.as_deref())
        .check()?;
    let format = output::output_format(args.output.as_deref(), args.format, "layout")?
        .unwrap_or(LayoutFormat::Json);
    let input = args.formula.load()?;
    let chain = Chain::from_input(&input, &sat2chess::layout::BandOrder)
        .with_context(|| args.formula.name())?;
    let formula = chain.formula();
    let context = || args.formula.name();
    let ordering = if args.naive {
        Ordering::Naive
    } else {
        Ordering::Optimised
    };
    let name = |ordering: Ordering| match ordering {
        Ordering::Naive => "naive",
        Ordering::Optimised => "optimised",
    };
    let tile_budget = Budget::tiles(args.max_tiles);
    let admit = |ordering: Ordering| -> Result<()> {
        let estimate = layout::wire_tiles(formula, ordering).with_context(context)?;
        if args.stats {
            eprintln!("{:>9}: {}", name(ordering), tile_budget.describe(estimate));
        }
        tile_budget.admit(estimate).with_context(context)
    };
    admit(ordering)?;
    let placement = VariablePlacement::from(args.placement);
    let chosen = layout::layout_with(formula, ordering, placement).with_context(context)?;
    layout::validate(formula, &chosen).map_err(|error| {
        super::Internal(format!("the emitted layout fails validation: {error}"))
    })?;
    if args.stats {
        let footprint = Footprint {
            tile_size: args.tile_size,
            same_colour_origins: args.same_colour_origins,
        };
        eprintln!(
            "{} variables, {} clauses after the transformation chain",
            formula.num_vars(),
            formula.clauses.len()
        );
        let other_ordering = if args.naive {
            Ordering::Optimised
        } else {
            Ordering::Naive
        };
        // The other drawing only for comparison: over the budget, it is left out.
        let other = match admit(other_ordering) {
            Ok(()) => Some(
                layout::layout_with(formula, other_ordering, placement).with_context(context)?,
            ),
            Err(error) => {
                eprintln!("{:>9}: not laid out: {error:#}", name(other_ordering));
                None
            }
        };
        for shown in [Ordering::Naive, Ordering::Optimised] {
            let drawing = if shown == ordering {
                Some(&chosen)
            } else {
                other.as_ref()
            };
            if let Some(drawing) = drawing {
                print_stats(name(shown), &drawing.stats(), &footprint);
            }
        }
    }
    let text = match format {
        LayoutFormat::Json => {
            let document = layout::json::Document {
                formula,
                layout: &chosen,
            };
            format!("{}\n", serde_json::to_string_pretty(&document)?)
        }
        LayoutFormat::Svg => layout::svg::render(formula, &chosen),
        LayoutFormat::Text => layout::text::render(formula, &chosen),
    };
    output::write(args.output.as_deref(), text.as_bytes())?;
    Ok(code(exit::YES))
}
