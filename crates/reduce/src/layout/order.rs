//! Ordering of clause bands and variable columns.
//!
//! [`Ordering::Naive`] is the thesis drawing: clauses in input order, one column per
//! variable in index order. [`Ordering::Optimised`] reduces wire length and crossings:
//!
//! * **Clause order** minimises the total vertical wire length (every variable is a
//!   vertical wire between the tracks of its two literals), which also cuts the
//!   crossings (a vertical wire crosses the tracks it passes): on up to
//!   `EXACT_CLAUSES` clauses every order is tried; otherwise a Cuthill–McKee start,
//!   then barycentric sweeps (the best order seen wins), then **sifting** (each clause in
//!   turn moves to its best position, found by adjacent swaps across the whole order,
//!   as in BDD variable sifting), then adjacent swaps while they help.
//! * **Variable columns**: a track of variable `v` crosses the vertical wire of every
//!   variable `w` to its right whose span contains the track. Two spans that are nested
//!   cost 2 crossings with the inner one left and 0 with it right; interleaved spans cost 1
//!   either way; disjoint ones cost 0 and can even share a column. Placing the spans
//!   longest first, each in the leftmost column right of every span containing it and
//!   free of overlaps, therefore reaches the minimum crossing count for the clause order
//!   and packs columns (shorter tracks, smaller grid).

use std::cmp::Reverse;
use std::collections::{BTreeMap, VecDeque};

use sat2chess_core::formula::Lit;

/// Which drawing to produce.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ordering {
    /// Clauses in input order, one column per variable (thesis §2.2.2 as written).
    Naive,
    /// Clause and column order chosen to reduce wire length and crossings.
    Optimised,
}

/// Rows `top..=bottom` occupied by a variable's vertical wires, in `width` columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    pub top: u32,
    pub bottom: u32,
    pub width: u32,
}

/// The two occurrences of a variable: `(clause, position)` of `x` and of `¬x`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Occurrences {
    pub positive: (usize, usize),
    pub negative: (usize, usize),
}

/// Most barycentric sweeps over the clause order.
const BARYCENTRIC_ROUNDS: usize = 60;
/// Clause orders up to this many clauses are optimal (all permutations: 8! = 40,320).
pub(crate) const EXACT_CLAUSES: usize = 8;
/// Most sifting rounds (on uf20-91 they settle after three).
const SIFTING_ROUNDS: usize = 4;
/// Sifting is skipped above this many clauses: a round walks every clause across the
/// whole order, O(clauses² · links per clause) (a 1,939-clause layout: 2.6 s in all).
const SIFTING_CLAUSES: usize = 2_000;

/// Clause indices, top to bottom.
pub(crate) fn clause_order(
    ordering: Ordering,
    clauses: &[Vec<Lit>],
    occurrences: &[Occurrences],
) -> Vec<usize> {
    let identity: Vec<usize> = (0..clauses.len()).collect();
    if ordering == Ordering::Naive {
        return identity;
    }
    let problem = ClauseProblem::new(clauses, occurrences);
    if clauses.len() <= EXACT_CLAUSES {
        return problem.exact();
    }
    let mut best = cuthill_mckee(&problem.neighbours);
    let mut best_cost = problem.cost(&best);
    let identity_cost = problem.cost(&identity);
    if identity_cost < best_cost {
        (best, best_cost) = (identity, identity_cost);
    }
    // Barycentric sweeps settle within a few dozen rounds (measured on random 3-CNFs
    // after the transformation chain); stop early at a fixpoint.
    let mut current = best.clone();
    for _ in 0..BARYCENTRIC_ROUNDS {
        let next = problem.barycentric_sweep(&current);
        if next == current {
            break;
        }
        current = next;
        let cost = problem.cost(&current);
        if cost < best_cost {
            (best, best_cost) = (current.clone(), cost);
        }
    }
    if clauses.len() <= SIFTING_CLAUSES {
        for _ in 0..SIFTING_ROUNDS {
            if !problem.sift(&mut best) {
                break;
            }
        }
    }
    problem.adjacent_swaps(&mut best);
    best
}

