//! The [`Scene`]: what a figure shows, surveyed in one pass over a [`PieceSource`]
//! (after a replay of the moves, if any). It keeps what the figure needs besides the
//! pieces (extent, counts, marks, flow arrows, legend); the writers read the pieces again
//! through [`Scene::pieces`] and draw each as it comes, so no figure holds the board.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::io;
use std::ops::Range;

use super::colour::dot_colour;
use super::schematic::{Schematic, SchematicBuilder};
use super::source::PieceSource;
use super::{
    Arrow, ArrowKind, Detail, GLYPH_LIMIT, GadgetClass, LegendEntry, Mark, Region, RenderError,
    RenderOptions, Rgb, SCHEMATIC_SIDE, ScenePiece, Style, TimelineMove,
};
use sat2chess_check::IllegalStep;
use sat2chess_check::io::json::PieceRecord;
use sat2chess_core::board::{PieceKind, Square};
use sat2chess_core::label::{Direction, GadgetLabel};
use sat2chess_core::rules::Move;

/// What the first `step` moves did to a piece, by its initial square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fate {
    Captured,
    /// Now on `square`, after `moves` captures of its own.
    Moved {
        square: Square,
        moves: u32,
    },
}

/// Everything a writer draws besides the pieces, cropped to the region and replayed to
/// the step; the pieces come from [`Scene::pieces`].
pub struct Scene<'a> {
    pub region: Region,
    /// Rows and columns of the whole board (ranks count from its bottom row).
    pub board: (u32, u32),
    pub coordinates: bool,
    /// The schematic drawn instead of the squares and pieces, at that level of detail.
    pub schematic: Option<Schematic>,
    /// Dots instead of glyphs.
    pub dots: bool,
    /// Number of visible pieces after `step` moves.
    pub visible: usize,
    /// Kinds of the visible pieces, sorted.
    pub kinds: Vec<PieceKind>,
    /// Number of visible pieces of each dot colour (see [`super::colour::dot_colour`]).
    pub(crate) dot_counts: BTreeMap<Rgb, usize>,
    pub marks: Vec<(Square, Mark)>,
    /// Flow arrows (the capture arrows are [`Scene::captures`]).
    pub arrows: Vec<Arrow>,
    /// The rays that must stay empty (labels' `empty=` tokens), as short arrows leaving
    /// their squares.
    pub rays: Vec<Arrow>,
    pub legend: Vec<LegendEntry>,
    /// The whole (validated) move sequence with the pieces' ids ([`Scene::with_timeline`]).
    pub(crate) timeline: Vec<TimelineMove>,
    /// Indices of the moves drawn as capture arrows.
    pub(crate) shown_moves: Range<usize>,
    source: &'a dyn PieceSource,
    moves: &'a [Move],
    gadgets: bool,
    fate: HashMap<Square, Fate>,
}

impl std::fmt::Debug for Scene<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Scene")
            .field("region", &self.region)
            .field("dots", &self.dots)
            .field("visible", &self.visible)
            .field("marks", &self.marks)
            .field("arrows", &self.arrows)
            .field("shown_moves", &self.shown_moves)
            .finish_non_exhaustive()
    }
}

