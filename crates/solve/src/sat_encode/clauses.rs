//! The static part of the encoding (module docs of [`super`]): variables and clauses
//! for the arborescence of departures, the last arrivals, budgets and kinds.

use sat2chess_core::board::{Board, PieceKind, Square};
use sat2chess_core::rules::Variant;

use super::acyclic;
use super::acyclic::Precedence;
use super::captures::{Capture, possible_captures};
use crate::sat::FlatCnf;

/// Encodings larger than this many literals are refused (estimated before they are
/// built, counted after). A 4709-bishop board whose encoding then held about 950 M
/// literals drove the process out of 24 GB.
pub(crate) const MAX_LITERALS: usize = 150_000_000;

/// The CNF of one board and where its variables are.
pub(crate) struct Encoding {
    pub cnf: FlatCnf,
    pub captures: Vec<Capture>,
    /// `made(c)` of capture `c` is variable `first_made + 2c`, `last(c)` the next one.
    first_made: i32,
    /// Per square, the indices of the captures onto it.
    pub arrivals: Vec<Vec<u32>>,
    final_square: i32,
    /// `arrived(s)`: some capture arrives on `s` (then one of them is the last).
    arrived: i32,
    kinds: usize,
    kind: i32,
    /// The budget levels `bud(s, 1 ..= levels)` ([`BudgetLevels`]).
    levels: BudgetLevels,
    bud: i32,
    /// Every possible precedence and its condition ([`Encoding::precedences`]).
    pub precedences: Vec<Precedence>,
    /// Squares whose acyclicity clauses are static ([`acyclic`]); all: no lazy clause
    /// is ever needed.
    pub eliminated: usize,
}

impl Encoding {
    /// The encoding of `board` (at least two pieces), `None` past [`MAX_LITERALS`].
    pub fn build(board: &Board, variant: Variant) -> Option<Encoding> {
        let pieces = board.pieces();
        let n = pieces.len();
        let mut kinds: Vec<PieceKind> = pieces.iter().map(|p| p.kind).collect();
        kinds.sort_unstable();
        kinds.dedup();
        let levels = BudgetLevels::of(board);
        let captures = possible_captures(board, &kinds);
        if estimated_literals(&captures, n, kinds.len(), levels.count) > MAX_LITERALS {
            return None;
        }
        let mut cnf = FlatCnf::new(0);
        let first_made = cnf.new_vars(2 * captures.len());
        let final_square = cnf.new_vars(n);
        let arrived = cnf.new_vars(n);
        let kind = cnf.new_vars(if kinds.len() > 1 { n * kinds.len() } else { 0 });
        let bud = cnf.new_vars(n * levels.count);
        let mut arrivals = vec![Vec::new(); n];
        for (index, capture) in captures.iter().enumerate() {
            arrivals[capture.to as usize].push(index as u32);
        }
        let mut encoding = Encoding {
            cnf,
            captures,
            first_made,
            arrivals,
            final_square,
            arrived,
            kinds: kinds.len(),
            kind,
            levels,
            bud,
            precedences: Vec::new(),
            eliminated: 0,
        };
        encoding.squares(board, &kinds);
        encoding.capture_clauses(board, &kinds, variant);
        (encoding.cnf.num_literals() <= MAX_LITERALS).then_some(encoding)
    }

    /// `made(c)`: capture `c` is made.
    pub fn made(&self, c: usize) -> i32 {
        self.first_made + 2 * c as i32
    }

    /// `last(c)`: capture `c` is the last arrival on its target.
    pub fn last(&self, c: usize) -> i32 {
        self.first_made + 2 * c as i32 + 1
    }

    /// `final(s)`: square `s` holds the last piece.
    pub fn final_square(&self, s: usize) -> i32 {
        self.final_square + s as i32
    }

    /// `arrived(s)`: some capture arrives on square `s`.
    fn arrived(&self, s: usize) -> i32 {
        self.arrived + s as i32
    }

    /// The leaving piece of `s` has kind `k` (only with several kinds).
    fn kind(&self, s: usize, k: usize) -> i32 {
        self.kind + (s * self.kinds + k) as i32
    }

    /// The leaving piece of `s` has budget at least `j` (1-based; the top level, with
    /// [`BudgetLevels::unbounded`], stands for a budget that never runs out).
    fn bud(&self, s: usize, j: usize) -> i32 {
        self.bud + (s * self.levels.count + j - 1) as i32
    }

