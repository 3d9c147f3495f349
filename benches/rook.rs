//! Rook board size against formula size (issue 11; thesis Theorem 7.16 says linear) and
//! the time to compile and certify, for random 3-CNFs at clause ratio 4.26 (fixed
//! seeds) through the transformation chain; then exact decisions of the whole boards of
//! growing And-Or formulas (implication chains, unsatisfiable, and cycles, satisfiable):
//! `solve` (the search engine joined by the SAT encoding, 60 s limit) and the search
//! engine alone (10 s).
//!
//! Run: cargo bench --bench rook

use std::time::{Duration, Instant};

// Shared by several benches; this one uses only the threshold 3-CNF generator.
#[allow(dead_code)]
#[path = "common/cnf.rs"]
mod cnf;

use cnf::threshold_3cnf;
use rand::SeedableRng;
use rand::rngs::StdRng;
use sat2chess::back::rook::{certify_input, compile_formula};
use sat2chess::front::FormulaFormat;
use sat2chess::solve::{self, Method, SolveOptions};
use sat2chess::transform::Chain;

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
        let formula = chain.formula();
        let start = Instant::now();
        let compiled = compile_formula(formula).expect("compiles");
        let compile_time = start.elapsed();
        let start = Instant::now();
        let certificate = certify_input(&chain, &compiled).expect("certifies");
        let certify_time = start.elapsed();
        let size = formula.size();
        let stats = &compiled.stats;
        println!(
            "| {num_vars} | {} | {} | {} | {} | {} × {} | {:.2} | {:.1} ms | {} |",
            size.variables,
            size.clauses,
            size.occurrences,
            stats.rooks,
            stats.rows,
            stats.cols,
            stats.rooks as f64 / size.occurrences as f64,
            compile_time.as_secs_f64() * 1e3,
            match certificate {
                Some(moves) => format!(
                    "{:.1} ms ({} moves)",
                    certify_time.as_secs_f64() * 1e3,
                    moves.len()
                ),
                None => "unsatisfiable".to_owned(),
            }
        );
    }
    println!();
    println!("| And-Or formula | rooks | SAT | `solve` (60 s) | search engine alone (10 s) |");
    println!("|---|---|---|---|---|");
    for k in [1usize, 2, 3, 4, 6, 8, 12] {
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
    let compiled = compile_formula(chain.formula()).expect("compiles");
    let decide = |limit: u64, method: Option<Method>| {
        let options = SolveOptions {
            time_limit: Some(Duration::from_secs(limit)),
            method,
            ..Default::default()
        };
        let start = Instant::now();
        let report = solve::solve(&compiled.board, &options);
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
        compiled.board.len(),
        if satisfiable { "sat" } else { "unsat" },
        decide(60, None),
        decide(10, Some(Method::Search)),
    );
}
