//! End-to-end property test of the King reduction (issue 5, "How it is shown"): random
//! CNFs go through the whole pipeline; a satisfiable one gets a certificate (thesis
//! Theorem 5.15, "SAT ⇒ solvable") that the checker accepts and that decodes back
//! ("solvable ⇒ SAT") to a model of the CNF; an unsatisfiable one is reported as such.
//! The SAT verdict is cross-checked against exhaustive evaluation of the CNF.

#[path = "common/cnf.rs"]
mod cnf;

use cnf::{dimacs, random_cnf, satisfiable, satisfies};
use sat2chess::back::king::King;
use sat2chess::back::{certify_input, compile_formula, decode_input};
use sat2chess::check::check_sequence;
use sat2chess::front::FormulaFormat;
use sat2chess::layout::order::Ordering;
use sat2chess::rules::Variant;
use sat2chess::transform::Chain;

/// Cases of the property test (in two halves that run in parallel), and the seed that
/// makes them reproducible.
const CASES: usize = 300;
const SEED: u64 = 0x5a72_c4e5;

#[test]
fn random_cnfs_certify_check_and_decode_first_half() {
    certify_check_and_decode(SEED, CASES / 2);
}

#[test]
fn random_cnfs_certify_check_and_decode_second_half() {
    certify_check_and_decode(SEED + 1, CASES - CASES / 2);
}

fn certify_check_and_decode(seed: u64, cases: usize) {
    let mut rng = fastrand::Rng::with_seed(seed);
    let (mut sat, mut unsat, mut trivial, mut kings) = (0, 0, 0, 0usize);
    for case in 0..cases {
        let (vars, clauses) = random_cnf(&mut rng, 6, 12);
        let text = dimacs(vars, &clauses);
        let input = FormulaFormat::Dimacs.parse(&text).expect("DIMACS parses");
        let chain = Chain::from_input(&input).expect("transformation chain");
        // Only tautologies: the chain stands in two fresh clauses (a | b, ~a | ~b).
        trivial += usize::from(clauses.iter().all(|c| c.iter().any(|l| c.contains(&-l))));
        let compiled =
            compile_formula(King, chain.formula(), Ordering::Optimised).expect("compiles");
        kings = kings.max(compiled.board.len());
        let certificate = certify_input(&chain, &compiled)
            .unwrap_or_else(|e| panic!("seed {seed} case {case}: certify fails: {e}\n{text}"));
        assert_eq!(
            certificate.is_some(),
            satisfiable(vars, &clauses),
            "seed {seed} case {case}: certify's verdict\n{text}"
        );
        let Some(moves) = certificate else {
            unsat += 1;
            continue;
        };
        sat += 1;
        let report = check_sequence(&compiled.board, &moves, Variant::Standard);
        assert!(
            report.is_solution(),
            "seed {seed} case {case}: checker: {report}\n{text}"
        );
        let model = decode_input(&chain, &compiled, &moves)
            .unwrap_or_else(|e| panic!("seed {seed} case {case}: decode fails: {e}\n{text}"));
        assert!(
            satisfies(&clauses, &model),
            "seed {seed} case {case}: decoded model\n{text}"
        );
    }
    eprintln!(
        "seed {seed}: {sat} satisfiable, {unsat} unsatisfiable, {trivial} of them only \
         tautologies; largest board {kings} kings"
    );
    assert!(
        sat >= cases / 4 && unsat >= cases / 20,
        "{sat} sat, {unsat} unsat"
    );
}
