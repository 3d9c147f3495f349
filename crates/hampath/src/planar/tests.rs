//! Theorem 3.9 on random small planar monotone instances (both verdicts): the exact Solo
//! Chess solver agrees with brute force over the assignments, every model's certificate
//! replays through the independent checker, and the solver's own sequence decodes to a
//! model.

use std::time::Duration;

use sat2chess_core::board::PieceKind;
use sat2chess_core::formula::{Assignment, Var};
use sat2chess_reduce::transform::planar_monotone::{MonotoneClause, PlanarMonotone, Side};
use sat2chess_solve::{SolveOptions, Verdict};

use super::build;

/// A random valid instance: up to `max_vars` variables, random monotone clauses of one
/// to three variables, levels from the nesting (one more than the highest clause
/// inside), kept only when the layout stays planar and no literal occurs three times.
pub(crate) fn random_instance(rng: &mut fastrand::Rng, max_vars: u32) -> PlanarMonotone {
    let num_vars = rng.u32(1..=max_vars);
    let mut instance = PlanarMonotone {
        num_vars,
        clauses: Vec::new(),
    };
    for _ in 0..rng.usize(1..=2 * num_vars as usize + 1) {
        let side = if rng.bool() {
            Side::Positive
        } else {
            Side::Negative
        };
        let first = rng.u32(0..num_vars);
        let last = (first + rng.u32(0..3)).min(num_vars - 1);
        let mut vars = vec![Var(first)];
        if last > first {
            if last > first + 1 && rng.bool() {
                vars.push(Var(rng.u32(first + 1..last)));
            }
            vars.push(Var(last));
        }
        let mut candidate = instance.clone();
        candidate.clauses.push(MonotoneClause {
            side,
            vars,
            level: 1,
        });
        assign_levels(&mut candidate);
        if candidate.validate().is_ok() {
            instance = candidate;
        }
    }
    instance
}

/// Levels from nesting: a clause is one level above every same-side clause whose span
/// lies inside its own (and is not the same span touching at an end only).
fn assign_levels(instance: &mut PlanarMonotone) {
    let mut order: Vec<usize> = (0..instance.clauses.len()).collect();
    order.sort_by_key(|&c| {
        let (a, b) = instance.clauses[c].span();
        (b - a, c)
    });
    let mut levels = vec![1u32; instance.clauses.len()];
    for (k, &c) in order.iter().enumerate() {
        let (a0, a1) = instance.clauses[c].span();
        for &d in &order[..k] {
            let (b0, b1) = instance.clauses[d].span();
            if instance.clauses[d].side == instance.clauses[c].side
                && a0 <= b0
                && b1 <= a1
                && (b0 < b1 || (a0 < b0 && b1 < a1))
            {
                levels[c] = levels[c].max(levels[d] + 1);
            }
        }
    }
    for (clause, level) in instance.clauses.iter_mut().zip(levels) {
        clause.level = level;
    }
}

/// A model of `instance` by brute force.
pub(crate) fn brute_force(instance: &PlanarMonotone) -> Option<Assignment> {
    (0u32..1 << instance.num_vars)
        .map(|bits| Assignment((0..instance.num_vars).map(|v| bits >> v & 1 == 1).collect()))
        .find(|a| instance.is_satisfied_by(a))
}

/// Runs one instance; returns whether it is satisfiable.
fn exercise(instance: &PlanarMonotone, hero: PieceKind) -> bool {
    let planar = build(instance, hero).expect("valid instance");
    let expected = brute_force(instance);
    let options = SolveOptions {
        variant: planar.variant,
        time_limit: Some(Duration::from_secs(20)),
        ..SolveOptions::default()
    };
    match sat2chess_solve::solve(&planar.board, &options).verdict {
        Verdict::Solvable(moves) => {
            assert!(
                expected.is_some(),
                "solvable board, unsatisfiable {instance:?}"
            );
            let model = planar
                .decode(instance, &moves)
                .expect("solver's sequence decodes");
            assert!(instance.is_satisfied_by(&model));
        }
        Verdict::Unsolvable => assert!(
            expected.is_none(),
            "unsolvable board, satisfiable {instance:?}"
        ),
        Verdict::Unknown => panic!("undecided board: {instance:?}"),
    }
    if let Some(model) = &expected {
        let moves = planar.certify(model).expect("certificate");
        let report = sat2chess_check::check_sequence(&planar.board, &moves, planar.variant);
        assert!(report.is_solution(), "certificate fails: {report:?}");
        let decoded = planar.decode(instance, &moves).expect("decode");
        assert!(instance.is_satisfied_by(&decoded));
    }
    expected.is_some()
}

#[test]
fn theorem_3_9_king_among_knights() {
    theorem_3_9(PieceKind::King, 2023);
}

#[test]
fn theorem_3_9_pawn_among_knights() {
    theorem_3_9(PieceKind::Pawn, 2024);
}

/// 200 random instances (both verdicts, ≥ 30 of each) with `hero` among knights.
fn theorem_3_9(hero: PieceKind, seed: u64) {
    let mut rng = fastrand::Rng::with_seed(seed);
    let (mut yes, mut no) = (0, 0);
    while yes + no < 200 {
        if exercise(&random_instance(&mut rng, 3), hero) {
            yes += 1;
        } else {
            no += 1;
        }
    }
    assert!(yes >= 30 && no >= 30, "{yes} satisfiable, {no} not");
}
