// Ishi's computer player in a Web Worker. The page's first message hands it the app's own
// WASM module, compiled, the URL of its wasm-bindgen glue and the name and URL of each model
// (the Othello weights, Go's move model, Go's network): the worker instantiates the module
// again (its `main` launches nothing outside a window), fetches the models (which the module
// does not carry, to keep the first download light) and hands each to it with `load_model`
// (a typed load message: the model's name and its bytes), then answers each later request
// (JSON) with a reply (JSON) through the module's `think_json` (async: the engines are a
// module of their own, which it fetches at once). A model that cannot be had leaves its
// engine without it: Go plays on its hand-set knowledge, Othello's replies say the weights
// are missing. The page ends the worker to cancel a search. A module that fails to load is
// reported as the worker's error, which the page turns into a failed reply.
//
// Go's network is two files, which scripts/build-web names in NETWORK (content-hashed, under
// assets/, so that the service worker serves its cached copy): the network itself and the
// network module (crates/ishi-nn-kernel), which runs its layers with WebAssembly SIMD and
// which the app's module reaches through `self.ishiNetwork`. Without SIMD neither is
// fetched, and Go plays its Monte Carlo engine. The page asks for them once a Go game is on
// screen (its first message's `network`, or a message `{ network: true }` later), so that an
// Othello player never downloads them into the worker; the worker fetches them then, after
// its engines' module and (on a first visit) its next answer, so that they never delay its
// first answers (reading the network takes the worker some 100 ms). While they download (on
// a first visit: 2 MB) Go plays without them, and the page hears how far they have come
// (messages `{ network: "loading PERCENT" | "ready" | "no-simd" | "failed" }`, beside the
// replies, which are strings). When the service worker already has them (any visit after the
// first) they come in a moment, and a Go request waits for them, so that Go never flips
// between its two engines from one request to the next.
//
// Unbuilt (dx serve), NETWORK is null: Go plays without its network.
const NETWORK = null;

let ready = null;

// dx's loader of the lazily loaded modules logs a failed fetch and never answers, which would
// leave the page waiting for a reply forever: the worker makes that log its failure, which
// every request then reports as its error, so the page hears of it (a failed reply, "the
// computer stopped") and its next request starts a new worker, which tries again.
let fail = null;
const failure = new Promise((_, reject) => (fail = reject));
failure.catch(() => {});
const log = console.error.bind(console);
console.error = (...args) => {
    log(...args);
    if (String(args[0]).startsWith("Failed to load wasm-split module")) {
        fail(new Error("the computer's engines could not be loaded"));
    }
};

// The smallest module with one SIMD instruction (a function returning `i8x16.splat 0`): a
// browser that validates it runs the network module.
const SIMD_PROBE = new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // "\0asm", version 1
    0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b, // types: () -> v128
    0x03, 0x02, 0x01, 0x00, // one function of that type
    0x0a, 0x08, 0x01, 0x06, 0x00, 0x41, 0x00, 0xfd, 0x0f, 0x0b, // i32.const 0, i8x16.splat, end
]);

const network = (state) => self.postMessage({ network: state });

// The network module's exports (crates/ishi-nn-kernel) as `self.ishiNetwork`: `load(bytes)`
// (the network's number there; throws its words) and `forward(network, size, images, input,
// global)` (the heads' outputs), which the app's module calls (ishi-nn's src/kernel.rs).
async function networkModule(url) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    const { instance } = await WebAssembly.instantiate(await response.arrayBuffer(), {});
    const k = instance.exports;
    // A call may grow the module's memory, which detaches the views made before it: each
    // view is made after the call that gives its place.
    const view = (Type, at, length) => new Type(k.memory.buffer, at, length);
    const words = () => new TextDecoder().decode(view(Uint8Array, k.ishi_nn_message(), k.ishi_nn_message_len()));
    // What the app's module hears of a failure: words (ishi-nn's src/kernel.rs).
    const inWords = (f) => (...args) => {
        try {
            return f(...args);
        } catch (error) {
            throw typeof error === "string" ? error : String(error?.message ?? error);
        }
    };
    self.ishiNetwork = {
        load: inWords((bytes) => {
            const at = k.ishi_nn_bytes(bytes.length);
            view(Uint8Array, at, bytes.length).set(bytes);
            const number = k.ishi_nn_load();
            if (number < 0) throw words();
            return number;
        }),
        forward: inWords((number, size, images, input, global) => {
            const length = input.length + global.length;
            const at = k.ishi_nn_inputs(length);
            const inputs = view(Float32Array, at, length);
            inputs.set(input);
            inputs.set(global, input.length);
            const outputs = k.ishi_nn_forward(number, size, images, input.length);
            if (outputs < 0) throw words();
            return view(Float32Array, k.ishi_nn_output(), outputs).slice();
        }),
    };
}

