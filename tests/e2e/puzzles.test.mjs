// Puzzles: Othello positions and Go problems with one best move, a rating per game on the
// device that moves both ways, the refutation of a wrong move, the solution's values, the
// daily puzzle and a streak.
import assert from "node:assert/strict";
import { test } from "node:test";

import { SMALL_PHONE, assertNoProblems, browserSession, screenshot } from "./browser.mjs";

const session = browserSession();
const { open, problems } = session;

/** Opens the puzzle screen from the options sheet and waits for its board. */
async function openPuzzles(page) {
    await page.tap("button.more");
    await page.tap("button.action.puzzles");
    await page.locator("table.puzzle-board td[data-point]").first().waitFor({ timeout: 15_000 });
}

/** The shown rating, from the status line's attribute. */
async function rating(page) {
    return Number(await page.locator(".puzzle-status").getAttribute("data-rating"));
}

/**
 * The puzzle on screen, found in the library the page fetched: its moves and their exact
 * values, best first (the library's line: board string and side, values, line, ...).
 */
async function puzzleOnScreen(page) {
    return page.evaluate(async () => {
        const squares = [];
        for (let row = 1; row <= 8; row++) {
            for (const col of "abcdefgh") squares.push(col + row);
        }
        const board = squares
            .map((s) => {
                const stone = document.querySelector(`table.puzzle-board td[data-point="${s}"]`)?.dataset.stone;
                return stone === "black" ? "X" : stone === "white" ? "O" : "-";
            })
            .join("");
        const text = await (await fetch("puzzles/othello.txt")).text();
        const line = text.split("\n").find((l) => l.startsWith(board));
        if (!line) return null;
        const values = line.split("\t")[1].split(",").map((v) => {
            const [square, value] = v.split(":");
            return { square, value: Number(value) };
        });
        return { side: line.split("\t")[0].split(" ")[1], values };
    });
}

/** Taps `point` on the puzzle's board. */
async function tapCell(page, point) {
    await page.locator(`table.puzzle-board td[data-point="${point}"]`).tap();
}

/** Taps the button `selector` in the sheet, scrolled into view. */
async function tapButton(page, selector) {
    const button = page.locator(selector);
    await button.scrollIntoViewIfNeeded();
    await button.tap();
}

test("a puzzle solved raises the rating, a puzzle failed lowers it and shows the refutation", async (t) => {
    const page = await open(t, SMALL_PHONE);
    await openPuzzles(page);
    const start = await rating(page);
    assert.equal(start, 1500, "a new player's rating");
    assert.match(await page.locator(".puzzle-message").innerText(), /^(Black|White) to play: find the best move\.$/);
    await screenshot(page, "puzzle-360px");

    // Solved: the answer.
    let puzzle = await puzzleOnScreen(page);
    assert.ok(puzzle, "the puzzle on screen is in the library");
    const legal = await page.locator("table.puzzle-board td[data-legal]").count();
    assert.equal(legal, puzzle.values.length, "every legal move is listed with its value");
    await tapCell(page, puzzle.values[0].square);
    await page.locator('.puzzle-message[data-verdict="solved"]').waitFor();
    const afterWin = await rating(page);
    assert.ok(afterWin > start, `${afterWin} > ${start}`);
    assert.match(await page.locator(".puzzle-message").innerText(), /^Right: [a-h][1-8] (wins by \d+|draws)\. \(\+\d+\)$/);
    // The line steps back to the puzzle's position, where every move's value shows.
    while (!(await page.locator(".puzzle-steps button.back").isDisabled())) {
        await tapButton(page, ".puzzle-steps button.back");
    }
    assert.equal(await page.locator("table.puzzle-board td[data-hint]").count(), puzzle.values.length);
    const best = page.locator("table.puzzle-board td[data-best-move]");
    assert.equal(await best.getAttribute("data-point"), puzzle.values[0].square);
    await screenshot(page, "puzzle-solved-360px");

    // Failed: the second best move, then the other side's answer.
    await tapButton(page, "button.next-puzzle");
    await page.locator('.puzzle-message:not([data-verdict="solved"])').waitFor();
    puzzle = await puzzleOnScreen(page);
    assert.ok(puzzle, "the next puzzle is in the library");
    const wrong = puzzle.values[1];
    await tapCell(page, wrong.square);
    await page.locator('.puzzle-message[data-verdict="failed"]').waitFor();
    const afterLoss = await rating(page);
    assert.ok(afterLoss < afterWin, `${afterLoss} < ${afterWin}`);
    const other = puzzle.side === "X" ? "White" : "Black";
    await page
        .locator(".puzzle-message", { hasText: new RegExp(`${other} answers [a-h][1-8]\\.`) })
        .waitFor({ timeout: 20_000 });
    const message = await page.locator(".puzzle-message").innerText();
    assert.ok(message.startsWith(`Not the best: ${wrong.square} `), message);
    assert.ok(message.includes(`; ${puzzle.values[0].square} `), message);
    assert.equal(await page.locator("table.puzzle-board td[data-last]").count(), 1, "the answer is marked");
    await screenshot(page, "puzzle-failed-360px");

    // Another try is not judged again; the solution shows every value.
    await tapButton(page, "button.try-again");
    await tapCell(page, puzzle.values[0].square);
    await page.locator(".puzzle-message", { hasText: "Right this time." }).waitFor();
    assert.equal(await rating(page), afterLoss);
    await tapButton(page, "button.show-solution");
    assert.equal(await page.locator("table.puzzle-board td[data-hint]").count(), puzzle.values.length);

    // The rating is kept on the device.
    await page.reload();
    await page.locator("table.board td[data-point]").first().waitFor();
    await openPuzzles(page);
    assert.equal(await rating(page), afterLoss);
    assert.match(await page.locator(".puzzle-status").innerText(), /^Rating \d+\? · 1 of 2 solved$/);
});

