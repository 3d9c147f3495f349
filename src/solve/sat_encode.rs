//! An exact SAT encoding of "can this board be cleared to one piece", solved with splr:
//! the second exact method of the solver portfolio ([`super::portfolio`]).
//!
//! **Encoding.** A board of `n` pieces is cleared by exactly `n − 1` captures, and a piece
//! only ever stands on an originally occupied square, so the squares are the `n` original
//! ones and the time steps `t = 0 … n − 2`. State variables per time `t = 0 … n − 1` and
//! square `s`: `occ(t,s)`, the kind one-hot `kind(t,s,k)` over the kinds on the board (with
//! one kind, `occ` itself), and the budget in order encoding `bud(t,s,j)` = "budget ≥ j"
//! for `j = 1 … B`, `B` = min(largest budget, n − 1). Per step: `src(t,s)` and `dst(t,s)`,
//! each exactly one over the squares (at-most-one by the sequential counter,
//! [`crate::sat::at_most_one`]), and the mover channel `mk(t,k)`, `mb(t,j)` (kind and budget
//! of the moving piece). A capture `a → b` at step `t` is `src(t,a) ∧ dst(t,b)`; it needs
//! `occ(t,a)`, `occ(t,b)`, `bud(t,a,1)`, a mover kind that reaches `b` from `a` on an
//! empty board (pairs no kind reaches are forbidden outright), every original square
//! strictly between `a` and `b` empty (ranged moves), and under king-last no king on `b`.
//! Effects: `a` empties, `b` takes the mover's kind and budget − 1
//! (`bud(t+1,b,j) ↔ mb(t,j+1)`); frame axioms keep every other square unchanged.
//! Redundant clauses (occupancy only shrinks, budgets are order-encoded downward
//! closed) help propagation.
//!
//! **Symmetry breaking.** Two consecutive captures `c₁ = a₁→b₁` at `t` and
//! `c₂ = a₂→b₂` at `t + 1` commute when `b₁ ≠ a₂`, `b₁ ≠ b₂` and `a₁` is not strictly
//! between `a₂` and `b₂` (then `c₂` is legal at `t`: the only square emptied by `c₁` does
//! not block it, and `c₁` stays legal after `c₂`, which only empties a square; the
//! state after both is the same). Commuting pairs with source `a₂` before `a₁` in square
//! order are forbidden. This keeps a solution: among all solutions take the one whose
//! sequence of sources is lexicographically least; swapping a forbidden pair would give a
//! lexicographically smaller one. The clause per step and pair `a₁ > a₂` is
//! `¬src(t,a₁) ∨ ¬src(t+1,a₂) ∨ dst(t,a₂) ∨ same(t) ∨ ⋁ dst(t+1,b)` over the squares `b`
//! beyond `a₁` seen from `a₂`, with `same(t)` ↔ both steps capture on one square.
//!
//! **Size.** `O(n³)` clauses: per step `n²` pair clauses plus the squares between line
//! pairs, `O(n·(kinds + B))` channel and frame clauses and `n²/2` symmetry clauses.
//! Boards whose encoding would pass [`MAX_LITERALS`] are refused ([`SatOutcome::TooLarge`]).
//!
//! **Proof sketch.** A solving sequence gives a model (the states along it, its captures;
//! the lexicographically least one satisfies the symmetry clauses). Conversely, in a model
//! every step has exactly one source and one target and the state variables follow
//! the rules exactly, so the decoded captures form a legal sequence of `n − 1` captures,
//! which leaves one piece. Every decoded sequence is replayed by [`check_sequence`]
//! before it is returned. UNSAT is therefore a proof of unsolvability.
//!
//! Hand-written: no crate encodes Solo Chess (or planning with these move rules) to CNF.

use std::time::Duration;

use crate::board::{Board, PieceKind, Square};
use crate::check::check_sequence;
use crate::formula::{Cnf, Lit};
use crate::rules::{Move, Variant, reaches_on_empty_board};
use crate::sat::{SatError, at_most_one, solve_cnf_within};

use super::geometry::strictly_between;

/// Encodings larger than this many literals are refused (memory: splr keeps several
/// copies; the search engine takes those boards).
pub const MAX_LITERALS: usize = 6_000_000;

