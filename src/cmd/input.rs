//! The one way every board command reads its board argument: [`BoardInput`] resolves
//! the format (`--from`, a FEN string given in place of a file, the extension, else the
//! content; a moves file or a formula is refused with a hint, see
//! [`sat2chess::io::board_format`]) and keeps it, so a command knows what it read.

use std::path::Path;

use anyhow::Result;
use sat2chess::board::Board;
use sat2chess::check::{self, Replay};
use sat2chess::io::json::PieceRecord;
use sat2chess::io::{self, BoardFormat};
use sat2chess::rules::Variant;

/// A board argument with the format it is read in.
pub(crate) struct BoardInput<'a> {
    path: &'a Path,
    format: BoardFormat,
}

impl<'a> BoardInput<'a> {
    /// Resolves the format of the board argument `path` (`from`: the `--from` flag).
    pub(crate) fn resolve(path: &'a Path, from: Option<BoardFormat>) -> Result<BoardInput<'a>> {
        Ok(BoardInput {
            path,
            format: io::board_format(path, from)?,
        })
    }

    /// The format the board is read in.
    pub(crate) fn format(&self) -> BoardFormat {
        self.format
    }

    /// The board's name in messages (`<stdin>` for `-`).
    pub(crate) fn name(&self) -> String {
        io::display_path(self.path).display().to_string()
    }

    /// Reads the whole board.
    pub(crate) fn read(&self) -> Result<Board> {
        Ok(io::read_board(self.path, Some(self.format))?)
    }

    /// Reads the board into the checker's compact replay state (JSON streamed, 13 bytes
    /// a piece), showing every piece to `visit` as it is read.
    pub(crate) fn replay(
        &self,
        variant: Variant,
        visit: &mut dyn FnMut(PieceRecord<'_>),
    ) -> Result<Replay> {
        Ok(check::load_board_with(
            self.path,
            Some(self.format),
            variant,
            visit,
        )?)
    }
}
