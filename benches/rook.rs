//! Rook board size against formula size (issue 11; thesis Theorem 7.16 says linear) and
//! the time to compile and certify, for random 3-CNFs at clause ratio 4.26 (fixed
//! seeds) through the transformation chain; then exact decisions of the whole boards of
//! tiny And-Or formulas: the dedicated rook search (`verify::rook_search`, modulo
//! Lemma 7.1: every SAT gadget cleared, only the tomb and the belt lines left) and
//! `solve` (10 s limit).
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
use sat2chess::solve::{self, SolveOptions};
use sat2chess::transform::Chain;
use sat2chess::verify::rook_search::{Goal, RookSearch};

fn main() {
    println!(
        "| CNF vars | And-Or vars | clauses | occurrences | rooks | rows × cols | rooks/occurrence | compile | certify |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    let mut rng = StdRng::seed_from_u64(11);
    for num_vars in [5u32, 10, 20, 50, 100, 200] {
        let cnf = threshold_3cnf(num_vars, &mut rng);
        let chain = Chain::from_cnf(&cnf).expect("random CNF transforms");
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
    println!("| And-Or formula | rooks | SAT | rook search (Lemma 7.1) | solve (10 s) |");
    println!("|---|---|---|---|---|");
    for (text, sat) in [
        ("x\n~x\n", false),
        ("x | ~x\n", true),
        ("x | y\n~x | ~y\n", true),
        ("x | ~y\n~x\ny\n", false),
    ] {
        let input = FormulaFormat::Andor.parse(text).expect("parses");
        let chain = Chain::from_input(&input).expect("chain");
        let compiled = compile_formula(chain.formula()).expect("compiles");
        let pieces: Vec<_> = compiled
            .board
            .pieces()
            .iter()
            .map(|p| (p.square, p.budget))
            .collect();
        // Lemma 7.1: solvable iff every SAT gadget clears, only tomb and belt lines left.
        let goal = Goal::Cleared {
            stay: pieces
                .iter()
                .map(|&(s, _)| s)
                .filter(|s| s.row <= 3 || s.col <= 3)
                .collect(),
            exact: Vec::new(),
        };
        let start = Instant::now();
        let exact = match RookSearch::new(&pieces, &[], &goal, 1 << 21) {
            Ok((mut search, first)) => match search.find(first) {
                Ok(found) => format!(
                    "{} in {:.2} s ({} states)",
                    if found.is_some() {
                        "solvable"
                    } else {
                        "unsolvable"
                    },
                    start.elapsed().as_secs_f64(),
                    search.states
                ),
                Err(error) => format!("{error} after {:.1} s", start.elapsed().as_secs_f64()),
            },
            Err(error) => error.to_string(),
        };
        let options = SolveOptions {
            time_limit: Some(Duration::from_secs(10)),
            ..Default::default()
        };
        let report = solve::solve(&compiled.board, &options);
        let verdict = match report.verdict {
            solve::Verdict::Solvable(_) => "solvable",
            solve::Verdict::Unsolvable => "unsolvable",
            solve::Verdict::Unknown => "UNKNOWN",
        };
        println!(
            "| {} | {} | {} | {exact} | {verdict} ({:.1} s) |",
            text.trim().replace('\n', ", "),
            pieces.len(),
            if sat { "sat" } else { "unsat" },
            report.stats.elapsed.as_secs_f64()
        );
    }
}
