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

pub mod lines;
mod parse;
mod symmetry;

use std::collections::BTreeMap;
use std::fmt;

use sat2chess_core::board::{Board, BoardError, Piece, PieceKind, Square};
use sat2chess_core::label::{Direction, GadgetLabel};

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
    /// [`Gadget::table_inputs`].
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
    pub table_inputs: Vec<char>,
    /// Output port names in table column order.
    pub table_outputs: Vec<char>,
    pub table: Vec<TableRow>,
    /// The capture-graph check the file asks for (`graph:` line), if any.
    pub graph: Option<GraphCheck>,
    /// For a gadget assembled from library gadgets (Double Assignment, full crossing):
    /// where each part sits. Empty for a basic gadget.
    pub parts: Vec<Part>,
    /// Rook gadgets (`empty:` lines, the thesis' red arrows, Fig. 7.6): rays from a
    /// square of the gadget that hold no piece in the whole configuration.
    pub keep_empty: Vec<(Square, Direction)>,
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
pub fn signal_width(piece: PieceKind) -> usize {
    match piece {
        PieceKind::Knight => 2,
        _ => 1,
    }
}

/// The components of consecutive ports' signals in the file syntax: King values
/// separated by spaces (`1 0`), Knight pairs as two digits (`10 00`).
pub fn format_signals<T: Copy + Into<i16>>(piece: PieceKind, components: &[T]) -> String {
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

    /// The gadget's pieces as a board labelled with the gadget's name (label convention of
    /// [`sat2chess_core::label`]; output-port pieces carry `output` and the port's flow), for figures.
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

/// The gadget files, compiled in: (file name, text).
pub const KING_GADGET_FILES: &[(&str, &str)] = &[
    (
        "wire_horizontal.txt",
        include_str!("../../../../gadgets/king/wire_horizontal.txt"),
    ),
    (
        "wire_vertical.txt",
        include_str!("../../../../gadgets/king/wire_vertical.txt"),
    ),
    (
        "corner.txt",
        include_str!("../../../../gadgets/king/corner.txt"),
    ),
    (
        "increment.txt",
        include_str!("../../../../gadgets/king/increment.txt"),
    ),
    (
        "decrement.txt",
        include_str!("../../../../gadgets/king/decrement.txt"),
    ),
    (
        "variable.txt",
        include_str!("../../../../gadgets/king/variable.txt"),
    ),
    (
        "shifted_sum.txt",
        include_str!("../../../../gadgets/king/shifted_sum.txt"),
    ),
    ("or.txt", include_str!("../../../../gadgets/king/or.txt")),
    ("and.txt", include_str!("../../../../gadgets/king/and.txt")),
    (
        "crossing_f.txt",
        include_str!("../../../../gadgets/king/crossing_f.txt"),
    ),
    (
        "crossing_g.txt",
        include_str!("../../../../gadgets/king/crossing_g.txt"),
    ),
    (
        "crossing_h.txt",
        include_str!("../../../../gadgets/king/crossing_h.txt"),
    ),
    (
        "one_test.txt",
        include_str!("../../../../gadgets/king/one_test.txt"),
    ),
    (
        "double_assignment.txt",
        include_str!("../../../../gadgets/king/double_assignment.txt"),
    ),
    (
        "crossing.txt",
        include_str!("../../../../gadgets/king/crossing.txt"),
    ),
];

/// Parses compiled-in gadget files.
fn parse_files(files: &[(&str, &str)]) -> Result<Vec<Gadget>, GadgetError> {
    files
        .iter()
        .map(|(file, text)| parse_gadget(file, text))
        .collect()
}

/// Parses every King gadget file of the library.
pub fn king_library() -> Result<Vec<Gadget>, GadgetError> {
    parse_files(KING_GADGET_FILES)
}

/// The library gadget called `name`.
pub fn king_gadget(name: &str) -> Result<Option<Gadget>, GadgetError> {
    Ok(king_library()?.into_iter().find(|g| g.name == name))
}

/// `(name, text)` of a file in `gadgets/knight/`, compiled in.
macro_rules! knight_file {
    ($name:literal) => {
        (
            $name,
            include_str!(concat!("../../../../gadgets/knight/", $name)),
        )
    };
}

/// The Knight gadget files (thesis ch. 6), compiled in: (file name, text).
pub const KNIGHT_GADGET_FILES: &[(&str, &str)] = &[
    knight_file!("wire.txt"),
    knight_file!("wire_reduced.txt"),
    knight_file!("corner.txt"),
    knight_file!("shift_se.txt"),
    knight_file!("shift_sw.txt"),
    knight_file!("mirrored.txt"),
    knight_file!("stretch_1.txt"),
    knight_file!("stretch_2.txt"),
    knight_file!("stretch_3.txt"),
    knight_file!("jog_7.txt"),
    knight_file!("jog_mirror_6.txt"),
    knight_file!("jog_mirror_12.txt"),
    knight_file!("jog_back_5.txt"),
    knight_file!("jog_back_7.txt"),
    knight_file!("jog_back_mirror_6.txt"),
    knight_file!("jog_back_mirror_8.txt"),
    knight_file!("thick.txt"),
    knight_file!("transition.txt"),
    knight_file!("transition_back.txt"),
    knight_file!("crossing.txt"),
    knight_file!("crossing_thin.txt"),
    knight_file!("increment_dark.txt"),
    knight_file!("increment_light.txt"),
    knight_file!("decrement_dark.txt"),
    knight_file!("decrement_light.txt"),
    knight_file!("zeroing_dark.txt"),
    knight_file!("zeroing_light.txt"),
    knight_file!("three_val.txt"),
    knight_file!("asymmetric.txt"),
    knight_file!("asymmetric_alt.txt"),
    knight_file!("maximum.txt"),
    knight_file!("flip.txt"),
    knight_file!("variable.txt"),
    knight_file!("or.txt"),
    knight_file!("and.txt"),
    knight_file!("one_test.txt"),
];

/// Parses every Knight gadget file of the library.
pub fn knight_library() -> Result<Vec<Gadget>, GadgetError> {
    parse_files(KNIGHT_GADGET_FILES)
}

/// The Knight library gadget called `name`.
pub fn knight_gadget(name: &str) -> Result<Option<Gadget>, GadgetError> {
    Ok(knight_library()?.into_iter().find(|g| g.name == name))
}

/// `(name, text)` of a file in `gadgets/rook/`, compiled in.
macro_rules! rook_file {
    ($name:literal) => {
        (
            $name,
            include_str!(concat!("../../../../gadgets/rook/", $name)),
        )
    };
}

/// The Rook gadget files (thesis ch. 7), compiled in: (file name, text).
pub const ROOK_GADGET_FILES: &[(&str, &str)] = &[
    rook_file!("triangle.txt"),
    rook_file!("gadget_input.txt"),
    rook_file!("variable.txt"),
    rook_file!("left_or.txt"),
    rook_file!("and.txt"),
    rook_file!("right_or.txt"),
    rook_file!("tomb.txt"),
    rook_file!("conveyor_belt.txt"),
];

/// The parsed Rook library (thesis ch. 7).
pub fn rook_library() -> Result<Vec<Gadget>, GadgetError> {
    parse_files(ROOK_GADGET_FILES)
}

/// The gadget library of `piece`, or `None` if there is none (yet).
pub fn library(piece: PieceKind) -> Option<Result<Vec<Gadget>, GadgetError>> {
    match piece {
        PieceKind::King => Some(king_library()),
        PieceKind::Knight => Some(knight_library()),
        PieceKind::Rook => Some(rook_library()),
        _ => None,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn library_parses_and_ports_are_consistent() {
        let library = king_library().unwrap();
        assert_eq!(library.len(), KING_GADGET_FILES.len());
        for gadget in &library {
            for port in &gadget.ports {
                let occupied = port
                    .squares
                    .iter()
                    .filter(|s| gadget.pieces.iter().any(|(k, _)| k == *s))
                    .count();
                let expected = if port.role == PortRole::Input { 0 } else { 2 };
                assert_eq!(occupied, expected, "{} port {}", gadget.name, port.name);
            }
        }
    }

    #[test]
    fn symmetries_round_trip_art() {
        let corner = king_gadget("corner").unwrap().unwrap();
        let images: Vec<String> = Symmetry::all()
            .map(|s| corner.transformed(s).art())
            .collect();
        assert_eq!(images[0], corner.art());
        for (i, a) in images.iter().enumerate() {
            for b in &images[i + 1..] {
                assert_ne!(a, b, "the corner has no symmetry, so all images differ");
            }
        }
        let turned = corner.transformed(Symmetry {
            transpose: true,
            flip_rows: false,
            flip_cols: false,
        });
        assert_eq!(turned.port('a').unwrap().flow, Direction::South);
        assert_eq!(turned.port('X').unwrap().flow, Direction::East);
    }

    #[test]
    fn display_is_the_canonical_file() {
        for gadget in king_library()
            .unwrap()
            .into_iter()
            .chain(knight_library().unwrap())
        {
            let text = gadget.to_string();
            assert_eq!(parse_gadget("canonical", &text).unwrap(), gadget, "{text}");
        }
    }

    #[test]
    fn knight_files_read_pairs_and_outer_squares() {
        let text = "gadget: w\nimplements: x\nlayout: y\npiece: knight\ninput a: E outer 1 1\noutput X: E outer 1 5\nexpect: a -> X\n  10 -> 10 | 01\nboard:\na...X\n..2..\na...X\n..2..\n";
        let wire = parse_gadget("w.txt", text).unwrap();
        assert_eq!(wire.piece, PieceKind::Knight);
        let a = wire.port('a').unwrap();
        assert_eq!(a.squares, [Square::new(1, 1), Square::new(3, 1)]);
        assert_eq!(wire.table[0].inputs, vec![1, 0]);
        assert_eq!(
            wire.table[0].expected,
            Outcome::Outputs(vec![vec![1, 0], vec![0, 1]])
        );
        assert_eq!(parse_gadget("again", &wire.to_string()).unwrap(), wire);
        // An output's inner knight may start with a lower budget (the variable, issue #10).
        let low = parse_gadget("w.txt", &text.replace("1 5\n", "1 5 inner 0\n")).unwrap();
        assert!(low.pieces.contains(&(Square::new(3, 5), 0)));
        assert_eq!(parse_gadget("again", &low.to_string()).unwrap(), low);
        let error =
            |from: &str, to: &str| parse_gadget("w.txt", &text.replace(from, to)).unwrap_err();
        assert!(error("E outer 1 1", "E").message.contains("outer"));
        assert!(
            error("E outer 1 1", "E outer 2 1")
                .message
                .contains("not a square of port")
        );
        assert!(error("  10 -> 10", "  12 -> 10").message.contains("pair"));
        assert!(error("  10 -> 10", "  1 -> 10").message.contains("pair"));
        // Port squares on light squares (row + column odd).
        let light = text.replace("a...X\n..2..\na...X", ".a...X\n...2..\n.a...X");
        let light = light
            .replace("outer 1 1", "outer 1 2")
            .replace("outer 1 5", "outer 1 6");
        assert!(
            parse_gadget("w.txt", &light)
                .unwrap_err()
                .message
                .contains("dark")
        );
    }

    #[test]
    fn errors_name_file_and_line() {
        let text = "gadget: w\nimplements: x\nlayout: y\ninput a: E\noutput X: E\nexpect: a -> X\n  0 -> 0\nboard:\na2X\na2X\n";
        assert!(parse_gadget("w.txt", text).is_ok());
        let error = parse_gadget("w.txt", &text.replace("a2X\na2X", "a2X\na3X")).unwrap_err();
        assert_eq!(error.file, "w.txt");
        assert_eq!(error.line, 10);
        assert!(error.message.contains("`3`"), "{error}");
        let error = parse_gadget("w.txt", &text.replace("  0 -> 0", "  0 -> 5")).unwrap_err();
        assert_eq!(error.line, 7);
        let error = parse_gadget("w.txt", &text.replace("input a: E", "input a: Q")).unwrap_err();
        assert_eq!(error.line, 4);
        let error = parse_gadget("w.txt", &text.replace("input a: E", "input a: S")).unwrap_err();
        assert!(error.message.contains("across the flow"), "{error}");
        let error = parse_gadget("w.txt", &text.replace("a2X\na2X", "a2X\n.2X")).unwrap_err();
        assert!(error.message.contains("exactly two squares"), "{error}");
    }
}
