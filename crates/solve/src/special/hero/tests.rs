//! Thm 2.16 on every pair it covers: the pairs [`covers`] derives from the movement
//! rules are Table 1's, and on thousands of small random boards per pair (2–8 pieces on
//! at most 5×5 squares, budgets ≥ n − 1) the search's verdict is the brute force's
//! (written from the rules as stated, in `test_boards`), every sequence it
//! returns replays to one piece under the rules checker, and the dispatch hands the
//! boards no earlier case takes to it.

use rustc_hash::FxHashMap as HashMap;

use sat2chess_check::check_sequence;
use sat2chess_core::board::{Board, Piece, PieceKind, Square};
use sat2chess_core::rules::Variant;

use super::{applies, covers, solve};
use crate::generate::Random;
use crate::special::{SpecialCase, decide};
use crate::test_boards::{brute, cells};

/// Table 1's Thm 2.16 cells off its diagonal: (uncapturable hero, villain).
const PAIRS: [(PieceKind, PieceKind); 6] = [
    (PieceKind::King, PieceKind::Queen),
    (PieceKind::Rook, PieceKind::Queen),
    (PieceKind::Bishop, PieceKind::Queen),
    (PieceKind::Pawn, PieceKind::King),
    (PieceKind::Pawn, PieceKind::Bishop),
    (PieceKind::Pawn, PieceKind::Queen),
];

/// Random boards tried per pair.
const BOARDS_PER_PAIR: usize = 3_000;

/// Boards of each verdict required per pair.
const MIN_PER_VERDICT: usize = 500;

#[test]
fn covered_pairs_are_table_1s_thm_2_16_cells() {
    let mut covered: Vec<(PieceKind, PieceKind)> = PieceKind::ALL
        .into_iter()
        .flat_map(|hero| {
            PieceKind::ALL
                .into_iter()
                .map(move |villain| (hero, villain))
        })
        .filter(|&(hero, villain)| covers(hero, villain))
        .collect();
    let mut expected = PAIRS.to_vec();
    expected.sort_unstable_by_key(|&(hero, villain)| (hero as u8, villain as u8));
    covered.sort_unstable_by_key(|&(hero, villain)| (hero as u8, villain as u8));
    assert_eq!(covered, expected);
}

/// One `hero` and 1–7 `villain`s on a random window of 2×2 to 5×5 squares, budgets
/// n − 1 or n; among bishops, all on squares of one colour (a bishop never leaves its
/// colour, so mixed boards are unsolvable).
fn random_board(random: &mut Random, hero: PieceKind, villain: PieceKind) -> Board {
    let rows = 2 + random.below(4) as u32;
    let cols = 2 + random.below(4) as u32;
    let colour = random.below(2) as u32;
    let mut squares: Vec<Square> = (1..=rows)
        .flat_map(|r| (1..=cols).map(move |c| Square::new(r, c)))
        .filter(|s| villain != PieceKind::Bishop || (s.row + s.col) % 2 == colour)
        .collect();
    let n = (2 + random.below(7)).min(squares.len());
    let pieces = (0..n)
        .map(|i| {
            let square = squares.swap_remove(random.below(squares.len()));
            let kind = if i == 0 { hero } else { villain };
            Piece::new(kind, square, (n - 1) as u32 + random.below(2) as u32)
        })
        .collect();
    Board::new(rows, cols, pieces).expect("squares on the board")
}

#[test]
fn every_pair_matches_brute_force() {
    for (seed, (hero, villain)) in PAIRS.into_iter().enumerate() {
        let mut random = Random(0x216 + seed as u64);
        let variant = Variant::Uncapturable(hero);
        let (mut solvable, mut unsolvable, mut dispatched) = (0, 0, 0);
        for _ in 0..BOARDS_PER_PAIR {
            let board = random_board(&mut random, hero, villain);
            assert!(applies(&board, variant), "{board:?}");
            let expected = brute(&cells(&board), Some(hero), &mut HashMap::default());
            let decision = solve(&board, variant);
            let context = format!("{hero}¹ among {villain}s, {board:?}: {}", decision.reason);
            match &decision.moves {
                Some(moves) => {
                    assert!(expected, "brute force finds no solution: {context}");
                    let replay = check_sequence(&board, moves, variant);
                    assert!(replay.is_solution(), "{replay}: {context}");
                    solvable += 1;
                }
                None => {
                    assert!(!expected, "brute force solves it: {context}");
                    unsolvable += 1;
                }
            }
            let case = decide(&board, variant).map(|(case, _)| case);
            dispatched += (case == Some(SpecialCase::HeroAndVillains)) as usize;
        }
        println!(
            "{hero}¹ among {villain}s: {solvable} solvable, {unsolvable} unsolvable, \
             {dispatched} dispatched to Thm 2.16"
        );
        assert!(
            solvable >= MIN_PER_VERDICT && unsolvable >= MIN_PER_VERDICT,
            "{hero}¹ among {villain}s: {solvable} solvable, {unsolvable} unsolvable"
        );
        assert!(
            dispatched >= BOARDS_PER_PAIR / 2,
            "{hero}¹ among {villain}s: {dispatched} dispatched"
        );
    }
}
