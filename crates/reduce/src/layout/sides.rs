//! Which side of the conjunction spine each variable's wires run on
//! ([`VariablePlacement::TwoSided`](super::VariablePlacement::TwoSided)).
//!
//! The clause bands stay in one column of rows; a variable is a vertical wire between the
//! tracks of its two literals, west or east of the spine. Two variables on one side cross
//! exactly when their row spans interleave (`a < c < b < d`): the one further from the
//! spine sends a track across the other's wire (the column packing of [`super::order`]
//! makes every other pair crossing-free). Variables on different sides never meet. A
//! clause whose literals come from both sides costs one crossing more, where its eastern
//! part crosses the spine. This is the two-page book-crossing problem plus that clause
//! term: NP-hard, so a greedy start and single flips until none helps (a local optimum
//! of a max-cut-like objective, the usual heuristic; no crate offers it).
//!
//! Constraints: the two literals of an And must come from one side (the spine is
//! crossed by one signal per clause, and an And's two inputs must meet before the Or),
//! and a variable with both literals in one clause stays west (it uses the gap-row
//! routing of the one-sided layouts).

use super::order::Span;

/// West (toward the variables of the one-sided layouts) or east of the spine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Side {
    West,
    East,
}

/// Interleaving pairs inspected before giving up on optimising (then every variable
/// stays west): bounds time and memory on formulas far beyond what can be stamped.
const MAX_PAIRS: usize = 30_000_000;
/// Most improvement rounds of single flips (uf20-91 settles after a few).
const FLIP_ROUNDS: usize = 50;

/// A union of variables that must share a side.
struct Groups {
    parent: Vec<usize>,
}

impl Groups {
    fn new(n: usize) -> Groups {
        Groups {
            parent: (0..n).collect(),
        }
    }

    fn find(&mut self, mut v: usize) -> usize {
        while self.parent[v] != v {
            self.parent[v] = self.parent[self.parent[v]];
            v = self.parent[v];
        }
        v
    }

    fn union(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        if a != b {
            self.parent[a.max(b)] = a.min(b);
        }
    }
}

/// The pairs of variables whose spans interleave, or `None` past [`MAX_PAIRS`].
fn interleaving_pairs(spans: &[Span]) -> Option<Vec<(usize, usize)>> {
    let mut by_top: Vec<usize> = (0..spans.len()).collect();
    by_top.sort_unstable_by_key(|&v| (spans[v].top, v));
    let mut pairs = Vec::new();
    let mut inspected = 0usize;
    for (i, &a) in by_top.iter().enumerate() {
        let (top, bottom) = (spans[a].top, spans[a].bottom);
        for &b in &by_top[i + 1..] {
            if spans[b].top >= bottom {
                break;
            }
            inspected += 1;
            if inspected > MAX_PAIRS {
                return None;
            }
            if spans[b].top > top && spans[b].bottom > bottom {
                pairs.push((a, b));
            }
        }
    }
    Some(pairs)
}

/// The side-assignment problem on groups of variables (see the module doc).
struct Problem {
    /// Per group root: interleaving neighbour groups (with multiplicity).
    neighbours: Vec<Vec<usize>>,
    /// Per group root: the clauses it touches, with how many of its literals.
    members: Vec<Vec<(usize, usize)>>,
    pinned: Vec<bool>,
    roots: Vec<usize>,
    clauses: usize,
}

/// One assignment of sides to groups with its clause counts.
#[derive(Clone)]
struct Assignment {
    side: Vec<Option<Side>>,
    /// Literals of each clause per side: [west, east].
    per_side: Vec<[usize; 2]>,
}

fn index(side: Side) -> usize {
    usize::from(side == Side::East)
}

fn mixed(counts: [usize; 2]) -> i64 {
    i64::from(counts[0] > 0 && counts[1] > 0)
}

impl Problem {
    /// The cost change of putting group `g` (now on `from`, or nowhere) on `to`.
    fn delta(&self, a: &Assignment, g: usize, from: Option<Side>, to: Side, weight: i64) -> i64 {
        let mut d = 0i64;
        for &h in &self.neighbours[g] {
            d += i64::from(a.side[h] == Some(to)) - i64::from(from.is_some() && a.side[h] == from);
        }
        for &(c, k) in &self.members[g] {
            let before = a.per_side[c];
            let mut after = before;
            if let Some(f) = from {
                after[index(f)] -= k;
            }
            after[index(to)] += k;
            d += weight * (mixed(after) - mixed(before));
        }
        d
    }

    fn put(&self, a: &mut Assignment, g: usize, to: Side) {
        for &(c, k) in &self.members[g] {
            if let Some(from) = a.side[g] {
                a.per_side[c][index(from)] -= k;
            }
            a.per_side[c][index(to)] += k;
        }
        a.side[g] = Some(to);
    }

    /// Greedy in the given group order, then single flips while one helps; a mixed
    /// clause costs `weight`.
    fn solve(&self, order: &[usize], weight: i64) -> Assignment {
        let mut a = Assignment {
            side: vec![None; self.neighbours.len()],
            per_side: vec![[0; 2]; self.clauses],
        };
        for &g in order {
            let (west, east) = (
                self.delta(&a, g, None, Side::West, weight),
                self.delta(&a, g, None, Side::East, weight),
            );
            let to = if self.pinned[g] || west <= east {
                Side::West
            } else {
                Side::East
            };
            self.put(&mut a, g, to);
        }
        for _ in 0..FLIP_ROUNDS {
            let mut improved = false;
            for &g in self.roots.iter().filter(|&&g| !self.pinned[g]) {
                let from = a.side[g].expect("assigned");
                let to = if from == Side::West {
                    Side::East
                } else {
                    Side::West
                };
                if self.delta(&a, g, Some(from), to, weight) < 0 {
                    self.put(&mut a, g, to);
                    improved = true;
                }
            }
            if !improved {
                break;
            }
        }
        a
    }
}

