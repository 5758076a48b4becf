// A rating period's requests and answers (issue 51): with two or more events the Tournament tab
// asks elo_core's `period` rather than `rate`, and shows its answer: the list's totals, each
// event's FIDE columns, the other lists (rapid, blitz), and why a figure may change (K x n <= 700,
// the one rounding, a corrected Ro). Every number is elo_core's; this only formats it.

import { fixed, setText, shown, signed } from "./format.js";

const $ = (id) => document.getElementById(id);
const TOTALS = ["new-rating", "rating-change", "games-counted", "points-scored", "expected-score", "effective-k"];
const OUTCOMES = [["win", "1", "win"], ["draw", "0.5", "draw"], ["loss", "0", "lose"]];

// "2025-12" as "December 2025" (a date's name, not a rating figure).
export const monthName = (month) => new Date(`${month}-01T00:00:00Z`)
  .toLocaleString("en", { month: "long", year: "numeric", timeZone: "UTC" });

// The period's request: elo_core's period file as the form holds it (docs/cli.md, "period").
// The games still to play and the next opponent go to the last event.
export function periodArgs(state, { next = null, target = false } = {}) {
  const { events, lists } = state.period;
  const last = events.length - 1;
  const args = { rating: state.rating, k: state.k, kind: events[0].kind, ...lists,
    events: events.map(({ games, ...e }, i) => ({ ...e,
      games: next && i === last ? [...games, next] : games,
      ...(target && i === last ? { remaining: state.remaining } : {}) })) };
  if (target) args.target = state.target;
  return args;
}

// What the Tournament tab asks with two or more events. `view` names who shows each answer (the
// door ignores it); the what-if is the period with the next game added, once per outcome.
export function periodRequests(state, advisor) {
  const list = [{ op: "period", view: "period", args: periodArgs(state) }];
  if (state.advisor.open) list.push(advisor);
  const next = state.next.trim();
  for (const [outcome, score] of next ? OUTCOMES : []) {
    list.push({ op: "period", view: "period_what_if", outcome, args: periodArgs(state, { next: { opponent: next, score } }) });
  }
  if (state.target.trim() || state.remaining.trim()) {
    list.push({ op: "period", view: "period_needed", args: periodArgs(state, { target: true }) });
  }
  return list;
}

// The period's result (one, made by app.js): `results` (render.js), `period` (period.js).
export class PeriodView {
  #results;
  #period;
  #box;

  constructor({ results, period }) {
    this.#results = results;
    this.#period = period;
    this.#box = Object.assign(document.createElement("div"), { id: "period-result", className: "period-result" });
    this.#box.dataset.testid = "period-result";
    $("formula").after(this.#box);
  }

  render(answer) {
    const events = this.#period.events();
    if (!answer.ok) {
      // The period's kind is event 1's; a fault of the events as a whole has no field of its own.
      const errors = answer.errors.map((e) => (e.field === "kind" ? { ...e, field: "events[0].kind" } : e));
      this.#results.showErrors(errors.filter((e) => e.field !== "events"));
      this.#results.showErrors(errors.filter((e) => e.field === "events"), { label: "The events" });
      this.#results.dash("above", ...TOTALS.map((id) => this.#results.q(id)));
      setText($("change-unrounded"), "");
      setText($("formula"), "");
      $("floor-warning").hidden = true;
      this.#box.replaceChildren(line(answer.unanswered ? "No result: the rating engine did not answer (see the message above)."
        : "No result until every field holds a valid value."));
      events.forEach((e) => this.#event(e, null));
      return;
    }
    const r = answer.result;
    const q = (id) => this.#results.q(id);
    setText(q("new-rating"), String(r.new_rating));
    setText(q("rating-change"), signed(r.change_rounded, 0));
    setText($("change-unrounded"), `(${signed(r.change, 2)} before rounding)`);
    setText(q("games-counted"), String(r.n));
    setText(q("points-scored"), String(r.w));
    setText(q("expected-score"), fixed(r.expected, 2));
    setText($("above"), signed(r.chg, 2));
    setText(q("effective-k"), r.k === r.base_k ? String(r.k) : `${r.k} (K × ${r.n} ≤ 700)`);
    setText($("formula"), `Change = the sum of each event's K × chg = ${signed(r.change, 2)}, rounded once for the ` +
      `period to ${signed(r.change_rounded, 0)} (0.5 away from zero, FIDE 8.3.4).`);
    $("floor-warning").hidden = !r.below_floor;
    setText($("floor-warning"), r.notes.find(isFloor) ?? "");
    setText($("alternative"), "");
    // Each of the page's events in its list's answer, in the order given (elo_core keeps it).
    const lists = [r, ...r.other_lists];
    const seen = {};
    events.forEach((e) => {
      const kind = e.inputs.kind.value;
      seen[kind] = (seen[kind] ?? -1) + 1;
      this.#event(e, lists.find((l) => l.kind === kind)?.events[seen[kind]] ?? null);
    });
    this.#box.replaceChildren(...this.#summary(r));
  }

