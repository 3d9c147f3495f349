//! n-Queens boards in the project's file formats: an instance is a square board JSON
//! whose pieces are the pre-placed queens (kind `Q`, budget 0); a completion — the
//! certificate — is a placement JSON `{"queens":[[row,col],…]}` listing the squares of the
//! added queens, 1-based, row 1 at the top. A Blocked n-Queens instance (Problem 7) is a
//! board JSON with no pieces and an extra key `"blocked":[[row,col],…]`.

use serde::Deserialize;

use super::Queen;
use super::completion::Completion;
use sat2chess_check::io::FormatError;
use sat2chess_check::io::json::{Object, PlacementWriter};
use sat2chess_core::board::{Board, Piece, PieceKind, Square};

/// The square of queen `(α, β)` on an `n × n` board: row `n − β`, column `α + 1`.
pub fn square(n: i64, q: Queen) -> Square {
    Square::new((n - q.row) as u32, (q.col + 1) as u32)
}

/// The queen on `square` of an `n × n` board.
pub fn queen(n: i64, square: Square) -> Queen {
    Queen::new(square.col as i64 - 1, n - square.row as i64)
}

/// The board of an instance: its pre-placed queens, budget 0.
pub fn to_board(instance: &Completion) -> Board {
    let pieces = instance
        .preplaced
        .iter()
        .map(|&q| Piece::new(PieceKind::Queen, square(instance.n, q), 0))
        .collect();
    Board::new(instance.n as u32, instance.n as u32, pieces)
        .expect("queens of a well-formed instance lie on distinct squares of the board")
}

/// Reads a board as an n-Queens Completion instance: square, only queens, no two on a
/// row or column (Problem 2).
pub fn from_board(board: &Board) -> Result<Completion, FormatError> {
    let item = |message: String| FormatError::Item {
        item: "board".into(),
        message,
    };
    if board.rows() != board.cols() {
        return Err(item(format!(
            "an n-Queens board is square, got {}x{}",
            board.rows(),
            board.cols()
        )));
    }
    let n = board.rows() as i64;
    if let Some((index, piece)) = board
        .pieces()
        .iter()
        .enumerate()
        .find(|(_, p)| p.kind != PieceKind::Queen)
    {
        return Err(FormatError::Item {
            item: format!("piece #{index}"),
            message: format!(
                "an n-Queens board holds only queens (Q), got {}",
                piece.kind
            ),
        });
    }
    let instance = Completion {
        n,
        preplaced: super::canonical(board.pieces().iter().map(|p| queen(n, p.square)).collect()),
    };
    if !instance.is_well_formed() {
        return Err(item(
            "two pre-placed queens share a row or a column (not an n-Queens Completion instance)"
                .into(),
        ));
    }
    Ok(instance)
}

#[derive(Deserialize)]
struct RawPlacement {
    queens: Vec<[u32; 2]>,
}

#[derive(Deserialize)]
struct RawBlocked {
    #[serde(default)]
    blocked: Vec<[u32; 2]>,
}

fn json_error(error: serde_json::Error) -> FormatError {
    let (line, column) = (error.line(), error.column());
    let message = error.to_string();
    let position = format!(" at line {line} column {column}");
    FormatError::Syntax {
        line,
        column: column.max(1),
        message: message
            .strip_suffix(&position)
            .unwrap_or(&message)
            .to_owned(),
    }
}

/// Parses a placement JSON `{"queens":[[row,col],…]}` (squares 1-based); only the object
/// form, as boards and moves (serde's positional form `[[[r,c],…]]` is refused).
pub fn parse_placement(text: &str) -> Result<Vec<Square>, FormatError> {
    let Object(raw): Object<RawPlacement> = serde_json::from_str(text).map_err(|error| {
        let mut error = json_error(error);
        if let FormatError::Syntax { message, .. } = &mut error {
            message.push_str(r#" (a placement is {"queens":[[row,col],…]})"#);
        }
        error
    })?;
    raw.queens
        .iter()
        .enumerate()
        .map(|(index, &[row, col])| {
            if row == 0 || col == 0 {
                Err(FormatError::Item {
                    item: format!("queen #{index}"),
                    message: format!("squares are 1-based, got [{row}, {col}]"),
                })
            } else {
                Ok(Square::new(row, col))
            }
        })
        .collect()
}

/// Writes a placement JSON, one square per line.
pub fn write_placement(squares: &[Square]) -> String {
    let mut out = Vec::with_capacity(16 + squares.len() * 16);
    let write = |out: &mut Vec<u8>| -> std::io::Result<()> {
        let mut writer = PlacementWriter::new(out)?;
        for &square in squares {
            writer.write(square)?;
        }
        writer.finish().map(|_| ())
    };
    write(&mut out).expect("writing to memory cannot fail");
    String::from_utf8(out).expect("the placement JSON is UTF-8")
}

/// The `"blocked"` squares of a board JSON (none when the key is absent).
pub fn parse_blocked(text: &str) -> Result<Vec<Square>, FormatError> {
    let Object(raw): Object<RawBlocked> = serde_json::from_str(text).map_err(json_error)?;
    raw.blocked
        .iter()
        .enumerate()
        .map(|(index, &[row, col])| {
            if row == 0 || col == 0 {
                Err(FormatError::Item {
                    item: format!("blocked #{index}"),
                    message: format!("squares are 1-based, got [{row}, {col}]"),
                })
            } else {
                Ok(Square::new(row, col))
            }
        })
        .collect()
}

/// Board JSON of an empty `n × n` board with the `"blocked"` squares.
pub fn write_blocked(n: u32, blocked: &[Square]) -> String {
    let board = Board::new(n, n, Vec::new()).expect("n >= 1");
    let text = sat2chess_check::io::json::write_board(&board);
    let squares: Vec<String> = blocked
        .iter()
        .map(|s| format!("[{},{}]", s.row, s.col))
        .collect();
    let head = text.trim_end().strip_suffix('}').expect("a JSON object");
    format!("{head},\"blocked\":[{}]}}\n", squares.join(","))
}
