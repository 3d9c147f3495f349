use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Result;
use sat2chess::board::Board;
use sat2chess::check::{Count, check_sequence};
use sat2chess::io::{self, BoardFormat};
use sat2chess::rules::{Move, Position, Variant};
use sat2chess::solve::{self, Method, SolveOptions, Verdict};

use super::output::{self, Outputs};
use super::{code, exit, print_out, variant};

/// Examples shown by `sat2chess solve --help`.
pub(crate) const EXAMPLES: &str = "\
Examples:
  sat2chess solve examples/puzzles/chesscom-1.json
  sat2chess solve puzzle.fen --king-last
  sat2chess solve board.json --moves solution.json --time-limit 10
  sat2chess solve board.json --moves - | sat2chess check board.json -
  sat2chess solve wire.json --engine search
  sat2chess solve dense.json --engine portfolio --time-limit 60
  sat2chess solve row.json --explain

Polynomial special cases are decided first without search: every budget <= 1 (thesis
Thm 4.1), all pieces on one row or column (thesis Thm 4.2), one piece type with every
budget >= pieces - 1 (Brunner et al. Thm 2.2). Then boards of kings only or knights only
with budgets <= 2 go to the spanning-tree engine (dynamic programming over the capture
graph); every other board to the search engine, joined after 0.2 s on a second thread by
an exact SAT encoding of the whole game (solved by splr), first answer wins (with
--node-limit: the search engine alone). --engine forces one (and skips the special
cases): `search`, `tree`, `sat`, or `portfolio` (search and sat from the start).
--explain prints which method decided and why.

Prints SOLVABLE and the capture sequence (one move per line: number, mover, from, `x`,
captured piece, to), UNSOLVABLE, or UNKNOWN when --node-limit/--time-limit stopped the
search. Every sequence printed has passed the sequence checker.
Exit codes: 0 solvable, 1 unsolvable, 2 bad input, 3 unknown (limit reached).";

/// Decide whether a board can be reduced to one piece and print a solving sequence.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Board file (format from the extension unless --format is given); `-` reads standard input.
    pub(crate) board: PathBuf,
    /// Board format, overriding the file extension.
    #[arg(long, value_parser = super::choice::<BoardFormat>())]
    pub(crate) format: Option<BoardFormat>,
    /// chess.com rule: a king may not be captured, so a king, if present, is the final piece.
    #[arg(long)]
    pub(crate) king_last: bool,
    #[command(flatten)]
    pub(crate) limits: super::limits::SearchLimits,
    /// Engine: `auto` (special cases, then spanning tree where it applies, else `search`
    /// joined by `sat` after 0.2 s), `search`, `tree` (kings only or knights only,
    /// budgets <= 2), `sat` (SAT encoding of the whole game, solved by splr), or
    /// `portfolio` (search and sat on two threads from the start, first answer wins).
    #[arg(long, value_enum, default_value_t = Engine::Auto)]
    pub(crate) engine: Engine,
    /// Also print which method decided and why (a proof sketch for the special cases).
    #[arg(long)]
    pub(crate) explain: bool,
    /// Also write the solving sequence as moves JSON to this file (`-`: standard output,
    /// which then holds only the JSON; the verdict goes to standard error).
    #[arg(long, value_name = "FILE")]
    pub(crate) moves: Option<PathBuf>,
}

/// The `--engine` choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Engine {
    Auto,
    Search,
    Tree,
    Sat,
    Portfolio,
}

/// The sequence as numbered lines `  3. Q (1,1) x R (1,4)`.
fn describe(board: &Board, moves: &[Move], variant: Variant) -> Result<String> {
    let mut position = Position::new(board, variant);
    let mut out = String::new();
    for (index, &mv) in moves.iter().enumerate() {
        let letter = |square| position.get(square).map_or('?', |p| p.kind.letter());
        let line = format!(
            "{:>4}. {} {} x {} {}",
            index + 1,
            letter(mv.from),
            mv.from,
            letter(mv.to),
            mv.to
        );
        position.apply(mv).map_err(|error| {
            super::Internal(format!("solver move #{index} {mv} is illegal: {error}"))
        })?;
        let _ = writeln!(out, "{line}");
    }
    Ok(out)
}

