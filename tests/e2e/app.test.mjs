// End-to-end tests of Ishi's release web build in Chromium, as a phone player uses it: taps on
// a touch screen, the status line and the board's data-* attributes read back. Run by
// scripts/e2e, which builds and serves the app and sets ISHI_URL.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import {
    PHONE,
    SMALL_PHONE,
    assertNoProblems,
    browserSession,
    buttonBoxes,
    cell,
    goPlay,
    newGame,
    openPage,
    passByTouch,
    screenshot,
    snapshot,
    status,
    stones,
    waitForMessage,
    waitForStone,
} from "./browser.mjs";

/** The smallest touch target, in CSS pixels, on both sides. */
const TOUCH_TARGET = 44;

/** The browser of this file and the console and page errors of its pages. */
const session = browserSession();
const { open, problems } = session;

/** Fails unless every shown button of `selector` is at least 44x44 CSS pixels. */
async function assertTouchTargets(page, selector) {
    const boxes = await buttonBoxes(page, selector);
    assert.ok(boxes.length > 0, `no button matches ${selector}`);
    const small = boxes.filter((b) => b.width < TOUCH_TARGET || b.height < TOUCH_TARGET);
    assert.deepEqual(small, [], `buttons smaller than ${TOUCH_TARGET}x${TOUCH_TARGET} px`);
}

/** Waits until the board, the counts, the turn and the message are exactly `expected`. */
async function waitForSnapshot(page, expected, what) {
    try {
        await page.waitForFunction(
            (want) => {
                const tds = [...document.querySelectorAll("table.board td[data-point]")];
                const score = (side) => document.querySelector(`.score.${side}`);
                const turn = ["black", "white"].filter((s) => score(s).hasAttribute("data-turn"));
                return (
                    tds.length === Object.keys(want.stones).length &&
                    tds.every((td) => (td.dataset.stone ?? null) === want.stones[td.dataset.point]) &&
                    Number(score("black").querySelector(".count").textContent.trim()) === want.black &&
                    Number(score("white").querySelector(".count").textContent.trim()) === want.white &&
                    (turn.join(" ") || null) === want.turn &&
                    document.querySelector("p.message").textContent.trim() === want.message
                );
            },
            expected,
            { timeout: 5_000 },
        );
    } catch {
        const now = await snapshot(page);
        const moved = Object.keys(expected.stones)
            .filter((p) => expected.stones[p] !== now.stones[p])
            .map((p) => `${p} ${expected.stones[p]} -> ${now.stones[p]}`);
        const summary = (s) => ({ black: s.black, white: s.white, turn: s.turn, message: s.message });
        assert.fail(
            `${what}: the app did not come back to the expected state.\n` +
                `  cells that differ: ${moved.join(", ") || "none"}\n` +
                `  expected ${JSON.stringify(summary(expected))}\n  got      ${JSON.stringify(summary(now))}`,
        );
    }
}

/** In Othello with hints on: waits for the human's turn (legal cells shown) or the result. */
async function waitForOthelloTurn(page) {
    await page.waitForFunction(
        () => {
            const message = document.querySelector("p.message");
            const over = /^(Black|White) wins: |^Draw/.test(message.textContent);
            const ready = document.querySelector("table.board td[data-legal]") && !message.hasAttribute("data-thinking");
            return over || ready;
        },
        null,
        { timeout: 20_000 },
    );
}

/** The legal cells the board shows. */
function legalCells(page) {
    return page.locator("table.board td[data-legal]").evaluateAll((tds) => tds.map((td) => td.dataset.point));
}

/** Taps a legal Othello cell as Black, waits for the disc and then for the computer's answer. */
async function othelloMove(page, point) {
    await cell(page, point).tap();
    await waitForStone(page, point, "black");
    await waitForOthelloTurn(page);
}

