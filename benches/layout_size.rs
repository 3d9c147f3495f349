//! Board size by design (issue 14 §2): for uf20-91 (`examples/cnf/uf20-91-01.cnf`) and
//! random 3-CNFs of other shapes (fixed seeds), the thesis' transformation chain
//! (Lemma 2.1, Theorem 2.2) against the fan-out chain (`transform::fanout`), both with
//! the optimised layout (sifted clause order): literal occurrences of the And-Or
//! formula, crossings, layout tiles, and — for boards up to `MAX_TILES` used tiles
//! (`BENCH_MAX_TILES` overrides it) — kings, board extent, compile time and the
//! process' peak memory so far (`VmHWM` of `/proc/self/status`). The boards are built
//! by `back::compile_formula` below `pipeline::compile` on purpose: the pipeline runs
//! only the fan-out chain, and this bench sets the thesis' chain beside it.
//!
//! Run: cargo bench --bench layout_size (`BENCH_MAX_TILES=400000` builds uf50-218 too)
//!
//! Recorded (fan-out chain, kings, rows × cols): the crossing tile with its first Double
//! Assignment variable upright beside f against lying West of f (README "Board size"):
//! uf20-91-01 3,332,039, 19,504 × 2,002 (before 3,519,615, 25,024 × 1,645);
//! uf50-218-shaped 20,014,000, 48,409 × 5,082 (before 21,201,726, 62,801 × 4,144).

// Shared by several benches; this one uses only the 3-CNF generator.
#[allow(dead_code)]
#[path = "common/cnf.rs"]
mod cnf;

use cnf::random_3cnf;

use std::time::Instant;

use sat2chess::back::compile_formula;
use sat2chess::back::king::King;
use sat2chess::front::dimacs;
use sat2chess::layout::order::Ordering;
use sat2chess::transform::Chain;

/// Boards above this many used layout tiles are reported by their layout only.
const MAX_TILES: u64 = 60_000;

/// Peak resident memory of this process so far, in MB.
fn peak_mb() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
            let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
            Some(format!("{} MB", kb / 1024))
        })
        .unwrap_or_else(|| "—".into())
}

fn main() {
    let max_tiles = std::env::var("BENCH_MAX_TILES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(MAX_TILES);
    let uf20 = dimacs::parse(include_str!("../examples/cnf/uf20-91-01.cnf")).expect("uf20-91");
    let formulas = [
        ("3-CNF 4-5", random_3cnf(4, 5, 4)),
        ("3-CNF 6-12", random_3cnf(6, 12, 6)),
        ("3-CNF 10-43", random_3cnf(10, 43, 10)),
        ("uf20-91-01", uf20),
        ("uf50-218-shaped", random_3cnf(50, 218, 50)),
        ("uf75-325-shaped", random_3cnf(75, 325, 75)),
    ];
    println!(
        "| formula | chain | occurrences | crossings | tiles used | kings | rows × cols | compile | peak memory |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for (name, cnf) in &formulas {
        for (label, chain) in [
            ("thesis", Chain::thesis_from_cnf(cnf)),
            (
                "fan-out",
                Chain::from_cnf(cnf, &sat2chess::layout::BandOrder),
            ),
        ] {
            let chain = chain.expect("a 3-CNF transforms");
            let occurrences = chain.formula().size().occurrences;
            let start = Instant::now();
            let layout =
                sat2chess::layout::layout(chain.formula(), Ordering::Optimised).expect("layout");
            let stats = layout.stats();
            let prefix = format!(
                "| {name} | {label} | {occurrences} | {} | {} |",
                stats.crossings, stats.tiles
            );
            if stats.tiles > max_tiles {
                println!(
                    "{prefix} not built | {} × {} tiles | — | — |",
                    stats.rows, stats.cols
                );
                continue;
            }
            let compiled =
                compile_formula(King, chain.formula(), Ordering::Optimised).expect("compiles");
            let s = &compiled.stats;
            println!(
                "{prefix} {} | {} × {} | {:.1} s | {} |",
                s.pieces,
                s.rows,
                s.cols,
                start.elapsed().as_secs_f64(),
                peak_mb()
            );
        }
    }
}
