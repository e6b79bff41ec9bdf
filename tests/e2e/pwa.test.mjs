// End-to-end tests of Ishi as an installable web app: Chromium reads the manifest and offers to
// install the app, and the service worker (apps/ishi/public/sw.js, its file list written by
// scripts/build-web) keeps it playing offline, the computer player included. Run by
// scripts/e2e, which builds and serves the app and sets ISHI_URL.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import {
    PHONE,
    appUrl,
    assertNoProblems,
    browserSession,
    cell,
    launchProfile,
    newGame,
    openApp,
    openPage,
    screenshot,
    status,
    waitForStone,
} from "./browser.mjs";

/** The browser of this file and the console and page errors of its pages. */
const session = browserSession();
const { problems } = session;

/** The build's service worker: its cache version and files, as scripts/build-web wrote them. */
async function builtServiceWorker() {
    const response = await fetch(new URL("sw.js", appUrl()));
    assert.equal(response.status, 200, "sw.js is not served");
    const line = (await response.text()).match(/^const BUILD = (\{.*\});$/m);
    assert.ok(line, "sw.js has no BUILD line");
    // The line is a JavaScript object of JSON values: quote its two keys to read it as JSON.
    return JSON.parse(line[1].replace(/(version|files):/g, '"$1":'));
}

/** Waits until the service worker has installed (cached the build) and controls `page`. */
async function waitForServiceWorker(page) {
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated", null, {
        timeout: 30_000,
    });
}

