//! The [`Canvas`] a backend draws one tile design on: it runs wires ([`Turtle`]s) from
//! signal column to signal column ([`super::Backend::wire_step`]), stamps library gadgets turned by a
//! symmetry with one port on given squares, and turns wires with the library's `corner`
//! gadget (ports `a` → `X`), each into an [`Element`].

use crate::gadgets::{self, Gadget, Symmetry};
use sat2chess_core::board::Square;
use sat2chess_core::label::Direction;

use super::contacts::attack_steps;
use super::element::{Element, Library, Placed, Role};
use super::geometry::{Column, Frame, P, Turtle, along, shift, to_p};
use super::{Backend, BackendError};

/// Collects the elements of one tile design.
pub struct Canvas<'a, B: Backend> {
    pub backend: &'a B,
    pub library: &'a Library,
    pub(crate) design: &'static str,
    pub(crate) elements: Vec<Element>,
}

impl<'a, B: Backend> Canvas<'a, B> {
    pub fn new(backend: &'a B, library: &'a Library, design: &'static str) -> Canvas<'a, B> {
        Canvas {
            backend,
            library,
            design,
            elements: Vec::new(),
        }
    }

    /// An empty canvas for the same design (to try a placement).
    pub(crate) fn trial(&self) -> Canvas<'a, B> {
        Canvas::new(self.backend, self.library, self.design)
    }

    pub fn error(&self, reason: impl Into<String>) -> BackendError {
        BackendError::Design {
            design: self.design.into(),
            reason: reason.into(),
        }
    }

    /// A turtle standing just outside side `side` of `frame`, its last column in the
    /// band, about to enter the tile.
    pub(crate) fn entering(&self, frame: Frame, side: Direction) -> Turtle {
        use Direction::*;
        let (band, outside, flow) = match side {
            West => (frame.band_row, -1, East),
            North => (frame.band_col, -1, South),
            East => (frame.band_row, frame.cols, West),
            South => (frame.band_col, frame.rows, North),
        };
        Turtle {
            last: self
                .backend
                .cross_section(band, outside, flow, frame.colour),
            flow,
        }
    }

    /// One wire step ([`Backend::wire_step`]) after the turtle's last column.
    pub fn column(&mut self, t: &mut Turtle) {
        let (next, pieces) = self.backend.wire_step(t.last, t.flow);
        self.elements.push(Element {
            gadget: None,
            pieces,
            inputs: vec![self.backend.column_order(t.last)],
            outputs: vec![self.backend.column_order(next)],
            flow: Some(t.flow),
            role: Role::Plain,
        });
        t.last = next;
    }

    pub fn forward(&mut self, t: &mut Turtle, n: i64) {
        for _ in 0..n {
            self.column(t);
        }
    }

    /// Wire columns until the last one lies at `coord` along the flow (none if the
    /// turtle already stands there, e.g. a wire that starts or ends on a tile's border).
    pub(crate) fn extend_to(&mut self, t: &mut Turtle, coord: i64) -> Result<(), BackendError> {
        let (dr, dc) = t.flow.delta();
        let sign = dr + dc;
        if (coord - t.along()) * sign < 0 {
            return Err(self.error(format!(
                "wire toward {coord} from {:?} flowing {:?}",
                t.last, t.flow
            )));
        }
        while (coord - t.along()) * sign > 0 {
            self.column(t);
        }
        if t.along() != coord {
            return Err(self.error(format!(
                "wire columns step past {coord} from {:?} flowing {:?}",
                t.last, t.flow
            )));
        }
        Ok(())
    }

    /// The library gadget `name` turned so that each listed port has the listed flow.
    pub(crate) fn oriented(
        &self,
        name: &str,
        orient: &[(char, Direction)],
    ) -> Result<(usize, Gadget), BackendError> {
        let (index, all) = self.orientations(name, orient)?;
        Ok((index, all[0].clone()))
    }

    /// Every turn of the library gadget `name` in which each listed port has the listed
    /// flow (at least one).
    pub(crate) fn orientations(
        &self,
        name: &str,
        orient: &[(char, Direction)],
    ) -> Result<(usize, Vec<&'a Gadget>), BackendError> {
        let library = self.library;
        let index = library.index(name)?;
        let native = &library.gadgets[index];
        let all: Vec<&Gadget> = Symmetry::all()
            .zip(library.turns(index))
            .filter(|(s, _)| {
                orient.iter().all(|&(port, flow)| {
                    native.port(port).map(|p| s.direction(p.flow)) == Some(flow)
                })
            })
            .map(|(_, turned)| turned)
            .collect();
        if all.is_empty() {
            return Err(BackendError::Orientation {
                gadget: name.into(),
                reason: format!("{orient:?}"),
            });
        }
        Ok((index, all))
    }

    /// The squares of port `name` of an oriented gadget, in gadget coordinates.
    pub(crate) fn port_of(&self, gadget: &Gadget, name: char) -> Result<Column, BackendError> {
        gadget
            .port(name)
            .map(|p| self.backend.column_order(p.squares.map(to_p)))
            .ok_or_else(|| self.error(format!("{} has no port {name}", gadget.name)))
    }

