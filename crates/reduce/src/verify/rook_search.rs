//! Exhaustive search over capture sequences of small rook boards: the verifier's engine
//! for the Rook gadgets (thesis ch. 7) in their minimal well-formed contexts.
//!
//! Hand-written rather than [`sat2chess_solve`] because the verifier asks a question the
//! general engine does not: not "one piece left" but "every SAT-gadget rook gone, only
//! the shell's capture destinations (and chosen output squares) left" — the condition
//! of Lemma 7.1 under which the shell's cleanup finishes the board. Rooks only ever move
//! onto occupied squares, so a state is a budget (or nothing) per original square, two
//! bits each in one `u128` (at most 64 squares); failed states are memoised. Two proven
//! cuts, both valid for rooks because the set of occupied lines only shrinks:
//! - a piece with no piece in any of its four directions never moves nor is captured
//!   again: the state is dead unless it may stay;
//! - pieces sharing no row or column with each other stay apart forever (a rook moves
//!   only within its lines, onto occupied squares), so every component of the "shares a
//!   line" graph needs a piece on a square where pieces may stay (for one piece left:
//!   one component).

use std::time::{Duration, Instant};

use rustc_hash::FxHashSet;

use sat2chess_core::board::Square;

/// The most squares a search handles (two bits each in a `u128`).
pub(crate) const MAX_SQUARES: usize = 64;

/// States expanded between two reads of the clock (one expansion takes well under a
/// microsecond, so a time limit is overshot by about a millisecond at most).
const CLOCK_INTERVAL: u64 = 1 << 10;

/// When a search gives up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchLimits {
    /// The most states the search may expand.
    pub states: u64,
    /// The most wall-clock time, counted from [`RookSearch::new`]; `None`: no limit.
    pub time: Option<Duration>,
}

impl SearchLimits {
    /// At most `states` states, no time limit.
    pub const fn states(states: u64) -> SearchLimits {
        SearchLimits { states, time: None }
    }
}

/// What a search looks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Every remaining piece stands on one of these squares (the shell's lines), and the
    /// listed squares hold exactly what is asked: `Some(b)` a piece with budget `b`,
    /// `None` no piece.
    Cleared {
        stay: Vec<Square>,
        exact: Vec<(Square, Option<u32>)>,
    },
    /// One piece left, on this square if given.
    Single(Option<Square>),
}

/// Why a search stopped without an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    #[error("the board has {0} rooks; the exhaustive rook search handles at most 64")]
    TooLarge(usize),
    #[error("state limit {0} reached")]
    StateLimit(u64),
    #[error("time limit of {} s reached", .0.as_secs_f64())]
    TimeLimit(Duration),
}

impl SearchError {
    /// The search reached one of its [`SearchLimits`] (rather than refusing the board).
    pub fn is_limit(&self) -> bool {
        matches!(self, SearchError::StateLimit(_) | SearchError::TimeLimit(_))
    }
}

/// A rook board prepared for search; see the module doc.
pub(crate) struct RookSearch {
    squares: Vec<Square>,
    /// Per square and direction (N, E, S, W): the other squares on that ray, nearest first.
    rays: Vec<[Vec<u8>; 4]>,
    /// Squares whose piece may move (certificates freeze the shell's rooks).
    movable: u64,
    stay: u64,
    exact: Vec<(u8, u8)>,
    single: Option<Option<u8>>,
    failed: FxHashSet<u128>,
    limits: SearchLimits,
    /// When the search started (the time limit counts from here).
    start: Instant,
    /// States expanded so far.
    pub states: u64,
}

fn cell(state: u128, i: usize) -> u8 {
    ((state >> (2 * i)) & 3) as u8
}

fn with_cell(state: u128, i: usize, value: u8) -> u128 {
    (state & !(3u128 << (2 * i))) | (u128::from(value) << (2 * i))
}

