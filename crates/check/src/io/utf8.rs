//! UTF-8 validation of files read as a stream: [`Utf8Reader`] passes text through and
//! fails at the first invalid byte with its line and column, the same message
//! [`super::utf8_text`] gives for a file read whole. Written by hand because the JSON
//! reader validates only strings, and reports a stray byte elsewhere as a syntax error.

use std::io::{self, BufRead, Read};

use super::FormatError;

/// The error for an invalid byte at `line`, `column` (1-based, columns in characters).
pub(crate) fn invalid_utf8(line: usize, column: usize, byte: u8) -> FormatError {
    FormatError::Syntax {
        line,
        column,
        message: format!("invalid UTF-8 (byte 0x{byte:02x})"),
    }
}

/// The payload of the I/O error a [`Utf8Reader`] fails with.
#[derive(Debug)]
struct InvalidUtf8 {
    line: usize,
    column: usize,
    byte: u8,
}

impl std::fmt::Display for InvalidUtf8 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        invalid_utf8(self.line, self.column, self.byte).fmt(f)
    }
}

impl std::error::Error for InvalidUtf8 {}

/// A read error as a format error: the position of invalid UTF-8 from a [`Utf8Reader`],
/// else the I/O error itself.
pub fn read_error(error: io::Error) -> FormatError {
    match error
        .get_ref()
        .and_then(|e| e.downcast_ref::<InvalidUtf8>())
    {
        Some(bad) => invalid_utf8(bad.line, bad.column, bad.byte),
        None => FormatError::Io(error),
    }
}

/// Passes the bytes of `R` through while they are valid UTF-8 (see the module doc).
pub struct Utf8Reader<R> {
    inner: R,
    /// Bytes read from `inner`: `buffer[start..valid]` is checked and not yet handed
    /// out, `buffer[valid..end]` an incomplete character waiting for its next bytes.
    buffer: Vec<u8>,
    start: usize,
    valid: usize,
    end: usize,
    /// An invalid byte at `buffer[valid]`, reported once the text before it is handed out.
    invalid: bool,
    /// `inner` has no more bytes.
    ended: bool,
    /// Line and column (in characters) of the next byte handed out.
    line: usize,
    column: usize,
}

const CHUNK: usize = 1 << 16;

impl<R: Read> Utf8Reader<R> {
    pub fn new(inner: R) -> Utf8Reader<R> {
        Utf8Reader {
            inner,
            buffer: vec![0; CHUNK],
            start: 0,
            valid: 0,
            end: 0,
            invalid: false,
            ended: false,
            line: 1,
            column: 1,
        }
    }

    /// Reads and checks the next chunk (after the previous one is handed out).
    fn refill(&mut self) -> io::Result<()> {
        self.buffer.copy_within(self.valid..self.end, 0);
        self.end -= self.valid;
        self.start = 0;
        self.valid = 0;
        let read = loop {
            match self.inner.read(&mut self.buffer[self.end..]) {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                result => break result?,
            }
        };
        self.end += read;
        self.ended = read == 0;
        match std::str::from_utf8(&self.buffer[..self.end]) {
            Ok(_) => self.valid = self.end,
            Err(error) => {
                self.valid = error.valid_up_to();
                // An incomplete character at the end of a chunk waits for the next one,
                // unless the input has ended.
                self.invalid = error.error_len().is_some() || self.ended;
            }
        }
        Ok(())
    }

    /// Moves the line and column over the bytes handed out.
    fn advance(&mut self, bytes: usize) {
        for &byte in &self.buffer[self.start..self.start + bytes] {
            if byte == b'\n' {
                self.line += 1;
                self.column = 1;
            } else if byte & 0xc0 != 0x80 {
                self.column += 1;
            }
        }
        self.start += bytes;
    }
}

impl<R: Read> BufRead for Utf8Reader<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        while self.start == self.valid {
            if self.invalid {
                let error = InvalidUtf8 {
                    line: self.line,
                    column: self.column,
                    byte: self.buffer[self.valid],
                };
                return Err(io::Error::new(io::ErrorKind::InvalidData, error));
            }
            if self.ended {
                break;
            }
            self.refill()?;
        }
        Ok(&self.buffer[self.start..self.valid])
    }

    fn consume(&mut self, amount: usize) {
        self.advance(amount.min(self.valid - self.start));
    }
}

impl<R: Read> Read for Utf8Reader<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(out.len());
        out[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

/// `bytes` as text; invalid UTF-8 is a syntax error at its line and column.
pub fn utf8_text(bytes: Vec<u8>) -> Result<String, FormatError> {
    String::from_utf8(bytes).map_err(|error| {
        let valid = error.utf8_error().valid_up_to();
        let bytes = error.as_bytes();
        let prefix = std::str::from_utf8(&bytes[..valid]).expect("valid up to here");
        let line = prefix.matches('\n').count() + 1;
        let column = prefix[prefix.rfind('\n').map_or(0, |i| i + 1)..]
            .chars()
            .count()
            + 1;
        invalid_utf8(line, column, bytes[valid])
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads everything through a reader that hands out `chunk` bytes at a time.
    fn read_all(bytes: &[u8], chunk: usize) -> Result<Vec<u8>, String> {
        struct Trickle<'a>(&'a [u8], usize);
        impl Read for Trickle<'_> {
            fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
                let n = self.0.len().min(self.1).min(out.len());
                out[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        let mut text = Vec::new();
        Utf8Reader::new(Trickle(bytes, chunk))
            .read_to_end(&mut text)
            .map_err(|e| read_error(e).to_string())?;
        Ok(text)
    }

    #[test]
    fn valid_text_passes_and_invalid_bytes_are_located_like_a_whole_read() {
        let text = "ab\nçé €\n𝄞x".as_bytes();
        for chunk in [1, 2, 3, 5, 1 << 20] {
            assert_eq!(read_all(text, chunk).unwrap(), text);
        }
        let incomplete = ["é\n€".as_bytes(), b"\xe2\x82"].concat();
        let cases: [&[u8]; 4] = [b"ab\n\xc3(", b"\xff", &incomplete, b"x\n\ny\x80z"];
        for bytes in cases {
            let whole = super::utf8_text(bytes.to_vec()).unwrap_err().to_string();
            for chunk in [1, 2, 3, 1 << 20] {
                assert_eq!(
                    read_all(bytes, chunk).unwrap_err(),
                    whole,
                    "{bytes:?} by {chunk}"
                );
            }
        }
    }
}