/// Side assignments for one formula's variables (module doc).
pub(crate) struct Sides {
    /// How many pairs of variables interleave (cross when on one side).
    pub pairs: usize,
    problem: Problem,
    /// The group (root variable) of every variable.
    group: Vec<usize>,
    /// Greedy orders of the groups: by top row, by bottom row, longest first, and the
    /// first reversed.
    starts: Vec<Vec<usize>>,
}

impl Sides {
    /// `spans[v]` are the rows of variable `v`'s two literal tracks, `clauses` the
    /// variables of each clause, `and_pairs` the two variables of each And, `west` the
    /// variables that must stay west. `None` when the spans interleave in too many
    /// pairs to optimise (past 30 million pairs of overlapping spans inspected).
    pub fn new(
        spans: &[Span],
        clauses: &[Vec<usize>],
        and_pairs: &[(usize, usize)],
        west: &[bool],
    ) -> Option<Sides> {
        let n = spans.len();
        let pairs = interleaving_pairs(spans)?;
        let mut groups = Groups::new(n);
        for &(a, b) in and_pairs {
            groups.union(a, b);
        }
        let group: Vec<usize> = (0..n).map(|v| groups.find(v)).collect();
        let mut pinned = vec![false; n];
        for v in (0..n).filter(|&v| west[v]) {
            pinned[group[v]] = true;
        }
        let mut neighbours: Vec<Vec<usize>> = vec![Vec::new(); n];
        for &(a, b) in &pairs {
            let (ga, gb) = (group[a], group[b]);
            if ga != gb {
                neighbours[ga].push(gb);
                neighbours[gb].push(ga);
            }
        }
        let mut members: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
        for (c, vars) in clauses.iter().enumerate() {
            for &v in vars {
                members[group[v]].push((c, 1));
            }
        }
        for list in &mut members {
            list.sort_unstable();
            list.dedup_by(|next, kept| {
                let same = next.0 == kept.0;
                if same {
                    kept.1 += next.1;
                }
                same
            });
        }
        let roots: Vec<usize> = (0..n).filter(|&v| group[v] == v).collect();
        let sorted = |key: &dyn Fn(usize) -> (i64, usize)| {
            let mut order = roots.clone();
            order.sort_unstable_by_key(|&g| key(g));
            order
        };
        let by_top = sorted(&|g| (i64::from(spans[g].top), g));
        let mut reversed = by_top.clone();
        reversed.reverse();
        let starts = vec![
            by_top,
            sorted(&|g| (i64::from(spans[g].bottom), g)),
            sorted(&|g| (-i64::from(spans[g].bottom - spans[g].top), g)),
            reversed,
        ];
        let problem = Problem {
            neighbours,
            members,
            pinned,
            roots,
            clauses: clauses.len(),
        };
        Some(Sides {
            pairs: pairs.len(),
            problem,
            group,
            starts,
        })
    }

    /// The variable standing for each variable's group (an And's two variables share
    /// one side).
    pub fn group(&self) -> &[usize] {
        &self.group
    }

    /// One local optimum per greedy start (the first `starts` of them) for a mixed
    /// clause costing `weight` crossings. Deterministic.
    pub fn candidates(&self, weight: i64, starts: usize) -> impl Iterator<Item = Vec<Side>> + '_ {
        self.starts.iter().take(starts).map(move |order| {
            let best = self.problem.solve(order, weight);
            self.group
                .iter()
                .map(|&g| best.side[g].expect("assigned"))
                .collect()
        })
    }
}
#[cfg(test)]
mod tests {
    use super::*;

    fn span(top: u32, bottom: u32) -> Span {
        Span {
            top,
            bottom,
            width: 1,
        }
    }

    /// Every candidate of `Sides::new(…)` with a mixed clause costing 1.
    fn all(
        spans: &[Span],
        clauses: &[Vec<usize>],
        and_pairs: &[(usize, usize)],
        west: &[bool],
    ) -> Vec<Vec<Side>> {
        let sides = Sides::new(spans, clauses, and_pairs, west).unwrap();
        sides.candidates(1, 4).collect()
    }

    #[test]
    fn interleaving_spans_go_to_different_sides() {
        // 0 and 1 interleave, 2 is nested in 0 (no crossing), clauses keep sides apart.
        let spans = [span(0, 10), span(5, 15), span(2, 3)];
        for sides in all(&spans, &[vec![0], vec![1], vec![2]], &[], &[false; 3]) {
            assert_ne!(sides[0], sides[1]);
        }
        // An And pair ties 0 and 1 together; a pinned variable stays west.
        for sides in all(&spans, &[vec![0, 1]], &[(0, 1)], &[false; 3]) {
            assert_eq!(sides[0], sides[1]);
        }
        for sides in all(&spans, &[vec![0], vec![1]], &[], &[true, true, false]) {
            assert_eq!(sides[..2], [Side::West, Side::West]);
        }
        // A mixed clause costing more than the crossing keeps the clause on one side.
        let sides = Sides::new(&spans, &[vec![0, 1]], &[], &[false; 3]).unwrap();
        for sides in sides.candidates(2, 4) {
            assert_eq!(sides[0], sides[1]);
        }
    }

    #[test]
    fn only_interleaving_pairs_are_listed() {
        let spans = [span(0, 10), span(5, 15), span(2, 3), span(10, 12)];
        assert_eq!(interleaving_pairs(&spans), Some(vec![(0, 1)]));
    }
}
