//! Certified formula transformations towards And-Or-(1,1)-SAT (thesis §2.2.1).
//! The board backends use CNF → 3-CNF ([`split`]) → And-Or-(1,1)-SAT by one fan-out
//! chain per variable ([`fanout`]); the thesis' route CNF → 3-CNF → (2+1),3-SAT
//! ([`tovey`], Lemma 2.1) → And-Or-(1,1)-SAT ([`andor`], Theorem 2.2) stays available
//! ([`Chain::thesis_from_cnf`], `transform --thesis`). And-Or input only passes
//! `separate` when a clause holds both literals of a variable. Every step has a
//! forward map (model of its input → model of its output), a backward map (model of
//! its output → model of its input) and the provenance ([`Origin`]) of every output
//! variable. [`Chain`] composes them for the later stages.
//!
//! Sizes (occurrences = literal occurrences of the step's input, `k` the longest
//! clause): 3-CNF has at most 3·occurrences occurrences and occurrences new
//! variables; fan-out And-Or at most 4·occurrences (+2 per empty clause, +4 for a
//! formula left without clauses); (2+1),3-SAT has exactly 3·occurrences occurrences and
//! occurrences variables; its And-Or has 2·occurrences (+2 per empty clause)
//! occurrences and occurrences variables. End to end: at most 12 occurrences per input
//! occurrence by fan-out, 18 by the thesis' route (+2 per empty clause).

pub mod andor;
pub mod fanout;
pub mod planar_monotone;
pub mod rbds;
pub(crate) mod separate;
pub mod split;
mod step;
pub mod tovey;

pub use step::{Origin, TransformError};

use serde_json::{Value, json};

use crate::front::Input;
use sat2chess_core::formula::{AndOrClause, AndOrFormula, Assignment, Cnf, FormulaSize, Lit, Var};

/// The names of DIMACS variables: `x1`, `x2`, ….
pub fn cnf_names(num_vars: u32) -> Vec<String> {
    (0..num_vars).map(|v| Var(v).to_string()).collect()
}

/// The most variables a CNF input of the chain may declare ([`Chain::from_cnf`],
/// [`Chain::thesis_from_cnf`]): every declared variable, used or not, costs the chain
/// about 200 bytes (its name, its provenance and its mark in each step), so this bounds
/// that part of the memory by about 200 MB. (The DIMACS reader itself, and `sat`, take up
/// to 10^7.)
pub const MAX_CHAIN_VARIABLES: u32 = 1_000_000;

/// Refuses, before anything is allocated per variable, a CNF declaring more than
/// [`MAX_CHAIN_VARIABLES`] variables.
fn check_declared_variables(cnf: &Cnf) -> Result<(), TransformError> {
    if cnf.num_vars > MAX_CHAIN_VARIABLES {
        return Err(TransformError::TooManyVariables {
            num_vars: cnf.num_vars,
            max: MAX_CHAIN_VARIABLES,
        });
    }
    Ok(())
}

/// The kind of a step, named as on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StageKind {
    /// CNF → 3-CNF.
    ThreeSat,
    /// 3-CNF → (2+1),3-SAT (Lemma 2.1).
    Tovey,
    /// (2+1),3-SAT → And-Or-(1,1)-SAT (Theorem 2.2).
    AndOr,
    /// 3-CNF → And-Or-(1,1)-SAT by one fan-out chain per variable ([`fanout`]).
    Fanout,
    /// And-Or-(1,1)-SAT → And-Or-(1,1)-SAT without a clause holding both literals of a variable.
    Separate,
}

impl StageKind {
    pub fn name(self) -> &'static str {
        match self {
            StageKind::ThreeSat => "3sat",
            StageKind::Tovey => "tovey",
            StageKind::AndOr => "andor",
            StageKind::Fanout => "fanout",
            StageKind::Separate => "separate",
        }
    }
}

/// A formula with the names of its variables.
#[derive(Clone, Copy, Debug)]
pub enum FormulaRef<'a> {
    Cnf { cnf: &'a Cnf, names: &'a [String] },
    AndOr(&'a AndOrFormula),
}

impl<'a> FormulaRef<'a> {
    pub fn size(&self) -> FormulaSize {
        match self {
            FormulaRef::Cnf { cnf, .. } => cnf.size(),
            FormulaRef::AndOr(formula) => formula.size(),
        }
    }

