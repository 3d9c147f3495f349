//! Where a figure's pieces come from. A [`PieceSource`] hands its pieces out one by one,
//! as often as the figure asks: a [`Board`] in memory, or a board JSON file
//! ([`BoardFile`]) read again from disk each time, so a figure of a board never holds
//! the board (the writers draw each piece as it is read).

use std::path::{Path, PathBuf};

use super::RenderError;
use sat2chess_check::io::json::{self, PieceRecord};
use sat2chess_check::io::{self, BoardFormat, InputError};
use sat2chess_check::{self as check, Replay};
use sat2chess_core::board::Board;
use sat2chess_core::rules::Variant;

/// A board read piece by piece, any number of times.
pub trait PieceSource {
    /// Rows and columns of the board.
    fn extent(&self) -> (u32, u32);

    /// Calls `sink` with every piece, in board order (the order fixes the pieces' ids).
    fn read(&self, sink: &mut dyn FnMut(PieceRecord<'_>)) -> Result<(), RenderError>;

    /// The compact replay state of the pieces, to validate and replay moves on.
    fn replay(&self) -> Result<Replay, RenderError>;
}

impl PieceSource for Board {
    fn extent(&self) -> (u32, u32) {
        (self.rows(), self.cols())
    }

    fn read(&self, sink: &mut dyn FnMut(PieceRecord<'_>)) -> Result<(), RenderError> {
        for piece in self.pieces() {
            sink(PieceRecord {
                kind: piece.kind,
                square: piece.square,
                budget: piece.budget,
                label: piece.label.as_deref(),
            });
        }
        Ok(())
    }

    fn replay(&self) -> Result<Replay, RenderError> {
        Ok(check::replay_of(self, Variant::Standard))
    }
}

/// A board JSON file (a regular file: it is opened again at every read), checked once
/// when opened and streamed at every read; a read that finds another extent or number of
/// pieces fails with [`RenderError::Changed`].
#[derive(Clone, Debug)]
pub struct BoardFile {
    path: PathBuf,
    rows: u32,
    cols: u32,
    pieces: usize,
}

impl BoardFile {
    /// Reads the board JSON file `path` once (a regular file, not standard input) and
    /// checks it, with the errors of [`io::read_board`]. It holds 8 bytes per piece while
    /// it checks (the squares), nothing after; a board that fails is read again by
    /// [`check::load_board`] for the error message.
    pub fn open(path: &Path) -> Result<BoardFile, InputError> {
        let mut squares = Vec::new();
        let read = json::stream_board(io::open_text(path)?, &mut |piece| {
            squares.push((u64::from(piece.square.row) << 32) | u64::from(piece.square.col));
        });
        let json::BoardHeader { rows, cols, .. } = read.map_err(|error| InputError::Format {
            path: io::display_path(path),
            error,
        })?;
        let pieces = squares.len();
        let outside = |&key: &u64| {
            let (row, col) = ((key >> 32) as u32, key as u32);
            row == 0 || col == 0 || row > rows || col > cols
        };
        let mut valid = rows > 0 && cols > 0 && !squares.iter().any(outside);
        if valid {
            squares.sort_unstable();
            valid = squares.windows(2).all(|pair| pair[0] != pair[1]);
        }
        drop(squares);
        if !valid {
            check::load_board(path, Some(BoardFormat::Json), Variant::Standard)?;
        }
        Ok(BoardFile {
            path: path.to_owned(),
            rows,
            cols,
            pieces,
        })
    }

    /// Number of pieces.
    pub fn len(&self) -> usize {
        self.pieces
    }

    /// True for a board without pieces.
    pub fn is_empty(&self) -> bool {
        self.pieces == 0
    }
}

impl PieceSource for BoardFile {
    fn extent(&self) -> (u32, u32) {
        (self.rows, self.cols)
    }

    fn read(&self, sink: &mut dyn FnMut(PieceRecord<'_>)) -> Result<(), RenderError> {
        let mut pieces = 0usize;
        let counted = &mut |piece: PieceRecord<'_>| {
            pieces += 1;
            sink(piece);
        };
        let json::BoardHeader { rows, cols, .. } =
            json::stream_board(io::open_text(&self.path)?, counted).map_err(|error| {
                InputError::Format {
                    path: io::display_path(&self.path),
                    error,
                }
            })?;
        if (rows, cols, pieces) != (self.rows, self.cols, self.pieces) {
            return Err(RenderError::Changed {
                path: io::display_path(&self.path),
            });
        }
        Ok(())
    }

    fn replay(&self) -> Result<Replay, RenderError> {
        let replay = check::load_board(&self.path, Some(BoardFormat::Json), Variant::Standard)?;
        if replay.remaining() != self.pieces {
            return Err(RenderError::Changed {
                path: io::display_path(&self.path),
            });
        }
        Ok(replay)
    }
}
