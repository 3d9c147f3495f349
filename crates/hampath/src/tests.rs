//! Every implemented construction on random small instances (both verdicts): the board
//! decided by the exact Solo Chess solver agrees with the Hamiltonian Path solver, the
//! certificate of a path replays through the independent checker under the board's
//! rules, and the solver's own sequence decodes to a Hamiltonian path.

use std::time::Duration;

use sat2chess_core::board::PieceKind;
use sat2chess_core::rules::Variant;
use sat2chess_solve::{SolveOptions, Verdict};

use crate::graph::HamGraph;
use crate::path::check_path;
use crate::solve::hamiltonian_path;
use crate::theorem::{Theorem, covering};

/// A random grid graph on at most `side × side` points, of maximum degree `max_degree`,
/// with a start vertex (of degree ≤ 1 if `need_end_of_degree_1` and the graph has one).
fn random_grid(
    rng: &mut fastrand::Rng,
    side: i64,
    max_degree: usize,
    need_end_of_degree_1: bool,
) -> HamGraph {
    let mut points: Vec<(i64, i64)> = if rng.bool() {
        (0..side)
            .flat_map(|x| (0..side).map(move |y| (x, y)))
            .filter(|_| rng.u8(..100) < 70)
            .collect()
    } else {
        // A self-avoiding walk (a Hamiltonian path of its points when no vertex is
        // dropped below), started at its first point.
        let mut walk = vec![(0, 0)];
        for _ in 0..rng.usize(1..(side * side) as usize) {
            let (x, y) = *walk.last().expect("non-empty");
            let steps = [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)];
            let free: Vec<_> = steps.iter().filter(|p| !walk.contains(p)).collect();
            if free.is_empty() {
                break;
            }
            walk.push(*free[rng.usize(..free.len())]);
        }
        walk
    };
    if points.is_empty() {
        points.push((0, 0));
    }
    loop {
        let graph = HamGraph::grid(points.clone());
        match (0..graph.len()).find(|&v| graph.neighbours(v).len() > max_degree) {
            Some(v) => {
                let drop = graph.neighbours(v)[rng.usize(..graph.neighbours(v).len())];
                points.remove(drop);
            }
            None => {
                let mut graph = graph;
                let ends: Vec<usize> = (0..graph.len())
                    .filter(|&v| graph.neighbours(v).len() <= 1)
                    .collect();
                graph.start = Some(if need_end_of_degree_1 && !ends.is_empty() {
                    ends[rng.usize(..ends.len())]
                } else if rng.bool() {
                    0
                } else {
                    rng.usize(..graph.len())
                });
                return graph;
            }
        }
    }
}

/// A random graph of maximum degree 3 with a start and an end of degree 1.
fn random_degree3(rng: &mut fastrand::Rng) -> HamGraph {
    let inner = rng.usize(0..7);
    let n = inner + 2;
    let (s, t) = (inner, inner + 1);
    let mut degree = vec![0; n];
    let mut edges = Vec::new();
    if inner == 0 {
        let mut graph = HamGraph::with_edges(2, &[(0, 1)]).expect("edges in range");
        (graph.start, graph.end) = (Some(0), Some(1));
        return graph;
    }
    let attach = |rng: &mut fastrand::Rng,
                  edges: &mut Vec<(usize, usize)>,
                  degree: &mut Vec<usize>,
                  a: usize| {
        let free: Vec<usize> = (0..inner).filter(|&v| degree[v] < 3).collect();
        let b = if free.is_empty() {
            s
        } else {
            free[rng.usize(..free.len())]
        };
        edges.push((a, b));
        degree[a] += 1;
        degree[b] += 1;
    };
    attach(rng, &mut edges, &mut degree, s);
    attach(rng, &mut edges, &mut degree, t);
    for _ in 0..rng.usize(0..=3 * inner / 2 + 1) {
        let (a, b) = (rng.usize(..inner.max(1)), rng.usize(..inner.max(1)));
        if inner > 1
            && a != b
            && degree[a] < 3
            && degree[b] < 3
            && !edges.contains(&(a, b))
            && !edges.contains(&(b, a))
        {
            edges.push((a, b));
            degree[a] += 1;
            degree[b] += 1;
        }
    }
    let mut graph = HamGraph::with_edges(n, &edges).expect("edges in range");
    graph.start = Some(s);
    graph.end = Some(t);
    graph
}

/// Runs one instance through `theorem`; returns whether it has a Hamiltonian path
/// (`None`: the instance does not meet the construction's requirements).
fn exercise(theorem: &Theorem, graph: &HamGraph, variant: Variant) -> Option<bool> {
    let construction = theorem.build(graph, variant).ok()?;
    let expected = hamiltonian_path(graph).expect("solver");
    let options = SolveOptions {
        variant,
        time_limit: Some(Duration::from_secs(20)),
        ..SolveOptions::default()
    };
    match sat2chess_solve::solve(&construction.board, &options).verdict {
        Verdict::Solvable(moves) => {
            assert!(
                expected.is_some(),
                "solvable board without a path: {graph:?}"
            );
            let path = construction
                .decode(graph, &moves)
                .expect("solver's sequence decodes");
            check_path(graph, &path).expect("decoded path");
        }
        Verdict::Unsolvable => assert!(
            expected.is_none(),
            "unsolvable board with a path: {graph:?}"
        ),
        Verdict::Unknown => panic!("undecided board: {graph:?}"),
    }
    if let Some(path) = &expected {
        let moves = theorem
            .certify(graph, &construction, path)
            .expect("certificate");
        let report = sat2chess_check::check_sequence(&construction.board, &moves, variant);
        assert!(report.is_solution(), "certificate fails: {report:?}");
        assert_eq!(&construction.decode(graph, &moves).expect("decode"), path);
    }
    Some(expected.is_some())
}

