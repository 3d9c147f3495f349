//! The tile targets, King (thesis ch. 5, Theorem 5.15) and Knight (ch. 6): the formula
//! goes through the transformation chain ([`crate::transform`]) to And-Or-(1,1)-SAT, is
//! laid out as a circuit of tiles ([`crate::layout`]), and every tile is stamped with a
//! design of verified gadgets ([`crate::back`]). One implementation serves every
//! [`Backend`]; the plan is the backend's [`back::Plan`], which never holds the board.

use std::io;
use std::path::Path;

use sat2chess_check::Replay;
use sat2chess_core::formula::{Assignment, Var};
use sat2chess_core::rules::Move;

use super::captures::{CaptureDecoding, decode_captures};
use super::{
    BoardFile, BoardSink, CertificateKind, Decoded, Input, Limits, Observer, Options, OtherBoard,
    Plan, Prepared, ReadAt, ReduceError, Reduction, Step, Trace, ValueRead,
};
use crate::back::king::King;
use crate::back::knight::Knight;
use crate::back::{self, Backend, Deciders, Signals};
use crate::layout::{self, BandOrder, order::Ordering};
use crate::transform::Chain;

/// A tile target: a backend under its name.
pub struct Tiles<B> {
    backend: B,
    name: &'static str,
    about: &'static str,
}

/// King 2-Solo Chess (thesis Theorem 5.15).
pub const KING: Tiles<King> = Tiles {
    backend: King,
    name: "king",
    about: "King 2-Solo Chess (thesis ch. 5): kings with budget 2",
};

/// Knight 2-Solo Chess (thesis ch. 6).
pub const KNIGHT: Tiles<Knight> = Tiles {
    backend: Knight,
    name: "knight",
    about: "Knight 2-Solo Chess (thesis ch. 6): knights with budgets up to 2",
};

/// The layout ordering an options set selects.
fn ordering(options: Options) -> Ordering {
    if options.naive {
        Ordering::Naive
    } else {
        Ordering::Optimised
    }
}

impl<B: Signals + Sync + 'static> Reduction for Tiles<B> {
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
        let chain = Chain::from_input(source, &BandOrder).map_err(ReduceError::input)?;
        let ordering = ordering(options);
        let tiles = layout::wire_tiles(chain.formula(), ordering).map_err(layout_error)?;
        Ok(Box::new(PreparedTiles {
            backend: self.backend.clone(),
            name: self.name,
            estimate: tiles.saturating_mul(B::PIECES_PER_WIRE_TILE),
            chain,
            ordering,
        }))
    }

    fn guesses(&self, options: Options) -> Vec<Options> {
        vec![
            Options {
                naive: false,
                ..options
            },
            Options {
                naive: true,
                ..options
            },
        ]
    }
}

fn layout_error(error: layout::LayoutError) -> ReduceError {
    if error.is_internal() {
        ReduceError::internal(error)
    } else {
        ReduceError::input(error)
    }
}

fn pipeline_error(error: back::PipelineError) -> ReduceError {
    if error.is_internal() {
        ReduceError::internal(error)
    } else {
        ReduceError::input(error)
    }
}

fn backend_error(error: back::BackendError) -> ReduceError {
    pipeline_error(error.into())
}

struct PreparedTiles<B> {
    backend: B,
    name: &'static str,
    estimate: u64,
    chain: Chain,
    ordering: Ordering,
}

impl<B: Signals + 'static> Prepared for PreparedTiles<B> {
    fn estimate(&self) -> u64 {
        self.estimate
    }

    fn plan(self: Box<Self>) -> Result<Box<dyn Plan>, ReduceError> {
        let plan = back::plan_formula(self.backend, self.chain.formula(), self.ordering)
            .map_err(pipeline_error)?;
        Ok(Box::new(TilePlan {
            name: self.name,
            plan,
            chain: self.chain,
        }))
    }
}

struct TilePlan<B: Signals> {
    name: &'static str,
    plan: back::Plan<B>,
    chain: Chain,
}

impl<B: Signals> Plan for TilePlan<B> {
    fn extent(&self) -> (u32, u32) {
        (self.plan.stats.rows, self.plan.stats.cols)
    }

    fn pieces(&self) -> u64 {
        self.plan.stats.pieces as u64
    }

    fn stats(&self) -> String {
        self.plan.stats.to_string()
    }

    fn check(&self, progress: &dyn Observer) -> Result<(), ReduceError> {
        progress.phase("checking", self.plan.tile_count() as u64);
        self.plan
            .check(|tiles| progress.at(tiles as u64))
            .map_err(backend_error)
    }

