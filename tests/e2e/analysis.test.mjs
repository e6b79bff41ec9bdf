// Analysis that teaches: the computer's value of each move on its cell, refined while the
// player thinks.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
    SMALL_PHONE,
    assertNoProblems,
    browserSession,
    cell,
    newGame,
    screenshot,
} from "./browser.mjs";

/** The browser of this file and the console and page errors of its pages. */
const session = browserSession();
const { open, problems } = session;

/** The hinted cells: name -> { text, best, exact, label }. */
function hints(page) {
    return page.evaluate(() =>
        Object.fromEntries(
            [...document.querySelectorAll("table.board td[data-hint]")].map((td) => [
                td.dataset.point,
                {
                    text: td.querySelector(".hint")?.textContent ?? "",
                    best: td.dataset.best === "true",
                    exact: td.dataset.exact === "true",
                    label: td.getAttribute("aria-label"),
                },
            ]),
        ),
    );
}

test("the values of the moves show on their cells, the best marked, and refine", async (t) => {
    const page = await open(t, SMALL_PHONE);
    await newGame(page, { game: "Othello", board: "8x8", black: "human", white: "human" });
    assert.deepEqual(await hints(page), {}, "values are off at first");
    await page.tap("button.values");
    await page.locator("table.board td[data-hint]").first().waitFor({ timeout: 2_000 });
    const first = await hints(page);
    assert.deepEqual(Object.keys(first).sort(), ["c4", "d3", "e6", "f5"]);
    for (const [name, hint] of Object.entries(first)) {
        assert.match(hint.text, /^([+-]\d+|0)$/, `${name}: ${hint.text}`);
        assert.ok(hint.best, `${name}: the four first moves are one move`);
        assert.match(hint.label, /, best move, value ([+-]\d+|0)$/, hint.label);
    }
    await screenshot(page, "values-othello-360px");
    // A move: the values of the next position, for White.
    await page.tap('td[data-point="f5"]');
    await page.locator('table.board td[data-point="d6"][data-hint]').waitFor({ timeout: 2_000 });
    const second = await hints(page);
    assert.deepEqual(Object.keys(second).sort(), ["d6", "f4", "f6"]);
    assert.equal(Object.values(second).filter((h) => h.best).length >= 1, true);
    // Hidden again: no value is left on the board.
    await page.tap("button.values");
    assert.deepEqual(await hints(page), {});
});

test("go shows the win rate and playouts of its best candidates", async (t) => {
    const page = await open(t, SMALL_PHONE);
    await newGame(page, { game: "Go", size: 9, black: "human", white: "human" });
    await page.tap("button.values");
    await page.locator("table.board td[data-hint]").first().waitFor({ timeout: 5_000 });
    // The rounds go on: wait for the last one's playouts.
    await page.waitForFunction(
        () => [...document.querySelectorAll("table.board td[data-hint] small")].some((s) => /k$/.test(s.textContent)),
        null,
        { timeout: 20_000 },
    );
    const shown = await hints(page);
    const count = Object.keys(shown).length;
    assert.ok(count >= 1 && count <= 5, JSON.stringify(shown));
    for (const hint of Object.values(shown)) {
        assert.match(hint.label, /win rate \d+%, [\d.]+k? playouts$/, hint.label);
    }
    await screenshot(page, "values-go-360px");
    assert.equal(await cell(page, "E5").getAttribute("data-stone"), null);
});

