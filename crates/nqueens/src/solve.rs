//! Exact solving and counting for every stage of the chain: one placement model (a cell
//! per candidate square — a square the instance does not already rule out —, "exactly
//! one" per line that must hold a queen, "at most one" per other line) and two engines,
//! [`Engine::Search`] (exact cover, [`super::search`]; the default, far faster) and
//! [`Engine::Sat`], the SAT encoding the paper found best (§5.1). At-most-one is pairwise for groups up to
//! [`PAIRWISE_LIMIT`] squares and the sequential counter (Sinz 2005) above — the paper
//! used the commander encoding; both are standard and give the same solutions. Counting
//! enumerates solutions with blocking clauses over the square variables only, so every
//! solution is counted once whatever the auxiliary variables do.

use super::Queen;
use super::csp::{Enumeration, EnumerationLimit, PlacementCsp, Solutions};
use super::lines::{Line, lines};
use sat2chess_core::formula::{Cnf, Lit};
use sat2chess_solve::sat::{SatError, at_most_one, solve_cnf};

/// How a [`PlacementCsp`] (or [`QueensCsp`]) is solved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Engine {
    /// Exact search: on a board with at most 64 free rows and columns the bitboard
    /// search ([`super::bitboard`]), otherwise exact cover (Algorithm X with minimum
    /// remaining values, [`super::search`]).
    #[default]
    Search,
    /// The SAT encoding with splr, blocking clauses to enumerate.
    Sat,
}

impl sat2chess_core::choice::Choice for Engine {
    const CHOICES: &'static [(Self, &'static str, &'static str)] = &[
        (
            Engine::Search,
            "search",
            "exact search: bitboards up to 64 free lines, else exact cover",
        ),
        (
            Engine::Sat,
            "sat",
            "the SAT encoding with splr, blocking clauses to enumerate",
        ),
    ];
}

pub use sat2chess_solve::sat::PAIRWISE_LIMIT;

/// Queens on the candidate squares `cells` of a board: exactly one on each column and
/// each row that some cell lies on (and `required` of each: fewer lines leave no
/// solution), at most one per diagonal.
#[derive(Clone, Debug, Default)]
pub struct QueensCsp {
    pub cells: Vec<Queen>,
    pub required: usize,
}

impl QueensCsp {
    /// The model as a [`PlacementCsp`] over the indices of `cells`: missing lines become
    /// empty "exactly one" groups, making it unsatisfiable as it should be.
    pub fn placement(&self) -> PlacementCsp {
        PlacementCsp {
            cells: self.cells.len(),
            exactly_one: lines(&self.cells, &[Line::Col, Line::Row], self.required),
            at_most_one: lines(&self.cells, &[Line::Sum, Line::Diff], 0),
        }
    }

    /// Up to `limit` solutions (the chosen indices of `cells`) with `engine`.
    pub fn enumerate_with(
        &self,
        engine: Engine,
        limit: impl Into<EnumerationLimit>,
    ) -> Result<Enumeration, SatError> {
        let limit = limit.into();
        let bitboard = match engine {
            Engine::Search => super::bitboard::enumerate(&self.cells, self.required, limit),
            Engine::Sat => None,
        };
        match bitboard {
            Some(found) => Ok(found),
            None => self.placement().enumerate_with(engine, limit),
        }
    }

    /// Up to `limit` solutions as the chosen squares (each sorted), and whether that is
    /// all of them.
    pub fn enumerate_queens_with(
        &self,
        engine: Engine,
        limit: impl Into<EnumerationLimit>,
    ) -> Result<Solutions<Vec<Queen>>, SatError> {
        let found = self.enumerate_with(engine, limit)?;
        let solutions = found
            .solutions
            .into_iter()
            .map(|chosen| chosen.iter().map(|&i| self.cells[i as usize]).collect())
            .collect();
        Ok((solutions, found.complete))
    }
}

impl PlacementCsp {
    /// The CNF: variable `i` (0-based) is cell `i`; auxiliary variables follow.
    pub fn to_cnf(&self) -> Cnf {
        let mut cnf = Cnf::new(self.cells as u32, Vec::new());
        for group in &self.exactly_one {
            cnf.clauses
                .push(group.iter().map(|&cell| Lit::pos(cell)).collect());
            at_most_one(&mut cnf, group);
        }
        for group in &self.at_most_one {
            at_most_one(&mut cnf, group);
        }
        cnf
    }

