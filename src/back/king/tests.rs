use std::collections::BTreeSet;

use rustc_hash::FxHashMap;

use super::designs::{DESIGNS, GateKind};
use super::*;
use crate::back::contacts::produced_and_consumed;
use crate::back::element::Library;
use crate::back::geometry::{Column, Frame, SideParity, to_square};
use crate::back::tileset::{Tileset, build_design};
use crate::board::{Board, Piece, Square};

fn library() -> Library {
    Library {
        gadgets: King.library().unwrap(),
    }
}

/// f and g of the crossing may emit the 2-signal (Table 5.2), which a corner lowers to
/// 1 (Lemma 5.6): the joints f → g and g → h must be straight wire only.
#[test]
fn crossing_chain_has_no_corner() {
    let library = library();
    let tileset = Tileset::new(&King, &library).unwrap();
    let r = tileset.reach[&Design::Crossing];
    let frame = Frame::tight(r, SideParity::Any);
    let elements = build_design(&King, &library, Design::Crossing, frame).unwrap();
    let named = |name: &str| {
        let index = library.index(name).unwrap();
        elements
            .iter()
            .position(|e| e.gadget == Some(index))
            .unwrap()
    };
    let producer: FxHashMap<Column, usize> = elements
        .iter()
        .enumerate()
        .flat_map(|(id, e)| e.outputs.iter().map(move |&c| (c, id)))
        .collect();
    for (from, to) in [("crossing-f", "crossing-g"), ("crossing-g", "crossing-h")] {
        let (from, to) = (named(from), named(to));
        // The gadget behind each input of `to`, past any wire columns.
        let reached: Vec<usize> = elements[to]
            .inputs
            .iter()
            .filter_map(|c| {
                let mut at = *producer.get(c)?;
                while elements[at].gadget.is_none() {
                    at = *producer.get(&elements[at].inputs[0])?;
                }
                Some(at)
            })
            .collect();
        assert!(reached.contains(&from), "a gadget between f, g, h");
    }
}

/// Every tile design, as stamped on boards, searched exhaustively (thesis §5.2 output
/// reading) for every input combination: signal columns (0 = a 0-king, 1 = a 1-king,
/// 2 = a 1-king and a 2-king, each placement) on the tile's external input columns,
/// every reachable configuration on its external output columns, read as
/// s = c − n + 1. The maximal output tuples must be those of the tile's function; the
/// 1-test tile must reduce to one piece iff its input is at least 1. This checks the
/// assembled tiles — the full crossing of Lemma 5.13 included — not only their parts.
#[test]
fn every_tile_design_computes_its_function() {
    use crate::solve::{self, SolveOptions, Verdict};
    use crate::verify::maximal_tuples;
    let library = library();
    let tileset = Tileset::new(&King, &library).unwrap();
    // Input columns lie just outside the tile: shift everything onto the board.
    let shifted = |p: P| to_square((p.0 + 4, p.1 + 4));
    for design in DESIGNS {
        let frame = Frame::tight(tileset.reach[&design], SideParity::Any);
        let elements = build_design(&King, &library, design, frame).unwrap();
        let (produced, consumed) = produced_and_consumed(&elements);
        let mut inputs: Vec<Column> = consumed.difference(&produced).copied().collect();
        let mut outputs: Vec<Column> = produced.difference(&consumed).copied().collect();
        // Inputs: West before North; outputs by side, in the same order as the table.
        let side = |c: &Column| {
            let (r, col) = c[0];
            if col < 0 || col >= frame.cols - 1 {
                (0, r)
            } else {
                (1, col)
            }
        };
        inputs.sort_by_key(side);
        outputs.sort_by_key(side);
        let kings: Vec<(P, u32)> = elements.iter().flat_map(|e| e.pieces.clone()).collect();
        let signal_range: &[u32] = match design {
            Design::Crossing | Design::Gate(_) => &[0, 1],
            _ => &[0, 1, 2],
        };
        let combos: Vec<Vec<u32>> = match inputs.len() {
            0 => vec![vec![]],
            1 => signal_range.iter().map(|&a| vec![a]).collect(),
            _ => signal_range
                .iter()
                .flat_map(|&a| signal_range.iter().map(move |&b| vec![a, b]))
                .collect(),
        };
        for signals in combos {
            // Every placement of the single-king columns (0 and 1) on the two squares.
            for placement in 0..1u32 << inputs.len() {
                let mut pieces: Vec<Piece> = kings
                    .iter()
                    .map(|&(p, b)| Piece::new(PieceKind::King, shifted(p), b))
                    .collect();
                for (i, (column, &signal)) in inputs.iter().zip(&signals).enumerate() {
                    let first = (placement >> i & 1) as usize;
                    let squares = [column[first], column[1 - first]];
                    let column_kings: &[u32] = match signal {
                        0 => &[0],
                        1 => &[1],
                        _ => &[1, 2],
                    };
                    for (&p, &b) in squares.iter().zip(column_kings) {
                        pieces.push(Piece::new(PieceKind::King, shifted(p), b));
                    }
                }
                let board = Board::fitted(pieces).unwrap();
                let label = format!("{design:?} inputs {signals:?} placement {placement}");
                if outputs.is_empty() {
                    let solvable =
                        matches!(solve::solve_default(&board).verdict, Verdict::Solvable(_));
                    assert_eq!(solvable, signals[0] >= 1, "{label}");
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
                            .map(|column| {
                                let squares = column.map(shifted);
                                read_column(
                                    remainder
                                        .iter()
                                        .filter(|(s, _, _)| squares.contains(s))
                                        .map(|&(_, _, b)| b),
                                )
                            })
                            .collect()
                    })
                    .collect();
                let s = |i: usize| signals[i] as i8;
                let expected: Vec<Vec<i8>> = match design {
                    Design::Wire => vec![vec![s(0)]],
                    Design::Corner => vec![vec![s(0).min(1)]],
                    Design::VariableOpposite | Design::VariableAdjacent => {
                        vec![vec![0, 1], vec![1, 0]]
                    }
                    Design::Gate(GateKind::And) => vec![vec![s(0).min(s(1))]],
                    Design::Gate(GateKind::Or) => vec![vec![s(0).max(s(1))]],
                    Design::Crossing => vec![vec![s(0), s(1)]],
                    Design::OneTest => unreachable!("the 1-test has no output"),
                };
                assert_eq!(maximal_tuples(&all), expected, "{label}: all {all:?}");
            }
        }
    }
}
