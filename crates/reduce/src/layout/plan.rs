//! The placement before routing ([`Plan`]): the clause literals and their bands of rows,
//! each variable's literal occurrences and span, and the variable columns.

use sat2chess_core::formula::{AndOrClause, AndOrFormula, Lit, Var};

use super::order::{self, Occurrences, Ordering, Span};
use super::{GateOp, LayoutError, literal_name};

/// Largest grid side accepted (tile coordinates are `u32`, and a layout this large
/// could not be stamped anyway).
pub(super) const MAX_SIDE: u32 = 1 << 30;

/// Clause bands, variable spans and columns: the placement before routing.
pub(super) struct Plan {
    pub(super) clauses: Vec<Vec<Lit>>,
    pub(super) occurrences: Vec<Occurrences>,
    pub(super) bands: Bands,
    pub(super) spans: Vec<Span>,
    pub(super) columns: Vec<u32>,
}

impl Plan {
    pub(super) fn new(formula: &AndOrFormula, ordering: Ordering) -> Result<Plan, LayoutError> {
        let clauses = clause_literals(formula)?;
        let occurrences = literal_occurrences(formula, &clauses)?;
        let clause_order = order::clause_order(ordering, &clauses, &occurrences);
        Plan::placed(clauses, occurrences, &clause_order, ordering)
    }

    /// This plan with the clause bands in `clause_order` (top to bottom).
    pub(super) fn reordered(&self, clause_order: &[usize]) -> Result<Plan, LayoutError> {
        let (clauses, occurrences) = (self.clauses.clone(), self.occurrences.clone());
        Plan::placed(clauses, occurrences, clause_order, Ordering::Optimised)
    }

    fn placed(
        clauses: Vec<Vec<Lit>>,
        occurrences: Vec<Occurrences>,
        clause_order: &[usize],
        ordering: Ordering,
    ) -> Result<Plan, LayoutError> {
        let bands = Bands::new(&clauses, clause_order)?;
        let spans: Vec<Span> = occurrences
            .iter()
            .map(|occ| variable_span(occ, |o| bands.track(o), || bands.gap(occ.positive.0)))
            .collect();
        let columns = order::variable_columns(ordering, &spans);
        Ok(Plan {
            clauses,
            occurrences,
            bands,
            spans,
            columns,
        })
    }

    /// See [`wire_tiles`](super::wire_tiles).
    pub(super) fn wire_tiles(&self) -> u64 {
        let gate_col = first_gate_column(&self.columns, &self.spans);
        self.spans
            .iter()
            .zip(&self.columns)
            .map(|(span, &col)| {
                let vertical = u64::from(span.bottom - span.top + 1) * u64::from(span.width);
                vertical + 2 * u64::from(gate_col - col)
            })
            .sum()
    }
}

/// First gate column (right of every variable column).
pub(super) fn first_gate_column(columns: &[u32], spans: &[Span]) -> u32 {
    columns
        .iter()
        .zip(spans)
        .map(|(&c, s)| c + s.width)
        .max()
        .unwrap_or(0)
}

fn clause_literals(formula: &AndOrFormula) -> Result<Vec<Vec<Lit>>, LayoutError> {
    if formula.clauses.is_empty() {
        return Err(LayoutError::NoClauses);
    }
    formula
        .clauses
        .iter()
        .enumerate()
        .map(|(clause, c)| {
            let lits = c.literals();
            if lits.is_empty() {
                return Err(LayoutError::EmptyClause { clause });
            }
            if let Some(lit) = lits.iter().find(|l| l.var.index() >= formula.num_vars()) {
                return Err(LayoutError::UnknownVariable {
                    clause,
                    var: lit.var,
                    num_vars: formula.num_vars(),
                });
            }
            Ok(lits)
        })
        .collect()
}

fn literal_occurrences(
    formula: &AndOrFormula,
    clauses: &[Vec<Lit>],
) -> Result<Vec<Occurrences>, LayoutError> {
    let mut found: Vec<[Vec<(usize, usize)>; 2]> =
        vec![[Vec::new(), Vec::new()]; formula.num_vars()];
    for (clause, lits) in clauses.iter().enumerate() {
        for (position, lit) in lits.iter().enumerate() {
            found[lit.var.index()][usize::from(lit.positive)].push((clause, position));
        }
    }
    found
        .into_iter()
        .enumerate()
        .map(|(v, [negative, positive])| {
            for (list, positive_literal) in [(&positive, true), (&negative, false)] {
                if list.len() != 1 {
                    return Err(LayoutError::LiteralCount {
                        literal: literal_name(formula, Var(v as u32), positive_literal),
                        count: list.len(),
                    });
                }
            }
            Ok(Occurrences {
                positive: positive[0],
                negative: negative[0],
            })
        })
        .collect()
}

/// Gates of a clause, in order (see [`GateRole::Clause`]).
pub(crate) fn clause_gates(clause: &AndOrClause) -> Vec<GateOp> {
    match clause {
        AndOrClause::AndOr { .. } => vec![GateOp::And, GateOp::Or],
        AndOrClause::Or(lits) => vec![GateOp::Or; lits.len().saturating_sub(1)],
    }
}

/// Row geometry of the clause bands.
pub(crate) struct Bands {
    /// Gate row of each clause (by clause index).
    pub(super) gate_row: Vec<u32>,
    /// Clause indices top to bottom.
    pub(super) order: Vec<usize>,
}

impl Bands {
    fn new(clauses: &[Vec<Lit>], order: &[usize]) -> Result<Bands, LayoutError> {
        let mut gate_row = vec![0; clauses.len()];
        let mut top: u64 = 0;
        for &c in order {
            let height = clauses[c].len() as u64;
            gate_row[c] = u32::try_from(top + height - 1)
                .ok()
                .filter(|&r| r < MAX_SIDE)
                .ok_or(LayoutError::TooLarge { max: MAX_SIDE })?;
            top += height + 1;
        }
        Ok(Bands {
            gate_row,
            order: order.to_vec(),
        })
    }

    /// Track row of literal `position` of `clause`.
    pub(crate) fn track(&self, (clause, position): (usize, usize)) -> u32 {
        self.gate_row[clause] - position as u32
    }

    /// The gap row under a clause's band.
    pub fn gap(&self, clause: usize) -> u32 {
        self.gate_row[clause] + 1
    }
}

/// Where a variable's wires run: rows `top..=bottom`, `width` columns, its literal
/// occurrences on the rows `row_of` gives; both literals in one clause reach down to
/// the variable's `gap` row in two columns.
pub(super) fn variable_span(
    occ: &Occurrences,
    row_of: impl Fn((usize, usize)) -> u32,
    gap: impl FnOnce() -> u32,
) -> Span {
    let (p, n) = (row_of(occ.positive), row_of(occ.negative));
    let (bottom, width) = if occ.positive.0 == occ.negative.0 {
        (gap(), 2)
    } else {
        (p.max(n), 1)
    };
    Span {
        top: p.min(n),
        bottom,
        width,
    }
}