    pub fn names(&self) -> &'a [String] {
        match *self {
            FormulaRef::Cnf { names, .. } => names,
            FormulaRef::AndOr(formula) => &formula.names,
        }
    }

    pub fn is_satisfied_by(&self, assignment: &Assignment) -> bool {
        match self {
            FormulaRef::Cnf { cnf, .. } => cnf.is_satisfied_by(assignment),
            FormulaRef::AndOr(formula) => formula.is_satisfied_by(assignment),
        }
    }

    /// `{"kind":"cnf","num_vars":N,"clauses":[[1,-2],…]}` or for And-Or
    /// `{"kind":"andor","num_vars":N,"clauses":[{"or":[1,-2]},{"and":[1,2],"or":-3},…]}`,
    /// literals as signed 1-based variable numbers.
    pub fn to_json(&self) -> Value {
        match self {
            FormulaRef::Cnf { cnf, .. } => json!({
                "kind": "cnf",
                "num_vars": cnf.num_vars,
                "clauses": cnf.clauses.iter()
                    .map(|c| c.iter().map(|l| l.to_dimacs()).collect::<Vec<_>>())
                    .collect::<Vec<_>>(),
            }),
            FormulaRef::AndOr(formula) => json!({
                "kind": "andor",
                "num_vars": formula.num_vars(),
                "clauses": formula.clauses.iter().map(|clause| match clause {
                    AndOrClause::Or(lits) => json!({"or": lits.iter().map(|l| l.to_dimacs()).collect::<Vec<_>>()}),
                    AndOrClause::AndOr { and, or } => json!({
                        "and": [and[0].to_dimacs(), and[1].to_dimacs()], "or": or.to_dimacs()
                    }),
                }).collect::<Vec<_>>(),
            }),
        }
    }
}

