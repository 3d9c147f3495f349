//! Figures of boards, gadgets and capture sequences: SVG ([`svg`]), TikZ ([`tikz`]) and a
//! self-contained animated HTML page ([`html`]), all drawn from one [`Scene`].
//!
//! Drawing conventions (also in the README):
//! - Squares are chequered; square (1,1) is light; coordinates are `(row, col)` with row 1 at
//!   the top, labelled on the top and left margins (every 1, 2, 5, 10, … squares on large views).
//! - Pieces are our own vector glyphs ([`glyph`]). **Budget**: every piece shows its budget as
//!   a numeral in a white disc at the bottom right of its square, and a piece with budget 0 is
//!   drawn filled black (the chess.com convention); budget ≥ 1 pieces are white.
//! - **Gadgets** (`--gadgets`, from the pieces' labels, see [`sat2chess_core::label`]): the squares of a
//!   gadget's pieces are tinted by gadget kind ([`GadgetClass`]): variable green, Or pink,
//!   And red, crossing purple, double assignment teal, 1-test sky blue, wires and every
//!   other kind neutral grey. Port squares get a dark blue frame marked `in`/`out`, the final
//!   square a thick orange frame with a star. Pieces labelled `flow=D` get a grey direction
//!   arrow per connected group of squares with the same gadget, instance and flow.
//! - **Moves**: without `step`, the initial position with every move as a numbered orange
//!   capture arrow. With `step = K`: the position after the first K moves, the squares of
//!   move K shaded yellow, and only move K+1 drawn as a numbered arrow (the move to come).
//! - **Large views**: above [`GLYPH_LIMIT`] visible pieces (or with [`Style::Dots`]) each piece
//!   is a dot, a filled square of 0.7 × 0.7: dark blue (or with `--gadgets` the gadget colour)
//!   for budget ≥ 2, the same colour lightened for budget 1, black for budget 0; budget
//!   numerals and square tints are left out. Glyphs are reused through `<defs>`/`<use>`, dots
//!   are batched into one path per colour, so a 10⁶-piece board is a few elements
//!   (`cargo bench --bench render`: 0.2 s for 18 MB of SVG; headless Chromium shows it in ~10 s).
//! - **Memory**: a figure never holds the board. Its pieces come from a [`PieceSource`] (a
//!   [`Board`](sat2chess_core::board::Board) in memory, or a board JSON file read again at each pass,
//!   [`BoardFile`]); [`Scene::build`] surveys them in one pass (counts, kinds, marks, flow
//!   groups) and the writers draw each piece as it is read again. Held: 8 bytes per
//!   visible piece for the dots (sorted by colour), 8 per flow-labelled piece while the
//!   flow arrows are found, and with moves the replay state (13 bytes per piece) and the
//!   moves (16 bytes each). The compiled uf20-91-01 King board (3.3 M kings) draws in
//!   33 MB as dots, 35 MB with `--gadgets`, 31 MB as TikZ.

pub mod glyph;
pub mod html;
mod scene;
pub mod source;
pub mod svg;
pub mod tikz;
mod xml;

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

pub use scene::Scene;
pub use source::{BoardFile, PieceSource};

use sat2chess_check::IllegalStep;
use sat2chess_check::io::InputError;
use sat2chess_core::board::{PieceKind, Square};
use sat2chess_core::rules::Move;

/// Above this many visible pieces the automatic style draws dots instead of glyphs.
pub const GLYPH_LIMIT: usize = 20_000;

