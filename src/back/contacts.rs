//! Structural checks of a compiled board or tile: two pieces of different elements may
//! only attack each other when one stands on an input column of the other's element (the
//! contact the gadget verifier saw), no square is used twice, every column is connected,
//! and the capture graph is connected. Attacks are the steps of the backend's piece
//! ([`attack_steps`]: leapers, King and Knight; a slider backend needs a line-of-sight
//! version of these checks).

use std::collections::VecDeque;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::board::Square;

use super::element::Element;
use super::geometry::{Column, P};
use super::{Backend, BackendError};

/// The (Δrow, Δcol) at which two of the backend's pieces attack each other.
pub fn attack_steps<B: Backend>() -> Result<&'static [P], BackendError> {
    match crate::solve::geometry::steps(B::PIECE) {
        [] => Err(BackendError::NotLeaper(B::PIECE.name())),
        steps => Ok(steps),
    }
}

/// Checks that pieces of different elements attack each other only across an input
/// column, that no square is used twice, and (for whole boards) that every input column
/// has a producer and every output column a consumer. Returns the owner of every square.
pub fn check_contacts<B: Backend>(
    elements: &[Element],
    whole_board: bool,
) -> Result<FxHashMap<P, usize>, BackendError> {
    let square = |p: P| Square::new((p.0 + 1).max(0) as u32, (p.1 + 1).max(0) as u32);
    let mut owner: FxHashMap<P, usize> = FxHashMap::default();
    owner.reserve(elements.iter().map(|e| e.pieces.len()).sum());
    for (id, e) in elements.iter().enumerate() {
        for &(p, _) in &e.pieces {
            if let Some(&other) = owner.get(&p) {
                return Err(BackendError::Contact {
                    first: element_name(elements, other),
                    second: element_name(elements, id),
                    a: square(p),
                    b: square(p),
                });
            }
            owner.insert(p, id);
        }
    }
    let feeds = |p: P, consumer: usize| elements[consumer].inputs.iter().any(|c| c.contains(&p));
    // Each attacking pair once: the offsets after (0, 0) in row-major order.
    let forward: Vec<P> = attack_steps::<B>()?
        .iter()
        .copied()
        .filter(|&d| d > (0, 0))
        .collect();
    for (&p, &a) in &owner {
        for &(dr, dc) in &forward {
            let q = (p.0 + dr, p.1 + dc);
            let Some(&b) = owner.get(&q) else { continue };
            if a != b && !feeds(p, b) && !feeds(q, a) {
                return Err(BackendError::Contact {
                    first: element_name(elements, a),
                    second: element_name(elements, b),
                    a: square(p),
                    b: square(q),
                });
            }
        }
    }
    if whole_board {
        let (produced, consumed) = produced_and_consumed(elements);
        for (id, e) in elements.iter().enumerate() {
            let dangling = e
                .inputs
                .iter()
                .find(|c| !produced.contains(*c))
                .or_else(|| e.outputs.iter().find(|c| !consumed.contains(*c)));
            if let Some(column) = dangling {
                return Err(BackendError::Design {
                    design: element_name(elements, id),
                    reason: format!("column at {} is not connected", square(column[0])),
                });
            }
        }
    }
    Ok(owner)
}

fn element_name(elements: &[Element], id: usize) -> String {
    match elements[id].flow {
        Some(flow) => format!("wire column (flow {})", flow.letter()),
        None => format!("gadget #{id}"),
    }
}

/// Number of connected components of the capture graph on the occupied squares (the keys
/// of `squares`), pieces attacking each other at `steps`.
pub fn components<V>(squares: &FxHashMap<P, V>, steps: &[P]) -> usize {
    let mut seen: FxHashSet<P> = FxHashSet::default();
    seen.reserve(squares.len());
    let mut count = 0;
    for &start in squares.keys() {
        if !seen.insert(start) {
            continue;
        }
        count += 1;
        let mut queue = VecDeque::from([start]);
        while let Some(p) = queue.pop_front() {
            for &(dr, dc) in steps {
                let q = (p.0 + dr, p.1 + dc);
                if squares.contains_key(&q) && seen.insert(q) {
                    queue.push_back(q);
                }
            }
        }
    }
    count
}

/// The signal columns elements produce (outputs) and consume (inputs).
pub fn produced_and_consumed(elements: &[Element]) -> (FxHashSet<Column>, FxHashSet<Column>) {
    let produced = elements
        .iter()
        .flat_map(|e| e.outputs.iter().copied())
        .collect();
    let consumed = elements
        .iter()
        .flat_map(|e| e.inputs.iter().copied())
        .collect();
    (produced, consumed)
}
