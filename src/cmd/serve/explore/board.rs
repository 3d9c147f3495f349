//! A loaded board as the server holds it: its pieces (with their labels), its gadgets
//! and variable values for the page's lists, and the position at the step last drawn.

use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;

use sat2chess::board::{PieceKind, Square};
use sat2chess::check::{Replay, ReplayBuilder};
use sat2chess::io::json::PieceRecord;
use sat2chess::render::{GadgetClass, PieceSource, RenderError};
use sat2chess::rules::{Move, Variant};
use serde::Serialize;

/// A board's pieces held for the views: 17 bytes a piece, each distinct label once.
#[derive(Default)]
pub(super) struct Pieces {
    pub(super) extent: (u32, u32),
    pub(super) squares: Vec<Square>,
    pub(super) kinds: Vec<PieceKind>,
    pub(super) budgets: Vec<u32>,
    /// Index into `names`; `u32::MAX`: no label.
    pub(super) labels: Vec<u32>,
    pub(super) names: Vec<String>,
}

impl Pieces {
    /// Adds the next piece; `index` finds the labels met before in `names`.
    pub(super) fn push(&mut self, piece: PieceRecord<'_>, index: &mut HashMap<String, u32>) {
        let label = match piece.label {
            None => u32::MAX,
            Some(label) => match index.get(label) {
                Some(&known) => known,
                None => {
                    let next = self.names.len() as u32;
                    self.names.push(label.to_owned());
                    index.insert(label.to_owned(), next);
                    next
                }
            },
        };
        self.squares.push(piece.square);
        self.kinds.push(piece.kind);
        self.budgets.push(piece.budget);
        self.labels.push(label);
    }

    pub(super) fn label(&self, piece: usize) -> Option<&str> {
        self.names
            .get(self.labels[piece] as usize)
            .map(String::as_str)
    }
}

impl PieceSource for Pieces {
    fn extent(&self) -> (u32, u32) {
        self.extent
    }

    fn read(&self, sink: &mut dyn FnMut(PieceRecord<'_>)) -> Result<(), RenderError> {
        for piece in 0..self.squares.len() {
            sink(PieceRecord {
                kind: self.kinds[piece],
                square: self.squares[piece],
                budget: self.budgets[piece],
                label: self.label(piece),
            });
        }
        Ok(())
    }

    fn replay(&self) -> Result<Replay, RenderError> {
        let mut builder = ReplayBuilder::default();
        for piece in 0..self.squares.len() {
            builder.push(self.kinds[piece], self.squares[piece], self.budgets[piece]);
        }
        let (rows, cols) = self.extent;
        Ok(builder
            .finish(rows, cols, Variant::Standard)
            .expect("the pieces were checked when the board was loaded"))
    }
}

/// A gadget of the board, for the page's list: the pieces whose labels name one gadget
/// kind and instance (`and#3`; the three parts of a crossing, `crossing-f#2`,
/// `crossing-g#2` and `crossing-h#2`, are one crossing).
#[derive(Clone, Serialize)]
pub(super) struct GadgetView {
    name: String,
    /// The colour family ([`GadgetClass::title`]).
    class: &'static str,
    /// The tint of the figures (`#rrggbb`).
    colour: String,
    top: u32,
    left: u32,
    bottom: u32,
    right: u32,
    pieces: usize,
}

/// The gadgets of `pieces`: every labelled instance, in the order of the gadget classes,
/// then by name and instance.
pub(super) fn gadgets(pieces: &Pieces) -> Vec<GadgetView> {
    let mut found: BTreeMap<(GadgetClass, String, u32), GadgetView> = BTreeMap::new();
    for piece in 0..pieces.squares.len() {
        let Some(head) = pieces
            .label(piece)
            .and_then(|l| l.split_whitespace().next())
        else {
            continue;
        };
        let Some((kind, instance)) = head.split_once('#') else {
            continue;
        };
        let Ok(instance) = instance.parse::<u32>() else {
            continue;
        };
        let class = GadgetClass::of(kind);
        let family = match class {
            GadgetClass::Crossing => "crossing",
            GadgetClass::Variable => "variable",
            _ => kind,
        };
        let Square { row, col } = pieces.squares[piece];
        found
            .entry((class, family.to_owned(), instance))
            .and_modify(|gadget| {
                gadget.top = gadget.top.min(row);
                gadget.bottom = gadget.bottom.max(row);
                gadget.left = gadget.left.min(col);
                gadget.right = gadget.right.max(col);
                gadget.pieces += 1;
            })
            .or_insert_with(|| GadgetView {
                name: format!("{family}#{instance}"),
                class: class.title(),
                colour: class.colour().to_string(),
                top: row,
                left: col,
                bottom: row,
                right: col,
                pieces: 1,
            });
    }
    found.into_values().collect()
}

/// A variable of the formula and the value the decoder reads for it.
#[derive(Clone, Serialize)]
pub(super) struct VariableView {
    pub(super) name: String,
    pub(super) value: bool,
    /// When the value is read: `start` (a constant of the transformation chain),
    /// `move` (at move `at`), `free` (no move decides it), `end` (the target reads its
    /// model off the whole sequence).
    pub(super) read: &'static str,
    pub(super) at: Option<u64>,
    /// The initial square of the piece whose first capture decides the value.
    pub(super) square: Option<[u32; 2]>,
}

/// A loaded board.
pub(super) struct Explored {
    pub(super) name: String,
    pub(super) pieces: Pieces,
    pub(super) moves: Vec<Move>,
    /// For each move, the pieces (indices in `pieces`) that move and are captured.
    pub(super) captures: Vec<(u32, u32)>,
    /// The position at the step last drawn.
    pub(super) cursor: Mutex<Cursor>,
    /// The checker's verdict on the moves (`VALID: …`, `INCOMPLETE: …`).
    pub(super) verdict: Option<String>,
    pub(super) target: Option<String>,
    pub(super) gadgets: Vec<GadgetView>,
    pub(super) variables: Vec<VariableView>,
    /// Why there are no variable values, if there are none.
    pub(super) note: Option<String>,
}

/// The pieces after some moves of the certificate: squares, budgets and which are left.
pub(super) struct Cursor {
    step: usize,
    pub(super) squares: Vec<Square>,
    pub(super) budgets: Vec<u32>,
    pub(super) left: Vec<bool>,
}

impl Cursor {
    pub(super) fn new(pieces: &Pieces) -> Cursor {
        Cursor {
            step: 0,
            squares: pieces.squares.clone(),
            budgets: pieces.budgets.clone(),
            left: vec![true; pieces.squares.len()],
        }
    }

    /// Plays or takes back moves until `step` moves are played.
    pub(super) fn seek(&mut self, step: usize, board: &Explored) {
        while self.step < step {
            let (mover, captured) = board.captures[self.step];
            self.squares[mover as usize] = board.moves[self.step].to;
            self.budgets[mover as usize] -= 1;
            self.left[captured as usize] = false;
            self.step += 1;
        }
        while self.step > step {
            self.step -= 1;
            let (mover, captured) = board.captures[self.step];
            self.squares[mover as usize] = board.moves[self.step].from;
            self.budgets[mover as usize] += 1;
            self.left[captured as usize] = true;
        }
    }
}
