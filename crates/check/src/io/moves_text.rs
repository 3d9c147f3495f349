//! The moves text format: one capture a line, in either notation — as `sat2chess solve`
//! prints it in coordinates, `  3. Q (1,1) x R (1,4)`, or in algebraic notation,
//! `Qg3xe5` (see [`sat2chess_core::notation`]). A line may start with its move number
//! (`3.`); the piece letters of coordinate lines may be left out; blank lines and lines
//! starting with `#` are skipped. Errors name the line (and the column where its move
//! starts).

use std::io::BufRead;

use sat2chess_core::board::Square;
use sat2chess_core::notation::Algebraic;
use sat2chess_core::rules::Move;

use super::FormatError;

/// Streams the moves of a moves text into `sink` and returns how many there were.
/// `rows` and `cols` are the board's, which algebraic squares need.
pub fn stream_moves(
    reader: impl BufRead,
    (rows, cols): (u32, u32),
    sink: &mut dyn FnMut(Move),
) -> Result<usize, FormatError> {
    let mut count = 0;
    for (index, line) in reader.lines().enumerate() {
        let line = line.map_err(FormatError::Io)?;
        let trimmed = line.trim_start();
        let syntax = |message: String| FormatError::Syntax {
            line: index + 1,
            column: line.len() - trimmed.len() + 1,
            message,
        };
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        sink(parse_move(trimmed.trim_end(), (rows, cols)).map_err(syntax)?);
        count += 1;
    }
    Ok(count)
}

/// Reads a whole moves text (see [`stream_moves`]).
pub fn parse_moves(text: &str, extent: (u32, u32)) -> Result<Vec<Move>, FormatError> {
    let mut moves = Vec::new();
    stream_moves(text.as_bytes(), extent, &mut |mv| moves.push(mv))?;
    Ok(moves)
}

/// One line's move, without its surrounding white space.
fn parse_move(line: &str, (rows, cols): (u32, u32)) -> Result<Move, String> {
    let body = strip_move_number(line);
    if body.contains('(') {
        return parse_coordinates(body);
    }
    let algebraic = Algebraic::new(rows, cols).map_err(|error| error.to_string())?;
    algebraic
        .parse_capture(body)
        .map(|(_, mv)| mv)
        .map_err(|error| error.to_string())
}

/// `line` without a leading move number `12.` and the blanks after it.
fn strip_move_number(line: &str) -> &str {
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    match line[digits..].strip_prefix('.') {
        Some(rest) if digits > 0 => rest.trim_start(),
        _ => line,
    }
}

/// `Q (1,1) x R (1,4)`, the piece letters optional, blanks anywhere between the parts.
fn parse_coordinates(body: &str) -> Result<Move, String> {
    let compact: String = body.chars().filter(|c| !c.is_whitespace()).collect();
    let expected = || {
        format!(
            "`{body}` is not a capture such as `Q (1,1) x R (1,4)` or `Qg3xe5` \
             (coordinates are (row,col), 1-based)"
        )
    };
    let (from, to) = compact.split_once(")x").ok_or_else(expected)?;
    let square = |text: &str| -> Result<Square, String> {
        let text = text.trim_start_matches(|c: char| c.is_ascii_uppercase());
        let inner = text
            .strip_prefix('(')
            .and_then(|text| text.strip_suffix(')'))
            .ok_or_else(expected)?;
        let (row, col) = inner.split_once(',').ok_or_else(expected)?;
        let number = |n: &str| {
            n.parse::<u32>()
                .ok()
                .filter(|&n| n >= 1)
                .ok_or_else(|| format!("`{n}` is not a row or column number (1, 2, …)"))
        };
        Ok(Square::new(number(row)?, number(col)?))
    };
    Ok(Move::new(square(&format!("{from})"))?, square(to)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_both_notations_with_and_without_numbers() {
        let text = "   1. Q (6,7) x R (4,5)\n\n# a comment\n2. Qe5xe8\n(4,5)x(1,5)\ne4xd5\n";
        let moves = parse_moves(text, (8, 8)).unwrap();
        let sq = Square::new;
        assert_eq!(
            moves,
            [
                Move::new(sq(6, 7), sq(4, 5)),
                Move::new(sq(4, 5), sq(1, 5)),
                Move::new(sq(4, 5), sq(1, 5)),
                Move::new(sq(5, 5), sq(4, 4)),
            ]
        );
    }

    #[test]
    fn errors_name_the_line_and_column() {
        let error = parse_moves("Qg3xe5\n  Qg3-e5\n", (8, 8)).unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with("line 2, column 3: `Qg3-e5` is not a capture"),
            "{error}"
        );
        let error = parse_moves("Q (0,1) x R (1,1)", (8, 8)).unwrap_err();
        assert!(error.to_string().contains("`0` is not a row"), "{error}");
        let error = parse_moves("Qa1xa2", (2, 27)).unwrap_err();
        assert!(error.to_string().contains("at most 26 files"), "{error}");
    }
}
