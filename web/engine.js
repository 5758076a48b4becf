// The page's side of the worker that runs elo_core (worker.js is the other side; the protocol is
// in docs/architecture.md, "Page and worker"). ask(op, args) resolves with elo_core's answer
// object: {ok, result} or {ok: false, errors}; it rejects with an EngineError.
//
// The page is never left without an engine (docs/architecture.md, "Supervision"): a request that
// outlives its time (a huge file), or a worker that crashes, gets a fresh worker, started from the
// kept snapshot; the request at fault is answered with an error saying so, the others are asked
// again. A newer request of the same lane replaces an older one still running for a while.

import { parseAddress } from "./address.js";
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

// Once the engine is ready, an answer takes milliseconds, a whole event file seconds: a request
// running longer than this is stuck, or too large to finish.
export const TIME_LIMIT_MS = { calc: 20_000, event: 60_000 };
// A newer request of a lane replaces one still running after this long (cheaper than waiting).
const REPLACE_AFTER_MS = 1500;
// More restarts than this within RESTART_WINDOW_MS: the engine is broken, not busy.
const MAX_RESTARTS = 3;
const RESTART_WINDOW_MS = 60_000;

export class EngineError extends Error {
  constructor(kind, message) {
    super(message);
    this.kind = kind; // "failed" (no engine), "too-slow" (this request was stopped), "replaced", "crashed"
  }
}

// Everything the engine holds, declared before the worker is made: its construction may throw,
// and the failure path reads all of it.
const pending = new Map(); // id -> {text, lane, resolve, reject, sent}
const statusListeners = [];
const settledListeners = [];
const ahead = new AheadAnswers();
const restarts = [];
let nextId = 1;
let failed = null;
let lastStatus = null;
let ready = false;
let settledOnce = false;
let watchdog = null;
let worker = null;

// Stage changes and failures reach whoever listens (the status line), also the ones before it listened.
export function onStatus(listener) {
  statusListeners.push(listener);
  if (lastStatus) listener(lastStatus);
}

// The first worker's work after its start is done: `{prime}` (docs/architecture.md). Marked
// "elo:settled" (User Timing) for the tests.
export const onSettled = (listener) => settledListeners.push(listener);

function status(data) {
  lastStatus = data;
  statusListeners.forEach((l) => l(data));
}

function fail(message) {
  failed = message;
  ahead.clear(); // every figure from now on says the engine failed, not some of them
  for (const p of pending.values()) p.reject(new EngineError("failed", message));
  pending.clear();
  clearTimeout(watchdog);
  worker?.terminate();
  status({ type: "error", message });
}

// The oldest request still waiting: the one the worker is on.
const head = () => pending.entries().next().value;

function watch() {
  clearTimeout(watchdog);
  const first = head();
  if (!first || !ready) return;
  const [id, p] = first;
  const left = Math.max(0, p.sent + TIME_LIMIT_MS[p.lane] - performance.now());
  watchdog = setTimeout(() => restart(id, new EngineError("too-slow",
    `This took longer than ${TIME_LIMIT_MS[p.lane] / 1000} s, so it was stopped and the rating engine restarted.`)), left);
}

// A fresh worker in place of this one: `id`'s request is answered with `error`, the others asked again.
function restart(id, error) {
  const now = performance.now();
  restarts.push(now);
  while (restarts[0] < now - RESTART_WINDOW_MS) restarts.shift();
  const at = pending.get(id);
  pending.delete(id);
  at?.reject(error);
  if (restarts.length > MAX_RESTARTS) {
    return fail("The rating engine keeps stopping. Reload the page; your inputs are kept.");
  }
  performance.mark("elo:restarted", { detail: error.kind });
  worker.terminate();
  ahead.clear();
  ready = false;
  status({ type: "progress", stage: "runtime", detail: "Restarting the rating engine…" });
  startWorker();
  for (const [other, p] of pending) {
    p.sent = performance.now();
    worker.postMessage({ id: other, request: p.text });
  }
}

