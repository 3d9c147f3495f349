//! Figures of boards, gadgets and capture sequences: SVG ([`svg`]), TikZ ([`tikz`]) and a
//! self-contained animated HTML page ([`html`]), all drawn from one [`Scene`].
//!
//! Drawing conventions (also in the README):
//! - Squares are chequered; square (1,1) is light; coordinates are `(row, col)` with row 1 at
//!   the top, labelled on the top and left margins (every 1, 2, 5, 10, … squares on large views).
//! - Pieces are our own vector glyphs ([`glyph`]). **Budget**: every piece shows its budget as
//!   a numeral in a white disc at the bottom right of its square, and a piece with budget 0 is
//!   drawn filled black (the chess.com convention); budget ≥ 1 pieces are white.
//! - **Gadgets** (`--gadgets`, from the pieces' labels, see [`crate::label`]): the squares of a
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
//!   (`cargo bench --bench render`: 1.5–2 s and 18 MB; headless Chromium shows it in ~10 s).

pub mod glyph;
pub mod html;
pub mod svg;
pub mod tikz;

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::str::FromStr;

use crate::board::{Board, PieceKind, Square};
use crate::check::IllegalStep;
use crate::label::{Direction, GadgetLabel};
use crate::rules::{Move, Position, Variant};

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
    #[error("cannot write the figure: {0}")]
    Write(#[from] std::io::Error),
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
    /// The whole board.
    pub fn of_board(board: &Board) -> Region {
        Region {
            top: 1,
            left: 1,
            bottom: board.rows(),
            right: board.cols(),
        }
    }

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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Style {
    /// Glyphs up to [`GLYPH_LIMIT`] visible pieces, dots above.
    #[default]
    Auto,
    Glyphs,
    Dots,
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

    /// The class of a label's gadget kind (see [`crate::label`] for the kind names). Variants
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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

/// Everything a writer draws, already cropped to the region and replayed to the step.
#[derive(Clone, Debug)]
pub struct Scene {
    pub region: Region,
    pub coordinates: bool,
    /// Dots instead of glyphs.
    pub dots: bool,
    /// Visible pieces after `step` moves.
    pub pieces: Vec<ScenePiece>,
    /// Squares of labelled pieces of the initial board, by gadget colour (with `gadgets`).
    pub tints: Vec<(Square, GadgetClass)>,
    pub marks: Vec<(Square, Mark)>,
    pub arrows: Vec<Arrow>,
    pub legend: Vec<LegendEntry>,
    /// The whole (validated) move sequence.
    pub timeline: Vec<TimelineMove>,
}

impl Scene {
    /// Validates the region and the moves (against the rules, [`Position`]) and lays out the figure.
    pub fn build(
        board: &Board,
        moves: &[Move],
        options: &RenderOptions,
    ) -> Result<Scene, RenderError> {
        let region = options.region.unwrap_or_else(|| Region::of_board(board));
        if region.top == 0
            || region.left == 0
            || region.top > region.bottom
            || region.left > region.right
            || region.bottom > board.rows()
            || region.right > board.cols()
        {
            return Err(RenderError::RegionOutside {
                region,
                rows: board.rows(),
                cols: board.cols(),
            });
        }
        let step = options.step.unwrap_or(0);
        if step > moves.len() {
            return Err(RenderError::StepBeyondEnd {
                step,
                moves: moves.len(),
            });
        }
        let labels: Vec<Option<GadgetLabel>> = board
            .pieces()
            .iter()
            .map(|p| {
                p.label
                    .as_deref()
                    .filter(|_| options.gadgets)
                    .and_then(GadgetLabel::parse)
            })
            .collect();
        let mut placed: Vec<Option<ScenePiece>> = board
            .pieces()
            .iter()
            .zip(&labels)
            .enumerate()
            .map(|(id, (p, label))| {
                Some(ScenePiece {
                    id: id as u32,
                    kind: p.kind,
                    square: p.square,
                    budget: p.budget,
                    class: label.as_ref().map(|l| GadgetClass::of(&l.gadget)),
                })
            })
            .collect();
        let timeline = replay(board, moves, step, &mut placed)?;

        let pieces: Vec<ScenePiece> = placed
            .into_iter()
            .flatten()
            .filter(|p| region.contains(p.square))
            .collect();
        let dots = match options.style {
            Style::Auto => pieces.len() > GLYPH_LIMIT,
            Style::Glyphs => false,
            Style::Dots => true,
        };

        // Gadget squares and marks come from the initial board: they stay put while pieces move.
        let labelled: Vec<(Square, &GadgetLabel)> = board
            .pieces()
            .iter()
            .zip(&labels)
            .filter_map(|(piece, label)| Some((piece.square, label.as_ref()?)))
            .filter(|(square, _)| region.contains(*square))
            .collect();
        let mut marks = options.marks.clone();
        let mut tints = Vec::new();
        for &(square, label) in &labelled {
            tints.push((square, GadgetClass::of(&label.gadget)));
            for (set, mark) in [
                (label.input, Mark::Input),
                (label.output, Mark::Output),
                (label.final_square, Mark::Final),
            ] {
                if set {
                    marks.push((square, mark));
                }
            }
        }
        if options.step.is_some() && step > 0 {
            let last = moves[step - 1];
            marks.push((last.from, Mark::LastMove));
            marks.push((last.to, Mark::LastMove));
        }
        marks.retain(|(square, _)| region.contains(*square));
        marks.sort_unstable_by_key(|&(square, mark)| (mark, square));
        marks.dedup();

        let centre = |square: Square| {
            let (x, y) = corner(region, square);
            (x + 0.5, y + 0.5)
        };
        let mut arrows = flow_arrows(&labelled, region);
        let shown_moves = match options.step {
            None => 0..moves.len(),
            Some(_) => step..(step + 1).min(moves.len()),
        };
        for index in shown_moves {
            let mv = moves[index];
            arrows.push(Arrow {
                from: centre(mv.from),
                to: centre(mv.to),
                kind: ArrowKind::Capture { number: index + 1 },
            });
        }

        let legend = if options.legend {
            legend(&tints, &marks, &arrows, dots)
        } else {
            Vec::new()
        };
        Ok(Scene {
            region,
            coordinates: options.coordinates,
            dots,
            pieces,
            tints,
            marks,
            arrows,
            legend,
            timeline,
        })
    }

    /// Top-left corner of `square` in board units (negative or beyond the view for squares
    /// outside the region, e.g. the ends of a move that leaves it).
    pub fn corner(&self, square: Square) -> (f64, f64) {
        corner(self.region, square)
    }

    /// Row (or column) numbers to label on the margin: every `k`-th for the smallest `k` in
    /// 1, 2, 5, 10, 20, … that leaves at most 40 labels along a side and puts labels at
    /// least `min_spacing` squares apart.
    pub fn label_step(extent: u32, min_spacing: f64) -> u32 {
        let mut scale = 1u64;
        loop {
            for mantissa in [1, 2, 5] {
                let step = mantissa * scale;
                if u64::from(extent) / step <= 40 && step as f64 >= min_spacing {
                    return u32::try_from(step).unwrap_or(u32::MAX);
                }
            }
            scale *= 10;
        }
    }

    /// The labelled lines from `first` to `last`: every multiple of `step` (every line
    /// when `step` is 1). Costs the labels drawn, not the extent.
    pub fn label_positions(first: u32, last: u32, step: u32) -> impl Iterator<Item = u32> {
        let step = step.max(1);
        let start = u64::from(first).div_ceil(u64::from(step)) * u64::from(step);
        (start..=u64::from(last))
            .step_by(step as usize)
            .map(|line| line as u32)
    }

    /// Width of the widest margin number of a side ending at `last`, in units of the font size.
    pub fn label_width(last: u32) -> f64 {
        0.6 * last.to_string().len() as f64 + 0.4
    }
}

fn corner(region: Region, square: Square) -> (f64, f64) {
    (
        square.col as f64 - region.left as f64,
        square.row as f64 - region.top as f64,
    )
}

/// Validates `moves` by replaying them on a [`Position`], records which pieces move and
/// which are captured, and applies the first `step` of them to `placed`.
fn replay(
    board: &Board,
    moves: &[Move],
    step: usize,
    placed: &mut [Option<ScenePiece>],
) -> Result<Vec<TimelineMove>, RenderError> {
    if moves.is_empty() {
        return Ok(Vec::new());
    }
    let mut position = Position::new(board, Variant::Standard);
    let mut ids: HashMap<Square, u32> = board
        .pieces()
        .iter()
        .enumerate()
        .map(|(id, p)| (p.square, id as u32))
        .collect();
    let mut timeline = Vec::with_capacity(moves.len());
    for (index, &mv) in moves.iter().enumerate() {
        position
            .apply(mv)
            .map_err(|reason| IllegalStep { index, mv, reason })?;
        let mover = ids
            .remove(&mv.from)
            .expect("a legal move starts on a piece");
        let captured = ids.insert(mv.to, mover).expect("a legal move captures");
        timeline.push(TimelineMove {
            mv,
            mover,
            captured,
        });
        if index < step {
            placed[captured as usize] = None;
            let piece = placed[mover as usize]
                .as_mut()
                .expect("the mover is still on the board");
            piece.square = mv.to;
            piece.budget -= 1;
        }
    }
    Ok(timeline)
}

/// One arrow per 8-connected group of labelled squares sharing gadget, instance and flow,
/// spanning the group along the flow axis through the group's middle.
fn flow_arrows(labelled: &[(Square, &GadgetLabel)], region: Region) -> Vec<Arrow> {
    type Key<'a> = (&'a str, Option<u32>, char);
    let mut groups: HashMap<Key, HashSet<Square>> = HashMap::new();
    for &(square, label) in labelled {
        if let Some(flow) = label.flow {
            groups
                .entry((label.gadget.as_str(), label.instance, flow.letter()))
                .or_default()
                .insert(square);
        }
    }
    let mut keys: Vec<Key> = groups.keys().copied().collect();
    keys.sort_unstable();
    let mut arrows = Vec::new();
    for key in keys {
        let flow = Direction::from_letter(&key.2.to_string()).expect("a direction's letter");
        let mut left = groups.remove(&key).expect("key from the map");
        let mut starts: Vec<Square> = left.iter().copied().collect();
        starts.sort_unstable();
        for start in starts {
            if !left.remove(&start) {
                continue;
            }
            let mut component = vec![start];
            let mut next = 0;
            while next < component.len() {
                let Square { row, col } = component[next];
                next += 1;
                for dr in -1i64..=1 {
                    for dc in -1i64..=1 {
                        let (Ok(r), Ok(c)) = (
                            u32::try_from(i64::from(row) + dr),
                            u32::try_from(i64::from(col) + dc),
                        ) else {
                            continue;
                        };
                        if r < 1 || c < 1 {
                            continue;
                        }
                        let neighbour = Square::new(r, c);
                        if left.remove(&neighbour) {
                            component.push(neighbour);
                        }
                    }
                }
            }
            arrows.push(group_arrow(&component, flow, region));
        }
    }
    arrows
}

fn group_arrow(component: &[Square], flow: Direction, region: Region) -> Arrow {
    let x0 = component.iter().map(|s| s.col).min().expect("non-empty") - region.left;
    let x1 = component.iter().map(|s| s.col).max().expect("non-empty") - region.left + 1;
    let y0 = component.iter().map(|s| s.row).min().expect("non-empty") - region.top;
    let y1 = component.iter().map(|s| s.row).max().expect("non-empty") - region.top + 1;
    let (x0, x1, y0, y1) = (x0 as f64, x1 as f64, y0 as f64, y1 as f64);
    let (mx, my) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
    const INSET: f64 = 0.2;
    let (from, to) = match flow {
        Direction::East => ((x0 + INSET, my), (x1 - INSET, my)),
        Direction::West => ((x1 - INSET, my), (x0 + INSET, my)),
        Direction::South => ((mx, y0 + INSET), (mx, y1 - INSET)),
        Direction::North => ((mx, y1 - INSET), (mx, y0 + INSET)),
    };
    Arrow {
        from,
        to,
        kind: ArrowKind::Flow,
    }
}

fn legend(
    tints: &[(Square, GadgetClass)],
    marks: &[(Square, Mark)],
    arrows: &[Arrow],
    dots: bool,
) -> Vec<LegendEntry> {
    let mut entries = vec![if dots {
        LegendEntry::DotBudget
    } else {
        LegendEntry::Budget
    }];
    let classes: HashSet<GadgetClass> = tints.iter().map(|&(_, class)| class).collect();
    entries.extend(
        GadgetClass::ALL
            .into_iter()
            .filter(|c| classes.contains(c))
            .map(LegendEntry::Gadget),
    );
    let kinds: HashSet<Mark> = marks.iter().map(|&(_, m)| m).collect();
    entries.extend(
        [Mark::Input, Mark::Output, Mark::Final, Mark::LastMove]
            .into_iter()
            .filter(|m| kinds.contains(m))
            .map(LegendEntry::Mark),
    );
    if arrows.iter().any(|a| a.kind == ArrowKind::Flow) {
        entries.push(LegendEntry::Flow);
    }
    if arrows
        .iter()
        .any(|a| matches!(a.kind, ArrowKind::Capture { .. }))
    {
        entries.push(LegendEntry::Capture);
    }
    entries
}

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// A standalone SVG file.
    Svg,
    /// A `tikzpicture` to paste into LaTeX (needs only `\usepackage{tikz}`).
    Tikz,
    /// A self-contained HTML page that plays the move sequence.
    Html,
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
pub fn render(
    board: &Board,
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
    board: &Board,
    moves: &[Move],
    options: &RenderOptions,
    format: Format,
) -> Result<String, RenderError> {
    let mut out = Vec::new();
    render(board, moves, options, format, &mut out)?;
    Ok(String::from_utf8(out).expect("the writers emit UTF-8"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Piece;

    fn king(row: u32, col: u32, budget: u32, label: &str) -> Piece {
        let mut piece = Piece::new(PieceKind::King, Square::new(row, col), budget);
        piece.label = (!label.is_empty()).then(|| label.to_string());
        piece
    }

    #[test]
    fn regions_parse_and_are_checked() {
        let region: Region = "2,3,4,5".parse().unwrap();
        assert_eq!((region.rows(), region.cols()), (3, 3));
        assert!("1,2,3".parse::<Region>().is_err());
        assert!("1,2,x,4".parse::<Region>().is_err());
        let board = Board::new(4, 4, vec![king(1, 1, 1, "")]).unwrap();
        for bad in ["0,1,2,2", "2,2,1,1", "1,1,5,4"] {
            let options = RenderOptions {
                region: Some(bad.parse().unwrap()),
                ..RenderOptions::default()
            };
            assert!(matches!(
                Scene::build(&board, &[], &options),
                Err(RenderError::RegionOutside { .. })
            ));
        }
    }

    #[test]
    fn steps_replay_moves_and_reject_illegal_ones() {
        let board = Board::new(
            1,
            3,
            vec![king(1, 1, 2, ""), king(1, 2, 0, ""), king(1, 3, 0, "")],
        )
        .unwrap();
        let moves = [
            Move::new(Square::new(1, 1), Square::new(1, 2)),
            Move::new(Square::new(1, 2), Square::new(1, 3)),
        ];
        let options = RenderOptions {
            step: Some(1),
            ..RenderOptions::default()
        };
        let scene = Scene::build(&board, &moves, &options).unwrap();
        assert_eq!(scene.pieces.len(), 2);
        assert_eq!(scene.pieces[0].square, Square::new(1, 2));
        assert_eq!(scene.pieces[0].budget, 1);
        assert_eq!(
            scene.arrows,
            vec![Arrow {
                from: (1.5, 0.5),
                to: (2.5, 0.5),
                kind: ArrowKind::Capture { number: 2 }
            }]
        );
        assert_eq!(scene.timeline[1].captured, 2);
        let backwards = [Move::new(Square::new(1, 2), Square::new(1, 1))];
        let error = Scene::build(&board, &backwards, &RenderOptions::default()).unwrap_err();
        assert_eq!(
            error.to_string(),
            "move #0 (1st) (1,2) -> (1,1): the king on (1,2) has no budget left"
        );
        let too_far = RenderOptions {
            step: Some(3),
            ..RenderOptions::default()
        };
        assert!(matches!(
            Scene::build(&board, &moves, &too_far),
            Err(RenderError::StepBeyondEnd { step: 3, moves: 2 })
        ));
    }

    #[test]
    fn flow_arrows_span_connected_groups() {
        let board = Board::new(
            5,
            8,
            vec![
                king(2, 2, 1, "wire#1 flow=E"),
                king(3, 2, 1, "wire#1 flow=E"),
                king(2, 3, 1, "wire#1 flow=E"),
                king(3, 4, 1, "wire#1 flow=E"),
                king(3, 7, 1, "wire#1 flow=E"),
                king(5, 8, 1, "and#2 output final"),
            ],
        )
        .unwrap();
        let options = RenderOptions {
            gadgets: true,
            ..RenderOptions::default()
        };
        let scene = Scene::build(&board, &[], &options).unwrap();
        let spans: Vec<_> = scene.arrows.iter().map(|a| (a.from, a.to)).collect();
        assert_eq!(
            spans,
            vec![((1.2, 2.0), (3.8, 2.0)), ((6.2, 2.5), (6.8, 2.5))]
        );
        assert_eq!(
            scene.marks,
            vec![
                (Square::new(5, 8), Mark::Output),
                (Square::new(5, 8), Mark::Final)
            ]
        );
        assert_eq!(scene.pieces[5].class, Some(GadgetClass::And));
    }

    #[test]
    fn gadget_kinds_map_to_colour_families() {
        assert_eq!(GadgetClass::of("crossing-g"), GadgetClass::Crossing);
        assert_eq!(GadgetClass::of("variable"), GadgetClass::Variable);
        assert_eq!(GadgetClass::of("shifted-sum"), GadgetClass::Or);
        assert_eq!(GadgetClass::of("one-test"), GadgetClass::OneTest);
        assert_eq!(GadgetClass::of("wire-horizontal"), GadgetClass::Wire);
        assert_eq!(GadgetClass::of("decrement"), GadgetClass::Wire);
    }

    #[test]
    fn label_steps_keep_margins_readable() {
        assert_eq!(Scene::label_step(8, 0.5), 1);
        assert_eq!(Scene::label_step(80, 0.5), 2);
        assert_eq!(Scene::label_step(150, 0.5), 5);
        assert_eq!(Scene::label_step(400, 0.5), 10);
        assert_eq!(Scene::label_step(1_000, 0.5), 50);
        assert_eq!(Scene::label_step(1_000, 60.0), 100);
        assert_eq!(Scene::label_step(1_000_000, 0.5), 50_000);
    }
}
