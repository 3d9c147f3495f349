//! The placement engines of `queens solve` agree: on small seeded random boards the
//! bitboard search (the default `Engine::Search`), exact cover (Algorithm X over the same
//! model) and the SAT encoding find exactly the solutions a brute-force enumeration finds
//! — row by row, every square of the row, keeping only non-attacking choices. The boards
//! are Excluded Diagonals instances (§5.4, across d/n), Blocked n-Queens instances
//! (§5.2) and random square sets off the origin with gaps between their lines (as on a
//! completion board), including ones whose rows and columns differ in number.

use std::collections::BTreeSet;

use sat2chess::nqueens::Queen;
use sat2chess::nqueens::generate::{SplitMix64, blocked, excluded_diagonals};
use sat2chess::nqueens::solve::{Engine, QueensCsp};

const LIMIT: usize = 100_000;

/// All solutions of `csp` by brute force: one square per row (the rows in order),
/// pairwise non-attacking, every column used, at least `required` queens.
fn brute_force(csp: &QueensCsp) -> BTreeSet<Vec<Queen>> {
    let rows: BTreeSet<i64> = csp.cells.iter().map(|q| q.row).collect();
    let cols: BTreeSet<i64> = csp.cells.iter().map(|q| q.col).collect();
    let rows: Vec<i64> = rows.into_iter().collect();
    let mut found = BTreeSet::new();
    let mut chosen = Vec::new();
    fn extend(
        csp: &QueensCsp,
        rows: &[i64],
        cols: usize,
        chosen: &mut Vec<Queen>,
        found: &mut BTreeSet<Vec<Queen>>,
    ) {
        let Some((&row, rest)) = rows.split_first() else {
            if chosen.len() == cols && chosen.len() >= csp.required {
                let mut solution = chosen.clone();
                solution.sort_unstable();
                found.insert(solution);
            }
            return;
        };
        for &q in csp.cells.iter().filter(|q| q.row == row) {
            if chosen.iter().all(|&other| !q.attacks(other)) {
                chosen.push(q);
                extend(csp, rest, cols, chosen, found);
                chosen.pop();
            }
        }
    }
    extend(csp, &rows, cols.len(), &mut chosen, &mut found);
    found
}

/// The solutions `engine` finds, each sorted; asserts they are distinct and complete.
fn solutions(csp: &QueensCsp, engine: Engine) -> BTreeSet<Vec<Queen>> {
    let (solutions, complete) = csp.enumerate_queens_with(engine, LIMIT).unwrap();
    assert!(complete, "{engine:?} stopped early");
    let count = solutions.len();
    let set: BTreeSet<Vec<Queen>> = solutions
        .into_iter()
        .map(|mut s| {
            s.sort_unstable();
            s
        })
        .collect();
    assert_eq!(set.len(), count, "{engine:?} found a solution twice");
    set
}

/// Every engine finds the brute-force solutions of `csp`; returns their number.
fn assert_engines_agree(csp: &QueensCsp, what: &str) -> usize {
    let expected = brute_force(csp);
    assert_eq!(solutions(csp, Engine::Search), expected, "bitboard, {what}");
    let (exact_cover, complete) = {
        let found = csp
            .placement()
            .enumerate_with(Engine::Search, LIMIT)
            .unwrap();
        let queens: BTreeSet<Vec<Queen>> = found
            .solutions
            .iter()
            .map(|chosen| {
                let mut queens: Vec<Queen> =
                    chosen.iter().map(|&i| csp.cells[i as usize]).collect();
                queens.sort_unstable();
                queens
            })
            .collect();
        (queens, found.complete)
    };
    assert!(complete);
    assert_eq!(exact_cover, expected, "Algorithm X, {what}");
    if csp.cells.len() <= 40 {
        assert_eq!(solutions(csp, Engine::Sat), expected, "SAT, {what}");
    }
    expected.len()
}

#[test]
fn engines_agree_on_excluded_diagonals_instances() {
    let mut solvable = 0;
    for n in 4..=8 {
        for d in [0, n as usize / 2, n as usize, 3 * n as usize / 2] {
            for seed in 0..6 {
                let instance = excluded_diagonals(n, d, &mut SplitMix64::new(seed));
                let csp = instance.to_csp();
                let count = assert_engines_agree(&csp, &format!("n = {n}, d = {d}, seed {seed}"));
                solvable += usize::from(count > 0);
            }
        }
    }
    // Both answers occur: the comparison is not trivially between empty sets.
    assert!((20..120).contains(&solvable), "{solvable} solvable");
}

#[test]
fn engines_agree_on_blocked_instances() {
    for n in 4..=8 {
        for b in [0, n as usize, 2 * n as usize] {
            for seed in 0..4 {
                let Some(board) = blocked(n, b, &mut SplitMix64::new(seed)) else {
                    continue; // more squares than Problem 7 allows
                };
                let blocked: BTreeSet<Queen> = board.blocked.iter().copied().collect();
                let cells = (0..n)
                    .flat_map(|col| (0..n).map(move |row| Queen::new(col, row)))
                    .filter(|q| !blocked.contains(q))
                    .collect();
                let csp = QueensCsp {
                    cells,
                    required: n as usize,
                };
                assert_engines_agree(&csp, &format!("blocked n = {n}, b = {b}, seed {seed}"));
            }
        }
    }
}

/// Random squares on rows and columns drawn from `lines` positions spread out with
/// gaps and an offset, as the free lines of a completion board are.
fn random_cells(rng: &mut fastrand::Rng, lines: usize) -> QueensCsp {
    let positions = |rng: &mut fastrand::Rng| -> Vec<i64> {
        let mut at = rng.i64(-20..20);
        (0..lines)
            .map(|_| {
                at += rng.i64(1..4);
                at
            })
            .collect()
    };
    let (cols, rows) = (positions(rng), positions(rng));
    let density = rng.f64() * 0.6 + 0.3;
    let cells = cols
        .iter()
        .flat_map(|&col| rows.iter().map(move |&row| Queen::new(col, row)))
        .filter(|_| rng.f64() < density)
        .collect();
    QueensCsp {
        cells,
        required: lines - rng.usize(0..2),
    }
}

#[test]
fn engines_agree_on_scattered_lines() {
    let mut rng = fastrand::Rng::with_seed(16);
    let mut solvable = 0;
    for round in 0..300 {
        let csp = random_cells(&mut rng, 1 + round % 7);
        solvable += usize::from(assert_engines_agree(&csp, &format!("round {round}")) > 0);
    }
    assert!(solvable > 30, "{solvable} solvable");
}

#[test]
fn lines_beyond_one_word_fall_back_to_exact_cover() {
    // Two rows 100 apart: the bitboard cannot hold them, Algorithm X answers instead.
    let csp = QueensCsp {
        cells: vec![
            Queen::new(0, 0),
            Queen::new(1, 0),
            Queen::new(0, 100),
            Queen::new(1, 100),
        ],
        required: 2,
    };
    assert_eq!(assert_engines_agree(&csp, "wide"), 2);
}

#[test]
fn count_of_classical_ten_queens_is_exact() {
    let cells = (0..10)
        .flat_map(|col| (0..10).map(move |row| Queen::new(col, row)))
        .collect();
    let csp = QueensCsp {
        cells,
        required: 10,
    };
    let (solutions, complete) = csp.enumerate_queens_with(Engine::Search, LIMIT).unwrap();
    assert!(complete);
    assert_eq!(solutions.len(), 724);
    let (first, complete) = csp.enumerate_queens_with(Engine::Search, 5).unwrap();
    assert_eq!((first.len(), complete), (5, false));
}
