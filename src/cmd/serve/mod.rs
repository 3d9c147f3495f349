mod exchange;
mod explore;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context as _, Result};
use axum::Json;
use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::{get, post};
use sat2chess::board::Board;
use sat2chess::choice::Choice as _;
use sat2chess::io::{self, BoardFormat, Content};
use sat2chess::notation::{self, Algebraic};
use sat2chess::rules::{Position, Variant};
use sat2chess::solve::generate::{Level, Request, generate};
use sat2chess::solve::{SolveOptions, Verdict, solve};
use serde::{Deserialize, Serialize};

use super::{code, exit, print_err};
use exchange::{Refused, as_array, as_move, refuse};

/// Examples shown by `sat2chess serve --help`.
pub(crate) const EXAMPLES: &str = "\
Examples:
  sat2chess serve
  sat2chess serve --port 8080
  sat2chess serve board.json --moves moves.json --formula formula.cnf

Open the address printed (http://127.0.0.1:PORT/) in a browser: paste a FEN or a board
file, or make a new puzzle; click a piece to see its legal captures and click a target
to play; undo, reset, ask for a hint or the whole solution (the solver runs on the
server, within --time-limit). The Compiled boards tab shows compiled boards (the one
given here, one loaded from files, or one the formula box compiles) with their gadgets,
zoom and pan, and steps through the certificate showing the variable values decoded
so far. The page is built into the binary; the rules stay on the server, which judges
every move. It listens on 127.0.0.1 only.";

/// Serve the web page to play Solo Chess boards and explore compiled ones.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// A board to open in the page's compiled-board view (format from the extension,
    /// else the content): the way to show boards too large to send from the browser.
    pub(crate) board: Option<PathBuf>,
    /// The board's certificate (a moves file), to step through.
    #[arg(long, requires = "board")]
    pub(crate) moves: Option<PathBuf>,
    /// The formula the board was compiled from (format from the extension, else the
    /// content): the page shows the variable values read off the certificate.
    #[arg(long, requires = "moves")]
    pub(crate) formula: Option<PathBuf>,
    /// The port to listen on (0: any free port, printed).
    #[arg(long, default_value_t = 8033)]
    pub(crate) port: u16,
    /// The solver's time per hint or solution, in seconds.
    #[arg(long, value_parser = super::parse_seconds, default_value = "5")]
    pub(crate) time_limit: Duration,
    #[command(flatten)]
    pub(crate) limit: super::PieceLimit,
}

pub(crate) fn run(args: Args) -> Result<ExitCode> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_io()
        .build()
        .context("starting the server's runtime")?;
    let mut store = explore::Store::new(args.limit.max_pieces);
    if let Some(board) = &args.board {
        print_err(&format!("loading {}\n", board.display()));
        store.open(&explore::Files {
            name: sat2chess::io::display_path(board).display().to_string(),
            board,
            moves: args.moves.as_deref(),
            formula: args.formula.as_deref().map(|path| (path, None)),
        })?;
    }
    let store = Arc::new(store);
    runtime.block_on(async move {
        let address = SocketAddr::from(([127, 0, 0, 1], args.port));
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .with_context(|| format!("listening on {address}"))?;
        let bound = listener.local_addr()?;
        print_err(&format!("serving on http://{bound}/ (Ctrl-C stops)\n"));
        axum::serve(listener, router(args.time_limit, store))
            .await
            .context("serving")?;
        Ok(code(exit::YES))
    })
}

/// The page and the JSON endpoints.
fn router(time_limit: Duration, store: Arc<explore::Store>) -> Router {
    Router::new()
        .route("/", get(|| async { page("text/html", PAGE) }))
        .route("/app.js", get(|| async { page("text/javascript", SCRIPT) }))
        .route(
            "/explore.js",
            get(|| async { page("text/javascript", EXPLORE_SCRIPT) }),
        )
        .route("/style.css", get(|| async { page("text/css", STYLE) }))
        .route("/api/position", post(position))
        .route(
            "/api/solve",
            post(move |body| solve_position(body, time_limit)),
        )
        .route("/api/generate", post(new_puzzle))
        .route("/api/boards", post(explore::upload))
        .route("/api/opening", get(explore::opening))
        .route("/api/boards/{id}/view", get(explore::view))
        .route("/api/compile", post(explore::compile_formula))
        .layer(DefaultBodyLimit::max(UPLOAD_LIMIT))
        .with_state(store)
}

/// The largest request body: a board JSON sent from the page (about 60 bytes a piece).
const UPLOAD_LIMIT: usize = 1 << 30;

const PAGE: &str = include_str!("../../../web/index.html");
const SCRIPT: &str = include_str!("../../../web/app.js");
const EXPLORE_SCRIPT: &str = include_str!("../../../web/explore.js");
const STYLE: &str = include_str!("../../../web/style.css");

fn page(kind: &'static str, body: &'static str) -> impl IntoResponse {
    ([(header::CONTENT_TYPE, kind)], body)
}

/// A board and the captures played on it so far: what every request carries (the
/// server keeps no state).
#[derive(Deserialize)]
struct Game {
    /// The board: FEN, board JSON or the text format.
    board: String,
    /// `chesscom` or `thesis`; default: chesscom for a FEN, thesis otherwise.
    rules: Option<String>,
    /// Captures as `[from row, from col, to row, to col]`.
    #[serde(default)]
    moves: Vec<[u32; 4]>,
}

