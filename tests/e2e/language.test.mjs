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

test("errors read in Japanese too, words and all", async (t) => {
    const page = await open(t, { ...PHONE, locale: "ja-JP" });
    t.after(() => page.context().close());
    // An illegal move on the board: the rules' reason, in Japanese.
    await page.tap('td[data-point="a1"]');
    assert.equal((await status(page)).message, "そこには打てません: 裏返せる石がありません。");
    // A broken record in the records sheet: where and why, in Japanese.
    await page.tap("header button.more");
    await page.locator('textarea[name="import"]').fill("f5 d6 zz");
    await page.tap(".more-sheet button.import");
    const error = await page.locator(".more-sheet .error").innerText();
    assert.equal(error, "読み込めません: 3手目（7 文字目）: 「z」は「f5」のようなマスではありません。");
    await screenshot(page, "language-japanese-import-error");
    // The sheet ends with what Ishi is, and the credit of the Go network it ships.
    const about = await page.locator(".more-sheet .about").allInnerTexts();
    assert.equal(about.length, 2);
    assert.match(about[0], /^Ishi \d+\.\d+\.\d+（MIT または Apache-2\.0/);
    assert.match(about[1], /KataGo の g170 .*David J Wu/);
    // A komi that is not a number, in the new-game sheet.
    await page.tap(".more-sheet button.secondary");
    await page.tap("header button.new-game");
    await page.locator(".new-game-sheet button.mode[role=radio]", { hasText: "囲碁" }).tap();
    await page.locator("input[name=komi]").fill("");
    await page.tap(".new-game-sheet button.start");
    assert.match(
        await page.locator(".new-game-sheet .error").innerText(),
        /^この対局は始められません: コミは/,
    );
    assert.equal(await page.locator("table.board.othello").count(), 1, "no game started");
});

test("the language run logged no console error and no page error", () => {
    assertNoProblems(problems);
});
