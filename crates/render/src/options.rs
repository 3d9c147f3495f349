//! What a figure is asked ([`RenderOptions`]: region, style, step, marks; the output
//! [`Format`]) and why it cannot be drawn ([`RenderError`]).

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

use sat2chess_check::IllegalStep;
use sat2chess_check::io::InputError;
use sat2chess_core::board::Square;

/// Above this many visible pieces the automatic style draws dots instead of glyphs.
pub const GLYPH_LIMIT: usize = 20_000;

/// Why a figure cannot be drawn.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error(
        "--region {region} must satisfy 1 <= r1 <= r2 <= {rows} and 1 <= c1 <= c2 <= {cols} (the board is {rows}x{cols})"
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
    /// The board could not be read again (see [`source`](crate::source)).
    #[error(transparent)]
    Input(#[from] InputError),
    #[error("{}: the board file changed while it was drawn", path.display())]
    Changed { path: PathBuf },
    /// A Graph Capture figure's capture sequence breaks the rules of the game.
    #[error("capture {number} is illegal: {reason}")]
    IllegalCapture {
        number: usize,
        reason: sat2chess_graphcap::check::IllegalCapture,
    },
    /// An instance figure (no board to play on) asked as an HTML page.
    #[error("{0} is drawn as SVG or TikZ (.svg, .tex), not as an HTML page")]
    NoPage(&'static str),
    /// The rook board of an RBDS figure could not be built.
    #[error("the rook board of the RBDS instance cannot be built")]
    Board(#[source] sat2chess_core::board::BoardError),
    /// The graph of an unlimited-captures board could not be placed on it.
    #[error("the Hamiltonian Path instance does not fit the board's construction: {0}")]
    Unlimited(sat2chess_hampath::requirement::Requirement),
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

/// Level of detail: every piece, or a schematic of the gadgets (see the crate documentation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Detail {
    /// Pieces up to [`SCHEMATIC_SIDE`] squares along the longer side of the view; above it
    /// a schematic, when the board's pieces carry gadget labels.
    #[default]
    Auto,
    Pieces,
    Schematic,
}

/// Above this many squares along the longer side of the view the automatic detail draws
/// a schematic (glyphs would be under 2 mm wide on a printed page).
pub const SCHEMATIC_SIDE: u32 = 64;

impl sat2chess_core::choice::Choice for Detail {
    const CHOICES: &'static [(Self, &'static str, &'static str)] = &[
        (
            Detail::Auto,
            "auto",
            "pieces up to 64 squares across, a schematic above (for labelled boards)",
        ),
        (
            Detail::Pieces,
            "pieces",
            "every piece (glyphs or dots, see --style)",
        ),
        (
            Detail::Schematic,
            "schematic",
            "gadgets as labelled boxes tinted by kind, wires as lines, no chequer",
        ),
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
    pub detail: Detail,
    /// TikZ: the side of one square, in centimetres (default: 0.7, less when the figure
    /// would be wider than [`TIKZ_FIT`]).
    pub square_cm: Option<f64>,
    /// TikZ: the width of the whole figure, in centimetres (overrides `square_cm`).
    pub width_cm: Option<f64>,
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
            detail: Detail::Auto,
            square_cm: None,
            width_cm: None,
            step: None,
            marks: Vec::new(),
        }
    }
}

/// The default TikZ figure fits in this width × height, in centimetres (a page's text
/// block; squares are at most 0.7 cm).
pub const TIKZ_FIT: (f64, f64) = (16.0, 22.0);

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// A standalone SVG file.
    Svg,
    /// A LaTeX document (class `standalone` when installed, else `article` with a page of
    /// the figure's size) holding one `tikzpicture`; `\input` it through the `standalone`
    /// package, or paste the picture (it needs only `\usepackage{tikz}`).
    Tikz,
    /// A self-contained HTML page that plays the move sequence.
    Html,
}

impl sat2chess_core::choice::Choice for Format {
    const CHOICES: &'static [(Self, &'static str, &'static str)] = &[
        (Format::Svg, "svg", "a standalone SVG file"),
        (
            Format::Tikz,
            "tikz",
            "a LaTeX document holding one tikzpicture (pdflatex compiles it)",
        ),
        (
            Format::Html,
            "html",
            "a self-contained HTML page that plays the move sequence",
        ),
    ];
}

impl sat2chess_core::choice::FileFormat for Format {
    const EXTENSIONS: &'static [(&'static str, Self)] = &[
        ("svg", Format::Svg),
        ("tex", Format::Tikz),
        ("tikz", Format::Tikz),
        ("html", Format::Html),
        ("htm", Format::Html),
    ];
}
