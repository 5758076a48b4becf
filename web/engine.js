// The page's client of the worker that runs elo_core (worker.js is the other side; the messages
// are contract.js's). The page's entry (app.js) makes one Engine as it starts; `ask(op, args)`
// resolves with elo_core's answer object: {ok, result} or {ok: false, errors}; it rejects with an
// EngineError.
//
// The page is never left without an engine (docs/architecture.md, "Supervision"): a request that
// outlives its time (a huge file), or a worker that crashes, gets a fresh worker, started from the
// kept snapshot; the request at fault is answered with an error saying so, the others are asked
// again. A newer request of the same lane replaces an older one still running for a while. A
// start that makes no progress for STALL_MS, or fails, says so and can be retried.

import { MESSAGE, WORKER } from "./contract.js";

// The page's CSP requires Trusted Types: script URLs must pass this policy, which only admits
// files of this site (the worker and the service worker). Made once, by the page's entry: the CSP
// refuses a second policy of this name.
export function scriptURLs() {
  const policy = globalThis.trustedTypes?.createPolicy("elo", {
    createScriptURL(url) {
      const resolved = new URL(url, import.meta.url);
      if (resolved.origin !== location.origin) throw new TypeError(`not a script of this site: ${url}`);
      return resolved.href;
    },
  });
  return (url) => (policy ? policy.createScriptURL(url) : new URL(url, import.meta.url).href);
}

// Once the engine is ready, an answer takes milliseconds, a whole event file seconds: a request
// running longer than this is stuck, or too large to finish.
export const TIME_LIMIT_MS = { calc: 20_000, event: 60_000 };
// A newer request of a lane replaces one still running after this long (cheaper than waiting).
const REPLACE_AFTER_MS = 1500;
// More restarts than this within RESTART_WINDOW_MS: the engine is broken, not busy.
const MAX_RESTARTS = 3;
const RESTART_WINDOW_MS = 60_000;
// A start with no progress (no step, no bytes of the runtime's download) for this long is stuck:
// the page says where, and offers Retry. Tests shorten it with the engine's `stallMs` option.
export const STALL_MS = 30_000;

export class EngineError extends Error {
  constructor(kind, message) {
    super(message);
    this.kind = kind; // "failed" (no engine), "too-slow" (this request was stopped), "replaced", "crashed"
  }
}

const requestText = (op, args) => JSON.stringify({ op, args });

// A string this long in a request (a whole event file) is written as JSON a slice per task:
// written at once, a 20 MB file held the page for a long task (docs/performance.md, "Large
// requests in slices").
export const SLICE_CHARS = 1 << 20;
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

