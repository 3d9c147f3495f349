//! Layout pass (issue 4): validator, Boolean equivalence and snapshots.

use proptest::prelude::*;
use sat2chess::formula::{AndOrClause, AndOrFormula, Assignment, Lit};
use sat2chess::layout::order::Ordering;
use sat2chess::layout::{self, Evaluator, Layout, VariablePlacement};

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
    // The per-tile view and the statistics agree, and no tile is listed twice.
    let tiles = layout.tiles();
    assert_eq!(tiles.len() as u64, layout.stats().tiles);
    assert!(tiles.windows(2).all(|w| w[0].0 < w[1].0));
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
    let layout =
        layout::layout_with(formula, Ordering::Optimised, VariablePlacement::TwoSided).unwrap();
    check(formula, &layout);
    out.push_str(&format!("== two-sided: {:?}\n", layout.stats()));
    out.push_str(&layout::text::render(formula, &layout));
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

/// The validator compares what a clause's gates compute, whatever their shape: the
/// two-sided layout splits a clause between two chains, and a wrong gate is caught.
#[test]
fn validator_checks_clause_gate_trees() {
    use layout::{GateOp, GateRole, NodeKind, ValidationError};
    let f = formula(
        &["a", "b", "c", "d", "e", "g"],
        "a|b|c; ~a|~b|d; ~c|~d|e; ~e|g; ~g",
    );
    let good = layout::layout_with(&f, Ordering::Optimised, VariablePlacement::TwoSided).unwrap();
    check(&f, &good);
    for (node, n) in good.nodes.iter().enumerate() {
        let NodeKind::Gate {
            op,
            role: GateRole::Clause { .. },
            ..
        } = n.kind
        else {
            continue;
        };
        let mut wrong = good.clone();
        if let NodeKind::Gate { op: changed, .. } = &mut wrong.nodes[node].kind {
            *changed = if op == GateOp::And {
                GateOp::Or
            } else {
                GateOp::And
            };
        }
        assert!(
            matches!(
                layout::validate(&f, &wrong),
                Err(ValidationError::ClauseGate { .. })
            ),
            "gate {node} turned into the other op"
        );
    }
}

