//! An exact SAT encoding of "can this board be cleared to one piece", solved with splr:
//! the second exact method of the solver portfolio ([`super::portfolio`]).
//!
//! **Facts used.** Every move is a capture, so a piece only ever stands on an originally
//! occupied square, and a vacated square stays empty for good. Hence a square is
//! vacated at most once, by the capture that moves its current piece away, and every
//! capture `a → b` happens at most once: after it `a` is empty. A solution of a board of
//! `n` pieces vacates every square but the final one exactly once.
//!
//! **Encoding (departure times, no time steps).** Variables:
//! * `cap(a,b)` for every ordered pair of squares that some kind on the board reaches on
//!   an empty board: the capture `a → b` is made;
//! * `last(a,b)`: `a → b` is the *last arrival* on `b`, the capture that brings the piece
//!   which later leaves `b` (or ends there);
//! * `final(s)`; the departure time `T(s) ∈ 0 … n − 1` in order encoding
//!   (`time(s,k)` = `T(s) ≥ k`), the final square at time `n − 1`;
//! * the budget the leaving piece of `s` has, order-encoded as lower bounds
//!   (`bud(s,j)` = "at least `j`"), and with several kinds its kind `kind(s,k)`.
//!
//! Clauses: exactly one `final`; every square has exactly one of its outgoing captures
//! or is final. A capture `a → b` needs `T(a) < T(b)` (`b` still occupied, so an arrival
//! precedes the target's departure), `T(m) < T(a)` for every original square `m`
//! strictly between (ranged moves), `bud(a,1)`, and a mover kind that reaches `b`. Each
//! arrival on `b` implies some `last(·,b)`; `last(a,b)` implies `cap(a,b)`, that every
//! other arrival `a' → b` has `T(a') < T(a)`, that the leaving piece of `b` has budget
//! (at most) one less than that of `a` and `a`'s kind. A square without arrivals leaves
//! with its own piece: `bud(s,j)` above its budget needs a `last(·,s)`, and so does
//! any kind but its own (which it then has).
//! King-last: nothing captures onto an original king, and a king's arrival is the last.
//! `T(a) < T(b)` under a condition `C` is `C → time(b,1)`, `C ∧ time(a,k) → time(b,k+1)`
//! and `C → ¬time(a,n−1)`.
//!
//! **Proof.** *Solution ⇒ model:* set `cap` and `last` from the sequence, `T(s)` = the
//! index of the capture that vacates `s` (the final square `n − 1`), and the budgets and
//! kinds of the leaving pieces; every clause holds by the rules. *Model ⇒ solution:* sort
//! the chosen captures by the departure time of their source (ties in any order). There
//! are `n − 1` of them, one per non-final square. Each is legal when made: its source is
//! occupied (it is vacated only by this capture and never entered afterwards, as every
//! arrival on it comes strictly earlier), its target too (vacated strictly later, or
//! final), every square between is already empty (vacated strictly earlier, and empty
//! squares stay empty); the piece on the source is its last arrival (every other
//! arrival comes strictly earlier) or, with no arrival, the original piece, and by
//! induction over the time its budget is at least the encoded lower bound ≥ 1 and its
//! kind the encoded one, which reaches the target; under king-last no king is ever on a
//! target when it is captured. So the sequence is a solution. UNSAT therefore proves the
//! board unsolvable, and every decoded sequence is still replayed by [`check_sequence`]
//! before it is returned.
//!
//! **Size.** `O(n)` clauses per ordering constraint: one per capture, one per square
//! between, and one per pair of arrivals on a common target — `O(n · (captures +
//! blockers + arrival pairs))`, which on sparse boards (a compiled reduction board,
//! where lines hold few pieces) is far below the `O(n³)` of a time-step encoding and has
//! no symmetry between orders of independent captures: only their relative order where
//! it matters is encoded. Boards whose encoding would pass [`MAX_LITERALS`] are refused
//! ([`SatOutcome::TooLarge`]).
//!
//! Hand-written: no crate encodes Solo Chess (or planning with these move rules) to CNF.

use std::time::Duration;

use rustc_hash::FxHashMap;

use crate::sat::{SatError, at_most_one, solve_cnf_within};
use sat2chess_check::check_sequence;
use sat2chess_core::board::{Board, PieceKind, Square};
use sat2chess_core::formula::{Cnf, Lit};
use sat2chess_core::rules::{Move, Variant, reaches_on_empty_board};

