// A small static file server for Ishi's web build: the MIME types a WASM app needs, gzip when
// the browser accepts it (the FILE.gz that scripts/build-web wrote beside a file, else gzip
// -9 on the fly; so sizes measured in the browser are real transfer sizes), an ETag
// per file version so that a revalidation (the service worker's, filling its cache beside the
// page's own first load) is a 304 rather than the file again, as on any real static host, and
// index.html for unknown paths. Usage: node tools/serve.mjs DIR [PORT]; prints the URL.
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, resolve } from "node:path";
import { gzipSync } from "node:zlib";

const root = resolve(process.argv[2] ?? ".");
const port = Number(process.argv[3] ?? 8080);
const types = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
};
// `.bin`: the Othello weights (application/octet-stream), 106 KB raw, 61 KB gzip.
const compressible = new Set([".html", ".js", ".mjs", ".css", ".wasm", ".json", ".svg", ".webmanifest", ".txt", ".bin"]);

async function file(path) {
    const full = normalize(join(root, decodeURIComponent(path)));
    if (!full.startsWith(root)) return null;
    try {
        const info = await stat(full);
        if (info.isDirectory()) return file(join(path, "index.html"));
        return { full, body: await readFile(full), etag: `W/"${info.size.toString(16)}-${info.mtimeMs.toString(16)}"` };
    } catch {
        return null;
    }
}

const server = createServer(async (request, response) => {
    const path = new URL(request.url, "http://localhost").pathname;
    const found = (await file(path)) ?? (extname(path) ? null : await file("/index.html"));
    if (!found) {
        response.writeHead(404, { "content-type": "text/plain" });
        response.end("not found");
        return;
    }
    const ext = extname(found.full);
    const headers = {
        "content-type": types[ext] ?? "application/octet-stream",
        "cache-control": "no-cache",
        etag: found.etag,
        vary: "accept-encoding",
    };
    if (request.headers["if-none-match"] === found.etag) {
        response.writeHead(304, headers);
        response.end();
        return;
    }
    let body = found.body;
    if (compressible.has(ext) && /\bgzip\b/.test(request.headers["accept-encoding"] ?? "")) {
        // The copy scripts/build-web compressed ahead (FILE.gz, by zopfli), else gzip -9 now.
        body = (await readFile(`${found.full}.gz`).catch(() => null)) ?? gzipSync(body, { level: 9 });
        headers["content-encoding"] = "gzip";
    }
    headers["content-length"] = body.length;
    response.writeHead(200, headers);
    response.end(request.method === "HEAD" ? undefined : body);
});

server.listen(port, "127.0.0.1", () => {
    console.log(`Ishi is served at http://127.0.0.1:${server.address().port}/`);
});
