// Showing the event tab's answers: the summary in words, the problems grouped by kind, the players
// table, one player's games. Every number is elo_core's. Text from the file (names, the event's
// name, problems quoting it) is shown isolated, in <bdi>, with bidi controls made visible
// (format.js, shown), so that it can reorder nothing around it.

import { fixed, grouped, isolated, setParts, setText, shown, signed } from "./format.js";

const $ = (id) => document.getElementById(id);
// Rows added per task: a table of thousands of players never holds the page for long.
const ROWS_PER_TASK = 250;
// The page's names of the event options, for messages about them.
const LABELS = { format: "Format", kind: "Kind", rules: "Rules of", k: "K for all", games_played: "Games before",
  norms: "Title norms", pairing: "Title norms", norm_types: "Norm types", exemption: "Exemption",
  host_federation: "Host federation", min_games: "Minimum games" };
// Messages about these go next to the norm options, the others next to the file or its options.
const NORM_FIELDS = ["norm_types", "exemption", "host_federation", "min_games"];
const PER_PLAYER = { k_by_player: "K", games_played_by_player: "Games before", standard_by_player: "Standard rating" };

function label(field) {
  if (!field || field === "text") return "";
  const each = /^(\w+)\[(.*)\]$/.exec(field);
  if (each && PER_PLAYER[each[1]]) return `${PER_PLAYER[each[1]]} of player ${shown(each[2])}:`;
  return LABELS[field] ? `${LABELS[field]}:` : `${field}:`;
}

function clearMessages() {
  for (const id of ["event-text-msg", "event-kind-msg", "event-norms-msg"]) setText($(id), "");
}

const messageBox = (field) => $(!field || field === "text" ? "event-text-msg"
  : NORM_FIELDS.includes(field) ? "event-norms-msg" : "event-kind-msg");

// Messages go next to the control at fault: the file's box, or the options'.
export function showEventErrors(errors, tab, { keep = false } = {}) {
  clearMessages();
  for (const e of errors) {
    const box = messageBox(e.field);
    setText(box, `${box.textContent} ${label(e.field)} ${shown(e.message)}`.trim());
  }
  if (!keep) showSummary(null, tab);
}

export function showNoEvent(tab) {
  clearMessages();
  showSummary(null, tab);
}

export function showEvent(tab, { sameTable }) {
  clearMessages();
  showSummary(tab.report, tab);
  if (!sameTable) showTable(tab);
  showPlayer(tab.report.detail || null, tab);
}

const dates = (e) => (e.start ? `, ${e.start}${e.end && e.end !== e.start ? ` to ${e.end}` : ""}` : "");

function showSummary(r, tab) {
  $("event-csv").disabled = !r;
  document.querySelector(".pgn-only").hidden = !r || r.event.format !== "pgn";
  if (!r) {
    setText($("event-summary"), tab.text ? "No result: see the message next to the file." : "Open or paste a TRF or PGN file.");
    setText($("event-assumptions"), "");
    $("event-problems-box").hidden = true;
    $("players").tBodies[0].replaceChildren();
    setText($("players-note"), "");
    $("event-player").hidden = true;
    tab.shownPlayers = null;
    return;
  }
  const e = r.event;
  const how = (note) => (note === "given" ? "as chosen above" : shown(note));
  setParts($("event-summary"), [isolated(e.name || "Unnamed event"),
    ` (${e.format.toUpperCase()}${dates(e)}): ${e.players} players, ${e.games} games played, ${e.rated_games} of them rated. ` +
    `Rated as ${e.kind} chess: ${how(e.kind_note)}. Rules in force on ${e.rules} (${how(e.rules_note)}).`]);
  setText($("event-assumptions"), (e.assumptions || []).map(shown).join(" "));
  showProblems(r, tab);
  const select = $("season-player");
  if (r.players !== tab.shownPlayers) select.replaceChildren(...r.players.map((p) => new Option(shown(p.name), p.key)));
}