function receive({ data }) {
  if (data.type === "error") return fail(data.message);
  if (data.type === "ahead") return ahead.offer(data.request, data.response);
  if (data.type === "settled") {
    if (settledOnce) return;
    settledOnce = true;
    performance.mark("elo:settled");
    return settledListeners.forEach((l) => l(data));
  }
  if (data.type === "progress") {
    if (data.stage === "ready") {
      ready = true;
      for (const p of pending.values()) p.sent = performance.now(); // their time runs from now
    }
    status(data);
    return watch();
  }
  const p = pending.get(data.id);
  if (!p) return;
  pending.delete(data.id);
  for (const other of pending.values()) other.sent = Math.max(other.sent, performance.now());
  watch();
  p.resolve(JSON.parse(data.response));
}

// The worker's options, by its name (docs/architecture.md, "Page and worker"): an embed keeps
// no snapshot for a next visit (a blog's reader is sent only what the first result needs).
const WORKER_NAME = parseAddress(location.search).embed ? "embed" : "";

function startWorker() {
  worker = new Worker(scriptURL("worker.js"), { type: "module", name: WORKER_NAME });
  worker.addEventListener("message", receive);
  worker.addEventListener("error", (event) => {
    event.preventDefault();
    const first = head();
    restart(first?.[0], new EngineError("crashed", "The rating engine stopped unexpectedly while answering this; it was restarted."));
  });
}

const requestText = (op, args) => JSON.stringify({ op, args });

// A string this long in a request (a whole event file) is written as JSON a slice per task:
// written at once, a 20 MB file held the page for a long task (docs/performance.md, "Large
// requests in slices").
export const SLICE_CHARS = 1 << 20;
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

async function requestTextInSlices(op, args) {
  const long = [];
  const token = `\u0000${crypto.randomUUID()}\u0000`; // stands for a long string while the rest is written
  const outline = JSON.stringify({ op, args }, (key, value) =>
    typeof value === "string" && value.length > SLICE_CHARS ? (long.push(value), token) : value);
  if (!long.length) return outline;
  const [first, ...rest] = outline.split(JSON.stringify(token));
  const parts = [first];
  for (const [i, value] of long.entries()) {
    parts.push('"');
    for (let at = 0; at < value.length; at += SLICE_CHARS) {
      await nextTask();
      // A surrogate pair cut in two is written as two escapes, which JSON readers join again.
      parts.push(JSON.stringify(value.slice(at, at + SLICE_CHARS)).slice(1, -1));
    }
    parts.push('"', rest[i]);
  }
  return parts.join("");
}

// A request answered ahead resolves at once, with that answer: the page shows it in the same
// task as the keystroke that asked. `lane`: "calc" (the calculators) or "event" (a whole file,
// whose request is written in slices first).
export function ask(op, args = {}, { lane = "calc" } = {}) {
  if (failed) return Promise.reject(new EngineError("failed", failed));
  if (lane === "event") return requestTextInSlices(op, args).then((text) => send(text, lane));
  const text = requestText(op, args);
  const response = ahead.take(text);
  if (response !== undefined) return Promise.resolve(JSON.parse(response));
  return send(text, lane);
}

function send(text, lane) {
  if (failed) return Promise.reject(new EngineError("failed", failed));
  const first = head();
  if (first && first[1].lane === lane && lane === "event" && ready && performance.now() - first[1].sent > REPLACE_AFTER_MS) {
    restart(first[0], new EngineError("replaced", "Replaced by a newer request."));
  }
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { text, lane, resolve, reject, sent: performance.now() });
    worker.postMessage({ id, request: text });
    if (pending.size === 1) watch();
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
  startWorker();
} catch (error) {
  fail(`This browser could not start the rating engine (${error.message}). Try a current Chrome, Edge, Firefox or Safari.`);
}
