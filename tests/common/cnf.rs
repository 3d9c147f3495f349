//! Random CNFs through the whole pipeline of a target (issue 5 and issue 10, "How it is
//! shown"): a satisfiable one gets a certificate ("SAT ⇒ solvable") that the checker
//! accepts and that decodes back ("solvable ⇒ SAT") to a model of the CNF; an
//! unsatisfiable one is reported as such. The SAT verdict is cross-checked against
//! exhaustive evaluation of the CNF.

use sat2chess::formula::{Assignment, Lit, Var};
use sat2chess::front::FormulaFormat;

use super::{pipeline, scratch};

/// A random CNF: 1–`max_vars` variables and 1–`max_clauses` clauses, both uniform;
/// clause lengths uniform from 1 (unit) to 3, and one clause in six long (as many
/// literals as variables, or one more); literals may repeat or be complementary. Long
/// clauses are rarer than short ones because they dominate the board size (and the
/// test's time): each literal beyond the third costs a 3-SAT split.
pub fn random_cnf(
    rng: &mut fastrand::Rng,
    max_vars: u32,
    max_clauses: usize,
) -> (u32, Vec<Vec<i64>>) {
    let vars = rng.u32(1..=max_vars);
    let clauses = (0..rng.usize(1..=max_clauses))
        .map(|_| {
            let len = if rng.u32(0..6) == 0 {
                rng.u32(vars..=vars + 1)
            } else {
                rng.u32(1..=3)
            };
            (0..len)
                .map(|_| {
                    let v = i64::from(rng.u32(1..=vars));
                    if rng.bool() { v } else { -v }
                })
                .collect()
        })
        .collect();
    (vars, clauses)
}

pub fn dimacs(vars: u32, clauses: &[Vec<i64>]) -> String {
    let mut text = format!("p cnf {vars} {}\n", clauses.len());
    for clause in clauses {
        for lit in clause {
            text.push_str(&format!("{lit} "));
        }
        text.push_str("0\n");
    }
    text
}

pub fn satisfies(clauses: &[Vec<i64>], model: &Assignment) -> bool {
    clauses.iter().all(|clause| {
        clause
            .iter()
            .any(|&l| Lit::from_dimacs(l).expect("nonzero literal").eval(model))
    })
}

/// Whether some assignment of `vars` variables satisfies the clauses (exhaustive).
pub fn satisfiable(vars: u32, clauses: &[Vec<i64>]) -> bool {
    (0u32..1 << vars).any(|bits| {
        let mut assignment = Assignment::all_false(vars as usize);
        for v in 0..vars {
            assignment.set(Var(v), bits >> v & 1 == 1);
        }
        satisfies(clauses, &assignment)
    })
}

/// Runs `cases` random CNFs (at most `max_vars` variables and `max_clauses` clauses)
/// from `seed` through the target called `target` (`sat2chess::targets::TARGETS`) as
/// the command line does: compile, certify, check, decode (`pipeline.rs`).
pub fn certify_check_and_decode(
    target: &str,
    seed: u64,
    cases: usize,
    (max_vars, max_clauses): (u32, usize),
) {
    let target = pipeline::target(target);
    let dir = scratch(&format!("cnf/{}-{seed:x}", target.name()));
    let mut rng = fastrand::Rng::with_seed(seed);
    let (mut sat, mut unsat, mut trivial, mut pieces) = (0, 0, 0, 0usize);
    for case in 0..cases {
        let (vars, clauses) = random_cnf(&mut rng, max_vars, max_clauses);
        let text = dimacs(vars, &clauses);
        let input = FormulaFormat::Dimacs.parse(&text).expect("DIMACS parses");
        // Only tautologies: the chain stands in two fresh clauses (a | b, ~a | ~b).
        trivial += usize::from(clauses.iter().all(|c| c.iter().any(|l| c.contains(&-l))));
        let (compiled, model) =
            pipeline::certify_check_and_decode(target, &input, "random.cnf", &dir)
                .unwrap_or_else(|e| panic!("seed {seed} case {case}: {e}\n{text}"));
        pieces = pieces.max(compiled.board.len());
        assert_eq!(
            compiled.certificate.is_some(),
            satisfiable(vars, &clauses),
            "seed {seed} case {case}: certify's verdict\n{text}"
        );
        let Some(model) = model else {
            unsat += 1;
            continue;
        };
        sat += 1;
        assert!(
            satisfies(&clauses, &model),
            "seed {seed} case {case}: decoded model\n{text}"
        );
    }
    eprintln!(
        "{} seed {seed}: {sat} satisfiable, {unsat} unsatisfiable, {trivial} of them only \
         tautologies; largest board {pieces} pieces",
        target.name()
    );
    assert!(
        sat >= cases / 4 && unsat >= cases / 20,
        "{sat} sat, {unsat} unsat"
    );
}
