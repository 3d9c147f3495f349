//! FEN import/export for boards up to 8×8, so chess.com Solo Chess puzzles can be pasted in.
//!
//! Only the piece-placement field matters: ranks from the top (row 1 = rank 8 on an 8×8
//! board) separated by `/`, piece letters `K Q R B N P`, digits for runs of empty squares.
//! A full FEN (`… w - - 0 1`) is accepted and its other fields are ignored. Solo Chess
//! pieces all have one colour, so lower-case (black) letters are read as the same kinds,
//! and every pawn captures toward row 1 (rank 8). Every imported piece gets budget 2
//! (chess.com's rule). Besides the standard 8×8, any rectangle up to 8×8 is accepted
//! (all ranks must have the same width). Export writes the board's own extent, upper-case
//! letters and ` w - - 0 1`, and refuses boards larger than 8×8 or with budgets other than 2.
//! Labels are not represented in FEN.

use super::FormatError;
use sat2chess_core::board::{Board, Piece, PieceKind, Square};

/// The budget of every piece in a FEN board (chess.com Solo Chess).
pub(crate) const FEN_BUDGET: u32 = 2;
/// The largest number of rows or columns a FEN board may have.
pub const MAX_SIDE: u32 = 8;

fn item(item: impl Into<String>, message: impl Into<String>) -> FormatError {
    FormatError::Item {
        item: item.into(),
        message: message.into(),
    }
}

/// True when `word` has the shape of a FEN placement field: ranks of piece letters and
/// digits separated by `/` (at least two ranks), nothing else. Used to recognise a FEN
/// by its content, or given in place of a file name.
pub fn looks_like_placement(word: &str) -> bool {
    word.contains('/')
        && word.split('/').all(|rank| {
            !rank.is_empty() && rank.chars().all(|c| "KQRBNPkqrbnp12345678".contains(c))
        })
}

/// Parses a FEN placement field, optionally followed by the other FEN fields, all on one
/// line (blank lines around it are allowed; a second line is refused, naming it).
pub fn parse_board(text: &str) -> Result<Board, FormatError> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty());
    let line = lines.next().map_or("", |(_, line)| line);
    if let Some((index, second)) = lines.next() {
        let column = second.chars().take_while(|c| c.is_whitespace()).count() + 1;
        return Err(FormatError::Syntax {
            line: index + 1,
            column,
            message: "a second line; a FEN board is one line (the placement, \
                      optionally followed by the other FEN fields)"
                .into(),
        });
    }
    let mut fields = line.split_whitespace();
    let placement = fields.next().ok_or_else(|| {
        item(
            "FEN",
            "empty input (expected a placement like \"8/8/8/3K4/8/8/8/8\")",
        )
    })?;
    let extra = fields.count();
    if extra > 5 {
        return Err(item(
            "FEN",
            format!(
                "expected the placement field and at most 5 more fields, got {} fields",
                extra + 1
            ),
        ));
    }
    let ranks: Vec<&str> = placement.split('/').collect();
    let rows = ranks.len() as u32;
    if rows > MAX_SIDE {
        return Err(item(
            "FEN",
            format!("{rows} ranks; FEN boards have at most {MAX_SIDE}"),
        ));
    }
    let mut pieces = Vec::new();
    let mut width = None;
    for (index, rank_text) in ranks.iter().enumerate() {
        let row = index as u32 + 1;
        let name = format!("FEN rank {} (row {row})", rows + 1 - row);
        let mut col = 0u32;
        for symbol in rank_text.chars() {
            if let Some(run) = symbol.to_digit(10) {
                if run == 0 {
                    return Err(item(&name, "empty-square count 0 (use 1 to 8)"));
                }
                col += run;
            } else {
                let kind = PieceKind::from_letter(symbol).ok_or_else(|| {
                    item(
                        &name,
                        format!("unknown piece letter '{symbol}' (expected one of K Q R B N P or k q r b n p, or a digit)"),
                    )
                })?;
                col += 1;
                pieces.push(Piece::new(kind, Square::new(row, col), FEN_BUDGET));
            }
            if col > MAX_SIDE {
                return Err(item(
                    &name,
                    format!("more than {MAX_SIDE} squares (FEN boards are at most 8 wide)"),
                ));
            }
        }
        if col == 0 {
            return Err(item(&name, "empty rank (use a digit for empty squares)"));
        }
        match width {
            None => width = Some(col),
            Some(first) if first != col => {
                return Err(item(
                    &name,
                    format!("{col} squares wide, but the first rank has {first}"),
                ));
            }
            Some(_) => {}
        }
    }
    Ok(Board::new(rows, width.unwrap_or(0), pieces)?)
}

