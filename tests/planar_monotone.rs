//! `transform --to planar-monotone` and `render x.pm3`: the instance written is read back
//! by the library's reader, passes `validate`, keeps the formula's verdict, and is drawn
//! with one bar group per clause.

use crate::common::{run, scratch};
use sat2chess::formula::{Cnf, Lit, Var};
use sat2chess::transform::planar_monotone::{PlanarMonotone, Side};

/// The instance as a CNF, for the solver.
fn as_cnf(pm: &PlanarMonotone) -> Cnf {
    Cnf::new(
        pm.num_vars,
        pm.clauses
            .iter()
            .map(|c| {
                c.vars
                    .iter()
                    .map(|&v: &Var| Lit::new(v, c.side == Side::Positive))
                    .collect()
            })
            .collect(),
    )
}

/// Transforms `dimacs` and renders the result; returns the instance.
fn transform_and_render(name: &str, dimacs: &str) -> PlanarMonotone {
    let dir = scratch(&format!("planar_monotone/{name}"));
    let cnf = dir.join("f.cnf");
    std::fs::write(&cnf, dimacs).unwrap();
    let pm3 = dir.join("f.pm3");
    let out = run(&[
        "transform",
        cnf.to_str().unwrap(),
        "--to",
        "planar-monotone",
        "-o",
        pm3.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let pm = PlanarMonotone::parse_pm3(&std::fs::read_to_string(&pm3).unwrap()).unwrap();
    pm.validate().unwrap();
    let svg = dir.join("f.svg");
    let out = run(&["render", pm3.to_str().unwrap(), "-o", svg.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let figure = std::fs::read_to_string(&svg).unwrap();
    assert!(figure.starts_with("<svg"));
    assert_eq!(figure.matches("<g stroke=").count(), pm.clauses.len());
    pm
}

#[test]
fn transform_writes_a_valid_instance_that_keeps_the_verdict_and_render_draws_it() {
    let sat = transform_and_render("sat", "p cnf 3 3\n1 -3 0\n2 -1 0\n3 -2 0\n");
    assert!(sat2chess::sat::solve_cnf(&as_cnf(&sat)).unwrap().is_some());
    let unsat = transform_and_render("unsat", "p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n");
    assert!(
        sat2chess::sat::solve_cnf(&as_cnf(&unsat))
            .unwrap()
            .is_none()
    );
}

#[test]
fn a_crossing_layout_is_refused_with_its_clauses() {
    let dir = scratch("planar_monotone/crossing");
    let pm3 = dir.join("x.pm3");
    std::fs::write(&pm3, "p pm3 5 2\n+ 1 3 5 : 2\n+ 2 4 : 1\n").unwrap();
    let out = run(&["render", pm3.to_str().unwrap(), "-o", "-"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("not a valid planar monotone layout"),
        "{stderr}"
    );
    assert!(stderr.contains("clauses 0 and 1 cross"), "{stderr}");
}
