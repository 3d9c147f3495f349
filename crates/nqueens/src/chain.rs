//! The whole chain CNF or 1-in-3-SAT → … → n-Queens Completion, with the composed forward
//! and backward maps and the certificate.

use std::fmt;

use super::Queen;
use super::arrangement::Arrangement;
use super::completion::{Completion, Embedding, block_side};
use super::onein3::{CnfEncoding, OneInThree, OneInThreeError, Restriction};
use super::problem3::DiagonalBlocking;
use super::problem5::{GadgetReduction, Problem5};
use sat2chess_core::formula::{Assignment, Cnf};
use sat2chess_solve::sat::{SatError, solve_cnf};

/// Why a chain is not built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChainError {
    #[error(transparent)]
    OneInThree(#[from] OneInThreeError),
    #[error(
        "the n-Queens board would have side {side} (about as many pre-placed queens), above the limit of {limit}"
    )]
    TooLarge { side: i64, limit: i64 },
    /// Refused from the sizes alone, before the stage that would allocate the gadgets:
    /// `side` is a lower bound ([`completion_side_at_least`]).
    #[error(
        "the n-Queens board would have side at least {side} (about as many pre-placed queens), above the limit of {limit}"
    )]
    TooLargeAtLeast { side: i64, limit: i64 },
}

/// Every stage of the reduction of one input.
#[derive(Clone, Debug)]
pub struct Chain {
    /// CNF → Monotone 1-in-3-SAT (absent for 1-in-3 input).
    pub encoding: Option<CnfEncoding>,
    pub monotone: OneInThree,
    pub restriction: Restriction,
    pub gadgets: GadgetReduction,
    pub arrangement: Arrangement,
    pub blocking: DiagonalBlocking,
    pub embedding: Embedding,
}

impl Chain {
    /// The chain of a CNF, refused when the final board side would exceed `max_side`
    /// (the last stage alone is checked first: it is the one that takes time and memory).
    pub fn from_cnf(cnf: &Cnf, max_side: i64) -> Result<Chain, ChainError> {
        // The encoding has `4 + 2v` variables (constants, each variable and its
        // complement) whatever the clauses: a declared variable count alone can be
        // too large, and is refused before the encoding allocates them.
        refuse_above(
            completion_side_at_least(4 + 2 * u64::from(cnf.num_vars)),
            max_side,
        )?;
        let encoding = CnfEncoding::new(cnf);
        let monotone = encoding.instance.clone();
        Chain::build(Some(encoding), monotone, max_side)
    }

    /// The chain of a (monotone) 1-in-3-SAT instance, as [`Chain::from_cnf`].
    pub fn from_onein3(instance: &OneInThree, max_side: i64) -> Result<Chain, ChainError> {
        instance.validate()?;
        Chain::build(None, instance.clone(), max_side)
    }

    fn build(
        encoding: Option<CnfEncoding>,
        monotone: OneInThree,
        max_side: i64,
    ) -> Result<Chain, ChainError> {
        refuse_above(
            completion_side_at_least(u64::from(monotone.num_vars)),
            max_side,
        )?;
        let restriction = Restriction::new(&monotone);
        let gadgets = GadgetReduction::new(&restriction.instance);
        let side = completion_side(&gadgets.instance);
        if side > max_side {
            return Err(ChainError::TooLarge {
                side,
                limit: max_side,
            });
        }
        let arrangement = Arrangement::new(&gadgets.instance);
        let blocking = DiagonalBlocking::new(&arrangement.instance);
        let embedding = Embedding::new(&blocking.instance);
        Ok(Chain {
            encoding,
            monotone,
            restriction,
            gadgets,
            arrangement,
            blocking,
            embedding,
        })
    }

    /// The n-Queens Completion instance at the end of the chain, every pre-placed queen
    /// written out (`O(n)` time and memory; [`Embedding`] answers questions about it
    /// without that).
    pub fn completion(&self) -> Completion {
        self.embedding.completion()
    }

