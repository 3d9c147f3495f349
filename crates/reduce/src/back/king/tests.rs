use rustc_hash::FxHashMap;

use super::designs::{DESIGNS, GateKind};
use super::*;
use crate::back::element::Library;
use crate::back::geometry::{Column, Frame, Reach, SideParity};
use crate::back::tile_check::{self, Expected};
use crate::back::tileset::{Tileset, build_design};

fn library() -> Library {
    Library::new(King.library().unwrap())
}

/// f and g of the crossing may emit the 2-signal (Table 5.2), which a corner lowers to
/// 1 (Lemma 5.6): the joints f → g and g → h must be straight wire only.
#[test]
fn crossing_chain_has_no_corner() {
    let library = library();
    let tileset = Tileset::new(&King, &library).unwrap();
    let r = tileset.reach[&Design::Crossing];
    let frame = Frame::tight_in(r, SideParity::Any, (0, 0, 0));
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
/// assembled tiles — the full crossing of Lemma 5.13 included — not only their parts,
/// in their smallest frame and in it made shorter by the shared margin
/// ([`Backend::SHARED_MARGIN`]) on one vertical and one horizontal side, as far as the
/// design allows, as a tile drops it toward its lower and right neighbours.
#[test]
fn every_tile_design_computes_its_function() {
    let library = library();
    let tileset = Tileset::new(&King, &library).unwrap();
    let stamped = DESIGNS.iter().flat_map(|&design| {
        let (reach, can) = (tileset.reach[&design], tileset.shareable(design));
        let none = Reach::uniform(0);
        let drops = [
            none,
            Reach {
                up: can.up,
                left: can.left,
                ..none
            },
            Reach {
                up: can.up,
                right: can.right,
                ..none
            },
            Reach {
                down: can.down,
                left: can.left,
                ..none
            },
            Reach {
                down: can.down,
                right: can.right,
                ..none
            },
        ];
        let mut distinct: Vec<Reach> = Vec::new();
        for drop in drops {
            if !distinct.contains(&drop) {
                distinct.push(drop);
            }
        }
        distinct.into_iter().map(move |drop| {
            let room = Reach {
                up: reach.up - drop.up,
                down: reach.down - drop.down,
                left: reach.left - drop.left,
                right: reach.right - drop.right,
            };
            let frame = Frame::tight_in(room, SideParity::Any, (0, 0, 0));
            (design, frame, drop)
        })
    });
    for (design, frame, drop) in stamped.collect::<Vec<_>>() {
        let tile = tile_check::stamp(&King, &library, design, frame, drop);
        let signal_range: &[u32] = match design {
            Design::Crossing | Design::Gate(_) => &[0, 1],
            _ => &[0, 1, 2],
        };
        let combos: Vec<Vec<u32>> = match tile.inputs.len() {
            0 => vec![vec![]],
            1 => signal_range.iter().map(|&a| vec![a]).collect(),
            _ => signal_range
                .iter()
                .flat_map(|&a| signal_range.iter().map(move |&b| vec![a, b]))
                .collect(),
        };
        for signals in combos {
            let s = |i: usize| signals[i] as i8;
            let expected = match design {
                Design::Wire => Expected::Maximal(vec![vec![s(0)]]),
                Design::Corner => Expected::Maximal(vec![vec![s(0).min(1)]]),
                Design::VariableOpposite | Design::VariableAdjacent | Design::VariableUpright => {
                    Expected::Maximal(vec![vec![0, 1], vec![1, 0]])
                }
                Design::Gate(GateKind::And) => Expected::Maximal(vec![vec![s(0).min(s(1))]]),
                Design::Gate(GateKind::Or) => Expected::Maximal(vec![vec![s(0).max(s(1))]]),
                Design::Crossing => Expected::Maximal(vec![vec![s(0), s(1)]]),
                Design::OneTest => Expected::Solvable(signals[0] >= 1),
            };
            // Every placement of the single-king columns (0 and 1) on the two squares.
            for placement in 0..1u32 << tile.inputs.len() {
                let mut pieces = Vec::new();
                for (i, (column, &signal)) in tile.inputs.iter().zip(&signals).enumerate() {
                    let first = (placement >> i & 1) as usize;
                    let squares = [column[first], column[1 - first]];
                    let column_kings: &[u32] = match signal {
                        0 => &[0],
                        1 => &[1],
                        _ => &[1, 2],
                    };
                    pieces.extend(squares.into_iter().zip(column_kings.iter().copied()));
                }
                let label = format!("inputs {signals:?} placement {placement}");
                tile_check::assert_searched(&King, &tile, &pieces, &expected, |&s| vec![s], &label);
            }
        }
    }
}

/// The crossing tile (Lemma 5.13) is also the exact assembly of verified library parts:
/// composed from their tables (a wire column counts as one `wire-vertical` step), it
/// passes both signals unchanged.
#[test]
fn crossing_tile_composes_from_verified_parts() {
    use crate::gadgets::{Outcome, TableRow};
    let library = library();
    let tileset = Tileset::new(&King, &library).unwrap();
    let frame = Frame::tight_in(tileset.reach[&Design::Crossing], SideParity::Any, (0, 0, 0));
    let tile = tile_check::stamp(&King, &library, Design::Crossing, frame, Reach::uniform(0));
    let table = [0u8, 1]
        .into_iter()
        .flat_map(|a| {
            [0u8, 1].map(move |b| TableRow {
                inputs: vec![a, b],
                expected: Outcome::Outputs(vec![vec![a as i8, b as i8]]),
            })
        })
        .collect();
    let report = tile_check::composed::<King>(&library, &tile, "wire-vertical", table);
    assert!(report.passed(), "{:?}", report.rows);
}
