// The Solo Chess page: draws the position the server sends and asks the server for
// every rule (legal captures, playing a move, hints); it keeps only the board text and
// the list of moves played.
"use strict";

const GLYPHS = { K: "\u265A", Q: "\u265B", R: "\u265C", B: "\u265D", N: "\u265E", P: "\u265F" };
const NAMES = { K: "king", Q: "queen", R: "rook", B: "bishop", N: "knight", P: "pawn" };
const SVG = "http://www.w3.org/2000/svg";
const game = { board: null, rules: "", moves: [], view: null, selected: null, hint: null };

const $ = (id) => document.getElementById(id);

async function api(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw Object.assign(new Error(data.error), data);
  return data;
}

function request(moves) {
  const body = { board: game.board, moves };
  if (game.rules) body.rules = game.rules;
  return body;
}

function status(text, kind) {
  const line = $("status");
  line.textContent = text;
  line.className = kind || "";
}

async function refresh(moves) {
  const view = await api("/api/position", request(moves));
  game.moves = moves;
  game.view = view;
  game.selected = null;
  game.hint = null;
  draw();
  const left = view.pieces.length;
  if (view.solved) status("Solved! One piece left.", "solved");
  else if (view.stuck) status(`Stuck: ${left} pieces and no capture left — undo or reset.`, "refused");
  else status(`${left} pieces left, ${view.legal.length} legal captures.`);
  return view;
}

function draw() {
  const view = game.view;
  const svg = $("board");
  const cell = 70;
  svg.setAttribute("viewBox", `0 0 ${view.cols * cell} ${view.rows * cell}`);
  svg.replaceChildren();
  const kingLast = view.rules === "chesscom";
  const kings = view.pieces.filter((p) => p.kind === "K").length;
  $("rules-line").textContent =
    (kingLast ? "Rules: chess.com — a king may not be captured, it must be the last piece" : "Rules: thesis — any piece may be captured") +
    (kingLast && kings ? " (king on the board)" : "") +
    ". Dots: captures left.";
  const targets = new Set();
  if (game.selected) {
    for (const [fr, fc, tr, tc] of view.legal)
      if (fr === game.selected[0] && fc === game.selected[1]) targets.add(`${tr},${tc}`);
  }
  const last = game.moves.length ? game.moves[game.moves.length - 1] : null;
  for (let row = 1; row <= view.rows; row++) {
    for (let col = 1; col <= view.cols; col++) {
      const square = document.createElementNS(SVG, "rect");
      const classes = ["square", (row + col) % 2 ? "dark" : "light"];
      const key = `${row},${col}`;
      if (last && last[2] === row && last[3] === col) classes.push("last");
      if (game.selected && game.selected[0] === row && game.selected[1] === col) classes.push("selected");
      if (targets.has(key)) classes.push("target");
      if (game.hint && game.hint[0] === row && game.hint[1] === col) classes.push("hint-from");
      if (game.hint && game.hint[2] === row && game.hint[3] === col) classes.push("hint-to");
      square.setAttribute("class", classes.join(" "));
      square.setAttribute("x", (col - 1) * cell);
      square.setAttribute("y", (row - 1) * cell);
      square.setAttribute("width", cell);
      square.setAttribute("height", cell);
      square.dataset.square = key;
      square.addEventListener("click", () => clicked(row, col));
      svg.appendChild(square);
    }
  }
  if (view.cols <= 26) {
    for (let col = 1; col <= view.cols; col++) label(svg, (col - 1) * cell + cell - 9, view.rows * cell - 3, String.fromCharCode(96 + col));
    for (let row = 1; row <= view.rows; row++) label(svg, 2, (row - 1) * cell + 11, String(view.rows - row + 1));
  }
  for (const piece of view.pieces) {
    const x = (piece.col - 0.5) * cell;
    const y = (piece.row - 0.5) * cell;
    const glyph = document.createElementNS(SVG, "text");
    glyph.setAttribute("class", "piece");
    glyph.setAttribute("x", x);
    glyph.setAttribute("y", y + 2);
    glyph.textContent = GLYPHS[piece.kind];
    glyph.dataset.square = `${piece.row},${piece.col}`;
    glyph.dataset.kind = piece.kind;
    const title = document.createElementNS(SVG, "title");
    title.textContent = `${NAMES[piece.kind]} (${piece.row},${piece.col}), ${piece.budget} captures left`;
    glyph.appendChild(title);
    glyph.addEventListener("click", () => clicked(piece.row, piece.col));
    svg.appendChild(glyph);
    const shown = Math.min(Math.max(piece.budget, 2), 4);
    for (let i = 0; i < shown; i++) {
      const dot = document.createElementNS(SVG, "circle");
      dot.setAttribute("class", i < piece.budget ? "budget-dot" : "budget-dot spent");
      dot.setAttribute("cx", x - ((shown - 1) * 9) / 2 + i * 9);
      dot.setAttribute("cy", (piece.row - 1) * cell + cell - 8);
      dot.setAttribute("r", 3.5);
      svg.appendChild(dot);
    }
  }
  const list = $("moves");
  list.replaceChildren(...game.view.played.map((text) => {
    const item = document.createElement("li");
    item.textContent = text;
    return item;
  }));
}

