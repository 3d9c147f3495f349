//! SAT solving. Two back ends sit behind one interface ([`IncrementalSat`]): CaDiCaL
//! (C++, built from the source vendored in `rustsat-cadical`; incremental, interruptible,
//! LRAT proofs), the default, and splr (pure Rust), kept for comparison (`--sat-solver
//! splr`; it has no incremental interface, so it solves the whole formula again after
//! every added clause). docs/measurements.md compares them on the board encodings.
//! Every model either returns is checked against the formula before it is handed out.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rustsat::solvers::{ControlSignal, Solve, SolverResult, Terminate};
use rustsat::types::{Cl, Lit as SolverLit, TernaryVal};
use rustsat_cadical::{CaDiCaL, ProofFormat};
use splr::solver::{SolveIF, Solver};
use splr::{Certificate, Config, SolverError};

use sat2chess_core::formula::{AndOrFormula, Assignment, Cnf, Lit};

/// Acyclicity of a graph of conditional edges by vertex elimination (also used by the
/// gadget synthesis' witness clauses).
pub use crate::sat_encode::{Precedence, eliminate};

/// The solver failed (it never answers wrongly without this error: models are checked).
#[derive(Debug, thiserror::Error)]
pub enum SatError {
    #[error("{0} variables are more than the solver takes")]
    TooManyVariables(u32),
    #[error("the SAT solver failed: {0}")]
    Solver(String),
    #[error("the SAT solver returned an assignment that does not satisfy the formula")]
    WrongModel,
    #[error("the SAT solver reached its time limit")]
    TimeOut,
    #[error("cannot write the proof to {path}: {why}")]
    Proof { path: String, why: String },
}

/// A model of `cnf` (one value per variable), or `None` if it is unsatisfiable.
pub fn solve_cnf(cnf: &Cnf) -> Result<Option<Assignment>, SatError> {
    solve_cnf_within(cnf, None)
}

/// [`solve_cnf`] giving up with [`SatError::TimeOut`] after `time_limit`. splr has no
/// interrupt: its own limit counts whole seconds (at least one) and is read between its
/// search stages, so the call may overrun the limit by up to a second or one stage.
pub fn solve_cnf_within(
    cnf: &Cnf,
    time_limit: Option<Duration>,
) -> Result<Option<Assignment>, SatError> {
    if i32::try_from(cnf.num_vars).is_err() {
        return Err(SatError::TooManyVariables(cnf.num_vars));
    }
    let mut flat = FlatCnf::new(cnf.num_vars);
    for clause in &cnf.clauses {
        let lits: Vec<i32> = clause.iter().map(|lit| dimacs_literal(*lit)).collect();
        flat.add_clause(&lits);
    }
    let stop = Stop::new(time_limit, None);
    let mut solver = IncrementalSat::new(SatBackend::default(), &flat, &stop);
    match solver.solve(&stop)? {
        Some(true) => {}
        Some(false) => return Ok(None),
        None => return Err(SatError::TimeOut),
    }
    let assignment = Assignment(
        (0..cnf.num_vars)
            .map(|v| solver.value(v as i32 + 1))
            .collect(),
    );
    if cnf.is_satisfied_by(&assignment) {
        Ok(Some(assignment))
    } else {
        Err(SatError::WrongModel)
    }
}

/// The DIMACS number of a literal (variable `v` is `v + 1`).
fn dimacs_literal(lit: Lit) -> i32 {
    let var = lit.var.0 as i32 + 1;
    if lit.positive { var } else { -var }
}

/// A CNF over DIMACS literals (`±v`, variables from 1), stored flat: each clause's
/// literals followed by a 0, as in a DIMACS file. Board encodings reach tens of
/// millions of clauses, where a vector per clause would triple the memory.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FlatCnf {
    num_vars: u32,
    clauses: usize,
    literals: Vec<i32>,
}

impl FlatCnf {
    /// An empty CNF over `num_vars` variables.
    pub fn new(num_vars: u32) -> FlatCnf {
        FlatCnf {
            num_vars,
            ..FlatCnf::default()
        }
    }

    /// A fresh variable.
    pub fn new_var(&mut self) -> i32 {
        self.num_vars += 1;
        self.num_vars as i32
    }

