// Analysis that teaches: the computer's value of each move on its cell, refined while the
// player thinks.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
    SMALL_PHONE,
    assertNoProblems,
    browserSession,
    cell,
    goPlay,
    newGame,
    openPage,
    screenshot,
} from "./browser.mjs";

/** The browser of this file and the console and page errors of its pages. */
const session = browserSession();
const { open, problems } = session;

/** The hinted cells: name -> { text, best, exact, label }. */
function hints(page) {
    return page.evaluate(() =>
        Object.fromEntries(
            [...document.querySelectorAll("table.board td[data-hint]")].map((td) => [
                td.dataset.point,
                {
                    text: td.querySelector(".hint")?.textContent ?? "",
                    best: td.dataset.best === "true",
                    exact: td.dataset.exact === "true",
                    label: td.getAttribute("aria-label"),
                },
            ]),
        ),
    );
}

test("the values of the moves show on their cells, the best marked, and refine", async (t) => {
    const page = await open(t, SMALL_PHONE);
    await newGame(page, { game: "Othello", board: "8x8", black: "human", white: "human" });
    assert.deepEqual(await hints(page), {}, "values are off at first");
    await page.tap("button.values");
    await page.locator("table.board td[data-hint]").first().waitFor({ timeout: 2_000 });
    const first = await hints(page);
    assert.deepEqual(Object.keys(first).sort(), ["c4", "d3", "e6", "f5"]);
    for (const [name, hint] of Object.entries(first)) {
        assert.match(hint.text, /^([+-]\d+|0)$/, `${name}: ${hint.text}`);
        assert.ok(hint.best, `${name}: the four first moves are one move`);
        assert.match(hint.label, /, best move, value ([+-]\d+|0)$/, hint.label);
    }
    await screenshot(page, "values-othello-360px");
    // A move: the values of the next position, for White.
    await page.tap('td[data-point="f5"]');
    await page.locator('table.board td[data-point="d6"][data-hint]').waitFor({ timeout: 2_000 });
    const second = await hints(page);
    assert.deepEqual(Object.keys(second).sort(), ["d6", "f4", "f6"]);
    assert.equal(Object.values(second).filter((h) => h.best).length >= 1, true);
    // Hidden again: no value is left on the board.
    await page.tap("button.values");
    assert.deepEqual(await hints(page), {});
});

test("go shows the score lead, win rate and visits of its best candidates, on the network", async (t) => {
    const page = await open(t, SMALL_PHONE);
    await newGame(page, { game: "Go", size: 9, black: "human", white: "human" });
    await page.locator('div.status[data-network="ready"]').waitFor({ timeout: 20_000 });
    assert.equal(await page.locator(".status .detail").count(), 0, "nothing said of a network that is there");
    await page.tap("button.values");
    await page.locator("table.board td[data-hint]").first().waitFor({ timeout: 5_000 });
    const shown = await hints(page);
    const count = Object.keys(shown).length;
    assert.ok(count >= 1 && count <= 5, JSON.stringify(shown));
    for (const hint of Object.values(shown)) {
        assert.match(hint.label, /score [+-]?[\d.]+ points, win rate \d+%, \d+ visits$/, hint.label);
    }
    // The network's favourite opening points on 9x9 are near the centre, never the edge.
    const best = Object.entries(shown).find(([, hint]) => hint.best)?.[0] ?? "";
    assert.match(best, /^[C-G][3-7]$/, `the best move ${best}`);
    await screenshot(page, "values-go-360px");
    assert.equal(await cell(page, "E5").getAttribute("data-stone"), null);
});

