use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Result, bail};
use sat2chess::board::PieceKind;
use sat2chess::gadgets;
use sat2chess::verify::{self, VerifyOptions};

use super::{code, exit};

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
    #[arg(long, default_value_t = 600.0)]
    pub time_limit: f64,
    /// Run the k-test harness cross-check on gadgets with at most this many kings (0 = never).
    #[arg(long, default_value_t = 20)]
    pub harness_max_kings: usize,
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
        Action::Show(args) => {
            for gadget in king_library(&args.piece)? {
                println!(
                    "{} — {} — layout: {}",
                    gadget.name, gadget.implements, gadget.layout
                );
                print!("{}", gadget.art());
                println!();
            }
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
            time_limit: Some(Duration::from_secs_f64(args.time_limit)),
            ..Default::default()
        },
        harness_max_kings: (args.harness_max_kings > 0).then_some(args.harness_max_kings),
    };
    let (text, harness_ok) = verify::harness_self_check(
        library
            .iter()
            .find(|g| g.name == "wire-horizontal")
            .expect("the library has a horizontal wire"),
        &options.search,
    );
    print!("{text}");
    let (mut failed, mut unknown) = (!harness_ok, false);
    for gadget in &library {
        if !args.gadgets.is_empty() && !args.gadgets.contains(&gadget.name) {
            continue;
        }
        for image in verify::images_to_check(gadget) {
            let report = verify::verify_gadget(&image, &options);
            print!("{}", report.render(&image));
            failed |= !report.passed() && !report.unknown();
            unknown |= report.unknown();
        }
    }
    Ok(code(if failed {
        exit::NO
    } else if unknown {
        exit::UNKNOWN
    } else {
        exit::YES
    }))
}
