//! The n-Queens target: the Gent–Jefferson–Nightingale chain ([`crate::chain`]) behind
//! the reduction interface of `sat2chess-reduce`. The board is an `n × n` square whose
//! pieces are the pre-placed queens (budget 0), streamed one by one from the chain's
//! [`Embedding`](crate::completion::Embedding) description, so a board of 75 million
//! queens is written in the memory of the chain; the certificate is a placement (the
//! added queens), the decoder its backward map.

use std::io;
use std::path::Path;

use sat2chess_check::io::{self as files, BoardFormat, InputError};
use sat2chess_core::board::{PieceKind, Square};
use sat2chess_core::formula::{Assignment, Cnf};
use sat2chess_reduce::reduction::{
    BoardFile, BoardSink, CertificateKind, Decoded, Input, Limits, Observer, Options, OtherBoard,
    Plan, Prepared, ReduceError, Reduction, Step,
};

use crate::board::{parse_placement, queen, square};
use crate::chain::{Chain, ChainError};
use crate::check::{CompletionCheck, Violation};
use crate::onein3::OneInThree;
use crate::{Queen, canonical};

/// n-Queens Completion (Gent–Jefferson–Nightingale).
pub struct NQueens;

/// The n-Queens target.
pub const NQUEENS: NQueens = NQueens;

/// The formula as the chain reads it: a CNF (And-Or formulas through their CNF over the
/// same variables), or with `onein3` a 1-in-3 instance.
#[derive(Clone, Debug)]
pub enum Source {
    Cnf(Cnf),
    OneInThree(OneInThree),
}

impl Source {
    /// The formula read as `options` say.
    pub fn new(input: &Input, onein3: bool) -> Result<Source, ReduceError> {
        let cnf = match input {
            Input::Cnf(cnf) => cnf.clone(),
            Input::AndOr(formula) if !onein3 => formula.to_cnf(),
            Input::AndOr(_) => return Err(ReduceError::input(OneInThreeInput)),
            Input::Rbds(_) => {
                return Err(ReduceError::input(
                    sat2chess_reduce::transform::TransformError::RbdsInput,
                ));
            }
        };
        Ok(if onein3 {
            Source::OneInThree(OneInThree::from_dimacs(&cnf).map_err(ReduceError::input)?)
        } else {
            Source::Cnf(cnf)
        })
    }

    /// The chain to the board, refused above `max_side`.
    pub fn chain(&self, max_side: i64) -> Result<Chain, ChainError> {
        match self {
            Source::Cnf(cnf) => Chain::from_cnf(cnf, max_side),
            Source::OneInThree(instance) => Chain::from_onein3(instance, max_side),
        }
    }

    /// True when `values` solves the input (a CNF model, or a 1-in-3 solution).
    pub(crate) fn is_solved_by(&self, values: &[bool]) -> bool {
        match self {
            Source::Cnf(cnf) => {
                values.len() == cnf.num_vars as usize
                    && cnf.is_satisfied_by(&Assignment(values.to_vec()))
            }
            Source::OneInThree(instance) => instance.is_solution(values),
        }
    }
}

/// And-Or input read as 1-in-3 clauses.
#[derive(Debug, thiserror::Error)]
#[error("1-in-3 clauses are read from DIMACS files only")]
struct OneInThreeInput;

impl Reduction for NQueens {
    fn name(&self) -> &'static str {
        "nqueens"
    }

    fn about(&self) -> &'static str {
        "n-Queens Completion (Gent–Jefferson–Nightingale): pre-placed queens; the certificate places the rest"
    }

    fn certificate(&self) -> CertificateKind {
        CertificateKind::Placement
    }

    fn prepare(
        &self,
        source: &Input,
        options: Options,
        limits: &Limits,
    ) -> Result<Box<dyn Prepared>, ReduceError> {
        let source = Source::new(source, options.onein3)?;
        let chain = source.chain(limits.max_side).map_err(ReduceError::input)?;
        Ok(Box::new(QueensPlan { source, chain }))
    }
}

/// The chain of a formula: it is the plan, too (the board is its last stage's
/// description).
struct QueensPlan {
    source: Source,
    chain: Chain,
}

impl Prepared for QueensPlan {
    fn estimate(&self) -> u64 {
        self.chain.embedding.preplaced_count() as u64
    }

    fn plan(self: Box<Self>) -> Result<Box<dyn Plan>, ReduceError> {
        Ok(self)
    }
}

impl QueensPlan {
    fn side(&self) -> i64 {
        self.chain.embedding.n
    }
}

impl Plan for QueensPlan {
    fn extent(&self) -> (u32, u32) {
        let n = self.side() as u32;
        (n, n)
    }

    fn pieces(&self) -> u64 {
        self.chain.embedding.preplaced_count() as u64
    }

    fn stats(&self) -> String {
        self.chain.stats().to_string()
    }

    fn write_board(
        &self,
        sink: &mut dyn BoardSink,
        progress: &dyn Observer,
    ) -> Result<(), ReduceError> {
        let n = self.side();
        progress.phase("writing", n as u64);
        for (index, q) in self.chain.embedding.preplaced_in_order().enumerate() {
            sink.piece(PieceKind::Queen, square(n, q), 0, None)?;
            if index % 1_000_000 == 0 {
                progress.at(q.col as u64);
            }
        }
        Ok(())
    }

