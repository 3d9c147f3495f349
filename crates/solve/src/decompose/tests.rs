//! Each rule against brute force on thousands of random boards (every kind, pawns,
//! chess.com's king-last rule, budgets 0–3): a rule may only refute unsolvable boards,
//! and each must refute some, or the test proves nothing.

use sat2chess_core::board::{Board, Piece, PieceKind, Square};
use sat2chess_core::rules::Variant;

use super::{PotentialGraph, components, cuts, decide, hero, walk_sat};
use crate::brute::brute_force;

fn board(pieces: &[(PieceKind, u32, u32, u32)]) -> Board {
    let pieces = pieces
        .iter()
        .map(|&(kind, r, c, b)| Piece::new(kind, Square::new(r, c), b))
        .collect();
    Board::fitted(pieces).unwrap()
}

/// A random board of up to `max_pieces` pieces on up to `side × side` squares.
fn random_board(rng: &mut fastrand::Rng, side: u32, max_pieces: usize) -> Board {
    let (rows, cols) = (rng.u32(2..=side), rng.u32(2..=side));
    let mut cells: Vec<u32> = (0..rows * cols).collect();
    rng.shuffle(&mut cells);
    let count = rng.usize(2..=max_pieces.min(cells.len()));
    let pieces = cells[..count]
        .iter()
        .map(|&cell| {
            let kind = PieceKind::ALL[rng.usize(..PieceKind::ALL.len())];
            let square = Square::new(cell / cols + 1, cell % cols + 1);
            Piece::new(kind, square, rng.u32(0..=3))
        })
        .collect();
    Board::new(rows, cols, pieces).unwrap()
}

fn variant(rng: &mut fastrand::Rng) -> Variant {
    if rng.bool() {
        Variant::KingLast
    } else {
        Variant::Standard
    }
}

#[test]
fn a_piece_moves_on_with_the_kind_that_arrived() {
    use PieceKind::{Bishop, Knight, Rook};
    // R(1,1) x N(1,5), then the rook on (1,5) x B(4,5): the knight's square reaches
    // (4,5) only as a rook's.
    let b = board(&[(Rook, 1, 1, 2), (Knight, 1, 5, 0), (Bishop, 4, 5, 0)]);
    assert!(brute_force(&b, Variant::Standard).is_some());
    assert_eq!(components::components(&PotentialGraph::new(&b)).count, 1);
    assert_eq!(decide(&b, Variant::Standard, None).map(|d| d.reason), None);
    let apart = board(&[(Rook, 1, 1, 2), (Knight, 1, 5, 0), (Bishop, 4, 6, 0)]);
    assert!(
        decide(&apart, Variant::Standard, None)
            .map(|d| d.reason)
            .unwrap()
            .contains("2 components")
    );
}

#[test]
fn a_cut_square_with_two_poor_sides_refutes() {
    use PieceKind::King;
    // Kings in a row: the middle one cuts; each side of two kings has budget 0 and
    // 1 and must be emptied except the final side; one side may get the middle king.
    let b = board(&[
        (King, 1, 1, 0),
        (King, 1, 2, 1),
        (King, 1, 3, 1),
        (King, 1, 4, 1),
        (King, 1, 5, 0),
    ]);
    assert_eq!(brute_force(&b, Variant::Standard), None);
    let why = decide(&b, Variant::Standard, None)
        .map(|d| d.reason)
        .expect("refuted at a cut square");
    assert!(why.contains("splits the potential capture graph"), "{why}");
}

#[test]
fn a_piece_passing_through_a_cut_square_brings_its_budget() {
    use PieceKind::King;
    // K(1,1) takes the three others in turn: it crosses (1,2), whose own budget is 0,
    // and enters the side beyond with budget 1 left.
    let b = board(&[
        (King, 1, 1, 3),
        (King, 1, 2, 0),
        (King, 1, 3, 0),
        (King, 1, 4, 0),
    ]);
    assert!(brute_force(&b, Variant::Standard).is_some());
    assert_eq!(decide(&b, Variant::Standard, None).map(|d| d.reason), None);
}

#[test]
fn components_never_separate_a_solvable_board() {
    let mut rng = fastrand::Rng::with_seed(0x3a);
    let mut refuted = 0;
    for _ in 0..4000 {
        let b = random_board(&mut rng, 6, 7);
        let variant = variant(&mut rng);
        if components::components(&PotentialGraph::new(&b)).count > 1 {
            refuted += 1;
            assert_eq!(brute_force(&b, variant), None, "{b:?} {variant:?}");
        }
    }
    assert!(refuted >= 500, "only {refuted} boards split");
}

#[test]
fn cut_budgets_never_refute_a_solvable_board() {
    let mut rng = fastrand::Rng::with_seed(0x3b);
    let mut refuted = 0;
    for _ in 0..6000 {
        let b = random_board(&mut rng, 4, 8);
        let variant = variant(&mut rng);
        let graph = PotentialGraph::new(&b);
        if components::components(&graph).count > 1 {
            continue;
        }
        if let Some(why) = cuts::refute(&b, &graph.captures) {
            refuted += 1;
            assert_eq!(brute_force(&b, variant), None, "{b:?} {variant:?}: {why}");
        }
    }
    assert!(refuted >= 200, "only {refuted} boards refuted");
}

/// One uncapturable hero (a random kind, once) among random villains, budgets 0–3 or
/// unlimited (pieces − 1).
fn hero_board(rng: &mut fastrand::Rng) -> (Board, Variant) {
    hero_board_of(rng, 5, 8, None)
}

