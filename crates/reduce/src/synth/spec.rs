//! The question a synthesis answers: a specification gadget's ports and table, moved into
//! a frame of a given size.

use sat2chess_core::board::{PieceKind, Square};

use crate::gadgets::{Gadget, PortRole};

/// The budget of every king the synthesis places (thesis ch. 5: every gadget king has 2).
pub const KING_BUDGET: u32 = 2;

/// The `layout:` line of a synthesized gadget.
pub const SYNTHESIZED: &str = "synthesized (counterexample-guided search, issue 32)";

/// A specification placed in a frame: the ports and table of [`Frame::gadget`] (which
/// holds only the output ports' kings) inside `gadget.rows × gadget.cols` squares.
#[derive(Clone, Debug)]
pub struct Frame {
    pub gadget: Gadget,
}

/// Why a specification cannot be placed in a frame.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SpecError {
    #[error("{0}: only King gadgets are synthesized (the Knight and Rook verifiers differ)")]
    NotKing(String),
    #[error("{0} is assembled from parts; synthesize its parts instead")]
    Composite(String),
    #[error("the frame {rows}x{cols} is too small for port {port} of {gadget} ({why})")]
    PortOutside {
        gadget: String,
        port: char,
        rows: u32,
        cols: u32,
        why: &'static str,
    },
}

/// `spec` (a basic King gadget) moved into a `rows × cols` frame: a port touching the
/// bottom (right) edge of `spec` moves with that edge, every other port keeps its squares.
pub fn frame_spec(spec: &Gadget, rows: u32, cols: u32) -> Result<Frame, SpecError> {
    if spec.piece != PieceKind::King {
        return Err(SpecError::NotKing(spec.name.clone()));
    }
    if !spec.parts.is_empty() {
        return Err(SpecError::Composite(spec.name.clone()));
    }
    let outside = |port: char, why| SpecError::PortOutside {
        gadget: spec.name.clone(),
        port,
        rows,
        cols,
        why,
    };
    let mut ports = spec.ports.clone();
    for port in &mut ports {
        let shift = |edge: u32, size: u32, at: &dyn Fn(Square) -> u32| -> Option<i64> {
            port.squares
                .iter()
                .any(|&s| at(s) == edge)
                .then_some(i64::from(size) - i64::from(edge))
        };
        let down = shift(spec.rows, rows, &|s| s.row).unwrap_or(0);
        let right = shift(spec.cols, cols, &|s| s.col).unwrap_or(0);
        for square in &mut port.squares {
            let row = i64::from(square.row) + down;
            let col = i64::from(square.col) + right;
            if row < 1 || col < 1 {
                return Err(outside(port.name, "it would leave the top or left edge"));
            }
            if row > i64::from(rows) || col > i64::from(cols) {
                return Err(outside(port.name, "it lies beyond the frame"));
            }
            *square = Square::new(row as u32, col as u32);
        }
    }
    let mut squares: Vec<Square> = ports.iter().flat_map(|p| p.squares).collect();
    squares.sort_unstable();
    if squares.windows(2).any(|w| w[0] == w[1]) {
        return Err(outside(ports[0].name, "two ports would share a square"));
    }
    let mut gadget = Gadget {
        rows,
        cols,
        ports,
        pieces: Vec::new(),
        layout: SYNTHESIZED.to_owned(),
        ..spec.clone()
    };
    gadget.pieces = output_kings(&gadget);
    Ok(Frame { gadget })
}

/// The 2-kings standing on the output ports.
fn output_kings(gadget: &Gadget) -> Vec<(Square, u32)> {
    let mut kings: Vec<(Square, u32)> = gadget
        .ports
        .iter()
        .filter(|p| p.role == PortRole::Output)
        .flat_map(|p| p.squares.map(|s| (s, KING_BUDGET)))
        .collect();
    kings.sort_unstable();
    kings
}

impl Frame {
    /// Every square of a port.
    pub fn port_squares(&self) -> Vec<Square> {
        self.gadget.ports.iter().flat_map(|p| p.squares).collect()
    }

    /// The squares a king may be placed on: every square of the frame but the ports'.
    pub fn free_squares(&self) -> Vec<Square> {
        let ports = self.port_squares();
        (1..=self.gadget.rows)
            .flat_map(|row| (1..=self.gadget.cols).map(move |col| Square::new(row, col)))
            .filter(|s| !ports.contains(s))
            .collect()
    }

    /// The candidate gadget with 2-kings on `kings` (free squares).
    pub fn gadget_with(&self, kings: &[Square]) -> Gadget {
        let mut pieces = self.gadget.pieces.clone();
        pieces.extend(kings.iter().map(|&s| (s, KING_BUDGET)));
        pieces.sort_unstable();
        Gadget {
            pieces,
            ..self.gadget.clone()
        }
    }
}
