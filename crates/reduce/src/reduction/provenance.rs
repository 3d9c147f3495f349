//! Where a compiled board comes from, written into the board file as an extra key
//! (the board format stays version 1):
//!
//! ```json
//! "provenance":{"target":"king","tool":"sat2chess 0.1.0",
//!   "options":{"layout":"optimised"},
//!   "source":{"name":"uf20-91-01.cnf","format":"dimacs","sha256":"9f0c…"}}
//! ```
//!
//! `target` names the reduction, `options` the choices that shape its board (only the
//! target's own), `source.sha256` identifies the formula as parsed ([`source_digest`]:
//! the same formula gzipped, re-spaced or re-commented has the same digest).

use serde_json::Value;
use sha2::{Digest as _, Sha256};

use super::options::Options;
use crate::front::Input;
use sat2chess_core::formula::{AndOrClause, Lit};

/// The tool that compiled a board: name and version.
pub(crate) const TOOL: &str = concat!("sat2chess ", env!("CARGO_PKG_VERSION"));

/// A board's provenance (see the module doc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Provenance {
    /// The reduction's name ([`super::Reduction::name`]).
    pub target: String,
    /// The tool and version that compiled it.
    pub(crate) tool: String,
    /// The options that shaped it.
    pub options: Options,
    /// The formula's file name (for people; the digest identifies it).
    pub source_name: String,
    /// `dimacs` or `andor`.
    pub(crate) source_format: String,
    /// [`source_digest`] of the formula.
    pub(crate) sha256: String,
}

/// Why a provenance cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum ProvenanceError {
    #[error("{board}: unreadable \"provenance\": {reason}")]
    Malformed { board: String, reason: String },
    #[error("{board}: compiled for the target `{target}`, which this build does not know")]
    UnknownTarget { board: String, target: String },
    #[error(
        "{board}: records no target (no provenance) and holds {pieces}; name the target: --to TARGET"
    )]
    NoTarget { board: String, pieces: &'static str },
    #[error(
        "{board}: compiled as a {board_target} board (its provenance says so), but {given} was asked for"
    )]
    Contradiction {
        board: String,
        board_target: String,
        given: String,
    },
    #[error(
        "{board}: compiled from another formula: its provenance names {source_name} with \
         SHA-256 {expected}, but {formula} has SHA-256 {found}"
    )]
    DifferentFormula {
        board: String,
        source_name: String,
        expected: String,
        formula: String,
        found: String,
    },
}

impl Provenance {
    /// The provenance of a board compiled for `target` from `source` (named `name`).
    pub fn new(target: &str, options: Options, source: &Input, name: &str) -> Provenance {
        Provenance {
            target: target.to_owned(),
            tool: TOOL.to_owned(),
            options,
            source_name: name.to_owned(),
            source_format: match source {
                Input::Cnf(_) => "dimacs",
                Input::AndOr(_) => "andor",
                Input::Rbds(_) => "rbds",
            }
            .to_owned(),
            sha256: source_digest(source),
        }
    }

    /// The JSON object's text, keys in the order of the module doc, with the options
    /// that shape a board of its target (`option_names`).
    pub fn to_json(&self) -> String {
        let text = |value: &str| Value::from(value).to_string();
        let mut options: Vec<String> = option_names(&self.target)
            .iter()
            .map(|&name| {
                let value = match name {
                    LAYOUT => layout_name(self.options.naive),
                    _ => clauses_name(self.options.onein3),
                };
                format!("{}:{}", text(name), text(value))
            })
            .collect();
        // Recorded only for rook and queen boards and only when set, so the provenance of
        // the ch. 7 rook boards and their retargeted queens is unchanged.
        if self.options.via_rbds && (self.target == "rook" || self.target == "queen") {
            options.push(format!("{}:{}", text(VIA), text(VIA_RBDS)));
        }
        format!(
            "{{\"target\":{},\"tool\":{},\"options\":{{{}}},\"source\":{{\"name\":{},\"format\":{},\"sha256\":{}}}}}",
            text(&self.target),
            text(&self.tool),
            options.join(","),
            text(&self.source_name),
            text(&self.source_format),
            text(&self.sha256),
        )
    }