test("a game analysed: the blunder's dot leads to its move, the best move shown, and stays", async (t) => {
    const page = await open(t, SMALL_PHONE);
    await newGame(page, { game: "Othello", board: "8x8", black: "human", white: "human" });
    // The seeds' "white wiped out": White's f5 lets Black's g5 take every disc.
    for (const square of ["e6", "f4", "e3", "d6", "c5", "f6", "e7", "f5", "g5"]) {
        await page.tap(`td[data-point="${square}"]`);
    }
    await page.tap("button.review-toggle");
    await page.tap(".analysis-bar button.analyse:not(.deep)");
    await page.locator(".analysis-bar progress").waitFor({ state: "detached", timeout: 30_000 });
    await page.locator(".graph circle.dot.blunder").first().waitFor();
    await screenshot(page, "analysis-graph-360px");
    // The dot of White's f5 is at snapshot 7: tapping it goes there.
    const dot = page.locator('.graph circle.dot.blunder[data-index="7"]');
    const box = await dot.boundingBox();
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForFunction(() => /White played f5 \(-64\): a blunder/.test(
        document.querySelector(".analysis-bar .note")?.textContent ?? ""));
    const best = await page.locator("td[data-best-move]").getAttribute("data-point");
    assert.ok(["f3", "f7"].includes(best), `the best move is f3 or f7, not ${best}`);
    assert.match(await page.locator(".analysis-bar .note").innerText(), /Best: f[37] \(\+\d+\)/);
    await screenshot(page, "analysis-blunder-360px");
    // A reload keeps the analysis: the review shows it without analysing again.
    await page.reload();
    await page.locator("table.board td[data-point]").first().waitFor();
    await page.tap("button.review-toggle");
    await page.locator('.graph circle.dot.blunder[data-index="7"]').waitFor();
    assert.equal(await page.locator(".analysis-bar button.analyse").count(), 0, "nothing left to analyse");
});

test("a finished game against the computer offers to analyse it, and the offer runs it", async (t) => {
    const page = await open(t, SMALL_PHONE);
    await newGame(page, { game: "Othello", board: "8x8", black: "human", white: "random" });
    await page.tap('td[data-point="f5"]');
    // The computer's reply: a sixth disc on the board.
    await page.waitForFunction(() => document.querySelectorAll("table.board td[data-stone]").length >= 6);
    assert.equal(await page.locator("button.analyse-offer").count(), 0, "no offer while the game goes on");
    await page.locator(".actions button.resign").tap();
    await page.locator(".dialog[role=alertdialog]").getByRole("button", { name: "Resign" }).tap();
    const offer = page.locator("button.analyse-offer");
    await offer.waitFor();
    await screenshot(page, "analysis-offer-360px");
    await offer.tap();
    await page.locator(".analysis-bar").waitFor();
    await page.locator(".analysis-bar progress").waitFor({ state: "detached", timeout: 30_000 });
    await page.locator(".graph path.worth").waitFor();
    assert.equal(await page.locator(".analysis-bar button.analyse").count(), 0, "the whole game is analysed");
    assert.equal(await page.locator("button.analyse-offer").count(), 0, "no offer once analysed");
});

test("the status line names the Othello opening while the game is in it", async (t) => {
    const page = await open(t, SMALL_PHONE);
    await newGame(page, { game: "Othello", board: "8x8", black: "human", white: "human" });
    const detail = () => page.locator(".status .detail").innerText();
    for (const square of ["f5", "d6", "c3", "d3", "c4"]) {
        await page.tap(`td[data-point="${square}"]`);
    }
    assert.equal(await detail(), "Opening: Tiger");
    // The same opening begun from another first move.
    await newGame(page, { game: "Othello", board: "8x8", black: "human", white: "human" });
    for (const square of ["c4", "e3", "f6", "e6", "f5"]) {
        await page.tap(`td[data-point="${square}"]`);
    }
    assert.equal(await detail(), "Opening: Tiger");
    await screenshot(page, "opening-360px");
});

test("go shades who owns each point and says who leads", async (t) => {
    const page = await open(t, SMALL_PHONE);
    await newGame(page, { game: "Go", size: 9, black: "human", white: "human" });
    for (const point of ["E5", "C3", "G7", "C7"]) {
        await page.tap(`td[data-point="${point}"]`);
        await page.tap(`td[data-point="${point}"]`);
        await page.locator(`td[data-point="${point}"][data-stone]`).waitFor();
    }
    await page.tap("button.ownership");
    await page.locator("table.board td[data-area]").first().waitFor({ timeout: 10_000 });
    assert.match(await page.locator(".status .detail").innerText(), /^(Black|White) leads by [\d.]+ \(estimate\)$|^Even/);
    const shaded = await page.locator("table.board td[data-area]").count();
    assert.ok(shaded >= 4, `${shaded} points shaded`);
    await screenshot(page, "ownership-go-360px");
    await page.tap("button.ownership");
    assert.equal(await page.locator("table.board td[data-area]").count(), 0);
});

test("the analysis run logged no console error and no page error", () => {
    assertNoProblems(problems);
});