test("without its network, go says why and shows the Monte Carlo engine's win rate and playouts", async (t) => {
    // The network refused, as offline on a first visit: the status line says it could not be
    // loaded, and the values are the Monte Carlo engine's. Its own context, with no service
    // worker to answer for the server; the worker's warning is the point, not a fault.
    const context = await session.browser.newContext({ ...SMALL_PHONE, serviceWorkers: "block" });
    t.after(() => context.close());
    await context.route(/\/assets\/go-network-[0-9a-f]+\.bin$/, (route) => route.abort());
    const page = await openPage(context, [], t.name);
    await newGame(page, { game: "Go", size: 9, black: "human", white: "human" });
    await page.locator('div.status[data-network="failed"]').waitFor({ timeout: 20_000 });
    assert.match(await page.locator(".status .detail").innerText(), /network not loaded/);
    await page.tap("button.values");
    // The rounds go on: wait for the last one's playouts.
    await page.waitForFunction(
        () => [...document.querySelectorAll("table.board td[data-hint] small")].some((s) => /k$/.test(s.textContent)),
        null,
        { timeout: 20_000 },
    );
    const shown = await hints(page);
    for (const hint of Object.values(shown)) {
        assert.match(hint.label, /win rate \d+%, [\d.]+k? playouts$/, hint.label);
    }
    await screenshot(page, "values-go-monte-carlo-360px");

    // A browser without WebAssembly SIMD: the same, said so.
    const second = await session.browser.newContext({ ...SMALL_PHONE, serviceWorkers: "block" });
    t.after(() => second.close());
    await second.route("**/worker/worker.js", async (route) => {
        const response = await route.fetch();
        const body = `WebAssembly.validate = () => false;\n${await response.text()}`;
        await route.fulfill({ response, body });
    });
    const other = await openPage(second, [], t.name);
    await newGame(other, { game: "Go", size: 9, black: "human", white: "human" });
    await other.locator('div.status[data-network="no-simd"]').waitFor({ timeout: 20_000 });
    assert.match(await other.locator(".status .detail").innerText(), /no WASM SIMD/);
    await screenshot(other, "go-no-simd-360px");
});

test("go's policy shades where a strong player would look, on 9x9 and on 19x19", async (t) => {
    const page = await open(t, SMALL_PHONE);
    await newGame(page, { game: "Go", size: 9, black: "human", white: "human" });
    await page.locator('div.status[data-network="ready"]').waitFor({ timeout: 20_000 });
    const policy = () =>
        page.evaluate(() =>
            [...document.querySelectorAll("table.board td[data-policy]")]
                .map((td) => [td.dataset.point, Number(td.dataset.policy), td.getAttribute("aria-label")])
                .sort((a, b) => b[1] - a[1]),
        );
    await page.tap("button.policy");
    assert.equal(await page.locator("button.policy").getAttribute("aria-pressed"), "true");
    await page.locator("table.board td[data-policy]").first().waitFor({ timeout: 5_000 });
    const nine = await policy();
    const [top, share, label] = nine[0];
    assert.match(top, /^[C-G][3-7]$/, `the likeliest move ${top}`);
    assert.ok(share >= 10, `${top} at ${share} %`);
    assert.match(label, new RegExp(`policy ${share}%`), label);
    const total = nine.reduce((sum, [, p]) => sum + p, 0);
    assert.ok(total >= 80 && total <= 110, `the shares shown add up to ${total} %`);
    await screenshot(page, "policy-go-9x9-360px");

    // 19x19 after Black's 4-4 point: White's likeliest answers are the other corners.
    await newGame(page, { game: "Go", size: 19, black: "human", white: "human" });
    await goPlay(page, "Q16");
    await page.locator("table.board td[data-policy]").first().waitFor({ timeout: 10_000 });
    const [corner] = (await policy())[0];
    const [col, row] = [corner.charCodeAt(0) - 64, Number(corner.slice(1))];
    const near = (x) => x <= 5 || x >= 15;
    assert.ok(near(col) && near(row), `White's likeliest answer ${corner} is not in a corner`);
    assert.equal(await cell(page, "Q16").getAttribute("data-policy"), null, "no policy on a stone");
    await screenshot(page, "policy-go-19x19-360px");
    // Off: no disc left.
    await page.tap("button.policy");
    await page.locator("table.board td[data-policy]").first().waitFor({ state: "detached" });
});

