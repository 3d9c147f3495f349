// Compiled boards: the server keeps the board and draws the region the page shows (an
// SVG from sat2chess-render, the same as `sat2chess render --gadgets`); the page places it
// in board units, zooms and pans, labels the gadgets, steps through the certificate and
// shows the variable values the decoder reads as the capture sequence proceeds.
"use strict";

const explore = {
  board: null, // the server's description of the loaded board
  step: 0,
  // The view: the top-left corner in board units (square (r, c) spans x in [c-1, c],
  // y in [r-1, r]) and the scale in pixels per square.
  x: 0, y: 0, scale: 1,
  requested: 0, // number of the latest view request (older answers are dropped)
  timer: null,
  player: null,
  view: null, // the latest view drawn
  stepped: false, // the step changed since the last view (for "follow the moves")
  highlight: null, // the gadget jumped to
};

const SVG_NS = "http://www.w3.org/2000/svg";

function showTab(name) {
  $("play").hidden = name !== "play";
  $("explore").hidden = name !== "explore";
  $("tab-play").classList.toggle("active", name === "play");
  $("tab-explore").classList.toggle("active", name === "explore");
  if (name === "explore" && explore.board) placeView();
}

$("tab-play").addEventListener("click", () => showTab("play"));
$("tab-explore").addEventListener("click", () => showTab("explore"));

function exploreError(text) {
  $("explore-error").textContent = text || "";
}

function size() {
  const svg = $("explore-board");
  return [svg.clientWidth || 760, svg.clientHeight || 600];
}

// The squares in sight, clipped to the board: [top, left, bottom, right].
function visibleRegion() {
  const [width, height] = size();
  const b = explore.board;
  const clip = (v, max) => Math.min(Math.max(v, 1), max);
  return [
    clip(Math.floor(explore.y) + 1, b.rows),
    clip(Math.floor(explore.x) + 1, b.cols),
    clip(Math.ceil(explore.y + height / explore.scale), b.rows),
    clip(Math.ceil(explore.x + width / explore.scale), b.cols),
  ];
}

// Applies the view to the SVG at once and asks the server for the region shortly after
// (the drawing already there is scaled and moved meanwhile).
function placeView() {
  const [width, height] = size();
  $("explore-board").setAttribute("viewBox", `${explore.x} ${explore.y} ${width / explore.scale} ${height / explore.scale}`);
  drawOverlay();
  clearTimeout(explore.timer);
  explore.timer = setTimeout(fetchView, 120);
}

// Centres the view on board point (x, y) at `scale` pixels per square.
function centreOn(x, y, scale) {
  const [width, height] = size();
  explore.scale = scale;
  explore.x = x - width / scale / 2;
  explore.y = y - height / scale / 2;
  placeView();
}

function fit() {
  const [width, height] = size();
  const b = explore.board;
  centreOn(b.cols / 2, b.rows / 2, 0.97 * Math.min(width / b.cols, height / b.rows));
}

// Zooms by `factor` keeping board point under pixel (px, py) in place.
function zoom(factor, px, py) {
  const [width, height] = size();
  if (px === undefined) [px, py] = [width / 2, height / 2];
  const scale = Math.min(Math.max(explore.scale * factor, 0.002), 120);
  const bx = explore.x + px / explore.scale;
  const by = explore.y + py / explore.scale;
  explore.scale = scale;
  explore.x = bx - px / scale;
  explore.y = by - py / scale;
  placeView();
}

async function fetchView() {
  const b = explore.board;
  if (!b) return;
  const [top, left, bottom, right] = visibleRegion();
  const number = ++explore.requested;
  $("drawing").hidden = false;
  try {
    const response = await fetch(`/api/boards/${b.id}/view?top=${top}&left=${left}&bottom=${bottom}&right=${right}&step=${explore.step}`);
    const view = await response.json();
    if (number !== explore.requested) return;
    if (!response.ok) throw new Error(view.error);
    explore.view = view;
    drawTiles(view);
    drawOverlay();
    describeView(view);
    describeStep(view);
    follow(view);
  } catch (error) {
    if (number === explore.requested) exploreError(error.message);
  } finally {
    if (number === explore.requested) $("drawing").hidden = true;
  }
}

