//! The King 2-Solo Chess backend (thesis ch. 5, construction of Theorem 5.15): stamps the
//! verified gadget library ([`crate::gadgets`]) onto a sparse board of 2-kings following a
//! [`Layout`], builds the "SAT ⇒ solvable" capture sequence gadget by gadget, and reads a
//! satisfying assignment back off any solving sequence ("solvable ⇒ SAT").
//!
//! # Tiles
//! Each tile kind is designed once in one orientation — straight wire, corner, variable
//! (outputs on opposite or on adjacent sides), gate, 1-test, and the full wire crossing
//! (Lemma 5.13, built as in Fig. 5.15b from a Double Assignment, Fig. 5.8, and the
//! functions f, g, h of Table 5.2) — and mapped onto its tile by one of the eight
//! symmetries of the square. A design places its gadgets at fixed offsets from the point
//! where its two wire bands cross (two rows for horizontal wires, two columns for vertical
//! ones) and runs its wires along the bands to the tile's border; its *reach* is how far
//! it extends from the bands. Tiles are not uniform: every tile row is as high, and every
//! tile column as wide, as the reach of its tiles needs (plus one empty line toward each
//! neighbour), and all tiles of a row (column) share its band, so rows and columns
//! without wire crossings stay small.
//! Inside a tile, gadgets are joined by wire columns (the horizontal wire's column,
//! repeated) and corners, or directly where an output port lies on the squares of the next
//! gadget's input port (its column is then that input's signal column, as between the
//! parts of the library's composite gadgets); every input port holds such a column.
//!
//! # Elements
//! The board is a list of elements: single wire columns and gadget instances, each with
//! its kings, input columns (the squares of the column that feeds it) and output columns.
//! A compiled board is checked structurally: two kings of different elements may only be
//! neighbours when one stands on an input column of the other's element (the contact the
//! gadget verifier saw), and the capture graph is connected.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use rustc_hash::{FxHashMap, FxHashSet};
use thiserror::Error;

use crate::board::{Board, Piece, PieceKind, Square};
use crate::formula::{Assignment, Var};
use crate::gadgets::{self, Gadget, Outcome, Symmetry};
use crate::label::{Direction, GadgetLabel};
use crate::layout::{GateOp, Layout, NodeKind, Tile, TilePos};
use crate::rules::Move;

/// A board square during construction: (row, col), 0-based, may be negative.
type P = (i64, i64);

/// Why a board could not be compiled, certified or decoded.
#[derive(Debug, Error)]
pub enum KingError {
    #[error("gadget library: {0}")]
    Library(#[from] gadgets::GadgetError),
    #[error("the gadget library has no gadget `{0}`")]
    MissingGadget(String),
    #[error("gadget `{gadget}` cannot be oriented as required: {reason}")]
    Orientation { gadget: String, reason: String },
    #[error("the King budgets must all be 2, but gadget `{gadget}` has a {budget}-king")]
    Budget { gadget: String, budget: u32 },
    #[error("tile design `{design}`: {reason}")]
    Design { design: String, reason: String },
    #[error("layout tile {at:?} is not supported by the King tileset: {reason}")]
    UnsupportedTile { at: TilePos, reason: String },
    #[error("the board exceeds {max} squares per side")]
    TooLarge { max: i64 },
    #[error("unintended contact between {first} at {a} and {second} at {b}")]
    Contact {
        first: String,
        second: String,
        a: Square,
        b: Square,
    },
    #[error("the capture graph of the board is disconnected ({components} components)")]
    Disconnected { components: usize },
    #[error("board construction: {0}")]
    Board(#[from] crate::board::BoardError),
    #[error("certificate: no local capture sequence for {element} (inputs {inputs:?})")]
    NoLocalSequence { element: String, inputs: Vec<i8> },
    #[error("certificate: {element} has no table row for inputs {inputs:?}")]
    NoTableRow { element: String, inputs: Vec<i8> },
    #[error("certificate: the signal graph has a cycle")]
    Cycle,
    #[error("decode: the assignment read off the variable gadgets does not satisfy the formula")]
    NotSatisfying,
}

/// What an element is for, beyond its gadget.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Role {
    Plain,
    /// A formula variable (Lemma 5.7): output `positive` carries `x`; `center` is the
    /// king whose capture decides the value.
    Variable {
        var: Var,
        positive: usize,
        center: P,
    },
    /// One half of a crossing's Double Assignment: its output `towards_and` feeds the And
    /// producing b̃, so it must carry the value of the replaced wire read at `decide_from`.
    Replica {
        decide_from: [P; 2],
        towards_and: usize,
    },
    /// The 1-test; `final_square` is the tip of its antenna.
    OneTest {
        final_square: P,
    },
}

impl Role {
    /// A variable gadget before the compiler names its variable.
    fn variable() -> Role {
        Role::Variable {
            var: Var(0),
            positive: 0,
            center: (0, 0),
        }
    }
}

/// A wire column or a gadget instance.
#[derive(Clone, Debug)]
struct Element {
    /// Library gadget index; `None` for a wire column.
    gadget: Option<usize>,
    kings: Vec<(P, u32)>,
    inputs: Vec<[P; 2]>,
    outputs: Vec<[P; 2]>,
    /// Signal direction of a wire column.
    flow: Option<Direction>,
    role: Role,
}

/// The verified gadgets the backend stamps.
struct Library {
    gadgets: Vec<Gadget>,
}

impl Library {
    fn load() -> Result<Library, KingError> {
        let gadgets = gadgets::king_library()?;
        for gadget in &gadgets {
            if let Some(&(_, budget)) = gadget.kings.iter().find(|&&(_, b)| b != 2) {
                // Signal columns of 0- and 1-kings only exist in the verifier's inputs.
                return Err(KingError::Budget {
                    gadget: gadget.name.clone(),
                    budget,
                });
            }
        }
        Ok(Library { gadgets })
    }

    fn index(&self, name: &str) -> Result<usize, KingError> {
        self.gadgets
            .iter()
            .position(|g| g.name == name)
            .ok_or_else(|| KingError::MissingGadget(name.to_owned()))
    }
}

fn shift(p: P, d: Direction, k: i64) -> P {
    let (dr, dc) = d.delta();
    (p.0 + dr * k, p.1 + dc * k)
}

fn sorted(mut pair: [P; 2]) -> [P; 2] {
    pair.sort_unstable();
    pair
}

fn to_p(s: Square) -> P {
    (i64::from(s.row), i64::from(s.col))
}

fn adjacent(a: P, b: P) -> bool {
    a != b && (a.0 - b.0).abs() <= 1 && (a.1 - b.1).abs() <= 1
}

/// The end of a wire under construction: its last column and the signal direction.
#[derive(Clone, Copy, Debug)]
struct Turtle {
    last: [P; 2],
    flow: Direction,
}

impl Turtle {
    /// Coordinate of the last column along the flow axis.
    fn along(&self) -> i64 {
        match self.flow {
            Direction::North | Direction::South => self.last[0].0,
            Direction::East | Direction::West => self.last[0].1,
        }
    }
}

/// A placed gadget's ports.
struct Placed {
    ports: Vec<(char, [P; 2], Direction)>,
}

impl Placed {
    fn port(&self, name: char) -> Result<([P; 2], Direction), KingError> {
        self.ports
            .iter()
            .find(|p| p.0 == name)
            .map(|p| (p.1, p.2))
            .ok_or_else(|| KingError::Design {
                design: "port".into(),
                reason: format!("no port {name}"),
            })
    }

    fn turtle(&self, name: char) -> Result<Turtle, KingError> {
        let (last, flow) = self.port(name)?;
        Ok(Turtle { last, flow })
    }
}

/// Collects the elements of one tile design.
struct Canvas<'a> {
    library: &'a Library,
    design: &'static str,
    elements: Vec<Element>,
}

