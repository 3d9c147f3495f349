//! The tile checks every backend's tests share: a tile design as stamped, with its
//! external input and output columns, decided either by exhaustive search of the whole
//! tile (thesis §5.2 output reading, every reachable configuration of the output
//! columns) or, for tiles too large to search, by composition of the verified tables of
//! the library gadgets it is stamped from ([`crate::verify::verify_composite`]: the tile
//! must be their exact assembly, touching only across port connections).

use std::collections::BTreeSet;

use super::Signals;
use super::contacts::{check_contacts, produced_and_consumed};
use super::element::{Element, Library};
use super::error::BackendError;
use super::geometry::{Column, Frame, P, Reach, to_square};
use super::tileset::build_shared;
use crate::verify::maximal_tuples;
use sat2chess_core::board::{Board, Piece, Square};
use sat2chess_solve::{self as solve, SolveOptions, Verdict};
#[cfg(test)]
use {
    super::geometry::to_p,
    crate::gadgets::{Gadget, Outcome, Part, Port, PortRole, SourceLines, Symmetry, TableRow},
    crate::verify::{GadgetReport, verify_composite},
};

/// A tile design as stamped in one frame.
pub(crate) struct StampedTile {
    pub name: String,
    pub(crate) elements: Vec<Element>,
    /// External input columns: those on the West or East border first (by row), then
    /// those on the North or South border (by column).
    pub inputs: Vec<Column>,
    /// External output columns, in the same order.
    pub outputs: Vec<Column>,
}

/// What a tile should do for one input combination.
pub(crate) enum Expected {
    /// The maximal output tuples, each the signal components of every output in order.
    Maximal(Vec<Vec<i8>>),
    /// A tile without outputs (the 1-test): whether it reduces to one piece.
    Solvable(bool),
}

/// Builds `design` in `frame`, which drops `shared` lines of margin on each side
/// ([`Backend::SHARED_MARGIN`]), checks its contacts and finds its external columns.
pub(crate) fn stamp<B: Signals>(
    backend: &B,
    library: &Library,
    design: B::Design,
    frame: Frame,
    shared: Reach,
) -> Result<StampedTile, BackendError> {
    let elements = build_shared(backend, library, design, frame, shared)?;
    check_contacts::<B>(&elements)?;
    let (produced, consumed) = produced_and_consumed(&elements);
    let mut inputs: Vec<Column> = consumed.difference(&produced).copied().collect();
    let mut outputs: Vec<Column> = produced.difference(&consumed).copied().collect();
    let side = |c: &Column| {
        let (row, col) = c[0];
        if col < 0 || col >= frame.cols - 1 {
            (0, row)
        } else {
            (1, col)
        }
    };
    inputs.sort_by_key(side);
    outputs.sort_by_key(side);
    Ok(StampedTile {
        name: format!(
            "{design:?} tile (colour {}, margin lines dropped: up {}, down {}, left {}, right {})",
            frame.colour, shared.up, shared.down, shared.left, shared.right
        ),
        elements,
        inputs,
        outputs,
    })
}

/// Input columns lie just outside the tile: everything is shifted onto the board.
fn on_board(p: P) -> Square {
    to_square((p.0 + 4, p.1 + 4))
}