/// Encodings larger than this many literals are refused (memory: splr keeps several
/// copies; the search engine takes those boards).
pub(crate) const MAX_LITERALS: usize = 12_000_000;

/// The answer of [`solve_by_sat`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum SatOutcome {
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
pub(crate) struct SatRun {
    pub outcome: SatOutcome,
    pub variables: u64,
    pub clauses: u64,
}

/// Decides `board` with the SAT encoding, giving up after `time_limit`.
pub(crate) fn solve_by_sat(
    board: &Board,
    variant: Variant,
    time_limit: Option<Duration>,
) -> SatRun {
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
    let departure = |s: usize| {
        (1..=encoding.top)
            .filter(|&k| value(encoding.time(s).at(k)))
            .count()
    };
    let mut made: Vec<(usize, usize, usize)> = encoding
        .captures
        .iter()
        .filter(|capture| value(capture.made))
        .map(|capture| (departure(capture.from), capture.from, capture.to))
        .collect();
    made.sort_unstable();
    let moves: Vec<Move> = made
        .into_iter()
        .map(|(_, from, to)| Move::new(squares[from], squares[to]))
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

/// A time `0 … top` in order encoding: `at(k)` is "time ≥ k", from consecutive
/// variables starting at the field.
#[derive(Clone, Copy)]
struct Ladder(u32);

impl Ladder {
    fn at(self, k: usize) -> Lit {
        Lit::pos(self.0 + k as u32 - 1)
    }
}

/// One possible capture `from → to` (squares by piece index) and its variables.
struct Capture {
    from: usize,
    to: usize,
    /// Bit `k` set: kind `kinds[k]` reaches `to` from `from` on an empty board.
    reach: u32,
    /// Original squares strictly between (ranged moves only).
    between: Vec<usize>,
    /// `cap(from, to)`.
    made: Lit,
    /// `last(from, to)`.
    last: Lit,
}

/// The CNF and the variable layout of one board.
struct Encoding {
    cnf: Cnf,
    /// Highest departure time, `n − 1` (the final square's).
    top: usize,
    kinds: usize,
    max_budget: usize,
    captures: Vec<Capture>,
    /// Per square, the indices of the captures onto it.
    arrivals: Vec<Vec<usize>>,
    /// Per square with two or more possible arrivals, the time of its last arrival.
    arrival_time: Vec<Option<Ladder>>,
    time: u32,
    final_square: u32,
    kind: u32,
    bud: u32,
}

impl Encoding {
    /// The encoding of `board` (at least two pieces), `None` past [`MAX_LITERALS`].
    fn build(board: &Board, variant: Variant) -> Option<Encoding> {
        let pieces = board.pieces();
        let n = pieces.len();
        // Every square but one departs: at least n − 1 ordering constraints.
        if (n - 1).saturating_mul(4 * (n + 1)) > MAX_LITERALS {
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
        let pairs = possible_captures(board, &kinds);
        let mut arrival_count = vec![0usize; n];
        for &(_, to, _, _) in &pairs {
            arrival_count[to] += 1;
        }
        // Ordering constraints, each n + 1 clauses of ≤ 4 literals.
        let orders: usize = pairs.iter().map(|p| 1 + p.3.len()).sum::<usize>()
            + arrival_count
                .iter()
                .map(|&a| a * a.saturating_sub(1))
                .sum::<usize>();
        if orders.saturating_mul(4 * (n + 1)) > MAX_LITERALS {
            return None;
        }
        let mut encoding = Encoding::allocate(n, kinds.len(), max_budget, pairs);
        encoding.squares(board, &kinds);
        encoding.capture_clauses(board, &kinds, variant);
        Some(encoding)
    }

    /// Numbers the variables.
    fn allocate(
        n: usize,
        kinds: usize,
        max_budget: usize,
        pairs: Vec<(usize, usize, u32, Vec<usize>)>,
    ) -> Encoding {
        let top = n - 1;
        let mut next = 0u32;
        let mut block = |count: usize| {
            let first = next;
            next += count as u32;
            first
        };
        let time = block(n * top);
        let final_square = block(n);
        let kind = block(if kinds > 1 { n * kinds } else { 0 });
        let bud = block(n * max_budget);
        let mut arrivals: Vec<Vec<usize>> = vec![Vec::new(); n];
        let captures = pairs
            .into_iter()
            .enumerate()
            .map(|(index, (from, to, reach, between))| {
                arrivals[to].push(index);
                Capture {
                    from,
                    to,
                    reach,
                    between,
                    made: Lit::pos(block(1)),
                    last: Lit::pos(block(1)),
                }
            })
            .collect();
        let arrival_time = arrivals
            .iter()
            .map(|onto| (onto.len() >= 2).then(|| Ladder(block(top))))
            .collect();
        Encoding {
            cnf: Cnf::new(next, Vec::new()),
            top,
            kinds,
            max_budget,
            captures,
            arrivals,
            arrival_time,
            time,
            final_square,
            kind,
            bud,
        }
    }

    /// The departure time `T(s)`.
    fn time(&self, s: usize) -> Ladder {
        Ladder(self.time + (s * self.top) as u32)
    }

    fn final_square(&self, s: usize) -> Lit {
        Lit::pos(self.final_square + s as u32)
    }

    /// The leaving piece of `s` has kind `k` (only with several kinds).
    fn kind(&self, s: usize, k: usize) -> Lit {
        Lit::pos(self.kind + (s * self.kinds + k) as u32)
    }

    /// The leaving piece of `s` has budget at least `j` (1-based).
    fn bud(&self, s: usize, j: usize) -> Lit {
        Lit::pos(self.bud + (s * self.max_budget + j - 1) as u32)
    }

    fn clause(&mut self, lits: impl IntoIterator<Item = Lit>) {
        self.cnf.clauses.push(lits.into_iter().collect());
    }

    /// `condition → a < b`.
    fn earlier(&mut self, condition: &[Lit], a: Ladder, b: Ladder) {
        let unless: Vec<Lit> = condition.iter().map(|&l| !l).collect();
        self.clause(unless.iter().copied().chain([b.at(1)]));
        for k in 1..self.top {
            self.clause(unless.iter().copied().chain([!a.at(k), b.at(k + 1)]));
        }
        self.clause(unless.into_iter().chain([!a.at(self.top)]));
    }

    /// `condition → a ≤ b`.
    fn not_after(&mut self, condition: &[Lit], a: Ladder, b: Ladder) {
        let unless: Vec<Lit> = condition.iter().map(|&l| !l).collect();
        for k in 1..=self.top {
            self.clause(unless.iter().copied().chain([!a.at(k), b.at(k)]));
        }
    }

    /// The clauses of each square: its time order encoding, final or exactly one
    /// departure, and what its leaving piece can be without an arrival.
    fn squares(&mut self, board: &Board, kinds: &[PieceKind]) {
        let n = board.len();
        let finals: Vec<Lit> = (0..n).map(|s| self.final_square(s)).collect();
        self.clause(finals.iter().copied());
        at_most_one(
            &mut self.cnf,
            &finals.iter().map(|l| l.var.0).collect::<Vec<_>>(),
        );
        let mut departures = vec![Vec::new(); n];
        for capture in &self.captures {
            departures[capture.from].push(capture.made);
        }
        for (s, piece) in board.pieces().iter().enumerate() {
            let ladders = [Some(self.time(s)), self.arrival_time[s]];
            for ladder in ladders.into_iter().flatten() {
                for k in 2..=self.top {
                    self.clause([!ladder.at(k), ladder.at(k - 1)]);
                }
            }
            let (end, last) = (self.time(s).at(self.top), self.final_square(s));
            self.clause([!end, last]);
            self.clause([!last, end]);
            let mut group = departures[s].clone();
            group.push(last);
            self.clause(group.iter().copied());
            at_most_one(
                &mut self.cnf,
                &group.iter().map(|l| l.var.0).collect::<Vec<_>>(),
            );
            let arrived: Vec<Lit> = self.arrivals[s]
                .iter()
                .map(|&c| self.captures[c].last)
                .collect();
            at_most_one(
                &mut self.cnf,
                &arrived.iter().map(|l| l.var.0).collect::<Vec<_>>(),
            );
            for j in 1..=self.max_budget {
                if j >= 2 {
                    let (more, less) = (self.bud(s, j), self.bud(s, j - 1));
                    self.clause([!more, less]);
                }
                if j > piece.budget as usize {
                    let more = self.bud(s, j);
                    self.clause([!more].into_iter().chain(arrived.iter().copied()));
                }
            }
            if self.kinds > 1 {
                // Without an arrival the leaving piece is the original one.
                for (k, &kind) in kinds.iter().enumerate() {
                    let lit = self.kind(s, k);
                    let own = if kind == piece.kind { lit } else { !lit };
                    self.clause([own].into_iter().chain(arrived.iter().copied()));
                }
            }
        }
    }

    /// The clauses of each possible capture: order, blockers, budget, kind, last arrival.
    fn capture_clauses(&mut self, board: &Board, kinds: &[PieceKind], variant: Variant) {
        let all_kinds = (1u32 << kinds.len()) - 1;
        let king = kinds.iter().position(|&k| k == PieceKind::King);
        for index in 0..self.captures.len() {
            let Capture {
                from,
                to,
                reach,
                made,
                last,
                ..
            } = self.captures[index];
            let between = std::mem::take(&mut self.captures[index].between);
            self.earlier(&[made], self.time(from), self.time(to));
            for &m in &between {
                self.earlier(&[made], self.time(m), self.time(from));
            }
            self.captures[index].between = between;
            if self.max_budget == 0 {
                self.clause([!made]);
                continue;
            }
            let can = self.bud(from, 1);
            self.clause([!made, can]);
            if reach != all_kinds {
                let reaching: Vec<Lit> = (0..kinds.len())
                    .filter(|&k| reach & (1 << k) != 0)
                    .map(|k| self.kind(from, k))
                    .collect();
                self.clause([!made].into_iter().chain(reaching));
            }
            // Some arrival on `to` is the last one; this one only if made.
            let lasts: Vec<Lit> = self.arrivals[to]
                .iter()
                .map(|&c| self.captures[c].last)
                .collect();
            self.clause([!made].into_iter().chain(lasts));
            self.clause([!last, made]);
            // Every other arrival comes before the last one's time, which is this one's
            // if it is the last (at most one is).
            if let Some(arrival) = self.arrival_time[to] {
                self.earlier(&[made, !last], self.time(from), arrival);
                self.not_after(&[last], arrival, self.time(from));
            }
            for j in 1..=self.max_budget {
                let leaving = self.bud(to, j);
                if j < self.max_budget {
                    let mover = self.bud(from, j + 1);
                    self.clause([!last, !leaving, mover]);
                } else {
                    self.clause([!last, !leaving]);
                }
            }
            if self.kinds > 1 {
                for k in 0..self.kinds {
                    let (mover, leaving) = (self.kind(from, k), self.kind(to, k));
                    self.clause([!last, !mover, leaving]);
                    self.clause([!last, mover, !leaving]);
                }
            }
            if let (Variant::KingLast, Some(king)) = (variant, king) {
                if board.pieces()[to].kind == PieceKind::King {
                    self.clause([!made]);
                }
                let royal = self.kind(from, king);
                self.clause([!made, !royal, last]);
            }
        }
    }
}

/// Every ordered pair of original squares that some kind on the board reaches on an
/// empty board: (from, to, reaching kinds as bits of `kinds`, squares between, walked
/// along the line and looked up).
fn possible_captures(board: &Board, kinds: &[PieceKind]) -> Vec<(usize, usize, u32, Vec<usize>)> {
    let squares: Vec<Square> = board.pieces().iter().map(|p| p.square).collect();
    let index: FxHashMap<Square, usize> =
        squares.iter().enumerate().map(|(i, &s)| (s, i)).collect();
    let mut pairs = Vec::new();
    for (a, &from) in squares.iter().enumerate() {
        for (b, &to) in squares.iter().enumerate() {
            let reach = kinds
                .iter()
                .enumerate()
                .filter(|&(_, &kind)| reaches_on_empty_board(kind, from, to))
                .fold(0u32, |mask, (k, _)| mask | 1 << k);
            if reach == 0 {
                continue;
            }
            let (dr, dc) = (
                i64::from(to.row) - i64::from(from.row),
                i64::from(to.col) - i64::from(from.col),
            );
            let steps = dr.abs().max(dc.abs());
            let between = if dr == 0 || dc == 0 || dr.abs() == dc.abs() {
                (1..steps)
                    .filter_map(|k| {
                        let row = i64::from(from.row) + dr / steps * k;
                        let col = i64::from(from.col) + dc / steps * k;
                        index.get(&Square::new(row as u32, col as u32)).copied()
                    })
                    .collect()
            } else {
                Vec::new()
            };
            pairs.push((a, b, reach, between));
        }
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::brute::brute_force;
    use sat2chess_core::board::Piece;

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
