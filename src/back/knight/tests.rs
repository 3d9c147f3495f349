use std::collections::BTreeSet;

use super::*;
use crate::back::contacts::produced_and_consumed;
use crate::back::element::Library;
use crate::back::geometry::{Column, Frame, to_square};
use crate::back::king::GateKind;
use crate::back::tileset::{Tileset, build_design};
use crate::board::{Board, Piece, Square};
use crate::solve::{self, SolveOptions, Verdict};
use crate::verify::maximal_tuples;

/// The Knight pieces of signal (x, y) on a column `[outer, inner]` (thesis §6.1): a
/// 2-knight on the outer square if x = 1, a y-knight on the inner square.
fn signal_pieces(column: Column, [x, y]: Pair, at: impl Fn(P) -> Square) -> Vec<Piece> {
    let mut pieces = vec![Piece::new(PieceKind::Knight, at(column[1]), y as u32)];
    if x == 1 {
        pieces.push(Piece::new(PieceKind::Knight, at(column[0]), 2));
    }
    pieces
}

/// Every Knight tile design, as stamped on boards in both colours, searched
/// exhaustively for every input combination: Knight signals on the tile's external input
/// columns, every reachable configuration on its external output columns read as pairs
/// (thesis §6.1). The maximal output tuples (componentwise order) must be those of the
/// tile's function — wire and corner pass every pair, the variable gives (1,0) to exactly
/// one output, Or and And on truth values are maximum and minimum — and the 1-test tile
/// must reduce to one piece iff the first component is 1.
fn tiles_compute_their_functions(designs: &[Design], colours: &[u8]) {
    let library = Library {
        gadgets: Knight.library().unwrap(),
    };
    let tileset = Tileset::new(&Knight, &library).unwrap();
    let shifted = |p: P| to_square((p.0 + 4, p.1 + 4));
    let pairs: [Pair; 4] = [[0, 0], [1, 0], [0, 1], [1, 1]];
    let truths: [Pair; 2] = [[0, 0], [1, 0]];
    for &design in designs {
        for &colour in colours {
            let frame = Frame {
                colour,
                ..Frame::tight(tileset.reach[&design], SideParity::Quad)
            };
            let elements = build_design(&Knight, &library, design, frame).unwrap();
            crate::back::contacts::check_contacts::<Knight>(&elements, false).unwrap();
            let (produced, consumed) = produced_and_consumed(&elements);
            let mut inputs: Vec<Column> = consumed.difference(&produced).copied().collect();
            let outputs: Vec<Column> = produced.difference(&consumed).copied().collect();
            inputs.sort();
            let knights: Vec<(P, u32)> = elements.iter().flat_map(|e| e.pieces.clone()).collect();
            let range: &[Pair] = match design {
                Design::Gate(_) => &truths,
                _ => &pairs,
            };
            let combos: Vec<Vec<Pair>> = match inputs.len() {
                0 => vec![vec![]],
                1 => range.iter().map(|&a| vec![a]).collect(),
                _ => range
                    .iter()
                    .flat_map(|&a| range.iter().map(move |&b| vec![a, b]))
                    .collect(),
            };
            for signals in combos {
                let mut pieces: Vec<Piece> = knights
                    .iter()
                    .map(|&(p, b)| Piece::new(PieceKind::Knight, shifted(p), b))
                    .collect();
                for (&column, &signal) in inputs.iter().zip(&signals) {
                    pieces.extend(signal_pieces(column, signal, shifted));
                }
                let board = Board::fitted(pieces).unwrap();
                let label = format!("{design:?} colour {colour} inputs {signals:?}");
                if outputs.is_empty() {
                    let solvable =
                        matches!(solve::solve_default(&board).verdict, Verdict::Solvable(_));
                    assert_eq!(solvable, signals[0][0] == 1, "{label}");
                    continue;
                }
                let keep: BTreeSet<Square> =
                    outputs.iter().flatten().map(|&p| shifted(p)).collect();
                let (found, _) = solve::remainders(&board, &keep, &SolveOptions::default());
                let all: BTreeSet<Vec<i8>> = found
                    .unwrap()
                    .iter()
                    .map(|remainder| {
                        outputs
                            .iter()
                            .flat_map(|column| {
                                let budget = |p: P| {
                                    remainder
                                        .iter()
                                        .find(|(s, _, _)| *s == shifted(p))
                                        .map(|&(_, _, b)| b)
                                };
                                read_pair(column.map(budget))
                            })
                            .collect()
                    })
                    .collect();
                let flat = |s: &[Pair]| s.iter().flatten().copied().collect::<Vec<i8>>();
                let expected: Vec<Vec<i8>> = match design {
                    Design::Wire | Design::Corner => vec![flat(&signals)],
                    Design::VariableOpposite | Design::VariableAdjacent => {
                        vec![vec![0, 0, 1, 0], vec![1, 0, 0, 0]]
                    }
                    Design::Gate(GateKind::Or) => vec![vec![signals[0][0].max(signals[1][0]), 0]],
                    Design::Gate(GateKind::And) => {
                        vec![vec![signals[0][0].min(signals[1][0]), 0]]
                    }
                    Design::OneTest | Design::Crossing => unreachable!("{label}"),
                };
                assert_eq!(maximal_tuples(&all), expected, "{label}: all {all:?}");
            }
        }
    }
}

#[test]
fn wire_tiles_pass_every_pair() {
    tiles_compute_their_functions(&[Design::Wire], &[0, 1]);
}

#[test]
fn corner_tile_in_colour_0_passes_every_pair() {
    tiles_compute_their_functions(&[Design::Corner], &[0]);
}

/// A wire step is the library's thin wire: the same knights after the same column.
#[test]
fn wire_step_is_the_library_wire() {
    let wire = gadgets::knight_gadget("wire").unwrap().unwrap();
    let p = |s: crate::board::Square| (i64::from(s.row) - 1, i64::from(s.col) - 1);
    let input = wire.port('a').unwrap().squares.map(p);
    let (next, mut pieces) = Knight.wire_step(input, Direction::East);
    assert_eq!(next, wire.port('X').unwrap().squares.map(p));
    let mut expected: Vec<(P, u32)> = wire.kings.iter().map(|&(s, b)| (p(s), b)).collect();
    pieces.sort_unstable();
    expected.sort_unstable();
    assert_eq!(pieces, expected);
}
