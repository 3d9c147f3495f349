//! An LRAT proof checker (Cruz-Filipe et al., "Efficient certified RAT verification",
//! CADE 2017), for the refutations `sat2chess solve --proof` writes: it checks that a
//! DIMACS CNF is unsatisfiable without trusting the SAT solver.
//!
//! Each added clause lists the clauses (by number; the CNF's clauses are `1 … m`) that,
//! with the added clause's literals assigned false, become unit in turn and end in a
//! conflict: reverse unit propagation along the given hints, in time linear in their
//! size. The proof is accepted when it adds the empty clause. RAT steps (negative
//! hints) are refused: CaDiCaL's LRAT output has none. Text format only.
//!
//! Hand-written, kept in the checker crate on purpose: it shares no code with the SAT
//! solver or the encoder (the Rust LRAT checkers on crates.io are tied to other proof
//! systems or unmaintained), and it is short enough to read in full.

use rustc_hash::FxHashMap;

/// Why a proof was refused, with the proof line (1-based) where it applies.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LratError {
    #[error("CNF line {line}: {what}")]
    Cnf { line: usize, what: String },
    #[error("proof line {line}: {what}")]
    Proof { line: usize, what: String },
    #[error("the proof never adds the empty clause")]
    NoEmptyClause,
}

/// What a checked proof did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LratSummary {
    pub original_clauses: usize,
    pub added_clauses: usize,
    pub deleted_clauses: usize,
}

/// Checks that `proof` (LRAT, text) refutes `cnf` (DIMACS).
pub fn check_lrat(cnf: &str, proof: &str) -> Result<LratSummary, LratError> {
    let mut clauses: FxHashMap<u64, Vec<i32>> = FxHashMap::default();
    let mut original = 0u64;
    let mut vars = 0usize;
    let mut pending: Vec<i32> = Vec::new();
    for (index, line) in cnf.lines().enumerate() {
        let line_no = index + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('c') || line.starts_with('%') {
            continue;
        }
        if line.starts_with('p') {
            let fields: Vec<&str> = line.split_whitespace().collect();
            if fields.len() != 4 || fields[1] != "cnf" {
                return Err(LratError::Cnf {
                    line: line_no,
                    what: "expected `p cnf VARIABLES CLAUSES`".into(),
                });
            }
            continue;
        }
        for token in line.split_whitespace() {
            let lit: i32 = token.parse().map_err(|_| LratError::Cnf {
                line: line_no,
                what: format!("`{token}` is not a literal"),
            })?;
            if lit == 0 {
                original += 1;
                clauses.insert(original, std::mem::take(&mut pending));
            } else {
                vars = vars.max(lit.unsigned_abs() as usize);
                pending.push(lit);
            }
        }
    }
    if !pending.is_empty() {
        return Err(LratError::Cnf {
            line: cnf.lines().count(),
            what: "the last clause has no closing 0".into(),
        });
    }
    if clauses.values().any(Vec::is_empty) {
        return Ok(LratSummary {
            original_clauses: original as usize,
            added_clauses: 0,
            deleted_clauses: 0,
        });
    }
    let mut value = vec![0i8; vars + 1];
    let mut summary = LratSummary {
        original_clauses: original as usize,
        added_clauses: 0,
        deleted_clauses: 0,
    };
    for (index, line) in proof.lines().enumerate() {
        let line_no = index + 1;
        let bad = |what: String| LratError::Proof {
            line: line_no,
            what,
        };
        let mut tokens = line.split_whitespace();
        let Some(first) = tokens.next() else {
            continue;
        };
        if first.starts_with('c') {
            continue;
        }
        let id: u64 = first
            .parse()
            .map_err(|_| bad(format!("`{first}` is not a clause number")))?;
        let rest: Vec<&str> = tokens.collect();
        if rest.first() == Some(&"d") {
            for token in &rest[1..] {
                let gone: u64 = token
                    .parse()
                    .map_err(|_| bad(format!("`{token}` is not a clause number")))?;
                if gone != 0 && clauses.remove(&gone).is_some() {
                    summary.deleted_clauses += 1;
                }
            }
            continue;
        }
        let numbers: Vec<i64> = rest
            .iter()
            .map(|t| {
                t.parse::<i64>()
                    .map_err(|_| bad(format!("`{t}` is not a number")))
            })
            .collect::<Result<_, _>>()?;
        let split = numbers
            .iter()
            .position(|&x| x == 0)
            .ok_or_else(|| bad("the clause has no closing 0".into()))?;
        let clause: Vec<i32> = numbers[..split].iter().map(|&l| l as i32).collect();
        let hints = &numbers[split + 1..];
        if hints.last() != Some(&0) {
            return Err(bad("the hints have no closing 0".into()));
        }
        let hints = &hints[..hints.len() - 1];
        if clauses.contains_key(&id) || id <= original {
            return Err(bad(format!("clause {id} already exists")));
        }
        for &lit in &clause {
            let var = lit.unsigned_abs() as usize;
            if var >= value.len() {
                value.resize(var + 1, 0);
            }
        }
        let derived = propagate(&clause, hints, &clauses, &mut value).map_err(bad)?;
        if !derived {
            return Err(bad(format!(
                "clause {id}: the hints end without a conflict"
            )));
        }
        summary.added_clauses += 1;
        if clause.is_empty() {
            return Ok(summary);
        }
        clauses.insert(id, clause);
    }
    Err(LratError::NoEmptyClause)
}