// The request's text, as requestText writes it, its long strings written a slice per task.
export async function requestTextInSlices(op, args) {
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

export class Engine {
  #scriptURL;
  #name;
  #worker = null;
  #pending = new Map(); // id -> {text, lane, resolve, reject, sent}
  #listeners = { status: [], settled: [] };
  #restarts = [];
  #nextId = 1;
  #failed = null;
  #lastStatus = null;
  #ready = false;
  #settledOnce = false;
  #watchdog = null;
  #stall = { timer: null, limit: () => STALL_MS, bytes: 0, at: "" };

  // `scriptURL`: scriptURLs()'s function; `name`: the worker's options (contract.js, WORKER);
  // `start`: false to start the worker only at start() (an embed, once in view), requests waiting
  // meanwhile; `stallMs`: a function giving the start's limit on no progress (a test hook).
  constructor({ scriptURL, name = WORKER.page, start = true, stallMs = null }) {
    this.#scriptURL = scriptURL;
    this.#name = name;
    if (stallMs) this.#stall.limit = stallMs;
    if (start) this.start();
  }

  // Starts the worker, once (an engine made with start: false).
  start() {
    if (this.#worker || this.#failed) return;
    try {
      this.#startWorker();
    } catch (error) {
      this.#fail(`This browser could not start the rating engine (${error.message}). Try a current Chrome, Edge, Firefox or Safari.`);
    }
  }

  // After a failed or stuck start: a fresh worker, with a fresh count of restarts; the page asks again.
  retry() {
    this.#failed = null;
    this.#restarts = [];
    this.#worker?.terminate();
    this.#worker = null;
    this.#ready = false;
    this.#status({ type: MESSAGE.PROGRESS, stage: "runtime", detail: "Starting the rating engine again…" });
    this.start();
  }

  // Stage changes and failures reach whoever listens (the status line), also the ones before it listened.
  onStatus(listener) {
    this.#listeners.status.push(listener);
    if (this.#lastStatus) listener(this.#lastStatus);
  }

  // The first worker's work after its start is done: `{prime}` (contract.js, Settled). Marked
  // "elo:settled" (User Timing) for the tests.
  onSettled(listener) {
    this.#listeners.settled.push(listener);
  }

  // `lane`: "calc" (the calculators) or "event" (a whole file, whose request is written in slices
  // first).
  // `binary`: bytes beside the JSON (contract.js, Ask): `{into, bytes}` puts the ArrayBuffer
  // `bytes` (transferred: it is gone from the page) in argument `into`; the answer's bytes are its
  // `bytes`. A binary request is never asked again of a fresh worker (its bytes are gone).
  ask(op, args = {}, { lane = "calc", binary = null } = {}) {
    if (this.#failed) return Promise.reject(new EngineError("failed", this.#failed));
    if (binary) return this.#send(JSON.stringify({ op, args, bytes: binary.into ?? null }), lane, binary);
    if (lane === "event") return requestTextInSlices(op, args).then((text) => this.#send(text, lane));
    return this.#send(requestText(op, args), lane);
  }

  #status(data) {
    this.#lastStatus = data;
    this.#listeners.status.forEach((l) => l(data));
  }

  #fail(message, { stuck = false } = {}) {
    this.#failed = message;
    for (const p of this.#pending.values()) p.reject(new EngineError("failed", message));
    this.#pending.clear();
    clearTimeout(this.#watchdog);
    clearTimeout(this.#stall.timer);
    this.#worker?.terminate();
    this.#status({ type: MESSAGE.FAILED, message, stuck, retry: true });
  }

  // Until ready, every step or bytes received starts the limit again (STALL_MS).
  #watchStart() {
    clearTimeout(this.#stall.timer);
    if (this.#ready || this.#failed) return;
    const stall = this.#stall;
    const limit = stall.limit();
    stall.timer = setTimeout(() => {
      const received = stall.bytes ? `, ${(stall.bytes / 1e6).toLocaleString("en", { maximumFractionDigits: 1 })} MB received` : "";
      this.#fail(`The start is stuck: nothing arrived for ${Math.round(limit / 1000)} s at "${stall.at}"${received}. ` +
        "Check the connection, then retry.", { stuck: true });
    }, limit);
  }

  // The oldest request still waiting: the one the worker is on.
  #head() {
    return this.#pending.entries().next().value;
  }

  #watch() {
    clearTimeout(this.#watchdog);
    const first = this.#head();
    if (!first || !this.#ready) return;
    const [id, p] = first;
    const left = Math.max(0, p.sent + TIME_LIMIT_MS[p.lane] - performance.now());
    this.#watchdog = setTimeout(() => this.#restart(id, new EngineError("too-slow",
      `This took longer than ${TIME_LIMIT_MS[p.lane] / 1000} s, so it was stopped and the rating engine restarted.`)), left);
  }

  // A fresh worker in place of this one: `id`'s request is answered with `error`, the others asked again.
  #restart(id, error) {
    const now = performance.now();
    this.#restarts.push(now);
    while (this.#restarts[0] < now - RESTART_WINDOW_MS) this.#restarts.shift();
    const at = this.#pending.get(id);
    this.#pending.delete(id);
    at?.reject(error);
    if (this.#restarts.length > MAX_RESTARTS) {
      return this.#fail("The rating engine keeps stopping. Reload the page; your inputs are kept.");
    }
    performance.mark("elo:restarted", { detail: error.kind });
    this.#worker.terminate();
    this.#ready = false;
    this.#status({ type: MESSAGE.PROGRESS, stage: "runtime", detail: "Restarting the rating engine…" });
    this.#startWorker();
  }

  #receive = ({ data }) => {
    switch (data?.type) {
      case MESSAGE.ANSWER:
        return this.#answered(data);
      case MESSAGE.LOADING:
        this.#stall.bytes = data.bytes;
        return this.#watchStart();
      case MESSAGE.PROGRESS:
        if (data.stage === "ready") {
          this.#ready = true;
          for (const p of this.#pending.values()) p.sent = performance.now(); // their time runs from now
        }
        this.#stall.at = data.detail;
        this.#status(data);
        this.#watchStart();
        return this.#watch();
      case MESSAGE.FAILED:
        return this.#fail(data.message);
      case MESSAGE.SETTLED:
        if (this.#settledOnce) return;
        this.#settledOnce = true;
        performance.mark("elo:settled");
        return this.#listeners.settled.forEach((l) => l(data));
    }
  };

  #answered({ id, response, bytes }) {
    const p = this.#pending.get(id);
    if (!p) return;
    this.#pending.delete(id);
    for (const other of this.#pending.values()) other.sent = Math.max(other.sent, performance.now());
    this.#watch();
    const answer = JSON.parse(response);
    if (p.binary) answer.bytes = bytes ?? null;
    p.resolve(answer);
  }

  // A fresh worker; the requests waiting are asked of it.
  #startWorker() {
    Object.assign(this.#stall, { bytes: 0, at: "Loading the rating engine" });
    this.#worker = new Worker(this.#scriptURL(WORKER.script), { type: "module", name: this.#name });
    this.#watchStart();
    this.#worker.addEventListener("message", this.#receive);
    this.#worker.addEventListener("error", (event) => {
      event.preventDefault();
      const first = this.#head();
      this.#restart(first?.[0], new EngineError("crashed", "The rating engine stopped unexpectedly while answering this; it was restarted."));
    });
    for (const [id, p] of this.#pending) {
      if (p.binary) {
        this.#pending.delete(id);
        p.reject(new EngineError("crashed", "The rating engine was restarted while reading this file: open it again."));
        continue;
      }
      p.sent = performance.now();
      this.#worker.postMessage({ type: MESSAGE.ASK, id, request: p.text });
    }
  }

  #send(text, lane, binary = null) {
    if (this.#failed) return Promise.reject(new EngineError("failed", this.#failed));
    const first = this.#head();
    if (first && first[1].lane === lane && lane === "event" && this.#ready && performance.now() - first[1].sent > REPLACE_AFTER_MS) {
      this.#restart(first[0], new EngineError("replaced", "Replaced by a newer request."));
    }
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { text, lane, resolve, reject, sent: performance.now(), binary: Boolean(binary) });
      if (binary) {
        const bytes = binary.bytes ?? null;
        this.#worker?.postMessage({ type: MESSAGE.ASK, id, request: text, binary: true, bytes }, bytes ? [bytes] : []);
      } else this.#worker?.postMessage({ type: MESSAGE.ASK, id, request: text });
      if (this.#pending.size === 1) this.#watch();
    });
  }
}
