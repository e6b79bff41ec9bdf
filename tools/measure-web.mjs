// Measures Ishi's release web build in Chromium and prints the figures next to their targets:
// the download on first load, to the first board and in all (the computer player's worker and
// the Othello weights included), the time to the first board (also with the CPU 4x slower, and
// on a Fast 3G link), the time from a tap to the updated cell on a 19x19 board, the longest
// main-thread gap while the computer searches at its strongest level, the time to the first
// values of the moves (also after a move played while the hints search, which ends their
// worker), the puzzles (opening one, a move's verdict, the refutation of a wrong move), whole
// games analysed ("Analyse this game") with the main thread watched, and Go's network: its
// download, and one evaluation in the worker.
//
//   node tools/measure-web.mjs        with ISHI_URL set (scripts/measure-web does it all)
import { PHONE, cell, launch, newGame, openApp } from "../tests/e2e/browser.mjs";

/** A 60-move game of strong human players (eOthello's public games, the first of them). */
const OTHELLO_GAME = "f5d6c4d3e6f4e3f6c5b4e7f3c6d7b5a5c3b3g5h5g4h4e2g6b6d8c7c8a4a6a7f1a3c2d2b2e1b7g3h3f2d1a1a2b1a8c1g1f7g8e8f8b8g7h8h7h6h2g2h1";
/** 60 moves of 9x9 and of 19x19 Go, played by the Monte Carlo level of 500 playouts Ishi had then (seed 3). */
const GO_9X9 = "(;FF[4]GM[1]SZ[9]KM[7]RU[Chinese];B[cd];W[ce];B[de];W[df];B[cf];W[be];B[dg];W[ef];B[bf];W[ee];B[dd];W[ed];B[ec];W[fc];B[fd];W[eb];B[dc];W[fe];B[fb];W[gc];B[gb];W[hb];B[gd];W[hc];B[eg];W[fg];B[fh];W[ge];B[db];W[cg];B[bd];W[gh];B[gg];W[ff];B[eh];W[fi];B[hh];W[hi];B[ei];W[ae];B[af];W[ad];B[gi];W[ii];B[ac];W[ad];B[ae];W[hd];B[ih];W[ea];B[ga];W[da];B[cc];W[bb];B[ab];W[ba];B[hg];W[if];B[hf];W[he])";
const GO_19X19 = "(;FF[4]GM[1]SZ[19]KM[7]RU[Chinese];B[lq];W[lp];B[kp];W[lo];B[fq];W[fr];B[mq];W[np];B[no];W[on];B[nn];W[qd];B[od];W[ne];B[ng];W[mg];B[nh];W[qi];B[ph];W[pg];B[pf];W[nf];B[qg];W[rg];B[rh];W[qh];B[qf];W[og];B[of];W[rf];B[re];W[ko];B[op];W[nq];B[nr];W[oq];B[or];W[mp];B[pq];W[oo];B[pp];W[pr];B[jo];W[os];B[nl];W[mr];B[kr];W[jn];B[jp];W[eq];B[ep];W[dp];B[fc];W[se];B[rd];W[sh];B[ri];W[rj];B[er];W[dq])";

/** 250 moves of 19x19: Ishi's net-1024 (Black) against GNU Go 3.8 level 10, game 4 of
 * docs/matches/2026-11-29-go-19x19-network-gnugo.games. */
