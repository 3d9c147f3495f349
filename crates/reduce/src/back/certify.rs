//! Certificates ("SAT ⇒ solvable", thesis Theorem 5.15): the board is cleared element by
//! element in signal order; each element and its input columns, as they stand, form a
//! small local position whose capture sequence toward the signals its verified table
//! promises is found by the exact spanning-tree engine ([`sat2chess_solve::clear_to`]) and
//! cached by the position translated to the origin ([`SequenceCache`]): a board repeats
//! the same few gadget-and-input positions many times.

use std::collections::{BTreeSet, VecDeque};

use rustc_hash::{FxHashMap, FxHashSet};

use sat2chess_core::board::{Board, Piece, Square};
use sat2chess_core::formula::Assignment;
use sat2chess_core::rules::Move;
use sat2chess_solve::{self as solve, Cleared, Remainder, SolveOptions, Verdict};

use super::contacts::attack_steps;
use super::element::{Element, Role};
use super::geometry::{Column, P, to_square};
use super::plan::Plan;
use super::{BackendError, Promise, Signals};

/// What a local capture sequence must leave on the output columns.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Goal<S> {
    /// These signals, every other piece gone.
    Signals(Vec<S>),
    /// These signals as standard signal columns ([`Signals::is_standard`]), the form the
    /// gadget verifier feeds into input ports.
    Standard(Vec<S>),
    /// A single piece (the 1-test).
    OnePiece,
}

/// The budgets on the two squares of `column` (`None`: empty square).
pub(crate) fn column_budgets(
    column: &Column,
    budget_at: impl Fn(P) -> Option<u32>,
) -> [Option<u32>; 2] {
    column.map(budget_at)
}

/// Whether `remainder` (pieces left on the output columns) carries `signals`, in standard
/// column form if `standard`.
fn carries<B: Signals>(
    backend: &B,
    signals: &[B::Signal],
    standard: bool,
    outputs: &[Column],
    remainder: &FxHashMap<P, u32>,
) -> bool {
    outputs.iter().zip(signals).all(|(column, s)| {
        let budgets = column_budgets(column, |p| remainder.get(&p).copied());
        backend.read_signal(column, budgets) == *s
            && (!standard || backend.is_standard(column, budgets))
    })
}

/// The smallest row and column of a local position and its output columns.
fn top_left(start: &[(P, u32)], outputs: &[Column]) -> P {
    start
        .iter()
        .map(|&(p, _)| p)
        .chain(outputs.iter().flatten().copied())
        .fold((i64::MAX, i64::MAX), |a, p| (a.0.min(p.0), a.1.min(p.1)))
}

