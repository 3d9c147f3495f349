//! Exact search for queens on the candidate squares of a board with at most
//! `MAX_LINES` free rows and columns ([`super::solve::QueensCsp`]): every free row and
//! column gets exactly one queen, every diagonal at most one.
//!
//! The alive squares are one `u64` per row (bit `c` = column `c`, the board shifted so
//! that its lowest free row and column are 0), so placing a queen is `k` and-nots with
//! its precomputed attack masks, and each search node copies `k` words instead of
//! undoing a trail. Every node applies five rules to a fixpoint before it branches
//! (each proven where it is applied, `Node::propagate` and `Node::budget`):
//!
//! 1. *Empty line*: a free row or column without an alive square has no completion.
//! 2. *Forced square*: a free row or column with one alive square must take it.
//! 3. *Diagonal supply*: the `q` queens still to place need `q` distinct alive
//!    sum-diagonals whose values add up to `ΣR + ΣC` (free rows `R`, columns `C`), and
//!    `q` difference-diagonals adding up to `ΣC − ΣR`.
//! 4. *Square budget*: `(r + c)² + (c − r)² = 2r² + 2c²`, so the squares of those
//!    diagonals add up to `2(ΣR² + ΣC²)`; the least they can add up to, given the alive
//!    diagonals and their sums (a convex hull bound, `square_bounds`), may not
//!    exceed it, nor the most they can add up to fall below it.
//! 5. *Diagonal verdicts*: a diagonal whose use (non-use) would break rule 4's bound,
//!    at the multiplier where it is reached, is in no (every) completion: its squares
//!    die (its single alive square takes a queen) (`verdicts`).
//!
//! Rules 3 and 4 decide about half of the paper's random Excluded Diagonals instances
//! at d/n = 1 at the root. The search then branches on the free row or column with the
//! fewest alive squares (minimum remaining values over rows *and* columns). Tried and
//! left out as slower overall: removing the squares that attack every square of a line
//! with two or three ("shaving", 1.8× fewer nodes, 3× the time per node), and rules 3–4
//! tried after each alive square ("singleton" test, 1.5× fewer nodes, 20× the time),
//! probing every square of a two-square line (2.7× fewer nodes, 2.7× the time),
//! dom/wdeg branching (more nodes), and memoising failed states: on the n = 25 instances
//! no subproblem (free rows, columns, alive diagonals) recurred more than a few dozen
//! times in 10⁶ nodes, and not even the (free rows, free columns) pairs repeat.
//!
//! Written by hand: the rules read the board's geometry (rows, columns, diagonals as bit
//! masks), which no exact-cover or constraint crate offers (`cargo bench --bench
//! nqueens` compares it with Algorithm X, [`super::search`]).

use super::Queen;
use super::csp::{Collector, Enumeration, EnumerationLimit};

/// The most free rows (and columns) a board may have for this engine: one machine word.
pub(crate) const MAX_LINES: usize = 64;

/// Up to `limit` solutions (each the sorted indices of the chosen `cells`) of "exactly one
/// queen per column and per row that some cell lies on, `required` of each, at most one
/// per diagonal" — the model of [`super::solve::QueensCsp`]. `None` when the cells span
/// more than `MAX_LINES` rows or columns, or list a square twice.
pub fn enumerate(
    cells: &[Queen],
    required: usize,
    limit: impl Into<EnumerationLimit>,
) -> Option<Enumeration> {
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
        found: Collector::new(limit.into()),
    };
    search.frames[..board.k].copy_from_slice(&board.initial);
    let rows = (0..board.k).filter(|&r| board.initial[r] != 0);
    let cols = board.initial.iter().fold(0, |cols, row| cols | row);
    search.run(0, rows.fold(0, |rows, r| rows | 1 << r), cols);
    Some(search.found.into_enumeration())
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