/// [`hero_board`] on up to `side × side` squares with up to `max_pieces` pieces, every
/// budget unlimited or not as `unlimited` says (`None`: at random).
fn hero_board_of(
    rng: &mut fastrand::Rng,
    side: u32,
    max_pieces: usize,
    unlimited: Option<bool>,
) -> (Board, Variant) {
    let b = random_board(rng, side, max_pieces);
    let hero_kind = PieceKind::ALL[rng.usize(..PieceKind::ALL.len())];
    let others: Vec<PieceKind> = PieceKind::ALL
        .iter()
        .copied()
        .filter(|&k| k != hero_kind)
        .collect();
    let unlimited = unlimited.unwrap_or_else(|| rng.bool());
    let n = b.len() as u32;
    let pieces = b
        .pieces()
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let kind = if i == 0 {
                hero_kind
            } else {
                others[rng.usize(..others.len())]
            };
            let budget = if unlimited { n - 1 } else { p.budget };
            Piece::new(kind, p.square, budget)
        })
        .collect();
    (
        Board::new(b.rows(), b.cols(), pieces).unwrap(),
        Variant::Uncapturable(hero_kind),
    )
}

/// The hero walk's verdicts against brute force, both ways (a solved board's sequence is
/// replayed by the checker inside the rule); each kind of answer must occur.
#[test]
fn the_hero_walk_agrees_with_brute_force() {
    let mut rng = fastrand::Rng::with_seed(0x3c);
    let (mut refuted, mut solved) = (0, 0);
    for _ in 0..6000 {
        let (b, variant) = hero_board(&mut rng);
        let graph = PotentialGraph::new(&b);
        if components::components(&graph).count > 1 || cuts::refute(&b, &graph.captures).is_some() {
            continue;
        }
        let Some(decision) = hero::decide(&b, variant, &graph, None) else {
            continue;
        };
        let expected = brute_force(&b, variant).is_some();
        assert_eq!(
            decision.moves.is_some(),
            expected,
            "{b:?} {variant:?}: {}",
            decision.reason
        );
        if expected {
            solved += 1;
        } else {
            refuted += 1;
        }
    }
    assert!(refuted >= 200, "only {refuted} boards refuted");
    assert!(solved >= 200, "only {solved} boards solved");
}

/// A knight between two bishops that share no diagonal: it takes one and cannot turn
/// back for the other.
#[test]
fn the_hero_walk_refutes_two_branches() {
    use PieceKind::{Bishop, Knight};
    let b = board(&[(Knight, 1, 3, 2), (Bishop, 2, 1, 2), (Bishop, 2, 5, 2)]);
    let variant = Variant::Uncapturable(Knight);
    assert_eq!(brute_force(&b, variant), None);
    assert_eq!(
        decide(&b, Variant::Standard, None).map(|d| d.reason),
        None,
        "no other rule sees it"
    );
    let graph = PotentialGraph::new(&b);
    let why = hero::decide(&b, variant, &graph, None)
        .filter(|d| d.moves.is_none())
        .expect("refuted by the hero walk")
        .reason;
    assert!(why.contains("hero walk"), "{why}");
}

/// The SAT encoding of the walk (`walk_sat`) against the depth-first search, on small
/// hero boards and on larger ones of up to 30 pieces, every budget unbounded: the same
/// answer, and every walk it returns a simple path of hero moves from the hero that
/// enters every villain group.
#[test]
fn the_walk_by_sat_agrees_with_the_search() {
    let mut rng = fastrand::Rng::with_seed(0x5a7);
    let (mut walks, mut none) = (0, 0);
    for round in 0..4000 {
        let (b, variant) = if round % 2 == 0 {
            hero_board(&mut rng)
        } else {
            hero_board_of(&mut rng, 8, 30, Some(true))
        };
        let graph = PotentialGraph::new(&b);
        let Some(hero::Heroic { hero, moves, split }) = hero::heroic(&b, variant, &graph) else {
            continue;
        };
        let budget = b.pieces()[hero].budget;
        if (budget as usize) + 1 < b.len() {
            continue;
        }
        let searched = hero::Walk::new(&moves, &split.of, split.count, None, u64::MAX)
            .search(hero, budget)
            .expect("no limit");
        let by_sat = walk_sat::find_walk(&moves, &split.of, split.count, hero, budget, None)
            .expect("no limit");
        assert_eq!(searched.is_some(), by_sat.is_some(), "{b:?} {variant:?}");
        let Some(path) = by_sat else {
            none += 1;
            continue;
        };
        walks += 1;
        assert_eq!(path[0], hero);
        let mut seen = vec![false; b.len()];
        for pair in path.windows(2) {
            assert!(
                moves[pair[0]].contains(&(pair[1] as u32)),
                "{b:?}: {path:?}"
            );
        }
        for &s in &path {
            assert!(
                !std::mem::replace(&mut seen[s], true),
                "{b:?}: {path:?} repeats"
            );
        }
        for c in 0..split.count as u32 {
            let members: Vec<usize> = (0..b.len()).filter(|&s| split.of[s] == c).collect();
            assert!(
                c == split.of[hero] || members.iter().any(|&s| seen[s]),
                "{b:?}: {path:?} misses group {c}"
            );
        }
    }
    assert!(walks >= 300 && none >= 300, "{walks} walks, {none} without");
}
