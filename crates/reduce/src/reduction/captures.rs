//! Decoding a capture certificate, shared by every target whose certificates are
//! capture sequences: the board file is read once, as a stream, into the checker's
//! compact replay (13 bytes per piece) and compared with the plan; the moves file is
//! streamed once through the checker ([`sat2chess_check`], the trusted replay) and,
//! while every move is legal, through the plan's decoder. Neither the board nor the
//! sequence is held whole.

use std::path::Path;

use sat2chess_check::io;
use sat2chess_check::io::json::PieceRecord;
use sat2chess_check::{self as check, Replay, SequenceCheck};
use sat2chess_core::board::{PieceKind, Square};
use sat2chess_core::rules::{Move, Variant};

use super::{BoardFile, Decoded, OtherBoard, ReduceError, Step};

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
/// sequence solves the board (the caller reads the model off `decoding`); otherwise why
/// not: another board, or the checker's report.
pub fn decode_captures(
    board: &BoardFile,
    moves: &Path,
    target: &'static str,
    kind: PieceKind,
    decoding: &mut dyn CaptureDecoding,
) -> Result<Option<Result<Decoded, OtherBoard>>, ReduceError> {
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
    if let Some((other, square)) = foreign {
        return Ok(Some(Err(OtherBoard(format!(
            "it has a {other} on {square}, but {target} boards hold only {}s",
            kind.name()
        )))));
    }
    if let Err(reason) = decoding.same_board(&replay) {
        return Ok(Some(Err(OtherBoard(reason))));
    }
    let extent = replay.extent();
    let mut sequence = SequenceCheck::new(replay);
    io::stream_moves(moves, (extent.rows, extent.cols), &mut |mv| {
        sequence.step(mv);
        if sequence.is_legal() {
            decoding.step(mv);
        }
    })?;
    let report = sequence.report();
    if report.is_solution() {
        return Ok(None);
    }
    let malformed = report
        .illegal
        .as_ref()
        .is_some_and(|step| step.is_malformed());
    Ok(Some(Ok(Decoded::Refused {
        report: report.to_string(),
        malformed,
    })))
}

/// Why `replay` (a board before any move) cannot be a board of `rows × cols` with
/// `pieces` pieces, if it cannot.
pub(super) fn same_size(
    replay: &Replay,
    (rows, cols): (u32, u32),
    pieces: u64,
) -> Result<(), String> {
    let extent = replay.extent();
    let found = (extent.rows, extent.cols, replay.remaining() as u64);
    if found == (rows, cols, pieces) {
        return Ok(());
    }
    Err(format!(
        "it is {}x{} with {} pieces, the compiled board {rows}x{cols} with {pieces}",
        found.0, found.1, found.2
    ))
}

/// Whether `replay` (a board before any move) holds exactly the pieces of `board`: the
/// same extent, squares, kinds and budgets.
pub(super) fn same_board(
    board: &sat2chess_core::board::Board,
    replay: &Replay,
) -> Result<(), String> {
    same_size(replay, (board.rows(), board.cols()), board.len() as u64)?;
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

/// Hands a capture certificate held in memory to `sink`, move by move; the number of
/// moves.
pub(super) fn emit_captures(
    moves: &[Move],
    sink: &mut dyn FnMut(Step) -> std::io::Result<()>,
) -> Result<u64, ReduceError> {
    for &mv in moves {
        sink(Step::Capture(mv))?;
    }
    Ok(moves.len() as u64)
}
