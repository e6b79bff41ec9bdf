// The layout at every size: upright, the controls under the board; in landscape, beside it,
// the board taking the screen's height. Checked on a 19x19 Go board (the largest) at four
// sizes, in both colour themes, with screenshots of each.
import assert from "node:assert/strict";
import { test } from "node:test";

import { PHONE, assertNoProblems, browserSession, newGame, screenshot } from "./browser.mjs";

const session = browserSession();
const { open, problems } = session;

const SIZES = [
    { name: "phone", width: 360, height: 740, landscape: false },
    { name: "phone-landscape", width: 740, height: 360, landscape: true },
    { name: "tablet", width: 768, height: 1024, landscape: false },
    { name: "desktop", width: 1280, height: 800, landscape: true },
];

/** The boxes the checks read, and whether the page scrolls sideways. */
function layout(page) {
    return page.evaluate(() => {
        const box = (selector) => {
            const element = document.querySelector(selector);
            if (!element || element.getClientRects().length === 0) return null;
            const { x, y, width, height } = element.getBoundingClientRect();
            return { x, y, width, height, right: x + width, bottom: y + height };
        };
        const cell = box('table.board td[data-point="K10"]');
        return {
            board: box("table.board"),
            cell,
            status: box(".status"),
            actions: box(".actions"),
            undo: box("nav.undo-bar"),
            moves: box(".moves-side"),
            scrollWidth: document.documentElement.scrollWidth,
        };
    });
}

for (const size of SIZES) {
    test(`19x19 at ${size.width}x${size.height}: the board as large as the screen allows`, async (t) => {
        const page = await open(t, { ...PHONE, viewport: { width: size.width, height: size.height } });
        await newGame(page, { game: "Go", size: 19, black: "human", white: "human" });
        const { width, height } = size;
        const l = await layout(page);
        assert.ok(l.scrollWidth <= width, `the page scrolls sideways: ${l.scrollWidth} px wide`);
        const { board, cell } = l;
        assert.ok(
            board.x >= 0 && board.y >= 0 && board.right <= width + 0.5 && board.bottom <= height + 0.5,
            `the board is not within the screen: ${JSON.stringify(board)}`,
        );
        assert.ok(Math.abs(cell.width - cell.height) < 0.5, `the cells are not square: ${JSON.stringify(cell)}`);
        assert.ok(cell.width >= 14, `the cells are ${cell.width} px`);
        for (const part of ["status", "actions", "undo"]) {
            const b = l[part];
            assert.ok(b, `no ${part} on the screen`);
            assert.ok(b.bottom <= height + 0.5 && b.right <= width + 0.5, `${part} is off the screen: ${JSON.stringify(b)}`);
        }
        if (size.landscape) {
            assert.ok(board.height >= 0.85 * height, `the board is ${board.height} px of ${height} px high`);
            for (const part of ["status", "actions", "undo"]) {
                assert.ok(l[part].x >= board.right - 0.5, `${part} is not beside the board: ${JSON.stringify(l[part])}`);
            }
        } else {
            assert.ok(board.width >= 0.9 * width, `the board is ${board.width} px of ${width} px wide`);
            assert.ok(l.status.bottom <= board.y + 0.5, "the status is above the board");
            assert.ok(l.actions.y >= board.bottom - 0.5, "the controls are under the board");
        }
        if (size.landscape && height >= 500) {
            assert.ok(l.moves && l.moves.x >= board.right, "the move list is beside the board");
        } else {
            assert.equal(l.moves, null, "no move list beside the board");
            assert.ok(await page.locator(".actions button.moves").isVisible(), "the Moves button opens the list");
        }
        await screenshot(page, `layout-${size.name}-light`);
        await page.emulateMedia({ colorScheme: "dark" });
        await page.waitForFunction(() => document.documentElement.dataset.theme === "dark");
        await screenshot(page, `layout-${size.name}-dark`);
        assertNoProblems(problems);
    });
}

test("turning a phone keeps the game and lays it out again", async (t) => {
    const page = await open(t, { ...PHONE, viewport: { width: 393, height: 851 } });
    await newGame(page, { game: "Othello", black: "human", white: "human" });
    await page.locator('table.board td[data-point="f5"]').tap();
    await page.locator('table.board td[data-point="f5"][data-stone="black"]').waitFor();
    await page.setViewportSize({ width: 851, height: 393 });
    const l = await layout(page);
    assert.ok(l.board.height >= 0.85 * 393, `the board is ${l.board.height} px high`);
    assert.ok(l.undo.x >= l.board.right - 0.5, "the undo bar is beside the board");
    assert.equal(await page.locator('table.board td[data-point="f5"]').getAttribute("data-stone"), "black");
    await page.locator("nav.undo-bar button").first().tap();
    await page.locator('table.board td[data-point="f5"]:not([data-stone])').waitFor();
    await screenshot(page, "layout-othello-landscape");
    assertNoProblems(problems);
});

test("on a desktop-sized screen Escape closes a sheet", async (t) => {
    const page = await open(t, { viewport: { width: 1280, height: 800 } });
    await page.locator("header button.new-game").click();
    const sheet = page.locator(".new-game-sheet[role=dialog]");
    await sheet.waitFor();
    await page.keyboard.press("Escape");
    await sheet.waitFor({ state: "detached" });
    assertNoProblems(problems);
});
