// Ishi's computer player in a Web Worker: loads the ishi-worker WASM module, then answers
// each request (JSON) with a reply (JSON). The page ends the worker to cancel a search.
importScripts("ishi_worker.js");

const ready = wasm_bindgen({ module_or_path: "ishi_worker_bg.wasm" });

self.onmessage = async (event) => {
    await ready;
    self.postMessage(wasm_bindgen.think_json(event.data));
};
