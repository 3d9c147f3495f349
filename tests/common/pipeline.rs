//! A formula through a target of [`sat2chess::targets::TARGETS`] the way the command line
//! runs it (`sat2chess::reduction::pipeline`): compiled into a board in memory (and, for
//! decoding, a board JSON file with its provenance) with the certificate collected as
//! steps; the certificate checked by the independent checker (capture sequences:
//! `check::check_sequence`; n-Queens placements: `nqueens::check::check_completion`); a
//! certificate decoded from files with `pipeline::decode`, the target and its options
//! read from the board's provenance.

use std::cell::RefCell;
use std::fs::File;
use std::io::{self, BufWriter};
use std::path::Path;

use sat2chess::board::{Board, PieceKind, Square};
use sat2chess::check::check_sequence;
use sat2chess::formula::Assignment;
use sat2chess::front::Input;
use sat2chess::reduction::pipeline::{self, Certificate, DecodeJob, Job};
use sat2chess::reduction::{
    BoardFile, BoardInMemory, BoardSink, CertificateKind, CertificateWriter, Decoded, JsonBoard,
    Limits, Observer, Options, Provenance, Reduction, Step,
};
use sat2chess::rules::{Move, Variant};
use sat2chess::targets::TARGETS;

/// What [`compile`] made.
pub struct Compiled {
    pub board: Board,
    /// The plan's size figures (`compile --stats`, `Plan::stats`).
    pub stats: String,
    /// The certificate, `None` when the formula is unsatisfiable.
    pub certificate: Option<Vec<Step>>,
}

/// Collects what the pipeline reports: the plan's size figures.
#[derive(Default)]
struct Stats(RefCell<String>);

impl Observer for Stats {
    fn stats(&self, text: &str) {
        self.0.borrow_mut().push_str(text);
    }
}

/// A board sink feeding two sinks (the board in memory and its JSON file).
struct Both<'a>(&'a mut dyn BoardSink, &'a mut dyn BoardSink);

impl BoardSink for Both<'_> {
    fn start(&mut self, rows: u32, cols: u32, provenance: &Provenance) -> io::Result<()> {
        self.0.start(rows, cols, provenance)?;
        self.1.start(rows, cols, provenance)
    }

    fn piece(
        &mut self,
        kind: PieceKind,
        square: Square,
        budget: u32,
        label: Option<&str>,
    ) -> io::Result<()> {
        self.0.piece(kind, square, budget, label)?;
        self.1.piece(kind, square, budget, label)
    }

    fn finish(&mut self) -> io::Result<()> {
        self.0.finish()?;
        self.1.finish()
    }

    fn streams(&self) -> bool {
        self.0.streams() && self.1.streams()
    }
}

/// Compiles `input` (named `name`, for the provenance) for `target` with the default
/// options, deciding it with the SAT solver and collecting the certificate; with
/// `json`, the board is also written there as board JSON (what `compile -o` writes).
pub fn compile(
    target: &dyn Reduction,
    input: &Input,
    name: &str,
    json: Option<&Path>,
) -> Result<Compiled, String> {
    let job = Job {
        reduction: target,
        source: input,
        source_name: name,
        options: Options::default(),
        limits: Limits::default(),
    };
    let mut board = BoardInMemory::default();
    let mut steps = Vec::new();
    let stats = Stats::default();
    let outcome = match json {
        None => pipeline::compile(&job, &mut board, Some(&mut steps), &stats),
        Some(path) => {
            let file = File::create(path).map_err(|e| format!("{}: {e}", path.display()))?;
            let mut writer = JsonBoard::new(BufWriter::new(file));
            pipeline::compile(
                &job,
                &mut Both(&mut board, &mut writer),
                Some(&mut steps),
                &stats,
            )
        }
    }
    .map_err(|e| format!("{} compile: {e}", target.name()))?;
    assert_eq!(
        board.provenance().map(|p| p.target.as_str()),
        Some(target.name()),
        "the board's provenance names its target"
    );
    let board = board.board().map_err(|e| e.to_string())?;
    assert_eq!(outcome.pieces, board.len() as u64);
    assert_eq!((outcome.rows, outcome.cols), (board.rows(), board.cols()));
    let certificate = match outcome.certificate {
        Some(Certificate::Written { steps: count }) => {
            assert_eq!(count, steps.len() as u64);
            Some(steps)
        }
        Some(Certificate::Unsatisfiable) => {
            assert!(steps.is_empty());
            None
        }
        None => unreachable!("a certificate was asked for"),
    };
    Ok(Compiled {
        board,
        stats: stats.0.into_inner(),
        certificate,
    })
}

