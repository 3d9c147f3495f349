//! Parsimony of every stage of the n-Queens Completion chain (papers/004): on small random
//! 1-in-3-SAT instances and tiny CNFs the solution count is the same at every stage and
//! the forward and backward maps are inverse bijections between the solution sets. Solution
//! sets are enumerated with the SAT solver and blocking clauses; every enumerated solution
//! is also checked against the stage's own definition.

use std::collections::HashSet;
use std::fmt::Debug;
use std::hash::Hash;

use sat2chess::formula::{Assignment, Cnf, Lit};
use sat2chess::nqueens::chain::Chain;
use sat2chess::nqueens::check::check_completion;
use sat2chess::nqueens::completion::Embedding;
use sat2chess::nqueens::onein3::{CnfEncoding, OneInThree, Restriction};
use sat2chess::nqueens::problem5::GadgetReduction;
use sat2chess::nqueens::{Queen, canonical, non_attacking};

const LIMIT: usize = 10_000;

/// A random monotone 1-in-3 instance: `clauses` clauses over `vars` variables; with
/// `restricted`, clauses that would give a variable a fourth occurrence are redrawn (and
/// left out when 100 draws fail).
pub fn random_onein3(
    rng: &mut fastrand::Rng,
    vars: u32,
    clauses: usize,
    restricted: bool,
) -> OneInThree {
    let mut occurrences = vec![0; vars as usize];
    let mut out = Vec::new();
    for _ in 0..clauses {
        for _ in 0..100 {
            let mut picked: Vec<u32> = Vec::new();
            while picked.len() < 3 {
                let v = rng.u32(0..vars);
                if !picked.contains(&v) {
                    picked.push(v);
                }
            }
            if !restricted || picked.iter().all(|&v| occurrences[v as usize] < 3) {
                for &v in &picked {
                    occurrences[v as usize] += 1;
                }
                out.push([picked[0], picked[1], picked[2]]);
                break;
            }
        }
    }
    OneInThree {
        num_vars: vars,
        clauses: out,
    }
}

/// `forward` maps `sources` into `targets`, `backward` undoes it, and both sets have the
/// same size: the maps are inverse bijections.
fn assert_bijection<A, B>(
    stage: &str,
    sources: &[A],
    targets: &[B],
    forward: impl Fn(&A) -> B,
    backward: impl Fn(&B) -> A,
) where
    A: Eq + Hash + Debug,
    B: Eq + Hash + Debug + Clone,
{
    assert_eq!(
        sources.len(),
        targets.len(),
        "{stage}: solution counts differ"
    );
    let target_set: HashSet<B> = targets.iter().cloned().collect();
    assert_eq!(
        target_set.len(),
        targets.len(),
        "{stage}: repeated solution"
    );
    for a in sources {
        let b = forward(a);
        assert!(
            target_set.contains(&b),
            "{stage}: forward image {b:?} is no solution"
        );
        assert_eq!(
            &backward(&b),
            a,
            "{stage}: backward ∘ forward is not the identity"
        );
    }
    for b in targets {
        assert_eq!(
            &forward(&backward(b)),
            b,
            "{stage}: forward ∘ backward is not the identity"
        );
    }
}

fn complete<T>((solutions, complete): (Vec<T>, bool)) -> Vec<T> {
    assert!(complete, "more than {LIMIT} solutions");
    solutions
}

