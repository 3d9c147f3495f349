//! The Rook 2-Solo Chess backend (thesis ch. 7, Theorem 7.16): an And-Or-(1,1)-SAT
//! formula becomes a board of 2-rooks that can be reduced to one rook iff the formula is
//! satisfiable.
//!
//! Not a [`crate::back::Backend`]: that family is tile-based (wires carry signals
//! between tiles), while a rook sees along whole lines, so the rook reduction has no
//! wires at all. A literal is a *logic square* (§7.1.2) — a 2-rook for True, empty for
//! False — that is a variable gadget's output and, in the same row, a clause gadget's
//! input; each clause is checked on its own (left Or or And, then a right Or); the
//! *shell* (tomb + conveyor belt, §7.1.1) collects what is left. Hence its own layout
//! ([`crate::gadgets::lines`]): gadgets on lines, aligned only where the construction wants it, instead
//! of the tile grid of [`crate::layout`] — the And-Or embedding is not needed because
//! rook lines cross without touching.
//!
//! | file | what |
//! |---|---|
//! | `gadgets/lines.rs` | (shared with the rook verifier) gadgets on lines, line keys → coordinates, the empty-ray check |
//! | `certify.rs` | the §7.6 solving sequence (local sequences by exhaustive search, shell cleanup) |
//! | `mod.rs` | compiling a formula, statistics, decoding (Theorem 7.16's proof) |
//!
//! Board (coordinates as [`Frame`] `COMPILED`): the tomb on rows/columns 1–3, the belt
//! row 3 and column 3 holding every capture destination, gadget lines from 4 on, the
//! cleanup rooks after the last gadget line of each belt line.

mod certify;

use std::collections::BTreeMap;

use thiserror::Error;

use crate::back::{ChainModelError, andor_model, input_model};
use crate::gadgets::{self, Gadget, GadgetError};
use crate::transform::Chain;
use crate::verify::rook_search::SearchError;
use sat2chess_core::board::{Board, BoardError, Piece, PieceKind, Square};
use sat2chess_core::formula::{AndOrClause, AndOrFormula, Assignment, Lit};
use sat2chess_core::label::GadgetLabel;
use sat2chess_core::rules::Move;

use crate::gadgets::lines::{Frame, Instance, Line, Placed, Role, Sketch};

/// The compiled board's frame: belt row and column 3 (the tomb's third line, Fig. 7.2),
/// gadget lines from 4 on.
pub(crate) const COMPILED: Frame = Frame {
    belt_row: 3,
    belt_col: 3,
    first: 4,
};

/// The tomb (Fig. 7.2): an antenna of length 3 ending on (2,2), the final square, and
/// the belt's corner (3,3).
pub(crate) const TOMB: [Square; 5] = [
    Square::new(1, 1),
    Square::new(1, 2),
    Square::new(2, 2),
    Square::new(2, 3),
    Square::new(3, 3),
];