/// Why a figure cannot be drawn.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error(
        "region {region} must satisfy 1 <= r1 <= r2 <= {rows} and 1 <= c1 <= c2 <= {cols} (the board is {rows}x{cols})"
    )]
    RegionOutside {
        region: Region,
        rows: u32,
        cols: u32,
    },
    #[error(transparent)]
    IllegalMove(#[from] IllegalStep),
    #[error("step {step} is beyond the end of the {moves}-move sequence")]
    StepBeyondEnd { step: usize, moves: usize },
    #[error(
        "the animation draws every piece as a glyph: {pieces} visible pieces exceed the limit of {limit}; crop with a region"
    )]
    TooManyToAnimate { pieces: usize, limit: usize },
    #[error("cannot write the figure")]
    Write(#[from] std::io::Error),
    /// The board could not be read again (see [`source`]).
    #[error(transparent)]
    Input(#[from] InputError),
    #[error("{}: the board file changed while it was drawn", path.display())]
    Changed { path: PathBuf },
}

/// A rectangle of squares, corners inclusive: rows `top..=bottom`, columns `left..=right`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region {
    pub top: u32,
    pub left: u32,
    pub bottom: u32,
    pub right: u32,
}

impl Region {
    pub fn contains(&self, square: Square) -> bool {
        (self.top..=self.bottom).contains(&square.row)
            && (self.left..=self.right).contains(&square.col)
    }

    pub fn rows(&self) -> u32 {
        self.bottom - self.top + 1
    }

    pub fn cols(&self) -> u32 {
        self.right - self.left + 1
    }
}

impl fmt::Display for Region {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{},{},{},{}",
            self.top, self.left, self.bottom, self.right
        )
    }
}

impl FromStr for Region {
    type Err = String;

    /// Parses `r1,c1,r2,c2` (top-left and bottom-right corners, 1-based, inclusive).
    fn from_str(text: &str) -> Result<Region, String> {
        let numbers: Vec<u32> = text
            .split(',')
            .map(|part| part.trim().parse::<u32>())
            .collect::<Result<_, _>>()
            .map_err(|_| format!("expected r1,c1,r2,c2 (four positive integers), got {text:?}"))?;
        match numbers[..] {
            [top, left, bottom, right] => Ok(Region {
                top,
                left,
                bottom,
                right,
            }),
            _ => Err(format!(
                "expected r1,c1,r2,c2 (four positive integers), got {} numbers",
                numbers.len()
            )),
        }
    }
}

/// Glyphs or dots (see the module documentation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Style {
    /// Glyphs up to [`GLYPH_LIMIT`] visible pieces, dots above.
    #[default]
    Auto,
    Glyphs,
    Dots,
}

impl sat2chess_core::choice::Choice for Style {
    const CHOICES: &'static [(Self, &'static str, &'static str)] = &[
        (
            Style::Auto,
            "auto",
            "glyphs up to GLYPH_LIMIT visible pieces, dots above",
        ),
        (Style::Glyphs, "glyphs", "a chess glyph per piece"),
        (Style::Dots, "dots", "a dot per piece"),
    ];
}

/// A square marked on the figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mark {
    /// Shaded: the squares of the move just played.
    LastMove,
    /// Framed, marked `in`: a gadget input port.
    Input,
    /// Framed, marked `out`: a gadget output port.
    Output,
    /// Thick frame and star: the intended final square.
    Final,
}

/// What to draw; [`RenderOptions::default`] draws the whole board with coordinates.
#[derive(Clone, Debug)]
pub struct RenderOptions {
    /// Crop to this region (default: the whole board).
    pub region: Option<Region>,
    /// Row and column numbers on the margin.
    pub coordinates: bool,
    /// Gadget colouring, ports, final square and flow arrows from the pieces' labels.
    pub gadgets: bool,
    /// A legend below the board explaining the colours and marks in use.
    pub legend: bool,
    pub style: Style,
    /// Show the position after this many moves (see the module documentation).
    pub step: Option<usize>,
    /// Extra marked squares, e.g. a gadget's ports given by the gadget library.
    pub marks: Vec<(Square, Mark)>,
}

impl Default for RenderOptions {
    fn default() -> Self {
        RenderOptions {
            region: None,
            coordinates: true,
            gadgets: false,
            legend: false,
            style: Style::Auto,
            step: None,
            marks: Vec::new(),
        }
    }
}

/// Colour families of gadget kinds (thesis ch. 5 figures: variables green, Or pink, And red).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum GadgetClass {
    Variable,
    Or,
    And,
    Crossing,
    DoubleAssignment,
    OneTest,
    /// Wires, corners, increments, decrements and any kind not listed above.
    Wire,
}

