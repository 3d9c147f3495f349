//! `sat2chess generate`: puzzles generated with --unique have exactly one solving
//! capture sequence, counted here by an independent brute force (its own move rules,
//! plain depth-first search over every capture order, no memo); the printed solution
//! solves the board; the same seed gives the same puzzle; --level is met.

use crate::common::{run, scratch};

/// A piece of the test's own position: row, column (1-based, row 1 on top), kind
/// letter, captures left.
type Piece = (i32, i32, char, u32);

/// Parses the FEN placement of a chess.com puzzle (8×8, every budget 2).
fn parse_fen(fen: &str) -> Vec<Piece> {
    let placement = fen.split_whitespace().next().expect("a placement");
    let mut pieces = Vec::new();
    for (row, rank) in placement.split('/').enumerate() {
        let mut col = 1;
        for letter in rank.chars() {
            match letter.to_digit(10) {
                Some(skip) => col += skip as i32,
                None => {
                    pieces.push((row as i32 + 1, col, letter.to_ascii_uppercase(), 2));
                    col += 1;
                }
            }
        }
    }
    pieces
}

/// Whether the piece `mover` may capture `target` in `pieces` (the Solo Chess rules,
/// written again from the thesis: pawns capture diagonally toward row 1; ranged pieces
/// need a clear line; under chess.com rules a king is never captured).
fn can_capture(pieces: &[Piece], mover: &Piece, target: &Piece, king_last: bool) -> bool {
    let (dr, dc) = (target.0 - mover.0, target.1 - mover.1);
    if (dr, dc) == (0, 0) || mover.3 == 0 || (king_last && target.2 == 'K') {
        return false;
    }
    let line = dr == 0 || dc == 0 || dr.abs() == dc.abs();
    let clear = || {
        let steps = dr.abs().max(dc.abs());
        (1..steps).all(|step| {
            let square = (mover.0 + dr.signum() * step, mover.1 + dc.signum() * step);
            !pieces.iter().any(|p| (p.0, p.1) == square)
        })
    };
    match mover.2 {
        'K' => dr.abs() <= 1 && dc.abs() <= 1,
        'N' => dr.abs() * dc.abs() == 2,
        'P' => dr == -1 && dc.abs() == 1,
        'R' => (dr == 0 || dc == 0) && clear(),
        'B' => dr.abs() == dc.abs() && clear(),
        'Q' => line && clear(),
        other => panic!("unknown piece {other}"),
    }
}

/// Every capture sequence that leaves one piece, counted by brute force.
fn brute_count(pieces: &[Piece], king_last: bool) -> u64 {
    if pieces.len() == 1 {
        return 1;
    }
    let mut total = 0;
    for (i, mover) in pieces.iter().enumerate() {
        for (j, target) in pieces.iter().enumerate() {
            if can_capture(pieces, mover, target, king_last) {
                let mut next: Vec<Piece> = pieces.to_vec();
                next[j] = (target.0, target.1, mover.2, mover.3 - 1);
                next.remove(i);
                total += brute_count(&next, king_last);
            }
        }
    }
    total
}

/// The puzzle `generate ARGS` writes to a FEN file, and its standard output.
fn generate(dir: &std::path::Path, name: &str, args: &[&str]) -> (String, String) {
    let board = dir.join(format!("{name}.fen"));
    let mut all = vec!["generate", "-o", board.to_str().unwrap()];
    all.extend_from_slice(args);
    let out = run(&all);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        std::fs::read_to_string(&board).unwrap(),
        String::from_utf8(out.stdout).unwrap(),
    )
}

#[test]
fn unique_puzzles_have_one_solution_by_brute_force() {
    let dir = scratch("generate/unique");
    for seed in 1..=12 {
        let seed = seed.to_string();
        let (fen, _) = generate(&dir, &seed, &["--pieces", "7", "--unique", "--seed", &seed]);
        let pieces = parse_fen(&fen);
        assert_eq!(pieces.len(), 7, "{fen}");
        assert_eq!(brute_count(&pieces, true), 1, "seed {seed}: {fen}");
        assert!(pieces.iter().filter(|p| p.2 == 'K').count() <= 1, "{fen}");
    }
}

#[test]
fn without_unique_puzzles_may_have_several_solutions() {
    // The brute force sees more than one solution on some puzzle of these seeds, so the
    // uniqueness test above is not vacuous.
    let dir = scratch("generate/any");
    let several = (1..=12).any(|seed| {
        let seed = seed.to_string();
        let (fen, _) = generate(&dir, &seed, &["--pieces", "7", "--seed", &seed]);
        brute_count(&parse_fen(&fen), true) > 1
    });
    assert!(several);
}

#[test]
fn the_printed_solution_solves_the_puzzle_and_the_seed_fixes_it() {
    let dir = scratch("generate/solution");
    let moves = dir.join("solution.json");
    let args = [
        "--pieces",
        "8",
        "--level",
        "3",
        "--seed",
        "9",
        "--moves-out",
    ];
    let mut with_moves = args.to_vec();
    with_moves.push(moves.to_str().unwrap());
    let (fen, printed) = generate(&dir, "first", &with_moves);
    assert!(printed.contains("level 3"), "{printed}");
    let board = dir.join("first.fen");
    let check = run(&["check", board.to_str().unwrap(), moves.to_str().unwrap()]);
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stdout)
    );
    let (again, _) = generate(&dir, "second", &with_moves);
    assert_eq!(fen, again);
}

#[test]
fn impossible_requests_are_refused() {
    let out = run(&["generate", "--pieces", "4", "--rows", "5"]);
    assert_eq!(out.status.code(), Some(2));
    let out = run(&["generate", "--pieces", "4", "--mix", "KX"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("`X` is no piece letter"));
    let out = run(&[
        "generate",
        "--pieces",
        "5",
        "--level",
        "4",
        "--attempts",
        "20",
    ]);
    assert_eq!(out.status.code(), Some(3));
}
