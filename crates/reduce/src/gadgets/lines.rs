//! Rook gadget files on the board (thesis §7.6): what the rook backend and its verifier
//! both need of them — a gadget's capture destinations, its pieces with inputs filled,
//! and gadgets placed on lines. Every row and column of a placed gadget is a *line* of
//! the board. Lines are private to one gadget except where the construction wants an
//! alignment: an output row is the next gadget's input row (the logic square between
//! them, §7.1.2), the row 1 / column 1 of a gadget file is the shell's belt row / column
//! (its capture destinations), and a gadget's input columns are its producers' output
//! columns. Private lines are keyed by where they are created; sorting the keys gives
//! the coordinates, so no two gadgets are aligned by accident ("adjust the vertical
//! positions …", §7.6) and every empty ray of a gadget file stays empty —
//! `Sketch::check_empty_rays` checks it on the finished board.

use std::collections::{BTreeMap, BTreeSet};

use super::Gadget;
use sat2chess_core::board::Square;
use sat2chess_core::label::Direction;

/// Where a private line was created: sorting keys orders the lines (lexicographically).
pub(crate) type LineKey = [u32; 5];

/// A row or a column of the board, before coordinates are assigned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Line {
    /// The shell's belt row (for rows) or belt column (for columns).
    Belt,
    /// A line created at this key.
    At(LineKey),
}

/// A gadget on lines: local row `r` (1-based) of its file is `rows[r - 1]`.
#[derive(Clone, Debug)]
pub(crate) struct Instance {
    pub gadget: Gadget,
    pub rows: Vec<Line>,
    pub cols: Vec<Line>,
}

impl Instance {
    /// `gadget` with its row 1 and column 1 on the belt and every other local line
    /// private, keyed `base` + local index; `inputs` names the producer lines (row,
    /// column) of input ports, which replace the port's local lines.
    pub fn new(gadget: &Gadget, row_base: [u32; 3], col_base: [u32; 3]) -> Instance {
        let line = |base: [u32; 3], i: u32| {
            if i == 1 {
                Line::Belt
            } else {
                Line::At([base[0], base[1], base[2], i, 0])
            }
        };
        Instance {
            gadget: gadget.clone(),
            rows: (1..=gadget.rows).map(|r| line(row_base, r)).collect(),
            cols: (1..=gadget.cols).map(|c| line(col_base, c)).collect(),
        }
    }

    /// Puts input port `port`'s logic square on the producer's square `(row, col)`.
    pub(crate) fn feed(&mut self, port: char, row: Line, col: Line) {
        let square = self.port_square(port);
        self.rows[square.row as usize - 1] = row;
        self.cols[square.col as usize - 1] = col;
    }

    /// The local square of port `port` (a rook port is one logic square).
    pub(crate) fn port_square(&self, port: char) -> Square {
        self.gadget
            .port(port)
            .unwrap_or_else(|| panic!("gadget {} has no port {port}", self.gadget.name))
            .squares[0]
    }

    /// The lines of local square `square`.
    pub fn lines(&self, square: Square) -> (Line, Line) {
        (
            self.rows[square.row as usize - 1],
            self.cols[square.col as usize - 1],
        )
    }
}

/// What a piece of a sketch is, for labels and the certificate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// A piece of placed gadget number `instance` (capture destinations included).
    Gadget { instance: usize },
    /// A 2-rook on an input square that no gadget feeds (verification contexts).
    Input,
    /// The tomb (Fig. 7.2).
    Tomb,
    /// A cleanup rook of the conveyor belt (Fig. 7.3).
    Cleanup,
}

/// Pieces on lines.
#[derive(Clone, Debug, Default)]
pub(crate) struct Sketch {
    pub instances: Vec<Instance>,
    /// (row, column, budget, role) of every piece not belonging to an instance's file.
    pub extras: Vec<(Line, Line, u32, Role)>,
}

/// Where the belt lines and the first private lines go.
#[derive(Clone, Copy, Debug)]
pub struct Frame {
    pub(crate) belt_row: u32,
    pub(crate) belt_col: u32,
    /// The coordinate of the first private row / column.
    pub first: u32,
}