pub(crate) fn run(args: Args) -> Result<ExitCode> {
    // The time limit counts reading the board too.
    let start = Instant::now();
    Outputs::reading([args.board.as_path()])
        .writing(args.moves.as_deref())
        .check()?;
    let board = io::read_board(&args.board, args.format)?;
    let variant = variant(args.king_last);
    let method = match args.engine {
        Engine::Auto => None,
        Engine::Search => Some(Method::Search),
        Engine::Sat => Some(Method::Sat),
        Engine::Portfolio => Some(Method::Portfolio),
        Engine::Tree if solve::spanning_tree_applies(&board, variant) => Some(Method::SpanningTree),
        Engine::Tree => {
            eprintln!(
                "error: {}: --engine tree needs kings only or knights only with budgets <= 2 \
                 (kings: without --king-last)",
                io::display_path(&args.board).display()
            );
            return Ok(code(exit::BAD_INPUT));
        }
    };
    let options = SolveOptions {
        variant,
        node_limit: args.limits.node_limit,
        time_limit: args
            .limits
            .time_limit
            .map(|limit| limit.saturating_sub(start.elapsed())),
        method,
        cancel: None,
        heartbeat: Some(Default::default()),
    };
    let progress = super::progress::Progress::new(false);
    let watch = options.heartbeat.clone().map(|beat| progress.watch(beat));
    let report = solve::solve(&board, &options);
    drop(watch);
    let s = &report.stats;
    let stats = match s.method {
        Method::Search => format!(
            "search: {} states, {} table hits, {} dead states, {} block moves, {:.3} s",
            s.nodes,
            s.table_hits,
            s.dead_budget + s.dead_kings + s.dead_components + s.dead_final_square + s.dead_sides,
            s.block_moves,
            s.elapsed.as_secs_f64()
        ),
        Method::SpanningTree => format!(
            "spanning tree: {} states, {} merged, frontier width {}, {:.3} s",
            s.nodes,
            s.table_hits,
            s.table_entries,
            s.elapsed.as_secs_f64()
        ),
        Method::Sat | Method::Portfolio => format!(
            "SAT encoding: {} variables, {} clauses, {:.3} s",
            s.sat_variables,
            s.sat_clauses,
            s.elapsed.as_secs_f64()
        ),
        Method::Special(case) => format!(
            "special case: {}, no search, {:.3} s",
            case.name(),
            s.elapsed.as_secs_f64()
        ),
    };
    let json_to_stdout = args.moves.as_deref().is_some_and(io::is_stdio);
    let say = |line: String| {
        if json_to_stdout {
            eprintln!("{line}");
            Ok(())
        } else {
            print_out(format!("{line}\n"))
        }
    };
    if args.explain {
        say(format!("method: {}", report.reason))?;
    }
    Ok(match report.verdict {
        Verdict::Solvable(moves) => {
            let certificate = check_sequence(&board, &moves, variant);
            let solved = certificate.is_solution();
            let Some(survivor) = certificate.survivor.clone().filter(|_| solved) else {
                return Err(super::Internal(format!(
                    "the solver's sequence fails the checker: {certificate}"
                ))
                .into());
            };
            say(format!(
                "SOLVABLE: {} leave{} the {} on {} ({stats})",
                Count(moves.len(), "capture"),
                if moves.len() == 1 { "s" } else { "" },
                survivor.kind,
                survivor.square
            ))?;
            let json = io::json::write_moves(&moves);
            match &args.moves {
                Some(path) if io::is_stdio(path) => print_out(&json)?,
                file => {
                    print_out(&describe(&board, &moves, variant)?)?;
                    if let Some(path) = file {
                        output::write_file(path, json.as_bytes())?;
                    }
                }
            }
            code(exit::YES)
        }
        Verdict::Unsolvable => {
            say(format!("UNSOLVABLE ({stats})"))?;
            code(exit::NO)
        }
        Verdict::Unknown => {
            say(format!("UNKNOWN: search limit reached ({stats})"))?;
            code(exit::UNKNOWN)
        }
    })
}
