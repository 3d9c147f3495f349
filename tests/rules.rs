//! Rules (thesis §3.1–3.2) beyond the unit tests in src/rules.rs: the ordered line
//! indexes of `Position` against a square-by-square reference on random boards and
//! random capture sequences, and the cases the unit tests leave out.

use proptest::prelude::*;
use sat2chess::board::{Board, Piece, PieceKind, Square};
use sat2chess::check::check_sequence;
use sat2chess::rules::{IllegalMove, Move, Position, Variant, reaches_on_empty_board};

fn sq(row: u32, col: u32) -> Square {
    Square::new(row, col)
}

fn position(pieces: &[(PieceKind, u32, u32, u32)]) -> Position {
    let pieces = pieces
        .iter()
        .map(|&(kind, r, c, b)| Piece::new(kind, sq(r, c), b))
        .collect();
    Position::new(&Board::new(8, 8, pieces).unwrap(), Variant::Standard)
}

/// The rules written out square by square, as the thesis states them: no index, a scan
/// of every square strictly between origin and target for ranged pieces.
fn reference_check(pieces: &[(Square, PieceKind, u32)], mv: Move, variant: Variant) -> bool {
    let at = |s: Square| pieces.iter().find(|p| p.0 == s);
    let (Some(&(_, kind, budget)), Some(&(_, target, _))) = (at(mv.from), at(mv.to)) else {
        return false;
    };
    if mv.from == mv.to
        || budget == 0
        || (variant == Variant::KingLast && target == PieceKind::King)
    {
        return false;
    }
    let dr = mv.to.row as i64 - mv.from.row as i64;
    let dc = mv.to.col as i64 - mv.from.col as i64;
    let geometric = match kind {
        PieceKind::King => dr.abs() <= 1 && dc.abs() <= 1,
        PieceKind::Knight => dr.abs() * dc.abs() == 2,
        PieceKind::Pawn => dr == -1 && dc.abs() == 1,
        PieceKind::Rook => dr == 0 || dc == 0,
        PieceKind::Bishop => dr.abs() == dc.abs(),
        PieceKind::Queen => dr == 0 || dc == 0 || dr.abs() == dc.abs(),
    };
    if !geometric {
        return false;
    }
    if kind.is_ranged() {
        let steps = dr.abs().max(dc.abs());
        for step in 1..steps {
            let between = sq(
                (mv.from.row as i64 + dr.signum() * step) as u32,
                (mv.from.col as i64 + dc.signum() * step) as u32,
            );
            if at(between).is_some() {
                return false;
            }
        }
    }
    true
}

fn kind_strategy() -> impl Strategy<Value = PieceKind> {
    prop::sample::select(PieceKind::ALL.to_vec())
}

