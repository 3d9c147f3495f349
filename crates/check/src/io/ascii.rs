//! An ASCII picture of a small board (`sat2chess show`): one cell per square holding the
//! piece letter followed by its budget (`K2`), `.` for an empty square, row numbers on
//! the left and column numbers on top — or, in algebraic notation, files a.. on top and
//! ranks counted from the bottom row on the left, as on a chess board. Boards above [`MAX_SIDE`] rows or columns are
//! refused before anything of their extent is allocated.

use std::fmt::Write as _;

use super::FormatError;
use sat2chess_core::board::Board;
use sat2chess_core::notation::{Algebraic, Notation};

/// The largest number of rows or columns `show` draws.
pub const MAX_SIDE: u32 = 200;

/// Draws `board` with its rows and columns labelled in `notation`, or refuses when it
/// has more than [`MAX_SIDE`] rows or columns (or more than 26 columns in algebraic
/// notation).
pub fn draw_board(board: &Board, notation: Notation) -> Result<String, FormatError> {
    let (rows, cols) = (board.rows(), board.cols());
    if rows > MAX_SIDE || cols > MAX_SIDE {
        return Err(FormatError::Item {
            item: "board".into(),
            message: format!(
                "{rows}x{cols} is too large to draw (at most {MAX_SIDE} rows and {MAX_SIDE} columns); \
                 use `sat2chess convert BOARD - --to text` to list its pieces"
            ),
        });
    }
    let chess = match notation {
        Notation::Algebraic => {
            Some(
                Algebraic::new(rows, cols).map_err(|error| FormatError::Item {
                    item: "board".into(),
                    message: error.to_string(),
                })?,
            )
        }
        Notation::Coords => None,
    };
    let col_label = |col: u32| match chess {
        Some(_) => char::from(b'a' + (col - 1) as u8).to_string(),
        None => col.to_string(),
    };
    let row_label = |row: u32| match chess {
        Some(_) => (rows - row + 1).to_string(),
        None => row.to_string(),
    };
    let mut pieces: Vec<_> = board.pieces().iter().collect();
    pieces.sort_unstable_by_key(|p| p.square);
    let cell = |p: &sat2chess_core::board::Piece| format!("{}{}", p.kind.letter(), p.budget);
    let width = pieces
        .iter()
        .map(|p| cell(p).len())
        .chain([cols.to_string().len()])
        .max()
        .unwrap_or(1);
    let margin = rows.to_string().len();
    let mut out = String::new();
    let _ = write!(out, "{:margin$}", "");
    for col in 1..=cols {
        let _ = write!(out, " {:<width$}", col_label(col));
    }
    let end = out.trim_end_matches(' ').len();
    out.truncate(end);
    out.push('\n');
    let mut next = pieces.iter().peekable();
    for row in 1..=rows {
        let _ = write!(out, "{:>margin$}", row_label(row));
        for col in 1..=cols {
            let text = match next.peek() {
                Some(p) if p.square.row == row && p.square.col == col => {
                    next.next().map(|p| cell(p)).unwrap_or_default()
                }
                _ => ".".to_string(),
            };
            let _ = write!(out, " {text:<width$}");
        }
        let end = out.trim_end_matches(' ').len();
        out.truncate(end);
        out.push('\n');
    }
    let _ = writeln!(
        out,
        "{rows}x{cols} board, {} piece{}; cells show kind and budget (K2 = king with 2 captures left)",
        board.len(),
        if board.len() == 1 { "" } else { "s" }
    );
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sat2chess_core::board::{Piece, PieceKind, Square};

    #[test]
    fn draws_letters_budgets_and_margins() {
        let board = Board::new(
            3,
            4,
            vec![
                Piece::new(PieceKind::Queen, Square::new(3, 4), 12),
                Piece::new(PieceKind::King, Square::new(1, 2), 2),
            ],
        )
        .unwrap();
        assert_eq!(
            draw_board(&board, Notation::Coords).unwrap(),
            "  1   2   3   4\n1 .   K2  .   .\n2 .   .   .   .\n3 .   .   .   Q12\n\
             3x4 board, 2 pieces; cells show kind and budget (K2 = king with 2 captures left)\n"
        );
    }

    #[test]
    fn refuses_huge_boards() {
        let board = Board::new(100_000, 3, vec![]).unwrap();
        assert_eq!(
            draw_board(&board, Notation::Coords)
                .unwrap_err()
                .to_string(),
            "board: 100000x3 is too large to draw (at most 200 rows and 200 columns); \
             use `sat2chess convert BOARD - --to text` to list its pieces"
        );
    }
}
