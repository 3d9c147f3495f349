//! Peak memory and wall time of `pipeline::compile` with certification, each target in a
//! fresh process (this bench binary run with `--measure TARGET SEED`), so that the peak
//! (VmHWM of `/proc/self/status`, the whole child process) is that one compile's: rook,
//! queen and bishop (from `TARGETS`) on the first satisfiable uf50-218-shaped random
//! 3-CNF (`random_3cnf(50, 218, seed)`), and n-Queens on the one-variable CNF
//! `p cnf 1 1 / 1 0` with `max_side` 80,000,000 (75 million pre-placed queens). The
//! board JSON and the certificate are streamed to writers that count the bytes and keep
//! none. Columns: pieces, extent, certificate steps (moves, or queens placed), JSON bytes
//! of board and certificate, compile (until the pipeline's `solving` phase: chain, plan,
//! board written), certify (SAT solver and certificate), total wall and CPU time, peak
//! memory.
//!
//! Run: cargo bench --bench pipeline_memory (`BENCH_TARGETS=rook,nqueens` to choose)

// Shared by several benches; this one uses only the satisfiable 3-CNF generator.
#[allow(dead_code)]
#[path = "common/cnf.rs"]
mod cnf;
// Shared by several benches; this one reads the peak, not resetting it (fresh processes).
#[allow(dead_code)]
#[path = "common/memory.rs"]
mod memory;
// Shared by several benches.
#[allow(dead_code)]
#[path = "common/streamed.rs"]
mod streamed;

use std::process::Command;

use cnf::{random_3cnf, satisfiable_3cnf};
use memory::{cpu_seconds, peak_mb};
use sat2chess::front::FormulaFormat;
use sat2chess::reduction::pipeline::Certificate;
use sat2chess::reduction::{Input, JsonBoard, Limits};
use sat2chess::targets::target;
use streamed::{Bytes, CertificateStream};

/// The targets measured, in table order.
const TARGETS: [&str; 4] = ["rook", "queen", "bishop", "nqueens"];

/// The n-Queens formula: one variable, one clause.
const ONE_CLAUSE: &str = "p cnf 1 1\n1 0\n";

/// What a child reports, one line of whitespace-separated fields in this order.
struct Measured {
    pieces: u64,
    rows: u32,
    cols: u32,
    steps: u64,
    board_bytes: u64,
    certificate_bytes: u64,
    compile: f64,
    certify: f64,
    wall: f64,
    cpu: f64,
    peak_mb: f64,
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let [_, flag, name, seed] = &args[..]
        && flag == "--measure"
    {
        measure(name, seed.parse().expect("a seed"));
        return;
    }
    let chosen = std::env::var("BENCH_TARGETS").unwrap_or_else(|_| TARGETS.join(","));
    let (seed, _) = satisfiable_3cnf(50, 218);
    println!(
        "| target | formula | pieces | rows × cols | certificate steps | board JSON | certificate JSON | compile | certify | total | peak memory |"
    );
    println!("|---|---|--:|---|--:|--:|--:|--:|--:|---|--:|");
    for name in TARGETS {
        if !chosen.split(',').any(|c| c == name) {
            continue;
        }
        let output = Command::new(std::env::current_exe().expect("the bench binary"))
            .args(["--measure", name, &seed.to_string()])
            .output()
            .expect("the bench binary runs");
        assert!(
            output.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let line = String::from_utf8(output.stdout).expect("UTF-8");
        let m = parse(&line);
        let formula = if name == "nqueens" {
            "`p cnf 1 1 / 1 0`".to_owned()
        } else {
            format!("uf50-218 (seed {seed})")
        };
        let mb = |bytes: u64| bytes as f64 / 1e6;
        println!(
            "| {name} | {formula} | {} | {} × {} | {} | {:.1} MB | {:.2} MB | {:.2} s | {:.2} s | {:.2} s ({:.2} s CPU) | {:.0} MB |",
            m.pieces,
            m.rows,
            m.cols,
            m.steps,
            mb(m.board_bytes),
            mb(m.certificate_bytes),
            m.compile,
            m.certify,
            m.wall,
            m.cpu,
            m.peak_mb,
        );
    }
}

/// The child: compiles and certifies for target `name` (the 3-CNF of `seed` or, for
/// `nqueens`, the one-clause CNF) and prints the [`Measured`] fields.
fn measure(name: &str, seed: u64) {
    let target = target(name).expect("a target");
    let (input, limits) = if name == "nqueens" {
        let input = FormulaFormat::Dimacs.parse(ONE_CLAUSE).expect("parses");
        let limits = Limits {
            max_side: 80_000_000,
            ..Limits::default()
        };
        (input, limits)
    } else {
        (Input::Cnf(random_3cnf(50, 218, seed)), Limits::default())
    };
    let mut board = JsonBoard::new(Bytes::default());
    let mut certificate = CertificateStream::new(Bytes::default());
    let run = streamed::compile(
        target,
        &input,
        name,
        limits,
        &mut board,
        Some(&mut certificate),
        cpu_seconds,
    );
    let peak = peak_mb();
    let Some(Certificate::Written { steps }) = run.outcome.certificate else {
        panic!("{name}: the formula is satisfiable");
    };
    assert_eq!(steps, certificate.steps, "every step reached the sink");
    let compile = run.compile();
    let certify = run.certificate.expect("asked for");
    let total = compile.then(certify);
    let fields = [
        run.outcome.pieces.to_string(),
        run.outcome.rows.to_string(),
        run.outcome.cols.to_string(),
        steps.to_string(),
        board.into_finished().expect("finished").0.to_string(),
        certificate.into_inner().expect("finished").0.to_string(),
        compile.wall.to_string(),
        certify.wall.to_string(),
        total.wall.to_string(),
        total.cpu.to_string(),
        peak.to_string(),
    ];
    println!("{}", fields.join(" "));
}

/// A child's line.
fn parse(line: &str) -> Measured {
    let fields: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(fields.len(), 11, "a child's line: {line}");
    let float = |i: usize| fields[i].parse::<f64>().expect("a number");
    let int = |i: usize| fields[i].parse::<u64>().expect("a count");
    Measured {
        pieces: int(0),
        rows: int(1) as u32,
        cols: int(2) as u32,
        steps: int(3),
        board_bytes: int(4),
        certificate_bytes: int(5),
        compile: float(6),
        certify: float(7),
        wall: float(8),
        cpu: float(9),
        peak_mb: float(10),
    }
}
