//! What the verifier measures: its limits ([`VerifyOptions`]), the outputs of one input
//! combination ([`Measured`]) and one k-test harness check ([`HarnessCheck`]).

use std::collections::BTreeSet;

use sat2chess_solve::{SearchStats, SolveOptions};

/// Limits of the verifier.
#[derive(Clone, Debug, Default)]
pub struct VerifyOptions {
    /// Limits of each single search (one input combination, one orientation, one test).
    pub search: SolveOptions,
    /// Run the harness cross-check for single-output gadgets with at most this many kings
    /// (gadget + inputs); `None` skips it.
    pub harness_max_kings: Option<usize>,
    /// Single-output gadgets with more kings than this are measured by k-tests alone
    /// (see [`Measured::TestMax`]) instead of output reading; `None`: always read.
    pub reading_max_kings: Option<usize>,
}

/// What the search found for one input combination.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Measured {
    /// Every output tuple some clearing sequence produces, and the maximal ones.
    Outputs {
        all: BTreeSet<Vec<i8>>,
        maximal: Vec<Vec<i8>>,
    },
    Solvable(bool),
    /// The largest k whose k-test harness (output port extended by a k-test) is
    /// solvable, −1 if none is: the maximal output, measured without output reading.
    TestMax(i8),
    /// A search limit was reached.
    Unknown,
}

/// One k-test harness check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HarnessCheck {
    pub test: u8,
    pub(crate) expect_solvable: bool,
    /// `None` when a limit was reached.
    pub solvable: Option<bool>,
    pub stats: SearchStats,
}

impl HarnessCheck {
    /// The harness was decided as expected.
    pub fn passed(&self) -> bool {
        self.solvable == Some(self.expect_solvable)
    }

    /// The harness was decided against the expectation (not merely left undecided by
    /// a limit).
    pub fn failed(&self) -> bool {
        self.solvable
            .is_some_and(|solvable| solvable != self.expect_solvable)
    }
}

pub(super) fn add(total: &mut SearchStats, more: &SearchStats) {
    total.nodes += more.nodes;
    total.elapsed += more.elapsed;
}
