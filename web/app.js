// The page: binds the form to elo_core (through engine.js) and shows its answers.
// No rating arithmetic here: every number shown comes from elo_core; this file only
// formats it. The form is the state; the address bar mirrors it so a result can be
// shared, bookmarked and restored.

import { ask, askAhead, onSettled, onStatus, scriptURL, worthAskingAhead } from "./engine.js";
import { drawBars, drawCurve } from "./charts.js";
import { bindEvent, eventRequest, renderEvent } from "./event.js";
import { fixed, setText, signed } from "./format.js";

const $ = (id) => document.getElementById(id);
const TABS = ["tournament", "single", "performance", "initial", "event"];
const PARAMS = ["rating", "k", "method", "rules", "kind", "opponent", "opponent_k"];
const URL_VALUE_LIMIT = 2000; // longer values get a message but are not written into the address
const rows = $("game-rows");

const EMBED = new URLSearchParams(location.search).get("embed") === "1";
const HEIGHT_MESSAGE = "elo-calculator:height"; // the message shape embedders rely on: {type, height}

let tab = "tournament";
let latest = 0; // the newest request; older answers are dropped
let curve = null; // expected-score curve from elo_core, fetched once
let lastAnnounced = "";

const isLogistic = () => $("method").value === "logistic";
const places = (logistic) => (logistic ? 4 : 2);

// ---------- game rows ----------

let rowSerial = 0;

function addRow(opponent = "", score = "1") {
  const row = $("game-row").content.firstElementChild.cloneNode(true);
  // A form of its own (see index.html), kept outside the table, where a form cannot go.
  const form = document.createElement("form");
  form.id = `game-form-${++rowSerial}`;
  form.autocomplete = "off";
  $("row-forms").append(form);
  for (const control of row.querySelectorAll("input, select")) control.setAttribute("form", form.id);
  row.querySelector(".opp").value = opponent;
  const select = row.querySelector(".score");
  if (![...select.options].some((o) => o.value === score)) {
    // A score from the address written otherwise ("1.00") or wrong ("7"): shown as it is, and
    // elo_core decides (it reads "1.00" as a win, and puts a message next to the row for "7").
    select.add(new Option(score, score));
  }
  select.value = score;
  row.querySelector(".remove").addEventListener("click", () => {
    const next = row.nextElementSibling || row.previousElementSibling;
    removeRow(row);
    renumber();
    (next ? next.querySelector(".opp") : $("add-game")).focus();
    update();
  });
  // What each keystroke reads and each answer writes, found once (30 rows every time).
  row.__cells = { opp: row.querySelector(".opp"), score: select,
    expected: row.querySelector("[data-testid=game-expected]"),
    change: row.querySelector("[data-testid=game-change]"), note: row.querySelector(".note"), msg: row.querySelector(".msg") };
  rows.append(row);
  renumber();
  showForTab(row);
  return row;
}

function removeRow(row) {
  row.querySelector(".opp").form?.remove();
  row.remove();
}

function renumber() {
  [...rows.children].forEach((row, i) => {
    setText(row.querySelector(".num"), String(i + 1));
    row.querySelector(".opp").setAttribute("aria-label", `Opponent rating, game ${i + 1}`);
    row.querySelector(".score").setAttribute("aria-label", `Result, game ${i + 1}`);
    row.querySelector(".remove").setAttribute("aria-label", `Remove game ${i + 1}`);
  });
}

const games = () => [...rows.children].map(({ __cells: c }) => ({ opponent: value(c.opp), score: value(c.score) }));

// ---------- the address bar ----------

