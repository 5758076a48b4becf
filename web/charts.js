// Two small SVG pictures: the expected-score curve with the player's games on it, and the
// change per game as bars. They only place elo_core's numbers on a grid; no rating maths.

import { setText } from "./format.js";

const NS = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);

function el(name, attrs = {}, text = null) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== null) node.textContent = text;
  return node;
}

// Frame of a chart: plot area inside the viewBox, with room for axis labels.
function frame(svg, pad = { left: 44, right: 12, top: 12, bottom: 30 }) {
  const [, , width, height] = svg.getAttribute("viewBox").split(" ").map(Number);
  svg.replaceChildren();
  return { left: pad.left, right: width - pad.right, top: pad.top, bottom: height - pad.bottom, width, height };
}

const D_RANGE = 800;

// Each chart keeps its elements from one answer to the next and rewrites only the
// attributes and texts that changed: a keystroke moves a few dots and bars instead of
// building every node again. An answer with errors hides the
// marks rather than removing them, so the usual edit (a digit deleted, then typed again)
// finds them in place. Hidden marks are never shown again without being rewritten first.

function put(node, attrs) {
  for (const [k, v] of Object.entries(attrs)) {
    const value = String(v);
    if (node.getAttribute(k) !== value) node.setAttribute(k, value);
  }
}

// `group` gets exactly `count` children, new ones made by `make`; returns them.
function pool(group, count, make) {
  while (group.childElementCount > count) group.lastElementChild.remove();
  while (group.childElementCount < count) group.append(make());
  return group.children;
}

const show = (group, visible) => put(group, { display: visible ? "inline" : "none" });

const withTitle = (name, attrs = {}) => {
  const node = el(name, attrs);
  node.append(el("title"));
  return node;
};

// Each result has its own shape as well as its colour: a win is a triangle, a draw a circle, a
// loss a square. Beyond the axis (|difference| > 800) a mark sits at the edge, hollow.
const RESULT = { 1: ["won", (x, y, r) => `M${x},${y - r}L${x + r},${y + r * 0.8}L${x - r},${y + r * 0.8}Z`],
  0.5: ["drawn", (x, y, r) => `M${x - r},${y}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0`],
  0: ["lost", (x, y, r) => `M${x - r * 0.8},${y - r * 0.8}h${1.6 * r}v${1.6 * r}h${-1.6 * r}Z`] };

// The grid and both curves are drawn once; each update moves only the marks.
export function drawCurve(svg, curve, games) {
  if (svg.dataset.drawn !== String(Boolean(curve))) drawCurveBase(svg, curve);
  const f = svg.__frame;
  const group = svg.__dots;
  show(group, games.length > 0);
  if (!games.length) return;
  const r = games.length > 12 ? 5.5 : 8; // many games: smaller marks, which overlap less
  const dots = pool(group, games.length, () => withTitle("path"));
  games.forEach((g, i) => {
    const [word, shape] = RESULT[g.score] ?? RESULT[0.5];
    const beyond = Math.abs(g.difference_used) > D_RANGE;
    put(dots[i], { d: shape(f.x(g.difference_used), f.y(g.expected), r),
      class: `dot score-${String(g.score).replace(".", "")}${beyond ? " beyond" : ""}` });
    setText(dots[i].firstChild, `vs ${g.opponent}: ${word}, difference ${g.difference_used}` +
      `${beyond ? ` (beyond the axis, shown at its edge)` : ""}, expected ${g.expected}`);
  });
}