/// Theorem 4, and Def. 31 when the restricted instance has at most `max_vars` variables
/// (the SAT solver's proofs that no further Problem 5 solution exists grow quickly):
/// counts and bijections.
fn check_front(monotone: &OneInThree, max_vars: u32) -> (Vec<Vec<bool>>, Vec<Vec<Vec<Queen>>>) {
    let restriction = Restriction::new(monotone);
    let solutions = complete(monotone.enumerate(LIMIT).unwrap());
    for s in &solutions {
        assert!(monotone.is_solution(s));
    }

    let restricted = &restriction.instance;
    restricted.validate_restricted().unwrap();
    let restricted_solutions = complete(restricted.enumerate(LIMIT).unwrap());
    assert_bijection(
        "Theorem 4",
        &solutions,
        &restricted_solutions,
        |s| restriction.forward(s),
        |r| restriction.backward(r),
    );

    if restricted.num_vars > max_vars {
        return (solutions, Vec::new());
    }
    let gadgets = GadgetReduction::new(restricted);
    let problem5 = &gadgets.instance;
    let p5_solutions = complete(problem5.enumerate(LIMIT).unwrap());
    for s in &p5_solutions {
        assert!(problem5.is_solution(s));
    }
    for g in &problem5.gadgets {
        assert!(g.is_well_formed());
    }
    assert_bijection(
        "Def. 31",
        &restricted_solutions,
        &p5_solutions,
        |s| gadgets.forward(s),
        |p| gadgets.backward(p),
    );
    (solutions, p5_solutions)
}

/// Checks every stage on `monotone`; Problem 2 through [`Embedding`]'s description of the
/// board, and also on the board written out when its side is at most `max_side`.
/// Returns the solution count.
fn check_chain(monotone: &OneInThree, max_side: i64) -> usize {
    let (solutions, p5_solutions) = check_front(monotone, u32::MAX);
    let chain = Chain::from_onein3(monotone, i64::MAX).unwrap();
    let side = sat2chess::nqueens::chain::completion_side(&chain.gadgets.instance);
    assert_eq!(side, chain.embedding.n, "predicted board side");
    let problem4 = &chain.arrangement.instance;
    assert!(problem4.is_well_formed());
    let p4_solutions = complete(problem4.enumerate(LIMIT).unwrap());
    for s in &p4_solutions {
        assert!(problem4.is_solution(s));
    }
    assert_bijection(
        "Def. 20",
        &p5_solutions,
        &p4_solutions,
        |p| chain.arrangement.forward(p),
        |s| chain.arrangement.backward(s),
    );

    let problem3 = &chain.blocking.instance;
    assert!(problem3.is_well_formed());
    // Problem 3's solutions as the queens they add to `P` (`S₃ ∖ P`).
    let p3_solutions = complete(problem3.enumerate(LIMIT).unwrap());
    for added in &p3_solutions {
        assert!(problem3.is_solution(added));
    }
    assert_bijection(
        "Def. 16",
        &p4_solutions,
        &p3_solutions,
        |s| chain.blocking.forward(s),
        |s| chain.blocking.backward(s),
    );

    // Problem 2 through the embedding's description of the board (never written out).
    let embedding = &chain.embedding;
    assert!(embedding.preplaced_attack_free());
    let p2_solutions = complete(embedding.enumerate(LIMIT).unwrap());
    for added in &p2_solutions {
        assert!(embedding.is_completion(added));
    }
    assert_bijection(
        "Def. 10",
        &p3_solutions,
        &p2_solutions,
        |s| embedding.forward(s),
        |a| embedding.backward(a),
    );
    // The whole chain at once.
    assert_bijection(
        "chain",
        &solutions,
        &p2_solutions,
        |s| chain.forward(s),
        |a| chain.backward(a),
    );
    if embedding.n <= max_side {
        // The board written out: the same completions, each accepted by the checker.
        let completion = chain.completion();
        assert_eq!(completion.n, side, "predicted board side");
        assert!(completion.is_well_formed());
        assert_eq!(completion.preplaced.len(), embedding.preplaced_count());
        let mut written = complete(completion.enumerate(LIMIT).unwrap());
        for added in &written {
            check_completion(completion.n, &completion.preplaced, added).unwrap();
        }
        let mut sparse = p2_solutions.clone();
        written.sort();
        sparse.sort();
        assert_eq!(written, sparse, "Def. 10: written board");
        // The added-queens form of Problem 3 against the paper's sets: `S₃ = P ∪ added`
        // solves Problem 3, and on the written board `S₂ = S₃ ∪ P₂` (Lemma 12) is a
        // solution whose `n₃ × n₃` corner is `S₃` (Lemma 11).
        for added in &p3_solutions {
            let full: Vec<Queen> =
                canonical(problem3.preplaced.iter().chain(added).copied().collect());
            assert_eq!(full.len(), problem3.preplaced.len() + problem3.cols.len());
            assert!(non_attacking(&full));
            let completed: Vec<Queen> = completion
                .preplaced
                .iter()
                .copied()
                .chain(embedding.forward(added))
                .collect();
            assert_eq!(completed.len() as i64, completion.n);
            assert!(non_attacking(&completed));
            let corner = completed.into_iter().filter(|q| q.norm() < problem3.n);
            assert_eq!(canonical(corner.collect()), full, "Lemmas 11/12");
        }
    }
    solutions.len()
}