/// Variable wires linking clauses, for the ordering heuristics.
struct ClauseProblem {
    /// Band height (track rows + gap row) per clause.
    height: Vec<u64>,
    /// Per variable in two different clauses: both (clause, track offset from band top).
    links: Vec<[(usize, u64); 2]>,
    /// Links touching each clause.
    links_of: Vec<Vec<usize>>,
    /// Neighbouring clauses (with multiplicity), sorted.
    neighbours: Vec<Vec<usize>>,
}

impl ClauseProblem {
    fn new(clauses: &[Vec<Lit>], occurrences: &[Occurrences]) -> ClauseProblem {
        let height: Vec<u64> = clauses.iter().map(|c| c.len() as u64 + 1).collect();
        let offset = |(clause, position): (usize, usize)| {
            (clause, clauses[clause].len() as u64 - 1 - position as u64)
        };
        let links: Vec<[(usize, u64); 2]> = occurrences
            .iter()
            .filter(|o| o.positive.0 != o.negative.0)
            .map(|o| [offset(o.positive), offset(o.negative)])
            .collect();
        let mut links_of = vec![Vec::new(); clauses.len()];
        let mut neighbours = vec![Vec::new(); clauses.len()];
        for (i, [(a, _), (b, _)]) in links.iter().enumerate() {
            links_of[*a].push(i);
            links_of[*b].push(i);
            neighbours[*a].push(*b);
            neighbours[*b].push(*a);
        }
        for list in &mut neighbours {
            list.sort_unstable();
        }
        ClauseProblem {
            height,
            links,
            links_of,
            neighbours,
        }
    }

    fn tops(&self, order: &[usize]) -> Vec<u64> {
        let mut tops = vec![0; order.len()];
        let mut row = 0;
        for &c in order {
            tops[c] = row;
            row += self.height[c];
        }
        tops
    }

    fn link_cost(&self, link: usize, tops: &[u64]) -> u64 {
        let [(a, oa), (b, ob)] = self.links[link];
        (tops[a] + oa).abs_diff(tops[b] + ob)
    }

    /// Total vertical wire length between different clauses.
    fn cost(&self, order: &[usize]) -> u64 {
        let tops = self.tops(order);
        (0..self.links.len())
            .map(|l| self.link_cost(l, &tops))
            .sum()
    }

    fn barycentric_sweep(&self, order: &[usize]) -> Vec<usize> {
        let mut position = vec![0.0f64; order.len()];
        for (p, &c) in order.iter().enumerate() {
            position[c] = p as f64;
        }
        let centre: Vec<f64> = (0..order.len())
            .map(|c| {
                let list = &self.neighbours[c];
                if list.is_empty() {
                    position[c]
                } else {
                    list.iter().map(|&n| position[n]).sum::<f64>() / list.len() as f64
                }
            })
            .collect();
        let mut next = order.to_vec();
        next.sort_by(|&a, &b| {
            centre[a]
                .total_cmp(&centre[b])
                .then(position[a].total_cmp(&position[b]))
        });
        next
    }

    /// The cheapest order of all (lexicographically first among equals), by Heap's
    /// algorithm over the permutations.
    fn exact(&self) -> Vec<usize> {
        let n = self.height.len();
        let mut order: Vec<usize> = (0..n).collect();
        let mut best = (self.cost(&order), order.clone());
        let mut counters = vec![0usize; n];
        let mut i = 1;
        while i < n {
            if counters[i] < i {
                let j = if i % 2 == 0 { 0 } else { counters[i] };
                order.swap(j, i);
                let candidate = (self.cost(&order), order.clone());
                best = best.min(candidate);
                counters[i] += 1;
                i = 1;
            } else {
                counters[i] = 0;
                i += 1;
            }
        }
        best.1
    }

