use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context as _, Result};
use sat2chess::board::{Board, PieceKind};
use sat2chess::check::{Count, check_sequence};
use sat2chess::io::{self, BoardFormat, MovesFormat};
use sat2chess::notation::{self, Algebraic, Notation};
use sat2chess::rules::{Move, Position, Variant};
use sat2chess::sat::{FlatCnf, SatBackend, Stop, prove_unsatisfiable};
use sat2chess::solve::{self, Method, SolveOptions, Verdict};

use super::input::BoardInput;
use super::output::{self, Outputs};
use super::{code, exit, print_out};

/// Examples shown by `sat2chess solve --help`.
pub(crate) const EXAMPLES: &str = "\
Examples:
  sat2chess solve examples/puzzles/chesscom-1.json
  sat2chess solve examples/puzzles/chesscom-2.fen
  sat2chess solve \"8/8/8/3q4/8/8/8/R3K3 w - - 0 1\"
  sat2chess solve puzzle.json --rules chesscom --notation algebraic
  sat2chess solve board.json -o solution.json --time-limit 10
  sat2chess solve board.json -o - --format json | sat2chess check board.json -
  sat2chess solve wire.json --engine search
  sat2chess solve dense.json --engine portfolio --time-limit 60
  sat2chess solve row.json --explain

Polynomial special cases are decided first without search: every budget <= 1 (thesis
Thm 4.1), all pieces on one row or column (thesis Thm 4.2), one piece type with every
budget >= pieces - 1 (Brunner et al. Thm 2.2). Then boards of kings only or knights only
with budgets <= 2 go to the spanning-tree engine (dynamic programming over the capture
graph); every other board to the search engine, joined after 0.2 s on a second thread by
an exact SAT encoding of the whole game (solved by CaDiCaL), first answer wins (with
--node-limit: the search engine alone). --engine forces one (and skips the special
cases): `search`, `tree`, `sat`, or `portfolio` (search and sat from the start).
--explain prints which method decided and why.

A FEN board is a chess.com puzzle: its default rules are chess.com's (a king may not be
captured) and its moves print in algebraic notation (Qg3xe5); other boards default to
the thesis rules and (row,col) coordinates.

Prints SOLVABLE and the capture sequence (one move per line: number, mover, from, `x`,
captured piece, to; or `Qg3xe5`), UNSOLVABLE, or UNKNOWN when --node-limit/--time-limit stopped the
search. Every sequence printed has passed the sequence checker.
Exit codes: 0 solvable, 1 unsolvable, 2 bad input, 3 unknown (limit reached).";

/// Decide whether a board can be reduced to one piece and print a solving sequence.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Board file (format from --from, else the extension, else the content), or a FEN
    /// string; `-` reads standard input.
    pub(crate) board: PathBuf,
    /// Input format (json, text, fen; `gc`: a Graph Capture instance), overriding the
    /// file extension and the content.
    #[arg(long, value_parser = super::graph_capture::source())]
    pub(crate) from: Option<super::graph_capture::Source>,
    #[command(flatten)]
    pub(crate) rules: super::Rules,
    /// How moves are printed: `algebraic` (Qg3xe5) or `coords` (Q (6,7) x R (4,5)).
    /// Default: algebraic for a FEN board, coords otherwise.
    #[arg(long, value_parser = super::choice::<Notation>())]
    pub(crate) notation: Option<Notation>,
    #[command(flatten)]
    pub(crate) limits: super::limits::SearchLimits,
    /// Engine: `auto` (special cases, then spanning tree where it applies, else `search`
    /// joined by `sat` after 0.2 s), `search`, `tree` (kings only or knights only,
    /// budgets <= 2), `sat` (SAT encoding of the whole game, solved by CaDiCaL), or
    /// `portfolio` (search and sat on two threads from the start, first answer wins).
    #[arg(long, value_enum, default_value_t = Engine::Auto)]
    pub(crate) engine: Engine,
    /// The SAT solver of the `sat` engine: `cadical` (incremental, LRAT proofs) or `splr`
    /// (pure Rust, for comparison).
    #[arg(long, value_name = "SOLVER", value_parser = super::choice::<SatBackend>(), default_value = "cadical")]
    pub(crate) sat_solver: SatBackend,
    /// Write the SAT encoding as solved (with the cycle clauses added on the way) to FILE,
    /// in DIMACS; runs the `sat` engine. If the board is unsolvable, this CNF is
    /// unsatisfiable (docs/solver.md says what that rests on).
    #[arg(long, value_name = "FILE")]
    pub(crate) emit_cnf: Option<PathBuf>,
    /// If the board is unsolvable, write an LRAT proof (text) that the --emit-cnf file is
    /// unsatisfiable, for any LRAT checker (needs --emit-cnf).
    #[arg(long, value_name = "FILE", requires = "emit_cnf")]
    pub(crate) proof: Option<PathBuf>,
    /// Also print which method decided and why (a proof sketch for the special cases).
    #[arg(long)]
    pub(crate) explain: bool,
    /// Also write the solving sequence to this file (`-`: standard output, which then
    /// holds only the sequence; the verdict goes to standard error).
    #[arg(short, long, value_name = "FILE")]
    pub(crate) output: Option<PathBuf>,
    /// Format of the sequence written by -o (default: the one the -o extension names,
    /// .json or .txt; else text, as printed).
    #[arg(long, value_parser = super::choice::<MovesFormat>())]
    pub(crate) format: Option<MovesFormat>,
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

