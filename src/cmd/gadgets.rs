use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context as _, Result, bail};
use sat2chess::gadgets::{self, PortRole};
use sat2chess::render::{self, Format, Mark, RenderOptions};
use sat2chess::verify::{self, VerifyOptions};

use super::output;
use super::{Piece, code, exit, print_err, print_out};

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
    /// Search for a smallest King gadget computing a library gadget's function inside a
    /// frame (counterexample-guided: a SAT model proposes, the verifier checks).
    ///
    /// Example: sat2chess gadgets synthesize --piece king --function corner --frame 5x6 -o corner.txt
    Synthesize(SynthesizeArgs),
}

#[derive(clap::Args)]
pub(crate) struct SynthesizeArgs {
    /// Piece type (king only).
    #[arg(long, value_enum, ignore_case = true)]
    pub(crate) piece: Piece,
    /// The function: a library gadget's name (e.g. `corner`, `or`) or a gadget file; its
    /// ports and truth table are the specification.
    #[arg(long, value_name = "GADGET|FILE")]
    pub(crate) function: String,
    /// The frame, ROWSxCOLS (default: the specification's own size). Ports on the
    /// bottom or right edge move with that edge; the others keep their squares.
    #[arg(long, value_name = "ROWSxCOLS", value_parser = parse_frame)]
    pub(crate) frame: Option<(u32, u32)>,
    /// Place at most this many kings besides the output ports' (default: one fewer than
    /// the specification gadget has there, or every free square for a file without kings).
    #[arg(long, value_name = "N")]
    pub(crate) max_pieces: Option<usize>,
    /// Start the rising bound at N kings instead of 0: the searches of the smaller
    /// bounds are skipped (to resume a long search), so a gadget found need not be a
    /// smallest one; a bound searched to the end still proves that none with at most that
    /// many kings exists.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub(crate) first_bound: usize,
    /// Stop the search after this many seconds (exit code 3).
    #[arg(long, value_name = "SECONDS", value_parser = super::parse_seconds)]
    pub(crate) time_limit: Option<Duration>,
    /// Also require, of a candidate the verifier accepts, that every King tile design
    /// stamping the library gadget of that name still computes its function with the
    /// candidate in its place (exhaustive search of each tile, as the tests do); refused
    /// candidates are blocked and the search goes on. A gadget verified on signal columns
    /// need not compose; with this flag a found gadget can replace the library's.
    #[arg(long)]
    pub(crate) in_tiles: bool,
    /// With --in-tiles: the candidates refused in the tiles are appended to FILE as they
    /// are refused, and those FILE already lists (from an earlier run of the same
    /// function and frame, with the same library and version) are skipped without their
    /// tile search, so a resumed search (--first-bound) does not repeat them.
    #[arg(long, value_name = "FILE", requires = "in_tiles")]
    pub(crate) avoid: Option<PathBuf>,
    /// Write the gadget file here (default: standard output).
    #[arg(short, long)]
    pub(crate) output: Option<PathBuf>,
}

/// The `--avoid` file of a synthesis: the list it held, and where refusals go.
struct AvoidFile {
    path: PathBuf,
    list: sat2chess::synth::AvoidList,
}

impl AvoidFile {
    /// Reads the list at `path` (checked against the search), or starts one there.
    fn open(path: &std::path::Path, function: &str, frame: (u32, u32)) -> Result<AvoidFile> {
        use sat2chess::synth::AvoidList;
        let list = match std::fs::read_to_string(path) {
            Ok(text) => AvoidList::parse(&path.display().to_string(), &text, function, frame)?,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                let list = AvoidList::new(function, frame);
                std::fs::write(path, list.header())
                    .with_context(|| format!("--avoid {}: cannot write it", path.display()))?;
                list
            }
            Err(error) => {
                return Err(error).with_context(|| format!("--avoid {}", path.display()));
            }
        };
        Ok(AvoidFile {
            path: path.to_owned(),
            list,
        })
    }

    /// Records a candidate refused in the tiles.
    fn append(&self, kings: &[sat2chess::board::Square]) -> Result<()> {
        use std::io::Write as _;
        std::fs::OpenOptions::new()
            .append(true)
            .open(&self.path)
            .and_then(|mut file| {
                file.write_all(sat2chess::synth::AvoidList::line(kings).as_bytes())
            })
            .with_context(|| format!("--avoid {}: cannot append to it", self.path.display()))
    }
}

