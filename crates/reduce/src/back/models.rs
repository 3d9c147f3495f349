//! Models carried along the transformation chain, shared by every backend (the tile
//! backends and the rook backend certify and decode through them): the input solved by
//! the SAT solver, its model mapped forward to the And-Or formula a board encodes, and an
//! assignment read off a board mapped back.

use crate::transform::{Chain, FormulaRef};
use sat2chess_core::formula::Assignment;

/// Why a model could not be carried along the transformation chain: shared by every
/// backend (the tile backends and the rook backend certify and decode through it).
#[derive(Debug, thiserror::Error)]
pub enum ChainModelError {
    #[error("SAT solver")]
    Sat(#[from] sat2chess_solve::sat::SatError),
    #[error("the assignment to certify is not a model of the formula")]
    NotAModel,
    #[error("internal error: the model mapped forward does not satisfy the And-Or formula")]
    ForwardNotSatisfying,
    #[error("decode: the assignment read off the variable gadgets does not satisfy the formula")]
    NotSatisfying,
}

impl ChainModelError {
    /// Whether this is the program's fault rather than the input's: all but a formula
    /// too large for the solver and a wrong model handed in.
    pub fn is_internal(&self) -> bool {
        !matches!(
            self,
            ChainModelError::Sat(sat2chess_solve::sat::SatError::TooManyVariables(_))
                | ChainModelError::NotAModel
        )
    }
}

/// Solves the chain's input formula with the SAT solver and, when it is satisfiable,
/// maps the model forward along the chain to the And-Or formula the board encodes.
/// `None`: unsatisfiable.
pub fn andor_model(chain: &Chain) -> Result<Option<Assignment>, ChainModelError> {
    solve_input(chain)?
        .map(|model| forward_model(chain, &model))
        .transpose()
}

/// A model of the chain's input formula by the SAT solver; `None`: unsatisfiable.
pub fn solve_input(chain: &Chain) -> Result<Option<Assignment>, ChainModelError> {
    Ok(match chain.input() {
        FormulaRef::Cnf { cnf, .. } => sat2chess_solve::sat::solve_cnf(cnf)?,
        FormulaRef::AndOr(formula) => sat2chess_solve::sat::solve_andor(formula)?,
    })
}

/// A model of the chain's input mapped forward to the And-Or formula the board encodes,
/// checked.
pub fn forward_model(chain: &Chain, model: &Assignment) -> Result<Assignment, ChainModelError> {
    if !chain.input().is_satisfied_by(model) {
        return Err(ChainModelError::NotAModel);
    }
    let forward = chain.forward(model);
    if !chain.formula().is_satisfied_by(&forward) {
        return Err(ChainModelError::ForwardNotSatisfying);
    }
    Ok(forward)
}

/// Maps an assignment of the And-Or formula read off a board back along the chain to a
/// model of the chain's input, checking both ends.
pub fn input_model(chain: &Chain, andor: &Assignment) -> Result<Assignment, ChainModelError> {
    if !chain.formula().is_satisfied_by(andor) {
        return Err(ChainModelError::NotSatisfying);
    }
    let model = chain.backward(andor);
    if !chain.input().is_satisfied_by(&model) {
        return Err(ChainModelError::NotSatisfying);
    }
    Ok(model)
}
