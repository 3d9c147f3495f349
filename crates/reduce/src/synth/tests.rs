use super::*;
use crate::gadgets::king_gadget;
use crate::verify::library::default_options;

fn options(max_kings: usize) -> SynthOptions {
    SynthOptions {
        max_kings,
        first_bound: 0,
        time_limit: Some(Duration::from_secs(60)),
        verify: default_options(),
        avoid: Vec::new(),
    }
}

fn frame(name: &str, rows: u32, cols: u32) -> Frame {
    let spec = king_gadget(name).unwrap().unwrap();
    frame_spec(&spec, rows, cols).unwrap()
}

/// Synthesizes the wire in a 2 × 3 frame under `options`: its only wire must be found.
fn the_wire(options: &SynthOptions) -> (Gadget, Synthesis) {
    let synthesis = synthesize(
        &frame("wire-horizontal", 2, 3),
        options,
        &mut |_| (),
        &mut |_| Ok(()),
    )
    .unwrap();
    let Synthesized::Found(gadget) = &synthesis.result else {
        panic!("no wire found: {synthesis:?}");
    };
    assert_eq!(gadget.art(), "a2X\na2X\n");
    (gadget.as_ref().clone(), synthesis)
}

#[test]
fn finds_the_smallest_wire_in_a_wider_frame() {
    let (gadget, synthesis) = the_wire(&options(6));
    assert!(verify_gadget(&gadget, &default_options()).passed());
    // Bounds 0 and 1 were searched to the end before the two kings were accepted.
    assert_eq!(synthesis.exhausted_bounds.len(), 2);
}

#[test]
fn a_candidate_refused_assembled_is_blocked_alone() {
    let mut seen = Vec::new();
    let mut refuse_all = |candidate: &Gadget| {
        seen.push(candidate.art());
        Err(vec!["refused by the test".to_owned()])
    };
    let synthesis = synthesize(
        &frame("wire-horizontal", 2, 3),
        &options(6),
        &mut |_| (),
        &mut refuse_all,
    )
    .unwrap();
    // The only wire in the frame was verified, then refused: nothing else is a wire.
    assert_eq!(seen, ["a2X\na2X\n"]);
    assert_eq!(synthesis.refused_assembled, 1);
    assert!(
        matches!(synthesis.result, Synthesized::Exhausted { max_kings: 6 }),
        "{synthesis:?}"
    );
}

#[test]
fn a_candidate_to_avoid_is_never_proposed() {
    // The 2 × 3 frame's only wire, avoided, is never checked: the frame is exhausted.
    let wire = vec![Square::new(1, 2), Square::new(2, 2)];
    let mut seen = Vec::new();
    let avoiding = SynthOptions {
        avoid: vec![wire],
        ..options(6)
    };
    let synthesis = synthesize(
        &frame("wire-horizontal", 2, 3),
        &avoiding,
        &mut |_| (),
        &mut |candidate: &Gadget| {
            seen.push(candidate.art());
            Ok(())
        },
    )
    .unwrap();
    assert!(seen.is_empty(), "{seen:?}");
    assert!(
        matches!(synthesis.result, Synthesized::Exhausted { max_kings: 6 }),
        "{synthesis:?}"
    );
    // A king on a port square (no free square) is refused, not silently dropped.
    let on_a_port = SynthOptions {
        avoid: vec![vec![Square::new(1, 1)]],
        ..options(6)
    };
    let error = synthesize(
        &frame("wire-horizontal", 2, 3),
        &on_a_port,
        &mut |_| (),
        &mut |_| Ok(()),
    )
    .unwrap_err();
    assert!(
        matches!(error, SynthError::AvoidOutside { row: 1, col: 1 }),
        "{error}"
    );
}

#[test]
fn a_first_bound_skips_the_smaller_searches_only() {
    // Started at 6 kings, the 2 × 3 frame's only wire (2 kings) is still found, as the
    // model of bound 6 allows any number up to 6; no smaller bound was searched.
    let options = SynthOptions {
        first_bound: 6,
        ..options(6)
    };
    let (_, synthesis) = the_wire(&options);
    assert!(synthesis.exhausted_bounds.is_empty());
    // Above the largest bound (here the frame's two free squares), the search starts at
    // it: a bound is searched, so the exhaustion claim rests on a search.
    let options = SynthOptions {
        first_bound: 9,
        ..options
    };
    let increment = synthesize(
        &frame("increment", 2, 3),
        &options,
        &mut |_| (),
        &mut |_| Ok(()),
    );
    assert_eq!(increment.unwrap().exhausted_bounds, [(2, 0)]);
}