fn run(
    theorem: &Theorem,
    variant: Variant,
    mut instance: impl FnMut(&mut fastrand::Rng) -> HamGraph,
) {
    let mut rng = fastrand::Rng::with_seed(2023);
    let (mut yes, mut no) = (0, 0);
    while yes + no < 200 {
        match exercise(theorem, &instance(&mut rng), variant) {
            Some(true) => yes += 1,
            Some(false) => no += 1,
            None => {}
        }
    }
    assert!(yes >= 30 && no >= 30, "{yes} with a path, {no} without");
}

#[test]
fn theorem_3_1_knight_among_pawns() {
    let theorem = covering(PieceKind::Knight, PieceKind::Pawn).unwrap();
    run(theorem, Variant::Standard, |rng| {
        random_grid(rng, 4, 4, false)
    });
}

#[test]
fn theorem_3_1_knight_among_kings() {
    let theorem = covering(PieceKind::King, PieceKind::Knight).unwrap();
    run(theorem, Variant::Standard, |rng| {
        random_grid(rng, 4, 4, false)
    });
}

#[test]
fn theorem_3_2_rook_among_pawns() {
    let theorem = covering(PieceKind::Pawn, PieceKind::Rook).unwrap();
    run(theorem, Variant::Standard, random_degree3);
}

#[test]
fn theorem_3_7_king_among_pawns_capturable() {
    let theorem = covering(PieceKind::Pawn, PieceKind::King).unwrap();
    run(theorem, Variant::Standard, |rng| {
        random_grid(rng, 4, 3, true)
    });
}

#[test]
fn theorem_3_7_king_among_pawns_uncapturable() {
    let theorem = covering(PieceKind::Pawn, PieceKind::King).unwrap();
    run(theorem, Variant::KingLast, |rng| {
        random_grid(rng, 4, 3, true)
    });
}

/// 200 random degree-3 instances for each pair of one corollary.
fn corollary(number: &str) {
    for theorem in crate::theorem::THEOREMS
        .iter()
        .filter(|t| t.number == number)
    {
        run(theorem, Variant::Standard, random_degree3);
    }
}

#[test]
fn corollary_3_3_rook_among_kings_or_knights() {
    corollary("3.3");
}

#[test]
fn corollary_3_4_rook_or_queen_among_others() {
    corollary("3.4");
}

#[test]
fn corollary_3_5_bishop_among_pawns_kings_or_knights() {
    corollary("3.5");
}

#[test]
fn corollary_3_6_bishop_or_queen_among_rooks() {
    corollary("3.6");
}

#[test]
fn only_the_special_piece_moves_on_moved_boards() {
    let mut rng = fastrand::Rng::with_seed(9);
    for theorem in crate::theorem::THEOREMS
        .iter()
        .filter(|t| t.number.as_bytes()[2] >= b'3' && t.number != "3.7")
    {
        for _ in 0..20 {
            let graph = random_degree3(&mut rng);
            let c = theorem.build(&graph, Variant::Standard).unwrap();
            let position = sat2chess_core::rules::Position::new(&c.board, Variant::Standard);
            assert!(
                position.legal_moves().iter().all(|mv| mv.from == c.special),
                "{theorem:?}"
            );
        }
    }
}

#[test]
fn only_the_special_piece_moves_on_knight_and_rook_boards() {
    let mut rng = fastrand::Rng::with_seed(7);
    for _ in 0..50 {
        for (theorem, graph) in [
            (
                covering(PieceKind::Knight, PieceKind::King).unwrap(),
                random_grid(&mut rng, 5, 4, false),
            ),
            (
                covering(PieceKind::Rook, PieceKind::Pawn).unwrap(),
                random_degree3(&mut rng),
            ),
        ] {
            let c = theorem.build(&graph, Variant::Standard).unwrap();
            let position = sat2chess_core::rules::Position::new(&c.board, Variant::Standard);
            assert!(position.legal_moves().iter().all(|mv| mv.from == c.special));
        }
    }
}

/// Theorem 3.7 with a start of degree 3: the king leaves its green pawn by one edge
/// and passes the start's vertex square later by the other two, so this board is
/// solvable although no Hamiltonian path starts at (2,3) — the construction refuses it.
#[test]
fn theorem_3_7_refuses_a_start_of_degree_3() {
    let points = vec![
        (0, 0),
        (0, 2),
        (0, 3),
        (1, 0),
        (1, 2),
        (1, 3),
        (2, 0),
        (2, 2),
        (2, 3),
        (3, 0),
        (3, 1),
        (3, 2),
        (3, 3),
    ];
    let mut graph = HamGraph::grid(points);
    graph.start = Some(8);
    assert_eq!(hamiltonian_path(&graph).unwrap(), None);
    let theorem = covering(PieceKind::King, PieceKind::Pawn).unwrap();
    let refused = theorem.build(&graph, Variant::KingLast).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "needs a start vertex of degree 1, (2,3) has degree 3"
    );
}

#[test]
fn boards_wider_than_u32_are_refused() {
    let mut graph = HamGraph::grid(vec![(0, 0), (1, 0), (-1_000_000_000, 1_000_000_000)]);
    graph.start = Some(0);
    let theorem = covering(PieceKind::King, PieceKind::Pawn).unwrap();
    let refused = theorem.build(&graph, Variant::Standard).unwrap_err();
    assert!(
        matches!(refused, crate::requirement::Requirement::TooLarge { .. }),
        "{refused}"
    );
}