function writeUrl() {
  const p = new URLSearchParams();
  p.set("tab", tab);
  for (const name of PARAMS) p.set(name, $(name).value);
  if (refusedRules !== null) p.set("rules", refusedRules);
  p.set("games", games().map((g) => `${g.opponent}:${g.score}`).join(","));
  // A value too long for an address is left empty there (so the link asks for it again,
  // rather than silently showing the defaults), and the page says the link is incomplete.
  const tooLong = [...p].filter(([, value]) => value.length > URL_VALUE_LIMIT).map(([name]) => name);
  for (const name of tooLong) p.set(name, "");
  setText($("share-note"), tooLong.length ? `Too long for a link: ${tooLong.join(", ")}; the link leaves it out.` : "");
  const full = `${location.pathname}?${p}`;
  try {
    history.replaceState(null, "", EMBED ? `${full}&embed=1` : full);
  } catch {
    /* an address the browser refuses is not worth breaking the page for */
  }
  $("share").href = full;
  $("open-full").href = full;
  $("embed-code").value = embedCode(new URL(`${full}&embed=1`, location.href).href);
}

// The snippet a blogger pastes: the frame, and a listener that sizes it from our height message.
function embedCode(src) {
  const origin = new URL(src).origin;
  const attr = (text) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
  return `<iframe id="elo-calculator" src="${attr(src)}" title="Chess rating calculator"
  style="width:100%;max-width:48rem;border:0" height="640" loading="lazy"></iframe>
<script>
addEventListener("message", function (e) {
  if (e.origin === "${origin}" && e.data && e.data.type === "${HEIGHT_MESSAGE}")
    document.getElementById("elo-calculator").style.height = e.data.height + "px";
});
</script>`;
}

function readUrl() {
  const p = new URLSearchParams(location.search);
  for (const name of PARAMS) {
    if (!p.has(name)) continue;
    const el = $(name);
    const value = p.get(name);
    if (el.tagName === "SELECT" && ![...el.options].some((o) => o.value === value)) {
      el.add(new Option(value, value)); // shown as it is: elo_core's message says what is wrong with it
    }
    el.value = value;
    if (name === "rules" && el.value !== value) refusedRules = value;
  }
  if (p.has("games")) {
    for (const item of p.get("games").split(",").filter((s) => s.trim())) {
      const at = item.indexOf(":");
      addRow(at < 0 ? item : item.slice(0, at), at < 0 ? "" : item.slice(at + 1));
    }
  } else {
    addRow("1750", "1");
    addRow("1900", "0.5");
  }
  const wanted = p.get("tab");
  selectTab(TABS.includes(wanted) ? wanted : "tournament", false);
}

// ---------- tabs ----------

function showForTab(root = document) {
  for (const el of root.querySelectorAll("[class*='for-']")) {
    el.hidden = !el.classList.contains(`for-${tab}`);
  }
}

function selectTab(name, focus) {
  tab = name;
  document.body.dataset.tab = name;
  for (const button of document.querySelectorAll("[role=tab]")) {
    const on = button.dataset.tab === name;
    button.setAttribute("aria-selected", String(on));
    button.tabIndex = on ? 0 : -1;
    if (on && focus) button.focus();
  }
  showForTab();
}

function bindTabs() {
  const buttons = [...document.querySelectorAll("[role=tab]")];
  for (const button of buttons) {
    button.addEventListener("click", () => {
      selectTab(button.dataset.tab, false);
      update();
    });
    button.addEventListener("keydown", (event) => {
      const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
      if (!step) return;
      const next = buttons[(buttons.indexOf(button) + step + buttons.length) % buttons.length];
      selectTab(next.dataset.tab, true);
      update();
    });
  }
}

// ---------- talking to elo_core ----------

// A date input silently empties itself when given text that is not a date; a date from
// the address that it refused is kept here so elo_core can say what is wrong with it.
let refusedRules = null;

function common() {
  return { rating: value($("rating")), k: value($("k")), method: value($("method")),
           rules: refusedRules ?? $("rules").value, kind: value($("kind")) };
}