impl<'a> Canvas<'a> {
    fn new(library: &'a Library, design: &'static str) -> Canvas<'a> {
        Canvas {
            library,
            design,
            elements: Vec::new(),
        }
    }

    fn error(&self, reason: impl Into<String>) -> KingError {
        KingError::Design {
            design: self.design.into(),
            reason: reason.into(),
        }
    }

    /// One wire column after the turtle's last column.
    fn column(&mut self, t: &mut Turtle) {
        let next = t.last.map(|p| shift(p, t.flow, 1));
        self.elements.push(Element {
            gadget: None,
            kings: next.iter().map(|&p| (p, 2)).collect(),
            inputs: vec![sorted(t.last)],
            outputs: vec![sorted(next)],
            flow: Some(t.flow),
            role: Role::Plain,
        });
        t.last = next;
    }

    fn forward(&mut self, t: &mut Turtle, n: i64) {
        for _ in 0..n {
            self.column(t);
        }
    }

    /// Wire columns until the last one lies at `coord` along the flow (none if the
    /// turtle already stands there, e.g. a wire that starts or ends on a tile's border).
    fn extend_to(&mut self, t: &mut Turtle, coord: i64) -> Result<(), KingError> {
        let (dr, dc) = t.flow.delta();
        let steps = (coord - t.along()) * (dr + dc);
        if steps < 0 {
            return Err(self.error(format!(
                "wire toward {coord} from {:?} flowing {:?}",
                t.last, t.flow
            )));
        }
        self.forward(t, steps);
        Ok(())
    }

    /// The library gadget `name` turned so that each listed port has the listed flow.
    fn oriented(
        &self,
        name: &str,
        orient: &[(char, Direction)],
    ) -> Result<(usize, Gadget), KingError> {
        let index = self.library.index(name)?;
        let native = &self.library.gadgets[index];
        let symmetry = Symmetry::all()
            .find(|s| {
                orient.iter().all(|&(port, flow)| {
                    native.port(port).map(|p| s.direction(p.flow)) == Some(flow)
                })
            })
            .ok_or_else(|| KingError::Orientation {
                gadget: name.into(),
                reason: format!("{orient:?}"),
            })?;
        Ok((index, native.transformed(symmetry)))
    }

    /// Stamps gadget `name`, oriented by `orient`, with port `anchor.0` on `anchor.1`.
    fn place(
        &mut self,
        name: &str,
        orient: &[(char, Direction)],
        anchor: (char, [P; 2]),
        role: Role,
    ) -> Result<Placed, KingError> {
        let (index, gadget) = self.oriented(name, orient)?;
        let port = gadget
            .port(anchor.0)
            .ok_or_else(|| self.error(format!("{name} has no port {}", anchor.0)))?;
        let own = sorted(port.squares.map(to_p));
        let target = sorted(anchor.1);
        let offset = (target[0].0 - own[0].0, target[0].1 - own[0].1);
        if (target[1].0 - own[1].0, target[1].1 - own[1].1) != offset {
            return Err(self.error(format!("port {} of {name} does not fit", anchor.0)));
        }
        let at = |s: Square| {
            let p = to_p(s);
            (p.0 + offset.0, p.1 + offset.1)
        };
        let columns = |ports: Vec<&gadgets::Port>| -> Vec<[P; 2]> {
            ports.iter().map(|p| sorted(p.squares.map(at))).collect()
        };
        let kings: Vec<(P, u32)> = gadget.kings.iter().map(|&(s, b)| (at(s), b)).collect();
        let role = match role {
            Role::Variable { var, positive, .. } => {
                // The center king: farthest from both outputs (Lemma 5.7's blue king).
                let outputs = columns(gadget.outputs());
                let distance = |p: P| {
                    outputs
                        .iter()
                        .flat_map(|c| c.iter())
                        .map(|q| (q.0 - p.0).abs().max((q.1 - p.1).abs()))
                        .min()
                        .unwrap_or(0)
                };
                let center = kings
                    .iter()
                    .map(|&(p, _)| p)
                    .max_by_key(|&p| distance(p))
                    .ok_or_else(|| self.error("variable without kings"))?;
                Role::Variable {
                    var,
                    positive,
                    center,
                }
            }
            Role::OneTest { .. } => {
                let squares: Vec<P> = kings.iter().map(|&(p, _)| p).collect();
                let tip = squares
                    .iter()
                    .copied()
                    .find(|&p| squares.iter().filter(|&&q| adjacent(p, q)).count() == 1)
                    .ok_or_else(|| self.error("1-test without antenna tip"))?;
                Role::OneTest { final_square: tip }
            }
            other => other,
        };
        let placed = Placed {
            ports: gadget
                .ports
                .iter()
                .map(|p| (p.name, sorted(p.squares.map(at)), p.flow))
                .collect(),
        };
        self.elements.push(Element {
            gadget: Some(index),
            kings,
            inputs: columns(gadget.inputs()),
            outputs: columns(gadget.outputs()),
            flow: None,
            role,
        });
        Ok(placed)
    }

    /// A corner after at least one more wire column, turning the wire toward `flow`.
    fn turn(&mut self, t: &mut Turtle, flow: Direction) -> Result<(), KingError> {
        self.column(t);
        let placed = self.place(
            "corner",
            &[('a', t.flow), ('X', flow)],
            ('a', t.last),
            Role::Plain,
        )?;
        *t = placed.turtle('X')?;
        Ok(())
    }

    /// Like [`Canvas::turn`], after as many wire columns as put the new wire's two
    /// columns (or rows) at `band`, `band + 1`.
    fn turn_into_band(
        &mut self,
        t: &mut Turtle,
        flow: Direction,
        band: i64,
    ) -> Result<(), KingError> {
        let (_, corner) = self.oriented("corner", &[('a', t.flow), ('X', flow)])?;
        let port = |name: char| -> Result<[P; 2], KingError> {
            Ok(sorted(
                corner
                    .port(name)
                    .ok_or_else(|| self.error("corner ports"))?
                    .squares
                    .map(to_p),
            ))
        };
        let (input, output) = (port('a')?, port('X')?);
        // Cross-axis coordinate of the outgoing band, relative to the input port.
        let offset = match flow {
            Direction::North | Direction::South => output[0].1 - input[0].1,
            Direction::East | Direction::West => output[0].0 - input[0].0,
        };
        let first = t.last.map(|p| shift(p, t.flow, 1));
        let (first_band, sign) = match flow {
            Direction::North | Direction::South => (first[0].1 + offset, t.flow.delta().1),
            Direction::East | Direction::West => (first[0].0 + offset, t.flow.delta().0),
        };
        if sign == 0 || (band - first_band) * sign < 0 {
            return Err(self.error(format!(
                "corner toward {flow:?} cannot reach band {band} from {:?}",
                t.last
            )));
        }
        self.forward(t, (band - first_band) * sign);
        self.turn(t, flow)
    }
}

/// A tile's box in its design's canonical orientation: `rows × cols` squares (0-based,
/// top-left origin), horizontal wires in the row band `band_row, band_row + 1`, vertical
/// wires in the column band `band_col, band_col + 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Frame {
    rows: i64,
    cols: i64,
    band_row: i64,
    band_col: i64,
}

impl Frame {
    /// A turtle standing just outside side `side`, about to enter the tile.
    fn entering(&self, side: Direction) -> Turtle {
        use Direction::*;
        let (r, c) = (self.band_row, self.band_col);
        match side {
            West => Turtle {
                last: [(r, -1), (r + 1, -1)],
                flow: East,
            },
            North => Turtle {
                last: [(-1, c), (-1, c + 1)],
                flow: South,
            },
            East => Turtle {
                last: [(r, self.cols), (r + 1, self.cols)],
                flow: West,
            },
            South => Turtle {
                last: [(self.rows, c), (self.rows, c + 1)],
                flow: North,
            },
        }
    }

    /// Where (along the flow) a wire leaving the tile toward `flow` has its last column.
    fn exit(&self, flow: Direction) -> i64 {
        match flow {
            Direction::East => self.cols - 1,
            Direction::South => self.rows - 1,
            Direction::West | Direction::North => 0,
        }
    }

    /// The frame of the canonical design that symmetry `s` maps onto this (board) frame.
    fn canonical(&self, s: Symmetry) -> Frame {
        let mut band_row = self.band_row;
        let mut band_col = self.band_col;
        if s.flip_rows {
            band_row = self.rows - 2 - band_row;
        }
        if s.flip_cols {
            band_col = self.cols - 2 - band_col;
        }
        if s.transpose {
            Frame {
                rows: self.cols,
                cols: self.rows,
                band_row: band_col,
                band_col: band_row,
            }
        } else {
            Frame {
                rows: self.rows,
                cols: self.cols,
                band_row,
                band_col,
            }
        }
    }