// Grouped by kind, each with its count and first lines: a thousand of one kind hide no other.
function showProblems(r, tab) {
  const groups = [...(tab.readNote ? [{ message: tab.readNote, count: 1, lines: [null], examples: [tab.readNote] }] : []),
    ...(r.problem_groups || [])];
  const total = (r.event.problem_count ?? r.problems.length) + (tab.readNote ? 1 : 0);
  const box = $("event-problems-box");
  box.hidden = !total;
  setText($("event-problems-title"), `${grouped(total)} problem${total === 1 ? "" : "s"} in the file ` +
    "(every other player is still rated)");
  const list = $("event-problems");
  list.replaceChildren(...groups.map((g) => {
    const li = document.createElement("li");
    li.append(`${grouped(g.count)} × ${shown(g.message)}`);
    const items = document.createElement("ul");
    g.examples.forEach((m, i) => {
      const item = document.createElement("li");
      setParts(item, [g.lines[i] ? `Line ${g.lines[i]}: ` : "", isolated(m)]);
      items.append(item);
    });
    if (g.count > g.examples.length) items.append(Object.assign(document.createElement("li"), { textContent: `… and ${g.count - g.examples.length} more` }));
    li.append(items);
    return li;
  }));
  box.open = total > 0 && total <= 5;
}

const COLUMNS = [
  ["rank", (p) => String(p.rank ?? "–")], ["start_rank", (p) => String(p.start_rank ?? "–")], ["name", null],
  ["rating", (p) => (p.rating ? String(p.rating) : "unrated")], ["games", (p) => String(p.games)],
  ["score", (p) => String(p.score)], ["expected", (p) => (p.games ? fixed(p.expected, 2) : "–")], ["k", null],
  ["games_before", null], ["change", (p) => (p.change === null ? "–" : signed(p.change, 2))],
  ["change_rounded", (p) => (p.change_rounded === null ? "–" : signed(p.change_rounded, 0))],
  ["new_rating", (p) => (p.new_rating === null ? "–" : String(p.new_rating))],
  ["performance", (p) => (p.performance === null ? "–" : String(p.performance))],
  ["initial_rating", (p) => (p.initial_rating === null ? "–" : `${p.initial_rating}${p.initial_published ? "" : " (not yet)"}`)],
  ["norm", (p) => (p.norm ? shown(p.norm.text) : "–")],
];

function numberInput(value, placeholder, name, onChange) {
  const input = Object.assign(document.createElement("input"), { value, placeholder, inputMode: "numeric" });
  input.setAttribute("aria-label", name);
  input.addEventListener("change", () => onChange(input.value));
  input.addEventListener("input", (e) => e.stopPropagation()); // asked once the value is left, not per key
  return input;
}

// Each cell carries its column's heading: on a narrow screen a row is a card of labelled values
// (style.css, "cards").
const headings = (table) => [...table.tHead.rows[0].cells].map((th) => th.textContent.trim());

function row(p, tab, labels) {
  const tr = document.createElement("tr");
  tr.setAttribute("data-testid", "player-row");
  tr.dataset.key = p.key;
  const who = shown([p.title, p.name].filter(Boolean).join(" "));
  const standard = tab.perPlayer.standard_by_player;
  COLUMNS.forEach(([key, text], i) => {
    const td = tr.insertCell();
    td.dataset.col = key;
    td.dataset.label = labels[i];
    if (key === "name") {
      td.className = "text";
      const button = Object.assign(document.createElement("button"), { type: "button", className: "link" });
      button.append(isolated(who));
      button.addEventListener("click", () => tab.actions.open(p.key));
      td.append(button);
    } else if (key === "rating" && (p.key in standard || (!p.rating && tab.report.event.kind !== "standard"))) {
      // Rapid or blitz: an unrated player who holds a standard rating is rated with it (B.02 7.2.1).
      td.append(numberInput(standard[p.key] ?? "", "unrated", `Standard rating of ${who}`,
        (v) => tab.actions.set("standard_by_player", p.key, v)));
    } else if (key === "k") {
      // The K used (after K x n <= 700); a value typed here is this player's own K.
      td.append(p.rating ? numberInput(String(p.effective_k ?? p.k ?? ""), "", `K of ${who}`,
        (v) => tab.actions.set("k_by_player", p.key, v)) : "–");
    } else if (key === "games_before") {
      td.append(p.rating ? numberInput(tab.perPlayer.games_played_by_player[p.key] ?? "", p.k_source === "advisor" ? "30+" : "",
        `Games before of ${who}`, (v) => tab.actions.set("games_played_by_player", p.key, v)) : "–");
    } else {
      td.append(text(p));
    }
  });
  return tr;
}

