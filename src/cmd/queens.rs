//! `sat2chess queens …` and `sat2chess compile --to nqueens`: n-Queens Completion from SAT
//! (papers/004, Gent–Jefferson–Nightingale), see `sat2chess::nqueens`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Instant;

use anyhow::{Result, bail};
use sat2chess::board::Square;
use sat2chess::choice::{Choice, FileFormat};
use sat2chess::front::FormulaFormat;
use sat2chess::io::{self, BoardFormat, InputError};
use sat2chess::nqueens::board::{
    from_board, parse_blocked, parse_placement, queen, square, to_board, write_blocked,
    write_placement,
};
use sat2chess::nqueens::check::check_completion;
use sat2chess::nqueens::completion::Completion;
use sat2chess::nqueens::csp::EnumerationLimit;
use sat2chess::nqueens::generate::{self, Blocked, SplitMix64};
use sat2chess::nqueens::solve::Engine;
use sat2chess::nqueens::{Queen, canonical};

use super::decode::InputFormat;
use super::input::BoardInput;
use super::limits::SearchLimits;
use super::output::{self, Outputs};
use super::{code, exit, print_err, print_out};

/// Shown after `sat2chess queens --help`.
pub(crate) const EXAMPLES: &str = "\
Examples:
  sat2chess compile examples/onein3/one-clause.cnf --to nqueens --onein3 -o board.json --certify --moves-out placement.json --stats
  sat2chess queens check board.json placement.json
  sat2chess queens decode board.json placement.json --formula examples/onein3/one-clause.cnf --onein3
  sat2chess queens generate excluded-diagonals --n 12 --d 12 --seed 1 -o ed.json
  sat2chess queens solve ed.json --count

A placement is {\"queens\":[[row,col],…]}: the squares of the queens added to the board
(1-based, row 1 at the top).";

/// The one format of placements and Blocked n-Queens instances, for the extension check
/// of their `-o`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum JsonFile {
    Json,
}

impl Choice for JsonFile {
    const CHOICES: &'static [(Self, &'static str, &'static str)] =
        &[(JsonFile::Json, "json", "JSON (.json)")];
}

impl FileFormat for JsonFile {
    const EXTENSIONS: &'static [(&'static str, Self)] = &[("json", JsonFile::Json)];
}

/// Default of `queens check --max-side`: the largest compiled boards (`compile --to
/// nqueens --max-side`).
const DEFAULT_MAX_SIDE: i64 = sat2chess::reduction::DEFAULT_MAX_SIDE;
/// Default of `queens solve --max-squares`: 1000 free rows and columns.
const DEFAULT_MAX_SQUARES: u64 = 1_000_000;
/// Default of `queens generate --max-n`.
const DEFAULT_MAX_N: u32 = 2_000;

#[derive(clap::Args)]
pub(crate) struct Args {
    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(clap::Subcommand)]
pub(crate) enum Command {
    /// Check a completion: n queens in all, the pre-placed ones kept, no two attacking.
    Check {
        /// The n-Queens board (any board format; its pieces are the pre-placed queens).
        board: PathBuf,
        /// The placement JSON listing the added queens.
        placement: PathBuf,
        /// Refuse, before allocating, boards with a larger side (the checker keeps a bit
        /// per row, column and diagonal); exit 2.
        #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_SIDE)]
        max_side: i64,
    },
    /// Complete a board (or solve a Blocked n-Queens board): exact search or the SAT solver.
    Solve {
        board: PathBuf,
        /// Count the completions (up to --limit).
        #[arg(long)]
        count: bool,
        /// search: the bitboard search (boards with at most 64 free rows and columns), else
        /// exact cover (Algorithm X); sat: the SAT encoding with splr and blocking clauses.
        #[arg(long, value_parser = super::choice::<Engine>(), default_value = "search")]
        engine: Engine,
        /// Stop counting after this many completions (exit 3 if there are more).
        #[arg(long, default_value_t = 10_000)]
        limit: usize,
        /// Write a completion as placement JSON.
        #[arg(long, short)]
        output: Option<PathBuf>,
        /// Refuse, before allocating, boards with more squares to search (free rows ×
        /// free columns; the engines keep each); exit 2.
        #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_SQUARES)]
        max_squares: u64,
        #[command(flatten)]
        limits: super::limits::SearchLimits,
    },
    /// Map a completion of a compiled board back to a solution of the formula.
    Decode {
        board: PathBuf,
        placement: PathBuf,
        /// The formula the board was compiled from.
        #[arg(long)]
        formula: PathBuf,
        /// Formula format (default: from the file name, else the content).
        #[arg(long, value_parser = super::choice::<FormulaFormat>())]
        from: Option<FormulaFormat>,
        /// The formula is a DIMACS file of 1-in-3 clauses (as for compile).
        #[arg(long)]
        onein3: bool,
    },
    /// Random instances of the paper's generators (§5).
    Generate {
        #[command(subcommand)]
        kind: Generator,
        /// Refuse, before generating, a larger --n (the instance and its board grow
        /// with n², the Excluded Diagonals board's side is about 266n); exit 2.
        #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_N, global = true)]
        max_n: u32,
    },
}

