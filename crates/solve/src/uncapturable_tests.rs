//! The uncapturable-kind rule ([`Variant::Uncapturable`]) in every engine: thousands of
//! small random boards of random kinds (pawns included), random budgets and a random
//! uncapturable kind, each decided by the default dispatch (special cases, spanning-tree
//! engine, portfolio), the search engine and the SAT encoding, against a brute force
//! written here from the rules as stated; every solving sequence is replayed by the
//! checker under the same rules, and a capture of an uncapturable piece is refused.

use rustc_hash::FxHashMap as HashMap;

use sat2chess_check::check_sequence;
use sat2chess_core::board::{Board, Piece, PieceKind, Square};
use sat2chess_core::rules::{Move, Variant};

use crate::{Method, SolveOptions, SpecialCase, Verdict, solve};

/// A piece of the brute force: square (row, col), kind, budget.
pub(crate) type Cell = ((i64, i64), PieceKind, u32);

/// Whether `kind` on `from` captures on `to` in `cells` (blockers included), from the
/// rules as stated: kings and knights step, pawns step diagonally toward row 1,
/// rooks/bishops/queens slide over empty squares.
fn captures(cells: &[Cell], kind: PieceKind, from: (i64, i64), to: (i64, i64)) -> bool {
    let (dr, dc) = (to.0 - from.0, to.1 - from.1);
    let (straight, diagonal) = (dr == 0 || dc == 0, dr.abs() == dc.abs());
    let slides = match kind {
        PieceKind::King => return dr.abs().max(dc.abs()) == 1,
        PieceKind::Knight => return dr.abs() * dc.abs() == 2,
        PieceKind::Pawn => return dr == -1 && dc.abs() == 1,
        PieceKind::Rook => straight,
        PieceKind::Bishop => diagonal,
        PieceKind::Queen => straight || diagonal,
    };
    let steps = dr.abs().max(dc.abs());
    slides
        && steps > 0
        && (1..steps).all(|k| {
            let square = (from.0 + dr.signum() * k, from.1 + dc.signum() * k);
            cells.iter().all(|cell| cell.0 != square)
        })
}

/// Whether `cells` reduce to one piece when no piece of `protected` is ever captured.
pub(crate) fn brute(
    cells: &[Cell],
    protected: Option<PieceKind>,
    memo: &mut HashMap<Vec<Cell>, bool>,
) -> bool {
    if cells.len() == 1 {
        return true;
    }
    if let Some(&known) = memo.get(cells) {
        return known;
    }
    let mut solvable = false;
    'search: for (i, &(from, kind, budget)) in cells.iter().enumerate() {
        if budget == 0 {
            continue;
        }
        for (j, &(to, target, _)) in cells.iter().enumerate() {
            if i == j || Some(target) == protected || !captures(cells, kind, from, to) {
                continue;
            }
            let mut next: Vec<Cell> = cells.to_vec();
            next[j] = (to, kind, budget - 1);
            next.remove(i);
            if brute(&next, protected, memo) {
                solvable = true;
                break 'search;
            }
        }
    }
    memo.insert(cells.to_vec(), solvable);
    solvable
}

/// SplitMix64.
pub(crate) struct Random(pub(crate) u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub(crate) fn below(&mut self, bound: u64) -> u64 {
        self.next() % bound
    }
}

/// A random board: 2–7 pieces on at most 4×4 squares, kinds from a random mix of one to
/// three kinds, budgets all ≤ 1, all ≥ n − 1 ("unlimited"), or 0–3; sometimes on one row.
fn random_board(random: &mut Random) -> Board {
    let rows = 1 + random.below(4) as u32;
    let cols = 2 + random.below(3) as u32;
    let n = (2 + random.below(6) as usize).min((rows * cols) as usize);
    let mix: Vec<PieceKind> = (0..1 + random.below(3))
        .map(|_| PieceKind::ALL[random.below(6) as usize])
        .collect();
    let budget_mode = random.below(3);
    let mut squares: Vec<Square> = (1..=rows)
        .flat_map(|r| (1..=cols).map(move |c| Square::new(r, c)))
        .collect();
    let mut pieces = Vec::new();
    for _ in 0..n {
        let square = squares.swap_remove(random.below(squares.len() as u64) as usize);
        let kind = mix[random.below(mix.len() as u64) as usize];
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
        1 => Variant::Uncapturable(PieceKind::ALL[random.below(6) as usize]),
        _ => {
            let pieces = board.pieces();
            Variant::Uncapturable(pieces[random.below(pieces.len() as u64) as usize].kind)
        }
    }
}

/// The brute force's cells of `board`, sorted.
pub(crate) fn cells(board: &Board) -> Vec<Cell> {
    let mut cells: Vec<Cell> = board
        .pieces()
        .iter()
        .map(|p| ((p.square.row as i64, p.square.col as i64), p.kind, p.budget))
        .collect();
    cells.sort_unstable();
    cells
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
