// Showing elo_core's answers: messages next to fields, and each calculator's results. Every
// number is elo_core's; this only formats it (format.js).

import { fixed, setText, signed } from "./format.js";

const $ = (id) => document.getElementById(id);

const ordinal = (n) => `${n}${n % 10 === 1 && n % 100 !== 11 ? "st" : n % 10 === 2 && n % 100 !== 12 ? "nd"
  : n % 10 === 3 && n % 100 !== 13 ? "rd" : "th"}`;

// The field's name as the page labels it.
function labelFor(field) {
  const game = /^(?:events\[(\d+)\]\.)?games\[(\d+)\]\.?(\w*)$/.exec(field);
  if (game) {
    return `${game[3] === "score" ? "Result" : "Opponent's rating"} (game ${Number(game[2]) + 1}` +
      `${game[1] === undefined ? "" : ` of event ${Number(game[1]) + 1}`})`;
  }
  const remaining = /^remaining\[(\d+)\]$/.exec(field);
  if (remaining) return `Remaining opponents (the ${ordinal(Number(remaining[1]) + 1)})`;
  const label = field && document.querySelector(`label[for="${CSS.escape(field)}"]`);
  return label ? label.textContent.replace(/\s*\(.*\)$/, "") : "";
}

const isLogistic = () => $("method").value === "logistic";
const places = (logistic) => (logistic ? 4 : 2);

// The page's results (one, made by app.js): `rows`, the games table (rows.js); `charts` (charts.js);
// `eventRows(i)`, the games table of a rating period's event i (period.js).
export class Results {
  #rows;
  #charts;
  #eventRows;
  // Messages next to fields: elo_core names the field at fault ("rating", "games[2].score"), and
  // each message goes next to that field, which is marked invalid until the next answer. What the
  // last answer marked: each answer clears just these, rather than looking through the whole page
  // for messages at every keystroke.
  #marked = { messages: new Set(), fields: new Set() };
  // The text field being typed in: its message waits until it is left (app.js), not shown at
  // every keystroke of a value still being written.
  #editing = null;
  // A result's figure by its test id, found once: a search of the page behind a link's 1,000 rows
  // cost a few milliseconds each time.
  #figures = new Map();

  constructor({ rows, charts, eventRows = () => null }) {
    this.#rows = rows;
    this.#charts = charts;
    this.#eventRows = eventRows;
  }

