//! Every ```` ```console ```` example of the README and of `docs/` is run here by
//! [`trycmd`]: the command after `$ ` (no shell: no pipes, no redirection), the expected
//! exit status on a `? N` line (0 without one), then standard output and error as shown,
//! `[..]` matching the rest of a line (timings, state counts) and a `...` line any
//! lines. Each page runs in a scratch directory of its own that links the shipped
//! `examples/`, so its outputs never land in the work tree.
//! `TRYCMD=overwrite cargo test --release --test integration console_examples` rewrites
//! the pages' outputs from what the binary prints — check the diff before committing it.

use std::path::Path;

/// Runs the console examples of `page` (a path relative to the crate root).
fn run_console_examples(page: &str) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let source = root.join(page);
    let stem = source
        .file_stem()
        .and_then(|stem| stem.to_str())
        .expect("a page name");
    let dir = crate::common::scratch(&format!("console_examples/{stem}"));
    let copy = dir.join(format!("{stem}.md"));
    std::fs::copy(&source, &copy).expect("the page is copied");
    // trycmd runs the examples of `X.md` in `X.in/` when that directory exists.
    let cwd = dir.join(format!("{stem}.in"));
    std::fs::create_dir(&cwd).expect("the working directory");
    std::os::unix::fs::symlink(root.join("examples"), cwd.join("examples"))
        .expect("examples/ is linked");
    trycmd::TestCases::new()
        .register_bin("sat2chess", Path::new(env!("CARGO_BIN_EXE_sat2chess")))
        .case(&copy)
        .run();
    if std::env::var("TRYCMD").is_ok_and(|mode| mode == "overwrite") {
        std::fs::copy(&copy, &source).expect("the page is rewritten");
    }
}

#[test]
fn readme() {
    run_console_examples("README.md");
}

#[test]
fn commands() {
    run_console_examples("docs/commands.md");
}

#[test]
fn formats() {
    run_console_examples("docs/formats.md");
}

#[test]
fn solver() {
    run_console_examples("docs/solver.md");
}

#[test]
fn reductions() {
    run_console_examples("docs/reductions.md");
}

#[test]
fn figures() {
    run_console_examples("docs/figures.md");
}

#[test]
fn unlimited() {
    run_console_examples("docs/unlimited.md");
}