/// A sketch with coordinates.
#[derive(Clone, Debug)]
pub struct Placed {
    row: BTreeMap<LineKey, u32>,
    col: BTreeMap<LineKey, u32>,
    frame: Frame,
}

impl Placed {
    pub fn square(&self, row: Line, col: Line) -> Square {
        let coordinate = |line: Line, belt: u32, map: &BTreeMap<LineKey, u32>| match line {
            Line::Belt => belt,
            Line::At(key) => map[&key],
        };
        Square::new(
            coordinate(row, self.frame.belt_row, &self.row),
            coordinate(col, self.frame.belt_col, &self.col),
        )
    }
}

impl Sketch {
    pub fn add(&mut self, instance: Instance) -> usize {
        self.instances.push(instance);
        self.instances.len() - 1
    }

    /// Every piece: (row, column, budget, role); input port squares hold nothing.
    pub fn pieces(&self) -> Vec<(Line, Line, u32, Role)> {
        let mut pieces = Vec::new();
        for (index, instance) in self.instances.iter().enumerate() {
            for &(square, budget) in &instance.gadget.pieces {
                let (row, col) = instance.lines(square);
                pieces.push((row, col, budget, Role::Gadget { instance: index }));
            }
        }
        pieces.extend(self.extras.iter().copied());
        pieces
    }

    /// Coordinates: private lines in key order from `frame.first` on.
    pub fn place(&self, frame: Frame) -> Placed {
        let mut rows = BTreeSet::new();
        let mut cols = BTreeSet::new();
        let collect = |line: Line, set: &mut BTreeSet<LineKey>| {
            if let Line::At(key) = line {
                set.insert(key);
            }
        };
        for (row, col, _, _) in self.pieces() {
            collect(row, &mut rows);
            collect(col, &mut cols);
        }
        let number = |set: BTreeSet<LineKey>| {
            set.into_iter()
                .zip(frame.first..)
                .collect::<BTreeMap<_, _>>()
        };
        Placed {
            row: number(rows),
            col: number(cols),
            frame,
        }
    }

    /// Checks every instance's empty rays (`empty:` lines, the thesis' red arrows)
    /// against the placed board: the first violation, as a message.
    pub(crate) fn check_empty_rays(&self, placed: &Placed) -> Result<(), String> {
        let squares: Vec<Square> = self
            .pieces()
            .into_iter()
            .map(|(r, c, _, _)| placed.square(r, c))
            .collect();
        let mut by_row: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
        let mut by_col: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
        for s in &squares {
            by_row.entry(s.row).or_default().push(s.col);
            by_col.entry(s.col).or_default().push(s.row);
        }
        for instance in &self.instances {
            for &(local, direction) in &instance.gadget.keep_empty {
                let (row, col) = instance.lines(local);
                let at = placed.square(row, col);
                let column = by_col.get(&at.col).map_or(&[][..], Vec::as_slice);
                let row = by_row.get(&at.row).map_or(&[][..], Vec::as_slice);
                let blocked = match direction {
                    Direction::North => column.iter().any(|&r| r < at.row),
                    Direction::South => column.iter().any(|&r| r > at.row),
                    Direction::West => row.iter().any(|&c| c < at.col),
                    Direction::East => row.iter().any(|&c| c > at.col),
                };
                if blocked {
                    return Err(format!(
                        "{} square {local} (board {at}): the ray {} must stay empty",
                        instance.gadget.name,
                        direction.letter()
                    ));
                }
            }
        }
        Ok(())
    }
}

/// The capture destinations of a rook gadget file: its rooks in row 1 or column 1
/// (the thesis' convention, §7.1.3).
pub(crate) fn destinations(gadget: &Gadget) -> Vec<Square> {
    gadget
        .pieces
        .iter()
        .map(|&(s, _)| s)
        .filter(|s| s.row == 1 || s.col == 1)
        .collect()
}

/// The gadget's pieces plus a 2-rook on each input square whose value is True (inputs
/// in table order).
pub(crate) fn with_inputs(gadget: &Gadget, inputs: &[bool]) -> Vec<(Square, u32)> {
    let mut pieces = gadget.pieces.clone();
    for (port, &value) in gadget.inputs().into_iter().zip(inputs) {
        if value {
            pieces.push((port.squares[0], 2));
        }
    }
    pieces
}