/// Searches the whole tile exhaustively with `signal` (pieces on its input columns):
/// whether it does what `expected` says; `components` lists a signal's components
/// (thesis §5.2, §6.1). The error names the tile, `label` and what was found instead
/// (or that the search reached its limit).
pub(crate) fn searched<B: Signals>(
    backend: &B,
    tile: &StampedTile,
    signal: &[(P, u32)],
    expected: &Expected,
    components: impl Fn(&B::Signal) -> Vec<i8>,
    label: &str,
) -> Result<(), String> {
    let pieces: Vec<Piece> = tile
        .elements
        .iter()
        .flat_map(|e| &e.pieces)
        .chain(signal)
        .map(|&(p, b)| Piece::new(B::PIECE, on_board(p), b))
        .collect();
    let label = format!("{}: {label}", tile.name);
    let board = Board::fitted(pieces).map_err(|e| format!("{label}: {e}"))?;
    let maximal = match expected {
        Expected::Solvable(solvable) => {
            return match solve::solve_default(&board).verdict {
                Verdict::Solvable(_) if *solvable => Ok(()),
                Verdict::Unsolvable if !*solvable => Ok(()),
                Verdict::Solvable(_) => Err(format!("{label}: solvable, expected unsolvable")),
                Verdict::Unsolvable => Err(format!("{label}: unsolvable, expected solvable")),
                Verdict::Unknown => Err(format!("{label}: undecided (search limit)")),
            };
        }
        Expected::Maximal(maximal) => maximal,
    };
    let keep: BTreeSet<Square> = tile
        .outputs
        .iter()
        .flatten()
        .map(|&p| on_board(p))
        .collect();
    let (found, _) = solve::remainders(&board, &keep, &SolveOptions::default());
    let found = found.ok_or_else(|| format!("{label}: undecided (search limit)"))?;
    let all: BTreeSet<Vec<i8>> = found
        .iter()
        .map(|remainder| {
            tile.outputs
                .iter()
                .flat_map(|column| {
                    let budget = |p: P| {
                        remainder
                            .iter()
                            .find(|(s, _, _)| *s == on_board(p))
                            .map(|&(_, _, b)| b)
                    };
                    components(&backend.read_signal(column, column.map(budget)))
                })
                .collect()
        })
        .collect();
    let reached = maximal_tuples(&all);
    if &reached == maximal {
        Ok(())
    } else {
        Err(format!(
            "{label}: maximal outputs {reached:?}, expected {maximal:?} (all {all:?})"
        ))
    }
}

#[cfg(test)]
/// The tile as a composite gadget of the library gadgets it is stamped from (a wire
/// column counts as the library gadget `wire`, one wire step), with `table` as its
/// expected table, verified by composition.
pub(crate) fn composed<B: Signals>(
    library: &Library,
    tile: &StampedTile,
    wire: &str,
    table: Vec<TableRow>,
) -> GadgetReport {
    let wire = library.index(wire).unwrap();
    // Composite squares are 1-based: shift every square of the tile by `origin`.
    let squares = tile.elements.iter().flat_map(|e| {
        e.pieces
            .iter()
            .map(|&(p, _)| p)
            .chain(e.inputs.iter().flatten().copied())
    });
    let min_row = squares.clone().map(|p| p.0).min().unwrap();
    let min_col = squares.map(|p| p.1).min().unwrap();
    let origin = (1 - min_row, 1 - min_col);
    let moved = |p: P| to_square((p.0 + origin.0, p.1 + origin.1));
    let mut parts = Vec::new();
    let mut ports: Vec<Port> = Vec::new();
    for (index, element) in tile.elements.iter().enumerate() {
        let base = &library.gadgets[element.gadget.unwrap_or(wire)];
        let (symmetry, offset, image) = placement(base, element).unwrap_or_else(|| {
            panic!(
                "{}: element {index} is no image of {}",
                tile.name, base.name
            )
        });
        parts.push(Part {
            name: format!("E{index}"),
            gadget: base.name.clone(),
            symmetry,
            // `to_p` keeps the 1-based square numbers: square (1, 1) of the image is at
            // `offset` + (1, 1).
            at: to_square((offset.0 + origin.0 + 1, offset.1 + origin.1 + 1)),
        });
        // External ports take the flow of the part's port on the same squares.
        for port in &image.ports {
            let column = port
                .squares
                .map(|s| (to_p(s).0 + offset.0, to_p(s).1 + offset.1));
            let (list, names) = match port.role {
                PortRole::Input => (&tile.inputs, b'a'),
                PortRole::Output => (&tile.outputs, b'A'),
            };
            if let Some(position) = list.iter().position(|c| same_squares(*c, column)) {
                ports.push(Port {
                    name: char::from(names + position as u8),
                    squares: column.map(moved),
                    ..port.clone()
                });
            }
        }
    }
    ports.sort_by_key(|p| (p.role == PortRole::Output, p.name));
    let mut pieces: Vec<(Square, u32)> = tile
        .elements
        .iter()
        .flat_map(|e| e.pieces.iter().map(|&(p, b)| (moved(p), b)))
        .collect();
    pieces.sort_unstable();
    let rows = pieces
        .iter()
        .flat_map(|(s, _)| [s.row])
        .chain(ports.iter().flat_map(|p| p.squares.map(|s| s.row)));
    let cols = pieces
        .iter()
        .flat_map(|(s, _)| [s.col])
        .chain(ports.iter().flat_map(|p| p.squares.map(|s| s.col)));
    let gadget = Gadget {
        name: tile.name.clone(),
        piece: B::PIECE,
        implements: "tile".into(),
        layout: "stamped".into(),
        rows: rows.max().unwrap(),
        cols: cols.max().unwrap(),
        pieces,
        table_inputs: ports
            .iter()
            .filter(|p| p.role == PortRole::Input)
            .map(|p| p.name)
            .collect(),
        table_outputs: ports
            .iter()
            .filter(|p| p.role == PortRole::Output)
            .map(|p| p.name)
            .collect(),
        ports,
        table,
        graph: None,
        parts,
        keep_empty: Vec::new(),
        source: SourceLines::default(),
    };
    assert_eq!(
        gadget.table_inputs.len(),
        tile.inputs.len(),
        "{}",
        tile.name
    );
    assert_eq!(
        gadget.table_outputs.len(),
        tile.outputs.len(),
        "{}",
        tile.name
    );
    verify_composite(&gadget, &library.gadgets).unwrap_or_else(|e| panic!("{e}"))
}