/// One step of a [`Chain`].
#[derive(Clone, Copy, Debug)]
pub enum StageRef<'a> {
    Split(&'a split::Split),
    Tovey(&'a tovey::Tovey),
    AndOr(&'a andor::ToAndOr),
    Fanout(&'a fanout::Fanout),
    Separate(&'a separate::Separate),
}

impl<'a> StageRef<'a> {
    pub fn kind(&self) -> StageKind {
        match self {
            StageRef::Split(_) => StageKind::ThreeSat,
            StageRef::Tovey(_) => StageKind::Tovey,
            StageRef::AndOr(_) => StageKind::AndOr,
            StageRef::Fanout(_) => StageKind::Fanout,
            StageRef::Separate(_) => StageKind::Separate,
        }
    }

    pub fn output(&self) -> FormulaRef<'a> {
        match *self {
            StageRef::Split(step) => FormulaRef::Cnf {
                cnf: &step.output,
                names: &step.names,
            },
            StageRef::Tovey(step) => FormulaRef::Cnf {
                cnf: &step.output,
                names: &step.names,
            },
            StageRef::AndOr(step) => FormulaRef::AndOr(&step.output),
            StageRef::Fanout(step) => FormulaRef::AndOr(&step.output),
            StageRef::Separate(step) => FormulaRef::AndOr(&step.output),
        }
    }

    /// Provenance of every output variable.
    pub fn origins(&self) -> &'a [Origin] {
        match *self {
            StageRef::Split(step) => &step.origins,
            StageRef::Tovey(step) => &step.origins,
            StageRef::AndOr(step) => &step.origins,
            StageRef::Fanout(step) => &step.origins,
            StageRef::Separate(step) => &step.origins,
        }
    }

    pub fn forward(&self, input: &Assignment) -> Assignment {
        match self {
            StageRef::Split(step) => step.forward(input),
            StageRef::Tovey(step) => step.forward(input),
            StageRef::AndOr(step) => step.forward(input),
            StageRef::Fanout(step) => step.forward(input),
            StageRef::Separate(step) => step.forward(input),
        }
    }

    pub fn backward(&self, output: &Assignment) -> Assignment {
        match self {
            StageRef::Split(step) => step.backward(output),
            StageRef::Tovey(step) => step.backward(output),
            StageRef::AndOr(step) => step.backward(output),
            StageRef::Fanout(step) => step.backward(output),
            StageRef::Separate(step) => step.backward(output),
        }
    }

    /// The output variable whose value [`StageRef::backward`] gives input variable `var`
    /// (possibly negated); `None`: `var` gets a constant. No other output variable
    /// changes it.
    pub fn source(&self, var: Var) -> Option<Var> {
        match self {
            StageRef::Split(step) => step.source(var),
            StageRef::Tovey(step) => step.source(var),
            StageRef::AndOr(step) => step.source(var),
            StageRef::Fanout(step) => step.source(var),
            StageRef::Separate(step) => step.source(var),
        }
    }
}

#[derive(Clone, Debug)]
struct CnfSteps {
    cnf: Cnf,
    names: Vec<String>,
    split: split::Split,
    route: CnfRoute,
}

/// The steps after [`split`].
#[derive(Clone, Debug)]
enum CnfRoute {
    /// The thesis: Tovey's cycles (Lemma 2.1), then Theorem 2.2.
    Thesis {
        tovey: tovey::Tovey,
        andor: andor::ToAndOr,
    },
    /// One fan-out chain per variable ([`fanout`]): about 0.6 times the literal
    /// occurrences of the thesis route.
    Fanout(fanout::Fanout),
}

/// Most layout passes [`Chain::from_cnf`] makes to align the fan-out chains (uf20-91
/// keeps shrinking for four, 3.33 → 3.12 million kings; a uf50-218-shaped formula
/// stops after one, −21 %).
pub(crate) const ALIGNMENT_PASSES: usize = 4;

/// Where the clauses of an And-Or formula would be drawn: what [`Chain::from_cnf`] aligns
/// the fan-out chains with. The transformation never draws itself; the layout supplies
/// its order (`layout::BandOrder`).
pub trait ClauseOrder {
    /// The clause indices top to bottom and the drawing's size (smaller is better);
    /// `None`: no drawing, keep the input order.
    fn clause_rows(&self, formula: &AndOrFormula) -> Option<(Vec<usize>, u64)>;
}

/// The fan-out of `cnf` with its clauses in `order` ([`Chain::from_cnf`]).
fn aligned_fanout(
    cnf: &Cnf,
    names: &[String],
    order: &dyn ClauseOrder,
) -> Result<fanout::Fanout, TransformError> {
    let mut best = fanout::to_andor_fanout(cnf, names)?;
    // A formula the drawing refuses (too large) keeps the input order.
    let Some((mut rows, mut tiles)) = order.clause_rows(&best.output) else {
        return Ok(best);
    };
    for _ in 0..ALIGNMENT_PASSES {
        let kept = best.kept_clauses();
        let order_now: Vec<usize> = rows.iter().filter_map(|&c| kept.get(c)).copied().collect();
        let next = fanout::to_andor_fanout_in_order(cnf, names, &order_now)?;
        let Some((next_rows, next_tiles)) = order.clause_rows(&next.output) else {
            break;
        };
        if next_tiles >= tiles {
            break;
        }
        (best, rows, tiles) = (next, next_rows, next_tiles);
    }
    let mut sorted = best.clone();
    sort_tracks(&mut sorted.output, &rows);
    if let Some((_, sorted_tiles)) = order.clause_rows(&sorted.output)
        && sorted_tiles < tiles
    {
        best = sorted;
    }
    Ok(best)
}

/// Orders the interchangeable literals of every clause (all of an Or, the two of an
/// And) so that a literal whose other clause lies higher in `rows` (clause indices top
/// to bottom) gets a higher track: a clause's literal `i` runs `i` rows above its gate
/// row (in the layout), so the variables' wires get shorter.
fn sort_tracks(formula: &mut AndOrFormula, rows: &[usize]) {
    let mut band = vec![0usize; formula.clauses.len()];
    for (position, &c) in rows.iter().enumerate() {
        band[c] = position;
    }
    let mut clauses_of = vec![Vec::new(); formula.num_vars()];
    for (c, clause) in formula.clauses.iter().enumerate() {
        for lit in clause.literals() {
            clauses_of[lit.var.index()].push(c);
        }
    }
    // The band of the other clause of `lit` (in clause `c`), lowest first.
    let other = |c: usize, lit: &Lit| {
        let lowest = clauses_of[lit.var.index()]
            .iter()
            .filter(|&&d| d != c)
            .map(|&d| band[d])
            .max()
            .unwrap_or(band[c]);
        std::cmp::Reverse(lowest)
    };
    for (c, clause) in formula.clauses.iter_mut().enumerate() {
        match clause {
            AndOrClause::Or(lits) => lits.sort_by_key(|lit| other(c, lit)),
            AndOrClause::AndOr { and, .. } => and.sort_by_key(|lit| other(c, lit)),
        }
    }
}

#[derive(Clone, Debug)]
enum Steps {
    FromCnf(Box<CnfSteps>),
    FromAndOr {
        formula: AndOrFormula,
        separate: Option<separate::Separate>,
    },
}

/// The composed transformation from an input formula to the And-Or-(1,1)-SAT formula
/// the board backends build on; its final formula has no clause holding both literals
/// of a variable.
#[derive(Clone, Debug)]
pub struct Chain {
    steps: Steps,
}

impl Chain {
    /// CNF → 3-CNF → And-Or-(1,1)-SAT by fan-out chains ([`fanout`]), variables named
    /// `x1, x2, …`: the chain the board backends use. The chains follow the drawing:
    /// the fan-out is redone with the 3-CNF clauses in the order `order` gives their
    /// bands (the optimised layout's, for boards), so each variable's chain visits its
    /// occurrences top to bottom and its clauses can sit between them (a chain built in
    /// input order zigzags across the layout: uf50-218-shaped, about a fifth more
    /// kings). A pass is kept only while the drawing's size (the layout's wire tiles)
    /// shrinks, at most `ALIGNMENT_PASSES` of them;
    /// then each clause's interchangeable literals are put on the tracks nearest their
    /// other clauses, if that shrinks the wire tiles too. A CNF declaring more than
    /// [`MAX_CHAIN_VARIABLES`] variables is refused first.
    pub fn from_cnf(cnf: &Cnf, order: &dyn ClauseOrder) -> Result<Chain, TransformError> {
        check_declared_variables(cnf)?;
        let names = cnf_names(cnf.num_vars);
        let split = split::to_three_cnf(cnf, &names)?;
        let fanout = aligned_fanout(&split.output, &split.names, order)?;
        Ok(Chain::cnf_steps(
            cnf,
            names,
            split,
            CnfRoute::Fanout(fanout),
        ))
    }

    /// The thesis' chain CNF → 3-CNF → (2+1),3-SAT → And-Or-(1,1)-SAT (Lemma 2.1,
    /// Theorem 2.2), variables named `x1, x2, …`; refuses as [`Chain::from_cnf`] does.
    pub fn thesis_from_cnf(cnf: &Cnf) -> Result<Chain, TransformError> {
        check_declared_variables(cnf)?;
        let names = cnf_names(cnf.num_vars);
        let split = split::to_three_cnf(cnf, &names)?;
        let tovey = tovey::to_two_plus_one(&split.output, &split.names)?;
        let andor = andor::to_andor(&tovey.output, &tovey.names)?;
        Ok(Chain::cnf_steps(
            cnf,
            names,
            split,
            CnfRoute::Thesis { tovey, andor },
        ))
    }

    fn cnf_steps(cnf: &Cnf, names: Vec<String>, split: split::Split, route: CnfRoute) -> Chain {
        Chain {
            steps: Steps::FromCnf(Box::new(CnfSteps {
                cnf: cnf.clone(),
                names,
                split,
                route,
            })),
        }
    }

    /// And-Or input: the formula itself, passed through `separate` only if a clause
    /// holds both literals of a variable or there is no clause at all (then the stand-in
    /// `a ∨ b`, `¬a ∨ ¬b` of a CNF without clauses is added, so both compile alike).
    pub fn from_andor(formula: &AndOrFormula) -> Result<Chain, TransformError> {
        formula.check()?;
        let separate = (formula.clauses.is_empty()
            || formula.clause_with_both_literals().is_some())
        .then(|| separate::separate(formula));
        Ok(Chain {
            steps: Steps::FromAndOr {
                formula: formula.clone(),
                separate,
            },
        })
    }

    pub fn from_input(input: &Input, order: &dyn ClauseOrder) -> Result<Chain, TransformError> {
        match input {
            Input::Cnf(cnf) => Chain::from_cnf(cnf, order),
            Input::AndOr(formula) => Chain::from_andor(formula),
            Input::Rbds(_) => Err(TransformError::RbdsInput),
        }
    }

    /// The input formula.
    pub fn input(&self) -> FormulaRef<'_> {
        match &self.steps {
            Steps::FromCnf(steps) => FormulaRef::Cnf {
                cnf: &steps.cnf,
                names: &steps.names,
            },
            Steps::FromAndOr { formula, .. } => FormulaRef::AndOr(formula),
        }
    }

    /// The steps in order (none for And-Or input without a clause to separate).
    pub fn stages(&self) -> Vec<StageRef<'_>> {
        match &self.steps {
            Steps::FromCnf(steps) => match &steps.route {
                CnfRoute::Thesis { tovey, andor } => vec![
                    StageRef::Split(&steps.split),
                    StageRef::Tovey(tovey),
                    StageRef::AndOr(andor),
                ],
                CnfRoute::Fanout(fanout) => {
                    vec![StageRef::Split(&steps.split), StageRef::Fanout(fanout)]
                }
            },
            Steps::FromAndOr { separate, .. } => separate.iter().map(StageRef::Separate).collect(),
        }
    }

    /// The final And-Or-(1,1)-SAT formula.
    pub fn formula(&self) -> &AndOrFormula {
        match &self.steps {
            Steps::FromCnf(steps) => match &steps.route {
                CnfRoute::Thesis { andor, .. } => &andor.output,
                CnfRoute::Fanout(fanout) => &fanout.output,
            },
            Steps::FromAndOr {
                separate: Some(separate),
                ..
            } => &separate.output,
            Steps::FromAndOr {
                formula,
                separate: None,
            } => formula,
        }
    }

    /// Maps a model of the input to a model of [`Chain::formula`] (any assignment of
    /// the input to an assignment of the output).
    pub fn forward(&self, input: &Assignment) -> Assignment {
        self.stages()
            .iter()
            .fold(input.clone(), |assignment, stage| {
                stage.forward(&assignment)
            })
    }

    /// Maps a model of [`Chain::formula`] to a model of the input.
    pub fn backward(&self, output: &Assignment) -> Assignment {
        self.stages()
            .iter()
            .rev()
            .fold(output.clone(), |assignment, stage| {
                stage.backward(&assignment)
            })
    }

    /// The variable of [`Chain::formula`] whose value [`Chain::backward`] gives input
    /// variable `var` (possibly negated), following every step's
    /// [`StageRef::source`]; `None`: `var` gets a constant.
    pub fn source(&self, var: Var) -> Option<Var> {
        self.stages()
            .iter()
            .try_fold(var, |var, stage| stage.source(var))
    }

    /// The size of the input and of every step's output, labelled `input`, `3sat`, ….
    pub fn sizes(&self) -> Vec<(&'static str, FormulaSize)> {
        std::iter::once(("input", self.input().size()))
            .chain(
                self.stages()
                    .iter()
                    .map(|s| (s.kind().name(), s.output().size())),
            )
            .collect()
    }

    /// The input variable each variable of step `stage`'s output (0-based in
    /// [`Chain::stages`]) stands for, following the provenance back; `None` for
    /// fresh variables of splitting and empty clauses.
    pub fn input_var(&self, stage: usize, var: Var) -> Option<Var> {
        let stages = self.stages();
        stages[..=stage]
            .iter()
            .rev()
            .try_fold(var, |var, step| step.origins()[var.index()].var())
    }

    /// The formula after the first `steps` steps (0: the input), if there are that many.
    pub fn output_after(&self, steps: usize) -> Option<FormulaRef<'_>> {
        match steps {
            0 => Some(self.input()),
            n => self.stages().get(n - 1).map(StageRef::output),
        }
    }

    /// JSON of the formula after the first `steps` steps (as [`FormulaRef::to_json`])
    /// with the provenance of every variable of every step up to it
    /// (`sat2chess transform --format json`), if there are that many steps.
    pub fn to_json(&self, steps: usize) -> Option<Value> {
        let output = self.output_after(steps)?;
        let stages = self.stages();
        let input = self.input();
        let mut previous_names = input.names();
        let mut step_values = vec![json!({"stage": "input", "size": input.size()})];
        for (index, stage) in stages[..steps].iter().enumerate() {
            let stage_output = stage.output();
            let variables: Vec<Value> = stage
                .origins()
                .iter()
                .enumerate()
                .map(|(v, origin)| {
                    json!({
                        "index": v + 1,
                        "name": stage_output.names()[v],
                        "origin": origin.to_json(previous_names),
                        "input_var": self
                            .input_var(index, Var(v as u32))
                            .map(|x| input.names()[x.index()].clone()),
                    })
                })
                .collect();
            step_values.push(json!({
                "stage": stage.kind().name(),
                "size": stage_output.size(),
                "variables": variables,
            }));
            previous_names = stage_output.names();
        }
        let stage = match steps {
            0 => "input",
            n => stages[n - 1].kind().name(),
        };
        let mut value = json!({
            "format": "sat2chess-formula",
            "version": 1,
            "stage": stage,
            "names": output.names(),
            "steps": step_values,
        });
        if let (Value::Object(map), Value::Object(formula)) = (&mut value, output.to_json()) {
            map.extend(formula);
        }
        Some(value)
    }
}
