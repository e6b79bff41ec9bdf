// Records and review: an SGF exported from one game imports back as the same game, bad input
// says what and where and changes nothing, the review bar steps through the moves and a move
// from the middle starts a new line, finished games go to the recent list, and the keyboard
// plays.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
    assertNoProblems,
    browserSession,
    goPlay,
    newGame,
    screenshot,
    status,
    stones,
    waitForMessage,
} from "./browser.mjs";

/** The browser of this file and the console and page errors of its pages. */
const session = browserSession();
const { open, problems } = session;

async function openMore(page) {
    await page.locator("header button.more").tap();
    await page.locator(".more-sheet").waitFor();
}

test("an SGF export imports back as the same game, ready to review", async (t) => {
    const page = await open(t);
    await newGame(page, { game: "Go", size: 9, black: "human", white: "human" });
    for (const point of ["E5", "D5", "E4", "D4", "C3"]) {
        await goPlay(page, point);
    }
    const played = await stones(page);
    await openMore(page);
    const sgf = await page.locator('textarea[name="export-SGF"]').inputValue();
    assert.match(sgf, /^\(;FF\[4\]GM\[1\]/);
    assert.match(sgf, /SZ\[9\]/);
    await page.locator(".more-sheet button.secondary").tap();

    await page.locator("button.mode", { hasText: "Othello" }).tap();
    await page.locator("table.board.othello").waitFor();
    await openMore(page);
    await page.locator('textarea[name="import"]').fill(sgf);
    await page.locator(".more-sheet button.import").tap();
    await page.locator(".more-sheet").waitFor({ state: "detached" });
    await page.locator("table.board.go td[data-point]").first().waitFor();
    assert.deepEqual(await stones(page), played, "the imported game ends on the same board");
    assert.equal((await status(page)).message, "White to move");

    // The review bar is open at the end: step back one move, then to the start.
    await page.locator(".review").waitFor();
    await page.locator('.review button[aria-label="Previous move"]').tap();
    await page.waitForFunction(
        () => !document.querySelector('td[data-point="C3"]').hasAttribute("data-stone"),
    );
    await page.locator('.review button[aria-label="First move"]').tap();
    await page.waitForFunction(() => document.querySelectorAll("td[data-stone]").length === 0);
    await page.locator('.review button[aria-label="Next move"]').tap();
    await page.locator('td[data-point="E5"][data-stone="black"]').waitFor();
    await screenshot(page, "records-review");

    // A move from here starts a new line: the rest of the game is gone from redo.
    await goPlay(page, "G7");
    assert.equal(await page.locator("button.redo").isDisabled(), true);
    assert.equal(await page.locator('td[data-point="D5"]').getAttribute("data-stone"), null);
});

test("a record copies to the clipboard and downloads as a file", async (t) => {
    const page = await open(t);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await newGame(page, { game: "Go", size: 9, black: "human", white: "human" });
    for (const point of ["E5", "D5"]) {
        await goPlay(page, point);
    }
    await openMore(page);
    const section = page.locator(".more-sheet section.export").filter({
        has: page.locator('textarea[name="export-SGF"]'),
    });
    const sgf = await section.locator("textarea").inputValue();
    assert.match(sgf, /;B\[ee\]\s*;W\[de\]/);

    await section.getByRole("button", { name: "Copy" }).tap();
    await section.getByRole("button", { name: "Copied" }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), sgf);

    const [download] = await Promise.all([
        page.waitForEvent("download"),
        section.getByRole("button", { name: "Download" }).tap(),
    ]);
    assert.match(download.suggestedFilename(), /\.sgf$/);
    const chunks = [];
    for await (const chunk of await download.createReadStream()) {
        chunks.push(chunk);
    }
    assert.equal(Buffer.concat(chunks).toString("utf8"), sgf);
});

