//! The And-Or-(1,1)-SAT text format (thesis §2.2.1): one clause per line,
//!
//! ```text
//! # the thesis example of §2.2.2
//! (x & ~y) | z
//! ~x | ~z | y
//! ```
//!
//! A literal is a variable — an identifier `[A-Za-z_][A-Za-z0-9_]*` or a positive
//! integer — optionally negated by `~`, `-` or `¬`. A clause is `l1`, `l1 | l2`,
//! `l1 | l2 | l3` or `(l1 & l2) | l3`. `#` starts a comment that runs to the end of
//! the line (the only comment marker: `c` is an ordinary variable name, unlike in
//! DIMACS). Variables are numbered in order of first appearance. Every literal must
//! occur exactly once.

use std::collections::HashMap;
use std::fmt::Write as _;

use logos::Logos;

use super::source::{syntax_error, word_at};
use sat2chess_check::io::FormatError;
use sat2chess_core::formula::{AndOrClause, AndOrError, AndOrFormula, Lit, Var};

#[derive(Logos, Clone, Copy, Debug, PartialEq, Eq)]
#[logos(skip r"[ \t\r\f]+")]
enum Token {
    #[regex(r"#[^\n]*")]
    Comment,
    #[regex(r"[A-Za-z_][A-Za-z0-9_]*")]
    Identifier,
    #[regex(r"[0-9]+")]
    Number,
    #[token("~")]
    #[token("-")]
    #[token("¬")]
    Not,
    #[token("|")]
    Or,
    #[token("&")]
    And,
    #[token("(")]
    Open,
    #[token(")")]
    Close,
}

/// A token with its text and 1-based column.
struct Lexeme<'a> {
    token: Token,
    text: &'a str,
    column: usize,
}

/// A position in the file, for messages.
#[derive(Clone, Copy)]
struct Position {
    line: usize,
    column: usize,
}

impl std::fmt::Display for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

fn column_of(line: &str, offset: usize) -> usize {
    line[..offset].chars().count() + 1
}

/// Parses one clause line into (literal, position) pairs and the clause shape.
struct LineParser<'a> {
    line_number: usize,
    line: &'a str,
    lexemes: Vec<Lexeme<'a>>,
    next: usize,
}

impl<'a> LineParser<'a> {
    fn new(line_number: usize, line: &'a str) -> Result<LineParser<'a>, FormatError> {
        let mut lexemes = Vec::new();
        for (token, span) in Token::lexer(line).spanned() {
            let column = column_of(line, span.start);
            match token {
                Ok(Token::Comment) => {}
                Ok(token) => lexemes.push(Lexeme {
                    token,
                    text: &line[span.clone()],
                    column,
                }),
                Err(()) => {
                    let word = word_at(line, span.start);
                    return Err(syntax_error(
                        line_number,
                        column,
                        format!(
                            "unexpected `{word}`; a clause is `l1`, `l1 | l2`, `l1 | l2 | l3` or `(l1 & l2) | l3`"
                        ),
                    ));
                }
            }
        }
        Ok(LineParser {
            line_number,
            line,
            lexemes,
            next: 0,
        })
    }

    fn error(&self, message: impl std::fmt::Display) -> FormatError {
        match self.lexemes.get(self.next) {
            Some(lexeme) => syntax_error(
                self.line_number,
                lexeme.column,
                format!("{message}, found `{}`", lexeme.text),
            ),
            None => syntax_error(
                self.line_number,
                self.line.trim_end().chars().count() + 1,
                format!("{message}, found the end of the line"),
            ),
        }
    }

    fn peek(&self) -> Option<Token> {
        self.lexemes.get(self.next).map(|l| l.token)
    }

    fn expect(&mut self, token: Token, what: &str) -> Result<(), FormatError> {
        if self.peek() == Some(token) {
            self.next += 1;
            Ok(())
        } else {
            Err(self.error(format_args!("expected {what}")))
        }
    }

    /// A literal: its variable name, sign and position.
    fn literal(&mut self) -> Result<(String, bool, Position), FormatError> {
        let start = self.lexemes.get(self.next).map(|l| l.column);
        let positive = if self.peek() == Some(Token::Not) {
            self.next += 1;
            false
        } else {
            true
        };
        let Some(lexeme) = self.lexemes.get(self.next) else {
            return Err(self.error("expected a literal"));
        };
        let name = match lexeme.token {
            Token::Identifier => lexeme.text.to_owned(),
            Token::Number => match lexeme.text.parse::<u64>() {
                Ok(0) => return Err(self.error("variable numbers start at 1; expected a literal")),
                Ok(n) => n.to_string(),
                Err(_) => return Err(self.error("variable number too large; expected a literal")),
            },
            _ => return Err(self.error("expected a literal")),
        };
        self.next += 1;
        let position = Position {
            line: self.line_number,
            column: start.unwrap_or(1),
        };
        Ok((name, positive, position))
    }

    fn at_end(&self) -> bool {
        self.next == self.lexemes.len()
    }

    /// The clause as literals (`and` holds the two And operands, if any).
    fn clause(&mut self) -> Result<ParsedClause, FormatError> {
        if self.peek() == Some(Token::Open) {
            self.next += 1;
            let first = self.literal()?;
            self.expect(Token::And, "`&` inside `(l1 & l2)`")?;
            let second = self.literal()?;
            self.expect(Token::Close, "`)` closing `(l1 & l2)`")?;
            self.expect(Token::Or, "`| l3` after `(l1 & l2)`")?;
            let third = self.literal()?;
            if !self.at_end() {
                return Err(self.error("expected the end of the line after `(l1 & l2) | l3`"));
            }
            return Ok(ParsedClause {
                literals: vec![first, second, third],
                and: true,
            });
        }
        let mut literals = vec![self.literal()?];
        while !self.at_end() {
            if literals.len() == 3 {
                return Err(
                    self.error("an Or clause has at most 3 literals; expected the end of the line")
                );
            }
            self.expect(Token::Or, "`|` or the end of the line")?;
            literals.push(self.literal()?);
        }
        Ok(ParsedClause {
            literals,
            and: false,
        })
    }
}

struct ParsedClause {
    literals: Vec<(String, bool, Position)>,
    and: bool,
}

/// Parses an And-Or-(1,1)-SAT text (module documentation gives the format).
pub fn parse(text: &str) -> Result<AndOrFormula, FormatError> {
    let mut names: Vec<String> = Vec::new();
    let mut vars: HashMap<String, Var> = HashMap::new();
    let mut clauses = Vec::new();
    // Positions of each literal's occurrences, indexed by var, then [negative, positive].
    let mut positions: Vec<[Vec<Position>; 2]> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let mut parser = LineParser::new(index + 1, line)?;
        if parser.lexemes.is_empty() {
            continue;
        }
        let parsed = parser.clause()?;
        let mut lits = Vec::with_capacity(3);
        for (name, positive, position) in parsed.literals {
            let var = *vars.entry(name.clone()).or_insert_with(|| {
                names.push(name);
                positions.push([Vec::new(), Vec::new()]);
                Var(names.len() as u32 - 1)
            });
            positions[var.index()][usize::from(positive)].push(position);
            lits.push(Lit::new(var, positive));
        }
        clauses.push(if parsed.and {
            AndOrClause::AndOr {
                and: [lits[0], lits[1]],
                or: lits[2],
            }
        } else {
            AndOrClause::Or(lits)
        });
    }
    let formula = AndOrFormula { names, clauses };
    check_occurrences(&formula, &positions)?;
    Ok(formula)
}

