//! Problem 5 (a set of Problem 4 instances that interact only through sum-diagonals) and
//! the reduction Restricted 1-in-3-SAT → Problem 5 (paper Defs. 24–31): a variable
//! gadget `G⁰ᵢ = G⁰ ⊕ 21i` per variable and `G¹_c, G²_c, G³_c` per clause, with the maps
//! of Lemmas 34 (forward, the solutions of Lemma 33) and 35 (backward).

use rustc_hash::FxHashSet;

use super::Queen;
use super::csp::{PlacementCsp, Solutions};
use super::excluded_diagonals::ExcludedDiagonals;
use super::lines::{Line, groups_by, lines};
use super::onein3::OneInThree;
use sat2chess_solve::sat::SatError;

/// An instance of Problem 5: gadgets, each a Problem 4 instance with `D⁺ = {}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem5 {
    pub gadgets: Vec<ExcludedDiagonals>,
}

impl Problem5 {
    /// True when each part solves its gadget and no two queens of different gadgets share
    /// a sum-diagonal.
    pub fn is_solution(&self, parts: &[Vec<Queen>]) -> bool {
        let mut sums = FxHashSet::default();
        parts.len() == self.gadgets.len()
            && self
                .gadgets
                .iter()
                .zip(parts)
                .all(|(gadget, part)| gadget.is_solution(part))
            && parts.iter().flatten().all(|q| sums.insert(q.sum()))
    }

    /// Up to `limit` solutions and whether that is all of them (one SAT model over the
    /// candidate squares of all gadgets, at most one queen per sum-diagonal overall).
    pub fn enumerate(&self, limit: usize) -> Result<Solutions<Vec<Vec<Queen>>>, SatError> {
        let mut cells: Vec<(usize, Queen)> = Vec::new();
        let mut csp = PlacementCsp::default();
        for (a, gadget) in self.gadgets.iter().enumerate() {
            let local = gadget.candidates();
            let shift = |groups: Vec<Vec<u32>>| {
                groups
                    .into_iter()
                    .map(|g| g.into_iter().map(|i| i + cells.len() as u32).collect())
            };
            csp.exactly_one.extend(shift(lines(
                &local,
                &[Line::Col, Line::Row],
                gadget.cols.len(),
            )));
            csp.at_most_one
                .extend(shift(lines(&local, &[Line::Diff], 0)));
            cells.extend(local.into_iter().map(|q| (a, q)));
        }
        csp.at_most_one
            .extend(groups_by(cells.iter().map(|(_, q)| q.sum())));
        csp.cells = cells.len();
        let found = csp.enumerate(limit)?;
        let solutions = found
            .solutions
            .into_iter()
            .map(|chosen| {
                let mut parts = vec![Vec::new(); self.gadgets.len()];
                for i in chosen {
                    let (a, q) = cells[i as usize];
                    parts[a].push(q);
                }
                parts
            })
            .collect();
        Ok((solutions, found.complete))
    }
}

/// `G⁰ = ⟨4, {0, 1, 3}, {0, 2, 3}, {}, {}⟩` (Def. 26).
pub(crate) const G0_COLS: [i64; 3] = [0, 1, 3];
pub(crate) const G0_ROWS: [i64; 3] = [0, 2, 3];
/// The red solution of `G⁰` (variable true), sum-diagonals {0, 4, 5}.
pub const RED: [Queen; 3] = [Queen::new(0, 0), Queen::new(1, 3), Queen::new(3, 2)];
/// The blue solution of `G⁰` (variable false), sum-diagonals {1, 2, 6}.
pub const BLUE: [Queen; 3] = [Queen::new(0, 2), Queen::new(1, 0), Queen::new(3, 3)];
/// `(d^r, d^b)` for a variable's first, second and third clause (Def. 26).
pub(crate) const DIAGONALS: [(i64, i64); 3] = [(0, 1), (4, 2), (5, 6)];
/// `δᵥ = 21v` (Def. 26).
pub(crate) const VARIABLE_SPACING: i64 = 21;
/// Rows `{0, 7, 14}` of the clause gadgets (Defs. 27/28).
pub(crate) const ROW_STEP: i64 = 7;

/// The columns `col^x_v = δᵥ + d^x_{v,c}` of one clause `c = {vᵢ, vⱼ, v_k}`, `i < j < k`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct ClauseColumns {
    /// The variables, ascending.
    vars: [u32; 3],
    red: [i64; 3],
    blue: [i64; 3],
}

/// Def. 31: Restricted 1-in-3-SAT → Problem 5, with the maps of Lemmas 34 and 35.
/// Gadget order: `G⁰₀ … G⁰_{|V|−1}`, then `G¹_c, G²_c, G³_c` for each clause in order.
#[derive(Clone, Debug)]
pub struct GadgetReduction {
    pub instance: Problem5,
    num_vars: usize,
    clauses: Vec<ClauseColumns>,
}