// Places the server's drawing of the region in board units.
function drawTiles(view) {
  const tiles = $("tiles");
  const [top, left, bottom, right] = view.region;
  if (view.svg) {
    const drawing = new DOMParser().parseFromString(view.svg, "image/svg+xml").documentElement;
    const [vx, vy, vw, vh] = drawing.getAttribute("viewBox").split(/\s+/).map(Number);
    drawing.removeAttribute("width");
    drawing.removeAttribute("height");
    drawing.setAttribute("x", left - 1 + vx);
    drawing.setAttribute("y", top - 1 + vy);
    drawing.setAttribute("width", vw);
    drawing.setAttribute("height", vh);
    drawing.setAttribute("class", `drawing ${view.detail}`);
    tiles.replaceChildren(document.importNode(drawing, true));
  } else {
    const overview = view.overview;
    const canvas = document.createElement("canvas");
    canvas.width = overview.rows[0].length;
    canvas.height = overview.rows.length;
    const context = canvas.getContext("2d");
    overview.rows.forEach((line, r) => {
      [...line].forEach((cell, c) => {
        if (cell === ".") return;
        context.fillStyle = overview.colours[parseInt(cell, 36)];
        context.fillRect(c, r, 1, 1);
      });
    });
    const image = document.createElementNS(SVG_NS, "image");
    image.setAttribute("href", canvas.toDataURL());
    image.setAttribute("x", left - 1);
    image.setAttribute("y", top - 1);
    image.setAttribute("width", canvas.width * overview.cell);
    image.setAttribute("height", canvas.height * overview.cell);
    image.setAttribute("preserveAspectRatio", "none");
    image.setAttribute("class", "drawing overview");
    const frame = document.createElementNS(SVG_NS, "rect");
    frame.setAttribute("class", "board-frame");
    frame.setAttribute("x", 0);
    frame.setAttribute("y", 0);
    frame.setAttribute("width", explore.board.cols);
    frame.setAttribute("height", explore.board.rows);
    tiles.replaceChildren(frame, image);
  }
}

function describeView(view) {
  const [top, left, bottom, right] = view.region;
  const what = {
    pieces: "pieces",
    schematic: "schematic: gadgets as boxes, wires as lines (zoom in below 64 squares across for the pieces)",
    overview: "overview: the commonest gadget colour of each cell (zoom in for the schematic)",
  }[view.detail];
  $("view-line").textContent = `Rows ${top}–${bottom}, columns ${left}–${right}: ${view.visible.toLocaleString()} pieces; ${what}.`;
  $("explore-board").dataset.detail = view.detail;
}