/// A piece as the page draws it.
#[derive(Serialize)]
struct PieceView {
    row: u32,
    col: u32,
    kind: char,
    budget: u32,
}

/// The position after the moves.
#[derive(Serialize)]
struct PositionView {
    rows: u32,
    cols: u32,
    rules: &'static str,
    pieces: Vec<PieceView>,
    legal: Vec<[u32; 4]>,
    /// Each move played, as printed by `solve` (algebraic on boards up to 26 columns).
    played: Vec<String>,
    solved: bool,
    stuck: bool,
}

/// The game's board and rules, and the position after its moves (each judged by the rules).
fn replay(game: &Game) -> Result<(Board, Variant, Position, Vec<String>), Refused> {
    let format = match io::sniff(&game.board) {
        Content::Board(format) => format,
        _ => BoardFormat::Text,
    };
    let board = format
        .parse(&game.board)
        .map_err(|error| refuse(error, None))?;
    let variant = match game.rules.as_deref() {
        Some(name) => Variant::from_name(name)
            .ok_or_else(|| refuse(format!("unknown rules {name:?}"), None))?,
        None if format == BoardFormat::Fen => Variant::KingLast,
        None => Variant::Standard,
    };
    let algebraic = (board.cols() <= notation::MAX_FILES)
        .then(|| Algebraic::new(board.rows(), board.cols()).ok())
        .flatten();
    let mut position = Position::new(&board, variant);
    let mut played = Vec::new();
    for (index, mv) in game.moves.iter().enumerate() {
        let mv = as_move(mv);
        let mover = position.get(mv.from).map(|piece| piece.kind);
        position
            .apply(mv)
            .map_err(|error| refuse(error, Some(index)))?;
        let name = match (&algebraic, mover) {
            (Some(names), Some(kind)) => names.capture(kind, mv).unwrap_or_else(|_| mv.to_string()),
            _ => mv.to_string(),
        };
        played.push(name);
    }
    Ok((board, variant, position, played))
}

async fn position(Json(game): Json<Game>) -> Result<Json<PositionView>, Refused> {
    let (board, variant, position, played) = replay(&game)?;
    let now = position.to_board();
    let legal: Vec<[u32; 4]> = position.legal_moves().into_iter().map(as_array).collect();
    Ok(Json(PositionView {
        rows: board.rows(),
        cols: board.cols(),
        rules: variant.name(),
        pieces: now
            .pieces()
            .iter()
            .map(|piece| PieceView {
                row: piece.square.row,
                col: piece.square.col,
                kind: piece.kind.letter(),
                budget: piece.budget,
            })
            .collect(),
        solved: now.len() == 1,
        stuck: now.len() > 1 && legal.is_empty(),
        legal,
        played,
    }))
}

/// The solver's answer for the current position.
#[derive(Serialize)]
struct SolutionView {
    /// `solvable`, `unsolvable` or `unknown` (time limit).
    verdict: &'static str,
    /// A solving sequence from the current position (empty unless solvable).
    moves: Vec<[u32; 4]>,
}

async fn solve_position(
    Json(game): Json<Game>,
    time_limit: Duration,
) -> Result<Json<SolutionView>, Refused> {
    let (_, variant, position, _) = replay(&game)?;
    let now = position.to_board();
    let options = SolveOptions {
        variant,
        time_limit: Some(time_limit),
        ..SolveOptions::default()
    };
    let report = tokio::task::spawn_blocking(move || solve(&now, &options))
        .await
        .map_err(|error| refuse(format!("the solver failed: {error}"), None))?;
    Ok(Json(match report.verdict {
        Verdict::Solvable(moves) => SolutionView {
            verdict: "solvable",
            moves: moves.into_iter().map(as_array).collect(),
        },
        Verdict::Unsolvable => SolutionView {
            verdict: "unsolvable",
            moves: Vec::new(),
        },
        Verdict::Unknown => SolutionView {
            verdict: "unknown",
            moves: Vec::new(),
        },
    }))
}

/// A request for a new chess.com puzzle.
#[derive(Deserialize)]
struct PuzzleRequest {
    pieces: usize,
    level: Option<u8>,
    seed: u64,
}

/// A new puzzle, as FEN.
#[derive(Serialize)]
struct PuzzleView {
    board: String,
    level: u8,
}

async fn new_puzzle(Json(asked): Json<PuzzleRequest>) -> Result<Json<PuzzleView>, Refused> {
    if !(2..=12).contains(&asked.pieces) {
        return Err(refuse("a puzzle of the page has 2 to 12 pieces", None));
    }
    let request = Request {
        rows: 8,
        cols: 8,
        pieces: asked.pieces,
        budget: 2,
        mix: sat2chess::board::PieceKind::ALL.to_vec(),
        variant: Variant::KingLast,
        unique: true,
        level: asked.level.and_then(Level::new),
        seed: asked.seed,
        attempts: 20_000,
    };
    let puzzle = tokio::task::spawn_blocking(move || generate(&request))
        .await
        .map_err(|error| refuse(format!("the generator failed: {error}"), None))?
        .map_err(|error| refuse(error, None))?;
    let board = BoardFormat::Fen
        .write(&puzzle.board)
        .map_err(|error| refuse(error, None))?;
    Ok(Json(PuzzleView {
        board,
        level: puzzle.level.value(),
    }))
}
