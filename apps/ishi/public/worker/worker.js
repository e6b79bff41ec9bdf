// Ishi's computer player in a Web Worker. The page's first message hands it the app's own
// WASM module, compiled, and the URL of its wasm-bindgen glue: the worker instantiates the
// module again (its `main` launches nothing outside a window) and answers each later request
// (JSON) with a reply (JSON) through the module's `think_json`. The page ends the worker to
// cancel a search. A module that fails to load is reported as the worker's error, which the
// page turns into a failed reply.
let ready = null;

self.onmessage = async (event) => {
    if (ready === null) {
        const { glue, module } = event.data;
        ready = import(glue).then(async (glueModule) => {
            await glueModule.default({ module_or_path: module });
            return glueModule;
        });
        return;
    }
    try {
        const glueModule = await ready;
        self.postMessage(glueModule.think_json(event.data));
    } catch (error) {
        self.reportError(error);
    }
};
