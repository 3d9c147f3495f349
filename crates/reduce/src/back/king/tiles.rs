//! Every King tile design as stamped on boards, searched exhaustively (thesis §5.2
//! output reading) for every input combination: signal columns (0 = a 0-king, 1 = a
//! 1-king, 2 = a 1-king and a 2-king, each placement) on the tile's external input
//! columns, every reachable configuration on its external output columns, read as
//! s = c − n + 1. The maximal output tuples must be those of the tile's function; the
//! 1-test tile must reduce to one piece iff its input is at least 1. This checks the
//! assembled tiles — the full crossing of Lemma 5.13 included — not only their parts,
//! in their smallest frame and in it made shorter by the shared margin
//! ([`crate::back::Backend::SHARED_MARGIN`]) on one vertical and one horizontal side, as
//! far as the design allows, as a tile drops it toward its lower and right neighbours.
//!
//! The tests run it on the library; `gadgets synthesize --in-tiles` runs it on the tiles
//! that stamp a candidate gadget, since a gadget verified on signal columns need not
//! compose (docs/reductions.md, "Minimal sizes").

use super::King;
use super::designs::{DESIGNS, Design, GateKind};
use crate::back::element::Library;
use crate::back::geometry::{Frame, Reach, SideParity};
use crate::back::tile_check::{self, Expected};
use crate::back::tileset::{Tileset, build_design};
use crate::back::{Backend, BackendError};
use crate::gadgets::Gadget;

/// The failures of the exhaustive tile checks (module doc) of every design, or of the
/// designs that stamp the gadget `only` (by name) if given; empty when all pass.
pub(crate) fn tile_failures(
    library: &Library,
    only: Option<&str>,
) -> Result<Vec<String>, BackendError> {
    let tileset = Tileset::new(&King, library)?;
    let only = only.map(|name| library.index(name)).transpose()?;
    let mut failures = Vec::new();
    for &design in &DESIGNS {
        let (reach, can) = (tileset.reach[&design], tileset.shareable(design));
        if let Some(index) = only {
            let frame = Frame::tight_in(reach, SideParity::Any, (0, 0, 0));
            let elements = build_design(&King, library, design, frame)?;
            if !elements.iter().any(|e| e.gadget == Some(index)) {
                continue;
            }
        }
        let none = Reach::uniform(0);
        let mut drops: Vec<Reach> = Vec::new();
        for drop in [
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
        ] {
            if !drops.contains(&drop) {
                drops.push(drop);
            }
        }
        for drop in drops {
            let room = Reach {
                up: reach.up - drop.up,
                down: reach.down - drop.down,
                left: reach.left - drop.left,
                right: reach.right - drop.right,
            };
            let frame = Frame::tight_in(room, SideParity::Any, (0, 0, 0));
            let tile = tile_check::stamp(&King, library, design, frame, drop)?;
            failures.extend(design_failures(design, &tile));
        }
    }
    Ok(failures)
}

/// The exhaustive checks of one stamped tile of `design`.
fn design_failures(design: Design, tile: &tile_check::StampedTile) -> Vec<String> {
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
    let mut failures = Vec::new();
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
            if let Err(failure) =
                tile_check::searched(&King, tile, &pieces, &expected, |&s| vec![s], &label)
            {
                failures.push(failure);
            }
        }
    }
    failures
}

/// Whether every King tile design that stamps a gadget named like `gadget` still
/// computes its function, searched exhaustively (module doc), with `gadget` in place of
/// the library's: `Err` lists the failures (or why the tiles could not be built).
pub fn tiles_accept(gadget: &Gadget) -> Result<(), Vec<String>> {
    let mut gadgets = King.library().map_err(|e| vec![e.to_string()])?;
    let Some(slot) = gadgets.iter_mut().find(|g| g.name == gadget.name) else {
        return Err(vec![format!(
            "{}: no gadget of that name in the King library",
            gadget.name
        )]);
    };
    *slot = gadget.clone();
    match tile_failures(&Library::new(gadgets), Some(&gadget.name)) {
        Ok(failures) if failures.is_empty() => Ok(()),
        Ok(failures) => Err(failures),
        Err(error) => Err(vec![format!("the tiles do not build: {error}")]),
    }
}
