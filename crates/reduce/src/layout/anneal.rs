//! Simulated annealing of the clause order, the variable sides and the literals' tracks
//! together, for the two-sided layout
//! ([`VariablePlacement::TwoSided`](super::VariablePlacement::TwoSided)).
//!
//! [`super::order`] chooses the clause order for vertical wire length in one stack of
//! clause bands, and [`super::sides`] then the sides for the fewest crossings under that
//! order. But the two sides share rows ([`super::merge::merge_rows`]) only as far as the
//! clauses alternate between them, and on a King board a crossing costs as much as
//! several tile rows of wire. This pass starts from their result and trades the three.
//! Its moves are swaps of two adjacent clauses, flips of a variable group's side (an
//! And's two variables share one) and trades of track rows between two literals of a
//! clause (any two of an Or, `a` and `b` of an `(a ∧ b) ∨ c`: the clause's gates compute
//! the same whichever of them comes first), priced by a cost of
//!
//! * vertical length: each variable's span in the rows [`merge_rows`] gives the
//!   literals (recomputed for every move, in O(variables + clauses));
//! * crossings: pairs of variables on one side whose spans interleave, plus a weight per
//!   clause with literals on both sides (it crosses the spine);
//! * columns: pairs on one side whose spans nest or interleave (the outer one's column
//!   lies further out, its tracks are longer).
//!
//! Which pairs interleave or nest depends only on the order of their literal rows on one
//! side, which follows the clause order and the tracks within a clause: a swap can
//! change only pairs of one variable from each of the two clauses (priced in
//! O(literals²)), a trade only pairs of the clause's variables, a flip only the pairs of
//! the flipped variables (O(variables)). The annealer is written by hand because these
//! incremental prices are the whole work; a generic annealing crate would recompute the
//! cost. Deterministic (seeded).
//!
//! [`merge_rows`]: super::merge::merge_rows

use super::merge::{Part, PartRows, RowMerge};
use super::sides::Side;

/// One weighting of the cost (module doc), in rows of vertical wire.
#[derive(Clone, Copy, Debug)]
pub(super) struct Weights {
    /// A crossing of two variables on one side.
    pub crossing: i64,
    /// A clause with literals on both sides.
    pub mixed: i64,
    /// Two variables on one side whose spans nest or interleave: the outer one's column
    /// lies further from the spine, and its tracks are longer.
    pub nested: i64,
}

/// The problem: literals and the variable groups that move together.
pub(super) struct Anneal<'a> {
    /// The variable of each literal, per clause.
    clause_vars: &'a [Vec<usize>],
    /// `(clause, position)` of each variable's two literals.
    ends: Vec<[(usize, usize); 2]>,
    /// Variables of each group that may change side (pinned groups stay west).
    movable: Vec<Vec<usize>>,
    /// Whether each clause holds a variable with both literals in it (a gap row below).
    gapped: Vec<bool>,
    /// How many leading literals of each clause may trade track rows: all of an Or, `a`
    /// and `b` of an `(a ∧ b) ∨ c`.
    free: Vec<usize>,
}

/// The annealer's moves.
#[derive(Clone, Copy)]
enum Move {
    /// Two adjacent clauses trade places.
    Swap,
    /// A variable group changes side.
    Flip,
    /// Two literals of a clause trade tracks.
    Trade,
}

/// A drawing [`Anneal::run`] found: the clause order top to bottom, each variable's
/// side, and each literal's track within its clause's band (0 = the gate row's).
pub(super) struct Annealed {
    pub order: Vec<usize>,
    pub side: Vec<Side>,
    pub track: Vec<Vec<usize>>,
}

/// A clause order and a side per variable, with what the moves need to price them.
struct State {
    order: Vec<usize>,
    position: Vec<usize>,
    /// First row of the clause at each position.
    top: Vec<i64>,
    side: Vec<Side>,
    /// Literals of each clause on each side: [west, east].
    per_side: Vec<[u32; 2]>,
    /// The track of each literal within its clause's band (0 = the gate row's).
    track: Vec<Vec<usize>>,
}

/// Buffers [`Anneal::length`] reuses.
#[derive(Default)]
struct Scratch {
    merge: RowMerge,
    rows: Vec<PartRows>,
}

