//! JSON form of a layout (`layout --format json`), serialised as a stream.
//!
//! `{"format":"sat2chess-layout","version":1,"rows":R,"cols":C,"nodes":[…],"nets":[…]}`.
//! Tile coordinates are 0-based `[row, col]`, row 0 at the top; sides are `N`/`E`/`S`/`W`.
//! Node kinds: `variable` (`var`, `name`, `positive`, `negative` sides), `gate` (`op`
//! `and`/`or`, `role` `clause` with `clause`/`step`, or `conjunction`; `inputs`, `output`),
//! `crossing` (`through`, `replaced` net ids), `one-test` (`input`). A net has `source` and
//! `sink` (`node`, `port`: `positive`/`negative`/`input0`/`input1`/`output`), `path` (corner
//! points from source tile to sink tile) and `crossings` (node ids in signal order).

use std::borrow::Cow;

use serde::ser::{Serialize, SerializeStruct, Serializer};

use sat2chess_core::formula::AndOrFormula;
use sat2chess_core::label::Direction;

use super::{Endpoint, GateOp, GateRole, Layout, Net, Node, NodeKind, Port, literal_name};

/// The JSON document of a layout; serialise it with `serde_json`.
pub struct Document<'a> {
    pub formula: &'a AndOrFormula,
    pub layout: &'a Layout,
}

impl Serialize for Document<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut doc = serializer.serialize_struct("Layout", 6)?;
        doc.serialize_field("format", "sat2chess-layout")?;
        doc.serialize_field("version", &1)?;
        doc.serialize_field("rows", &self.layout.rows)?;
        doc.serialize_field("cols", &self.layout.cols)?;
        doc.serialize_field("nodes", &Nodes(self))?;
        doc.serialize_field("nets", &Nets(self.layout))?;
        doc.end()
    }
}

struct Nodes<'a>(&'a Document<'a>);

impl Serialize for Nodes<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let Document { formula, layout } = *self.0;
        serializer.collect_seq(layout.nodes.iter().enumerate().map(|(id, node)| NodeJson {
            formula,
            id,
            node,
        }))
    }
}

struct NodeJson<'a> {
    formula: &'a AndOrFormula,
    id: usize,
    node: &'a Node,
}

fn side(direction: Direction) -> &'static str {
    match direction {
        Direction::North => "N",
        Direction::East => "E",
        Direction::South => "S",
        Direction::West => "W",
    }
}

impl Serialize for NodeJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut n = serializer.serialize_struct("Node", 8)?;
        n.serialize_field("id", &self.id)?;
        n.serialize_field("at", &[self.node.at.row, self.node.at.col])?;
        match self.node.kind {
            NodeKind::Variable {
                var,
                positive,
                negative,
            } => {
                n.serialize_field("kind", "variable")?;
                n.serialize_field("var", &var.0)?;
                n.serialize_field("name", &literal_name(self.formula, var, true))?;
                n.serialize_field("positive", side(positive))?;
                n.serialize_field("negative", side(negative))?;
            }
            NodeKind::Gate {
                op,
                role,
                inputs,
                output,
            } => {
                n.serialize_field("kind", "gate")?;
                let op = match op {
                    GateOp::And => "and",
                    GateOp::Or => "or",
                };
                n.serialize_field("op", op)?;
                match role {
                    GateRole::Clause { clause, step } => {
                        n.serialize_field("role", "clause")?;
                        n.serialize_field("clause", &clause)?;
                        n.serialize_field("step", &step)?;
                    }
                    GateRole::Conjunction => n.serialize_field("role", "conjunction")?,
                }
                n.serialize_field("inputs", &[side(inputs[0]), side(inputs[1])])?;
                n.serialize_field("output", side(output))?;
            }
            NodeKind::Crossing { through, replaced } => {
                n.serialize_field("kind", "crossing")?;
                n.serialize_field("through", &through)?;
                n.serialize_field("replaced", &replaced)?;
            }
            NodeKind::OneTest { input } => {
                n.serialize_field("kind", "one-test")?;
                n.serialize_field("input", side(input))?;
            }
        }
        n.end()
    }
}

struct Nets<'a>(&'a Layout);

impl Serialize for Nets<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(
            self.0
                .nets
                .iter()
                .enumerate()
                .map(|(id, net)| NetJson { id, net }),
        )
    }
}

struct NetJson<'a> {
    id: usize,
    net: &'a Net,
}

struct EndpointJson(Endpoint);

impl Serialize for EndpointJson {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let port: Cow<'static, str> = match self.0.port {
            Port::Positive => "positive".into(),
            Port::Negative => "negative".into(),
            Port::Input(i) => format!("input{i}").into(),
            Port::Output => "output".into(),
        };
        let mut e = serializer.serialize_struct("Endpoint", 2)?;
        e.serialize_field("node", &self.0.node)?;
        e.serialize_field("port", &port)?;
        e.end()
    }
}

impl Serialize for NetJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut n = serializer.serialize_struct("Net", 5)?;
        n.serialize_field("id", &self.id)?;
        n.serialize_field("source", &EndpointJson(self.net.source))?;
        n.serialize_field("sink", &EndpointJson(self.net.sink))?;
        let path: Vec<[u32; 2]> = self.net.path.iter().map(|p| [p.row, p.col]).collect();
        n.serialize_field("path", &path)?;
        n.serialize_field("crossings", &self.net.crossings)?;
        n.end()
    }
}
