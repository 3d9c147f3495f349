//! Checks that a DIMACS CNF is the SAT encoding of a board as `solve --emit-cnf` wrote
//! it, so that an LRAT refutation of that CNF proves the board unsolvable
//! (`sat2chess check BOARD --proof P --cnf X`).
//!
//! The CNF must start with the board's static encoding, clause for clause: it is built
//! again here ([`crate::sat_encode`]) and compared. Every further clause must be an
//! acyclicity clause of the board: the solver adds "not all conditions of this cycle of
//! precedences" lazily, and each such clause is checked by finding the cycle again. A
//! clause `C` is accepted when the precedences whose conditions are all made true by
//! falsifying `C` contain a cycle: then every assignment violating `C` orders squares
//! in a cycle, which no real capture sequence does (its departure times order every
//! precedence whose condition it makes true; module doc of [`crate::sat_encode`]). So
//! every solution of the board still satisfies the whole CNF, and a refutation of the
//! CNF refutes the board. Weaker clauses (supersets of a cycle's) pass too, and are just
//! as sound.

use rustc_hash::{FxHashMap, FxHashSet};

use sat2chess_core::board::Board;
use sat2chess_core::rules::Variant;

use crate::sat_encode::{Encoding, Precedence};

/// What a CNF matching its board holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EncodingCheck {
    pub variables: u32,
    /// Clauses equal to the board's static encoding.
    pub static_clauses: usize,
    /// Further clauses, each checked to exclude a cycle of precedences of the board.
    pub cycle_clauses: usize,
}

/// Why a CNF is not the encoding of the board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EncodingMismatch {
    #[error("line {line}: {what}")]
    Malformed { line: usize, what: String },
    #[error("the board has at most one piece: it has no SAT encoding")]
    TooFewPieces,
    #[error("the board's encoding would be too large to build")]
    TooLarge,
    #[error(
        "the CNF has {found} variables, the board's encoding {expected} (another board, rule set or version?)"
    )]
    Variables { found: u32, expected: u32 },
    #[error(
        "clause {index} (line {line}) differs from the board's encoding (another board, rule set or version?)"
    )]
    StaticClause { index: usize, line: usize },
    #[error(
        "the CNF has {found} clauses, fewer than the {expected} of the board's static encoding"
    )]
    Truncated { found: usize, expected: usize },
    #[error(
        "clause {index} (line {line}) is no static clause of the board and excludes no cycle of its precedences"
    )]
    NotACycle { index: usize, line: usize },
}

/// Checks that `cnf` (DIMACS text) is the encoding of `board` under `variant`: its
/// static clauses in order, then acyclicity clauses only (module doc).
pub fn check_encoding(
    board: &Board,
    variant: Variant,
    cnf: &str,
) -> Result<EncodingCheck, EncodingMismatch> {
    if board.len() <= 1 {
        return Err(EncodingMismatch::TooFewPieces);
    }
    let encoding = Encoding::build(board, variant).ok_or(EncodingMismatch::TooLarge)?;
    let (variables, clauses) = parse_dimacs(cnf)?;
    let expected = encoding.cnf.num_vars();
    if variables != expected {
        return Err(EncodingMismatch::Variables {
            found: variables,
            expected,
        });
    }
    let static_clauses = encoding.cnf.num_clauses();
    if clauses.len() < static_clauses {
        return Err(EncodingMismatch::Truncated {
            found: clauses.len(),
            expected: static_clauses,
        });
    }
    for (index, (ours, (line, theirs))) in encoding.cnf.clauses().zip(&clauses).enumerate() {
        if ours != theirs.as_slice() {
            return Err(EncodingMismatch::StaticClause {
                index: index + 1,
                line: *line,
            });
        }
    }
    let cycles = Cycles::new(&encoding.precedences);
    for (index, (line, clause)) in clauses.iter().enumerate().skip(static_clauses) {
        if !cycles.excluded_by(clause) {
            return Err(EncodingMismatch::NotACycle {
                index: index + 1,
                line: *line,
            });
        }
    }
    Ok(EncodingCheck {
        variables,
        static_clauses,
        cycle_clauses: clauses.len() - static_clauses,
    })
}

