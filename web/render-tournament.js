// Showing the tournament tab's answers: the result (rate), the K advisor, the what-if and the
// score needed. Every number is elo_core's; this only formats it (format.js).

import { drawCharts } from "./chart-panel.js";
import { fixed, setText, signed } from "./format.js";
import { markInvalid, showErrors } from "./messages.js";
import { gameControls } from "./rows.js";
import { announce } from "./status.js";

const $ = (id) => document.getElementById(id);
const q = (testid) => document.querySelector(`[data-testid=${testid}]`);
const isLogistic = () => $("method").value === "logistic";
const places = (logistic) => (logistic ? 4 : 2);

export function dash(...targets) {
  for (const t of targets) setText(typeof t === "string" ? $(t) : t, "–");
}

export function renderRate(answer) {
  const logistic = isLogistic();
  const p = places(logistic);
  // Each cell is written once, with its final text: a row left as it was is not laid out again.
  const perGame = answer.ok ? answer.result.games : [];
  gameControls().forEach((c, i) => {
    const g = perGame[i];
    setText(c.expected, g && g.counted ? fixed(g.expected, p) : "–");
    setText(c.change, !g ? "–" : g.counted ? signed(g.change, p) : "not counted");
    setText(c.note, (g && g.reason) || "");
    c.row.classList.toggle("skipped", Boolean(g && !g.counted));
  });
  if (!answer.ok) {
    showErrors(answer.errors);
    dash("above", ...["new-rating", "rating-change", "games-counted", "points-scored", "expected-score", "effective-k"].map(q));
    setText($("change-unrounded"), "");
    setText($("alternative"), "Fix the marked fields to see the result.");
    setText($("formula"), "");
    $("floor-warning").hidden = true;
    drawCharts([], []);
    return;
  }
  const r = answer.result;
  setText(q("new-rating"), logistic ? fixed(r.new_rating, 4) : String(r.new_rating));
  setText(q("rating-change"), logistic ? signed(r.change, 4) : signed(r.change_rounded, 0));
  setText($("change-unrounded"), logistic ? "unrounded" : `(${signed(r.change, 2)} before rounding)`);
  setText(q("games-counted"), String(r.games_counted));
  setText(q("points-scored"), String(r.score));
  setText(q("expected-score"), fixed(r.expected, p));
  setText($("above"), signed(r.above_expectation, p));
  setText(q("effective-k"), r.effective_k === r.k ? String(r.k) : `${r.effective_k} (K × ${r.games_counted} ≤ 700)`);
  setText($("formula"), logistic
    ? `Change = K × (scored − expected) = ${r.effective_k} × (${r.score} − ${fixed(r.expected, 4)}) = ${signed(r.change, 4)}, kept unrounded.`
    : `Change = K × (scored − expected) = ${r.effective_k} × (${r.score} − ${fixed(r.expected, 2)}) = ` +
      `${signed(r.change, 2)}, rounded to ${signed(r.change_rounded, 0)} (0.5 away from zero, FIDE 8.3.4).`);
  $("floor-warning").hidden = !r.below_floor;
  setText($("floor-warning"), r.floor_note || "");
  const alt = r.alternative;
  setText($("alternative"), alt.method === "logistic"
    ? `Classic logistic formula, K ${alt.effective_k}: expected ${fixed(alt.expected, 4)}, change ${signed(alt.change, 4)}, new rating ${fixed(alt.new_rating, 4)}.`
    : `FIDE table 8.1.2 (official), K ${alt.effective_k}: expected ${fixed(alt.expected, 2)}, change ${signed(alt.change_rounded, 0)}, new rating ${alt.new_rating}.`);
  drawCharts(r.games.filter((g) => g.counted),
    r.games.map((g, i) => ({ label: String(i + 1), value: g.counted ? g.change : null, text: g.counted ? signed(g.change, p) : "–" })));
  announce(`New rating ${q("new-rating").textContent}, change ${q("rating-change").textContent}.`);
}

export function renderKfactor(answer) {
  const button = $("use-k");
  if (!answer.ok) {
    showErrors(answer.errors, { only: ["games_played", "birth_year"] });
    setText($("advice"), "");
    button.disabled = true;
    return;
  }
  setText($("advice"), answer.result.reason);
  button.disabled = false;
  button.dataset.k = String(answer.result.k);
  setText(button, `Use K = ${answer.result.k}`);
}

export function renderWhatIf(answer) {
  const table = $("whatif-table");
  const body = table.tBodies[0];
  body.replaceChildren();
  if (!answer.ok) {
    showErrors(answer.errors, { only: ["opponent"], box: "next-msg", label: "Next opponent's rating" });
    if (answer.errors.some((e) => e.field === "opponent")) markInvalid($("next"));
    table.hidden = true;
    return;
  }
  const logistic = isLogistic();
  for (const [name, label] of [["win", "win"], ["draw", "draw"], ["loss", "lose"]]) {
    const r = answer.result[name];
    const tr = body.insertRow();
    tr.insertCell().append(label);
    tr.insertCell().append(logistic ? signed(r.change, 4) : signed(r.change_rounded, 0));
    tr.insertCell().append(logistic ? fixed(r.new_rating, 4) : String(r.new_rating));
  }
  table.hidden = false;
}

export function renderScoreNeeded(answer) {
  if (!answer.ok) {
    showErrors(answer.errors, { only: ["target", "remaining"], box: "target-msg", label: "Target and remaining opponents:" });
    setText($("needed"), "");
    return;
  }
  const r = answer.result;
  setText($("needed"), r.points === null
    ? `${r.target} cannot be reached in these ${r.of} game(s), even with a full score.`
    : r.already ? `${r.target} is reached whatever happens in these games.`
    : `You need ${r.points} of ${r.of} points to reach ${r.target} (new rating ${isLogistic() ? fixed(r.result.new_rating, 4) : r.result.new_rating}).`);
}

// A tournament-tab part not asked for this time must not linger from an earlier answer.
export function clearUnasked(list) {
  if (!list.some((r) => r.op === "what_if")) $("whatif-table").hidden = true;
  if (!list.some((r) => r.op === "score_needed")) setText($("needed"), "");
}