  clearMessages() {
    for (const el of this.#marked.messages) setText(el, "");
    for (const el of this.#marked.fields) el.removeAttribute("aria-invalid");
    this.#marked.messages.clear();
    this.#marked.fields.clear();
  }

  holdMessages(input) {
    this.#editing = input;
  }

  // Whether `input` was the one held (its messages are then shown at the next answer).
  releaseMessages(input) {
    if (this.#editing !== input) return false;
    this.#editing = null;
    return true;
  }

  markInvalid(input) {
    input.setAttribute("aria-invalid", "true");
    this.#marked.fields.add(input);
  }

  // Puts each message next to its field. `only` limits a request to the fields it alone owns (the
  // what-if shares rating and games with the main result); `box` and `label` send them to one place.
  showErrors(errors, { only = null, box = null, label = null } = {}) {
    for (const { field, message } of errors) {
      const name = String(field ?? "");
      if (only && !only.some((f) => name === f || name.startsWith(`${f}[`))) continue;
      const game = /^(?:events\[(\d+)\]\.)?games\[(\d+)\](?:\.(opponent|score))?$/.exec(name);
      let target = box && $(box);
      let input = null;
      if (game) {
        const rows = game[1] === undefined ? this.#rows : this.#eventRows(Number(game[1]));
        const row = rows?.row(Number(game[2]));
        if (!row) continue;
        const c = rows.cells(row);
        target = c.msg;
        input = game[3] === "score" ? c.score : c.opp;
      } else if (!target) {
        target = document.querySelector(`.msg[data-field="${CSS.escape(name)}"]`);
        input = $(name);
      }
      if (input && input === this.#editing) continue;
      target ||= $("form-msg");
      const text = `${label || labelFor(name)} ${message}`;
      setText(target, target.textContent ? `${target.textContent} ${text}` : text);
      this.#marked.messages.add(target);
      if (input) this.markInvalid(input);
    }
  }

  q(testid) {
    let el = this.#figures.get(testid);
    if (!el?.isConnected) this.#figures.set(testid, (el = document.querySelector(`[data-testid=${testid}]`)));
    return el;
  }

  dash(...targets) {
    for (const t of targets) setText(typeof t === "string" ? $(t) : t, "–");
  }

  // Showing the tournament tab's answers: the result (rate), the K advisor, the what-if and the
  // score needed.
  rate(answer) {
    const logistic = isLogistic();
    const p = places(logistic);
    // Each cell is written once, with its final text: a row left as it was is not laid out again.
    const perGame = answer.ok ? answer.result.games : [];
    this.#rows.controls().forEach((c, i) => {
      const g = perGame[i];
      setText(c.expected, g && g.counted ? fixed(g.expected, p) : "–");
      setText(c.change, !g ? "–" : g.counted ? signed(g.change, p) : "not counted");
      setText(c.note, (g && g.reason) || "");
      c.row.classList.toggle("skipped", Boolean(g && !g.counted));
    });
    if (!answer.ok) {
      this.showErrors(answer.errors);
      this.dash("above", ...["new-rating", "rating-change", "games-counted", "points-scored", "expected-score", "effective-k"].map((id) => this.q(id)));
      setText($("change-unrounded"), "");
      setText($("alternative"), answer.unanswered ? "No result: the rating engine did not answer (see the message above)."
        : "No result until every field holds a valid value.");
      setText($("formula"), "");
      $("floor-warning").hidden = true;
      this.#charts.draw([], []);
      return;
    }
    const r = answer.result;
    setText(this.q("new-rating"), logistic ? fixed(r.new_rating, 4) : String(r.new_rating));
    setText(this.q("rating-change"), logistic ? signed(r.change, 4) : signed(r.change_rounded, 0));
    setText($("change-unrounded"), logistic ? "unrounded" : `(${signed(r.change, 2)} before rounding)`);
    setText(this.q("games-counted"), String(r.games_counted));
    setText(this.q("points-scored"), String(r.score));
    setText(this.q("expected-score"), fixed(r.expected, p));
    setText($("above"), signed(r.above_expectation, p));
    setText(this.q("effective-k"), r.effective_k === r.k ? String(r.k) : `${r.effective_k} (K × ${r.games_counted} ≤ 700)`);
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
    this.#charts.draw(r.games.filter((g) => g.counted),
      r.games.map((g, i) => ({ label: String(i + 1), value: g.counted ? g.change : null, text: g.counted ? signed(g.change, p) : "–" })));
  }

  kfactor(answer) {
    const button = $("use-k");
    if (!answer.ok) {
      this.showErrors(answer.errors, { only: ["games_played", "birth_year"] });
      setText($("advice"), "");
      button.disabled = true;
      return;
    }
    setText($("advice"), answer.result.reason);
    button.disabled = false;
    button.dataset.k = String(answer.result.k);
    setText(button, `Use K = ${answer.result.k}`);
  }

  whatIf(answer) {
    const table = $("whatif-table");
    const body = table.tBodies[0];
    body.replaceChildren();
    if (!answer.ok) {
      this.showErrors(answer.errors, { only: ["opponent"], box: "next-msg", label: "Next opponent's rating" });
      if (answer.errors.some((e) => e.field === "opponent")) this.markInvalid($("next"));
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

  scoreNeeded(answer) {
    if (!answer.ok) {
      this.showErrors(answer.errors, { only: ["target", "remaining"], box: "target-msg" });
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
  clearUnasked(list) {
    if (!list.some((r) => r.op === "what_if")) $("whatif-table").hidden = true;
    if (!list.some((r) => r.op === "score_needed")) setText($("needed"), "");
  }

  // The answers of the single game, performance and first rating tabs.
  single(answer) {
    const table = $("single-table");
    const note = $("single-note");
    for (const cell of table.querySelectorAll("tbody td")) setText(cell, "–");
    note.hidden = true;
    if (!answer.ok) {
      this.showErrors(answer.errors);
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

  performance(answer) {
    if (!answer.ok) {
      this.showErrors(answer.errors);
      this.dash(this.q("performance-rating"), "perf-ra", "perf-score", "perf-dp");
      return;
    }
    const r = answer.result;
    setText(this.q("performance-rating"), String(r.performance));
    setText($("perf-ra"), String(r.average_opponent));
    setText($("perf-score"), `${r.score} / ${r.games} (p = ${fixed(r.fraction, 2)})${r.skipped ? `, ${r.skipped} unrated left out` : ""}`);
    setText($("perf-dp"), signed(r.dp, 0));
  }

  initial(answer) {
    const list = $("init-conditions");
    list.replaceChildren();
    if (!answer.ok) {
      this.showErrors(answer.errors);
      this.dash(this.q("initial-rating"), "init-published", "init-ra", "init-dp");
      return;
    }
    const r = answer.result;
    setText(this.q("initial-rating"), r.initial_rating === null ? "none" : String(r.initial_rating));
    setText($("init-published"), r.published ? "yes" : "not yet");
    setText($("init-ra"), fixed(r.average_opponent, 2));
    setText($("init-dp"), `${signed(r.dp, 0)} (p = ${fixed(r.fraction, 2)})`);
    for (const c of r.conditions) {
      const li = document.createElement("li");
      li.className = c.met ? "met" : "unmet";
      li.append(`${c.met ? "✓" : "✗"} ${c.explanation}`);
      list.append(li);
    }
  }
}

// FIDE's table 8.1.2, as elo_core gives it, in the "How this is computed" box.
export function showBands(bands) {
  const body = $("bands").tBodies[0];
  for (const b of bands) {
    const tr = body.insertRow();
    tr.insertCell().append(b.d_max === null ? `${b.d_min} and more` : `${b.d_min}–${b.d_max}`);
    tr.insertCell().append(fixed(b.pd_higher, 2));
    tr.insertCell().append(fixed(b.pd_lower, 2));
  }
}