    /// The squares a design may use on each side of the bands.
    fn room(&self) -> Reach {
        Reach {
            up: self.band_row,
            down: self.rows - 2 - self.band_row,
            left: self.band_col,
            right: self.cols - 2 - self.band_col,
        }
    }
}

/// How many rows (columns) a tile design needs above and below its row band (left and
/// right of its column band), counting one empty line of margin toward the tile's border,
/// so that the kings of neighbouring tiles only meet where a wire crosses the border.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Reach {
    up: i64,
    down: i64,
    left: i64,
    right: i64,
}

impl Reach {
    /// The least reach: one empty line between neighbouring tiles' wires.
    const MIN: Reach = Reach {
        up: 1,
        down: 1,
        left: 1,
        right: 1,
    };

    fn max(self, other: Reach) -> Reach {
        Reach {
            up: self.up.max(other.up),
            down: self.down.max(other.down),
            left: self.left.max(other.left),
            right: self.right.max(other.right),
        }
    }

    fn fits(self, room: Reach) -> bool {
        self.up <= room.up
            && self.down <= room.down
            && self.left <= room.left
            && self.right <= room.right
    }

    /// The reach of a design turned by `s`.
    fn transformed(self, s: Symmetry) -> Reach {
        let mut r = self;
        if s.transpose {
            r = Reach {
                up: r.left,
                down: r.right,
                left: r.up,
                right: r.down,
            };
        }
        if s.flip_rows {
            std::mem::swap(&mut r.up, &mut r.down);
        }
        if s.flip_cols {
            std::mem::swap(&mut r.left, &mut r.right);
        }
        r
    }

    /// The reach of a design's elements in `frame`. The wire columns running along a
    /// band to the border are not counted.
    fn of(elements: &[Element], frame: Frame) -> Reach {
        use Direction::*;
        let (br, bc) = (frame.band_row, frame.band_col);
        let mut reach = Reach::MIN;
        for e in elements {
            let stub = |&(r, c): &P| match e.flow {
                Some(East | West) => r == br || r == br + 1,
                Some(North | South) => c == bc || c == bc + 1,
                None => false,
            };
            for &((r, c), _) in e.kings.iter().filter(|(p, _)| !stub(p)) {
                reach.up = reach.up.max(br - r + 1);
                reach.down = reach.down.max(r - br);
                reach.left = reach.left.max(bc - c + 1);
                reach.right = reach.right.max(c - bc);
            }
        }
        reach
    }
}

/// The tile designs, in their canonical orientation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Design {
    /// Straight wire flowing East.
    Wire,
    /// Entering from the West, leaving South.
    Corner,
    /// Outputs North (`X`) and South (`Y`).
    VariableOpposite,
    /// Outputs North (`X`) and East (`Y`).
    VariableAdjacent,
    /// Inputs from the West and the North, output East.
    Gate(GateKind),
    /// Input from the West.
    OneTest,
    /// The through wire flows East, the replaced one South.
    Crossing,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum GateKind {
    And,
    Or,
}

const DESIGNS: [Design; 8] = [
    Design::Wire,
    Design::Corner,
    Design::VariableOpposite,
    Design::VariableAdjacent,
    Design::Gate(GateKind::And),
    Design::Gate(GateKind::Or),
    Design::OneTest,
    Design::Crossing,
];

impl Design {
    fn name(self) -> &'static str {
        match self {
            Design::Wire => "wire tile",
            Design::Corner => "corner tile",
            Design::VariableOpposite => "variable tile (opposite outputs)",
            Design::VariableAdjacent => "variable tile (adjacent outputs)",
            Design::Gate(GateKind::And) => "and tile",
            Design::Gate(GateKind::Or) => "or tile",
            Design::OneTest => "1-test tile",
            Design::Crossing => "crossing tile",
        }
    }
}

/// Builds one tile design in `frame`: its gadgets sit at fixed offsets from the crossing
/// of the bands, its wires run along the bands to the tile's border.
fn build_design(
    library: &Library,
    design: Design,
    frame: Frame,
) -> Result<Vec<Element>, KingError> {
    use Direction::*;
    let (br, bc) = (frame.band_row, frame.band_col);
    let mut c = Canvas::new(library, design.name());
    match design {
        Design::Wire => {
            let mut t = frame.entering(West);
            c.extend_to(&mut t, frame.exit(East))?;
        }
        Design::Corner => {
            let mut t = frame.entering(West);
            c.turn_into_band(&mut t, South, bc)?;
            c.extend_to(&mut t, frame.exit(South))?;
        }
        Design::VariableOpposite => {
            // Vertical across the row band: X ends three rows above it, Y three below.
            let placed = c.place(
                "variable",
                &[('X', North), ('Y', South)],
                ('X', [(br - 3, bc), (br - 3, bc + 1)]),
                Role::variable(),
            )?;
            let mut x = placed.turtle('X')?;
            c.extend_to(&mut x, frame.exit(North))?;
            let mut y = placed.turtle('Y')?;
            c.extend_to(&mut y, frame.exit(South))?;
        }
        Design::VariableAdjacent => {
            // Horizontal on the row band east of the column band: Y leaves East along the
            // band, X runs West into a corner that turns North into the column band (at
            // the least distance at which the corner fits).
            let (_, gadget) = c.oriented("variable", &[('X', West), ('Y', East)])?;
            let width = gadget.cols as i64;
            let mut built = None;
            for gap in 1..16 {
                let mut trial = Canvas::new(library, design.name());
                let x_col = bc + gap;
                let placed = trial.place(
                    "variable",
                    &[('X', West), ('Y', East)],
                    ('X', [(br, x_col), (br + 1, x_col)]),
                    Role::variable(),
                )?;
                let mut x = placed.turtle('X')?;
                if trial.turn_into_band(&mut x, North, bc).is_err() {
                    continue;
                }
                trial.extend_to(&mut x, frame.exit(North))?;
                let mut y = placed.turtle('Y')?;
                trial.extend_to(&mut y, frame.exit(East))?;
                built = Some(trial);
                break;
            }
            c = built.ok_or_else(|| {
                c.error(format!("no corner fits beside a variable of width {width}"))
            })?;
        }
        Design::Gate(kind) => {
            // Turned so that the West input and the output share the row band and the
            // other input comes down the column band.
            let name = match kind {
                GateKind::And => "and",
                GateKind::Or => "or",
            };
            let orient = [('b', East), ('a', South), ('X', East)];
            let (_, gadget) = c.oriented(name, &orient)?;
            let port = |name: char| -> Result<[P; 2], KingError> {
                gadget
                    .port(name)
                    .map(|p| sorted(p.squares.map(to_p)))
                    .ok_or_else(|| c.error(format!("{name} has no port {name}")))
            };
            let (west, north) = (port('b')?, port('a')?);
            let offset = (br - west[0].0, bc - north[0].1);
            let moved = |col: [P; 2]| col.map(|p| (p.0 + offset.0, p.1 + offset.1));
            let (west, north) = (moved(west), moved(north));
            let mut tw = frame.entering(West);
            c.extend_to(&mut tw, west[0].1)?;
            let mut tn = frame.entering(North);
            c.extend_to(&mut tn, north[0].0)?;
            let placed = c.place(name, &orient, ('b', west), Role::Plain)?;
            if placed.port('a')?.0 != north {
                return Err(c.error("input a misplaced"));
            }
            let mut out = placed.turtle('X')?;
            c.extend_to(&mut out, frame.exit(East))?;
        }
        Design::OneTest => {
            let mut t = frame.entering(West);
            c.extend_to(&mut t, bc)?;
            c.place(
                "one-test",
                &[('a', East)],
                ('a', t.last),
                Role::OneTest {
                    final_square: (0, 0),
                },
            )?;
        }
        Design::Crossing => build_crossing(&mut c, frame)?,
    }
    for element in &c.elements {
        for &(p, _) in &element.kings {
            if !(0..frame.rows).contains(&p.0) || !(0..frame.cols).contains(&p.1) {
                return Err(c.error(format!("square {p:?} outside the tile {frame:?}")));
            }
        }
    }
    let reach = Reach::of(&c.elements, frame);
    if !reach.fits(frame.room()) {
        return Err(c.error(format!("reach {reach:?} exceeds the tile {frame:?}")));
    }
    Ok(c.elements)
}