    /// The change of the wire length when the clauses at positions `p` and `p + 1`
    /// swap; updates `tops` to the swapped order (the caller swaps `order`).
    fn swap_delta(
        &self,
        order: &[usize],
        p: usize,
        tops: &mut [u64],
        touched: &mut Vec<usize>,
    ) -> i64 {
        let (a, b) = (order[p], order[p + 1]);
        touched.clear();
        touched.extend(self.links_of[a].iter().chain(&self.links_of[b]).copied());
        touched.sort_unstable();
        touched.dedup();
        let cost = |tops: &[u64]| -> i64 {
            touched
                .iter()
                .map(|&l| self.link_cost(l, tops) as i64)
                .sum()
        };
        let before = cost(tops);
        let top = tops[a];
        tops[b] = top;
        tops[a] = top + self.height[b];
        cost(tops) - before
    }

    /// One sifting round: every clause (most linked first) moves to the position of
    /// least wire length, ties to the leftmost. Returns whether the length dropped.
    fn sift(&self, order: &mut Vec<usize>) -> bool {
        let n = order.len();
        let mut by_degree: Vec<usize> = (0..n).collect();
        by_degree.sort_by_key(|&c| (Reverse(self.links_of[c].len()), c));
        let mut tops = self.tops(order);
        let mut touched = Vec::new();
        let mut improved = false;
        for c in by_degree {
            let start = order.iter().position(|&x| x == c).expect("every clause");
            // Walk `c` to the front, then to the back, recording the wire length change.
            let mut delta = 0i64;
            let mut best = (0i64, start);
            for p in (0..start).rev() {
                delta += self.swap_delta(order, p, &mut tops, &mut touched);
                order.swap(p, p + 1);
                if delta < best.0 || (delta == best.0 && p < best.1) {
                    best = (delta, p);
                }
            }
            for p in 0..n - 1 {
                delta += self.swap_delta(order, p, &mut tops, &mut touched);
                order.swap(p, p + 1);
                if delta < best.0 || (delta == best.0 && p + 1 < best.1) {
                    best = (delta, p + 1);
                }
            }
            order.pop();
            order.insert(best.1, c);
            if best.0 < 0 {
                improved = true;
            }
            tops = self.tops(order);
        }
        improved
    }

    /// Swaps neighbouring clauses while that shortens the wires (bounded number of passes).
    fn adjacent_swaps(&self, order: &mut [usize]) {
        let mut tops = self.tops(order);
        let mut touched = Vec::new();
        for _ in 0..40 {
            let mut improved = false;
            for p in 0..order.len().saturating_sub(1) {
                let (a, b) = (order[p], order[p + 1]);
                touched.clear();
                touched.extend(self.links_of[a].iter().chain(&self.links_of[b]).copied());
                touched.sort_unstable();
                touched.dedup();
                let before: u64 = touched.iter().map(|&l| self.link_cost(l, &tops)).sum();
                let top = tops[a];
                tops[b] = top;
                tops[a] = top + self.height[b];
                let after: u64 = touched.iter().map(|&l| self.link_cost(l, &tops)).sum();
                if after < before {
                    order.swap(p, p + 1);
                    improved = true;
                } else {
                    tops[a] = top;
                    tops[b] = top + self.height[a];
                }
            }
            if !improved {
                break;
            }
        }
    }
}

/// Breadth-first order per connected component, starting from a far node and visiting
/// low-degree neighbours first (Cuthill–McKee), which keeps linked clauses close.
fn cuthill_mckee(neighbours: &[Vec<usize>]) -> Vec<usize> {
    let n = neighbours.len();
    let mut order = Vec::with_capacity(n);
    let mut seen = vec![false; n];
    let mut scratch = vec![false; n];
    for root in 0..n {
        if seen[root] {
            continue;
        }
        // The last node of a BFS from `root` is far from it: a good start.
        let start = *bfs(neighbours, root, &mut scratch).last().expect("root");
        for c in bfs(neighbours, start, &mut seen) {
            order.push(c);
        }
    }
    order
}

