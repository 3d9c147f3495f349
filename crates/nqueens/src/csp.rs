//! Placement problems and what enumerating them finds, shared by the engines
//! ([`super::search`], [`super::bitboard`], the SAT encoding in [`super::solve`]).

/// A placement problem over `cells` candidate squares (indices `0..cells`).
#[derive(Clone, Debug, Default)]
pub struct PlacementCsp {
    pub cells: usize,
    /// Each group must contain exactly one chosen cell.
    pub(crate) exactly_one: Vec<Vec<u32>>,
    /// Each group may contain at most one chosen cell.
    pub at_most_one: Vec<Vec<u32>>,
}

/// Solutions of a stage and whether that is all of them (false when a limit stopped the
/// enumeration).
pub(crate) type Solutions<T> = (Vec<T>, bool);

/// The solutions found by [`PlacementCsp::enumerate`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Enumeration {
    /// Each solution as the sorted list of chosen cells.
    pub solutions: Vec<Vec<u32>>,
    /// False when a limit stopped the enumeration before the last solution.
    pub complete: bool,
    /// Search nodes visited (0 for the SAT engine).
    pub nodes: u64,
}

/// Where an enumeration stops: after `solutions` solutions (it looks for one more, to
/// tell whether that was all), or once the search engines have visited `nodes` search
/// nodes (the SAT engine has none). A bare count is a limit on solutions alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EnumerationLimit {
    pub solutions: usize,
    pub nodes: Option<u64>,
}

impl From<usize> for EnumerationLimit {
    fn from(solutions: usize) -> EnumerationLimit {
        EnumerationLimit {
            solutions,
            nodes: None,
        }
    }
}

/// The solutions an exhaustive search has found, up to a limit, and the nodes it has
/// visited (shared by the search engines).
pub(crate) struct Collector {
    solutions: Vec<Vec<u32>>,
    limit: EnumerationLimit,
    /// Set once a solution beyond the limit is seen, or the node limit is reached.
    more: bool,
    nodes: u64,
}

impl Collector {
    pub(crate) fn new(limit: EnumerationLimit) -> Collector {
        Collector {
            solutions: Vec::new(),
            limit,
            more: false,
            nodes: 0,
        }
    }

    /// Counts a search node; false (and the enumeration marked incomplete) when the node
    /// limit is already reached.
    pub(crate) fn enter(&mut self) -> bool {
        if self.limit.nodes.is_some_and(|limit| self.nodes >= limit) {
            self.more = true;
            return false;
        }
        self.nodes += 1;
        true
    }

    /// Records `chosen` (sorted); false (and the enumeration marked incomplete) when the
    /// limit is already reached.
    pub(crate) fn record(&mut self, chosen: &[u32]) -> bool {
        if self.solutions.len() == self.limit.solutions {
            self.more = true;
            return false;
        }
        let mut solution = chosen.to_vec();
        solution.sort_unstable();
        self.solutions.push(solution);
        true
    }

    pub(crate) fn into_enumeration(self) -> Enumeration {
        Enumeration {
            solutions: self.solutions,
            complete: !self.more,
            nodes: self.nodes,
        }
    }
}