// A square as the page names it: algebraic (e4) on boards of at most 26 columns, else (row,col).
function squareName(row, col) {
  const view = game.view;
  return view.cols <= 26 ? `${String.fromCharCode(96 + col)}${view.rows - row + 1}` : `(${row},${col})`;
}

function label(svg, x, y, text) {
  const node = document.createElementNS(SVG, "text");
  node.setAttribute("class", "coord");
  node.setAttribute("x", x);
  node.setAttribute("y", y);
  node.textContent = text;
  svg.appendChild(node);
}

async function clicked(row, col) {
  if (!game.view) return;
  const here = game.view.pieces.find((p) => p.row === row && p.col === col);
  if (game.selected && !(game.selected[0] === row && game.selected[1] === col) && here) {
    const move = [game.selected[0], game.selected[1], row, col];
    try {
      await refresh([...game.moves, move]);
    } catch (error) {
      game.selected = null;
      draw();
      status(`Refused: ${error.message}`, "refused");
    }
    return;
  }
  game.selected = here && !(game.selected && game.selected[0] === row && game.selected[1] === col) ? [row, col] : null;
  draw();
}

async function thinking(work) {
  $("thinking").hidden = false;
  try {
    return await work();
  } catch (error) {
    status(error.message, "refused");
  } finally {
    $("thinking").hidden = true;
  }
}

async function solveNow() {
  const answer = await api("/api/solve", request(game.moves));
  if (answer.verdict === "unsolvable") status("No solution from here: undo some moves.", "refused");
  if (answer.verdict === "unknown") status("The solver ran out of time.", "refused");
  return answer;
}

$("hint").addEventListener("click", () => thinking(async () => {
  const answer = await solveNow();
  if (answer.moves.length) {
    game.hint = answer.moves[0];
    game.selected = null;
    draw();
    const [fr, fc, tr, tc] = game.hint;
    const mover = NAMES[game.view.pieces.find((p) => p.row === fr && p.col === fc).kind];
    status(`Hint: the ${mover} on ${squareName(fr, fc)} captures on ${squareName(tr, tc)}.`);
  }
}));

$("solution").addEventListener("click", () => thinking(async () => {
  const answer = await solveNow();
  if (answer.moves.length) {
    await refresh([...game.moves, ...answer.moves]);
    status("Solution played out: every capture is listed on the right.", "solved");
  }
}));

$("undo").addEventListener("click", () => game.moves.length && refresh(game.moves.slice(0, -1)));
$("reset").addEventListener("click", () => refresh([]));

async function load(text, rules) {
  const before = [game.board, game.rules];
  game.board = text;
  game.rules = rules;
  try {
    await refresh([]);
  } catch (error) {
    [game.board, game.rules] = before;
    status(`Cannot load the board: ${error.message}`, "refused");
  }
}

$("load").addEventListener("click", async () => {
  const file = $("board-file").files[0];
  const text = file ? await file.text() : $("board-text").value;
  await load(text, $("rules").value);
});

$("new-puzzle").addEventListener("click", () => thinking(async () => {
  const body = { pieces: Number($("pieces").value), seed: Number($("seed").value) };
  if ($("level").value) body.level = Number($("level").value);
  const puzzle = await api("/api/generate", body);
  $("board-text").value = puzzle.board;
  await load(puzzle.board, "");
  $("seed").value = Number($("seed").value) + 1;
}));

$("new-puzzle").click();
