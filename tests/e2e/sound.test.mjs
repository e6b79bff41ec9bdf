// Sound and touch feedback: a move played sounds (an Othello disc, then a tick per disc it
// flipped) and, made by the person's finger, vibrates; the computer's answer sounds; a review,
// undo and redo are silent; the options turn both off. The page's Web Audio and
// navigator.vibrate are counted by an init script (the sounds are synthesised: every placed
// disc starts one oscillator and one noise buffer, every flip tick one noise buffer).
import assert from "node:assert/strict";
import { test } from "node:test";

import {
    PHONE,
    assertNoProblems,
    browserSession,
    cell,
    openPage,
    screenshot,
    stones,
    stonesWhen,
    waitForMessage,
    waitForStone,
} from "./browser.mjs";

const session = browserSession();
const { problems } = session;

/** Runs in the page before the app: counts the sources started and the vibrations asked for. */
function countFeedback() {
    const counts = { oscillators: 0, buffers: 0, vibrations: [] };
    window.feedbackCounts = counts;
    for (const [Node, key] of [
        [OscillatorNode, "oscillators"],
        [AudioBufferSourceNode, "buffers"],
    ]) {
        const start = Node.prototype.start;
        Node.prototype.start = function (...args) {
            counts[key] += 1;
            return start.apply(this, args);
        };
    }
    Object.defineProperty(Navigator.prototype, "vibrate", {
        configurable: true,
        value(pattern) {
            counts.vibrations.push(pattern);
            return true;
        },
    });
}

/** What was counted so far. */
function counted(page) {
    return page.evaluate(() => structuredClone(window.feedbackCounts));
}

/** The discs that turned to `colour` between two boards, the one placed left out. */
function flips(before, after, colour, placed) {
    return Object.keys(after).filter((p) => p !== placed && before[p] !== colour && after[p] === colour).length;
}

/** Plays `point` as Black, then waits for the computer's answer; returns both moves' flips. */
async function moveAndAnswer(page, point) {
    const start = await stones(page);
    await cell(page, point).tap();
    // Read as the disc lands: the answer comes 350 ms later, sooner than a second round trip
    // to the page on a busy machine.
    const placed = await stonesWhen(page, point, "black");
    await page.waitForFunction(() => {
        const message = document.querySelector("p.message");
        return /^Black to move/.test(message.textContent) && !message.hasAttribute("data-thinking");
    });
    const answered = await stones(page);
    const answer = Object.keys(answered).find((p) => start[p] === null && placed[p] === null && answered[p] === "white");
    assert.ok(answer, "the computer placed a disc");
    return { mine: flips(start, placed, "black", point), theirs: flips(placed, answered, "white", answer) };
}

test("moves sound and a tap vibrates; a review is silent; the options turn both off", async (t) => {
    const context = await session.browser.newContext(PHONE);
    t.after(() => context.close());
    await context.addInitScript(countFeedback);
    const page = await openPage(context, problems, t.name);
    assert.deepEqual(await counted(page), { oscillators: 0, buffers: 0, vibrations: [] }, "nothing before a move");

    // The person's disc and the computer's answer: two placed discs, ticks for their flips,
    // and one vibration, for the tap.
    const { mine, theirs } = await moveAndAnswer(page, "f5");
    await page.waitForFunction(() => window.feedbackCounts.oscillators >= 2);
    const played = await counted(page);
    assert.equal(played.oscillators, 2, `one sound a disc placed: ${JSON.stringify(played)}`);
    assert.ok(
        played.buffers - played.oscillators >= mine + theirs,
        `a tick a flip (${mine} + ${theirs} flips): ${JSON.stringify(played)}`,
    );
    assert.deepEqual(played.vibrations, [12], "the tap vibrates once, the computer's answer not");

    // Through the review and back, undo and redo: moves shown again make no sound.
    await page.locator(".actions button.review-toggle").tap();
    for (const step of ["«", "▶", "▶", "◀", "»"]) {
        await page.locator(".review button", { hasText: step }).tap();
    }
    await page.locator(".review .where", { hasText: "Move 2 of 2" }).waitFor();
    await page.locator(".actions button.review-toggle").tap();
    await page.locator("nav.undo-bar button.undo").tap();
    await waitForStone(page, "f5", null);
    await page.locator("nav.undo-bar button.redo").tap();
    await waitForStone(page, "f5", "black");
    await waitForMessage(page, /^Black to move/);
    assert.deepEqual(await counted(page), played, "the review, undo and redo are silent");

    // The options: both on at first, then off.
    await page.locator("header button.new-game").tap();
    const sheet = page.locator(".new-game-sheet[role=dialog]");
    const sound = sheet.locator("[name=sound]");
    const vibration = sheet.locator("[name=vibration]");
    await vibration.scrollIntoViewIfNeeded();
    assert.ok((await sound.isChecked()) && (await vibration.isChecked()), "sound and vibration are on at first");
    await screenshot(page, "sound-options");
    await sound.uncheck();
    await vibration.uncheck();
    await sheet.locator(".dialog-buttons button.secondary").tap();
    await sheet.waitFor({ state: "detached" });

    const legal = await page.locator("table.board td[data-legal]").first().getAttribute("data-point");
    await moveAndAnswer(page, legal);
    assert.deepEqual(await counted(page), played, "with the options off, neither sound nor vibration");
    assertNoProblems(problems);
});
