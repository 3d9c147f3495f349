//! Layout pass (issue 4): validator, Boolean equivalence and snapshots.

use proptest::prelude::*;
use sat2chess::formula::{AndOrClause, AndOrFormula, Assignment, Lit};
use sat2chess::layout::order::Ordering;
use sat2chess::layout::{self, Evaluator, Layout};

fn names(n: usize) -> Vec<String> {
    ["x", "y", "z", "u", "v", "w"]
        .iter()
        .take(n)
        .map(|s| s.to_string())
        .chain((6..n).map(|i| format!("x{i}")))
        .collect()
}

/// The thesis example {(x ∧ ¬y) ∨ z, (¬x ∨ ¬z) ∨ y} (§2.2.2, Fig. 2.2).
fn thesis_example() -> AndOrFormula {
    AndOrFormula {
        names: names(3),
        clauses: vec![
            AndOrClause::AndOr {
                and: [Lit::pos(0), Lit::neg(1)],
                or: Lit::pos(2),
            },
            AndOrClause::Or(vec![Lit::neg(0), Lit::neg(2), Lit::pos(1)]),
        ],
    }
}

fn check(formula: &AndOrFormula, layout: &Layout) {
    layout::validate(formula, layout).unwrap_or_else(|e| panic!("invalid layout: {e}"));
    let evaluator = Evaluator::new(layout).expect("acyclic");
    let n = formula.num_vars();
    for bits in 0u32..(1 << n) {
        let assignment = Assignment((0..n).map(|i| bits >> i & 1 == 1).collect());
        assert_eq!(
            evaluator.evaluate(&assignment).expect("evaluates"),
            formula.is_satisfied_by(&assignment),
            "assignment {bits:b}"
        );
    }
}

#[test]
fn thesis_example_is_valid_and_equivalent() {
    let formula = thesis_example();
    for ordering in [Ordering::Naive, Ordering::Optimised] {
        let layout = layout::layout(&formula, ordering).unwrap();
        println!("{}", layout::text::render(&formula, &layout));
        check(&formula, &layout);
    }
}

fn parse_literal(names: &[String], text: &str) -> Lit {
    let (positive, name) = match text.strip_prefix('~') {
        Some(rest) => (false, rest),
        None => (true, text),
    };
    let var = names.iter().position(|n| n == name).expect("known name") as u32;
    Lit::new(sat2chess::formula::Var(var), positive)
}

/// Tiny test notation: clauses separated by `;`, `a|b|c` for Or, `a&b|c` for And-Or.
fn formula(vars: &[&str], text: &str) -> AndOrFormula {
    let names: Vec<String> = vars.iter().map(|s| s.to_string()).collect();
    let clauses = text
        .split(';')
        .map(|clause| match clause.trim().split_once('&') {
            Some((first, rest)) => {
                let (second, or) = rest.split_once('|').expect("a&b|c");
                AndOrClause::AndOr {
                    and: [parse_literal(&names, first), parse_literal(&names, second)],
                    or: parse_literal(&names, or),
                }
            }
            None => AndOrClause::Or(
                clause
                    .trim()
                    .split('|')
                    .map(|l| parse_literal(&names, l))
                    .collect(),
            ),
        })
        .collect();
    AndOrFormula { names, clauses }
}

fn snapshot_text(formula: &AndOrFormula) -> String {
    let mut out = String::new();
    for (title, ordering) in [
        ("naive", Ordering::Naive),
        ("optimised", Ordering::Optimised),
    ] {
        let layout = layout::layout(formula, ordering).unwrap();
        check(formula, &layout);
        out.push_str(&format!("== {title}: {:?}\n", layout.stats()));
        out.push_str(&layout::text::render(formula, &layout));
    }
    out
}

#[test]
fn snapshots() {
    let cases = [
        ("layout_thesis_example", thesis_example()),
        ("layout_xor", formula(&["x", "y"], "x|y; ~x|~y")),
        (
            "layout_mixed",
            formula(&["u", "v", "w", "x", "y"], "u&~v|w; ~u; v|~w|x; ~x; y|~y"),
        ),
    ];
    for (name, f) in cases {
        let text = snapshot_text(&f);
        insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false}, {
            insta::assert_snapshot!(name, text);
        });
    }
    let example = thesis_example();
    let layout = layout::layout(&example, Ordering::Optimised).unwrap();
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false}, {
        insta::assert_json_snapshot!("layout_thesis_example_json", layout::json::Document { formula: &example, layout: &layout });
    });
}

#[test]
fn rejects_formulas_that_are_not_and_or_1_1() {
    let twice = formula(&["x"], "x|~x; x");
    assert!(matches!(
        layout::layout(&twice, Ordering::Naive),
        Err(layout::LayoutError::LiteralCount { count: 2, .. })
    ));
    let missing = formula(&["x", "y"], "x|~x; y");
    assert!(matches!(
        layout::layout(&missing, Ordering::Naive),
        Err(layout::LayoutError::LiteralCount { count: 0, .. })
    ));
    let empty = AndOrFormula {
        names: vec![],
        clauses: vec![AndOrClause::Or(vec![])],
    };
    assert_eq!(
        layout::layout(&empty, Ordering::Naive),
        Err(layout::LayoutError::EmptyClause { clause: 0 })
    );
    assert_eq!(
        layout::layout(&AndOrFormula::default(), Ordering::Naive),
        Err(layout::LayoutError::NoClauses)
    );
}