function requests() {
  const base = { ...common(), games: games() };
  const advisor = { op: "kfactor", args: { rating: value($("rating")), games_played: value($("games_played")),
    birth_year: value($("birth_year")), reached_2400: $("reached_2400").checked,
    date: $("rules").value, kind: value($("kind")) } };  // K x n <= 700 is applied by rate, on the games that count
  switch (tab) {
    case "tournament": {
      const list = [{ op: "rate", args: base }];
      if ($("advisor").open) list.push(advisor);
      if (value($("next")).trim()) list.push({ op: "what_if", args: { ...base, opponent: value($("next")) } });
      if (value($("target")).trim() || value($("remaining")).trim()) {
        list.push({ op: "score_needed", args: { ...base, target: value($("target")), remaining: value($("remaining")) } });
      }
      return list;
    }
    case "single": {
      const list = [{ op: "single", args: { ...common(), opponent: value($("opponent")), opponent_k: value($("opponent_k")) } }];
      if ($("advisor").open) list.push(advisor);
      return list;
    }
    case "event":
      return eventRequest();
    default:
      return [{ op: tab, args: { games: games() } }];
  }
}

// The address (and the share and embed links built from it) follows the inputs once typing
// pauses: writing it takes the main thread 8-13 ms here (history.replaceState), which between
// two keystrokes of someone typing (100-300 ms apart) could hold up the next answer.
let urlTimer = null;
function scheduleUrl() {
  clearTimeout(urlTimer);
  urlTimer = setTimeout(flushUrl, 400);
}

// Written at once, if due, when someone is about to use it (the links, the embed code) or
// leaves the page.
function flushUrl() {
  if (urlTimer === null) return;
  clearTimeout(urlTimer);
  urlTimer = null;
  writeUrl();
}

async function update() {
  scheduleUrl();
  const id = ++latest;
  const list = requests();
  if (tab === "tournament") {
    // What is not asked for this time must not linger from an earlier answer.
    if (!list.some((r) => r.op === "what_if")) $("whatif-table").hidden = true;
    if (!list.some((r) => r.op === "score_needed")) setText($("needed"), "");
  }
  if (!list.length) return;
  scheduleAhead();
  let answer;
  try {
    answer = await ask("batch", { requests: list }); // answered ahead: shown in this very task
  } catch (error) {
    return; // the status line already says what failed; the inputs stay as they are
  }
  if (id !== latest) return;
  // A batch refused whole (a request far too large): each part of the page shows that it has
  // no answer, rather than keeping the figures of an earlier one.
  const answers = answer.ok ? answer.result : list.map(() => ({ ok: false, errors: answer.errors ?? [] }));
  clearMessages();
  list.forEach((req, i) => RENDER[req.op](answers[i]));
}

// ---------- answers ahead ----------

// While someone edits a text field, the worker answers what the next keystroke there may
// ask (the selection or the character before or after the caret deleted, or a digit typed
// at the caret: up to 12 requests, each about as much Python as the keystroke's own; for a
// list, such as a game's result, each of its other choices), and
// engine.js keeps those answers, so that keystroke is answered in its own task, without a
// round trip to the worker (whose Python, on a first visit, waits for a core while V8
// optimises it). Each is elo_core's answer to the very request the keystroke makes; any
// other keystroke is asked as usual. The requests are made by requests() itself, with the
// field's value replaced for the moment (`edited`).
const AHEAD_KEYS = "0123456789";
const AHEAD_MAX_FIELD_CHARS = 32; // a longer value is not being typed digit by digit (a paste, say)
let edited = null; // {input, value}: the value requests() reads for that input instead of its own
const value = (input) => (edited && input === edited.input ? edited.value : input.value);

function nextValues(input) {
  const v = input.value;
  const start = input.selectionStart ?? v.length;
  const end = input.selectionEnd ?? start;
  const values = start !== end ? [v.slice(0, start) + v.slice(end)]
    : [v.slice(0, Math.max(0, start - 1)) + v.slice(start), v.slice(0, start) + v.slice(start + 1)];
  for (const key of AHEAD_KEYS) values.push(v.slice(0, start) + key + v.slice(end));
  return new Set(values.filter((next) => next !== v));
}

function prepareAhead() {
  if (tab === "event") return;
  const input = document.activeElement;
  let values;
  if (input instanceof HTMLSelectElement) {
    values = [...input.options].map((o) => o.value).filter((v) => v !== input.value);
  } else if (input instanceof HTMLInputElement && input.type === "text" && input.value.length <= AHEAD_MAX_FIELD_CHARS) {
    values = nextValues(input);
  } else {
    return;
  }
  if (!worthAskingAhead("batch", { requests: requests() })) return askAhead("batch", []);
  const lists = [];
  for (const next of values) {
    edited = { input, value: next };
    try {
      lists.push({ requests: requests() });
    } finally {
      edited = null;
    }
  }
  askAhead("batch", lists.filter((args) => args.requests.length));
}

