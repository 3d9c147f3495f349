//! Rook board size against formula size (issue 11; thesis Theorem 7.16 says linear) and
//! the time to compile and certify, for random 3-CNFs at clause ratio 4.26 (fixed
//! seeds), each compiled by `pipeline::compile` for the rook target (board JSON and moves
//! JSON streamed to `io::sink()`): compile is the pipeline from the size estimate to its
//! `solving` phase (rook board and JSON writing; the transformation chain before it is
//! not counted, its clause-order sifting would dominate), certify the rest (SAT solver
//! and the certificate); the And-Or formula's size comes from the transformation chain,
//! outside the timed run. Then exact decisions of the whole boards (compiled by the
//! pipeline into memory) of growing And-Or formulas (implication chains, unsatisfiable,
//! and cycles, satisfiable): `solve` (the search engine joined by the SAT encoding, 60 s
//! limit) and the search engine alone (10 s).
//!
//! Run: cargo bench --bench rook (`BENCH_MAX_K=4`: exact decisions of the formulas with
//! k ≤ 4 variables only)

use std::time::{Duration, Instant};

// Shared by several benches; this one uses only the threshold 3-CNF generator.
#[allow(dead_code)]
#[path = "common/cnf.rs"]
mod cnf;

// Shared by several benches.
#[allow(dead_code)]
#[path = "common/streamed.rs"]
mod streamed;

use cnf::threshold_3cnf;
use rand::SeedableRng;
use rand::rngs::StdRng;
use sat2chess::board::Board;
use sat2chess::front::FormulaFormat;
use sat2chess::reduction::pipeline::Certificate;
use sat2chess::reduction::{BoardInMemory, Input, JsonBoard, Limits, Reduction};
use sat2chess::solve::{self, Method, SolveOptions};
use sat2chess::targets::target;
use sat2chess::transform::Chain;
use streamed::{CertificateStream, no_cpu};

/// The rook target.
fn rook() -> &'static dyn Reduction {
    target("rook").expect("the rook target")
}

fn main() {
    println!(
        "| CNF vars | And-Or vars | clauses | occurrences | rooks | rows × cols | rooks/occurrence | compile | certify |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    let mut rng = StdRng::seed_from_u64(11);
    for num_vars in [5u32, 10, 20, 50, 100, 200] {
        let cnf = threshold_3cnf(num_vars, &mut rng);
        let chain =
            Chain::from_cnf(&cnf, &sat2chess::layout::BandOrder).expect("random CNF transforms");
        let size = chain.formula().size();
        drop(chain);
        let mut moves = CertificateStream::new(std::io::sink());
        let run = streamed::compile(
            rook(),
            &Input::Cnf(cnf),
            &format!("{num_vars} variables"),
            Limits::default(),
            &mut JsonBoard::new(std::io::sink()),
            Some(&mut moves),
            no_cpu,
        );
        let outcome = &run.outcome;
        println!(
            "| {num_vars} | {} | {} | {} | {} | {} × {} | {:.2} | {:.1} ms | {} |",
            size.variables,
            size.clauses,
            size.occurrences,
            outcome.pieces,
            outcome.rows,
            outcome.cols,
            outcome.pieces as f64 / size.occurrences as f64,
            run.board.wall * 1e3,
            match outcome.certificate.expect("asked for") {
                Certificate::Written { steps } => format!(
                    "{:.1} ms ({steps} moves)",
                    run.certificate.expect("asked for").wall * 1e3,
                ),
                Certificate::Unsatisfiable => "unsatisfiable".to_owned(),
            }
        );
    }
    println!();
    println!("| And-Or formula | rooks | SAT | `solve` (60 s) | search engine alone (10 s) |");
    println!("|---|---|---|---|---|");
    let max_k = std::env::var("BENCH_MAX_K")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(12);
    for k in [1usize, 2, 3, 4, 6, 8, 12]
        .into_iter()
        .filter(|&k| k <= max_k)
    {
        for satisfiable in [false, true] {
            exact_row(&chain_formula(k, satisfiable), satisfiable);
        }
    }
}

/// The implication chain x1, ¬x1 ∨ x2, …, ¬x(k−1) ∨ xk, ¬xk (unsatisfiable), or the
/// cycle x1 ∨ ¬xk, ¬x1 ∨ x2, …, ¬x(k−1) ∨ xk (satisfiable): every literal once.
fn chain_formula(k: usize, satisfiable: bool) -> String {
    let mut text = if satisfiable {
        format!("x1 | ~x{k}\n")
    } else {
        "x1\n".to_owned()
    };
    for i in 1..k {
        text += &format!("~x{i} | x{}\n", i + 1);
    }
    if !satisfiable {
        text += &format!("~x{k}\n");
    }
    text
}

/// One row: the compiled board of `text` decided by `solve` and by the search alone.
fn exact_row(text: &str, satisfiable: bool) {
    let input = FormulaFormat::Andor.parse(text).expect("parses");
    let chain = Chain::from_input(&input, &sat2chess::layout::BandOrder).expect("chain");
    let board = compiled_board(&input);
    let decide = |limit: u64, method: Option<Method>| {
        let options = SolveOptions {
            time_limit: Some(Duration::from_secs(limit)),
            method,
            ..Default::default()
        };
        let start = Instant::now();
        let report = solve::solve(&board, &options);
        let verdict = match report.verdict {
            solve::Verdict::Solvable(_) => "solvable",
            solve::Verdict::Unsolvable => "unsolvable",
            solve::Verdict::Unknown => "UNKNOWN",
        };
        format!(
            "{verdict} ({:?}, {:.2} s)",
            report.stats.method,
            start.elapsed().as_secs_f64()
        )
    };
    let summary = text.trim().replace('\n', ", ");
    let shown = if summary.len() > 40 {
        format!("{}, …", &summary[..summary[..40].rfind(',').unwrap_or(40)])
    } else {
        summary
    };
    println!(
        "| {} ({} And-Or variables) | {} | {} | {} | {} |",
        shown.replace('|', "\\|"),
        chain.formula().size().variables,
        board.len(),
        if satisfiable { "sat" } else { "unsat" },
        decide(60, None),
        decide(10, Some(Method::Search)),
    );
}

/// The rook board of `input`, compiled by the pipeline into memory.
fn compiled_board(input: &Input) -> Board {
    let mut board = BoardInMemory::default();
    streamed::compile(
        rook(),
        input,
        "formula",
        Limits::default(),
        &mut board,
        None,
        no_cpu,
    );
    board.board().expect("a valid board")
}
