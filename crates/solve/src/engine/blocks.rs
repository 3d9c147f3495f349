//! Block moves at cut vertices ([`Engine::examine_sides`]): a side that must be emptied
//! into its cut vertex is cleared as one unit, its outcomes enumerated once and memoised.

use std::rc::Rc;

use sat2chess_core::board::PieceKind;

use super::*;

/// Memo key offset separating keep-mode block outcomes (all budgets) from solve-mode
/// ones (largest budgets).
const KEEP_OUTCOME_KEY: u128 = 0x6a09_e667_f3bc_c908_b2fb_1366_ea95_7d3d;

/// Table key offset for the sub-problem "clear everything into `cut`".
fn clear_goal_key(cut: usize) -> u128 {
    zobrist(cut, PieceKind::King, u32::MAX) ^ 0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c834
}

/// A side of a cut vertex whose captures are taken as one block ([`Engine::examine_sides`]).
pub(super) struct Block {
    side: Vec<usize>,
    cut: usize,
    /// The side and the cut vertex.
    mask: Vec<u64>,
    pub(super) outcomes: Rc<Vec<Outcome>>,
}

impl Block {
    /// Whether `mv` touches the side (captures by the cut vertex are pruned anyway).
    pub(super) fn touches(&self, mv: SlotMove) -> bool {
        let (from, to) = unpack(mv);
        (bit(&self.mask, from) && from != self.cut) || (bit(&self.mask, to) && to != self.cut)
    }
}

/// What [`Engine::enter_block`] or [`Engine::enter_side`] changed, for
/// [`Engine::leave`]: the slots it emptied, in order, and the piece it retyped. Undoing
/// in reverse order restores the state exactly (line links included) in time linear in
/// the change, where a copy of the state would cost the whole board each time.
pub(super) struct Entered {
    removed: Vec<usize>,
    retyped: usize,
    kind: PieceKind,
    budget: u32,
}

impl<'g> Engine<'g> {
    /// Replaces the block's side and cut-vertex piece by `outcome` and appends the
    /// witness captures to the path; [`Self::leave`] undoes it.
    pub(super) fn enter_block(&mut self, block: &Block, outcome: &Outcome) -> Entered {
        self.stats.block_moves += 1;
        let entered =
            self.empty_and_retype(block.side.clone(), block.cut, outcome.kind, outcome.budget);
        self.path.extend_from_slice(&outcome.witness);
        entered
    }

    /// Empties `removed` (in order), then gives the piece on `retyped` `kind` and
    /// `budget`; the work is charged to the clock.
    fn empty_and_retype(
        &mut self,
        removed: Vec<usize>,
        retyped: usize,
        kind: PieceKind,
        budget: u32,
    ) -> Entered {
        for &slot in &removed {
            self.state.remove(slot);
        }
        let entered = Entered {
            retyped,
            kind: self.state.kind[retyped],
            budget: self.state.budget[retyped],
            removed,
        };
        self.state.retype(retyped, kind, budget);
        self.analyser.clock.charge(1 + entered.removed.len() as u64);
        entered
    }

    /// Undoes [`Self::enter_block`] or [`Self::enter_side`] (the latest one not undone).
    pub(super) fn leave(&mut self, entered: Entered) {
        self.state
            .retype(entered.retyped, entered.kind, entered.budget);
        for &slot in entered.removed.iter().rev() {
            self.state.place(slot);
        }
        self.analyser.clock.charge(1 + entered.removed.len() as u64);
    }

    /// Side clearing (thesis §3.3.1, generalised). Let v be a cut vertex and A one side
    /// of it (a component of the capture graph without v) that contains no square of
    /// `avoid` — the candidate final squares in solve mode, the keep squares in keep mode.
    /// Then A must be emptied, and v is not vacated before that (vacating it would leave
    /// A as a component that is never emptied, fact 4). Until A is empty, every capture
    /// touching A is A→A or A→v, by original pieces of A. So the same captures empty A
    /// on the sub-board A ∪ {v} with v's budget set to 0 (v never moves there): removing
    /// the other pieces only removes blockers. If that sub-board cannot be reduced to
    /// one piece on v, the state is dead (`Err`).
    ///
    /// When captures are exact on the sub-board (no ranged pieces, so no blockers, and
    /// the standard variant, so any piece on v may be captured) we also return the
    /// largest such side as a [`Block`]: its captures may then be taken as one
    /// contiguous block. Proof: take any continuation that empties A at time t. Before t
    /// the captures touching A (A→A, A→v) and the others (which avoid A, and never move
    /// the piece on v) commute except at v, where only the last arrival survives. If the
    /// last arrival before t comes from A, move all A-captures after the others; else
    /// move them before. Every capture stays legal (A's moves see no blockers, arrivals
    /// only need v occupied) and the configuration at t is the same. A's block ends
    /// with v holding its last arrival, whose (kind, budget) is one of the block's
    /// outcomes ([`Self::block_outcomes`]). The argument never uses the goal, so it
    /// holds for reaching one piece and for enumerating remainders alike (a remainder
    /// has A empty, A having no keep square). `None` when a limit was reached.
    pub(super) fn examine_sides(
        &mut self,
        avoid: &[u64],
        mode: Mode,
    ) -> Option<Result<Option<Block>, ()>> {
        let cuts: Vec<usize> = self
            .state
            .slots()
            .filter(|&s| self.analyser.out.cut[s])
            .collect();
        let exact = self.variant == Variant::Standard && !self.geo.has_ranged();
        let mut best: Option<Block> = None;
        for cut in cuts {
            for side in self.analyser.sides(self.geo, &self.state, cut)? {
                if side.iter().any(|&s| bit(avoid, s)) {
                    continue;
                }
                self.stats.side_checks += 1;
                if exact {
                    let outcomes = self.block_outcomes(&side, cut, mode)?;
                    if outcomes.is_empty() {
                        self.stats.dead_sides += 1;
                        return Some(Err(()));
                    }
                    if best.as_ref().is_none_or(|b| b.side.len() < side.len()) {
                        let mut mask = vec![0u64; self.geo.words];
                        for &s in side.iter().chain([&cut]) {
                            mask[s / 64] |= 1 << (s % 64);
                        }
                        best = Some(Block {
                            side,
                            cut,
                            mask,
                            outcomes,
                        });
                    }
                } else if !self.clears_into(&side, cut)? {
                    self.stats.dead_sides += 1;
                    return Some(Err(()));
                }
            }
        }
        Some(Ok(best))
    }