    fn solve(&self) -> Result<Option<Assignment>, ReduceError> {
        let values = match &self.source {
            Source::Cnf(cnf) => sat2chess_solve::sat::solve_cnf(cnf)
                .map_err(ReduceError::internal)?
                .map(|model| model.0),
            Source::OneInThree(instance) => instance
                .enumerate(1)
                .map_err(ReduceError::internal)?
                .0
                .pop(),
        };
        Ok(values.map(Assignment))
    }

    fn certify(
        &self,
        model: &Assignment,
        sink: &mut dyn FnMut(Step) -> io::Result<()>,
        _: &dyn Observer,
    ) -> Result<u64, ReduceError> {
        if !self.source.is_solved_by(&model.0) {
            return Err(ReduceError::input(NotASolution));
        }
        let added = match &self.chain.encoding {
            Some(encoding) => self.chain.forward(&encoding.forward(model)),
            None => self.chain.forward(&model.0),
        };
        self.admits(&added).map_err(ReduceError::internal)?;
        let n = self.side();
        let mut squares: Vec<Square> = added.iter().map(|&q| square(n, q)).collect();
        squares.sort_unstable();
        for &square in &squares {
            sink(Step::Place(square))?;
        }
        Ok(squares.len() as u64)
    }

    fn decode(
        &self,
        board: &BoardFile,
        placement: &Path,
    ) -> Result<Result<Decoded, OtherBoard>, ReduceError> {
        let n = self.side();
        let mut check = CompletionCheck::new(n);
        let mut count = 0u64;
        let mut first: Option<Result<(), String>> = None;
        let mut visit = |kind: PieceKind, at: Square, budget: u32| {
            count += 1;
            if first.is_some() {
                return;
            }
            let q = queen(n, at);
            if kind != PieceKind::Queen || budget != 0 {
                first = Some(Err(format!(
                    "it has a {kind} with budget {budget} on {at}, but n-Queens boards \
                     hold only queens with budget 0"
                )));
            } else if !self.chain.embedding.is_preplaced(q) {
                first = Some(Err(format!(
                    "it has a queen on {at}, the compiled board not"
                )));
            } else if let Err(violation) = check.add(q) {
                first = Some(Err(format!(
                    "its pre-placed queens attack: {}",
                    violation.on_board(n)
                )));
            }
        };
        let (rows, cols) = read_board(board, &mut visit)?;
        if let Some(Err(reason)) = first {
            return Ok(Err(OtherBoard(reason)));
        }
        if (rows, cols) != (n as u32, n as u32) || count != self.pieces() {
            return Ok(Err(OtherBoard(format!(
                "it is {rows}x{cols} with {count} queens, the compiled board {n}x{n} with {}",
                self.pieces()
            ))));
        }
        let text = files::read_text(placement)?;
        let squares = parse_placement(&text).map_err(|error| InputError::Format {
            path: files::display_path(placement),
            error,
        })?;
        let added: Vec<Queen> = squares.iter().map(|&s| queen(n, s)).collect();
        let checked = added
            .iter()
            .try_for_each(|&q| check.add(q))
            .and_then(|()| check.finish());
        if let Err(violation) = checked {
            return Ok(Ok(Decoded::Refused {
                report: format!("INVALID: {}", violation.on_board(n)),
                malformed: matches!(violation, Violation::Outside(..)),
            }));
        }
        let values = self.chain.decode(&canonical(added));
        if !self.source.is_solved_by(&values) {
            return Err(ReduceError::internal(NotASolution));
        }
        Ok(Ok(Decoded::Model(Assignment(values))))
    }
}

impl QueensPlan {
    /// Whether `added` completes the board, checked against the chain's description of
    /// the pre-placed queens (the board is never written out): each added queen on a
    /// free line and the count right.
    fn admits(&self, added: &[Queen]) -> Result<(), Violation> {
        let mut check = CompletionCheck::new(self.side());
        for &q in added {
            check.add(q)?;
        }
        if let Some(q) = self.chain.embedding.first_attacked(added) {
            return Err(Violation::AttackedByPreplaced(q));
        }
        if added.len() != self.chain.embedding.missing() {
            return Err(Violation::WrongCount {
                n: self.side(),
                got: added.len() + self.chain.embedding.preplaced_count(),
            });
        }
        Ok(())
    }
}

/// A model handed in or read off that does not solve the formula.
#[derive(Debug, thiserror::Error)]
#[error("the assignment does not solve the formula")]
struct NotASolution;

/// Streams the pieces of a board file to `visit`; returns its extent.
fn read_board(
    board: &BoardFile,
    visit: &mut dyn FnMut(PieceKind, Square, u32),
) -> Result<(u32, u32), ReduceError> {
    let format = files::board_format(&board.path, board.format)?;
    if format == BoardFormat::Json {
        let header = files::json::stream_board(files::open_text(&board.path)?, &mut |piece| {
            visit(piece.kind, piece.square, piece.budget)
        })
        .map_err(|error| InputError::Format {
            path: files::display_path(&board.path),
            error,
        })?;
        return Ok((header.rows, header.cols));
    }
    let read = files::read_board(&board.path, board.format)?;
    for piece in read.pieces() {
        visit(piece.kind, piece.square, piece.budget);
    }
    Ok((read.rows(), read.cols()))
}
