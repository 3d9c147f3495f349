//! The `sat2chess` command line.

mod cmd;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Shown after the top-level `--help`.
const OVERVIEW: &str = "\
Commands, one example each:
  solve      sat2chess solve examples/puzzles/chesscom-1.json -o solution.json
  check      sat2chess check board.json solution.json
  show       sat2chess show examples/puzzles/chesscom-2.fen
  convert    sat2chess convert examples/puzzles/chesscom-2.fen -o puzzle.txt
  render     sat2chess render board.json --moves solution.json -o board.svg
  sat        sat2chess sat examples/cnf/uf20-91-01.cnf
  transform  sat2chess transform examples/cnf/uf20-91-01.cnf --to andor -o uf20.andor
  layout     sat2chess layout examples/andor/thesis.andor -o thesis.svg
  gadgets    sat2chess gadgets verify --piece king
  compile    sat2chess compile examples/andor/thesis.andor --to king -o board.json
  decode     sat2chess decode board.json solution.json --formula examples/andor/thesis.andor
  queens     sat2chess queens generate excluded-diagonals --n 12 --d 12 -o ed.json
  retarget   sat2chess retarget examples/retarget/rooks.txt --to queen -o queens.json
  generate   sat2chess generate --pieces 8 --unique --seed 1 -o puzzle.fen
  serve      sat2chess serve --port 8033

Inputs are positional (`-` is standard input); --from names an input's format (else the
extension, else the content; a FEN string is accepted where a board is expected).
-o names the output (default standard output) and its extension the output format;
--format names the output format (it must agree with the extension).
Run `sat2chess help COMMAND` for a command's options and examples.
Exit codes: 0 solvable/valid, 1 unsolvable/invalid, 2 bad input or usage,
3 unknown (a search limit was reached), 4 internal error (a bug).";

/// sat2chess: compile SAT formulas into Solo Chess puzzles, solve and check boards.
///
/// Exit codes: 0 solvable/valid/satisfiable, 1 unsolvable/invalid/unsatisfiable,
/// 2 bad input or usage, 3 unknown (a search limit was reached), 4 internal error.
#[derive(Parser)]
#[command(name = "sat2chess", version, about, long_about = None, after_help = OVERVIEW)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Show progress on standard error even when it is not a terminal (one line per
    /// update there). Default: shown when standard error is a terminal.
    #[arg(long, global = true, conflicts_with = "quiet")]
    progress: bool,
    /// Show no progress.
    #[arg(long, global = true)]
    quiet: bool,
}