/// Mutations of a valid layout are caught with the right error.
#[test]
fn validator_catches_defects() {
    use layout::{NodeKind, ValidationError};
    let f = thesis_example();
    let good = layout::layout(&f, Ordering::Naive).unwrap();
    layout::validate(&f, &good).unwrap();
    let crossing = good
        .nodes
        .iter()
        .position(|n| matches!(n.kind, NodeKind::Crossing { .. }))
        .unwrap();

    // Two variables exchanged: geometry intact, wiring wrong.
    let mut swapped = good.clone();
    let (a, b) = (swapped.nodes[0].kind.clone(), swapped.nodes[1].kind.clone());
    let var_of = |k: &NodeKind| match k {
        NodeKind::Variable { var, .. } => *var,
        _ => unreachable!(),
    };
    let (va, vb) = (var_of(&a), var_of(&b));
    if let NodeKind::Variable { var, .. } = &mut swapped.nodes[0].kind {
        *var = vb;
    }
    if let NodeKind::Variable { var, .. } = &mut swapped.nodes[1].kind {
        *var = va;
    }
    assert!(matches!(
        layout::validate(&f, &swapped),
        Err(ValidationError::ClauseGate { .. })
    ));

    // A crossing moved off its intersection.
    let mut moved = good.clone();
    moved.nodes[crossing].at.col = moved.cols - 1;
    moved.nodes[crossing].at.row = moved.rows - 1;
    assert!(matches!(
        layout::validate(&f, &moved),
        Err(ValidationError::UndeclaredCrossing { .. } | ValidationError::SharedTile { .. })
    ));

    // A crossing forgotten in its net's list.
    let mut unlisted = good.clone();
    let net = unlisted
        .nets
        .iter()
        .position(|n| !n.crossings.is_empty())
        .unwrap();
    unlisted.nets[net].crossings.pop();
    assert!(matches!(
        layout::validate(&f, &unlisted),
        Err(ValidationError::CrossingList { .. })
    ));

    // A wire bent onto another wire.
    let mut overlapping = good.clone();
    let net = overlapping
        .nets
        .iter()
        .position(|n| n.path.len() == 3)
        .unwrap();
    let other = overlapping
        .nets
        .iter()
        .position(|n| n.path.len() == 3 && n.path[1].col != overlapping.nets[net].path[1].col)
        .unwrap();
    overlapping.nets[net].path[1] = overlapping.nets[other].path[1];
    assert!(layout::validate(&f, &overlapping).is_err());

    // A feedback wire makes a cycle.
    let mut cyclic = good.clone();
    let gate = cyclic
        .nets
        .iter()
        .position(|n| n.sink.port == layout::Port::Input(1))
        .unwrap();
    let gate_node = cyclic.nets[gate].sink.node;
    cyclic.nets[gate].source = layout::Endpoint {
        node: gate_node,
        port: layout::Port::Output,
    };
    cyclic.nets[gate].crossings.clear();
    assert!(matches!(
        Evaluator::new(&cyclic).err(),
        Some(ValidationError::Cycle { .. })
    ));
    assert!(layout::validate(&f, &cyclic).is_err());
}

/// Random And-Or-(1,1) formulas: every literal once, no clause with both literals of a
/// variable, clause sizes 1–3, some 3-literal clauses as `(a ∧ b) ∨ c`.
fn and_or_formula() -> impl Strategy<Value = AndOrFormula> {
    (1usize..=12)
        .prop_flat_map(|n| {
            (
                Just(n),
                proptest::collection::vec(any::<u32>(), 2 * n),
                proptest::collection::vec(
                    prop_oneof![1 => Just(1usize), 3 => Just(2), 4 => Just(3)],
                    24,
                ),
                proptest::collection::vec(any::<bool>(), 24),
            )
        })
        .prop_map(|(n, keys, sizes, and_or)| {
            let mut lits: Vec<(u32, Lit)> = (0..n as u32)
                .flat_map(|v| [Lit::pos(v), Lit::neg(v)])
                .zip(keys)
                .map(|(l, k)| (k, l))
                .collect();
            lits.sort();
            let mut remaining: Vec<Lit> = lits.into_iter().map(|(_, l)| l).collect();
            let mut clauses = Vec::new();
            while !remaining.is_empty() {
                let target = sizes[clauses.len() % sizes.len()];
                let mut clause: Vec<Lit> = Vec::new();
                while clause.len() < target {
                    let Some(i) = remaining
                        .iter()
                        .position(|l| clause.iter().all(|c| c.var != l.var))
                    else {
                        break;
                    };
                    clause.push(remaining.remove(i));
                }
                clauses.push(match clause[..] {
                    [a, b, c] if and_or[clauses.len() % and_or.len()] => {
                        AndOrClause::AndOr { and: [a, b], or: c }
                    }
                    _ => AndOrClause::Or(clause),
                });
            }
            AndOrFormula {
                names: names(n),
                clauses,
            }
        })
        .prop_filter("at most 12 clauses", |f| f.clauses.len() <= 12)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn every_layout_is_valid_and_equivalent(formula in and_or_formula()) {
        for ordering in [Ordering::Naive, Ordering::Optimised] {
            let layout = layout::layout(&formula, ordering).unwrap();
            check(&formula, &layout);
        }
    }
}