/// The full wire crossing (Lemma 5.13, Fig. 5.15b), with the through wire `a` entering
/// from the West in the row band and the replaced wire `b` from the North in the column
/// band. `a` turns South into f, and f, g and h (Table 5.2) follow each other East with
/// straight joints only (f and g may emit the 2-signal, which a corner would lower to 1);
/// `b` comes straight down into g, and h's output rises back into the row band and leaves
/// East. The Double Assignment (Fig. 5.8) lies below: one variable West of f feeds f's ¬b̃,
/// one under h feeds h's ¬b̃, and their And under g sends b̃ down the column band. The
/// offsets below were found by a search for the smallest reach; [`Tileset::new`] checks
/// the result.
fn build_crossing(c: &mut Canvas, frame: Frame) -> Result<(), KingError> {
    use Direction::*;
    const AND_INPUT_B_BELOW_BAND: i64 = 21;
    const RETURN_WIRE_BELOW_BAND: i64 = 17;
    let (br, bc) = (frame.band_row, frame.band_col);
    // Where `a` must turn for g's input b to land on the column band.
    let mut probe = Canvas::new(c.library, c.design);
    let mut t = Turtle {
        last: [(br, 0), (br + 1, 0)],
        flow: East,
    };
    let (_, g, _) = crossing_chain(&mut probe, &mut t)?;
    let turn_at = bc - g.port('b')?.0[0].1;
    let mut a = frame.entering(West);
    c.extend_to(&mut a, turn_at)?;
    let (f, g, h) = crossing_chain(c, &mut a)?;
    let mut a = h.turtle('X')?;
    c.turn_into_band(&mut a, East, br)?;
    c.extend_to(&mut a, frame.exit(East))?;
    let (g_b, _) = g.port('b')?;
    let mut b = frame.entering(North);
    c.extend_to(&mut b, g_b[0].0)?;
    let replica = |towards_and| Role::Replica {
        decide_from: g_b,
        towards_and,
    };
    let (f_n, _) = f.port('n')?;
    let one = c.place(
        "variable",
        &[('X', West), ('Y', East)],
        ('Y', f_n),
        replica(0),
    )?;
    let (h_n, _) = h.port('n')?;
    let two = c.place(
        "variable",
        &[('X', North), ('Y', South)],
        ('X', h_n),
        replica(1),
    )?;
    let and_b_row = br + AND_INPUT_B_BELOW_BAND;
    let and = c.place(
        "and",
        &[('a', West), ('b', South)],
        ('b', [(and_b_row, bc), (and_b_row, bc + 1)]),
        Role::Plain,
    )?;
    let (and_a, _) = and.port('a')?;
    let mut t = two.turtle('Y')?;
    c.turn_into_band(&mut t, West, and_a[0].0)?;
    c.extend_to(&mut t, and_a[0].1)?;
    let mut t = one.turtle('X')?;
    c.turn(&mut t, South)?;
    c.turn_into_band(&mut t, East, br + RETURN_WIRE_BELOW_BAND)?;
    c.turn_into_band(&mut t, South, bc)?;
    c.extend_to(&mut t, and_b_row)?;
    let mut out = and.turtle('X')?;
    c.extend_to(&mut out, frame.exit(South))?;
    Ok(())
}

/// From the through wire `a` (flowing East, its last column in `a`): a corner turning
/// South, one wire column, f, g right after f, one wire column and h.
fn crossing_chain(c: &mut Canvas, a: &mut Turtle) -> Result<(Placed, Placed, Placed), KingError> {
    use Direction::*;
    c.turn(a, South)?;
    c.forward(a, 1);
    let f = c.place(
        "crossing-f",
        &[('a', South), ('X', East), ('n', East)],
        ('a', a.last),
        Role::Plain,
    )?;
    let g = c.place(
        "crossing-g",
        &[('f', East), ('b', South), ('X', East)],
        ('f', f.port('X')?.0),
        Role::Plain,
    )?;
    let mut t = g.turtle('X')?;
    c.forward(&mut t, 1);
    let h = c.place(
        "crossing-h",
        &[('g', East), ('n', North), ('X', North)],
        ('g', t.last),
        Role::Plain,
    )?;
    Ok((f, g, h))
}

/// The tile designs: each design's reach (measured once, in a roomy frame) and the
/// designs built so far, per frame.
struct Tileset<'a> {
    library: &'a Library,
    reach: BTreeMap<Design, Reach>,
    built: FxHashMap<(Design, Frame), Vec<Element>>,
}