// Labels, boxes of the gadgets and the variables' tags, in board units scaled to stay
// the same size on screen.
function drawOverlay() {
  const overlay = $("overlay");
  overlay.replaceChildren();
  const b = explore.board;
  if (!b) return;
  const [top, left, bottom, right] = visibleRegion();
  const px = 1 / explore.scale; // one screen pixel in board units
  const font = 12 * px;
  let shown = 0;
  // Tags are placed where they overlap none placed before: the variables' first, then
  // the gadget jumped to, then the gadgets in the list's order (by kind).
  const placed = [];
  const free = (x, y, width, height) => {
    const clear = placed.every((r) => x + width <= r.x || r.x + r.width <= x || y + height <= r.y || r.y + r.height <= y);
    if (clear) placed.push({ x, y, width, height });
    return clear;
  };
  for (const variable of b.variables) {
    if (!variable.square) continue;
    const [row, col] = variable.square;
    if (row < top || row > bottom || col < left || col > right) continue;
    const known = valueKnown(variable);
    const text = `${variable.name} = ${known ? variable.value : "?"}`;
    const kind = known ? (variable.value ? "true" : "false") : "unknown";
    const [x, y, size] = [col - 1, row + 14 * px, 1.1 * font];
    if (free(x - 0.2 * size, y - 0.95 * size, labelWidth(text, size), 1.25 * size)) {
      overlay.appendChild(tag(x, y, text, size, `variable-tag ${kind}`));
    }
  }
  const ordered = explore.highlight ? [explore.highlight, ...b.gadgets.filter((g) => g !== explore.highlight)] : b.gadgets;
  for (const gadget of ordered) {
    if (gadget.bottom < top || gadget.top > bottom || gadget.right < left || gadget.left > right) continue;
    const wide = (gadget.right - gadget.left + 1) * explore.scale;
    const highlighted = explore.highlight === gadget;
    const wire = gadget.class === "wire / other";
    if (!highlighted && (wide < 40 || (wire && explore.scale < 20) || shown > 400)) continue;
    shown++;
    const box = document.createElementNS(SVG_NS, "rect");
    box.setAttribute("class", highlighted ? "gadget-box highlighted" : "gadget-box");
    box.setAttribute("x", gadget.left - 1);
    box.setAttribute("y", gadget.top - 1);
    box.setAttribute("width", gadget.right - gadget.left + 1);
    box.setAttribute("height", gadget.bottom - gadget.top + 1);
    box.setAttribute("stroke", gadget.colour);
    overlay.appendChild(box);
    const [x, y] = [gadget.left - 1, gadget.top - 1 - 2 * px];
    if (free(x - 0.2 * font, y - 0.95 * font, labelWidth(gadget.name, font), 1.25 * font)) {
      overlay.appendChild(tag(x, y, gadget.name, font, "gadget-label", gadget.colour));
    }
  }
}

// The width of a tag's backing (bold sans-serif runs about 0.62 em a character).
function labelWidth(text, font) {
  return (0.62 * text.length + 0.4) * font;
}

// A text with a white backing, its baseline-left corner at (x, y).
function tag(x, y, text, font, kind, colour) {
  const group = document.createElementNS(SVG_NS, "g");
  group.setAttribute("class", kind);
  const label = document.createElementNS(SVG_NS, "text");
  label.setAttribute("x", x);
  label.setAttribute("y", y);
  label.setAttribute("font-size", font);
  label.textContent = text;
  if (colour) label.setAttribute("fill", colour);
  const backing = document.createElementNS(SVG_NS, "rect");
  backing.setAttribute("class", "tag-backing");
  backing.setAttribute("x", x - 0.2 * font);
  backing.setAttribute("y", y - 0.95 * font);
  backing.setAttribute("width", labelWidth(text, font));
  backing.setAttribute("height", 1.25 * font);
  group.append(backing, label);
  return group;
}

// Whether the decoder has read `variable`'s value by the current step.
function valueKnown(variable) {
  switch (variable.read) {
    case "start": return true;
    case "move": return variable.at <= explore.step;
    default: return explore.step === explore.board.moves;
  }
}

function valueText(variable) {
  if (!valueKnown(variable)) return "?";
  if (variable.read === "free") return `${variable.value} (free: no move decides it)`;
  return String(variable.value);
}

function readText(variable) {
  switch (variable.read) {
    case "start": return "start";
    case "move": return `move ${variable.at}`;
    case "free": return "never (free)";
    default: return "the end";
  }
}

function drawVariables() {
  const b = explore.board;
  const rows = b.variables.map((variable) => {
    const row = document.createElement("tr");
    const known = valueKnown(variable);
    row.className = known ? (variable.value ? "true" : "false") : "unknown";
    if (variable.read === "move" && variable.at === explore.step) row.classList.add("just-read");
    for (const text of [variable.name, valueText(variable), readText(variable)]) {
      const cell = document.createElement("td");
      cell.textContent = text;
      row.appendChild(cell);
    }
    row.dataset.variable = variable.name;
    if (variable.square) {
      row.title = `The first capture of the piece starting on (${variable.square.join(",")}) decides it: click to see it`;
      row.addEventListener("click", () => centreOn(variable.square[1] - 0.5, variable.square[0] - 0.5, Math.max(explore.scale, 28)));
    }
    return row;
  });
  $("variables").querySelector("tbody").replaceChildren(...rows);
  const known = b.variables.filter(valueKnown).length;
  $("variables-note").textContent = b.variables.length
    ? `${known} of ${b.variables.length} values read by move ${explore.step}: the decoder reads each variable off the first capture of its variable gadget's deciding piece.`
    : b.note || "";
}

