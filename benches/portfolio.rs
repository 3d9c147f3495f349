//! Solver portfolio benchmark (`cargo bench --bench portfolio`, issue 13 §2): the search
//! engine, the SAT encoding and the portfolio of both on the dense backward-built class
//! (32 boards, 8×8 and 10×10, 20–40 pieces), the compiled rook boards of `x | ~x` and
//! `x, ~x`, and the other hard classes of `benches/solver.rs`. One run per board and
//! engine at the limit; a board answered within 10 s counts for the 10 s column too
//! (each engine is deterministic up to timing).
//!
//! `BENCH_LIMIT=SECONDS` sets the limit (default 60), `BENCH_FILTER=text` keeps the
//! classes whose title contains it, `BENCH_ENGINES=search,sat,portfolio` the engines.

use std::time::{Duration, Instant};

#[path = "common/boards.rs"]
mod boards;

use boards::{backward_board, colour_split_board, random_rook_board};
use sat2chess::back::rook::compile_formula;
use sat2chess::board::{Board, PieceKind};
use sat2chess::front::FormulaFormat;
use sat2chess::rules::Variant;
use sat2chess::solve::{Method, SolveOptions, Verdict, solve};
use sat2chess::transform::Chain;

const SHORT: Duration = Duration::from_secs(10);

fn limit() -> Duration {
    let seconds = std::env::var("BENCH_LIMIT")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(60);
    Duration::from_secs(seconds)
}

fn engines() -> Vec<(&'static str, Method)> {
    let chosen = std::env::var("BENCH_ENGINES").unwrap_or_else(|_| "search,sat,portfolio".into());
    [
        ("search", Method::Search),
        ("sat", Method::Sat),
        ("portfolio", Method::Portfolio),
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
                method: Some(*method),
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
            let chain = Chain::from_input(&input).expect("chain");
            let compiled = compile_formula(chain.formula()).expect("compiles");
            (
                format!("rook {}", text.trim().replace('\n', ", ")),
                compiled.board,
            )
        })
        .collect()
}

fn main() {
    use PieceKind::{Bishop, King, Knight, Pawn, Queen, Rook};
    let mixed = [
        Queen, Rook, Rook, Bishop, Bishop, Knight, Knight, Pawn, Pawn,
    ];
    let dense = (0..32u64)
        .map(|i| {
            let size = if i % 2 == 0 { 8 } else { 10 };
            let count = 20 + (i as usize * 20) / 31;
            let board = backward_board(count, size, Queen, &mixed, 2, 500 + i);
            (format!("dense {size}x{size} #{i}"), board)
        })
        .collect();
    class(
        "dense backward-built boards, 20-40 pieces, budgets <= 2",
        dense,
        Variant::Standard,
    );
    class(
        "compiled rook boards of tiny formulas",
        compiled_rooks(),
        Variant::Standard,
    );
    let split = (13..=25)
        .step_by(2)
        .map(|count| {
            let board = colour_split_board(count, count as u64);
            (format!("bishops+knight {count}"), board)
        })
        .collect();
    class(
        "colour-split bishops with one bridging knight, 13-25 pieces",
        split,
        Variant::Standard,
    );
    let king_last = (0..6u64)
        .map(|i| {
            let count = 16 + 2 * i as usize;
            let board = backward_board(count, 8, King, &mixed, 2, 200 + i);
            (format!("king-last #{i}"), board)
        })
        .collect();
    class(
        "king-last backward-built boards, 16-28 pieces",
        king_last,
        Variant::KingLast,
    );
    let rooks = (0..6u64)
        .map(|i| {
            let count = 12 + 2 * i as usize;
            (
                format!("random rooks #{i}"),
                random_rook_board(count, 400 + i),
            )
        })
        .collect();
    class(
        "random rook boards 8x8, 12-22 pieces, budgets 1-2",
        rooks,
        Variant::Standard,
    );
}
