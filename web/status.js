// The status line: the engine's start and failures (contract.js, Progress and Failed; engine.js adds
// `retry` and `stuck`), a result awaiting a newer answer (Waiting), and whether inputs are kept.

import { MESSAGE } from "./contract.js";
import { setText } from "./format.js";

const $ = (id) => document.getElementById(id);
const READY = "Ready: results update as you type.";
const WAITING = "Working: the figures shown are for earlier inputs…";
// A wait shorter than this is not worth a word (most answers take milliseconds); style.css dims
// the figures after the same while.
const SAY_AFTER_MS = 400;

export function showStatus({ type, stage, detail, message, retry = false }) {
  const status = $("load-status");
  const bar = $("load-progress");
  $("load-retry").hidden = !retry;
  if (type === MESSAGE.FAILED) {
    document.body.classList.replace("engine-ready", "engine-failed") || document.body.classList.add("engine-failed");
    setText(status, message);
    bar.hidden = true;
    return;
  }
  document.body.classList.remove("engine-failed");
  bar.value = { runtime: 1, packages: 2, ready: 3 }[stage] || 0;
  setText(status, stage === "ready" ? READY : detail);
  bar.hidden = stage === "ready";
  document.body.classList.toggle("engine-ready", stage === "ready");
}

// A result that no longer matches its inputs while the newer answer is awaited: its section is
// marked busy (dimmed, with the headline bar, by style.css), and a wait that lasts is said on the
// status line. One Waiting, made by app.js.
export class Waiting {
  #section = null;
  #timer = null;

  start(section) {
    if (this.#section !== section) this.done();
    this.#section = section;
    section.setAttribute("aria-busy", "true");
    $("headline").classList.add("waiting");
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      if (document.body.classList.contains("engine-ready")) setText($("load-status"), WAITING);
    }, SAY_AFTER_MS);
  }

  // The fresh answer is shown, or there is nothing to ask.
  done() {
    clearTimeout(this.#timer);
    this.#section?.removeAttribute("aria-busy");
    this.#section = null;
    $("headline").classList.remove("waiting");
    if ($("load-status").textContent === WAITING) setText($("load-status"), READY);
  }
}

// Whether the inputs are kept for a reload: said when they cannot be, and always in an embed
// (a reader of a blog cannot tell otherwise).
export function showKeeping(keeping, { embed }) {
  const note = $("storage-note");
  note.classList.toggle("trouble", !keeping);
  setText(note, keeping ? (embed ? "Inputs here are kept while this tab is open." : "")
    : "Your inputs will not be kept on a reload: this browser refused to store them.");
  note.hidden = !note.textContent;
}
