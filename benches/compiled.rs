//! Compiled boards decided without their formula (`cargo bench --bench compiled`, issue
//! 29): random 3-CNFs of 2–6 variables (clause/variable ratio 4.3, both verdicts)
//! compiled to every piece target in memory, then decided by the SAT encoding alone
//! (`--engine sat`, CaDiCaL) and by the default method (`solve` without `--engine`:
//! special cases, the spanning-tree engine for kings and knights, else the portfolio).
//! Prints per board the pieces, both verdicts and times, and the ratio of the board's
//! time to the SAT time of its source formula; per target the solved counts.
//!
//! `BENCH_LIMIT=SECONDS` (default 60), `BENCH_VARS=2,3` the variable counts (default
//! 2–6), `BENCH_TARGETS=rook,king` the targets (default all five), `BENCH_FORMULAS=N`
//! formulas per variable count (default 2), `BENCH_SEED`.

use std::time::{Duration, Instant};

use sat2chess::board::Board;
use sat2chess::front::FormulaFormat;
use sat2chess::reduction::pipeline;
use sat2chess::sat::solve_cnf;
use sat2chess::solve::{Method, SolveOptions, Verdict, solve};
use sat2chess::targets::target;

fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(default)
}

fn list(name: &str, default: &str) -> Vec<String> {
    std::env::var(name)
        .unwrap_or_else(|_| default.into())
        .split(',')
        .map(str::to_string)
        .collect()
}

/// A random 3-CNF (distinct variables per clause where there are three) in DIMACS.
fn random_3cnf(rng: &mut fastrand::Rng, vars: u32) -> String {
    let clauses = (f64::from(vars) * 4.3).round() as usize;
    let mut text = format!("p cnf {vars} {clauses}\n");
    for _ in 0..clauses {
        let mut chosen: Vec<u32> = Vec::new();
        while chosen.len() < 3.min(vars as usize) {
            let v = rng.u32(1..=vars);
            if !chosen.contains(&v) {
                chosen.push(v);
            }
        }
        for v in chosen {
            let lit = if rng.bool() {
                i64::from(v)
            } else {
                -i64::from(v)
            };
            text.push_str(&format!("{lit} "));
        }
        text.push_str("0\n");
    }
    text
}

fn compile(text: &str, piece: &str) -> Board {
    let input = FormulaFormat::Dimacs.parse(text).expect("parses");
    let reduction = target(piece).expect("a target");
    pipeline::compile_in_memory(reduction, &input, "formula")
        .expect("compiles")
        .0
}

fn decide(board: &Board, method: Option<Method>, limit: Duration) -> (&'static str, Duration) {
    let options = SolveOptions {
        time_limit: Some(limit),
        method,
        ..SolveOptions::default()
    };
    let start = Instant::now();
    let verdict = match solve(board, &options).verdict {
        Verdict::Solvable(_) => "solvable",
        Verdict::Unsolvable => "unsolvable",
        Verdict::Unknown => "UNKNOWN",
    };
    (verdict, start.elapsed())
}

fn main() {
    let limit = Duration::from_secs(env("BENCH_LIMIT", 60));
    let vars: Vec<u32> = list("BENCH_VARS", "2,3,4,5,6")
        .iter()
        .filter_map(|v| v.parse().ok())
        .collect();
    let targets = list("BENCH_TARGETS", "rook,queen,bishop,king,knight");
    let per_count: usize = env("BENCH_FORMULAS", 2);
    let mut rng = fastrand::Rng::with_seed(env("BENCH_SEED", 29));
    let formulas: Vec<(u32, String)> = vars
        .iter()
        .flat_map(|&v| (0..per_count).map(move |_| v))
        .map(|v| (v, random_3cnf(&mut rng, v)))
        .collect();
    println!(
        "compiled boards without their formula, limit {} s per board and method",
        limit.as_secs()
    );
    for piece in &targets {
        let (mut sat_solved, mut auto_solved, mut count) = (0, 0, 0);
        for (index, (vars, text)) in formulas.iter().enumerate() {
            let input = FormulaFormat::Dimacs.parse(text).expect("parses");
            let formula_start = Instant::now();
            let sat2chess::front::Input::Cnf(cnf) = &input else {
                unreachable!("DIMACS is a CNF")
            };
            let satisfiable = solve_cnf(cnf).expect("solves").is_some();
            let formula_time = formula_start.elapsed().max(Duration::from_micros(1));
            let board = compile(text, piece);
            let (sat_verdict, sat_time) = decide(&board, Some(Method::Sat), limit);
            let (auto_verdict, auto_time) = decide(&board, None, limit);
            let expected = if satisfiable {
                "solvable"
            } else {
                "unsolvable"
            };
            for verdict in [sat_verdict, auto_verdict] {
                assert!(
                    verdict == expected || verdict == "UNKNOWN",
                    "{piece} {index}: {verdict}"
                );
            }
            count += 1;
            sat_solved += usize::from(sat_verdict != "UNKNOWN");
            auto_solved += usize::from(auto_verdict != "UNKNOWN");
            println!(
                "{piece:<7} v{vars} #{index:<2} {:>8} pieces  {expected:<10}  sat {sat_verdict:<10} {:>8.2} s  auto {auto_verdict:<10} {:>8.2} s  board/formula {:>9.0}×",
                board.len(),
                sat_time.as_secs_f64(),
                auto_time.as_secs_f64(),
                sat_time.min(auto_time).as_secs_f64() / formula_time.as_secs_f64(),
            );
        }
        println!(
            "{piece}: sat {sat_solved}/{count}, auto {auto_solved}/{count} within {} s",
            limit.as_secs()
        );
    }
}
