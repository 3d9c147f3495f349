//! Compiled boards for the benches, written by the built binary.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The King board of `formula` and its certificate (`sat2chess compile --certify`), as
/// files under target/bench-boards/ (compiled once, reused by later runs).
pub fn king_board_and_certificate(formula: &str) -> (PathBuf, PathBuf) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench-boards");
    std::fs::create_dir_all(&dir).expect("create target/bench-boards");
    let name = Path::new(formula).file_stem().expect("a file name");
    let board = dir.join(name).with_extension("json");
    let moves = dir.join(name).with_extension("moves.json");
    if !(board.exists() && moves.exists()) {
        let status = Command::new(env!("CARGO_BIN_EXE_sat2chess"))
            .args([
                "compile",
                formula,
                "--piece",
                "king",
                "--certify",
                "--moves",
            ])
            .arg(&moves)
            .arg("-o")
            .arg(&board)
            .status()
            .expect("run sat2chess compile");
        assert!(status.success(), "compile {formula}");
    }
    (board, moves)
}