/// The answer of [`solve_by_sat`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SatOutcome {
    /// A checked solving sequence.
    Solvable(Vec<Move>),
    /// The encoding is unsatisfiable: no sequence clears the board.
    Unsolvable,
    /// The time limit was reached first.
    TimedOut,
    /// The encoding would pass [`MAX_LITERALS`].
    TooLarge,
    /// The solver failed or returned a model whose sequence the checker refuses (an
    /// internal error; never turned into a verdict).
    Failed(String),
}

/// An answer of [`solve_by_sat`] with the size of the encoding solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SatRun {
    pub outcome: SatOutcome,
    pub variables: u64,
    pub clauses: u64,
}

/// Decides `board` with the SAT encoding, giving up after `time_limit`.
pub fn solve_by_sat(board: &Board, variant: Variant, time_limit: Option<Duration>) -> SatRun {
    let run = |outcome, cnf: Option<&Cnf>| SatRun {
        outcome,
        variables: cnf.map_or(0, |cnf| u64::from(cnf.num_vars)),
        clauses: cnf.map_or(0, |cnf| cnf.clauses.len() as u64),
    };
    match board.len() {
        0 => return run(SatOutcome::Unsolvable, None),
        1 => return run(SatOutcome::Solvable(Vec::new()), None),
        _ => {}
    }
    let Some(encoding) = Encoding::build(board, variant) else {
        return run(SatOutcome::TooLarge, None);
    };
    let outcome = decode(board, variant, &encoding, time_limit);
    run(outcome, Some(&encoding.cnf))
}

/// Solves the encoding and replays the decoded sequence with the checker.
fn decode(
    board: &Board,
    variant: Variant,
    encoding: &Encoding,
    time_limit: Option<Duration>,
) -> SatOutcome {
    let squares: Vec<Square> = board.pieces().iter().map(|p| p.square).collect();
    let model = match solve_cnf_within(&encoding.cnf, time_limit) {
        Ok(Some(model)) => model,
        Ok(None) => return SatOutcome::Unsolvable,
        Err(SatError::TimeOut) => return SatOutcome::TimedOut,
        Err(error) => return SatOutcome::Failed(error.to_string()),
    };
    let value = |lit: Lit| lit.eval(&model);
    let moves: Vec<Move> = (0..encoding.steps)
        .map(|t| {
            let pick = |vars: &dyn Fn(usize) -> Lit| {
                (0..squares.len()).find(|&s| value(vars(s))).unwrap_or(0)
            };
            let from = pick(&|s| encoding.src(t, s));
            let to = pick(&|s| encoding.dst(t, s));
            Move::new(squares[from], squares[to])
        })
        .collect();
    let report = check_sequence(board, &moves, variant);
    if report.is_solution() {
        SatOutcome::Solvable(moves)
    } else {
        debug_assert!(false, "the SAT model decodes to a non-solution: {report}");
        SatOutcome::Failed(format!(
            "the SAT model decodes to a sequence the checker refuses: {report}"
        ))
    }
}

/// Which kinds reach `b` from `a` and which squares lie between, for one ordered pair.
struct Pair {
    /// Bit `k` set: kind `kinds[k]` reaches on an empty board.
    reach: u32,
    /// Original squares strictly between (ranged moves only).
    between: Vec<usize>,
}

/// The CNF and the variable layout of one board.
struct Encoding {
    cnf: Cnf,
    squares: usize,
    steps: usize,
    kinds: usize,
    max_budget: usize,
    occ: u32,
    kind: u32,
    bud: u32,
    src: u32,
    dst: u32,
    mover_kind: u32,
    mover_budget: u32,
}

impl Encoding {
    /// The encoding of `board` (at least two pieces), `None` past [`MAX_LITERALS`].
    fn build(board: &Board, variant: Variant) -> Option<Encoding> {
        let pieces = board.pieces();
        let n = pieces.len();
        // The pair clauses alone cost 3n³ literals: refuse before building the n² pairs.
        if 3 * n.pow(3) > MAX_LITERALS {
            return None;
        }
        let mut kinds: Vec<PieceKind> = pieces.iter().map(|p| p.kind).collect();
        kinds.sort_unstable();
        kinds.dedup();
        let max_budget = pieces
            .iter()
            .map(|p| p.budget as usize)
            .max()
            .unwrap_or(0)
            .min(n - 1);
        let pairs = pairs(board, &kinds);
        let between: usize = pairs.iter().map(|p| p.between.len()).sum();
        let per_step = 3 * n * n + 3 * between + n * (kinds.len() + max_budget) * 16 + 4 * n * n;
        if per_step * (n - 1) > MAX_LITERALS {
            return None;
        }
        let mut encoding = Encoding::allocate(n, kinds.len(), max_budget);
        encoding.initial_state(board, &kinds);
        for t in 0..encoding.steps {
            encoding.step(t, &pairs, &kinds, variant);
        }
        let squares: Vec<Square> = pieces.iter().map(|p| p.square).collect();
        for t in 0..encoding.steps.saturating_sub(1) {
            encoding.break_symmetry(t, &squares);
        }
        Some(encoding)
    }