impl RookSearch {
    /// A search over `pieces` (square, budget ≤ 2) for `goal`; pieces on `frozen`
    /// squares never move (they may still be captured). The search gives up at `limits`.
    pub fn new(
        pieces: &[(Square, u32)],
        frozen: &[Square],
        goal: &Goal,
        limits: SearchLimits,
    ) -> Result<(RookSearch, u128), SearchError> {
        if pieces.len() > MAX_SQUARES {
            return Err(SearchError::TooLarge(pieces.len()));
        }
        let squares: Vec<Square> = pieces.iter().map(|&(s, _)| s).collect();
        let index = |s: Square| squares.iter().position(|&q| q == s);
        let rays = squares
            .iter()
            .map(|&from| {
                let mut rays: [Vec<u8>; 4] = Default::default();
                for (d, ray) in rays.iter_mut().enumerate() {
                    let mut on: Vec<(u32, u8)> = squares
                        .iter()
                        .enumerate()
                        .filter_map(|(i, &to)| {
                            let distance = match d {
                                0 => (to.col == from.col && to.row < from.row)
                                    .then(|| from.row - to.row),
                                1 => (to.row == from.row && to.col > from.col)
                                    .then(|| to.col - from.col),
                                2 => (to.col == from.col && to.row > from.row)
                                    .then(|| to.row - from.row),
                                _ => (to.row == from.row && to.col < from.col)
                                    .then(|| from.col - to.col),
                            };
                            distance.map(|k| (k, i as u8))
                        })
                        .collect();
                    on.sort_unstable();
                    *ray = on.into_iter().map(|(_, i)| i).collect();
                }
                rays
            })
            .collect();
        let mask = |list: &[Square]| {
            list.iter()
                .filter_map(|&s| index(s))
                .fold(0u64, |m, i| m | 1 << i)
        };
        let all = if squares.len() == 64 {
            u64::MAX
        } else {
            (1u64 << squares.len()) - 1
        };
        let (stay, exact, single) = match goal {
            Goal::Cleared { stay, exact } => {
                let exact = exact
                    .iter()
                    .filter_map(|&(s, b)| {
                        index(s).map(|i| (i as u8, b.map_or(0, |b| b.min(2) as u8 + 1)))
                    })
                    .collect();
                (mask(stay), exact, None)
            }
            Goal::Single(at) => (all, Vec::new(), Some(at.and_then(index).map(|i| i as u8))),
        };
        let start = pieces.iter().enumerate().fold(0u128, |st, (i, &(_, b))| {
            with_cell(st, i, b.min(2) as u8 + 1)
        });
        let (movable, stay) = (all & !mask(frozen), stay);
        Ok((
            RookSearch {
                squares,
                rays,
                movable,
                stay,
                exact,
                single,
                failed: FxHashSet::default(),
                limits,
                start: Instant::now(),
                states: 0,
            },
            start,
        ))
    }

    /// Whether `state` meets the goal.
    fn done(&self, state: u128) -> bool {
        let mut occupied = (0..self.squares.len()).filter(|&i| cell(state, i) != 0);
        match self.single {
            Some(at) => {
                let first = occupied.next();
                occupied.next().is_none()
                    && first.is_some_and(|f| at.is_none_or(|a| f == a as usize))
            }
            None => {
                occupied.all(|i| self.stay >> i & 1 == 1)
                    && self
                        .exact
                        .iter()
                        .all(|&(i, v)| cell(state, i as usize) == v)
            }
        }
    }

    /// The first occupied square on ray `d` of square `i`.
    fn neighbour(&self, state: u128, i: usize, d: usize) -> Option<usize> {
        self.rays[i][d]
            .iter()
            .map(|&j| j as usize)
            .find(|&j| cell(state, j) != 0)
    }