fn bfs(neighbours: &[Vec<usize>], start: usize, seen: &mut [bool]) -> Vec<usize> {
    let mut visited = vec![start];
    let mut queue = VecDeque::from([start]);
    seen[start] = true;
    while let Some(c) = queue.pop_front() {
        let mut next: Vec<usize> = neighbours[c]
            .iter()
            .copied()
            .filter(|&x| !seen[x])
            .collect();
        next.sort_unstable_by_key(|&x| (neighbours[x].len(), x));
        next.dedup();
        for x in next {
            if !seen[x] {
                seen[x] = true;
                visited.push(x);
                queue.push_back(x);
            }
        }
    }
    visited
}

/// The first column of every variable.
pub(crate) fn variable_columns(ordering: Ordering, spans: &[Span]) -> Vec<u32> {
    match ordering {
        Ordering::Naive => spans
            .iter()
            .scan(0, |next, span| {
                let col = *next;
                *next += span.width;
                Some(col)
            })
            .collect(),
        Ordering::Optimised => packed_columns(spans),
    }
}

fn packed_columns(spans: &[Span]) -> Vec<u32> {
    let mut by_length: Vec<usize> = (0..spans.len()).collect();
    by_length.sort_unstable_by_key(|&v| (Reverse(spans[v].bottom - spans[v].top), spans[v].top, v));
    // Occupied row intervals per column: top → bottom.
    let mut columns: Vec<BTreeMap<u32, u32>> = Vec::new();
    let mut column_of = vec![0u32; spans.len()];
    let mut placed = Containers::new(spans);
    for v in by_length {
        let span = spans[v];
        // Right of every placed span that strictly contains this one.
        let mut col = placed.right_of_containers(&span);
        while !(col..col + span.width).all(|c| is_free(columns.get(c as usize), &span)) {
            col += 1;
        }
        for c in col..col + span.width {
            if columns.len() <= c as usize {
                columns.resize_with(c as usize + 1, BTreeMap::new);
            }
            columns[c as usize].insert(span.top, span.bottom);
        }
        column_of[v] = col;
        placed.insert(&span, col + span.width);
    }
    column_of
}

/// The placed spans, for "the largest value of a placed span strictly containing this
/// one" in O(log² n): an offline two-dimensional Fenwick tree (prefix maxima), outer
/// over tops, inner over bottoms in descending order (all spans are known in advance,
/// only the values arrive online). A scan of every placed span made the optimised
/// layout quadratic in the formula (10^5 And-Or lines: minutes).
struct Containers {
    /// Distinct tops, ascending.
    tops: Vec<u32>,
    /// Per outer node (1-based): the distinct bottoms it covers, descending.
    bottoms: Vec<Vec<u32>>,
    /// Per outer node: Fenwick prefix maxima over `bottoms` (1-based; 0 = none).
    maxima: Vec<Vec<u32>>,
}

impl Containers {
    fn new(spans: &[Span]) -> Containers {
        let mut tops: Vec<u32> = spans.iter().map(|s| s.top).collect();
        tops.sort_unstable();
        tops.dedup();
        let mut bottoms = vec![Vec::new(); tops.len() + 1];
        for span in spans {
            let mut node = tops.partition_point(|&t| t < span.top) + 1;
            while node <= tops.len() {
                bottoms[node].push(span.bottom);
                node += node & node.wrapping_neg();
            }
        }
        for list in &mut bottoms {
            list.sort_unstable_by(|a, b| b.cmp(a));
            list.dedup();
        }
        let maxima = bottoms.iter().map(|list| vec![0; list.len() + 1]).collect();
        Containers {
            tops,
            bottoms,
            maxima,
        }
    }

    /// Records a placed span with its value (≥ 1).
    fn insert(&mut self, span: &Span, value: u32) {
        let mut node = self.tops.partition_point(|&t| t < span.top) + 1;
        while node <= self.tops.len() {
            let maxima = &mut self.maxima[node];
            let mut at = self.bottoms[node].partition_point(|&b| b > span.bottom) + 1;
            while at < maxima.len() {
                maxima[at] = maxima[at].max(value);
                at += at & at.wrapping_neg();
            }
            node += node & node.wrapping_neg();
        }
    }

