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
use super::{Piece, code, exit, print_out};

/// Work with the gadget libraries.
#[derive(clap::Args)]
pub(crate) struct Args {
    #[command(subcommand)]
    pub(crate) action: Action,
}

#[derive(clap::Subcommand)]
pub(crate) enum Action {
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
pub(crate) struct RenderArgs {
    /// Piece type of the library.
    #[arg(long, value_enum, ignore_case = true)]
    pub(crate) piece: Piece,
    /// Output directory (created if missing).
    #[arg(short, long)]
    pub(crate) output: PathBuf,
    /// Figure format; files are named `<gadget>.svg`, `.tex` or `.html`.
    #[arg(long, value_parser = super::choice::<Format>(), default_value = "svg")]
    pub(crate) format: Format,
    /// Omit the row and column numbers on the margin.
    #[arg(long)]
    pub(crate) no_coords: bool,
}

#[derive(clap::Args)]
pub(crate) struct VerifyArgs {
    /// Piece type of the library.
    #[arg(long, value_enum, ignore_case = true)]
    pub(crate) piece: Piece,
    /// Verify only these gadgets (by name, e.g. `and`, `crossing-g`); default: all.
    #[arg(long = "gadget")]
    pub(crate) gadgets: Vec<String>,
    /// Verify these gadget files (e.g. a new design) in place of the library's files of
    /// the same name; implies `--gadget` for each.
    #[arg(long = "file")]
    pub(crate) files: Vec<PathBuf>,
    /// Give up a single search after this many states (exit code 3).
    #[arg(long)]
    pub(crate) node_limit: Option<u64>,
    /// Give up a single search after this many seconds (exit code 3).
    #[arg(long, value_name = "SECONDS", default_value = "600", value_parser = super::parse_seconds)]
    pub(crate) time_limit: Duration,
    /// Run the k-test harness cross-check on gadgets with at most this many kings (0 = never).
    #[arg(long, default_value_t = 20)]
    pub(crate) harness_max_kings: usize,
    /// Measure single-output gadgets with more kings than this by k-tests instead of
    /// output reading (0 = always use output reading).
    #[arg(long, default_value_t = 20)]
    pub(crate) reading_max_kings: usize,
}

#[derive(clap::Args)]
pub(crate) struct ShowArgs {
    /// Piece type of the library.
    #[arg(long, value_enum, ignore_case = true)]
    pub(crate) piece: Piece,
}

/// The gadget library of `piece`.
fn library(piece: Piece) -> Result<Vec<gadgets::Gadget>> {
    match gadgets::library(piece.kind()) {
        Some(library) => Ok(library?),
        None => bail!("--piece {piece:?}: this piece has no gadget library"),
    }
}

pub(crate) fn run(args: Args) -> Result<ExitCode> {
    match args.action {
        Action::Verify(args) => verify_library(args),
        Action::Render(args) => render_library(args),
        Action::Show(args) => {
            let mut text = String::new();
            for gadget in library(args.piece)? {
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

fn verify_library(mut args: VerifyArgs) -> Result<ExitCode> {
    let mut library = library(args.piece)?;
    for path in &args.files {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("{}: cannot read the gadget file", path.display()))?;
        let gadget = gadgets::parse_gadget(&path.display().to_string(), &text)?;
        library.retain(|g| g.name != gadget.name);
        args.gadgets.push(gadget.name.clone());
        library.push(gadget);
    }
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
    // The King k-test harness is checked on the bare wire first.
    let harness_ok = match library.iter().find(|g| g.name == "wire-horizontal") {
        Some(wire) => {
            let (text, ok) = verify::harness_self_check(wire, &options.search);
            print_out(&text)?;
            ok
        }
        None => true,
    };
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
        if gadget.piece == PieceKind::Rook {
            let report = verify::rook::verify_rook_gadget(gadget, &reader(&library)?);
            print_out(report.render(gadget))?;
            failed |= !report.passed();
            passed.insert(gadget.name.clone(), report.passed());
            continue;
        }
        let mut all_passed = true;
        if gadget.piece == PieceKind::Knight {
            let extend = verify::wire_graph::ports_extend(gadget);
            match &extend {
                Ok(()) => print_out(format!(
                    "{}: every port continues as a standard wire\n",
                    gadget.name
                ))?,
                Err(why) => print_out(format!("{}: PORT CLASH: {why}\n", gadget.name))?,
            }
            failed |= extend.is_err();
            all_passed &= extend.is_ok();
        }
        if let Some(check) = gadget.graph {
            let (text, ok) = verify::wire_graph::describe_check(gadget, check);
            print_out(format!("{}: {text}\n", gadget.name))?;
            failed |= !ok;
            all_passed &= ok;
        }
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

/// The gadget input of a Rook library: the verifier reads other gadgets' outputs with it.
fn reader(library: &[gadgets::Gadget]) -> Result<gadgets::Gadget> {
    library
        .iter()
        .find(|g| g.name == "gadget_input")
        .cloned()
        .context("the rook library has no `gadget_input` (it reads the other gadgets' outputs)")
}

fn render_library(args: RenderArgs) -> Result<ExitCode> {
    let library = library(args.piece)?;
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
