//! Compiled boards in `sat2chess serve`: the decoding that says when each variable's value
//! is read (`pipeline::trace`), and the server's board endpoints (views by region and
//! level of detail, the certificate's steps, the formula box), spoken to over HTTP.

use std::path::Path;

use sat2chess::board::Square;
use sat2chess::front::Input;
use sat2chess::reduction::pipeline::{self, DecodeJob};
use sat2chess::reduction::{BoardFile, Decoded, Limits, Options, ReadAt};
use sat2chess::rules::Move;
use serde_json::{Value, json};

use crate::common::server::Server;
use crate::common::{run, scratch};

/// Compiles `formula` for `target` with its certificate into `dir`: the board and moves
/// files.
fn compile(formula: &str, target: &str, dir: &Path) -> (String, String) {
    let board = dir.join(format!("{target}.json"));
    let moves = dir.join(format!("{target}-moves.json"));
    let (board, moves) = (board.to_str().unwrap(), moves.to_str().unwrap());
    let out = run(&[
        "compile",
        formula,
        "--to",
        target,
        "-o",
        board,
        "--certify",
        "--moves-out",
        moves,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (board.to_owned(), moves.to_owned())
}

fn decode_job<'a>(input: &'a Input, board: &str, moves: &'a Path) -> DecodeJob<'a> {
    DecodeJob {
        targets: &sat2chess::targets::TARGETS,
        target: None,
        board: BoardFile {
            path: board.into(),
            format: None,
        },
        certificate: moves,
        source: input,
        source_name: "formula",
        options: Options::default(),
        limits: Limits::default(),
    }
}

/// The number (from 1) of the first move of the piece starting on `square`, followed
/// through `moves`; `None` if it never moves (panics if it is captured first).
fn first_capture_by(square: Square, moves: &[Move]) -> Option<u64> {
    for (index, mv) in moves.iter().enumerate() {
        if mv.from == square {
            return Some(index as u64 + 1);
        }
        assert_ne!(mv.to, square, "the decider on {square} is captured first");
    }
    None
}

/// `trace` reads the model `decode` reads, and on the tile targets each value at the
/// move that is the first capture of its deciding piece — followed here through the
/// certificate from the square the trace names; other targets read at the end.
#[test]
fn trace_reads_each_value_at_its_deciders_first_capture() {
    let dir = scratch("serve/trace");
    for (formula, target) in [
        ("examples/andor/thesis.andor", "king"),
        ("tests/formulas/cnf_3x3.cnf", "king"),
        ("tests/formulas/cnf_3x3.cnf", "knight"),
        ("tests/formulas/cnf_3x3.cnf", "rook"),
    ] {
        let (board, moves_path) = compile(formula, target, &dir);
        let input = sat2chess::front::load(Path::new(formula), None).unwrap();
        let job = decode_job(&input, &board, Path::new(&moves_path));
        let Decoded::Model(model) = pipeline::decode(&job, &()).unwrap() else {
            panic!("{formula} {target}: the certificate is refused");
        };
        let trace = pipeline::trace(&job, &()).unwrap();
        assert_eq!(
            trace.decoded,
            Decoded::Model(model.clone()),
            "{formula} {target}"
        );
        assert_eq!(trace.reads.len(), model.len());
        let moves = sat2chess::io::read_moves(Path::new(&moves_path), (1, 1)).unwrap();
        if target == "rook" {
            assert!(trace.reads.iter().all(|read| read.at == ReadAt::End));
            continue;
        }
        let mut steps = Vec::new();
        for (var, read) in trace.reads.iter().enumerate() {
            let square = read.square.expect("a tile board's variables have deciders");
            let at = match read.at {
                ReadAt::Move(at) => Some(at),
                ReadAt::Free => None,
                other => panic!("{formula} {target}: variable {} read {other:?}", var + 1),
            };
            assert_eq!(
                at,
                first_capture_by(square, &moves),
                "{formula} {target}: variable {}",
                var + 1
            );
            steps.push(at);
        }
        steps.sort();
        steps.dedup();
        assert_eq!(steps.len(), model.len(), "{formula} {target}: {steps:?}");
    }
}

fn json_of((status, body): (u16, String)) -> Value {
    assert_eq!(status, 200, "{body}");
    serde_json::from_str(&body).unwrap()
}

/// The pieces of a board JSON file inside rows `top..=bottom`, columns `left..=right`.
fn pieces_in(board: &str, [top, left, bottom, right]: [u64; 4]) -> usize {
    let board: Value = serde_json::from_str(&std::fs::read_to_string(board).unwrap()).unwrap();
    board["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| {
            let (row, col) = (p["row"].as_u64().unwrap(), p["col"].as_u64().unwrap());
            (top..=bottom).contains(&row) && (left..=right).contains(&col)
        })
        .count()
}

/// The model `sat2chess decode` prints, as `name=value` words in variable order.
fn decoded(board: &str, moves: &str, formula: &str) -> Vec<bool> {
    let out = run(&["decode", board, moves, "--formula", formula]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    text.lines()
        .filter_map(|line| line.strip_prefix("v "))
        .flat_map(str::split_whitespace)
        .filter(|word| *word != "0")
        .map(|word| !word.starts_with('-'))
        .collect()
}

fn values(board: &Value) -> Vec<bool> {
    board["variables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["value"].as_bool().unwrap())
        .collect()
}

/// A board opened from the command line: its view is the schematic when it shows the
/// whole board, pieces (as many as the board file has there) in a small region; the
/// step moves the pieces and names the moves; the variables are `decode`'s model.
#[test]
fn the_server_draws_the_regions_asked_for() {
    let dir = scratch("serve/views");
    let formula = "tests/formulas/cnf_3x3.cnf";
    let (board, moves) = compile(formula, "knight", &dir);
    let server = Server::start(&[&board, "--moves", &moves, "--formula", formula]);
    let info = &json_of(server.get("/api/opening"));
    let pieces = info["pieces"].as_u64().unwrap();
    assert!(
        (2_000..20_000).contains(&pieces),
        "a mid-size board: {pieces}"
    );
    assert_eq!(info["moves"].as_u64(), Some(pieces - 1));
    assert_eq!(info["target"], "knight");
    assert_eq!(values(info), decoded(&board, &moves, formula));
    assert!(
        info["gadgets"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["class"] == "crossing")
    );
    let id = info["id"].as_u64().unwrap();
    let (rows, cols) = (
        info["rows"].as_u64().unwrap(),
        info["cols"].as_u64().unwrap(),
    );

    let view = |region: [u64; 4], step: u64| {
        let [top, left, bottom, right] = region;
        server.get(&format!(
            "/api/boards/{id}/view?top={top}&left={left}&bottom={bottom}&right={right}&step={step}"
        ))
    };
    let whole = json_of(view([1, 1, rows, cols], 0));
    assert_eq!(whole["detail"], "schematic");
    assert_eq!(whole["visible"].as_u64(), Some(pieces));
    assert!(whole["svg"].as_str().unwrap().contains("<svg"));

    // The region around the first move, before it and after it.
    let first = json_of(view([1, 1, 1, 1], 0))["next"].clone();
    let [row, col] = [first[2].as_u64().unwrap(), first[3].as_u64().unwrap()];
    let region = [
        row.saturating_sub(10).max(1),
        col.saturating_sub(10).max(1),
        (row + 10).min(rows),
        (col + 10).min(cols),
    ];
    let before = json_of(view(region, 0));
    assert_eq!(before["detail"], "pieces");
    assert_eq!(
        before["visible"].as_u64(),
        Some(pieces_in(&board, region) as u64)
    );
    let after = json_of(view(region, 1));
    assert_eq!(
        after["visible"].as_u64(),
        Some(pieces_in(&board, region) as u64 - 1),
        "the first capture takes a piece off the region"
    );
    assert_eq!(after["last"], first);
    assert_ne!(after["svg"], before["svg"]);

    let (status, body) = view(region, pieces);
    assert_eq!(status, 422, "{body}");
    assert!(body.contains("beyond the end"), "{body}");
    let (status, body) = server.get("/api/boards/99/view?top=1&left=1&bottom=2&right=2");
    assert_eq!(status, 422, "{body}");
}

/// The formula box compiles with a certificate and opens the board with the values
/// `decode` reads; what it cannot do it refuses with the reason.
#[test]
fn the_formula_box_compiles_and_certifies() {
    let server = Server::start(&[]);
    let formula = "examples/andor/thesis.andor";
    let text = std::fs::read_to_string(formula).unwrap();
    let board = json_of(server.post("/api/compile", &json!({"formula": text, "target": "king"})));
    assert_eq!(board["target"], "king");
    assert_eq!(
        board["pieces"].as_u64(),
        Some(board["moves"].as_u64().unwrap() + 1)
    );
    let names: Vec<&str> = board["variables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["x", "y", "z"]);
    let dir = scratch("serve/formula-box");
    let (file, moves) = compile(formula, "king", &dir);
    assert_eq!(values(&board), decoded(&file, &moves, formula));

    // The same board sent as texts.
    let read = |path: &str| std::fs::read_to_string(path).unwrap();
    let sent = server.post(
        "/api/boards",
        &json!({"board": read(&file), "moves": read(&moves), "formula": text}),
    );
    assert_eq!(values(&json_of(sent)), values(&board));

    for (asked, reason) in [
        (
            json!({"formula": "p cnf 2 1\n1 3 0\n", "target": "king"}),
            "line 2",
        ),
        (json!({"formula": text, "target": "nqueens"}), "placements"),
        (json!({"formula": text, "target": "pawn"}), "no target"),
    ] {
        let (status, body) = server.post("/api/compile", &asked);
        assert_eq!(status, 422, "{body}");
        assert!(body.contains(reason), "{reason}: {body}");
    }
    let (status, body) = server.post(
        "/api/boards",
        &json!({"board": read(&file), "moves": "{\"moves\":[{\"from\":[1,1],\"to\":[1,2]}]}"}),
    );
    assert_eq!(status, 422, "{body}");
    assert!(body.contains("INVALID"), "{body}");
}
