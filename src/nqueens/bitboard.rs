//! Exact search for queens on the candidate squares of a board with at most
//! [`MAX_LINES`] free rows and columns ([`super::solve::QueensCsp`]): every free row and
//! column gets exactly one queen, every diagonal at most one.
//!
//! The alive squares are one `u64` per row (bit `c` = column `c`, the board shifted so
//! that its lowest free row and column are 0), so placing a queen is `k` and-nots with
//! its precomputed attack masks, and each search node copies `k` words instead of
//! undoing a trail. Every node applies four rules to a fixpoint before it branches
//! (each proven where it is applied, [`Node::propagate`] and [`Node::budget`]):
//!
//! 1. *Empty line*: a free row or column without an alive square has no completion.
//! 2. *Forced square*: a free row or column with one alive square must take it.
//! 3. *Diagonal supply*: the `q` queens still to place need `q` distinct alive
//!    sum-diagonals whose values add up to `ΣR + ΣC` (free rows `R`, columns `C`), and
//!    `q` difference-diagonals adding up to `ΣC − ΣR`.
//! 4. *Square budget*: `(r + c)² + (c − r)² = 2r² + 2c²`, so the squares of those
//!    diagonals add up to `2(ΣR² + ΣC²)`; the least they can add up to, given the alive
//!    diagonals and their sums, may not exceed it.
//!
//! Rules 3 and 4 decide about half of the paper's random Excluded Diagonals instances
//! at d/n = 1 at the root. The search then branches on the free row or column with the
//! fewest alive squares (minimum remaining values over rows *and* columns). Tried and
//! left out as slower overall: removing the squares that attack every square of a line
//! with two or three ("shaving", 1.8× fewer nodes, 3× the time per node), and rules 3–4
//! tried after each alive square ("singleton" test, 1.5× fewer nodes, 20× the time).
//!
//! Written by hand: the rules read the board's geometry (rows, columns, diagonals as bit
//! masks), which no exact-cover or constraint crate offers (`cargo bench --bench
//! nqueens` compares it with Algorithm X, [`super::search`]).

use super::Queen;
use super::solve::{Collector, Enumeration};

/// The most free rows (and columns) a board may have for this engine: one machine word.
pub const MAX_LINES: usize = 64;

/// Up to `limit` solutions (each the sorted indices of the chosen `cells`) of "exactly one
/// queen per column and per row that some cell lies on, `required` of each, at most one
/// per diagonal" — the model of [`super::solve::QueensCsp`]. `None` when the cells span
/// more than [`MAX_LINES`] rows or columns, or list a square twice.
pub fn enumerate(cells: &[Queen], required: usize, limit: usize) -> Option<Enumeration> {
    let none = || Enumeration {
        solutions: Vec::new(),
        complete: true,
        nodes: 0,
    };
    let cols = distinct(cells.iter().map(|q| q.col));
    let rows = distinct(cells.iter().map(|q| q.row));
    // A queen takes one row and one column: as many of each, and at least `required`.
    if cols.len() != rows.len() || cols.len() < required {
        return Some(none());
    }
    let board = Board::new(cells, &cols, &rows)?;
    let mut search = Search {
        frames: vec![0; (board.k + 1) * board.k],
        board: &board,
        chosen: Vec::new(),
        found: Collector::new(limit),
        nodes: 0,
    };
    search.frames[..board.k].copy_from_slice(&board.initial);
    let rows = (0..board.k).filter(|&r| board.initial[r] != 0);
    let cols = board.initial.iter().fold(0, |cols, row| cols | row);
    search.run(0, rows.fold(0, |rows, r| rows | 1 << r), cols);
    Some(search.found.into_enumeration(search.nodes))
}

fn distinct(values: impl Iterator<Item = i64>) -> Vec<i64> {
    let mut values: Vec<i64> = values.collect();
    values.sort_unstable();
    values.dedup();
    values
}

/// The set bits of `word`, lowest first.
fn bits(mut word: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (word != 0).then(|| {
            let bit = word.trailing_zeros() as usize;
            word &= word - 1;
            bit
        })
    })
}