const GO_19X19_250 = "(;FF[4]GM[1]SZ[19]KM[7.5]RU[Chinese];B[pd];W[dq];B[pq];W[cd];B[ed];W[do];B[cc];W[bc];B[dc];W[cf];B[cm];W[pp];B[oq];W[qp];B[rr];W[ql];B[ic];W[qc];B[pc];W[qd];B[qe];W[re];B[qf];W[rf];B[qg];W[pb];B[ob];W[qb];B[nc];W[ci];B[jp];W[hd];B[bb];W[id];B[bo];W[jc];B[bd];W[be];B[ac];W[hq];B[em];W[ck];B[rg];W[cp];B[mq];W[lc];B[qj];W[ol];B[ir];W[hr];B[nn];W[pn];B[bp];W[bq];B[iq];W[hp];B[ng];W[fc];B[fd];W[gd];B[ff];W[ek];B[eo];W[dn];B[dm];W[en];B[fm];W[gk];B[hm];W[jo];B[fn];W[ip];B[fo];W[kp];B[fq];W[fr];B[jm];W[lq];B[er];W[eq];B[op];W[fp];B[ik];W[mr];B[nr];W[mp];B[nq];W[rk];B[lr];W[kr];B[ms];W[le];B[bl];W[bk];B[rj];W[rq];B[qq];W[rp];B[eb];W[fb];B[mb];W[lb];B[md];W[ld];B[fh];W[dh];B[fa];W[ga];B[ea];W[hb];B[ec];W[rc];B[sr];W[me];B[ne];W[mg];B[ig];W[nh];B[ii];W[nf];B[og];W[oe];B[nd];W[of];B[pe];W[od];B[pf];W[oh];B[ph];W[pg];B[oc];W[pi];B[qi];W[qh];B[rh];W[si];B[sj];W[na];B[ph];W[og];B[oi];W[pj];B[pk];W[oj];B[ok];W[nj];B[qk];W[rl];B[nk];W[mj];B[gj];W[pl];B[nl];W[fj];B[om];W[rn];B[hj];W[fi];B[on];W[pm];B[gi];W[eh];B[eg];W[ks];B[aq];W[br];B[ar];W[ki];B[kg];W[kh];B[kk];W[jg];B[jf];W[jh];B[he];W[ge];B[hf];W[kf];B[je];W[ie];B[if];W[jd];B[oa];W[ma];B[ep];W[gq];B[dp];W[co];B[kn];W[bn];B[cn];W[cq];B[bm];W[an];B[ap];W[bs];B[am];W[ko];B[lo];W[lp];B[mo];W[dg];B[df];W[de];B[ef];W[ae];B[mk];W[lj];B[ke];W[lf];B[ad];W[lk];B[ll];W[jj];B[jk];W[ak];B[ls];W[sf];B[gf];W[in];B[im];W[hn];B[go];W[gl];B[gm];W[po];B[fl];W[fk];B[gp];W[fq];B[ih];W[sg];B[sh];W[jn];B[sq];W[sp];B[kd];W[kc];B[hl];W[pa];B[sk];W[sl];B[dl];W[dk];B[ho];W[io];B[qh];W[as];B[ao];W[kj])";

const LOADS = 5;
const TAPS = 15;
/** The CPU slowdown of the second series of loads: roughly a mid-range phone. */
const SLOWDOWN = 4;
/** Chromium DevTools' "Fast 3G": 1.44 Mbit/s down, 675 kbit/s up, 562.5 ms of latency. */
const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375 };
/** Fresh loads on that link (each takes seconds). */
const SLOW_LOADS = 3;

const browser = await launch();
const problems = [];
const rows = [];