/// Why a Rook board could not be compiled, certified or decoded.
#[derive(Debug, Error)]
pub enum RookError {
    #[error("rook gadget library")]
    Library(#[from] GadgetError),
    #[error("the rook gadget library has no gadget `{0}`")]
    MissingGadget(String),
    #[error("the layout leaves a gadget's empty ray occupied: {0}")]
    EmptyRay(String),
    #[error("board construction")]
    Board(#[from] BoardError),
    #[error("certificate: no local capture sequence for {gadget} (inputs {inputs})")]
    NoLocalSequence { gadget: String, inputs: String },
    #[error("certificate: local search for {gadget}")]
    Search {
        gadget: String,
        #[source]
        error: SearchError,
    },
    #[error("certificate: the assignment leaves clause {0} false")]
    ClauseFalse(usize),
    #[error("certificate rejected by the checker: {0}")]
    Rejected(String),
    #[error(transparent)]
    Model(#[from] ChainModelError),
    #[error("decode: move #{index} starts on {from}, where no piece stands")]
    EmptySquare { index: usize, from: Square },
}

impl RookError {
    /// Whether this is the program's fault rather than the input's: all but an
    /// assignment to certify that leaves a clause false, and the model errors that are
    /// the input's.
    pub fn is_internal(&self) -> bool {
        match self {
            RookError::ClauseFalse(_) => false,
            RookError::Model(error) => error.is_internal(),
            _ => true,
        }
    }
}

/// The four SAT gadgets of the reduction (thesis §7.2–7.5).
#[derive(Clone, Debug)]
pub(crate) struct RookLibrary {
    pub variable: Gadget,
    pub(crate) left_or: Gadget,
    pub and: Gadget,
    pub(crate) right_or: Gadget,
}

impl RookLibrary {
    /// The gadgets of `gadgets/rook/`.
    pub fn load() -> Result<RookLibrary, RookError> {
        let library = gadgets::rook_library()?;
        let get = |name: &str| {
            library
                .iter()
                .find(|g| g.name == name)
                .cloned()
                .ok_or_else(|| RookError::MissingGadget(name.to_owned()))
        };
        Ok(RookLibrary {
            variable: get("variable")?,
            left_or: get("left_or")?,
            and: get("and")?,
            right_or: get("right_or")?,
        })
    }
}

/// A placed variable gadget.
#[derive(Clone, Debug)]
struct VariableGadget {
    instance: usize,
    /// The output port holding the positive literal (`X`, the upper one, or `Y`).
    positive: char,
}

/// A placed clause: an optional first gate (left Or or And) and the right Or.
#[derive(Clone, Debug)]
struct ClauseGadgets {
    /// The first gate and the literals on its inputs `a`, `b`.
    first: Option<(usize, [Lit; 2])>,
    right_or: usize,
    /// The literals on the right Or's inputs `a`, `b` (`None`: fed by the first gate or,
    /// for a clause of one literal, never filled).
    right_inputs: [Option<Lit>; 2],
}

/// Sizes of a compiled board (`compile --stats`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RookStats {
    pub rooks: usize,
    pub rows: u32,
    pub cols: u32,
    /// Placed SAT gadgets per kind.
    pub gadgets: BTreeMap<String, usize>,
    /// Capture destinations on the belt (row 3 + column 3).
    pub(crate) destinations: usize,
    pub(crate) cleanup_rooks: usize,
    /// Literal occurrences of the formula.
    pub occurrences: usize,
}

impl std::fmt::Display for RookStats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "{} rooks, {} rows × {} cols, {} capture destinations, {} cleanup rooks, {:.1} rooks per literal occurrence",
            self.rooks,
            self.rows,
            self.cols,
            self.destinations,
            self.cleanup_rooks,
            self.rooks as f64 / self.occurrences.max(1) as f64
        )?;
        for (kind, count) in &self.gadgets {
            writeln!(f, "  {kind}: {count}")?;
        }
        Ok(())
    }
}

/// A Rook board with the gadget structure behind it.
pub struct CompiledRook {
    pub board: Board,
    pub stats: RookStats,
    library: RookLibrary,
    sketch: Sketch,
    placed: Placed,
    variables: Vec<VariableGadget>,
    clauses: Vec<ClauseGadgets>,
}

/// The column of variable `var`'s outputs (local column 2 of `variable.txt`).
fn variable_base(var: usize) -> [u32; 3] {
    [1, var as u32, 0]
}

/// The lines of clause `clause`'s gate `gate` (0: first gate, 1: right Or).
fn clause_base(clause: usize, gate: u32) -> [u32; 3] {
    [2, clause as u32, gate]
}

