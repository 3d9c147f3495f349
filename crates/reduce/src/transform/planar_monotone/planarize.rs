//! 3-CNF → sided planar monotone 3-SAT with its variables on a line (occurrences not
//! yet bounded): every literal occurrence becomes an implication wire, the wires are
//! sorted from variable order into clause order on the line, and every crossing of two
//! wires is one [`crossover`](super::crossover).
//!
//! **Wires.** The occurrence of literal `l` is a wire carrying `¬l`: it starts at an
//! element of its variable's *source chain* `e0 e1 e2 …` (`e0` is the variable, `e(i+1)
//! = ¬e(i)` by the clauses `e(i) ∨ e(i+1)` above and `¬e(i) ∨ ¬e(i+1)` below the line)
//! whose value is `¬l`, and every hop `r → r'` is the pair `¬r ∨ ¬z` (below) and
//! `z ∨ r'` (above) through a fresh `z`: a model only ever *raises* a wire's value on
//! the way. The wires of a clause `l1 ∨ l2 ∨ l3` end side by side, under the negative
//! clause `¬t1 ∨ ¬t2 ∨ ¬t3` on their last relays: `ti` false forces the source `¬li`
//! false. So every clause becomes monotone and negative, and the forward map gives every
//! relay its source's value and every `z` the opposite.
//!
//! **Columns.** The line is a sequence of *relay columns* (the relays, or crossovers, in
//! wire order; the first is the source chains) separated by *z columns* (the `z`s in
//! the reverse order). Arcs below from a relay column to the next z column, and above
//! from there to the next relay column, are nested, so the wire order is kept. In a
//! relay column two neighbouring wires may instead enter a crossover, which exchanges
//! them (odd-even transposition sort: the wires are sorted by clause, clauses in the
//! order of their wires' mean source position, in at most one round per wire).
//!
//! **Sizes.** `W` occurrences after splitting, `R ≤ W` rounds: at most
//! `2·W·(R + 1) + 6·crossings + v + 1` variables, `crossings ≤ W²/2`: O(W²). A formula
//! with more than [`MAX_PLANAR_OCCURRENCES`] occurrences is refused.

use super::crossover;
use super::levels::assign_levels;
use super::{MonotoneClause, PlanarMonotone, Side};
use crate::transform::TransformError;
use sat2chess_core::formula::{Assignment, Cnf, Lit, Var};

/// The most literal occurrences (after splitting) the planar step takes: about 5 million
/// variables at worst.
pub const MAX_PLANAR_OCCURRENCES: usize = 1000;

/// How the forward map sets an output variable.
#[derive(Clone, Copy, Debug)]
enum Rule {
    /// The value of an input literal.
    Input(Lit),
    /// Inner variable `inner` of crossover `gadget`: set from its two wires.
    Crossover { gadget: usize, inner: usize },
    /// Any value: the stand-in `e` of the empty clauses (`e`, `¬e`), which no model reaches.
    Free,
}

/// A wire in the current relay column.
#[derive(Clone, Copy, Debug)]
struct Wire {
    /// Its relay (or the crossover terminal it leaves by).
    emitter: Var,
    /// Its place in the sorted order: clause rank, position in the clause.
    key: (usize, usize),
    /// The input literal its variables carry (forward map).
    value: Lit,
}

/// The result of [`planarize`].
#[derive(Clone, Debug)]
pub struct Planarize {
    /// The planar monotone formula (occurrences not bounded).
    pub output: PlanarMonotone,
    /// The output variable holding each input variable (`e0` of its chain).
    sources: Vec<Var>,
    rules: Vec<Rule>,
    /// The input literals carried by wires `a` and `b` of every crossover.
    crossovers: Vec<(Lit, Lit)>,
    /// Sorting rounds (relay columns after the first).
    pub rounds: usize,
}

#[derive(Default)]
struct Builder {
    rules: Vec<Rule>,
    clauses: Vec<MonotoneClause>,
}

impl Builder {
    /// A new variable, right of every variable so far.
    fn var(&mut self, rule: Rule) -> Var {
        self.rules.push(rule);
        Var(self.rules.len() as u32 - 1)
    }

