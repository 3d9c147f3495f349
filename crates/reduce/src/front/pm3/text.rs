//! The `.pm3` text format of a [`PlanarMonotone`] instance with its layout:
//!
//! ```text
//! c a comment
//! p pm3 4 3          variables, clauses
//! + 1 2 4 : 2        a positive clause (above the line) on x1 x2 x4, level 2
//! + 2 3 : 1
//! - 1 3 : 1          a negative clause (below): ¬x1 ∨ ¬x3, level 1
//! ```
//!
//! Variables are numbered from 1 in line order; a clause line is its side (`+` or `-`),
//! one to three strictly increasing variables, `:` and its level (≥ 1). Blank lines and
//! lines starting with `c` are ignored; the `p` line comes first and the number of
//! clause lines must match it. The reader checks the syntax, not the drawing
//! ([`PlanarMonotone::validate`] does).

use std::fmt::Write as _;

use super::{MonotoneClause, PlanarMonotone, Side};
use sat2chess_core::formula::Var;

/// The most variables a `.pm3` file may declare.
pub const MAX_PM3_VARIABLES: u32 = 10_000_000;
/// The most clauses a `.pm3` file may declare.
pub const MAX_PM3_CLAUSES: usize = 10_000_000;

/// Why a text is not a `.pm3` instance: the line (1-based) and what was expected.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("line {line}: {message}")]
pub struct Pm3Error {
    /// The offending line, 1-based (0: the text as a whole).
    pub line: usize,
    /// What was expected there.
    pub message: String,
}

impl PlanarMonotone {
    /// The instance in the `.pm3` format, `comments` first (one `c` line each).
    pub fn to_pm3(&self, comments: &[String]) -> String {
        let mut text = String::new();
        for comment in comments {
            let _ = writeln!(text, "c {comment}");
        }
        let _ = writeln!(text, "p pm3 {} {}", self.num_vars, self.clauses.len());
        for clause in &self.clauses {
            text.push(if clause.side == Side::Positive {
                '+'
            } else {
                '-'
            });
            for v in &clause.vars {
                let _ = write!(text, " {}", v.0 + 1);
            }
            let _ = writeln!(text, " : {}", clause.level);
        }
        text
    }

    /// Reads the `.pm3` format (module documentation).
    pub fn parse_pm3(text: &str) -> Result<PlanarMonotone, Pm3Error> {
        let mut header: Option<(u32, usize)> = None;
        let mut clauses = Vec::new();
        let mut last = 0;
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            last = line;
            let error = |message: String| Pm3Error { line, message };
            let words: Vec<&str> = raw.split_whitespace().collect();
            let Some(&first) = words.first() else {
                continue;
            };
            if first == "c" {
                continue;
            }
            let number = |word: &str, what: &str| -> Result<u64, Pm3Error> {
                word.parse()
                    .map_err(|_| error(format!("expected {what}, found `{word}`")))
            };
            let Some((num_vars, declared)) = header else {
                if first != "p" || words.get(1) != Some(&"pm3") || words.len() != 4 {
                    return Err(error(format!(
                        "expected `p pm3 VARIABLES CLAUSES`, found `{}`",
                        raw.trim()
                    )));
                }
                let vars = number(words[2], "the number of variables")?;
                let count = number(words[3], "the number of clauses")?;
                if vars > u64::from(MAX_PM3_VARIABLES) || count > MAX_PM3_CLAUSES as u64 {
                    return Err(error(format!(
                        "at most {MAX_PM3_VARIABLES} variables and {MAX_PM3_CLAUSES} clauses"
                    )));
                }
                header = Some((vars as u32, count as usize));
                continue;
            };
            let side = match first {
                "+" => Side::Positive,
                "-" => Side::Negative,
                "p" => return Err(error("a second `p` line".into())),
                other => {
                    return Err(error(format!(
                        "expected a clause `+ VARS : LEVEL` or `- VARS : LEVEL`, found `{other}`"
                    )));
                }
            };
            let Some(colon) = words.iter().position(|&w| w == ":") else {
                return Err(error("expected `: LEVEL` after the variables".into()));
            };
            if colon + 2 != words.len() {
                return Err(error("expected exactly one level after `:`".into()));
            }
            let vars = words[1..colon]
                .iter()
                .map(|w| match number(w, "a variable")? {
                    v @ 1.. if v <= u64::from(num_vars) => Ok(Var(v as u32 - 1)),
                    v => Err(error(format!("variable {v} is not in 1..={num_vars}"))),
                })
                .collect::<Result<Vec<Var>, Pm3Error>>()?;
            if vars.is_empty() || vars.len() > 3 {
                return Err(error(format!(
                    "a clause has 1 to 3 variables, found {}",
                    vars.len()
                )));
            }
            if vars.windows(2).any(|w| w[0] >= w[1]) {
                return Err(error("the variables must be strictly increasing".into()));
            }
            let level = number(words[colon + 1], "a level")?;
            if !(1..=u64::from(u32::MAX)).contains(&level) {
                return Err(error(format!("level {level} is not in 1..={}", u32::MAX)));
            }
            if clauses.len() == declared {
                return Err(error(format!("more than the {declared} declared clauses")));
            }
            clauses.push(MonotoneClause {
                side,
                vars,
                level: level as u32,
            });
        }
        let Some((num_vars, declared)) = header else {
            return Err(Pm3Error {
                line: last,
                message: "no `p pm3 VARIABLES CLAUSES` line".into(),
            });
        };
        if clauses.len() != declared {
            return Err(Pm3Error {
                line: last,
                message: format!("{declared} clauses declared, {} given", clauses.len()),
            });
        }
        Ok(PlanarMonotone { num_vars, clauses })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_lines_are_named() {
        let cases = [
            ("+ 1 : 1\n", 1, "expected `p pm3"),
            ("p pm3 2 1\n+ 1 3 : 1\n", 2, "variable 3 is not in 1..=2"),
            ("p pm3 2 1\n+ 2 1 : 1\n", 2, "strictly increasing"),
            ("p pm3 2 1\n* 1 : 1\n", 2, "expected a clause"),
            ("p pm3 2 1\n+ 1 : 0\n", 2, "level 0"),
            ("p pm3 2 1\n+ 1 2\n", 2, "`: LEVEL`"),
            ("p pm3 2 2\n+ 1 : 1\n", 2, "2 clauses declared, 1 given"),
            ("p pm3 2 1\n+ 1 : 1\n- 2 : 1\n", 3, "more than the 1"),
            ("p pm3 99999999999 1\n", 1, "at most"),
            ("p pm3 4 1\n+ 1 2 3 4 : 1\n", 2, "1 to 3 variables"),
            ("c only\n", 1, "no `p pm3"),
        ];
        for (text, line, message) in cases {
            let error = PlanarMonotone::parse_pm3(text).unwrap_err();
            assert_eq!(error.line, line, "{text:?}: {error}");
            assert!(error.message.contains(message), "{text:?}: {error}");
        }
    }
}
