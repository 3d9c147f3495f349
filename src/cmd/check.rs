use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Result, bail};
use sat2chess::board::PieceKind;
use sat2chess::check::SequenceCheck;
use sat2chess::check::lrat::{LratError, check_lrat};
use sat2chess::choice::Choice as _;
use sat2chess::io;
use sat2chess::reduction::Observer as _;

use super::input::BoardInput;

use super::{code, exit, print_err, print_out};

/// Examples shown by `sat2chess check --help`.
pub(crate) const EXAMPLES: &str = "\
Examples:
  sat2chess check board.json moves.json
  sat2chess solve board.json -o - --format json | sat2chess check board.json -
  sat2chess check puzzle.fen moves.txt
  sat2chess check board.json moves.json --rules chesscom
  sat2chess check \"8/8/8/3q4/8/8/8/R3K3 w - - 0 1\" moves.json
  sat2chess solve board.json --emit-cnf board.cnf --proof board.lrat
  sat2chess check board.json --cnf board.cnf --proof board.lrat

Prints one line: VALID (one piece left, and which), INVALID (the moves file and its
first illegal move as `move #i (n-th)`, i counting from 0, with the reason) or
INCOMPLETE (every move legal, but more than one piece left). A FEN board is judged by
chess.com's rules (a king may not be captured), other boards by the thesis rules;
--rules chooses. A board with a king checked under the thesis rules says so on
standard error.
Exit codes: 0 valid and solved, 1 illegal move or more than one piece left,
2 bad input: unreadable files, malformed JSON, a square outside the board, or a move
from an empty square (it names no piece, so the moves do not belong to this board).

With --proof and --cnf instead of MOVES, checks a proof of unsolvability written by
`solve --emit-cnf X --proof P`: that X is the board's SAT encoding (built again and
compared clause by clause; each clause the solver added lazily must exclude a cycle of
the board's precedences, found again) and that P is an LRAT refutation of X (checked
step by step, without any SAT solver). Prints VERIFIED UNSOLVABLE, exit 0; a proof
that does not refute X: exit 1; a CNF that is not this board's encoding under these
rules, or unreadable files: exit 2.";

/// Replay a capture sequence and report the first illegal move or the final piece.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Board file (format from --from, else the extension, else the content), or a FEN
    /// string; `-` reads standard input.
    pub(crate) board: PathBuf,
    /// Moves file: moves JSON `{"moves":[{"from":[r,c],"to":[r,c]},…]}` (.json) or one
    /// capture a line (.txt), `3. Q (1,1) x R (1,4)` or `Qg3xe5`; other names and `-`
    /// (standard input) by content.
    #[arg(required_unless_present = "proof", conflicts_with = "proof")]
    pub(crate) moves: Option<PathBuf>,
    /// Instead of MOVES: an LRAT proof (text) that the --cnf file is unsatisfiable, as
    /// `solve --emit-cnf X --proof P` writes it.
    #[arg(long, value_name = "FILE", requires = "cnf")]
    pub(crate) proof: Option<PathBuf>,
    /// With --proof: the DIMACS CNF the proof refutes, checked to be the board's SAT
    /// encoding (`solve --emit-cnf`).
    #[arg(long, value_name = "FILE", requires = "proof")]
    pub(crate) cnf: Option<PathBuf>,
    /// Input format (json, text, fen; `gc`: a Graph Capture instance, whose moves name
    /// vertices), overriding the file extension and the content.
    #[arg(long, value_parser = super::graph_capture::source())]
    pub(crate) from: Option<super::graph_capture::Source>,
    #[command(flatten)]
    pub(crate) rules: super::Rules,
    #[command(flatten)]
    pub(crate) limit: super::PieceLimit,
}

