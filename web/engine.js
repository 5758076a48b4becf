// The page's side of the worker that runs elo_core (see worker.js for the other side).
// ask(op, args) resolves with elo_core's answer object: {ok, result} or {ok: false, errors}.

const worker = new Worker(new URL("worker.js", import.meta.url), { type: "module" });
const pending = new Map();
let nextId = 1;
let failed = null;
const listeners = [];

// Stage changes and failures reach whoever listens (the status line).
export function onStatus(listener) {
  listeners.push(listener);
}

worker.addEventListener("message", ({ data }) => {
  if (data.type === "progress" || data.type === "error") {
    if (data.type === "error") fail(data.message);
    listeners.forEach((l) => l(data));
    return;
  }
  const settle = pending.get(data.id);
  if (!settle) return;
  pending.delete(data.id);
  settle.resolve(JSON.parse(data.response));
});

worker.addEventListener("error", (event) => {
  event.preventDefault();
  const message = "The rating engine stopped unexpectedly. Reload the page to start it again; your inputs are kept in the address.";
  fail(message);
  listeners.forEach((l) => l({ type: "error", message }));
});

function fail(message) {
  failed = message;
  for (const settle of pending.values()) settle.reject(new Error(message));
  pending.clear();
}

export function ask(op, args = {}) {
  if (failed) return Promise.reject(new Error(failed));
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, request: JSON.stringify({ op, args }) });
  });
}