#[derive(clap::Subcommand)]
pub(crate) enum Generator {
    /// Excluded Diagonals (§5.4, hard near d/n = 1), written as n-Queens Completion
    /// through Defs. 16 and 10.
    ExcludedDiagonals {
        /// Side of the Excluded Diagonals board.
        #[arg(long)]
        n: u32,
        /// Diagonals to exclude (out of 4n − 2).
        #[arg(long)]
        d: usize,
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Board file to write (default: standard output).
        #[arg(long, short)]
        output: Option<PathBuf>,
        /// Board format (default: the one the -o extension names, else json); it must
        /// agree with the extension.
        #[arg(long, value_parser = super::choice::<BoardFormat>())]
        format: Option<BoardFormat>,
    },
    /// Blocked n-Queens (§5.2): an empty board with a "blocked" list of squares.
    Blocked {
        #[arg(long)]
        n: u32,
        /// Squares to block.
        #[arg(long)]
        b: usize,
        #[arg(long, default_value_t = 0)]
        seed: u64,
        #[arg(long, short)]
        output: Option<PathBuf>,
    },
}

pub(crate) fn run(args: Args) -> Result<ExitCode> {
    match args.command {
        Command::Check {
            board,
            placement,
            max_side,
        } => check(&board, &placement, max_side),
        Command::Solve {
            board,
            count,
            engine,
            limit,
            output,
            max_squares,
            limits,
        } => solve(
            &board,
            count,
            engine,
            limit,
            output.as_deref(),
            max_squares,
            &limits,
        ),
        Command::Decode {
            board,
            placement,
            formula,
            from,
            onein3,
        } => decode(board, placement, formula, from, onein3),
        Command::Generate { kind, max_n } => generate(kind, max_n),
    }
}

fn placement_squares(n: i64, queens: &[Queen]) -> Vec<Square> {
    let mut squares: Vec<Square> = queens.iter().map(|&q| square(n, q)).collect();
    squares.sort_unstable();
    squares
}

/// Reads the instance: a board in any board format, or JSON read once for the instance
/// and its `"blocked"` squares.
fn read_instance(path: &Path) -> Result<(Completion, Vec<Square>)> {
    let in_file = |error: sat2chess::io::FormatError| InputError::Format {
        path: io::display_path(path),
        error,
    };
    // Blocked n-Queens instances are JSON only; boards come in any board format.
    let input = BoardInput::resolve(path, None)?;
    if input.format() != BoardFormat::Json {
        return Ok((from_board(&input.read()?).map_err(in_file)?, Vec::new()));
    }
    let text = io::read_text(path)?;
    let board = BoardFormat::Json.parse(&text).map_err(in_file)?;
    let instance = from_board(&board).map_err(in_file)?;
    let blocked = parse_blocked(&text).map_err(in_file)?;
    if let Some(outside) = blocked
        .iter()
        .find(|s| s.row as i64 > instance.n || s.col as i64 > instance.n)
    {
        bail!(
            "{}: blocked square {outside} lies outside the board",
            path.display()
        );
    }
    Ok((instance, blocked))
}