impl<'a> Tileset<'a> {
    /// Measures every design and checks that it also builds, without unintended
    /// contacts, in the smallest frame its reach allows.
    fn new(library: &'a Library) -> Result<Tileset<'a>, KingError> {
        const ROOMY: i64 = 100;
        let roomy = Frame {
            rows: 2 * ROOMY + 2,
            cols: 2 * ROOMY + 2,
            band_row: ROOMY,
            band_col: ROOMY,
        };
        let mut reach = BTreeMap::new();
        for design in DESIGNS {
            let elements = build_design(library, design, roomy)?;
            let r = Reach::of(&elements, roomy);
            let tight = Frame {
                rows: r.up + 2 + r.down,
                cols: r.left + 2 + r.right,
                band_row: r.up,
                band_col: r.left,
            };
            check_contacts(&build_design(library, design, tight)?, false)?;
            reach.insert(design, r);
        }
        Ok(Tileset {
            library,
            reach,
            built: FxHashMap::default(),
        })
    }

    fn elements(&mut self, design: Design, frame: Frame) -> Result<&[Element], KingError> {
        if !self.built.contains_key(&(design, frame)) {
            let elements = build_design(self.library, design, frame)?;
            check_contacts(&elements, false)?;
            self.built.insert((design, frame), elements);
        }
        Ok(&self.built[&(design, frame)])
    }
}

/// Maps a square of a canonical design onto the board: symmetry `s` turns it into a
/// `rows × cols` tile whose top-left square is `origin`.
fn map_point(s: Symmetry, p: P, rows: i64, cols: i64, origin: P) -> P {
    let (mut r, mut c) = p;
    if s.transpose {
        (r, c) = (c, r);
    }
    if s.flip_rows {
        r = rows - 1 - r;
    }
    if s.flip_cols {
        c = cols - 1 - c;
    }
    (r + origin.0, c + origin.1)
}

fn map_element(e: &Element, s: Symmetry, tile: Frame, origin: P) -> Element {
    let point = |p: P| map_point(s, p, tile.rows, tile.cols, origin);
    let column = |c: &[P; 2]| sorted(c.map(point));
    Element {
        gadget: e.gadget,
        kings: e.kings.iter().map(|&(p, b)| (point(p), b)).collect(),
        inputs: e.inputs.iter().map(column).collect(),
        outputs: e.outputs.iter().map(column).collect(),
        flow: e.flow.map(|d| s.direction(d)),
        role: match &e.role {
            Role::Variable {
                var,
                positive,
                center,
            } => Role::Variable {
                var: *var,
                positive: *positive,
                center: point(*center),
            },
            Role::Replica {
                decide_from,
                towards_and,
            } => Role::Replica {
                decide_from: column(decide_from),
                towards_and: *towards_and,
            },
            Role::OneTest { final_square } => Role::OneTest {
                final_square: point(*final_square),
            },
            Role::Plain => Role::Plain,
        },
    }
}

/// The symmetry mapping each `from` side to its `to` side.
fn symmetry_for(pairs: &[(Direction, Direction)]) -> Option<Symmetry> {
    Symmetry::all().find(|s| pairs.iter().all(|&(a, b)| s.direction(a) == b))
}

/// Checks that kings of different elements touch only across an input column, that no
/// square is used twice, and (for whole boards) that every input column has a producer
/// and every output column a consumer.
fn check_contacts(
    elements: &[Element],
    whole_board: bool,
) -> Result<FxHashMap<P, usize>, KingError> {
    let square = |p: P| Square::new((p.0 + 1).max(0) as u32, (p.1 + 1).max(0) as u32);
    let mut owner: FxHashMap<P, usize> = FxHashMap::default();
    owner.reserve(elements.iter().map(|e| e.kings.len()).sum());
    for (id, e) in elements.iter().enumerate() {
        for &(p, _) in &e.kings {
            if let Some(&other) = owner.get(&p) {
                return Err(KingError::Contact {
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
    // Each neighbouring pair once: the neighbours after `p` in row-major order.
    for (&p, &a) in &owner {
        for (dr, dc) in [(0, 1), (1, -1), (1, 0), (1, 1)] {
            let q = (p.0 + dr, p.1 + dc);
            let Some(&b) = owner.get(&q) else { continue };
            if a != b && !feeds(p, b) && !feeds(q, a) {
                return Err(KingError::Contact {
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
                return Err(KingError::Design {
                    design: element_name(elements, id),
                    reason: format!("column at {} is not connected", square(column[0])),
                });
            }
        }
    }
    Ok(owner)
}

fn element_name(elements: &[Element], id: usize) -> String {
    let e = &elements[id];
    match e.flow {
        Some(flow) => format!("wire column (flow {})", flow.letter()),
        None => format!("gadget #{id}"),
    }
}

/// Number of connected components of the capture graph (king moves) on the occupied
/// squares (the keys of `squares`).
fn components<V>(squares: &FxHashMap<P, V>) -> usize {
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
            for dr in -1..=1 {
                for dc in -1..=1 {
                    let q = (p.0 + dr, p.1 + dc);
                    if squares.contains_key(&q) && seen.insert(q) {
                        queue.push_back(q);
                    }
                }
            }
        }
    }
    count
}

/// Size figures of a compiled board (`compile --stats`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KingStats {
    pub kings: usize,
    pub rows: u32,
    pub cols: u32,
    /// The smallest and the largest tile side in board squares (tile rows and columns
    /// are as high and wide as their tiles need).
    pub tile_sides: (u32, u32),
    /// Wire crossings of the layout (each a full crossing gadget).
    pub crossings: usize,
    /// Stamped gadgets per kind (`wire column` counts single wire columns).
    pub gadgets: BTreeMap<String, usize>,
}

impl std::fmt::Display for KingStats {
    /// `N kings, R rows × C cols (tile sides a–b squares), X crossings`, then one line per
    /// gadget kind.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "{} kings, {} rows × {} cols (tile sides {}–{} squares), {} crossings",
            self.kings, self.rows, self.cols, self.tile_sides.0, self.tile_sides.1, self.crossings
        )?;
        for (kind, count) in &self.gadgets {
            writeln!(f, "{kind:>20}: {count}")?;
        }
        Ok(())
    }
}

/// The signal columns elements produce (outputs) and consume (inputs).
fn produced_and_consumed(elements: &[Element]) -> (FxHashSet<[P; 2]>, FxHashSet<[P; 2]>) {
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

/// A compiled King 2-Solo Chess board with the element structure behind it.
pub struct KingBoard {
    pub board: Board,
    pub stats: KingStats,
    elements: Vec<Element>,
    num_vars: usize,
}

/// Compiles a validated layout of an And-Or formula with `num_vars` variables into a
/// King 2-Solo Chess board (thesis Theorem 5.15): every piece a king with budget 2.
pub fn compile(layout: &Layout, num_vars: usize) -> Result<KingBoard, KingError> {
    use Direction::*;
    let library = Library::load()?;
    let mut tileset = Tileset::new(&library)?;
    let mut placements = Vec::new();
    for (at, tile) in layout.tiles() {
        let unsupported = |reason: String| KingError::UnsupportedTile { at, reason };
        let (design, symmetry, var) = match tile {
            Tile::Wire { flow } => (Design::Wire, symmetry_for(&[(East, flow)]), None),
            Tile::Corner { from, to } => (
                Design::Corner,
                symmetry_for(&[(West, from), (South, to)]),
                None,
            ),
            Tile::Crossing {
                through, replaced, ..
            } => (
                Design::Crossing,
                symmetry_for(&[(East, through), (South, replaced)]),
                None,
            ),
            Tile::Gadget { node } => match layout.nodes[node].kind {
                NodeKind::Variable {
                    var,
                    positive,
                    negative,
                } => {
                    let opposite = {
                        let (a, b) = (positive.delta(), negative.delta());
                        a.0 == -b.0 && a.1 == -b.1
                    };
                    if opposite {
                        (
                            Design::VariableOpposite,
                            symmetry_for(&[(North, positive), (South, negative)]),
                            Some(var),
                        )
                    } else {
                        (
                            Design::VariableAdjacent,
                            symmetry_for(&[(North, positive), (East, negative)]),
                            Some(var),
                        )
                    }
                }
                NodeKind::Gate {
                    op, inputs, output, ..
                } => {
                    let kind = match op {
                        GateOp::And => GateKind::And,
                        GateOp::Or => GateKind::Or,
                    };
                    let symmetry =
                        symmetry_for(&[(West, inputs[0]), (North, inputs[1]), (East, output)])
                            .or_else(|| {
                                symmetry_for(&[
                                    (West, inputs[1]),
                                    (North, inputs[0]),
                                    (East, output),
                                ])
                            });
                    (Design::Gate(kind), symmetry, None)
                }
                NodeKind::OneTest { input } => {
                    (Design::OneTest, symmetry_for(&[(West, input)]), None)
                }
                NodeKind::Crossing { .. } => {
                    return Err(unsupported("a crossing node listed as a gadget".into()));
                }
            },
        };
        let symmetry = symmetry
            .ok_or_else(|| unsupported(format!("no orientation of the {design:?} tile")))?;
        placements.push((at, design, symmetry, var));
    }
    // Every tile row (column) is as high (wide) as its tiles need; its wires run in the
    // same band of every tile in it.
    let mut row_reach = vec![Reach::MIN; layout.rows as usize];
    let mut col_reach = vec![Reach::MIN; layout.cols as usize];
    for &(at, design, symmetry, _) in &placements {
        let reach = tileset.reach[&design].transformed(symmetry);
        let row = &mut row_reach[at.row as usize];
        *row = row.max(reach);
        let col = &mut col_reach[at.col as usize];
        *col = col.max(reach);
    }
    let starts = |sizes: &[i64]| -> Vec<i64> {
        sizes
            .iter()
            .scan(0i64, |next, &size| {
                let start = *next;
                *next += size;
                Some(start)
            })
            .collect()
    };
    let heights: Vec<i64> = row_reach.iter().map(|r| r.up + 2 + r.down).collect();
    let widths: Vec<i64> = col_reach.iter().map(|r| r.left + 2 + r.right).collect();
    let (row_starts, col_starts) = (starts(&heights), starts(&widths));
    let max = i64::from(u32::MAX / 2);
    let (total_rows, total_cols) = (heights.iter().sum::<i64>(), widths.iter().sum::<i64>());
    if total_rows.max(total_cols) > max {
        return Err(KingError::TooLarge { max });
    }
    let mut elements = Vec::new();
    for &(at, design, symmetry, var) in &placements {
        let (row, col) = (at.row as usize, at.col as usize);
        let tile = Frame {
            rows: heights[row],
            cols: widths[col],
            band_row: row_reach[row].up,
            band_col: col_reach[col].left,
        };
        let origin = (row_starts[row], col_starts[col]);
        for e in tileset.elements(design, tile.canonical(symmetry))? {
            let mut e = map_element(e, symmetry, tile, origin);
            if let (Some(v), Role::Variable { var, .. }) = (var, &mut e.role) {
                *var = v;
            }
            elements.push(e);
        }
    }
    let owner = check_contacts(&elements, true)?;
    let parts = components(&owner);
    if parts != 1 {
        return Err(KingError::Disconnected { components: parts });
    }
    let (pieces, gadget_counts) = stamp(&library, &elements);
    let side = |v: i64| u32::try_from(v).map_err(|_| KingError::TooLarge { max });
    let (rows, cols) = (side(total_rows)?, side(total_cols)?);
    let board = Board::new(rows, cols, pieces)?;
    let smallest = heights.iter().chain(&widths).copied().min().unwrap_or(0);
    let largest = heights.iter().chain(&widths).copied().max().unwrap_or(0);
    let stats = KingStats {
        kings: board.len(),
        rows,
        cols,
        tile_sides: (side(smallest)?, side(largest)?),
        crossings: layout.stats().crossings,
        gadgets: gadget_counts,
    };
    Ok(KingBoard {
        board,
        stats,
        elements,
        num_vars,
    })
}

/// Kind name of an element for labels and statistics.
fn kind_name(library: &Library, e: &Element) -> String {
    match (e.gadget, &e.role) {
        (None, _) => "wire".into(),
        (Some(_), Role::Replica { .. }) => "double-assignment".into(),
        (Some(i), _) => library.gadgets[i].name.clone(),
    }
}

/// The labelled pieces and the count per gadget kind.
fn stamp(library: &Library, elements: &[Element]) -> (Vec<Piece>, BTreeMap<String, usize>) {
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    let mut pieces = Vec::with_capacity(elements.iter().map(|e| e.kings.len()).sum());
    for e in elements {
        let kind = kind_name(library, e);
        let stat_name = if e.gadget.is_none() {
            "wire column".to_owned()
        } else {
            kind.clone()
        };
        let count = counts.entry(stat_name).or_default();
        *count += 1;
        let mut label = GadgetLabel::new(kind);
        if e.gadget.is_some() {
            label.instance = Some(*count as u32);
        }
        label.flow = e.flow;
        for &(p, budget) in &e.kings {
            let mut label = label.clone();
            label.final_square = e.role == Role::OneTest { final_square: p }
                || matches!(e.role, Role::OneTest { final_square } if final_square == p);
            let mut piece = Piece::new(
                PieceKind::King,
                Square::new((p.0 + 1) as u32, (p.1 + 1) as u32),
                budget,
            );
            piece.label = Some(label.to_string());
            pieces.push(piece);
        }
    }
    (pieces, counts)
}

/// What a local capture sequence must leave on the output columns.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Goal {
    /// These signals (s = c − n + 1), every other piece gone.
    Signals(Vec<i8>),
    /// These signals as standard signal columns (thesis §5.2: a 0-king, a 1-king, or a
    /// 1-king and a 2-king), the form the gadget verifier feeds into input ports.
    Standard(Vec<i8>),
    /// A single piece (the 1-test).
    OnePiece,
}

/// Signal of a column: s = c − n + 1 (thesis §5.2), −1 when empty.
fn read_column(pieces: impl Iterator<Item = u32>) -> i8 {
    let (mut c, mut n) = (0i64, 0i64);
    for budget in pieces {
        c += i64::from(budget);
        n += 1;
    }
    if n == 0 {
        -1
    } else {
        (c - n + 1).clamp(-1, 100) as i8
    }
}

/// Whether `remainder` (pieces left on the output columns) carries `signals`, in standard
/// column form if `standard`.
fn carries(signals: &[i8], standard: bool, outputs: &[[P; 2]], remainder: &[(P, u32)]) -> bool {
    outputs.iter().zip(signals).all(|(column, &s)| {
        let mut budgets: Vec<u32> = remainder
            .iter()
            .filter(|(p, _)| column.contains(p))
            .map(|&(_, b)| b)
            .collect();
        budgets.sort_unstable();
        read_column(budgets.iter().copied()) == s
            && (!standard || budgets == [0] || budgets == [1] || budgets == [1, 2])
    })
}

/// An exact capture sequence on a small local position (one element and its input
/// columns as they stand) reaching `goal`, by the spanning-tree engine
/// ([`crate::solve::clear_to`], or [`crate::solve::solve`] for one piece); `None` if
/// there is none.
fn local_sequence(start: &[(P, u32)], outputs: &[[P; 2]], goal: &Goal) -> Option<Vec<(P, P)>> {
    let origin = start
        .iter()
        .map(|&(p, _)| p)
        .chain(outputs.iter().flatten().copied())
        .fold((i64::MAX, i64::MAX), |a, p| (a.0.min(p.0), a.1.min(p.1)));
    let square = |p: P| Square::new((p.0 - origin.0 + 1) as u32, (p.1 - origin.1 + 1) as u32);
    let point = |s: Square| {
        (
            i64::from(s.row) - 1 + origin.0,
            i64::from(s.col) - 1 + origin.1,
        )
    };
    let pieces = start
        .iter()
        .map(|&(p, b)| Piece::new(PieceKind::King, square(p), b))
        .collect();
    let board = Board::fitted(pieces).ok()?;
    let options = crate::solve::SolveOptions::default();
    let moves = match goal {
        Goal::OnePiece => match crate::solve::solve(&board, &options).verdict {
            crate::solve::Verdict::Solvable(moves) => moves,
            _ => return None,
        },
        Goal::Signals(signals) | Goal::Standard(signals) => {
            let standard = matches!(goal, Goal::Standard(_));
            let keep: BTreeSet<Square> = outputs.iter().flatten().map(|&p| square(p)).collect();
            let accept = |remainder: &crate::solve::Remainder| {
                let left: Vec<(P, u32)> =
                    remainder.iter().map(|&(s, _, b)| (point(s), b)).collect();
                carries(signals, standard, outputs, &left)
            };
            match crate::solve::clear_to(&board, &keep, &accept, &options).0 {
                crate::solve::Cleared::Found(moves, _) => moves,
                _ => return None,
            }
        }
    };
    Some(
        moves
            .into_iter()
            .map(|mv| (point(mv.from), point(mv.to)))
            .collect(),
    )
}

/// A local position translated to the origin, its output columns and the goal.
type LocalKey = (Vec<(P, u32)>, Vec<[P; 2]>, Goal);

/// Local sequences ([`local_sequence`]), keyed by the position translated to the origin:
/// a board repeats the same few gadget-and-input positions many times.
#[derive(Default)]
struct SequenceCache {
    known: FxHashMap<LocalKey, Option<Vec<(P, P)>>>,
}

impl SequenceCache {
    fn find(&mut self, start: &[(P, u32)], outputs: &[[P; 2]], goal: &Goal) -> Option<Vec<(P, P)>> {
        let origin = start
            .iter()
            .map(|&(p, _)| p)
            .chain(outputs.iter().flatten().copied())
            .fold((i64::MAX, i64::MAX), |a, p| (a.0.min(p.0), a.1.min(p.1)));
        let rel = |p: P| (p.0 - origin.0, p.1 - origin.1);
        let mut pieces: Vec<(P, u32)> = start.iter().map(|&(p, b)| (rel(p), b)).collect();
        pieces.sort_unstable();
        let columns: Vec<[P; 2]> = outputs.iter().map(|c| c.map(rel)).collect();
        let key = (pieces, columns, goal.clone());
        let found = self
            .known
            .entry(key)
            .or_insert_with_key(|(pieces, columns, goal)| local_sequence(pieces, columns, goal))
            .clone();
        found.map(|moves| {
            moves
                .into_iter()
                .map(|(a, b)| {
                    (
                        (a.0 + origin.0, a.1 + origin.1),
                        (b.0 + origin.0, b.1 + origin.1),
                    )
                })
                .collect()
        })
    }
}

fn to_square(p: P) -> Square {
    Square::new((p.0 + 1) as u32, (p.1 + 1) as u32)
}

fn from_square(s: Square) -> P {
    (i64::from(s.row) - 1, i64::from(s.col) - 1)
}

impl KingBoard {
    /// Elements in an order where every element comes after the producers of its input
    /// columns (and a Double Assignment half after the replaced wire it copies).
    fn signal_order(&self) -> Result<Vec<usize>, KingError> {
        let producer: FxHashMap<[P; 2], usize> = self
            .elements
            .iter()
            .enumerate()
            .flat_map(|(id, e)| e.outputs.iter().map(move |&c| (c, id)))
            .collect();
        let n = self.elements.len();
        let mut waiting = vec![0usize; n];
        let mut consumers: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (id, e) in self.elements.iter().enumerate() {
            let mut needs: Vec<[P; 2]> = e.inputs.clone();
            if let Role::Replica { decide_from, .. } = e.role {
                needs.push(decide_from);
            }
            for column in needs {
                if let Some(&p) = producer.get(&column) {
                    waiting[id] += 1;
                    consumers[p].push(id);
                }
            }
        }
        let mut ready: VecDeque<usize> = (0..n).filter(|&id| waiting[id] == 0).collect();
        let mut order = Vec::with_capacity(n);
        while let Some(id) = ready.pop_front() {
            order.push(id);
            for &next in &consumers[id] {
                waiting[next] -= 1;
                if waiting[next] == 0 {
                    ready.push_back(next);
                }
            }
        }
        if order.len() == n {
            Ok(order)
        } else {
            Err(KingError::Cycle)
        }
    }

    /// A solving capture sequence for a satisfying `assignment` of the And-Or formula
    /// (Theorem 5.15, "SAT ⇒ solvable"): for each element in signal order, a capture
    /// sequence on the element and its input columns, found by the exact spanning-tree
    /// engine, that leaves exactly the output signals the gadget's verified table promises
    /// (variables: the assigned literal gets the 1-signal), in standard column form where
    /// possible.
    pub fn certify(&self, assignment: &Assignment) -> Result<Vec<Move>, KingError> {
        let library = Library::load()?;
        let mut state: FxHashMap<P, u32> = self
            .elements
            .iter()
            .flat_map(|e| e.kings.iter().copied())
            .collect();
        let mut cache = SequenceCache::default();
        let mut moves = Vec::with_capacity(state.len());
        for id in self.signal_order()? {
            let e = &self.elements[id];
            let read = |column: &[P; 2], state: &FxHashMap<P, u32>| {
                read_column(column.iter().filter_map(|p| state.get(p).copied()))
            };
            let inputs: Vec<i8> = e.inputs.iter().map(|c| read(c, &state)).collect();
            let name = || format!("{} at {}", kind_name(&library, e), to_square(e.kings[0].0));
            let goal = match (&e.role, e.gadget) {
                (_, None) => Goal::Signals(inputs.clone()),
                (Role::Variable { var, positive, .. }, _) => {
                    let mut signals = vec![0, 0];
                    let one = if assignment.value(*var) {
                        *positive
                    } else {
                        1 - *positive
                    };
                    signals[one] = 1;
                    Goal::Signals(signals)
                }
                (
                    Role::Replica {
                        decide_from,
                        towards_and,
                    },
                    _,
                ) => {
                    let mut signals = vec![0, 0];
                    let copied = read(decide_from, &state) >= 1;
                    signals[if copied {
                        *towards_and
                    } else {
                        1 - *towards_and
                    }] = 1;
                    Goal::Signals(signals)
                }
                (_, Some(index)) => {
                    let gadget = &library.gadgets[index];
                    let row = gadget
                        .table
                        .iter()
                        .find(|row| {
                            row.inputs.len() == inputs.len()
                                && row
                                    .inputs
                                    .iter()
                                    .zip(&inputs)
                                    .all(|(&a, &b)| i16::from(a) == i16::from(b))
                        })
                        .ok_or_else(|| KingError::NoTableRow {
                            element: name(),
                            inputs: inputs.clone(),
                        })?;
                    match &row.expected {
                        Outcome::Solvable(true) => Goal::OnePiece,
                        Outcome::Outputs(tuples)
                            if tuples.len() == 1 && tuples[0].iter().all(|&s| s >= 0) =>
                        {
                            Goal::Signals(tuples[0].clone())
                        }
                        _ => {
                            return Err(KingError::NoLocalSequence {
                                element: name(),
                                inputs,
                            });
                        }
                    }
                }
            };
            let mut local: Vec<(P, u32)> = e
                .inputs
                .iter()
                .flatten()
                .filter_map(|p| state.get(p).map(|&b| (*p, b)))
                .collect();
            local.extend(
                e.kings
                    .iter()
                    .filter_map(|&(p, _)| state.get(&p).map(|&b| (p, b))),
            );
            let standard = match &goal {
                Goal::Signals(signals) => Some(Goal::Standard(signals.clone())),
                _ => None,
            };
            let found = standard
                .and_then(|goal| cache.find(&local, &e.outputs, &goal))
                .or_else(|| cache.find(&local, &e.outputs, &goal))
                .ok_or_else(|| KingError::NoLocalSequence {
                    element: name(),
                    inputs: inputs.clone(),
                })?;
            for (from, to) in found {
                let budget = state.remove(&from).unwrap_or(0);
                state.insert(to, budget.saturating_sub(1));
                moves.push(Move::new(to_square(from), to_square(to)));
            }
        }
        Ok(moves)
    }

    /// Reads a satisfying assignment of the And-Or formula off a solving sequence
    /// (Theorem 5.15, "solvable ⇒ SAT", Lemma 5.7): each variable gadget's center king
    /// captures toward one output; which output that gives the 1-signal is derived from
    /// the gadget by exact search. The sequence must already be checked to be solving.
    pub fn decode(&self, moves: &[Move]) -> Result<Assignment, KingError> {
        let rule = self.capture_toward_gives_one()?;
        let mut piece_at: FxHashMap<P, usize> = FxHashMap::default();
        for (id, p) in self
            .elements
            .iter()
            .flat_map(|e| e.kings.iter().map(|&(p, _)| p))
            .enumerate()
        {
            piece_at.insert(p, id);
        }
        let mut first_capture: FxHashMap<usize, (P, P)> = FxHashMap::default();
        for mv in moves {
            let (from, to) = (from_square(mv.from), from_square(mv.to));
            if let Some(id) = piece_at.remove(&from) {
                first_capture.entry(id).or_insert((from, to));
                piece_at.insert(to, id);
            }
        }
        let mut start_id: FxHashMap<P, usize> = FxHashMap::default();
        for (id, p) in self
            .elements
            .iter()
            .flat_map(|e| e.kings.iter().map(|&(p, _)| p))
            .enumerate()
        {
            start_id.insert(p, id);
        }
        let mut assignment = Assignment::all_false(self.num_vars);
        for e in &self.elements {
            let Role::Variable {
                var,
                positive,
                center,
            } = e.role
            else {
                continue;
            };
            let Some(&(from, to)) = start_id.get(&center).and_then(|id| first_capture.get(id))
            else {
                // Never captured by its center: the value does not matter (thesis proof).
                assignment.set(var, true);
                continue;
            };
            let toward = toward_output(e, from, to);
            let one = if rule { toward } else { 1 - toward };
            assignment.set(var, one == positive);
        }
        Ok(assignment)
    }

    /// Whether a variable gadget's output toward which its center king captures gets the
    /// 1-signal (decided exactly on the first variable gadget of the board).
    fn capture_toward_gives_one(&self) -> Result<bool, KingError> {
        let Some(e) = self
            .elements
            .iter()
            .find(|e| matches!(e.role, Role::Variable { .. }))
        else {
            return Ok(true);
        };
        let Role::Variable { center, .. } = e.role else {
            return Ok(true);
        };
        let port_center = |k: usize| {
            let c = e.outputs[k];
            (c[0].0 + c[1].0, c[0].1 + c[1].1)
        };
        let toward_zero = e
            .kings
            .iter()
            .map(|&(p, _)| p)
            .filter(|&p| adjacent(p, center))
            .min_by_key(|&p| {
                let t = port_center(0);
                (2 * p.0 - t.0).abs() + (2 * p.1 - t.1).abs()
            })
            .ok_or(KingError::NotSatisfying)?;
        let state: Vec<(P, u32)> = e
            .kings
            .iter()
            .filter(|&&(p, _)| p != center)
            .map(|&(p, b)| if p == toward_zero { (p, 1) } else { (p, b) })
            .collect();
        let gives = |signals: Vec<i8>| {
            local_sequence(&state, &e.outputs, &Goal::Signals(signals)).is_some()
        };
        match (gives(vec![1, 0]), gives(vec![0, 1])) {
            (true, false) => Ok(true),
            (false, true) => Ok(false),
            _ => Err(KingError::NotSatisfying),
        }
    }

    /// Whether `board` has exactly this board's kings and budgets.
    pub fn same_pieces(&self, board: &Board) -> bool {
        let key = |b: &Board| {
            let mut v: Vec<(Square, PieceKind, u32)> = b
                .pieces()
                .iter()
                .map(|p| (p.square, p.kind, p.budget))
                .collect();
            v.sort_unstable();
            v
        };
        self.board.rows() == board.rows()
            && self.board.cols() == board.cols()
            && key(&self.board) == key(board)
    }
}

/// Which output (0 or 1) of variable element `e` the capture `from → to` points toward.
fn toward_output(e: &Element, from: P, to: P) -> usize {
    let d = (to.0 - from.0, to.1 - from.1);
    let score = |k: usize| {
        let c = e.outputs[k];
        let (r, col) = (c[0].0 + c[1].0 - 2 * from.0, c[0].1 + c[1].1 - 2 * from.1);
        d.0 * r + d.1 * col
    };
    if score(0) >= score(1) { 0 } else { 1 }
}

/// Why a formula could not be compiled, certified or decoded.
#[derive(Debug, Error)]
pub enum PipelineError {
    #[error(transparent)]
    Layout(#[from] crate::layout::LayoutError),
    #[error("internal error: the layout fails validation: {0}")]
    Validation(#[from] crate::layout::ValidationError),
    #[error(transparent)]
    King(#[from] KingError),
    #[error("SAT solver: {0}")]
    Sat(#[from] crate::sat::SatError),
}

/// Lays out an And-Or formula and compiles it to a King board.
pub fn compile_formula(
    formula: &crate::formula::AndOrFormula,
    ordering: crate::layout::order::Ordering,
) -> Result<KingBoard, PipelineError> {
    let layout = crate::layout::layout(formula, ordering)?;
    crate::layout::validate(formula, &layout)?;
    Ok(compile(&layout, formula.num_vars())?)
}

/// Solves the chain's input formula with the SAT solver and, when it is satisfiable,
/// maps the model forward along the chain and builds the board's solving sequence.
/// `None`: unsatisfiable.
pub fn certify_input(
    chain: &crate::transform::Chain,
    king: &KingBoard,
) -> Result<Option<Vec<Move>>, PipelineError> {
    let model = match chain.input() {
        crate::transform::FormulaRef::Cnf { cnf, .. } => crate::sat::solve_cnf(cnf)?,
        crate::transform::FormulaRef::AndOr(formula) => crate::sat::solve_andor(formula)?,
    };
    let Some(model) = model else {
        return Ok(None);
    };
    let forward = chain.forward(&model);
    if !chain.formula().is_satisfied_by(&forward) {
        return Err(KingError::NotSatisfying.into());
    }
    Ok(Some(king.certify(&forward)?))
}

/// Reads a model of the chain's input formula off a solving sequence of `king` (which
/// the caller has checked): the variable gadgets' choices, then the chain's backward map.
pub fn decode_input(
    chain: &crate::transform::Chain,
    king: &KingBoard,
    moves: &[Move],
) -> Result<Assignment, PipelineError> {
    let andor = king.decode(moves)?;
    if !chain.formula().is_satisfied_by(&andor) {
        return Err(KingError::NotSatisfying.into());
    }
    let model = chain.backward(&andor);
    if !chain.input().is_satisfied_by(&model) {
        return Err(KingError::NotSatisfying.into());
    }
    Ok(model)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// f and g of the crossing may emit the 2-signal (Table 5.2), which a corner lowers to
    /// 1 (Lemma 5.6): the joints f → g and g → h must be straight wire only.
    #[test]
    fn crossing_chain_has_no_corner() {
        let library = Library::load().unwrap();
        let tileset = Tileset::new(&library).unwrap();
        let r = tileset.reach[&Design::Crossing];
        let frame = Frame {
            rows: r.up + 2 + r.down,
            cols: r.left + 2 + r.right,
            band_row: r.up,
            band_col: r.left,
        };
        let elements = build_design(&library, Design::Crossing, frame).unwrap();
        let named = |name: &str| {
            let index = library.index(name).unwrap();
            elements
                .iter()
                .position(|e| e.gadget == Some(index))
                .unwrap()
        };
        let producer: FxHashMap<[P; 2], usize> = elements
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

    /// The frame of the smallest tile that holds `design`.
    fn smallest_frame(tileset: &Tileset, design: Design) -> Frame {
        let r = tileset.reach[&design];
        Frame {
            rows: r.up + 2 + r.down,
            cols: r.left + 2 + r.right,
            band_row: r.up,
            band_col: r.left,
        }
    }

    /// Every tile design, as stamped on boards, searched exhaustively (thesis §5.2 output
    /// reading) for every input combination: signal columns (0 = a 0-king, 1 = a 1-king,
    /// 2 = a 1-king and a 2-king, each placement) on the tile's external input columns,
    /// every reachable configuration on its external output columns, read as
    /// s = c − n + 1. The maximal output tuples must be those of the tile's function; the
    /// 1-test tile must reduce to one piece iff its input is at least 1. This checks the
    /// assembled tiles — the full crossing of Lemma 5.13 included — not only their parts.
    #[test]
    fn every_tile_design_computes_its_function() {
        use crate::solve::{self, SolveOptions, Verdict};
        use crate::verify::maximal_tuples;
        use std::collections::BTreeSet;
        let library = Library::load().unwrap();
        let tileset = Tileset::new(&library).unwrap();
        // Input columns lie just outside the tile: shift everything onto the board.
        let shifted = |p: P| to_square((p.0 + 4, p.1 + 4));
        for design in DESIGNS {
            let frame = smallest_frame(&tileset, design);
            let elements = build_design(&library, design, frame).unwrap();
            let (produced, consumed) = produced_and_consumed(&elements);
            let mut inputs: Vec<[P; 2]> = consumed.difference(&produced).copied().collect();
            let mut outputs: Vec<[P; 2]> = produced.difference(&consumed).copied().collect();
            // Inputs: West before North; outputs by side, in the same order as the table.
            let side = |c: &[P; 2]| {
                let (r, col) = c[0];
                if col < 0 || col >= frame.cols - 1 {
                    (0, r)
                } else {
                    (1, col)
                }
            };
            inputs.sort_by_key(side);
            outputs.sort_by_key(side);
            let kings: Vec<(P, u32)> = elements.iter().flat_map(|e| e.kings.clone()).collect();
            let signal_range: &[u32] = match design {
                Design::Crossing | Design::Gate(_) => &[0, 1],
                _ => &[0, 1, 2],
            };
            let combos: Vec<Vec<u32>> = match inputs.len() {
                0 => vec![vec![]],
                1 => signal_range.iter().map(|&a| vec![a]).collect(),
                _ => signal_range
                    .iter()
                    .flat_map(|&a| signal_range.iter().map(move |&b| vec![a, b]))
                    .collect(),
            };
            for signals in combos {
                // Every placement of the single-king columns (0 and 1) on the two squares.
                for placement in 0..1u32 << inputs.len() {
                    let mut pieces: Vec<Piece> = kings
                        .iter()
                        .map(|&(p, b)| Piece::new(PieceKind::King, shifted(p), b))
                        .collect();
                    for (i, (column, &signal)) in inputs.iter().zip(&signals).enumerate() {
                        let first = (placement >> i & 1) as usize;
                        let squares = [column[first], column[1 - first]];
                        let column_kings: &[u32] = match signal {
                            0 => &[0],
                            1 => &[1],
                            _ => &[1, 2],
                        };
                        for (&p, &b) in squares.iter().zip(column_kings) {
                            pieces.push(Piece::new(PieceKind::King, shifted(p), b));
                        }
                    }
                    let board = Board::fitted(pieces).unwrap();
                    let label = format!("{design:?} inputs {signals:?} placement {placement}");
                    if outputs.is_empty() {
                        let solvable =
                            matches!(solve::solve_default(&board).verdict, Verdict::Solvable(_));
                        assert_eq!(solvable, signals[0] >= 1, "{label}");
                        continue;
                    }
                    let keep: BTreeSet<Square> =
                        outputs.iter().flatten().map(|&p| shifted(p)).collect();
                    let (found, _) = solve::remainders(&board, &keep, &SolveOptions::default());
                    let all: BTreeSet<Vec<i8>> = found
                        .unwrap()
                        .iter()
                        .map(|remainder| {
                            outputs
                                .iter()
                                .map(|column| {
                                    let squares = column.map(shifted);
                                    read_column(
                                        remainder
                                            .iter()
                                            .filter(|(s, _, _)| squares.contains(s))
                                            .map(|&(_, _, b)| b),
                                    )
                                })
                                .collect()
                        })
                        .collect();
                    let s = |i: usize| signals[i] as i8;
                    let expected: Vec<Vec<i8>> = match design {
                        Design::Wire => vec![vec![s(0)]],
                        Design::Corner => vec![vec![s(0).min(1)]],
                        Design::VariableOpposite | Design::VariableAdjacent => {
                            vec![vec![0, 1], vec![1, 0]]
                        }
                        Design::Gate(GateKind::And) => vec![vec![s(0).min(s(1))]],
                        Design::Gate(GateKind::Or) => vec![vec![s(0).max(s(1))]],
                        Design::Crossing => vec![vec![s(0), s(1)]],
                        Design::OneTest => unreachable!("the 1-test has no output"),
                    };
                    assert_eq!(maximal_tuples(&all), expected, "{label}: all {all:?}");
                }
            }
        }
    }
}