function drawCurveBase(svg, curve) {
  const f = frame(svg);
  const x = (d) => f.left + ((Math.max(-D_RANGE, Math.min(D_RANGE, d)) + D_RANGE) / (2 * D_RANGE)) * (f.right - f.left);
  const y = (e) => f.bottom - e * (f.bottom - f.top);
  svg.__frame = { x, y };
  svg.dataset.drawn = String(Boolean(curve));
  const grid = el("g", { class: "grid" });
  for (const d of [-800, -400, 0, 400, 800]) {
    grid.append(el("line", { x1: x(d), x2: x(d), y1: f.top, y2: f.bottom }));
    const anchor = d === -800 ? "start" : d === 800 ? "end" : "middle"; // keep the edge labels inside
    grid.append(el("text", { x: x(d), y: f.height - 10, "text-anchor": anchor }, d > 0 ? `+${d}` : String(d)));
  }
  for (const e of [0, 0.5, 1]) {
    grid.append(el("line", { x1: f.left, x2: f.right, y1: y(e), y2: y(e) }));
    grid.append(el("text", { x: f.left - 6, y: y(e) + 4, "text-anchor": "end" }, e.toFixed(1)));
  }
  svg.append(grid);
  if (curve) {
    // FIDE: a step function, held flat until the next band starts.
    const steps = curve.fide.map(([d, e], i) => {
      const prev = i ? curve.fide[i - 1][1] : e;
      return `${i ? "L" : "M"}${x(d)},${y(prev)} L${x(d)},${y(e)}`;
    }).join(" ");
    const smooth = curve.logistic.map(([d, e], i) => `${i ? "L" : "M"}${x(d)},${y(e)}`).join(" ");
    svg.append(el("path", { d: smooth, class: "logistic-line" }));
    svg.append(el("path", { d: steps, class: "fide-line" }));
    // A legend inside the picture, so that a print or a screenshot still tells the lines apart.
    const legend = el("g", { class: "legend" });
    [["fide-line", "FIDE table 8.1.2 (steps)"], ["logistic-line", "logistic formula (dashed)"]].forEach(([cls, label], i) => {
      const ly = f.top + 10 + i * 18;
      legend.append(el("path", { d: `M${f.left + 10},${ly} h28`, class: cls }));
      legend.append(el("text", { x: f.left + 44, y: ly + 4 }, label));
    });
    svg.append(legend);
  }
  svg.__dots = svg.appendChild(el("g", { class: "dots" }));
}

const BARS_PAD = { left: 44, right: 12, top: 16, bottom: 24 };

// The axis is drawn once; each update resizes the bars (the scale follows the largest change).
export function drawBars(svg, bars) {
  if (!svg.__bars) {
    const f = frame(svg, BARS_PAD);
    const mid = (f.top + f.bottom) / 2;
    svg.append(el("line", { x1: f.left, x2: f.right, y1: mid, y2: mid, class: "axis" }));
    // The scale's numbers are set in the values' size (style.css): "0", drawn now, lays out that size.
    svg.append(el("text", { x: f.left - 6, y: mid + 4, "text-anchor": "end", class: "scale" }, "0"));
    const ticks = svg.appendChild(el("g", { class: "grid" }));
    for (const at of [f.top, f.bottom]) {
      ticks.append(el("line", { x1: f.left, x2: f.right, y1: at, y2: at }));
      ticks.append(el("text", { x: f.left - 6, y: at + 4, "text-anchor": "end", class: "scale" }));
    }
    svg.__bars = { f, mid, ticks, rects: svg.appendChild(el("g")), labels: svg.appendChild(el("g")),
      values: svg.appendChild(el("g", { class: "values" })) };
  }
  const { f, mid, ticks, rects, labels, values: valueTexts } = svg.__bars;
  show(rects, bars.length > 0);
  show(labels, bars.length > 0);
  show(valueTexts, bars.length > 0);
  show(ticks, bars.length > 0);
  if (!bars.length) return;
  const values = bars.map((b) => b.value).filter((v) => v !== null);
  const top = Math.max(1, ...values.map(Math.abs));
  // The scale: the largest change, as elo_core gave it, at the top and bottom lines.
  const largest = bars.find((b) => b.value !== null && Math.abs(b.value) === top);
  const scaleText = largest ? largest.text.replace(/^[+-]/, "") : "1";
  const [up, down] = ticks.querySelectorAll("text");
  setText(up, `+${scaleText}`);
  setText(down, `-${scaleText}`);
  const scale = (f.bottom - f.top) / 2 / top;
  const slot = (f.right - f.left) / bars.length;
  const width = Math.max(2, Math.min(40, slot * 0.7));
  const center = (i) => f.left + slot * (i + 0.5);
  const counted = bars.map((b, i) => [b, i]).filter(([b]) => b.value !== null);
  const shapes = pool(rects, counted.length, () => withTitle("rect"));
  counted.forEach(([b, i], n) => {
    const h = Math.abs(b.value) * scale;
    put(shapes[n], { x: center(i) - width / 2, width, y: b.value >= 0 ? mid - h : mid, height: Math.max(1, h),
      class: b.value >= 0 ? "gain" : "loss" });
    setText(shapes[n].firstChild, `game ${b.label}: ${b.text}`);
  });
  // Each bar's value beside it, while there is room for the text.
  const written = pool(valueTexts, counted.length <= 16 ? counted.length : 0, () => el("text", { "text-anchor": "middle" }));
  [...written].forEach((t, n) => {
    const [b, i] = counted[n];
    const h = Math.abs(b.value) * scale;
    put(t, { x: center(i), y: b.value >= 0 ? mid - h - 4 : mid + h + 13 });
    setText(t, b.text);
  });
  const texts = pool(labels, bars.length <= 40 ? bars.length : 0, () => el("text", { "text-anchor": "middle", class: "grid-label" }));
  [...texts].forEach((t, i) => {
    put(t, { x: center(i), y: f.height - 6 });
    setText(t, bars[i].label);
  });
}