/// Writes a board as a full FEN line (placement plus ` w - - 0 1`).
pub fn write_board(board: &Board) -> Result<String, FormatError> {
    if board.rows() > MAX_SIDE || board.cols() > MAX_SIDE {
        return Err(item(
            "board",
            format!(
                "{}x{} is larger than FEN's {MAX_SIDE}x{MAX_SIDE}; use the JSON or text format",
                board.rows(),
                board.cols()
            ),
        ));
    }
    let mut letters = vec![None; (board.rows() * board.cols()) as usize];
    for (index, piece) in board.pieces().iter().enumerate() {
        if piece.budget != FEN_BUDGET {
            return Err(item(
                format!("piece #{index}"),
                format!(
                    "the {} on {} has budget {}; FEN holds only budget-{FEN_BUDGET} boards",
                    piece.kind, piece.square, piece.budget
                ),
            ));
        }
        let cell = (piece.square.row - 1) * board.cols() + (piece.square.col - 1);
        letters[cell as usize] = Some(piece.kind.letter());
    }
    let mut out = String::new();
    for (row, cells) in letters.chunks(board.cols() as usize).enumerate() {
        if row > 0 {
            out.push('/');
        }
        let mut empty = 0;
        for cell in cells {
            match cell {
                Some(letter) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(*letter);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
    }
    out.push_str(" w - - 0 1\n");
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_placement_or_full_fen_with_any_case() {
        let board = parse_board("8/8/8/3K4/8/2n5/8/7p w - - 0 1").unwrap();
        assert_eq!((board.rows(), board.cols(), board.len()), (8, 8, 3));
        let found: Vec<_> = board
            .pieces()
            .iter()
            .map(|p| (p.kind.letter(), p.square.row, p.square.col, p.budget))
            .collect();
        assert_eq!(found, [('K', 4, 4, 2), ('N', 6, 3, 2), ('P', 8, 8, 2)]);
        assert_eq!(
            write_board(&board).unwrap(),
            "8/8/8/3K4/8/2N5/8/7P w - - 0 1\n"
        );
        assert_eq!(parse_board(&write_board(&board).unwrap()).unwrap(), board);
        let small = parse_board("  R1/1b\n").unwrap();
        assert_eq!((small.rows(), small.cols(), small.len()), (2, 2, 2));
        assert_eq!(write_board(&small).unwrap(), "R1/1B w - - 0 1\n");
    }

    #[test]
    fn bad_fen_names_the_rank() {
        let bad = |text: &str| parse_board(text).unwrap_err().to_string();
        assert_eq!(
            bad("8/8/8/3X4/8/8/8/8"),
            "FEN rank 5 (row 4): unknown piece letter 'X' (expected one of K Q R B N P or k q r b n p, or a digit)"
        );
        assert_eq!(
            bad("8/8/8/3K5/8/8/8/8"),
            "FEN rank 5 (row 4): more than 8 squares (FEN boards are at most 8 wide)"
        );
        assert_eq!(
            bad("8/8/8/3K3/8/8/8/8"),
            "FEN rank 5 (row 4): 7 squares wide, but the first rank has 8"
        );
        assert_eq!(
            bad("8/8/8/8/8/8/8/8/8"),
            "FEN: 9 ranks; FEN boards have at most 8"
        );
        assert_eq!(
            bad("8//8"),
            "FEN rank 2 (row 2): empty rank (use a digit for empty squares)"
        );
        assert_eq!(
            bad(""),
            "FEN: empty input (expected a placement like \"8/8/8/3K4/8/8/8/8\")"
        );
        assert_eq!(
            bad("8/8 w - - 0 1 extra"),
            "FEN: expected the placement field and at most 5 more fields, got 7 fields"
        );
        assert_eq!(
            bad("8/8/8\n8/8/8/8/K7"),
            "line 2, column 1: a second line; a FEN board is one line (the placement, \
             optionally followed by the other FEN fields)"
        );
        assert_eq!(
            bad("\n8/8 w - - 0 1\n\n  8/8\n"),
            "line 4, column 3: a second line; a FEN board is one line (the placement, \
             optionally followed by the other FEN fields)"
        );
        assert_eq!(
            bad("K0/8"),
            "FEN rank 2 (row 1): empty-square count 0 (use 1 to 8)"
        );
    }

    #[test]
    fn export_refuses_what_fen_cannot_hold() {
        let king = |budget| Piece::new(PieceKind::King, Square::new(1, 1), budget);
        let big = Board::new(9, 8, vec![king(2)]).unwrap();
        assert_eq!(
            write_board(&big).unwrap_err().to_string(),
            "board: 9x8 is larger than FEN's 8x8; use the JSON or text format"
        );
        let spent = Board::new(8, 8, vec![king(1)]).unwrap();
        assert_eq!(
            write_board(&spent).unwrap_err().to_string(),
            "piece #0: the king on (1,1) has budget 1; FEN holds only budget-2 boards"
        );
    }
}