    /// The largest value of a placed span with a smaller top and a larger bottom (one
    /// that strictly contains `span`); 0 if there is none.
    fn right_of_containers(&self, span: &Span) -> u32 {
        let mut best = 0;
        let mut node = self.tops.partition_point(|&t| t < span.top);
        while node > 0 {
            let maxima = &self.maxima[node];
            let mut at = self.bottoms[node].partition_point(|&b| b > span.bottom);
            while at > 0 {
                best = best.max(maxima[at]);
                at -= at & at.wrapping_neg();
            }
            node -= node & node.wrapping_neg();
        }
        best
    }
}

fn is_free(column: Option<&BTreeMap<u32, u32>>, span: &Span) -> bool {
    let Some(column) = column else { return true };
    column
        .range(..=span.bottom)
        .next_back()
        .is_none_or(|(_, &bottom)| bottom < span.top)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sat2chess_core::formula::Var;

    /// A random And-Or-shaped problem: `n` clauses of 1–3 literals, each variable's two
    /// literals in two random clauses.
    fn random_problem(rng: &mut fastrand::Rng, n: usize) -> (Vec<Vec<Lit>>, Vec<Occurrences>) {
        let mut clauses: Vec<Vec<Lit>> = vec![Vec::new(); n];
        let mut occurrences = Vec::new();
        for v in 0..2 * n as u32 {
            let mut slot = |positive| {
                let free: Vec<usize> = (0..n).filter(|&c| clauses[c].len() < 3).collect();
                let c = free[rng.usize(..free.len())];
                clauses[c].push(Lit::new(Var(v), positive));
                (c, clauses[c].len() - 1)
            };
            let positive = slot(true);
            let negative = slot(false);
            occurrences.push(Occurrences { positive, negative });
            if clauses.iter().filter(|c| c.len() < 3).count() < 2 {
                break;
            }
        }
        (clauses, occurrences)
    }

    /// The exact order is no worse than any order the heuristics reach, and sifting
    /// never lengthens the wires.
    #[test]
    fn exact_order_and_sifting() {
        let mut rng = fastrand::Rng::with_seed(14);
        for round in 0..60 {
            let n = 2 + round % (EXACT_CLAUSES - 1);
            let (clauses, occurrences) = random_problem(&mut rng, n);
            let problem = ClauseProblem::new(&clauses, &occurrences);
            let exact = problem.cost(&problem.exact());
            let mut order: Vec<usize> = (0..n).collect();
            rng.shuffle(&mut order);
            assert!(exact <= problem.cost(&order));
            let before = problem.cost(&order);
            problem.sift(&mut order);
            let mut sorted = order.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..n).collect::<Vec<_>>());
            assert!(exact <= problem.cost(&order) && problem.cost(&order) <= before);
        }
        for n in [20, 60] {
            let (clauses, occurrences) = random_problem(&mut rng, n);
            let problem = ClauseProblem::new(&clauses, &occurrences);
            let mut order: Vec<usize> = (0..n).collect();
            let before = problem.cost(&order);
            problem.sift(&mut order);
            assert!(
                problem.cost(&order) < before,
                "sifting a random order helps"
            );
        }
    }

    /// The Fenwick queries give what a scan of every placed span gives.
    #[test]
    fn containers_agree_with_a_scan() {
        let mut rng = fastrand::Rng::with_seed(15);
        for _ in 0..200 {
            let spans: Vec<Span> = (0..rng.usize(1..40))
                .map(|_| {
                    let top = rng.u32(0..30);
                    Span {
                        top,
                        bottom: top + rng.u32(0..30),
                        width: rng.u32(1..3),
                    }
                })
                .collect();
            let mut containers = Containers::new(&spans);
            let mut placed: Vec<(Span, u32)> = Vec::new();
            for span in &spans {
                let scan = placed
                    .iter()
                    .filter(|(u, _)| u.top < span.top && span.bottom < u.bottom)
                    .map(|&(_, value)| value)
                    .max()
                    .unwrap_or(0);
                assert_eq!(containers.right_of_containers(span), scan);
                let value = rng.u32(1..100);
                containers.insert(span, value);
                placed.push((*span, value));
            }
        }
    }
}
