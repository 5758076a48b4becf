// Service worker: after one online visit the calculator loads and computes offline.
//
// A short worker of our own rather than Workbox: the site is one flat list of files
// known at build time, so precache-and-serve is all it needs. build.py stamps BUILD
// (a hash of everything shipped) and FILES (path -> sha256) into this file, so every
// deploy is a byte-different worker that the browser installs beside the old one.
// Each build gets its own cache, filled completely and checked file by file against
// the hashes before the worker may take over: a half-deployed site (some files new,
// some old) fails the check and the old version keeps serving, whole.

const BUILD = "__BUILD__";
const FILES = __FILES__;
const CACHE = `elo-${BUILD}`;

const here = (path) => new URL(path, self.registration.scope).href;

// The calculator's worker is held to the page's policy: a dedicated worker takes its policy from
// its script's response headers, which on a static host only this service worker can set
// (what it cannot cover: SECURITY.md). 'wasm-unsafe-eval' lets it compile the runtime's wasm.
const WORKER_POLICY = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; " +
  "worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'";

async function sha256(response) {
  const digest = await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// Puts `files` ([path, sha256] pairs) into `cache`, each checked against this build's hash. A file
// some cache already holds with that hash is taken from there: the wasm the calculator's worker
// unpacked (worker/wasm.js; the network sends it only in zstd), or the previous build's copy.
// Otherwise "no-cache": revalidate with the server, so files the page just downloaded come from
// the HTTP cache (a 304) instead of a second download; the hash check still refuses any other build's.
const UNPACKED_CACHE = "elo-unpacked"; // worker.js, KEPT_WASM
async function held(path, hash) {
  for (const options of [{ cacheName: UNPACKED_CACHE }, {}]) {
    const response = await caches.match(here(path), options).catch(() => null);
    if (response?.ok && (await sha256(response)) === hash) return response;
  }
  return null;
}

async function fill(cache, files) {
  await Promise.all(files.map(async ([path, hash]) => {
    const copy = await held(path, hash);
    if (copy) return cache.put(here(path), copy);
    const response = await fetch(here(path), { cache: "no-cache" });
    if (!response.ok) throw new Error(`precache ${path}: HTTP ${response.status}`);
    if ((await sha256(response)) !== hash) throw new Error(`precache ${path}: not the file of build ${BUILD}`);
    await cache.put(here(path), response);
  }));
  // The site's folder itself ("./") is index.html.
  await cache.put(here("./"), (await cache.match(here("index.html"))).clone());
}

// A cache that lost files (Cache Storage cleared by the person or the browser) is filled again
// at the next navigation made online, so offline use comes back.
async function refill() {
  const cache = await caches.open(CACHE);
  const have = new Set((await cache.keys()).map((r) => r.url));
  const missing = Object.entries(FILES).filter(([path]) => !have.has(here(path)));
  if (missing.length || !have.has(here("./"))) await fill(cache, missing);
}

function withPolicy(response) {
  const headers = new Headers(response.headers);
  headers.set("Content-Security-Policy", WORKER_POLICY);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    await fill(await caches.open(CACHE), Object.entries(FILES));
  })().catch(async (error) => {
    await caches.delete(CACHE); // never keep a partial cache
    throw error;
  }));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("elo-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

// The page asks a waiting worker to take over when the person accepts the update.
self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

// Every request of a start comes through here, so each costs as little as it can: the cache is
// opened once, and looked up by its key (the URL without its query) rather than with
// `ignoreSearch`, which makes Chromium read every entry (docs/performance.md, "Service worker").
let opened = null;

// A request for a file that is not in this build's cache goes to the network, and is given
// up if the network has not answered within 20 s: an accepted update takes over only once
// this worker has nothing in flight (Chromium waits up to 5 minutes for that), so one request
// that never gets an answer would otherwise hold it back. The page's own abort still counts.
const PASS_ON_MS = 20_000;
async function passOn(request) {
  const giveUp = new AbortController();
  const timer = setTimeout(() => giveUp.abort(), PASS_ON_MS);
  request.signal?.addEventListener("abort", () => giveUp.abort());
  try {
    return await fetch(request, { signal: giveUp.signal });
  } finally {
    clearTimeout(timer); // once answered, the body takes as long as it takes
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" && request.method !== "HEAD") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Queries carry the calculator's inputs (or a cache-buster), never a different file.
  url.search = "";
  if (request.mode === "navigate") {
    opened = null; // the cache may have been deleted since it was opened
    event.waitUntil(refill().catch(() => {}));
  }
  event.respondWith((async () => {
    opened ||= caches.open(CACHE).catch((error) => {
      opened = null; // tried again by the next request
      throw error;
    });
    const hit = await opened.then((cache) => cache.match(url.href)).catch(() => null);
    if (!hit) return passOn(request);
    // When a start goes wrong, the worker checks which files exist with HEAD requests: answered
    // with the headers alone, not with bodies streamed only to be thrown away.
    if (request.method === "HEAD") return new Response(null, { status: hit.status, statusText: hit.statusText, headers: hit.headers });
    return url.href === here("worker.js") ? withPolicy(hit) : hit;
  })());
});