impl<'a> Scene<'a> {
    /// Validates the region and the moves (against the rules, on a [`sat2chess_check::Replay`])
    /// and surveys the figure.
    pub fn build(
        source: &'a dyn PieceSource,
        moves: &'a [Move],
        options: &RenderOptions,
    ) -> Result<Scene<'a>, RenderError> {
        Scene::assemble(source, moves, options, false)
    }

    /// [`Scene::build`] with the [`Scene::timeline`] (for the animation; it holds a few
    /// words per move).
    pub(crate) fn with_timeline(
        source: &'a dyn PieceSource,
        moves: &'a [Move],
        options: &RenderOptions,
    ) -> Result<Scene<'a>, RenderError> {
        Scene::assemble(source, moves, options, true)
    }

    fn assemble(
        source: &'a dyn PieceSource,
        moves: &'a [Move],
        options: &RenderOptions,
        timeline: bool,
    ) -> Result<Scene<'a>, RenderError> {
        let (rows, cols) = source.extent();
        let region = options.region.unwrap_or(Region {
            top: 1,
            left: 1,
            bottom: rows,
            right: cols,
        });
        if region.top == 0
            || region.left == 0
            || region.top > region.bottom
            || region.left > region.right
            || region.bottom > rows
            || region.right > cols
        {
            return Err(RenderError::RegionOutside { region, rows, cols });
        }
        let step = options.step.unwrap_or(0);
        if step > moves.len() {
            return Err(RenderError::StepBeyondEnd {
                step,
                moves: moves.len(),
            });
        }
        let (fate, origins) = replay(source, moves, step, timeline)?;
        // The animation moves pieces: it is always drawn piece by piece.
        let schematic = !timeline
            && match options.detail {
                Detail::Auto => region.rows().max(region.cols()) > SCHEMATIC_SIDE,
                Detail::Pieces => false,
                Detail::Schematic => true,
            };

        let mut survey = Survey {
            region,
            fate: &fate,
            gadgets: options.gadgets || schematic,
            flows_wanted: options.gadgets && !schematic,
            schematic: schematic.then(SchematicBuilder::default),
            visible: 0,
            kinds: BTreeSet::new(),
            dot_counts: BTreeMap::new(),
            classes: BTreeSet::new(),
            marks: options.marks.clone(),
            flows: BTreeMap::new(),
            rays: Vec::new(),
            ids: origins
                .iter()
                .flat_map(|&(mover, captured)| [(mover, u32::MAX), (captured, u32::MAX)])
                .collect(),
            next_id: 0,
        };
        source.read(&mut |piece| survey.add(piece))?;
        let Survey {
            visible,
            kinds,
            dot_counts,
            classes,
            mut marks,
            flows,
            ids,
            schematic,
            rays,
            ..
        } = survey;
        let rays: Vec<Arrow> = rays
            .into_iter()
            .map(|(square, direction)| {
                let (x, y) = (
                    (square.col - region.left) as f64 + 0.5,
                    (square.row - region.top) as f64 + 0.5,
                );
                let (dr, dc) = direction.delta();
                let (dx, dy) = (dc as f64, dr as f64);
                Arrow {
                    from: (x + 0.5 * dx, y + 0.5 * dy),
                    to: (x + 1.4 * dx, y + 1.4 * dy),
                    kind: ArrowKind::EmptyRay,
                }
            })
            .collect();
        // An automatic schematic needs labels; a board without them is drawn piece by piece.
        let schematic = schematic
            .filter(|builder| options.detail == Detail::Schematic || builder.labelled())
            .map(|builder| builder.finish(region));
        if schematic.is_some() {
            // Ports are too small to see on a schematic; the final square stays.
            marks.retain(|&(_, mark)| mark == Mark::Final);
        }
        let dots = match options.style {
            Style::Auto => visible > GLYPH_LIMIT,
            Style::Glyphs => false,
            Style::Dots => true,
        };
        if options.step.is_some() && step > 0 {
            let last = moves[step - 1];
            marks.push((last.from, Mark::LastMove));
            marks.push((last.to, Mark::LastMove));
        }
        marks.retain(|(square, _)| region.contains(*square));
        marks.sort_unstable_by_key(|&(square, mark)| (mark, square));
        marks.dedup();

        let mut arrows = Vec::new();
        for ((_, _, letter), squares) in flows {
            let flow = Direction::from_letter(&letter.to_string()).expect("a direction's letter");
            flow_arrows(squares, flow, region, &mut arrows);
        }
        let shown_moves = match options.step {
            None => 0..moves.len(),
            Some(_) => step..(step + 1).min(moves.len()),
        };
        let legend = if options.legend {
            legend(
                &classes,
                &marks,
                !arrows.is_empty(),
                !rays.is_empty(),
                !shown_moves.is_empty(),
                match &schematic {
                    Some(_) => None,
                    None => Some(dots),
                },
            )
        } else {
            Vec::new()
        };
        let timeline = origins
            .iter()
            .zip(moves)
            .map(|(&(mover, captured), &mv)| TimelineMove {
                mv,
                mover: ids[&mover],
                captured: ids[&captured],
            })
            .collect();
        Ok(Scene {
            region,
            board: (rows, cols),
            coordinates: options.coordinates,
            schematic,
            dots,
            visible,
            kinds: kinds.into_iter().collect(),
            dot_counts,
            marks,
            arrows,
            rays,
            legend,
            timeline,
            shown_moves,
            source,
            moves,
            gadgets: options.gadgets,
            fate,
        })
    }

    /// Reads the pieces again and calls `draw` with each visible one, in board order;
    /// stops at the first error of `draw`.
    pub fn pieces(
        &self,
        draw: &mut dyn FnMut(&ScenePiece) -> io::Result<()>,
    ) -> Result<(), RenderError> {
        let mut id = 0u32;
        let mut failed = None;
        self.source.read(&mut |piece| {
            let index = id;
            id += 1;
            if failed.is_some() {
                return;
            }
            let Some((square, budget)) = now(&self.fate, &piece) else {
                return;
            };
            if !self.region.contains(square) {
                return;
            }
            let class = if self.gadgets {
                label_class(piece.label)
            } else {
                None
            };
            let shown = ScenePiece {
                id: index,
                kind: piece.kind,
                square,
                budget,
                class,
            };
            if let Err(error) = draw(&shown) {
                failed = Some(error);
            }
        })?;
        failed.map_or(Ok(()), |error| Err(error.into()))
    }

    /// With gadget colouring, calls `draw` with the square and gadget colour of each
    /// labelled piece of the initial board inside the region (they stay put while pieces
    /// move), in board order.
    pub(crate) fn tints(
        &self,
        draw: &mut dyn FnMut(Square, GadgetClass) -> io::Result<()>,
    ) -> Result<(), RenderError> {
        if !self.gadgets {
            return Ok(());
        }
        let mut failed = None;
        self.source.read(&mut |piece| {
            if failed.is_some() || !self.region.contains(piece.square) {
                return;
            }
            if let Some(class) = label_class(piece.label)
                && let Err(error) = draw(piece.square, class)
            {
                failed = Some(error);
            }
        })?;
        failed.map_or(Ok(()), |error| Err(error.into()))
    }

    /// The capture arrows shown, numbered from 1 in sequence order.
    pub fn captures(&self) -> impl Iterator<Item = Arrow> + '_ {
        let centre = |square: Square| {
            let (x, y) = self.corner(square);
            (x + 0.5, y + 0.5)
        };
        self.shown_moves.clone().map(move |index| {
            let mv = self.moves[index];
            Arrow {
                from: centre(mv.from),
                to: centre(mv.to),
                kind: ArrowKind::Capture { number: index + 1 },
            }
        })
    }

    /// Top-left corner of `square` in board units (negative or beyond the view for squares
    /// outside the region, e.g. the ends of a move that leaves it).
    pub fn corner(&self, square: Square) -> (f64, f64) {
        (
            square.col as f64 - self.region.left as f64,
            square.row as f64 - self.region.top as f64,
        )
    }

    /// Row (or column) numbers to label on the margin: every `k`-th for the smallest `k` in
    /// 1, 2, 5, 10, 20, … that leaves at most 40 labels along a side and puts labels at
    /// least `min_spacing` squares apart.
    pub(crate) fn label_step(extent: u32, min_spacing: f64) -> u32 {
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
    pub(crate) fn label_positions(first: u32, last: u32, step: u32) -> impl Iterator<Item = u32> {
        let step = step.max(1);
        let start = u64::from(first).div_ceil(u64::from(step)) * u64::from(step);
        (start..=u64::from(last))
            .step_by(step as usize)
            .map(|line| line as u32)
    }

    /// Whether the margins name files a, b, … and ranks counted from the bottom row, as
    /// chess players do: boards of at most 26 columns.
    pub fn chess_labels(&self) -> bool {
        self.board.1 <= 26
    }

    /// The margin label of `row`: its rank (row 1 is the top rank) on a chess-sized board,
    /// else the row number.
    pub fn row_label(&self, row: u32) -> String {
        if self.chess_labels() {
            (self.board.0 - row + 1).to_string()
        } else {
            row.to_string()
        }
    }

    /// The margin label of `col`: its file letter (a = column 1) on a chess-sized board,
    /// else the column number.
    pub fn col_label(&self, col: u32) -> String {
        if self.chess_labels() {
            char::from(b'a' + (col - 1) as u8).to_string()
        } else {
            col.to_string()
        }
    }

    /// Width of the widest row label, in units of the font size.
    pub(crate) fn row_label_width(&self) -> f64 {
        let widest = if self.chess_labels() {
            self.board.0
        } else {
            self.region.bottom
        };
        Scene::label_width(widest)
    }

    /// Width of the widest column label, in units of the font size.
    pub(crate) fn col_label_width(&self) -> f64 {
        if self.chess_labels() {
            1.0
        } else {
            Scene::label_width(self.region.right)
        }
    }

    /// Width of the widest margin number of a side ending at `last`, in units of the font size.
    pub(crate) fn label_width(last: u32) -> f64 {
        0.6 * last.to_string().len() as f64 + 0.4
    }
}

