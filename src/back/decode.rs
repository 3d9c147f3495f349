//! Decoding ("solvable ⇒ SAT", thesis Theorem 5.15): a solving sequence is replayed,
//! following every piece, to find the first capture of each variable gadget's deciding
//! piece; the backend reads the variable's value off it ([`Backend::true_output`]).

use rustc_hash::FxHashMap;

use crate::board::Board;
use crate::formula::Assignment;
use crate::rules::Move;

use super::certify::SequenceCache;
use super::element::Role;
use super::geometry::{P, from_square};
use super::{Backend, BackendError, CompiledBoard};

impl<B: Backend> CompiledBoard<B> {
    /// Reads a satisfying assignment of the And-Or formula off a solving sequence (which
    /// must already be checked to be solving): each variable gadget's deciding piece
    /// captures first toward one side, and the backend says which output that gives the
    /// true signal. A variable whose decider is never captured may take either value
    /// (thesis proof of Theorem 5.15); it is set true.
    pub fn decode(&self, moves: &[Move]) -> Result<Assignment, BackendError> {
        let start: Vec<P> = self
            .elements
            .iter()
            .flat_map(|e| e.pieces.iter().map(|&(p, _)| p))
            .collect();
        let mut piece_at: FxHashMap<P, usize> =
            start.iter().enumerate().map(|(id, &p)| (p, id)).collect();
        let mut first_capture: FxHashMap<usize, (P, P)> = FxHashMap::default();
        for mv in moves {
            let (from, to) = (from_square(mv.from), from_square(mv.to));
            if let Some(id) = piece_at.remove(&from) {
                first_capture.entry(id).or_insert((from, to));
                piece_at.insert(to, id);
            }
        }
        let start_id: FxHashMap<P, usize> =
            start.iter().enumerate().map(|(id, &p)| (p, id)).collect();
        let mut cache = SequenceCache::default();
        let mut assignment = Assignment::all_false(self.plan.num_vars);
        for e in &self.elements {
            let Role::Variable {
                var,
                positive,
                decider,
            } = e.role
            else {
                continue;
            };
            let Some(&capture) = start_id.get(&decider).and_then(|id| first_capture.get(id)) else {
                assignment.set(var, true);
                continue;
            };
            let one = self.plan.backend.true_output(e, capture, &mut cache)?;
            assignment.set(var, one == positive);
        }
        Ok(assignment)
    }

    /// Whether `board` has exactly this board's pieces and budgets.
    pub fn same_pieces(&self, board: &Board) -> bool {
        self.board.same_pieces(board)
    }
}