impl GadgetClass {
    pub const ALL: [GadgetClass; 7] = [
        GadgetClass::Variable,
        GadgetClass::Or,
        GadgetClass::And,
        GadgetClass::Crossing,
        GadgetClass::DoubleAssignment,
        GadgetClass::OneTest,
        GadgetClass::Wire,
    ];

    /// The class of a label's gadget kind (see [`sat2chess_core::label`] for the kind names). Variants
    /// named `crossing-…` / `variable-…` belong to their family; the shifted sum is the first
    /// half of the Or gadget (thesis §5.4, Figure 5.9c).
    pub fn of(gadget: &str) -> GadgetClass {
        match gadget {
            "or" | "shifted-sum" => GadgetClass::Or,
            "and" => GadgetClass::And,
            "double-assignment" => GadgetClass::DoubleAssignment,
            "one-test" => GadgetClass::OneTest,
            _ if gadget.starts_with("variable") => GadgetClass::Variable,
            _ if gadget.starts_with("crossing") => GadgetClass::Crossing,
            _ => GadgetClass::Wire,
        }
    }

    pub fn colour(self) -> Rgb {
        match self {
            GadgetClass::Variable => Rgb(0x43a047),
            GadgetClass::Or => Rgb(0xec5f9f),
            GadgetClass::And => Rgb(0xe53935),
            GadgetClass::Crossing => Rgb(0x8e63c9),
            GadgetClass::DoubleAssignment => Rgb(0x26a69a),
            GadgetClass::OneTest => Rgb(0x29a8f0),
            GadgetClass::Wire => Rgb(0x9e9e9e),
        }
    }

    /// Legend text.
    pub fn title(self) -> &'static str {
        match self {
            GadgetClass::Variable => "variable",
            GadgetClass::Or => "Or",
            GadgetClass::And => "And",
            GadgetClass::Crossing => "crossing",
            GadgetClass::DoubleAssignment => "double assignment",
            GadgetClass::OneTest => "1-test",
            GadgetClass::Wire => "wire / other",
        }
    }
}

/// A 24-bit colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rgb(pub u32);

impl Rgb {
    /// `self` moved toward `other` by `t` (0 = self, 1 = other).
    pub fn mix(self, other: Rgb, t: f64) -> Rgb {
        let channel = |c: Rgb, shift: u32| ((c.0 >> shift) & 0xff) as f64;
        let blend = |shift| {
            let v = channel(self, shift) * (1.0 - t) + channel(other, shift) * t;
            (v.round().clamp(0.0, 255.0) as u32) << shift
        };
        Rgb(blend(16) | blend(8) | blend(0))
    }

    /// Six hex digits, upper case, no `#` (TikZ `HTML` model).
    pub fn hex(self) -> String {
        format!("{:06X}", self.0)
    }
}

impl fmt::Display for Rgb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:06x}", self.0)
    }
}

/// The fixed palette shared by every writer.
pub mod palette {
    use super::Rgb;

    pub const LIGHT: Rgb = Rgb(0xf3efe4);
    pub const DARK: Rgb = Rgb(0xcdbfa5);
    pub const INK: Rgb = Rgb(0x111111);
    pub const PAPER: Rgb = Rgb(0xffffff);
    pub const CAPTURE: Rgb = Rgb(0xe8590c);
    pub const FLOW: Rgb = Rgb(0x37474f);
    pub const PORT: Rgb = Rgb(0x1a237e);
    pub const FINAL: Rgb = Rgb(0xff6d00);
    pub const LAST_MOVE: Rgb = Rgb(0xf4d03f);
    pub const MARGIN_TEXT: Rgb = Rgb(0x555555);
    /// Dots of unlabelled pieces (budget ≥ 2; lighter for 1, black for 0).
    pub const DOT: Rgb = Rgb(0x2f5597);
    /// Strength of a gadget tint over the square colour.
    pub const TINT: f64 = 0.55;
}