/// The square and budget of `piece` after the replayed moves; `None` once captured.
fn now(fate: &HashMap<Square, Fate>, piece: &PieceRecord<'_>) -> Option<(Square, u32)> {
    match fate.get(&piece.square) {
        None => Some((piece.square, piece.budget)),
        Some(Fate::Captured) => None,
        Some(&Fate::Moved { square, moves }) => Some((square, piece.budget.saturating_sub(moves))),
    }
}

/// The gadget colour of a label (none when it names no gadget).
fn label_class(label: Option<&str>) -> Option<GadgetClass> {
    let head = label?.split_whitespace().next()?;
    let gadget = head.split_once('#').map_or(head, |(name, _)| name);
    Some(GadgetClass::of(gadget))
}

/// Validates every move on a compact replay of the source. Returns what the first `step`
/// moves did to the pieces they touched, and with `timeline` the initial squares of the
/// mover and the captured piece of every move.
#[allow(clippy::type_complexity)]
fn replay(
    source: &dyn PieceSource,
    moves: &[Move],
    step: usize,
    timeline: bool,
) -> Result<(HashMap<Square, Fate>, Vec<(Square, Square)>), RenderError> {
    let mut fate = HashMap::new();
    let mut origins = Vec::new();
    if moves.is_empty() {
        return Ok((fate, origins));
    }
    let mut position = source.replay()?;
    // The initial square of each piece standing elsewhere (a capture never fills an
    // empty square, so any other occupied square holds its initial piece).
    let mut origin: HashMap<Square, Square> = HashMap::new();
    let tracked = if timeline { moves.len() } else { step };
    for (index, &mv) in moves.iter().enumerate() {
        position
            .apply(mv)
            .map_err(|reason| IllegalStep { index, mv, reason })?;
        if index >= tracked {
            continue;
        }
        let mover = origin.remove(&mv.from).unwrap_or(mv.from);
        let captured = origin.remove(&mv.to).unwrap_or(mv.to);
        origin.insert(mv.to, mover);
        if timeline {
            origins.push((mover, captured));
        }
        if index < step {
            fate.insert(captured, Fate::Captured);
            let moves = match fate.get(&mover) {
                Some(Fate::Moved { moves, .. }) => moves + 1,
                _ => 1,
            };
            fate.insert(
                mover,
                Fate::Moved {
                    square: mv.to,
                    moves,
                },
            );
        }
    }
    Ok((fate, origins))
}

