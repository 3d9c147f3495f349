//! Compiled boards on the page: a board (with its certificate and formula, when given)
//! is loaded once and kept on the server; the page asks for the region it shows at the
//! certificate's step it shows, and gets an SVG of that region only, drawn by
//! `sat2chess-render` as `sat2chess render --gadgets` draws it (pieces up to
//! [`SCHEMATIC_SIDE`](sat2chess::render::SCHEMATIC_SIDE) squares across, the gadget schematic beyond, a coarse overview
//! beyond [`SCHEMATIC_PIECES`](view::SCHEMATIC_PIECES) pieces). The variable values come from
//! `pipeline::trace`: the model `sat2chess decode` reads off the certificate, with the
//! move at which each value is read.
//!
//! The submodules hold the board as kept (`board`), the loading (`load`) and the views
//! (`view`); this module keeps the boards and answers the page's requests.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use anyhow::Result;
use axum::Json;
use axum::extract::{Path as UrlPath, Query, State};
use serde::Serialize;

use super::exchange::{Refused, refuse};

mod board;
mod load;
mod view;

use board::{Explored, GadgetView, VariableView};
pub(super) use load::Files;
use load::{Compile, Upload, compile, load, load_upload};
use view::{View, ViewQuery, draw};

/// Boards kept at once (the oldest is dropped when another is loaded).
const KEPT_BOARDS: usize = 4;

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

pub(super) async fn compile_formula(
    State(store): State<Arc<Store>>,
    Json(asked): Json<Compile>,
) -> Result<Json<BoardInfo>, Refused> {
    let max_pieces = store.max_pieces;
    let board = blocking(move || compile(&asked, max_pieces)).await?;
    Ok(Json(store.keep(board)))
}

pub(super) async fn view(
    State(store): State<Arc<Store>>,
    UrlPath(id): UrlPath<u64>,
    Query(query): Query<ViewQuery>,
) -> Result<Json<View>, Refused> {
    let board = store.get(id)?;
    Ok(Json(blocking(move || draw(&board, &query)).await?))
}
