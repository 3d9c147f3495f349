//! n-Queens Completion (papers/004): (1) board side n against the number of clauses along
//! the whole chain, computed from the sizes (Defs. 20, 16, 10; no board is built); (2)
//! `queens solve` time and search nodes on the paper's random Excluded Diagonals
//! instances (§5.4) at d/n = 1, the hardest ratio, for n = 10, 15, …, 40, turned into
//! n-Queens Completion (Defs. 16, 10): the default bitboard search for every n,
//! Algorithm X over the same model up to n = 20, the SAT encoding up to n = 15. Each
//! instance runs in a child process stopped after a cap (default 120 s). Neither part
//! compiles a formula into a board, so neither runs `pipeline::compile`: (1) is the
//! chain's size computation, (2) solves generated instances; `benches/pipeline_memory.rs`
//! compiles an n-Queens board (75 million queens) through the pipeline.
//!
//! Run: `cargo bench --bench nqueens` (`NQUEENS_CAP_S=30` for a shorter cap).

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use sat2chess::formula::{Cnf, Lit, Var};
use sat2chess::nqueens::chain::completion_side;
use sat2chess::nqueens::generate::{SplitMix64, completion_of, excluded_diagonals};
use sat2chess::nqueens::onein3::{CnfEncoding, OneInThree, Restriction};
use sat2chess::nqueens::problem5::GadgetReduction;
use sat2chess::nqueens::solve::Engine;

/// A random Restricted 1-in-3 instance with `clauses` clauses over `max(3, 2·clauses)`
/// variables, each in at most three clauses.
fn restricted(rng: &mut SplitMix64, clauses: usize) -> OneInThree {
    let vars = (2 * clauses).max(3) as u32;
    let mut occurrences = vec![0; vars as usize];
    let mut out = Vec::new();
    while out.len() < clauses {
        let mut picked: Vec<u32> = Vec::new();
        while picked.len() < 3 {
            let v = rng.below(vars as usize) as u32;
            if !picked.contains(&v) && occurrences[v as usize] < 3 {
                picked.push(v);
            }
        }
        for &v in &picked {
            occurrences[v as usize] += 1;
        }
        out.push([picked[0], picked[1], picked[2]]);
    }
    OneInThree {
        num_vars: vars,
        clauses: out,
    }
}

/// A random 3-CNF with `clauses` clauses over `clauses / 4 + 3` variables.
fn three_cnf(rng: &mut SplitMix64, clauses: usize) -> Cnf {
    let vars = clauses / 4 + 3;
    let clauses = (0..clauses)
        .map(|_| {
            (0..3)
                .map(|_| Lit::new(Var(rng.below(vars) as u32), rng.below(2) == 0))
                .collect()
        })
        .collect();
    Cnf::new(vars as u32, clauses)
}

fn side_of(monotone: &OneInThree) -> (u32, usize, usize, i64) {
    let restriction = Restriction::new(monotone);
    let gadgets = GadgetReduction::new(&restriction.instance);
    (
        restriction.instance.num_vars,
        restriction.instance.clauses.len(),
        gadgets.instance.gadgets.len(),
        completion_side(&gadgets.instance),
    )
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let [_, flag, n, seed, engine] = &args[..]
        && flag == "--instance"
    {
        solve_instance(n.parse().expect("n"), seed.parse().expect("seed"), engine);
        return;
    }
    let mut rng = SplitMix64::new(2017);
    println!("board side n of the final n-Queens Completion instance");
    println!(
        "input              clauses  restricted vars/clauses  gadgets k            n    n/c^2"
    );
    for clauses in [1, 2, 3, 4, 6, 8, 12, 16, 24, 32] {
        let instance = restricted(&mut rng, clauses);
        let (vars, restricted_clauses, k, n) = side_of(&instance);
        println!(
            "restricted 1-in-3 {clauses:>8}  {vars:>10}/{restricted_clauses:<13} {k:>9} {n:>12} {:>8.0}",
            n as f64 / (clauses * clauses) as f64
        );
    }
    for clauses in [1, 2, 4, 8, 16, 32] {
        let cnf = three_cnf(&mut rng, clauses);
        let (vars, restricted_clauses, k, n) = side_of(&CnfEncoding::new(&cnf).instance);
        println!(
            "3-CNF             {clauses:>8}  {vars:>10}/{restricted_clauses:<13} {k:>9} {n:>12} {:>8.0}",
            n as f64 / (clauses * clauses) as f64
        );
    }

    println!();
    solve_table();
}

