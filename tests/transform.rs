//! The transformation chain CNF → 3-CNF → (2+1),3-SAT → And-Or-(1,1)-SAT and the
//! separation step for And-Or input: equisatisfiability (SAT solver, cross-checked by
//! brute force), forward and backward maps, output shapes, and the thesis' examples.

use proptest::collection::vec;
use proptest::prelude::*;
use sat2chess::formula::{AndOrClause, AndOrFormula, Assignment, Cnf, Lit, Var};
use sat2chess::front::andor;
use sat2chess::sat;
use sat2chess::transform::{self, Chain, FormulaRef, StageKind, andor as to_andor, tovey};

/// Every assignment of `num_vars` variables.
fn assignments(num_vars: usize) -> impl Iterator<Item = Assignment> {
    (0u32..1 << num_vars)
        .map(move |bits| Assignment((0..num_vars).map(|v| bits >> v & 1 == 1).collect()))
}

fn solve(formula: FormulaRef<'_>) -> Option<Assignment> {
    match formula {
        FormulaRef::Cnf { cnf, .. } => sat::solve_cnf(cnf).unwrap(),
        FormulaRef::AndOr(formula) => sat::solve_andor(formula).unwrap(),
    }
}

fn num_vars(formula: FormulaRef<'_>) -> usize {
    formula.size().variables
}

fn lit_strategy(num_vars: u32) -> impl Strategy<Value = Lit> + Clone {
    (0..num_vars, any::<bool>()).prop_map(|(v, positive)| Lit::new(Var(v), positive))
}

/// CNFs of up to 8 variables and 20 clauses: empty, unit, short and long clauses, and
/// clauses with a repeated literal or both literals of a variable.
fn cnf_strategy() -> impl Strategy<Value = Cnf> {
    (1u32..=8).prop_flat_map(|n| {
        let lit = lit_strategy(n);
        let clause = prop_oneof![
            1 => Just(Vec::new()),
            4 => vec(lit.clone(), 1..=1),
            16 => vec(lit.clone(), 2..=3),
            8 => vec(lit.clone(), 4..=10),
            2 => (lit.clone(), vec(lit.clone(), 0..=3)).prop_map(|(l, mut rest)| { rest.extend([l, l]); rest }),
            2 => (lit.clone(), vec(lit.clone(), 0..=3)).prop_map(|(l, mut rest)| { rest.extend([l, !l]); rest }),
        ];
        vec(clause, 0..=20).prop_map(move |clauses| Cnf::new(n, clauses))
    })
}

/// And-Or-(1,1)-SAT formulas of up to 6 variables: the 2n literals shuffled into
/// clauses of every shape, so clauses holding both literals of a variable are common.
fn andor_strategy() -> impl Strategy<Value = AndOrFormula> {
    (1u32..=6)
        .prop_flat_map(|n| {
            let lits: Vec<Lit> = (0..n).flat_map(|v| [Lit::pos(v), Lit::neg(v)]).collect();
            (
                Just(n),
                Just(lits).prop_shuffle(),
                vec((1usize..=3, any::<bool>()), 2 * n as usize),
            )
        })
        .prop_map(|(n, lits, shapes)| {
            let mut clauses = Vec::new();
            let mut rest = &lits[..];
            for (size, and) in shapes {
                if rest.is_empty() {
                    break;
                }
                let (head, tail) = rest.split_at(size.min(rest.len()));
                rest = tail;
                clauses.push(if head.len() == 3 && and {
                    AndOrClause::AndOr {
                        and: [head[0], head[1]],
                        or: head[2],
                    }
                } else {
                    AndOrClause::Or(head.to_vec())
                });
            }
            AndOrFormula {
                names: (1..=n).map(|v| format!("v{v}")).collect(),
                clauses,
            }
        })
}

/// The chain's guarantees for its final formula.
fn check_final(formula: &AndOrFormula) -> Result<(), TestCaseError> {
    prop_assert_eq!(formula.check(), Ok(()));
    prop_assert_eq!(formula.clause_with_both_literals(), None);
    Ok(())
}