    /// `count` fresh consecutive variables; the first one.
    pub fn new_vars(&mut self, count: usize) -> i32 {
        let first = self.num_vars as i32 + 1;
        self.num_vars += count as u32;
        first
    }

    /// Adds a clause (its literals must be variables of this CNF).
    pub fn add_clause(&mut self, clause: &[i32]) {
        debug_assert!(
            clause
                .iter()
                .all(|&l| l != 0 && l.unsigned_abs() <= self.num_vars)
        );
        self.literals.extend_from_slice(clause);
        self.literals.push(0);
        self.clauses += 1;
    }

    /// Adds "exactly one of `group`": the clause, and [`FlatCnf::at_most_one`].
    pub fn exactly_one(&mut self, group: &[i32]) {
        self.add_clause(group);
        self.at_most_one(group);
    }

    /// Adds "at most one of `group`": pairwise up to [`PAIRWISE_LIMIT`] literals, else a
    /// sequential counter (Sinz 2005) with `len − 1` fresh variables.
    pub fn at_most_one(&mut self, group: &[i32]) {
        let first = match group.len() {
            len if len > PAIRWISE_LIMIT => self.new_vars(len - 1),
            _ => 0,
        };
        at_most_one_clauses(group, first, |clause| self.add_clause(clause));
    }

    pub fn num_vars(&self) -> u32 {
        self.num_vars
    }

    /// Literals over all clauses.
    pub fn num_literals(&self) -> usize {
        self.literals.len() - self.clauses
    }

    pub fn num_clauses(&self) -> usize {
        self.clauses
    }

    /// The clauses, in the order they were added.
    pub fn clauses(&self) -> impl Iterator<Item = &[i32]> {
        self.literals.split(|&l| l == 0).take(self.clauses)
    }

    /// Whether `value` (of each variable, from 1) satisfies every clause.
    pub fn is_satisfied_by(&self, value: impl Fn(i32) -> bool) -> bool {
        self.clauses()
            .all(|clause| clause.iter().any(|&l| value(l.abs()) == (l > 0)))
    }

    /// The CNF as a DIMACS file, `comments` first (one `c` line each).
    pub fn write_dimacs(
        &self,
        comments: &[String],
        out: &mut impl std::io::Write,
    ) -> std::io::Result<()> {
        for comment in comments {
            writeln!(out, "c {comment}")?;
        }
        writeln!(out, "p cnf {} {}", self.num_vars, self.clauses)?;
        let mut line = String::new();
        for clause in self.clauses() {
            line.clear();
            for &l in clause {
                line.push_str(itoa::Buffer::new().format(l));
                line.push(' ');
            }
            line.push('0');
            writeln!(out, "{line}")?;
        }
        Ok(())
    }
}

/// Which SAT solver decides the encodings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SatBackend {
    /// CaDiCaL 2 (incremental, interruptible, proofs).
    #[default]
    Cadical,
    /// splr (pure Rust; solves from scratch after each added clause; interrupted only
    /// between its stages, in whole seconds).
    Splr,
}

impl sat2chess_core::choice::Choice for SatBackend {
    const CHOICES: &'static [(Self, &'static str, &'static str)] = &[
        (
            SatBackend::Cadical,
            "cadical",
            "CaDiCaL 2 (C++, vendored): incremental, interruptible, LRAT proofs",
        ),
        (
            SatBackend::Splr,
            "splr",
            "splr (pure Rust): for comparison, solves from scratch each round",
        ),
    ];
}

impl SatBackend {
    /// The solver's name in reports.
    pub fn display_name(self) -> &'static str {
        match self {
            SatBackend::Cadical => "CaDiCaL",
            SatBackend::Splr => "splr",
        }
    }
}

/// When a solver call must give up: a deadline and a caller's flag.
#[derive(Clone, Debug)]
pub struct Stop {
    deadline: Option<Instant>,
    flag: Option<Arc<AtomicBool>>,
}

impl Stop {
    /// Stops `limit` from now (if any) or when `flag` is set (if any).
    pub fn new(limit: Option<Duration>, flag: Option<Arc<AtomicBool>>) -> Stop {
        Stop {
            deadline: limit.map(|limit| Instant::now() + limit),
            flag,
        }
    }