    /// Reads the JSON object of board `board` (for messages).
    pub(crate) fn from_json(value: &Value, board: &str) -> Result<Provenance, ProvenanceError> {
        let malformed = |reason: String| ProvenanceError::Malformed {
            board: board.to_owned(),
            reason,
        };
        let text = |value: &Value, key: &str| -> Result<String, ProvenanceError> {
            value
                .get(key)
                .and_then(Value::as_str)
                .map(str::to_owned)
                .ok_or_else(|| malformed(format!("\"{key}\" must be a string")))
        };
        let source = value
            .get("source")
            .ok_or_else(|| malformed("\"source\" is missing".into()))?;
        let mut options = Options::default();
        if let Some(given) = value.get("options") {
            let given = given
                .as_object()
                .ok_or_else(|| malformed("\"options\" must be an object".into()))?;
            for (key, value) in given {
                let value = value.as_str().unwrap_or_default();
                match (key.as_str(), value) {
                    (LAYOUT, "optimised") => options.naive = false,
                    (LAYOUT, "thesis") => options.naive = true,
                    (CLAUSES, "cnf") => options.onein3 = false,
                    (CLAUSES, "1-in-3") => options.onein3 = true,
                    (VIA, VIA_RBDS) => options.via_rbds = true,
                    _ => return Err(malformed(format!("unknown option {key}: {value:?}"))),
                }
            }
        }
        Ok(Provenance {
            target: text(value, "target")?,
            tool: text(value, "tool")?,
            options,
            source_name: text(source, "name")?,
            source_format: text(source, "format")?,
            sha256: text(source, "sha256")?,
        })
    }

    /// Refuses a formula other than the one the board was compiled from.
    pub(crate) fn check_source(
        &self,
        source: &Input,
        formula: &str,
        board: &str,
    ) -> Result<(), ProvenanceError> {
        let found = source_digest(source);
        if found == self.sha256 {
            return Ok(());
        }
        Err(ProvenanceError::DifferentFormula {
            board: board.to_owned(),
            source_name: self.source_name.clone(),
            expected: self.sha256.clone(),
            formula: formula.to_owned(),
            found,
        })
    }
}

/// The option key of the tile targets' layout.
const LAYOUT: &str = "layout";
/// The option key of the rook boards compiled through another problem (`--via`).
const VIA: &str = "via";
/// [`VIA`]'s value for Aravind–Misra–Mittal's Theorem 2 through RBDS.
const VIA_RBDS: &str = "rbds";
/// The option key of the n-Queens chain's reading of the clauses.
const CLAUSES: &str = "clauses";

fn layout_name(naive: bool) -> &'static str {
    if naive { "thesis" } else { "optimised" }
}

fn clauses_name(onein3: bool) -> &'static str {
    if onein3 { "1-in-3" } else { "cnf" }
}

/// The options that shape a board of `target`: what its provenance records.
pub(crate) fn option_names(target: &str) -> &'static [&'static str] {
    match target {
        "king" | "knight" => &[LAYOUT],
        "nqueens" => &[CLAUSES],
        _ => &[],
    }
}

/// SHA-256 (hex) of the formula as parsed: the variables and clauses in a fixed
/// notation, so the digest does not depend on spacing, comments or compression.
pub fn source_digest(source: &Input) -> String {
    let mut hasher = Sha256::new();
    let lit = |lit: Lit| lit.to_dimacs().to_string();
    match source {
        Input::Cnf(cnf) => {
            hasher.update(format!("cnf {} {}\n", cnf.num_vars, cnf.clauses.len()));
            for clause in &cnf.clauses {
                let lits: Vec<String> = clause.iter().map(|&l| lit(l)).collect();
                hasher.update(format!("{} 0\n", lits.join(" ")));
            }
        }
        Input::AndOr(formula) => {
            hasher.update(format!(
                "andor {} {}\n",
                formula.num_vars(),
                formula.clauses.len()
            ));
            for name in &formula.names {
                hasher.update(format!("name {name}\n"));
            }
            for clause in &formula.clauses {
                let line = match clause {
                    AndOrClause::Or(lits) => {
                        let lits: Vec<String> = lits.iter().map(|&l| lit(l)).collect();
                        format!("or {}\n", lits.join(" "))
                    }
                    AndOrClause::AndOr { and, or } => {
                        format!("and {} {} or {}\n", lit(and[0]), lit(and[1]), lit(*or))
                    }
                };
                hasher.update(line);
            }
        }
        // The instance's canonical text (sorted edges, no comments).
        Input::Rbds(rbds) => hasher.update(rbds.to_text()),
    }
    hex_digest(hasher)
}

