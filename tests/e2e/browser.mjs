// Drives Ishi's web build in Debian's Chromium through playwright-core: the browser, the phone
// profile, the console watch, screenshots, and reading the board and the status line back from
// the UI contract (the board's data-* attributes, see apps/ishi/src/components/board/mod.rs).
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before } from "node:test";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

/** Where screenshots go: target/e2e/ at the workspace root. */
export const ARTIFACTS = fileURLToPath(new URL("../../target/e2e/", import.meta.url));

/** The served web build, from ISHI_URL (scripts/e2e sets it). */
export function appUrl() {
    const url = process.env.ISHI_URL;
    if (!url) {
        throw new Error(
            "ISHI_URL is not set: run scripts/e2e, or serve the web build with " +
                "`node tools/serve.mjs target/dx/ishi/release/web/public PORT` and set ISHI_URL",
        );
    }
    return url;
}

/** Debian's Chromium, headless, without the background traffic of a fresh profile. */
const CHROMIUM = {
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
    ],
};

/** Launches that Chromium; each `browser.newContext()` of it is a fresh incognito-like profile. */
export function launch() {
    return chromium.launch(CHROMIUM);
}

/**
 * Chromium with a profile on disk, in a temporary folder, as one context with `profile`:
 * unlike an incognito context, it is a profile Chromium would install a web app into.
 * Returns the context and `close`, which ends that Chromium and deletes the folder.
 */
export async function launchProfile(profile) {
    const dir = mkdtempSync(join(tmpdir(), "ishi-chromium-"));
    const remove = () => rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
    try {
        const context = await chromium.launchPersistentContext(dir, { ...CHROMIUM, ...profile });
        return { context, close: () => context.close().finally(remove) };
    } catch (error) {
        remove();
        throw error;
    }
}

/** A phone in portrait: touch screen, 393x851 CSS pixels at 3 device pixels each. */
export const PHONE = {
    viewport: { width: 393, height: 851 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
};

/** The narrowest phone the app supports: 360 px wide. */
export const SMALL_PHONE = { ...PHONE, viewport: { width: 360, height: 740 } };

/**
 * Opens the app in a new browser context with `profile`, waiting for the first board. Every
 * console error and uncaught page error of the context is appended to `problems`, tagged with
 * `label`. Returns the page; closing its context is the caller's job.
 */
export async function openApp(browser, profile, problems, label) {
    return openPage(await browser.newContext(profile), problems, label);
}

/** As `openApp`, in a new page of `context`. */
export async function openPage(context, problems, label, url = appUrl()) {
    const page = await context.newPage();
    page.on("console", (message) => {
        if (message.type() === "error") {
            const { url, lineNumber } = message.location();
            const where = url ? ` (${url}:${lineNumber})` : "";
            problems.push(`${label}: console error: ${message.text()}${where}`);
        }
    });
    page.on("pageerror", (error) => problems.push(`${label}: page error: ${error.message}`));
    page.on("worker", (worker) => {
        worker.on("console", (message) => {
            if (message.type() === "error") {
                problems.push(`${label}: worker console error: ${message.text()}`);
            }
        });
    });
    await page.goto(url);
    await page.locator("table.board td[data-point]").first().waitFor();
    return page;
}

/**
 * The Chromium of one test file, launched before its tests and closed after them:
 * `session.browser` is it, `session.problems` collects the console and page errors of the
 * file's pages, and `session.open(t, profile)` opens the app for the test `t` (in the phone
 * profile unless told otherwise) in a context that closes when `t` ends.
 */
export function browserSession() {
    const session = {
        browser: null,
        problems: [],
        async open(t, profile = PHONE) {
            const page = await openApp(session.browser, profile, session.problems, t.name);
            t.after(() => page.context().close());
            return page;
        },
    };
    before(async () => {
        session.browser = await launch();
    });
    after(async () => {
        await session.browser?.close();
    });
    return session;
}

/** Fails listing `problems` if there are any. */
export function assertNoProblems(problems) {
    if (problems.length > 0) {
        assert.fail(`${problems.length} console or page errors:\n  ${problems.join("\n  ")}`);
    }
}

/** Saves a screenshot of the viewport as target/e2e/NAME.png. */
export async function screenshot(page, name) {
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: `${ARTIFACTS}${name}.png`, animations: "disabled" });
}

/** The cell named `point`: `d4` (Othello) or `D4` (Go). */
export function cell(page, point) {
    return page.locator(`table.board td[data-point="${point}"]`);
}

/** Every cell's stone, by name: `{ d4: "black", d5: null, ... }`. */
export function stones(page) {
    return page.evaluate(() =>
        Object.fromEntries(
            [...document.querySelectorAll("table.board td[data-point]")].map((td) => [
                td.dataset.point,
                td.dataset.stone ?? null,
            ]),
        ),
    );
}

/**
 * Waits until the cell named `point` holds `stone`, then gives every cell's stone as
 * `stones` does, read in the same frame: the board as that move left it, before an answer
 * that follows within a few hundred milliseconds can change it.
 */
