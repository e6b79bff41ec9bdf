// Ishi's service worker: keeps the app playable offline, the computer player included.
//
// The page (index.html, whose script is written without comments: every first visit
// downloads it) registers it once the first board shows: its install downloads the whole
// build (the weights, Go's network and the puzzle library too), which must not compete with
// what the first board needs. Browsers offer service workers over https and on localhost
// only.
//
// scripts/build-web fills in BUILD after dx has built the app: every file of the build (the
// page, the manifest, the SVG icons, dx's hashed assets/, the Web Worker in worker/; not the
// PNG icons, which only a system installing the app asks for, online) and a hash of their
// contents. A new build is thus a new sw.js, which the browser installs beside the old
// one: it fills a cache of its own, named after that hash, with the whole build, takes over at
// once and deletes the caches of earlier builds. Unbuilt (dx serve), BUILD lists nothing and it
// only passes requests on.
//
// Serving: dx's files under assets/ carry a hash in their names, so the cached copy is always
// right and comes first. The other files keep their names from build to build (index.html,
// worker/*, the SVG icons): they come from the network while there is one, so an online page is
// never a build behind, and from the cache when offline, where every page load is index.html.
const BUILD = { version: "dev", files: [] };

const PREFIX = `ishi ${self.registration.scope} `;
const CACHE = PREFIX + BUILD.version;
const url = (file) => new URL(file, self.location).href;
const FILES = new Set(BUILD.files.map(url));
const HASHED = url("assets/");
const INDEX = url("index.html");

self.addEventListener("install", (event) => {
    // A hashed file the page has just loaded is taken from the HTTP cache as it is; the others
    // are asked of the server again, so that the cache holds this build's copies.
    const requests = BUILD.files.map(
        (file) => new Request(file, { cache: file.startsWith("assets/") ? "force-cache" : "no-cache" }),
    );
    event.waitUntil(
        caches
            .open(CACHE)
            .then((cache) => cache.addAll(requests))
            .then(() => self.skipWaiting()),
    );
});

self.addEventListener("activate", (event) => {
    event.waitUntil(
        caches
            .keys()
            .then((names) =>
                Promise.all(
                    names
                        .filter((name) => name.startsWith(PREFIX) && name !== CACHE)
                        .map((name) => caches.delete(name)),
                ),
            )
            .then(() => self.clients.claim()),
    );
});

self.addEventListener("fetch", (event) => {
    const { request } = event;
    if (request.method !== "GET") return;
    if (request.mode === "navigate") {
        event.respondWith(networkFirst(request, INDEX));
    } else if (FILES.has(request.url)) {
        event.respondWith(request.url.startsWith(HASHED) ? cacheFirst(request) : networkFirst(request, request.url));
    }
});

async function cacheFirst(request) {
    const cached = await (await caches.open(CACHE)).match(request);
    return cached ?? fetch(request);
}

async function networkFirst(request, fallback) {
    try {
        return await fetch(request);
    } catch (error) {
        const cached = await (await caches.open(CACHE)).match(fallback);
        if (cached) return cached;
        throw error;
    }
}

// A notice that a move waits in an online game (the page shows it through this worker:
// crate::club::notify): a tap opens that game, in the app's window if one is open (a change
// of its address's fragment, which the page follows), else in a new one.
self.addEventListener("notificationclick", (event) => {
    event.notification.close();
    const game = event.notification.data?.game;
    if (!/^[0-9a-f]{16}$/.test(game ?? "")) return;
    const target = url("./") + "#online=" + game;
    event.waitUntil(
        self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(async (windows) => {
            const open = windows.find((client) => client.url.startsWith(url("./")));
            if (!open) return self.clients.openWindow(target);
            await open.focus();
            return open.navigate(target);
        }),
    );
});