/// An exact capture sequence on a small local position (one element and its input
/// columns as they stand) reaching `goal`, by the spanning-tree engine
/// ([`solve::clear_to`], or [`solve::solve`] for one piece); `None` if there is none.
fn local_sequence<B: Signals>(
    backend: &B,
    start: &[(P, u32)],
    outputs: &[Column],
    goal: &Goal<B::Signal>,
) -> Option<Vec<(P, P)>> {
    let origin = top_left(start, outputs);
    let square = |p: P| Square::new((p.0 - origin.0 + 1) as u32, (p.1 - origin.1 + 1) as u32);
    let point = |s: Square| {
        (
            i64::from(s.row) - 1 + origin.0,
            i64::from(s.col) - 1 + origin.1,
        )
    };
    let pieces = start
        .iter()
        .map(|&(p, b)| Piece::new(B::PIECE, square(p), b))
        .collect();
    let board = Board::fitted(pieces).ok()?;
    let options = SolveOptions::default();
    let moves = match goal {
        Goal::OnePiece => match solve::solve(&board, &options).verdict {
            Verdict::Solvable(moves) => moves,
            _ => return None,
        },
        Goal::Signals(signals) | Goal::Standard(signals) => {
            let standard = matches!(goal, Goal::Standard(_));
            let keep: BTreeSet<Square> = outputs.iter().flatten().map(|&p| square(p)).collect();
            let accept = |remainder: &Remainder| {
                let left: FxHashMap<P, u32> =
                    remainder.iter().map(|&(s, _, b)| (point(s), b)).collect();
                carries(backend, signals, standard, outputs, &left)
            };
            match solve::clear_to(&board, &keep, &accept, &options).0 {
                Cleared::Found(moves, _) => moves,
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
type LocalKey<S> = (Vec<(P, u32)>, Vec<Column>, Goal<S>);

/// Local capture sequences (exact searches by the spanning-tree engine), keyed by the
/// position translated to the origin.
pub struct SequenceCache<S> {
    known: FxHashMap<LocalKey<S>, Option<Vec<(P, P)>>>,
}

impl<S> Default for SequenceCache<S> {
    fn default() -> Self {
        SequenceCache {
            known: FxHashMap::default(),
        }
    }
}

impl<S: Clone + Eq + std::hash::Hash> SequenceCache<S> {
    /// A capture sequence from the local position `start` that leaves `goal` on
    /// `outputs`, as board moves; `None` if there is none.
    pub fn find<B: Signals<Signal = S>>(
        &mut self,
        backend: &B,
        start: &[(P, u32)],
        outputs: &[Column],
        goal: &Goal<S>,
    ) -> Option<Vec<(P, P)>> {
        let origin = top_left(start, outputs);
        let rel = |p: P| (p.0 - origin.0, p.1 - origin.1);
        let mut pieces: Vec<(P, u32)> = start.iter().map(|&(p, b)| (rel(p), b)).collect();
        pieces.sort_unstable();
        let columns: Vec<Column> = outputs.iter().map(|c| c.map(rel)).collect();
        let key = (pieces, columns, goal.clone());
        let found = self
            .known
            .entry(key)
            .or_insert_with_key(|(pieces, columns, goal)| {
                local_sequence(backend, pieces, columns, goal)
            })
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

/// Elements of one tile in an order where every element comes after the producers of
/// its input columns in the tile (and a replica after the wire it copies); columns
/// produced outside the tile are taken as ready.
fn signal_order(elements: &[Element]) -> Result<Vec<usize>, BackendError> {
    let producer: FxHashMap<Column, usize> = elements
        .iter()
        .enumerate()
        .flat_map(|(id, e)| e.outputs.iter().map(move |&c| (c, id)))
        .collect();
    let n = elements.len();
    let mut waiting = vec![0usize; n];
    let mut consumers: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (id, e) in elements.iter().enumerate() {
        for column in needs(e) {
            if let Some(&p) = producer.get(column) {
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
        Err(BackendError::Cycle)
    }
}

/// The columns an element reads: its inputs and, for a replica, the wire it copies.
fn needs(e: &Element) -> impl Iterator<Item = &Column> {
    let copied = match &e.role {
        Role::Replica { decide_from, .. } => Some(decide_from),
        _ => None,
    };
    e.inputs.iter().chain(copied)
}

/// The columns of `elements` read but not produced among them.
fn external_needs(elements: &[Element]) -> FxHashSet<Column> {
    let produced: FxHashSet<Column> = elements.iter().flat_map(|e| e.outputs.clone()).collect();
    elements
        .iter()
        .flat_map(needs)
        .filter(|c| !produced.contains(*c))
        .copied()
        .collect()
}

/// The output columns of a tile's elements that the tile does not read itself: they feed
/// a neighbouring tile.
fn handed_on(elements: &[Element]) -> Vec<Column> {
    let read: FxHashSet<Column> = elements.iter().flat_map(needs).copied().collect();
    elements
        .iter()
        .flat_map(|e| e.outputs.iter().copied())
        .filter(|c| !read.contains(c))
        .collect()
}

/// The live pieces of a certificate being built: the board's pieces as they stand, for
/// the tiles taken up and not yet cleared. Every move is checked against them as it is
/// made, as the checker would (a leaper's capture: both squares occupied, budget left,
/// an attack step), so the certificate is replayed while it is built.
struct LiveBoard {
    pieces: FxHashMap<P, u32>,
    steps: &'static [P],
    /// Pieces on the board not yet captured.
    left: usize,
}

impl LiveBoard {
    fn capture(&mut self, from: P, to: P) -> Result<(), BackendError> {
        let step = (to.0 - from.0, to.1 - from.1);
        let budget = self.pieces.get(&from).copied();
        if !self.steps.contains(&step) || !self.pieces.contains_key(&to) || budget.unwrap_or(0) == 0
        {
            return Err(BackendError::IllegalMove {
                from: to_square(from),
                to: to_square(to),
            });
        }
        self.pieces.remove(&from);
        self.pieces.insert(to, budget.unwrap_or(0) - 1);
        self.left -= 1;
        Ok(())
    }

    fn budgets(&self, column: &Column) -> [Option<u32>; 2] {
        column_budgets(column, |p| self.pieces.get(&p).copied())
    }
}

impl<B: Signals> Plan<B> {
    /// The output signals a variable-like element must leave: `true` on output `one`.
    fn choice(&self, one: usize) -> Goal<B::Signal> {
        let mut signals = vec![self.backend.truth(false); 2];
        signals[one] = self.backend.truth(true);
        Goal::Signals(signals)
    }

    /// What element `e` must leave, given the signals on its inputs.
    fn goal(
        &self,
        e: &Element,
        inputs: &[B::Signal],
        assignment: &Assignment,
        live: &LiveBoard,
    ) -> Result<Goal<B::Signal>, BackendError> {
        let name = || self.describe(e);
        Ok(match (&e.role, e.gadget) {
            (_, None) => Goal::Signals(inputs.to_vec()),
            (Role::Variable { var, positive, .. }, _) => self.choice(if assignment.value(*var) {
                *positive
            } else {
                1 - *positive
            }),
            (
                Role::Replica {
                    decide_from,
                    towards_and,
                    ..
                },
                _,
            ) => {
                let signal = self.read(decide_from, live);
                self.choice(if self.backend.is_true(&signal) {
                    *towards_and
                } else {
                    1 - *towards_and
                })
            }
            (_, Some(index)) => match self.backend.promise(&self.library.gadgets[index], inputs) {
                None => {
                    return Err(BackendError::NoTableRow {
                        element: name(),
                        inputs: format!("{inputs:?}"),
                    });
                }
                Some(Promise::OnePiece) => Goal::OnePiece,
                Some(Promise::Signals(signals)) => Goal::Signals(signals),
                Some(Promise::Undetermined) => {
                    return Err(BackendError::NoLocalSequence {
                        element: name(),
                        inputs: format!("{inputs:?}"),
                    });
                }
            },
        })
    }

    /// An element's kind and first square, for messages.
    fn describe(&self, e: &Element) -> String {
        format!(
            "{} at {}",
            self.library.kind_name(e),
            to_square(e.pieces[0].0)
        )
    }

    /// The signal on `column` on the live board.
    fn read(&self, column: &Column, live: &LiveBoard) -> B::Signal {
        self.backend.read_signal(column, live.budgets(column))
    }

    /// A solving capture sequence for a satisfying `assignment` of the And-Or formula
    /// (Theorem 5.15, "SAT ⇒ solvable"), handed to `emit` move by move: tiles are taken
    /// up in signal order (a tile once every column it reads from a neighbour is
    /// produced), and each element of a tile, in signal order, gets a capture sequence on
    /// it and its input columns, found by the exact spanning-tree engine and cached, that
    /// leaves exactly the output signals the gadget's verified table promises (variables:
    /// the assigned literal gets the true signal), in standard column form where
    /// possible. Only the pieces of tiles taken up and not yet cleared are held; every move
    /// is replayed on them as it is made, and the sequence must leave one piece.
    pub fn certify(
        &self,
        assignment: &Assignment,
        mut emit: impl FnMut(Move),
    ) -> Result<(), BackendError> {
        let tiles = self.tile_count();
        let (designs, built) = self.built();
        let needs: Vec<u32> = designs
            .iter()
            .map(|design| external_needs(design).len() as u32)
            .collect();
        let mut waiting: Vec<u32> = built.map(|design| needs[design]).collect();
        let mut ready: VecDeque<usize> = (0..tiles).filter(|&t| waiting[t] == 0).collect();
        let mut live = LiveBoard {
            pieces: FxHashMap::default(),
            steps: attack_steps::<B>()?,
            left: self.stats.pieces,
        };
        let mut cache = SequenceCache::default();
        let mut done = 0;
        while let Some(tile) = ready.pop_front() {
            done += 1;
            let elements = self.tile_elements(tile);
            live.pieces
                .extend(elements.iter().flat_map(|e| e.pieces.iter().copied()));
            for id in signal_order(&elements)? {
                self.clear_element(&elements[id], assignment, &mut live, &mut cache, &mut emit)?;
            }
            for column in handed_on(&elements) {
                let next = self.neighbour(tile, &column).ok_or(BackendError::Cycle)?;
                waiting[next] = waiting[next].checked_sub(1).ok_or(BackendError::Cycle)?;
                if waiting[next] == 0 {
                    ready.push_back(next);
                }
            }
        }
        if done != tiles {
            return Err(BackendError::Cycle);
        }
        if live.left != 1 {
            return Err(BackendError::PiecesLeft { left: live.left });
        }
        Ok(())
    }

    /// Clears element `e` on the live board toward its goal, emitting the moves.
    fn clear_element(
        &self,
        e: &Element,
        assignment: &Assignment,
        live: &mut LiveBoard,
        cache: &mut SequenceCache<B::Signal>,
        emit: &mut impl FnMut(Move),
    ) -> Result<(), BackendError> {
        let inputs: Vec<B::Signal> = e.inputs.iter().map(|c| self.read(c, live)).collect();
        let goal = self.goal(e, &inputs, assignment, live)?;
        let local: Vec<(P, u32)> = e
            .inputs
            .iter()
            .flatten()
            .chain(e.pieces.iter().map(|(p, _)| p))
            .filter_map(|p| live.pieces.get(p).map(|&b| (*p, b)))
            .collect();
        let standard = match &goal {
            Goal::Signals(signals) => Some(Goal::Standard(signals.clone())),
            _ => None,
        };
        let found = standard
            .and_then(|goal| cache.find(&self.backend, &local, &e.outputs, &goal))
            .or_else(|| cache.find(&self.backend, &local, &e.outputs, &goal))
            .ok_or_else(|| BackendError::NoLocalSequence {
                element: self.describe(e),
                inputs: format!("{inputs:?}"),
            })?;
        for (from, to) in found {
            live.capture(from, to)?;
            emit(Move::new(to_square(from), to_square(to)));
        }
        Ok(())
    }
}
