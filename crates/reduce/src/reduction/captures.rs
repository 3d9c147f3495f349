//! Decoding a capture certificate, shared by every target whose certificates are
//! capture sequences: the board file is read once, as a stream, into the checker's
//! compact replay (13 bytes per piece) and compared with the plan; the moves file is
//! streamed once through the checker ([`sat2chess_check`], the trusted replay) and,
//! while every move is legal, through the plan's decoder. Neither the board nor the
//! sequence is held whole.

use std::path::Path;

use sat2chess_check::io::json::PieceRecord;
use sat2chess_check::io::{self, InputError};
use sat2chess_check::{self as check, Replay, SequenceCheck};
use sat2chess_core::board::{PieceKind, Square};
use sat2chess_core::rules::{Move, Variant};

use super::{BoardFile, Decoded, ReduceError};

/// What a plan provides to [`decode_captures`].
pub trait CaptureDecoding {
    /// Why `replay` (a board before any move) is not the plan's board; `Ok`: it is.
    fn same_board(&self, replay: &Replay) -> Result<(), String>;
    /// Follows the next move of the sequence (called only while every move so far is
    /// legal).
    fn step(&mut self, mv: Move);
}

/// Checks that `board` holds only `kind` pieces and is the plan's board, then replays
/// the moves file `moves` on it and follows them with `decoding`. `Ok(None)`: the
/// sequence solves the board (the caller reads the model off `decoding`); otherwise the
/// refusal with the checker's report.
pub fn decode_captures(
    board: &BoardFile,
    moves: &Path,
    target: &'static str,
    kind: PieceKind,
    decoding: &mut dyn CaptureDecoding,
) -> Result<Option<Decoded>, ReduceError> {
    let mut foreign: Option<(PieceKind, Square)> = None;
    let replay = check::load_board_with(
        &board.path,
        board.format,
        Variant::Standard,
        &mut |piece: PieceRecord<'_>| {
            if foreign.is_none() && piece.kind != kind {
                foreign = Some((piece.kind, piece.square));
            }
        },
    )?;
    let not_the_board = |reason: String| ReduceError::NotTheBoard {
        board: io::display_path(&board.path).display().to_string(),
        target,
        reason,
    };
    if let Some((other, square)) = foreign {
        return Err(not_the_board(format!(
            "it has a {other} on {square}, but {target} boards hold only {}s",
            kind.name()
        )));
    }
    decoding.same_board(&replay).map_err(not_the_board)?;
    let mut sequence = SequenceCheck::new(replay);
    io::json::stream_moves(io::open_text(moves)?, &mut |mv| {
        sequence.step(mv);
        if sequence.is_legal() {
            decoding.step(mv);
        }
    })
    .map_err(|error| InputError::Format {
        path: io::display_path(moves),
        error,
    })?;
    let report = sequence.report();
    if report.is_solution() {
        return Ok(None);
    }
    let malformed = report
        .illegal
        .as_ref()
        .is_some_and(|step| step.is_malformed());
    Ok(Some(Decoded::Refused {
        report: report.to_string(),
        malformed,
    }))
}

/// Whether `replay` (a board before any move) holds exactly the pieces of `board`: the
/// same extent, squares, kinds and budgets.
pub(super) fn same_board(
    board: &sat2chess_core::board::Board,
    replay: &Replay,
) -> Result<(), String> {
    let extent = replay.extent();
    if (extent.rows, extent.cols) != (board.rows(), board.cols()) {
        return Err(format!(
            "it is {}x{}, the compiled board {}x{}",
            extent.rows,
            extent.cols,
            board.rows(),
            board.cols()
        ));
    }
    if replay.remaining() != board.len() {
        return Err(format!(
            "it has {} pieces, the compiled board {}",
            replay.remaining(),
            board.len()
        ));
    }
    match board.pieces().iter().find(|piece| {
        replay
            .piece_at(piece.square)
            .map(|(_, kind, budget)| (kind, budget))
            != Some((piece.kind, piece.budget))
    }) {
        Some(piece) => Err(format!(
            "the compiled board has a {} with budget {} on {}, it does not",
            piece.kind, piece.budget, piece.square
        )),
        None => Ok(()),
    }
}