/// Assigns `clause` false, then propagates along `hints`; whether a hint conflicts.
/// The assignment is undone before returning.
fn propagate(
    clause: &[i32],
    hints: &[i64],
    clauses: &FxHashMap<u64, Vec<i32>>,
    value: &mut [i8],
) -> Result<bool, String> {
    let mut trail: Vec<usize> = Vec::new();
    let assign = |lit: i32, value: &mut [i8], trail: &mut Vec<usize>| {
        let var = lit.unsigned_abs() as usize;
        value[var] = if lit > 0 { 1 } else { -1 };
        trail.push(var);
    };
    let truth = |lit: i32, value: &[i8]| {
        let v = value[lit.unsigned_abs() as usize];
        if lit > 0 { v } else { -v }
    };
    let mut outcome = Ok(false);
    for &lit in clause {
        if truth(lit, value) == 1 {
            // The clause is a tautology under its own negation: trivially implied.
            outcome = Ok(true);
            break;
        }
        assign(-lit, value, &mut trail);
    }
    if outcome == Ok(false) {
        for &hint in hints {
            if hint < 0 {
                outcome = Err(format!("RAT hint {hint}: only RUP steps are checked"));
                break;
            }
            let Some(used) = clauses.get(&(hint as u64)) else {
                outcome = Err(format!("hint {hint} names no live clause"));
                break;
            };
            // The literals not false; unit when one is left (a true one is then a
            // no-op, as in drat-trim's lrat-check).
            let mut unassigned = None;
            let mut open = 0;
            for &lit in used {
                if truth(lit, value) != -1 {
                    open += 1;
                    unassigned = Some(lit);
                }
            }
            match (open, unassigned) {
                (0, _) => {
                    outcome = Ok(true);
                    break;
                }
                (1, Some(lit)) => {
                    if truth(lit, value) == 0 {
                        assign(lit, value, &mut trail);
                    }
                }
                _ => {
                    outcome = Err(format!("hint {hint} is not unit"));
                    break;
                }
            }
        }
    }
    for var in trail {
        value[var] = 0;
    }
    outcome
}

#[cfg(test)]
mod tests {
    use super::*;

    const CNF: &str = "p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n";

    #[test]
    fn a_refutation_by_hints_is_accepted() {
        // 5: (2) from 1 and 2; then the empty clause from 5, 3, 4.
        let proof = "5 2 0 1 2 0\n6 0 5 3 4 0\n";
        let summary = check_lrat(CNF, proof).unwrap();
        assert_eq!(summary.added_clauses, 2);
    }

    #[test]
    fn wrong_hints_and_unfinished_proofs_are_refused() {
        assert!(matches!(
            check_lrat(CNF, "5 2 0 1 3 0\n"),
            Err(LratError::Proof { line: 1, .. })
        ));
        assert_eq!(
            check_lrat(CNF, "5 2 0 1 2 0\n"),
            Err(LratError::NoEmptyClause)
        );
        assert!(check_lrat(CNF, "5 2 0 1 2 0\n5 d 1 0\n6 0 5 1 4 0\n").is_err());
        assert!(check_lrat(CNF, "5 2 0 -1 0\n").is_err());
    }
}
