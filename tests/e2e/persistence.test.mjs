// Nothing is lost: the match (with its undo history) and the settings survive a reload, and
// saved data that cannot be read starts a fresh game, says so, and is kept aside.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import {
    assertNoProblems,
    browserSession,
    screenshot,
    snapshot,
    waitForMessage,
} from "./browser.mjs";

/** The browser of this file and the console and page errors of its pages. */
const session = browserSession();
const { open, problems } = session;

/** Reloads and waits for the board. */
async function reload(page) {
    await page.reload();
    await page.locator("table.board td[data-point]").first().waitFor();
}

describe("saving", () => {
    test("a reload mid-game resumes the match with undo available", async (t) => {
        const page = await open(t);
        await page.tap('td[data-point="f5"]');
        // The computer answers: White has three discs or more, and it is Black's turn again.
        await waitForMessage(page, /^Black to move/);
        const before = await snapshot(page);
        assert.equal(before.turn, "black");
        await reload(page);
        const after = await snapshot(page);
        assert.deepEqual(after, before, "the board, counts, turn and message come back");
        assert.equal(await page.locator("button.undo").isDisabled(), false, "undo is available");
        await page.tap("button.undo");
        await page.waitForFunction(
            () => document.querySelectorAll("table.board td[data-stone]").length === 4,
        );
        assert.equal(await page.locator("button.redo").isDisabled(), false);
        await reload(page);
        assert.equal(
            await page.locator("button.redo").isDisabled(),
            false,
            "the redo line survives a reload too",
        );
        await screenshot(page, "persistence-after-reload");
    });

    test("settings survive a reload", async (t) => {
        const page = await open(t);
        assert.equal(await page.locator("button.hints").getAttribute("aria-pressed"), "true");
        await page.tap("button.hints");
        assert.equal(await page.locator("td[data-legal]").count(), 0);
        await reload(page);
        assert.equal(await page.locator("button.hints").getAttribute("aria-pressed"), "false");
        assert.equal(await page.locator("td[data-legal]").count(), 0);
    });

    test("unreadable saved data starts fresh, says so and is kept aside", async (t) => {
        const page = await open(t);
        await page.evaluate(() => localStorage.setItem("ishi", "{not json"));
        await reload(page);
        await waitForMessage(page, /could not be read; here is a new game\. \(It was kept aside: the saved data is damaged/);
        assert.equal(await page.locator("td[data-stone]").count(), 4, "a new game");
        assert.equal(
            await page.evaluate(() => localStorage.getItem("ishi-unreadable")),
            "{not json",
        );
        // The next move saves a readable game again.
        await page.tap('td[data-point="d3"]');
        await page.waitForFunction(() => JSON.parse(localStorage.getItem("ishi")).version === 2);
    });

    test("a save from another version is refused with a reason", async (t) => {
        const page = await open(t);
        await page.tap('td[data-point="f5"]');
        await page.evaluate(() => {
            const saved = JSON.parse(localStorage.getItem("ishi"));
            saved.version = 0;
            localStorage.setItem("ishi", JSON.stringify(saved));
        });
        await reload(page);
        await waitForMessage(page, /another version of Ishi/);
        assert.equal(await page.locator("td[data-stone]").count(), 4);
    });
});

test("the saving run logged no console error and no page error", () => {
    assertNoProblems(problems);
});
