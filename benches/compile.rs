//! King and Knight boards at scale (issues 14 and 10; Knight rows for uf20 and uf50): uf20-91 (`examples/cnf/uf20-91-01.cnf`) and seeded
//! random uf50-218- and uf75-325-shaped 3-CNFs, and a 3-variable 3-CNF (`tiny`: the
//! fixed cost of a target, issue 27), compiled and certified by
//! `pipeline::compile` as `compile --certify` does it — streamed: the board JSON and the
//! moves JSON are written to `io::sink()` tile by tile, never held (the certificate
//! through a counting sink). Per formula: kings, rows × cols, crossings (from the plan's
//! size figures), literal occurrences (input CNF → And-Or formula, from the
//! transformation chain, outside the timed run), peak memory (VmHWM of
//! `/proc/self/status`, reset before each formula through `/proc/self/clear_refs`),
//! compile time (until the pipeline enters its `solving` phase: chain, layout, plan,
//! board check, JSON writing) with its throughput per CPU second, and certify time (from
//! the `solving` phase to the end: SAT solver and the tile-by-tile certificate, every
//! move replayed as it is made); wall and CPU time, as the machine may be shared.
//!
//! Run: cargo bench --bench compile (`BENCH_SHAPES=uf20,uf50` to choose formulas)

// Shared by several benches; this one uses only the satisfiable 3-CNF generator.
#[allow(dead_code)]
#[path = "common/cnf.rs"]
mod cnf;

use cnf::satisfiable_3cnf;

#[path = "common/memory.rs"]
mod memory;

use memory::{cpu_seconds, peak_mb, reset_peak};

// Shared by several benches.
#[allow(dead_code)]
#[path = "common/streamed.rs"]
mod streamed;

use streamed::CertificateStream;

use sat2chess::formula::Cnf;
use sat2chess::reduction::pipeline::Certificate;
use sat2chess::reduction::{Input, JsonBoard, Limits, Reduction};
use sat2chess::targets::target;
use sat2chess::transform::Chain;

fn main() {
    let uf20 = std::fs::read_to_string("examples/cnf/uf20-91-01.cnf").expect("uf20-91 example");
    let uf20 = sat2chess::front::dimacs::parse(&uf20).expect("uf20-91 parses");
    let shapes = std::env::var("BENCH_SHAPES").unwrap_or_else(|_| "tiny,uf20,uf50,uf75".into());
    println!(
        "| formula | piece | pieces | rows × cols | crossings | literal occurrences | peak memory | compile | certify |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    let formulas = [
        ("tiny", 3, 2),
        ("uf20", 0, 0),
        ("uf50", 50, 218),
        ("uf75", 75, 325),
    ];
    for (key, vars, clauses) in formulas {
        if !shapes.split(',').any(|s| s == key) {
            continue;
        }
        let (name, cnf) = if vars == 0 {
            ("uf20-91-01".to_owned(), uf20.clone())
        } else {
            let (seed, cnf) = satisfiable_3cnf(vars, clauses);
            (format!("uf{vars}-{clauses} (seed {seed})"), cnf)
        };
        bench_row(target("king").expect("the King target"), &name, &cnf);
        // Knight boards are about as large as King boards; uf75 is left out to keep the
        // bench short.
        if key != "uf75" {
            bench_row(target("knight").expect("the Knight target"), &name, &cnf);
        }
    }
}

/// One table row: `cnf` compiled for `target`, streamed to a sink, and certified.
fn bench_row(target: &dyn Reduction, name: &str, cnf: &Cnf) {
    let chain = Chain::from_cnf(cnf, &sat2chess::layout::BandOrder).expect("3-CNF transforms");
    let occurrences = chain.formula().size().occurrences;
    drop(chain);
    let input = Input::Cnf(cnf.clone());
    reset_peak();
    let mut board = JsonBoard::new(std::io::sink());
    let mut moves = CertificateStream::new(std::io::sink());
    let run = streamed::compile(
        target,
        &input,
        name,
        Limits::default(),
        &mut board,
        Some(&mut moves),
        cpu_seconds,
    );
    let certify = match run.outcome.certificate.expect("asked for") {
        Certificate::Unsatisfiable => "unsatisfiable".to_owned(),
        Certificate::Written { steps } => {
            assert_eq!(steps, moves.steps, "every move reached the sink");
            let span = run.certificate.expect("asked for");
            format!("{:.1} s ({:.1} s CPU)", span.wall, span.cpu)
        }
    };
    let outcome = &run.outcome;
    println!(
        "| {name} | {} | {} | {} × {} | {} | {} → {} | {:.0} MB | {:.1} s ({:.1} s CPU, {:.2} M pieces/s) | {certify} |",
        target.name(),
        outcome.pieces,
        outcome.rows,
        outcome.cols,
        crossings(&run.stats),
        cnf.occurrences(),
        occurrences,
        peak_mb(),
        run.compile().wall,
        run.compile().cpu,
        outcome.pieces as f64 / run.compile().cpu / 1e6,
    );
}

/// The crossings of a tile plan's size figures (`N kings, R rows × C cols (…), X
/// crossings`, then one line per gadget kind).
fn crossings(stats: &str) -> &str {
    stats
        .lines()
        .next()
        .and_then(|line| line.rsplit_once(", "))
        .and_then(|(_, last)| last.strip_suffix(" crossings"))
        .expect("the plan's size figures name the crossings")
}
