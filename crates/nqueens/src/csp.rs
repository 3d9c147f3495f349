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
    /// False when the limit stopped the enumeration before the last solution.
    pub complete: bool,
    /// Search nodes visited (0 for the SAT engine).
    pub nodes: u64,
}

/// The solutions an exhaustive search has found, up to a limit (shared by the search
/// engines).
pub(crate) struct Collector {
    solutions: Vec<Vec<u32>>,
    limit: usize,
    /// Set once a solution beyond `limit` is seen.
    more: bool,
}

impl Collector {
    pub(crate) fn new(limit: usize) -> Collector {
        Collector {
            solutions: Vec::new(),
            limit,
            more: false,
        }
    }

    /// Records `chosen` (sorted); false (and the enumeration marked incomplete) when the
    /// limit is already reached.
    pub(crate) fn record(&mut self, chosen: &[u32]) -> bool {
        if self.solutions.len() == self.limit {
            self.more = true;
            return false;
        }
        let mut solution = chosen.to_vec();
        solution.sort_unstable();
        self.solutions.push(solution);
        true
    }

    pub(crate) fn into_enumeration(self, nodes: u64) -> Enumeration {
        Enumeration {
            solutions: self.solutions,
            complete: !self.more,
            nodes,
        }
    }
}
