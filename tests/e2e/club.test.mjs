// Playing online with others, end to end, on two phones (two browser contexts) and the game
// server: both register (a guest's game moving to the account), one posts a rated challenge,
// the other accepts it from the lobby as it shows up live, they play and one resigns, both
// ratings move (the profile's numbers and graph), a rematch starts with the colours swapped,
// a third phone watches it from the list of games being played, the chat shows markup as
// text and can be hidden, and a correspondence move notifies the other phone's page through
// its service worker.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { onlineSession } from "./server.mjs";
import { SMALL_PHONE, assertNoProblems, screenshot, status } from "./browser.mjs";

const session = onlineSession();
const { server, problems } = session;

/**
 * A 360 px phone on the server's app that may show notifications; each one its service worker
 * shows is recorded in `window.shownNotifications` (the test's own hook, added before the
 * page's scripts run).
 */
async function phone(t, label) {
    return session.phone(t, label, {
        profile: SMALL_PHONE,
        prepare: async (context) => {
            await context.grantPermissions(["notifications"], { origin: new URL(server.url).origin });
            await context.addInitScript(() => {
                window.shownNotifications = [];
                if (!("ServiceWorkerRegistration" in window)) return;
                const show = ServiceWorkerRegistration.prototype.showNotification;
                ServiceWorkerRegistration.prototype.showNotification = function (title, options) {
                    window.shownNotifications.push({ title, ...options });
                    return show.call(this, title, options);
                };
            });
        },
    });
}

/** Opens ⋯ → Play online on `tab`. */
async function openClub(page, tab) {
    await page.locator("header button.more").tap();
    await page.locator(".more-sheet button.play-online").tap();
    const sheet = page.locator(".club-sheet[role=dialog]");
    await sheet.waitFor();
    await sheet.locator(`.club-tab[data-tab=${tab}]`).tap();
    return sheet;
}

/** Registers `name` from the club's account tab; returns the sheet. */
async function register(page, name) {
    const sheet = await openClub(page, "account");
    await sheet.locator("[name=account-name]").fill(name);
    await sheet.locator("[name=password]").fill("correct horse battery");
    await sheet.locator("button.register").tap();
    await sheet.locator(".logged-in", { hasText: name }).waitFor({ timeout: 15_000 });
    return sheet;
}

/** Plays `count` moves of the Othello game on screen, each side's first legal move. */
async function playMoves(pages, count) {
    for (let i = 0; i < count; i += 1) {
        const { turn } = await status(pages.black);
        const mover = pages[turn];
        const other = pages[turn === "black" ? "white" : "black"];
        await mover.locator(`.online .player[data-player="${turn}"][data-turn]`).waitFor({ timeout: 10_000 });
        const point = await mover.locator("table.board td[data-legal]").first().getAttribute("data-point");
        await mover.locator(`table.board td[data-point="${point}"]`).tap();
        await other.locator(`table.board td[data-point="${point}"][data-stone]`).waitFor({ timeout: 10_000 });
    }
}

/** Resigns the online game on `page`. */
async function resign(page) {
    await page.locator(".actions button.resign").tap();
    await page.locator("[role=alertdialog] button.danger").tap();
}

/** The rating the profile tab shows for Othello, as a number. */
async function othelloRating(page, name) {
    const sheet = await openClub(page, "profile");
    await sheet.locator("[name=profile-name]").fill(name);
    await sheet.locator(".profile-find button").tap();
    const line = sheet.locator(`.profile[data-name="${name}"] .rating[data-class=othello] .value`);
    await line.waitFor({ timeout: 10_000 });
    return { sheet, rating: Number((await line.innerText()).match(/^\d+/)[0]) };
}

/** A screenshot of `page` at 360 px (its size) and one at a desktop window's, 1280x800. */
async function screenshots(page, name) {
    await screenshot(page, `${name}-360px`);
    const size = page.viewportSize();
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, `${name}-desktop`);
    await page.setViewportSize(size);
}

/** Closes the open sheet. */
async function closeSheet(page) {
    await page.locator("[role=dialog] .dialog-buttons button").last().tap();
}