/// Up to 14 pieces on distinct squares of a 6x6 board, budgets 0–2.
fn board_strategy() -> impl Strategy<Value = Board> {
    prop::collection::btree_map((1u32..=6, 1u32..=6), (kind_strategy(), 0u32..=2), 2..=14).prop_map(
        |cells| {
            let pieces = cells
                .into_iter()
                .map(|((r, c), (kind, budget))| Piece::new(kind, sq(r, c), budget))
                .collect();
            Board::new(6, 6, pieces).unwrap()
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Along a random playout, `Position::check` agrees with the reference on every
    /// pair of squares, so the line indexes stay right as pieces move and vanish.
    #[test]
    fn indexed_legality_matches_the_square_scan(
        board in board_strategy(),
        king_last in any::<bool>(),
        choices in prop::collection::vec(any::<prop::sample::Index>(), 0..12),
    ) {
        let variant = if king_last { Variant::KingLast } else { Variant::Standard };
        let mut position = Position::new(&board, variant);
        let mut played = Vec::new();
        for choice in choices.iter().map(Some).chain([None]) {
            let pieces: Vec<_> = position
                .to_board()
                .pieces()
                .iter()
                .map(|p| (p.square, p.kind, p.budget))
                .collect();
            let mut legal = Vec::new();
            for &(from, ..) in &pieces {
                for row in 1..=6 {
                    for col in 1..=6 {
                        let mv = Move::new(from, sq(row, col));
                        let indexed = position.check(mv).is_ok();
                        prop_assert_eq!(indexed, reference_check(&pieces, mv, variant), "{}", mv);
                        if indexed {
                            legal.push(mv);
                        }
                    }
                }
            }
            prop_assert_eq!(&legal.iter().copied().collect::<std::collections::BTreeSet<_>>(),
                &position.legal_moves().into_iter().collect());
            let (Some(choice), false) = (choice, legal.is_empty()) else { break };
            let mv = legal[choice.index(legal.len())];
            position.apply(mv).unwrap();
            played.push(mv);
        }
        // The checker replays the same playout to the same position.
        let report = check_sequence(&board, &played, variant);
        prop_assert!(report.illegal.is_none());
        prop_assert_eq!(report.remaining, position.len());
    }
}

#[test]
fn knights_jump_and_kings_reach_all_eight_neighbours() {
    use PieceKind::*;
    let mut crowd = vec![(Knight, 4, 4, 2)];
    for (r, c) in [
        (3, 3),
        (3, 4),
        (3, 5),
        (4, 3),
        (4, 5),
        (5, 3),
        (5, 4),
        (5, 5),
    ] {
        crowd.push((King, r, c, 2));
    }
    crowd.push((Rook, 2, 5, 2));
    let pos = position(&crowd);
    assert!(
        pos.check(Move::new(sq(4, 4), sq(2, 5))).is_ok(),
        "knight jumps the ring"
    );
    // The king at (5,5) reaches its neighbours (4,4), (4,5), (5,4) but no ring square further away.
    for (r, c) in [(3, 3), (3, 4), (3, 5), (4, 3), (5, 3)] {
        assert!(matches!(
            pos.check(Move::new(sq(5, 5), sq(r, c))),
            Err(IllegalMove::Unreachable { .. })
        ));
    }
    for (r, c) in [(4, 4), (4, 5), (5, 4)] {
        assert!(pos.check(Move::new(sq(5, 5), sq(r, c))).is_ok());
    }
    let ring = [
        (3, 3),
        (3, 4),
        (3, 5),
        (4, 3),
        (4, 5),
        (5, 3),
        (5, 4),
        (5, 5),
    ];
    let mut around = vec![(King, 4, 4, 2)];
    around.extend(ring.iter().map(|&(r, c)| (Bishop, r, c, 0)));
    let king = position(&around);
    for (r, c) in ring {
        assert!(
            king.check(Move::new(sq(4, 4), sq(r, c))).is_ok(),
            "({r},{c})"
        );
    }
}

#[test]
fn queens_are_blocked_in_all_eight_directions_but_not_beyond_the_target() {
    use PieceKind::*;
    let mut pieces = vec![(Queen, 4, 4, 2)];
    let directions = [
        (-1, -1),
        (-1, 0),
        (-1, 1),
        (0, -1),
        (0, 1),
        (1, -1),
        (1, 0),
        (1, 1),
    ];
    for (dr, dc) in directions {
        let (r, c) = ((4 + dr) as u32, (4 + dc) as u32);
        pieces.push((Pawn, r, c, 2));
        pieces.push((Knight, (4 + 3 * dr) as u32, (4 + 3 * dc) as u32, 2));
    }
    let pos = position(&pieces);
    for (dr, dc) in directions {
        let near = sq((4 + dr) as u32, (4 + dc) as u32);
        let far = sq((4 + 3 * dr) as u32, (4 + 3 * dc) as u32);
        assert_eq!(
            pos.check(Move::new(sq(4, 4), far)),
            Err(IllegalMove::Blocked {
                kind: Queen,
                from: sq(4, 4),
                blocker: near
            })
        );
        assert!(pos.check(Move::new(sq(4, 4), near)).is_ok(), "{near}");
    }
}

#[test]
fn a_capture_unblocks_the_line_it_vacates() {
    use PieceKind::*;
    let mut pos = position(&[
        (Rook, 1, 1, 2),
        (Knight, 1, 3, 2),
        (Bishop, 1, 6, 2),
        (King, 3, 4, 2),
    ]);
    assert!(matches!(
        pos.check(Move::new(sq(1, 1), sq(1, 6))),
        Err(IllegalMove::Blocked { .. })
    ));
    pos.apply(Move::new(sq(1, 3), sq(3, 4))).unwrap();
    assert!(pos.check(Move::new(sq(1, 1), sq(1, 6))).is_ok());
}

#[test]
fn every_kind_exhausts_its_budget() {
    for kind in PieceKind::ALL {
        let pieces: Vec<_> = (1..=3)
            .map(|c| Piece::new(PieceKind::Rook, sq(1, c), 0))
            .collect();
        let mut pieces = pieces;
        // The mover sits where each kind can take (1,1) then (1,2)... one capture each time.
        let mover = match kind {
            PieceKind::Knight => sq(3, 2),
            _ => sq(2, 2),
        };
        pieces.push(Piece::new(kind, mover, 1));
        let board = Board::new(8, 8, pieces).unwrap();
        let mut pos = Position::new(&board, Variant::Standard);
        let first = [sq(1, 1), sq(1, 3), sq(1, 2)]
            .into_iter()
            .find(|&t| {
                reaches_on_empty_board(kind, mover, t) && pos.check(Move::new(mover, t)).is_ok()
            })
            .unwrap_or_else(|| panic!("{kind} has a first capture"));
        pos.apply(Move::new(mover, first)).unwrap();
        assert_eq!(pos.get(first).unwrap().budget, 0);
        for target in [sq(1, 1), sq(1, 2), sq(1, 3)] {
            if target != first {
                assert_eq!(
                    pos.check(Move::new(first, target)),
                    Err(IllegalMove::NoBudget { kind, from: first })
                );
            }
        }
    }
}