/// Every step: equisatisfiable with its input, forward maps every model of the input
/// to a model, backward maps a model of the output to a model of the input.
fn check_chain(chain: &Chain) -> Result<(), TestCaseError> {
    let input = chain.input();
    let models: Vec<Assignment> = assignments(num_vars(input))
        .filter(|a| input.is_satisfied_by(a))
        .collect();
    let satisfiable = !models.is_empty();
    prop_assert_eq!(
        solve(input).is_some(),
        satisfiable,
        "solver disagrees with brute force"
    );
    let mut previous = input;
    let mut forwarded = models.clone();
    for stage in chain.stages() {
        let output = stage.output();
        let model = solve(output);
        prop_assert_eq!(
            model.is_some(),
            satisfiable,
            "{} is not equisatisfiable",
            stage.kind().name()
        );
        forwarded = forwarded.iter().map(|m| stage.forward(m)).collect();
        for m in &forwarded {
            prop_assert_eq!(m.len(), num_vars(output));
            prop_assert!(
                output.is_satisfied_by(m),
                "{} forward map",
                stage.kind().name()
            );
        }
        for m in model.iter().chain(&forwarded) {
            let back = stage.backward(m);
            prop_assert_eq!(back.len(), num_vars(previous));
            prop_assert!(
                previous.is_satisfied_by(&back),
                "{} backward map",
                stage.kind().name()
            );
        }
        for m in model.iter().chain(&forwarded).take(2) {
            check_sources(m, |a| stage.backward(a), |x| stage.source(x))?;
        }
        prop_assert_eq!(stage.origins().len(), num_vars(output));
        previous = output;
    }
    for m in &models {
        prop_assert!(chain.formula().is_satisfied_by(&chain.forward(m)));
    }
    if let Some(m) = sat::solve_andor(chain.formula()).unwrap() {
        prop_assert!(input.is_satisfied_by(&chain.backward(&m)));
        check_sources(&m, |a| chain.backward(a), |x| chain.source(x))?;
    }
    check_final(chain.formula())
}

/// `backward` reads each input variable from the output variable `source` names alone:
/// flipping one variable of `output` changes exactly the input variables read from it.
fn check_sources(
    output: &Assignment,
    backward: impl Fn(&Assignment) -> Assignment,
    source: impl Fn(Var) -> Option<Var>,
) -> Result<(), TestCaseError> {
    let base = backward(output);
    for v in (0..output.len() as u32).map(Var) {
        let mut flipped = output.clone();
        flipped.set(v, !output.value(v));
        let changed = backward(&flipped);
        for x in (0..base.len() as u32).map(Var) {
            prop_assert_eq!(
                changed.value(x) != base.value(x),
                source(x) == Some(v),
                "input variable {} and output variable {}",
                x.index(),
                v.index()
            );
        }
    }
    Ok(())
}

