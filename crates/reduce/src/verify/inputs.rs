//! Input signals on a gadget's ports: the signal columns of kings and knights
//! (thesis §5.2, §6.1), the placements worth searching, and the gadget with its inputs.

use std::collections::BTreeSet;

use crate::gadgets::{Gadget, Port, signal_width};
use sat2chess_core::board::{Piece, PieceKind, Square};

pub(super) fn king(square: Square, budget: u32) -> Piece {
    Piece::new(PieceKind::King, square, budget)
}

/// The pieces of the Knight signal (x, y) on an input port (thesis §6.1): a 2-knight on
/// the outer square if x = 1, a y-knight on the inner square.
pub fn knight_signal_column(port: &Port, signal: [u8; 2]) -> Vec<Piece> {
    let [outer, inner] = port.squares;
    let mut pieces = Vec::new();
    if signal[0] == 1 {
        pieces.push(Piece::new(PieceKind::Knight, outer, 2));
    }
    pieces.push(Piece::new(PieceKind::Knight, inner, u32::from(signal[1])));
    pieces
}

/// The pieces of a signal column of value `signal` on `port`, the single king on
/// `port.squares[first]` (thesis §5.2).
pub fn signal_column(port: &Port, signal: u8, first: usize) -> Vec<Piece> {
    let (a, b) = (port.squares[first], port.squares[1 - first]);
    match signal {
        0 => vec![king(a, 0)],
        1 => vec![king(a, 1)],
        _ => vec![king(a, 1), king(b, 2)],
    }
}

fn adjacent(a: Square, b: Square) -> bool {
    a != b && a.row.abs_diff(b.row) <= 1 && a.col.abs_diff(b.col) <= 1
}

/// Whether a `piece` on `a` could capture on `b` (kings and knights are never blocked):
/// the edges of the capture graph (thesis ch. 3).
pub fn attacks(piece: PieceKind, a: Square, b: Square) -> bool {
    match piece {
        PieceKind::Knight => {
            let (dr, dc) = (a.row.abs_diff(b.row), a.col.abs_diff(b.col));
            (dr, dc) == (1, 2) || (dr, dc) == (2, 1)
        }
        _ => adjacent(a, b),
    }
}

/// Whether the two squares of an input port are twins (same neighbours among every
/// square that may hold a piece): then exchanging them is an automorphism of the capture
/// graph and one placement of the signal column stands for both.
fn port_is_symmetric(gadget: &Gadget, port: &Port) -> bool {
    let mut occupied: Vec<Square> = gadget.pieces.iter().map(|&(s, _)| s).collect();
    for other in gadget.inputs() {
        occupied.extend(other.squares);
    }
    let [a, b] = port.squares;
    let neighbours = |x: Square| -> BTreeSet<Square> {
        occupied
            .iter()
            .copied()
            .filter(|&y| y != a && y != b && adjacent(x, y))
            .collect()
    };
    neighbours(a) == neighbours(b)
}

/// The placements of the input signal columns worth searching: one bit per input port
/// (which square holds the single king), fixed to 0 on symmetric ports.
pub(super) fn placements(gadget: &Gadget) -> Vec<Vec<usize>> {
    let mut all = vec![Vec::new()];
    for port in gadget.inputs() {
        // A Knight signal has one placement: outer and inner squares are fixed.
        let choices: &[usize] =
            if gadget.piece == PieceKind::Knight || port_is_symmetric(gadget, port) {
                &[0]
            } else {
                &[0, 1]
            };
        all = all
            .into_iter()
            .flat_map(|prefix| {
                choices.iter().map(move |&c| {
                    let mut next = prefix.clone();
                    next.push(c);
                    next
                })
            })
            .collect();
    }
    all
}

/// The gadget's pieces plus the input signal columns (`inputs`: the signal components
/// in table order).
pub fn gadget_with_inputs(gadget: &Gadget, inputs: &[u8], placement: &[usize]) -> Vec<Piece> {
    let mut pieces: Vec<Piece> = gadget
        .pieces
        .iter()
        .map(|&(s, b)| Piece::new(gadget.piece, s, b))
        .collect();
    let signals = inputs.chunks(signal_width(gadget.piece));
    for ((port, signal), &first) in gadget.inputs().into_iter().zip(signals).zip(placement) {
        match *signal {
            [x, y] => pieces.extend(knight_signal_column(port, [x, y])),
            _ => pieces.extend(signal_column(port, signal[0], first)),
        }
    }
    pieces
}
