// The move list: in a sheet on phones, beside the board on wide screens; a tap goes to that
// move in the review.
import assert from "node:assert/strict";
import { test } from "node:test";

import { assertNoProblems, browserSession, cell, goPlay, newGame, screenshot, status } from "./browser.mjs";

const session = browserSession();
const { open, problems } = session;

/** A new Othello game between two people with f5, d6, c3 played by taps or clicks. */
async function threeMoves(page, touch) {
    await newGame(page, { game: "Othello", black: "human", white: "human" });
    for (const point of ["f5", "d6", "c3"]) {
        if (touch) await cell(page, point).tap();
        else await cell(page, point).click();
        await page.locator(`table.board td[data-point="${point}"][data-stone]`).waitFor();
    }
}

/** The list's entries as "number name", and the current one. */
function entries(list) {
    return list.evaluate((ol) => ({
        moves: [...ol.querySelectorAll("button.move")].map(
            (b) => `${b.querySelector(".number").textContent} ${b.querySelector(".name").textContent}`,
        ),
        current: ol.querySelector("button.move[aria-current]")?.querySelector(".name").textContent ?? null,
    }));
}

test("on a phone the moves are in a sheet, and a tap goes to that move", async (t) => {
    const page = await open(t);
    await threeMoves(page, true);
    assert.equal(await page.locator(".moves-side").isVisible(), false, "no list beside the board on a phone");
    await page.locator(".actions button.moves").tap();
    const list = page.locator(".moves-sheet ol.move-list");
    assert.deepEqual(await entries(list), { moves: ["1 f5", "2 d6", "3 c3"], current: "c3" });
    await screenshot(page, "moves-sheet");
    await list.locator("button.move", { hasText: "f5" }).tap();
    await page.locator(".moves-sheet").waitFor({ state: "detached" });
    await page.locator(".review").waitFor();
    const after = await status(page);
    assert.deepEqual([after.black, after.white, after.turn], [4, 1, "white"], "the position after f5");
    assertNoProblems(problems);
});

test("on a wide screen the moves are beside the board", async (t) => {
    // A wide touch screen (the helpers tap); the cells are clicked.
    const page = await open(t, { viewport: { width: 1280, height: 800 }, hasTouch: true });
    await threeMoves(page, false);
    const list = page.locator(".moves-side ol.move-list");
    await list.waitFor();
    assert.equal(await page.locator(".actions button.moves").isVisible(), false, "no Moves button when the list shows");
    assert.deepEqual(await entries(list), { moves: ["1 f5", "2 d6", "3 c3"], current: "c3" });
    await list.locator("button.move", { hasText: "d6" }).click();
    await page.locator(".review").waitFor();
    await page.waitForFunction(() => document.querySelector(".moves-side button.move[aria-current]")?.textContent.includes("d6"));
    const board = await page.locator("table.board").boundingBox();
    const side = await page.locator(".moves-side").boundingBox();
    assert.ok(side.x >= board.x + board.width, "the list is to the right of the board");
    await screenshot(page, "moves-wide");
    assertNoProblems(problems);
});

test("in a Go review the stones can show their move numbers", async (t) => {
    const page = await open(t);
    await newGame(page, { game: "Go", size: 9, black: "human", white: "human" });
    for (const point of ["E5", "C3", "G7"]) await goPlay(page, point);
    await page.locator(".actions button.review-toggle").tap();
    const numbers = page.locator(".review button.numbers");
    assert.equal(await numbers.getAttribute("aria-pressed"), "false");
    assert.equal(await page.locator("table.board .move-number").count(), 0);
    await numbers.tap();
    await page.locator(".review button.numbers[aria-pressed=true]").waitFor();
    const shown = await page.evaluate(() =>
        Object.fromEntries(
            [...document.querySelectorAll("table.board td[data-stone]")].map((td) => [
                td.dataset.point,
                td.querySelector(".move-number")?.textContent ?? null,
            ]),
        ),
    );
    assert.deepEqual(shown, { E5: "1", C3: "2", G7: "3" });
    await screenshot(page, "moves-go-numbers");
    // Back one move: G7 is gone, and the others keep their numbers.
    await page.locator(".review button", { hasText: "◀" }).tap();
    await page.locator("table.board td[data-point=G7]:not([data-stone])").waitFor();
    assert.equal(await page.locator("table.board td[data-point=C3] .move-number").textContent(), "2");
    assertNoProblems(problems);
});