/// Flow groups: squares by gadget, instance and flow letter.
type FlowGroups = BTreeMap<(String, Option<u32>, char), Vec<Square>>;

/// What one pass over the pieces gathers.
struct Survey<'f> {
    region: Region,
    fate: &'f HashMap<Square, Fate>,
    /// Gadget classes and marks are gathered.
    gadgets: bool,
    /// Flow groups are gathered (for the flow arrows of the piece level).
    flows_wanted: bool,
    schematic: Option<SchematicBuilder>,
    visible: usize,
    kinds: BTreeSet<PieceKind>,
    dot_counts: BTreeMap<Rgb, usize>,
    classes: BTreeSet<GadgetClass>,
    marks: Vec<(Square, Mark)>,
    flows: FlowGroups,
    /// Squares and directions of the rays that must stay empty.
    rays: Vec<(Square, Direction)>,
    /// Ids (board order) of the pieces the timeline names, by initial square.
    ids: HashMap<Square, u32>,
    next_id: u32,
}

impl Survey<'_> {
    fn add(&mut self, piece: PieceRecord<'_>) {
        let id = self.next_id;
        self.next_id += 1;
        if let Some(slot) = self.ids.get_mut(&piece.square) {
            *slot = id;
        }
        if let Some((square, budget)) = now(self.fate, &piece)
            && self.region.contains(square)
        {
            self.visible += 1;
            self.kinds.insert(piece.kind);
            let class = if self.gadgets {
                label_class(piece.label)
            } else {
                None
            };
            *self
                .dot_counts
                .entry(dot_colour(class, budget))
                .or_default() += 1;
        }
        // Gadget squares and marks come from the initial board.
        if !self.gadgets || !self.region.contains(piece.square) {
            return;
        }
        if let Some(schematic) = &mut self.schematic {
            schematic.add(piece.kind, piece.square, piece.label);
        } else if let Some(label) = piece.label {
            let letters = label
                .split_whitespace()
                .filter_map(|token| token.strip_prefix("empty="));
            for letter in letters.flat_map(str::chars) {
                if let Some(direction) = Direction::from_letter(letter.encode_utf8(&mut [0; 4])) {
                    self.rays.push((piece.square, direction));
                }
            }
        }
        let Some(label) = piece.label.and_then(GadgetLabel::parse) else {
            return;
        };
        self.classes.insert(GadgetClass::of(&label.gadget));
        for (set, mark) in [
            (label.input, Mark::Input),
            (label.output, Mark::Output),
            (label.final_square, Mark::Final),
        ] {
            if set {
                self.marks.push((piece.square, mark));
            }
        }
        if let Some(flow) = label.flow
            && self.flows_wanted
        {
            self.flows
                .entry((label.gadget, label.instance, flow.letter()))
                .or_default()
                .push(piece.square);
        }
    }
}

