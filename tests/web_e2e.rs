//! `sat2chess serve` in a real browser: starts the server on a free port and runs the
//! playwright-core script `tests/e2e/e2e.mjs` (headless Debian Chromium): a chess.com
//! puzzle played to the end, a wrong move refused, a hint, undo and reset. Screenshots
//! go to `target/e2e-screenshots/`. Without Chromium, Node or the script's
//! `node_modules` (`npm install` in tests/e2e, done by .ci/run) the test is skipped with
//! a note, except under CI=true, where it fails.

use std::io::{BufRead as _, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

use crate::common::command;

/// The server process, stopped when the test ends (also on a failed assertion).
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn the_page_plays_in_headless_chromium() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let script_dir = root.join("tests/e2e");
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    let node = Command::new("node").arg("--version").output();
    let missing = [
        (!Path::new(&chromium).exists()).then_some(chromium.as_str()),
        node.is_err().then_some("node"),
        (!script_dir.join("node_modules/playwright-core").exists())
            .then_some("tests/e2e/node_modules (npm install in tests/e2e)"),
    ];
    let missing: Vec<&str> = missing.into_iter().flatten().collect();
    if !missing.is_empty() {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "browser tests need {missing:?}"
        );
        eprintln!("skipped: browser tests need {missing:?}");
        return;
    }
    let mut child = command(&["serve", "--port", "0"])
        .stderr(Stdio::piped())
        .spawn()
        .expect("the server starts");
    let stderr = child.stderr.take().expect("piped");
    let server = Server(child);
    let mut line = String::new();
    BufReader::new(stderr)
        .read_line(&mut line)
        .expect("the server's first line");
    let url = line
        .split_whitespace()
        .find(|word| word.starts_with("http://"))
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .trim_end_matches('/')
        .to_string();
    let shots = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/e2e-screenshots");
    std::fs::create_dir_all(&shots).expect("screenshot directory");
    let out = Command::new("node")
        .arg("e2e.mjs")
        .arg(&url)
        .arg(&shots)
        .current_dir(&script_dir)
        .env("CHROMIUM", &chromium)
        .output()
        .expect("node runs");
    drop(server);
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{report}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(report.matches("ok: ").count(), 4, "{report}");
}
