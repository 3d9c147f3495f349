//! End-to-end property test of the Rook reduction (issue 11, thesis Theorem 7.16):
//! random CNFs go through the whole pipeline; a satisfiable one gets the §7.6
//! certificate that the checker accepts and that decodes back to a model of the CNF; an
//! unsatisfiable one is reported as such (verdicts cross-checked by exhaustive
//! evaluation).

// Shared by several test binaries; this one uses the generator, not the tile-backend loop.
#[allow(dead_code)]
#[path = "common/cnf.rs"]
mod cnf;

use cnf::{dimacs, random_cnf, satisfiable, satisfies};
use sat2chess::back::rook::{certify_input, compile_formula, decode_input};
use sat2chess::check::check_sequence;
use sat2chess::front::FormulaFormat;
use sat2chess::rules::Variant;
use sat2chess::transform::Chain;

const CASES: usize = 300;
const SEED: u64 = 0x0c7_7005;

#[test]
fn random_cnfs_certify_check_and_decode() {
    let mut rng = fastrand::Rng::with_seed(SEED);
    let (mut sat, mut unsat, mut rooks) = (0, 0, 0usize);
    for case in 0..CASES {
        let (vars, clauses) = random_cnf(&mut rng, 6, 12);
        let text = dimacs(vars, &clauses);
        let input = FormulaFormat::Dimacs.parse(&text).expect("DIMACS parses");
        let chain = Chain::from_input(&input).expect("transformation chain");
        let compiled = compile_formula(chain.formula())
            .unwrap_or_else(|e| panic!("case {case}: compile fails: {e}\n{text}"));
        rooks = rooks.max(compiled.board.len());
        let certificate = certify_input(&chain, &compiled)
            .unwrap_or_else(|e| panic!("case {case}: certify fails: {e}\n{text}"));
        assert_eq!(
            certificate.is_some(),
            satisfiable(vars, &clauses),
            "case {case}: certify's verdict\n{text}"
        );
        let Some(moves) = certificate else {
            unsat += 1;
            continue;
        };
        sat += 1;
        let report = check_sequence(&compiled.board, &moves, Variant::Standard);
        assert!(
            report.is_solution(),
            "case {case}: checker: {report}\n{text}"
        );
        let model = decode_input(&chain, &compiled, &moves)
            .unwrap_or_else(|e| panic!("case {case}: decode fails: {e}\n{text}"));
        assert!(
            satisfies(&clauses, &model),
            "case {case}: decoded model\n{text}"
        );
    }
    eprintln!("{sat} satisfiable, {unsat} unsatisfiable; largest board {rooks} rooks");
    assert!(
        sat >= CASES / 4 && unsat >= CASES / 20,
        "{sat} sat, {unsat} unsat"
    );
}
