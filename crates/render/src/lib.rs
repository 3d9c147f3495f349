//! Figures of boards, gadgets and capture sequences: SVG ([`svg`]), TikZ ([`tikz`]) and a
//! self-contained animated HTML page ([`html`]), all drawn from one [`Scene`]; and figures
//! of the instances behind Aravind–Misra–Mittal's reductions: a Red-Blue Dominating Set
//! beside its rook board ([`rbds`]), a Graph Capture instance ([`graph`]); and Brunner et al.'s
//! unlimited-captures boards with the Hamiltonian Path instance drawn over them ([`unlimited`])
//! or with their squares tinted by role (§3.2's boards: [`roles`]).
//!
//! Drawing conventions (also in the README):
//! - Squares are chequered; square (1,1) is light; coordinates are `(row, col)` with row 1 at
//!   the top, labelled on the top and left margins (every 1, 2, 5, 10, … squares on large views).
//! - Pieces are our own vector glyphs (`glyph`). **Budget**: every piece shows its budget as
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

mod colour;
pub(crate) mod glyph;
pub mod graph;
pub mod html;
mod options;
mod parts;
pub mod planar_monotone;
pub mod rbds;
pub mod roles;
mod scene;
pub mod schematic;
mod sketch;
pub mod source;
pub mod svg;
pub mod tikz;
pub mod unlimited;
mod xml;

pub use colour::{GadgetClass, Rgb, palette};
pub use options::{
    Detail, Format, GLYPH_LIMIT, Mark, Region, RenderError, RenderOptions, SCHEMATIC_SIDE, Style,
    TIKZ_FIT,
};
pub use parts::{Arrow, ArrowKind, LegendEntry, ScenePiece, TimelineMove};
pub use scene::Scene;
pub use schematic::{GadgetBox, Schematic, WireLine};
pub use source::{BoardFile, PieceSource};

use sat2chess_core::progress::Observer;
use sat2chess_core::rules::Move;

/// The one entry point for every caller (CLI, gadget library): draws `board` with `moves`
/// in `format` into `out`. For [`Format::Html`] the page starts at `options.step` and can
/// play the whole sequence.
/// Every error but the writer's comes before the first byte is written: the region,
/// the step and the moves are checked while the [`Scene`] is surveyed, and the pieces are
/// then read again from `board` as they are drawn. `observer` hears the phases: the
/// survey of the scene, then the writing.
pub fn render(
    board: &dyn PieceSource,
    moves: &[Move],
    options: &RenderOptions,
    format: Format,
    out: &mut dyn std::io::Write,
    observer: &dyn Observer,
) -> Result<(), RenderError> {
    let scene = || {
        observer.phase("scene", 0);
        let scene = Scene::build(board, moves, options);
        observer.phase("write", 0);
        scene
    };
    match format {
        Format::Svg => svg::write(&scene()?, out),
        Format::Tikz => tikz::write(&scene()?, options.square_cm, options.width_cm, out),
        Format::Html => {
            observer.phase("write", 0);
            html::write(board, moves, options, out)
        }
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
    render(board, moves, options, format, &mut out, &())?;
    Ok(String::from_utf8(out).expect("the writers emit UTF-8"))
}