    /// Whether it is time to stop.
    pub fn reached(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
            || self
                .flag
                .as_ref()
                .is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    /// The time left before the deadline.
    fn remaining(&self) -> Option<Duration> {
        self.deadline
            .map(|d| d.saturating_duration_since(Instant::now()))
    }
}

/// A solver that takes clauses between calls ([`IncrementalSat::add_clause`]) and keeps
/// what it learnt where the back end can.
pub struct IncrementalSat {
    inner: Backend,
}

enum Backend {
    Cadical(Box<CaDiCaL<'static, 'static>>),
    /// splr has no incremental interface: the formula is kept and solved anew.
    Splr {
        cnf: FlatCnf,
        model: Vec<bool>,
    },
}

impl IncrementalSat {
    /// A solver loaded with `cnf`, which gives up when `stop` is reached.
    pub fn new(backend: SatBackend, cnf: &FlatCnf, stop: &Stop) -> IncrementalSat {
        let inner = match backend {
            SatBackend::Cadical => {
                let mut solver = Box::new(CaDiCaL::default());
                let stop = stop.clone();
                solver.attach_terminator(move || {
                    if stop.reached() {
                        ControlSignal::Terminate
                    } else {
                        ControlSignal::Continue
                    }
                });
                let mut backend = Backend::Cadical(solver);
                for clause in cnf.clauses() {
                    add_to(&mut backend, clause);
                }
                backend
            }
            SatBackend::Splr => Backend::Splr {
                cnf: cnf.clone(),
                model: Vec::new(),
            },
        };
        IncrementalSat { inner }
    }

    /// Adds a clause for the next call.
    pub fn add_clause(&mut self, clause: &[i32]) {
        add_to(&mut self.inner, clause);
    }

    /// `Some(true)` with a model, `Some(false)` unsatisfiable, `None` stopped.
    pub fn solve(&mut self, stop: &Stop) -> Result<Option<bool>, SatError> {
        if stop.reached() {
            return Ok(None);
        }
        match &mut self.inner {
            Backend::Cadical(solver) => match solver.solve() {
                Ok(SolverResult::Sat) => Ok(Some(true)),
                Ok(SolverResult::Unsat) => Ok(Some(false)),
                Ok(SolverResult::Interrupted) => Ok(None),
                Err(error) => Err(SatError::Solver(error.to_string())),
            },
            Backend::Splr { cnf, model } => match solve_with_splr(cnf, stop.remaining())? {
                Some(values) => {
                    *model = values;
                    Ok(Some(true))
                }
                None => Ok(Some(false)),
            },
        }
    }