    /// A solution of the monotone instance → the queens completing the board.
    pub fn forward(&self, values: &[bool]) -> Vec<Queen> {
        let restricted = self.restriction.forward(values);
        let parts = self.gadgets.forward(&restricted);
        let excluded = self.arrangement.forward(&parts);
        let problem3 = self.blocking.forward(&excluded);
        self.embedding.forward(&problem3)
    }

    /// The queens completing the board → a solution of the monotone instance.
    pub fn backward(&self, added: &[Queen]) -> Vec<bool> {
        let problem3 = self.embedding.backward(added);
        let excluded = self.blocking.backward(&problem3);
        let parts = self.arrangement.backward(&excluded);
        let restricted = self.gadgets.backward(&parts);
        self.restriction.backward(&restricted)
    }

    /// The input's solution a completion encodes: a CNF model (its variables) or the
    /// 1-in-3 solution (one value per variable).
    pub fn decode(&self, added: &[Queen]) -> Vec<bool> {
        let values = self.backward(added);
        match &self.encoding {
            Some(encoding) => encoding.backward(&values).0,
            None => values,
        }
    }

    /// Solves the input with the SAT solver and maps the solution forward: the queens
    /// completing the board, or `None` if the input has no solution.
    pub fn certify(&self, cnf: Option<&Cnf>) -> Result<Option<Vec<Queen>>, SatError> {
        let values = match (&self.encoding, cnf) {
            (Some(encoding), Some(cnf)) => solve_cnf(cnf)?.map(|model| encoding.forward(&model)),
            _ => self.monotone.enumerate(1)?.0.pop(),
        };
        Ok(values.map(|values| self.forward(&values)))
    }

    /// The completion of a CNF model (forward map from the CNF).
    pub fn forward_model(&self, model: &Assignment) -> Option<Vec<Queen>> {
        let encoding = self.encoding.as_ref()?;
        Some(self.forward(&encoding.forward(model)))
    }

    /// Sizes along the chain.
    pub fn stats(&self) -> Stats {
        let restricted = &self.restriction.instance;
        Stats {
            monotone: (self.monotone.num_vars, self.monotone.clauses.len()),
            restricted: (restricted.num_vars, restricted.clauses.len()),
            gadgets: self.gadgets.instance.gadgets.len(),
            cell: self.arrangement.cell,
            problem4_n: self.arrangement.instance.n,
            problem3_n: self.blocking.instance.n,
            problem3_preplaced: self.blocking.instance.preplaced.len(),
            block: self.embedding.block,
            n: self.embedding.n,
            preplaced: self.embedding.preplaced_count(),
        }
    }
}

/// The side of the n-Queens board the chain makes of `problem5`, computed from the sizes
/// alone (Defs. 20, 16, 10) so oversized boards are refused before anything is built:
/// Problem 4 has side `n₄ = n′(2k − 1)`, `|D⁺| = 2n′(k−1) + #{2n′k … min(4n′k−2, 2n₄−2)}`
/// and the gadgets' `C` and `D⁻`, which do not collide (Lemma 21); Problem 3 has side
/// `7n₄ − 3` and `|D⁻| + |D⁺|` pre-placed queens, all non-attacking; Def. 10 gives
/// `19n′ + |C′|`.
pub fn completion_side(problem5: &Problem5) -> i64 {
    let k = problem5.gadgets.len() as i64;
    let cell = problem5.gadgets.iter().map(|g| g.n).max().unwrap_or(1);
    let n4 = cell * (2 * k - 1).max(1);
    let high = (4 * cell * k - 2).min(2 * n4 - 2) - 2 * cell * k + 1;
    let sums = 2 * cell * (k - 1).max(0) + high.max(0);
    let diffs: usize = problem5.gadgets.iter().map(|g| g.diff_excluded.len()).sum();
    let cols: usize = problem5.gadgets.iter().map(|g| g.cols.len()).sum();
    19 * block_side(7 * n4 - 3) + cols as i64 + diffs as i64 + sums
}

