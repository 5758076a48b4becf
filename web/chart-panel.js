// When the tournament tab's two charts are drawn: while the browser renders them, and as it
// starts to again (or the page is printed). Off screen, content-visibility: auto skips their
// layout and paint, and drawing them at every keystroke would still cost the main thread for
// nothing shown (docs/performance.md, "Charts when seen"). The browser says when it starts or
// stops skipping the result section, or the charts within it; after a jump (Ctrl+End), the one
// frame before it says so shows the charts without marks, never an earlier answer's. Embedded,
// the charts are not shown and not drawn; a browser without the event draws them every time.

import { drawBars, drawCurve } from "./charts.js";

const $ = (id) => document.getElementById(id);
const state = { skipped: new Set(), pending: null, curve: null, off: false };

function paint(dots, bars) {
  drawCurve($("curve"), state.curve, dots);
  drawBars($("bars"), bars);
}

function flush() {
  if (!state.pending) return;
  const { dots, bars } = state.pending;
  state.pending = null;
  paint(dots, bars);
}

// `dots`: the counted games (elo_core's per-game results); `bars`: {label, value, text} per game.
export function drawCharts(dots, bars) {
  if (state.off) return;
  if (!state.skipped.size) return paint(dots, bars);
  if (!state.pending) paint([], []); // the first one skipped: marks hidden (two attributes)
  state.pending = { dots, bars };
}

// The expected-score curve from elo_core, asked for once.
export function setCurve(curve) {
  state.curve = curve;
}

export function watchCharts({ embed }) {
  state.off = embed;
  for (const el of [$("results-tournament"), document.querySelector("#results-tournament .charts")]) {
    el.addEventListener("contentvisibilityautostatechange", (event) => {
      if (event.target !== el) return; // it bubbles: .whatif and .explain inside have their own
      state.skipped[event.skipped ? "add" : "delete"](el);
      if (!state.skipped.size) flush();
    });
  }
  addEventListener("beforeprint", flush);
}