/// Clauses with the line each ends on.
type NumberedClauses = Vec<(usize, Vec<i32>)>;

/// The header's variable count and the clauses.
fn parse_dimacs(text: &str) -> Result<(u32, NumberedClauses), EncodingMismatch> {
    let mut header: Option<(u32, usize)> = None;
    let mut clauses = Vec::new();
    let mut pending = Vec::new();
    let malformed = |line: usize, what: String| EncodingMismatch::Malformed { line, what };
    let mut last_line = 0;
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        last_line = line;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('c') {
            continue;
        }
        if trimmed.starts_with('p') {
            let fields: Vec<&str> = trimmed.split_whitespace().collect();
            let parsed = match fields.as_slice() {
                ["p", "cnf", v, c] => v.parse().ok().zip(c.parse().ok()),
                _ => None,
            };
            if header.is_some() || parsed.is_none() {
                return Err(malformed(
                    line,
                    "expected one `p cnf VARIABLES CLAUSES`".into(),
                ));
            }
            header = parsed;
            continue;
        }
        let Some((variables, _)) = header else {
            return Err(malformed(line, "a clause before the `p cnf` header".into()));
        };
        for token in trimmed.split_whitespace() {
            let literal: i32 = token
                .parse()
                .map_err(|_| malformed(line, format!("`{token}` is not a literal")))?;
            if literal == 0 {
                clauses.push((line, std::mem::take(&mut pending)));
            } else if literal.unsigned_abs() > variables {
                return Err(malformed(
                    line,
                    format!("literal {literal} beyond the header's {variables} variables"),
                ));
            } else {
                pending.push(literal);
            }
        }
    }
    let Some((variables, count)) = header else {
        return Err(malformed(last_line, "no `p cnf` header".into()));
    };
    if !pending.is_empty() {
        return Err(malformed(
            last_line,
            "the last clause has no closing 0".into(),
        ));
    }
    if clauses.len() != count {
        return Err(malformed(
            last_line,
            format!(
                "the header announces {count} clauses, the file has {}",
                clauses.len()
            ),
        ));
    }
    Ok((variables, clauses))
}

/// The precedences indexed by the literals of their conditions.
struct Cycles<'a> {
    precedences: &'a [Precedence],
    by_literal: FxHashMap<i32, Vec<u32>>,
}

