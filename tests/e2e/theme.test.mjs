// Colours: the app follows the system's dark or light setting, and the options' choice wins
// over it and is remembered; both boards stay readable in the dark.
import assert from "node:assert/strict";
import { test } from "node:test";

import { PHONE, assertNoProblems, browserSession, newGame, screenshot } from "./browser.mjs";

const session = browserSession();
const { open, problems } = session;

/** The page's theme attribute and its background colour. */
function colours(page) {
    return page.evaluate(() => ({
        theme: document.documentElement.dataset.theme,
        page: getComputedStyle(document.body).backgroundColor,
    }));
}

/** Chooses `value` in the options' colours field of the new-game sheet, then closes it. */
async function chooseTheme(page, value) {
    await page.locator("header button.new-game").tap();
    const sheet = page.locator(".new-game-sheet[role=dialog]");
    await sheet.locator("[name=theme]").selectOption(value);
    await sheet.locator(".dialog-buttons button.secondary").tap();
    await sheet.waitFor({ state: "detached" });
}

test("a dark system gets dark colours, and the options' choice wins and is remembered", async (t) => {
    const page = await open(t, { ...PHONE, colorScheme: "dark" });
    const dark = await colours(page);
    assert.equal(dark.theme, "dark");
    assert.equal(dark.page, "rgb(22, 22, 22)");
    await screenshot(page, "theme-dark-othello");
    await newGame(page, { game: "Go", size: 9 });
    await screenshot(page, "theme-dark-go");

    await chooseTheme(page, "light");
    const light = await colours(page);
    assert.equal(light.theme, "light");
    assert.notEqual(light.page, dark.page);
    await page.reload();
    await page.locator("table.board td[data-point]").first().waitFor();
    assert.equal((await colours(page)).theme, "light", "the choice is remembered");
    await screenshot(page, "theme-light-go");

    await chooseTheme(page, "system");
    assert.equal((await colours(page)).theme, "dark", "back to the system's");
    await page.emulateMedia({ colorScheme: "light" });
    await page.waitForFunction(() => document.documentElement.dataset.theme === "light");
    assertNoProblems(problems);
});