    /// Replaces the state by the sub-board `side ∪ {cut}` with budget 0 on `cut`;
    /// [`Self::leave`] undoes it.
    fn enter_side(&mut self, side: &[usize], cut: usize) -> Entered {
        let mut inside = vec![0u64; self.geo.words];
        for &s in side.iter().chain([&cut]) {
            inside[s / 64] |= 1 << (s % 64);
        }
        let outside = self.state.slots().filter(|&s| !bit(&inside, s)).collect();
        self.empty_and_retype(outside, cut, self.state.kind[cut], 0)
    }

    /// The pieces `cut` can hold once `side` is emptied on the sub-board `side ∪ {cut}`
    /// (budget 0 on `cut`); memoised by sub-board. The last arrival on `cut` comes from
    /// the side. In solve mode: for each kind on `side`, the largest budget, with a
    /// witness — smaller budgets are never needed, by the thesis's monotony (§3.3: more
    /// budget never hurts). In keep mode: every (kind, budget), from the keep-goal
    /// enumeration with keep = {cut}, since remainders record budgets.
    fn block_outcomes(
        &mut self,
        side: &[usize],
        cut: usize,
        mode: Mode,
    ) -> Option<Rc<Vec<Outcome>>> {
        let entered = self.enter_side(side, cut);
        let mode_key = match mode {
            Mode::Solve => 0,
            Mode::Keep => KEEP_OUTCOME_KEY,
        };
        let key = self.state.hash ^ clear_goal_key(cut) ^ OUTCOME_KEY ^ mode_key;
        let result = match self.outcomes.get(&key) {
            Some(known) => Some(known.clone()),
            None => match mode {
                Mode::Solve => self.max_outcomes(side, cut),
                Mode::Keep => self.every_outcome(cut),
            }
            .map(|outcomes| {
                let outcomes = Rc::new(outcomes);
                self.outcomes.insert(key, outcomes.clone());
                outcomes
            }),
        };
        self.leave(entered);
        result
    }

    fn every_outcome(&mut self, cut: usize) -> Option<Vec<Outcome>> {
        let mut keep = vec![0u64; self.geo.words];
        keep[cut / 64] |= 1 << (cut % 64);
        let mut found = BTreeSet::new();
        let run = self.next_run();
        self.collect_node(&keep, &mut found, run)?;
        Some(
            found
                .into_iter()
                .map(|remainder| {
                    let [(_, kind, budget)] = remainder[..] else {
                        unreachable!("a remainder on one square is one piece")
                    };
                    Outcome {
                        kind,
                        budget,
                        witness: Vec::new(),
                    }
                })
                .collect(),
        )
    }

    fn max_outcomes(&mut self, side: &[usize], cut: usize) -> Option<Vec<Outcome>> {
        let mut finals = vec![0u64; self.geo.words];
        finals[cut / 64] |= 1 << (cut % 64);
        let mut outcomes = Vec::new();
        for kind in PieceKind::ALL {
            let Some(top) = side
                .iter()
                .filter(|&&s| self.state.kind[s] == kind)
                .map(|&s| self.state.budget[s])
                .max()
            else {
                continue;
            };
            for budget in (0..top).rev() {
                let goal = clear_goal_key(cut) ^ zobrist(usize::MAX >> 16, kind, budget);
                let start = self.path.len();
                let reached = self.solve_node(&finals, goal, Some((kind, budget)))?;
                let witness = self.path.split_off(start);
                if reached {
                    outcomes.push(Outcome {
                        kind,
                        budget,
                        witness,
                    });
                    break;
                }
            }
        }
        Some(outcomes)
    }

    /// Whether the sub-board `side ∪ {cut}`, with the piece on `cut` given budget 0,
    /// reduces to one piece on `cut`.
    fn clears_into(&mut self, side: &[usize], cut: usize) -> Option<bool> {
        if self.variant == Variant::Standard
            && let Some(answer) = lines::clears_into_on_line(self.geo, &self.state, side, cut)
        {
            return Some(answer);
        }
        let entered = self.enter_side(side, cut);
        let goal = clear_goal_key(cut);
        let key = self.state.hash ^ goal;
        let result = match self.cleared.get(&key) {
            Some(&known) => Some(known),
            None => {
                let mut finals = vec![0u64; self.geo.words];
                finals[cut / 64] |= 1 << (cut % 64);
                let path_len = self.path.len();
                let result = self.solve_node(&finals, goal, None);
                self.path.truncate(path_len);
                if let Some(known) = result {
                    self.cleared.insert(key, known);
                }
                result
            }
        };
        self.leave(entered);
        result
    }
}