    /// Numbers the state, step and channel variables.
    fn allocate(squares: usize, kinds: usize, max_budget: usize) -> Encoding {
        let steps = squares - 1;
        let states = squares * (steps + 1);
        let mut next = 0u32;
        let mut block = |count: usize| {
            let first = next;
            next += count as u32;
            first
        };
        let occ = block(states);
        let kind = block(if kinds > 1 { states * kinds } else { 0 });
        let bud = block(states * max_budget);
        let src = block(squares * steps);
        let dst = block(squares * steps);
        let mover_kind = block(steps * kinds);
        let mover_budget = block(steps * max_budget);
        Encoding {
            cnf: Cnf::new(next, Vec::new()),
            squares,
            steps,
            kinds,
            max_budget,
            occ,
            kind,
            bud,
            src,
            dst,
            mover_kind,
            mover_budget,
        }
    }

    fn occ(&self, t: usize, s: usize) -> Lit {
        Lit::pos(self.occ + (t * self.squares + s) as u32)
    }

    /// Kind `k` on square `s` at time `t` (with one kind on the board: `occ`).
    fn kind(&self, t: usize, s: usize, k: usize) -> Lit {
        if self.kinds == 1 {
            return self.occ(t, s);
        }
        Lit::pos(self.kind + ((t * self.squares + s) * self.kinds + k) as u32)
    }

    /// Budget ≥ `j` (1-based) on square `s` at time `t`.
    fn bud(&self, t: usize, s: usize, j: usize) -> Lit {
        Lit::pos(self.bud + ((t * self.squares + s) * self.max_budget + j - 1) as u32)
    }

    fn src(&self, t: usize, s: usize) -> Lit {
        Lit::pos(self.src + (t * self.squares + s) as u32)
    }

    fn dst(&self, t: usize, s: usize) -> Lit {
        Lit::pos(self.dst + (t * self.squares + s) as u32)
    }

    fn mover_kind(&self, t: usize, k: usize) -> Lit {
        Lit::pos(self.mover_kind + (t * self.kinds + k) as u32)
    }

    /// The mover's budget ≥ `j` (1-based) at step `t`.
    fn mover_budget(&self, t: usize, j: usize) -> Lit {
        Lit::pos(self.mover_budget + (t * self.max_budget + j - 1) as u32)
    }

    fn fresh(&mut self) -> Lit {
        self.cnf.num_vars += 1;
        Lit::pos(self.cnf.num_vars - 1)
    }

    fn clause(&mut self, lits: impl IntoIterator<Item = Lit>) {
        self.cnf.clauses.push(lits.into_iter().collect());
    }

    /// Units for time 0, and the redundant structure clauses of every state.
    fn initial_state(&mut self, board: &Board, kinds: &[PieceKind]) {
        for (s, piece) in board.pieces().iter().enumerate() {
            self.clause([self.occ(0, s)]);
            for (k, &kind) in kinds.iter().enumerate() {
                let lit = self.kind(0, s, k);
                self.clause([if kind == piece.kind { lit } else { !lit }]);
            }
            for j in 1..=self.max_budget {
                let lit = self.bud(0, s, j);
                self.clause([if piece.budget as usize >= j {
                    lit
                } else {
                    !lit
                }]);
            }
        }
        for t in 1..=self.steps {
            for s in 0..self.squares {
                self.clause([!self.occ(t, s), self.occ(t - 1, s)]);
                for j in 2..=self.max_budget {
                    self.clause([!self.bud(t, s, j), self.bud(t, s, j - 1)]);
                }
                if self.max_budget > 0 {
                    self.clause([!self.bud(t, s, 1), self.occ(t, s)]);
                }
            }
        }
    }