// The network file's bytes, telling the page how far the download has come.
async function networkBytes(url, size) {
    const response = await fetch(url);
    if (!response.ok || !response.body) throw new Error(`${url}: HTTP ${response.status}`);
    const bytes = new Uint8Array(size);
    const reader = response.body.getReader();
    let loaded = 0;
    let told = -1;
    for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (loaded + value.length > size) throw new Error(`${url}: longer than ${size} bytes`);
        bytes.set(value, loaded);
        loaded += value.length;
        const percent = Math.floor((100 * loaded) / size);
        if (percent !== told) {
            network(`loading ${percent}`);
            told = percent;
        }
    }
    if (loaded !== size) throw new Error(`${url}: ${loaded} bytes of ${size}`);
    return bytes;
}

// Fetches Go's network and hands it to the app's module (`load`, its `load_model`); never
// fails, it tells the page instead.
async function loadNetwork(name, load) {
    if (!WebAssembly.validate(SIMD_PROBE)) {
        console.info("Ishi: no WebAssembly SIMD in this browser: Go plays without its network");
        network("no-simd");
        return;
    }
    try {
        const [bytes] = await Promise.all([
            networkBytes(new URL(NETWORK.file, self.location).href, NETWORK.bytes),
            networkModule(new URL(NETWORK.module, self.location).href),
        ]);
        const problem = await load(name, bytes);
        if (problem) throw new Error(problem);
        network("ready");
    } catch (error) {
        console.warn(`Ishi: Go's network could not be loaded: ${error.message ?? error}`);
        network("failed");
    }
}

// Whether the service worker's cache holds the network already (then it comes at once).
async function cached() {
    try {
        return self.caches !== undefined &&
            (await self.caches.match(new URL(NETWORK.file, self.location).href)) !== undefined;
    } catch {
        return false;
    }
}

// Whether a request's JSON is about Go (ishi-worker's `Request`: its game's start is
// `{"go": ...}` or `{"othello": ...}`).
function isGo(json) {
    try {
        return "go" in JSON.parse(json).game.start;
    } catch {
        return false;
    }
}

// Go's network: `start()` begins loading it (once; nothing where the build has none), and
// `wait()`, when the service worker has it, starts it and is done when it has loaded or
// failed (otherwise at once: a first visit's Go plays without it meanwhile). `want()` is the
// page's asking for it: at once when the service worker has it (it comes in a moment);
// otherwise after the worker's next answer, or three seconds without one, so that reading a
// downloaded network (the worker's time) does not hold up the first answers of a first visit.
const goNetwork = {
    load: null,
    loading: null,
    wanted: false,
    cached: Promise.resolve(false),
    start() {
        if (this.loading === null && this.load !== null) this.loading = this.load();
    },
    async want() {
        if (await this.cached) {
            this.start();
            return;
        }
        this.wanted = true;
        setTimeout(() => this.start(), 3000);
    },
    answered() {
        if (this.wanted) this.start();
    },
    async wait() {
        if (!(await this.cached)) return;
        this.start();
        if (this.loading !== null) await this.loading;
    },
};

self.onmessage = async (event) => {
    if (ready !== null && typeof event.data !== "string") {
        // The page wants Go's network: once the engines are there.
        ready.then(() => goNetwork.want(), () => {});
        return;
    }
    if (ready === null) {
        const { glue, module, models, network } = event.data;
        ready = import(glue).then(async (glueModule) => {
            await glueModule.default({ module_or_path: module });
            const load = (name, bytes) => glueModule.load_model(name, bytes);
            // The models, fetched together; one that does not come leaves its engine without
            // it, with a warning. Go's network is fetched later (above).
            await Promise.all(models.map(async ([name, url]) => {
                if (name === "go-network") {
                    if (NETWORK !== null) {
                        goNetwork.load = () => loadNetwork(name, load);
                        goNetwork.cached = cached();
                    }
                    return;
                }
                try {
                    const response = await fetch(url);
                    if (!response.ok) throw new Error(`HTTP ${response.status}`);
                    const bytes = new Uint8Array(await response.arrayBuffer());
                    const problem = await load(name, bytes);
                    if (problem) throw new Error(problem);
                } catch (error) {
                    console.warn(`Ishi: the model ${name} (${url}) could not be loaded: ${error.message}`);
                }
            }));
            // The engines' module, fetched now rather than with the first request (the page
            // starts the worker soon after the first board): an empty request is refused.
            await glueModule.think_json("");
            if (network) goNetwork.want();
            return glueModule;
        });
        return;
    }
    try {
        const glueModule = await Promise.race([ready, failure]);
        if (isGo(event.data)) await goNetwork.wait();
        self.postMessage(await glueModule.think_json(event.data));
        goNetwork.answered();
    } catch (error) {
        self.reportError(error);
    }
};