    /// The value of variable `var` (from 1) in the last model.
    pub fn value(&self, var: i32) -> bool {
        match &self.inner {
            Backend::Cadical(solver) => matches!(
                solver.lit_val(SolverLit::new(var as u32 - 1, false)),
                Ok(TernaryVal::True)
            ),
            Backend::Splr { model, .. } => model.get(var as usize - 1).copied().unwrap_or(false),
        }
    }
}

fn add_to(backend: &mut Backend, clause: &[i32]) {
    match backend {
        Backend::Cadical(solver) => {
            let lits: Vec<SolverLit> = clause
                .iter()
                .map(|&l| SolverLit::new(l.unsigned_abs() - 1, l < 0))
                .collect();
            solver
                .add_clause_ref(Cl::new(&lits))
                .expect("CaDiCaL takes clauses in its input state");
        }
        Backend::Splr { cnf, .. } => {
            while cnf.num_vars < clause.iter().map(|l| l.unsigned_abs()).max().unwrap_or(0) {
                cnf.new_var();
            }
            cnf.add_clause(clause);
        }
    }
}

/// A model (one value per variable) of `cnf` by splr, `None` if unsatisfiable. splr's
/// own limit counts whole seconds (at least one), read between its search stages.
fn solve_with_splr(cnf: &FlatCnf, limit: Option<Duration>) -> Result<Option<Vec<bool>>, SatError> {
    if cnf.clauses().any(<[i32]>::is_empty) {
        return Ok(None);
    }
    let clauses: Vec<Vec<i32>> = cnf.clauses().map(<[i32]>::to_vec).collect();
    let mut config = Config {
        quiet_mode: true,
        ..Config::default()
    };
    if let Some(limit) = limit {
        config.c_timeout = limit.as_secs().max(1) as f64;
    }
    let answer = match Solver::try_from((config, clauses.as_ref())) {
        Ok(mut solver) => solver.solve(),
        Err(built) => built,
    };
    let values = match answer {
        Ok(Certificate::SAT(values)) => values,
        Ok(Certificate::UNSAT) | Err(SolverError::EmptyClause) => return Ok(None),
        Err(SolverError::TimeOut) => return Err(SatError::TimeOut),
        Err(error) => return Err(SatError::Solver(error.to_string())),
    };
    let mut model = vec![false; cnf.num_vars as usize];
    for value in values {
        if let Some(slot) = model.get_mut(value.unsigned_abs() as usize - 1) {
            *slot = value > 0;
        }
    }
    Ok(Some(model))
}

/// Solves `cnf` afresh with CaDiCaL writing an LRAT proof to `proof` (text format; clause
/// `i` of `cnf`, in order, is clause `i` of the proof). `Some(false)`: unsatisfiable, and
/// the proof derives the empty clause.
pub fn prove_unsatisfiable(
    cnf: &FlatCnf,
    proof: &Path,
    stop: &Stop,
) -> Result<Option<bool>, SatError> {
    let mut solver = CaDiCaL::default();
    solver
        .trace_proof(proof, ProofFormat::Lrat { binary: false })
        .map_err(|error| SatError::Proof {
            path: proof.display().to_string(),
            why: error.to_string(),
        })?;
    let watch = stop.clone();
    solver.attach_terminator(move || {
        if watch.reached() {
            ControlSignal::Terminate
        } else {
            ControlSignal::Continue
        }
    });
    let mut backend = Backend::Cadical(Box::new(solver));
    for clause in cnf.clauses() {
        add_to(&mut backend, clause);
    }
    let mut solver = IncrementalSat { inner: backend };
    let answer = solver.solve(stop);
    drop(solver);
    if !proof.exists() {
        return Err(SatError::Proof {
            path: proof.display().to_string(),
            why: "CaDiCaL did not create it".into(),
        });
    }
    answer
}

/// A model of the And-Or formula, via its CNF encoding ([`AndOrFormula::to_cnf`]).
pub fn solve_andor(formula: &AndOrFormula) -> Result<Option<Assignment>, SatError> {
    solve_cnf(&formula.to_cnf())
}

/// Groups up to this size get pairwise at-most-one clauses ([`at_most_one`]).
pub const PAIRWISE_LIMIT: usize = 6;

/// Adds "at most one of `group`" (variables, all positive) to `cnf`
/// ([`FlatCnf::at_most_one`]'s clauses).
pub fn at_most_one(cnf: &mut Cnf, group: &[u32]) {
    let dimacs: Vec<i32> = group
        .iter()
        .map(|&var| dimacs_literal(Lit::pos(var)))
        .collect();
    let first = cnf.num_vars as i32 + 1;
    if group.len() > PAIRWISE_LIMIT {
        cnf.num_vars += group.len() as u32 - 1;
    }
    at_most_one_clauses(&dimacs, first, |clause| {
        let clause = clause.iter().map(|&lit| Lit::from_dimacs(i64::from(lit)));
        cnf.clauses
            .push(clause.collect::<Option<_>>().expect("non-zero literals"));
    });
}

/// The clauses of "at most one of `group`" (DIMACS literals), each handed to `add`:
/// pairwise up to [`PAIRWISE_LIMIT`] literals, else a sequential counter (Sinz 2005)
/// over the `group.len() − 1` fresh variables numbered from `first` ("some literal among
/// the first i + 1 holds").
fn at_most_one_clauses(group: &[i32], first: i32, mut add: impl FnMut(&[i32])) {
    if group.len() <= PAIRWISE_LIMIT {
        for (i, &a) in group.iter().enumerate() {
            for &b in &group[i + 1..] {
                add(&[-a, -b]);
            }
        }
        return;
    }
    let some = |i: usize| first + i as i32;
    for (i, &lit) in group.iter().enumerate() {
        let last = i + 1 == group.len();
        if !last {
            add(&[-lit, some(i)]);
        }
        if i > 0 {
            add(&[-lit, -some(i - 1)]);
            if !last {
                add(&[-some(i - 1), some(i)]);
            }
        }
    }
}
