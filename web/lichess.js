// The lichess tab: what a win, a draw and a loss would do to a lichess rating, as elo_core's
// lichess module computes it (Glicko-2 with lichess's settings), and those settings with their
// sources. Every number is elo_core's; this only shows it.

import { fixed, setText, signed } from "./format.js";

const $ = (id) => document.getElementById(id);
const q = (testid) => document.querySelector(`[data-testid=${testid}]`);

// elo_core's field names for this request, as the tab's inputs are named.
const FIELD = { rating: "lichess_rating", deviation: "lichess_deviation", volatility: "lichess_volatility" };

function onPage({ field, message }) {
  if (field === "opponent") {
    const [, part, rest] = /^(rating|deviation) (.*)$/.exec(message) ?? [null, "rating", message];
    return { field: part === "deviation" ? "lichess_opponent_deviation" : "lichess_opponent", message: rest };
  }
  return { field: FIELD[field] ?? field, message };
}

const shownRating = (x) => `${x.display} (${x.change >= 0 ? "+" : ""}${x.change})`;

// `results`: where messages go (render.js, Results).
export function renderLichess(answer, results) {
  const body = $("lichess-table").tBodies[0];
  body.replaceChildren();
  if (!answer.ok) {
    results.showErrors(answer.errors.map(onPage));
    for (const id of ["lichess-win", "lichess-draw", "lichess-loss"]) setText(q(id), "–");
    setText(q("lichess-before"), "");
    return;
  }
  const r = answer.result;
  for (const [name, word] of [["win", "Win"], ["draw", "Draw"], ["loss", "Loss"]]) {
    const x = r[name];
    setText(q(`lichess-${name}`), shownRating(x));
    const tr = body.insertRow();
    [word, x.display, signed(x.change, 0), signed(x.change_exact, 2), fixed(x.deviation, 1)].forEach((text, i) => {
      const cell = i ? tr.insertCell() : Object.assign(document.createElement("th"), { scope: "row" });
      if (!i) tr.append(cell);
      cell.dataset.label = ["Result", "New rating", "Change", "Exact", "Deviation"][i];
      cell.textContent = text;
    });
  }
  const b = r.before;
  setText(q("lichess-before"), `Before the game: ${b.display}, deviation ${fixed(b.deviation, 1)}` +
    `${b.provisional ? " (provisional: 110 or more)" : ""}; opponent ${r.opponent.display}, deviation ` +
    `${fixed(r.opponent.deviation, 1)}.`);
}

// lichess's settings and where each comes from, asked for once (later calls do nothing).
export async function fillLichessSettings(ask) {
  const table = $("lichess-settings");
  if (table.dataset.asked) return;
  table.dataset.asked = "true";
  const answer = await ask("lichess_settings");
  const body = table.tBodies[0];
  for (const s of answer.result) {
    const tr = body.insertRow();
    const value = typeof s.value === "object" && s.value ? Object.entries(s.value).map(([k, v]) => `${k} ${v}`).join(", ")
      : String(s.value);
    tr.insertCell().append(s.name.replace(/_/g, " "));
    tr.insertCell().append(value);
    tr.insertCell().append(`${s.source}${s.note ? ` (${s.note})` : ""}${s.confirmed ? "" : " — not confirmed in lichess's code"}`);
  }
}