    /// The clauses of capture step `t` (from time `t` to `t + 1`).
    fn step(&mut self, t: usize, pairs: &[Pair], kinds: &[PieceKind], variant: Variant) {
        let n = self.squares;
        for role in [Encoding::src, Encoding::dst] {
            let group: Vec<Lit> = (0..n).map(|s| role(self, t, s)).collect();
            at_most_one(
                &mut self.cnf,
                &group.iter().map(|l| l.var.0).collect::<Vec<_>>(),
            );
            self.clause(group);
        }
        let all_kinds = (1u32 << kinds.len()) - 1;
        for a in 0..n {
            for b in 0..n {
                let (src, dst) = (self.src(t, a), self.dst(t, b));
                let pair = &pairs[a * n + b];
                if pair.reach == 0 {
                    self.clause([!src, !dst]);
                    continue;
                }
                if pair.reach != all_kinds {
                    let reaching: Vec<Lit> = (0..kinds.len())
                        .filter(|&k| pair.reach & (1 << k) != 0)
                        .map(|k| self.mover_kind(t, k))
                        .collect();
                    self.clause([!src, !dst].into_iter().chain(reaching));
                }
                for &s in &pair.between {
                    self.clause([!src, !dst, !self.occ(t, s)]);
                }
            }
        }
        let king = kinds.iter().position(|&k| k == PieceKind::King);
        for s in 0..n {
            let (src, dst) = (self.src(t, s), self.dst(t, s));
            self.clause([!src, self.occ(t, s)]);
            self.clause([!dst, self.occ(t, s)]);
            if self.max_budget > 0 {
                self.clause([!src, self.bud(t, s, 1)]);
            } else {
                self.clause([!src]);
            }
            if let (Variant::KingLast, Some(king)) = (variant, king) {
                self.clause([!dst, !self.kind(t, s, king)]);
            }
            self.clause([!src, !self.occ(t + 1, s)]);
            self.clause([!dst, self.occ(t + 1, s)]);
            self.frame(src, dst, self.occ(t, s), self.occ(t + 1, s));
            for k in 0..self.kinds {
                let (now, next, mover) = (
                    self.kind(t, s, k),
                    self.kind(t + 1, s, k),
                    self.mover_kind(t, k),
                );
                self.channel(src, dst, now, next, mover);
            }
            for j in 1..=self.max_budget {
                let (now, next, mover) = (
                    self.bud(t, s, j),
                    self.bud(t + 1, s, j),
                    self.mover_budget(t, j),
                );
                self.clause([!src, !now, mover]);
                self.clause([!src, now, !mover]);
                self.clause([!src, !next]);
                if j < self.max_budget {
                    let carried = self.mover_budget(t, j + 1);
                    self.clause([!dst, !next, carried]);
                    self.clause([!dst, next, !carried]);
                } else {
                    self.clause([!dst, !next]);
                }
                self.frame(src, dst, now, next);
            }
        }
    }

    /// A square's kind literal across a step: copied into the mover channel when it
    /// moves, cleared when it empties, taken from the channel when captured onto, kept
    /// otherwise.
    fn channel(&mut self, src: Lit, dst: Lit, now: Lit, next: Lit, mover: Lit) {
        self.clause([!src, !now, mover]);
        self.clause([!src, now, !mover]);
        if self.kinds > 1 {
            self.clause([!src, !next]);
            self.clause([!dst, !next, mover]);
            self.clause([!dst, next, !mover]);
            self.frame(src, dst, now, next);
        }
    }

    /// Frame axiom: a square neither moved from nor captured on keeps `now` as `next`.
    fn frame(&mut self, src: Lit, dst: Lit, now: Lit, next: Lit) {
        self.clause([src, dst, !now, next]);
        self.clause([src, dst, now, !next]);
    }