  #summary(r) {
    const parts = [];
    // Kinds are lists of their own: each named when there are two or more.
    const month = r.list_month ? `On the list of ${monthName(r.list_month)}` : "On the next list";
    const kind = (l, more = "") => (r.other_lists.length ? ` (${l.kind}${more})` : "");
    parts.push(line(`${month}${kind(r)}: ${r.new_rating}${r.below_floor ? " (below the floor: listed as unrated)" : ""}.`,
      "list-month"));
    const notes = [...r.notes.filter((n) => !isFloor(n)), ...r.period_notes];
    // The method choice is hidden with the rules date: say so if it was not FIDE's.
    if ($("method").value !== "fide") notes.push("A rating period is rated with FIDE's table 8.1.2, as FIDE rates it: the logistic formula applies to one tournament only.");
    if (notes.length) parts.push(list(notes, "period-notes"));
    for (const l of r.other_lists) {
      parts.push(line(`${month}${kind(l, ", a list of its own")}: ${l.new_rating}${l.below_floor ? " (below the floor: " +
        "listed as unrated)" : ""}, from ${l.rating}, change ${signed(l.change_rounded, 0)} (${signed(l.change, 2)} before ` +
        `rounding), K ${l.k}` +
        `${l.k === l.base_k ? "" : ` (K × ${l.n} ≤ 700)`}, ${l.n} game${l.n === 1 ? "" : "s"}.`, `other-list-${l.kind}`));
      if (l.notes.length) parts.push(list(l.notes));
    }
    parts.push(line("Why a figure can differ from FIDE's once the list is out: FIDE may have rated an event from a " +
      "corrected Ro (a rating corrected after the list, or the list in force when the event started). Type the Ro " +
      "FIDE shows in that event's field “Ro”.", "why-differ"));
    return parts;
  }

  // One event's columns, summary, notes and game cells; `e` null: no answer.
  #event(box, e) {
    for (const [key, cell] of Object.entries(box.cells)) {
      const v = e?.[key];
      setText(cell, v === null || v === undefined ? "–" : key === "chg" || key === "k_chg" ? signed(v, 2) : String(v));
    }
    const i = box.inputs;
    const dates = i.end.value ? `${i.start.value} to ${i.end.value}` : i.start.value;
    setText(box.summary, [shown(i.name.value.trim()), dates, i.kind.value,
      e ? `${e.n} game${e.n === 1 ? "" : "s"}, K × chg ${signed(e.k_chg, 2)}` : ""].filter(Boolean).join(" · "));
    setText(box.notes, e ? e.notes.join(" ") : "");
    const games = e?.games ?? [];
    box.rows.controls().forEach((c, j) => {
      const g = games[j];
      setText(c.expected, g && g.counted ? fixed(g.pd, 2) : "–");
      setText(c.change, !g ? "–" : g.counted ? signed(g.k_chg, 2) : "not counted");
      setText(c.note, (g && g.reason) || "");
      c.row.classList.toggle("skipped", Boolean(g && !g.counted));
    });
  }

  // One outcome of the next game (its request's `outcome`): the period's change and new rating.
  whatIf(answer, req) {
    const table = $("whatif-table");
    const body = table.tBodies[0];
    if (req.outcome === "win") body.replaceChildren();
    if (!answer.ok) {
      const own = answer.errors.filter((e) => /^events\[\d+\]\.games\[\d+\]/.test(e.field ?? "") &&
        !this.#period.rowsOf(Number(/\d+/.exec(e.field)[0]))?.row(Number(/games\[(\d+)\]/.exec(e.field)[1])));
      this.#results.showErrors(own.map((e) => ({ ...e, field: "opponent" })), { box: "next-msg", label: "Next opponent's rating" });
      if (own.length) this.#results.markInvalid($("next"));
      table.hidden = true;
      return;
    }
    const label = OUTCOMES.find(([o]) => o === req.outcome)[2];
    const tr = body.insertRow();
    tr.insertCell().append(label);
    tr.insertCell().append(signed(answer.result.change_rounded, 0));
    tr.insertCell().append(String(answer.result.new_rating));
    table.hidden = req.outcome !== "loss" && body.rows.length < 3 ? table.hidden : false;
  }

  // The score needed across the period, in the games still to play (the last event's).
  needed(answer) {
    if (!answer.ok) {
      const errors = answer.errors.map((e) => ({ ...e, field: (e.field ?? "").replace(/^events\[\d+\]\./, "") }));
      this.#results.showErrors(errors, { only: ["target", "remaining"], box: "target-msg" });
      setText($("needed"), "");
      return;
    }
    const s = answer.result.score_needed;
    const of = (n) => `${n} game${n === 1 ? "" : "s"}`;
    setText($("needed"), !s ? "Give a target rating." : !s.of ? "Give the remaining opponents: the games still to play in the last event."
      : s.points === null ? `${s.target} cannot be reached on the list in ${of(s.of)} still to play, even with a full score.`
      : s.already ? `${s.target} is reached on the list whatever happens in these games.`
      : `You need ${s.points} of ${s.of} points to reach ${s.target} on the list (new rating ${s.new_rating}), ` +
        "with these games in the last event.");
  }
}

// The floor's note (shown as the result's warning, as for one event).
const isFloor = (note) => note.startsWith("Below ");

function line(text, testid = "") {
  const p = document.createElement("p");
  if (testid) p.dataset.testid = testid;
  p.textContent = text;
  return p;
}

function list(items, testid = "") {
  const ul = document.createElement("ul");
  if (testid) ul.dataset.testid = testid;
  for (const item of items) ul.append(Object.assign(document.createElement("li"), { textContent: item }));
  return ul;
}