describe("playing online with others", () => {
    test("register, a challenge from the lobby, ratings, rematch, chat, a correspondence notice", async (t) => {
        const ann = await phone(t, "ann");
        const bo = await phone(t, "bo");

        // Ann plays a friend by link as a guest first: registering moves that game to her account.
        await ann.locator("header button.new-game").tap();
        const newGame = ann.locator(".new-game-sheet[role=dialog]");
        await newGame.locator('button[data-friend="true"]').tap();
        await newGame.locator("[name=colour]").selectOption("black");
        await newGame.locator("button.start").tap();
        await ann.locator(".share-sheet .share-link").waitFor({ timeout: 10_000 });
        await ann.locator(".share-sheet .dialog-buttons button").tap();
        await ann.locator("button.leave-online").tap();

        let sheet = await register(ann, "Ann");
        await sheet.locator("[role=alert]", { hasText: "1 game of this device moved to your account." }).waitFor();
        await screenshot(ann, "club-account-360px");
        // A second registration of the name, in other letters' case, is refused with a reason.
        const boSheet = await openClub(bo, "account");
        await boSheet.locator("[name=account-name]").fill("ANN");
        await boSheet.locator("[name=password]").fill("another password");
        await boSheet.locator("button.register").tap();
        await boSheet.locator(".error", { hasText: "That name is taken" }).waitFor({ timeout: 10_000 });
        await closeSheet(bo);
        await register(bo, "Bo");

        // Ann posts a rated challenge; Bo's lobby shows it as it comes.
        await sheet.locator(".club-tab[data-tab=lobby]").tap();
        await sheet.locator("[name=challenge-board]").selectOption("othello");
        await sheet.locator("[name=challenge-clock]").selectOption("10+5");
        await sheet.locator("[name=challenge-colour]").selectOption("black");
        await bo.locator(".club-tab[data-tab=lobby]").tap();
        await bo.locator(".club-sheet .empty", { hasText: "No open challenges" }).waitFor({ timeout: 10_000 });
        await sheet.locator("button.post-challenge").tap();
        await sheet.locator(".challenges li[data-mine] button.withdraw").waitFor({ timeout: 10_000 });
        const offer = bo.locator(".club-sheet .challenges li", { hasText: "Ann" });
        await offer.waitFor({ timeout: 10_000 });
        assert.match(await offer.innerText(), /Othello 8x8 · 10\+5 · Rated · Ann plays Black/);
        await screenshots(bo, "club-lobby");
        await offer.locator("button.accept-challenge").tap();

        // Both phones are in the game: Ann black, Bo white; the sheets closed.
        for (const [page, seat] of [[ann, "black"], [bo, "white"]]) {
            await page.locator(`.online .player[data-player="${seat}"] .name`, { hasText: "(you)" }).waitFor({ timeout: 15_000 });
            await page.locator(".club-sheet").waitFor({ state: "detached" });
        }
        await playMoves({ black: ann, white: bo }, 6);

        // The chat: markup shown as text.
        await ann.locator(".online .chat summary").tap();
        await ann.locator(".online .chat [name=chat]").fill("<b>good luck</b>");
        await ann.locator(".online .chat button.send-chat").tap();
        // Folded, the chat shows its latest line.
        const latest = bo.locator(".online .chat summary .last", { hasText: "<b>good luck</b>" });
        await latest.waitFor({ timeout: 10_000 });
        assert.equal(await latest.locator("b").count(), 0, "no markup from a chat line");
        await bo.locator(".online .chat summary").tap();
        const said = bo.locator(".online .chat-lines li", { hasText: "<b>good luck</b>" });
        await said.waitFor();
        assert.equal(await said.locator("b").count(), 0, "no markup from a chat line");
        await screenshots(bo, "club-chat");
        await bo.locator(".online .chat .hide-chat input").check();
        await said.waitFor({ state: "detached" });
        await bo.locator(".online .chat .note", { hasText: "1 line hidden" }).waitFor();
        await bo.locator(".online .chat .hide-chat input").uncheck();

        await resign(bo);
        await ann.waitForFunction(() => /Black wins/.test(document.querySelector("p.message")?.textContent ?? ""), null, { timeout: 10_000 });

        // Both ratings moved, the winner's up.
        let profile = await othelloRating(ann, "Ann");
        assert.ok(profile.rating > 1500, `Ann's rating ${profile.rating}`);
        await closeSheet(ann);
        profile = await othelloRating(bo, "Bo");
        assert.ok(profile.rating < 1500, `Bo's rating ${profile.rating}`);
        await closeSheet(bo);

        // A rematch, colours swapped: Ann offers, Bo takes it.
        await ann.locator(".online button.rematch-button").tap();
        await ann.locator(".online .rematch-waiting").waitFor({ timeout: 10_000 });
        await bo.locator(".online .rematch-offered", { hasText: "Ann offers a rematch" }).waitFor({ timeout: 10_000 });
        await screenshots(bo, "club-rematch");
        await bo.locator(".online button.rematch-button").tap();
        for (const [page, seat] of [[ann, "white"], [bo, "black"]]) {
            await page.locator(`.online .player[data-player="${seat}"] .name`, { hasText: "(you)" }).waitFor({ timeout: 15_000 });
        }
        await playMoves({ black: bo, white: ann }, 2);

        // A third phone finds the game among those being played and watches it.
        const cy = await phone(t, "cy");
        const watch = await openClub(cy, "watch");
        const live = watch.locator(".playing li", { hasText: "Bo – Ann" });
        await live.waitFor({ timeout: 10_000 });
        assert.match(await live.innerText(), /Othello 8x8 · 10\+5 · 2 moves · Rated/);
        await screenshots(cy, "club-watch");
        await live.locator("button.watch-game").tap();
        await cy.locator(".online .watching").waitFor({ timeout: 10_000 });
        await cy.locator('.online .player[data-player="black"] .name', { hasText: "Bo" }).waitFor();

        await resign(bo);
        await ann.waitForFunction(() => /White wins/.test(document.querySelector("p.message")?.textContent ?? ""), null, { timeout: 10_000 });

        // Ann's profile: two rated games, the graph of her rating, her recent games.
        profile = await othelloRating(ann, "Ann");
        const section = profile.sheet.locator(".rating[data-class=othello]");
        assert.match(await section.locator(".results").innerText(), /2 rated games: 2 won, 0 lost, 0 drawn/);
        assert.equal(await section.locator("svg.rating-graph polyline").count(), 1, "the rating's graph");
        const recent = await profile.sheet.locator(".recent-online").innerText();
        assert.match(recent, /White · vs Bo · Rated · won \(W\+R\)/);
        // Her guest game, which nobody joined: listed, not to be opened from here.
        assert.match(recent, /Black · Waiting for a friend · Casual/);
        await screenshots(ann, "club-profile");
        await closeSheet(ann);

        // Bo asks to be told of moves; a correspondence game from a challenge; Bo leaves its screen.
        await bo.locator("button.leave-online").tap();
        await bo.locator("header button.more").tap();
        await bo.locator(".more-sheet button.online-games").tap();
        await bo.locator(".online-sheet [name=notify]").check();
        await bo.waitForFunction(() => document.querySelector(".online-sheet [name=notify]")?.checked);
        await closeSheet(bo);
        await ann.locator("button.leave-online").tap();
        sheet = await openClub(ann, "lobby");
        await sheet.locator("[name=challenge-clock]").selectOption("1d");
        await sheet.locator("[name=challenge-colour]").selectOption("black");
        const boLobby = await openClub(bo, "lobby");
        await sheet.locator("button.post-challenge").tap();
        const daily = boLobby.locator(".challenges li", { hasText: "1 day a move" });
        await daily.locator("button.accept-challenge").tap({ timeout: 10_000 });
        await bo.locator('.online .player[data-player="white"] .name', { hasText: "(you)" }).waitFor({ timeout: 15_000 });
        await ann.locator('.online .player[data-player="black"][data-turn]').waitFor({ timeout: 15_000 });
        await bo.locator("button.leave-online").tap();
        await bo.locator(".online").waitFor({ state: "detached" });
        // The club lists and follows Bo's games again once the new seat is kept.
        await bo.waitForTimeout(1_500);
        const point = await ann.locator("table.board td[data-legal]").first().getAttribute("data-point");
        await ann.locator(`table.board td[data-point="${point}"]`).tap();
        await bo.waitForFunction(() => window.shownNotifications.length > 0, null, { timeout: 15_000 });
        const [notice] = await bo.evaluate(() => window.shownNotifications);
        assert.equal(notice.title, "Your move");
        assert.equal(notice.body, "Ann has played.");
        assert.match(notice.tag, /^[0-9a-f]{16}$/);
        assertNoProblems(problems);
    });
});