function drawGadgets() {
  const filter = $("gadget-filter").value.trim().toLowerCase();
  const matching = explore.board.gadgets.filter((g) => !filter || g.name.includes(filter) || g.class.includes(filter));
  const items = matching.slice(0, 300).map((gadget) => {
    const item = document.createElement("li");
    const swatch = document.createElement("span");
    swatch.className = "swatch";
    swatch.style.background = gadget.colour;
    const jump = document.createElement("button");
    jump.className = "jump";
    jump.textContent = "jump to";
    jump.dataset.gadget = gadget.name;
    jump.addEventListener("click", () => jumpTo(gadget));
    item.append(swatch, ` ${gadget.name} (${gadget.top},${gadget.left})–(${gadget.bottom},${gadget.right}) `, jump);
    return item;
  });
  if (matching.length > items.length) {
    const more = document.createElement("li");
    more.textContent = `… ${matching.length - items.length} more: filter the list`;
    items.push(more);
  }
  $("gadgets").replaceChildren(...items);
}

$("gadget-filter").addEventListener("input", () => explore.board && drawGadgets());

// Centres the view on `gadget` and zooms so that it fills most of it.
function jumpTo(gadget) {
  const [width, height] = size();
  const w = gadget.right - gadget.left + 1 + 4;
  const h = gadget.bottom - gadget.top + 1 + 4;
  explore.highlight = gadget;
  centreOn((gadget.left - 1 + gadget.right) / 2, (gadget.top - 1 + gadget.bottom) / 2, Math.min(width / w, height / h, 60));
}

function squareText([row, col]) {
  return `(${row},${col})`;
}

function describeStep(view) {
  const b = explore.board;
  const parts = [`Move ${explore.step} of ${b.moves}`];
  if (view.last) parts.push(`played ${squareText(view.last)} × ${squareText(view.last.slice(2))}`);
  if (view.next) parts.push(`next ${squareText(view.next)} × ${squareText(view.next.slice(2))} (orange arrow)`);
  else if (explore.step === b.moves) parts.push(b.verdict || "");
  $("step-line").textContent = parts.join("; ") + ".";
}

function setStep(step) {
  const b = explore.board;
  explore.step = Math.min(Math.max(step, 0), b.moves);
  $("step-slider").value = explore.step;
  explore.stepped = true;
  drawVariables();
  placeView();
}

// Brings the move to come into sight after a step when "follow" is on (at the pieces'
// level of detail): a new view centred on its target square.
function follow(view) {
  const stepped = explore.stepped;
  explore.stepped = false;
  if (!stepped || !$("follow").checked || view.detail !== "pieces" || !view.next) return;
  const [top, left, bottom, right] = visibleRegion();
  const [fr, fc, tr, tc] = view.next;
  const inside = (r, c) => r > top && r < bottom && c > left && c < right;
  if (!inside(fr, fc) || !inside(tr, tc)) centreOn(tc - 0.5, tr - 0.5, explore.scale);
}

$("step-slider").addEventListener("input", () => setStep(Number($("step-slider").value)));
$("step-first").addEventListener("click", () => setStep(0));
$("step-back").addEventListener("click", () => setStep(explore.step - 1));
$("step-forward").addEventListener("click", () => setStep(explore.step + 1));
$("step-last").addEventListener("click", () => setStep(explore.board.moves));
$("step-play").addEventListener("click", () => {
  if (explore.player) {
    clearInterval(explore.player);
    explore.player = null;
    $("step-play").textContent = "Play";
    return;
  }
  $("step-play").textContent = "Pause";
  explore.player = setInterval(() => {
    if (explore.step >= explore.board.moves) $("step-play").click();
    else setStep(explore.step + 1);
  }, 400);
});