    /// The proven cuts of the module doc: `true` when `state` cannot reach the goal.
    fn dead(&self, state: u128) -> bool {
        let n = self.squares.len();
        let mut occupied = [0u8; MAX_SQUARES];
        let mut count = 0;
        for i in 0..n {
            if cell(state, i) != 0 {
                occupied[count] = i as u8;
                count += 1;
            }
        }
        let occupied = &occupied[..count];
        if occupied.len() <= 1 {
            return false;
        }
        // An exact square asking for budget b holds b now or never (arrivals have ≤ 1).
        if self
            .exact
            .iter()
            .any(|&(i, v)| v == 3 && cell(state, i as usize) != 3)
        {
            return true;
        }
        let mut parent = [0u8; MAX_SQUARES];
        for (i, p) in parent.iter_mut().enumerate() {
            *p = i as u8;
        }
        fn find(parent: &mut [u8], mut i: usize) -> usize {
            while parent[i] as usize != i {
                parent[i] = parent[parent[i] as usize];
                i = parent[i] as usize;
            }
            i
        }
        for &i in occupied {
            let i = i as usize;
            let mut isolated = true;
            for d in 0..4 {
                if let Some(j) = self.neighbour(state, i, d) {
                    isolated = false;
                    let (a, b) = (find(&mut parent, i), find(&mut parent, j));
                    parent[a] = b as u8;
                }
            }
            if isolated && self.stay >> i & 1 == 0 {
                return true;
            }
        }
        // Per component root: 0 none seen, 1 without a stay square, 2 with one.
        let mut anchored = [0u8; MAX_SQUARES];
        for &i in occupied {
            let root = find(&mut parent, i as usize);
            let here = if self.stay >> i & 1 == 1 { 2 } else { 1 };
            anchored[root] = anchored[root].max(here);
        }
        let components = anchored.iter().filter(|&&a| a != 0).count();
        match self.single {
            Some(_) => components > 1,
            None => anchored.contains(&1) || !self.zeros_matched(state, occupied),
        }
    }

    /// The 0-rook cut (thesis Obs. 3.3, counted): a 0-rook off the stay squares leaves
    /// its square only when a rook captures it there with budget left to move on, i.e.
    /// a 2-rook — and a 2-rook has never moved, so it shares a line with that square
    /// now. Each 2-rook does this at most once (after it the rook has budget ≤ 1), so the
    /// squares of such 0-rooks need distinct 2-rooks on their lines: a matching.
    fn zeros_matched(&self, state: u128, occupied: &[u8]) -> bool {
        let zeros: Vec<usize> = occupied
            .iter()
            .map(|&i| i as usize)
            .filter(|&i| cell(state, i) == 1 && self.stay >> i & 1 == 0)
            .collect();
        if zeros.is_empty() {
            return true;
        }
        let twos: Vec<usize> = occupied
            .iter()
            .map(|&i| i as usize)
            .filter(|&i| cell(state, i) == 3)
            .collect();
        if twos.len() < zeros.len() {
            return false;
        }
        let aligned = |z: usize, t: usize| {
            let (a, b) = (self.squares[z], self.squares[t]);
            a.row == b.row || a.col == b.col
        };
        let mut owner: Vec<Option<usize>> = vec![None; twos.len()];
        fn augment(
            z: usize,
            zeros: &[usize],
            twos: &[usize],
            aligned: &dyn Fn(usize, usize) -> bool,
            owner: &mut [Option<usize>],
            seen: &mut [bool],
        ) -> bool {
            for t in 0..twos.len() {
                if seen[t] || !aligned(zeros[z], twos[t]) {
                    continue;
                }
                seen[t] = true;
                if owner[t].is_none_or(|other| augment(other, zeros, twos, aligned, owner, seen)) {
                    owner[t] = Some(z);
                    return true;
                }
            }
            false
        }
        (0..zeros.len()).all(|z| {
            let mut seen = vec![false; twos.len()];
            augment(z, &zeros, &twos, &aligned, &mut owner, &mut seen)
        })
    }

    /// A capture sequence from `start` to the goal (`Ok(None)`: there is none).
    pub fn find(&mut self, start: u128) -> Result<Option<Vec<(Square, Square)>>, SearchError> {
        let mut path = Vec::new();
        if self.search(start, &mut path)? {
            path.reverse();
            Ok(Some(path))
        } else {
            Ok(None)
        }
    }

