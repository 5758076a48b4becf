// The "Whole event" tab: open or paste a TRF or PGN file, see every player rated by elo_core,
// sort, open one player's games, export CSV. Text from the file is only ever shown as text.

import { fixed, setText, signed } from "./format.js";

const $ = (id) => document.getElementById(id);
const MAX_FILE_BYTES = 64 * 1024 * 1024; // read no further; elo_core names its own, lower limit

let text = "";          // the file's text, as read
let readNote = null;    // what the page itself noticed while reading (encoding, size)
let report = null;      // elo_core's last answer
let sortKey = "rank";
let sortDown = false;
let selected = null;
let hooks = null;       // {update, fill} from the page

// This tab's two message boxes are its own: each event answer rewrites them (renderEvent),
// and with no file there is no answer, so eventRequest clears them itself.
function clearMessages() {
  setText($("event-text-msg"), "");
  setText($("event-kind-msg"), "");
}

// The event request's args for what is open now, or null when there is no file.
export const eventArgs = () => (text ? argsWith() : null);

// No file: what was shown from the last one is cleared.
export function clearEvent() {
  report = null;
  render(null);
  clearMessages();
}

// The table needs every player's totals only; the games of the one player opened come
// as `detail` (elo_core keeps the rated event, so opening a player is a lookup).
function argsWith(extra = {}) {
  const args = { text, details: false, detail: selected, ...extra };
  if ($("event-kind").value) args.kind = $("event-kind").value;
  if ($("event-rules").value) args.rules = $("event-rules").value;
  if ($("event-k").value.trim()) args.k = $("event-k").value;
  return args;
}

// Decode as UTF-8; a file that is not (an older pairing program's Latin-1) is read as
// Windows-1252 and the person is told, since accented names may then be wrong.
function decode(buffer) {
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(buffer), note: null };
  } catch {
    return { text: new TextDecoder("windows-1252").decode(buffer),
             note: "The file is not UTF-8: it was read as Latin-1 (Windows-1252); check accented names." };
  }
}

async function openFile(file) {
  if (!file) return;
  const refused = file.size > MAX_FILE_BYTES ? `${(file.size / 1e6).toFixed(0)} MB: far too large for an event file.`
    : file.size === 0 ? "empty." : null;
  if (refused) {
    text = "";
    readNote = null;
    report = null;
    hooks.update(); // an answer still coming for the previous text is dropped, the tab emptied
    setText($("event-text-msg"), `${file.name} is ${refused}`);
    return;
  }
  const decoded = decode(await file.arrayBuffer());
  text = decoded.text;
  readNote = decoded.note;
  $("event-text").value = text.length > 200_000 ? "" : text;
  $("event-text").placeholder = text.length > 200_000 ? `${file.name}: ${text.length.toLocaleString()} characters (not shown)` : "";
  selected = null;
  hooks.update();
}

export function bindEvent(hooksFromPage) {
  hooks = hooksFromPage; // {ask, update, fill}
  $("event-file").addEventListener("change", (e) => openFile(e.target.files[0]));
  const drop = $("event-box");
  drop.addEventListener("dragover", (e) => {
    e.preventDefault();
    drop.classList.add("dropping");
  });
  drop.addEventListener("dragleave", () => drop.classList.remove("dropping"));
  drop.addEventListener("drop", (e) => {
    e.preventDefault();
    drop.classList.remove("dropping");
    openFile(e.dataTransfer.files[0]);
  });
  let timer = null;
  $("event-text").addEventListener("input", (e) => {
    e.stopPropagation(); // a paste is rated once typing pauses, not per keystroke
    clearTimeout(timer);
    timer = setTimeout(() => {
      text = $("event-text").value;
      readNote = null;
      selected = null;
      hooks.update();
    }, 250);
  });
  for (const th of $("players").tHead.rows[0].cells) {
    th.querySelector("button").addEventListener("click", () => {
      sortDown = sortKey === th.dataset.key ? !sortDown : ["rating", "score", "change", "new_rating", "performance",
        "initial_rating", "expected", "games", "k"].includes(th.dataset.key);
      sortKey = th.dataset.key;
      renderTable();
    });
  }
  $("event-csv").addEventListener("click", exportCsv);
  $("season-fill").addEventListener("click", fillSeason);
  $("event-open").addEventListener("click", openPlayer);
}