fn read_placement(path: &Path, n: i64) -> Result<Vec<Queen>> {
    let text = io::read_text(path)?;
    let squares = parse_placement(&text).map_err(|error| InputError::Format {
        path: io::display_path(path),
        error,
    })?;
    Ok(squares.into_iter().map(|s| queen(n, s)).collect())
}

fn check(board: &Path, placement: &Path, max_side: i64) -> Result<ExitCode> {
    let (instance, blocked) = read_instance(board)?;
    if instance.n > max_side {
        bail!(
            "{}: the board is {n}x{n}, larger than --max-side {max_side} (raise the limit to check it)",
            board.display(),
            n = instance.n
        );
    }
    let added = read_placement(placement, instance.n)?;
    let blocked_hit = blocked
        .iter()
        .find(|s| added.contains(&queen(instance.n, **s)));
    let verdict = match (
        blocked_hit,
        check_completion(instance.n, &instance.preplaced, &added),
    ) {
        (Some(square), _) => Err(format!("a queen stands on the blocked square {square}")),
        (None, Err(violation)) => Err(violation.on_board(instance.n)),
        (None, Ok(())) => Ok(()),
    };
    match verdict {
        Ok(()) => {
            print_out(format!(
                "VALID: {} queens on the {n}x{n} board ({} pre-placed, {} added), no two attack each other\n",
                instance.n,
                instance.preplaced.len(),
                added.len(),
                n = instance.n
            ))?;
            Ok(code(exit::YES))
        }
        Err(message) => {
            print_out(format!("INVALID: {message}\n"))?;
            Ok(code(exit::NO))
        }
    }
}

fn solve(
    board: &Path,
    count: bool,
    engine: Engine,
    limit: usize,
    output: Option<&Path>,
    max_squares: u64,
    limits: &SearchLimits,
) -> Result<ExitCode> {
    // The time limit counts reading the board too.
    let start = Instant::now();
    Outputs::reading([board]).writing(output).check()?;
    output::output_format(output, None::<JsonFile>, "placement")?;
    let (instance, blocked) = read_instance(board)?;
    // Every queen of a Blocked board is to place; otherwise one per free row and column.
    let free = if blocked.is_empty() {
        instance.missing()
    } else {
        instance.n as usize
    } as u64;
    let squares = free.saturating_mul(free);
    if squares > max_squares {
        bail!(
            "{}: the {n}x{n} board has {free} free rows and columns, {squares} squares to \
             search, more than --max-squares {max_squares} (raise the limit to solve it)",
            board.display(),
            n = instance.n
        );
    }
    if !blocked.is_empty() && !instance.preplaced.is_empty() {
        bail!(
            "{}: a Blocked n-Queens board has no pieces",
            board.display()
        );
    }
    let wanted = if count { limit.max(1) } else { 1 };
    let enumeration = EnumerationLimit {
        solutions: wanted,
        nodes: limits.node_limit,
    };
    let search = {
        let instance = instance.clone();
        move || {
            if blocked.is_empty() {
                return instance.enumerate_with(engine, enumeration);
            }
            let blocked = Blocked {
                n: instance.n,
                blocked: canonical(blocked.iter().map(|&s| queen(instance.n, s)).collect()),
            };
            // A Blocked solution places all n queens: they are the "added" ones.
            blocked.enumerate_with(engine, enumeration)
        }
    };
    let (solutions, complete) = match limits.time_limit {
        None => search()?,
        Some(time_limit) => {
            // The engines have no clock: the search runs on its own thread, abandoned
            // (the process exits) when the time is up.
            let (sender, receiver) = mpsc::channel();
            std::thread::spawn(move || sender.send(search()));
            match receiver.recv_timeout(time_limit.saturating_sub(start.elapsed())) {
                Ok(found) => found?,
                Err(RecvTimeoutError::Timeout) => {
                    print_out(format!(
                        "UNKNOWN: --time-limit reached ({:.3} s)\n",
                        start.elapsed().as_secs_f64()
                    ))?;
                    return Ok(code(exit::UNKNOWN));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(super::Internal("the search thread failed".into()).into());
                }
            }
        }
    };
    let seconds = start.elapsed().as_secs_f64();
    // Fewer solutions than wanted and not all of them: the node limit stopped the search.
    let node_limit_reached = !complete && solutions.len() < wanted;
    if node_limit_reached && (solutions.is_empty() || !count) {
        print_out(format!("UNKNOWN: --node-limit reached ({seconds:.3} s)\n"))?;
        return Ok(code(exit::UNKNOWN));
    }
    let Some(first) = solutions.first() else {
        print_out(format!(
            "UNSOLVABLE: the {n}x{n} board has no completion ({seconds:.3} s)\n",
            n = instance.n
        ))?;
        return Ok(code(exit::NO));
    };
    if let Err(violation) = check_completion(instance.n, &instance.preplaced, first) {
        return Err(super::Internal(format!(
            "the solver's completion is invalid: {}",
            violation.on_board(instance.n)
        ))
        .into());
    }
    if count {
        let bound = if complete { "" } else { "at least " };
        let reached = if node_limit_reached {
            ", --node-limit reached"
        } else {
            ""
        };
        print_out(format!(
            "COUNT: {bound}{} completions of the {n}x{n} board ({seconds:.3} s{reached})\n",
            solutions.len(),
            n = instance.n
        ))?;
    } else {
        print_out(format!(
            "SOLVABLE: {} queens complete the {n}x{n} board ({seconds:.3} s)\n",
            first.len(),
            n = instance.n
        ))?;
    }
    if let Some(path) = output {
        output::write(
            Some(path),
            write_placement(&placement_squares(instance.n, first)),
        )?;
    }
    Ok(code(if count && !complete {
        exit::UNKNOWN
    } else {
        exit::YES
    }))
}