    /// The symmetry-breaking clauses between steps `t` and `t + 1` (module doc).
    fn break_symmetry(&mut self, t: usize, squares: &[Square]) {
        let n = self.squares;
        let same = self.fresh();
        let mut witnesses = Vec::with_capacity(n);
        for b in 0..n {
            let both = self.fresh();
            let (first, second) = (self.dst(t, b), self.dst(t + 1, b));
            self.clause([!first, !second, both]);
            self.clause([!both, first]);
            self.clause([!both, second]);
            self.clause([!both, same]);
            witnesses.push(both);
        }
        self.clause([!same].into_iter().chain(witnesses));
        for a1 in 0..n {
            for a2 in 0..a1 {
                let beyond: Vec<Lit> = (0..n)
                    .filter(|&b| b != a1 && b != a2 && on_line(squares[a2], squares[b]))
                    .filter(|&b| strictly_between(squares[a2], squares[b], squares[a1]))
                    .map(|b| self.dst(t + 1, b))
                    .collect();
                let head = [
                    !self.src(t, a1),
                    !self.src(t + 1, a2),
                    self.dst(t, a2),
                    same,
                ];
                self.clause(head.into_iter().chain(beyond));
            }
        }
    }
}

/// Whether two squares share a row, column or diagonal.
fn on_line(a: Square, b: Square) -> bool {
    a.row == b.row || a.col == b.col || a.row.abs_diff(b.row) == a.col.abs_diff(b.col)
}

/// Every ordered pair of original squares, row-major by (source, target).
fn pairs(board: &Board, kinds: &[PieceKind]) -> Vec<Pair> {
    let squares: Vec<Square> = board.pieces().iter().map(|p| p.square).collect();
    let mut pairs = Vec::with_capacity(squares.len() * squares.len());
    for &a in &squares {
        for &b in &squares {
            let reach = kinds
                .iter()
                .enumerate()
                .filter(|&(_, &kind)| reaches_on_empty_board(kind, a, b))
                .fold(0u32, |mask, (k, _)| mask | 1 << k);
            let ranged =
                reach != 0 && on_line(a, b) && a.row.abs_diff(b.row).max(a.col.abs_diff(b.col)) > 1;
            let between = if ranged {
                (0..squares.len())
                    .filter(|&s| strictly_between(a, b, squares[s]))
                    .collect()
            } else {
                Vec::new()
            };
            pairs.push(Pair { reach, between });
        }
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Piece;
    use crate::solve::brute::brute_force;

    fn board(pieces: &[(PieceKind, u32, u32, u32)]) -> Board {
        let pieces = pieces
            .iter()
            .map(|&(kind, r, c, b)| Piece::new(kind, Square::new(r, c), b))
            .collect();
        Board::fitted(pieces).unwrap()
    }

    #[test]
    fn blocked_rook_needs_the_blocker_gone_first() {
        use PieceKind::{Knight, Rook};
        // R(1,1) x N(1,2) then R x R(1,3): solvable; without budget 2 it is not.
        let solvable = board(&[(Rook, 1, 1, 2), (Knight, 1, 2, 0), (Rook, 1, 3, 0)]);
        let SatOutcome::Solvable(moves) = solve_by_sat(&solvable, Variant::Standard, None).outcome
        else {
            panic!("expected solvable");
        };
        assert_eq!(moves.len(), 2);
        let stuck = board(&[(Rook, 1, 1, 1), (Knight, 1, 2, 0), (Rook, 1, 3, 0)]);
        assert_eq!(
            solve_by_sat(&stuck, Variant::Standard, None).outcome,
            SatOutcome::Unsolvable
        );
        assert_eq!(brute_force(&stuck, Variant::Standard), None);
    }

    #[test]
    fn king_last_keeps_the_king() {
        use PieceKind::{King, Queen};
        let kq = board(&[(King, 1, 1, 0), (Queen, 1, 3, 1)]);
        assert!(matches!(
            solve_by_sat(&kq, Variant::Standard, None).outcome,
            SatOutcome::Solvable(_)
        ));
        assert_eq!(
            solve_by_sat(&kq, Variant::KingLast, None).outcome,
            SatOutcome::Unsolvable
        );
    }

    #[test]
    fn symmetry_breaking_keeps_commuting_solutions() {
        use PieceKind::{Bishop, Pawn, Rook};
        // Two independent captures, in either order only one way each, then a join.
        let b = board(&[
            (Rook, 1, 1, 2),
            (Pawn, 1, 4, 0),
            (Bishop, 3, 3, 2),
            (Pawn, 2, 2, 0),
        ]);
        let expected = brute_force(&b, Variant::Standard).is_some();
        let got = matches!(
            solve_by_sat(&b, Variant::Standard, None).outcome,
            SatOutcome::Solvable(_)
        );
        assert_eq!(got, expected);
    }
}