// After what changed the field or moved its caret (at most one timer pending).
let aheadTimer = null;
function scheduleAhead() {
  aheadTimer ??= setTimeout(() => {
    aheadTimer = null;
    prepareAhead();
  });
}

// ---------- messages next to fields ----------

// What the last answer marked: its messages and the fields it flagged. Each answer clears
// just these, rather than looking through the whole page for them at every keystroke.
const marked = { messages: new Set(), fields: new Set() };

function clearMessages() {
  for (const el of marked.messages) setText(el, "");
  for (const el of marked.fields) el.removeAttribute("aria-invalid");
  marked.messages.clear();
  marked.fields.clear();
}

function markInvalid(input) {
  input.setAttribute("aria-invalid", "true");
  marked.fields.add(input);
}

// Puts each message next to its field. `only` limits a request to the fields it alone
// owns (the what-if shares rating and games with the main result); `box` and `label`
// send them to one place.
function showErrors(errors, { only = null, box = null, label = null } = {}) {
  for (const { field, message } of errors) {
    const name = String(field ?? "");
    if (only && !only.some((f) => name === f || name.startsWith(`${f}[`))) continue;
    const game = /^games\[(\d+)\](?:\.(opponent|score))?$/.exec(name);
    let target = box && $(box);
    let input = null;
    if (game) {
      const row = rows.children[Number(game[1])];
      if (!row) continue;
      target = row.__cells.msg;
      input = game[2] === "score" ? row.__cells.score : row.__cells.opp;
    } else if (!target) {
      target = document.querySelector(`.msg[data-field="${CSS.escape(name)}"]`);
      input = $(name);
    }
    target ||= $("form-msg");
    const text = `${label || labelFor(name)} ${message}`;
    setText(target, target.textContent ? `${target.textContent} ${text}` : text);
    marked.messages.add(target);
    if (input) markInvalid(input);
  }
}

function labelFor(field) {
  const game = /^games\[\d+\]\.?(\w*)$/.exec(field);
  if (game) return game[1] === "score" ? "Result" : "Opponent rating";
  const label = field && document.querySelector(`label[for="${CSS.escape(field)}"]`);
  return label ? label.textContent.replace(/\s*\(.*\)$/, "") : "";
}

// ---------- rendering answers ----------

function dash(...ids) {
  for (const id of ids) setText(typeof id === "string" ? $(id) : id, "–");
}

function announce(text) {
  if (text !== lastAnnounced) setText($("live"), (lastAnnounced = text));
}

// The charts are drawn while the browser renders them, and as it starts to again (or the
// page is printed). Far below the fold (30 games push them there), content-visibility: auto
// skips their layout and paint; drawing them at every keystroke would still cost it a fifth
// of its main-thread time for nothing shown. The browser says when it starts or stops
// skipping the result section, or the charts within it (contentvisibilityautostatechange;
// the charts' own state is not looked at again while the section is skipped). It starts
// rendering them well before they come into view, and says so a task later: after a jump
// (Ctrl+End), that one frame shows the charts without marks, never an earlier answer's.
// Embedded, the charts are not shown at all; a browser without the event never says they
// are skipped, and they are drawn every time.
const charts = { skipped: new Set(), pending: null }; // pending: the answer not drawn yet

function drawCharts(dots, bars) {
  if (EMBED) return;
  if (!charts.skipped.size) return paintCharts(dots, bars);
  if (!charts.pending) paintCharts([], []); // the first one skipped: marks hidden (two attributes)
  charts.pending = { dots, bars };
}

function flushCharts() {
  if (!charts.pending) return;
  const { dots, bars } = charts.pending;
  charts.pending = null;
  paintCharts(dots, bars);
}