/// Random And-Or-(1,1) formulas: every literal once, no clause with both literals of a
/// variable, clause sizes 1–3, some 3-literal clauses as `(a ∧ b) ∨ c`.
fn and_or_formula(allow_both_literals_in_a_clause: bool) -> impl Strategy<Value = AndOrFormula> {
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
        .prop_map(move |(n, keys, sizes, and_or)| {
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
                    let fits = |l: &Lit| {
                        allow_both_literals_in_a_clause || clause.iter().all(|c| c.var != l.var)
                    };
                    let Some(i) = remaining.iter().position(fits) else {
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

const PLACEMENTS: [VariablePlacement; 3] = [
    VariablePlacement::GapRow,
    VariablePlacement::LowerTrack,
    VariablePlacement::TwoSided,
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn every_layout_is_valid_and_equivalent(formula in and_or_formula(false)) {
        for placement in PLACEMENTS {
            for ordering in [Ordering::Naive, Ordering::Optimised] {
                let layout = layout::layout_with(&formula, ordering, placement).unwrap();
                check(&formula, &layout);
                let again = layout::layout_with(&formula, ordering, placement).unwrap();
                prop_assert_eq!(&layout, &again, "deterministic");
            }
        }
    }

    /// Not And-Or-(1,1) as the thesis assumes it, but handled: a variable whose two
    /// literals share a clause gets a second column.
    #[test]
    fn both_literals_in_one_clause(formula in and_or_formula(true)) {
        for placement in PLACEMENTS {
            for ordering in [Ordering::Naive, Ordering::Optimised] {
                let layout = layout::layout_with(&formula, ordering, placement).unwrap();
                check(&formula, &layout);
            }
        }
    }
}

fn run_cli(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_sat2chess"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("binary runs")
}

#[test]
fn cli_writes_json_and_stats() {
    let out = run_cli(&["layout", "examples/andor/thesis.andor", "--stats"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["format"], "sat2chess-layout");
    assert_eq!(json["nodes"].as_array().unwrap().len(), 11);
    let stats = String::from_utf8_lossy(&out.stderr);
    assert!(
        stats.contains("naive:") && stats.contains("optimised:"),
        "{stats}"
    );

    let svg = run_cli(&[
        "layout",
        "examples/andor/thesis.andor",
        "--format",
        "svg",
        "--naive",
    ]);
    assert!(svg.status.success());
    assert!(String::from_utf8_lossy(&svg.stdout).starts_with("<svg"));

    // The King's two-sided layout of uf20-91: a third fewer crossings, or more.
    let crossings = |placement: &str| -> u64 {
        let out = run_cli(&[
            "layout",
            "examples/cnf/uf20-91-01.cnf",
            "--placement",
            placement,
            "--stats",
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let stats = String::from_utf8_lossy(&out.stderr).into_owned();
        let line = stats
            .lines()
            .find(|l| l.starts_with("optimised:") && l.contains("crossings"));
        let line = line.unwrap_or_else(|| panic!("{stats}"));
        line.split_whitespace().nth(1).unwrap().parse().unwrap()
    };
    let (gap_row, two_sided) = (crossings("gap-row"), crossings("two-sided"));
    assert!(3 * two_sided < 2 * gap_row, "{two_sided} against {gap_row}");
}

#[test]
fn cli_rejects_bad_input_with_exit_code_2() {
    let missing = run_cli(&["layout", "no/such/file.andor"]);
    assert_eq!(missing.status.code(), Some(2));
    let message = String::from_utf8_lossy(&missing.stderr);
    assert!(message.contains("no/such/file.andor"), "{message}");
    assert_eq!(message.trim().lines().count(), 1, "{message}");
}

/// On a real formula (uf20-91 after the transformation chain) the two-sided layout puts
/// variables on both sides, crosses the spine with mixed clauses, and still computes the
/// formula (random assignments, and a model of the formula).
#[test]
fn two_sided_layout_of_uf20_uses_both_sides() {
    use layout::NodeKind;
    use sat2chess::front::FormulaFormat;
    use sat2chess::label::Direction;
    let text = include_str!("../examples/cnf/uf20-91-01.cnf");
    let input = FormulaFormat::Dimacs.parse(text).unwrap();
    let chain =
        sat2chess::transform::Chain::from_input(&input, &sat2chess::layout::BandOrder).unwrap();
    let f = chain.formula();
    let two = layout::layout_with(f, Ordering::Optimised, VariablePlacement::TwoSided).unwrap();
    layout::validate(f, &two).unwrap();
    let one = layout::layout_with(f, Ordering::Optimised, VariablePlacement::LowerTrack).unwrap();
    let east = two
        .nodes
        .iter()
        .filter(|n| {
            matches!(n.kind, NodeKind::Variable { positive, negative, .. }
                if positive == Direction::West || negative == Direction::West)
        })
        .count();
    let rising = two
        .nodes
        .iter()
        .filter(|n| matches!(n.kind, NodeKind::Gate { inputs, .. } if inputs[1] == Direction::South && inputs[0] != Direction::South))
        .count();
    assert!(east > f.num_vars() / 4, "{east} east variables");
    assert!(rising > 10, "{rising} mixed clauses");
    let (two_stats, one_stats) = (two.stats(), one.stats());
    assert!(
        3 * two_stats.crossings < 2 * one_stats.crossings,
        "{} crossings against {} one-sided",
        two_stats.crossings,
        one_stats.crossings
    );
    let evaluator = Evaluator::new(&two).unwrap();
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..200 {
        let assignment = Assignment(
            (0..f.num_vars())
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    state & 1 == 1
                })
                .collect(),
        );
        assert_eq!(
            evaluator.evaluate(&assignment).unwrap(),
            f.is_satisfied_by(&assignment)
        );
    }
    let model = sat2chess::sat::solve_andor(f)
        .unwrap()
        .expect("uf20-91-01 is satisfiable");
    assert!(evaluator.evaluate(&model).unwrap());
}