/// `ROWSxCOLS` (also `ROWS×COLS`) as two positive numbers.
fn parse_frame(text: &str) -> Result<(u32, u32), String> {
    let (rows, cols) = text
        .split_once(['x', 'X', '×'])
        .ok_or_else(|| format!("{text}: expected ROWSxCOLS, e.g. 5x6"))?;
    let number = |part: &str| match part.trim().parse::<u32>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(format!(
            "{text}: expected ROWSxCOLS with positive numbers, e.g. 5x6"
        )),
    };
    Ok((number(rows)?, number(cols)?))
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
    /// Give up a single search after this many states (its row is left UNKNOWN, exit
    /// code 3). Default: no limit for king and knight searches, 16777216 states for a
    /// rook search (it remembers every state it refuted).
    // The rook default is `verify::rook::DEFAULT_ROOK_NODE_LIMIT` (checked by a test below).
    #[arg(long, value_name = "STATES")]
    pub(crate) node_limit: Option<u64>,
    /// Give up a single search after this many seconds (its row is left UNKNOWN, exit
    /// code 3), for every piece.
    // The default is `verify::library::DEFAULT_TIME_LIMIT` (checked by a test below).
    #[arg(long, value_name = "SECONDS", default_value = "600", value_parser = super::parse_seconds)]
    pub(crate) time_limit: Duration,
    /// Run the k-test harness cross-check on gadgets with at most this many kings (0 = never).
    #[arg(long, default_value_t = verify::library::DEFAULT_HARNESS_MAX_KINGS)]
    pub(crate) harness_max_kings: usize,
    /// Measure single-output gadgets with more kings than this by k-tests instead of
    /// output reading (0 = always use output reading).
    #[arg(long, default_value_t = verify::library::DEFAULT_READING_MAX_KINGS)]
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
        Action::Synthesize(args) => synthesize(args),
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
    use verify::library::{self, LibraryError};
    let mut library = library(args.piece)?;
    for path in &args.files {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("{}: cannot read the gadget file", path.display()))?;
        let gadget = gadgets::parse_gadget(&path.display().to_string(), &text)?;
        library.retain(|g| g.name != gadget.name);
        args.gadgets.push(gadget.name.clone());
        library.push(gadget);
    }
    let options = options(&args);
    let mut print = |text: &str| print_out(text).map_err(std::io::Error::other);
    let report = match library::verify_in(&library, &args.gadgets, &options, &mut print) {
        Ok(report) => report,
        Err(LibraryError::UnknownGadget { name, known }) => bail!(
            "--gadget {name}: no such gadget (known: {})",
            known.join(", ")
        ),
        Err(error) => return Err(error.into()),
    };
    if report.unknown {
        print_err(
            "gadgets verify: a search reached its limit (--node-limit, --time-limit); \
             the rows marked UNKNOWN are undecided\n",
        );
    }
    Ok(code(if report.failed {
        exit::NO
    } else if !report.complete() {
        exit::UNKNOWN
    } else {
        exit::YES
    }))
}