    fn search(
        &mut self,
        state: u128,
        path: &mut Vec<(Square, Square)>,
    ) -> Result<bool, SearchError> {
        if self.done(state) {
            return Ok(true);
        }
        if self.failed.contains(&state) || self.dead(state) {
            return Ok(false);
        }
        self.states += 1;
        if self.states > self.limits.states {
            return Err(SearchError::StateLimit(self.limits.states));
        }
        let clock_due = self.states % CLOCK_INTERVAL == 0;
        let time_limit = self.limits.time.filter(|_| clock_due);
        if let Some(time) = time_limit.filter(|&t| self.start.elapsed() > t) {
            return Err(SearchError::TimeLimit(time));
        }
        for i in 0..self.squares.len() {
            let budget = cell(state, i);
            if budget < 2 || self.movable >> i & 1 == 0 {
                continue;
            }
            for d in 0..4 {
                let Some(j) = self.neighbour(state, i, d) else {
                    continue;
                };
                let next = with_cell(with_cell(state, i, 0), j, budget - 1);
                if self.search(next, path)? {
                    path.push((self.squares[i], self.squares[j]));
                    return Ok(true);
                }
            }
        }
        self.failed.insert(state);
        Ok(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(r: u32, c: u32) -> Square {
        Square::new(r, c)
    }

    /// Every capture sequence of a tiny board, by brute force (no cuts, no memo).
    fn brute(pieces: &[(Square, u32)]) -> bool {
        if pieces.len() == 1 {
            return true;
        }
        for (i, &(from, b)) in pieces.iter().enumerate() {
            if b == 0 {
                continue;
            }
            for (j, &(to, _)) in pieces.iter().enumerate() {
                let aligned = from.row == to.row || from.col == to.col;
                let blocked = pieces.iter().any(|&(s, _)| {
                    s != from
                        && s != to
                        && ((s.row == from.row
                            && from.row == to.row
                            && s.col > from.col.min(to.col)
                            && s.col < from.col.max(to.col))
                            || (s.col == from.col
                                && from.col == to.col
                                && s.row > from.row.min(to.row)
                                && s.row < from.row.max(to.row)))
                });
                if i != j && aligned && !blocked {
                    let next: Vec<(Square, u32)> = pieces
                        .iter()
                        .enumerate()
                        .filter(|&(k, _)| k != i)
                        .map(|(k, &p)| if k == j { (to, b - 1) } else { p })
                        .collect();
                    if brute(&next) {
                        return true;
                    }
                }
            }
        }
        false
    }

    #[test]
    fn agrees_with_brute_force_on_random_small_boards() {
        let mut rng = fastrand::Rng::with_seed(7);
        for _ in 0..400 {
            let n = rng.usize(2..=6);
            let mut pieces: Vec<(Square, u32)> = Vec::new();
            while pieces.len() < n {
                let s = sq(rng.u32(1..=4), rng.u32(1..=4));
                if pieces.iter().all(|&(q, _)| q != s) {
                    pieces.push((s, rng.u32(0..=2)));
                }
            }
            let (mut search, start) = RookSearch::new(
                &pieces,
                &[],
                &Goal::Single(None),
                SearchLimits::states(1 << 20),
            )
            .unwrap();
            let found = search.find(start).unwrap();
            assert_eq!(found.is_some(), brute(&pieces), "{pieces:?}");
        }
    }

    #[test]
    fn cleared_goal_keeps_only_stay_squares() {
        // A triangle below a destination: its 0-rook needs a 2-rook (gadget input).
        let triangle = [(sq(1, 2), 2), (sq(2, 2), 2), (sq(2, 3), 2), (sq(3, 3), 2)];
        let goal = Goal::Cleared {
            stay: vec![sq(1, 2)],
            exact: vec![],
        };
        let (mut search, start) =
            RookSearch::new(&triangle, &[], &goal, SearchLimits::states(1000)).unwrap();
        assert_eq!(search.find(start).unwrap(), None);
        let mut with_input = triangle.to_vec();
        with_input.push((sq(2, 1), 2));
        let (mut search, start) =
            RookSearch::new(&with_input, &[], &goal, SearchLimits::states(1000)).unwrap();
        assert!(search.find(start).unwrap().is_some());
    }
}