/// The board in row-mask form, shifted so that its lowest free row and column are 0:
/// row `r`, column `c` is square `r·k + c`, on sum-diagonal `r + c` and
/// difference-diagonal `c − r`.
struct Board {
    /// The side of the shifted board (rows and columns `0..k`).
    k: usize,
    /// The candidate squares, one mask per row.
    initial: Vec<u64>,
    /// `attacks[(r·k + c)·k + i]`: the candidate squares of row `i` that attack square
    /// `(r, c)` (same row, column or diagonal; not the square itself).
    attacks: Vec<u64>,
    /// The index in the input of square `r·k + c`.
    cell_index: Vec<u32>,
}

impl Board {
    /// `None` when the free rows or columns span more than [`MAX_LINES`] or a square
    /// is listed twice.
    fn new(cells: &[Queen], cols: &[i64], rows: &[i64]) -> Option<Board> {
        let span = |lines: &[i64]| lines.last().map_or(0, |last| last - lines[0] + 1);
        let k = span(cols).max(span(rows));
        if k > MAX_LINES as i64 {
            return None;
        }
        let k = k as usize;
        let (row0, col0) = (rows.first().copied(), cols.first().copied());
        let mut initial = vec![0u64; k];
        let mut cell_index = vec![u32::MAX; k * k];
        for (i, q) in cells.iter().enumerate() {
            let (r, c) = ((q.row - row0?) as usize, (q.col - col0?) as usize);
            if initial[r] >> c & 1 == 1 {
                return None;
            }
            initial[r] |= 1 << c;
            cell_index[r * k + c] = i as u32;
        }
        let mut attacks = vec![0u64; k * k * k];
        for r in 0..k {
            for c in bits(initial[r]) {
                let masks = &mut attacks[(r * k + c) * k..][..k];
                for (i, mask) in masks.iter_mut().enumerate() {
                    let on_line = if i == r {
                        !(1 << c)
                    } else {
                        // The same column, sum-diagonal r + c and difference-diagonal c − r.
                        [Some(c), (r + c).checked_sub(i), (c + i).checked_sub(r)]
                            .into_iter()
                            .flatten()
                            .filter(|&c| c < k)
                            .fold(0, |m, c| m | 1 << c)
                    };
                    *mask = on_line & initial[i];
                }
            }
        }
        Some(Board {
            k,
            initial,
            attacks,
            cell_index,
        })
    }

    fn attacks_of(&self, r: usize, c: usize) -> &[u64] {
        &self.attacks[(r * self.k + c) * self.k..][..self.k]
    }
}

/// The free rows and columns at a node, and its alive squares (one mask per row).
struct Node<'a> {
    alive: &'a mut [u64],
    rows: u64,
    cols: u64,
}

/// Where [`propagate`] leaves a node.
enum Step {
    /// No completion below this node.
    Fail,
    /// Every row and column holds a queen.
    Solved,
    /// Branch over the alive squares of this line.
    Branch(Budget, LineChoice),
}

#[derive(Clone, Copy)]
enum LineChoice {
    Row(usize),
    Col(usize),
}

