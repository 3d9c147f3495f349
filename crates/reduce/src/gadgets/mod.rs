//! The 2-Solo Chess gadget libraries: King (thesis ch. 5, `gadgets/king/`) and Knight
//! (thesis ch. 6, `gadgets/knight/`), read from data files (format: `gadgets/README.md`)
//! compiled in with `include_str!`.
//!
//! A [`Gadget`] is a small board of one piece kind with budgets, its signal ports (wire
//! cross-sections where a signal enters or leaves, thesis §5.2, §6.1) and the truth table
//! the thesis states for it. [`crate::verify`] checks every table by exhaustive search.
//!
//! Signals are tuples of *components*: a King signal has one (−1..2, thesis §5.2), a
//! Knight signal two (outer knight present with budget 2, inner knight's budget; thesis
//! §6.1). Table rows hold the components of all ports in table order, so the partial order
//! on signals is the componentwise order on these vectors.

mod library;
pub mod lines;
mod parse;
mod symmetry;

use std::collections::BTreeMap;
use std::fmt;

use sat2chess_core::board::{Board, BoardError, Piece, PieceKind, Square};
use sat2chess_core::label::{Direction, GadgetLabel};

pub use library::{
    KING_GADGET_FILES, KNIGHT_GADGET_FILES, ROOK_GADGET_FILES, king_gadget, king_library,
    knight_gadget, knight_library, library, rook_library,
};
pub use parse::parse_gadget;
pub use symmetry::Symmetry;

/// Whether a signal enters or leaves a gadget through a port.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PortRole {
    /// The port squares are empty in the gadget; the verifier (or the wire that feeds
    /// the gadget) puts the signal column there.
    Input,
    /// The port squares hold 2-kings: the first wire column after the gadget, where
    /// the output signal is read as s = c − n + 1 (thesis §5.2).
    Output,
}

/// A signal port: one wire cross-section and the direction the signal travels through it.
/// King: two squares side by side (thesis §5.2). Knight: a dark-squared wire-column, its
/// outer and its inner square (thesis §6.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Port {
    /// A lower-case letter for inputs, an upper-case letter for outputs.
    pub name: char,
    pub role: PortRole,
    pub flow: Direction,
    /// The two squares of the cross-section: sorted for a King port, `[outer, inner]` for
    /// a Knight port; a Rook port is one logic square (thesis §7.1.2), given twice.
    pub squares: [Square; 2],
}

/// A structural check of a Knight gadget's capture graph ([`crate::verify::wire_graph`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GraphCheck {
    /// `graph: standard-wire`: a placement of the wire (corner, shift, mirror, thick,
    /// transition; thesis §6.1) whose capture graph is the standard thin wire's.
    StandardWire,
    /// `graph: crossing`: wires that cross without any attack between them (Fig. 6.8).
    Crossing,
}

/// What the thesis says a gadget does for one combination of input signals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The maximal output signal tuples (the components of every output port, in table
    /// order); `[-1]` means the gadget cannot be cleared (thesis §5.2, "error value").
    Outputs(Vec<Vec<i8>>),
    /// Gadgets without outputs (the 1-test): whether the board reduces to one piece.
    Solvable(bool),
}

/// One row of a gadget's truth table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableRow {
    /// Input signal components (King 0..2; Knight two of 0..1 per port), in the order of
    /// `Gadget::table_inputs`.
    pub inputs: Vec<u8>,
    pub expected: Outcome,
}

/// One gadget of the library.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gadget {
    pub name: String,
    /// The piece kind of every piece (`piece:` line of the file; King when absent).
    pub piece: PieceKind,
    /// The thesis statement it implements, e.g. `Lemma 5.10 (And gadget)`.
    pub implements: String,
    /// Where the layout comes from (as in the thesis / reconstructed / completed / redesigned).
    pub layout: String,
    pub rows: u32,
    pub cols: u32,
    /// The gadget's pieces (all of kind [`Gadget::piece`]) with their budgets, sorted by
    /// square (output ports included).
    pub pieces: Vec<(Square, u32)>,
    /// Ports in declaration order.
    pub ports: Vec<Port>,
    /// Input port names in table column order.
    pub(crate) table_inputs: Vec<char>,
    /// Output port names in table column order.
    pub(crate) table_outputs: Vec<char>,
    pub table: Vec<TableRow>,
    /// The capture-graph check the file asks for (`graph:` line), if any.
    pub graph: Option<GraphCheck>,
    /// For a gadget assembled from library gadgets (Double Assignment, full crossing):
    /// where each part sits. Empty for a basic gadget.
    pub parts: Vec<Part>,
    /// Rook gadgets (`empty:` lines, the thesis' red arrows, Fig. 7.6): rays from a
    /// square of the gadget that hold no piece in the whole configuration.
    pub(crate) keep_empty: Vec<(Square, Direction)>,
    /// Where the gadget was read from, for messages that point into its file.
    pub source: SourceLines,
}