/// A lower bound of the side of the board the chain makes of a monotone 1-in-3 instance
/// with `vars` variables, from that count alone (so a large declared count is refused
/// before anything is allocated): Theorem 4 keeps at least one restricted variable per
/// variable, Def. 31 gives each its gadget `G⁰ᵢ` of side `4 + 21i` (so `k ≥ vars`
/// gadgets, the largest of side `n′ ≥ 4 + 21(vars − 1)`), and [`completion_side`] is at
/// least `19 · block_side(7n₄ − 3) ≥ 19(14n₄ − 7)` with `n₄ = n′(2k − 1)`. Saturates at
/// `i64::MAX`.
pub fn completion_side_at_least(vars: u64) -> i64 {
    if vars == 0 {
        return 0;
    }
    let cell = u128::from(vars - 1) * 21 + 4;
    let n4 = cell.saturating_mul(2 * u128::from(vars) - 1);
    let side = n4.saturating_mul(14).saturating_sub(7).saturating_mul(19);
    i64::try_from(side).unwrap_or(i64::MAX)
}

/// Refuses a board whose side is at least `side_at_least`, above `max_side`.
fn refuse_above(side_at_least: i64, max_side: i64) -> Result<(), ChainError> {
    if side_at_least > max_side {
        return Err(ChainError::TooLargeAtLeast {
            side: side_at_least,
            limit: max_side,
        });
    }
    Ok(())
}

/// Sizes along the chain (`compile --stats`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stats {
    /// (variables, clauses) of the monotone and the restricted 1-in-3 instance.
    pub monotone: (u32, usize),
    pub restricted: (u32, usize),
    /// Problem 5 gadgets `k` and their largest side `n′` (Def. 20).
    pub gadgets: usize,
    pub cell: i64,
    /// Board sides of Problems 4 and 3, pre-placed queens of Problem 3.
    pub(crate) problem4_n: i64,
    pub(crate) problem3_n: i64,
    pub(crate) problem3_preplaced: usize,
    /// `n′` of Def. 10, the final side `n` and the pre-placed queens.
    pub block: i64,
    pub n: i64,
    pub preplaced: usize,
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "monotone 1-in-3: {} variables, {} clauses",
            self.monotone.0, self.monotone.1
        )?;
        writeln!(
            f,
            "restricted 1-in-3 (Theorem 4): {} variables, {} clauses",
            self.restricted.0, self.restricted.1
        )?;
        writeln!(
            f,
            "problem 5 (Def. 31): {} gadgets, largest side n' = {}",
            self.gadgets, self.cell
        )?;
        writeln!(f, "problem 4 (Def. 20): n = {}", self.problem4_n)?;
        writeln!(
            f,
            "problem 3 (Def. 16): n = {}, {} pre-placed queens",
            self.problem3_n, self.problem3_preplaced
        )?;
        writeln!(
            f,
            "n-queens completion (Def. 10): n' = {}, n = {}, {} pre-placed queens, {} to place",
            self.block,
            self.n,
            self.preplaced,
            self.n as usize - self.preplaced
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sat2chess_core::formula::Lit;

    #[test]
    fn the_side_bound_from_the_variable_count_is_below_the_side() {
        for cnf in [
            Cnf::new(1, vec![vec![Lit::pos(0)]]),
            Cnf::new(2, vec![vec![Lit::pos(0), Lit::neg(1)], vec![Lit::pos(1)]]),
        ] {
            let chain = Chain::from_cnf(&cnf, i64::MAX).expect("no limit");
            let side = completion_side(&chain.gadgets.instance);
            assert!(completion_side_at_least(u64::from(chain.monotone.num_vars)) <= side);
            assert!(completion_side_at_least(4 + 2 * u64::from(cnf.num_vars)) <= side);
        }
        assert_eq!(completion_side_at_least(0), 0);
        assert_eq!(completion_side_at_least(u64::MAX), i64::MAX);
    }

    #[test]
    fn a_large_declared_variable_count_is_refused_before_the_encoding() {
        let cnf = Cnf::new(1_000_000, vec![vec![Lit::pos(0)]]);
        assert!(matches!(
            Chain::from_cnf(&cnf, 5_000_000),
            Err(ChainError::TooLargeAtLeast { side, limit: 5_000_000 }) if side > 5_000_000
        ));
    }
}
