// The headline: each tab's main figures, copied from its result section (already formatted from
// elo_core's numbers) into a bar that stays in view on a narrow screen, and announced once per
// settled result: not at every keystroke, only once the answers have stopped changing.

import { setText } from "./format.js";

const $ = (id) => document.getElementById(id);
const SETTLE_MS = 800; // an answer that stands this long is the one read out
const text = (el) => el.textContent.trim();
const single = (col) => document.querySelector(`#single-table tr[data-side=player] td:nth-child(${col})`);

// For each tab (and a national system's results: app.js, view): [label, figure] pairs for the bar, and the sentence read out.
const headlines = (q) => ({
  tournament: () => [[["New rating", text(q("new-rating"))], ["Change", text(q("rating-change"))]],
    `New rating ${text(q("new-rating"))}, change ${text(q("rating-change"))}.`],
  single: () => {
    const [win, draw, loss] = [5, 6, 7].map((col) => text(single(col)));
    return [[["Win", win], ["Draw", draw], ["Loss", loss]], `If you win ${win}, draw ${draw}, lose ${loss}.`];
  },
  performance: () => [[["Performance", text(q("performance-rating"))]], `Performance rating ${text(q("performance-rating"))}.`],
  initial: () => [[["First rating", text(q("initial-rating"))], ["Published", text($("init-published"))]],
    `First rating ${text(q("initial-rating"))}, published: ${text($("init-published"))}.`],
  lichess: () => {
    const [win, draw, loss] = ["win", "draw", "loss"].map((o) => text(q(`lichess-${o}`)));
    return [[["Win", win], ["Draw", draw], ["Loss", loss]], `On lichess: if you win ${win}, draw ${draw}, lose ${loss}.`];
  },
  event: () => [[["Event", text(q("event-summary"))]], text(q("event-summary"))],
  national: () => [[["New rating", text(q("national-new"))], ["Change", text(q("national-change"))]],
    `${text($("national-title"))} ${text(q("national-new"))}, change ${text(q("national-change"))}.`],
  "national-event": () => [[["Event", text(q("national-event-summary"))]], text(q("national-event-summary"))],
});

// The bar (one Headline, made by app.js); `q(testid)`: a result's figure (render.js, Results).
export class Headline {
  #headlines;
  #timer = null;
  #said = "";

  constructor(q) {
    this.#headlines = headlines(q);
  }

  // Rewrites the bar for `tab` from what its section now shows, and reads it out once it settles.
  show(tab) {
    const [pairs, sentence] = this.#headlines[tab]();
    const bar = $("headline");
    const parts = pairs.map(([label, figure]) => {
      const part = document.createElement("span");
      const name = document.createElement("small");
      name.textContent = label;
      const value = document.createElement("span");
      value.className = "figure";
      value.textContent = figure || "–";
      part.append(name, " ", value);
      return part;
    });
    if (bar.textContent !== parts.map((p) => p.textContent).join("")) bar.replaceChildren(...parts);
    const said = pairs.every(([, figure]) => figure === "–" || !figure) && !tab.endsWith("event")
      ? "No result yet: see the marked fields." : sentence;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      if (said !== this.#said) setText($("live"), (this.#said = said));
    }, SETTLE_MS);
  }
}

// The bar steps aside while the tab's own figures are wholly on screen (a block half in view
// may hide the very figure the bar shows).
export function watchHeadline() {
  if (!("IntersectionObserver" in window)) return;
  const seen = new Set();
  const observer = new IntersectionObserver((entries) => {
    for (const e of entries) seen[e.intersectionRatio > 0.99 ? "add" : "delete"](e.target);
    $("headline").classList.toggle("seen", [...seen].some((el) => !el.closest("[hidden]")));
  }, { threshold: [0, 0.5, 1] });
  for (const el of document.querySelectorAll("[data-headline]")) observer.observe(el);
}