impl GadgetReduction {
    /// `restricted` must satisfy [`OneInThree::validate_restricted`].
    pub fn new(restricted: &OneInThree) -> GadgetReduction {
        let mut seen = vec![0usize; restricted.num_vars as usize];
        let clauses: Vec<ClauseColumns> = restricted
            .clauses
            .iter()
            .map(|clause| {
                let mut vars = *clause;
                vars.sort_unstable();
                let mut red = [0; 3];
                let mut blue = [0; 3];
                for (slot, &v) in vars.iter().enumerate() {
                    let (d_red, d_blue) = DIAGONALS[seen[v as usize]];
                    seen[v as usize] += 1;
                    let delta = VARIABLE_SPACING * v as i64;
                    red[slot] = delta + d_red;
                    blue[slot] = delta + d_blue;
                }
                ClauseColumns { vars, red, blue }
            })
            .collect();
        let mut gadgets: Vec<ExcludedDiagonals> = (0..restricted.num_vars as i64)
            .map(|i| {
                let delta = VARIABLE_SPACING * i;
                ExcludedDiagonals::new(
                    4 + delta,
                    G0_COLS.iter().map(|c| c + delta).collect(),
                    G0_ROWS.to_vec(),
                    Vec::new(),
                    Vec::new(),
                )
            })
            .collect();
        let rows = |a: &[i64]| a.iter().map(|r| r * ROW_STEP).collect::<Vec<_>>();
        for c in &clauses {
            let ([ri, rj, rk], [bi, bj, bk]) = (c.red, c.blue);
            gadgets.push(ExcludedDiagonals::new(
                bk + 1,
                vec![bi, bj, bk],
                rows(&[0, 1, 2]),
                vec![bk - ROW_STEP, bi - 2 * ROW_STEP],
                Vec::new(),
            ));
            gadgets.push(ExcludedDiagonals::new(
                rj + 1,
                vec![ri, rj],
                rows(&[0, 1]),
                Vec::new(),
                Vec::new(),
            ));
            gadgets.push(ExcludedDiagonals::new(
                rk + 1,
                vec![rj, rk],
                rows(&[0, 2]),
                Vec::new(),
                Vec::new(),
            ));
        }
        GadgetReduction {
            instance: Problem5 { gadgets },
            num_vars: restricted.num_vars as usize,
            clauses,
        }
    }

    /// Lemma 34: `G⁰ᵢ` red iff `vᵢ` true; the clause gadgets as in the proof of Lemma 33.
    /// `values` must solve the 1-in-3 instance.
    pub fn forward(&self, values: &[bool]) -> Vec<Vec<Queen>> {
        let mut parts: Vec<Vec<Queen>> = (0..self.num_vars)
            .map(|i| {
                let solution = if values[i] { RED } else { BLUE };
                let delta = VARIABLE_SPACING * i as i64;
                solution.iter().map(|q| q.shifted(delta, 0)).collect()
            })
            .collect();
        let at = |col: i64, a: i64| Queen::new(col, a * ROW_STEP);
        for c in &self.clauses {
            let ([ri, rj, rk], [bi, bj, bk]) = (c.red, c.blue);
            let [ti, tj, _] = c.vars.map(|v| values[v as usize]);
            let (g1, g2, g3) = if ti {
                (
                    [at(bi, 0), at(bj, 1), at(bk, 2)],
                    [at(rj, 0), at(ri, 1)],
                    [at(rk, 0), at(rj, 2)],
                )
            } else if tj {
                (
                    [at(bj, 0), at(bi, 1), at(bk, 2)],
                    [at(ri, 0), at(rj, 1)],
                    [at(rk, 0), at(rj, 2)],
                )
            } else {
                (
                    [at(bk, 0), at(bi, 1), at(bj, 2)],
                    [at(ri, 0), at(rj, 1)],
                    [at(rj, 0), at(rk, 2)],
                )
            };
            parts.push(g1.to_vec());
            parts.push(g2.to_vec());
            parts.push(g3.to_vec());
        }
        for part in &mut parts {
            part.sort_unstable();
        }
        parts
    }

    /// Lemma 35: `vᵢ` is true iff `G⁰ᵢ` takes its red solution.
    pub fn backward(&self, parts: &[Vec<Queen>]) -> Vec<bool> {
        (0..self.num_vars)
            .map(|i| {
                let delta = VARIABLE_SPACING * i as i64;
                parts[i].contains(&RED[0].shifted(delta, 0))
            })
            .collect()
    }
}