/// One arrow per 8-connected group of `squares` (one gadget, instance and flow), in the
/// order of the groups' first squares, spanning the group along the flow axis through
/// its middle. Holds a byte per square besides the squares.
fn flow_arrows(mut squares: Vec<Square>, flow: Direction, region: Region, arrows: &mut Vec<Arrow>) {
    squares.sort_unstable();
    squares.dedup();
    let mut seen = vec![false; squares.len()];
    let mut stack = Vec::new();
    for start in 0..squares.len() {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        stack.push(start);
        let first = squares[start];
        let (mut top, mut bottom, mut left, mut right) =
            (first.row, first.row, first.col, first.col);
        while let Some(index) = stack.pop() {
            let Square { row, col } = squares[index];
            (top, bottom) = (top.min(row), bottom.max(row));
            (left, right) = (left.min(col), right.max(col));
            for r in row.saturating_sub(1).max(1)..=row.saturating_add(1) {
                for c in col.saturating_sub(1).max(1)..=col.saturating_add(1) {
                    if let Ok(next) = squares.binary_search(&Square::new(r, c))
                        && !seen[next]
                    {
                        seen[next] = true;
                        stack.push(next);
                    }
                }
            }
        }
        arrows.push(group_arrow((top, bottom, left, right), flow, region));
    }
}