#[test]
fn an_increment_without_room_is_exhausted() {
    // A 2 × 3 frame has room for two kings between the ports: they make a wire, which
    // never raises a 0-signal to 1.
    let synthesis = synthesize(
        &frame("increment", 2, 3),
        &options(2),
        &mut |_| (),
        &mut |_| Ok(()),
    )
    .unwrap();
    assert!(
        matches!(synthesis.result, Synthesized::Exhausted { max_kings: 2 }),
        "{synthesis:?}"
    );
    assert_eq!(synthesis.undecided, 0);
}

#[test]
fn ports_on_the_far_edges_move_with_the_frame() {
    let corner = frame("corner", 4, 5);
    let port = |name| corner.gadget.port(name).unwrap().squares;
    assert_eq!(port('a'), [Square::new(1, 1), Square::new(2, 1)]);
    assert_eq!(port('X'), [Square::new(4, 4), Square::new(4, 5)]);
    let spec = king_gadget("corner").unwrap().unwrap();
    assert!(matches!(
        frame_spec(&spec, 1, 5),
        Err(SpecError::PortOutside { port: 'a', .. })
    ));
}

#[test]
fn at_most_counts_exactly() {
    for (n, bound) in [(4, 0), (4, 1), (4, 2), (5, 3)] {
        let mut cnf = FlatCnf::new(n as u32);
        at_most(&mut cnf, n, bound);
        let mut solver = IncrementalSat::new(SatBackend::Cadical, &cnf, &Stop::new(None, None));
        let mut models = 0;
        while solver.solve(&Stop::new(None, None)).unwrap() == Some(true) {
            let chosen: Vec<i32> = (1..=n as i32).filter(|&v| solver.value(v)).collect();
            assert!(chosen.len() <= bound, "{chosen:?}");
            let block: Vec<i32> = (1..=n as i32)
                .map(|v| if chosen.contains(&v) { -v } else { v })
                .collect();
            solver.add_clause(&block);
            models += 1;
        }
        let expected: usize = (0..=bound).map(|k| binomial(n, k)).sum();
        assert_eq!(models, expected, "n = {n}, bound = {bound}");
    }
}

