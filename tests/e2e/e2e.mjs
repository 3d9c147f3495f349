// Browser tests of `sat2chess serve`: node e2e.mjs BASE_URL SCREENSHOT_DIR
// (started by tests/web_e2e.rs, which passes a compiled King board, its certificate, its
// formula and the model `decode` reads in E2E_BOARD, E2E_MOVES, E2E_FORMULA, E2E_MODEL).
// Drives headless Chromium through playwright-core; one screenshot per test into
// SCREENSHOT_DIR. Exits 1 if a test failed.
import { chromium } from "playwright-core";
import assert from "node:assert/strict";

const [base, shots] = process.argv.slice(2);
const executablePath = process.env.CHROMIUM || "/usr/bin/chromium";
// A chess.com puzzle with one solution (sat2chess generate --pieces 6 --unique --seed 3).
const PUZZLE = "2N3N1/4R2K/8/8/Q7/B7/8/8 w - - 0 1";

const browser = await chromium.launch({
  executablePath,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });

async function api(path, body) {
  const response = await fetch(base + path, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  return response.json();
}

async function open() {
  const page = await context.newPage();
  await page.goto(base);
  await page.waitForSelector("text.piece");
  await page.fill("#board-text", PUZZLE);
  await page.click("#load");
  await page.waitForFunction(() => document.querySelectorAll("text.piece").length === 6);
  return page;
}

const piece = (row, col) => `text.piece[data-square="${row},${col}"]`;
const pieces = (page) => page.locator("text.piece").count();

const tests = {
  async "play a chess.com puzzle to the end"(page) {
    const { moves, verdict } = await api("/api/solve", { board: PUZZLE });
    assert.equal(verdict, "solvable");
    for (const [index, [fr, fc, tr, tc]] of moves.entries()) {
      await page.click(piece(fr, fc));
      assert.ok(await page.locator(".square.target").count() > 0, "legal captures are highlighted");
      if (index === 2) await page.screenshot({ path: `${shots}/midplay.png` });
      await page.click(piece(tr, tc));
      await page.waitForFunction((n) => document.querySelectorAll("text.piece").length === n, 6 - index - 1);
    }
    assert.match(await page.textContent("#status"), /Solved/);
    assert.equal(await page.locator("#moves li").count(), 5);
  },
  async "a wrong move is refused"(page) {
    // The queen on a4 cannot capture the knight on c8.
    await page.click(piece(5, 1));
    await page.click(piece(1, 3));
    await page.waitForSelector("#status.refused");
    assert.match(await page.textContent("#status"), /Refused: a queen cannot move/);
    assert.equal(await pieces(page), 6);
  },
  async "a hint"(page) {
    await page.click("#hint");
    await page.waitForSelector(".square.hint-from");
    assert.equal(await page.locator(".square.hint-to").count(), 1);
    assert.match(await page.textContent("#status"), /Hint: the [a-z]+ on [a-h][1-8] captures on [a-h][1-8]/);
  },
  async "undo and reset"(page) {
    const { moves } = await api("/api/solve", { board: PUZZLE });
    for (const [fr, fc, tr, tc] of moves.slice(0, 2)) {
      await page.click(piece(fr, fc));
      await page.click(piece(tr, tc));
    }
    await page.waitForFunction(() => document.querySelectorAll("text.piece").length === 4);
    await page.click("#undo");
    await page.waitForFunction(() => document.querySelectorAll("text.piece").length === 5);
    assert.equal(await page.locator("#moves li").count(), 1);
    await page.click("#reset");
    await page.waitForFunction(() => document.querySelectorAll("text.piece").length === 6);
  },
  async "a compiled board: a crossing with its labels, zoom and pan"(page) {
    await loadCompiled(page);
    await page.fill("#gadget-filter", "crossing");
    await page.click('button.jump[data-gadget="crossing#1"]');
    await page.waitForFunction(() => document.querySelector("#explore-board").dataset.detail === "pieces");
    await page.waitForSelector(".gadget-box.highlighted");
    const labels = await page.locator(".gadget-label text").allTextContents();
    assert.ok(labels.includes("crossing#1"), `labels: ${labels}`);
    assert.ok(await page.locator("#tiles use").count() > 20, "the pieces are drawn");
    await page.screenshot({ path: `${shots}/compiled-crossing.png` });
    // Drag: the region moves right by the squares dragged over.
    const before = await page.textContent("#view-line");
    const box = await page.locator("#explore-board").boundingBox();
    await page.mouse.move(box.x + 400, box.y + 300);
    await page.mouse.down();
    await page.mouse.move(box.x + 200, box.y + 300, { steps: 4 });
    await page.mouse.up();
    await page.waitForFunction((text) => document.querySelector("#view-line").textContent !== text, before);
    // Zoomed far out (wheel, then the button) the gadgets are boxes.
    await page.mouse.move(box.x + 390, box.y + 300);
    await page.mouse.wheel(0, 600);
    for (let i = 0; i < 4; i++) await page.click("#zoom-out");
    await page.waitForFunction(() => document.querySelector("#explore-board").dataset.detail === "schematic");
  },
  async "step the certificate of a compiled board"(page) {
    await loadCompiled(page);
    const model = process.env.E2E_MODEL.split(/\s+/).filter((v) => v !== "0").map((v) => !v.startsWith("-"));
    const reads = await page.locator("#variables tbody tr td:nth-child(3)").allTextContents();
    assert.equal(reads.length, model.length);
    const at = reads.map((text) => Number(text.replace("move ", "")));
    assert.ok(at.every((n) => n > 0), `read at ${reads}`);
    // Just before the first value is read, then at that move: it appears.
    const first = Math.min(...at);
    const index = at.indexOf(first);
    await setSlider(page, first - 1);
    await page.click("#step-forward");
    await page.waitForFunction((n) => document.querySelector("#step-line").textContent.startsWith(`Move ${n} of`), first);
    const values = await page.locator("#variables tbody tr td:nth-child(2)").allTextContents();
    assert.equal(values[index], String(model[index]));
    assert.equal(values.filter((v) => v === "?").length, at.filter((n) => n > first).length);
    assert.equal(await page.locator("#variables tr.just-read").count(), 1);
    // The row shows where the value was read: the deciding piece's first capture.
    await page.click("#variables tr.just-read");
    await page.waitForFunction(() => document.querySelector("#explore-board").dataset.detail === "pieces");
    await page.waitForSelector(".variable-tag.true, .variable-tag.false");
    await page.screenshot({ path: `${shots}/certificate-step.png` });
    await page.click("#step-back");
    await page.waitForFunction((n) => document.querySelector("#step-line").textContent.startsWith(`Move ${n} of`), first - 1);
    assert.equal(await page.locator("#variables tbody tr td:nth-child(2)").nth(index).textContent(), "?");
    await page.keyboard.press("ArrowRight");
    await page.waitForFunction((n) => document.querySelector("#step-line").textContent.startsWith(`Move ${n} of`), first);
    // At the end every value is read: the model `decode` prints.
    await page.click("#step-last");
    const last = await page.locator("#variables tbody tr td:nth-child(2)").allTextContents();
    assert.deepEqual(last, model.map(String));
    await page.waitForFunction(() => /VALID/.test(document.querySelector("#step-line").textContent));
  },
  async "compile a formula in the formula box"(page) {
    await page.click("#tab-explore");
    await page.fill("#formula-text", "(x & ~y) | z\n~x | ~z | y\n");
    await page.selectOption("#formula-target", "king");
    await page.click("#compile");
    await page.waitForFunction(() => /king board of the formula box/.test(document.querySelector("#explore-title").textContent));
    await page.waitForFunction(() => document.querySelector("#explore-board").dataset.detail === "schematic");
    assert.deepEqual(await page.locator("#variables tbody tr td:nth-child(1)").allTextContents(), ["x", "y", "z"]);
    await page.fill("#formula-text", "p cnf 2 1\n1 3 0\n");
    await page.click("#compile");
    await page.waitForFunction(() => /Cannot compile/.test(document.querySelector("#explore-error").textContent));
  },
};

// Opens the compiled-board tab and loads the board, certificate and formula files.
async function loadCompiled(page) {
  await page.click("#tab-explore");
  await page.setInputFiles("#explore-board-file", process.env.E2E_BOARD);
  await page.setInputFiles("#explore-moves-file", process.env.E2E_MOVES);
  await page.setInputFiles("#explore-formula-file", process.env.E2E_FORMULA);
  await page.click("#explore-load");
  await page.waitForFunction(() => /king board/.test(document.querySelector("#explore-title").textContent));
  await page.waitForFunction(() => document.querySelector("#explore-board").dataset.detail);
}

async function setSlider(page, value) {
  await page.locator("#step-slider").fill(String(value));
  await page.waitForFunction((n) => document.querySelector("#step-line").textContent.startsWith(`Move ${n} of`), value);
}

let failed = 0;
for (const [name, run] of Object.entries(tests)) {
  const page = await open();
  const file = name.replace(/[^a-z0-9]+/gi, "-");
  try {
    await run(page);
    console.log(`ok: ${name}`);
  } catch (error) {
    failed++;
    console.log(`FAILED: ${name}: ${error.message}`);
  }
  await page.screenshot({ path: `${shots}/${file}.png` });
  await page.close();
}
await browser.close();
process.exit(failed ? 1 : 0);