/// The arrow of a group spanning rows `top..=bottom` and columns `left..=right`.
fn group_arrow(
    (top, bottom, left, right): (u32, u32, u32, u32),
    flow: Direction,
    region: Region,
) -> Arrow {
    let x0 = (left - region.left) as f64;
    let x1 = (right - region.left + 1) as f64;
    let y0 = (top - region.top) as f64;
    let y1 = (bottom - region.top + 1) as f64;
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
    classes: &BTreeSet<GadgetClass>,
    marks: &[(Square, Mark)],
    flow: bool,
    rays: bool,
    captures: bool,
    dots: Option<bool>,
) -> Vec<LegendEntry> {
    // The budget entries explain pieces; a schematic (`dots` is `None`) draws none.
    let mut entries: Vec<LegendEntry> = dots
        .map(|dots| {
            if dots {
                LegendEntry::DotBudget
            } else {
                LegendEntry::Budget
            }
        })
        .into_iter()
        .collect();
    entries.extend(
        GadgetClass::ALL
            .into_iter()
            .filter(|c| classes.contains(c))
            .map(LegendEntry::Gadget),
    );
    let kinds: BTreeSet<Mark> = marks.iter().map(|&(_, m)| m).collect();
    entries.extend(
        [Mark::Input, Mark::Output, Mark::Final, Mark::LastMove]
            .into_iter()
            .filter(|m| kinds.contains(m))
            .map(LegendEntry::Mark),
    );
    if flow {
        entries.push(LegendEntry::Flow);
    }
    if rays {
        entries.push(LegendEntry::EmptyRay);
    }
    if captures {
        entries.push(LegendEntry::Capture);
    }
    entries
}

#[cfg(test)]
mod tests {
    use super::*;
    use sat2chess_core::board::{Board, Piece};

    /// The visible pieces of `scene`, read again from its source.
    fn pieces(scene: &Scene) -> Vec<ScenePiece> {
        let mut pieces = Vec::new();
        scene
            .pieces(&mut |piece| {
                pieces.push(piece.clone());
                Ok(())
            })
            .unwrap();
        pieces
    }

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
        let scene = Scene::with_timeline(&board, &moves, &options).unwrap();
        let shown = pieces(&scene);
        assert_eq!((shown.len(), scene.visible), (2, 2));
        assert_eq!(shown[0].square, Square::new(1, 2));
        assert_eq!(shown[0].budget, 1);
        assert_eq!(
            scene.captures().collect::<Vec<_>>(),
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
        assert_eq!(pieces(&scene)[5].class, Some(GadgetClass::And));
    }

    #[test]
    fn gadget_kinds_map_to_colour_families() {
        assert_eq!(GadgetClass::of("crossing-g"), GadgetClass::Crossing);
        assert_eq!(GadgetClass::of("variable"), GadgetClass::Variable);
        assert_eq!(GadgetClass::of("shifted-sum"), GadgetClass::Or);
        assert_eq!(GadgetClass::of("one-test"), GadgetClass::OneTest);
        assert_eq!(GadgetClass::of("wire-horizontal"), GadgetClass::Wire);
        assert_eq!(GadgetClass::of("decrement"), GadgetClass::Wire);
        // The rook reduction's gadgets (thesis ch. 7).
        assert_eq!(GadgetClass::of("left_or"), GadgetClass::Or);
        assert_eq!(GadgetClass::of("right_or"), GadgetClass::Or);
        assert_eq!(GadgetClass::of("tomb"), GadgetClass::Tomb);
        assert_eq!(GadgetClass::of("conveyor_belt"), GadgetClass::Conveyor);
        assert_eq!(GadgetClass::of("corner"), GadgetClass::Wire);
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
