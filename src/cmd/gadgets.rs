use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context as _, Result, bail};
use sat2chess::board::PieceKind;
use sat2chess::gadgets::{self, PortRole};
use sat2chess::render::{self, Format, Mark, RenderOptions};
use sat2chess::verify::{self, VerifyOptions};

use super::output;
use super::{code, exit, print_out};

/// Work with the gadget libraries.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub action: Action,
}

#[derive(clap::Subcommand)]
pub enum Action {
    /// Verify every gadget's truth table by exhaustive search and print the tables.
    ///
    /// Example: sat2chess gadgets verify --piece king --gadget and
    Verify(VerifyArgs),
    /// Print the parsed layout of every gadget (ASCII art, ports, table).
    ///
    /// Example: sat2chess gadgets show --piece king
    Show(ShowArgs),
    /// Draw every gadget as a figure (one file per gadget: SVG, TikZ or HTML), with
    /// gadget colours, budgets and marked ports.
    ///
    /// Example: sat2chess gadgets render --piece king -o figures/
    Render(RenderArgs),
}

#[derive(clap::Args)]
pub struct RenderArgs {
    /// Piece type of the library.
    #[arg(long)]
    pub piece: String,
    /// Output directory (created if missing).
    #[arg(short, long)]
    pub output: PathBuf,
    /// Figure format; files are named `<gadget>.svg`, `.tex` or `.html`.
    #[arg(long, value_enum, default_value = "svg")]
    pub format: Format,
    /// Omit the row and column numbers on the margin.
    #[arg(long)]
    pub no_coords: bool,
}

#[derive(clap::Args)]
pub struct VerifyArgs {
    /// Piece type of the library (only `king` has one so far).
    #[arg(long)]
    pub piece: String,
    /// Verify only these gadgets (by name, e.g. `and`, `crossing-g`); default: all.
    #[arg(long = "gadget")]
    pub gadgets: Vec<String>,
    /// Give up a single search after this many states (exit code 3).
    #[arg(long)]
    pub node_limit: Option<u64>,
    /// Give up a single search after this many seconds (exit code 3).
    #[arg(long, value_name = "SECONDS", default_value = "600", value_parser = super::parse_seconds)]
    pub time_limit: Duration,
    /// Run the k-test harness cross-check on gadgets with at most this many kings (0 = never).
    #[arg(long, default_value_t = 20)]
    pub harness_max_kings: usize,
    /// Measure single-output gadgets with more kings than this by k-tests instead of
    /// output reading (0 = always use output reading).
    #[arg(long, default_value_t = 20)]
    pub reading_max_kings: usize,
}

#[derive(clap::Args)]
pub struct ShowArgs {
    /// Piece type of the library.
    #[arg(long)]
    pub piece: String,
}

fn king_library(piece: &str) -> Result<Vec<gadgets::Gadget>> {
    if !piece.eq_ignore_ascii_case(PieceKind::King.name()) {
        bail!("--piece {piece}: only the king gadget library exists so far");
    }
    Ok(gadgets::king_library()?)
}

pub fn run(args: Args) -> Result<ExitCode> {
    match args.action {
        Action::Verify(args) => verify_library(args),
        Action::Render(args) => render_library(args),
        Action::Show(args) => {
            let mut text = String::new();
            for gadget in king_library(&args.piece)? {
                text.push_str(&format!(
                    "{} — {} — layout: {}\n{}\n",
                    gadget.name,
                    gadget.implements,
                    gadget.layout,
                    gadget.art()
                ));
            }
            print_out(&text)?;
            Ok(code(exit::YES))
        }
    }
}

fn verify_library(args: VerifyArgs) -> Result<ExitCode> {
    let library = king_library(&args.piece)?;
    for name in &args.gadgets {
        if !library.iter().any(|g| &g.name == name) {
            let names: Vec<&str> = library.iter().map(|g| g.name.as_str()).collect();
            bail!(
                "--gadget {name}: no such gadget (known: {})",
                names.join(", ")
            );
        }
    }
    let options = VerifyOptions {
        search: sat2chess::solve::SolveOptions {
            node_limit: args.node_limit,
            time_limit: Some(args.time_limit),
            ..Default::default()
        },
        harness_max_kings: (args.harness_max_kings > 0).then_some(args.harness_max_kings),
        reading_max_kings: (args.reading_max_kings > 0).then_some(args.reading_max_kings),
    };
    let (text, harness_ok) = verify::harness_self_check(
        library
            .iter()
            .find(|g| g.name == "wire-horizontal")
            .expect("the library has a horizontal wire"),
        &options.search,
    );
    print_out(&text)?;
    let (mut failed, mut unknown) = (!harness_ok, false);
    let mut passed: BTreeMap<String, bool> = BTreeMap::new();
    for gadget in &library {
        if !args.gadgets.is_empty() && !args.gadgets.contains(&gadget.name) {
            continue;
        }
        if !gadget.parts.is_empty() {
            let report = verify::verify_composite(gadget, &library)?;
            print_out(report.render(gadget))?;
            let unchecked: Vec<&String> = report
                .composed_from
                .iter()
                .filter(|name| passed.get(*name) != Some(&true))
                .collect();
            if !unchecked.is_empty() {
                let names: Vec<&str> = unchecked.iter().map(|s| s.as_str()).collect();
                print_out(format!(
                    "  (holds once these parts are verified: {})\n",
                    names.join(", ")
                ))?;
                unknown = true;
            }
            // Besides the composition, search the assembled board itself exhaustively.
            let searched = verify::verify_gadget(gadget, &options);
            print_out("  exhaustive search of the assembled board:\n")?;
            print_out(searched.render(gadget))?;
            failed |= !report.passed() || (!searched.passed() && !searched.unknown());
            unknown |= searched.unknown();
            passed.insert(
                gadget.name.clone(),
                report.passed() && searched.passed() && unchecked.is_empty(),
            );
            continue;
        }
        let mut all_passed = true;
        for image in verify::images_to_check(gadget) {
            let report = verify::verify_gadget(&image, &options);
            print_out(report.render(&image))?;
            failed |= !report.passed() && !report.unknown();
            unknown |= report.unknown();
            all_passed &= report.passed();
        }
        passed.insert(gadget.name.clone(), all_passed);
    }
    Ok(code(if failed {
        exit::NO
    } else if unknown {
        exit::UNKNOWN
    } else {
        exit::YES
    }))
}

fn render_library(args: RenderArgs) -> Result<ExitCode> {
    let library = king_library(&args.piece)?;
    std::fs::create_dir_all(&args.output)
        .with_context(|| format!("{}: cannot create the directory", args.output.display()))?;
    let extension = match args.format {
        Format::Svg => "svg",
        Format::Tikz => "tex",
        Format::Html => "html",
    };
    let mut written = String::new();
    for gadget in &library {
        let board = gadget.board()?;
        let marks = gadget
            .ports
            .iter()
            .flat_map(|port| {
                let mark = match port.role {
                    PortRole::Input => Mark::Input,
                    PortRole::Output => Mark::Output,
                };
                port.squares.map(|square| (square, mark))
            })
            .collect();
        let options = RenderOptions {
            gadgets: true,
            legend: true,
            coordinates: !args.no_coords,
            marks,
            ..RenderOptions::default()
        };
        let figure = render::render_to_string(&board, &[], &options, args.format)
            .with_context(|| format!("gadget {}", gadget.name))?;
        let path = args.output.join(format!("{}.{extension}", gadget.name));
        output::write_file(&path, figure.as_bytes())?;
        written.push_str(&format!("{}\n", path.display()));
    }
    print_out(&written)?;
    Ok(code(exit::YES))
}