/// The set bits of `word`, lowest first.
fn bits128(mut word: u128) -> impl Iterator<Item = usize> {
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

/// Where [`Node::propagate`] leaves a node.
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
            let Some(bounds) = budget.bounds() else {
                return Step::Fail;
            };
            if self.judge_diagonals(board, budget.verdicts(bounds), chosen) {
                continue;
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

    /// The alive squares on sum-diagonal bit `b` (`family` 0) or difference-diagonal bit
    /// `b` (`family` 1), as `(row, column)`.
    fn on_diagonal(&self, family: usize, b: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        bits(self.rows).filter_map(move |r| {
            let c = match family {
                0 => b.checked_sub(r)?,
                _ => (b + r).checked_sub(DIFF_OFFSET as usize)?,
            };
            (c < MAX_LINES && self.alive[r] >> c & 1 == 1).then_some((r, c))
        })
    }

    /// Rule 5 applied ([`verdicts`]): the squares of forbidden diagonals die, a required
    /// diagonal with one alive square takes its queen (pushed on `chosen`). True when the
    /// node changed.
    fn judge_diagonals(
        &mut self,
        board: &Board,
        verdicts: [[u128; 2]; 2],
        chosen: &mut Vec<u32>,
    ) -> bool {
        let mut changed = false;
        for (family, [_, forbidden]) in verdicts.into_iter().enumerate() {
            for b in bits128(forbidden) {
                for (r, c) in self.on_diagonal(family, b).collect::<Vec<_>>() {
                    self.alive[r] &= !(1 << c);
                    changed = true;
                }
            }
        }
        if changed {
            return true;
        }
        for (family, [required, _]) in verdicts.into_iter().enumerate() {
            for b in bits128(required) {
                let pair = {
                    let mut squares = self.on_diagonal(family, b);
                    (squares.next(), squares.next())
                };
                if let (Some((r, c)), None) = pair {
                    self.place(board, r, c);
                    chosen.push(board.cell_index[r * board.k + c]);
                    return true;
                }
            }
        }
        false
    }

    /// What rules 3 and 4 need. Proof: the `q` queens still to place stand on the free
    /// rows `R` and columns `C`, one on each, so their sum-diagonals `sᵢ = rᵢ + cᵢ` are
    /// `q` distinct alive sum-diagonals with `Σ sᵢ = ΣR + ΣC`, their
    /// difference-diagonals `dᵢ = cᵢ − rᵢ` are `q` distinct alive difference-diagonals
    /// with `Σ dᵢ = ΣC − ΣR` (rule 3, checked by [`square_bounds`]), and
    /// `sᵢ² + dᵢ² = 2rᵢ² + 2cᵢ²` gives `Σ sᵢ² + Σ dᵢ² = 2(ΣR² + ΣC²)`. With `Σ vᵢ = t`,
    /// the lower bounds of [`square_bounds`] of both families may not add up to more
    /// than `2(ΣR² + ΣC²)`, nor the upper bounds to less (rule 4).
    fn budget(&self) -> Budget {
        let (mut sums, mut diffs) = (0u128, 0u128);
        let (mut row_sum, mut row_squares) = (0, 0);
        for r in bits(self.rows) {
            let row = self.alive[r] as u128;
            sums |= row << r;
            diffs |= row << (DIFF_OFFSET as usize - r);
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
    /// Rules 3 and 4: the bounds of both families ([`square_bounds`]), `None` when a
    /// rule fails — the square sums cannot add up to `2(ΣR² + ΣC²)`.
    fn bounds(&self) -> Option<[Bounds; 2]> {
        let q = self.queens;
        let sums = square_bounds(self.sums, 0, q, self.sum_total)?;
        let diffs = square_bounds(self.diffs, DIFF_OFFSET, q, self.diff_total)?;
        (sums.lo + diffs.lo <= self.squares && self.squares <= sums.hi + diffs.hi)
            .then_some([sums, diffs])
    }

    /// Rules 3 and 4: how far the least square sum stays below the budget, `None` when
    /// a rule fails.
    fn slack(&self) -> Option<i64> {
        let [sums, diffs] = self.bounds()?;
        Some(self.squares - sums.lo - diffs.lo)
    }

    /// Rule 5 for both families, given their `bounds`: `[required, forbidden]` bit sets
    /// of sum-diagonals, then of difference-diagonals.
    fn verdicts(&self, [sums, diffs]: [Bounds; 2]) -> [[u128; 2]; 2] {
        let q = self.queens;
        [
            verdicts(
                self.sums,
                0,
                q,
                self.sum_total,
                sums.multiplier,
                self.squares - diffs.lo,
            ),
            verdicts(
                self.diffs,
                DIFF_OFFSET,
                q,
                self.diff_total,
                diffs.multiplier,
                self.squares - sums.lo,
            ),
        ]
    }

    /// The budget after a queen on `(r, c)`, keeping the diagonals the queen attacks
    /// except its own two: those die with it, the others may survive. Keeping
    /// diagonals only widens the bounds of [`square_bounds`], so when this budget has
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

/// The bit of difference-diagonal `d` in [`Budget::diffs`] is `d + DIFF_OFFSET`.
const DIFF_OFFSET: i64 = MAX_LINES as i64 - 1;

/// The square-sum bounds of one diagonal family ([`square_bounds`]).
#[derive(Clone, Copy)]
struct Bounds {
    lo: i64,
    hi: i64,
    /// `(N, D)`, `D > 0`: the multiplier `m = N/D` at which `lo` is reached.
    multiplier: (i64, i64),
}

/// Rule 5 (*diagonal verdicts*) for one family — the values `v = b − offset` of the set
/// bits `b` of `available`, of which the `q` queens still to place take `q` distinct ones
/// summing to `t` and with square sum at most `room` (the budget less the other family's
/// lower bound) —, given a multiplier `m = N/D` (`D > 0`): the bit sets of the values
/// every completion uses (*required*) and of those none uses (*forbidden*).
///
/// Proof. With `f(v) = v² − 2mv`, every such set `W′` has
/// `Σ_{W′} v² = Σ_{W′} f(v) + 2mt` ([`square_bounds`]). Let `W` be the `q` values of
/// least `f` (the `q` closest to `m`), `L = Σ_W f + 2mt`, `f⁺` the largest `f` in `W`
/// and `f⁻` the least outside it. A set `W′` holding `v ∉ W` has its other `q − 1`
/// values of total `f` at least that of `W` less `f⁺`, so `Σ_{W′} v² ≥ L + f(v) − f⁺`:
/// when that exceeds `room`, `v` is forbidden. A set `W′` avoiding `v ∈ W` has
/// `Σ_{W′} f ≥ Σ_W f − f(v) + f⁻` (no value outside `W` at all: there is no such
/// `W′`): when `L − f(v) + f⁻` exceeds `room`, `v` is required. Everything is scaled
/// by `D` to stay in integers.
fn verdicts(
    available: u128,
    offset: i64,
    q: i64,
    t: i64,
    (n, d): (i64, i64),
    room: i64,
) -> [u128; 2] {
    let (values, len) = bit_values(available, offset);
    let values = &values[..len];
    // D·f(v).
    let f = |v: i64| d * v * v - 2 * n * v;
    let q_len = q as usize;
    let split = values.partition_point(|&v| d * v < n);
    let (mut below, mut above) = (split, split);
    let mut total = 2 * n * t;
    for _ in 0..q_len {
        if above == len || (below > 0 && f(values[below - 1]) <= f(values[above])) {
            below -= 1;
            total += f(values[below]);
        } else {
            total += f(values[above]);
            above += 1;
        }
    }
    let slack = d * room - total;
    if q_len == 0 || slack < 0 {
        return [0, 0];
    }
    let largest_in = f(values[below]).max(f(values[above - 1]));
    let outside = [below.checked_sub(1), (above < len).then_some(above)];
    let least_out = outside.into_iter().flatten().map(|i| f(values[i])).min();
    let (mut required, mut forbidden) = (0u128, 0u128);
    for (i, &v) in values.iter().enumerate() {
        let bit = 1u128 << (v + offset);
        if (below..above).contains(&i) {
            if least_out.is_none_or(|out| out - f(v) > slack) {
                required |= bit;
            }
        } else if f(v) - largest_in > slack {
            forbidden |= bit;
        }
    }
    [required, forbidden]
}

/// The values `b − offset` of the set bits `b` of `available`, ascending, and how many
/// there are.
#[inline]
fn bit_values(available: u128, offset: i64) -> ([i64; 2 * MAX_LINES], usize) {
    let mut values = [0i64; 2 * MAX_LINES];
    let mut len = 0;
    let mut rest = available;
    while rest != 0 {
        values[len] = rest.trailing_zeros() as i64 - offset;
        rest &= rest - 1;
        len += 1;
    }
    (values, len)
}

/// For the values `v = b − offset` of the set bits `b` of `available`: `None` when no
/// `q` distinct ones sum to `t` (fewer than `q`, or `t` outside the sums of the `q`
/// smallest and the `q` largest), else `(lo, hi)` with `lo ≤ Σ v² ≤ hi` for every `q`
/// of them summing to `t`, and the multiplier `m` at which `lo` is reached.
///
/// Proof. For any real `m` and any such subset `W`,
/// `Σ_W v² = Σ_W (v² − 2mv) + 2mt`, and `Σ_W (v² − 2mv) = Σ_W (v − m)² − q·m²` is at
/// least its value on the `q` values closest to `m` — a run of consecutive values in
/// sorted order, a *window* — and at most its value on the `q` values farthest from
/// `m` — the `a` smallest and `q − a` largest for some `a`, an *end pair*. So with
/// `(S_j, Q_j)` the sum and square sum of window (end pair) `j`,
/// `Σ_W v² ≥ max_m min_j (Q_j + 2m(t − S_j))` (`≤ min_m max_j` for end pairs), and by
/// linear programming duality these are the lower (upper) convex hull of the points
/// `(S_j, Q_j)` at `t`. `Σ_W v²` is an integer: `lo` is rounded up, `hi` down.
fn square_bounds(available: u128, offset: i64, q: i64, t: i64) -> Option<Bounds> {
    let (values, len) = bit_values(available, offset);
    let values = &values[..len];
    let q = q as usize;
    if len < q {
        return None;
    }
    if q == 0 {
        return (t == 0).then_some(Bounds {
            lo: 0,
            hi: 0,
            multiplier: (0, 1),
        });
    }
    // Windows, sums increasing.
    let mut points = [(0i64, 0i64); 2 * MAX_LINES + 1];
    let (mut sum, mut squares) = values[..q]
        .iter()
        .fold((0, 0), |(s, sq), &v| (s + v, sq + v * v));
    points[0] = (sum, squares);
    for j in q..len {
        let (old, new) = (values[j - q], values[j]);
        sum += new - old;
        squares += new * new - old * old;
        points[j - q + 1] = (sum, squares);
    }
    let windows = len - q + 1;
    if t < points[0].0 || t > points[windows - 1].0 {
        return None;
    }
    let (lo, (rise, run)) = hull_at(&points[..windows], t, false);
    // End pairs: the `a` smallest and `q − a` largest, sums increasing as `a` falls.
    let (mut sum, mut squares) = values[len - q..]
        .iter()
        .fold((0, 0), |(s, sq), &v| (s + v, sq + v * v));
    let mut ends = [(0i64, 0i64); MAX_LINES + 1];
    ends[q] = (sum, squares);
    for a in 1..=q {
        let (old, new) = (values[len - q + a - 1], values[a - 1]);
        sum += new - old;
        squares += new * new - old * old;
        ends[q - a] = (sum, squares);
    }
    let (hi, _) = hull_at(&ends[..=q], t, true);
    Some(Bounds {
        lo,
        hi,
        multiplier: (rise, 2 * run),
    })
}

/// The lower (`upper` false, rounded up) or upper (rounded down) convex hull at `x` of
/// `points`, sorted by first coordinate (equal ones allowed), `x` within their range,
/// and the slope `(rise, run)` of a hull edge through `x` (`(0, 1)` for a single point).
fn hull_at(points: &[(i64, i64)], x: i64, upper: bool) -> (i64, (i64, i64)) {
    // Flip the upper hull into a lower one.
    let sign = if upper { -1 } else { 1 };
    let mut hull = [(0i64, 0i64); 2 * MAX_LINES + 1];
    let mut len = 0;
    for &(px, py) in points {
        let p = (px, sign * py);
        if len > 0 && hull[len - 1].0 == p.0 {
            if hull[len - 1].1 <= p.1 {
                continue;
            }
            len -= 1;
        }
        // Pop while the last point lies on or above the segment from the one before to p.
        while len >= 2 {
            let (a, b) = (hull[len - 2], hull[len - 1]);
            if (b.1 - a.1) * (p.0 - a.0) >= (p.1 - a.1) * (b.0 - a.0) {
                len -= 1;
            } else {
                break;
            }
        }
        hull[len] = p;
        len += 1;
    }
    let hull = &hull[..len];
    let i = hull.partition_point(|p| p.0 < x);
    let value_num_den = if hull[i].0 == x {
        (hull[i].1, 1)
    } else {
        let (a, b) = (hull[i - 1], hull[i]);
        (a.1 * (b.0 - a.0) + (b.1 - a.1) * (x - a.0), b.0 - a.0)
    };
    // The slope of a hull edge through x: 2m for the multiplier m of the proof of
    // [`square_bounds`] at which the bound is reached.
    let edge = if hull[i].0 == x { i.max(1) } else { i };
    let slope = match (hull.get(edge.wrapping_sub(1)), hull.get(edge)) {
        (Some(a), Some(b)) if edge >= 1 => (b.1 - a.1, b.0 - a.0),
        _ => (0, 1),
    };
    // The lower hull value rounded up; for the flipped upper hull, −(value rounded up)
    // is the upper value rounded down.
    let (num, den) = value_num_den;
    (
        sign * (num.div_euclid(den) + i64::from(num.rem_euclid(den) != 0)),
        slope,
    )
}

struct Search<'a> {
    board: &'a Board,
    /// The alive squares of the node at each depth, `k` words each.
    frames: Vec<u64>,
    chosen: Vec<u32>,
    found: Collector,
}

impl Search<'_> {
    /// Depth-first search from the node in frame `depth`; false once a limit is passed.
    fn run(&mut self, depth: usize, rows: u64, cols: u64) -> bool {
        if !self.found.enter() {
            return false;
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every `q`-subset of the set bits of `available` (values `b − offset`) summing to
    /// `t`, as (bit set, Σ v²).
    fn subsets(available: u128, offset: i64, q: usize, t: i64) -> Vec<(u128, i64)> {
        let bits: Vec<usize> = bits128(available).collect();
        let mut out = Vec::new();
        for mask in 0u32..1 << bits.len() {
            if mask.count_ones() as usize != q {
                continue;
            }
            let chosen: Vec<usize> = (0..bits.len())
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| bits[i])
                .collect();
            let values = chosen.iter().map(|&b| b as i64 - offset);
            if values.clone().sum::<i64>() == t {
                let set = chosen.iter().fold(0u128, |s, &b| s | 1 << b);
                out.push((set, values.map(|v| v * v).sum()));
            }
        }
        out
    }

    /// `square_bounds` and `verdicts` against brute force over small random value sets.
    #[test]
    fn bounds_and_verdicts_match_brute_force() {
        let mut rng = fastrand::Rng::with_seed(16);
        let (mut decided, mut judged) = (0, 0);
        for _ in 0..3000 {
            let available = (0..12).fold(0u128, |s, _| s | 1 << rng.usize(0..20));
            let offset = rng.i64(0..10);
            let q = rng.usize(0..=available.count_ones() as usize);
            let t = rng.i64(-10 * q as i64..20 * q as i64 + 1);
            let all = subsets(available, offset, q, t);
            let Some(bounds) = square_bounds(available, offset, q as i64, t) else {
                assert!(all.is_empty(), "{available:b} {q} {t}");
                continue;
            };
            for &(_, squares) in &all {
                assert!(bounds.lo <= squares && squares <= bounds.hi);
            }
            let room = bounds.lo + rng.i64(0..40);
            let [required, forbidden] =
                verdicts(available, offset, q as i64, t, bounds.multiplier, room);
            decided += usize::from(!all.is_empty());
            judged += usize::from(required | forbidden != 0);
            for &(set, squares) in &all {
                if squares <= room {
                    assert_eq!(set & required, required, "a required value unused");
                    assert_eq!(set & forbidden, 0, "a forbidden value used");
                }
            }
        }
        // The cases are not all trivial.
        assert!(decided > 500 && judged > 100, "{decided} {judged}");
    }
}