    /// The clauses of each square: one final square; final or exactly one departure;
    /// at most one last arrival; the leaving piece's budget and kind without arrival.
    fn squares(&mut self, board: &Board, kinds: &[PieceKind]) {
        let n = board.len();
        let finals: Vec<i32> = (0..n).map(|s| self.final_square(s)).collect();
        self.cnf.exactly_one(&finals);
        let mut departures: Vec<Vec<i32>> = vec![Vec::new(); n];
        for (c, capture) in self.captures.iter().enumerate() {
            departures[capture.from as usize].push(self.made(c));
        }
        for (s, piece) in board.pieces().iter().enumerate() {
            let mut group = std::mem::take(&mut departures[s]);
            group.push(self.final_square(s));
            self.cnf.exactly_one(&group);
            let arrived: Vec<i32> = self.arrivals[s]
                .iter()
                .map(|&c| self.last(c as usize))
                .collect();
            self.cnf.at_most_one(&arrived);
            // An arrival on `s` has a last one among them.
            let any = self.arrived(s);
            let mut clause = vec![-any];
            clause.extend_from_slice(&arrived);
            self.cnf.add_clause(&clause);
            let own = self.levels.level_of(piece.budget);
            for j in 1..=self.levels.count {
                if j >= 2 {
                    let (more, less) = (self.bud(s, j), self.bud(s, j - 1));
                    self.cnf.add_clause(&[-more, less]);
                }
                if j > own {
                    // Without an arrival the leaving piece is the original one.
                    self.cnf.add_clause(&[-self.bud(s, j), any]);
                }
            }
            if self.kinds > 1 {
                for (k, &kind) in kinds.iter().enumerate() {
                    let lit = self.kind(s, k);
                    self.cnf
                        .add_clause(&[if kind == piece.kind { lit } else { -lit }, any]);
                }
            }
        }
    }

    /// The clauses of each possible capture: budget, kind, last arrival, blockers.
    fn capture_clauses(&mut self, board: &Board, kinds: &[PieceKind], variant: Variant) {
        let all_kinds = (1u32 << kinds.len()) - 1;
        // The uncapturable kind's index among `kinds` (none: the rule binds nothing).
        let protected = variant
            .uncapturable()
            .and_then(|kind| kinds.iter().position(|&k| k == kind));
        for c in 0..self.captures.len() {
            let (from, to, reach) = {
                let capture = &self.captures[c];
                (capture.from as usize, capture.to as usize, capture.reach)
            };
            let (made, last) = (self.made(c), self.last(c));
            if self.levels.count == 0 {
                self.cnf.add_clause(&[-made]);
                continue;
            }
            self.cnf.add_clause(&[-made, self.bud(from, 1)]);
            if reach != all_kinds {
                let mut clause = vec![-made];
                clause.extend(
                    (0..kinds.len())
                        .filter(|&k| reach & (1 << k) != 0)
                        .map(|k| self.kind(from, k)),
                );
                self.cnf.add_clause(&clause);
            }
            // Some arrival on `to` is the last one; this one only if made.
            self.cnf.add_clause(&[-made, self.arrived(to)]);
            self.cnf.add_clause(&[-last, made]);
            // The piece leaving `to` after the last arrival is the mover, one capture
            // poorer (an unbounded budget stays unbounded).
            let top = self.levels.count;
            for j in 1..=top {
                let leaving = self.bud(to, j);
                if j < top {
                    let mover = self.bud(from, j + 1);
                    self.cnf.add_clause(&[-last, -leaving, mover]);
                } else if self.levels.unbounded {
                    self.cnf.add_clause(&[-last, -leaving, self.bud(from, top)]);
                } else {
                    self.cnf.add_clause(&[-last, -leaving]);
                }
            }
            if self.kinds > 1 {
                for k in 0..self.kinds {
                    let (mover, leaving) = (self.kind(from, k), self.kind(to, k));
                    self.cnf.add_clause(&[-last, -mover, leaving]);
                    self.cnf.add_clause(&[-last, mover, -leaving]);
                }
            }
            if let Some(protected) = protected {
                // Never onto an uncapturable piece: not its first square, and not after it
                // arrived (an arrival of one is the last on its square).
                if board.pieces()[to].kind == kinds[protected] {
                    self.cnf.add_clause(&[-made]);
                }
                if self.kinds > 1 {
                    self.cnf
                        .add_clause(&[-made, -self.kind(from, protected), last]);
                } else {
                    self.cnf.add_clause(&[-made, last]);
                }
            }
        }
        self.precedences = self.precedences(board);
        // Without ranged captures the captures' precedences suffice for acyclicity:
        // with an arborescence of captures, the last arrivals' precedences never close
        // a cycle (ordered by depth, then the last arrival after the others). The lazy
        // check and the decoding still order by all of them.
        let ranged = self.captures.iter().any(|c| !c.between.is_empty());
        let needed: Vec<Precedence> = self
            .precedences
            .iter()
            .filter(|p| p.capture || ranged)
            .copied()
            .collect();
        self.eliminated = acyclic::eliminate(&mut self.cnf, 2 * board.len(), &needed);
    }

