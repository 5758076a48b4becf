// The page↔worker contract: every message between the page's engine client (engine.js) and the
// calculator's worker (worker.js) is a plain object with a `type`, one of MESSAGE's values, and
// the fields its typedef lists. Both sides import this file (the worker with the modules it
// loads as it starts); docs/architecture.md, "Page and worker", is the same table in words.

/** The worker's script, and its names: a worker's options, read by worker.js before it can import
 * anything (so it spells them too): the full page's, an embed's (keeps no snapshot for a next
 * visit) and the code-cache primer's (lifecycle.js). */
export const WORKER = Object.freeze({ script: "worker.js", page: "", embed: "embed", primer: "prime" });

export const MESSAGE = Object.freeze({
  // page → worker
  ASK: "ask",
  // worker → page
  ANSWER: "answer",
  PROGRESS: "progress",
  LOADING: "loading",
  FAILED: "failed",
  SETTLED: "settled",
});

/**
 * elo_core's answer to a request, as its JSON door gives it (elo_core.facade.handle); the worker's
 * own errors have the same shape (internalError).
 * @typedef {{ok: true, result: unknown} | {ok: false, errors: {field: string | null, message: string}[]}} EngineAnswer
 */

/**
 * page → worker: one request; answered by an Answer with the same `id`, in the order asked.
 * @typedef {object} Ask
 * @property {"ask"} type
 * @property {number} id
 * @property {string} request JSON text {"op", "args"} for elo_core.facade.handle
 * @property {true} [binary] answered by elo_core.facade.handle_binary: bytes go beside the JSON,
 *   never through it as base64 (a FIDE list's chunks, a kept list); the request's `"bytes"` names
 *   the argument `bytes` fills
 * @property {ArrayBuffer} [bytes] transferred, not copied
 */

/**
 * worker → page: the answer to the Ask with this `id`.
 * @typedef {object} Answer
 * @property {"answer"} type
 * @property {number} id
 * @property {string} response JSON text of an EngineAnswer
 * @property {ArrayBuffer | null} [bytes] a binary Ask's answer: its result's `data` (transferred)
 */

/**
 * worker → page: a step of the start. On `ready`, `version` is elo_core's and `start` how the
 * worker started ("snapshot", "direct" or "micropip").
 * @typedef {object} Progress
 * @property {"progress"} type
 * @property {"runtime" | "packages" | "ready"} stage
 * @property {string} detail a sentence for the status line
 * @property {string} [version]
 * @property {"snapshot" | "direct" | "micropip"} [start]
 */

/**
 * worker → page: bytes of the start's download are arriving (at most a few a second): the start
 * is not stuck (engine.js, STALL_MS), even between two Progress steps.
 * @typedef {{type: "loading", bytes: number}} Loading
 */

/**
 * worker → page: the start failed; no other message follows (an Ask is then answered with an
 * internal error).
 * @typedef {{type: "failed", message: string}} Failed
 */

/**
 * worker → page: the idle jobs after the start are done; `prime`: the page may start a primer for
 * the next visit (lifecycle.js).
 * @typedef {{type: "settled", prime: boolean}} Settled
 */

/** @typedef {Ask} ToWorker */
/** @typedef {Answer | Progress | Loading | Failed | Settled} ToPage */

/** The worker's answer when elo_core could not answer: an EngineAnswer, as JSON text. */
export const internalError = (message) =>
  JSON.stringify({ ok: false, errors: [{ field: null, message: `internal error: ${message}` }] });
