//! Exact Solo Chess search: decides whether a board can be reduced to one piece and
//! returns a solving capture sequence, or enumerates the configurations a board can be
//! reduced to on a chosen set of squares (the gadget verifier's "output reading").

pub mod brute;

use std::collections::{BTreeSet, HashMap, HashSet};
use std::time::{Duration, Instant};

use crate::board::{Board, PieceKind, Square};
use crate::rules::{Move, Position, Variant};

/// Limits and rule variant for a search.
#[derive(Clone, Debug, Default)]
pub struct SolveOptions {
    pub variant: Variant,
    /// Give up (answer [`Verdict::Unknown`]) after expanding this many states.
    pub node_limit: Option<u64>,
    /// Give up (answer [`Verdict::Unknown`]) after this much wall-clock time.
    pub time_limit: Option<Duration>,
}

/// The answer of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Solvable, with a capture sequence that leaves one piece.
    Solvable(Vec<Move>),
    Unsolvable,
    /// A node or time limit was reached first.
    Unknown,
}

/// Counters reported with every answer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// States expanded.
    pub nodes: u64,
    pub elapsed: Duration,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveReport {
    pub verdict: Verdict,
    pub stats: SearchStats,
}

/// A remaining configuration: the pieces left, sorted by square.
pub type Remainder = Vec<(Square, PieceKind, u32)>;

type StateKey = Vec<(Square, PieceKind, u32)>;

fn key_of(position: &Position) -> StateKey {
    let mut key: StateKey = position
        .to_board()
        .pieces()
        .iter()
        .map(|p| (p.square, p.kind, p.budget))
        .collect();
    key.sort_unstable();
    key
}

struct Budget {
    start: Instant,
    nodes: u64,
    options: SolveOptions,
}

impl Budget {
    fn exhausted(&mut self) -> bool {
        self.nodes += 1;
        self.options.node_limit.is_some_and(|n| self.nodes > n)
            || self
                .options
                .time_limit
                .is_some_and(|t| self.nodes % 1024 == 0 && self.start.elapsed() > t)
    }
}

/// Decides whether `board` can be reduced to a single piece.
pub fn solve(board: &Board, options: &SolveOptions) -> SolveReport {
    let mut budget = Budget {
        start: Instant::now(),
        nodes: 0,
        options: options.clone(),
    };
    let mut failed = HashSet::new();
    let mut path = Vec::new();
    let position = Position::new(board, options.variant);
    let verdict = if board.is_empty() {
        Verdict::Unsolvable
    } else {
        match search(&position, &mut failed, &mut path, &mut budget) {
            Some(true) => Verdict::Solvable(path),
            Some(false) => Verdict::Unsolvable,
            None => Verdict::Unknown,
        }
    };
    SolveReport {
        verdict,
        stats: SearchStats {
            nodes: budget.nodes,
            elapsed: budget.start.elapsed(),
        },
    }
}

fn search(
    position: &Position,
    failed: &mut HashSet<StateKey>,
    path: &mut Vec<Move>,
    budget: &mut Budget,
) -> Option<bool> {
    if position.len() == 1 {
        return Some(true);
    }
    let key = key_of(position);
    if failed.contains(&key) {
        return Some(false);
    }
    if budget.exhausted() {
        return None;
    }
    for mv in position.legal_moves() {
        let mut next = position.clone();
        next.apply(mv).expect("legal move");
        path.push(mv);
        if search(&next, failed, path, budget)? {
            return Some(true);
        }
        path.pop();
    }
    failed.insert(key);
    Some(false)
}

/// Every configuration reachable from `board` in which no piece stands outside `keep`
/// (pieces may move onto `keep` squares). `None` when a limit was reached first.
pub fn remainders(
    board: &Board,
    keep: &BTreeSet<Square>,
    options: &SolveOptions,
) -> (Option<BTreeSet<Remainder>>, SearchStats) {
    let mut budget = Budget {
        start: Instant::now(),
        nodes: 0,
        options: options.clone(),
    };
    let mut seen = HashMap::new();
    let mut found = BTreeSet::new();
    let position = Position::new(board, options.variant);
    let complete = collect(&position, keep, &mut seen, &mut found, &mut budget).is_some();
    let stats = SearchStats {
        nodes: budget.nodes,
        elapsed: budget.start.elapsed(),
    };
    (complete.then_some(found), stats)
}

fn collect(
    position: &Position,
    keep: &BTreeSet<Square>,
    seen: &mut HashMap<StateKey, ()>,
    found: &mut BTreeSet<Remainder>,
    budget: &mut Budget,
) -> Option<()> {
    let key = key_of(position);
    if seen.insert(key.clone(), ()).is_some() {
        return Some(());
    }
    if budget.exhausted() {
        return None;
    }
    if key.iter().all(|(square, _, _)| keep.contains(square)) {
        found.insert(key);
    }
    for mv in position.legal_moves() {
        let mut next = position.clone();
        next.apply(mv).expect("legal move");
        collect(&next, keep, seen, found, budget)?;
    }
    Some(())
}
