//! Positions in formula text, shared by the parsers: syntax errors at a line and
//! column, byte offsets mapped to them ([`LineIndex`]), the word at an offset.

use sat2chess_check::io::FormatError;

/// A syntax error at a 1-based line and column (columns count characters).
pub(crate) fn syntax_error(line: usize, column: usize, message: impl Into<String>) -> FormatError {
    FormatError::Syntax {
        line,
        column,
        message: message.into(),
    }
}

/// Maps byte offsets of a text to 1-based (line, column) positions.
pub(crate) struct LineIndex<'a> {
    text: &'a str,
    line_starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    pub(crate) fn new(text: &'a str) -> LineIndex<'a> {
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        LineIndex { text, line_starts }
    }

    /// The (line, column) of the byte at `offset`.
    pub(crate) fn position(&self, offset: usize) -> (usize, usize) {
        let line = self.line_starts.partition_point(|&start| start <= offset);
        let start = self.line_starts[line - 1];
        let column = self.text[start..offset].chars().count() + 1;
        (line, column)
    }

    /// A syntax error at the byte `offset`.
    pub(crate) fn error(&self, offset: usize, message: impl Into<String>) -> FormatError {
        let (line, column) = self.position(offset);
        syntax_error(line, column, message)
    }
}

/// The text of the token starting at `offset` up to the next whitespace, for messages.
pub(crate) fn word_at(text: &str, offset: usize) -> &str {
    let rest = &text[offset..];
    let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
    &rest[..end]
}