#[derive(Subcommand)]
enum Command {
    /// Decide whether a board can be reduced to one piece; print a solving sequence.
    #[command(after_help = cmd::solve::EXAMPLES)]
    Solve(cmd::solve::Args),
    /// Replay a capture sequence: first illegal move, or whether one piece remains.
    #[command(after_help = cmd::check::EXAMPLES)]
    Check(cmd::check::Args),
    /// Draw a small board as ASCII (piece letters with budgets, coordinates).
    #[command(after_help = cmd::show::EXAMPLES)]
    Show(cmd::show::Args),
    /// Convert a board between the JSON, text and FEN formats.
    #[command(after_help = cmd::convert::EXAMPLES)]
    Convert(cmd::convert::Args),
    /// Draw a board, gadget or capture sequence as SVG, TikZ or an animated HTML page.
    #[command(after_help = cmd::render::EXAMPLES)]
    Render(cmd::render::Args),
    /// Decide a formula (DIMACS or And-Or) with the SAT solver; SAT-competition output.
    ///
    /// Prints `s SATISFIABLE` and `v … 0` lines, or `s UNSATISFIABLE`. For And-Or input
    /// a `c variables 1=x 2=y …` line names the variables of the `v` lines.
    ///
    /// Exit codes are sat2chess's own, not the SAT competition's 10/20: 0 satisfiable,
    /// 1 unsatisfiable, 2 bad input, 3 the solver failed (`s UNKNOWN`).
    ///
    /// Example: sat2chess sat examples/cnf/uf20-91-01.cnf
    Sat(cmd::sat::Args),
    /// Transform a formula: CNF → 3-CNF → And-Or-(1,1)-SAT.
    ///
    /// Writes the formula after the step `--to` names: 3sat (clause splitting), andor (one
    /// fan-out chain per variable; with --thesis thesis Theorem 2.2 after Lemma 2.1) or
    /// tovey ((2+1),3-SAT, thesis Lemma 2.1). And-Or input takes only
    /// `--to andor`: it is written back, with a fresh variable for each clause that holds
    /// both literals of a variable. JSON output carries the provenance of every variable.
    ///
    /// Example: sat2chess transform examples/cnf/uf20-91-01.cnf --to andor -o uf20.andor --stats
    Transform(cmd::transform::Args),
    /// Lay out a formula as a circuit on a tile grid (thesis §2.2.2); JSON, SVG or text.
    ///
    /// Example: sat2chess layout examples/andor/thesis.andor -o thesis.svg --stats
    Layout(cmd::layout::Args),
    /// Verify and show the gadget libraries (thesis ch. 5).
    ///
    /// Example: sat2chess gadgets verify --piece king
    Gadgets(cmd::gadgets::Args),
    /// Compile a formula into a Solo Chess board (king, knight, rook, queen or bishop) or
    /// an n-Queens Completion board.
    ///
    /// Example: sat2chess compile examples/andor/thesis.andor --to king -o board.json --stats
    Compile(cmd::compile::Args),
    /// List the pairs of piece types of Solo Chess with unlimited captures (Brunner et
    /// al.): the result proving each NP-hard and whether `compile --unlimited` builds it.
    #[command(after_help = cmd::unlimited::PAIRS_EXAMPLES)]
    Pairs(cmd::unlimited::PairsArgs),
    /// Read a satisfying assignment off a solving sequence of a compiled board.
    ///
    /// Example: sat2chess decode board.json moves.json --formula examples/andor/thesis.andor
    Decode(cmd::decode::Args),
    /// n-Queens Completion (Gent–Jefferson–Nightingale): check, solve, decode, generate.
    ///
    /// Boards come from `compile INPUT --to nqueens` or `queens generate`.
    #[command(after_help = cmd::queens::EXAMPLES)]
    Queens(cmd::queens::Args),
    /// Turn a rook board into an equivalent queen or bishop board (same capture graph,
    /// blockers and solutions; Brunner et al. Cor. 3.4/3.5); map capture sequences along.
    #[command(after_help = cmd::retarget::EXAMPLES)]
    Retarget(cmd::retarget::Args),
    /// Generate a Solo Chess puzzle (chess.com or thesis rules), optionally with a unique
    /// solution and a difficulty level.
    #[command(after_help = cmd::generate::EXAMPLES)]
    Generate(cmd::generate::Args),
    /// Serve a local web page to play boards and explore compiled ones with their certificates.
    #[command(after_help = cmd::serve::EXAMPLES)]
    Serve(cmd::serve::Args),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            let _ = error.print();
            return match error.kind() {
                clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion => {
                    cmd::code(cmd::exit::YES)
                }
                _ => cmd::code(cmd::exit::BAD_INPUT),
            };
        }
    };
    cmd::progress::show(match (cli.progress, cli.quiet) {
        (true, _) => cmd::progress::Shown::Always,
        (_, true) => cmd::progress::Shown::Never,
        _ => cmd::progress::Shown::OnTerminal,
    });
    let result = match cli.command {
        Command::Solve(args) => cmd::solve::run(args),
        Command::Check(args) => cmd::check::run(args),
        Command::Show(args) => cmd::show::run(args),
        Command::Convert(args) => cmd::convert::run(args),
        Command::Render(args) => cmd::render::run(args),
        Command::Sat(args) => cmd::sat::run(args),
        Command::Transform(args) => cmd::transform::run(args),
        Command::Layout(args) => cmd::layout::run(args),
        Command::Gadgets(args) => cmd::gadgets::run(args),
        Command::Compile(args) => cmd::compile::run(args),
        Command::Pairs(args) => cmd::unlimited::pairs(&args),
        Command::Decode(args) => cmd::decode::run(args),
        Command::Queens(args) => cmd::queens::run(args),
        Command::Retarget(args) => cmd::retarget::run(args),
        Command::Generate(args) => cmd::generate::run(args),
        Command::Serve(args) => cmd::serve::run(args),
    };
    result.unwrap_or_else(|error| {
        eprintln!("error: {error:#}");
        let code = cmd::failure_code(&error);
        if code == cmd::exit::INTERNAL {
            eprintln!("This is a bug in sat2chess, not a fault of the input; please report it.");
        }
        cmd::code(code)
    })
}
