use super::*;
use crate::gadgets::king_gadget;
use crate::verify::library::default_options;

fn options(max_kings: usize) -> SynthOptions {
    SynthOptions {
        max_kings,
        time_limit: Some(Duration::from_secs(60)),
        verify: default_options(),
    }
}

fn frame(name: &str, rows: u32, cols: u32) -> Frame {
    let spec = king_gadget(name).unwrap().unwrap();
    frame_spec(&spec, rows, cols).unwrap()
}

#[test]
fn finds_the_smallest_wire_in_a_wider_frame() {
    let synthesis = synthesize(&frame("wire-horizontal", 2, 3), &options(6), &mut |_| ()).unwrap();
    let Synthesized::Found(gadget) = synthesis.result else {
        panic!("no wire found: {synthesis:?}");
    };
    assert_eq!(gadget.art(), "a2X\na2X\n");
    assert!(verify_gadget(&gadget, &default_options()).passed());
    // Bounds 0 and 1 were searched to the end before the two kings were accepted.
    assert_eq!(synthesis.exhausted_bounds.len(), 2);
}

#[test]
fn an_increment_without_room_is_exhausted() {
    // A 2 × 3 frame has room for two kings between the ports: they make a wire, which
    // never raises a 0-signal to 1.
    let synthesis = synthesize(&frame("increment", 2, 3), &options(2), &mut |_| ()).unwrap();
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
        let synthesis = synthesize(&own, &options(kings - 1), &mut |_| ()).unwrap();
        assert!(
            matches!(synthesis.result, Synthesized::Exhausted { .. }),
            "{name}: {synthesis:?}"
        );
        assert_eq!(synthesis.undecided, 0, "{name}");
    }
}
