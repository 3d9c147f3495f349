//! Solver portfolio benchmark (`cargo bench --bench portfolio`, issue 13 §2): the search
//! engine, the SAT encoding and the portfolio of both on the dense backward-built class
//! (32 boards, 8×8 and 10×10, 20–40 pieces), the rook boards of `x | ~x` and `x, ~x`
//! (compiled by `pipeline::compile` into memory), and the other hard classes of `benches/solver.rs`. One run per board and
//! engine at the limit; a board answered within 10 s counts for the 10 s column too
//! (each engine is deterministic up to timing).
//!
//! `BENCH_LIMIT=SECONDS` sets the limit (default 60), `BENCH_FILTER=text` keeps the
//! classes whose title contains it, `BENCH_ENGINES=search,sat,portfolio,auto` the
//! engines (`auto`: what `solve` does, special cases and decomposition first).

use std::time::{Duration, Instant};

#[path = "common/boards.rs"]
mod boards;

use boards::hard_classes;
use sat2chess::board::Board;
use sat2chess::front::FormulaFormat;
use sat2chess::reduction::pipeline;
use sat2chess::rules::Variant;
use sat2chess::solve::{Method, SolveOptions, Verdict, solve};
use sat2chess::targets::target;

const SHORT: Duration = Duration::from_secs(10);

fn limit() -> Duration {
    let seconds = std::env::var("BENCH_LIMIT")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(60);
    Duration::from_secs(seconds)
}

fn engines() -> Vec<(&'static str, Option<Method>)> {
    let chosen =
        std::env::var("BENCH_ENGINES").unwrap_or_else(|_| "search,sat,portfolio,auto".into());
    [
        ("search", Some(Method::Search)),
        ("sat", Some(Method::Sat)),
        ("portfolio", Some(Method::Portfolio)),
        ("auto", None),
    ]
    .into_iter()
    .filter(|(name, _)| chosen.split(',').any(|c| c == *name))
    .collect()
}

/// Solved counts and total time of one engine over a class.
#[derive(Default)]
struct Tally {
    within_short: usize,
    within_limit: usize,
    time: Duration,
}

fn class(title: &str, boards: Vec<(String, Board)>, variant: Variant) {
    if !std::env::var("BENCH_FILTER").map_or(true, |filter| title.contains(&filter)) {
        return;
    }
    let (limit, engines) = (limit(), engines());
    println!("== {title} (limit {} s each)", limit.as_secs());
    let mut tallies: Vec<Tally> = engines.iter().map(|_| Tally::default()).collect();
    let count = boards.len();
    for (name, board) in boards {
        let mut row = format!("{name:<24} {:>4}", board.len());
        for ((engine, method), tally) in engines.iter().zip(&mut tallies) {
            let options = SolveOptions {
                variant,
                time_limit: Some(limit),
                method: *method,
                ..SolveOptions::default()
            };
            let start = Instant::now();
            let report = solve(&board, &options);
            let time = start.elapsed();
            let verdict = match report.verdict {
                Verdict::Solvable(_) => "solvable",
                Verdict::Unsolvable => "unsolvable",
                Verdict::Unknown => "UNKNOWN",
            };
            if report.verdict != Verdict::Unknown {
                tally.within_limit += 1;
                tally.within_short += usize::from(time <= SHORT);
            }
            tally.time += time;
            row += &format!("  {engine} {verdict:<10} {:>7.2} s", time.as_secs_f64());
        }
        println!("{row}");
    }
    for ((engine, _), tally) in engines.iter().zip(&tallies) {
        println!(
            "{title}: {engine:<9} {}/{count} within 10 s, {}/{count} within {} s, total {:.1} s",
            tally.within_short,
            tally.within_limit,
            limit.as_secs(),
            tally.time.as_secs_f64()
        );
    }
}

fn compiled_rooks() -> Vec<(String, Board)> {
    ["x | ~x\n", "x\n~x\n"]
        .into_iter()
        .map(|text| {
            let input = FormulaFormat::Andor.parse(text).expect("parses");
            let reduction = target("rook").expect("the rook target");
            let (board, _) =
                pipeline::compile_in_memory(reduction, &input, "formula").expect("compiles");
            (format!("rook {}", text.trim().replace('\n', ", ")), board)
        })
        .collect()
}

fn main() {
    let mut classes = hard_classes(32, 500);
    classes.insert(
        1,
        (
            "compiled rook boards of tiny formulas",
            compiled_rooks(),
            Variant::Standard,
        ),
    );
    for (title, boards, variant) in classes {
        class(title, boards, variant);
    }
}
