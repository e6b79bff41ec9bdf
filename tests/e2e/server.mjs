// The game server for the end-to-end tests that play online: apps/ishi-server serving the
// web build, on a free loopback port, with its data in a temporary folder. scripts/e2e builds
// the server and sets ISHI_SERVER to it. `onlineSession` gives a test file one server and one
// Chromium.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { after, before } from "node:test";

import { PHONE, launch, openPage } from "./browser.mjs";

const WEB = "target/dx/ishi/release/web/public";

/** A game server process serving the web build; `restart` kills it (SIGKILL) and starts it again on the same port and data. */
export class Server {
    constructor() {
        this.data = mkdtempSync(join(tmpdir(), "ishi-server-"));
        this.listen = "127.0.0.1:0";
    }

    async start() {
        const binary = process.env.ISHI_SERVER ?? "target/debug/ishi-server";
        this.child = spawn(binary, ["--web", WEB, "--listen", this.listen, "--data-dir", this.data], {
            stdio: ["ignore", "pipe", "inherit"],
        });
        const lines = createInterface({ input: this.child.stdout });
        const line = await new Promise((resolve, reject) => {
            lines.once("line", resolve);
            this.child.once("exit", (code) => reject(new Error(`ishi-server exited with ${code}`)));
        });
        this.url = line.match(/http:\/\/\S+\//)[0];
        this.listen = new URL(this.url).host;
    }

    async kill() {
        const exited = new Promise((resolve) => this.child.once("exit", resolve));
        this.child.kill("SIGKILL");
        await exited;
    }

    async stop() {
        if (this.child && this.child.exitCode === null) await this.kill();
        rmSync(this.data, { recursive: true, force: true });
    }
}

/**
 * A game server and a Chromium for one test file, started before its tests and stopped
 * after them: `session.server`, `session.problems` (the console and page errors of its
 * pages) and `session.phone(t, label, options)`, which opens the app for the test `t` in a new
 * browser context (closed when `t` ends): `profile` (the phone's by default), `url` (the
 * server's app by default), and `prepare(context)` to run before the page opens.
 */
export function onlineSession() {
    const session = { server: new Server(), browser: null, problems: [] };
    before(async () => {
        await session.server.start();
        session.browser = await launch();
    });
    after(async () => {
        await session.browser?.close();
        await session.server.stop();
    });
    session.phone = async (t, label, { profile = PHONE, url = session.server.url, prepare } = {}) => {
        const context = await session.browser.newContext(profile);
        t.after(() => context.close());
        if (prepare) await prepare(context);
        return openPage(context, session.problems, label, url);
    };
    return session;
}
