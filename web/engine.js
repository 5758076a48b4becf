// The page's side of the worker that runs elo_core (worker.js is the other side; the protocol is
// in docs/architecture.md, "Page and worker"). ask(op, args) resolves with elo_core's answer
// object: {ok, result} or {ok: false, errors}.

import { AheadAnswers, MAX_REQUEST_CHARS } from "./ahead.js";

// The page's CSP requires Trusted Types: script URLs must pass this policy, which only admits
// files of this site (the worker and the service worker).
const policy = globalThis.trustedTypes?.createPolicy("elo", {
  createScriptURL(url) {
    const resolved = new URL(url, import.meta.url);
    if (resolved.origin !== location.origin) throw new TypeError(`not a script of this site: ${url}`);
    return resolved.href;
  },
});
export const scriptURL = (url) => (policy ? policy.createScriptURL(url) : new URL(url, import.meta.url).href);

// Once the engine is ready every answer takes milliseconds; one that takes this long means the
// worker is gone or stuck, and the person should hear so rather than wait.
const ANSWER_TIMEOUT_MS = 20_000;

// Everything the engine holds, declared before the worker is made: its construction may throw,
// and the failure path reads all of it.
const pending = new Map();
const statusListeners = [];
const settledListeners = [];
const ahead = new AheadAnswers();
let nextId = 1;
let failed = null;
let lastStatus = null;
let watchdog = null;
let worker = null;

// Stage changes and failures reach whoever listens (the status line), also the ones before it listened.
export function onStatus(listener) {
  statusListeners.push(listener);
  if (lastStatus) listener(lastStatus);
}

// The worker's work after its start is done: `{prime}` (docs/architecture.md). Marked
// "elo:settled" (User Timing) for the tests.
export const onSettled = (listener) => settledListeners.push(listener);

function status(data) {
  lastStatus = data;
  statusListeners.forEach((l) => l(data));
}

function fail(message) {
  failed = message;
  ahead.clear(); // every figure from now on says the engine failed, not some of them
  for (const settle of pending.values()) settle.reject(new Error(message));
  pending.clear();
  status({ type: "error", message });
}

function watch() {
  clearTimeout(watchdog);
  if (pending.size && lastStatus?.stage === "ready") {
    watchdog = setTimeout(() => fail("The rating engine is not responding. Reload the page; your inputs are kept in the address."),
      ANSWER_TIMEOUT_MS);
  }
}

function receive({ data }) {
  if (data.type === "error") return fail(data.message);
  if (data.type === "ahead") return ahead.offer(data.request, data.response);
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
}

const requestText = (op, args) => JSON.stringify({ op, args });

// A request answered ahead resolves at once, with that answer: the page shows it in the same
// task as the keystroke that asked.
export function ask(op, args = {}) {
  if (failed) return Promise.reject(new Error(failed));
  const text = requestText(op, args);
  const response = ahead.take(text);
  if (response !== undefined) return Promise.resolve(JSON.parse(response));
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, request: text });
    watch();
  });
}

// Whether a request is short enough to be asked ahead at all.
export const worthAskingAhead = (op, args) => requestText(op, args).length <= MAX_REQUEST_CHARS;

// The requests the next keystroke may make, each `args` of `op`; replaces the list asked before.
export function askAhead(op, argsList) {
  if (failed || !worker) return;
  const texts = ahead.want(argsList.map((args) => requestText(op, args)));
  if (texts) worker.postMessage({ ahead: texts });
}

try {
  worker = new Worker(scriptURL("worker.js"), { type: "module" });
  worker.addEventListener("message", receive);
  worker.addEventListener("error", (event) => {
    event.preventDefault();
    fail("The rating engine stopped unexpectedly. Reload the page to start it again; your inputs are kept in the address.");
  });
} catch (error) {
  fail(`This browser could not start the rating engine (${error.message}). Try a current Chrome, Edge, Firefox or Safari.`);
}
