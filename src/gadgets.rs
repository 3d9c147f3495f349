//! The King 2-Solo Chess gadget library (thesis ch. 5), read from the data files in
//! `gadgets/king/` (format: `gadgets/README.md`), which are compiled in with `include_str!`.
//!
//! A [`Gadget`] is a small board of kings with budgets, its signal ports (wire
//! cross-sections where a signal enters or leaves, thesis §5.2) and the truth table the
//! thesis states for it. [`crate::verify`] checks every table by exhaustive search.

use std::collections::BTreeMap;
use std::fmt;

use crate::board::{Board, BoardError, Piece, PieceKind, Square};
use crate::label::{Direction, GadgetLabel};

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

/// A signal port: one wire cross-section (two squares side by side) and the direction
/// the signal travels through it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Port {
    /// A lower-case letter for inputs, an upper-case letter for outputs.
    pub name: char,
    pub role: PortRole,
    pub flow: Direction,
    /// The two squares of the cross-section, sorted.
    pub squares: [Square; 2],
}

/// What the thesis says a gadget does for one combination of input signals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The maximal output signal tuples (one value per output port, in table order);
    /// `[-1]` means the gadget cannot be cleared (thesis §5.2, "error value").
    Outputs(Vec<Vec<i8>>),
    /// Gadgets without outputs (the 1-test): whether the board reduces to one piece.
    Solvable(bool),
}

/// One row of a gadget's truth table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableRow {
    /// Input signals (0, 1 or 2), in the order of [`Gadget::table_inputs`].
    pub inputs: Vec<u8>,
    pub expected: Outcome,
}

/// One gadget of the library.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gadget {
    pub name: String,
    /// The thesis statement it implements, e.g. `Lemma 5.10 (And gadget)`.
    pub implements: String,
    /// Where the layout comes from (as in the thesis / reconstructed / completed / redesigned).
    pub layout: String,
    pub rows: u32,
    pub cols: u32,
    /// The gadget's kings with their budgets, sorted by square (output ports included).
    pub kings: Vec<(Square, u32)>,
    /// Ports in declaration order.
    pub ports: Vec<Port>,
    /// Input port names in table column order.
    pub table_inputs: Vec<char>,
    /// Output port names in table column order.
    pub table_outputs: Vec<char>,
    pub table: Vec<TableRow>,
    /// For a gadget assembled from library gadgets (Double Assignment, full crossing):
    /// where each part sits. Empty for a basic gadget.
    pub parts: Vec<Part>,
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

/// One of the eight symmetries of the square grid; it maps a king gadget onto an
/// equivalent one, since a king's moves are the same in every orientation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Symmetry {
    /// Swap rows and columns first.
    pub transpose: bool,
    /// Then mirror top-bottom.
    pub flip_rows: bool,
    /// Then mirror left-right.
    pub flip_cols: bool,
}

impl Symmetry {
    pub const IDENTITY: Symmetry = Symmetry {
        transpose: false,
        flip_rows: false,
        flip_cols: false,
    };

    /// All eight symmetries, the identity first.
    pub fn all() -> impl Iterator<Item = Symmetry> {
        (0..8u8).map(|bits| Symmetry {
            transpose: bits & 4 != 0,
            flip_rows: bits & 1 != 0,
            flip_cols: bits & 2 != 0,
        })
    }

    /// Maps a square of a `rows × cols` box into the transformed box.
    pub fn square(self, square: Square, rows: u32, cols: u32) -> Square {
        let (mut r, mut c, mut rows, mut cols) = (square.row, square.col, rows, cols);
        if self.transpose {
            (r, c, rows, cols) = (c, r, cols, rows);
        }
        if self.flip_rows {
            r = rows + 1 - r;
        }
        if self.flip_cols {
            c = cols + 1 - c;
        }
        Square::new(r, c)
    }

    pub fn direction(self, direction: Direction) -> Direction {
        let (mut dr, mut dc) = direction.delta();
        if self.transpose {
            (dr, dc) = (dc, dr);
        }
        if self.flip_rows {
            dr = -dr;
        }
        if self.flip_cols {
            dc = -dc;
        }
        match (dr, dc) {
            (-1, 0) => Direction::North,
            (1, 0) => Direction::South,
            (0, 1) => Direction::East,
            _ => Direction::West,
        }
    }
}