    /// A clause over increasing `vars`.
    fn clause(&mut self, side: Side, vars: Vec<Var>) {
        self.clauses.push(MonotoneClause {
            side,
            vars,
            level: 1,
        });
    }
}

/// Draws the 3-CNF `cnf` (at most three literals per clause) as a sided planar
/// monotone formula (module documentation).
pub fn planarize(cnf: &Cnf) -> Result<Planarize, TransformError> {
    crate::transform::step::check_three_cnf(cnf, &crate::transform::cnf_names(cnf.num_vars))?;
    let occurrences = cnf.occurrences();
    if occurrences > MAX_PLANAR_OCCURRENCES {
        return Err(TransformError::PlanarTooLarge {
            occurrences,
            max: MAX_PLANAR_OCCURRENCES,
        });
    }
    let mut by_var = vec![Vec::new(); cnf.num_vars as usize];
    for (clause, lits) in cnf.clauses.iter().enumerate() {
        for (position, &lit) in lits.iter().enumerate() {
            by_var[lit.var.index()].push((clause, position, lit));
        }
    }
    let mut b = Builder::default();
    let mut sources = Vec::with_capacity(by_var.len());
    let mut wires = Vec::with_capacity(occurrences);
    for (x, occurrences) in by_var.iter().enumerate() {
        let x = Var(x as u32);
        let mut chain = vec![b.var(Rule::Input(Lit::new(x, true)))];
        sources.push(chain[0]);
        let mut free = 0;
        for &(clause, position, lit) in occurrences {
            // The wire carries ¬lit: chain elements alternate x, ¬x.
            let parity = usize::from(lit.positive);
            let element = if free % 2 == parity { free } else { free + 1 };
            while chain.len() <= element {
                let previous = chain[chain.len() - 1];
                let next = b.var(Rule::Input(Lit::new(x, chain.len() % 2 == 0)));
                b.clause(Side::Positive, vec![previous, next]);
                b.clause(Side::Negative, vec![previous, next]);
                chain.push(next);
            }
            wires.push(Wire {
                emitter: chain[element],
                key: (clause, position),
                value: Lit::new(x, parity == 0),
            });
            free = element + 1;
        }
    }
    rank_clauses(&mut wires, cnf.clauses.len());
    let (crossovers, rounds) = sort_wires(&mut b, &mut wires);
    for group in wires.chunk_by(|a, b| a.key.0 == b.key.0) {
        b.clause(Side::Negative, group.iter().map(|w| w.emitter).collect());
    }
    if cnf.clauses.iter().any(Vec::is_empty) {
        let e = b.var(Rule::Free);
        b.clause(Side::Positive, vec![e]);
        b.clause(Side::Negative, vec![e]);
    }
    assign_levels(&mut b.clauses);
    Ok(Planarize {
        output: PlanarMonotone {
            num_vars: b.rules.len() as u32,
            clauses: b.clauses,
        },
        sources,
        rules: b.rules,
        crossovers,
        rounds,
    })
}

/// Replaces every wire's clause by the clause's rank in the order of the mean position of
/// its wires in the first column (fewer crossings than the input order).
fn rank_clauses(wires: &mut [Wire], clauses: usize) {
    let mut sum = vec![(0usize, 0usize); clauses];
    for (index, wire) in wires.iter().enumerate() {
        let entry = &mut sum[wire.key.0];
        *entry = (entry.0 + index, entry.1 + 1);
    }
    let mut order: Vec<usize> = (0..clauses).collect();
    // Mean sum/count compared exactly: a/b < c/d ⇔ a·d < c·b.
    order.sort_by(|&c, &d| {
        let ((sc, nc), (sd, nd)) = (sum[c], sum[d]);
        (sc * nd.max(1)).cmp(&(sd * nc.max(1))).then(c.cmp(&d))
    });
    let mut rank = vec![0; clauses];
    for (r, &c) in order.iter().enumerate() {
        rank[c] = r;
    }
    for wire in wires {
        wire.key.0 = rank[wire.key.0];
    }
}