// ---- when the charts are drawn ----

// When the tournament tab's two charts are drawn: while the browser renders them, and as it
// starts to again (or the page is printed). Off screen, content-visibility: auto skips their
// layout and paint, and drawing them at every keystroke would still cost the main thread for
// nothing shown (docs/performance.md, "Charts when seen"). The browser says when it starts or
// stops skipping the result section, or the charts within it; after a jump (Ctrl+End), the one
// frame before it says so shows the charts without marks, never an earlier answer's. Embedded,
// the charts are not shown and not drawn; a browser without the event draws them every time.
// One Charts, made by app.js.
export class Charts {
  #skipped = new Set();
  #pending = null;
  #curve = null;
  #off = false;

  // `dots`: the counted games (elo_core's per-game results); `bars`: {label, value, text} per game.
  draw(dots, bars) {
    if (this.#off) return;
    if (!this.#skipped.size) return this.#paint(dots, bars);
    if (!this.#pending) this.#paint([], []); // the first one skipped: marks hidden (two attributes)
    this.#pending = { dots, bars };
  }

  // The expected-score curve from elo_core, asked for once.
  setCurve(curve) {
    this.#curve = curve;
  }

  watch({ embed }) {
    this.#off = embed;
    // The frames (axes and their labels) are drawn before the first paint, with a text in each
    // size the charts use: the first text at a size is slow to lay out while the worker's start
    // keeps the browser busy, and in the frame of the first result it was a long task
    // (docs/performance.md, "Chart frames before the first paint").
    if (!embed) this.#paint([], []);
    for (const el of [$("results-tournament"), document.querySelector("#results-tournament .charts")]) {
      el.addEventListener("contentvisibilityautostatechange", (event) => {
        if (event.target !== el) return; // it bubbles: .whatif and .explain inside have their own
        this.#skipped[event.skipped ? "add" : "delete"](el);
        if (!this.#skipped.size) this.#flush();
      });
    }
    addEventListener("beforeprint", () => this.#flush());
  }

  #paint(dots, bars) {
    drawCurve($("curve"), this.#curve, dots);
    drawBars($("bars"), bars);
  }

  #flush() {
    if (!this.#pending) return;
    const { dots, bars } = this.#pending;
    this.#pending = null;
    this.#paint(dots, bars);
  }
}