/// A piece as drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenePiece {
    /// Index of the piece in the input board (stable across moves; the HTML animation uses it).
    pub id: u32,
    pub kind: PieceKind,
    pub square: Square,
    pub budget: u32,
    /// Gadget colour of the piece's own label (used by the dot style), when gadget colouring is on.
    pub class: Option<GadgetClass>,
}

/// What an arrow shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArrowKind {
    /// Signal direction of a wire group.
    Flow,
    /// A capture, numbered from 1 in sequence order.
    Capture { number: usize },
}

/// An arrow between two points in board units: `(x, y)` with the region's top-left corner at
/// `(0, 0)` and one unit per square (square centres sit at `.5`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Arrow {
    pub from: (f64, f64),
    pub to: (f64, f64),
    pub kind: ArrowKind,
}

/// One move of the sequence with the pieces it involves (for the animation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimelineMove {
    pub mv: Move,
    pub mover: u32,
    pub captured: u32,
}

/// One line of the legend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LegendEntry {
    Budget,
    /// The budget shades of the dot style.
    DotBudget,
    Gadget(GadgetClass),
    Mark(Mark),
    Flow,
    Capture,
}

impl LegendEntry {
    pub fn text(self) -> &'static str {
        match self {
            LegendEntry::Budget => "n = captures left; black piece = budget 0",
            LegendEntry::DotBudget => "dots: dark = budget 2+, light = 1, black = 0",
            LegendEntry::Gadget(class) => class.title(),
            LegendEntry::Mark(Mark::LastMove) => "last move",
            LegendEntry::Mark(Mark::Input) => "input port",
            LegendEntry::Mark(Mark::Output) => "output port",
            LegendEntry::Mark(Mark::Final) => "final square",
            LegendEntry::Flow => "signal flow",
            LegendEntry::Capture => "capture (numbered)",
        }
    }
}

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// A standalone SVG file.
    Svg,
    /// A `tikzpicture` to paste into LaTeX (needs only `\usepackage{tikz}`).
    Tikz,
    /// A self-contained HTML page that plays the move sequence.
    Html,
}

impl sat2chess_core::choice::Choice for Format {
    const CHOICES: &'static [(Self, &'static str, &'static str)] = &[
        (Format::Svg, "svg", "a standalone SVG file"),
        (Format::Tikz, "tikz", "a tikzpicture to paste into LaTeX"),
        (
            Format::Html,
            "html",
            "a self-contained HTML page that plays the move sequence",
        ),
    ];
}

impl Format {
    /// Guesses the format from an output file name (`.svg`, `.tex`/`.tikz`, `.html`/`.htm`).
    pub fn from_path(path: &std::path::Path) -> Option<Format> {
        match path.extension()?.to_str()? {
            "svg" => Some(Format::Svg),
            "tex" | "tikz" => Some(Format::Tikz),
            "html" | "htm" => Some(Format::Html),
            _ => None,
        }
    }
}

/// The one entry point for every caller (CLI, gadget library): draws `board` with `moves`
/// in `format` into `out`. For [`Format::Html`] the page starts at `options.step` and can
/// play the whole sequence.
/// Every error but the writer's comes before the first byte is written: the region,
/// the step and the moves are checked while the [`Scene`] is surveyed, and the pieces are
/// then read again from `board` as they are drawn.
pub fn render(
    board: &dyn PieceSource,
    moves: &[Move],
    options: &RenderOptions,
    format: Format,
    out: &mut dyn std::io::Write,
) -> Result<(), RenderError> {
    match format {
        Format::Svg => svg::write(&Scene::build(board, moves, options)?, out),
        Format::Tikz => tikz::write(&Scene::build(board, moves, options)?, out),
        Format::Html => html::write(board, moves, options, out),
    }
}

/// [`render`] into a string.
pub fn render_to_string(
    board: &dyn PieceSource,
    moves: &[Move],
    options: &RenderOptions,
    format: Format,
) -> Result<String, RenderError> {
    let mut out = Vec::new();
    render(board, moves, options, format, &mut out)?;
    Ok(String::from_utf8(out).expect("the writers emit UTF-8"))
}
