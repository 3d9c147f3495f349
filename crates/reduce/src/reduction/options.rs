//! The options that shape a board and the limits checked before work starts.

/// The options that shape a board. They are recorded in its provenance and read back
/// by `decode`; a target ignores the ones that are not its own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Tile targets: the layout as the thesis writes it (`--naive`), not the optimised one.
    pub naive: bool,
    /// n-Queens: the input's clauses are 1-in-3 clauses (exactly one literal true).
    pub onein3: bool,
    /// Rook: the board of Aravind–Misra–Mittal's Theorem 2 through Red-Blue Dominating
    /// Set (`--via rbds`), not the thesis ch. 7 construction.
    pub via_rbds: bool,
}

/// Limits checked before the work they bound starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most pieces a board may have, by the target's estimate (`--max-pieces`).
    pub max_pieces: u64,
    /// n-Queens: the largest board side (`--max-side`).
    pub max_side: i64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_pieces: sat2chess_core::budget::DEFAULT_MAX_STREAMED_PIECES,
            max_side: DEFAULT_MAX_SIDE,
        }
    }
}

/// Default of [`Limits::max_side`]: n-Queens boards up to 5,000,000 squares a side
/// (about as many pre-placed queens, a JSON file of ~250 MB).
pub const DEFAULT_MAX_SIDE: i64 = 5_000_000;
