use super::*;
use crate::brute::brute_force;
use sat2chess_core::board::Piece;
use sat2chess_core::board::PieceKind;

fn board(pieces: &[(PieceKind, u32, u32, u32)]) -> Board {
    let pieces = pieces
        .iter()
        .map(|&(kind, r, c, b)| Piece::new(kind, Square::new(r, c), b))
        .collect();
    Board::fitted(pieces).unwrap()
}

#[test]
fn blocked_rook_needs_the_blocker_gone_first() {
    use PieceKind::{Knight, Rook};
    // R(1,1) x N(1,2) then R x R(1,3): solvable; without budget 2 it is not.
    let solvable = board(&[(Rook, 1, 1, 2), (Knight, 1, 2, 0), (Rook, 1, 3, 0)]);
    let SatOutcome::Solvable(moves) = solve(&solvable, Variant::Standard) else {
        panic!("expected solvable");
    };
    assert_eq!(moves.len(), 2);
    let stuck = board(&[(Rook, 1, 1, 1), (Knight, 1, 2, 0), (Rook, 1, 3, 0)]);
    assert_eq!(solve(&stuck, Variant::Standard), SatOutcome::Unsolvable);
    assert_eq!(brute_force(&stuck, Variant::Standard), None);
}

#[test]
fn king_last_keeps_the_king() {
    use PieceKind::{King, Queen};
    let kq = board(&[(King, 1, 1, 0), (Queen, 1, 3, 1)]);
    assert!(matches!(
        solve(&kq, Variant::Standard),
        SatOutcome::Solvable(_)
    ));
    assert_eq!(solve(&kq, Variant::KingLast), SatOutcome::Unsolvable);
}

#[test]
fn symmetry_breaking_keeps_commuting_solutions() {
    use PieceKind::{Bishop, Pawn, Rook};
    // Two independent captures, in either order only one way each, then a join.
    let b = board(&[
        (Rook, 1, 1, 2),
        (Pawn, 1, 4, 0),
        (Bishop, 3, 3, 2),
        (Pawn, 2, 2, 0),
    ]);
    let expected = brute_force(&b, Variant::Standard).is_some();
    let got = matches!(solve(&b, Variant::Standard), SatOutcome::Solvable(_));
    assert_eq!(got, expected);
}

use proptest::prelude::*;
use sat2chess_core::board::Square;

fn solve(board: &Board, variant: Variant) -> SatOutcome {
    solve_with(board, variant, SatBackend::Cadical)
}

fn solve_with(board: &Board, variant: Variant, backend: SatBackend) -> SatOutcome {
    let settings = SatSettings {
        variant,
        backend,
        ..SatSettings::default()
    };
    solve_by_sat(board, &settings).outcome
}

#[test]
fn a_cycle_of_kings_needs_the_lazy_clauses() {
    use PieceKind::King;
    // A ring of eight kings around an empty centre: budget 1 each, so no piece can
    // gather; the first model's arborescence is a ring (a cycle) at least once for
    // some seeds, and the answer must still be exact.
    let ring = [
        (1, 1),
        (1, 2),
        (1, 3),
        (2, 3),
        (3, 3),
        (3, 2),
        (3, 1),
        (2, 1),
    ];
    let pieces = ring
        .iter()
        .map(|&(r, c)| Piece::new(King, Square::new(r, c), 1))
        .collect();
    let board = Board::fitted(pieces).unwrap();
    assert_eq!(solve(&board, Variant::Standard), SatOutcome::Unsolvable);
    assert_eq!(brute_force(&board, Variant::Standard), None);
}

/// Boards up to 5×5 with up to 9 pieces: every kind, budgets 0–3.
fn small_board() -> impl Strategy<Value = Board> {
    let kind = proptest::sample::select(PieceKind::ALL.to_vec());
    (2u32..=5, 2u32..=5).prop_flat_map(move |(rows, cols)| {
        let cells = (rows * cols) as usize;
        (
            proptest::sample::subsequence((0..cells).collect::<Vec<_>>(), 1..=9.min(cells)),
            proptest::collection::vec((kind.clone(), 0u32..=3), 9),
        )
            .prop_map(move |(cells, specs)| {
                let pieces = cells
                    .iter()
                    .zip(&specs)
                    .map(|(&cell, &(kind, budget))| {
                        let square = Square::new(cell as u32 / cols + 1, cell as u32 % cols + 1);
                        Piece::new(kind, square, budget)
                    })
                    .collect();
                Board::new(rows, cols, pieces).expect("distinct squares")
            })
    })
}