/** Adds a figure to the summary, with its target and whether it is met. */
function figure(name, value, unit, target, met) {
    rows.push({ name, value: `${value} ${unit}`, target, met });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const round = (x) => Math.round(x * 10) / 10;

try {
    await measureDownload();
    await measureFirstBoard();
    await measureTap();
    await measureNetwork(9, 30);
    await measureNetwork(19, 90);
    await measureGap("Othello", { game: "Othello", board: "8x8", black: "human", white: "master" }, "f5");
    await measureGap("Go 19x19", { game: "Go", size: 19, black: "human", white: "net-1024" }, "Q16");
    await measureFirstValues("Othello", { game: "Othello", board: "8x8", black: "human", white: "human" });
    await measureFirstValues("Go 9x9", { game: "Go", size: 9, black: "human", white: "human" });
    await measureValuesAfterMoves();
    await measurePuzzles();
    await measureGoPuzzles();
    await measureAnalysis("Othello, 60 moves", OTHELLO_GAME, 40);
    await measureAnalysis("Go 9x9, 60 moves", GO_9X9, 30);
    await measureAnalysis("Go 19x19, 60 moves", GO_19X19, null);
    await measureAnalysis("Go 19x19, 250 moves", GO_19X19_250, 180);
} finally {
    await browser.close();
}

console.log("\n== summary (this machine, its CPU unthrottled unless said, no network throttling)");
for (const { name, value, target, met } of rows) {
    console.log(`${met ? "ok  " : "MISS"} ${name.padEnd(44)} ${value.padStart(12)}   target ${target}`);
}
if (problems.length > 0) {
    console.log(`\nconsole or page errors:\n  ${problems.join("\n  ")}`);
}

/** Everything the browser downloads on a first visit, until the computer's first move. */
async function measureDownload() {
    console.log("== download on first load (gzip), until the computer's first move");
    const context = await browser.newContext(PHONE);
    // What the page had received when the first board showed, from its own resource timing
    // (the encoded, gzip, body sizes): exact, where the requests seen from outside arrive late.
    await context.addInitScript(() => {
        const seen = () => {
            if (!document.querySelector("table.board td[data-point]")) return;
            observer.disconnect();
            const entries = [
                ...performance.getEntriesByType("navigation"),
                ...performance.getEntriesByType("resource"),
            ];
            window.ishiFirstBoardBytes = entries.reduce((sum, e) => sum + e.encodedBodySize, 0);
            window.ishiFirstBoardFiles = entries.map((e) => new URL(e.name).pathname);
        };
        const observer = new MutationObserver(seen);
        observer.observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    const pending = [];
    // Dedicated workers' requests are reported on the context too.
    // A request that finishes as the context closes (the spare worker's, loading from the
    // cache) cannot be described any more: it counts as nothing (null).
    const finished = (request) => pending.push(describe(request).catch(() => null));
    context.on("requestfinished", finished);
    const describe = async (request) => {
        const response = await request.response();
        const sizes = await request.sizes();
        const headers = await response.allHeaders();
        // A response the service worker gave has no body size of its own (-1): its headers'.
        const encoded = sizes.responseBodySize > 0 ? sizes.responseBodySize : Number(headers["content-length"] ?? 0);
        const body = await response.body().catch(() => Buffer.alloc(0));
        return {
            path: new URL(request.url()).pathname,
            status: response.status(),
            encoding: headers["content-encoding"] ?? "identity",
            encoded,
            decoded: body.length,
            headers: sizes.responseHeadersSize,
        };
    };
    await page.goto(process.env.ISHI_URL);
    await page.locator("table.board td[data-point]").first().waitFor();
    await page.waitForFunction(() => window.ishiFirstBoardBytes !== undefined);
    const { first, firstFiles } = await page.evaluate(() => ({
        first: window.ishiFirstBoardBytes,
        firstFiles: window.ishiFirstBoardFiles,
    }));
    // The default game: Black (human) against the computer, which loads the worker.
    await cell(page, "f5").tap();
    await page.waitForFunction(
        () => document.querySelectorAll("table.board td[data-stone]").length >= 6 &&
            !document.querySelector("p.message").hasAttribute("data-thinking"),
        null,
        { timeout: 30_000 },
    );
    await page.waitForLoadState("networkidle");
    // A file the page fetched and the service worker fetched again for its cache, once.
    const seen = new Set();
    context.off("requestfinished", finished);
    const files = (await Promise.all(pending))
        .filter((f) => f !== null)
        .sort((a, b) => b.decoded - a.decoded)
        .filter((f) => !seen.has(f.path) && seen.add(f.path));
    await context.close();

    files.sort((a, b) => b.encoded - a.encoded);
    const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(8);
    console.log(`${"file".padEnd(48)} ${"status".padStart(6)} ${"gzip KB".padStart(8)} ${"raw KB".padStart(8)}`);
    for (const f of files) {
        console.log(`${f.path.padEnd(48)} ${String(f.status).padStart(6)} ${kb(f.encoded)} ${kb(f.decoded)}  ${f.encoding}`);
    }
    const total = files.reduce((sum, f) => sum + f.encoded, 0);
    const raw = files.reduce((sum, f) => sum + f.decoded, 0);
    const headers = files.reduce((sum, f) => sum + f.headers, 0);
    const headersKb = (headers / 1024).toFixed(1);
    console.log(`${"total".padEnd(48)} ${"".padStart(6)} ${kb(total)} ${kb(raw)}  (+${headersKb} KB of headers)`);
    console.log(`received when the first board showed: ${kb(first)} KB, ${firstFiles.join(" ")}`);
    figure("download to the first board (gzip)", (first / 1024).toFixed(1), "KB", "<= 250 KB", first <= 250 * 1024);
    figure("download in all, worker and weights (gzip)", (total / 1024).toFixed(1), "KB", "(reported)", true);
    // Go's network and the module that runs it, fetched by the worker after the first board
    // (the service worker's copy of them, fetched for its cache, is not counted twice).
    const network = new Map(
        files.filter((f) => /\/go-network-[0-9a-f]+\.(bin|wasm)$/.test(f.path)).map((f) => [f.path, f.encoded]),
    );
    const networkBytes = [...network.values()].reduce((sum, bytes) => sum + bytes, 0);
    figure("Go's network and its module (gzip)", (networkBytes / 1024).toFixed(1), "KB", "<= 2253 KB (2.2 MB)",
        network.size === 2 && networkBytes <= 2.2 * 1024 * 1024);
}

/** Waits until the worker has Go's network (the status says `data-network="ready"`). */
async function networkReady(page) {
    await page.locator('div.status[data-network="ready"]').waitFor({ timeout: 60_000 });
}

/**
 * One evaluation of Go's network in the worker, as the level `net-policy` asks it (one
 * position's features, one forward pass in the network module, the post-processing, and the
 * worker's messages): the computer's request in a game on a `size` board, caught on its way
 * to the worker, then sent again and timed. `target` in milliseconds.
 */
async function measureNetwork(size, target) {
    console.log(`\n== Go's network in the worker, ${size}x${size}: one evaluation (net-policy's move)`);
    const context = await browser.newContext(PHONE);
    await context.addInitScript(() => {
        window.ishiRequests = [];
        const post = Worker.prototype.postMessage;
        Worker.prototype.postMessage = function (message, ...rest) {
            if (typeof message === "string") window.ishiRequests.push(message);
            return post.call(this, message, ...rest);
        };
    });
    const page = await context.newPage();
    page.on("console", (m) => m.type() === "error" && problems.push(`network ${size}: ${m.text()}`));
    await page.goto(process.env.ISHI_URL);
    await newGame(page, { game: "Go", size, black: "human", white: "net-policy" });
    await networkReady(page);
    const point = size === 9 ? "E5" : "Q16";
    await cell(page, point).tap();
    await cell(page, point).tap();
    await page.locator("p.message[data-thinking]").waitFor({ timeout: 5_000 });
    await page.locator("p.message:not([data-thinking])").waitFor({ timeout: 60_000 });
    const times = await page.evaluate(async () => {
        const request = window.ishiRequests[window.ishiRequests.length - 1];
        const worker = window.ishiWorker;
        const times = [];
        for (let i = 0; i < 21; i++) {
            const start = performance.now();
            await new Promise((resolve) => {
                worker.onmessage = (event) => typeof event.data === "string" && resolve(event.data);
                worker.postMessage(request);
            });
            times.push(performance.now() - start);
        }
        return times.slice(1);
    });
    await context.close();
    console.log(`request to reply (ms): ${times.map(round).join(", ")}`);
    figure(`Go network evaluation, ${size}x${size} (median)`, round(median(times)), "ms", `<= ${target} ms`,
        median(times) <= target);
}

/**
 * Navigation start to the first board cell, over fresh loads; then again with the CPU slowed
 * down `SLOWDOWN` times, for an idea of a mid-range phone.
 */
async function measureFirstBoard() {
    console.log(`\n== time to first board (${LOADS} fresh loads)`);
    const times = await firstBoardTimes(1);
    console.log(`loads (ms): ${times.map((t) => Math.round(t)).join(", ")}`);
    const m = median(times);
    figure("first board (median of fresh loads)", Math.round(m), "ms", "<= 1000 ms", m <= 1000);
    const slow = await firstBoardTimes(SLOWDOWN);
    console.log(`with the CPU ${SLOWDOWN}x slower (ms): ${slow.map((t) => Math.round(t)).join(", ")}`);
    const ms = median(slow);
    figure(`first board, CPU ${SLOWDOWN}x slower (median)`, Math.round(ms), "ms", "<= 1000 ms", ms <= 1000);
    const fast3g = await firstBoardTimes(SLOWDOWN, FAST_3G, SLOW_LOADS);
    console.log(`with the CPU ${SLOWDOWN}x slower on Fast 3G (ms): ${fast3g.map((t) => Math.round(t)).join(", ")}`);
    const m3g = median(fast3g);
    figure(`first board, CPU ${SLOWDOWN}x slower, Fast 3G`, Math.round(m3g), "ms", "(reported)", true);
}

/**
 * The times to the first board of `loads` fresh loads, the CPU slowed down `rate` times, on
 * the `network` conditions given (DevTools' `Network.emulateNetworkConditions`) if any.
 */
async function firstBoardTimes(rate, network = null, loads = LOADS) {
    const times = [];
    for (let i = 0; i < loads; i++) {
        const context = await browser.newContext(PHONE);
        await context.addInitScript(() => {
            const seen = () => {
                if (document.querySelector("table.board td[data-point]")) {
                    window.ishiFirstBoard = performance.now();
                    observer.disconnect();
                }
            };
            const observer = new MutationObserver(seen);
            observer.observe(document, { childList: true, subtree: true });
        });
        const page = await context.newPage();
        if (rate > 1 || network) {
            const cdp = await context.newCDPSession(page);
            await cdp.send("Emulation.setCPUThrottlingRate", { rate });
            if (network) {
                await cdp.send("Network.enable");
                await cdp.send("Network.emulateNetworkConditions", network);
            }
        }
        await page.goto(process.env.ISHI_URL);
        await page.waitForFunction(() => window.ishiFirstBoard !== undefined, null, { timeout: 30_000 });
        times.push(await page.evaluate(() => window.ishiFirstBoard));
        await context.close();
    }
    return times;
}

/** Pointer down and up on an empty 19x19 cell (a mouse: no ghost stone) to its stone. */
async function measureTap() {
    console.log(`\n== tap -> updated cell, 19x19 Go, people on both sides (${TAPS} taps, mouse pointer)`);
    const page = await openApp(browser, PHONE, problems, "tap");
    await newGame(page, { game: "Go", size: 19, black: "human", white: "human" });
    const points = ["D4", "Q16", "D16", "Q4", "K10", "C3", "R17", "F17", "O3", "C10", "R10", "K3", "K17", "H7", "M13"];
    const results = [];
    for (const point of points.slice(0, TAPS)) {
        results.push(
            await page.evaluate(async (name) => {
                const td = document.querySelector(`table.board td[data-point="${name}"]`);
                const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
                await frame();
                await frame();
                const r = td.getBoundingClientRect();
                const at = { clientX: r.x + r.width / 2, clientY: r.y + r.height / 2 };
                const pointer = {
                    ...at,
                    bubbles: true,
                    cancelable: true,
                    pointerId: 1,
                    pointerType: "mouse",
                    isPrimary: true,
                };
                let start;
                const stone = new Promise((resolve) => {
                    const observer = new MutationObserver(() => {
                        if (td.isConnected && td.dataset.stone) {
                            observer.disconnect();
                            resolve(performance.now() - start);
                        }
                    });
                    observer.observe(td, { attributes: true, attributeFilter: ["data-stone"] });
                });
                start = performance.now();
                td.dispatchEvent(new PointerEvent("pointerdown", { ...pointer, buttons: 1 }));
                td.dispatchEvent(new PointerEvent("pointerup", { ...pointer, buttons: 0 }));
                const timeout = new Promise((resolve) => setTimeout(() => resolve(null), 2000));
                const dom = await Promise.race([stone, timeout]);
                await frame();
                return { dom, frame: performance.now() - start };
            }, point),
        );
    }
    await page.context().close();
    const missed = results.filter((r) => r.dom === null).length;
    if (missed > 0) throw new Error(`${missed} of ${results.length} taps never placed a stone`);
    const dom = results.map((r) => r.dom);
    const frames = results.map((r) => r.frame);
    console.log(`to the data-stone mutation (ms): ${dom.map(round).join(", ")}`);
    console.log(`to the next animation frame (ms): ${frames.map(round).join(", ")}`);
    const max = Math.max(...dom);
    figure("tap -> cell, 19x19 (median)", round(median(dom)), "ms", "<= 16 ms", median(dom) <= 16);
    figure("tap -> cell, 19x19 (max)", round(max), "ms", "<= 16 ms", max <= 16);
    figure("tap -> next frame, 19x19 (median)", round(median(frames)), "ms", "(for context)", true);
}

/**
 * The longest gap between animation frames, and the longest long task, on the main thread
 * from the human's move in `setup` until the computer (its strongest level) has answered.
 */
async function measureGap(label, setup, move) {
    console.log(`\n== main thread while the computer thinks: ${label}, ${setup.white}`);
    const page = await openApp(browser, PHONE, problems, `gap ${label}`);
    await newGame(page, setup);
    if (setup.game === "Go") await networkReady(page);
    await watchMainThread(page);
    const kind = setup.game === "Go" ? "go" : "othello";
    const start = Date.now();
    if (kind === "go") {
        // Two taps: the move confirmation of a touch screen.
        await cell(page, move).tap();
        await cell(page, move).tap();
    } else {
        await cell(page, move).tap();
    }
    await page.locator("p.message[data-thinking]").waitFor({ timeout: 5_000 });
    await page.locator("p.message:not([data-thinking])").waitFor({ timeout: 600_000 });
    const thinking = Date.now() - start;
    const stonesNow = await page.locator("table.board td[data-stone]").count();
    const gaps = await mainThread(page);
    await page.context().close();
    console.log(
        `from the tap to the answer: ${thinking} ms (350 ms of it the app's pause before answering); ` +
            `${gaps.frames} frames, the longest gap ${round(gaps.max)} ms; ${gaps.tasks} long tasks, ` +
            `the longest ${round(gaps.longest)} ms; ${stonesNow} stones on the board after it`,
    );
    figure(`longest main-thread gap, ${label} ${setup.white}`, round(gaps.max), "ms", "<= 100 ms", gaps.max <= 100);
    figure(`tap to answer, ${label} ${setup.white}`, thinking, "ms", "<= 5000 ms", thinking <= 5000);
}

/** Starts recording the longest gap between animation frames and the long tasks of `page`. */
function watchMainThread(page) {
    return page.evaluate(() => {
        window.ishiGaps = { max: 0, frames: 0, longest: 0, tasks: 0, running: true };
        let last = performance.now();
        const tick = (now) => {
            window.ishiGaps.max = Math.max(window.ishiGaps.max, now - last);
            window.ishiGaps.frames += 1;
            last = now;
            if (window.ishiGaps.running) requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
        new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) {
                window.ishiGaps.longest = Math.max(window.ishiGaps.longest, entry.duration);
                window.ishiGaps.tasks += 1;
            }
        }).observe({ type: "longtask" });
    });
}

/** The main thread's figures since `watchMainThread`, and stops watching. */
function mainThread(page) {
    return page.evaluate(() => {
        window.ishiGaps.running = false;
        return window.ishiGaps;
    });
}

/** From the Values button to the first value on a cell, on a fresh page (the worker starts). */
async function measureFirstValues(label, setup) {
    console.log(`\n== first values of the moves: ${label}`);
    // Three fresh pages: one is too noisy a figure on a small machine.
    const times = [];
    for (let i = 0; i < 3; i++) {
        const page = await openApp(browser, PHONE, problems, `values ${label}`);
        await newGame(page, setup);
        // Go's values are the network's: the worker has started for it, as on any visit after
        // the first, when the service worker has the network.
        if (setup.game === "Go") await networkReady(page);
        const start = Date.now();
        await page.locator("button.values").tap();
        await page.locator("table.board td[data-hint]").first().waitFor({ timeout: 10_000 });
        times.push(Date.now() - start);
        await page.context().close();
    }
    const ms = median(times);
    console.log(`from the tap on Values to the first value on the board: ${times.join(", ")} ms`);
    figure(`first values, ${label} (median of 3)`, ms, "ms", "<= 300 ms", ms <= 300);
}

/**
 * Go 9x9 with Values on: moves played while the hints search (each cancels the search, which
 * ends its worker), the time from the move's second tap to the first value of the new
 * position. The spare worker (apps/ishi/src/computer/web.rs) answers after a cancel.
 */
/**
 * The puzzles: from the tap on Puzzles (options sheet) to the puzzle's board, on fresh pages
 * (the library fetched and read then); from the tap on a wrong move to its verdict, and to the
 * other side's answer (the master level in the worker).
 */
async function measurePuzzles() {
    console.log("\n== puzzles: opening, a wrong move's verdict and its refutation (3 fresh pages)");
    const opens = [];
    const verdicts = [];
    const refutations = [];
    for (let i = 0; i < 3; i++) {
        const page = await openApp(browser, PHONE, problems, `puzzles ${i}`);
        // As a player would: a moment after the first board (the lazy parts come meanwhile).
        await page.waitForTimeout(3_000);
        await page.locator("button.more").tap();
        const button = page.locator("button.action.puzzles");
        await button.waitFor();
        let start = Date.now();
        await button.tap();
        await page.locator("table.puzzle-board td[data-point]").first().waitFor({ timeout: 20_000 });
        opens.push(Date.now() - start);
        // A wrong move: the second of the library's values for the position on screen.
        const wrong = await page.evaluate(async () => {
            let board = "";
            for (let row = 1; row <= 8; row++) {
                for (const col of "abcdefgh") {
                    const stone = document.querySelector(`table.puzzle-board td[data-point="${col}${row}"]`)?.dataset.stone;
                    board += stone === "black" ? "X" : stone === "white" ? "O" : "-";
                }
            }
            const text = await (await fetch("puzzles/othello.txt")).text();
            const line = text.split("\n").find((l) => l.startsWith(board));
            return line.split("\t")[1].split(",")[1].split(":")[0];
        });
        start = Date.now();
        await page.locator(`table.puzzle-board td[data-point="${wrong}"]`).tap();
        await page.locator('.puzzle-message[data-verdict="failed"]').waitFor({ timeout: 5_000 });
        verdicts.push(Date.now() - start);
        await page
            .locator(".puzzle-message", { hasText: / answers [a-h][1-8]\./ })
            .waitFor({ timeout: 30_000 });
        refutations.push(Date.now() - start);
        await page.context().close();
    }
    reportPuzzles("puzzle", "Puzzles", opens, verdicts, refutations);
}

/** Prints and files the figures of `measurePuzzles` or `measureGoPuzzles`. */
function reportPuzzles(name, tapped, opens, verdicts, refutations) {
    console.log(`tap on ${tapped} -> puzzle's board: ${opens.join(", ")} ms`);
    console.log(`tap on a wrong move -> verdict: ${verdicts.join(", ")} ms; -> refutation: ${refutations.join(", ")} ms`);
    figure(`${name} opened (median of fresh pages)`, median(opens), "ms", "<= 300 ms", median(opens) <= 300);
    figure(`${name}: a move's verdict (median)`, median(verdicts), "ms", "<= 300 ms", median(verdicts) <= 300);
    figure(`${name}: the refutation played (median)`, median(refutations), "ms", "(reported)", true);
}

/**
 * Go's puzzles: from the tap on Go in the puzzle screen to the puzzle's board, on fresh pages
 * (Go's library fetched and read then, every puzzle's game replayed to check it); from the tap
 * on a move the library does not list to its verdict, and to the other side's answer (the
 * network's search of 128 visits in the worker, the network fetched when the Go puzzles
 * opened).
 */
async function measureGoPuzzles() {
    console.log("\n== Go puzzles: opening, a wrong move's verdict and its refutation (3 fresh pages)");
    const opens = [];
    const verdicts = [];
    const refutations = [];
    for (let i = 0; i < 3; i++) {
        const page = await openApp(browser, PHONE, problems, `Go puzzles ${i}`);
        await page.waitForTimeout(3_000);
        await page.locator("button.more").tap();
        await page.locator("button.action.puzzles").tap();
        await page.locator("table.puzzle-board td[data-point]").first().waitFor({ timeout: 20_000 });
        let start = Date.now();
        await page.locator('.puzzle-game[data-game="Go"]').tap();
        await page.locator("table.puzzle-board.go td[data-point]").first().waitFor({ timeout: 20_000 });
        opens.push(Date.now() - start);
        const wrong = await page.evaluate(async () => {
            const index = Number(document.querySelector(".puzzle-message").dataset.puzzle);
            const text = await (await fetch("puzzles/go.txt")).text();
            const lines = text.split("\n").filter((l) => l.trim() !== "" && !l.startsWith("#"));
            const listed = lines[index].split("\t")[1].split(",").map((v) => v.split(":")[0]);
            return [...document.querySelectorAll("table.puzzle-board td[data-legal]")]
                .map((cell) => cell.dataset.point)
                .find((point) => !listed.includes(point));
        });
        // The network loading (once per fresh page) is not the move's: wait for it.
        await page.waitForTimeout(3_000);
        start = Date.now();
        await page.locator(`table.puzzle-board td[data-point="${wrong}"]`).tap();
        await page.locator('.puzzle-message[data-verdict="failed"]').waitFor({ timeout: 5_000 });
        verdicts.push(Date.now() - start);
        await page
            .locator(".puzzle-message", { hasText: / answers [A-HJ-T]\d+\./ })
            .waitFor({ timeout: 60_000 });
        refutations.push(Date.now() - start);
        await page.context().close();
    }
    reportPuzzles("Go puzzle", "Go", opens, verdicts, refutations);
}

async function measureValuesAfterMoves() {
    console.log("\n== first values after a move played during the hints' search: Go 9x9");
    const page = await openApp(browser, PHONE, problems, "values after moves");
    await newGame(page, { game: "Go", size: 9, black: "human", white: "human" });
    await networkReady(page);
    await page.locator("button.values").tap();
    await page.locator("table.board td[data-hint]").first().waitFor({ timeout: 10_000 });
    const times = [];
    for (const point of ["E5", "C3", "G7", "C7", "G3", "E3", "E7", "C5"]) {
        await page.waitForTimeout(700);
        const target = cell(page, point);
        await target.tap();
        await page.locator(`table.board td[data-point="${point}"][data-ghost]`).waitFor({ timeout: 5_000 });
        const start = Date.now();
        await target.tap();
        await page.waitForFunction(
            (point) =>
                document.querySelector(`td[data-point="${point}"][data-stone]`) &&
                document.querySelector("table.board td[data-hint]"),
            point,
            { timeout: 20_000, polling: 5 },
        );
        times.push(Date.now() - start);
    }
    await page.context().close();
    const ms = median(times);
    console.log(`from the move to the new position's first value: ${times.join(", ")} ms`);
    figure("first values after a move, Go 9x9 (median)", ms, "ms", "<= 300 ms", ms <= 300);
}

/**
 * A whole game analysed in review, from the tap on "Analyse this game" to the end of the
 * progress bar, the main thread watched meanwhile. `target` is in seconds (none: a figure
 * for context).
 */
async function measureAnalysis(label, record, target) {
    console.log(`\n== whole game analysed (quick budget): ${label}`);
    const page = await openApp(browser, PHONE, problems, `analysis ${label}`);
    await page.locator("header button.more").tap();
    await page.locator('textarea[name="import"]').fill(record);
    await page.locator(".more-sheet button.import").tap();
    await page.locator(".analysis-bar button.analyse").first().waitFor();
    if (record.includes("GM[1]")) await networkReady(page);
    await watchMainThread(page);
    const start = Date.now();
    await page.locator(".analysis-bar button.analyse:not(.deep)").tap();
    await page.locator(".analysis-bar progress").waitFor({ timeout: 5_000 });
    await page.locator(".analysis-bar progress").waitFor({ state: "detached", timeout: 900_000 });
    const seconds = (Date.now() - start) / 1000;
    const gaps = await mainThread(page);
    const dots = await page.locator(".graph circle.dot").count();
    await page.context().close();
    console.log(
        `${round(seconds)} s; ${gaps.frames} frames, the longest gap ${round(gaps.max)} ms, ` +
            `${gaps.tasks} long tasks; ${dots} moves marked on the graph`,
    );
    const budget = target === null ? "(for context)" : `<= ${target} s`;
    figure(`analysis, ${label}`, round(seconds), "s", budget, target === null || seconds <= target);
    figure(`longest main-thread gap, analysis ${label}`, round(gaps.max), "ms", "<= 100 ms", gaps.max <= 100);
}