/// The SHA-256 that `hasher` has taken in, as lower-case hex.
pub(crate) fn hex_digest(hasher: Sha256) -> String {
    hasher
        .finalize()
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::front::FormulaFormat;

    fn parse(text: &str, format: FormulaFormat) -> Input {
        format.parse(text).expect("the formula parses")
    }

    #[test]
    fn round_trips_through_json_with_the_target_options_only() {
        let source = parse("p cnf 2 1\n1 -2 0\n", FormulaFormat::Dimacs);
        let options = Options {
            naive: true,
            onein3: true,
            via_rbds: true,
        };
        for (target, shaped) in [
            (
                "king",
                Options {
                    naive: true,
                    ..Options::default()
                },
            ),
            (
                "nqueens",
                Options {
                    onein3: true,
                    ..Options::default()
                },
            ),
            (
                "rook",
                Options {
                    via_rbds: true,
                    ..Options::default()
                },
            ),
            (
                "queen",
                Options {
                    via_rbds: true,
                    ..Options::default()
                },
            ),
            ("bishop", Options::default()),
        ] {
            let provenance = Provenance::new(target, options, &source, "f.cnf");
            let text = provenance.to_json();
            let value: Value = serde_json::from_str(&text).expect("valid JSON");
            let read = Provenance::from_json(&value, "board.json").expect("readable");
            assert_eq!(read.options, shaped, "{target}: {text}");
            assert_eq!((read.target.as_str(), read.sha256.len()), (target, 64));
            assert!(
                text.starts_with(&format!("{{\"target\":\"{target}\"")),
                "{text}"
            );
        }
    }

    #[test]
    fn the_digest_is_of_the_formula_not_its_spelling() {
        let a = parse("c one\np cnf 2 1\n1 -2 0\n", FormulaFormat::Dimacs);
        let b = parse("p cnf 2 1\n  1   -2\n 0\n", FormulaFormat::Dimacs);
        let c = parse("p cnf 2 1\n-2 1 0\n", FormulaFormat::Dimacs);
        assert_eq!(source_digest(&a), source_digest(&b));
        assert_ne!(source_digest(&a), source_digest(&c));
        let andor = parse("x | ~y\n~x | y\n", FormulaFormat::Andor);
        let renamed = parse("u | ~v\n~u | v\n", FormulaFormat::Andor);
        assert_ne!(source_digest(&andor), source_digest(&renamed));
        let provenance = Provenance::new("king", Options::default(), &a, "a.cnf");
        assert!(provenance.check_source(&b, "b.cnf", "board.json").is_ok());
        let refused = provenance
            .check_source(&c, "c.cnf", "board.json")
            .unwrap_err();
        let message = refused.to_string();
        assert!(
            message.starts_with("board.json: compiled from another formula: its provenance names a.cnf with SHA-256 ")
                && message.contains(&format!("but c.cnf has SHA-256 {}", source_digest(&c))),
            "{message}"
        );
    }

    #[test]
    fn unknown_options_are_refused() {
        let value: Value = serde_json::from_str(
            r#"{"target":"king","tool":"t","options":{"layout":"spiral"},"source":{"name":"f","format":"dimacs","sha256":"0"}}"#,
        )
        .expect("JSON");
        let error = Provenance::from_json(&value, "b.json")
            .unwrap_err()
            .to_string();
        assert_eq!(
            error,
            "b.json: unreadable \"provenance\": unknown option layout: \"spiral\""
        );
    }
}