test("a streak counts until the first miss; the daily puzzle is rated once", async (t) => {
    const page = await open(t, SMALL_PHONE);
    await openPuzzles(page);
    await tapButton(page, '.puzzle-mode[data-mode="Streak"]');
    await page.locator(".puzzle-status", { hasText: "Streak 0 · best 0" }).waitFor();
    for (const expected of [1, 2]) {
        const puzzle = await puzzleOnScreen(page);
        await tapCell(page, puzzle.values[0].square);
        await page.locator(".puzzle-status", { hasText: `Streak ${expected} ·` }).waitFor();
        await tapButton(page, "button.next-puzzle");
        await page.locator('.puzzle-message:not([data-verdict="solved"])').waitFor();
    }
    const puzzle = await puzzleOnScreen(page);
    await tapCell(page, puzzle.values[1].square);
    await page.locator(".puzzle-message", { hasText: "Streak over: 2 solved." }).waitFor();
    assert.equal(await rating(page), 1500, "a streak is unrated");
    await tapButton(page, "button.new-streak");
    await page.locator(".puzzle-status", { hasText: "Streak 0 · best 2" }).waitFor();

    await tapButton(page, '.puzzle-mode[data-mode="Daily"]');
    const daily = await puzzleOnScreen(page);
    await tapCell(page, daily.values[0].square);
    await page.locator(".puzzle-daily", { hasText: "Today's puzzle is solved." }).waitFor();
    const rated = await rating(page);
    assert.ok(rated > 1500);
    // The same puzzle again today: unrated.
    await tapButton(page, '.puzzle-mode[data-mode="Rated"]');
    await tapButton(page, '.puzzle-mode[data-mode="Daily"]');
    assert.deepEqual(await puzzleOnScreen(page), daily);
    // From the keyboard this time: a legal move is a button, Enter plays it.
    const legal = page.locator("table.puzzle-board td[data-legal] button.play");
    assert.equal(await legal.count(), daily.values.length);
    await page.locator(`table.puzzle-board td[data-point="${daily.values[1].square}"] button.play`).focus();
    await page.keyboard.press("Enter");
    await page.locator('.puzzle-message[data-verdict="failed"]').waitFor();
    assert.equal(await rating(page), rated);
    // Enter played the puzzle's move, not one of the game under the sheet.
    await tapButton(page, ".puzzles-sheet .dialog-buttons button.secondary");
    assert.equal(await page.locator("table.board td[data-stone]").count(), 4);
});

/**
 * The Go puzzle on screen (`data-puzzle`, its place in the library), found in the library the
 * page fetched: its listed moves and values in tenths of a point, best first, and the crop.
 */
async function goPuzzleOnScreen(page) {
    return page.evaluate(async () => {
        const index = Number(document.querySelector(".puzzle-message").dataset.puzzle);
        const text = await (await fetch("puzzles/go.txt")).text();
        const lines = text.split("\n").filter((l) => l.trim() !== "" && !l.startsWith("#"));
        const fields = lines[index].split("\t");
        const values = fields[1].split(",").map((v) => {
            const [point, value] = v.split(":");
            return { point, value: Math.round(Number(value) * 10) };
        });
        return { size: Number(fields[0].split(" ")[0]), values, crop: fields[5] };
    });
}

