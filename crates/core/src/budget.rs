//! The resource budget (README "Resource limits"). Commands that build or hold large
//! boards estimate the size of their work from what they have read, before the work
//! starts, and refuse what exceeds the budget with the estimate, instead of running out
//! of memory: `compile` and `decode` (kings of the board to stamp, from the layout's
//! wire tiles, counted before routing), `layout` (tiles), `render` and `check` (pieces and
//! moves). The per-item costs are measured peaks of the release build.

/// A limit on the items of one command, with what one item costs in memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// The most items the command takes on.
    pub limit: u64,
    /// What is counted, plural (`pieces`, `tiles`).
    pub unit: &'static str,
    /// The option that sets `limit` (`--max-pieces`).
    pub option: &'static str,
    /// Bytes per item of `resource`.
    pub(crate) bytes_per_item: u64,
    /// What the bytes are of (`memory`; `output` for a streamed board, whose memory
    /// stays bounded).
    pub resource: &'static str,
    /// What a larger limit needs the machine to have.
    pub room: &'static str,
}

/// Default of `--max-pieces`: 5·10^7 pieces or moves (about 10 GB at 200 bytes each).
pub const DEFAULT_MAX_PIECES: u64 = 50_000_000;
/// Default of `compile --max-pieces` for JSON output, which is streamed: 10^9 pieces
/// (about 60 GB of output, memory bounded by the layout's tiles).
pub const DEFAULT_MAX_STREAMED_PIECES: u64 = 1_000_000_000;
/// Default of `--max-tiles`: 5·10^7 layout tiles (about 11 GB at 220 bytes each).
pub const DEFAULT_MAX_TILES: u64 = 50_000_000;

/// Kings a King board holds per wire tile of its layout (each tile is 7–46 squares on a
/// side): 100 bounds the measured ratio from above (65 on the thesis example, 70 on a
/// uf20-91 CNF, 82 on 100 copies of one clause).
pub const KINGS_PER_WIRE_TILE: u64 = 100;

impl Budget {
    /// Pieces (or moves) of a board being compiled, rendered or checked.
    pub fn pieces(limit: u64) -> Budget {
        Budget {
            limit,
            unit: "pieces",
            option: "--max-pieces",
            bytes_per_item: 200,
            resource: "memory",
            room: "memory",
        }
    }

    /// Pieces of a board compiled to JSON: streamed tile by tile, so they cost output,
    /// not memory (about 60 bytes each with their labels).
    pub fn streamed_pieces(limit: u64) -> Budget {
        Budget {
            limit,
            unit: "pieces",
            option: "--max-pieces",
            bytes_per_item: 60,
            resource: "output",
            room: "disk space",
        }
    }

    /// Tiles of a layout.
    pub fn tiles(limit: u64) -> Budget {
        Budget {
            limit,
            unit: "tiles",
            option: "--max-tiles",
            bytes_per_item: 220,
            resource: "memory",
            room: "memory",
        }
    }

    /// The estimate as a line for `--stats`.
    pub fn describe(&self, estimate: u64) -> String {
        format!(
            "estimate: about {estimate} {} (about {} of {}); the limit is {} ({})",
            self.unit,
            gigabytes(estimate.saturating_mul(self.bytes_per_item)),
            self.resource,
            self.limit,
            self.option
        )
    }

    /// Refuses an `estimate` above the limit.
    pub fn admit(&self, estimate: u64) -> Result<(), OverBudget> {
        if estimate <= self.limit {
            return Ok(());
        }
        Err(OverBudget {
            estimate,
            budget: *self,
        })
    }
}

/// An estimate above the budget.
#[derive(Debug, thiserror::Error)]
#[error(
    "the work needs about {estimate} {} (about {} of {}), more than the limit of {} \
     (raise it with {} if the machine has the {})",
    budget.unit,
    gigabytes(estimate.saturating_mul(budget.bytes_per_item)),
    budget.resource,
    budget.limit,
    budget.option,
    budget.room
)]
pub struct OverBudget {
    pub estimate: u64,
    pub budget: Budget,
}

fn gigabytes(bytes: u64) -> String {
    format!("{:.1} GB", bytes as f64 / 1e9)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn estimates_above_the_limit_are_refused_with_the_numbers() {
        let budget = Budget::pieces(1_000);
        assert!(budget.admit(1_000).is_ok());
        let error = budget.admit(5_000_000).unwrap_err().to_string();
        assert_eq!(
            error,
            "the work needs about 5000000 pieces (about 1.0 GB of memory), more than the \
             limit of 1000 (raise it with --max-pieces if the machine has the memory)"
        );
    }
}