/// The file a gadget was read from and the line of each of its elements, for messages
/// that point into the file (`file:line: …`). Not part of what a gadget is: any two
/// compare equal, so a gadget read back from its canonical text equals the original.
#[derive(Clone, Debug, Default)]
pub struct SourceLines {
    /// The file name given to [`parse_gadget`]; empty for a gadget built in code.
    pub file: String,
    /// The line of each `part` line, in [`Gadget::parts`] order.
    pub(crate) parts: Vec<usize>,
    /// The line of each port declaration, in [`Gadget::ports`] order.
    pub(crate) ports: Vec<usize>,
    /// The line of each board row, row 1 first.
    pub(crate) board: Vec<usize>,
    /// The line of each table row, in [`Gadget::table`] order.
    pub(crate) table: Vec<usize>,
}

impl PartialEq for SourceLines {
    fn eq(&self, _: &SourceLines) -> bool {
        true
    }
}

impl Eq for SourceLines {}

/// A file and a line in it (1-based).
pub type FileLine = (String, usize);

impl SourceLines {
    /// Entry `index` of `lines` in the file, when the gadget was read from one.
    fn at(&self, lines: &[usize], index: usize) -> Option<FileLine> {
        let line = *lines.get(index)?;
        (!self.file.is_empty()).then(|| (self.file.clone(), line))
    }

    /// Where [`Gadget::parts`]`[index]` is declared.
    pub fn part(&self, index: usize) -> Option<FileLine> {
        self.at(&self.parts, index)
    }

    /// Where [`Gadget::ports`]`[index]` is declared.
    pub fn port(&self, index: usize) -> Option<FileLine> {
        self.at(&self.ports, index)
    }

    /// Where board row `row` (1-based) is drawn.
    pub fn board_row(&self, row: u32) -> Option<FileLine> {
        self.at(&self.board, (row as usize).checked_sub(1)?)
    }

    /// Where [`Gadget::table`]`[index]` is written.
    pub fn table_row(&self, index: usize) -> Option<FileLine> {
        self.at(&self.table, index)
    }
}

/// A library gadget placed inside a composite gadget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// Name of the part inside the composite, e.g. `V1`.
    pub name: String,
    /// Name of the library gadget.
    pub gadget: String,
    /// Orientation applied to the library gadget first.
    pub symmetry: Symmetry,
    /// Composite square of the transformed gadget's square (1,1).
    pub at: Square,
}

/// Why a gadget file could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}: {message}")]
pub struct GadgetError {
    pub file: String,
    pub line: usize,
    pub message: String,
}

/// Components of one signal of `piece`: 1 for a King (−1..2), 2 for a Knight (the pair
/// of thesis §6.1).
pub(crate) fn signal_width(piece: PieceKind) -> usize {
    match piece {
        PieceKind::Knight => 2,
        _ => 1,
    }
}

