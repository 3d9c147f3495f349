//! Compiled boards for the benches (`#[path]`-included beside `streamed.rs`), written by
//! `pipeline::compile` in a child process — the bench binary itself run with
//! `--compile-king` ([`child`]), so that the compile's memory stays out of the bench's
//! peak, as when `sat2chess compile` wrote them.

use std::fs::File;
use std::io::BufWriter;
use std::path::{Path, PathBuf};
use std::process::Command;

use sat2chess::reduction::pipeline::{self, Certificate, Job};
use sat2chess::reduction::{JsonBoard, Limits, Options};
use sat2chess::targets::target;

use super::streamed::CertificateStream;

/// The King board of `formula` and its certificate, as `sat2chess compile --to king
/// --certify` writes them, as files under target/bench-boards/ (compiled once, reused by
/// later runs).
pub fn king_board_and_certificate(formula: &str) -> (PathBuf, PathBuf) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench-boards");
    std::fs::create_dir_all(&dir).expect("create target/bench-boards");
    let name = Path::new(formula).file_stem().expect("a file name");
    let board = dir.join(name).with_extension("json");
    let moves = dir.join(name).with_extension("moves.json");
    if !(board.exists() && moves.exists()) {
        let status = Command::new(std::env::current_exe().expect("the bench binary"))
            .args(["--compile-king", formula])
            .arg(&board)
            .arg(&moves)
            .status()
            .expect("run the bench binary");
        assert!(status.success(), "compile {formula}");
    }
    (board, moves)
}

/// The child of [`king_board_and_certificate`]: when the process was started with
/// `--compile-king FORMULA BOARD MOVES`, compiles the King board of `FORMULA` into
/// `BOARD` and its certificate into `MOVES` and returns true (the bench then stops).
pub fn child() -> bool {
    let args: Vec<String> = std::env::args().collect();
    let [_, flag, formula, board, moves] = &args[..] else {
        return false;
    };
    if flag != "--compile-king" {
        return false;
    }
    let path = Path::new(formula);
    let input = sat2chess::front::load(path, None).expect("the formula reads");
    let source_name = path.file_name().expect("a file name").to_string_lossy();
    let job = Job {
        reduction: target("king").expect("the King target"),
        source: &input,
        source_name: &source_name,
        options: Options::default(),
        limits: Limits::default(),
    };
    let create = |path: &str| BufWriter::new(File::create(path).expect("create the file"));
    let mut sink = JsonBoard::new(create(board));
    let mut certificate = CertificateStream::new(create(moves));
    let outcome =
        pipeline::compile(&job, &mut sink, Some(&mut certificate), &()).expect("compiles");
    let mut out = sink.into_finished().expect("the board is finished");
    std::io::Write::flush(&mut out).expect("the board is written");
    assert!(
        matches!(outcome.certificate, Some(Certificate::Written { .. })),
        "{formula} is satisfiable"
    );
    true
}
