// Nothing is lost: the match (with its undo history) and the settings survive a reload, and
// saved data that cannot be read starts a fresh game, says so, and is kept aside.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import {
    PHONE,
    assertNoProblems,
    browserSession,
    openPage,
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
        // Saves wait for the part that writes them, which comes with the first board: a
        // reload within that moment of a first visit loses the change (docs/web-size.md).
        // The setting must survive a reload once saved.
        await page.waitForFunction(
            () => JSON.parse(localStorage.getItem("ishi") ?? "{}").settings?.hints === false,
        );
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
        await page.waitForFunction(() => JSON.parse(localStorage.getItem("ishi") ?? "{}").version === 2);
    });

    test("a save from another version is refused with a reason", async (t) => {
        const page = await open(t);
        await page.tap('td[data-point="f5"]');
        // The first save waits for the part that writes it, which comes with the first board;
        // the computer's reply saves again, and would write over the change below if it came
        // after it (as it did on a loaded machine): both are waited for.
        await page.waitForFunction(
            () => (JSON.parse(localStorage.getItem("ishi") ?? "{}").current?.events?.length ?? 0) >= 2,
        );
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

test("saved games whose reader cannot be fetched are left as they are, and the page says so", async (t) => {
    // The saved state is read by a lazy part of the build, which a first visit (nothing
    // saved) does without. Refused (offline with no service worker, or a server on a newer
    // build), the app must not start fresh: its first save would write over the games.
    const context = await session.browser.newContext({ ...PHONE, serviceWorkers: "block" });
    t.after(() => context.close());
    const page = await openPage(context, [], t.name);
    await page.tap('td[data-point="f5"]');
    await waitForMessage(page, /^Black to move/);
    const saved = await page.evaluate(() => localStorage.getItem("ishi"));
    assert.match(saved, /"version":2/);
    const reader = /\/assets\/module_\d+_read_saved-[^/]*\.wasm$/;
    await context.route(reader, (route) => route.abort());
    await page.reload();
    // The loader does not report a failed fetch: the page waits 15 s for the part.
    const notice = page.locator(".unavailable[role=alert]");
    await notice.waitFor({ timeout: 25_000 });
    assert.match(await notice.textContent(), /could not be loaded/);
    assert.equal(await page.locator("table.board").count(), 0, "no fresh game in its place");
    assert.equal(await page.evaluate(() => localStorage.getItem("ishi")), saved, "the save is untouched");
    await screenshot(page, "persistence-reader-unavailable");
    // With the network back, Reload brings the game back.
    await context.unroute(reader);
    await notice.locator("button", { hasText: "Reload" }).tap();
    await page.locator('table.board td[data-point="f5"][data-stone="black"]').waitFor();
});

test("the saving run logged no console error and no page error", () => {
    assertNoProblems(problems);
});
