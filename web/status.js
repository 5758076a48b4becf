// The status line: the engine's start and failures (contract.js, Progress and Failed).

import { MESSAGE } from "./contract.js";
import { setText } from "./format.js";

const $ = (id) => document.getElementById(id);

export function showStatus({ type, stage, detail, message }) {
  const status = $("load-status");
  const bar = $("load-progress");
  if (type === MESSAGE.FAILED) {
    document.body.classList.replace("engine-ready", "engine-failed") || document.body.classList.add("engine-failed");
    setText(status, message);
    bar.hidden = true;
    return;
  }
  bar.value = { runtime: 1, packages: 2, ready: 3 }[stage] || 0;
  setText(status, stage === "ready" ? "Ready: results update as you type." : detail);
  bar.hidden = stage === "ready";
  document.body.classList.toggle("engine-ready", stage === "ready");
}