/// Compiles an And-Or-(1,1)-SAT formula (thesis §7.6).
pub fn compile_formula(formula: &AndOrFormula) -> Result<CompiledRook, RookError> {
    let library = RookLibrary::load()?;
    let mut sketch = Sketch::default();
    let output_col = |lit: Lit| {
        let base = variable_base(lit.var.index());
        Line::At([base[0], base[1], base[2], 2, 0])
    };
    // The row of each literal: the input row of the gate that reads it.
    let mut literal_rows: BTreeMap<Lit, Line> = BTreeMap::new();
    let mut feed = |instance: &mut Instance, port: char, lit: Lit| {
        let (row, _) = instance.lines(instance.port_square(port));
        instance.feed(port, row, output_col(lit));
        literal_rows.insert(lit, row);
    };
    let mut clauses = Vec::new();
    for (index, clause) in formula.clauses.iter().enumerate() {
        let (first_gate, a, b, last): (Option<&Gadget>, Lit, Option<Lit>, Option<Lit>) =
            match clause {
                AndOrClause::Or(lits) => match lits[..] {
                    [a] => (None, a, None, None),
                    [a, b] => (None, a, Some(b), None),
                    [a, b, c] => (Some(&library.left_or), a, Some(b), Some(c)),
                    _ => unreachable!("And-Or clauses have 1 to 3 literals (checked)"),
                },
                AndOrClause::AndOr { and, or } => {
                    (Some(&library.and), and[0], Some(and[1]), Some(*or))
                }
            };
        let mut right = Instance::new(
            &library.right_or,
            clause_base(index, 1),
            clause_base(index, 1),
        );
        let gadgets = match (first_gate, b) {
            (Some(gate), Some(b)) => {
                let mut first = Instance::new(gate, clause_base(index, 0), clause_base(index, 0));
                feed(&mut first, 'a', a);
                feed(&mut first, 'b', b);
                let (row, col) = first.lines(first.port_square('X'));
                right.feed('a', row, col);
                let c = last.expect("a gate clause has a third literal");
                feed(&mut right, 'b', c);
                let first = sketch.add(first);
                ClauseGadgets {
                    first: Some((first, [a, b])),
                    right_or: 0,
                    right_inputs: [None, Some(c)],
                }
            }
            _ => {
                feed(&mut right, 'a', a);
                if let Some(b) = b {
                    feed(&mut right, 'b', b);
                }
                ClauseGadgets {
                    first: None,
                    right_or: 0,
                    right_inputs: [Some(a), b],
                }
            }
        };
        let right_or = sketch.add(right);
        clauses.push(ClauseGadgets {
            right_or,
            ..gadgets
        });
    }
    let mut variables = Vec::new();
    for var in 0..formula.num_vars() {
        let lit = |positive| Lit::new(sat2chess_core::formula::Var(var as u32), positive);
        let row = |positive| literal_rows.get(&lit(positive)).copied();
        let (Some(Line::At(pos)), Some(Line::At(neg))) = (row(true), row(false)) else {
            unreachable!("every literal occurs exactly once (checked)");
        };
        let (top, bottom, positive) = if pos < neg {
            (pos, neg, 'X')
        } else {
            (neg, pos, 'Y')
        };
        let mut instance = Instance::new(&library.variable, variable_base(var), variable_base(var));
        let sub = |k: u32| Line::At([top[0], top[1], top[2], top[3], k]);
        let local_row = |port: char| library.variable.port(port).map(|p| p.squares[0].row);
        let (x_row, y_row) = (local_row('X').unwrap_or(2), local_row('Y').unwrap_or(7));
        // Local rows between the outputs (the triangle's), in order, just below X.
        for (k, r) in (x_row + 1..y_row).enumerate() {
            instance.rows[r as usize - 1] = sub(k as u32 + 1);
        }
        instance.rows[x_row as usize - 1] = Line::At(top);
        instance.rows[y_row as usize - 1] = Line::At(bottom);
        variables.push(VariableGadget {
            instance: sketch.add(instance),
            positive,
        });
    }
    // The conveyor belt's cleanup rooks: one more than the destinations of each line.
    let pieces = sketch.pieces();
    let on_row = pieces.iter().filter(|p| p.0 == Line::Belt).count();
    let on_col = pieces.iter().filter(|p| p.1 == Line::Belt).count();
    for i in 0..=on_row as u32 {
        sketch
            .extras
            .push((Line::Belt, Line::At([9, i, 0, 0, 0]), 2, Role::Cleanup));
    }
    for i in 0..=on_col as u32 {
        sketch
            .extras
            .push((Line::At([9, i, 0, 0, 0]), Line::Belt, 2, Role::Cleanup));
    }
    let placed = sketch.place(COMPILED);
    sketch
        .check_empty_rays(&placed)
        .map_err(RookError::EmptyRay)?;
    let board = build_board(&sketch, &placed)?;
    let mut gadget_counts = BTreeMap::new();
    for instance in &sketch.instances {
        *gadget_counts
            .entry(instance.gadget.name.clone())
            .or_insert(0) += 1;
    }
    let stats = RookStats {
        rooks: board.len(),
        rows: board.rows(),
        cols: board.cols(),
        gadgets: gadget_counts,
        destinations: on_row + on_col,
        cleanup_rooks: on_row + on_col + 2,
        occurrences: formula.size().occurrences,
    };
    Ok(CompiledRook {
        board,
        stats,
        library,
        sketch,
        placed,
        variables,
        clauses,
    })
}

/// The board of a placed sketch plus the tomb, every piece labelled with its gadget.
fn build_board(sketch: &Sketch, placed: &Placed) -> Result<Board, RookError> {
    let mut pieces: Vec<Piece> = TOMB
        .iter()
        .map(|&square| Piece {
            label: Some(GadgetLabel::new("tomb").to_string()),
            ..Piece::new(PieceKind::Rook, square, 2)
        })
        .collect();
    // The rays that must stay empty, by the lines of their gadget square (for figures).
    let mut empty = std::collections::HashMap::new();
    for instance in &sketch.instances {
        for &(local, _) in &instance.gadget.keep_empty {
            if let Some(token) = instance.gadget.empty_token(local) {
                empty.insert(instance.lines(local), token);
            }
        }
    }
    for (row, col, budget, role) in sketch.pieces() {
        let name = match role {
            Role::Gadget { instance } => sketch.instances[instance].gadget.name.as_str(),
            Role::Input => "input",
            Role::Tomb => "tomb",
            Role::Cleanup => "conveyor_belt",
        };
        let mut label = GadgetLabel::new(name).to_string();
        if let (Role::Gadget { .. }, Some(token)) = (role, empty.get(&(row, col))) {
            label = format!("{label} {token}");
        }
        pieces.push(Piece {
            label: Some(label),
            ..Piece::new(PieceKind::Rook, placed.square(row, col), budget)
        });
    }
    Ok(Board::fitted(pieces)?)
}