export async function stonesWhen(page, point, stone, timeout = 10_000) {
    const board = await page.waitForFunction(
        ([p, s]) => {
            const td = document.querySelector(`table.board td[data-point="${p}"]`);
            if (!td || (td.dataset.stone ?? null) !== s) return null;
            return Object.fromEntries(
                [...document.querySelectorAll("table.board td[data-point]")].map((cell) => [
                    cell.dataset.point,
                    cell.dataset.stone ?? null,
                ]),
            );
        },
        [point, stone],
        { timeout },
    );
    return board.jsonValue();
}

/**
 * What the status line shows: the message, the two counts (discs or captures), who plays
 * each side, who has the turn marker, and whether the computer is thinking.
 */
export function status(page) {
    return page.evaluate(() => {
        const score = (side) => document.querySelector(`.score.${side}`);
        const count = (side) => Number(score(side).querySelector(".count").textContent.trim());
        const who = (side) => score(side).querySelector(".who").textContent.trim();
        const turn = ["black", "white"].filter((side) => score(side).hasAttribute("data-turn"));
        const message = document.querySelector("p.message");
        return {
            message: message.textContent.trim(),
            black: count("black"),
            white: count("white"),
            players: { black: who("black"), white: who("white") },
            turn: turn.join(" ") || null,
            thinking: message.hasAttribute("data-thinking"),
        };
    });
}

/** The board, the counts and the side to move: what undo and redo must bring back exactly. */
export async function snapshot(page) {
    const { black, white, turn, message } = await status(page);
    return { stones: await stones(page), black, white, turn, message };
}

/** Waits until the status message matches `pattern`. */
export async function waitForMessage(page, pattern, timeout = 15_000) {
    try {
        await page.waitForFunction(
            ([source, flags]) =>
                new RegExp(source, flags).test(document.querySelector("p.message")?.textContent ?? ""),
            [pattern.source, pattern.flags],
            { timeout },
        );
    } catch (error) {
        const now = await page.locator("p.message").textContent();
        throw new Error(`the status never matched ${pattern} within ${timeout} ms; it says "${now}"`, {
            cause: error,
        });
    }
}

/** Waits until the cell named `point` holds `stone` ("black", "white" or null for empty). */
export async function waitForStone(page, point, stone, timeout = 10_000) {
    try {
        await page.waitForFunction(
            ([p, s]) => {
                const td = document.querySelector(`table.board td[data-point="${p}"]`);
                return td && (td.dataset.stone ?? null) === s;
            },
            [point, stone],
            { timeout },
        );
    } catch (error) {
        const now = await cell(page, point).getAttribute("data-stone");
        throw new Error(`${point} never became ${stone ?? "empty"} within ${timeout} ms; it is ${now ?? "empty"}`, {
            cause: error,
        });
    }
}

/**
 * Starts a new game through the header's sheet. `game` is "Othello" or "Go"; the other
 * options are the sheet's field names: board (Othello), size, rules, handicap, komi (Go),
 * black and white ("human" or a level id).
 */
export async function newGame(page, { game, ...fields }) {
    await page.locator("header button.new-game").tap();
    const sheet = page.locator(".new-game-sheet[role=dialog]");
    await sheet.waitFor();
    await sheet.locator("button.mode[role=radio]", { hasText: game }).tap();
    await sheet.locator(`button.mode[role=radio][aria-checked=true]`, { hasText: game }).waitFor();
    for (const [name, value] of Object.entries(fields)) {
        const field = sheet.locator(`[name=${name}]`);
        if (name === "komi") {
            await field.fill(String(value));
        } else {
            await field.selectOption(String(value));
        }
    }
    await sheet.locator("button.start").tap();
    await sheet.waitFor({ state: "detached" });
    const kind = game.toLowerCase();
    await page.locator(`table.board.${kind} td[data-point]`).first().waitFor();
}

/**
 * Plays a Go move with a finger: the first tap shows a ghost stone, the second places it.
 * Returns once the stone is on the board.
 */
export async function goPlay(page, point) {
    const target = cell(page, point);
    const before = await status(page);
    const mover = before.turn;
    assert.ok(mover === "black" || mover === "white", `nobody has the turn before ${point}: ${JSON.stringify(before)}`);
    await target.tap();
    await page.locator(`table.board td[data-point="${point}"][data-ghost="${mover}"]`).waitFor({ timeout: 5_000 });
    assert.equal(await target.getAttribute("data-stone"), null, `the first tap on ${point} placed a stone at once`);
    await target.tap();
    await waitForStone(page, point, mover);
    assert.equal(await target.getAttribute("data-last"), "true", `${point} is not marked as the last move`);
}

/** The bounding boxes of every button matching `selector` that is shown. */
export async function buttonBoxes(page, selector) {
    return page.locator(selector).evaluateAll((buttons) =>
        buttons
            .filter((b) => b.getClientRects().length > 0)
            .map((b) => {
                const r = b.getBoundingClientRect();
                return { button: `${b.className}: ${b.textContent.trim()}`, width: r.width, height: r.height };
            }),
    );
}

/** Passes with a finger: the tap on Pass asks first ("Pass?"), and the dialog's Pass confirms. */
export async function passByTouch(page) {
    await page.locator(".actions button.pass").tap();
    const confirm = page.locator("button.confirm-pass");
    await confirm.tap();
    await confirm.waitFor({ state: "detached" });
}