    /// Stamps gadget `name`, oriented by `orient`, with port `anchor.0` on `anchor.1`.
    /// A variable's decider and a 1-test's antenna tip are filled into `role`.
    pub fn place(
        &mut self,
        name: &str,
        orient: &[(char, Direction)],
        anchor: (char, Column),
        role: Role,
    ) -> Result<Placed, BackendError> {
        // The first turn whose anchor port has the shape of the anchor column (in the
        // backend's column order: a Knight port's outer square on the outer square).
        let (index, turns) = self.orientations(name, orient)?;
        let target = self.backend.column_order(anchor.1);
        let mut fitting = None;
        for gadget in turns {
            let own = self.port_of(gadget, anchor.0)?;
            let offset = (target[0].0 - own[0].0, target[0].1 - own[0].1);
            if (target[1].0 - own[1].0, target[1].1 - own[1].1) == offset {
                fitting = Some((gadget, offset));
                break;
            }
        }
        let (gadget, offset) = fitting
            .ok_or_else(|| self.error(format!("port {} of {name} does not fit", anchor.0)))?;
        self.stamp(index, gadget, offset, role)
    }

    /// Stamps the oriented library gadget `gadget` (library index `index`) moved by
    /// `offset`. A variable's decider and a 1-test's antenna tip are filled into `role`.
    pub fn stamp(
        &mut self,
        index: usize,
        gadget: &Gadget,
        offset: P,
        role: Role,
    ) -> Result<Placed, BackendError> {
        let at = |s: Square| {
            let p = to_p(s);
            (p.0 + offset.0, p.1 + offset.1)
        };
        let columns = |ports: Vec<&gadgets::Port>| -> Vec<Column> {
            ports
                .iter()
                .map(|p| self.backend.column_order(p.squares.map(at)))
                .collect()
        };
        let pieces: Vec<(P, u32)> = gadget.pieces.iter().map(|&(s, b)| (at(s), b)).collect();
        let outputs = columns(gadget.outputs());
        let role = match role {
            Role::Variable { var, positive, .. } => Role::Variable {
                var,
                positive,
                decider: self
                    .backend
                    .variable_decider(&pieces, &outputs)
                    .ok_or_else(|| self.error("variable without a deciding piece"))?,
            },
            Role::OneTest { .. } => Role::OneTest {
                final_square: antenna_tip(&pieces, attack_steps::<B>()?)
                    .ok_or_else(|| self.error("1-test without antenna tip"))?,
            },
            other => other,
        };
        let placed = Placed {
            ports: gadget
                .ports
                .iter()
                .map(|p| (p.name, self.backend.column_order(p.squares.map(at)), p.flow))
                .collect(),
        };
        self.elements.push(Element {
            gadget: Some(index),
            pieces,
            inputs: columns(gadget.inputs()),
            outputs,
            flow: None,
            role,
        });
        Ok(placed)
    }

    /// A corner after at least one more wire column, turning the wire toward `flow`.
    pub fn turn(&mut self, t: &mut Turtle, flow: Direction) -> Result<(), BackendError> {
        self.column(t);
        self.corner(t, flow)
    }

    /// A corner right on the turtle's last column, turning the wire toward `flow`.
    pub fn corner(&mut self, t: &mut Turtle, flow: Direction) -> Result<(), BackendError> {
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
    pub(crate) fn turn_into_band(
        &mut self,
        t: &mut Turtle,
        flow: Direction,
        band: i64,
    ) -> Result<(), BackendError> {
        self.corner_after(t, flow, band, 1)
    }

    /// Like [`Canvas::turn_into_band`], with the corner right on the turtle's last column
    /// if that puts the new wire at `band`.
    pub(crate) fn corner_into_band(
        &mut self,
        t: &mut Turtle,
        flow: Direction,
        band: i64,
    ) -> Result<(), BackendError> {
        self.corner_after(t, flow, band, 0)
    }

    /// At least `least` wire columns, as many as put the new wire at `band`, `band + 1`,
    /// then a corner toward `flow`.
    fn corner_after(
        &mut self,
        t: &mut Turtle,
        flow: Direction,
        band: i64,
        least: i64,
    ) -> Result<(), BackendError> {
        let (_, corner) = self.oriented("corner", &[('a', t.flow), ('X', flow)])?;
        let (input, output) = (self.port_of(&corner, 'a')?, self.port_of(&corner, 'X')?);
        // The outgoing band's coordinate across `flow` (along the incoming wire's axis),
        // relative to the corner's input port.
        let offset = along(output[0], t.flow) - along(input[0], t.flow);
        let mut probe = *t;
        for _ in 0..least {
            probe.last = self.backend.wire_step(probe.last, probe.flow).0;
        }
        let (dr, dc) = t.flow.delta();
        let sign = dr + dc;
        if along(shift((0, 0), flow, 1), t.flow) != 0
            || (band - (probe.along() + offset)) * sign < 0
        {
            return Err(self.error(format!(
                "corner toward {flow:?} cannot reach band {band} from {:?}",
                t.last
            )));
        }
        while (band - (probe.along() + offset)) * sign > 0 {
            probe.last = self.backend.wire_step(probe.last, probe.flow).0;
        }
        if probe.along() + offset != band {
            return Err(self.error(format!("corner toward {flow:?} steps past band {band}")));
        }
        while t.last != probe.last {
            self.column(t);
        }
        self.corner(t, flow)
    }
}

/// The 1-test's antenna tip: the piece that attacks exactly one other piece of the gadget.
fn antenna_tip(pieces: &[(P, u32)], steps: &[P]) -> Option<P> {
    let squares: Vec<P> = pieces.iter().map(|&(p, _)| p).collect();
    squares.iter().copied().find(|&p| {
        squares
            .iter()
            .filter(|&&q| steps.contains(&(q.0 - p.0, q.1 - p.1)))
            .count()
            == 1
    })
}