impl CompiledRook {
    /// The board square of a local square of placed gadget `instance`.
    fn square(&self, instance: usize, local: Square) -> Square {
        let (row, col) = self.sketch.instances[instance].lines(local);
        self.placed.square(row, col)
    }

    /// The satisfying assignment read off a solving sequence (thesis Theorem 7.16,
    /// "chess ⇒ SAT"): a literal is True iff the rook on its output square makes its
    /// first capture to the right, as a 2-rook (it then fed the next gadget); a
    /// variable with neither literal True is set True. The caller checks the sequence.
    pub fn decode(&self, moves: &[Move]) -> Result<Assignment, RookError> {
        let mut decoder = self.decoder();
        for (index, &mv) in moves.iter().enumerate() {
            decoder
                .step(mv)
                .map_err(|from| RookError::EmptySquare { index, from })?;
        }
        Ok(self.assignment(&decoder))
    }

    /// A decoder following every piece of the board through a sequence, move by move
    /// ([`CompiledRook::assignment`] reads the model off it).
    pub(crate) fn decoder(&self) -> RookDecoder {
        RookDecoder {
            at: self
                .board
                .pieces()
                .iter()
                .map(|p| (p.square, p.square))
                .collect(),
            first_move: BTreeMap::new(),
        }
    }

    /// The assignment [`CompiledRook::decode`] reads off a decoder that followed a whole
    /// solving sequence.
    pub fn assignment(&self, decoder: &RookDecoder) -> Assignment {
        let mut assignment = Assignment::all_false(self.variables.len());
        for (var, gadget) in self.variables.iter().enumerate() {
            let fed_right = |port: char| {
                let local = self.sketch.instances[gadget.instance].port_square(port);
                let square = self.square(gadget.instance, local);
                decoder
                    .first_move
                    .get(&square)
                    .is_some_and(|mv| mv.to.row == mv.from.row && mv.to.col > mv.from.col)
            };
            let negative = if gadget.positive == 'X' { 'Y' } else { 'X' };
            let value = fed_right(gadget.positive) || !fed_right(negative);
            assignment.set(sat2chess_core::formula::Var(var as u32), value);
        }
        assignment
    }
}

/// Every piece of a rook board followed through a sequence: where each stands now and
/// the first move each made.
pub struct RookDecoder {
    /// The initial square of the piece on each occupied square.
    at: BTreeMap<Square, Square>,
    /// Each moved piece's first move, by initial square.
    first_move: BTreeMap<Square, Move>,
}

impl RookDecoder {
    /// Follows the next move; `Err`: its origin holds no piece.
    pub fn step(&mut self, mv: Move) -> Result<(), Square> {
        let origin = self.at.remove(&mv.from).ok_or(mv.from)?;
        self.at.insert(mv.to, origin);
        self.first_move.entry(origin).or_insert(mv);
        Ok(())
    }
}

/// An upper bound on the rooks of the board of a formula with `variables` variables and
/// `clauses` clauses (7 per variable, at most 26 per clause with its destinations and
/// cleanup rooks, the tomb), for `--max-pieces` before compiling.
pub(crate) fn rook_estimate(variables: usize, clauses: usize) -> u64 {
    (7 * variables as u64 + 26 * clauses as u64).saturating_add(8)
}

/// Solves the chain's input with the SAT solver and, if it is satisfiable, builds the
/// board's solving sequence for the model mapped forward (`None`: unsatisfiable).
pub fn certify_input(
    chain: &Chain,
    compiled: &CompiledRook,
) -> Result<Option<Vec<Move>>, RookError> {
    match andor_model(chain)? {
        None => Ok(None),
        Some(forward) => Ok(Some(compiled.certify(&forward)?)),
    }
}

/// A model of the chain's input read off a (checked) solving sequence of `compiled`.
pub fn decode_input(
    chain: &Chain,
    compiled: &CompiledRook,
    moves: &[Move],
) -> Result<Assignment, RookError> {
    Ok(input_model(chain, &compiled.decode(moves)?)?)
}
