//! A reduction under test: an And-Or formula compiled to a board, the board's
//! certificate for a model of the chain's input, and the model read back off a solving
//! sequence. The tile backends (King, Knight) and the rook backend (thesis ch. 7) implement
//! it, so that the end-to-end loop (`cnf.rs`) and the whole-board snapshots (`boards.rs`)
//! are written once.

use sat2chess::back::{Signals, rook};
use sat2chess::board::Board;
use sat2chess::formula::{AndOrFormula, Assignment};
use sat2chess::layout::order::Ordering;
use sat2chess::retarget::{Retargeted, Target, retarget};
use sat2chess::rules::Move;
use sat2chess::transform::Chain;

pub trait Reduction {
    type Compiled;
    fn compile(&self, formula: &AndOrFormula) -> Result<Self::Compiled, String>;
    fn board(compiled: &Self::Compiled) -> &Board;
    fn certify(chain: &Chain, compiled: &Self::Compiled) -> Result<Option<Vec<Move>>, String>;
    fn decode(
        chain: &Chain,
        compiled: &Self::Compiled,
        moves: &[Move],
    ) -> Result<Assignment, String>;
}

/// A tile backend with the optimised layout.
impl<B: Signals + Copy> Reduction for B {
    type Compiled = sat2chess::back::CompiledBoard<B>;
    fn compile(&self, formula: &AndOrFormula) -> Result<Self::Compiled, String> {
        sat2chess::back::compile_formula(*self, formula, Ordering::Optimised)
            .map_err(|e| e.to_string())
    }
    fn board(compiled: &Self::Compiled) -> &Board {
        &compiled.board
    }
    fn certify(chain: &Chain, compiled: &Self::Compiled) -> Result<Option<Vec<Move>>, String> {
        sat2chess::back::certify_input(chain, compiled).map_err(|e| e.to_string())
    }
    fn decode(
        chain: &Chain,
        compiled: &Self::Compiled,
        moves: &[Move],
    ) -> Result<Assignment, String> {
        sat2chess::back::decode_input(chain, compiled.plan(), moves).map_err(|e| e.to_string())
    }
}

/// The rook backend (thesis ch. 7), which lays out its own lines instead of tiles.
#[allow(dead_code, reason = "only the rook tests compile rook boards")]
pub struct Rooks;

impl Reduction for Rooks {
    type Compiled = rook::CompiledRook;
    fn compile(&self, formula: &AndOrFormula) -> Result<Self::Compiled, String> {
        rook::compile_formula(formula).map_err(|e| e.to_string())
    }
    fn board(compiled: &Self::Compiled) -> &Board {
        &compiled.board
    }
    fn certify(chain: &Chain, compiled: &Self::Compiled) -> Result<Option<Vec<Move>>, String> {
        rook::certify_input(chain, compiled).map_err(|e| e.to_string())
    }
    fn decode(
        chain: &Chain,
        compiled: &Self::Compiled,
        moves: &[Move],
    ) -> Result<Assignment, String> {
        rook::decode_input(chain, compiled, moves).map_err(|e| e.to_string())
    }
}

/// The rook board carried to queens or bishops (issue 12, `src/retarget`): certificates
/// are mapped forward onto the new board, solving sequences backward before decoding.
#[allow(
    dead_code,
    reason = "only the retarget tests compile queen and bishop boards"
)]
pub struct Retargets(pub Target);

impl Reduction for Retargets {
    type Compiled = (rook::CompiledRook, Retargeted);
    fn compile(&self, formula: &AndOrFormula) -> Result<Self::Compiled, String> {
        let rooks = Rooks.compile(formula)?;
        let retargeted = retarget(&rooks.board, self.0).map_err(|e| e.to_string())?;
        Ok((rooks, retargeted))
    }
    fn board((_, retargeted): &Self::Compiled) -> &Board {
        &retargeted.board
    }
    fn certify(
        chain: &Chain,
        (rooks, retargeted): &Self::Compiled,
    ) -> Result<Option<Vec<Move>>, String> {
        let Some(moves) = Rooks::certify(chain, rooks)? else {
            return Ok(None);
        };
        let mapped = retargeted.map.moves_forward(&moves);
        Ok(Some(mapped.map_err(|e| e.to_string())?))
    }
    fn decode(
        chain: &Chain,
        (rooks, retargeted): &Self::Compiled,
        moves: &[Move],
    ) -> Result<Assignment, String> {
        let back = retargeted
            .map
            .moves_backward(moves)
            .map_err(|e| e.to_string())?;
        Rooks::decode(chain, rooks, &back)
    }
}
