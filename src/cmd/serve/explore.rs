//! Compiled boards on the page: a board (with its certificate and formula, when given)
//! is loaded once and kept on the server; the page asks for the region it shows at the
//! certificate's step it shows, and gets an SVG of that region only, drawn by
//! `sat2chess-render` as `sat2chess render --gadgets` draws it (pieces up to
//! [`SCHEMATIC_SIDE`] squares across, the gadget schematic beyond, a coarse overview
//! beyond [`SCHEMATIC_PIECES`] pieces). The variable values come from
//! `pipeline::trace`: the model `sat2chess decode` reads off the certificate, with the
//! move at which each value is read.

use std::collections::{BTreeMap, HashMap};
use std::io::Write as _;
use std::path::Path;
use std::sync::{Arc, Mutex};

use anyhow::{Context as _, Result, bail};
use axum::Json;
use axum::extract::{Path as UrlPath, Query, State};
use sat2chess::board::{PieceKind, Square};
use sat2chess::check::{Replay, ReplayBuilder, SequenceCheck};
use sat2chess::front::{FormulaFormat, Input};
use sat2chess::io::json::PieceRecord;
use sat2chess::reduction::pipeline::{self, Certificate, DecodeJob, Job};
use sat2chess::reduction::{
    BoardFile, CertificateKind, CertificateSink, Decoded, JsonBoard, Limits, Options, ReadAt,
    Reduction, Step,
};
use sat2chess::render::{
    self, Detail, GadgetClass, PieceSource, Region, RenderError, RenderOptions, SCHEMATIC_SIDE,
    Scene,
};
use sat2chess::rules::{Move, Variant};
use serde::{Deserialize, Serialize};

use super::exchange::{Refused, as_array, refuse};

/// Above this many pieces in the region the view is an overview (the squares' gadget
/// colours on a coarse grid) instead of the schematic, whose boxes and lines would make
/// too large a page.
const SCHEMATIC_PIECES: usize = 200_000;

/// Cells along the longer side of an overview.
const OVERVIEW_CELLS: u32 = 256;

/// Boards kept at once (the oldest is dropped when another is loaded).
const KEPT_BOARDS: usize = 4;

/// A board's pieces held for the views: 17 bytes a piece, each distinct label once.
#[derive(Default)]
struct Pieces {
    extent: (u32, u32),
    squares: Vec<Square>,
    kinds: Vec<PieceKind>,
    budgets: Vec<u32>,
    /// Index into `names`; `u32::MAX`: no label.
    labels: Vec<u32>,
    names: Vec<String>,
}

