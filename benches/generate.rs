//! Puzzle generation benchmark (`cargo bench --bench generate`): chess.com puzzles
//! (8×8, budget 2, a king that must be last) with a unique solution, for several piece
//! counts: the distribution of the difficulty measure (wrong captures per capture of
//! the solution) over a fixed set of seeds, then the generation time of every level.
//! Numbers go to docs/measurements.md.

use std::time::Instant;

use sat2chess::board::PieceKind;
use sat2chess::rules::Variant;
use sat2chess::solve::generate::{Level, Request, generate};

const SEEDS: u64 = 100;

fn request(pieces: usize, level: Option<Level>, seed: u64) -> Request {
    Request {
        rows: 8,
        cols: 8,
        pieces,
        budget: 2,
        mix: PieceKind::ALL.to_vec(),
        variant: Variant::KingLast,
        unique: true,
        level,
        seed,
        attempts: 100_000,
    }
}

fn main() {
    println!("distribution of wrong captures per capture over {SEEDS} seeds (unique puzzles):");
    println!("pieces | min | p25 | median | p75 | max | level 1/2/3/4 | ms per puzzle");
    for pieces in [5, 6, 7, 8, 9] {
        let start = Instant::now();
        let mut ratios = Vec::new();
        let mut levels = [0; 4];
        for seed in 0..SEEDS {
            let puzzle = generate(&request(pieces, None, seed)).expect("a puzzle");
            ratios.push(f64::from(puzzle.difficulty.wrong_captures) / (pieces - 1) as f64);
            levels[usize::from(puzzle.level.value() - Level::MIN)] += 1;
        }
        let elapsed = start.elapsed().as_secs_f64() * 1000.0 / SEEDS as f64;
        ratios.sort_by(f64::total_cmp);
        let at = |q: f64| ratios[((ratios.len() - 1) as f64 * q) as usize];
        println!(
            "{pieces:>6} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {}/{}/{}/{} | {elapsed:.1}",
            at(0.0),
            at(0.25),
            at(0.5),
            at(0.75),
            at(1.0),
            levels[0],
            levels[1],
            levels[2],
            levels[3]
        );
    }
    println!();
    println!("generation time per level (10 seeds each):");
    println!("pieces | level | ms per puzzle (mean) | candidates (mean)");
    for pieces in [7, 8] {
        for value in Level::MIN..=Level::MAX {
            let level = Level::new(value);
            let start = Instant::now();
            let mut candidates = 0;
            for seed in 0..10 {
                candidates += generate(&request(pieces, level, seed))
                    .expect("a puzzle")
                    .attempt;
            }
            println!(
                "{pieces:>6} | {value} | {:.1} | {:.0}",
                start.elapsed().as_secs_f64() * 100.0,
                f64::from(candidates) / 10.0
            );
        }
    }
}
