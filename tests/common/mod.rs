//! What the integration tests share: the `sat2chess` binary as they run it (from the
//! crate root, standard input closed unless a test feeds it), scratch directories, and
//! the helpers of the submodules.

pub mod boards;
pub mod cnf;
pub mod formulas;
pub mod pipeline;
pub mod server;
pub mod verdict;

use std::process::{Command, Output, Stdio};

/// The binary with `args`, run from the crate root, standard input closed.
pub fn command(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_sat2chess"));
    command
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null());
    command
}

/// A fresh, empty scratch directory `name` (may be nested: `a/b`) for a test's files.
pub fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

/// Writes `text` to the file `name` in `dir`; returns its path as an argument.
pub fn write_file(dir: &std::path::Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("scratch file");
    path.display().to_string()
}

/// The standard error of a finished run, as text.
pub fn stderr_of(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Runs the binary with `args` to completion.
pub fn run(args: &[&str]) -> Output {
    command(args).output().expect("the binary runs")
}

/// Runs the binary with `args`, feeding `stdin`.
pub fn run_with_input(args: &[&str], stdin: &str) -> Output {
    use std::io::Write as _;
    let mut child = command(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(stdin.as_bytes())
        .expect("stdin takes the input");
    child.wait_with_output().expect("the binary finishes")
}

/// Writes a board file of `side` × `side` kings with budget 2 (text format) to `path`.
pub fn write_king_square(path: &std::path::Path, side: u32) {
    let mut text = format!("sat2chess-board v1 {side} {side}\n");
    for row in 1..=side {
        for col in 1..=side {
            text.push_str(&format!("K {row} {col} 2\n"));
        }
    }
    std::fs::write(path, text).expect("scratch board");
}