#[cfg(test)]
fn same_squares(a: Column, b: Column) -> bool {
    let (mut a, mut b) = (a, b);
    a.sort_unstable();
    b.sort_unstable();
    a == b
}

#[cfg(test)]
/// The symmetry and offset that stamp `base` as `element` (its pieces and ports), with
/// the turned gadget.
fn placement(base: &Gadget, element: &Element) -> Option<(Symmetry, P, Gadget)> {
    let mut target: Vec<(P, u32)> = element.pieces.clone();
    target.sort_unstable();
    let columns = |ports: Vec<&Port>, offset: P| -> Vec<Column> {
        ports
            .iter()
            .map(|p| {
                p.squares
                    .map(|s| (to_p(s).0 + offset.0, to_p(s).1 + offset.1))
            })
            .collect()
    };
    Symmetry::all().find_map(|symmetry| {
        let image = base.transformed(symmetry);
        let first = to_p(image.pieces.first()?.0);
        let offset = (target[0].0.0 - first.0, target[0].0.1 - first.1);
        let mut pieces: Vec<(P, u32)> = image
            .pieces
            .iter()
            .map(|&(s, b)| ((to_p(s).0 + offset.0, to_p(s).1 + offset.1), b))
            .collect();
        pieces.sort_unstable();
        let fits = |mine: Vec<Column>, theirs: &[Column]| {
            mine.len() == theirs.len() && mine.iter().zip(theirs).all(|(&a, &b)| same_squares(a, b))
        };
        (pieces == target
            && fits(columns(image.inputs(), offset), &element.inputs)
            && fits(columns(image.outputs(), offset), &element.outputs))
        .then_some((symmetry, offset, image))
    })
}

#[cfg(test)]
/// A table row of `inputs` (signal components) expecting the maximal tuples `outputs`.
pub(crate) fn row(inputs: Vec<u8>, outputs: Vec<Vec<i8>>) -> TableRow {
    TableRow {
        inputs,
        expected: Outcome::Outputs(outputs),
    }
}
