//! The checker's compact game state. A capture only ever empties a square (the mover's
//! origin) and never fills an empty one, so the squares ever occupied are those of the
//! initial board: they are kept once, sorted, and each keeps the kind and budget of
//! whatever piece stands on it now, with an `Occupancy` for which are still taken.
//! That is 13 bytes per piece (8 square, 4 budget, 1 kind, and a bit), against about 230
//! for [`sat2chess_core::rules::Position`]'s hash map, so a board of tens of millions of kings is
//! checked in memory its JSON text alone would exceed.
//!
//! Ranged pieces (rook, bishop, queen) are blocked by pieces between origin and target.
//! Along a row that is the slots between the two squares (the squares are sorted row by
//! row); for columns and both diagonals each board with a ranged piece keeps the slots in
//! that line's order (4 bytes per piece and family) with its own `Occupancy`, so the
//! first blocker is a nearest-member query, never a scan of the squares between.

use sat2chess_core::board::{BoardError, PieceKind, Square};
use sat2chess_core::rules::{IllegalMove, Move, Variant, capture_legality};

use super::Extent;
use super::occupancy::Occupancy;

/// A square as one sortable word: row-major order.
fn pack(square: Square) -> u64 {
    (u64::from(square.row) << 32) | u64::from(square.col)
}

fn unpack(key: u64) -> Square {
    Square::new((key >> 32) as u32, key as u32)
}

/// The pieces of a board as they are read, before [`ReplayBuilder::finish`] sorts them.
#[derive(Default)]
pub struct ReplayBuilder {
    squares: Vec<u64>,
    budgets: Vec<u32>,
    kinds: Vec<PieceKind>,
}

impl ReplayBuilder {
    /// Adds the next piece of the board (pieces keep their input order for error messages).
    pub fn push(&mut self, kind: PieceKind, square: Square, budget: u32) {
        self.squares.push(pack(square));
        self.budgets.push(budget);
        self.kinds.push(kind);
    }

    pub fn len(&self) -> usize {
        self.squares.len()
    }

    pub fn is_empty(&self) -> bool {
        self.squares.is_empty()
    }

    /// Validates the pieces as [`sat2chess_core::board::Board::new`] does (same errors: extent,
    /// first piece outside, first shared square) and sorts them into a [`Replay`].
    pub fn finish(self, rows: u32, cols: u32, variant: Variant) -> Result<Replay, BoardError> {
        if rows == 0 || cols == 0 {
            return Err(BoardError::EmptyExtent { rows, cols });
        }
        let ReplayBuilder {
            mut squares,
            mut budgets,
            mut kinds,
        } = self;
        let outside = squares.iter().position(|&key| {
            let Square { row, col } = unpack(key);
            row == 0 || col == 0 || row > rows || col > cols
        });
        if let Some(index) = outside {
            return Err(BoardError::OutsideBoard {
                index,
                kind: kinds[index],
                square: unpack(squares[index]),
                rows,
                cols,
            });
        }
        let mut order: Vec<u32> = (0..squares.len() as u32).collect();
        order.sort_unstable_by_key(|&i| squares[i as usize]);
        for pair in order.windows(2) {
            let (a, b) = (pair[0] as usize, pair[1] as usize);
            if squares[a] == squares[b] {
                return Err(BoardError::SharedSquare {
                    first: a.min(b),
                    second: a.max(b),
                    square: unpack(squares[a]),
                });
            }
        }
        permute(&mut order, &mut squares, &mut budgets, &mut kinds);
        drop(order);
        let lines = kinds
            .iter()
            .any(|kind| kind.is_ranged())
            .then(|| LineFamily::ALL.map(|family| FamilyOrder::new(family, &squares)));
        Ok(Replay {
            extent: Extent { rows, cols },
            variant,
            occupied: Occupancy::full(squares.len()),
            remaining: squares.len(),
            hint: std::cell::Cell::new(0),
            squares,
            budgets,
            kinds,
            lines,
        })
    }
}

/// Puts `squares`, `budgets` and `kinds` into the order `order` lists (`order[k]` is
/// the index of the new `k`-th entry), in place, following the permutation's cycles;
/// `order` is used up as the marker of visited entries.
fn permute(order: &mut [u32], squares: &mut [u64], budgets: &mut [u32], kinds: &mut [PieceKind]) {
    const DONE: u32 = u32::MAX;
    for start in 0..order.len() {
        if order[start] == DONE {
            continue;
        }
        let saved = (squares[start], budgets[start], kinds[start]);
        let mut at = start;
        loop {
            let from = order[at] as usize;
            order[at] = DONE;
            if from == start {
                (squares[at], budgets[at], kinds[at]) = saved;
                break;
            }
            squares[at] = squares[from];
            budgets[at] = budgets[from];
            kinds[at] = kinds[from];
            at = from;
        }
    }
}

/// The line families a ranged move may run along besides rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LineFamily {
    Column,
    Diagonal,
    AntiDiagonal,
}

impl LineFamily {
    const ALL: [LineFamily; 3] = [
        LineFamily::Column,
        LineFamily::Diagonal,
        LineFamily::AntiDiagonal,
    ];

    /// The line a square lies on and its position along it.
    fn key(self, square: Square) -> (i64, u32) {
        let (row, col) = (i64::from(square.row), i64::from(square.col));
        match self {
            LineFamily::Column => (col, square.row),
            LineFamily::Diagonal => (row - col, square.col),
            LineFamily::AntiDiagonal => (row + col, square.col),
        }
    }
}

/// The slots sorted along one line family, and which of those positions are occupied.
struct FamilyOrder {
    family: LineFamily,
    slots: Vec<u32>,
    occupied: Occupancy,
}

