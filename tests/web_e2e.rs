//! `sat2chess serve` in a real browser: starts the server on a free port and runs the
//! playwright-core script `tests/e2e/e2e.mjs` (headless Debian Chromium): a chess.com
//! puzzle played to the end, a wrong move refused, a hint, undo and reset; a compiled
//! King board (with its certificate and formula) loaded from files, a crossing jumped
//! to, zoomed out to the schematic, the certificate stepped with the variable values
//! read as it proceeds; a formula compiled from the formula box. Screenshots go to
//! `target/e2e-screenshots/`. Without Chromium, Node or the script's `node_modules`
//! (`npm install` in tests/e2e, done by .ci/run) the test is skipped with a note, except
//! under CI=true, where it fails.

use std::path::Path;
use std::process::Command;

use crate::common::server::Server;
use crate::common::{run, scratch};

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
    // The compiled board the page loads: cnf_3x3 on kings, with its certificate.
    let dir = scratch("web_e2e");
    let formula = root.join("tests/formulas/cnf_3x3.cnf");
    let (board, moves) = (dir.join("board.json"), dir.join("moves.json"));
    let paths = [&formula, &board, &moves].map(|path| path.to_str().expect("UTF-8 path"));
    let out = run(&[
        "compile",
        paths[0],
        "--to",
        "king",
        "-o",
        paths[1],
        "--certify",
        "--moves-out",
        paths[2],
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = run(&["decode", paths[1], paths[2], "--formula", paths[0]]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let model: String = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|line| line.strip_prefix("v "))
        .collect::<Vec<_>>()
        .join(" ");

    let server = Server::start(&[]);
    let shots = root.join("target/e2e-screenshots");
    std::fs::create_dir_all(&shots).expect("screenshot directory");
    let out = Command::new("node")
        .arg("e2e.mjs")
        .arg(&server.url)
        .arg(&shots)
        .current_dir(&script_dir)
        .env("CHROMIUM", &chromium)
        .env("E2E_FORMULA", paths[0])
        .env("E2E_BOARD", paths[1])
        .env("E2E_MOVES", paths[2])
        .env("E2E_MODEL", model.trim())
        .output()
        .expect("node runs");
    drop(server);
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{report}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(report.matches("ok: ").count(), 7, "{report}");
}
