// Online play, end to end: two phones (two browser contexts) on the game server
// (apps/ishi-server, which serves the web build too): a whole Othello game, a 9x9 Go game with
// an undo declined and one accepted, a dropped connection and a killed server, to an agreed
// count; a flag fall; a spectator who cannot move. scripts/e2e builds the server and sets
// ISHI_SERVER to it.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { onlineSession } from "./server.mjs";
import { PHONE, assertNoProblems, goPlay, passByTouch, screenshot, status } from "./browser.mjs";

const session = onlineSession();
const { server, problems } = session;

/** A phone on the server's app (or at `url`), its console watched. */
async function phone(t, label, url = server.url) {
    return session.phone(t, label, { url });
}

/** Creates a game with a friend from the new-game sheet; returns the link to share. */
async function createGame(page, { game, colour = "black", clock = "none", ...fields }) {
    await page.locator("header button.new-game").tap();
    const sheet = page.locator(".new-game-sheet[role=dialog]");
    await sheet.locator("button.mode[role=radio]", { hasText: game }).tap();
    await sheet.locator('button[data-friend="true"]').tap();
    await sheet.locator("[name=colour]").selectOption(colour);
    await sheet.locator("[name=clock]").selectOption(clock);
    for (const [name, value] of Object.entries(fields)) {
        const field = sheet.locator(`[name=${name}]`);
        if ((await field.evaluate((e) => e.tagName)) === "SELECT") await field.selectOption(String(value));
        else await field.fill(String(value));
    }
    await sheet.locator("button.start").tap();
    const share = page.locator(".share-sheet[role=dialog]");
    const link = await share.locator(".share-link").inputValue({ timeout: 10_000 });
    assert.match(link, /#online=[0-9a-f]{16}$/);
    assert.equal(await share.locator(".qr svg path").count(), 1, "a QR code to scan");
    return { link, share };
}

/** Waits until `page` shows `moves` stones-or-passes worth of game: the move count. */
async function waitForTurn(page, player) {
    await page.locator(`.online .player[data-player="${player}"][data-turn]`).waitFor({ timeout: 10_000 });
}

/** The first cell the player to move may play on `page` (Othello's hints). */
async function firstLegal(page) {
    return page.locator("table.board td[data-legal]").first().getAttribute("data-point");
}

describe("online play", () => {
    test("two phones play a whole Othello game and a spectator watches", async (t) => {
        const ann = await phone(t, "ann");
        // A name is shown to the other player as text, never as markup.
        const name = "<i>Ann</i> & 石";
        const { link, share } = await createGame(ann, { game: "Othello", "player-name": name });
        await screenshot(ann, "online-01-share");
        await share.locator(".dialog-buttons button").tap();
        assert.match(await ann.locator(".online").innerText(), /Waiting for your friend/);

        const bo = await phone(t, "bo", link);
        await waitForTurn(bo, "black");
        await waitForTurn(ann, "black");
        const pages = { black: ann, white: bo };
        assert.match(await bo.locator('.online .player[data-player="white"]').innerText(), /\(you\)/);
        const shown = bo.locator('.online .player[data-player="black"] .name');
        assert.equal((await shown.innerText()).trim(), name);
        assert.equal(await shown.locator("i").count(), 0, "no markup from a name");

        // Ann's list of online games says it is her move; opening the line brings the game back.
        await ann.locator("header button.more").tap();
        await ann.locator(".more-sheet button.online-games").tap();
        const line = ann.locator(".online-sheet .online-list li").first();
        await line.locator(".what", { hasText: /Your turn/ }).waitFor({ timeout: 10_000 });
        assert.equal(await line.getAttribute("data-turn"), "you");
        await screenshot(ann, "online-02-list");
        await line.locator("button.open").tap();
        await ann.locator(".online-sheet").waitFor({ state: "detached" });
        await waitForTurn(ann, "black");

        const cy = await phone(t, "cy", link);
        await cy.locator(".online .watching").waitFor();
        const stonesBefore = await cy.locator("table.board td[data-stone]").count();
        await cy.locator("table.board td[data-point=d3]").tap();
        await cy.waitForTimeout(300);
        assert.equal(await cy.locator("table.board td[data-stone]").count(), stonesBefore, "a spectator cannot move");

        let moves = 0;
        for (;;) {
            const s = await status(ann);
            if (!s.turn) break;
            const mover = pages[s.turn];
            const other = pages[s.turn === "black" ? "white" : "black"];
            await waitForTurn(mover, s.turn);
            const point = await firstLegal(mover);
            await mover.locator(`table.board td[data-point="${point}"]`).tap();
            await other.locator(`table.board td[data-point="${point}"][data-stone]`).waitFor({ timeout: 10_000 });
            moves += 1;
            if (moves === 20) await screenshot(bo, "online-03-othello");
            if (moves === 24) {
                // The phone turned mid-game: the players' bar goes beside the board with the rest.
                await bo.setViewportSize({ width: 851, height: 393 });
                const [board, bar] = await Promise.all([
                    bo.locator("table.board").boundingBox(),
                    bo.locator(".online").boundingBox(),
                ]);
                assert.ok(board.height >= 0.85 * 393, `the board is ${board.height} px high in landscape`);
                assert.ok(bar.x >= board.x + board.width, "the online bar is beside the board");
                await screenshot(bo, "online-03-othello-landscape");
                await bo.setViewportSize(PHONE.viewport);
            }
        }
        const end = await status(ann);
        assert.match(end.message, /wins|Draw/i, end.message);
        await bo.waitForFunction((m) => document.querySelector("p.message").textContent.trim() === m, end.message);
        await cy.waitForFunction((m) => document.querySelector("p.message").textContent.trim() === m, end.message);
        await screenshot(ann, "online-04-othello-over");
        assertNoProblems(problems);
    });

    test("Go: undo declined then accepted, a dropped link, a killed server, an agreed count", async (t) => {
        const ann = await phone(t, "ann-go");
        const { link, share } = await createGame(ann, { game: "Go", size: 9 });
        await share.locator(".dialog-buttons button").tap();
        const bo = await phone(t, "bo-go", link);
        await waitForTurn(ann, "black");

        await goPlay(ann, "E5");
        await bo.locator("table.board td[data-point=E5][data-stone=black]").waitFor();
        await ann.locator("button.undo").tap();
        await bo.locator(".undo-question").waitFor();
        await screenshot(bo, "online-05-undo-asked");
        await bo.locator("button.decline-undo").tap();
        await ann.locator(".online .note", { hasText: /Waiting for an answer/ }).waitFor({ state: "detached" });
        assert.equal(await ann.locator("table.board td[data-point=E5]").getAttribute("data-stone"), "black", "declined: E5 stays");
        await ann.locator("button.undo").tap();
        await bo.locator("button.allow-undo").tap();
        await ann.locator("table.board td[data-point=E5]:not([data-stone])").waitFor();
        await bo.locator("table.board td[data-point=E5]:not([data-stone])").waitFor();
        await waitForTurn(ann, "black");

        await goPlay(ann, "D4");
        await waitForTurn(bo, "white");
        await goPlay(bo, "F6");
        await waitForTurn(ann, "black");

        // Ann's phone loses its connection, plays, and the move goes once it is back.
        await ann.context().setOffline(true);
        await ann.locator('.online[data-link="down"]').waitFor({ timeout: 10_000 });
        await goPlay(ann, "C6");
        await ann.locator("table.board td[data-point=C6][data-pending]").waitFor();
        await screenshot(ann, "online-06-offline");
        await ann.context().setOffline(false);
        await bo.locator("table.board td[data-point=C6][data-stone=black]").waitFor({ timeout: 20_000 });
        await ann.locator('.online[data-link="up"]').waitFor();
        await ann.locator("table.board td[data-point=C6]:not([data-pending])").waitFor();

        // The server is killed and started again: both phones come back by themselves.
        const before = problems.length;
        await server.kill();
        await ann.locator('.online[data-link="down"]').waitFor({ timeout: 10_000 });
        await server.start();
        await ann.locator('.online[data-link="up"]').waitFor({ timeout: 20_000 });
        await bo.locator('.online[data-link="up"]').waitFor({ timeout: 20_000 });
        // Chromium logs each refused reconnection itself (the page cannot stop it): expected
        // while the server was down, and nothing else is.
        const down = problems.splice(before);
        assert.deepEqual(down.filter((p) => !/WebSocket connection to '.*' failed/.test(p)), []);
        await waitForTurn(bo, "white");
        assert.equal(await bo.locator("table.board td[data-point=C6]").getAttribute("data-stone"), "black");

        await passByTouch(bo);
        await waitForTurn(ann, "black");
        await passByTouch(ann);
        await ann.locator("button.action.accept").waitFor();
        await bo.locator("button.action.accept").waitFor();
        await screenshot(bo, "online-07-count");
        await ann.locator("button.action.accept").tap();
        await bo.locator(".online .note", { hasText: /accepted the count/ }).waitFor();
        await bo.locator("button.action.accept").tap();
        await ann.waitForFunction(() => /wins|Draw/i.test(document.querySelector("p.message").textContent));
        const end = await status(ann);
        await bo.waitForFunction((m) => document.querySelector("p.message").textContent.trim() === m, end.message);
        await screenshot(ann, "online-08-go-over");
        assertNoProblems(problems);
    });

    test("a flag falls on the server and both phones show the loss on time", async (t) => {
        const ann = await phone(t, "ann-clock");
        const { link, share } = await createGame(ann, { game: "Othello", clock: "fischer", main: "0.05", increment: "0" });
        await share.locator(".dialog-buttons button").tap();
        const bo = await phone(t, "bo-clock", link);
        await bo.locator(".online .clock[data-running]").waitFor();
        await screenshot(bo, "online-09-clock");
        await ann.waitForFunction(() => /W\+T/.test(document.querySelector("p.message").textContent), null, { timeout: 15_000 });
        await bo.waitForFunction(() => /W\+T/.test(document.querySelector("p.message").textContent), null, { timeout: 15_000 });
        assertNoProblems(problems);
    });
});