fn synthesize(args: SynthesizeArgs) -> Result<ExitCode> {
    use sat2chess::synth::{self, SynthOptions, Synthesized};
    let spec = match library(args.piece)?
        .into_iter()
        .find(|g| g.name == args.function)
    {
        Some(gadget) => gadget,
        None => {
            let path = PathBuf::from(&args.function);
            let text = std::fs::read_to_string(&path).with_context(|| {
                format!(
                    "--function {}: neither a gadget of the {:?} library nor a readable file",
                    args.function, args.piece
                )
            })?;
            gadgets::parse_gadget(&path.display().to_string(), &text)?
        }
    };
    let (rows, cols) = args.frame.unwrap_or((spec.rows, spec.cols));
    let frame = synth::frame_spec(&spec, rows, cols)?;
    if args.in_tiles && !library(Piece::King)?.iter().any(|g| g.name == spec.name) {
        bail!(
            "--in-tiles: the tiles stamp the King library's gadgets by name, and `{}` is none of them",
            spec.name
        );
    }
    let placed_now = spec.pieces.len() - frame.gadget.pieces.len();
    let max_kings = args.max_pieces.unwrap_or(match placed_now {
        0 => frame.free_squares().len(),
        n => n - 1,
    });
    let avoid = match &args.avoid {
        Some(path) => Some(AvoidFile::open(path, &spec.name, (rows, cols))?),
        None => None,
    };
    let options = SynthOptions {
        max_kings,
        first_bound: args.first_bound,
        time_limit: args.time_limit,
        verify: verify::library::default_options(),
        avoid: avoid
            .as_ref()
            .map_or_else(Vec::new, |file| file.list.refused.clone()),
    };
    let quiet = super::progress::quiet();
    let mut report = |line: &str| {
        if !quiet {
            print_err(&format!("synthesize {}: {line}\n", spec.name));
        }
    };
    let mut unwritten: Option<anyhow::Error> = None;
    let mut assembled = |candidate: &gadgets::Gadget| {
        if !args.in_tiles {
            return Ok(());
        }
        let verdict = sat2chess::back::king::tiles_accept(candidate);
        if let (Err(_), Some(file)) = (&verdict, &avoid) {
            let kings: Vec<_> = candidate
                .pieces
                .iter()
                .map(|p| p.0)
                .filter(|s| !frame.gadget.pieces.iter().any(|p| p.0 == *s))
                .collect();
            if let Err(error) = file.append(&kings) {
                unwritten.get_or_insert(error);
            }
        }
        verdict
    };
    let synthesis = synth::synthesize(&frame, &options, &mut report, &mut assembled)?;
    if let Some(error) = unwritten {
        return Err(error);
    }
    let summary = format!(
        "{} candidates checked, {} undecided,{} {:.1} s",
        synthesis.candidates,
        synthesis.undecided,
        if args.in_tiles {
            format!(
                " {} refused in the tiles{},",
                synthesis.refused_assembled,
                match &args.avoid {
                    Some(path) => format!(
                        " (and {} refused before, read from {})",
                        options.avoid.len(),
                        path.display()
                    ),
                    None => String::new(),
                }
            )
        } else {
            String::new()
        },
        synthesis.elapsed.as_secs_f64()
    );
    let exhausted = synthesis.exhausted_bounds.last().map(|&(k, _)| k);
    let works = if args.in_tiles {
        " that works in the King tiles"
    } else {
        ""
    };
    let claim = |below: &str| match (exhausted, synthesis.undecided) {
        (None, _) => String::new(),
        (Some(k), 0) => {
            format!("no gadget{works} with at most {k} kings exists in this frame{below}")
        }
        (Some(k), n) => format!(
            "no gadget{works} with at most {k} kings exists in this frame{below}, \
             except possibly among {n} undecided candidates"
        ),
    };
    match synthesis.result {
        Synthesized::Found(gadget) => {
            let kings = gadget.pieces.len() - frame.gadget.pieces.len();
            let text = format!(
                "# Synthesized by `sat2chess gadgets synthesize --piece king --function {} \
                 --frame {rows}x{cols}` (issue 32):\n# {kings} kings besides the output \
                 ports ({} in the specification), {summary}.\n# {}\n{gadget}",
                spec.name,
                placed_now,
                match claim("") {
                    c if c.is_empty() => "no smaller bound was searched".to_owned(),
                    c => format!("Smallest: {c}."),
                }
            );
            output::write(args.output.as_deref(), text)?;
            print_err(&format!(
                "synthesize {}: found {kings} kings in {rows}x{cols} ({summary})\n",
                spec.name
            ));
            Ok(code(exit::YES))
        }
        Synthesized::Exhausted { max_kings } => {
            print_err(&format!(
                "synthesize {}: frame {rows}x{cols} exhausted: no gadget{works} with at most \
                 {max_kings} kings ({summary}){}\n",
                spec.name,
                if synthesis.undecided > 0 {
                    ", undecided candidates were blocked"
                } else {
                    ""
                }
            ));
            Ok(code(exit::NO))
        }
        Synthesized::Limit { bound } => {
            print_err(&format!(
                "synthesize {}: time limit reached while searching {bound} kings ({summary}); {}\n",
                spec.name,
                match claim("") {
                    c if c.is_empty() => "nothing was exhausted".to_owned(),
                    c => c,
                }
            ));
            Ok(code(exit::UNKNOWN))
        }
    }
}

/// The verifier's options as `args` give them.
fn options(args: &VerifyArgs) -> VerifyOptions {
    VerifyOptions {
        search: sat2chess::solve::SolveOptions {
            node_limit: args.node_limit,
            time_limit: Some(args.time_limit),
            ..Default::default()
        },
        harness_max_kings: (args.harness_max_kings > 0).then_some(args.harness_max_kings),
        reading_max_kings: (args.reading_max_kings > 0).then_some(args.reading_max_kings),
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser as _;

    #[derive(clap::Parser)]
    struct Command {
        #[command(flatten)]
        verify: VerifyArgs,
    }

    /// `gadgets verify` without limits verifies as `verify::library::default_options`
    /// (what the generated gadget tests use).
    #[test]
    fn verify_defaults_are_the_librarys() {
        let args = Command::try_parse_from(["verify", "--piece", "king"])
            .expect("parses")
            .verify;
        let (given, library) = (options(&args), verify::library::default_options());
        assert_eq!(given.search.node_limit, library.search.node_limit);
        assert_eq!(given.search.time_limit, library.search.time_limit);
        assert_eq!(given.search.method, library.search.method);
        assert_eq!(given.harness_max_kings, library.harness_max_kings);
        assert_eq!(given.reading_max_kings, library.reading_max_kings);
    }

    /// `gadgets verify --help` states the rook searches' default node limit.
    #[test]
    fn help_states_the_rook_node_limit() {
        use clap::CommandFactory as _;
        let mut command = Command::command();
        let help = command.render_long_help().to_string();
        let limit = verify::rook::DEFAULT_ROOK_NODE_LIMIT.to_string();
        assert!(help.contains(&format!("{limit} states for a")), "{help}");
    }
}