/// The shape each CNF step promises.
fn check_shapes(chain: &Chain) -> Result<(), TestCaseError> {
    for stage in chain.stages() {
        let FormulaRef::Cnf { cnf, .. } = stage.output() else {
            continue;
        };
        prop_assert!(cnf.clauses.iter().all(|c| c.len() <= 3));
        if stage.kind() == StageKind::Tovey {
            let mut counts = vec![(0, 0); cnf.num_vars as usize];
            for lit in cnf.clauses.iter().flatten() {
                let count = &mut counts[lit.var.index()];
                if lit.positive {
                    count.0 += 1
                } else {
                    count.1 += 1
                }
            }
            prop_assert!(
                counts.iter().all(|&c| c == (2, 1)),
                "(2+1),3-SAT occurrences {:?}",
                counts
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn cnf_chain_is_certified(cnf in cnf_strategy()) {
        for chain in [Chain::from_cnf(&cnf, &sat2chess::layout::BandOrder).unwrap(), Chain::thesis_from_cnf(&cnf).unwrap()] {
            check_shapes(&chain)?;
            check_chain(&chain)?;
        }
    }

    #[test]
    fn and_or_input_is_separated(formula in andor_strategy()) {
        let chain = Chain::from_andor(&formula).unwrap();
        prop_assert_eq!(chain.stages().is_empty(), formula.clause_with_both_literals().is_none());
        check_chain(&chain)?;
    }

    #[test]
    fn and_or_text_round_trip(formula in andor_strategy()) {
        let text = andor::write(&formula, &[]).unwrap();
        let parsed = andor::parse(&text).unwrap();
        // The parser numbers variables by first appearance; compare through the names.
        let by_name = |f: &AndOrFormula| -> Vec<Vec<String>> {
            f.clauses.iter().map(|c| c.literals().iter().map(|&l| f.lit_name(l)).collect()).collect()
        };
        prop_assert_eq!(by_name(&parsed), by_name(&formula));
        prop_assert_eq!(
            parsed.clauses.iter().map(|c| matches!(c, AndOrClause::AndOr { .. })).collect::<Vec<_>>(),
            formula.clauses.iter().map(|c| matches!(c, AndOrClause::AndOr { .. })).collect::<Vec<_>>()
        );
        prop_assert_eq!(andor::write(&parsed, &[]).unwrap(), text);
    }
}

/// 3-CNFs as the chain never hands them to Lemma 2.1 (clause splitting removes these):
/// repeated literals, tautologies, empty clauses, unused variables.
fn raw_three_cnf_strategy() -> impl Strategy<Value = Cnf> {
    (1u32..=6).prop_flat_map(|n| {
        let lit = lit_strategy(n);
        let clause = prop_oneof![
            1 => Just(Vec::new()),
            8 => vec(lit.clone(), 1..=3),
            2 => lit.clone().prop_map(|l| vec![l, l]),
            2 => (lit.clone(), lit.clone()).prop_map(|(l, m)| vec![l, !l, m]),
        ];
        vec(clause, 0..=12).prop_map(move |clauses| Cnf::new(n, clauses))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Lemma 2.1 and Theorem 2.2 on their own, on inputs with every corner case.
    #[test]
    fn single_steps_on_raw_three_cnf(cnf in raw_three_cnf_strategy()) {
        let names = transform::cnf_names(cnf.num_vars);
        let models: Vec<Assignment> =
            assignments(cnf.num_vars as usize).filter(|a| cnf.is_satisfied_by(a)).collect();
        let two = tovey::to_two_plus_one(&cnf, &names).unwrap();
        let and_or = to_andor::to_andor(&two.output, &two.names).unwrap();
        check_final(&and_or.output)?;
        let two_model = sat::solve_cnf(&two.output).unwrap();
        let and_or_model = sat::solve_andor(&and_or.output).unwrap();
        prop_assert_eq!(two_model.is_some(), !models.is_empty());
        prop_assert_eq!(and_or_model.is_some(), !models.is_empty());
        for m in &models {
            let forwarded = two.forward(m);
            prop_assert!(two.output.is_satisfied_by(&forwarded));
            prop_assert!(and_or.output.is_satisfied_by(&and_or.forward(&forwarded)));
        }
        if let (Some(m2), Some(m3)) = (two_model, and_or_model) {
            prop_assert!(cnf.is_satisfied_by(&two.backward(&m2)));
            prop_assert!(two.output.is_satisfied_by(&and_or.backward(&m3)));
        }
    }
}

/// `x | ~y` style rendering of CNF clauses with variable names.
fn render(cnf: &Cnf, names: &[String]) -> Vec<String> {
    cnf.clauses
        .iter()
        .map(|clause| {
            clause
                .iter()
                .map(|lit| {
                    format!(
                        "{}{}",
                        if lit.positive { "" } else { "~" },
                        names[lit.var.index()]
                    )
                })
                .collect::<Vec<_>>()
                .join(" | ")
        })
        .collect()
}

fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

fn cnf(num_vars: u32, clauses: &[&[i64]]) -> Cnf {
    Cnf::new(
        num_vars,
        clauses
            .iter()
            .map(|c| c.iter().map(|&v| Lit::from_dimacs(v).unwrap()).collect())
            .collect(),
    )
}

/// The example table of thesis Lemma 2.1: I = (x ∨ ¬y ∨ z)(¬x ∨ ¬y ∨ ¬a) gives I''.
#[test]
fn lemma_2_1_thesis_example() {
    let input = cnf(4, &[&[1, -2, 3], &[-1, -2, -4]]);
    let step = tovey::to_two_plus_one(&input, &names(&["x", "y", "z", "a"])).unwrap();
    assert_eq!(
        render(&step.output, &step.names),
        [
            "x_1 | y_1 | z_1",
            "x_2 | y_2 | a_1",
            "x_1 | x_2",
            "~x_2 | ~x_1",
            "~y_1 | y_2",
            "~y_2 | y_1",
            "z_1 | ~z_1",
            "~a_1 | a_1",
        ]
    );
}

/// The example table of thesis Theorem 2.2.
#[test]
fn theorem_2_2_thesis_example() {
    let input = cnf(3, &[&[1, -2, 3], &[-1, 2], &[1, -3], &[2, 3]]);
    let step = to_andor::to_andor(&input, &names(&["x", "y", "z"])).unwrap();
    assert_eq!(
        andor::write(&step.output, &[]).unwrap(),
        "x_p1 | y_n | z_p1\n\
         x_n | y_p1\n\
         x_p2 | z_n\n\
         y_p2 | z_p2\n\
         (~x_p1 & ~x_p2) | ~x_n\n\
         (~y_p1 & ~y_p2) | ~y_n\n\
         (~z_p1 & ~z_p2) | ~z_n\n"
    );
}

/// An empty clause still yields an unsatisfiable And-Or formula (`e`, `¬e`).
#[test]
fn empty_clause_gives_unsatisfiable_and_or_formula() {
    let input = cnf(1, &[&[1], &[], &[-1]]);
    for chain in [
        Chain::from_cnf(&input, &sat2chess::layout::BandOrder),
        Chain::thesis_from_cnf(&input),
    ] {
        let chain = chain.unwrap();
        let text = andor::write(chain.formula(), &[]).unwrap();
        assert!(
            text.contains("\nempty2\n") && text.contains("\n~empty2\n"),
            "{text}"
        );
        assert_eq!(sat::solve_andor(chain.formula()).unwrap(), None);
    }
}

/// Provenance: every final variable traces back to its input variable, split
/// variables to none.
#[test]
fn provenance_reaches_the_input() {
    let input = cnf(5, &[&[1, 2, 3, 4, -5], &[-1, -2, -3, -4, 5], &[1, -2]]);
    let chains = [
        (Chain::thesis_from_cnf(&input).unwrap(), "positive"),
        (
            Chain::from_cnf(&input, &sat2chess::layout::BandOrder).unwrap(),
            "occurrence",
        ),
    ];
    for (chain, first_kind) in chains {
        let last = chain.stages().len() - 1;
        let formula = chain.formula();
        for (v, name) in formula.names.iter().enumerate() {
            let input = chain.input_var(last, Var(v as u32));
            if name.starts_with('y') {
                assert_eq!(input, None, "{name}");
            } else {
                let expected = name.split('_').next().unwrap();
                assert_eq!(
                    input.map(|x| x.to_string()).as_deref(),
                    Some(expected),
                    "{name}"
                );
            }
        }
        let json = chain.to_json(last + 1).unwrap();
        let variables = json["steps"][last + 1]["variables"].as_array().unwrap();
        assert_eq!(variables.len(), formula.num_vars());
        assert_eq!(variables[0]["origin"]["kind"], first_kind);
        assert_eq!(variables[0]["input_var"], "x1");
    }
}

/// Preconditions of the single steps are checked, not assumed.
#[test]
fn steps_reject_inputs_outside_their_domain() {
    let long = cnf(4, &[&[1, 2, 3, 4]]);
    let err = tovey::to_two_plus_one(&long, &transform::cnf_names(4)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "clause 1 has 4 literals; this step takes at most 3"
    );
    let three = cnf(1, &[&[1], &[-1]]);
    let err = to_andor::to_andor(&three, &transform::cnf_names(1)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "variable x1 does not occur exactly twice positively and once negatively, as (2+1),3-SAT requires"
    );
    let out_of_range = Cnf::new(1, vec![vec![Lit::pos(3)]]);
    assert!(Chain::from_cnf(&out_of_range, &sat2chess::layout::BandOrder).is_err());
}
/// A pseudo-random CNF with `clauses` clauses of 0 to 12 literals over `clauses / 4 + 1`
/// variables (xorshift, fixed seed).
fn random_cnf(clauses: usize, seed: u64) -> Cnf {
    let mut state = seed | 1;
    let mut next = move |bound: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % bound
    };
    let num_vars = clauses as u32 / 4 + 1;
    let clauses = (0..clauses)
        .map(|_| {
            let len = if next(50) == 0 { 0 } else { 1 + next(12) };
            (0..len)
                .map(|_| Lit::new(Var(next(u64::from(num_vars)) as u32), next(2) == 0))
                .collect()
        })
        .collect();
    Cnf::new(num_vars, clauses)
}

/// Linear growth: each step's literal occurrences are at most a constant times its
/// input's (3-CNF ≤ 3, (2+1),3-SAT = 3, And-Or = 2 plus 2 per empty clause; fan-out
/// ≤ 4 plus 2 per empty clause), and the same holds for variables and clauses, at every
/// size.
#[test]
fn growth_is_linear() {
    for clauses in [10, 100, 1_000, 10_000] {
        let input = random_cnf(clauses, clauses as u64);
        let empty = input.clauses.iter().filter(|c| c.is_empty()).count();
        let sizes = Chain::from_cnf(&input, &sat2chess::layout::BandOrder)
            .unwrap()
            .sizes();
        let [_, (_, three), (_, fanout)] = sizes[..] else {
            panic!("three sizes expected: {sizes:?}");
        };
        assert!(fanout.occurrences <= 4 * three.occurrences + 2 * empty + 4);
        assert_eq!(fanout.occurrences, 2 * fanout.variables);
        assert!(fanout.clauses <= three.clauses + three.occurrences + empty + 2);
        let chain = Chain::thesis_from_cnf(&input).unwrap();
        let sizes = chain.sizes();
        let [(_, cnf), (_, three), (_, tovey), (_, and_or)] = sizes[..] else {
            panic!("four sizes expected: {sizes:?}");
        };
        eprintln!(
            "{clauses:>6} clauses: occurrences {} → {} → {} → {} (×{:.2}, ×{:.2}, ×{:.2}; total ×{:.2})",
            cnf.occurrences,
            three.occurrences,
            tovey.occurrences,
            and_or.occurrences,
            three.occurrences as f64 / cnf.occurrences as f64,
            tovey.occurrences as f64 / three.occurrences as f64,
            and_or.occurrences as f64 / tovey.occurrences as f64,
            and_or.occurrences as f64 / cnf.occurrences as f64,
        );
        assert!(three.occurrences <= 3 * cnf.occurrences);
        assert!(three.variables <= cnf.variables + cnf.occurrences);
        assert!(three.clauses <= cnf.clauses + cnf.occurrences);
        assert_eq!(tovey.occurrences, 3 * three.occurrences);
        assert_eq!(tovey.variables, three.occurrences);
        assert_eq!(tovey.clauses, three.clauses + three.occurrences);
        assert_eq!(and_or.occurrences, 2 * tovey.occurrences + 2 * empty);
        assert_eq!(and_or.variables, tovey.occurrences + empty);
        assert_eq!(and_or.clauses, tovey.clauses + tovey.variables + empty);
        assert!(and_or.occurrences <= 18 * cnf.occurrences + 2 * empty);
    }
}

/// The fan-out chains follow the layout (`Chain::from_cnf`): on uf20-91 the chain in
/// layout order needs fewer layout wire tiles than the same construction in input order,
/// and it is the same construction (same sizes, every input clause kept).
#[test]
fn fanout_chains_follow_the_layout() {
    use sat2chess::layout::{order::Ordering, wire_tiles};
    let text = std::fs::read_to_string("examples/cnf/uf20-91-01.cnf").unwrap();
    let input = sat2chess::front::dimacs::parse(&text).unwrap();
    let aligned = Chain::from_cnf(&input, &sat2chess::layout::BandOrder).unwrap();
    let names = transform::cnf_names(input.num_vars);
    let split = transform::split::to_three_cnf(&input, &names).unwrap();
    let in_order = transform::fanout::to_andor_fanout(&split.output, &split.names).unwrap();
    assert_eq!(aligned.formula().size(), in_order.output.size());
    assert_ne!(aligned.formula().clauses, in_order.output.clauses);
    let tiles = |formula| wire_tiles(formula, Ordering::Optimised).unwrap();
    assert!(tiles(aligned.formula()) < tiles(&in_order.output));
}