/// Seeds per board side.
const SEEDS: u64 = 5;
/// Board sides of the Excluded Diagonals instances (d = n).
const SIDES: [i64; 7] = [10, 15, 20, 25, 30, 35, 40];
/// The engines and the largest side each is timed on: the default search (bitboard),
/// Algorithm X over the same model, the SAT encoding.
const ENGINES: [(&str, i64); 3] = [("bitboard", 40), ("exact-cover", 20), ("sat", 15)];
/// Seconds an instance may take before it is stopped (`NQUEENS_CAP_S` overrides).
const DEFAULT_CAP_S: u64 = 120;

/// `queens solve` on random Excluded Diagonals instances (§5.4) at d/n = 1, turned into
/// n-Queens Completion (Defs. 16, 10). Each instance runs in a child process (this
/// binary with `--instance`) that is stopped after the cap.
fn solve_table() {
    let cap = std::env::var("NQUEENS_CAP_S")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(DEFAULT_CAP_S);
    println!(
        "queens solve on random Excluded Diagonals instances at d/n = 1, {SEEDS} seeds each, \
         {cap} s cap per instance"
    );
    println!(
        "  n  engine        sat unsat stopped   mean s  median s    max s   mean nodes  max nodes"
    );
    for n in SIDES {
        for (engine, max_n) in ENGINES {
            if n <= max_n {
                let results: Vec<Option<Outcome>> = (0..SEEDS)
                    .map(|seed| run_capped(n, seed, engine, cap))
                    .collect();
                print_row(n, engine, &results, cap);
            }
        }
    }
}

/// One decided instance.
struct Outcome {
    solvable: bool,
    seconds: f64,
    nodes: u64,
}

/// Solves instance `(n, seed)` with `engine` (of [`ENGINES`]) in a child process;
/// `None` when stopped at the cap.
fn run_capped(n: i64, seed: u64, engine: &str, cap: u64) -> Option<Outcome> {
    let mut child = Command::new(std::env::current_exe().expect("the bench binary"))
        .args(["--instance", &n.to_string(), &seed.to_string(), engine])
        .stdout(Stdio::piped())
        .spawn()
        .expect("the bench binary runs");
    let start = Instant::now();
    while child.try_wait().expect("the child runs").is_none() {
        if start.elapsed() > Duration::from_secs(cap) {
            child.kill().expect("the child stops");
            child.wait().expect("the child stops");
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let mut line = String::new();
    child
        .stdout
        .take()
        .expect("piped")
        .read_to_string(&mut line)
        .expect("the child's answer");
    let fields: Vec<&str> = line.split_whitespace().collect();
    Some(Outcome {
        solvable: fields[0] == "sat",
        seconds: fields[1].parse().expect("seconds"),
        nodes: fields[2].parse().expect("nodes"),
    })
}

/// The child: solves one instance and prints `sat|unsat SECONDS NODES`.
fn solve_instance(n: i64, seed: u64, engine: &str) {
    let problem4 = excluded_diagonals(n, n as usize, &mut SplitMix64::new(seed));
    let csp = completion_of(&problem4)
        .to_csp()
        .expect("the generated board is attack-free");
    let start = Instant::now();
    let found = match engine {
        "bitboard" => csp.enumerate_with(Engine::Search, 1),
        "exact-cover" => csp.placement().enumerate_with(Engine::Search, 1),
        _ => csp.enumerate_with(Engine::Sat, 1),
    }
    .expect("the solver runs");
    let seconds = start.elapsed().as_secs_f64();
    let answer = if found.solutions.is_empty() {
        "unsat"
    } else {
        "sat"
    };
    println!("{answer} {seconds} {}", found.nodes);
}

fn print_row(n: i64, engine: &str, results: &[Option<Outcome>], cap: u64) {
    let decided: Vec<&Outcome> = results.iter().flatten().collect();
    let stopped = results.len() - decided.len();
    let sat = decided.iter().filter(|o| o.solvable).count();
    // A stopped instance counts as the cap: the times are lower bounds then.
    let mut times: Vec<f64> = decided.iter().map(|o| o.seconds).collect();
    times.extend(std::iter::repeat_n(cap as f64, stopped));
    times.sort_by(f64::total_cmp);
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    let median = times[times.len() / 2];
    let max = times.last().copied().unwrap_or(0.0);
    let nodes: Vec<u64> = decided.iter().map(|o| o.nodes).collect();
    let mean_nodes = nodes.iter().sum::<u64>() as f64 / nodes.len().max(1) as f64;
    let max_nodes = nodes.iter().max().copied().unwrap_or(0);
    let bound = if stopped > 0 { ">" } else { " " };
    println!(
        "{n:>3}  {engine:<12} {sat:>4} {:>5} {stopped:>7} {bound}{mean:>8.3} {bound}{median:>8.3} {bound}{max:>7.3} {mean_nodes:>12.0} {max_nodes:>10}",
        decided.len() - sat
    );
}