/// Writes the encoding to `path` in DIMACS; the line that says so.
fn emit_cnf(
    path: &std::path::Path,
    board: &std::path::Path,
    cnf: Option<&FlatCnf>,
) -> Result<String> {
    let Some(cnf) = cnf else {
        return Ok(
            "encoding: none written (the board has at most one piece, or is too large to encode)"
                .into(),
        );
    };
    let comments = [
        format!(
            "sat2chess solve --emit-cnf: the SAT encoding of {}",
            io::display_path(board).display()
        ),
        "Brunner et al. Lemma 2.1 arborescence with lazily added cycle clauses (docs/solver.md)"
            .into(),
        "unsatisfiable exactly when the board cannot be cleared to one piece".into(),
    ];
    let mut text = Vec::new();
    cnf.write_dimacs(&comments, &mut text)?;
    output::write(Some(path), &text)?;
    Ok(format!(
        "encoding: {} variables, {} clauses written to {}",
        cnf.num_vars(),
        cnf.num_clauses(),
        io::display_path(path).display()
    ))
}

/// The sequence as numbered lines, `  3. Q (1,1) x R (1,4)` or `  3. Qh8xe8`
/// (`algebraic`: names on this board).
pub(crate) fn describe(
    board: &Board,
    moves: &[Move],
    variant: Variant,
    algebraic: Option<Algebraic>,
) -> Result<String> {
    let mut position = Position::new(board, variant);
    let mut out = String::new();
    for (index, &mv) in moves.iter().enumerate() {
        let letter = |square| position.get(square).map_or('?', |p| p.kind.letter());
        let line = match &algebraic {
            Some(names) => {
                let mover = position.get(mv.from).map(|p| p.kind).ok_or_else(|| {
                    super::Internal(format!("solver move #{index} {mv} starts on no piece"))
                })?;
                format!("{:>4}. {}", index + 1, names.capture(mover, mv)?)
            }
            None => format!(
                "{:>4}. {} {} x {} {}",
                index + 1,
                letter(mv.from),
                mv.from,
                letter(mv.to),
                mv.to
            ),
        };
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
        .writing(args.output.as_deref())
        .writing(args.emit_cnf.as_deref())
        .writing(args.proof.as_deref())
        .check()?;
    let sequence_format =
        output::output_format(args.output.as_deref(), args.format, "capture sequence")?
            .unwrap_or(MovesFormat::Text);
    if super::graph_capture::is_graph(&args.board, args.from) {
        let out = args.output.as_deref();
        let limit = args.limits.time_limit;
        return super::graph_capture::solve(&args.board, out, args.format, limit);
    }
    let input = BoardInput::resolve(&args.board, super::graph_capture::board_format(args.from))?;
    let format = input.format();
    let board = input.read()?;
    let variant = args.rules.variant_for(&args.board, format);
    let notation = args.notation.unwrap_or(
        if format == BoardFormat::Fen && board.cols() <= notation::MAX_FILES {
            Notation::Algebraic
        } else {
            Notation::Coords
        },
    );
    let algebraic = match notation {
        Notation::Algebraic => {
            Some(Algebraic::new(board.rows(), board.cols()).with_context(|| input.name())?)
        }
        Notation::Coords => None,
    };
    if args.emit_cnf.is_some() && !matches!(args.engine, Engine::Auto | Engine::Sat) {
        eprintln!(
            "error: --emit-cnf writes the SAT encoding: use it with --engine sat (or no --engine)"
        );
        return Ok(code(exit::BAD_INPUT));
    }
    let method = match args.engine {
        _ if args.emit_cnf.is_some() => Some(Method::Sat),
        Engine::Auto => None,
        Engine::Search => Some(Method::Search),
        Engine::Sat => Some(Method::Sat),
        Engine::Portfolio => Some(Method::Portfolio),
        Engine::Tree if solve::spanning_tree_applies(&board, variant) => Some(Method::SpanningTree),
        Engine::Tree => {
            eprintln!(
                "error: {}: --engine tree needs kings only or knights only with budgets <= 2 \
                 (kings: under --rules thesis)",
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
        sat_backend: args.sat_solver,
    };
    let progress = super::progress::Progress::new(false);
    let watch = options.heartbeat.clone().map(|beat| progress.watch(beat));
    let (report, encoding) = match &args.emit_cnf {
        Some(_) => solve::solve_by_encoding(&board, &options),
        None => (solve::solve(&board, &options), None),
    };
    drop(watch);
    let mut notes = Vec::new();
    if let Some(path) = &args.emit_cnf {
        notes.push(emit_cnf(path, &args.board, encoding.as_ref())?);
    }
    if let (Some(path), Verdict::Unsolvable, Some(cnf)) = (&args.proof, &report.verdict, &encoding)
    {
        let remaining = args
            .limits
            .time_limit
            .map(|limit| limit.saturating_sub(start.elapsed()));
        match prove_unsatisfiable(cnf, path, &Stop::new(remaining, None)) {
            Ok(Some(false)) => notes.push(format!(
                "proof: LRAT refutation of the CNF written to {}",
                io::display_path(path).display()
            )),
            Ok(Some(true)) => {
                return Err(
                    super::Internal("the proof run found the encoding satisfiable".into()).into(),
                );
            }
            Ok(None) => {
                eprintln!("error: the proof run reached the time limit; no proof written");
                return Ok(code(exit::UNKNOWN));
            }
            Err(error) => return Err(error).context("writing the proof"),
        }
    }
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
        Method::Decomposition => format!(
            "decomposition of the capture graph, no search, {:.3} s",
            s.elapsed.as_secs_f64()
        ),
    };
    let sequence_to_stdout = args.output.as_deref().is_some_and(io::is_stdio);
    let say = |line: String| {
        if sequence_to_stdout {
            eprintln!("{line}");
            Ok(())
        } else {
            print_out(format!("{line}\n"))
        }
    };
    if args.explain {
        say(format!("method: {}", report.reason))?;
    }
    let kings = board
        .pieces()
        .iter()
        .filter(|piece| piece.kind == PieceKind::King)
        .count();
    let thesis_note = super::thesis_note_due(variant, kings, board.len());
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
            let square = match &algebraic {
                Some(names) => names.square(survivor.square)?,
                None => survivor.square.to_string(),
            };
            say(format!(
                "SOLVABLE: {} leave{} the {} on {square} ({stats})",
                Count(moves.len(), "capture"),
                if moves.len() == 1 { "s" } else { "" },
                survivor.kind,
            ))?;
            if thesis_note {
                say(super::THESIS_RULES_NOTE.to_string())?;
            }
            for note in notes {
                say(note)?;
            }
            let lines = describe(&board, &moves, variant, algebraic)?;
            if !sequence_to_stdout {
                print_out(&lines)?;
            }
            if let Some(path) = &args.output {
                let sequence = match sequence_format {
                    MovesFormat::Json => io::json::write_moves(&moves),
                    MovesFormat::Text => lines,
                };
                output::write(Some(path), sequence.as_bytes())?;
            }
            code(exit::YES)
        }
        Verdict::Unsolvable => {
            say(format!("UNSOLVABLE ({stats})"))?;
            if thesis_note {
                say(super::THESIS_RULES_NOTE.to_string())?;
            }
            for note in notes {
                say(note)?;
            }
            code(exit::NO)
        }
        Verdict::Unknown => {
            say(format!("UNKNOWN: search limit reached ({stats})"))?;
            for note in notes {
                say(note)?;
            }
            code(exit::UNKNOWN)
        }
    })
}
