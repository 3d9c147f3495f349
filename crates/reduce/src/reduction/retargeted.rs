//! Queen and bishop targets as a combinator over the rook target: the rook board is
//! retargeted square by square ([`crate::retarget`]: rows and columns spread for queens,
//! Brunner et al. Cor. 3.4; the board turned by 45° for bishops, Cor. 3.5), the rook
//! certificate is mapped forward onto the new board, and a certificate of the new board
//! is mapped back onto the rook board to decode.

use std::io;
use std::path::Path;

use sat2chess_core::formula::Assignment;

use super::captures::emit_captures;
use super::rbds_rook::{PreparedRbdsRook, RbdsPiece};
use super::rooks::{PreparedRooks, RookPlan};
use super::sinks::write_pieces;
use super::{
    BoardFile, BoardSink, CertificateKind, Decoded, Input, Limits, Observer, Options, OtherBoard,
    Plan, Prepared, ReduceError, Reduction, Step,
};
use crate::retarget::{self, Target};

/// The rook target retargeted to another piece.
pub struct Retargeted {
    target: Target,
    name: &'static str,
    about: &'static str,
}

/// Queen 2-Solo Chess: the rook board with rows and columns spread (Cor. 3.4).
pub const QUEEN: Retargeted = Retargeted {
    target: Target::Queen,
    name: "queen",
    about: "Queen 2-Solo Chess: the rook board with rows and columns spread (Brunner et al. Cor. 3.4)",
};

/// Bishop 2-Solo Chess: the rook board turned by 45° (Cor. 3.5).
pub const BISHOP: Retargeted = Retargeted {
    target: Target::Bishop,
    name: "bishop",
    about: "Bishop 2-Solo Chess: the rook board turned by 45 degrees (Brunner et al. Cor. 3.5)",
};

impl Reduction for Retargeted {
    fn name(&self) -> &'static str {
        self.name
    }

    fn about(&self) -> &'static str {
        self.about
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
            // Theorem 3: the Theorem 2 board with its columns spread (queens only).
            return match self.target {
                Target::Queen => Ok(Box::new(PreparedRbdsRook::new(source, RbdsPiece::Queen)?)),
                Target::Bishop => Err(ReduceError::input(NoBishopViaRbds)),
            };
        }
        Ok(Box::new(PreparedRetargeted {
            rooks: PreparedRooks::new(source)?,
            target: self.target,
            name: self.name,
        }))
    }
}

/// `--via rbds` asked of the bishop target.
#[derive(Debug, thiserror::Error)]
#[error("--via rbds builds rook and queen boards, not bishop boards")]
struct NoBishopViaRbds;

struct PreparedRetargeted {
    rooks: PreparedRooks,
    target: Target,
    name: &'static str,
}

impl Prepared for PreparedRetargeted {
    fn estimate(&self) -> u64 {
        self.rooks.estimate()
    }

    fn holds_board(&self) -> bool {
        true
    }

    fn plan(self: Box<Self>) -> Result<Box<dyn Plan>, ReduceError> {
        let rooks = self.rooks.compile()?;
        let retargeted = retarget::retarget(&rooks.compiled.board, self.target).map_err(
            |error| match error {
                retarget::RetargetError::TooLarge { .. } => ReduceError::input(error),
                _ => ReduceError::internal(error),
            },
        )?;
        Ok(Box::new(RetargetedPlan {
            target: self.target,
            rooks,
            retargeted,
            name: self.name,
        }))
    }
}

struct RetargetedPlan {
    target: Target,
    rooks: RookPlan,
    retargeted: retarget::Retargeted,
    name: &'static str,
}

impl Plan for RetargetedPlan {
    fn extent(&self) -> (u32, u32) {
        (self.retargeted.board.rows(), self.retargeted.board.cols())
    }

    fn pieces(&self) -> u64 {
        self.retargeted.board.len() as u64
    }

    fn stats(&self) -> String {
        let result = self.retargeted.stats.result;
        format!(
            "{}transformed: {result} on {} squares\n",
            self.rooks.stats(),
            result.area()
        )
    }

    fn write_board(&self, sink: &mut dyn BoardSink, _: &dyn Observer) -> Result<(), ReduceError> {
        write_pieces(&self.retargeted.board, sink)
    }

    fn solve(&self) -> Result<Option<Assignment>, ReduceError> {
        self.rooks.solve_input()
    }

    fn certify(
        &self,
        model: &Assignment,
        sink: &mut dyn FnMut(Step) -> io::Result<()>,
        _: &dyn Observer,
    ) -> Result<u64, ReduceError> {
        let moves = self.rooks.moves(model)?;
        let mapped = self
            .retargeted
            .map
            .moves_forward(&moves)
            .map_err(ReduceError::internal)?;
        emit_captures(&mapped, sink)
    }

    fn decode(
        &self,
        board: &BoardFile,
        moves: &Path,
    ) -> Result<Result<Decoded, OtherBoard>, ReduceError> {
        let target = (self.name, self.target.kind());
        let retargeted = &self.retargeted;
        (self.rooks).decode_on(
            board,
            moves,
            target,
            &retargeted.board,
            Some(&retargeted.map),
        )
    }
}
