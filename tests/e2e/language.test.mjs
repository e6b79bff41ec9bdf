// English and Japanese: the browser's language decides at first, the options switch it, and
// the choice survives a reload.
import assert from "node:assert/strict";
import { test } from "node:test";

import { PHONE, assertNoProblems, browserSession, screenshot, status } from "./browser.mjs";

/** The browser of this file and the console and page errors of its pages. */
const session = browserSession();
const { open, problems } = session;

test("the language switch translates the app and is remembered", async (t) => {
    const page = await open(t);
    assert.equal((await status(page)).message, "Black to move");
    await page.tap("button.new-game");
    await page.selectOption("select[name=language]", "ja");
    assert.equal(await page.locator("#new-game-title").innerText(), "新しい対局");
    await page.tap(".new-game-sheet button.secondary");
    assert.equal((await status(page)).message, "黒の番です");
    assert.equal(await page.locator("button.new-game").innerText(), "新しい対局");
    assert.match(await page.locator("button.undo").innerText(), /戻す/);
    assert.equal(await page.evaluate(() => document.documentElement.lang), "ja");
    assert.equal(
        await page.locator('td[data-point="d3"]').getAttribute("aria-label"),
        "d3、空き、打てます",
    );
    await screenshot(page, "language-japanese");
    await page.reload();
    await page.locator("table.board td[data-point]").first().waitFor();
    assert.equal((await status(page)).message, "黒の番です");
    await page.tap("button.new-game");
    await page.selectOption("select[name=language]", "en");
    await page.tap(".new-game-sheet button.secondary");
    assert.equal((await status(page)).message, "Black to move");
});

test("a Japanese browser gets Japanese at first", async (t) => {
    const page = await open(t, { ...PHONE, locale: "ja-JP" });
    t.after(() => page.context().close());
    assert.equal((await status(page)).message, "黒の番です");
    assert.equal(await page.locator("button.mode").first().innerText(), "オセロ");
});

test("the language run logged no console error and no page error", () => {
    assertNoProblems(problems);
});
