//! An ASCII picture of a small board (`sat2chess show`): one cell per square holding the
//! piece letter followed by its budget (`K2`), `.` for an empty square, row numbers on
//! the left and column numbers on top. Boards above [`MAX_SIDE`] rows or columns are
//! refused before anything of their extent is allocated.

use std::fmt::Write as _;

use super::FormatError;
use sat2chess_core::board::Board;

/// The largest number of rows or columns `show` draws.
pub const MAX_SIDE: u32 = 200;

/// Draws `board`, or refuses when it has more than [`MAX_SIDE`] rows or columns.
pub fn draw_board(board: &Board) -> Result<String, FormatError> {
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
        let _ = write!(out, " {col:<width$}");
    }
    let end = out.trim_end_matches(' ').len();
    out.truncate(end);
    out.push('\n');
    let mut next = pieces.iter().peekable();
    for row in 1..=rows {
        let _ = write!(out, "{row:>margin$}");
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
            draw_board(&board).unwrap(),
            "  1   2   3   4\n1 .   K2  .   .\n2 .   .   .   .\n3 .   .   .   Q12\n\
             3x4 board, 2 pieces; cells show kind and budget (K2 = king with 2 captures left)\n"
        );
    }

    #[test]
    fn refuses_huge_boards() {
        let board = Board::new(100_000, 3, vec![]).unwrap();
        assert_eq!(
            draw_board(&board).unwrap_err().to_string(),
            "board: 100000x3 is too large to draw (at most 200 rows and 200 columns); \
             use `sat2chess convert BOARD - --to text` to list its pieces"
        );
    }
}