/// The capture sequence of a certificate of captures.
pub fn moves(steps: &[Step]) -> Vec<Move> {
    steps
        .iter()
        .map(|step| match step {
            Step::Capture(mv) => *mv,
            Step::Place(square) => panic!("a placement step ({square}) in a capture sequence"),
        })
        .collect()
}

/// Checks `steps`, a certificate of `target`, on `board` with the independent checker:
/// a capture sequence must leave one piece (`check::check_sequence`), a placement must
/// complete the n-Queens board (`nqueens::check::check_completion`).
pub fn check_certificate(
    target: &dyn Reduction,
    board: &Board,
    steps: &[Step],
) -> Result<(), String> {
    match target.certificate() {
        CertificateKind::Captures => {
            let report = check_sequence(board, &moves(steps), Variant::Standard);
            if report.is_solution() {
                Ok(())
            } else {
                Err(report.to_string())
            }
        }
        CertificateKind::Placement => {
            use sat2chess::nqueens::board::queen;
            let n = i64::from(board.rows());
            assert_eq!(board.rows(), board.cols(), "an n-Queens board is square");
            let preplaced: Vec<_> = board.pieces().iter().map(|p| queen(n, p.square)).collect();
            let added: Vec<_> = steps
                .iter()
                .map(|step| match step {
                    Step::Place(square) => queen(n, *square),
                    Step::Capture(mv) => panic!("a capture ({mv}) in a placement"),
                })
                .collect();
            sat2chess::nqueens::check::check_completion(n, &preplaced, &added)
                .map_err(|violation| violation.to_string())
        }
    }
}

/// Writes `steps` to `path` in the certificate format of `target` (moves or placement
/// JSON, what `compile --certify --moves-out` writes).
pub fn write_certificate(target: &dyn Reduction, steps: &[Step], path: &Path) {
    let file = File::create(path).expect("scratch certificate");
    let mut writer =
        CertificateWriter::new(BufWriter::new(file), target.certificate()).expect("starts");
    for &step in steps {
        writer.step(step).expect("certificate step");
    }
    writer.finish().expect("certificate written");
}

/// Decodes the certificate file `certificate` against the board file `board` and
/// `input` (named `name`) as `sat2chess decode` does: the target and options from the
/// board's provenance.
pub fn decode(
    input: &Input,
    name: &str,
    board: &Path,
    certificate: &Path,
) -> Result<Assignment, String> {
    let job = DecodeJob {
        targets: &TARGETS,
        target: None,
        board: BoardFile {
            path: board.to_owned(),
            format: None,
        },
        certificate,
        source: input,
        source_name: name,
        options: Options::default(),
        limits: Limits::default(),
    };
    match pipeline::decode(&job, &()).map_err(|e| format!("decode: {e}"))? {
        Decoded::Model(model) => Ok(model),
        Decoded::Refused { report, .. } => Err(format!("decode refused the certificate: {report}")),
    }
}

/// Whether `model` satisfies `input`.
pub fn satisfies(input: &Input, model: &Assignment) -> bool {
    match input {
        Input::Cnf(cnf) => cnf.is_satisfied_by(model),
        Input::AndOr(formula) => formula.is_satisfied_by(model),
        // An RBDS instance's model is its dominating set, one value per red.
        Input::Rbds(rbds) => {
            let set = (0..rbds.reds)
                .filter(|&red| model.0[red as usize])
                .collect();
            rbds.is_solution(&set)
        }
    }
}

/// The target called `name` (panics if there is none).
pub fn target(name: &str) -> &'static dyn Reduction {
    sat2chess::targets::target(name).unwrap_or_else(|| panic!("no target {name}"))
}

/// `input` (named `name`) through `target` end to end, files in `dir`: compiled (board
/// JSON written), certified, the certificate checked, written and decoded back to a
/// model of `input`. Returns the compiled board and the decoded model (`None`, like the
/// certificate, when the formula is unsatisfiable).
pub fn certify_check_and_decode(
    target: &dyn Reduction,
    input: &Input,
    name: &str,
    dir: &Path,
) -> Result<(Compiled, Option<Assignment>), String> {
    let board_path = dir.join("board.json");
    let compiled = compile(target, input, name, Some(&board_path))?;
    let Some(steps) = &compiled.certificate else {
        return Ok((compiled, None));
    };
    check_certificate(target, &compiled.board, steps)
        .map_err(|report| format!("checker: {report}"))?;
    let certificate = dir.join("certificate.json");
    write_certificate(target, steps, &certificate);
    let model = decode(input, name, &board_path, &certificate)?;
    if !satisfies(input, &model) {
        return Err("the decoded model does not satisfy the formula".into());
    }
    Ok((compiled, Some(model)))
}