// The players, sorted by what the column shows (K: the effective K, after K x n <= 700), added
// a slice per task; a newer call stops an older one's slices.
export function showTable(tab) {
  const r = tab.report;
  tab.shownPlayers = r?.players ?? null;
  const body = $("players").tBodies[0];
  body.replaceChildren();
  const token = (tab.tableToken = {});
  if (!r) return;
  const { key, down } = tab.sort;
  for (const th of $("players").tHead.rows[0].cells) {
    th.setAttribute("aria-sort", th.dataset.key === key ? (down ? "descending" : "ascending") : "none");
  }
  const value = (p) => (key === "k" ? p.effective_k ?? p.k : p[key]) ?? (down ? -Infinity : Infinity);
  const players = [...r.players].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const order = typeof x === "string" || typeof y === "string" ? String(x).localeCompare(String(y)) : x - y;
    return down ? -order : order;
  });
  const e = r.event;
  $("players").classList.toggle("with-norms", r.players.some((p) => "norm" in p));
  setText($("players-note"), e.players_listed < e.players
    ? `The first ${grouped(e.players_listed)} of ${grouped(e.players)} players are listed; the CSV has every one.` : "");
  const labels = headings($("players"));
  const add = (from) => {
    if (tab.tableToken !== token) return;
    const slice = document.createDocumentFragment();
    for (const p of players.slice(from, from + ROWS_PER_TASK)) slice.append(row(p, tab, labels));
    body.append(slice);
    if (from + ROWS_PER_TASK < players.length) setTimeout(() => add(from + ROWS_PER_TASK));
  };
  add(0);
}

// The title norm's verdict (from the table's row: elo_core checks it per player), condition by
// condition, with what was checked (the norm types, the event's options) and elo_core's notes.
function showNorm(norm, options) {
  const item = (text, className = "") => Object.assign(document.createElement("li"), { textContent: text, className });
  const v = norm?.verdict;
  const items = !norm ? [] : !v ? [item(shown(norm.text))] : [
    item(`${v.norm_type} norm ${v.norm ? "made" : "not made"}: Ra ${v.ra}, Rp ${v.rp}, ${v.score} of ${v.games}`),
    ...v.conditions.map((c) => item(`${c.met ? "✓" : "✗"} ${c.article}: ${shown(c.explanation)}`, c.met ? "met" : "unmet")),
    ...v.notes.map((n) => item(`Note: ${shown(n)}`))];
  if (norm?.checked && options) {
    items.push(item(`Checked for ${norm.checked.join(", ")}: ${shown(options.text)}.`, "hint"));
  }
  $("event-player-norm").replaceChildren(...items);
}

export function showPlayer(p, tab) {
  const box = $("event-player");
  box.hidden = !p;
  if (!p) return;
  setParts($("event-player-name"), [isolated(shown([p.title, p.name].filter(Boolean).join(" "))), p.rating ? `, ${p.rating}` : ", unrated"]);
  const lines = [p.rating_source && `Rated from ${shown(p.rating_source)}.`, p.k_note && shown(p.k_note)];
  if (p.change !== null) lines.push(`Change ${signed(p.change, 2)} → ${signed(p.change_rounded, 0)}, new rating ${p.new_rating}.`);
  if (p.initial) lines.push(...p.initial.conditions.map((c) => `${c.met ? "✓" : "✗"} ${c.explanation}`));
  setText($("event-player-note"), lines.filter(Boolean).join(" "));
  showNorm(tab.report?.players.find((row) => row.key === p.key)?.norm, tab.report?.norm_options);
  const body = $("event-rounds").tBodies[0];
  body.replaceChildren();
  const labels = headings($("event-rounds"));
  for (const g of p.rounds) {
    const tr = body.insertRow();
    [String(g.round ?? "–"), g.opponent_name ? isolated(shown(g.opponent_name)) : "–",
      g.opponent_rating ? String(g.opponent_rating) : g.opponent ? "unrated" : "–", g.colour ?? "–", shown(g.code),
      g.counted ? fixed(g.expected, 2) : "–", g.counted ? signed(g.change, 2) : "–",
      shown(g.note || g.reason || (g.played && !g.counted ? "not counted" : ""))].forEach((content, i) => {
      const td = tr.insertCell();
      td.dataset.label = labels[i];
      td.append(content);
    });
  }
  $("event-open").disabled = !(p.breakdown || p.initial);
  // Opened from the table: its games are brought into view and focused (the table is far above).
  if (tab.openRequested) {
    tab.openRequested = false;
    box.scrollIntoView({ block: "start" });
    box.focus({ preventScroll: true });
  }
}
