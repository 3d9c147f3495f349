//! Aravind–Misra–Mittal (FUN 2022, issue 30): Theorem 3's queen board (`compile --to
//! queen --via rbds`) on the command line, certified, checked and decoded from its
//! provenance alone, both from the certificate and from a sequence the solver found;
//! Theorems 1 and 4 (the solver's special cases for rooks on a line and 2-pawns) as the
//! paper states them, against brute force.

use std::collections::BTreeSet;
use std::path::Path;

use sat2chess::board::{Board, Piece, PieceKind, Square};
use sat2chess::check::check_sequence;
use sat2chess::rules::{Position, Variant};
use sat2chess::solve::brute::brute_force;
use sat2chess::solve::{Method, SolveOptions, SpecialCase, Verdict, solve};

use crate::common::{run, scratch};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The model `decode` prints (`v … 0`), as DIMACS literals.
fn decoded_model(board: &Path, formula: &str, moves: &Path) -> Vec<i64> {
    let out = run(&[
        "decode",
        board.to_str().unwrap(),
        "--formula",
        formula,
        moves.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let line = stdout
        .lines()
        .find(|line| line.starts_with("v "))
        .unwrap_or_else(|| panic!("no model line in {stdout}"));
    line[2..]
        .split_whitespace()
        .map(|lit| lit.parse().unwrap())
        .filter(|&lit| lit != 0)
        .collect()
}

/// cnf_3x3: (x1 ∨ ¬x2) ∧ (x2 ∨ x3) ∧ (¬x1 ∨ ¬x3).
fn satisfies_cnf_3x3(model: &[i64]) -> bool {
    let holds = |lit: i64| model.contains(&lit);
    (holds(1) || holds(-2)) && (holds(2) || holds(3)) && (holds(-1) || holds(-3))
}

#[test]
fn theorem_3_queen_board_certifies_checks_and_decodes() {
    let dir = scratch("amm/queen");
    let (board, moves, solved) = (
        dir.join("q.json"),
        dir.join("m.json"),
        dir.join("solved.json"),
    );
    let formula = "tests/formulas/cnf_3x3.cnf";
    let out = run(&[
        "compile",
        formula,
        "--to",
        "queen",
        "--via",
        "rbds",
        "-o",
        board.to_str().unwrap(),
        "--certify",
        "--moves-out",
        moves.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let json = std::fs::read_to_string(&board).unwrap();
    // 13 rows; the Theorem 2 board's 15 columns spread 13 apart: 14 · 13 + 1.
    assert!(json.contains("\"rows\":13,\"cols\":183"), "{json}");
    assert!(json.contains("\"target\":\"queen\""), "{json}");
    assert!(json.contains("\"options\":{\"via\":\"rbds\"}"), "{json}");
    let out = run(&["check", board.to_str().unwrap(), moves.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    assert!(satisfies_cnf_3x3(&decoded_model(&board, formula, &moves)));
    // A sequence the solver finds (not the certificate) decodes to a model too.
    let out = run(&[
        "solve",
        board.to_str().unwrap(),
        "-o",
        solved.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(satisfies_cnf_3x3(&decoded_model(&board, formula, &solved)));
}

#[test]
fn theorem_3_unsatisfiable_formula_exits_1_and_the_board_is_unsolvable() {
    let dir = scratch("amm/queen-unsat");
    let (board, moves) = (dir.join("q.json"), dir.join("m.json"));
    let out = run(&[
        "compile",
        "examples/cnf/unsat.cnf",
        "--to",
        "queen",
        "--via",
        "rbds",
        "-o",
        board.to_str().unwrap(),
        "--certify",
        "--moves-out",
        moves.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let out = run(&["solve", board.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
}

#[test]
fn via_rbds_refuses_bishops() {
    let out = run(&[
        "compile",
        "tests/formulas/cnf_3x3.cnf",
        "--to",
        "bishop",
        "--via",
        "rbds",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--via rbds builds rook and queen boards"),
        "{}",
        text(&out.stderr)
    );
}

/// Solves `board` (standard rules) and checks it against brute force: same verdict, a
/// solving sequence that replays; returns the verdict and the method that decided.
fn solve_against_brute_force(board: &Board) -> (bool, Method) {
    let report = solve(board, &SolveOptions::default());
    let expected = brute_force(board, Variant::Standard).is_some();
    match &report.verdict {
        Verdict::Solvable(moves) => {
            let replay = check_sequence(board, moves, Variant::Standard);
            assert!(replay.is_solution(), "{board:?}: {replay}");
            assert!(expected, "{board:?}: solved, brute force finds no solution");
        }
        Verdict::Unsolvable => assert!(!expected, "{board:?}: {}", report.reason),
        Verdict::Unknown => panic!("{board:?}: no verdict without a limit"),
    }
    (expected, report.stats.method)
}

/// Theorem 1 as the paper states it (via Lemma 9): the budgets `s` of the rooks in line
/// order (empty squares do not matter on a line) are solvable iff some rook ℓ has, on
/// each side, Σ (budget − 1) over the non-zero budgets ≥ the number of 0-budgets.
fn theorem_1(s: &[u32]) -> bool {
    let side_ok = |side: &[u32]| {
        let worth: u32 = side.iter().filter(|&&b| b > 0).map(|b| b - 1).sum();
        worth as usize >= side.iter().filter(|&&b| b == 0).count()
    };
    (0..s.len()).any(|l| side_ok(&s[..l]) && side_ok(&s[l + 1..]))
}

/// AMM 2022 Theorem 1 (rooks on one line, any budgets d): the criterion as stated, the
/// solver's special case (which must report this theorem) and brute force agree on
/// thousands of random boards of both verdicts; queens on a line count as rooks.
#[test]
fn amm_theorem_1_one_line_rooks_match_brute_force() {
    let mut rng = fastrand::Rng::with_seed(30);
    let (mut solvable, mut unsolvable) = (0, 0);
    for _ in 0..4000 {
        let length = rng.u32(2..=10);
        let count = rng.usize(2..=(length as usize).min(8));
        let mut cells: Vec<u32> = (1..=length).collect();
        rng.shuffle(&mut cells);
        cells.truncate(count);
        cells.sort_unstable();
        let on_row = rng.bool();
        let pieces: Vec<Piece> = cells
            .iter()
            .map(|&at| {
                let kind = [PieceKind::Rook, PieceKind::Rook, PieceKind::Queen][rng.usize(..3)];
                let square = if on_row {
                    Square::new(1, at)
                } else {
                    Square::new(at, 1)
                };
                Piece::new(kind, square, [0, 0, 0, 1, 1, 2, 3][rng.usize(..7)])
            })
            .collect();
        let budgets: Vec<u32> = pieces.iter().map(|p| p.budget).collect();
        let board = Board::fitted(pieces).unwrap();
        let (expected, method) = solve_against_brute_force(&board);
        assert_eq!(theorem_1(&budgets), expected, "{board:?}");
        if budgets.iter().any(|&b| b > 1) {
            assert_eq!(
                method,
                Method::Special(SpecialCase::OneLineRooks),
                "{board:?}"
            );
        }
        if expected {
            solvable += 1;
        } else {
            unsolvable += 1;
        }
    }
    assert!(
        solvable >= 800 && unsolvable >= 800,
        "{solvable} solvable, {unsolvable} not"
    );
}

/// Whether `board` can be cleared with the last piece keeping a capture (the paper's
/// *super-solvable*), by exhaustive search.
fn super_solvable(board: &Board) -> bool {
    fn go(position: &Position) -> bool {
        if position.len() == 1 {
            return position.to_board().pieces()[0].budget >= 1;
        }
        position.legal_moves().into_iter().any(|mv| {
            let mut next = position.clone();
            next.apply(mv).expect("legal move");
            go(&next)
        })
    }
    go(&Position::new(board, Variant::Standard))
}

/// The pawn squares of `board` as (row, col) pairs.
fn pawn_squares(board: &Board) -> BTreeSet<(u32, u32)> {
    board
        .pieces()
        .iter()
        .map(|p| (p.square.row, p.square.col))
        .collect()
}

/// The squares of `v` one capture below `(r, c)` (its children: pawns capture toward
/// row 1).
fn children(v: &BTreeSet<(u32, u32)>, (r, c): (u32, u32)) -> BTreeSet<(u32, u32)> {
    [(r + 1, c.wrapping_sub(1)), (r + 1, c + 1)]
        .into_iter()
        .filter(|s| v.contains(s))
        .collect()
}

/// Definition 13: `v` is a skewed binary tree rooted at `root`.
fn skewed_binary_tree(v: &BTreeSet<(u32, u32)>, root: (u32, u32)) -> bool {
    let same_colour = v.iter().all(|&(r, c)| (r + c) % 2 == (root.0 + root.1) % 2);
    let below = v.iter().all(|&s| s == root || s.0 > root.0);
    let parented = v.iter().all(|&(r, c)| {
        (r, c) == root || v.contains(&(r - 1, c - 1)) || v.contains(&(r - 1, c + 1))
    });
    let last = v.iter().map(|s| s.0).max().unwrap_or(root.0);
    let rows_ok = (root.0 + 1..=last).all(|row| {
        let cols: Vec<u32> = v.iter().filter(|s| s.0 == row).map(|s| s.1).collect();
        match cols[..] {
            [a, b] => b == a + 2 && v.contains(&(row - 1, a + 1)),
            [_] => row == last,
            _ => false,
        }
    });
    v.contains(&root) && same_colour && below && parented && rows_ok
}

/// Theorem 4's decision as its proof states it (Cases 1–3, each through Lemma 14); a
/// board in none of the cases is called unsolvable.
fn theorem_4_as_stated(v: &BTreeSet<(u32, u32)>) -> bool {
    let top = v.iter().map(|s| s.0).min().unwrap();
    let tops: Vec<(u32, u32)> = v.iter().copied().filter(|s| s.0 == top).collect();
    let [t] = tops[..] else { return false };
    let without = |gone: &[(u32, u32)]| -> BTreeSet<(u32, u32)> {
        v.iter().copied().filter(|s| !gone.contains(s)).collect()
    };
    let kids: Vec<(u32, u32)> = children(v, t).into_iter().collect();
    match kids[..] {
        [x] => skewed_binary_tree(&without(&[t]), x),
        [x, y] => {
            let (cx, cy) = (children(v, x), children(v, y));
            let common: BTreeSet<(u32, u32)> = cx.intersection(&cy).copied().collect();
            let case_2 = [(x, &cy), (y, &cx)]
                .into_iter()
                .any(|(keep, other_children)| {
                    let drop = if keep == x { y } else { x };
                    // "has no child other than the common child": none at all counts too.
                    other_children.is_subset(&common)
                        && skewed_binary_tree(&without(&[t, drop]), keep)
                });
            let union: Vec<(u32, u32)> = cx.union(&cy).copied().collect();
            let case_3 = union.len() == 3
                && (0..3).any(|w| {
                    let others: Vec<(u32, u32)> =
                        (0..3).filter(|&i| i != w).map(|i| union[i]).collect();
                    let (u, vv, ww) = (others[0], others[1], union[w]);
                    let cw = children(v, ww);
                    children(v, u).is_subset(&cw)
                        && children(v, vv).is_subset(&cw)
                        && skewed_binary_tree(&without(&[t, x, y, u, vv]), ww)
                });
            case_2 || case_3
        }
        _ => false,
    }
}

/// A random board of 2-pawns grown from one pawn on row 1: each next row takes 1–3 of
/// the squares below the previous row's pawns, and one board in eight gets a stray pawn
/// anywhere in the window (other colour, no parent, a second top pawn, …).
fn random_two_pawns(rng: &mut fastrand::Rng, count: usize) -> Board {
    let mut row = vec![(1, 2 * rng.u32(0..3) + 8)];
    let mut squares = row.clone();
    while squares.len() < count {
        let mut below: Vec<(u32, u32)> = row
            .iter()
            .flat_map(|&(r, c)| [(r + 1, c - 1), (r + 1, c + 1)])
            .collect();
        below.sort_unstable();
        below.dedup();
        rng.shuffle(&mut below);
        below.truncate(rng.usize(1..=3).min(count - squares.len()));
        squares.extend(&below);
        row = below;
    }
    if rng.u32(0..8) == 0 {
        let last = squares.iter().map(|s| s.0).max().unwrap();
        let stray = (rng.u32(1..=last + 1), rng.u32(2..=18));
        if !squares.contains(&stray) {
            squares.push(stray);
        }
    }
    let pieces = squares
        .into_iter()
        .map(|(r, c)| Piece::new(PieceKind::Pawn, Square::new(r, c), 2))
        .collect();
    Board::fitted(pieces).unwrap()
}

/// AMM 2022 Theorem 4 (Pawn 2-Solo Chess) on thousands of random boards of 2-pawns,
/// both verdicts: the solver's special case (reported as this theorem) agrees with brute
/// force; Lemma 14 (super-solvable iff a skewed binary tree) holds as stated; the
/// proof's Cases 1–3 never call an unsolvable board solvable, but miss solvable boards
/// (the module doc of `solve::special::pawn_two` names one; the solver does not use the
/// case split).
#[test]
fn amm_theorem_4_two_pawns_match_brute_force() {
    let mut rng = fastrand::Rng::with_seed(4);
    let (mut solvable, mut unsolvable, mut missed, mut skewed) = (0, 0, 0, 0);
    for _ in 0..3000 {
        let count = rng.usize(2..=9);
        let board = random_two_pawns(&mut rng, count);
        let (expected, method) = solve_against_brute_force(&board);
        // Fewer than 4 pawns: budget 2 ≥ n − 1, the unlimited case decides first.
        if board.len() >= 4 {
            assert_eq!(method, Method::Special(SpecialCase::PawnTwo), "{board:?}");
        }
        let v = pawn_squares(&board);
        let top = v.iter().min().copied().unwrap();
        let tree = v.iter().filter(|s| s.0 == top.0).count() == 1 && skewed_binary_tree(&v, top);
        assert_eq!(tree, super_solvable(&board), "Lemma 14 on {board:?}");
        skewed += usize::from(tree);
        let stated = theorem_4_as_stated(&v);
        assert!(
            !stated || expected,
            "Cases 1–3 solve an unsolvable {board:?}"
        );
        missed += usize::from(expected && !stated);
        if expected {
            solvable += 1;
        } else {
            unsolvable += 1;
        }
    }
    eprintln!(
        "pawns: {solvable} solvable ({missed} outside the paper's Cases 1–3), {unsolvable} \
         not, {skewed} skewed binary trees"
    );
    assert!(
        solvable >= 500 && unsolvable >= 500 && skewed >= 100 && missed > 0,
        "{solvable} solvable, {unsolvable} not, {skewed} skewed, {missed} missed"
    );
}

/// `solve --explain` names the theorem when the special case of Theorem 1 or 4 decides.
#[test]
fn explain_cites_amm_theorems_1_and_4() {
    let dir = scratch("amm/explain");
    let row = dir.join("rooks.txt");
    std::fs::write(
        &row,
        "sat2chess-board v1 1 6\nR 1 1 2\nR 1 2 0\nQ 1 4 1\nR 1 6 0\n",
    )
    .unwrap();
    let cases = [
        (row.to_str().unwrap(), "Aravind–Misra–Mittal 2022 Theorem 1"),
        (
            "examples/boards/pawns.json",
            "Aravind–Misra–Mittal 2022 Theorem 4",
        ),
    ];
    for (board, theorem) in cases {
        let out = run(&["solve", board, "--explain"]);
        let stdout = text(&out.stdout);
        assert!(stdout.contains(theorem), "{board}: {stdout}");
    }
}

/// An RBDS file compiles directly (Theorem 2 for rooks, Theorem 3 for queens): the
/// certificate checks, and decode prints the dominating set, from the certificate and
/// from a sequence the solver found; `--from rbds` reads another extension.
#[test]
fn rbds_file_compiles_to_rook_and_queen_boards_and_decodes_to_its_dominating_set() {
    let dir = scratch("amm/rbds-input");
    let instance = "examples/rbds/small.rbds";
    for target in ["rook", "queen"] {
        let board = dir.join(format!("{target}.json"));
        let (moves, solved) = (dir.join("m.json"), dir.join("solved.json"));
        let board_path = board.to_str().unwrap();
        let out = run(&[
            "compile",
            instance,
            "--to",
            target,
            "-o",
            board_path,
            "--certify",
            "--moves-out",
            moves.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let json = std::fs::read_to_string(&board).unwrap();
        assert!(json.contains("\"format\":\"rbds\""), "{json}");
        let out = run(&["check", board_path, moves.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
        let out = run(&["solve", board_path, "-o", solved.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        for sequence in [&moves, &solved] {
            let out = run(&[
                "decode",
                board_path,
                "--formula",
                instance,
                sequence.to_str().unwrap(),
            ]);
            assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
            assert_eq!(text(&out.stdout), "s DOMINATING SET\nv 2 0\n");
        }
    }
    let renamed = dir.join("small.txt");
    std::fs::copy(instance, &renamed).unwrap();
    let out = run(&[
        "compile",
        renamed.to_str().unwrap(),
        "--from",
        "rbds",
        "--to",
        "rook",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

/// A bad RBDS file is exit 2 naming file and line; an instance without a solution is
/// exit 1 with `--certify`, and its board is unsolvable; RBDS input is refused by the
/// other targets and by `sat`.
#[test]
fn rbds_input_errors_and_verdicts() {
    let dir = scratch("amm/rbds-errors");
    let bad = "tests/inputs/hardening/amm/red-out-of-range.rbds";
    let out = run(&["compile", bad, "--to", "rook"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("red-out-of-range.rbds: line 3: a red vertex 3 is not in 1..=2"),
        "{}",
        text(&out.stderr)
    );
    let none = "tests/inputs/hardening/amm/no-set.rbds";
    let board = dir.join("board.json");
    let out = run(&[
        "compile",
        none,
        "--to",
        "queen",
        "-o",
        board.to_str().unwrap(),
        "--certify",
        "--moves-out",
        dir.join("m.json").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("no dominating set of at most k reds"));
    assert_eq!(
        run(&["solve", board.to_str().unwrap()]).status.code(),
        Some(1)
    );
    for args in [
        &["compile", none, "--to", "king"][..],
        &["compile", none, "--to", "nqueens"][..],
        &["sat", none][..],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            text(&out.stderr).contains("compiles only to rook and queen boards"),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
}

/// RBDS files are recognised by their extension and, without one, by a first `p rbds`
/// line.
#[test]
fn rbds_format_from_name_and_content() {
    use sat2chess::front::FormulaFormat;
    assert_eq!(
        FormulaFormat::from_path(Path::new("a/x.RBDS")),
        Some(FormulaFormat::Rbds)
    );
    assert_eq!(
        FormulaFormat::from_content("c instance\n\np rbds 1 1 1\ne 1 1\n"),
        FormulaFormat::Rbds
    );
    assert_eq!(
        FormulaFormat::from_content("p | rbds\n"),
        FormulaFormat::Andor
    );
}
