//! Vertex orders of small frontier width for the spanning-tree engine ([`super::tree`]):
//! its dynamic program keeps one state per frontier configuration, so its cost grows with
//! the largest frontier of the order in which it places the squares. Row-major and
//! column-major orders are tried beside greedy orders that follow wires to their ends.

use rustc_hash::FxHashMap;

use sat2chess_core::board::Square;

/// Most degree-1 squares tried as greedy starts.
const GREEDY_TIPS: usize = 12;

/// Work units per square of a greedy order (it scans the candidate squares, about the
/// frontier width, per square placed).
const GREEDY_WORK: u64 = 16;

/// Boards up to this size also try greedy orders (quadratic in the frontier width).
const GREEDY_MAX_SQUARES: usize = 200_000;

/// A placement order of small frontier width: the best of row-major, column-major and
/// greedy orders ([`greedy_order`]) from a corner square and two far-apart squares.
/// Stops trying greedy orders once `expired` says so (given the work done since its last
/// call: squares placed times [`GREEDY_WORK`]).
pub(super) fn best_order(
    squares: Vec<Square>,
    neighbours: &[Vec<u32>],
    expired: &mut dyn FnMut(u64) -> bool,
) -> Vec<u32> {
    let n = squares.len();
    let mut by_row: Vec<u32> = (0..n as u32).collect();
    by_row.sort_by_key(|&v| (squares[v as usize].row, squares[v as usize].col));
    let mut by_col: Vec<u32> = (0..n as u32).collect();
    by_col.sort_by_key(|&v| (squares[v as usize].col, squares[v as usize].row));
    let Some(&first) = by_row.first() else {
        return Vec::new();
    };
    let mut candidates = vec![by_row.clone(), by_col];
    if n <= GREEDY_MAX_SQUARES && !expired(n as u64 * GREEDY_WORK) {
        let far = farthest(first, neighbours);
        let other = farthest(far, neighbours);
        // Also from the tips of the capture graph (degree 1), spread over the board.
        let tips: Vec<u32> = (0..n as u32)
            .filter(|&v| neighbours[v as usize].len() == 1)
            .collect();
        let step = tips.len().div_ceil(GREEDY_TIPS).max(1);
        let starts = [first, far, other]
            .into_iter()
            .chain(tips.into_iter().step_by(step));
        for start in starts {
            if expired(n as u64 * GREEDY_WORK) {
                break;
            }
            candidates.push(greedy_order(start, &by_row, neighbours));
        }
    }
    candidates
        .into_iter()
        .min_by_key(|order| width(order, neighbours))
        .unwrap_or_default()
}

/// (largest frontier, sum of frontier sizes) of an order.
pub(super) fn width(order: &[u32], neighbours: &[Vec<u32>]) -> (usize, usize) {
    let n = order.len();
    let mut step_of = vec![0usize; n];
    for (t, &v) in order.iter().enumerate() {
        step_of[v as usize] = t;
    }
    let mut delta = vec![0i64; n + 1];
    for v in 0..n {
        let leaves = neighbours[v]
            .iter()
            .map(|&u| step_of[u as usize])
            .max()
            .unwrap_or(0)
            .max(step_of[v]);
        delta[step_of[v]] += 1;
        delta[leaves] -= 1;
    }
    let (mut current, mut max, mut sum) = (0i64, 0usize, 0usize);
    for d in delta.iter().take(n) {
        current += d;
        max = max.max(current as usize);
        sum += current as usize;
    }
    (max, sum)
}

/// Greedy order from `start`: repeatedly place the frontier-adjacent square whose
/// placement grows the frontier least, then the one with fewest unplaced neighbours, then
/// the most recent candidate (so a wire is followed to its end before another is
/// opened); `seed_order` restarts disconnected parts.
fn greedy_order(start: u32, seed_order: &[u32], neighbours: &[Vec<u32>]) -> Vec<u32> {
    let n = seed_order.len();
    let mut placed = vec![false; n];
    // Unplaced neighbours left per square.
    let mut open: Vec<usize> = neighbours.iter().map(Vec::len).collect();
    let mut order = Vec::with_capacity(n);
    // Candidate → the step it was last touched at.
    let mut candidates: FxHashMap<u32, usize> = FxHashMap::default();
    let mut seed = std::iter::once(&start).chain(seed_order.iter());
    while order.len() < n {
        let next = if candidates.is_empty() {
            *seed
                .find(|&&v| !placed[v as usize])
                .expect("an unplaced square")
        } else {
            // Growth: +1 for the square if it keeps unplaced neighbours, −1 per
            // neighbour whose last unplaced neighbour it is; then fewest unplaced
            // neighbours (close what is open before opening more).
            let (&v, _) = candidates
                .iter()
                .min_by_key(|&(&v, &touched)| {
                    let closes = neighbours[v as usize]
                        .iter()
                        .filter(|&&u| placed[u as usize] && open[u as usize] == 1)
                        .count() as i64;
                    let stays = i64::from(open[v as usize] > 0);
                    (
                        stays - closes,
                        open[v as usize],
                        std::cmp::Reverse(touched),
                        v,
                    )
                })
                .expect("a candidate");
            v
        };
        candidates.remove(&next);
        placed[next as usize] = true;
        let step = order.len();
        order.push(next);
        for &u in &neighbours[next as usize] {
            open[u as usize] -= 1;
            if !placed[u as usize] {
                candidates.insert(u, step);
            }
        }
    }
    order
}

/// A square far from `from` (the last one a breadth-first search reaches).
fn farthest(from: u32, neighbours: &[Vec<u32>]) -> u32 {
    let mut seen = vec![false; neighbours.len()];
    let mut queue = std::collections::VecDeque::from([from]);
    seen[from as usize] = true;
    let mut last = from;
    while let Some(v) = queue.pop_front() {
        last = v;
        for &u in &neighbours[v as usize] {
            if !seen[u as usize] {
                seen[u as usize] = true;
                queue.push_back(u);
            }
        }
    }
    last
}