#[test]
fn gadget_g0_has_exactly_the_red_and_blue_solutions() {
    // One variable in no clause: Problem 5 is G⁰ alone (Def. 26, Figure 6).
    let single = OneInThree {
        num_vars: 1,
        clauses: Vec::new(),
    };
    let reduction = GadgetReduction::new(&single);
    let solutions = complete(reduction.instance.enumerate(LIMIT).unwrap());
    let mut expected = vec![
        sat2chess::nqueens::problem5::RED.to_vec(),
        sat2chess::nqueens::problem5::BLUE.to_vec(),
    ];
    for s in &mut expected {
        s.sort_unstable();
    }
    let mut found: Vec<Vec<_>> = solutions.into_iter().map(|mut p| p.remove(0)).collect();
    found.sort();
    expected.sort();
    assert_eq!(found, expected);
}

#[test]
fn one_clause_has_three_solutions_at_every_stage() {
    // Lemma 33: M_{5,c} has exactly three solutions.
    let clause = OneInThree {
        num_vars: 3,
        clauses: vec![[0, 1, 2]],
    };
    assert_eq!(check_chain(&clause, 2_000_000), 3);
}

#[test]
fn random_restricted_instances_are_parsimonious_at_every_stage() {
    let mut rng = fastrand::Rng::with_seed(16);
    let mut counts = Vec::new();
    for _ in 0..24 {
        let vars = rng.u32(3..=8);
        let clauses = rng.usize(1..=6);
        let instance = random_onein3(&mut rng, vars, clauses, true);
        counts.push(check_chain(&instance, 350_000));
    }
    // Both satisfiable and unsatisfiable instances occur.
    assert!(
        counts.contains(&0) && counts.iter().any(|&c| c > 1),
        "{counts:?}"
    );
}

#[test]
fn theorem_4_is_parsimonious_on_unrestricted_instances() {
    let mut rng = fastrand::Rng::with_seed(17);
    for _ in 0..30 {
        let vars = rng.u32(3..=5);
        let clauses = rng.usize(3..=6);
        let instance = random_onein3(&mut rng, vars, clauses, false);
        check_front(&instance, 16);
    }
}

/// All models of a CNF by brute force.
fn models(cnf: &Cnf) -> Vec<Vec<bool>> {
    (0..1u32 << cnf.num_vars)
        .map(|bits| {
            (0..cnf.num_vars)
                .map(|i| bits >> i & 1 == 1)
                .collect::<Vec<_>>()
        })
        .filter(|values| cnf.is_satisfied_by(&Assignment(values.clone())))
        .collect()
}

fn random_cnf(rng: &mut fastrand::Rng) -> Cnf {
    let vars = rng.u32(1..=3);
    let clauses = (0..rng.usize(0..=3))
        .map(|_| {
            (0..rng.usize(0..=3))
                .map(|_| Lit::new(sat2chess::formula::Var(rng.u32(0..vars)), rng.bool()))
                .collect()
        })
        .collect();
    Cnf::new(vars, clauses)
}