/** Whether `player` has a move on an 8x8 Othello board given as `{ a1: "black", ... }`. */
function othelloHasMove(board, player) {
    const opponent = player === "black" ? "white" : "black";
    const at = (c, r) => (c >= 0 && c < 8 && r >= 0 && r < 8 ? board[`${"abcdefgh"[c]}${r + 1}`] : undefined);
    for (let c = 0; c < 8; c++) {
        for (let r = 0; r < 8; r++) {
            if (at(c, r) !== null) continue;
            for (const [dc, dr] of [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]]) {
                let k = 1;
                while (at(c + k * dc, r + k * dr) === opponent) k++;
                if (k > 1 && at(c + k * dc, r + k * dr) === player) return true;
            }
        }
    }
    return false;
}

describe("a phone player", { timeout: 300_000 }, () => {
    test("the app opens on Othello with its controls within reach and Undo disabled", async (t) => {
        const page = await open(t);
        await screenshot(page, "01-start");
        assert.equal(await page.locator("table.board.othello td[data-point]").count(), 64);
        assert.deepEqual(await status(page), {
            message: "Black to move",
            black: 2,
            white: 2,
            players: { black: "Human", white: "Casual" },
            turn: "black",
            thinking: false,
        });
        for (const [point, stone] of [["d4", "white"], ["e4", "black"], ["d5", "black"], ["e5", "white"]]) {
            assert.equal(await cell(page, point).getAttribute("data-stone"), stone, point);
        }
        assert.deepEqual((await legalCells(page)).sort(), ["c4", "d3", "e6", "f5"]);
        assert.equal(
            await page.locator("table.board td[data-point]:not([aria-label])").count(),
            0,
            "every cell has an aria-label",
        );

        const undo = page.locator("nav.undo-bar button.undo");
        const redo = page.locator("nav.undo-bar button.redo");
        for (const [button, name] of [[undo, "Undo"], [redo, "Redo"]]) {
            assert.ok(await button.isVisible(), `${name} is shown at the start`);
            assert.ok(await button.isDisabled(), `${name} is disabled at the start`);
        }
        await assertTouchTargets(page, ".actions button");
        await assertTouchTargets(page, "nav.undo-bar button");
        await assertTouchTargets(page, "header button");
    });

    test("plays a whole Othello game against the computer by taps", async (t) => {
        const page = await open(t);
        await newGame(page, { game: "Othello", board: "8x8", black: "human", white: "random" });
        await waitForOthelloTurn(page);
        let moves = 0;
        while (!/wins|Draw/.test((await status(page)).message)) {
            assert.ok(moves < 64, "the game went on for more than 64 moves of Black");
            const legal = await legalCells(page);
            assert.ok(legal.length > 0, "Black's turn without a legal cell shown");
            // A spread of moves, the same in every run: the legal cells in turn.
            await othelloMove(page, legal[moves % legal.length]);
            moves += 1;
            if (moves === 8) await screenshot(page, "02-othello-midgame");
        }
        await screenshot(page, "03-othello-result");

        const board = await stones(page);
        const { message, black, white, turn } = await status(page);
        const discs = { black: 0, white: 0, empty: 0 };
        for (const stone of Object.values(board)) discs[stone ?? "empty"] += 1;
        assert.deepEqual({ black, white }, { black: discs.black, white: discs.white }, "the counts match the board");
        assert.equal(turn, null, "nobody has the turn after the game");
        assert.ok(
            discs.empty === 0 || (!othelloHasMove(board, "black") && !othelloHasMove(board, "white")),
            "the game ended with empty squares where someone could still move",
        );
        assert.equal(await page.locator("table.board td[data-legal]").count(), 0, "legal cells shown after the game");
        const diff = black - white;
        const margin = Math.abs(diff) + (diff === 0 ? 0 : discs.empty);
        const expected = diff > 0 ? `Black wins: B+${margin}` : diff < 0 ? `White wins: W+${margin}` : "Draw: Draw";
        assert.equal(message, expected, "the status announces the result of the board");
    });

    test("undo and redo bring back the board, the counts and the side to move exactly", async (t) => {
        const page = await open(t);
        await newGame(page, { game: "Othello", board: "8x8", black: "human", white: "random" });
        await waitForOthelloTurn(page);
        const undo = page.locator("nav.undo-bar button.undo");
        const redo = page.locator("nav.undo-bar button.redo");

        const start = await snapshot(page);
        await othelloMove(page, "f5");
        const first = await snapshot(page);
        const marks = await page.locator("table.board td[data-last], table.board td[data-flip]").evaluateAll((tds) =>
            tds.map((td) => ({ point: td.dataset.point, stone: td.dataset.stone, last: "last" in td.dataset })),
        );
        assert.equal(marks.filter((m) => m.last).length, 1, "one cell is the last move");
        assert.ok(marks.length >= 2, "the computer's move flipped discs");
        assert.ok(marks.every((m) => m.stone === "white"), `White's last move and flips: ${JSON.stringify(marks)}`);
        const secondMove = (await legalCells(page))[0];
        await othelloMove(page, secondMove);
        const second = await snapshot(page);
        assert.notDeepEqual(first.stones, second.stones);
        assert.ok(await redo.isDisabled(), "Redo is disabled at the end of the line");

        await undo.tap();
        await waitForSnapshot(page, first, "undo of the second move");
        await screenshot(page, "04-undo");
        assert.ok(await redo.isEnabled(), "Redo is enabled after an undo");
        await undo.tap();
        await waitForSnapshot(page, start, "undo back to the start");
        assert.ok(await undo.isDisabled(), "Undo is disabled at the start");
        assert.equal((await status(page)).thinking, false, "the computer does not play after an undo");

        await redo.tap();
        await waitForSnapshot(page, first, "redo of the first move");
        await redo.tap();
        await waitForSnapshot(page, second, "redo of the second move");
        assert.ok(await redo.isDisabled(), "Redo is disabled again at the end of the line");

        await page.keyboard.press("Control+z");
        await waitForSnapshot(page, first, "Ctrl+Z");
        await page.keyboard.press("Control+Shift+z");
        await waitForSnapshot(page, second, "Ctrl+Shift+Z");

        await undo.tap();
        await waitForSnapshot(page, first, "undo before a new move");
        const other = (await legalCells(page)).find((p) => p !== secondMove);
        assert.ok(other, "Black has a second choice of move");
        await othelloMove(page, other);
        assert.ok(await redo.isDisabled(), "a new move after an undo drops the moves that were undone");
    });

    test("resigning asks first and then ends the game", async (t) => {
        const page = await open(t);
        await newGame(page, { game: "Othello", board: "8x8", black: "human", white: "random" });
        await waitForOthelloTurn(page);
        const before = await snapshot(page);
        const dialog = page.locator(".dialog[role=alertdialog]");

        await page.locator(".actions button.resign").tap();
        await dialog.waitFor();
        await screenshot(page, "05-resign-dialog");
        await dialog.getByRole("button", { name: "Keep playing" }).tap();
        await dialog.waitFor({ state: "detached" });
        await waitForSnapshot(page, before, "keep playing");

        await page.locator(".actions button.resign").tap();
        await dialog.getByRole("button", { name: "Resign" }).tap();
        await waitForMessage(page, /^White wins: W\+R$/);
        assert.equal(await page.locator(".actions button.resign").count(), 0, "Resign is gone after the game");
    });

    test("Go: the switch, a capture, a refused ko, passes and the count", async (t) => {
        const page = await open(t);
        // An Othello game to come back to.
        await waitForOthelloTurn(page);
        await othelloMove(page, "f5");
        const othello = await snapshot(page);

        await page.locator("header button.mode", { hasText: "Go" }).tap();
        await page.locator("table.board.go td[data-point]").first().waitFor();
        assert.equal(await page.locator("header button.mode", { hasText: "Go" }).getAttribute("aria-pressed"), "true");
        await page.locator("header button.mode", { hasText: "Othello" }).tap();
        await waitForSnapshot(page, othello, "back to the Othello game");
        await page.locator("header button.mode", { hasText: "Go" }).tap();
        await page.locator("table.board.go td[data-point]").first().waitFor();

        await newGame(page, { game: "Go", size: 9, black: "human", white: "human" });
        assert.equal(await page.locator("table.board.go td[data-point]").count(), 81);
        assert.equal(await page.locator("table.board.go td[data-stone]").count(), 0);
        const stars = await page
            .locator("table.board td[data-star]")
            .evaluateAll((tds) => tds.map((td) => td.dataset.point));
        assert.deepEqual(stars.sort(), ["C3", "C7", "E5", "G3", "G7"]);
        await waitForMessage(page, /^\s*Black to move\s*$/);
        await assertTouchTargets(page, ".actions button");

        // A ko on the left of the centre: White's D5 in atari, then taken by Black at E5.
        //   6 . B W .        6 . B W .
        //   5 B W . W   ->   5 B . B W
        //   4 . B W .        4 . B W .
        //     C D E F          C D E F
        for (const point of ["C5", "D5", "D6", "E6", "D4", "E4", "J9", "F5"]) {
            await goPlay(page, point);
        }
        await screenshot(page, "06-go-before-capture");
        assert.deepEqual((await status(page)).black, 0);
        await goPlay(page, "E5");
        await waitForStone(page, "D5", null);
        const captured = await snapshot(page);
        assert.equal(captured.black, 1, "Black's captures count the stone taken");
        assert.equal(captured.white, 0);
        assert.equal(captured.turn, "white");
        assert.equal(await cell(page, "D5").getAttribute("data-ko"), "true", "the ko point is marked");
        await screenshot(page, "07-go-ko");

        // White may not take back at once: nothing changes and the status says why.
        await cell(page, "D5").tap();
        await waitForMessage(page, /ko/);
        const refused = await snapshot(page);
        assert.match(refused.message, /^Not there: the ko cannot be retaken at once\.$/);
        assert.deepEqual({ ...refused, message: "" }, { ...captured, message: "" }, "the refused ko changed the game");
        assert.equal(await cell(page, "D5").getAttribute("data-ghost"), null, "no ghost stone on the ko point");
        await screenshot(page, "08-go-ko-refused");

        // Undo brings the captured stone and the count back; redo takes it again.
        await page.locator("nav.undo-bar button.undo").tap();
        await waitForStone(page, "D5", "white");
        assert.deepEqual([(await status(page)).black, await cell(page, "E5").getAttribute("data-stone")], [0, null]);
        await page.locator("nav.undo-bar button.redo").tap();
        await waitForSnapshot(page, captured, "redo of the capture");

        // A ko threat elsewhere lifts the ko; then both pass and the count starts.
        await goPlay(page, "J1");
        assert.equal(await cell(page, "D5").getAttribute("data-ko"), null, "another move lifts the ko");
        // A pass with a finger asks first; keeping on playing changes nothing.
        await page.locator(".actions button.pass").tap();
        await page.locator("button.confirm-pass").waitFor();
        await screenshot(page, "08b-go-pass-question");
        await page.getByRole("button", { name: "Keep playing" }).tap();
        await page.locator("button.confirm-pass").waitFor({ state: "detached" });
        assert.equal((await status(page)).turn, "black", "not passed");
        await passByTouch(page);
        await waitForMessage(page, /^Black passed\. White to move$/);
        // A mouse click passes at once.
        await page.locator(".actions button.pass").click();
        await page.locator("table.board[data-counting]").waitFor();
        await waitForMessage(page, /^Counting: tap dead chains/);
        // The dead stones are guessed again from playouts in the worker: wait for that.
        await page.locator('table.board[data-counting]:not([aria-busy="true"])').waitFor();
        assert.equal(await page.locator(".actions button.pass").count(), 0, "no Pass while counting");
        await assertTouchTargets(page, ".actions button");
        await screenshot(page, "09-go-counting");

        assert.equal(await cell(page, "D5").getAttribute("data-owner"), "black", "D5, walled in by Black, is Black's");
        // The count shades the board with the playouts' ownership, as the Territory view does:
        // the walls are sure, the ko in the middle is not.
        assert.equal(await cell(page, "C5").getAttribute("data-area"), "black", "C5's wall shaded as Black's");
        assert.equal(await cell(page, "F5").getAttribute("data-area"), "white", "F5's wall shaded as White's");
        const owned = await page
            .locator("table.board td[data-owner]")
            .evaluateAll((tds) => tds.filter((td) => td.dataset.stone && !td.dataset.dead).map((td) => td.dataset.point));
        assert.deepEqual(owned, [], "only empty points and dead stones count as territory");

        // Tapping a chain toggles it dead and back; the count follows.
        const e6 = cell(page, "E6");
        const wasDead = (await e6.getAttribute("data-dead")) === "true";
        const countBefore = (await status(page)).message;
        await e6.tap();
        await page.locator(`table.board td[data-point="E6"]${wasDead ? ":not([data-dead])" : "[data-dead]"}`).waitFor();
        assert.notEqual((await status(page)).message, countBefore, "marking a chain dead changes the count");
        await screenshot(page, "10-go-dead-chain");
        await e6.tap();
        await page.locator(`table.board td[data-point="E6"]${wasDead ? "[data-dead]" : ":not([data-dead])"}`).waitFor();
        await waitForMessage(page, new RegExp(`^${countBefore.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));

        const counted = countBefore.match(/([BW]\+\d+(?:\.5)?|Draw)$/);
        assert.ok(counted, `the count shows a result: "${countBefore}"`);
        await page.locator(".actions button.accept").tap();
        await page.locator("table.board:not([data-counting])").waitFor();
        const { message, turn } = await status(page);
        const winner = counted[1].startsWith("B") ? "Black wins" : counted[1].startsWith("W") ? "White wins" : "Draw";
        assert.equal(message, `${winner}: ${counted[1]}`, "the accepted count is the result");
        assert.equal(turn, null);
        await screenshot(page, "11-go-result");
    });

    test("a 19x19 Go board fits a 360 px wide portrait screen", async (t) => {
        const page = await open(t, SMALL_PHONE);
        await newGame(page, { game: "Go", size: 19, black: "human", white: "human" });
        assert.equal(await page.locator("table.board.go td[data-point]").count(), 361);
        const { scrollWidth, innerWidth, innerHeight } = await page.evaluate(() => ({
            scrollWidth: document.documentElement.scrollWidth,
            innerWidth: window.innerWidth,
            innerHeight: window.innerHeight,
        }));
        assert.equal(innerWidth, 360);
        assert.ok(scrollWidth <= 360, `the page scrolls sideways: ${scrollWidth} px wide`);
        const board = await page.locator("table.board").boundingBox();
        assert.ok(
            board.x >= 0 && board.y >= 0 && board.x + board.width <= 360 && board.y + board.height <= innerHeight,
            `the board is not within the 360x${innerHeight} screen: ${JSON.stringify(board)}`,
        );
        // The corners are within reach of a finger.
        await goPlay(page, "A19");
        await goPlay(page, "T1");
        await screenshot(page, "12-go-19x19-360px");
        await assertTouchTargets(page, ".actions button");
        await assertTouchTargets(page, "nav.undo-bar button");
    });
});

test("a computer player that cannot start says so in the status line", async (t) => {
    // Its own context, with no service worker to answer for the network and its own list of
    // problems: the broken worker's error is the point here, not a fault of the run.
    const context = await session.browser.newContext({ ...PHONE, serviceWorkers: "block" });
    t.after(() => context.close());
    await context.route("**/worker/worker.js", (route) =>
        route.fulfill({ contentType: "text/javascript", body: 'throw new Error("no worker today");' }),
    );
    const page = await openPage(context, [], t.name);
    await cell(page, "f5").tap();
    await waitForMessage(page, /The computer stopped\. Undo, or start a new game\./);
    assert.equal((await status(page)).thinking, false);
    assert.match(await page.locator("p.message").getAttribute("title"), /no worker today/);
    await screenshot(page, "computer-failed");
    // Undo takes the move back; the failure is no longer the news.
    await page.locator("button.undo").tap();
    await waitForMessage(page, /^\s*Black to move\s*$/);

    // A Go count asks the worker for its guess of the dead stones: without it no stone is
    // marked (the players mark them), and the count stops waiting.
    await newGame(page, { game: "Go", size: 9, black: "human", white: "human" });
    await goPlay(page, "E5");
    await passByTouch(page);
    await passByTouch(page);
    await page.locator("table.board[data-counting]").waitFor();
    await page.locator('table.board[data-counting]:not([aria-busy="true"])').waitFor();
    await waitForMessage(page, /^Counting: tap dead chains/);
});

test("a part of the app that cannot be fetched says so, and the board plays on", async (t) => {
    // No service worker, and every module the page loads lazily refused (as offline on a
    // first visit, or after the server has moved on to a newer build); the computer's still
    // come: the worker's engines and the page's side of them (`engines_request`,
    // `engines_reply`, which write its requests and read its replies).
    const context = await session.browser.newContext({ ...PHONE, serviceWorkers: "block" });
    t.after(() => context.close());
    await context.route(/\/assets\/module_\d+_(?!engines)[^/]*\.wasm$/, (route) => route.abort());
    const pageErrors = [];
    const page = await openPage(context, [], t.name);
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await page.locator("header button.new-game").tap();
    // The loader does not report a failed fetch: the app waits 15 s for the part. (The move
    // list beside the board, a part too, says so as well, hidden on a phone.)
    const notice = page.locator(".unavailable[role=alert]:visible");
    await notice.waitFor({ timeout: 25_000 });
    assert.match(await notice.textContent(), /could not be loaded/);
    assert.ok(await notice.locator("button", { hasText: "Reload" }).isVisible());
    await screenshot(page, "part-unavailable");
    await page.keyboard.press("Escape");
    await notice.waitFor({ state: "detached" });
    // The app is alive: the board plays and the computer answers.
    await cell(page, "f5").tap();
    await waitForStone(page, "f5", "black");
    await page.waitForFunction(() => document.querySelectorAll("table.board td[data-stone]").length >= 6);
    assert.deepEqual(pageErrors, []);

    // The engines refused: the worker says so, and the page says the computer stopped.
    const second = await session.browser.newContext({ ...PHONE, serviceWorkers: "block" });
    t.after(() => second.close());
    await second.route(/\/assets\/module_\d+_engines-[^/]*\.wasm$/, (route) => route.abort());
    const other = await openPage(second, [], t.name);
    await cell(other, "f5").tap();
    await waitForMessage(other, /The computer stopped\. Undo, or start a new game\./);
    assert.match(await other.locator("p.message").getAttribute("title"), /engines could not be loaded/);
});

test("an illegal answer from the computer is refused and reported, the board unchanged", async (t) => {
    const context = await session.browser.newContext({ ...PHONE, serviceWorkers: "block" });
    t.after(() => context.close());
    // A worker that answers a1, never legal for White after f5 (the reply's JSON is checked
    // natively by computer/web.rs's the_e2e_false_workers_reply_reads_as_a_move_to_a1).
    await context.route("**/worker/worker.js", (route) =>
        route.fulfill({
            contentType: "text/javascript",
            body: `self.onmessage = (event) => {
                if (typeof event.data !== "string") return;
                const { epoch } = JSON.parse(event.data);
                self.postMessage(JSON.stringify({ epoch, answer: { Ok: { move: { mv: [0, 0],
                    eval: "none", depth: 0, nodes: 0, millis: 0 } } } }));
            };`,
        }),
    );
    const problems = [];
    const page = await openPage(context, problems, t.name);
    await cell(page, "f5").tap();
    await waitForMessage(page, /The computer stopped\. Undo, or start a new game\./);
    assert.match(await page.locator("p.message").getAttribute("title"), /its move was refused/);
    assert.equal(await cell(page, "a1").getAttribute("data-stone"), null);
    assert.equal(await page.locator("table.board td[data-stone]").count(), 5, "the board after f5");
    assertNoProblems(problems);
});

test("the whole run logged no console error and no page error", () => {
    assertNoProblems(problems);
});