impl std::str::FromStr for Symmetry {
    type Err = String;

    /// Parses the [`fmt::Display`] form: `identity` or `+`-joined `transpose`, `flip-rows`, `flip-cols`.
    fn from_str(text: &str) -> Result<Symmetry, String> {
        let mut symmetry = Symmetry::IDENTITY;
        if text == "identity" {
            return Ok(symmetry);
        }
        for part in text.split('+') {
            match part {
                "transpose" => symmetry.transpose = true,
                "flip-rows" => symmetry.flip_rows = true,
                "flip-cols" => symmetry.flip_cols = true,
                _ => {
                    return Err(format!(
                        "`{part}` is not a symmetry (identity, transpose, flip-rows, flip-cols, joined by +)"
                    ));
                }
            }
        }
        Ok(symmetry)
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<&str> = [
            (self.transpose, "transpose"),
            (self.flip_rows, "flip-rows"),
            (self.flip_cols, "flip-cols"),
        ]
        .into_iter()
        .filter_map(|(on, name)| on.then_some(name))
        .collect();
        if parts.is_empty() {
            f.write_str("identity")
        } else {
            f.write_str(&parts.join("+"))
        }
    }
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

    /// The gadget's kings as a board labelled with the gadget's name (label convention of
    /// [`crate::label`]; output-port kings carry `output` and the port's flow), for figures.
    pub fn board(&self) -> Result<Board, BoardError> {
        let mut label = GadgetLabel::new(self.name.as_str());
        let plain = label.to_string();
        let pieces = self
            .kings
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
                    ..Piece::new(PieceKind::King, square, budget)
                }
            })
            .collect();
        Board::new(self.rows, self.cols, pieces)
    }

    /// The same gadget in another orientation (same truth table).
    pub fn transformed(&self, symmetry: Symmetry) -> Gadget {
        let (rows, cols) = (self.rows, self.cols);
        let map = |s: Square| symmetry.square(s, rows, cols);
        let mut kings: Vec<(Square, u32)> = self.kings.iter().map(|&(s, b)| (map(s), b)).collect();
        kings.sort_unstable();
        let ports = self
            .ports
            .iter()
            .map(|port| {
                let mut squares = port.squares.map(map);
                squares.sort_unstable();
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
        Gadget {
            name: format!("{}@{symmetry}", self.name),
            rows,
            cols,
            kings,
            ports,
            ..self.clone()
        }
    }

    /// The layout as ASCII art in the file syntax (`.` empty, digits = budgets, port letters).
    pub fn art(&self) -> String {
        let mut cells = BTreeMap::new();
        for &(square, budget) in &self.kings {
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
            writeln!(f, "{role} {}: {}", port.name, port.flow.letter())?;
        }
        writeln!(
            f,
            "expect: {} -> {}",
            port_names(&self.table_inputs),
            port_names(&self.table_outputs)
        )?;
        for row in &self.table {
            let inputs: Vec<String> = row.inputs.iter().map(u8::to_string).collect();
            let outcome = match &row.expected {
                Outcome::Solvable(true) => "solvable".to_owned(),
                Outcome::Solvable(false) => "unsolvable".to_owned(),
                Outcome::Outputs(tuples) => tuples
                    .iter()
                    .map(|t| t.iter().map(i8::to_string).collect::<Vec<_>>().join(" "))
                    .collect::<Vec<_>>()
                    .join(" | "),
            };
            writeln!(f, "  {} -> {outcome}", inputs.join(" "))?;
        }
        writeln!(f, "board:")?;
        f.write_str(&self.art())
    }
}

/// The gadget files, compiled in: (file name, text).
pub const KING_GADGET_FILES: &[(&str, &str)] = &[
    (
        "wire_horizontal.txt",
        include_str!("../gadgets/king/wire_horizontal.txt"),
    ),
    (
        "wire_vertical.txt",
        include_str!("../gadgets/king/wire_vertical.txt"),
    ),
    ("corner.txt", include_str!("../gadgets/king/corner.txt")),
    (
        "increment.txt",
        include_str!("../gadgets/king/increment.txt"),
    ),
    (
        "decrement.txt",
        include_str!("../gadgets/king/decrement.txt"),
    ),
    ("variable.txt", include_str!("../gadgets/king/variable.txt")),
    (
        "shifted_sum.txt",
        include_str!("../gadgets/king/shifted_sum.txt"),
    ),
    ("or.txt", include_str!("../gadgets/king/or.txt")),
    ("and.txt", include_str!("../gadgets/king/and.txt")),
    (
        "crossing_f.txt",
        include_str!("../gadgets/king/crossing_f.txt"),
    ),
    (
        "crossing_g.txt",
        include_str!("../gadgets/king/crossing_g.txt"),
    ),
    (
        "crossing_h.txt",
        include_str!("../gadgets/king/crossing_h.txt"),
    ),
    ("one_test.txt", include_str!("../gadgets/king/one_test.txt")),
    (
        "double_assignment.txt",
        include_str!("../gadgets/king/double_assignment.txt"),
    ),
    ("crossing.txt", include_str!("../gadgets/king/crossing.txt")),
];

/// Parses every King gadget file of the library.
pub fn king_library() -> Result<Vec<Gadget>, GadgetError> {
    KING_GADGET_FILES
        .iter()
        .map(|(file, text)| parse_gadget(file, text))
        .collect()
}

/// The library gadget called `name`.
pub fn king_gadget(name: &str) -> Result<Option<Gadget>, GadgetError> {
    Ok(king_library()?.into_iter().find(|g| g.name == name))
}

struct Parser<'a> {
    file: &'a str,
}