/// `queens decode`: `decode --to nqueens`.
fn decode(
    board: PathBuf,
    placement: PathBuf,
    formula: PathBuf,
    from: Option<FormulaFormat>,
    onein3: bool,
) -> Result<ExitCode> {
    let args = super::decode::Args {
        board,
        moves: placement,
        formula: Some(formula),
        from: from.into_iter().map(InputFormat::Formula).collect(),
        to: sat2chess::targets::target("nqueens"),
        onein3,
        limit: super::PieceLimit {
            max_pieces: sat2chess::budget::DEFAULT_MAX_PIECES,
        },
    };
    super::decode::decode(&args)
}

fn generate(kind: Generator, max_n: u32) -> Result<ExitCode> {
    let (Generator::ExcludedDiagonals { n, .. } | Generator::Blocked { n, .. }) = kind;
    if n > max_n {
        bail!("--n {n} is larger than --max-n {max_n} (raise the limit to generate it)");
    }
    match kind {
        Generator::ExcludedDiagonals {
            n,
            d,
            seed,
            output,
            format,
        } => {
            if n == 0 {
                bail!("--n must be at least 1");
            }
            let format = output::output_format(output.as_deref(), format, "board")?
                .unwrap_or(BoardFormat::Json);
            let problem4 = generate::excluded_diagonals(n as i64, d, &mut SplitMix64::new(seed));
            let completion = generate::completion_of(&problem4);
            let excluded = problem4.diff_excluded.len() + problem4.sum_excluded.len();
            print_err(&format!(
                "excluded diagonals n = {n}, d = {excluded} (d/n = {:.2}) → n-queens completion n = {}, {} pre-placed queens\n",
                excluded as f64 / n as f64,
                completion.n,
                completion.preplaced.len()
            ));
            output::write(output.as_deref(), format.write(&to_board(&completion))?)?;
        }
        Generator::Blocked { n, b, seed, output } => {
            if n == 0 {
                bail!("--n must be at least 1");
            }
            output::output_format(output.as_deref(), None::<JsonFile>, "Blocked n-Queens")?;
            let Some(instance) = generate::blocked(n as i64, b, &mut SplitMix64::new(seed)) else {
                bail!("{b} blocked squares would leave a row with fewer than 4 free squares");
            };
            let squares = placement_squares(instance.n, &instance.blocked);
            output::write(output.as_deref(), write_blocked(n, &squares))?;
        }
    }
    Ok(code(exit::YES))
}