// Shows a board the server has loaded.
function openBoard(board) {
  explore.board = board;
  explore.step = 0;
  explore.view = null;
  explore.highlight = null;
  exploreError("");
  const target = board.target ? `${board.target} board` : "board";
  $("explore-title").textContent = `${board.name}: ${target}, ${board.rows} × ${board.cols}, ${board.pieces.toLocaleString()} pieces, ${board.gadgets.length} gadgets` +
    (board.moves ? `, a certificate of ${board.moves.toLocaleString()} moves` : "") + ".";
  $("certificate").hidden = !board.moves;
  $("step-slider").max = board.moves;
  $("step-slider").value = 0;
  drawGadgets();
  drawVariables();
  showTab("explore");
  fit();
}

async function post(path, body) {
  const response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const data = await response.json();
  if (!response.ok) throw new Error(data.error);
  return data;
}

$("explore-load").addEventListener("click", async () => {
  const [board, moves, formula] = ["explore-board-file", "explore-moves-file", "explore-formula-file"].map((id) => $(id).files[0]);
  if (!board) return exploreError("Choose a board file first.");
  $("compiling").hidden = false;
  try {
    const body = { name: board.name, board: await board.text() };
    if (moves) body.moves = await moves.text();
    if (formula) body.formula = await formula.text();
    openBoard(await post("/api/boards", body));
  } catch (error) {
    exploreError(`Cannot load the board: ${error.message}`);
  } finally {
    $("compiling").hidden = true;
  }
});

$("compile").addEventListener("click", async () => {
  $("compiling").hidden = false;
  exploreError("");
  try {
    const body = { formula: $("formula-text").value, target: $("formula-target").value };
    if ($("formula-format").value) body.format = $("formula-format").value;
    openBoard(await post("/api/compile", body));
  } catch (error) {
    exploreError(`Cannot compile: ${error.message}`);
  } finally {
    $("compiling").hidden = true;
  }
});

// Zoom with the wheel, pan by dragging.
{
  const svg = $("explore-board");
  svg.addEventListener("wheel", (event) => {
    if (!explore.board) return;
    event.preventDefault();
    const bounds = svg.getBoundingClientRect();
    zoom(Math.pow(1.2, -event.deltaY / 100), event.clientX - bounds.left, event.clientY - bounds.top);
  }, { passive: false });
  let drag = null;
  svg.addEventListener("pointerdown", (event) => {
    if (!explore.board) return;
    drag = { x: event.clientX, y: event.clientY };
    svg.setPointerCapture(event.pointerId);
    svg.classList.add("dragging");
  });
  svg.addEventListener("pointermove", (event) => {
    if (!drag) return;
    explore.x -= (event.clientX - drag.x) / explore.scale;
    explore.y -= (event.clientY - drag.y) / explore.scale;
    drag = { x: event.clientX, y: event.clientY };
    placeView();
  });
  const stop = () => {
    drag = null;
    svg.classList.remove("dragging");
  };
  svg.addEventListener("pointerup", stop);
  svg.addEventListener("pointercancel", stop);
}
// The arrow keys step through the certificate (the slider, focused, steps itself).
document.addEventListener("keydown", (event) => {
  if ($("explore").hidden || !explore.board || !explore.board.moves) return;
  if (["INPUT", "TEXTAREA", "SELECT"].includes(event.target.tagName)) return;
  const by = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
  if (!by) return;
  event.preventDefault();
  setStep(explore.step + by);
});
$("zoom-in").addEventListener("click", () => explore.board && zoom(1.5));
$("zoom-out").addEventListener("click", () => explore.board && zoom(1 / 1.5));
$("zoom-fit").addEventListener("click", () => explore.board && fit());

// A board given on the command line (`sat2chess serve BOARD`) opens at once.
fetch("/api/opening").then((response) => response.json()).then((board) => {
  if (board) openBoard(board);
});
