//! Where boards and certificates go: a JSON board streamed to a writer ([`JsonBoard`]),
//! a board collected in memory ([`BoardInMemory`], for the text and FEN formats and the
//! tests), and a certificate streamed in its target's format ([`CertificateWriter`]).

use std::io::{self, Write};

use sat2chess_check::io::json::{BoardWriter, MovesWriter, PlacementWriter};
use sat2chess_core::board::{Board, BoardError, Piece, PieceKind, Square};

use super::{BoardSink, CertificateKind, Provenance, ReduceError, Step};

/// Writes the pieces of a board held in memory to `sink`, in the board's order (the
/// plans that stamp a whole board before writing it: rook, queen, bishop).
pub(crate) fn write_pieces(board: &Board, sink: &mut dyn BoardSink) -> Result<(), ReduceError> {
    for piece in board.pieces() {
        sink.piece(
            piece.kind,
            piece.square,
            piece.budget,
            piece.label.as_deref(),
        )?;
    }
    Ok(())
}

/// A board JSON document written to `W` piece by piece, provenance in its header.
pub struct JsonBoard<W: Write> {
    state: JsonState<W>,
}

enum JsonState<W: Write> {
    Waiting(W),
    Writing(BoardWriter<W>),
    Finished(W),
    Failed,
}

impl<W: Write> JsonBoard<W> {
    pub fn new(out: W) -> JsonBoard<W> {
        JsonBoard {
            state: JsonState::Waiting(out),
        }
    }

    /// The writer, once the board is finished (`None`: it was not).
    pub fn into_finished(self) -> Option<W> {
        match self.state {
            JsonState::Finished(out) => Some(out),
            _ => None,
        }
    }

    fn writer(&mut self) -> io::Result<&mut BoardWriter<W>> {
        match &mut self.state {
            JsonState::Writing(writer) => Ok(writer),
            _ => Err(io::Error::other("the board has not been started")),
        }
    }
}

impl<W: Write> BoardSink for JsonBoard<W> {
    fn start(&mut self, rows: u32, cols: u32, provenance: &Provenance) -> io::Result<()> {
        match std::mem::replace(&mut self.state, JsonState::Failed) {
            JsonState::Waiting(out) => {
                let json = provenance.to_json();
                let writer = BoardWriter::with_provenance(out, rows, cols, Some(&json))?;
                self.state = JsonState::Writing(writer);
                Ok(())
            }
            _ => Err(io::Error::other("the board was started twice")),
        }
    }

    fn piece(
        &mut self,
        kind: PieceKind,
        square: Square,
        budget: u32,
        label: Option<&str>,
    ) -> io::Result<()> {
        self.writer()?.piece(kind, square, budget, label)
    }

    fn finish(&mut self) -> io::Result<()> {
        match std::mem::replace(&mut self.state, JsonState::Failed) {
            JsonState::Writing(writer) => {
                let mut out = writer.finish()?;
                out.flush()?;
                self.state = JsonState::Finished(out);
                Ok(())
            }
            _ => Err(io::Error::other("the board was not started")),
        }
    }

    fn streams(&self) -> bool {
        true
    }
}

/// A board collected in memory.
#[derive(Default)]
pub struct BoardInMemory {
    extent: (u32, u32),
    pieces: Vec<Piece>,
    provenance: Option<Provenance>,
}

impl BoardInMemory {
    /// The board collected.
    pub fn board(self) -> Result<Board, BoardError> {
        Board::new(self.extent.0, self.extent.1, self.pieces)
    }

    /// The provenance the board was started with.
    pub fn provenance(&self) -> Option<&Provenance> {
        self.provenance.as_ref()
    }
}

impl BoardSink for BoardInMemory {
    fn start(&mut self, rows: u32, cols: u32, provenance: &Provenance) -> io::Result<()> {
        self.extent = (rows, cols);
        self.provenance = Some(provenance.clone());
        Ok(())
    }

    fn piece(
        &mut self,
        kind: PieceKind,
        square: Square,
        budget: u32,
        label: Option<&str>,
    ) -> io::Result<()> {
        let mut piece = Piece::new(kind, square, budget);
        piece.label = label.map(str::to_owned);
        self.pieces.push(piece);
        Ok(())
    }

    fn finish(&mut self) -> io::Result<()> {
        Ok(())
    }

    fn streams(&self) -> bool {
        false
    }
}

/// A certificate written step by step in its target's format: moves JSON for capture
/// sequences, placement JSON for placements.
pub enum CertificateWriter<W: Write> {
    Moves(MovesWriter<W>),
    Placement(PlacementWriter<W>),
}

impl<W: Write> CertificateWriter<W> {
    /// Starts a certificate of `kind`.
    pub fn new(out: W, kind: CertificateKind) -> io::Result<CertificateWriter<W>> {
        Ok(match kind {
            CertificateKind::Captures => CertificateWriter::Moves(MovesWriter::new(out)?),
            CertificateKind::Placement => CertificateWriter::Placement(PlacementWriter::new(out)?),
        })
    }

    /// Writes the next step; a step of the other kind is an error.
    pub fn step(&mut self, step: Step) -> io::Result<()> {
        match (self, step) {
            (CertificateWriter::Moves(writer), Step::Capture(mv)) => writer.write(mv),
            (CertificateWriter::Placement(writer), Step::Place(square)) => writer.write(square),
            _ => Err(io::Error::other(
                "internal error: a certificate step of the other kind",
            )),
        }
    }

    /// Closes the document and hands back the writer.
    pub fn finish(self) -> io::Result<W> {
        match self {
            CertificateWriter::Moves(writer) => writer.finish(),
            CertificateWriter::Placement(writer) => writer.finish(),
        }
    }
}
