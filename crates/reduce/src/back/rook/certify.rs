//! The "SAT ⇒ solvable" capture sequence of thesis §7.6 (Theorem 7.16): every variable
//! gadget keeps its true literal (Lemma 7.9), every clause gadget is cleared in clause
//! order (Lemmas 7.10, 7.12, 7.15), then the shell is reduced to the tomb's (2,2)
//! (Lemma 7.1). A gadget's sequence for given input and output values is found once by
//! exhaustive search on the gadget alone (its destinations frozen, so it never moves
//! along the belt where other gadgets' destinations stand) and mapped onto each placed
//! copy; the whole sequence is then replayed by [`sat2chess_check`].

use std::collections::HashMap;

use super::{CompiledRook, RookError, TOMB};
use crate::gadgets::lines::{Line, Role, destinations, with_inputs};
use crate::gadgets::{Gadget, Outcome};
use crate::verify::rook_search::{Goal, RookSearch, SearchLimits};
use sat2chess_check as check;
use sat2chess_core::board::Square;
use sat2chess_core::formula::{Assignment, Lit};
use sat2chess_core::rules::{Move, Variant};

/// States one local search may expand (the largest gadget needs a few thousand).
const LOCAL_LIMIT: SearchLimits = SearchLimits::states(1 << 22);

/// Local capture sequences by (gadget, input values, output values).
type Cache = HashMap<(String, Vec<bool>, Vec<bool>), Vec<(Square, Square)>>;

/// A sequence clearing `gadget` with the given inputs down to its destinations and
/// outputs holding `outputs` (True: the untouched 2-rook, False: empty).
fn local_sequence(
    cache: &mut Cache,
    gadget: &Gadget,
    inputs: &[bool],
    outputs: &[bool],
) -> Result<Vec<(Square, Square)>, RookError> {
    let key = (gadget.name.clone(), inputs.to_vec(), outputs.to_vec());
    if let Some(found) = cache.get(&key) {
        return Ok(found.clone());
    }
    let frozen = destinations(gadget);
    let exact: Vec<(Square, Option<u32>)> = gadget
        .outputs()
        .into_iter()
        .zip(outputs)
        .map(|(port, &value)| (port.squares[0], value.then_some(2)))
        .collect();
    let mut stay = frozen.clone();
    stay.extend(exact.iter().map(|&(s, _)| s));
    let goal = Goal::Cleared { stay, exact };
    let search_error = |error| RookError::Search {
        gadget: gadget.name.clone(),
        error,
    };
    let (mut search, start) =
        RookSearch::new(&with_inputs(gadget, inputs), &frozen, &goal, LOCAL_LIMIT)
            .map_err(search_error)?;
    let found =
        search
            .find(start)
            .map_err(search_error)?
            .ok_or_else(|| RookError::NoLocalSequence {
                gadget: gadget.name.clone(),
                inputs: format!("{inputs:?} → outputs {outputs:?}"),
            })?;
    cache.insert(key, found.clone());
    Ok(found)
}

/// The output values `gadget`'s verified table promises for `inputs` (one maximal tuple).
fn promised(gadget: &Gadget, inputs: &[bool]) -> Result<Vec<bool>, RookError> {
    let values: Vec<u8> = inputs.iter().map(|&v| u8::from(v)).collect();
    let row = gadget.table.iter().find(|row| row.inputs == values);
    match row.map(|row| &row.expected) {
        Some(Outcome::Outputs(tuples)) if tuples.len() == 1 => {
            Ok(tuples[0].iter().map(|&v| v == 1).collect())
        }
        _ => Err(RookError::NoLocalSequence {
            gadget: gadget.name.clone(),
            inputs: format!("{inputs:?} (no single table output)"),
        }),
    }
}

