//! Side clearing and block moves at cut vertices of the line graph (thesis §3.3.1, as in
//! the general engine's `examine_sides`, here exact for ranged pieces).
//!
//! **Lemma.** Let v be a cut vertex of the line graph of a state and A a side of it (a
//! component of the graph without v) holding no candidate final square. Then in every
//! solution:
//! 1. A is emptied, and v is not vacated before that: a capture from v into another
//!    side leaves A a component that is never emptied (fact 4 of [`super::rules`]), one
//!    into A leaves the last piece in A.
//! 2. Until A is empty, every capture touching A is A → A or A → v, made by a piece that
//!    started in A: nothing enters A, whose only link is v.
//! 3. No capture passes over a square of A unless it is A → A or A → v, and those pass
//!    over squares of A only. A square strictly between two squares of one line lies
//!    on that line, so it is a line-neighbour of both: between two squares of A ∪ {v}
//!    only squares of A ∪ {v} can be occupied (v never is between: it is never vacated
//!    while A holds pieces), and an occupied square between x, y ∉ A would be a
//!    neighbour of x outside A ∪ {v}, so it is not in A.
//!
//! Hence the captures touching A are exactly a capture sequence of the *sub-board*
//! A ∪ {v} with v's budget set to 0 (v never moves there) that ends with one piece on v:
//! by 3 they are legal there, and conversely any such sequence is legal in the state as
//! long as v is occupied, which it is until A is empty. If the sub-board has no such
//! sequence, the state is dead (**side clearing**).
//!
//! **Block move.** By 3, the captures touching A and the others commute, except at v,
//! where only the last arrival before A is empty survives. Take a solution, and let t be
//! the capture that empties A. If the last arrival on v before t comes from A, move all
//! captures touching A to just before t (after the others); otherwise move them to the
//! start. Every capture stays legal (blockers and v's occupation are unchanged for each)
//! and the state after t is the same. So some solution either starts with all of A's
//! captures as one block, or starts with a capture not touching A. After the block, v
//! holds A's last arrival with some budget β, the rest is untouched; by monotony
//! (thesis §3.3) the largest β over all clearings of the sub-board is as good as any.
//! The search therefore tries the block with the largest β (its *outcome*), then only
//! the captures that do not touch A.

use super::*;

/// A side to clear as one block.
pub(super) struct Block {
    pub side: u128,
    cut: usize,
    outcome: Rc<Outcome>,
}

impl RangedEngine {
    /// Side clearing for every side without a candidate final square: `Err` when one
    /// cannot be cleared into its cut vertex (a dead state), else the block of the
    /// largest side, if any; `None` when a limit was reached.
    pub(super) fn examine_sides(
        &mut self,
        state: &Compact,
        finals: u128,
    ) -> Option<Result<Option<Block>, ()>> {
        let mut best: Option<Block> = None;
        for (cut, side) in self.lines.cut_sides(state) {
            if side & finals != 0 {
                continue;
            }
            self.stats.side_checks += 1;
            let Some(outcome) = self.outcome(state, cut, side)? else {
                return Some(Err(()));
            };
            if best
                .as_ref()
                .is_none_or(|b| b.side.count_ones() < side.count_ones())
            {
                best = Some(Block { side, cut, outcome });
            }
        }
        Some(Ok(best))
    }

    /// The largest budget β with which the sub-board `side ∪ {cut}` (the cut vertex's
    /// budget set to 0) reduces to one piece on `cut`, with a witness; `Some(None)`
    /// when it cannot be reduced onto `cut` at all. Memoised by the sub-board.
    fn outcome(&mut self, state: &Compact, cut: usize, side: u128) -> Option<Option<Rc<Outcome>>> {
        let sub = Compact {
            occ: side | 1u128 << cut,
            lo: state.lo & side,
            hi: state.hi & side,
        };
        let key = sub.key() ^ Goal::clear(cut, u32::MAX).key;
        if let Some(known) = self.outcomes.get(&key) {
            return Some(known.clone());
        }
        // Feasibility first (β = 0, the side-clearing check), then larger β while
        // they are reachable; the last arrival made a capture, so β < the side's top
        // budget.
        let top = bits(side).map(|s| state.budget(s)).max().unwrap_or(0);
        let mut found: Option<Rc<Outcome>> = None;
        for budget in 0..top {
            let path = self.path.len();
            let solved = self.node(sub, 1u128 << cut, Goal::clear(cut, budget));
            let witness = self.path.split_off(path);
            if !solved? {
                break;
            }
            found = Some(Rc::new(Outcome { budget, witness }));
        }
        self.outcomes.insert(key, found.clone());
        Some(found)
    }

    /// The state after `block` (its side empty, its cut vertex holding the outcome's
    /// budget), with the witness appended to the path; also the path length to restore.
    pub(super) fn enter_block(&mut self, state: &Compact, block: &Block) -> (Compact, usize) {
        let len = self.path.len();
        self.path.extend_from_slice(&block.outcome.witness);
        let cut = 1u128 << block.cut;
        let beta = block.outcome.budget;
        let child = Compact {
            occ: state.occ & !block.side,
            lo: state.lo & !block.side & !cut | u128::from(beta & 1) << block.cut,
            hi: state.hi & !block.side & !cut | u128::from(beta >> 1 & 1) << block.cut,
        };
        (child, len)
    }
}
