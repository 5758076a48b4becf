// Showing the answers of the single game, performance and first rating tabs (elo_core's numbers,
// formatted only).

import { fixed, setText, signed } from "./format.js";
import { showErrors } from "./messages.js";
import { dash } from "./render-tournament.js";
import { announce } from "./status.js";

const $ = (id) => document.getElementById(id);
const q = (testid) => document.querySelector(`[data-testid=${testid}]`);

export function renderSingle(answer) {
  const table = $("single-table");
  const note = $("single-note");
  for (const cell of table.querySelectorAll("tbody td")) setText(cell, "–");
  note.hidden = true;
  if (!answer.ok) {
    showErrors(answer.errors);
    return;
  }
  const r = answer.result;
  const logistic = $("method").value === "logistic";
  for (const side of ["player", "opponent"]) {
    const s = r[side];
    const row = table.querySelector(`tr[data-side=${side}]`).cells;
    setText(row[1], String(s.rating));
    setText(row[2], String(s.k));
    setText(row[3], r.rated ? fixed(s.expected, logistic ? 4 : 2) : "–");
    ["win", "draw", "loss"].forEach((o, i) => {
      const x = s.outcomes[o];
      setText(row[4 + i], !r.rated ? "not rated" : logistic ? signed(x.change, 4) : signed(x.change_rounded, 0));
    });
  }
  const notes = [r.reason, r.player.note && `You: ${r.player.note}.`, r.opponent.note && `Opponent: ${r.opponent.note}.`].filter(Boolean);
  note.hidden = !notes.length;
  setText(note, notes.join(" "));
}

export function renderPerformance(answer) {
  if (!answer.ok) {
    showErrors(answer.errors);
    dash(q("performance-rating"), "perf-ra", "perf-score", "perf-dp");
    return;
  }
  const r = answer.result;
  setText(q("performance-rating"), String(r.performance));
  setText($("perf-ra"), String(r.average_opponent));
  setText($("perf-score"), `${r.score} / ${r.games} (p = ${fixed(r.fraction, 2)})${r.skipped ? `, ${r.skipped} unrated left out` : ""}`);
  setText($("perf-dp"), signed(r.dp, 0));
  announce(`Performance rating ${r.performance}.`);
}

export function renderInitial(answer) {
  const list = $("init-conditions");
  list.replaceChildren();
  if (!answer.ok) {
    showErrors(answer.errors);
    dash(q("initial-rating"), "init-published", "init-ra", "init-dp");
    return;
  }
  const r = answer.result;
  setText(q("initial-rating"), r.initial_rating === null ? "none" : String(r.initial_rating));
  setText($("init-published"), r.published ? "yes" : "not yet");
  setText($("init-ra"), fixed(r.average_opponent, 2));
  setText($("init-dp"), `${signed(r.dp, 0)} (p = ${fixed(r.fraction, 2)})`);
  for (const c of r.conditions) {
    const li = document.createElement("li");
    li.className = c.met ? "met" : "unmet";
    li.append(`${c.met ? "✓" : "✗"} ${c.explanation}`);
    list.append(li);
  }
  announce(`First rating ${r.initial_rating ?? "none"}, ${r.published ? "published" : "not published yet"}.`);
}
