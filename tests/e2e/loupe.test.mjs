// The loupe on large Go boards: while a finger is down, the point under it shows magnified
// above it; sliding moves the loupe and the ghost stone; lifting leaves the ghost for the
// confirming tap, which plays.
import assert from "node:assert/strict";
import { test } from "node:test";

import { SMALL_PHONE, assertNoProblems, browserSession, cell, newGame, screenshot, waitForStone } from "./browser.mjs";

const session = browserSession();
const { open, problems } = session;

/** A finger driven through the DevTools protocol: down, slides and up at cells' centres. */
async function finger(page) {
    const cdp = await page.context().newCDPSession(page);
    const centre = async (point) => {
        const box = await cell(page, point).boundingBox();
        return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    };
    const send = (type, points) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: points });
    return {
        down: async (point) => send("touchStart", [await centre(point)]),
        slide: async (point) => send("touchMove", [await centre(point)]),
        slideTo: (x, y) => send("touchMove", [{ x, y }]),
        up: async () => send("touchEnd", []),
    };
}

/** The loupe's state: the point it centres on, and its box. */
async function loupe(page) {
    const element = page.locator(".loupe");
    if ((await element.count()) === 0) return null;
    return {
        at: await element.getAttribute("data-at"),
        name: await element.locator(".name").textContent(),
        box: await element.boundingBox(),
    };
}

test("on 19x19 the loupe follows the finger and the stone goes where it was lifted", async (t) => {
    const page = await open(t, SMALL_PHONE);
    await newGame(page, { game: "Go", size: 19, black: "human", white: "human" });
    const touch = await finger(page);
    await touch.down("D4");
    await page.locator('.loupe[data-at="D4"]').waitFor();
    const first = await loupe(page);
    assert.equal(first.name, "D4");
    const d4 = await cell(page, "D4").boundingBox();
    assert.ok(first.box.y + first.box.height <= d4.y, `the loupe is not above the finger: ${JSON.stringify(first.box)}`);
    assert.equal(await page.locator('.loupe td[data-centre][data-star]').count(), 1, "D4's star point is at the centre");
    await screenshot(page, "loupe-d4");

    await touch.slide("E4");
    await page.locator('.loupe[data-at="E4"]').waitFor();
    await page.locator('table.board td[data-point="E4"][data-ghost="black"]').waitFor();
    assert.equal(await page.locator("table.board td[data-ghost]").count(), 1, "one ghost, under the finger");
    await touch.slide("E5");
    await page.locator('.loupe[data-at="E5"]').waitFor();
    await page.locator('.loupe td[data-centre][data-ghost="black"]').waitFor();
    await touch.up();
    await page.locator(".loupe").waitFor({ state: "detached" });
    await page.locator('table.board td[data-point="E5"][data-ghost="black"]').waitFor();
    assert.equal(await page.locator("table.board td[data-stone]").count(), 0, "lifting does not play");

    // The confirming tap plays where the ghost is.
    await touch.down("E5");
    await touch.up();
    await waitForStone(page, "E5", "black");
    assert.equal(await page.locator("table.board td[data-ghost]").count(), 0);

    // Near the top edge, the loupe goes beside the finger, and shows White's ghost over the
    // board's edge.
    await touch.down("B18");
    await page.locator('.loupe[data-at="B18"]').waitFor();
    const top = await loupe(page);
    const b18 = await cell(page, "B18").boundingBox();
    assert.ok(top.box.x >= b18.x + b18.width, `the loupe is not beside the finger: ${JSON.stringify(top.box)}`);
    assert.equal(await page.locator(".loupe td.off").count(), 9, "the row and the column beyond the edges are empty");
    await page.locator('.loupe td[data-centre][data-ghost="white"]').waitFor();
    await screenshot(page, "loupe-b18");
    // Sliding off the board and lifting there leaves the ghost where the finger last was.
    await touch.slideTo(b18.x, 20);
    await page.locator(".loupe .name").waitFor({ state: "detached" });
    await touch.up();
    await page.locator(".loupe").waitFor({ state: "detached" });
    await page.locator('table.board td[data-point="B18"][data-ghost="white"]').waitFor();
    assertNoProblems(problems);
});

test("a 9x9 board has no loupe: a finger's tap shows the ghost, a second plays", async (t) => {
    const page = await open(t, SMALL_PHONE);
    await newGame(page, { game: "Go", size: 9, black: "human", white: "human" });
    assert.equal(await page.locator("table.board[data-loupe]").count(), 0);
    const touch = await finger(page);
    await touch.down("E5");
    await touch.up();
    await page.locator('table.board td[data-point="E5"][data-ghost="black"]').waitFor();
    assert.equal(await page.locator(".loupe").count(), 0);
    await cell(page, "E5").tap();
    await waitForStone(page, "E5", "black");
    assertNoProblems(problems);
});
