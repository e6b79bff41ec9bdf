// Learning by doing on a phone: practise the mistakes of an analysed game, and try other
// moves in review as variations that the move list shows and a reload keeps.
import assert from "node:assert/strict";
import { test } from "node:test";

import { SMALL_PHONE, assertNoProblems, browserSession, newGame, screenshot } from "./browser.mjs";

/** The browser of this file and the console and page errors of its pages. */
const session = browserSession();
const { open, problems } = session;

/** Taps the element of `selector`: Playwright's tap waits until it stays put (a lazy part's
 * bar that comes in above it moves it down) and scrolls it out from under the undo bar, fixed
 * at the foot of a phone's screen. */
async function tapOn(page, selector) {
    await page.locator(selector).tap();
}

/** Plays `squares` in turn on the board. */
async function play(page, squares) {
    for (const square of squares) {
        await page.tap(`td[data-point="${square}"]`);
    }
}

/** The move list's entries in its sheet: [name, practised] of each move, and the branches. */
async function moveList(page) {
    await tapOn(page, "button.action.moves");
    const list = page.locator(".moves-sheet ol.move-list");
    await list.waitFor();
    const entries = await list.evaluate((ol) => ({
        moves: [...ol.querySelectorAll("button.move")].map((b) => [
            b.querySelector(".name").textContent,
            b.dataset.practised ?? null,
        ]),
        branches: [...ol.querySelectorAll("button.branch")].map((b) => b.textContent),
    }));
    return entries;
}

test("practise a blunder of an analysed game: wrong, a hint, right, and the review marks it", async (t) => {
    const page = await open(t, SMALL_PHONE);
    await newGame(page, { game: "Othello", board: "8x8", black: "human", white: "human" });
    // The seeds' "white wiped out": White's f5 (move 8) lets Black's g5 take every disc.
    await play(page, ["e6", "f4", "e3", "d6", "c5", "f6", "e7", "f5", "g5"]);
    await page.tap("button.review-toggle");
    await page.tap(".analysis-bar button.analyse:not(.deep)");
    await page.locator(".analysis-bar progress").waitFor({ state: "detached", timeout: 30_000 });
    // The analysis's best move in f5's place (f3 or f7, the one the other mirrored), from the
    // review's note there.
    await tapOn(page, '.graph circle.dot.blunder[data-index="7"]');
    // The graph's table for screen readers once made the page wider than the phone.
    const width = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
    assert.deepEqual(width, [360, 360], "the page is as wide as the screen");
    const note = page.locator(".analysis-bar .note", { hasText: /White played f5/ });
    const [, best] = (await note.innerText()).match(/Best: (f[37])/) ?? [];
    assert.ok(best, await note.innerText());
    await tapOn(page, ".analysis-bar button.practise");
    const bar = page.locator(".practice-bar");
    await bar.waitFor();
    // Each person's mistakes, in the game's order: on to White's f5.
    const exercise = bar.locator("p.exercise");
    while (!/White played f5 here, a blunder/.test(await exercise.innerText())) {
        await tapOn(page, ".practice-bar button.next");
    }
    assert.match(await exercise.innerText(), /^Move 8: White played f5 here, a blunder \(\d+ discs lost\)\. Find a better move\.$/);
    // The graph stands aside, so the exercise is right under the board on a phone; while a
    // move is asked for, neither the best move nor the note gives it away.
    assert.equal(await page.locator("figure.graph").isVisible(), false);
    assert.equal(await page.locator("td[data-best-move]").count(), 0);
    assert.equal(await page.locator(".analysis-bar .note").count(), 0);
    await screenshot(page, "practice-exercise-360px");
    // The game's own move: wrong at once, with its loss; the tries left said.
    await page.tap('td[data-point="f5"]');
    const verdict = bar.locator("p.verdict");
    await verdict.waitFor();
    assert.match(await verdict.innerText(), /^Not this: f5 is a blunder \(\d+ discs lost\)\. 2 tries left\.$/);
    await screenshot(page, "practice-wrong-360px");
    await tapOn(page, ".practice-bar button.retry");
    await page.waitForFunction(() => !document.querySelector(".practice-bar p.verdict"));
    await tapOn(page, ".practice-bar button.hint");
    assert.match(await bar.locator("p.hint").innerText(), /^Hint: in the (upper|lower) right quarter, off the edge\.$/);
    // The best move: right at once.
    await page.tap(`td[data-point="${best}"]`);
    await bar.locator("p.verdict", { hasText: `Right: ${best} is the best move.` }).waitFor();
    assert.match(await bar.locator("p.verdict").getAttribute("class"), /right/);
    await screenshot(page, "practice-right-360px");
    // To the end of the practice: the summary, then closed.
    while ((await bar.locator("button.next").count()) > 0) {
        await tapOn(page, ".practice-bar button.next");
    }
    assert.match(await bar.locator("p.verdict").innerText(), /^Practice over: \d+ of \d+ found\./);
    await tapOn(page, ".practice-bar button.stop");
    await bar.waitFor({ state: "detached" });
    // The move list marks f5 practised (found), and a reload keeps it.
    const marked = (list) => list.moves.find(([name]) => name === "f5")?.[1];
    assert.equal(marked(await moveList(page)), "found");
    await page.reload();
    await page.locator("table.board td[data-point]").first().waitFor();
    assert.equal(marked(await moveList(page)), "found");
    assertNoProblems(problems);
});