export function renderEvent(answer) {
  clearMessages();
  if (answer.ok) {
    // Same file and options as the table on screen: keep that table (and its sort).
    const key = JSON.stringify([answer.result.event, answer.result.players, answer.result.problems]);
    if (key === shownKey && report) answer.result.players = report.players;
    shownKey = key;
  }
  if (!answer.ok) {
    for (const e of answer.errors) {
      const box = e.field === "text" || !e.field ? $("event-text-msg") : $("event-kind-msg");
      setText(box, `${box.textContent} ${e.field && e.field !== "text" ? `${e.field}: ` : ""}${e.message}`.trim());
    }
    report = null;
    render(null);
    return;
  }
  report = answer.result;
  render(report);
}

function render(r) {
  const box = $("event-problems-box");
  const list = $("event-problems");
  list.replaceChildren();
  $("event-csv").disabled = !r;
  document.querySelector(".pgn-only").hidden = !r || r.event.format !== "pgn";
  if (!r) {
    setText($("event-summary"), text ? "No result: see the message next to the file." : "Open or paste a TRF or PGN file.");
    setText($("event-assumptions"), "");
    box.hidden = true;
    $("players").tBodies[0].replaceChildren();
    $("event-player").hidden = true;
    return;
  }
  const e = r.event;
  setText($("event-summary"), `${e.name || "Unnamed event"} (${e.format.toUpperCase()}${e.start ? `, ${e.start}` : ""}` +
    `${e.end && e.end !== e.start ? ` to ${e.end}` : ""}): ${e.players} players, ${e.games} games, ${e.rated_games} rated. ` +
    `${e.kind} (${e.kind_note}); rules of ${e.rules} (${e.rules_note}).`);
  setText($("event-assumptions"), (e.assumptions || []).join(" "));
  const problems = [...(readNote ? [{ line: null, message: readNote }] : []), ...r.problems];
  box.hidden = !problems.length;
  setText($("event-problems-title"), `${problems.length} problem${problems.length === 1 ? "" : "s"} in the file (every other player is still rated)`);
  for (const p of problems) {
    const li = document.createElement("li");
    li.append(p.line ? `Line ${p.line}: ${p.message}` : p.message);
    list.append(li);
  }
  box.open = problems.length > 0 && problems.length <= 5;
  const select = $("season-player");
  if (r.players !== shownPlayers) {
    select.replaceChildren(...r.players.map((p) => new Option(p.name, p.key)));  // keys: names may repeat
    renderTable();
  }
  showPlayer(r.detail || null);
}

// The table is rebuilt only when the players changed, not when one is opened.
let shownPlayers = null;
let shownKey = "";

function renderTable() {
  shownPlayers = report?.players ?? null;
  const body = $("players").tBodies[0];
  body.replaceChildren();
  if (!report) return;
  for (const th of $("players").tHead.rows[0].cells) {
    th.setAttribute("aria-sort", th.dataset.key === sortKey ? (sortDown ? "descending" : "ascending") : "none");
  }
  // Sort by what the column shows (K: the effective K, after K x n <= 700).
  const shown = (p) => (sortKey === "k" ? p.effective_k ?? p.k : p[sortKey]);
  const value = (p) => shown(p) ?? (sortDown ? -Infinity : Infinity);
  const rows = [...report.players].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const order = typeof x === "string" || typeof y === "string" ? String(x).localeCompare(String(y)) : x - y;
    return sortDown ? -order : order;
  });
  for (const p of rows) {
    const tr = body.insertRow();
    tr.dataset.testid = "player-row";
    tr.setAttribute("data-testid", "player-row");
    tr.insertCell().append(String(p.rank ?? "–"));
    tr.insertCell().append(String(p.start_rank ?? "–"));
    const name = document.createElement("button");
    name.type = "button";
    name.className = "link";
    name.append([p.title, p.name].filter(Boolean).join(" "));
    name.addEventListener("click", () => {
      selected = p.key;
      hooks.update();
    });
    const cell = tr.insertCell();
    cell.className = "text";
    cell.append(name);
    tr.insertCell().append(p.rating ? String(p.rating) : "unrated");
    tr.insertCell().append(String(p.games));
    tr.insertCell().append(String(p.score));
    tr.insertCell().append(p.games ? fixed(p.expected, 2) : "–");
    tr.insertCell().append(p.k === null ? "–" : String(p.effective_k ?? p.k));
    tr.insertCell().append(p.change === null ? "–" : signed(p.change, 2));
    tr.insertCell().append(p.new_rating === null ? "–" : String(p.new_rating));
    tr.insertCell().append(p.performance === null ? "–" : String(p.performance));
    tr.insertCell().append(p.initial_rating === null ? "–" : `${p.initial_rating}${p.initial_published ? "" : " (not yet)"}`);
  }
}