    /// Every possible precedence with its condition ([`super::order`]), over the squares
    /// `0 … n − 1` and one hub per square, `n + s`, standing for the time of the last
    /// arrival on `s`:
    /// * a capture's source before its target (`made`);
    /// * on boards with ranged captures, a blocker before the capture's source: for the
    ///   `j`-th piece `m` from `a` in a direction, under "`a`'s capture in this
    ///   direction goes beyond `m`" (a chain of fresh variables, so a line of `k`
    ///   pieces costs `O(k²)`, not a clause per capture and blocker);
    /// * an arrival that is not the last before the hub of its target (`made ∧ ¬last`),
    ///   the hub before the last arrival's source (`last`).
    fn precedences(&mut self, board: &Board) -> Vec<Precedence> {
        let n = self.arrivals.len() as u32;
        let mut precedences: Vec<Precedence> = self
            .captures
            .iter()
            .enumerate()
            .map(|(c, capture)| Precedence {
                before: capture.from,
                after: capture.to,
                condition: [self.made(c), 0],
                capture: true,
            })
            .collect();
        // Captures from one source along one ray, nearest target first (the number of
        // pieces between orders them).
        let squares: Vec<Square> = board.pieces().iter().map(|p| p.square).collect();
        let mut rays: Vec<(u32, (i64, i64), usize, usize)> = self
            .captures
            .iter()
            .enumerate()
            .map(|(c, capture)| {
                let (from, to) = (squares[capture.from as usize], squares[capture.to as usize]);
                let (dr, dc) = (
                    i64::from(to.row) - i64::from(from.row),
                    i64::from(to.col) - i64::from(from.col),
                );
                let g = gcd(dr.unsigned_abs(), dc.unsigned_abs()) as i64;
                (capture.from, (dr / g, dc / g), capture.between.len(), c)
            })
            .collect();
        rays.sort_unstable();
        for ray in rays.chunk_by(|x, y| (x.0, x.1) == (y.0, y.1)) {
            // beyond: "the capture along this ray goes past the target at hand", built
            // from the farthest target inward.
            let mut beyond: Option<i32> = None;
            for window in ray.windows(2).rev() {
                let (nearer, farther) = (window[0].3, window[1].3);
                let past = self.cnf.new_var();
                self.cnf.add_clause(&[-self.made(farther), past]);
                if let Some(further) = beyond {
                    self.cnf.add_clause(&[-further, past]);
                }
                // A blocker leaves before the capture, so it is not the final square.
                let blocker = self.captures[nearer].to as usize;
                self.cnf.add_clause(&[-past, -self.final_square(blocker)]);
                precedences.push(Precedence {
                    before: self.captures[nearer].to,
                    after: self.captures[nearer].from,
                    condition: [past, 0],
                    capture: false,
                });
                beyond = Some(past);
            }
        }
        for s in 0..n {
            let hub = n + s;
            for &c in &self.arrivals[s as usize] {
                let from = self.captures[c as usize].from;
                precedences.push(Precedence {
                    before: from,
                    after: hub,
                    condition: [self.made(c as usize), -self.last(c as usize)],
                    capture: false,
                });
                precedences.push(Precedence {
                    before: hub,
                    after: from,
                    condition: [self.last(c as usize), 0],
                    capture: false,
                });
            }
        }
        precedences
    }
}

/// The budget levels of an encoding. A budget of at least `n − 1` never runs out (a
/// game of `n` pieces has `n − 1` captures, so its piece has a capture left before each
/// of its own), and such budgets share one *unbounded* top level that a capture does
/// not lower; the other budgets are counted exactly, one level per capture (order
/// encoding). Boards of unlimited captures therefore need one level, not `n − 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct BudgetLevels {
    /// Levels per square: the largest budget below `n − 1`, plus the unbounded one.
    pub count: usize,
    /// The top level stands for "never runs out".
    pub unbounded: bool,
}

impl BudgetLevels {
    pub fn of(board: &Board) -> BudgetLevels {
        let never_out = board.len().saturating_sub(1);
        let pieces = board.pieces();
        let unbounded = pieces.iter().any(|p| p.budget as usize >= never_out);
        let bounded = pieces
            .iter()
            .map(|p| p.budget as usize)
            .filter(|&b| b < never_out)
            .max()
            .unwrap_or(0);
        BudgetLevels {
            count: bounded + usize::from(unbounded),
            unbounded,
        }
    }

    /// The level of a piece's own budget.
    fn level_of(self, budget: u32) -> usize {
        (budget as usize).min(self.count)
    }
}

/// An upper estimate of the literals of the static clauses, before they are built; the
/// vertex elimination adds at most [`acyclic::FILL_BUDGET`] clauses of three literals
/// beyond the nodes it always eliminates.
fn estimated_literals(captures: &[Capture], n: usize, kinds: usize, levels: usize) -> usize {
    let per_capture = captures
        .iter()
        .map(|c| 16 + 3 * levels + 6 * kinds + 6 * c.between.len())
        .sum::<usize>();
    per_capture + n * (12 + 3 * levels + 2 * kinds) + 3 * acyclic::FILL_BUDGET
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}
