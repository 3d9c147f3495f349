// Browser tests of `sat2chess serve`: node e2e.mjs BASE_URL SCREENSHOT_DIR
// (started by tests/web_e2e.rs). Drives headless Chromium through playwright-core;
// one screenshot per test into SCREENSHOT_DIR. Exits 1 on the first failure.
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
const context = await browser.newContext({ viewport: { width: 1100, height: 720 } });

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
};

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