function paintCharts(dots, bars) {
  drawCurve($("curve"), curve, dots);
  drawBars($("bars"), bars);
}

function watchCharts() {
  for (const el of [$("results-tournament"), document.querySelector("#results-tournament .charts")]) {
    el.addEventListener("contentvisibilityautostatechange", (event) => {
      if (event.target !== el) return; // it bubbles: .whatif and .explain inside have their own
      charts.skipped[event.skipped ? "add" : "delete"](el);
      if (!charts.skipped.size) flushCharts();
    });
  }
  addEventListener("beforeprint", flushCharts);
}

const RENDER = {
  event: renderEvent,

  rate(answer) {
    const logistic = isLogistic();
    const p = places(logistic);
    // Each cell is written once, with its final text: a row left as it was is not laid
    // out again (30 rows at every keystroke).
    const perGame = answer.ok ? answer.result.games : [];
    [...rows.children].forEach((row, i) => {
      const g = perGame[i];
      const cells = row.__cells;
      setText(cells.expected, g && g.counted ? fixed(g.expected, p) : "–");
      setText(cells.change, !g ? "–" : g.counted ? signed(g.change, p) : "not counted");
      setText(cells.note, (g && g.reason) || "");
      row.classList.toggle("skipped", Boolean(g && !g.counted));
    });
    if (!answer.ok) {
      showErrors(answer.errors);
      dash("change-unrounded", "above");
      for (const t of ["new-rating", "rating-change", "games-counted", "points-scored", "expected-score", "effective-k"]) {
        dash(document.querySelector(`[data-testid=${t}]`));
      }
      setText($("change-unrounded"), "");
      setText($("alternative"), "Fix the marked fields to see the result.");
      setText($("formula"), "");
      $("floor-warning").hidden = true;
      drawCharts([], []);
      return;
    }
    const r = answer.result;
    const q = (t) => document.querySelector(`[data-testid=${t}]`);
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
  },

  kfactor(answer) {
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
  },

  what_if(answer) {
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
  },

  score_needed(answer) {
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
  },

  single(answer) {
    const table = $("single-table");
    const note = $("single-note");
    for (const cell of table.querySelectorAll("tbody td")) setText(cell, "–");
    note.hidden = true;
    if (!answer.ok) {
      showErrors(answer.errors);
      return;
    }
    const r = answer.result;
    const logistic = isLogistic();
    for (const side of ["player", "opponent"]) {
      const s = r[side];
      const cells = table.querySelector(`tr[data-side=${side}]`).cells;
      setText(cells[1], String(s.rating));
      setText(cells[2], String(s.k));
      setText(cells[3], r.rated ? fixed(s.expected, places(logistic)) : "–");
      ["win", "draw", "loss"].forEach((o, i) => {
        const x = s.outcomes[o];
        setText(cells[4 + i], !r.rated ? "not rated" : logistic ? signed(x.change, 4) : signed(x.change_rounded, 0));
      });
    }
    const notes = [r.reason, r.player.note && `You: ${r.player.note}.`, r.opponent.note && `Opponent: ${r.opponent.note}.`].filter(Boolean);
    note.hidden = !notes.length;
    setText(note, notes.join(" "));
  },

  performance(answer) {
    if (!answer.ok) {
      showErrors(answer.errors);
      dash(document.querySelector("[data-testid=performance-rating]"), "perf-ra", "perf-score", "perf-dp");
      return;
    }
    const r = answer.result;
    setText(document.querySelector("[data-testid=performance-rating]"), String(r.performance));
    setText($("perf-ra"), String(r.average_opponent));
    setText($("perf-score"), `${r.score} / ${r.games} (p = ${fixed(r.fraction, 2)})${r.skipped ? `, ${r.skipped} unrated left out` : ""}`);
    setText($("perf-dp"), signed(r.dp, 0));
    announce(`Performance rating ${r.performance}.`);
  },

  initial(answer) {
    const list = $("init-conditions");
    list.replaceChildren();
    if (!answer.ok) {
      showErrors(answer.errors);
      dash(document.querySelector("[data-testid=initial-rating]"), "init-published", "init-ra", "init-dp");
      return;
    }
    const r = answer.result;
    setText(document.querySelector("[data-testid=initial-rating]"), r.initial_rating === null ? "none" : String(r.initial_rating));
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
  },
};