    /// Up to `limit` distinct solutions with the default engine. Every cell must lie in
    /// some "exactly one" group (as on every board: its column and row).
    pub fn enumerate(&self, limit: usize) -> Result<Enumeration, SatError> {
        self.enumerate_with(Engine::default(), limit)
    }

    /// Up to `limit` distinct solutions with `engine` (the SAT solver finds each after
    /// blocking the ones before; it ignores the node limit).
    pub fn enumerate_with(
        &self,
        engine: Engine,
        limit: impl Into<EnumerationLimit>,
    ) -> Result<Enumeration, SatError> {
        let limit = limit.into();
        match engine {
            Engine::Search => Ok(super::search::enumerate(self, limit)),
            Engine::Sat => enumerate_projected(&self.to_cnf(), self.cells, limit.solutions),
        }
    }
}

/// Up to `limit` models of `cnf` that differ on the first `projected` variables, each
/// given as the sorted list of those of them that are true; a blocking clause over the
/// projected variables follows every model.
pub(crate) fn enumerate_projected(
    cnf: &Cnf,
    projected: usize,
    limit: usize,
) -> Result<Enumeration, SatError> {
    let mut cnf = cnf.clone();
    let mut solutions = Vec::new();
    while solutions.len() < limit {
        let Some(model) = solve_cnf(&cnf)? else {
            return Ok(Enumeration {
                solutions,
                complete: true,
                nodes: 0,
            });
        };
        let chosen: Vec<u32> = (0..projected as u32)
            .filter(|&var| model.0[var as usize])
            .collect();
        let blocking = (0..projected as u32)
            .map(|var| Lit::new(sat2chess_core::formula::Var(var), !model.0[var as usize]))
            .collect();
        cnf.clauses.push(blocking);
        solutions.push(chosen);
    }
    let complete = solve_cnf(&cnf)?.is_none();
    Ok(Enumeration {
        solutions,
        complete,
        nodes: 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lines::groups_by;

    /// All cells of `size`×`size` n-Queens: the classical counts 1, 0, 0, 2, 10, 4, 40, 92.
    fn queens(size: usize) -> PlacementCsp {
        let cells: Vec<(usize, usize)> = (0..size)
            .flat_map(|c| (0..size).map(move |r| (c, r)))
            .collect();
        let line = |f: fn(&(usize, usize)) -> i64| groups_by(cells.iter().map(f));
        let mut exactly_one = line(|&(c, _)| c as i64);
        exactly_one.extend(line(|&(_, r)| r as i64));
        let mut at_most_one = line(|&(c, r)| c as i64 + r as i64);
        at_most_one.extend(line(|&(c, r)| c as i64 - r as i64));
        PlacementCsp {
            cells: cells.len(),
            exactly_one,
            at_most_one,
        }
    }

    #[test]
    fn counts_classical_n_queens() {
        for engine in [Engine::Search, Engine::Sat] {
            for (size, count) in [
                (1, 1),
                (2, 0),
                (3, 0),
                (4, 2),
                (5, 10),
                (6, 4),
                (7, 40),
                (8, 92),
            ] {
                let found = queens(size).enumerate_with(engine, 1000).unwrap();
                assert!(found.complete);
                assert_eq!(found.solutions.len(), count, "{size}-queens, {engine:?}");
            }
        }
    }

    #[test]
    fn engines_find_the_same_solutions() {
        let mut by_engine = [Engine::Search, Engine::Sat]
            .map(|engine| queens(7).enumerate_with(engine, 1000).unwrap().solutions);
        for solutions in &mut by_engine {
            solutions.sort();
        }
        assert_eq!(by_engine[0], by_engine[1]);
    }

    #[test]
    fn limit_reports_incomplete() {
        for engine in [Engine::Search, Engine::Sat] {
            let found = queens(8).enumerate_with(engine, 5).unwrap();
            assert_eq!(found.solutions.len(), 5);
            assert!(!found.complete);
            let exact = queens(8).enumerate_with(engine, 92).unwrap();
            assert_eq!(exact.solutions.len(), 92);
            assert!(exact.complete, "{engine:?}");
        }
    }
}
