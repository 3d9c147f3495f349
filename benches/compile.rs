//! King and Knight boards at scale (issues 14 and 10; Knight rows for uf20 and uf50): uf20-91 (`examples/cnf/uf20-91-01.cnf`) and seeded
//! random uf50-218- and uf75-325-shaped 3-CNFs, compiled and certified the way `compile
//! --certify` does it — streamed: the board JSON and the moves JSON are written to a sink
//! tile by tile, never held. Per formula: kings, rows × cols, crossings, literal
//! occurrences (input CNF → And-Or formula), peak memory (VmHWM of `/proc/self/status`,
//! reset before each formula through `/proc/self/clear_refs`), compile time (chain,
//! layout, plan, board check, JSON writing) with its throughput per CPU second, and
//! certify time (SAT solver and the tile-by-tile certificate, every move replayed as it
//! is made); wall and CPU time, as the machine may be shared.
//!
//! Run: cargo bench --bench compile (`BENCH_SHAPES=uf20,uf50` to choose formulas)

// Shared by several benches; this one uses only the 3-CNF generator.
#[allow(dead_code)]
#[path = "common/cnf.rs"]
mod cnf;

use cnf::random_3cnf;

#[path = "common/memory.rs"]
mod memory;

use memory::{cpu_seconds, peak_mb, reset_peak};

use std::time::Instant;

use sat2chess::back::king::King;
use sat2chess::back::knight::Knight;
use sat2chess::back::{Signals, andor_model, plan_formula};
use sat2chess::formula::Cnf;
use sat2chess::io::json::{BoardWriter, MovesWriter};
use sat2chess::layout::order::Ordering;
use sat2chess::transform::Chain;

/// The first satisfiable random 3-CNF from seed 1 on ([`random_3cnf`]), with its seed.
fn satisfiable_3cnf(num_vars: u32, num_clauses: usize) -> (u64, Cnf) {
    (1..)
        .map(|seed| (seed, random_3cnf(num_vars, num_clauses, seed)))
        .find(|(_, cnf)| {
            sat2chess::sat::solve_cnf(cnf)
                .expect("SAT solver")
                .is_some()
        })
        .expect("a satisfiable seed")
}

fn main() {
    let uf20 = std::fs::read_to_string("examples/cnf/uf20-91-01.cnf").expect("uf20-91 example");
    let uf20 = sat2chess::front::dimacs::parse(&uf20).expect("uf20-91 parses");
    let shapes = std::env::var("BENCH_SHAPES").unwrap_or_else(|_| "uf20,uf50,uf75".into());
    println!(
        "| formula | piece | pieces | rows × cols | crossings | literal occurrences | peak memory | compile | certify |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    let formulas = [("uf20", 0, 0), ("uf50", 50, 218), ("uf75", 75, 325)];
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
        bench_row(King, &name, &cnf);
        // Knight boards are about as large as King boards; uf75 is left out to keep the
        // bench short.
        if key != "uf75" {
            bench_row(Knight, &name, &cnf);
        }
    }
}

/// One table row: `cnf` compiled, streamed to a sink and certified with `backend`.
fn bench_row<B: Signals>(backend: B, name: &str, cnf: &Cnf) {
    reset_peak();
    let (start, cpu) = (Instant::now(), cpu_seconds());
    let chain = Chain::from_cnf(cnf, &sat2chess::layout::BandOrder).expect("3-CNF transforms");
    let plan = plan_formula(backend, chain.formula(), Ordering::Optimised).expect("plans");
    plan.check(|_| {}).expect("the board checks");
    let stats = &plan.stats;
    let mut writer = BoardWriter::new(std::io::sink(), stats.rows, stats.cols).unwrap();
    let mut labeller = plan.labeller();
    for tile in 0..plan.tile_count() {
        plan.for_each_piece(tile, &mut labeller, |square, budget, label| {
            writer.piece(plan.piece_kind(), square, budget, Some(label))
        })
        .unwrap();
    }
    writer.finish().unwrap();
    let compile = start.elapsed().as_secs_f64();
    let compile_cpu = cpu_seconds() - cpu;
    let (start, cpu) = (Instant::now(), cpu_seconds());
    let certify = match andor_model(&chain).expect("SAT solver") {
        None => "unsatisfiable".to_owned(),
        Some(model) => {
            let mut moves = MovesWriter::new(std::io::sink()).unwrap();
            plan.certify(&model, |mv| moves.write(mv).unwrap())
                .expect("certifies");
            moves.finish().unwrap();
            format!(
                "{:.1} s ({:.1} s CPU)",
                start.elapsed().as_secs_f64(),
                cpu_seconds() - cpu
            )
        }
    };
    println!(
        "| {name} | {} | {} | {} × {} | {} | {} → {} | {:.0} MB | {:.1} s ({:.1} s CPU, {:.2} M pieces/s) | {certify} |",
        B::PIECE.name(),
        stats.pieces,
        stats.rows,
        stats.cols,
        stats.crossings,
        cnf.occurrences(),
        chain.formula().size().occurrences,
        peak_mb(),
        compile,
        compile_cpu,
        stats.pieces as f64 / compile_cpu / 1e6,
    );
}