impl Node<'_> {
    /// Places a queen on `(r, c)`: its row and column are taken, every square it attacks dies.
    fn place(&mut self, board: &Board, r: usize, c: usize) {
        for (alive, attacked) in self.alive.iter_mut().zip(board.attacks_of(r, c)) {
            *alive &= !attacked;
        }
        self.alive[r] = 0;
        self.rows &= !(1 << r);
        self.cols &= !(1 << c);
    }

    /// The free row holding alive square `c` (only called for a column with one alive square).
    fn row_in_col(&self, c: usize) -> usize {
        bits(self.rows)
            .find(|&r| self.alive[r] >> c & 1 == 1)
            .expect("a column with an alive square")
    }

    /// The rules of the module doc to a fixpoint, pushing forced squares on `chosen`.
    fn propagate(&mut self, board: &Board, chosen: &mut Vec<u32>) -> Step {
        loop {
            if self.rows == 0 {
                // Every placement takes one row and one column, and there are as many.
                return Step::Solved;
            }
            // at_least[j]: the free columns with more than j alive squares.
            let mut at_least = [0u64; 4];
            let mut shortest_row = (u32::MAX, 0);
            let mut forced = None;
            for r in bits(self.rows) {
                let row = self.alive[r];
                let count = row.count_ones();
                // Rule 1 (row): its queen has nowhere to go.
                if count == 0 {
                    return Step::Fail;
                }
                // Rule 2 (row): every completion puts the row's queen there.
                if count == 1 {
                    forced = Some((r, row.trailing_zeros() as usize));
                    break;
                }
                shortest_row = shortest_row.min((count, r));
                for j in (1..4).rev() {
                    at_least[j] |= at_least[j - 1] & row;
                }
                at_least[0] |= row;
            }
            if forced.is_none() {
                // Rule 1 (column).
                if self.cols & !at_least[0] != 0 {
                    return Step::Fail;
                }
                // Rule 2 (column).
                let single = self.cols & !at_least[1];
                if single != 0 {
                    let c = single.trailing_zeros() as usize;
                    forced = Some((self.row_in_col(c), c));
                }
            }
            if let Some((r, c)) = forced {
                self.place(board, r, c);
                chosen.push(board.cell_index[r * board.k + c]);
                continue;
            }
            let budget = self.budget();
            if budget.slack().is_none() {
                return Step::Fail;
            }
            let (count, r) = shortest_row;
            let cols_with = |j: usize| self.cols & at_least[j - 1] & !at_least[j];
            return Step::Branch(
                budget,
                match (cols_with(2), cols_with(3)) {
                    (two, _) if two != 0 && count > 2 => {
                        LineChoice::Col(two.trailing_zeros() as usize)
                    }
                    (_, three) if three != 0 && count > 3 => {
                        LineChoice::Col(three.trailing_zeros() as usize)
                    }
                    _ => LineChoice::Row(r),
                },
            );
        }
    }

    /// What rules 3 and 4 need. Proof: the `q` queens still to place stand on the free
    /// rows `R` and columns `C`, one on each, so their sum-diagonals `sᵢ = rᵢ + cᵢ` are
    /// `q` distinct alive sum-diagonals with `Σ sᵢ = ΣR + ΣC`, their
    /// difference-diagonals `dᵢ = cᵢ − rᵢ` are `q` distinct alive difference-diagonals
    /// with `Σ dᵢ = ΣC − ΣR` (rule 3, checked by [`least_squares`]), and
    /// `sᵢ² + dᵢ² = 2rᵢ² + 2cᵢ²` gives `Σ sᵢ² + Σ dᵢ² = 2(ΣR² + ΣC²)`. With `Σ vᵢ = t`,
    /// `q²Σ vᵢ² = q·t² + Σ (q·vᵢ − t)²` ≥ the bound of [`least_squares`], so the bounds
    /// of both families may not add up to more than `q²·2(ΣR² + ΣC²)` (rule 4).
    fn budget(&self) -> Budget {
        let (mut sums, mut diffs) = (0u128, 0u128);
        let (mut row_sum, mut row_squares) = (0, 0);
        for r in bits(self.rows) {
            let row = self.alive[r] as u128;
            sums |= row << r;
            diffs |= row << (MAX_LINES - 1 - r);
            row_sum += r as i64;
            row_squares += (r * r) as i64;
        }
        let (col_sum, col_squares) = bits(self.cols).fold((0, 0), |(sum, squares), c| {
            (sum + c as i64, squares + (c * c) as i64)
        });
        Budget {
            sums,
            diffs,
            queens: self.rows.count_ones() as i64,
            sum_total: row_sum + col_sum,
            diff_total: col_sum - row_sum,
            squares: 2 * (row_squares + col_squares),
        }
    }
}

/// What rules 3 and 4 know of the queens still to place ([`Node::budget`]).
struct Budget {
    /// The alive sum-diagonals `s` (bit `s`) and difference-diagonals `d` (bit `d + 63`).
    sums: u128,
    diffs: u128,
    queens: i64,
    /// `ΣR + ΣC`, `ΣC − ΣR` and `2(ΣR² + ΣC²)` over the free rows `R` and columns `C`.
    sum_total: i64,
    diff_total: i64,
    squares: i64,
}

impl Budget {
    /// Rules 3 and 4.
    /// Rules 3 and 4: how far the least square sum stays below the budget (scaled by
    /// `q²`), `None` when a rule fails.
    fn slack(&self) -> Option<i64> {
        let q = self.queens;
        let sum_bound = least_squares(self.sums, 0, q, self.sum_total)?;
        let diff_bound = least_squares(self.diffs, MAX_LINES as i64 - 1, q, self.diff_total)?;
        let slack = q * q * self.squares - sum_bound - diff_bound;
        (slack >= 0).then_some(slack)
    }