/// Sorts `wires` by key, one z column and one relay column per round; returns the
/// wires of every crossover and the number of rounds.
fn sort_wires(b: &mut Builder, wires: &mut Vec<Wire>) -> (Vec<(Lit, Lit)>, usize) {
    let mut crossovers = Vec::new();
    let mut round = 0;
    while !wires.windows(2).all(|w| w[0].key < w[1].key) {
        let mut zs = vec![Var(0); wires.len()];
        for (i, wire) in wires.iter().enumerate().rev() {
            zs[i] = b.var(Rule::Input(!wire.value));
            b.clause(Side::Negative, vec![wire.emitter, zs[i]]);
        }
        let mut next = Vec::with_capacity(wires.len());
        let mut i = 0;
        while i < wires.len() {
            let swap = i % 2 == round % 2 && i + 1 < wires.len() && wires[i].key > wires[i + 1].key;
            if !swap {
                let relay = b.var(Rule::Input(wires[i].value));
                b.clause(Side::Positive, vec![zs[i], relay]);
                next.push(Wire {
                    emitter: relay,
                    ..wires[i]
                });
                i += 1;
                continue;
            }
            let (a, wire_b) = (wires[i], wires[i + 1]);
            let gadget = crossovers.len();
            crossovers.push((a.value, wire_b.value));
            let [t1, t2, t3, t4] = crossover::TERMINALS;
            let slots: Vec<Var> = (0..crossover::SLOTS)
                .map(|s| {
                    let rule = if s == t1 || s == t4 {
                        Rule::Input(a.value)
                    } else if s == t2 || s == t3 {
                        Rule::Input(wire_b.value)
                    } else {
                        let inner = crossover::INNER.iter().position(|&x| x == s);
                        Rule::Crossover {
                            gadget,
                            inner: inner.expect("a slot is a terminal or inner"),
                        }
                    };
                    b.var(rule)
                })
                .collect();
            b.clause(Side::Positive, vec![zs[i], slots[t1]]);
            b.clause(Side::Positive, vec![zs[i + 1], slots[t2]]);
            for (side, clause) in crossover::CLAUSES {
                b.clause(side, clause.iter().map(|&s| slots[s]).collect());
            }
            next.push(Wire {
                emitter: slots[t3],
                ..wire_b
            });
            next.push(Wire {
                emitter: slots[t4],
                ..a
            });
            i += 2;
        }
        *wires = next;
        round += 1;
    }
    (crossovers, round)
}

impl Planarize {
    /// Extends a model of the input to a model of the output.
    pub fn forward(&self, input: &Assignment) -> Assignment {
        let inner: Vec<[bool; 6]> = self
            .crossovers
            .iter()
            .map(|(a, b)| crossover::inner_values(a.eval(input), b.eval(input)))
            .collect();
        Assignment(
            self.rules
                .iter()
                .map(|rule| match *rule {
                    Rule::Input(lit) => lit.eval(input),
                    Rule::Crossover { gadget, inner: k } => inner[gadget][k],
                    Rule::Free => false,
                })
                .collect(),
        )
    }

    /// Reads a model of the input off a model of the output: each variable's `e0`.
    pub fn backward(&self, output: &Assignment) -> Assignment {
        Assignment(self.sources.iter().map(|&v| output.value(v)).collect())
    }

    /// The number of crossovers.
    pub fn crossings(&self) -> usize {
        self.crossovers.len()
    }
}

#[cfg(test)]
mod tests {
    use super::super::levels::first_crossing;
    use super::*;

    #[test]
    fn the_wires_of_a_crossing_pair_go_through_a_crossover_and_nothing_crosses() {
        // x1's two occurrences are apart: clause order forces swaps.
        let cnf = Cnf::new(
            3,
            vec![
                vec![Lit::pos(0), Lit::neg(2)],
                vec![Lit::pos(1), Lit::neg(0)],
                vec![Lit::pos(2), Lit::neg(1)],
            ],
        );
        let p = planarize(&cnf).unwrap();
        assert!(p.crossings() > 0);
        assert_eq!(first_crossing(&p.output.clauses), None);
        assert!(p.output.clauses.iter().all(|c| c.level >= 1));
    }
}