/// Reads the board into the checker's compact state, then streams the moves through
/// it: neither file is held, so memory is 13 bytes per piece whatever the length of the
/// sequence. The errors come in the order of a whole read: the board's, the moves
/// file's, the piece limit, a move outside the board, then the verdict.
pub(crate) fn run(args: Args) -> Result<ExitCode> {
    let (Some(moves), None) = (&args.moves, &args.proof) else {
        return check_proof(&args);
    };
    if super::graph_capture::is_graph(&args.board, args.from) {
        return super::graph_capture::check(&args.board, moves);
    }
    if io::is_stdio(&args.board) && io::is_stdio(moves) {
        bail!("BOARD and MOVES cannot both be `-` (standard input)");
    }
    let progress = super::progress::Progress::new(false);
    progress.phase("load", 0);
    let board = BoardInput::resolve(&args.board, super::graph_capture::board_format(args.from))?;
    let variant = args.rules.variant_for(&args.board, board.format());
    let mut kings = 0;
    let replay = board.replay(variant, &mut |piece| {
        kings += usize::from(piece.kind == PieceKind::King);
    })?;
    let board_name = board.name();
    let pieces = replay.remaining() as u64;
    args.limit.admit(&board_name, pieces)?;
    let extent = replay.extent();
    progress.phase("replay", pieces.saturating_sub(1));
    let mut sequence = SequenceCheck::new(replay);
    let mut outside = None;
    let moves_name = io::display_path(moves);
    let read = io::stream_moves(moves, (extent.rows, extent.cols), &mut |mv| {
        if outside.is_none() {
            match extent.admit(sequence.moves(), mv) {
                Ok(()) => {
                    sequence.step(mv);
                    progress.every_few(sequence.moves() as u64);
                }
                Err(error) => outside = Some(error),
            }
        }
    });
    let moves = read?;
    args.limit.admit(&board_name, pieces + moves as u64)?;
    if let Some(error) = outside {
        bail!("{}: {error} of {board_name}", moves_name.display());
    }
    progress.finish();
    let report = sequence.report();
    let line = match &report.illegal {
        Some(step) if step.is_malformed() => bail!("{}: {step}", moves_name.display()),
        Some(step) => format!("INVALID: {}: {step}\n", moves_name.display()),
        None => format!("{report}\n"),
    };
    if super::thesis_note_due(variant, kings, pieces as usize) {
        print_err(&format!("{}\n", super::THESIS_RULES_NOTE));
    }
    print_out(&line)?;
    Ok(code(if report.is_solution() {
        exit::YES
    } else {
        exit::NO
    }))
}

/// `check BOARD --cnf X --proof P`: X is the board's encoding, P refutes X.
fn check_proof(args: &Args) -> Result<ExitCode> {
    let (Some(proof), Some(cnf)) = (&args.proof, &args.cnf) else {
        bail!("give MOVES, or --proof with --cnf");
    };
    if super::graph_capture::is_graph(&args.board, args.from) {
        bail!("--proof checks proofs of boards, not of Graph Capture instances");
    }
    let stdin_inputs = [&args.board, cnf, proof]
        .into_iter()
        .filter(|p| io::is_stdio(p))
        .count();
    if stdin_inputs > 1 {
        bail!("only one of BOARD, --cnf and --proof can be `-` (standard input)");
    }
    let input = BoardInput::resolve(&args.board, super::graph_capture::board_format(args.from))?;
    let board = input.read()?;
    let board_name = input.name();
    args.limit.admit(&board_name, board.len() as u64)?;
    let variant = args.rules.variant_for(&args.board, input.format());
    let (cnf_name, proof_name) = (io::display_path(cnf), io::display_path(proof));
    let cnf_text = io::read_text(cnf)?;
    let proof_text = io::read_text(proof)?;
    let encoding = match sat2chess::solve::check_encoding(&board, variant, &cnf_text) {
        Ok(encoding) => encoding,
        Err(error) => bail!(
            "{}: not the SAT encoding of {board_name} under {} rules: {error}",
            cnf_name.display(),
            variant.name()
        ),
    };
    let kings = board
        .pieces()
        .iter()
        .filter(|p| p.kind == PieceKind::King)
        .count();
    if super::thesis_note_due(variant, kings, board.len()) {
        print_err(&format!("{}\n", super::THESIS_RULES_NOTE));
    }
    match check_lrat(&cnf_text, &proof_text) {
        Ok(summary) => {
            print_out(format!(
                "VERIFIED UNSOLVABLE: {} refutes {}, the SAT encoding of {board_name} \
                 ({} static clauses, {} cycle clauses checked against the board; {} proof steps)\n",
                proof_name.display(),
                cnf_name.display(),
                encoding.static_clauses,
                encoding.cycle_clauses,
                summary.added_clauses + summary.deleted_clauses,
            ))?;
            Ok(code(exit::YES))
        }
        Err(LratError::Cnf { line, what }) => bail!("{}: line {line}: {what}", cnf_name.display()),
        Err(error) => {
            print_out(format!(
                "NOT VERIFIED: {} is no refutation of {}: {error}\n",
                proof_name.display(),
                cnf_name.display()
            ))?;
            Ok(code(exit::NO))
        }
    }
}
