//! What the dynamic programmes of the spanning-tree engine share (the path DP of
//! [`super`], the tree decomposition of [`super::decompose`]): what a run is asked
//! ([`Mode`]), the role chosen for a square ([`Role`]), a path-DP state ([`State`]) and
//! its stored entry ([`Entry`]), and the memory guard ([`MAX_STORED_STATES`]) and limit
//! answer ([`LimitReached`]).

use smallvec::SmallVec;

/// Memory guard: the DP gives up (a limit answer, never a guess) once it stores more
/// states than this over all layers (about 2 GB), the decomposition once it traces more.
pub(crate) const MAX_STORED_STATES: usize = 40_000_000;

/// The role chosen for a placed square, with its partner square (if any).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Role {
    Leaf,
    /// Budget-2 leaf feeding the partner (inner square or 1-root).
    LeafFeeds(u32),
    /// Budget-1 leaf committed as the last child of the partner (a 0-root).
    LeafCommits(u32),
    Inner,
    InnerFedBy(u32),
    RootAny,
    RootBare,
    RootZero,
    /// 0-root whose last child is the partner, a budget-1 leaf.
    RootZeroBy(u32),
    RootOne,
    RootOneFedBy(u32),
}

/// Per-slot bytes of a state, inline up to 32 frontier slots.
pub(super) type Slots = SmallVec<[u8; 32]>;

/// A DP state: per frontier slot its status and component id, components holding a
/// root, keep-square fates, whether the (single) solve-mode root is placed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct State {
    pub(super) status: Slots,
    pub(super) component: Slots,
    pub(super) rooted: u64,
    pub(super) kept: u64,
    pub(super) root_used: bool,
}

/// One stored state: its predecessor in the previous layer, the role chosen, and the
/// tree edges to earlier neighbours (bit i: the i-th earlier neighbour).
#[derive(Clone, Copy)]
pub(super) struct Entry {
    pub(super) parent: u32,
    pub(super) role: Role,
    pub(super) edges: u8,
}

/// What the DP is asked.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// One piece left, anywhere.
    Solve,
    /// Every piece outside the keep squares gone.
    Keep,
}

/// The limit was reached before the answer.
#[derive(Debug)]
pub(crate) struct LimitReached;
