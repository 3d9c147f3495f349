//! The list of candidates a search refused in the King tiles (`gadgets synthesize
//! --in-tiles --avoid FILE`), so that a resumed search does not search those tiles again.
//!
//! A tile search takes 20 s to 2 min for the crossing, and the model of bound k + 1
//! proposes every candidate refused at bound k again, so resuming a long search used to
//! repeat every refusal. The file is text: a header naming the function, the frame and a
//! digest of what the refusal depended on (the King library's files and the tool's
//! version: the tiles are built from both), then one `refused:` line per candidate, its
//! kings as `row,col` squares of the frame. It is appended to as candidates are refused,
//! so a search that is stopped keeps what it learnt. A list written for another
//! function, frame, library or version is refused rather than trusted.

use sha2::{Digest as _, Sha256};

use sat2chess_core::board::Square;

use crate::gadgets::KING_GADGET_FILES;
use crate::reduction::hex_digest;

/// The candidates refused in the tiles for one function in one frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AvoidList {
    pub function: String,
    pub frame: (u32, u32),
    /// [`tiles_digest`] when the list was written.
    pub digest: String,
    /// The kings of each refused candidate.
    pub refused: Vec<Vec<Square>>,
}

/// Why an avoid list cannot be used.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum AvoidError {
    #[error("{file}:{line}: expected {expected}")]
    Syntax {
        file: String,
        line: usize,
        expected: &'static str,
    },
    #[error(
        "{file} was written for {what} {found}, not {expected}: its refusals do not apply (use another file)"
    )]
    Mismatch {
        file: String,
        what: &'static str,
        found: String,
        expected: String,
    },
}

/// SHA-256 (hex) of the King library's files and the tool's version: what the tiles
/// that refused a candidate were built from.
pub fn tiles_digest() -> String {
    let mut hasher = Sha256::new();
    hasher.update(env!("CARGO_PKG_VERSION"));
    for (name, text) in KING_GADGET_FILES {
        hasher.update(format!("\n{name}\n{}\n", text.len()));
        hasher.update(text);
    }
    hex_digest(hasher)
}

impl AvoidList {
    /// An empty list for `function` in a `rows × cols` frame, for the tiles as built now.
    pub fn new(function: &str, frame: (u32, u32)) -> AvoidList {
        AvoidList {
            function: function.to_owned(),
            frame,
            digest: tiles_digest(),
            refused: Vec::new(),
        }
    }

    /// Reads the list in `text` (from the file `file`) and checks that it was written
    /// for `function` in `frame` with the tiles as built now.
    pub fn parse(
        file: &str,
        text: &str,
        function: &str,
        frame: (u32, u32),
    ) -> Result<AvoidList, AvoidError> {
        let expected = AvoidList::new(function, frame);
        let mut found = AvoidList {
            function: String::new(),
            frame: (0, 0),
            digest: String::new(),
            refused: Vec::new(),
        };
        let syntax = |line: usize, expected: &'static str| AvoidError::Syntax {
            file: file.to_owned(),
            line,
            expected,
        };
        let mut header = 0;
        for (index, line) in text.lines().enumerate() {
            let number = index + 1;
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let Some((key, value)) = line.split_once(':') else {
                return Err(syntax(number, "`key: value`"));
            };
            let value = value.trim();
            match key.trim() {
                "function" => {
                    found.function = value.to_owned();
                    header += 1;
                }
                "frame" => {
                    found.frame = value
                        .split_once('x')
                        .and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)))
                        .ok_or_else(|| syntax(number, "`frame: ROWSxCOLS`"))?;
                    header += 1;
                }
                "tiles" => {
                    found.digest = value.to_owned();
                    header += 1;
                }
                "refused" => {
                    let kings = value
                        .split_whitespace()
                        .map(|square| {
                            let (row, col) = square.split_once(',')?;
                            Some(Square::new(row.parse().ok()?, col.parse().ok()?))
                        })
                        .collect::<Option<Vec<Square>>>()
                        .ok_or_else(|| syntax(number, "`refused:` and squares `row,col`"))?;
                    found.refused.push(kings);
                }
                _ => return Err(syntax(number, "`function`, `frame`, `tiles` or `refused`")),
            }
        }
        if header != 3 {
            return Err(syntax(
                text.lines().count().max(1),
                "the header lines `function`, `frame` and `tiles`",
            ));
        }
        let mismatch = |what, found: String, expected: String| AvoidError::Mismatch {
            file: file.to_owned(),
            what,
            found,
            expected,
        };
        if found.function != expected.function {
            return Err(mismatch("the function", found.function, expected.function));
        }
        if found.frame != expected.frame {
            let show = |(r, c): (u32, u32)| format!("{r}x{c}");
            return Err(mismatch(
                "the frame",
                show(found.frame),
                show(expected.frame),
            ));
        }
        if found.digest != expected.digest {
            return Err(mismatch(
                "the tiles (King library and version)",
                found.digest,
                expected.digest,
            ));
        }
        Ok(found)
    }

    /// The header lines of a new file.
    pub fn header(&self) -> String {
        format!(
            "# Candidates refused in the King tiles by `sat2chess gadgets synthesize --in-tiles`;\n\
             # a search given this file with --avoid skips them.\n\
             function: {}\nframe: {}x{}\ntiles: {}\n",
            self.function, self.frame.0, self.frame.1, self.digest
        )
    }

    /// The line that records a refused candidate.
    pub fn line(kings: &[Square]) -> String {
        let squares: Vec<String> = kings
            .iter()
            .map(|s| format!("{},{}", s.row, s.col))
            .collect();
        format!("refused: {}\n", squares.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_reads_back_and_refuses_other_searches() {
        let kings = vec![Square::new(1, 2), Square::new(2, 2)];
        let mut text = AvoidList::new("corner", (4, 3)).header();
        text.push_str(&AvoidList::line(&kings));
        let list = AvoidList::parse("a.txt", &text, "corner", (4, 3)).unwrap();
        assert_eq!(list.refused, [kings]);

        let other = AvoidList::parse("a.txt", &text, "corner", (5, 3)).unwrap_err();
        assert!(
            other.to_string().contains("the frame 4x3, not 5x3"),
            "{other}"
        );
        let other = AvoidList::parse("a.txt", &text, "or", (4, 3)).unwrap_err();
        assert!(matches!(
            other,
            AvoidError::Mismatch {
                what: "the function",
                ..
            }
        ));
        let stale = text.replace(&tiles_digest(), "00");
        let stale = AvoidList::parse("a.txt", &stale, "corner", (4, 3)).unwrap_err();
        assert!(matches!(
            stale,
            AvoidError::Mismatch {
                what: "the tiles (King library and version)",
                ..
            }
        ));

        let broken = format!("{text}refused: 1,2 x\n");
        let broken = AvoidList::parse("a.txt", &broken, "corner", (4, 3)).unwrap_err();
        assert_eq!(
            broken.to_string(),
            "a.txt:7: expected `refused:` and squares `row,col`"
        );
        let headless = AvoidList::parse("b.txt", "refused: 1,2\n", "corner", (4, 3)).unwrap_err();
        assert!(
            headless
                .to_string()
                .contains("b.txt:1: expected the header"),
            "{headless}"
        );
    }
}
