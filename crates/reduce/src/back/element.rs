//! What a board is built from: [`Element`]s — single wire columns and stamped gadget
//! instances, each with its pieces, input columns (the squares of the column that feeds
//! it) and output columns — the [`Role`] an element plays beyond its gadget, and the
//! backend's verified gadget [`Library`].

use crate::gadgets::{Gadget, Symmetry};
use sat2chess_core::formula::Var;
use sat2chess_core::label::Direction;

use super::error::BackendError;
use super::geometry::{Column, Frame, P, Turtle, map_point};

/// What an element is for, beyond its gadget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Role {
    Plain,
    /// A formula variable: output `positive` carries `x`; `decider` is the piece whose
    /// first capture decides the value ([`super::Backend::variable_decider`]).
    Variable {
        var: Var,
        positive: usize,
        decider: P,
    },
    /// A variable gadget whose choice copies another wire (one half of the King
    /// crossing's Double Assignment, thesis Fig. 5.8): its output `towards_and` must carry
    /// the truth value of the signal read at `decide_from`. Labelled and counted as
    /// `composite`, the gadget it is part of.
    Replica {
        decide_from: Column,
        towards_and: usize,
        composite: &'static str,
    },
    /// The 1-test; `final_square` is the tip of its antenna, where the last piece ends.
    OneTest {
        final_square: P,
    },
}

impl Role {
    /// A variable gadget before the compiler names its variable.
    pub fn variable() -> Role {
        Role::Variable {
            var: Var(0),
            positive: 0,
            decider: (0, 0),
        }
    }

    /// The 1-test before its antenna tip is found.
    pub fn one_test() -> Role {
        Role::OneTest {
            final_square: (0, 0),
        }
    }
}

/// A wire column or a gadget instance.
#[derive(Clone, Debug)]
pub struct Element {
    /// Library gadget index; `None` for a wire column.
    pub gadget: Option<usize>,
    /// Pieces with their budgets.
    pub pieces: Vec<(P, u32)>,
    pub inputs: Vec<Column>,
    pub outputs: Vec<Column>,
    /// Signal direction of a wire column.
    pub flow: Option<Direction>,
    pub role: Role,
}

impl Element {
    /// This element, designed in a canonical `tile`, turned by `s` onto the board tile
    /// whose top-left square is `origin`.
    /// `column_order` puts a mapped column's squares in the backend's order
    /// ([`super::Backend::column_order`]).
    pub fn mapped(
        &self,
        column_order: impl Fn(Column) -> Column,
        s: Symmetry,
        tile: Frame,
        origin: P,
    ) -> Element {
        let point = |p: P| map_point(s, p, tile.rows, tile.cols, origin);
        let column = |c: &Column| column_order(c.map(point));
        Element {
            gadget: self.gadget,
            pieces: self.pieces.iter().map(|&(p, b)| (point(p), b)).collect(),
            inputs: self.inputs.iter().map(column).collect(),
            outputs: self.outputs.iter().map(column).collect(),
            flow: self.flow.map(|d| s.direction(d)),
            role: match &self.role {
                Role::Variable {
                    var,
                    positive,
                    decider,
                } => Role::Variable {
                    var: *var,
                    positive: *positive,
                    decider: point(*decider),
                },
                Role::Replica {
                    decide_from,
                    towards_and,
                    composite,
                } => Role::Replica {
                    decide_from: column(decide_from),
                    towards_and: *towards_and,
                    composite,
                },
                Role::OneTest { final_square } => Role::OneTest {
                    final_square: point(*final_square),
                },
                Role::Plain => Role::Plain,
            },
        }
    }
}

/// A placed gadget's ports: name, squares, signal direction.
pub struct Placed {
    pub ports: Vec<(char, Column, Direction)>,
}

impl Placed {
    pub fn port(&self, name: char) -> Result<(Column, Direction), BackendError> {
        self.ports
            .iter()
            .find(|p| p.0 == name)
            .map(|p| (p.1, p.2))
            .ok_or_else(|| BackendError::Design {
                design: "port".into(),
                reason: format!("no port {name}"),
            })
    }

    /// A turtle on port `name`, to run a wire on from there.
    pub(crate) fn turtle(&self, name: char) -> Result<Turtle, BackendError> {
        let (last, flow) = self.port(name)?;
        Ok(Turtle { last, flow })
    }
}

/// The verified gadgets a backend stamps.
#[derive(Clone)]
pub struct Library {
    pub gadgets: Vec<Gadget>,
    /// Each gadget turned by every [`Symmetry`], in the order of [`Symmetry::all`]:
    /// the tile designs try turns in their searches, so they are made once.
    turns: Vec<Vec<Gadget>>,
}

impl Library {
    /// The library of `gadgets`, with every turn of each.
    pub fn new(gadgets: Vec<Gadget>) -> Library {
        let turns = gadgets
            .iter()
            .map(|g| Symmetry::all().map(|s| g.transformed(s)).collect())
            .collect();
        Library { gadgets, turns }
    }

    /// Gadget `index` turned by each symmetry, in the order of [`Symmetry::all`].
    pub(crate) fn turns(&self, index: usize) -> &[Gadget] {
        &self.turns[index]
    }

    pub fn index(&self, name: &str) -> Result<usize, BackendError> {
        self.gadgets
            .iter()
            .position(|g| g.name == name)
            .ok_or_else(|| BackendError::MissingGadget(name.to_owned()))
    }

    /// Kind name of an element for labels and statistics.
    pub(crate) fn kind_name(&self, e: &Element) -> String {
        match (e.gadget, &e.role) {
            (None, _) => "wire".into(),
            (Some(_), Role::Replica { composite, .. }) => (*composite).into(),
            (Some(i), _) => self.gadgets[i].name.clone(),
        }
    }
}