impl<'a> Cycles<'a> {
    fn new(precedences: &'a [Precedence]) -> Cycles<'a> {
        let mut by_literal: FxHashMap<i32, Vec<u32>> = FxHashMap::default();
        for (index, p) in precedences.iter().enumerate() {
            for &literal in p.condition.iter().filter(|&&l| l != 0) {
                by_literal.entry(literal).or_default().push(index as u32);
            }
        }
        Cycles {
            precedences,
            by_literal,
        }
    }

    /// Whether falsifying `clause` makes the conditions of a cycle of precedences true
    /// (every precedence has a condition literal, so only those indexed by the negated
    /// literals can take part).
    fn excluded_by(&self, clause: &[i32]) -> bool {
        let negated: FxHashSet<i32> = clause.iter().map(|&l| -l).collect();
        let mut edges: Vec<(u32, u32)> = negated
            .iter()
            .filter_map(|l| self.by_literal.get(l))
            .flatten()
            .map(|&index| &self.precedences[index as usize])
            .filter(|p| p.condition.iter().all(|&l| l == 0 || negated.contains(&l)))
            .map(|p| (p.before, p.after))
            .collect();
        edges.sort_unstable();
        edges.dedup();
        has_cycle(&edges)
    }
}

/// Whether the directed graph of `edges` has a cycle (Kahn's algorithm).
fn has_cycle(edges: &[(u32, u32)]) -> bool {
    let mut indegree: FxHashMap<u32, usize> = FxHashMap::default();
    let mut out: FxHashMap<u32, Vec<u32>> = FxHashMap::default();
    for &(before, after) in edges {
        indegree.entry(before).or_default();
        *indegree.entry(after).or_default() += 1;
        out.entry(before).or_default().push(after);
    }
    let mut ready: Vec<u32> = indegree
        .iter()
        .filter(|&(_, &d)| d == 0)
        .map(|(&v, _)| v)
        .collect();
    let mut ordered = 0;
    while let Some(v) = ready.pop() {
        ordered += 1;
        for t in out.get(&v).into_iter().flatten() {
            let d = indegree.get_mut(t).expect("every target has an in-degree");
            *d -= 1;
            if *d == 0 {
                ready.push(*t);
            }
        }
    }
    ordered < indegree.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sat::SatBackend;
    use crate::sat_encode::{SatSettings, solve_by_sat};
    use sat2chess_core::board::{Piece, PieceKind, Square};

    /// Rooks on a row and a column, bishops across: blockers, arrivals and kinds.
    fn board() -> Board {
        let pieces = [
            (PieceKind::Rook, 1, 1, 2),
            (PieceKind::Rook, 1, 3, 1),
            (PieceKind::Bishop, 2, 2, 1),
            (PieceKind::Rook, 3, 1, 1),
            (PieceKind::Queen, 3, 3, 0),
        ];
        let pieces = pieces
            .iter()
            .map(|&(kind, r, c, b)| Piece::new(kind, Square::new(r, c), b))
            .collect();
        Board::fitted(pieces).unwrap()
    }

    fn dimacs(clauses: &[Vec<i32>], variables: u32) -> String {
        let mut text = format!("c test\np cnf {variables} {}\n", clauses.len());
        for clause in clauses {
            for l in clause {
                text.push_str(&format!("{l} "));
            }
            text.push_str("0\n");
        }
        text
    }

    fn emitted(board: &Board) -> (Vec<Vec<i32>>, u32) {
        let settings = SatSettings {
            keep_cnf: true,
            backend: SatBackend::Cadical,
            ..SatSettings::default()
        };
        let cnf = solve_by_sat(board, &settings).cnf.expect("the CNF is kept");
        (cnf.clauses().map(<[i32]>::to_vec).collect(), cnf.num_vars())
    }

    #[test]
    fn the_emitted_encoding_matches_and_cycle_clauses_are_checked() {
        let board = board();
        let encoding = Encoding::build(&board, Variant::Standard).unwrap();
        let (mut clauses, variables) = emitted(&board);
        let check = check_encoding(&board, Variant::Standard, &dimacs(&clauses, variables));
        assert_eq!(check.map(|c| c.static_clauses), Ok(clauses.len()));
        // Two captures in both directions between the same squares: a two-cycle.
        let there = encoding
            .captures
            .iter()
            .position(|c| c.from == 0 && c.to == 1)
            .unwrap();
        let back = encoding
            .captures
            .iter()
            .position(|c| c.from == 1 && c.to == 0)
            .unwrap();
        clauses.push(vec![-encoding.made(there), -encoding.made(back), 3]);
        let check = check_encoding(&board, Variant::Standard, &dimacs(&clauses, variables));
        assert_eq!(check.map(|c| c.cycle_clauses), Ok(1));
        // One capture alone is no cycle.
        clauses.push(vec![-encoding.made(there)]);
        let index = clauses.len();
        assert!(matches!(
            check_encoding(&board, Variant::Standard, &dimacs(&clauses, variables)),
            Err(EncodingMismatch::NotACycle { index: i, .. }) if i == index
        ));
    }

    #[test]
    fn another_board_or_rule_set_is_refused() {
        let board = board();
        let (mut clauses, variables) = emitted(&board);
        let text = dimacs(&clauses, variables);
        assert!(check_encoding(&board, Variant::Standard, &text).is_ok());
        let mut other = board.pieces().to_vec();
        other[4].budget = 1;
        let other = Board::fitted(other).unwrap();
        assert!(check_encoding(&other, Variant::Standard, &text).is_err());
        clauses[7].reverse();
        clauses[7].push(1);
        assert!(matches!(
            check_encoding(&board, Variant::Standard, &dimacs(&clauses, variables)),
            Err(EncodingMismatch::StaticClause { index: 8, .. })
        ));
        let truncated = dimacs(&clauses[..5], variables);
        assert!(matches!(
            check_encoding(&board, Variant::Standard, &truncated),
            Err(EncodingMismatch::Truncated { .. })
        ));
    }
}