#[test]
fn cnf_encoding_is_parsimonious() {
    let mut rng = fastrand::Rng::with_seed(4);
    for _ in 0..200 {
        let cnf = random_cnf(&mut rng);
        let encoding = CnfEncoding::new(&cnf);
        encoding.instance.validate().unwrap();
        let solutions = complete(encoding.instance.enumerate(LIMIT).unwrap());
        assert_bijection(
            "CNF encoding",
            &models(&cnf),
            &solutions,
            |m| encoding.forward(&Assignment(m.clone())),
            |s| encoding.backward(s).0,
        );
    }
}

#[test]
fn tiny_cnfs_are_parsimonious_at_every_stage() {
    let lit = |var: u32, positive: bool| Lit::new(sat2chess::formula::Var(var), positive);
    let mut cnfs = vec![
        Cnf::new(1, vec![]),
        Cnf::new(1, vec![vec![]]),
        Cnf::new(1, vec![vec![lit(0, true)]]),
        Cnf::new(1, vec![vec![lit(0, false)]]),
        Cnf::new(2, vec![vec![lit(0, true), lit(1, false)]]),
        Cnf::new(3, vec![vec![lit(0, false), lit(1, true), lit(2, false)]]),
        Cnf::new(
            2,
            vec![
                vec![lit(0, true), lit(1, true)],
                vec![lit(0, false), lit(1, false)],
            ],
        ),
        Cnf::new(1, vec![vec![lit(0, true)], vec![lit(0, false)]]),
    ];
    let mut rng = fastrand::Rng::with_seed(5);
    cnfs.extend((0..10).map(|_| random_cnf(&mut rng)));
    let mut counted = Vec::new();
    for cnf in cnfs {
        let encoding = CnfEncoding::new(&cnf);
        let restriction = Restriction::new(&encoding.instance);
        let gadgets = GadgetReduction::new(&restriction.instance);
        let side = sat2chess::nqueens::chain::completion_side(&gadgets.instance);
        let count = check_chain(&encoding.instance, 0);
        assert_eq!(count, models(&cnf).len(), "{cnf:?}");
        counted.push((side, count));
    }
    // All 18 counted: satisfiable and unsatisfiable CNFs, boards up to 1.9·10⁸ a side
    // (one 3-literal clause).
    assert_eq!(counted.len(), 18, "{counted:?}");
    assert!(counted.iter().any(|&(_, count)| count == 0), "{counted:?}");
    assert!(counted.iter().any(|&(_, count)| count > 1), "{counted:?}");
    assert!(
        counted.iter().any(|&(side, _)| side > 190_000_000),
        "{counted:?}"
    );
    println!("tiny CNFs counted at every stage (side, solutions): {counted:?}");
}

#[test]
fn embedding_describes_the_written_board() {
    // The free lines, unattacked squares and pre-placed count computed from Def. 10's
    // description equal those of the board written out queen by queen.
    let mut rng = fastrand::Rng::with_seed(18);
    for _ in 0..6 {
        let clauses = rng.usize(1..=3);
        let instance = random_onein3(&mut rng, 5, clauses, true);
        let chain = Chain::from_onein3(&instance, i64::MAX).unwrap();
        let completion = chain.completion();
        let embedding: &Embedding = &chain.embedding;
        assert_eq!(embedding.n, completion.n);
        assert_eq!(embedding.preplaced_count(), completion.preplaced.len());
        assert!(embedding.preplaced_attack_free());
        assert!(sat2chess::nqueens::non_attacking(&completion.preplaced));
        let mut sparse = embedding.candidates().to_vec();
        sparse.sort_unstable();
        let mut written = completion.candidates();
        written.sort_unstable();
        assert_eq!(sparse, written);
        assert_eq!(embedding.missing(), completion.missing());
    }
}

#[test]
fn oversized_boards_are_refused_before_they_are_built() {
    let cnf = Cnf::new(1, vec![vec![Lit::pos(0)]]);
    let error = Chain::from_cnf(&cnf, 1_000_000).unwrap_err();
    // A unit clause: side 75,191,811 (README "n-Queens Completion").
    assert_eq!(
        error,
        sat2chess::nqueens::chain::ChainError::TooLarge {
            side: 75_191_811,
            limit: 1_000_000
        }
    );
}
