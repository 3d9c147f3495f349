//! Boolean evaluation of a layout, gadget by gadget in signal order.

use sat2chess_core::formula::Assignment;

use super::validate::{ValidationError, topological_order};
use super::{Layout, NodeId, NodeKind, Port, crossing};

/// A net piece runs between consecutive nodes of `[source, crossings…, sink]`.
struct Pieces {
    /// First piece id of each net; net `i` has `crossings.len() + 1` pieces.
    offset: Vec<usize>,
}

impl Pieces {
    fn new(layout: &Layout) -> Pieces {
        let mut offset = Vec::with_capacity(layout.nets.len() + 1);
        let mut next = 0;
        for net in &layout.nets {
            offset.push(next);
            next += net.crossings.len() + 1;
        }
        offset.push(next);
        Pieces { offset }
    }

    fn count(&self) -> usize {
        *self.offset.last().expect("sentinel")
    }
}

/// Boolean evaluation of a layout: variables, gates and crossings (through their Double
/// Assignment logic, [`crossing::evaluate`]) in signal order, yielding the value that
/// reaches the 1-test. Prepared once, evaluated for many assignments.
pub struct Evaluator<'a> {
    layout: &'a Layout,
    order: Vec<NodeId>,
    pieces: usize,
    /// Per node: (net, port, piece) entering and leaving it.
    entering: Vec<Vec<(usize, Port, usize)>>,
    leaving: Vec<Vec<(usize, Port, usize)>>,
}

impl<'a> Evaluator<'a> {
    /// Prepares evaluation; fails on a cyclic layout. Expects a layout that passed
    /// [`super::validate`].
    pub fn new(layout: &'a Layout) -> Result<Evaluator<'a>, ValidationError> {
        let order = topological_order(layout)?;
        let pieces = Pieces::new(layout);
        let mut entering = vec![Vec::new(); layout.nodes.len()];
        let mut leaving = vec![Vec::new(); layout.nodes.len()];
        for (id, net) in layout.nets.iter().enumerate() {
            let first = pieces.offset[id];
            leaving[net.source.node].push((id, net.source.port, first));
            for (k, &crossing) in net.crossings.iter().enumerate() {
                entering[crossing].push((id, Port::Input(0), first + k));
                leaving[crossing].push((id, Port::Output, first + k + 1));
            }
            entering[net.sink.node].push((id, net.sink.port, first + net.crossings.len()));
        }
        Ok(Evaluator {
            layout,
            order,
            pieces: pieces.count(),
            entering,
            leaving,
        })
    }

    /// The value reaching the 1-test under `assignment` (missing variables count as false).
    pub fn evaluate(&self, assignment: &Assignment) -> Result<bool, ValidationError> {
        let mut value: Vec<Option<bool>> = vec![None; self.pieces];
        let mut result = None;
        for &node in &self.order {
            let entering = &self.entering[node];
            let incoming = |matches: &dyn Fn(usize, Port) -> bool| {
                entering
                    .iter()
                    .find(|&&(net, port, _)| matches(net, port))
                    .and_then(|&(_, _, piece)| value[piece])
                    .ok_or(ValidationError::Cycle { node })
            };
            // Output value per leaving net.
            let out: Box<dyn Fn(usize, Port) -> bool> = match self.layout.nodes[node].kind {
                NodeKind::Variable { var, .. } => {
                    let x = assignment.0.get(var.index()).copied().unwrap_or(false);
                    Box::new(move |_, port| if port == Port::Positive { x } else { !x })
                }
                NodeKind::Gate { op, .. } => {
                    let a = incoming(&|_, p| p == Port::Input(0))?;
                    let b = incoming(&|_, p| p == Port::Input(1))?;
                    let out = op.apply(a, b);
                    Box::new(move |_, _| out)
                }
                NodeKind::Crossing { through, replaced } => {
                    let a = incoming(&|n, _| n == through)?;
                    let b = incoming(&|n, _| n == replaced)?;
                    let (a, b) = crossing::evaluate(a, b);
                    Box::new(move |n, _| if n == through { a } else { b })
                }
                NodeKind::OneTest { .. } => {
                    result = Some(incoming(&|_, p| p == Port::Input(0))?);
                    continue;
                }
            };
            for &(net, port, piece) in &self.leaving[node] {
                value[piece] = Some(out(net, port));
            }
        }
        result.ok_or(ValidationError::Tree {
            reason: "no 1-test".into(),
        })
    }
}