impl Pieces {
    /// Adds the next piece; `index` finds the labels met before in `names`.
    fn push(&mut self, piece: PieceRecord<'_>, index: &mut HashMap<String, u32>) {
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

    fn label(&self, piece: usize) -> Option<&str> {
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
struct GadgetView {
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
fn gadgets(pieces: &Pieces) -> Vec<GadgetView> {
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
struct VariableView {
    name: String,
    value: bool,
    /// When the value is read: `start` (a constant of the transformation chain),
    /// `move` (at move `at`), `free` (no move decides it), `end` (the target reads its
    /// model off the whole sequence).
    read: &'static str,
    at: Option<u64>,
    /// The initial square of the piece whose first capture decides the value.
    square: Option<[u32; 2]>,
}

/// A loaded board.
struct Explored {
    name: String,
    pieces: Pieces,
    moves: Vec<Move>,
    /// For each move, the pieces (indices in `pieces`) that move and are captured.
    captures: Vec<(u32, u32)>,
    /// The position at the step last drawn.
    cursor: Mutex<Cursor>,
    /// The checker's verdict on the moves (`VALID: …`, `INCOMPLETE: …`).
    verdict: Option<String>,
    target: Option<String>,
    gadgets: Vec<GadgetView>,
    variables: Vec<VariableView>,
    /// Why there are no variable values, if there are none.
    note: Option<String>,
}

/// What the page learns about a loaded board.
#[derive(Serialize)]
pub(super) struct BoardInfo {
    id: u64,
    name: String,
    rows: u32,
    cols: u32,
    pieces: usize,
    target: Option<String>,
    moves: usize,
    verdict: Option<String>,
    gadgets: Vec<GadgetView>,
    variables: Vec<VariableView>,
    note: Option<String>,
}

/// The boards the server keeps, by id.
pub(super) struct Store {
    boards: Mutex<(u64, BTreeMap<u64, Arc<Explored>>)>,
    /// Refuse work estimated above this many pieces (compiling, decoding).
    max_pieces: u64,
    /// The board given on the command line.
    opening: Option<u64>,
}

impl Store {
    pub(super) fn new(max_pieces: u64) -> Store {
        Store {
            boards: Mutex::default(),
            max_pieces,
            opening: None,
        }
    }

    /// Loads the board given on the command line (`sat2chess serve BOARD --moves M
    /// --formula F`), which the page opens at once.
    pub(super) fn open(&mut self, files: &Files) -> Result<()> {
        let board = load(files, self.max_pieces)?;
        self.opening = Some(self.keep(board).id);
        Ok(())
    }

    fn boards(&self) -> std::sync::MutexGuard<'_, (u64, BTreeMap<u64, Arc<Explored>>)> {
        self.boards
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Keeps `board` (dropping the oldest beyond [`KEPT_BOARDS`]) and describes it.
    fn keep(&self, board: Explored) -> BoardInfo {
        let board = Arc::new(board);
        let mut boards = self.boards();
        boards.0 += 1;
        let id = boards.0;
        boards.1.insert(id, Arc::clone(&board));
        while boards.1.len() > KEPT_BOARDS {
            boards.1.pop_first();
        }
        info(id, &board)
    }

    fn get(&self, id: u64) -> Result<Arc<Explored>, Refused> {
        self.boards().1.get(&id).cloned().ok_or_else(|| {
            refuse(
                format!("no board {id} (the server keeps the last {KEPT_BOARDS})"),
                None,
            )
        })
    }
}

fn info(id: u64, board: &Explored) -> BoardInfo {
    BoardInfo {
        id,
        name: board.name.clone(),
        rows: board.pieces.extent.0,
        cols: board.pieces.extent.1,
        pieces: board.pieces.squares.len(),
        target: board.target.clone(),
        moves: board.moves.len(),
        verdict: board.verdict.clone(),
        gadgets: board.gadgets.clone(),
        variables: board.variables.clone(),
        note: board.note.clone(),
    }
}

/// Files to load: a board, optionally a certificate and the formula it was compiled
/// from.
pub(super) struct Files<'a> {
    pub(super) name: String,
    pub(super) board: &'a Path,
    pub(super) moves: Option<&'a Path>,
    pub(super) formula: Option<(&'a Path, Option<FormulaFormat>)>,
}

/// Reads the board (checked as `check` reads it), the moves (checked against it) and,
/// with a formula and a certificate, the variable values read off the certificate.
fn load(files: &Files, max_pieces: u64) -> Result<Explored> {
    let mut pieces = Pieces::default();
    let mut labels = HashMap::new();
    let replay =
        sat2chess::check::load_board_with(files.board, None, Variant::Standard, &mut |piece| {
            pieces.push(piece, &mut labels)
        })?;
    drop(labels);
    let extent = replay.extent();
    pieces.extent = (extent.rows, extent.cols);
    let target = provenance_target(files.board);
    let (moves, verdict) = match files.moves {
        None => (Vec::new(), None),
        Some(path) => {
            let moves = sat2chess::io::read_moves(path, pieces.extent)?;
            let mut check = SequenceCheck::new(replay);
            for &mv in &moves {
                check.step(mv);
            }
            let report = check.report();
            if report.illegal.is_some() {
                bail!("{}: {report}", sat2chess::io::display_path(path).display());
            }
            (moves, Some(report.to_string()))
        }
    };
    let captures = captures(&pieces.squares, &moves);
    let (variables, note) = match (files.moves, files.formula) {
        (Some(moves), Some((formula, format))) => {
            let input = sat2chess::front::load(formula, format)?;
            let name = sat2chess::io::display_path(formula).display().to_string();
            match variables(&input, &name, files.board, moves, max_pieces) {
                Ok(variables) => (variables, None),
                Err(error) => (Vec::new(), Some(format!("{error:#}"))),
            }
        }
        (Some(_), None) => (
            Vec::new(),
            Some("give the formula too to see the variable values".to_owned()),
        ),
        (None, _) => (
            Vec::new(),
            Some("give a certificate (moves file) to step through it".to_owned()),
        ),
    };
    Ok(Explored {
        name: files.name.clone(),
        gadgets: gadgets(&pieces),
        cursor: Mutex::new(Cursor::new(&pieces)),
        pieces,
        moves,
        captures,
        verdict,
        target,
        variables,
        note,
    })
}

/// The pieces (indices into `squares`, the initial squares) each of `moves` (legal
/// captures) moves and captures.
fn captures(squares: &[Square], moves: &[Move]) -> Vec<(u32, u32)> {
    // Squares are only ever emptied: the piece on each initial square, by square.
    let mut by_square: Vec<(Square, u32)> = squares.iter().copied().zip(0..).collect();
    by_square.sort_unstable();
    let slot = |square: Square, by_square: &[(Square, u32)]| {
        by_square
            .binary_search_by_key(&square, |&(square, _)| square)
            .expect("a legal capture joins two occupied squares")
    };
    moves
        .iter()
        .map(|mv| {
            let from = slot(mv.from, &by_square);
            let to = slot(mv.to, &by_square);
            let (mover, captured) = (by_square[from].1, by_square[to].1);
            by_square[to].1 = mover;
            (mover, captured)
        })
        .collect()
}

/// The pieces after some moves of the certificate: squares, budgets and which are left.
struct Cursor {
    step: usize,
    squares: Vec<Square>,
    budgets: Vec<u32>,
    left: Vec<bool>,
}

impl Cursor {
    fn new(pieces: &Pieces) -> Cursor {
        Cursor {
            step: 0,
            squares: pieces.squares.clone(),
            budgets: pieces.budgets.clone(),
            left: vec![true; pieces.squares.len()],
        }
    }

    /// Plays or takes back moves until `step` moves are played.
    fn seek(&mut self, step: usize, board: &Explored) {
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

/// Some pieces of a board at a step, with the board's extent and labels: what a view
/// of a region draws (the pieces in it and those the moves shown take part in).
struct Cropped<'a> {
    pieces: &'a Pieces,
    /// Index, square and budget of each piece kept.
    kept: Vec<(u32, Square, u32)>,
}

impl PieceSource for Cropped<'_> {
    fn extent(&self) -> (u32, u32) {
        self.pieces.extent
    }

    fn read(&self, sink: &mut dyn FnMut(PieceRecord<'_>)) -> Result<(), RenderError> {
        for &(piece, square, budget) in &self.kept {
            sink(PieceRecord {
                kind: self.pieces.kinds[piece as usize],
                square,
                budget,
                label: self.pieces.label(piece as usize),
            });
        }
        Ok(())
    }

    fn replay(&self) -> Result<Replay, RenderError> {
        let mut builder = ReplayBuilder::default();
        for &(piece, square, budget) in &self.kept {
            builder.push(self.pieces.kinds[piece as usize], square, budget);
        }
        let (rows, cols) = self.pieces.extent;
        Ok(builder
            .finish(rows, cols, Variant::Standard)
            .expect("pieces of a checked position"))
    }
}

/// The target a board JSON's provenance names, if it has one.
fn provenance_target(board: &Path) -> Option<String> {
    let file = sat2chess::io::open_text(board).ok()?;
    let provenance = sat2chess::io::json::read_provenance(file).ok()??;
    Some(provenance.get("target")?.as_str()?.to_owned())
}

/// The variable values `sat2chess decode` reads off the certificate, each with when it
/// is read ([`pipeline::trace`]).
fn variables(
    input: &Input,
    name: &str,
    board: &Path,
    moves: &Path,
    max_pieces: u64,
) -> Result<Vec<VariableView>> {
    let job = DecodeJob {
        targets: &sat2chess::targets::TARGETS,
        target: None,
        board: BoardFile {
            path: board.to_owned(),
            format: None,
        },
        certificate: moves,
        source: input,
        source_name: name,
        options: Options::default(),
        limits: Limits {
            max_pieces,
            max_side: i64::try_from(max_pieces).unwrap_or(i64::MAX),
        },
    };
    let trace = pipeline::trace(&job, &())?;
    let model = match trace.decoded {
        Decoded::Model(model) => model,
        Decoded::Refused { report, .. } => {
            bail!("the certificate does not solve the board: {report}")
        }
    };
    let names: Vec<String> = match input {
        Input::Cnf(cnf) => (1..=cnf.num_vars).map(|v| v.to_string()).collect(),
        Input::AndOr(formula) => formula.names.clone(),
        Input::Rbds(rbds) => (1..=rbds.reds).map(|red| format!("red {red}")).collect(),
    };
    Ok(trace
        .reads
        .iter()
        .zip(names)
        .enumerate()
        .map(|(index, (read, name))| {
            let (kind, at) = match read.at {
                ReadAt::Start => ("start", None),
                ReadAt::Move(at) => ("move", Some(at)),
                ReadAt::Free => ("free", None),
                ReadAt::End => ("end", None),
            };
            VariableView {
                name,
                value: model.0[index],
                read: kind,
                at,
                square: read.square.map(|s| [s.row, s.col]),
            }
        })
        .collect())
}

/// Board, certificate and formula as the page sends them (texts, any format `check`
/// and `decode` read).
#[derive(Deserialize)]
pub(super) struct Upload {
    name: Option<String>,
    board: String,
    moves: Option<String>,
    formula: Option<String>,
}

/// A scratch directory for the files of one request (removed when dropped).
fn scratch() -> Result<tempfile::TempDir> {
    tempfile::Builder::new()
        .prefix("sat2chess-serve-")
        .tempdir()
        .context("creating a scratch directory")
}

fn write(dir: &Path, name: &str, text: &str) -> Result<std::path::PathBuf> {
    let path = dir.join(name);
    std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
    Ok(path)
}

/// Loads the board, moves and formula texts of `upload` (through files, as the command
/// line reads them).
fn load_upload(upload: &Upload, max_pieces: u64) -> Result<Explored> {
    let dir = scratch()?;
    let board = write(dir.path(), "board", &upload.board)?;
    let moves = upload
        .moves
        .as_deref()
        .filter(|text| !text.trim().is_empty())
        .map(|text| write(dir.path(), "moves", text))
        .transpose()?;
    let formula = upload
        .formula
        .as_deref()
        .filter(|text| !text.trim().is_empty())
        .map(|text| write(dir.path(), "formula", text))
        .transpose()?;
    load(
        &Files {
            name: upload
                .name
                .clone()
                .unwrap_or_else(|| "pasted board".to_owned()),
            board: &board,
            moves: moves.as_deref(),
            formula: formula.as_deref().map(|path| (path, None)),
        },
        max_pieces,
    )
}

pub(super) async fn upload(
    State(store): State<Arc<Store>>,
    Json(upload): Json<Upload>,
) -> Result<Json<BoardInfo>, Refused> {
    let max_pieces = store.max_pieces;
    let board = blocking(move || load_upload(&upload, max_pieces)).await?;
    Ok(Json(store.keep(board)))
}

/// Runs `work` off the server's threads; its error becomes the refusal.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T> + Send + 'static,
) -> Result<T, Refused> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|error| refuse(format!("internal error: {error}"), None))?
        .map_err(|error| refuse(format!("{error:#}"), None))
}

/// The board given on the command line (`sat2chess serve BOARD`), while it is kept.
pub(super) async fn opening(State(store): State<Arc<Store>>) -> Json<Option<BoardInfo>> {
    let boards = store.boards();
    Json(
        store
            .opening
            .and_then(|id| Some(info(id, boards.1.get(&id)?))),
    )
}

/// A formula to compile from the formula box.
#[derive(Deserialize)]
pub(super) struct Compile {
    formula: String,
    /// `dimacs` or `andor`; default: from the content.
    format: Option<String>,
    /// A target whose certificate is a capture sequence.
    target: String,
}

/// Collects a capture certificate.
#[derive(Default)]
struct Captures(Vec<Move>);

impl CertificateSink for Captures {
    fn start(&mut self, kind: CertificateKind) -> std::io::Result<()> {
        match kind {
            CertificateKind::Captures => Ok(()),
            CertificateKind::Placement => Err(std::io::Error::other(
                "the page steps through capture sequences, not placements",
            )),
        }
    }

    fn step(&mut self, step: Step) -> std::io::Result<()> {
        match step {
            Step::Capture(mv) => {
                self.0.push(mv);
                Ok(())
            }
            Step::Place(_) => Err(std::io::Error::other("a placement in a capture sequence")),
        }
    }

    fn finish(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Compiles the formula as `sat2chess compile FORMULA --to TARGET --certify` does and
/// loads the board with its certificate and the variable values.
fn compile(asked: &Compile, max_pieces: u64) -> Result<Explored> {
    use sat2chess::choice::Choice as _;
    let reduction: &dyn Reduction = sat2chess::targets::target(&asked.target)
        .with_context(|| format!("no target {:?}", asked.target))?;
    if reduction.certificate() != CertificateKind::Captures {
        bail!(
            "the page steps through capture sequences; {} certificates are placements",
            reduction.name()
        );
    }
    let format = match asked.format.as_deref() {
        None | Some("") => None,
        Some(name) => Some(
            FormulaFormat::from_name(name)
                .with_context(|| format!("no formula format {name:?}"))?,
        ),
    };
    let input = sat2chess::front::parse_bytes(asked.formula.as_bytes().to_vec(), format)
        .context("the formula")?;
    let dir = scratch()?;
    let formula = write(dir.path(), "formula", &asked.formula)?;
    let board_path = dir.path().join("board.json");
    let source_name = "the formula box";
    let job = Job {
        reduction,
        source: &input,
        source_name,
        options: Options::default(),
        limits: Limits {
            max_pieces,
            max_side: i64::try_from(max_pieces).unwrap_or(i64::MAX),
        },
    };
    let file = std::fs::File::create(&board_path)
        .with_context(|| format!("writing {}", board_path.display()))?;
    let mut sink = JsonBoard::new(std::io::BufWriter::new(file));
    let mut captures = Captures::default();
    let outcome = pipeline::compile(&job, &mut sink, Some(&mut captures), &())?;
    if let Some(mut board) = sink.into_finished() {
        board.flush().context("writing the board")?;
    }
    let moves_path = match outcome.certificate {
        Some(Certificate::Written { .. }) => Some(write(
            dir.path(),
            "moves.json",
            &sat2chess::io::json::write_moves(&captures.0),
        )?),
        _ => None,
    };
    let mut board = load(
        &Files {
            name: format!("{} board of the formula box", reduction.name()),
            board: &board_path,
            moves: moves_path.as_deref(),
            formula: Some((&formula, format)),
        },
        max_pieces,
    )?;
    if moves_path.is_none() {
        board.note = Some("the formula is unsatisfiable: the board has no solution".to_owned());
    }
    Ok(board)
}

pub(super) async fn compile_formula(
    State(store): State<Arc<Store>>,
    Json(asked): Json<Compile>,
) -> Result<Json<BoardInfo>, Refused> {
    let max_pieces = store.max_pieces;
    let board = blocking(move || compile(&asked, max_pieces)).await?;
    Ok(Json(store.keep(board)))
}

/// A region of a board at a step of its certificate.
#[derive(Deserialize)]
pub(super) struct ViewQuery {
    top: u32,
    left: u32,
    bottom: u32,
    right: u32,
    #[serde(default)]
    step: usize,
}

/// What the page draws for a region.
#[derive(Serialize)]
pub(super) struct View {
    /// `pieces`, `schematic` or `overview`.
    detail: &'static str,
    /// The region drawn (the one asked for, clipped to the board).
    region: [u32; 4],
    /// The SVG of the region (`pieces`, `schematic`), in board units from the region's
    /// top-left corner.
    svg: Option<String>,
    /// The overview: rows of characters, one a cell of `cell`×`cell` squares: `.`
    /// empty, else the index (`0`, `1`, …) in `colours` of the cell's colour (see
    /// [`overview`]).
    overview: Option<Overview>,
    /// Pieces in the region (at the step).
    visible: usize,
    /// The move played last (`step` > 0) and the move to come, as `[from row, from
    /// col, to row, to col]`.
    last: Option<[u32; 4]>,
    next: Option<[u32; 4]>,
}

#[derive(Serialize)]
pub(super) struct Overview {
    cell: u32,
    rows: Vec<String>,
    colours: Vec<String>,
}

pub(super) async fn view(
    State(store): State<Arc<Store>>,
    UrlPath(id): UrlPath<u64>,
    Query(query): Query<ViewQuery>,
) -> Result<Json<View>, Refused> {
    let board = store.get(id)?;
    Ok(Json(blocking(move || draw(&board, &query)).await?))
}

/// The view of `query`'s region of `board`.
fn draw(board: &Explored, query: &ViewQuery) -> Result<View> {
    let (rows, cols) = board.pieces.extent;
    let region = Region {
        top: query.top.clamp(1, rows),
        left: query.left.clamp(1, cols),
        bottom: query.bottom.clamp(1, rows),
        right: query.right.clamp(1, cols),
    };
    if region.top > region.bottom || region.left > region.right {
        bail!(
            "the region {},{},{},{} is empty",
            query.top,
            query.left,
            query.bottom,
            query.right
        );
    }
    let step = query.step;
    if step > board.moves.len() {
        bail!(
            "step {step} is beyond the end of the {}-move certificate",
            board.moves.len()
        );
    }
    let in_region = board
        .pieces
        .squares
        .iter()
        .filter(|&&square| region.contains(square))
        .count();
    let move_at = |index: usize| board.moves.get(index).map(|&mv| as_array(mv));
    let mut view = View {
        detail: "pieces",
        region: [region.top, region.left, region.bottom, region.right],
        svg: None,
        overview: None,
        visible: in_region,
        last: step.checked_sub(1).and_then(move_at),
        next: move_at(step),
    };
    let schematic = region.rows().max(region.cols()) > SCHEMATIC_SIDE;
    if schematic && in_region > SCHEMATIC_PIECES {
        view.detail = "overview";
        view.overview = Some(overview(&board.pieces, region));
        return Ok(view);
    }
    let options = RenderOptions {
        region: Some(region),
        coordinates: false,
        gadgets: true,
        detail: if schematic {
            Detail::Schematic
        } else {
            Detail::Pieces
        },
        ..RenderOptions::default()
    };
    let mut svg = Vec::new();
    let scene;
    let cropped;
    if schematic {
        // The gadgets stay where they were built: a schematic is of the initial board.
        scene = Scene::build(&board.pieces, &[], &options)?;
    } else {
        // The position before the last move (none at step 0), the pieces in the region
        // and those of the move played last and the move to come: the scene replays
        // these two moves and shows the last shaded, the next as an arrow.
        let first = step.saturating_sub(1);
        let shown = first..board.moves.len().min(step + 1);
        let mut cursor = board.cursor.lock().unwrap_or_else(|e| e.into_inner());
        cursor.seek(first, board);
        let movers: Vec<u32> = shown
            .clone()
            .flat_map(|index| [board.captures[index].0, board.captures[index].1])
            .collect();
        let kept = (0..board.pieces.squares.len() as u32)
            .filter(|&piece| {
                cursor.left[piece as usize]
                    && (region.contains(cursor.squares[piece as usize]) || movers.contains(&piece))
            })
            .map(|piece| {
                (
                    piece,
                    cursor.squares[piece as usize],
                    cursor.budgets[piece as usize],
                )
            })
            .collect();
        drop(cursor);
        cropped = Cropped {
            pieces: &board.pieces,
            kept,
        };
        let options = RenderOptions {
            step: Some(step - first),
            ..options
        };
        scene = Scene::build(&cropped, &board.moves[shown], &options)?;
    }
    render::svg::write(&scene, &mut svg)?;
    view.detail = if scene.schematic.is_some() {
        "schematic"
    } else {
        "pieces"
    };
    view.visible = scene.visible;
    view.svg = Some(String::from_utf8(svg).context("the SVG writer wrote UTF-8")?);
    Ok(view)
}

/// The colour of each cell of a coarse grid over `region`: the commonest gadget class of
/// its pieces other than wires, else wires, else unlabelled pieces.
fn overview(pieces: &Pieces, region: Region) -> Overview {
    let cell = region
        .rows()
        .max(region.cols())
        .div_ceil(OVERVIEW_CELLS)
        .max(1);
    let (height, width) = (region.rows().div_ceil(cell), region.cols().div_ceil(cell));
    // Counts per class: the gadget classes, then unlabelled pieces.
    let unlabelled = GadgetClass::ALL.len();
    let classes = unlabelled + 1;
    let wire = GadgetClass::ALL
        .iter()
        .position(|&class| class == GadgetClass::Wire)
        .expect("wires are a class");
    let mut counts = vec![0u32; (height * width) as usize * classes];
    for piece in 0..pieces.squares.len() {
        let square = pieces.squares[piece];
        if !region.contains(square) {
            continue;
        }
        let class = pieces
            .label(piece)
            .and_then(|label| label.split_whitespace().next())
            .map_or(unlabelled, |head| {
                let kind = head.split_once('#').map_or(head, |(kind, _)| kind);
                GadgetClass::ALL
                    .iter()
                    .position(|&class| class == GadgetClass::of(kind))
                    .expect("every kind has a class")
            });
        let (r, c) = (
            (square.row - region.top) / cell,
            (square.col - region.left) / cell,
        );
        counts[((r * width + c) as usize) * classes + class] += 1;
    }
    let rows = (0..height)
        .map(|r| {
            (0..width)
                .map(|c| {
                    let cell = &counts[((r * width + c) as usize) * classes..][..classes];
                    // Wires are everywhere: a gadget in the cell shows over them.
                    let gadget = (0..unlabelled)
                        .filter(|&class| class != wire && cell[class] > 0)
                        .max_by_key(|&class| (cell[class], std::cmp::Reverse(class)));
                    gadget
                        .or_else(|| [wire, unlabelled].into_iter().find(|&c| cell[c] > 0))
                        .map_or('.', |class| {
                            // One base-36 digit per cell: up to 36 colours.
                            char::from_digit(class as u32, 36).expect("at most 36 classes")
                        })
                })
                .collect()
        })
        .collect();
    let mut colours: Vec<String> = GadgetClass::ALL
        .iter()
        .map(|class| class.colour().to_string())
        .collect();
    colours.push(sat2chess::render::palette::DOT.to_string());
    Overview {
        cell,
        rows,
        colours,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_overview_shows_gadgets_over_wires() {
        let mut pieces = Pieces {
            extent: (1000, 1000),
            ..Pieces::default()
        };
        let mut labels = HashMap::new();
        for (row, col, label) in [
            (1, 1, Some("wire flow=E")),
            (1, 2, Some("wire flow=E")),
            (2, 2, Some("and#1")),
            (9, 9, Some("corner#4")),
            (600, 600, None),
        ] {
            let record = PieceRecord {
                kind: PieceKind::King,
                square: Square::new(row, col),
                budget: 2,
                label,
            };
            pieces.push(record, &mut labels);
        }
        let whole = Region {
            top: 1,
            left: 1,
            bottom: 1000,
            right: 1000,
        };
        let view = overview(&pieces, whole);
        assert_eq!(view.cell, 4);
        assert_eq!(view.rows.len(), 250);
        let colour = |row: usize, col: usize| {
            let digit = char::from(view.rows[row].as_bytes()[col]);
            let index = digit.to_digit(36).map(|index| index as usize);
            index.map(|index| view.colours[index].clone())
        };
        assert_eq!(colour(0, 0), Some(GadgetClass::And.colour().to_string()));
        assert_eq!(colour(2, 2), Some(GadgetClass::Wire.colour().to_string()));
        assert_eq!(colour(149, 149), Some(render::palette::DOT.to_string()));
        let filled = view
            .rows
            .iter()
            .flat_map(|row| row.bytes())
            .filter(|&b| b != b'.');
        assert_eq!(filled.count(), 3);
    }
}