test("a go game analysed on the network: a first-line blunder costs points, the win rate beside", async (t) => {
    const page = await open(t, SMALL_PHONE);
    await page.locator("header button.more").tap();
    // Black's third move on the first line, A9, where E3 or the like was to be played.
    await page.locator('textarea[name="import"]').fill("(;FF[4]GM[1]SZ[9]KM[7]RU[Chinese];B[ee];W[cc];B[aa];W[gg])");
    await page.locator(".more-sheet button.import").tap();
    await page.locator(".analysis-bar button.analyse").first().waitFor();
    await page.locator('div.status[data-network="ready"]').waitFor({ timeout: 20_000 });
    await page.tap(".analysis-bar button.analyse:not(.deep)");
    await page.locator(".analysis-bar progress").waitFor({ state: "detached", timeout: 60_000 });
    const dot = page.locator('.graph circle.dot[data-index="2"]');
    await dot.waitFor();
    assert.match(await dot.getAttribute("class"), /\b(mistake|blunder)\b/);
    const box = await dot.boundingBox();
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForFunction(() => /Black played A9/.test(document.querySelector(".analysis-bar .note")?.textContent ?? ""));
    const note = await page.locator(".analysis-bar .note").innerText();
    assert.match(note, /Black played A9 \([+-][\d.]+\): a (mistake|blunder), [\d.]+ points lost \(win rate \d+%/, note);
    await screenshot(page, "analysis-go-network-360px");
});

test("a game analysed: the blunder's dot leads to its move, the best move shown, and stays", async (t) => {
    const page = await open(t, SMALL_PHONE);
    await newGame(page, { game: "Othello", board: "8x8", black: "human", white: "human" });
    // The seeds' "white wiped out": White's f5 lets Black's g5 take every disc.
    for (const square of ["e6", "f4", "e3", "d6", "c5", "f6", "e7", "f5", "g5"]) {
        await page.tap(`td[data-point="${square}"]`);
    }
    await page.tap("button.review-toggle");
    await page.tap(".analysis-bar button.analyse:not(.deep)");
    await page.locator(".analysis-bar progress").waitFor({ state: "detached", timeout: 30_000 });
    await page.locator(".graph circle.dot.blunder").first().waitFor();
    await screenshot(page, "analysis-graph-360px");
    // The dot of White's f5 is at snapshot 7: tapping it goes there.
    const dot = page.locator('.graph circle.dot.blunder[data-index="7"]');
    const box = await dot.boundingBox();
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForFunction(() => /White played f5 \(-64\): a blunder/.test(
        document.querySelector(".analysis-bar .note")?.textContent ?? ""));
    const best = await page.locator("td[data-best-move]").getAttribute("data-point");
    assert.ok(["f3", "f7"].includes(best), `the best move is f3 or f7, not ${best}`);
    assert.match(await page.locator(".analysis-bar .note").innerText(), /Best: f[37] \(\+\d+\)/);
    await screenshot(page, "analysis-blunder-360px");
    // Each player's accuracy: White's wipe-out costs it the game, so White's is the lower.
    const accuracy = await page.locator(".analysis-bar .accuracy").innerText();
    const [, black, white] = accuracy.match(/^Accuracy: Black (\d+)%, White (\d+)%$/) ?? [];
    assert.ok(black && white, accuracy);
    assert.ok(Number(white) < Number(black), accuracy);
    // No mistake after f5 (Black's g5 is the best move); from the start, "Next mistake"
    // steps through the dots to f5.
    assert.ok(await page.locator(".analysis-bar button.mistake.next").isDisabled(), "a mistake after f5");
    await page.tap(".review button >> nth=0");
    const dots = await page.locator(".graph circle.dot").evaluateAll((all) => all.map((d) => Number(d.dataset.index)));
    // The row is at the foot of the page, below the phone's first screen: Playwright's tap
    // scrolls it out from under the undo bar, fixed at the foot of the screen.
    const tapButton = (selector) => page.locator(selector).tap();
    const at = (index) => page.locator(".review .where", { hasText: new RegExp(`^Move ${index} of`) }).waitFor();
    await at(0);
    for (const index of dots) {
        await tapButton(".analysis-bar button.mistake.next");
        await at(index);
    }
    assert.equal(dots.at(-1), 7, `the dots: ${dots}`);
    assert.match(await page.locator(".analysis-bar .note").innerText(), /White played f5/);
    if (dots.length > 1) {
        await tapButton(".analysis-bar button.mistake.previous");
        await at(dots.at(-2));
    } else {
        assert.ok(await page.locator(".analysis-bar button.mistake.previous").isDisabled());
    }
    await screenshot(page, "analysis-accuracy-360px");
    // A reload keeps the analysis: the review shows it without analysing again.
    await page.reload();
    await page.locator("table.board td[data-point]").first().waitFor();
    await page.tap("button.review-toggle");
    await page.locator('.graph circle.dot.blunder[data-index="7"]').waitFor();
    assert.equal(await page.locator(".analysis-bar button.analyse").count(), 0, "nothing left to analyse");
});

test("a finished game against the computer offers to analyse it, and the offer runs it", async (t) => {
    const page = await open(t, SMALL_PHONE);
    await newGame(page, { game: "Othello", board: "8x8", black: "human", white: "random" });
    await page.tap('td[data-point="f5"]');
    // The computer's reply: a sixth disc on the board.
    await page.waitForFunction(() => document.querySelectorAll("table.board td[data-stone]").length >= 6);
    assert.equal(await page.locator("button.analyse-offer").count(), 0, "no offer while the game goes on");
    await page.locator(".actions button.resign").tap();
    await page.locator(".dialog[role=alertdialog]").getByRole("button", { name: "Resign" }).tap();
    const offer = page.locator("button.analyse-offer");
    await offer.waitFor();
    await screenshot(page, "analysis-offer-360px");
    await offer.tap();
    await page.locator(".analysis-bar").waitFor();
    await page.locator(".analysis-bar progress").waitFor({ state: "detached", timeout: 30_000 });
    await page.locator(".graph path.worth").waitFor();
    assert.equal(await page.locator(".analysis-bar button.analyse").count(), 0, "the whole game is analysed");
    assert.equal(await page.locator("button.analyse-offer").count(), 0, "no offer once analysed");
});

test("the status line names the Othello opening while the game is in it", async (t) => {
    const page = await open(t, SMALL_PHONE);
    await newGame(page, { game: "Othello", board: "8x8", black: "human", white: "human" });
    const detail = () => page.locator(".status .detail").innerText();
    for (const square of ["f5", "d6", "c3", "d3", "c4"]) {
        await page.tap(`td[data-point="${square}"]`);
    }
    assert.equal(await detail(), "Opening: Tiger");
    // The same opening begun from another first move.
    await newGame(page, { game: "Othello", board: "8x8", black: "human", white: "human" });
    for (const square of ["c4", "e3", "f6", "e6", "f5"]) {
        await page.tap(`td[data-point="${square}"]`);
    }
    assert.equal(await detail(), "Opening: Tiger");
    await screenshot(page, "opening-360px");
});

test("go shades who owns each point and says who leads", async (t) => {
    const page = await open(t, SMALL_PHONE);
    await newGame(page, { game: "Go", size: 9, black: "human", white: "human" });
    for (const point of ["E5", "C3", "G7", "C7"]) {
        await page.tap(`td[data-point="${point}"]`);
        await page.tap(`td[data-point="${point}"]`);
        await page.locator(`td[data-point="${point}"][data-stone]`).waitFor();
    }
    await page.tap("button.ownership");
    await page.locator("table.board td[data-area]").first().waitFor({ timeout: 10_000 });
    assert.match(await page.locator(".status .detail").innerText(), /^(Black|White) leads by [\d.]+ \(estimate\)$|^Even/);
    const shaded = await page.locator("table.board td[data-area]").count();
    assert.ok(shaded >= 4, `${shaded} points shaded`);
    await screenshot(page, "ownership-go-360px");
    await page.tap("button.ownership");
    assert.equal(await page.locator("table.board td[data-area]").count(), 0);
});

test("the analysis run logged no console error and no page error", () => {
    assertNoProblems(problems);
});