    /// The budget after a queen on `(r, c)`, keeping the diagonals the queen attacks
    /// except its own two: those die with it, the others may survive. Keeping
    /// diagonals only lowers the bounds of [`least_squares`], so when this budget has
    /// no slack the node after the queen has none either.
    fn after(&self, r: usize, c: usize) -> Budget {
        let (s, d) = ((r + c) as i64, c as i64 - r as i64);
        Budget {
            sums: self.sums & !(1 << (r + c)),
            diffs: self.diffs & !(1 << (c + MAX_LINES - 1 - r)),
            queens: self.queens - 1,
            sum_total: self.sum_total - s,
            diff_total: self.diff_total - d,
            squares: self.squares - s * s - d * d,
        }
    }
}

/// For the values `v = b − offset` of the set bits `b` of `available`: `None` when no
/// `q` distinct ones sum to `t` — fewer than `q`, or `t` outside the sums of the `q`
/// smallest and the `q` largest —, else `q·t² + min Σ (q·v − t)²` over `q` of them (the
/// `q` closest to `t/q`), a lower bound of `q²Σ v²` for every `q` of them summing to `t`.
fn least_squares(available: u128, offset: i64, q: i64, t: i64) -> Option<i64> {
    let mut values = [0i64; 2 * MAX_LINES];
    let mut len = 0;
    let mut rest = available;
    while rest != 0 {
        values[len] = rest.trailing_zeros() as i64 - offset;
        rest &= rest - 1;
        len += 1;
    }
    let values = &values[..len];
    let q_len = q as usize;
    if len < q_len
        || values[..q_len].iter().sum::<i64>() > t
        || values[len - q_len..].iter().sum::<i64>() < t
    {
        return None;
    }
    let cost = |v: i64| (q * v - t) * (q * v - t);
    // Merge outwards from t/q: `below` and `above` are the next candidates either side.
    let split = values.partition_point(|&v| q * v < t);
    let (mut below, mut above) = (split, split);
    let mut total = q * t * t;
    for _ in 0..q_len {
        let take_below =
            above == len || (below > 0 && cost(values[below - 1]) <= cost(values[above]));
        if take_below {
            below -= 1;
            total += cost(values[below]);
        } else {
            total += cost(values[above]);
            above += 1;
        }
    }
    Some(total)
}

struct Search<'a> {
    board: &'a Board,
    /// The alive squares of the node at each depth, `k` words each.
    frames: Vec<u64>,
    chosen: Vec<u32>,
    found: Collector,
    nodes: u64,
}

impl Search<'_> {
    /// Depth-first search from the node in frame `depth`; false once the limit is passed.
    fn run(&mut self, depth: usize, rows: u64, cols: u64) -> bool {
        self.nodes += 1;
        let k = self.board.k;
        let mark = self.chosen.len();
        let mut node = Node {
            alive: &mut self.frames[depth * k..][..k],
            rows,
            cols,
        };
        let go_on = match node.propagate(self.board, &mut self.chosen) {
            Step::Fail => true,
            Step::Solved => self.found.record(&self.chosen),
            Step::Branch(budget, line) => {
                let squares: Vec<(usize, usize)> = match line {
                    LineChoice::Row(r) => bits(node.alive[r]).map(|c| (r, c)).collect(),
                    LineChoice::Col(c) => bits(node.rows)
                        .filter(|&r| node.alive[r] >> c & 1 == 1)
                        .map(|r| (r, c))
                        .collect(),
                };
                // Squares whose queen leaves no slack are skipped ([`Budget::after`]);
                // the others are tried with the most slack first, which finds
                // completions sooner.
                let mut options: Vec<(i64, usize, usize)> = squares
                    .into_iter()
                    .filter_map(|(r, c)| Some((budget.after(r, c).slack()?, r, c)))
                    .collect();
                options.sort_unstable_by_key(|&(slack, r, c)| (std::cmp::Reverse(slack), r, c));
                let (rows, cols) = (node.rows, node.cols);
                let mut go_on = true;
                for (_, r, c) in options {
                    let (here, below) = self.frames[depth * k..].split_at_mut(k);
                    below[..k].copy_from_slice(here);
                    let mut child = Node {
                        alive: &mut below[..k],
                        rows,
                        cols,
                    };
                    child.place(self.board, r, c);
                    let (rows, cols) = (child.rows, child.cols);
                    self.chosen.push(self.board.cell_index[r * k + c]);
                    go_on = self.run(depth + 1, rows, cols);
                    self.chosen.pop();
                    if !go_on {
                        break;
                    }
                }
                go_on
            }
        };
        self.chosen.truncate(mark);
        go_on
    }
}
