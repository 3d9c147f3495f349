//! Decoding ("solvable ⇒ SAT", thesis Theorem 5.15): a solving sequence is replayed,
//! following each variable gadget's deciding piece, to find its first capture; the
//! backend reads the variable's value off it ([`Signals::true_output`]). Everything is
//! read off the [`Plan`] tile by tile, so decoding never holds the compiled board.

use rustc_hash::FxHashMap;

use sat2chess_check::Replay;
use sat2chess_core::board::Square;
use sat2chess_core::formula::Assignment;
use sat2chess_core::rules::Move;

use super::certify::{Goal, SequenceCache};
use super::element::{Element, Role};
use super::geometry::{P, from_square, to_square};
use super::plan::Plan;
use super::{Backend, BackendError, Signals};

/// The variable gadgets' deciding pieces followed through a capture sequence, move by
/// move (`Plan::deciders`): the first capture of each.
pub struct Deciders {
    /// Each variable gadget with its decider's initial square.
    variables: Vec<(Element, P)>,
    /// The deciders still on the board, by square.
    piece_at: FxHashMap<P, usize>,
    /// Each decider's first capture (from, to) and its number in the sequence (from 1).
    first_capture: FxHashMap<usize, ((P, P), u64)>,
    /// Moves followed so far.
    moves: u64,
}

/// When and where a decoding read a variable of the And-Or formula
/// ([`Plan::variable_reads`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariableRead {
    /// The number (from 1) of the move that was the first capture of the variable
    /// gadget's deciding piece; `None`: it never captured, and the value is free (the
    /// decoder sets it true).
    pub at: Option<u64>,
    /// The deciding piece's initial square.
    pub decider: Square,
}

impl Deciders {
    /// Follows the deciders through the next move.
    pub fn step(&mut self, mv: Move) {
        let (from, to) = (from_square(mv.from), from_square(mv.to));
        self.moves += 1;
        let mover = self.piece_at.remove(&from);
        // A decider standing on `to` is captured.
        self.piece_at.remove(&to);
        if let Some(id) = mover {
            self.first_capture
                .entry(id)
                .or_insert(((from, to), self.moves));
            self.piece_at.insert(to, id);
        }
    }
}

impl<B: Backend> Plan<B> {
    /// The deciders of the plan's variable gadgets, on their initial squares.
    pub(crate) fn deciders(&self) -> Deciders {
        let variables: Vec<(Element, P)> = (0..self.tile_count())
            .flat_map(|tile| self.tile_elements(tile))
            .filter_map(|e| match e.role {
                Role::Variable { decider, .. } => Some((e, decider)),
                _ => None,
            })
            .collect();
        let piece_at = variables
            .iter()
            .enumerate()
            .map(|(id, &(_, decider))| (decider, id))
            .collect();
        Deciders {
            variables,
            piece_at,
            first_capture: FxHashMap::default(),
            moves: 0,
        }
    }

    /// Whether `replay` (a board before any move) holds exactly this plan's pieces: the
    /// same extent, squares, kinds and budgets. The plan's pieces are made tile by tile and
    /// looked up; a byte per piece marks those found.
    pub fn same_pieces(&self, replay: &Replay) -> bool {
        let extent = replay.extent();
        if (extent.rows, extent.cols) != (self.stats.rows, self.stats.cols)
            || replay.remaining() != self.stats.pieces
        {
            return false;
        }
        let mut found = vec![false; replay.remaining()];
        let mut pieces = 0usize;
        let mut labeller = self.labeller();
        for tile in 0..self.tile_count() {
            let matched =
                self.for_each_piece(tile, &mut labeller, |square, budget, _| {
                    match replay.piece_at(square) {
                        Some((slot, kind, on_board))
                            if kind == B::PIECE && on_board == budget && !found[slot] =>
                        {
                            found[slot] = true;
                            pieces += 1;
                            Ok(())
                        }
                        _ => Err(()),
                    }
                });
            if matched.is_err() {
                return false;
            }
        }
        pieces == replay.remaining()
    }
}

impl<B: Signals> Plan<B> {
    /// Reads a satisfying assignment of the And-Or formula off a solving sequence (which
    /// must already be checked to be solving): each variable gadget's deciding piece
    /// captures first toward one side, and the backend says which output that gives the
    /// true signal. A variable whose decider is never captured may take either value
    /// (thesis proof of Theorem 5.15); it is set true. Only the deciders are followed.
    pub fn decode(&self, moves: &[Move]) -> Result<Assignment, BackendError> {
        let mut deciders = self.deciders();
        for &mv in moves {
            deciders.step(mv);
        }
        self.assignment(&deciders)
    }

    /// The assignment [`Plan::decode`] reads off the deciders once they have followed the
    /// whole (solving) sequence.
    pub fn assignment(&self, deciders: &Deciders) -> Result<Assignment, BackendError> {
        let mut cache = SequenceCache::default();
        let mut assignment = Assignment::all_false(self.num_vars);
        for (id, (e, _)) in deciders.variables.iter().enumerate() {
            let Role::Variable { var, positive, .. } = e.role else {
                continue;
            };
            let Some(&(capture, _)) = deciders.first_capture.get(&id) else {
                assignment.set(var, true);
                continue;
            };
            let mut reaches = |state: &[(P, u32)], signals| {
                cache
                    .find(&self.backend, state, &e.outputs, &Goal::Signals(signals))
                    .is_some()
            };
            let one = self.backend.true_output(e, capture, &mut reaches)?;
            assignment.set(var, one == positive);
        }
        Ok(assignment)
    }
    /// When [`Plan::assignment`] read each variable of the And-Or formula off the
    /// sequence `deciders` followed (indexed by variable; `None` for a variable without a
    /// gadget): as there, the last gadget of a variable gives its value.
    pub fn variable_reads(&self, deciders: &Deciders) -> Vec<Option<VariableRead>> {
        let mut reads = vec![None; self.num_vars];
        for (id, (e, decider)) in deciders.variables.iter().enumerate() {
            let Role::Variable { var, .. } = e.role else {
                continue;
            };
            reads[var.index()] = Some(VariableRead {
                at: deciders.first_capture.get(&id).map(|&(_, number)| number),
                decider: to_square(*decider),
            });
        }
        reads
    }
}