impl Parser<'_> {
    fn error(&self, line: usize, message: impl Into<String>) -> GadgetError {
        GadgetError {
            file: self.file.to_owned(),
            line,
            message: message.into(),
        }
    }
}

fn parse_signal(word: &str) -> Option<i8> {
    match word {
        "-1" => Some(-1),
        "0" => Some(0),
        "1" => Some(1),
        "2" => Some(2),
        _ => None,
    }
}

/// Parses one gadget file (syntax in `gadgets/README.md`); `file` names it in errors.
pub fn parse_gadget(file: &str, text: &str) -> Result<Gadget, GadgetError> {
    let p = Parser { file };
    let mut fields: BTreeMap<&str, (usize, String)> = BTreeMap::new();
    let mut declared: Vec<(usize, char, PortRole, Direction)> = Vec::new();
    let mut parts: Vec<Part> = Vec::new();
    let mut header: Option<(usize, Vec<char>, Vec<char>)> = None;
    let mut table_lines: Vec<(usize, &str)> = Vec::new();
    let mut art: Vec<(usize, &str)> = Vec::new();
    let mut in_table = false;
    let mut in_board = false;
    for (index, raw) in text.lines().enumerate() {
        let line_no = index + 1;
        let line = raw.trim_end();
        if in_board {
            if !line.is_empty() {
                art.push((line_no, line));
            }
            continue;
        }
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        if in_table && raw.starts_with(char::is_whitespace) {
            table_lines.push((line_no, line.trim()));
            continue;
        }
        in_table = false;
        let (key, value) = line
            .split_once(':')
            .ok_or_else(|| p.error(line_no, "expected `key: value`"))?;
        let value = value.trim();
        match key.split_whitespace().collect::<Vec<_>>().as_slice() {
            ["board"] => {
                if !value.is_empty() {
                    return Err(p.error(line_no, "the board starts on the line after `board:`"));
                }
                in_board = true;
            }
            ["expect"] => {
                let (ins, outs) = value
                    .split_once("->")
                    .ok_or_else(|| p.error(line_no, "expected `expect: INPUTS -> OUTPUTS`"))?;
                let names = |s: &str| -> Result<Vec<char>, GadgetError> {
                    s.split_whitespace()
                        .map(|w| {
                            let mut chars = w.chars();
                            match (chars.next(), chars.next()) {
                                (Some(c), None) if c.is_ascii_alphabetic() => Ok(c),
                                _ => Err(p.error(line_no, format!("`{w}` is not a port letter"))),
                            }
                        })
                        .collect()
                };
                header = Some((line_no, names(ins)?, names(outs)?));
                in_table = true;
            }
            [role @ ("input" | "output"), name] => {
                let mut chars = name.chars();
                let letter = match (chars.next(), chars.next()) {
                    (Some(c), None) if c.is_ascii_alphabetic() => c,
                    _ => {
                        return Err(
                            p.error(line_no, format!("port name `{name}` must be one letter"))
                        );
                    }
                };
                let role = if *role == "input" {
                    PortRole::Input
                } else {
                    PortRole::Output
                };
                if (role == PortRole::Input) != letter.is_ascii_lowercase() {
                    return Err(p.error(
                        line_no,
                        "input ports are lower-case letters, output ports upper-case",
                    ));
                }
                let flow = Direction::from_letter(value).ok_or_else(|| {
                    p.error(line_no, format!("flow `{value}` is not one of N E S W"))
                })?;
                if declared.iter().any(|d| d.1 == letter) {
                    return Err(p.error(line_no, format!("port `{letter}` declared twice")));
                }
                declared.push((line_no, letter, role, flow));
            }
            ["part", part_name] => {
                let words: Vec<&str> = value.split_whitespace().collect();
                let [gadget, symmetry, "at", row, col] = words[..] else {
                    return Err(
                        p.error(line_no, "expected `part NAME: GADGET SYMMETRY at ROW COL`")
                    );
                };
                let symmetry: Symmetry =
                    symmetry.parse().map_err(|m: String| p.error(line_no, m))?;
                let coordinate = |w: &str| {
                    w.parse::<u32>()
                        .ok()
                        .filter(|&v| v >= 1)
                        .ok_or_else(|| p.error(line_no, format!("`{w}` is not a coordinate >= 1")))
                };
                if parts.iter().any(|q| q.name == *part_name) {
                    return Err(p.error(line_no, format!("part `{part_name}` declared twice")));
                }
                parts.push(Part {
                    name: (*part_name).to_owned(),
                    gadget: gadget.to_owned(),
                    symmetry,
                    at: Square::new(coordinate(row)?, coordinate(col)?),
                });
            }
            [name @ ("gadget" | "implements" | "layout")] => {
                if value.is_empty() {
                    return Err(p.error(line_no, format!("`{name}:` needs a value")));
                }
                if fields.insert(name, (line_no, value.to_owned())).is_some() {
                    return Err(p.error(line_no, format!("`{name}:` given twice")));
                }
            }
            _ => return Err(p.error(line_no, format!("unknown key `{key}`"))),
        }
    }
    let last_line = text.lines().count().max(1);
    let field = |name: &str| -> Result<String, GadgetError> {
        fields
            .get(name)
            .map(|(_, v)| v.clone())
            .ok_or_else(|| p.error(last_line, format!("missing `{name}:` line")))
    };
    let (name, implements, layout) = (field("gadget")?, field("implements")?, field("layout")?);
    if art.is_empty() {
        return Err(p.error(last_line, "missing `board:` section"));
    }

    // The board.
    let rows = art.len() as u32;
    let cols = art
        .iter()
        .map(|(_, l)| l.chars().count())
        .max()
        .unwrap_or(0) as u32;
    let mut kings = Vec::new();
    let mut port_squares: BTreeMap<char, Vec<Square>> = BTreeMap::new();
    for (r, (line_no, line)) in art.iter().enumerate() {
        for (c, ch) in line.chars().enumerate() {
            let square = Square::new(r as u32 + 1, c as u32 + 1);
            match ch {
                '.' => {}
                '0'..='2' => kings.push((square, ch as u32 - '0' as u32)),
                letter if letter.is_ascii_alphabetic() => {
                    port_squares.entry(letter).or_default().push(square);
                    if letter.is_ascii_uppercase() {
                        kings.push((square, 2));
                    }
                }
                other => {
                    return Err(p.error(
                        *line_no,
                        format!(
                            "column {}: `{other}` is not `.`, a budget 0-2 or a port letter",
                            c + 1
                        ),
                    ));
                }
            }
        }
    }
    kings.sort_unstable();

    // Ports: declared flows + squares from the art.
    let mut ports = Vec::new();
    for &(line_no, letter, role, flow) in &declared {
        let squares = port_squares.remove(&letter).unwrap_or_default();
        let [a, b] = squares[..] else {
            return Err(p.error(
                line_no,
                format!(
                    "port `{letter}` must mark exactly two squares in the board, found {}",
                    squares.len()
                ),
            ));
        };
        let across = match flow {
            Direction::East | Direction::West => a.col == b.col && a.row.abs_diff(b.row) == 1,
            Direction::North | Direction::South => a.row == b.row && a.col.abs_diff(b.col) == 1,
        };
        if !across {
            return Err(p.error(
                line_no,
                format!(
                    "port `{letter}` squares {a} and {b} are not two neighbours across the flow {}",
                    flow.letter()
                ),
            ));
        }
        ports.push(Port {
            name: letter,
            role,
            flow,
            squares: [a, b],
        });
    }
    if let Some((&letter, _)) = port_squares.iter().next() {
        return Err(p.error(
            art[0].0,
            format!("letter `{letter}` in the board is not a declared port"),
        ));
    }

    // The truth table.
    let (header_line, table_inputs, table_outputs) =
        header.ok_or_else(|| p.error(last_line, "missing `expect:` table"))?;
    let inputs_declared: Vec<char> = ports
        .iter()
        .filter(|p| p.role == PortRole::Input)
        .map(|p| p.name)
        .collect();
    let outputs_declared: Vec<char> = ports
        .iter()
        .filter(|p| p.role == PortRole::Output)
        .map(|p| p.name)
        .collect();
    let same_set = |a: &[char], b: &[char]| {
        let (mut a, mut b) = (a.to_vec(), b.to_vec());
        a.sort_unstable();
        b.sort_unstable();
        a == b
    };
    if !same_set(&table_inputs, &inputs_declared) || !same_set(&table_outputs, &outputs_declared) {
        return Err(p.error(
            header_line,
            "the table header must name every input port before `->` and every output port after it, once each",
        ));
    }
    if table_lines.is_empty() {
        return Err(p.error(
            header_line,
            "the table has no rows (indent them below `expect:`)",
        ));
    }
    let mut table = Vec::new();
    for &(line_no, line) in &table_lines {
        let (ins, outs) = line
            .split_once("->")
            .ok_or_else(|| p.error(line_no, "expected a row `INPUTS -> OUTPUTS`"))?;
        let inputs: Vec<u8> = ins
            .split_whitespace()
            .map(|w| match w {
                "0" => Ok(0),
                "1" => Ok(1),
                "2" => Ok(2),
                _ => Err(p.error(line_no, format!("input signal `{w}` is not 0, 1 or 2"))),
            })
            .collect::<Result<_, _>>()?;
        if inputs.len() != table_inputs.len() {
            return Err(p.error(
                line_no,
                format!(
                    "expected {} input values, found {}",
                    table_inputs.len(),
                    inputs.len()
                ),
            ));
        }
        let outs = outs.trim();
        let expected = if table_outputs.is_empty() {
            match outs {
                "solvable" => Outcome::Solvable(true),
                "unsolvable" => Outcome::Solvable(false),
                _ => {
                    return Err(p.error(
                        line_no,
                        "a gadget without outputs expects `solvable` or `unsolvable`",
                    ));
                }
            }
        } else {
            let tuples = outs
                .split('|')
                .map(|tuple| {
                    let values: Vec<i8> = tuple
                        .split_whitespace()
                        .map(|w| {
                            parse_signal(w).ok_or_else(|| {
                                p.error(
                                    line_no,
                                    format!("output signal `{w}` is not -1, 0, 1 or 2"),
                                )
                            })
                        })
                        .collect::<Result<_, _>>()?;
                    if values == [-1] || values.len() == table_outputs.len() {
                        Ok(values)
                    } else {
                        Err(p.error(
                            line_no,
                            format!("expected {} output values or -1", table_outputs.len()),
                        ))
                    }
                })
                .collect::<Result<Vec<_>, _>>()?;
            Outcome::Outputs(tuples)
        };
        if table.iter().any(|row: &TableRow| row.inputs == inputs) {
            return Err(p.error(line_no, "input combination listed twice"));
        }
        table.push(TableRow { inputs, expected });
    }
    Ok(Gadget {
        name,
        implements,
        layout,
        rows,
        cols,
        kings,
        ports,
        table_inputs,
        table_outputs,
        table,
        parts,
    })
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
                    .filter(|s| gadget.kings.iter().any(|(k, _)| k == *s))
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
        for gadget in king_library().unwrap() {
            let text = gadget.to_string();
            assert_eq!(parse_gadget("canonical", &text).unwrap(), gadget, "{text}");
        }
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