// ---------- start ----------

function showStatus({ type, stage, detail, message }) {
  const status = $("load-status");
  const bar = $("load-progress");
  if (type === "error") {
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

async function fillBandsTable() {
  const answer = await ask("table");
  const body = $("bands").tBodies[0];
  for (const b of answer.result) {
    const tr = body.insertRow();
    tr.insertCell().append(b.d_max === null ? `${b.d_min} and more` : `${b.d_min}–${b.d_max}`);
    tr.insertCell().append(fixed(b.pd_higher, 2));
    tr.insertCell().append(fixed(b.pd_lower, 2));
  }
}

function today() {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

// Fill a tab's inputs (from an imported event) and show it.
function fill(name, values) {
  for (const key of ["rating", "k", "rules", "kind"]) {
    if (values[key] !== undefined && values[key] !== null && values[key] !== 0) $(key).value = String(values[key]);
  }
  refusedRules = null;
  for (const row of [...rows.children]) removeRow(row);
  for (const [opponent, score] of values.games) addRow(String(opponent), String(score));
  selectTab(name, true);
  update();
}

// ---------- embedding, offline use, updates ----------

// Inside a frame: tell the host page our height whenever it changes, and nothing else.
function reportHeight() {
  if (window.parent === window) return;
  let last = 0;
  new ResizeObserver(() => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height !== last) window.parent.postMessage({ type: HEIGHT_MESSAGE, height: (last = height) }, "*");
  }).observe(document.documentElement);
}

// Resolves once the page knows how it is served: by a service worker that controls it, or
// by none (none in this browser, or it refused the registration); never if its install fails.
let markServed;
const served = new Promise((resolve) => (markServed = resolve));

// The service worker (sw.js) keeps every file of this build for offline use. A new deploy
// installs beside it; the page offers a reload and only then lets the new version take over.
function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return markServed();
  if (navigator.serviceWorker.controller) markServed();
  // Once a new version was offered here, its taking over means someone accepted it, in this
  // tab or another: every such tab reloads into it rather than go on with the old page and
  // the new version's files.
  let offered = false;
  const offer = (waiting) => {
    offered = true;
    $("update").hidden = false;
    const button = $("update-reload");
    button.disabled = false;
    setText(button, "Reload to update");
    button.onclick = () => {
      waiting.postMessage("skip-waiting");
      // It takes over once the old version has nothing in flight (sw.js bounds that).
      button.disabled = true;
      setText(button, "Updating…");
    };
  };
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    markServed();
    if (offered) location.reload();
  });
  navigator.serviceWorker.register(scriptURL("sw.js")).then((registration) => {
    if (!registration) return markServed(); // e.g. blocked by the browser's settings
    if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
    // An update may be installing already, before `updatefound` can be heard: watched here too
    // (should it also be heard, offering it twice does no harm).
    const watch = (installing) => installing?.addEventListener("statechange", () => {
      if (installing.state === "installed" && navigator.serviceWorker.controller) offer(installing);
    });
    watch(registration.installing);
    registration.addEventListener("updatefound", () => watch(registration.installing));
    // An open page looks for a new deploy when it comes back to the foreground, and hourly.
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") registration.update().catch(() => {});
    });
    setInterval(() => registration.update().catch(() => {}), 3_600_000);
  }).catch(() => markServed()); // no offline support (e.g. a private window): the page works online as before
}

