//! The uncapturable-kind rule ([`Variant::Uncapturable`]) in every engine: thousands of
//! small random boards of random kinds (pawns included), random budgets and a random
//! uncapturable kind, each decided by the default dispatch (special cases, spanning-tree
//! engine, portfolio), the search engine and the SAT encoding, against the brute force
//! written from the rules as stated (`test_boards`); every solving sequence is replayed
//! by the checker under the same rules, and a capture of an uncapturable piece is
//! refused.

use rustc_hash::FxHashMap as HashMap;

use sat2chess_check::check_sequence;
use sat2chess_core::board::{Board, Piece, PieceKind, Square};
use sat2chess_core::rules::{Move, Variant};

use crate::generate::Random;
use crate::test_boards::{brute, captures, cells};
use crate::{Method, SolveOptions, SpecialCase, Verdict, solve};

/// A random board: 2–7 pieces on at most 4×4 squares, kinds from a random mix of one to
/// three kinds, budgets all ≤ 1, all ≥ n − 1 ("unlimited"), or 0–3; sometimes on one row.
fn random_board(random: &mut Random) -> Board {
    let rows = 1 + random.below(4) as u32;
    let cols = 2 + random.below(3) as u32;
    let n = (2 + random.below(6)).min((rows * cols) as usize);
    let mix: Vec<PieceKind> = (0..1 + random.below(3))
        .map(|_| PieceKind::ALL[random.below(6)])
        .collect();
    let budget_mode = random.below(3);
    let mut squares: Vec<Square> = (1..=rows)
        .flat_map(|r| (1..=cols).map(move |c| Square::new(r, c)))
        .collect();
    let mut pieces = Vec::new();
    for _ in 0..n {
        let square = squares.swap_remove(random.below(squares.len()));
        let kind = mix[random.below(mix.len())];
        let budget = match budget_mode {
            0 => random.below(2) as u32,
            1 => (n - 1) as u32 + random.below(2) as u32,
            _ => random.below(4) as u32,
        };
        pieces.push(Piece::new(kind, square, budget));
    }
    Board::new(rows, cols, pieces).expect("squares on the board")
}

/// The rules for one board: an uncapturable kind on it (mostly), another kind, or none.
fn random_variant(random: &mut Random, board: &Board) -> Variant {
    match random.below(8) {
        0 => Variant::Standard,
        1 => Variant::Uncapturable(PieceKind::ALL[random.below(6)]),
        _ => {
            let pieces = board.pieces();
            Variant::Uncapturable(pieces[random.below(pieces.len())].kind)
        }
    }
}

#[test]
fn every_engine_keeps_the_uncapturable_kind_uncaptured() {
    let mut random = Random(0x5eed_0031);
    let engines = [None, Some(Method::Search), Some(Method::Sat)];
    let (mut decided, mut solvable, mut refused) = (0, 0, 0);
    // Solvable boards on which the rule binds: one uncapturable piece, the last one.
    let mut heroes_last = 0;
    let mut specials: HashMap<&'static str, usize> = HashMap::default();
    for _ in 0..4000 {
        let board = random_board(&mut random);
        let variant = random_variant(&mut random, &board);
        let expected = brute(
            &cells(&board),
            variant.uncapturable(),
            &mut HashMap::default(),
        );
        for method in engines {
            let options = SolveOptions {
                variant,
                method,
                ..SolveOptions::default()
            };
            let report = solve(&board, &options);
            if let Method::Special(case) = report.stats.method {
                *specials.entry(case.name()).or_default() += 1;
            }
            let context = format!("{board:?} under {variant:?}, engine {method:?}: {report:?}");
            match &report.verdict {
                Verdict::Solvable(moves) => {
                    assert!(expected, "brute force finds no solution: {context}");
                    let replay = check_sequence(&board, moves, variant);
                    assert!(replay.is_solution(), "{replay}: {context}");
                }
                Verdict::Unsolvable => assert!(!expected, "brute force solves it: {context}"),
                Verdict::Unknown => panic!("no limit was set: {context}"),
            }
            decided += 1;
        }
        solvable += expected as usize;
        heroes_last += (expected && variant.on(&board) != Variant::Standard) as usize;
        refused += refuses_a_capture_of_the_uncapturable(&board, variant) as usize;
    }
    assert!(
        solvable > 350 && decided - 3 * solvable > 2400,
        "{solvable} solvable"
    );
    assert!(
        heroes_last > 100,
        "{heroes_last} solvable boards with the rule binding"
    );
    assert!(
        refused > 300,
        "only {refused} captures of uncapturable pieces tried"
    );
    for case in [
        SpecialCase::OneBudget,
        SpecialCase::Unlimited,
        SpecialCase::OneLine,
    ] {
        assert!(
            specials.get(case.name()).is_some_and(|&n| n > 50),
            "{case:?}: {specials:?}"
        );
    }
}

/// When some piece can capture an uncapturable one on `board` (a legal first move under
/// the thesis rules), the checker refuses that move under `variant`, naming the piece.
fn refuses_a_capture_of_the_uncapturable(board: &Board, variant: Variant) -> bool {
    let Some(protected) = variant.uncapturable() else {
        return false;
    };
    let cells = cells(board);
    let capture = cells.iter().find_map(|&(from, kind, budget)| {
        let (to, _, _) = *cells.iter().find(|&&(to, target, _)| {
            budget > 0 && target == protected && captures(&cells, kind, from, to)
        })?;
        let square = |(r, c): (i64, i64)| Square::new(r as u32, c as u32);
        Some(Move::new(square(from), square(to)))
    });
    let Some(capture) = capture else {
        return false;
    };
    assert!(
        check_sequence(board, &[capture], Variant::Standard)
            .illegal
            .is_none()
    );
    let report = check_sequence(board, &[capture], variant);
    let message = report.to_string();
    assert!(
        report.illegal.is_some()
            && message.contains(&format!(
                "the {protected} on {} may not be captured",
                capture.to
            )),
        "{message}"
    );
    true
}
