use super::*;
use crate::back::element::Library;
use crate::back::geometry::{Column, Frame, Reach};
use crate::back::king::GateKind;
use crate::back::tile_check::{self, Expected, StampedTile, row};
use crate::back::tileset::Tileset;

/// The Knight pieces of signal (x, y) on a column `[outer, inner]` (thesis §6.1): a
/// y-knight on the inner square, a 2-knight on the outer square if x = 1.
fn signal_pieces(column: Column, [x, y]: Pair) -> Vec<(P, u32)> {
    let mut pieces = vec![(column[1], y as u32)];
    if x == 1 {
        pieces.push((column[0], 2));
    }
    pieces
}

const PAIRS: [Pair; 4] = [[0, 0], [1, 0], [0, 1], [1, 1]];
const TRUTHS: [Pair; 2] = [[0, 0], [1, 0]];

/// Every input combination of `tile` (pairs, or truth values into a gate) with the
/// maximal output tuples of its function (thesis Theorem 6.13): wire, corner and
/// crossing pass every pair, the variable gives (1,0) to exactly one output, Or and And
/// on truth values are maximum and minimum, and the 1-test reduces to one piece iff
/// the first component of its input is 1.
fn cases(design: Design, tile: &StampedTile) -> Vec<(Vec<Pair>, Expected)> {
    let range: &[Pair] = match design {
        Design::Gate(_) => &TRUTHS,
        _ => &PAIRS,
    };
    let combos: Vec<Vec<Pair>> = match tile.inputs.len() {
        0 => vec![vec![]],
        1 => range.iter().map(|&a| vec![a]).collect(),
        _ => range
            .iter()
            .flat_map(|&a| range.iter().map(move |&b| vec![a, b]))
            .collect(),
    };
    combos
        .into_iter()
        .map(|signals| {
            let flat: Vec<i8> = signals.iter().flatten().copied().collect();
            let expected = match design {
                Design::Wire | Design::Corner | Design::Crossing => Expected::Maximal(vec![flat]),
                Design::VariableOpposite | Design::VariableAdjacent | Design::VariableUpright => {
                    Expected::Maximal(vec![vec![0, 0, 1, 0], vec![1, 0, 0, 0]])
                }
                Design::Gate(GateKind::Or) => {
                    Expected::Maximal(vec![vec![signals[0][0].max(signals[1][0]), 0]])
                }
                Design::Gate(GateKind::And) => {
                    Expected::Maximal(vec![vec![signals[0][0].min(signals[1][0]), 0]])
                }
                Design::OneTest => Expected::Solvable(signals[0][0] == 1),
            };
            (signals, expected)
        })
        .collect()
}

fn library() -> Library {
    Library::new(Knight.library().unwrap())
}

/// Every Knight tile design as stamped, in both colours.
fn stamped_tiles(library: &Library) -> Vec<(Design, StampedTile)> {
    let tileset = Tileset::new(&Knight, library).unwrap();
    let mut tiles = Vec::new();
    for &design in Knight.designs() {
        for colour in [0, 1] {
            let frame = Frame {
                colour,
                ..Frame::tight_in(tileset.reach[&design], SideParity::Quad, (0, 0, 0))
            };
            tiles.push((
                design,
                tile_check::stamp(&Knight, library, design, frame, Reach::uniform(0)).unwrap(),
            ));
        }
    }
    tiles
}

/// Every Knight tile in both colours, decided exactly: tiles with outputs by
/// composition of the verified tables of the gadgets and wire steps they are stamped
/// from (an exact assembly: the verifier checks that the tile is their union and that
/// they touch only across port connections); the 1-test tile, whose gadget has no
/// outputs to compose, and the wire tiles (a cross-check of the composition) by
/// exhaustive search of the whole tile.
#[test]
fn every_tile_design_computes_its_function() {
    let library = library();
    for (design, tile) in stamped_tiles(&library) {
        let cases = cases(design, &tile);
        if design != Design::OneTest {
            let table = cases
                .iter()
                .map(|(signals, expected)| {
                    let Expected::Maximal(maximal) = expected else {
                        unreachable!()
                    };
                    let inputs = signals.iter().flatten().map(|&v| v as u8).collect();
                    row(inputs, maximal.clone())
                })
                .collect();
            let report = tile_check::composed::<Knight>(&library, &tile, "wire", table);
            assert!(report.passed(), "{}: {:?}", tile.name, report.rows);
            if design == Design::Wire {
                // The composition can fail: a wire does not swap the components.
                let swapped = PAIRS
                    .iter()
                    .map(|&[x, y]| row(vec![x as u8, y as u8], vec![vec![y, x]]))
                    .collect();
                let report = tile_check::composed::<Knight>(&library, &tile, "wire", swapped);
                assert!(!report.passed(), "{}", tile.name);
            }
        }
        if matches!(design, Design::OneTest | Design::Wire) {
            for (signals, expected) in &cases {
                let pieces: Vec<(P, u32)> = tile
                    .inputs
                    .iter()
                    .zip(signals)
                    .flat_map(|(&column, &signal)| signal_pieces(column, signal))
                    .collect();
                let label = format!("inputs {signals:?}");
                tile_check::searched(&Knight, &tile, &pieces, expected, |s| s.to_vec(), &label)
                    .unwrap_or_else(|failure| panic!("{failure}"));
            }
        }
    }
}

/// A wire step is the library's thin wire: the same knights after the same column.
#[test]
fn wire_step_is_the_library_wire() {
    let wire = gadgets::knight_gadget("wire").unwrap().unwrap();
    let p = |s: sat2chess_core::board::Square| (i64::from(s.row) - 1, i64::from(s.col) - 1);
    let input = wire.port('a').unwrap().squares.map(p);
    let (next, mut pieces) = Knight.wire_step(input, Direction::East);
    assert_eq!(next, wire.port('X').unwrap().squares.map(p));
    let mut expected: Vec<(P, u32)> = wire.pieces.iter().map(|&(s, b)| (p(s), b)).collect();
    pieces.sort_unstable();
    expected.sort_unstable();
    assert_eq!(pieces, expected);
}