// On a build's first visit, a primer makes Chromium keep the compiled code (V8's code cache)
// of Pyodide's 1.25 MB runtime script for the next visit, which would otherwise compile it
// again: the calculator's own worker, started once more with the name "prime", makes a start
// as the next visit will and stops (PRIMING in worker.js). Chromium keeps a module's code
// once it has run, at the first pause of its worker's thread: served by the service worker,
// at the script's first load from its cache (so the primer waits until the service worker
// controls the page; one that ran before left nothing); without one, from its second load
// on (the first only notes the time), and only for a dynamic import(), as worker.js makes.
// Measured (bench/RESULTS.md): 1,086,576 bytes kept (against 595,144 when only the runtime's
// factory was called, and none without a service worker), and the next visit's runtime up
// about 50-70 ms sooner. It takes a start's CPU (0.4-0.5 s here), so only in a Chromium
// (`userAgentData`), whose code cache this is.
// Any failure only loses that; the primer's errors are cancelled, never taken for the page's.
function primeCodeCache() {
  if (!("userAgentData" in navigator)) return;
  let primer;
  try {
    primer = new Worker(scriptURL("worker.js"), { type: "module", name: "prime" });
  } catch {
    return;
  }
  // Stopped a moment after it is done (the browser writes the code cache meanwhile), or
  // after 30 s whatever happened.
  const stop = () => setTimeout(() => primer.terminate(), 1000);
  setTimeout(() => primer.terminate(), 30_000);
  primer.onmessage = ({ data }) => {
    if (data?.stage !== "ready" && data?.type !== "error") return; // progress
    performance.mark(data?.type === "error" ? "elo:primer-failed" : "elo:primed");
    stop();
  };
  primer.onerror = (event) => {
    event.preventDefault();
    performance.mark("elo:primer-failed");
    stop();
  };
}

// Calls `then` once no input event has come for TYPING_PAUSE_MS.
const TYPING_PAUSE_MS = 1000;
function whenTypingPauses(then) {
  let timer = null;
  const wait = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      document.removeEventListener("input", wait, true);
      then();
    }, TYPING_PAUSE_MS);
  };
  document.addEventListener("input", wait, true);
  wait();
}

function start() {
  if (EMBED) document.body.classList.add("embed");
  reportHeight();
  onStatus(showStatus);
  // Offline copies are made once the worker's start is done (warm-up included) and no one
  // has typed for a moment, so that they never compete with the start, nor with typing, for
  // the network or the CPU: the precache reads, hashes and writes 20 MB. Begun as soon as
  // the first answer was out, on a first visit, it made the keystrokes typed meanwhile
  // slower (bench/RESULTS.md).
  onSettled(() => whenTypingPauses(registerServiceWorker));
  onSettled(({ prime }) => prime && served.then(primeCodeCache));
  $("rules").value = today();
  readUrl();
  bindTabs();
  $("form").addEventListener("input", update);
  for (const type of ["focusin", "selectionchange"]) document.addEventListener(type, scheduleAhead);
  watchCharts();
  $("rules").addEventListener("input", () => (refusedRules = null), { capture: true });
  document.addEventListener("submit", (e) => e.preventDefault()); // every form: nothing is ever sent
  for (const id of ["next", "target", "remaining"]) $(id).addEventListener("input", update);
  $("add-game").addEventListener("click", () => {
    addRow().querySelector(".opp").focus();
    update();
  });
  $("advisor").addEventListener("toggle", update);
  $("use-k").addEventListener("click", () => {
    $("k").value = $("use-k").dataset.k;
    update();
  });
  bindEvent({ ask, update, fill });
  for (const id of ["share", "open-full", "embed-code", "embed-copy"]) {
    for (const type of ["pointerdown", "focusin"]) $(id).addEventListener(type, flushUrl);
  }
  addEventListener("pagehide", flushUrl);
  document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && flushUrl());
  $("embed-copy").addEventListener("click", () => {
    $("embed-code").select();
    navigator.clipboard.writeText($("embed-code").value).then(
      () => setText($("embed-copied"), "Copied."),
      () => setText($("embed-copied"), "Select the code and copy it."));
  });
  update(); // asked first, so the first answer is the result
  ask("curve").then((a) => {
    curve = a.result;
    update();
  }).catch(() => {});
  fillBandsTable().catch(() => {});
}

// At once, before the first paint (index.html makes this module render-blocking): the
// page is first shown with the link's values and rows in place, and the setup, Chromium's
// own work at DOMContentLoaded included, is done before anything is on screen.
start();