/** The width and height a PNG file's header gives. */
function pngSize(bytes) {
    const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    assert.ok(bytes.subarray(0, 8).equals(signature), "not a PNG file");
    return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe("the installable web app", { timeout: 120_000 }, () => {
    test("Chromium reads the manifest and finds the app installable", async (t) => {
        // An incognito context is never installable: this test has a profile on disk.
        const { context, close } = await launchProfile(PHONE);
        t.after(close);
        const page = await openPage(context, problems, t.name);
        const cdp = await context.newCDPSession(page);

        const { url, errors, data, manifest } = await cdp.send("Page.getAppManifest");
        assert.equal(url, new URL("manifest.webmanifest", appUrl()).href);
        assert.deepEqual(errors, [], "Chromium's errors in the manifest");
        const raw = JSON.parse(data);
        assert.equal(raw.name, "Ishi");
        assert.equal(raw.short_name, "Ishi");
        assert.equal(raw.display, "standalone");
        assert.equal(raw.theme_color, await page.locator("meta[name=theme-color]").getAttribute("content"));
        assert.match(raw.background_color, /^#[0-9a-f]{6}$/);
        // Relative in the file, so that they are the app's folder wherever it is served.
        assert.deepEqual([raw.start_url, raw.scope, raw.id], ["./", "./", "./"]);
        assert.equal(manifest.startUrl, appUrl());
        assert.equal(manifest.scope, appUrl());

        const pngs = raw.icons.filter((icon) => icon.type === "image/png");
        const purposes = (icon) => (icon.purpose ?? "any").split(" ");
        const any = pngs.filter((icon) => purposes(icon).includes("any")).map((icon) => icon.sizes);
        assert.ok(any.includes("192x192") && any.includes("512x512"), `PNG icons: ${any}`);
        assert.ok(
            pngs.some((icon) => purposes(icon).includes("maskable")),
            "no maskable PNG icon",
        );
        for (const icon of pngs) {
            const response = await fetch(new URL(icon.src, url));
            assert.equal(response.status, 200, `${icon.src} is not served`);
            assert.equal(pngSize(Buffer.from(await response.arrayBuffer())), icon.sizes, icon.src);
        }

        const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
        assert.deepEqual(installabilityErrors, [], "Chromium's reasons not to offer installing the app");
    });

    test("the service worker caches the whole build and deletes the caches of older builds", async (t) => {
        const context = await session.browser.newContext(PHONE);
        t.after(() => context.close());
        const scope = new URL("./", appUrl()).href;
        // Before the first visit: a cache left by an older build, and another app's cache.
        const setup = await context.newPage();
        await setup.goto(new URL("favicon.svg", appUrl()).href);
        await setup.evaluate(async (scope) => {
            await (await caches.open(`ishi ${scope} 0123456789abcdef`)).put("old", new Response("old"));
            await (await caches.open("another app")).put("theirs", new Response("theirs"));
        }, scope);
        await setup.close();

        const page = await openPage(context, problems, t.name);
        await waitForServiceWorker(page);
        const build = await builtServiceWorker();
        const cached = await page.evaluate(async () => {
            const names = await caches.keys();
            const entries = {};
            for (const name of names) {
                const keys = await (await caches.open(name)).keys();
                entries[name] = keys.map((request) => request.url);
            }
            return entries;
        });
        const name = `ishi ${scope} ${build.version}`;
        assert.deepEqual(Object.keys(cached).sort(), ["another app", name].sort(), "the caches after activation");
        const files = cached[name].map((url) => url.slice(scope.length)).sort();
        assert.deepEqual(files, [...build.files].sort(), "the cached files are the build's files");
        for (const pattern of [
            /^index\.html$/,
            /^manifest\.webmanifest$/,
            /^favicon\.svg$/,
            /^assets\/ishi-dxh[0-9a-f]+\.js$/,
            /^assets\/ishi_bg-dxh[0-9a-f]+\.wasm$/,
            /^worker\/worker\.js$/,
            /^worker\/othello-weights\.bin$/,
            /^worker\/go-moves\.bin$/,
            // Go's network and the module that runs it, named by their contents.
            /^assets\/go-network-[0-9a-f]{16}\.bin$/,
            /^assets\/go-network-[0-9a-f]{16}\.wasm$/,
            // The modules of the lazy parts (dx --wasm-split): the engines, the sheets.
            /^assets\/module_\d+_engines-dxh[0-9a-f]+\.wasm$/,
            /^assets\/module_\d+_new_game_part-dxh[0-9a-f]+\.wasm$/,
            // The puzzle sheet and its library, for puzzles offline.
            /^assets\/module_\d+_puzzles_part-dxh[0-9a-f]+\.wasm$/,
            /^puzzles\/othello\.txt$/,
        ]) {
            assert.ok(files.some((file) => pattern.test(file)), `nothing cached matches ${pattern}`);
        }
        // The PNG icons are the installing system's, fetched online; the page shows none.
        assert.deepEqual(files.filter((file) => file.endsWith(".png")), [], "PNG icons cached");
    });

    test("after one visit, a reload without the network plays, the computer's reply included", async (t) => {
        const page = await openApp(session.browser, PHONE, problems, t.name);
        const context = page.context();
        t.after(() => context.close());
        await waitForServiceWorker(page);

        await context.setOffline(true);
        const [worker] = context.serviceWorkers();
        assert.ok(worker, "no service worker in the context");
        const reach = () =>
            fetch("sw.js", { cache: "no-store" }).then(
                () => "the server",
                () => "nothing",
            );
        assert.equal(await worker.evaluate(reach), "nothing", "the service worker still reaches the network");

        let workers = 0;
        page.on("worker", () => (workers += 1));
        await page.reload();
        await page.locator("table.board.othello td[data-point]").first().waitFor();
        assert.ok(await page.evaluate(() => navigator.serviceWorker.controller !== null), "the page is not the cache's");
        assert.deepEqual(await status(page), {
            message: "Black to move",
            black: 2,
            white: 2,
            players: { black: "Human", white: "Casual" },
            turn: "black",
            thinking: false,
        });

        await cell(page, "f5").tap();
        await waitForStone(page, "f5", "black");
        try {
            await page.waitForFunction(
                () =>
                    document.querySelectorAll("table.board td[data-stone]").length === 6 &&
                    !document.querySelector("p.message").hasAttribute("data-thinking"),
                null,
                { timeout: 20_000 },
            );
        } catch (error) {
            throw new Error(`no reply from the computer offline: ${JSON.stringify(await status(page))}`, {
                cause: error,
            });
        }
        await screenshot(page, "pwa-offline-reply");
        const now = await status(page);
        assert.deepEqual(
            { message: now.message, turn: now.turn, discs: now.black + now.white },
            { message: "Black to move", turn: "black", discs: 6 },
            "the computer answered as White",
        );

        // A sheet's code is a module of its own, fetched when the sheet first opens: the
        // cache's copy, offline.
        await newGame(page, { game: "Go", size: 9, black: "human", white: "human" });
        assert.equal((await status(page)).message, "Black to move", "no Go game started offline");
        // Go's network, from the cache: the computer plays and analyses on it offline.
        await page.locator('div.status[data-network="ready"]').waitFor({ timeout: 20_000 });
        // The worker that answered, and the spare the page starts half a second after it
        // answered or, when the Go game came first, once the network is settled
        // (apps/ishi/src/computer/web.rs): both from the cache, and no third.
        for (let waited = 0; workers < 2 && waited < 5_000; waited += 100) await page.waitForTimeout(100);
        assert.equal(workers, 2, "the computer's Web Worker and its spare did not start after the reload");

        // The puzzles, their libraries from the cache: a puzzle on its board, offline.
        await page.tap("button.more");
        await page.tap("button.action.puzzles");
        await page.locator("table.puzzle-board td[data-legal]").first().waitFor({ timeout: 15_000 });
        assert.match(await page.locator(".puzzle-message").innerText(), /to play: find the best move\.$/);
        // Go's library too (the sheet opened on Go, the game on the board).
        assert.equal(await page.locator('.puzzle-game[data-game="Go"]').getAttribute("aria-pressed"), "true");
        assert.ok(await page.locator("table.puzzle-board.go").isVisible(), "no Go puzzle offline");
        await page.locator('.puzzle-game[data-game="Othello"]').tap();
        await page.locator("table.puzzle-board.othello td[data-legal]").first().waitFor({ timeout: 15_000 });
    });
});

test("the whole run logged no console error and no page error", () => {
    assertNoProblems(problems);
});