fn index(side: Side) -> usize {
    usize::from(side == Side::East)
}

fn mixed(counts: [u32; 2]) -> i64 {
    i64::from(counts[0] > 0 && counts[1] > 0)
}

fn interleave(a: (i64, i64), b: (i64, i64)) -> bool {
    (a.0 < b.0 && b.0 < a.1 && a.1 < b.1) || (b.0 < a.0 && a.0 < b.1 && b.1 < a.1)
}

/// What two spans on one side cost each other.
fn pair_cost(a: (i64, i64), b: (i64, i64), w: Weights) -> i64 {
    if interleave(a, b) {
        w.crossing + w.nested
    } else if (a.0 < b.0 && b.1 < a.1) || (b.0 < a.0 && a.1 < b.1) {
        w.nested
    } else {
        0
    }
}

impl<'a> Anneal<'a> {
    /// `clause_vars[c]` are the variables of clause `c`'s literals, `ends[v]` where the two
    /// literals of `v` are, `group[v]` the variable that stands for `v`'s group,
    /// `pinned[v]` whether `v` must stay west (then its whole group does), and `free[c]`
    /// how many leading literals of clause `c` may trade tracks.
    pub(super) fn new(
        clause_vars: &'a [Vec<usize>],
        ends: Vec<[(usize, usize); 2]>,
        group: &[usize],
        pinned: &[bool],
        free: Vec<usize>,
    ) -> Anneal<'a> {
        let n = group.len();
        let mut members: Vec<Vec<usize>> = vec![Vec::new(); n];
        let mut stays = vec![false; n];
        for v in 0..n {
            members[group[v]].push(v);
            stays[group[v]] |= pinned[v];
        }
        let movable = members
            .into_iter()
            .enumerate()
            .filter(|(g, m)| !m.is_empty() && !stays[*g])
            .map(|(_, m)| m)
            .collect();
        let mut gapped = vec![false; clause_vars.len()];
        for (v, &[(c, _), (d, _)]) in ends.iter().enumerate() {
            gapped[c] |= c == d && pinned[v];
        }
        Anneal {
            clause_vars,
            ends,
            movable,
            gapped,
            free,
        }
    }

    fn state(&self, order: &[usize], side: &[Side]) -> State {
        let mut position = vec![0; order.len()];
        let mut top = Vec::with_capacity(order.len());
        let mut row = 0i64;
        for (p, &c) in order.iter().enumerate() {
            position[c] = p;
            top.push(row);
            row += self.height(c);
        }
        let per_side = self
            .clause_vars
            .iter()
            .map(|vars| {
                let mut counts = [0; 2];
                for &v in vars {
                    counts[index(side[v])] += 1;
                }
                counts
            })
            .collect();
        let track = self
            .clause_vars
            .iter()
            .map(|vars| (0..vars.len()).collect())
            .collect();
        State {
            order: order.to_vec(),
            position,
            top,
            side: side.to_vec(),
            per_side,
            track,
        }
    }

    fn height(&self, clause: usize) -> i64 {
        self.clause_vars[clause].len() as i64 + 1
    }

    /// The rows of `v`'s two literal tracks, upper first.
    fn span(&self, s: &State, v: usize) -> (i64, i64) {
        let row = |(c, j): (usize, usize)| {
            s.top[s.position[c]] + self.height(c) - 2 - s.track[c][j] as i64
        };
        let (a, b) = (row(self.ends[v][0]), row(self.ends[v][1]));
        (a.min(b), a.max(b))
    }

    /// The cost of the pairs a swap of the clauses at `p` and `p + 1` can change: a
    /// variable of each on one side.
    fn swap_pairs(&self, s: &State, p: usize, w: Weights) -> i64 {
        let (a, b) = (
            &self.clause_vars[s.order[p]],
            &self.clause_vars[s.order[p + 1]],
        );
        let mut cost = 0;
        let mut seen: Vec<(usize, usize)> = Vec::new();
        for &u in a {
            for &v in b {
                let pair = (u.min(v), u.max(v));
                if u == v || s.side[u] != s.side[v] || seen.contains(&pair) {
                    continue;
                }
                seen.push(pair);
                cost += pair_cost(self.span(s, u), self.span(s, v), w);
            }
        }
        cost
    }

    /// The rows all vertical wires cover, as [`super::merge::merge_rows`] places the literals.
    fn length(&self, s: &State, scratch: &mut Scratch) -> i64 {
        let parts = s.order.iter().map(|&c| Part {
            west: s.per_side[c][0],
            east: s.per_side[c][1],
            gapped: self.gapped[c],
        });
        scratch.merge.merge(parts, &mut scratch.rows);
        let rows = &scratch.rows;
        let row = |(c, j): (usize, usize), side: Side| -> i64 {
            let at = rows[s.position[c]];
            let chain = if side == Side::West { at.west } else { at.east };
            let own = s.track[c][j];
            let before = (self.clause_vars[c].iter().zip(&s.track[c]))
                .filter(|&(&u, &t)| t < own && s.side[u] == side)
                .count();
            i64::from(chain.expect("a part on this side")) - before as i64
        };
        self.ends
            .iter()
            .zip(&s.side)
            .map(|(&[a, b], &side)| {
                let (ra, rb) = (row(a, side), row(b, side));
                match rows[s.position[a.0]].gap {
                    Some(gap) if a.0 == b.0 => i64::from(gap) - ra.min(rb),
                    _ => (ra - rb).abs(),
                }
            })
            .sum()
    }

    /// The cost of the pairs of clause `c`'s variables on one side (all a trade of
    /// tracks within `c` can change).
    fn clause_pairs(&self, s: &State, c: usize, w: Weights) -> i64 {
        let vars = &self.clause_vars[c];
        let mut cost = 0;
        for (i, &u) in vars.iter().enumerate() {
            for (j, &v) in vars.iter().enumerate().skip(i + 1) {
                let repeated = vars[..i].contains(&u) || vars[..j].contains(&v);
                if u == v || repeated || s.side[u] != s.side[v] {
                    continue;
                }
                cost += pair_cost(self.span(s, u), self.span(s, v), w);
            }
        }
        cost
    }

    fn swap(&self, s: &mut State, p: usize) {
        s.order.swap(p, p + 1);
        s.position[s.order[p]] = p;
        s.position[s.order[p + 1]] = p + 1;
        s.top[p + 1] = s.top[p] + self.height(s.order[p]);
    }

    /// The cost change of moving group `g` to the other side.
    fn flip_delta(&self, s: &State, g: usize, w: Weights) -> i64 {
        let group = &self.movable[g];
        let from = s.side[group[0]];
        let mut delta = 0;
        for &v in group {
            let span = self.span(s, v);
            for u in 0..s.side.len() {
                if group.contains(&u) {
                    continue;
                }
                let pair = pair_cost(span, self.span(s, u), w);
                delta += if s.side[u] == from { -pair } else { pair };
            }
        }
        let mut touched: Vec<(usize, [u32; 2])> = Vec::new();
        for &v in group {
            for (c, _) in self.ends[v] {
                let at = match touched.iter().position(|(t, _)| *t == c) {
                    Some(at) => at,
                    None => {
                        touched.push((c, s.per_side[c]));
                        touched.len() - 1
                    }
                };
                touched[at].1[index(from)] -= 1;
                touched[at].1[1 - index(from)] += 1;
            }
        }
        for (c, after) in touched {
            delta += w.mixed * (mixed(after) - mixed(s.per_side[c]));
        }
        delta
    }

    fn flip(&self, s: &mut State, g: usize) {
        for &v in &self.movable[g] {
            let from = s.side[v];
            let to = match from {
                Side::West => Side::East,
                Side::East => Side::West,
            };
            s.side[v] = to;
            for (c, _) in self.ends[v] {
                s.per_side[c][index(from)] -= 1;
                s.per_side[c][index(to)] += 1;
            }
        }
    }

    /// Anneals from `order` and `side` (every literal on the track of its position) for
    /// `moves` moves under `weights`; returns the final drawing, or the start where that
    /// costs less.
    pub(super) fn run(
        &self,
        order: &[usize],
        side: &[Side],
        weights: Weights,
        moves: usize,
        seed: u64,
    ) -> Annealed {
        let mut s = self.state(order, side);
        let start = |s: State| Annealed {
            order: s.order,
            side: s.side,
            track: s.track,
        };
        let mut rng = fastrand::Rng::with_seed(seed);
        let clauses = order.len();
        // Clauses whose literals may trade tracks.
        let tradable: Vec<usize> = (0..clauses).filter(|&c| self.free[c] >= 2).collect();
        let mut kinds = Vec::new();
        if clauses >= 2 {
            kinds.extend([Move::Swap; 6]);
        }
        if !self.movable.is_empty() {
            kinds.extend([Move::Flip; 2]);
        }
        if !tradable.is_empty() {
            kinds.extend([Move::Trade; 2]);
        }
        if kinds.is_empty() {
            return start(s);
        }
        let initial = start(self.state(order, side));
        // Temperature from about one crossing down to a tenth of a row.
        let (hot, cold) = (weights.crossing as f64, 0.1f64);
        let cooling = (cold / hot).powf(1.0 / moves.max(1) as f64);
        let mut temperature = hot;
        let mut scratch = Scratch::default();
        let mut length = self.length(&s, &mut scratch);
        // The cost of the current state less that of the start.
        let mut gained = 0i64;
        for _ in 0..moves {
            temperature *= cooling;
            let accept = |delta: i64, rng: &mut fastrand::Rng| {
                delta <= 0 || rng.f64() < (-(delta as f64) / temperature).exp()
            };
            // Each move is made, priced (`fixed` plus the change of `pairs` and of the
            // length), and undone unless accepted.
            let mut price = |s: &mut State,
                             rng: &mut fastrand::Rng,
                             fixed: i64,
                             pairs: &dyn Fn(&State) -> i64,
                             change: &dyn Fn(&mut State)| {
                let before = pairs(s);
                change(s);
                let after = self.length(s, &mut scratch);
                let delta = fixed + pairs(s) - before + after - length;
                if accept(delta, rng) {
                    (length, gained) = (after, gained + delta);
                } else {
                    change(s);
                }
            };
            match kinds[rng.usize(0..kinds.len())] {
                Move::Flip => {
                    let g = rng.usize(0..self.movable.len());
                    let fixed = self.flip_delta(&s, g, weights);
                    price(&mut s, &mut rng, fixed, &|_| 0, &|s| self.flip(s, g));
                }
                Move::Swap => {
                    let p = rng.usize(0..clauses - 1);
                    let pairs = |s: &State| self.swap_pairs(s, p, weights);
                    price(&mut s, &mut rng, 0, &pairs, &|s| self.swap(s, p));
                }
                Move::Trade => {
                    let c = tradable[rng.usize(0..tradable.len())];
                    let (i, j) = (rng.usize(0..self.free[c]), rng.usize(0..self.free[c]));
                    if i != j {
                        let pairs = |s: &State| self.clause_pairs(s, c, weights);
                        price(&mut s, &mut rng, 0, &pairs, &|s| s.track[c].swap(i, j));
                    }
                }
            }
        }
        if gained > 0 {
            return initial;
        }
        start(s)
    }

    /// The full cost of a state, in O(variables²).
    #[cfg(test)]
    fn cost(&self, s: &State, weights: Weights) -> i64 {
        let n = s.side.len();
        let spans: Vec<(i64, i64)> = (0..n).map(|v| self.span(s, v)).collect();
        let mut cost = self.length(s, &mut Scratch::default());
        for u in 0..n {
            for v in u + 1..n {
                if s.side[u] == s.side[v] {
                    cost += pair_cost(spans[u], spans[v], weights);
                }
            }
        }
        cost + weights.mixed * s.per_side.iter().map(|&c| mixed(c)).sum::<i64>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The variables of each clause, and where each variable's two literals are.
    type Problem = (Vec<Vec<usize>>, Vec<[(usize, usize); 2]>);

    /// Random clauses of 2–3 literals over variables that occur exactly twice.
    fn random_problem(rng: &mut fastrand::Rng) -> Problem {
        let vars = rng.usize(4..20);
        let mut slots: Vec<usize> = (0..vars).flat_map(|v| [v, v]).collect();
        rng.shuffle(&mut slots);
        let mut clauses: Vec<Vec<usize>> = Vec::new();
        while !slots.is_empty() {
            let take = rng.usize(2..4).min(slots.len());
            clauses.push(slots.drain(..take).collect());
        }
        let mut ends = vec![Vec::new(); vars];
        for (c, lits) in clauses.iter().enumerate() {
            for (j, &v) in lits.iter().enumerate() {
                ends[v].push((c, j));
            }
        }
        let ends = ends.into_iter().map(|e| [e[0], e[1]]).collect();
        (clauses, ends)
    }

    /// Every move's incremental price agrees with recomputing the whole cost; annealing
    /// never returns a costlier drawing than its start, keeps groups and pins, and moves
    /// only the literals a clause lets trade tracks.
    #[test]
    fn incremental_prices_agree_with_the_whole_cost() {
        let mut rng = fastrand::Rng::with_seed(32);
        let weights = Weights {
            crossing: 7,
            mixed: 5,
            nested: 2,
        };
        for _ in 0..300 {
            let (clauses, ends) = random_problem(&mut rng);
            let n = ends.len();
            let group: Vec<usize> = (0..n).map(|v| if v % 3 == 1 { v - 1 } else { v }).collect();
            let pinned: Vec<bool> = (0..n).map(|v| group[v] == 0).collect();
            let free = clauses.iter().map(|c| rng.usize(0..=c.len())).collect();
            let anneal = Anneal::new(&clauses, ends, &group, &pinned, free);
            let order: Vec<usize> = (0..clauses.len()).collect();
            let side: Vec<Side> = (0..n)
                .map(|v| {
                    if group[v] % 2 == 0 {
                        Side::West
                    } else {
                        Side::East
                    }
                })
                .collect();
            let mut s = anneal.state(&order, &side);
            for _ in 0..40 {
                let before = anneal.cost(&s, weights);
                let c = rng.usize(0..clauses.len());
                if rng.u32(0..3) == 0 && anneal.free[c] >= 2 {
                    let (i, j) = (rng.usize(0..anneal.free[c]), rng.usize(0..anneal.free[c]));
                    let (pairs, length) = (
                        anneal.clause_pairs(&s, c, weights),
                        anneal.length(&s, &mut Scratch::default()),
                    );
                    s.track[c].swap(i, j);
                    let delta = anneal.clause_pairs(&s, c, weights) - pairs
                        + anneal.length(&s, &mut Scratch::default())
                        - length;
                    assert_eq!(anneal.cost(&s, weights) - before, delta);
                } else if rng.bool() && !anneal.movable.is_empty() {
                    let g = rng.usize(0..anneal.movable.len());
                    let (pairs, length) = (
                        anneal.flip_delta(&s, g, weights),
                        anneal.length(&s, &mut Scratch::default()),
                    );
                    anneal.flip(&mut s, g);
                    let delta = pairs + anneal.length(&s, &mut Scratch::default()) - length;
                    assert_eq!(anneal.cost(&s, weights) - before, delta);
                } else if clauses.len() > 1 {
                    let p = rng.usize(0..clauses.len() - 1);
                    let (pairs, length) = (
                        anneal.swap_pairs(&s, p, weights),
                        anneal.length(&s, &mut Scratch::default()),
                    );
                    anneal.swap(&mut s, p);
                    let delta = anneal.swap_pairs(&s, p, weights) - pairs
                        + anneal.length(&s, &mut Scratch::default())
                        - length;
                    assert_eq!(anneal.cost(&s, weights) - before, delta);
                }
            }
            let (order, side) = (s.order.clone(), s.side.clone());
            let start = anneal.cost(&anneal.state(&order, &side), weights);
            let better = anneal.run(&order, &side, weights, 2_000, 1);
            let mut reached = anneal.state(&better.order, &better.side);
            reached.track = better.track.clone();
            assert!(anneal.cost(&reached, weights) <= start);
            for (v, g) in group.iter().enumerate() {
                assert_eq!(better.side[v], better.side[*g], "a group keeps one side");
                if pinned[v] {
                    assert_eq!(better.side[v], Side::West);
                }
            }
            for (c, tracks) in better.track.iter().enumerate() {
                let mut sorted = tracks.clone();
                sorted.sort_unstable();
                assert_eq!(sorted, (0..tracks.len()).collect::<Vec<_>>());
                let fixed = anneal.free[c].max(1);
                assert!(tracks.iter().enumerate().skip(fixed).all(|(i, &t)| i == t));
            }
        }
    }
}