function showPlayer(p) {
  const box = $("event-player");
  box.hidden = !p;
  if (!p) return;
  setText($("event-player-name"), `${[p.title, p.name].filter(Boolean).join(" ")}${p.rating ? `, ${p.rating}` : ", unrated"}`);
  const lines = [p.k_note];
  if (p.change !== null) lines.push(`Change ${signed(p.change, 2)} → ${signed(p.change_rounded, 0)}, new rating ${p.new_rating}.`);
  if (p.initial) lines.push(...p.initial.conditions.map((c) => `${c.met ? "✓" : "✗"} ${c.explanation}`));
  setText($("event-player-note"), lines.filter(Boolean).join(" "));
  const body = $("event-rounds").tBodies[0];
  body.replaceChildren();
  for (const g of p.rounds) {
    const tr = body.insertRow();
    tr.insertCell().append(String(g.round ?? "–"));
    tr.insertCell().append(g.opponent_name ?? "–");
    tr.insertCell().append(g.opponent_rating ? String(g.opponent_rating) : g.opponent ? "unrated" : "–");
    tr.insertCell().append(g.colour ?? "–");
    tr.insertCell().append(g.code);
    tr.insertCell().append(g.counted ? fixed(g.expected, 2) : "–");
    tr.insertCell().append(g.counted ? signed(g.change, 2) : "–");
    tr.insertCell().append(g.note || g.reason || (g.played && !g.counted ? "not counted" : ""));
  }
  $("event-open").disabled = !(p.breakdown || p.initial);
}

// The same view as the tournament tab: fill it with this player's counted games.
function openPlayer() {
  const p = report?.detail;
  if (!p) return;
  const e = report.event;
  if (p.breakdown) {
    hooks.fill("tournament", { rating: p.rating, k: p.effective_k ?? p.k, rules: e.rules, kind: e.kind,
      games: p.breakdown.games.map((g) => [g.opponent, g.score]) });
  } else {
    // An unrated player: the games that go into a first rating (played, rated, rated opponent).
    hooks.fill("initial", { games: p.rounds.filter((g) => g.played && g.rated && g.opponent_rating)
      .map((g) => [g.opponent_rating, g.points]) });
  }
}

async function fillSeason() {
  const name = $("season-player").value;
  const answer = await hooks.ask("event", argsWith({ player: name }));
  if (!answer.ok) {
    setText($("event-kind-msg"), answer.errors.map((e) => e.message).join(" "));
    return;
  }
  const s = answer.result.season;
  hooks.fill(s.rating ? "tournament" : "initial", { rating: s.rating, k: s.k, rules: s.rules, kind: s.kind,
    games: s.games.map((g) => [g.opponent, g.score]) });
}

async function exportCsv() {
  const answer = await hooks.ask("event_csv", argsWith());
  if (!answer.ok) {
    setText($("event-text-msg"), answer.errors.map((e) => e.message).join(" "));
    return;
  }
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([answer.result.csv], { type: "text/csv;charset=utf-8" }));
  link.download = answer.result.filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