test("Go puzzles: a rating of their own, the answer, a move off the list refuted by the network", async (t) => {
    const page = await open(t, SMALL_PHONE);
    await openPuzzles(page);
    // An Othello game on the board: the screen opens on Othello's puzzles.
    assert.equal(await page.locator('.puzzle-game[data-game="Othello"]').getAttribute("aria-pressed"), "true");
    await tapButton(page, '.puzzle-game[data-game="Go"]');
    await page.locator("table.puzzle-board.go td[data-point]").first().waitFor({ timeout: 15_000 });
    assert.equal(await rating(page), 1500, "a new Go player's rating");
    assert.match(await page.locator(".puzzle-message").innerText(), /^(Black|White) to play: find the best move\.$/);
    let puzzle = await goPuzzleOnScreen(page);
    const cells = await page.locator("table.puzzle-board td[data-point]").count();
    if (puzzle.crop === "-") assert.equal(cells, puzzle.size * puzzle.size, "the whole board");
    else assert.ok(cells < puzzle.size * puzzle.size, "a corner or side of the board");
    await screenshot(page, "go-puzzle-360px");

    // Solved.
    await tapCell(page, puzzle.values[0].point);
    await page.locator('.puzzle-message[data-verdict="solved"]').waitFor();
    const afterWin = await rating(page);
    assert.ok(afterWin > 1500, `${afterWin}`);
    assert.match(
        await page.locator(".puzzle-message").innerText(),
        /^Right: [A-HJ-T]\d+ is worth [+-]?\d+\.\d points\. \(\+\d+\)$/,
    );
    while (!(await page.locator(".puzzle-steps button.back").isDisabled())) {
        await tapButton(page, ".puzzle-steps button.back");
    }
    const listed = puzzle.values.filter((v) => v.point !== "pass");
    assert.equal(await page.locator("table.puzzle-board td[data-hint]").count(), listed.length);
    assert.equal(
        await page.locator("table.puzzle-board td[data-best-move]").getAttribute("data-point"),
        puzzle.values[0].point,
    );
    await screenshot(page, "go-puzzle-solved-360px");

    // Failed: a legal move the library does not list; the network answers it.
    await tapButton(page, "button.next-puzzle");
    await page.locator('.puzzle-message:not([data-verdict="solved"])').waitFor();
    puzzle = await goPuzzleOnScreen(page);
    const names = puzzle.values.map((v) => v.point);
    const legal = await page.locator("table.puzzle-board td[data-legal]").evaluateAll((cells) =>
        cells.map((cell) => cell.dataset.point),
    );
    const off = legal.find((point) => !names.includes(point));
    assert.ok(off, "a legal move off the list");
    await tapCell(page, off);
    await page.locator('.puzzle-message[data-verdict="failed"]').waitFor();
    const afterLoss = await rating(page);
    assert.ok(afterLoss < afterWin, `${afterLoss} < ${afterWin}`);
    await page
        .locator(".puzzle-message", { hasText: /(Black|White) answers [A-HJ-T]\d+\./ })
        .waitFor({ timeout: 60_000 });
    const message = await page.locator(".puzzle-message").innerText();
    assert.ok(message.startsWith(`Not the best: ${off}; ${puzzle.values[0].point} is worth `), message);
    await screenshot(page, "go-puzzle-failed-360px");

    // Othello's rating did not move; Go's is kept on the device.
    await tapButton(page, '.puzzle-game[data-game="Othello"]');
    await page.locator("table.puzzle-board.othello").waitFor();
    assert.equal(await rating(page), 1500);
    await page.reload();
    await page.locator("table.board td[data-point]").first().waitFor();
    await openPuzzles(page);
    await tapButton(page, '.puzzle-game[data-game="Go"]');
    await page.locator("table.puzzle-board.go").waitFor({ timeout: 15_000 });
    assert.equal(await rating(page), afterLoss);
});

test("damaged puzzle progress is said, kept aside and started afresh", async (t) => {
    const page = await open(t, SMALL_PHONE);
    await page.evaluate(() => localStorage.setItem("ishi-puzzles", '{"version": 1, "othello": {'));
    await openPuzzles(page);
    await page.locator(".puzzle-reset").waitFor();
    assert.match(await page.locator(".puzzle-reset").innerText(), /could not be read .* it starts afresh/);
    assert.equal(await rating(page), 1500);
    assert.equal(await page.evaluate(() => localStorage.getItem("ishi-puzzles-unreadable")), '{"version": 1, "othello": {');
    // The game under the sheet is untouched, and the sheet closes.
    await tapButton(page, ".puzzles-sheet .dialog-buttons button.secondary");
    assert.equal(await page.locator("table.puzzle-board").count(), 0);
    assert.equal(await page.locator('table.board td[data-stone="black"]').count(), 2);
});

test("the puzzles logged no console error and no page error", () => {
    assertNoProblems(problems);
});