fn binomial(n: usize, k: usize) -> usize {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// The library's corner and 1-test, which the King backend stamps, are synthesized and
/// the smallest in their own frames: one king fewer is exhausted there (issue 32).
#[test]
fn library_corner_and_one_test_are_smallest_in_their_frames() {
    for name in ["corner", "one-test"] {
        let gadget = king_gadget(name).unwrap().unwrap();
        assert_eq!(gadget.layout, SYNTHESIZED, "{name}");
        let own = frame(name, gadget.rows, gadget.cols);
        let kings = gadget.pieces.len() - own.gadget.pieces.len();
        let synthesis =
            synthesize(&own, &options(kings - 1), &mut |_| (), &mut |_| Ok(())).unwrap();
        assert!(
            matches!(synthesis.result, Synthesized::Exhausted { .. }),
            "{name}: {synthesis:?}"
        );
        assert_eq!(synthesis.undecided, 0, "{name}");
    }
}

/// The witness clauses are sound: every basic King gadget of the library (each verified
/// by exhaustive search) satisfies them in its own frame, so they never exclude a
/// gadget the verifier accepts.
#[test]
fn witness_clauses_accept_every_library_gadget() {
    let mut checked = 0;
    for gadget in crate::gadgets::king_library().unwrap() {
        let Ok(own) = frame_spec(&gadget, gadget.rows, gadget.cols) else {
            continue; // a composite
        };
        let free = own.free_squares();
        let var = |square: Square| free.iter().position(|&s| s == square).map(|i| i as i32 + 1);
        let mut cnf = FlatCnf::new(free.len() as u32);
        let copies = witness::witness_clauses(&own, &free, &var, &mut cnf);
        for (i, square) in free.iter().enumerate() {
            let placed = gadget.pieces.iter().any(|&(s, _)| s == *square);
            let v = i as i32 + 1;
            cnf.add_clause(&[if placed { v } else { -v }]);
        }
        let stop = Stop::new(None, None);
        let mut solver = IncrementalSat::new(SatBackend::Cadical, &cnf, &stop);
        assert_eq!(solver.solve(&stop).unwrap(), Some(true), "{}", gadget.name);
        assert!(copies > 0 || gadget.table.is_empty(), "{}", gadget.name);
        checked += 1;
    }
    assert!(checked >= 10, "{checked} gadgets");
}

/// The witness clauses are exact: on random candidates, they are satisfiable exactly
/// when, for every row, tuple and input placement, the search engine (exhaustive over
/// capture sequences, not the spanning-tree characterisation they encode) reaches an
/// end configuration reading at least the tuple (or one piece, for the 1-test).
#[test]
fn witness_clauses_match_exhaustive_search_on_random_candidates() {
    use crate::verify::{Measured, gadget_with_inputs, read_outputs};
    use sat2chess_core::board::Board;
    use sat2chess_solve::{Method, SolveOptions, Verdict, solve};
    let search = SolveOptions {
        method: Some(Method::Search),
        ..SolveOptions::default()
    };
    let mut rng = fastrand::Rng::with_seed(32);
    let (mut agreed, mut witnessed) = (0, 0);
    // (gadget, frame, candidates, chance of a king on a free square): small enough for
    // the search engine to enumerate every end configuration.
    for (name, rows, cols, samples, density) in [
        ("or", 4, 4, 40, 0.5),
        ("corner", 4, 3, 60, 0.5),
        ("increment", 3, 5, 40, 0.5),
        ("variable", 2, 7, 60, 0.5),
        ("one-test", 3, 4, 60, 0.5),
    ] {
        let own = frame(name, rows, cols);
        let free = own.free_squares();
        let var = |square: Square| free.iter().position(|&s| s == square).map(|i| i as i32 + 1);
        let mut cnf = FlatCnf::new(free.len() as u32);
        witness::witness_clauses(&own, &free, &var, &mut cnf);
        for _ in 0..samples {
            let kings: Vec<Square> = free
                .iter()
                .copied()
                .filter(|_| rng.f32() < density)
                .collect();
            let candidate = own.gadget_with(&kings);
            let inputs = candidate.inputs().len();
            let every_copy_exists = candidate.table.iter().all(|row| {
                (0..1usize << inputs).all(|bits| {
                    let placement: Vec<usize> = (0..inputs).map(|i| (bits >> i) & 1).collect();
                    let pieces = gadget_with_inputs(&candidate, &row.inputs, &placement);
                    match &row.expected {
                        Outcome::Solvable(false) => true,
                        Outcome::Solvable(true) => {
                            let board = Board::fitted(pieces).unwrap();
                            matches!(solve(&board, &search).verdict, Verdict::Solvable(_))
                        }
                        Outcome::Outputs(tuples) => {
                            let (Measured::Outputs { all, .. }, _) =
                                read_outputs(&candidate, pieces, &search)
                            else {
                                panic!("{name}: the search gave up");
                            };
                            tuples
                                .iter()
                                .filter(|t| t.iter().all(|&v| v >= 0))
                                .all(|t| {
                                    all.iter()
                                        .any(|reached| reached.iter().zip(t).all(|(r, w)| r >= w))
                                })
                        }
                    }
                })
            });
            let mut units = cnf.clone();
            for (i, square) in free.iter().enumerate() {
                let v = i as i32 + 1;
                units.add_clause(&[if kings.contains(square) { v } else { -v }]);
            }
            let stop = Stop::new(None, None);
            let mut solver = IncrementalSat::new(SatBackend::Cadical, &units, &stop);
            let satisfiable = solver.solve(&stop).unwrap() == Some(true);
            assert_eq!(satisfiable, every_copy_exists, "{name}: kings {kings:?}");
            agreed += 1;
            witnessed += usize::from(satisfiable);
        }
    }
    // Both answers occur, so the comparison is not one-sided.
    assert!(
        witnessed > 5 && witnessed < agreed - 5,
        "{witnessed} of {agreed}"
    );
}
