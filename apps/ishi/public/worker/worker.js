// Ishi's computer player in a Web Worker. The page's first message hands it the app's own
// WASM module, compiled, the URL of its wasm-bindgen glue and the name and URL of each model
// (the Othello weights, Go's move model): the worker instantiates the module again (its `main`
// launches nothing outside a window), fetches the models (which the module does not carry, to
// keep the first download light) and hands each to it with `load_model` (a typed load message:
// the model's name and its bytes), then answers each later request (JSON) with a reply (JSON)
// through the module's `think_json` (async: the engines are a module of their own, which it
// fetches at once). A model that cannot be had leaves its engine without it: Go plays on its
// hand-set knowledge, Othello's replies say the weights are missing. The page ends the worker
// to cancel a search. A module that fails to load is reported as the worker's error, which
// the page turns into a failed reply.
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

self.onmessage = async (event) => {
    if (ready === null) {
        const { glue, module, models } = event.data;
        ready = import(glue).then(async (glueModule) => {
            await glueModule.default({ module_or_path: module });
            // The models, fetched together; one that does not come leaves its engine without
            // it, with a warning.
            await Promise.all(models.map(async ([name, url]) => {
                try {
                    const response = await fetch(url);
                    if (!response.ok) throw new Error(`HTTP ${response.status}`);
                    const bytes = new Uint8Array(await response.arrayBuffer());
                    const problem = await glueModule.load_model(name, bytes);
                    if (problem) throw new Error(problem);
                } catch (error) {
                    console.warn(`Ishi: the model ${name} (${url}) could not be loaded: ${error.message}`);
                }
            }));
            // The engines' module, fetched now rather than with the first request (the page
            // starts the worker soon after the first board): an empty request is refused.
            await glueModule.think_json("");
            return glueModule;
        });
        return;
    }
    try {
        const glueModule = await Promise.race([ready, failure]);
        self.postMessage(await glueModule.think_json(event.data));
    } catch (error) {
        self.reportError(error);
    }
};
