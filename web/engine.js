// The page's side of the worker that runs elo_core (see worker.js for the other side).
// ask(op, args) resolves with elo_core's answer object: {ok, result} or {ok: false, errors}.

// The page's CSP requires Trusted Types: script URLs must pass this policy, which only
// admits files of this site (the worker and the service worker).
const policy = globalThis.trustedTypes?.createPolicy("elo", {
  createScriptURL(url) {
    const resolved = new URL(url, import.meta.url);
    if (resolved.origin !== location.origin) throw new TypeError(`not a script of this site: ${url}`);
    return resolved.href;
  },
});
export const scriptURL = (url) => (policy ? policy.createScriptURL(url) : new URL(url, import.meta.url).href);

const pending = new Map();
const listeners = [];
let nextId = 1;
let failed = null;
let lastStatus = null;

// Stage changes and failures reach whoever listens (the status line), also the ones before it listened.
export function onStatus(listener) {
  listeners.push(listener);
  if (lastStatus) listener(lastStatus);
}

function status(data) {
  lastStatus = data;
  listeners.forEach((l) => l(data));
}

function fail(message) {
  failed = message;
  kept.clear(); // every figure from now on says the engine failed, not some of them
  wanted = new Set();
  for (const settle of pending.values()) settle.reject(new Error(message));
  pending.clear();
  status({ type: "error", message });
}

let worker = null;
try {
  worker = new Worker(scriptURL("worker.js"), { type: "module" });
} catch (error) {
  fail(`This browser could not start the rating engine (${error.message}). Try a current Chrome, Edge, Firefox or Safari.`);
}

// The worker's work after its start (keeping, warming up) is done: `{prime}` (see worker.js).
// Also marked "elo:settled" (User Timing), for the tests.
const settledListeners = [];
export const onSettled = (listener) => settledListeners.push(listener);

worker?.addEventListener("message", ({ data }) => {
  if (data.type === "error") return fail(data.message);
  if (data.type === "ahead") {
    if (wanted.has(data.request)) kept.set(data.request, data.response);
    return;
  }
  if (data.type === "settled") {
    performance.mark("elo:settled");
    return settledListeners.forEach((l) => l(data));
  }
  if (data.type === "progress") {
    status(data);
    return watch();
  }
  const settle = pending.get(data.id);
  if (!settle) return;
  pending.delete(data.id);
  watch();
  settle.resolve(JSON.parse(data.response));
});

worker?.addEventListener("error", (event) => {
  event.preventDefault();
  fail("The rating engine stopped unexpectedly. Reload the page to start it again; your inputs are kept in the address.");
});

// Once the engine is ready every answer takes milliseconds; one that takes this long means
// the worker is gone or stuck, and the person should hear so rather than wait.
const ANSWER_TIMEOUT_MS = 20_000;
let watchdog = null;

function watch() {
  clearTimeout(watchdog);
  if (pending.size && lastStatus?.stage === "ready") {
    watchdog = setTimeout(() => fail("The rating engine is not responding. Reload the page; your inputs are kept in the address."),
      ANSWER_TIMEOUT_MS);
  }
}

const requestText = (op, args) => JSON.stringify({ op, args });

// A request answered ahead (see below) resolves at once, with that answer: the page shows it
// in the same task as the keystroke that asked.
export function ask(op, args = {}) {
  if (failed) return Promise.reject(new Error(failed));
  const text = requestText(op, args);
  const response = kept.size ? kept.get(text) : undefined;
  if (response !== undefined) {
    // counted in the mark's detail, for the tests
    performance.clearMarks("elo:ahead");
    performance.mark("elo:ahead", { detail: ++answeredAhead });
    return Promise.resolve(JSON.parse(response));
  }
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, request: text });
    watch();
  });
}

// Answers ahead (see app.js and worker.js): the worker answers the requests the page may
// send next, and they are kept here, keyed by the request's very text, so that such a
// request is answered at once (ask). Only the newest list's answers are kept.
let wanted = new Set();
const kept = new Map();
let answeredAhead = 0;

// A request longer than this (some 450 games) is asked when typed, not ahead: a dozen of them
// would cost the page and the worker more at each caret move than the keystroke saves.
const AHEAD_MAX_REQUEST_CHARS = 15_000;
export const worthAskingAhead = (op, args) => requestText(op, args).length <= AHEAD_MAX_REQUEST_CHARS;

export function askAhead(op, argsList) {
  if (failed || !worker) return;
  const texts = [...new Set(argsList.map((args) => requestText(op, args)))].filter((t) => t.length <= AHEAD_MAX_REQUEST_CHARS);
  if (texts.length === wanted.size && texts.every((t) => wanted.has(t))) return; // asked already
  wanted = new Set(texts);
  for (const text of kept.keys()) if (!wanted.has(text)) kept.delete(text);
  worker.postMessage({ ahead: texts.filter((t) => !kept.has(t)) });
}