test("bad input says what is wrong and where, and changes nothing", async (t) => {
    const page = await open(t);
    await page.locator('td[data-point="f5"]').tap();
    await waitForMessage(page, /^Black to move/);
    const before = await stones(page);
    await openMore(page);
    const tries = [
        ["(;SZ[9];B[ee];W[ee])", /line 1, column \d+: move 2 \(white E5\) is illegal/],
        ["f5 d6 zz", /character 7/],
        ["f5 d6 a1", /move 3 .*a1 is illegal/],
    ];
    for (const [text, why] of tries) {
        await page.locator('textarea[name="import"]').fill(text);
        await page.locator(".more-sheet button.import").tap();
        const error = await page.locator(".more-sheet .error").innerText();
        assert.match(error, /^Cannot import: /);
        assert.match(error, why);
    }
    await page.locator(".more-sheet button.secondary").tap();
    assert.deepEqual(await stones(page), before, "the game on screen is untouched");
});

test("a record opened from a file imports, and a broken file changes nothing", async (t) => {
    const page = await open(t);
    await openMore(page);
    const file = (name, text) => ({ name, mimeType: "text/plain", buffer: Buffer.from(text) });
    // A damaged SGF file first: the error names where, and the game on screen stays.
    const before = await stones(page);
    await page
        .locator('input[name="import-file"]')
        .setInputFiles(file("broken.sgf", "(;GM[1]SZ[9]\n;B[ee]\n;W[ee])"));
    const error = await page.locator(".more-sheet .error").innerText();
    assert.match(error, /^Cannot import: line 3, column \d+: move 2 \(white E5\) is illegal/);
    assert.deepEqual(await stones(page), before, "the game on screen is untouched");
    // Then an Othello transcript, read from its file into the box and imported.
    await page
        .locator('input[name="import-file"]')
        .setInputFiles(file("game.txt", "f5d6c3d3c4\n"));
    await page.locator(".more-sheet").waitFor({ state: "detached" });
    await page.locator('td[data-point="c4"][data-stone="black"][data-last]').waitFor();
    assert.equal((await status(page)).message, "White to move");
    assert.equal(await page.locator("td[data-stone]").count(), 9);
});

test("finished games go to the recent list and open again", async (t) => {
    const page = await open(t);
    await newGame(page, { game: "Othello", board: "8x8", black: "human", white: "human" });
    await page.locator('td[data-point="f5"]').tap();
    await page.locator("button.resign").tap();
    await page.locator(".dialog .danger").tap();
    await waitForMessage(page, /^Black wins: B\+R/);
    await openMore(page);
    const entries = page.locator(".recent li");
    assert.equal(await entries.count(), 1);
    assert.match(await entries.first().innerText(), /B\+R/);
    await page.locator(".recent li button.open").first().tap();
    await waitForMessage(page, /^Black wins: B\+R/);
});

test("the keyboard moves a cursor over the board and plays", async (t) => {
    const page = await open(t);
    await newGame(page, { game: "Othello", board: "8x8", black: "human", white: "human" });
    await page.locator("table.board").focus();
    // The cursor starts at the middle (e5); left, up, up: d3, a legal move for Black.
    for (const key of ["ArrowLeft", "ArrowUp", "ArrowUp"]) {
        await page.keyboard.press(key);
    }
    await page.locator('td[data-point="d3"][data-cursor="true"]').waitFor();
    assert.equal(
        await page.locator("table.board").getAttribute("aria-activedescendant"),
        "cell-d3",
    );
    await page.keyboard.press("Enter");
    await page.locator('td[data-point="d3"][data-stone="black"]').waitFor();
    // White: left to c3, a legal move; Space plays it. The page's own listener reads the
    // keys (not Dioxus' keyboard events), only on the board and without Ctrl.
    await page.keyboard.press("ArrowLeft");
    await page.locator('td[data-point="c3"][data-cursor="true"]').waitFor();
    // With Ctrl the arrow is not the board's: Space then plays c3, not d3 (taken).
    await page.keyboard.press("Control+ArrowRight");
    await page.keyboard.press(" ");
    await page.locator('td[data-point="c3"][data-stone="white"]').waitFor();
    // An arrow off the board leaves its cursor: down from c3 is c4, not d4.
    await page.locator("button.undo").focus();
    await page.keyboard.press("ArrowRight");
    await page.locator("table.board").focus();
    await page.keyboard.press("ArrowDown");
    await page.locator('td[data-point="c4"][data-cursor="true"]').waitFor();
});

test("the records run logged no console error and no page error", () => {
    assertNoProblems(problems);
});