impl FamilyOrder {
    fn new(family: LineFamily, squares: &[u64]) -> FamilyOrder {
        let mut slots: Vec<u32> = (0..squares.len() as u32).collect();
        slots.sort_unstable_by_key(|&slot| family.key(unpack(squares[slot as usize])));
        FamilyOrder {
            family,
            occupied: Occupancy::full(slots.len()),
            slots,
        }
    }

    /// The position of `square` (one of the initial squares) in this order.
    fn position(&self, squares: &[u64], square: Square) -> usize {
        let key = self.family.key(square);
        self.slots
            .partition_point(|&slot| self.family.key(unpack(squares[slot as usize])) < key)
    }
}

/// The nearest occupied position strictly between `from` and `to` (either may be larger),
/// counted from `from`.
fn first_between(occupied: &Occupancy, from: usize, to: usize) -> Option<usize> {
    if from < to {
        occupied.next_from(from + 1).filter(|&p| p < to)
    } else {
        occupied
            .previous_from(from.checked_sub(1)?)
            .filter(|&p| p > to)
    }
}

/// A board's pieces replayed capture by capture (see the module documentation).
pub struct Replay {
    extent: Extent,
    variant: Variant,
    /// The initial squares, sorted; slot `i` is `squares[i]`.
    squares: Vec<u64>,
    /// Budget and kind of the piece on each slot (meaningless on empty slots).
    budgets: Vec<u32>,
    kinds: Vec<PieceKind>,
    occupied: Occupancy,
    remaining: usize,
    /// The slot of the last lookup, where the next one starts.
    hint: std::cell::Cell<usize>,
    /// Column, diagonal and anti-diagonal orders, on boards with a ranged piece.
    lines: Option<[FamilyOrder; 3]>,
}

impl Replay {
    /// The board's extent.
    pub fn extent(&self) -> Extent {
        self.extent
    }

    /// Pieces left.
    pub fn remaining(&self) -> usize {
        self.remaining
    }

    /// The slot of `square` if a piece stands there. The search gallops out from the slot
    /// found last: a certificate's moves are local, so most lookups touch a few slots
    /// near it instead of a binary search's cache misses across the whole board.
    fn occupied_slot(&self, square: Square) -> Option<usize> {
        let key = pack(square);
        let squares = &self.squares;
        let hint = self.hint.get().min(squares.len().saturating_sub(1));
        let (mut low, mut high) = (0, squares.len());
        let mut step = 1;
        if squares.get(hint).is_some_and(|&k| k <= key) {
            low = hint;
            while let Some(&k) = squares.get(low + step) {
                if k > key {
                    high = low + step;
                    break;
                }
                low += step;
                step *= 2;
            }
        } else {
            high = hint;
            while step <= high {
                if squares[high - step] <= key {
                    low = high - step;
                    break;
                }
                high -= step;
                step *= 2;
            }
        }
        let slot = low + squares[low..high].binary_search(&key).ok()?;
        self.hint.set(slot);
        self.occupied.contains(slot).then_some(slot)
    }

    /// The first piece strictly between `from` and `to`, which lie on one line.
    fn first_blocker(&self, from: usize, to: usize) -> Option<Square> {
        let (a, b) = (unpack(self.squares[from]), unpack(self.squares[to]));
        if a.row == b.row {
            let slot = first_between(&self.occupied, from, to)?;
            return Some(unpack(self.squares[slot]));
        }
        let family = if a.col == b.col {
            LineFamily::Column
        } else if (b.row > a.row) == (b.col > a.col) {
            LineFamily::Diagonal
        } else {
            LineFamily::AntiDiagonal
        };
        let order = self.lines.as_ref()?.iter().find(|o| o.family == family)?;
        let position = first_between(
            &order.occupied,
            order.position(&self.squares, a),
            order.position(&self.squares, b),
        )?;
        Some(unpack(self.squares[order.slots[position] as usize]))
    }

    /// Checks and performs `mv` (the same rules and messages as [`sat2chess_core::rules::Position`]).
    pub fn apply(&mut self, mv: Move) -> Result<(), IllegalMove> {
        let from = self.occupied_slot(mv.from);
        let to = self.occupied_slot(mv.to);
        let piece = |slot: Option<usize>| slot.map(|s| (self.kinds[s], self.budgets[s]));
        capture_legality(mv, piece(from), piece(to), self.variant, || {
            self.first_blocker(from?, to?)
        })?;
        let (from, to) = (from.expect("checked"), to.expect("checked"));
        self.kinds[to] = self.kinds[from];
        self.budgets[to] = self.budgets[from] - 1;
        self.occupied.remove(from);
        if let Some(lines) = &mut self.lines {
            let square = unpack(self.squares[from]);
            for order in lines {
                let position = order.position(&self.squares, square);
                order.occupied.remove(position);
            }
        }
        self.remaining -= 1;
        Ok(())
    }

    /// The piece on `square` now, if any: its slot (slots number the initial squares in
    /// row-major order, `0..` the initial number of pieces), kind and budget.
    pub fn piece_at(&self, square: Square) -> Option<(usize, PieceKind, u32)> {
        let slot = self.occupied_slot(square)?;
        Some((slot, self.kinds[slot], self.budgets[slot]))
    }

    /// The last piece (kind, square, budget left) when exactly one remains.
    pub fn survivor(&self) -> Option<(PieceKind, Square, u32)> {
        if self.remaining != 1 {
            return None;
        }
        let slot = self.occupied.next_from(0)?;
        Some((
            self.kinds[slot],
            unpack(self.squares[slot]),
            self.budgets[slot],
        ))
    }
}