/// Boards of one kind (or one kind and pawns), denser, budgets 1–2: the reduction
/// boards' mixes.
fn one_kind_board() -> impl Strategy<Value = Board> {
    let kind = proptest::sample::select(PieceKind::ALL.to_vec());
    (kind, any::<bool>(), 3u32..=5, 3u32..=5).prop_flat_map(|(kind, pawns, rows, cols)| {
        let cells = (rows * cols) as usize;
        (
            proptest::sample::subsequence((0..cells).collect::<Vec<_>>(), 2..=9.min(cells)),
            proptest::collection::vec((any::<bool>(), 1u32..=2), 9),
        )
            .prop_map(move |(cells, specs)| {
                let pieces = cells
                    .iter()
                    .zip(&specs)
                    .map(|(&cell, &(pawn, budget))| {
                        let square = Square::new(cell as u32 / cols + 1, cell as u32 % cols + 1);
                        let kind = if pawns && pawn { PieceKind::Pawn } else { kind };
                        Piece::new(kind, square, budget)
                    })
                    .collect();
                Board::new(rows, cols, pieces).expect("distinct squares")
            })
    })
}

/// Boards of up to 7 pieces whose budgets are small, near the piece count or far beyond
/// it (unlimited captures: one unbounded budget level), every kind.
fn large_budget_board() -> impl Strategy<Value = Board> {
    let kind = proptest::sample::select(PieceKind::ALL.to_vec());
    (2u32..=4, 2u32..=4).prop_flat_map(move |(rows, cols)| {
        let cells = (rows * cols) as usize;
        (
            proptest::sample::subsequence((0..cells).collect::<Vec<_>>(), 2..=7.min(cells)),
            proptest::collection::vec((kind.clone(), 0usize..8), 7),
        )
            .prop_map(move |(cells, specs)| {
                let n = cells.len() as u32;
                let budgets = [0, 1, 2, n - 2, n - 1, n, 2 * n, 1000];
                let pieces = cells
                    .iter()
                    .zip(&specs)
                    .map(|(&cell, &(kind, b))| {
                        let square = Square::new(cell as u32 / cols + 1, cell as u32 % cols + 1);
                        Piece::new(kind, square, budgets[b])
                    })
                    .collect();
                Board::new(rows, cols, pieces).expect("distinct squares")
            })
    })
}

fn agrees_with_brute_force(board: &Board, variant: Variant, backend: SatBackend) {
    let expected = brute_force(board, variant).is_some();
    match solve_with(board, variant, backend) {
        SatOutcome::Solvable(moves) => {
            assert!(expected, "{board:?} {variant:?}: {moves:?}");
            assert!(check_sequence(board, &moves, variant).is_solution());
        }
        SatOutcome::Unsolvable => assert!(!expected, "{board:?} {variant:?}"),
        other => panic!("{other:?} on {board:?}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// The encoding is exact on every mix of kinds, pawns and chess.com's king-last
    /// rule included (brute force is the definition).
    #[test]
    fn encoding_agrees_with_brute_force(board in small_board(), king_last in any::<bool>()) {
        let variant = if king_last { Variant::KingLast } else { Variant::Standard };
        agrees_with_brute_force(&board, variant, SatBackend::Cadical);
    }

    #[test]
    fn encoding_agrees_with_brute_force_on_one_kind(board in one_kind_board(), king_last in any::<bool>()) {
        let variant = if king_last { Variant::KingLast } else { Variant::Standard };
        agrees_with_brute_force(&board, variant, SatBackend::Cadical);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Budgets that never run out share one level; mixed with counted ones, under every
    /// rule set (the unlimited-capture boards of Brunner et al. have an uncapturable
    /// piece).
    #[test]
    fn unbounded_budgets_agree_with_brute_force(
        board in large_budget_board(),
        rules in 0usize..7,
    ) {
        let variant = match rules {
            0 => Variant::Standard,
            r => Variant::Uncapturable(PieceKind::ALL[r - 1]),
        };
        agrees_with_brute_force(&board, variant, SatBackend::Cadical);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// splr, the other back end, decides the same encoding alike.
    #[test]
    fn splr_agrees_with_brute_force(board in small_board()) {
        agrees_with_brute_force(&board, Variant::Standard, SatBackend::Splr);
    }
}