/// Every literal exactly once: a repeated literal is reported at its second occurrence
/// (earliest in the file first), a missing one at its variable's other literal.
fn check_occurrences(
    formula: &AndOrFormula,
    positions: &[[Vec<Position>; 2]],
) -> Result<(), FormatError> {
    let repeated = positions
        .iter()
        .enumerate()
        .flat_map(|(var, by_sign)| {
            [false, true].into_iter().filter_map(move |positive| {
                let at = &by_sign[usize::from(positive)];
                (at.len() > 1)
                    .then(|| (at[1], at[0], at.len(), Lit::new(Var(var as u32), positive)))
            })
        })
        .min_by_key(|(second, ..)| (second.line, second.column));
    if let Some((second, first, count, lit)) = repeated {
        return Err(syntax_error(
            second.line,
            second.column,
            format!(
                "literal {} occurs {count} times (first at {first}); every literal must occur exactly once",
                formula.lit_name(lit)
            ),
        ));
    }
    for (var, by_sign) in positions.iter().enumerate() {
        for positive in [true, false] {
            if by_sign[usize::from(positive)].is_empty() {
                let other = by_sign[usize::from(!positive)][0];
                let lit = Lit::new(Var(var as u32), positive);
                return Err(syntax_error(
                    other.line,
                    other.column,
                    format!(
                        "literal {} occurs 0 times (only {} does); every literal must occur exactly once",
                        formula.lit_name(lit),
                        formula.lit_name(!lit)
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// Why a formula cannot be written in the And-Or text format.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    #[error(transparent)]
    NotAndOr(#[from] AndOrError),
    #[error(
        "variable {var} has the name `{name}`, which is not an identifier or a positive integer"
    )]
    BadName { var: Var, name: String },
    #[error("variables {first} and {second} share the name `{name}`")]
    DuplicateName {
        first: Var,
        second: Var,
        name: String,
    },
}

/// True when `name` can be written as a variable of the text format and reads back as itself.
fn is_writable_name(name: &str) -> bool {
    let mut chars = name.chars();
    match chars.next() {
        Some(first) if first.is_ascii_alphabetic() || first == '_' => {
            chars.all(|ch| ch.is_ascii_alphanumeric() || ch == '_')
        }
        Some('1'..='9') => chars.all(|ch| ch.is_ascii_digit()) && name.parse::<u64>().is_ok(),
        _ => false,
    }
}

/// Writes `formula` in the text format, each of `comments` on its own `#` line first.
/// The output parses back to the same formula when the variables are numbered in order
/// of first appearance (as [`parse`] numbers them).
pub fn write(formula: &AndOrFormula, comments: &[String]) -> Result<String, WriteError> {
    formula.check()?;
    let mut seen: HashMap<&str, Var> = HashMap::new();
    for (index, name) in formula.names.iter().enumerate() {
        let var = Var(index as u32);
        if !is_writable_name(name) {
            return Err(WriteError::BadName {
                var,
                name: name.clone(),
            });
        }
        if let Some(&first) = seen.get(name.as_str()) {
            return Err(WriteError::DuplicateName {
                first,
                second: var,
                name: name.clone(),
            });
        }
        seen.insert(name, var);
    }
    let mut out = String::new();
    for comment in comments.iter().flat_map(|c| c.lines()) {
        writeln!(out, "# {comment}").expect("writing to a String");
    }
    for clause in &formula.clauses {
        let line = match clause {
            AndOrClause::Or(lits) => lits
                .iter()
                .map(|&lit| formula.lit_name(lit))
                .collect::<Vec<_>>()
                .join(" | "),
            AndOrClause::AndOr { and, or } => format!(
                "({} & {}) | {}",
                formula.lit_name(and[0]),
                formula.lit_name(and[1]),
                formula.lit_name(*or)
            ),
        };
        writeln!(out, "{line}").expect("writing to a String");
    }
    Ok(out)
}