impl CompiledRook {
    /// Appends `gadget`'s local sequence, mapped onto placed copy `instance`.
    fn push_local(
        &self,
        moves: &mut Vec<Move>,
        cache: &mut Cache,
        instance: usize,
        inputs: &[bool],
        outputs: &[bool],
    ) -> Result<(), RookError> {
        let gadget = &self.sketch.instances[instance].gadget;
        for (from, to) in local_sequence(cache, gadget, inputs, outputs)? {
            moves.push(Move::new(
                self.square(instance, from),
                self.square(instance, to),
            ));
        }
        Ok(())
    }

    /// The solving capture sequence for a satisfying `assignment` (thesis §7.6), checked.
    pub fn certify(&self, assignment: &Assignment) -> Result<Vec<Move>, RookError> {
        let mut moves = Vec::new();
        let mut cache = Cache::new();
        let value = |lit: Lit| lit.eval(assignment);
        for (var, gadget) in self.variables.iter().enumerate() {
            let x = assignment.value(sat2chess_core::formula::Var(var as u32));
            let outputs: Vec<bool> = self
                .library
                .variable
                .table_outputs
                .iter()
                .map(|&port| (port == gadget.positive) == x)
                .collect();
            self.push_local(&mut moves, &mut cache, gadget.instance, &[], &outputs)?;
        }
        for (index, clause) in self.clauses.iter().enumerate() {
            let mut right_inputs = clause.right_inputs.map(|lit| lit.is_some_and(value));
            if let Some((instance, [a, b])) = clause.first {
                let inputs = [value(a), value(b)];
                let gate = &self.sketch.instances[instance].gadget;
                let outputs = promised(gate, &inputs)?;
                right_inputs[0] = outputs[0];
                self.push_local(&mut moves, &mut cache, instance, &inputs, &outputs)?;
            }
            if !right_inputs.iter().any(|&v| v) {
                return Err(RookError::ClauseFalse(index));
            }
            self.push_local(&mut moves, &mut cache, clause.right_or, &right_inputs, &[])?;
        }
        moves.extend(self.shell_cleanup());
        let report = check::check_sequence(&self.board, &moves, Variant::Standard);
        if !report.is_solution() {
            return Err(RookError::Rejected(report.to_string()));
        }
        Ok(moves)
    }

    /// The shell's cleanup (Lemma 7.1, Fig. 7.3) once every SAT gadget is cleared: along
    /// the belt row the i-th cleanup rook captures the rook left on the i-th square of
    /// the path (last destination, …, first destination, (3,3), (2,3)) and moves on to
    /// the next, so each destination may hold any budget; then the same along the belt
    /// column toward (2,3), (2,2); the tomb's ((1,1) → (1,2) → (2,2)) ends it.
    fn shell_cleanup(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        let corner = TOMB[4];
        let along = |belt_row: bool| {
            let on_belt = |row: Line, col: Line| {
                if belt_row {
                    row == Line::Belt && col != Line::Belt
                } else {
                    col == Line::Belt && row != Line::Belt
                }
            };
            let mut destinations = Vec::new();
            let mut cleanups = Vec::new();
            for (row, col, _, role) in self.sketch.pieces() {
                if on_belt(row, col) {
                    let square = self.placed.square(row, col);
                    if role == Role::Cleanup {
                        cleanups.push(square);
                    } else {
                        destinations.push(square);
                    }
                }
            }
            destinations.sort_unstable();
            cleanups.sort_unstable();
            (destinations, cleanups)
        };
        for (belt_row, ends) in [(true, [corner, TOMB[3]]), (false, [TOMB[3], TOMB[2]])] {
            let (destinations, cleanups) = along(belt_row);
            let mut path: Vec<Square> = destinations.into_iter().rev().collect();
            path.extend(ends);
            for (i, cleanup) in cleanups.into_iter().enumerate() {
                moves.push(Move::new(cleanup, path[i]));
                moves.push(Move::new(path[i], path[i + 1]));
            }
        }
        moves.push(Move::new(TOMB[0], TOMB[1]));
        moves.push(Move::new(TOMB[1], TOMB[2]));
        moves
    }
}