    fn write_board(
        &self,
        sink: &mut dyn BoardSink,
        progress: &dyn Observer,
    ) -> Result<(), ReduceError> {
        progress.phase("writing", self.plan.tile_count() as u64);
        let mut labeller = self.plan.labeller();
        for tile in 0..self.plan.tile_count() {
            self.plan
                .for_each_piece(tile, &mut labeller, |square, budget, label| {
                    sink.piece(B::PIECE, square, budget, Some(label))
                })?;
            progress.at(tile as u64 + 1);
        }
        Ok(())
    }

    fn solve(&self) -> Result<Option<Assignment>, ReduceError> {
        back::solve_input(&self.chain).map_err(|error| pipeline_error(error.into()))
    }

    fn certify(
        &self,
        model: &Assignment,
        sink: &mut dyn FnMut(Step) -> io::Result<()>,
        progress: &dyn Observer,
    ) -> Result<u64, ReduceError> {
        let forward =
            back::forward_model(&self.chain, model).map_err(|e| pipeline_error(e.into()))?;
        progress.phase("certifying", self.pieces());
        let mut steps = 0u64;
        let mut written = Ok(());
        self.plan
            .certify(&forward, |mv| {
                steps += 1;
                if steps % 65_536 == 0 {
                    progress.at(steps);
                }
                if written.is_ok() {
                    written = sink(Step::Capture(mv));
                }
            })
            .map_err(backend_error)?;
        written?;
        Ok(steps)
    }

    fn decode(
        &self,
        board: &BoardFile,
        moves: &Path,
    ) -> Result<Result<Decoded, OtherBoard>, ReduceError> {
        Ok(match self.follow(board, moves)? {
            Ok((model, _)) => Ok(Decoded::Model(model)),
            Err(answer) => answer,
        })
    }

    /// The values of the input formula's variables are read off the variable gadgets
    /// of the And-Or formula the board encodes: input variable `x` takes the value (or
    /// its negation) of the And-Or variable [`Chain::source`] names, which the first
    /// capture of its gadget's deciding piece decides ([`back::VariableRead`]).
    fn trace(
        &self,
        board: &BoardFile,
        moves: &Path,
    ) -> Result<Result<Trace, OtherBoard>, ReduceError> {
        let (model, deciders) = match self.follow(board, moves)? {
            Ok(followed) => followed,
            Err(answer) => return Ok(answer.map(Trace::at_end)),
        };
        let gadgets = self.plan.variable_reads(&deciders);
        let read = |x: u32| {
            // A variable without a gadget is false whatever the moves.
            let Some(read) = self.chain.source(Var(x)).and_then(|v| gadgets[v.index()]) else {
                return ValueRead {
                    at: ReadAt::Start,
                    square: None,
                };
            };
            ValueRead {
                at: read.at.map_or(ReadAt::Free, ReadAt::Move),
                square: Some(read.decider),
            }
        };
        Ok(Ok(Trace {
            reads: (0..model.len() as u32).map(read).collect(),
            decoded: Decoded::Model(model),
        }))
    }
}

impl<B: Signals> TilePlan<B> {
    /// Replays the certificate `moves` on `board`, following the variable gadgets'
    /// deciders: the model read off them and the deciders, or (`Err`) [`Plan::decode`]'s
    /// answer when `board` is not this plan's or the certificate does not solve it.
    #[allow(clippy::type_complexity)]
    fn follow(
        &self,
        board: &BoardFile,
        moves: &Path,
    ) -> Result<Result<(Assignment, Deciders), Result<Decoded, OtherBoard>>, ReduceError> {
        let mut decoding = TileDecoding {
            plan: &self.plan,
            deciders: self.plan.deciders(),
        };
        let piece = B::PIECE;
        if let Some(answer) = decode_captures(board, moves, self.name, piece, &mut decoding)? {
            return Ok(Err(answer));
        }
        let andor = self
            .plan
            .assignment(&decoding.deciders)
            .map_err(backend_error)?;
        let model =
            back::input_model(&self.chain, &andor).map_err(|error| pipeline_error(error.into()))?;
        Ok(Ok((model, decoding.deciders)))
    }
}

/// The variable gadgets' deciders followed through a sequence.
struct TileDecoding<'p, B: Backend> {
    plan: &'p back::Plan<B>,
    deciders: Deciders,
}

impl<B: Backend> CaptureDecoding for TileDecoding<'_, B> {
    fn same_board(&self, replay: &Replay) -> Result<(), String> {
        let stats = &self.plan.stats;
        super::captures::same_size(replay, (stats.rows, stats.cols), stats.pieces as u64)?;
        if self.plan.same_pieces(replay) {
            Ok(())
        } else {
            Err("its pieces differ from the compiled board's".into())
        }
    }

    fn step(&mut self, mv: Move) {
        self.deciders.step(mv);
    }
}