test("a move in review starts a variation: a branch in the move list, kept by a reload, deleted", async (t) => {
    const page = await open(t, SMALL_PHONE);
    await newGame(page, { game: "Othello", board: "8x8", black: "human", white: "human" });
    await play(page, ["f5", "d6", "c3", "d3", "c4"]);
    await page.tap("button.review-toggle");
    // Back to move 2, then Black's c5 instead of the game's c3, and White's f4 after it.
    for (let i = 0; i < 3; i++) {
        await page.tap(".review button >> nth=1");
    }
    await page.locator(".review .where", { hasText: /^Move 2 of/ }).waitFor();
    await play(page, ["c5", "f4"]);
    const bar = page.locator(".variation-bar");
    await bar.waitFor();
    assert.match(await bar.innerText(), /Variation from move 3/);
    let list = await moveList(page);
    assert.deepEqual(list.moves.map(([name]) => name), ["f5", "d6", "c5", "f4"]);
    assert.deepEqual(list.branches, ["↳ 3. c3 d3 c4"]);
    await screenshot(page, "variation-moves-360px");
    await page.keyboard.press("Escape");
    // A reload brings the variation back on screen, in review.
    await page.reload();
    await bar.waitFor();
    list = await moveList(page);
    assert.deepEqual(list.moves.map(([name]) => name), ["f5", "d6", "c5", "f4"]);
    await page.keyboard.press("Escape");
    await screenshot(page, "variation-reloaded-360px");
    // Back to the game: the game as it was, the variation a branch at move 3.
    await tapOn(page, ".variation-bar button.back");
    await bar.waitFor({ state: "detached" });
    list = await moveList(page);
    assert.deepEqual(list.moves.map(([name]) => name), ["f5", "d6", "c3", "d3", "c4"]);
    assert.deepEqual(list.branches, ["↳ 3. c5 f4"]);
    // Its branch opens it again, and Delete deletes it.
    await page.tap(".moves-sheet button.branch");
    await bar.waitFor();
    await tapOn(page, ".variation-bar button.delete");
    await bar.waitFor({ state: "detached" });
    list = await moveList(page);
    assert.deepEqual(list.branches, []);
    assert.deepEqual(list.moves.map(([name]) => name), ["f5", "d6", "c3", "d3", "c4"]);
    assertNoProblems(problems);
});
