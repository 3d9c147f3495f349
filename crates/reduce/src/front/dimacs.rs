//! DIMACS CNF reader and writer.
//!
//! Accepted: `c` comment lines anywhere (a `c` token followed by a blank or the end
//! of the line comments out the rest of the line), one problem line
//! `p cnf VARIABLES CLAUSES` before the first clause, clauses ending in `0` that may
//! span lines or share one, and the SATLIB trailer: a `%` after the last clause,
//! after which only `0`s and comments may follow. Rejected, with line and column:
//! a missing or repeated problem line, a literal whose variable exceeds the declared
//! count, more than `MAX_VARIABLES` declared variables, a number too large for 64
//! bits, tokens not separated by blanks (`2-3`, `cp cnf`, `1c`), a last clause without
//! its `0`, and a clause count differing from the problem line. Nothing is allocated in
//! proportion to the declared clause count.
//!
//! The lexer is `logos`, not the `dimacs` crate: `dimacs` 0.2 rejects the `%`
//! trailer, hides the error position (private fields of `Loc`), reports no position
//! for a literal (so an out-of-range one cannot be located) and silently wraps
//! integers longer than 64 bits into different literals.

use logos::Logos;

use super::source::{LineIndex, word_at};
use sat2chess_check::io::FormatError;
use sat2chess_core::formula::{Cnf, Lit};

#[derive(Logos, Clone, Copy, Debug, PartialEq, Eq)]
#[logos(skip r"[ \t\r\n\f]+")]
enum Token {
    #[regex(r"c([ \t\r\f][^\n]*)?")]
    Comment,
    #[token("p")]
    Problem,
    #[token("cnf")]
    Cnf,
    #[token("%")]
    EndMarker,
    #[regex(r"-?[0-9]+", |lex| lex.slice().parse::<i64>().ok())]
    Int(i64),
}

/// True for a DIMACS comment line (`c`, then a blank or nothing).
pub(crate) fn is_comment_line(line: &str) -> bool {
    line.strip_prefix('c')
        .is_some_and(|rest| rest.is_empty() || rest.starts_with(char::is_whitespace))
}

/// The largest declared variable count: every formula command allocates per declared
/// variable (about 100 bytes each through the transformation chain), so a 20-byte
/// header cannot ask for more than about a gigabyte (README "Resource limits").
pub(crate) const MAX_VARIABLES: u32 = 10_000_000;

struct Header {
    num_vars: u32,
    num_clauses: u64,
    offset: usize,
}

