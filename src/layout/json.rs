//! JSON form of a layout (`layout --format json`).
//!
//! `{"format":"sat2chess-layout","version":1,"rows":R,"cols":C,"nodes":[…],"nets":[…]}`.
//! Tile coordinates are 0-based `[row, col]`, row 0 at the top; sides are `N`/`E`/`S`/`W`.
//! Node kinds: `variable` (`var`, `name`, `positive`, `negative` sides), `gate` (`op`
//! `and`/`or`, `role` `clause` with `clause`/`step` or `conjunction`, `inputs`, `output`),
//! `crossing` (`through`, `replaced` net ids), `one-test` (`input`). A net has `source` and
//! `sink` (`node`, `port`: `positive`/`negative`/`input0`/`input1`/`output`), `path` (corner
//! points from source tile to sink tile) and `crossings` (node ids in signal order).

use serde_json::{Value, json};

use crate::formula::AndOrFormula;
use crate::label::Direction;

use super::{Endpoint, GateOp, GateRole, Layout, NodeKind, Port, literal_name};

fn side(direction: Direction) -> String {
    direction.letter().to_string()
}

fn endpoint(end: Endpoint) -> Value {
    let port = match end.port {
        Port::Positive => "positive".to_string(),
        Port::Negative => "negative".to_string(),
        Port::Input(i) => format!("input{i}"),
        Port::Output => "output".to_string(),
    };
    json!({"node": end.node, "port": port})
}

/// The layout as a JSON value.
pub fn to_json(formula: &AndOrFormula, layout: &Layout) -> Value {
    let nodes: Vec<Value> = layout
        .nodes
        .iter()
        .enumerate()
        .map(|(id, node)| {
            let mut value = match node.kind {
                NodeKind::Variable {
                    var,
                    positive,
                    negative,
                } => json!({
                    "kind": "variable",
                    "var": var.0,
                    "name": literal_name(formula, var, true),
                    "positive": side(positive),
                    "negative": side(negative),
                }),
                NodeKind::Gate {
                    op,
                    role,
                    inputs,
                    output,
                } => {
                    let mut gate = json!({
                        "kind": "gate",
                        "op": match op { GateOp::And => "and", GateOp::Or => "or" },
                        "inputs": [side(inputs[0]), side(inputs[1])],
                        "output": side(output),
                    });
                    match role {
                        GateRole::Clause { clause, step } => {
                            gate["role"] = json!("clause");
                            gate["clause"] = json!(clause);
                            gate["step"] = json!(step);
                        }
                        GateRole::Conjunction => gate["role"] = json!("conjunction"),
                    }
                    gate
                }
                NodeKind::Crossing { through, replaced } => json!({
                    "kind": "crossing",
                    "through": through,
                    "replaced": replaced,
                }),
                NodeKind::OneTest { input } => json!({"kind": "one-test", "input": side(input)}),
            };
            value["id"] = json!(id);
            value["at"] = json!([node.at.row, node.at.col]);
            value
        })
        .collect();
    let nets: Vec<Value> = layout
        .nets
        .iter()
        .enumerate()
        .map(|(id, net)| {
            json!({
                "id": id,
                "source": endpoint(net.source),
                "sink": endpoint(net.sink),
                "path": net.path.iter().map(|p| [p.row, p.col]).collect::<Vec<_>>(),
                "crossings": net.crossings,
            })
        })
        .collect();
    json!({
        "format": "sat2chess-layout",
        "version": 1,
        "rows": layout.rows,
        "cols": layout.cols,
        "nodes": nodes,
        "nets": nets,
    })
}