/// The components of consecutive ports' signals in the file syntax: King values
/// separated by spaces (`1 0`), Knight pairs as two digits (`10 00`).
pub(crate) fn format_signals<T: Copy + Into<i16>>(piece: PieceKind, components: &[T]) -> String {
    let width = signal_width(piece);
    components
        .chunks(width)
        .map(|signal| {
            let values: Vec<String> = signal.iter().map(|&v| v.into().to_string()).collect();
            values.join("")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

impl Gadget {
    pub fn port(&self, name: char) -> Option<&Port> {
        self.ports.iter().find(|p| p.name == name)
    }

    /// The output ports in table order.
    pub fn outputs(&self) -> Vec<&Port> {
        self.table_outputs
            .iter()
            .filter_map(|&n| self.port(n))
            .collect()
    }

    /// The input ports in table order.
    pub fn inputs(&self) -> Vec<&Port> {
        self.table_inputs
            .iter()
            .filter_map(|&n| self.port(n))
            .collect()
    }

    /// The label token of the rays from `square` that must stay empty (`empty=NE`; rook
    /// gadgets, the thesis' red arrows), if any; figures draw them.
    pub fn empty_token(&self, square: Square) -> Option<String> {
        let letters: String = self
            .keep_empty
            .iter()
            .filter(|&&(at, _)| at == square)
            .map(|&(_, direction)| direction.letter())
            .collect();
        (!letters.is_empty()).then(|| format!("empty={letters}"))
    }

    /// The gadget's pieces as a board labelled with the gadget's name (label convention of
    /// [`sat2chess_core::label`]; output-port pieces carry `output` and the port's flow), and the
    /// pieces that start rays that must stay empty their [`Gadget::empty_token`]), for figures.
    pub fn board(&self) -> Result<Board, BoardError> {
        let mut label = GadgetLabel::new(self.name.as_str());
        let plain = label.to_string();
        let pieces = self
            .pieces
            .iter()
            .map(|&(square, budget)| {
                let port = self
                    .outputs()
                    .into_iter()
                    .find(|port| port.squares.contains(&square));
                let text = match port {
                    Some(port) => {
                        label.flow = Some(port.flow);
                        label.output = true;
                        label.to_string()
                    }
                    None => plain.clone(),
                };
                let text = match self.empty_token(square) {
                    Some(token) => format!("{text} {token}"),
                    None => text,
                };
                Piece {
                    label: Some(text),
                    ..Piece::new(self.piece, square, budget)
                }
            })
            .collect();
        Board::new(self.rows, self.cols, pieces)
    }

    /// The same gadget in another orientation (same truth table).
    pub fn transformed(&self, symmetry: Symmetry) -> Gadget {
        let (rows, cols) = (self.rows, self.cols);
        let map = |s: Square| symmetry.square(s, rows, cols);
        let mut kings: Vec<(Square, u32)> = self.pieces.iter().map(|&(s, b)| (map(s), b)).collect();
        kings.sort_unstable();
        let ports = self
            .ports
            .iter()
            .map(|port| {
                let mut squares = port.squares.map(map);
                if self.piece != PieceKind::Knight {
                    squares.sort_unstable();
                }
                Port {
                    flow: symmetry.direction(port.flow),
                    squares,
                    ..port.clone()
                }
            })
            .collect();
        let (rows, cols) = if symmetry.transpose {
            (cols, rows)
        } else {
            (rows, cols)
        };
        let keep_empty = self
            .keep_empty
            .iter()
            .map(|&(s, d)| (map(s), symmetry.direction(d)))
            .collect();
        Gadget {
            name: format!("{}@{symmetry}", self.name),
            rows,
            cols,
            pieces: kings,
            ports,
            keep_empty,
            ..self.clone()
        }
    }

    /// The layout as ASCII art in the file syntax (`.` empty, digits = budgets, port letters).
    pub fn art(&self) -> String {
        let mut cells = BTreeMap::new();
        for &(square, budget) in &self.pieces {
            cells.insert(square, char::from(b'0' + budget as u8));
        }
        for port in &self.ports {
            for square in port.squares {
                cells.insert(square, port.name);
            }
        }
        let mut text = String::new();
        for row in 1..=self.rows {
            for col in 1..=self.cols {
                text.push(*cells.get(&Square::new(row, col)).unwrap_or(&'.'));
            }
            text.push('\n');
        }
        text
    }
}

/// The canonical file text of a gadget (without comments); [`parse_gadget`] reads it back.
impl fmt::Display for Gadget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "gadget: {}", self.name)?;
        writeln!(f, "implements: {}", self.implements)?;
        writeln!(f, "layout: {}", self.layout)?;
        if self.piece != PieceKind::King {
            writeln!(f, "piece: {}", self.piece.name())?;
        }
        match self.graph {
            Some(GraphCheck::StandardWire) => writeln!(f, "graph: standard-wire")?,
            Some(GraphCheck::Crossing) => writeln!(f, "graph: crossing")?,
            None => {}
        }
        for part in &self.parts {
            writeln!(
                f,
                "part {}: {} {} at {} {}",
                part.name, part.gadget, part.symmetry, part.at.row, part.at.col
            )?;
        }
        for port in &self.ports {
            let role = match port.role {
                PortRole::Input => "input",
                PortRole::Output => "output",
            };
            write!(f, "{role} {}: {}", port.name, port.flow.letter())?;
            if self.piece == PieceKind::Knight {
                let outer = port.squares[0];
                write!(f, " outer {} {}", outer.row, outer.col)?;
                let inner = self.pieces.iter().find(|(s, _)| *s == port.squares[1]);
                if let Some((_, budget @ 0..=1)) = inner.filter(|_| port.role == PortRole::Output) {
                    write!(f, " inner {budget}")?;
                }
            }
            writeln!(f)?;
        }
        for (square, direction) in &self.keep_empty {
            writeln!(
                f,
                "empty: {} {} {}",
                square.row,
                square.col,
                direction.letter()
            )?;
        }
        writeln!(
            f,
            "expect: {} -> {}",
            port_names(&self.table_inputs),
            port_names(&self.table_outputs)
        )?;
        for row in &self.table {
            let outcome = match &row.expected {
                Outcome::Solvable(true) => "solvable".to_owned(),
                Outcome::Solvable(false) => "unsolvable".to_owned(),
                Outcome::Outputs(tuples) => tuples
                    .iter()
                    .map(|t| {
                        if t == &[-1] {
                            "-1".to_owned()
                        } else {
                            format_signals(self.piece, t)
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(" | "),
            };
            writeln!(
                f,
                "  {} -> {outcome}",
                format_signals(self.piece, &row.inputs)
            )?;
        }
        writeln!(f, "board:")?;
        f.write_str(&self.art())
    }
}

/// Port names separated by spaces (`a b`), as table headers write them.
pub(crate) fn port_names(ports: &[char]) -> String {
    ports
        .iter()
        .map(char::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}
