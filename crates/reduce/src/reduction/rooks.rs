//! The rook target (thesis ch. 7, Theorem 7.16): the formula through the transformation
//! chain to And-Or-(1,1)-SAT, its gadgets placed on rook lines ([`crate::back::rook`]).
//! The plan is the compiled rook board (a few dozen rooks per clause).

use std::io;
use std::path::Path;

use sat2chess_check::Replay;
use sat2chess_core::board::{Board, PieceKind};
use sat2chess_core::formula::Assignment;
use sat2chess_core::rules::Move;

use super::captures::{self, CaptureDecoding, decode_captures};
use super::rbds_rook::{PreparedRbdsRook, RbdsPiece};
use super::sinks::write_pieces;
use super::{
    BoardFile, BoardSink, CertificateKind, Decoded, Input, Limits, Observer, Options, OtherBoard,
    Plan, Prepared, ReduceError, Reduction, Step,
};
use crate::back::rook::{self, CompiledRook, RookDecoder, RookError};
use crate::back::{self, ChainModelError};
use crate::layout::BandOrder;
use crate::retarget::SquareMap;
use crate::transform::Chain;

/// The rook target.
pub struct Rooks;

/// Rook 2-Solo Chess (thesis Theorem 7.16).
pub const ROOK: Rooks = Rooks;

impl Reduction for Rooks {
    fn name(&self) -> &'static str {
        "rook"
    }

    fn about(&self) -> &'static str {
        "Rook 2-Solo Chess (thesis ch. 7): rooks with budget 2"
    }

    fn certificate(&self) -> CertificateKind {
        CertificateKind::Captures
    }

    fn prepare(
        &self,
        source: &Input,
        options: Options,
        _: &Limits,
    ) -> Result<Box<dyn Prepared>, ReduceError> {
        if options.via_rbds || matches!(source, Input::Rbds(_)) {
            return Ok(Box::new(PreparedRbdsRook::new(source, RbdsPiece::Rook)?));
        }
        Ok(Box::new(PreparedRooks::new(source)?))
    }
}

/// A formula on its way to a rook board (also the first step of the retargeted ones).
pub(super) struct PreparedRooks {
    pub(super) chain: Chain,
}

impl PreparedRooks {
    pub(super) fn new(source: &Input) -> Result<PreparedRooks, ReduceError> {
        let chain = Chain::from_input(source, &BandOrder).map_err(ReduceError::input)?;
        Ok(PreparedRooks { chain })
    }

    /// At most this many rooks.
    pub(super) fn estimate(&self) -> u64 {
        let formula = self.chain.formula();
        rook::rook_estimate(formula.num_vars(), formula.clauses.len())
    }

    pub(super) fn compile(self) -> Result<RookPlan, ReduceError> {
        let compiled = rook::compile_formula(self.chain.formula()).map_err(rook_error)?;
        Ok(RookPlan {
            compiled,
            chain: self.chain,
        })
    }
}

impl Prepared for PreparedRooks {
    fn estimate(&self) -> u64 {
        PreparedRooks::estimate(self)
    }

    fn holds_board(&self) -> bool {
        true
    }

    fn plan(self: Box<Self>) -> Result<Box<dyn Plan>, ReduceError> {
        Ok(Box::new(self.compile()?))
    }
}

pub(super) fn rook_error(error: RookError) -> ReduceError {
    if error.is_internal() {
        ReduceError::internal(error)
    } else {
        ReduceError::input(error)
    }
}

fn model_error(error: ChainModelError) -> ReduceError {
    rook_error(error.into())
}

/// A compiled rook board and the chain behind it.
pub(super) struct RookPlan {
    pub(super) compiled: CompiledRook,
    pub(super) chain: Chain,
}

impl RookPlan {
    /// A model of the chain's input by the SAT solver.
    pub(super) fn solve_input(&self) -> Result<Option<Assignment>, ReduceError> {
        back::solve_input(&self.chain).map_err(model_error)
    }

    /// The rook board's solving sequence for `model` (checked by the checker).
    pub(super) fn moves(&self, model: &Assignment) -> Result<Vec<Move>, ReduceError> {
        let forward = back::forward_model(&self.chain, model).map_err(model_error)?;
        self.compiled.certify(&forward).map_err(rook_error)
    }

    /// The model of the chain's input read off a decoder that followed a solving
    /// sequence.
    pub(super) fn model(&self, decoder: &RookDecoder) -> Result<Assignment, ReduceError> {
        let andor = self.compiled.assignment(decoder);
        back::input_model(&self.chain, &andor).map_err(model_error)
    }

    /// Decodes the capture sequence `moves` on the board file `file` of target `name`
    /// (pieces of `kind`): the rook board itself (`map` is `None`) or its image `board`
    /// under `map`, whose moves are mapped back onto the rook board first.
    pub(super) fn decode_on(
        &self,
        file: &BoardFile,
        moves: &Path,
        (name, kind): (&'static str, PieceKind),
        board: &Board,
        map: Option<&SquareMap>,
    ) -> Result<Result<Decoded, OtherBoard>, ReduceError> {
        let mut decoding = RookDecoding {
            board,
            decoder: self.compiled.decoder(),
            map,
        };
        if let Some(refused) = decode_captures(file, moves, name, kind, &mut decoding)? {
            return Ok(refused);
        }
        Ok(Ok(Decoded::Model(self.model(&decoding.decoder)?)))
    }
}

impl Plan for RookPlan {
    fn extent(&self) -> (u32, u32) {
        (self.compiled.board.rows(), self.compiled.board.cols())
    }

    fn pieces(&self) -> u64 {
        self.compiled.board.len() as u64
    }

    fn stats(&self) -> String {
        self.compiled.stats.to_string()
    }

    fn write_board(&self, sink: &mut dyn BoardSink, _: &dyn Observer) -> Result<(), ReduceError> {
        write_pieces(&self.compiled.board, sink)
    }

    fn solve(&self) -> Result<Option<Assignment>, ReduceError> {
        self.solve_input()
    }

    fn certify(
        &self,
        model: &Assignment,
        sink: &mut dyn FnMut(Step) -> io::Result<()>,
        _: &dyn Observer,
    ) -> Result<u64, ReduceError> {
        captures::emit_captures(&self.moves(model)?, sink)
    }

    fn decode(
        &self,
        board: &BoardFile,
        moves: &Path,
    ) -> Result<Result<Decoded, OtherBoard>, ReduceError> {
        let target = ("rook", PieceKind::Rook);
        self.decode_on(board, moves, target, &self.compiled.board, None)
    }
}

/// A rook decoder following a sequence on `board` — the rook board, or its image under
/// `map` (a retargeted board), whose moves are mapped back first.
struct RookDecoding<'p> {
    board: &'p Board,
    decoder: RookDecoder,
    map: Option<&'p SquareMap>,
}

impl CaptureDecoding for RookDecoding<'_> {
    fn same_board(&self, replay: &Replay) -> Result<(), String> {
        captures::same_board(self.board, replay)
    }

    fn step(&mut self, mv: Move) {
        let mv = match self.map {
            // Legal moves join occupied squares, which the map covers.
            Some(map) => match (map.backward(mv.from), map.backward(mv.to)) {
                (Some(from), Some(to)) => Move::new(from, to),
                _ => return,
            },
            None => mv,
        };
        // A legal move starts on a piece, which the decoder follows.
        let _ = self.decoder.step(mv);
    }
}