/// Parses a DIMACS CNF text (module documentation lists what is accepted).
pub fn parse(text: &str) -> Result<Cnf, FormatError> {
    let index = LineIndex::new(text);
    // A token glued to the next one (`2-3`, `cp`, `1c`) does not lex as its parts.
    let glued = |span: &std::ops::Range<usize>| {
        text[span.end..]
            .chars()
            .next()
            .is_some_and(|next| !next.is_whitespace())
    };
    let mut tokens = Token::lexer(text)
        .spanned()
        .map(|(token, span)| {
            (
                token.and_then(|t| if glued(&span) { Err(()) } else { Ok(t) }),
                span,
            )
        })
        .filter(|(token, _)| *token != Ok(Token::Comment))
        .peekable();
    // `token` did not lex (only an overlong number lexes as a digit string and fails).
    let unexpected = |token: Result<Token, ()>, offset: usize, expected: &str| {
        let word = word_at(text, offset);
        let first_end = Token::lexer(word)
            .spanned()
            .next()
            .and_then(|(first, span)| first.ok().map(|_| span.end));
        let glued = token.is_err() && first_end.is_some_and(|end| end < word.len());
        if glued {
            index.error(
                offset,
                format!("`{word}`: tokens must be separated by blanks (expected {expected})"),
            )
        } else if token.is_err()
            && word
                .trim_start_matches('-')
                .bytes()
                .all(|b| b.is_ascii_digit())
        {
            index.error(offset, format!("number `{word}` is too large"))
        } else {
            index.error(offset, format!("expected {expected}, found `{word}`"))
        }
    };
    const PROBLEM_LINE: &str = "the problem line `p cnf VARIABLES CLAUSES`";

    let mut header: Option<Header> = None;
    let mut clauses: Vec<Vec<Lit>> = Vec::new();
    let mut current: Vec<Lit> = Vec::new();
    let mut clause_start = 0;
    let mut end_marker = false;
    while let Some((token, span)) = tokens.next() {
        let offset = span.start;
        if end_marker {
            match token {
                Ok(Token::Int(0)) => continue,
                _ => {
                    return Err(unexpected(
                        token,
                        offset,
                        "only `0` or comments after the `%` end marker",
                    ));
                }
            }
        }
        match (token, &header) {
            (Ok(Token::Problem), None) => {
                let line_end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
                let mut next_on_line =
                    |what: &str| match tokens.next_if(|(_, span)| span.start < line_end) {
                        Some((token, span)) => Ok((token, span.start)),
                        None => Err(index.error(
                            line_end,
                            format!("expected {what}, found the end of the problem line"),
                        )),
                    };
                match next_on_line("`cnf` after `p`")? {
                    (Ok(Token::Cnf), _) => {}
                    (token, at) => return Err(unexpected(token, at, "`cnf` after `p`")),
                }
                let mut number = |what: &str| match next_on_line(what)? {
                    (Ok(Token::Int(n)), _) if n >= 0 => Ok(n as u64),
                    (token, at) => Err(unexpected(token, at, what)),
                };
                let num_vars = number("the number of variables")?;
                let num_clauses = number("the number of clauses")?;
                if let Some((token, span)) = tokens.next_if(|(_, span)| span.start < line_end) {
                    return Err(unexpected(token, span.start, "the end of the problem line"));
                }
                let num_vars = u32::try_from(num_vars)
                    .ok()
                    .filter(|&n| n <= MAX_VARIABLES)
                    .ok_or_else(|| {
                        index.error(
                            offset,
                            format!(
                                "the problem line declares {num_vars} variables; at most \
                                 {MAX_VARIABLES} are supported (resource limit)"
                            ),
                        )
                    })?;
                header = Some(Header {
                    num_vars,
                    num_clauses,
                    offset,
                });
            }
            (Ok(Token::Problem), Some(first)) => {
                let (line, _) = index.position(first.offset);
                return Err(index.error(
                    offset,
                    format!("a second problem line (the first is on line {line})"),
                ));
            }
            (Ok(Token::Int(_)), None) => {
                return Err(unexpected(
                    token,
                    offset,
                    &format!("{PROBLEM_LINE} before the first clause"),
                ));
            }
            (Ok(Token::Int(0)), Some(_)) => clauses.push(std::mem::take(&mut current)),
            (Ok(Token::Int(value)), Some(header)) => {
                if value.unsigned_abs() > u64::from(header.num_vars) {
                    return Err(index.error(
                        offset,
                        format!(
                            "literal {value} is out of range: the problem line declares {} variables",
                            header.num_vars
                        ),
                    ));
                }
                if current.is_empty() {
                    clause_start = offset;
                }
                current.push(Lit::from_dimacs(value).expect("non-zero and in range"));
            }
            (Ok(Token::EndMarker), Some(_)) if current.is_empty() => end_marker = true,
            (Ok(Token::EndMarker), Some(_)) => {
                return Err(index.error(
                    clause_start,
                    "clause is not terminated by `0` before the `%` end marker",
                ));
            }
            (_, None) => return Err(unexpected(token, offset, PROBLEM_LINE)),
            (_, Some(_)) => return Err(unexpected(token, offset, "a literal, `0` or a comment")),
        }
    }
    let header =
        header.ok_or_else(|| index.error(text.len(), format!("missing {PROBLEM_LINE}")))?;
    if !current.is_empty() {
        return Err(index.error(clause_start, "last clause is not terminated by `0`"));
    }
    if clauses.len() as u64 != header.num_clauses {
        return Err(index.error(
            header.offset,
            format!(
                "the problem line declares {} clauses, but the file has {}",
                header.num_clauses,
                clauses.len()
            ),
        ));
    }
    Ok(Cnf::new(header.num_vars, clauses))
}

/// Writes `cnf` as DIMACS, each of `comments` on its own `c` line before the problem line.
pub fn write(cnf: &Cnf, comments: &[String]) -> String {
    let mut out = String::new();
    for comment in comments.iter().flat_map(|c| c.lines()) {
        out.push_str(&format!("c {comment}\n"));
    }
    out.push_str(&format!("p cnf {} {}\n", cnf.num_vars, cnf.clauses.len()));
    for clause in &cnf.clauses {
        for lit in clause {
            out.push_str(&format!("{} ", lit.to_dimacs()));
        }
        out.push_str("0\n");
    }
    out
}
