// Showing a national system's answers (US Chess, DWZ, ECF): one player's event on the tournament
// and first-rating tabs, and a whole event on the event tab. What each answer says is picked by
// national-view.js; messages go next to the fields through render.js (Results).

import { fixed, isolated, setParts, setText, shown, signed } from "./format.js";
import { choices, score, VIEWS } from "./national-view.js";
import { nationalField } from "./systems.js";

const $ = (id) => document.getElementById(id);
const q = (testid) => document.querySelector(`[data-testid=${testid}]`);
const NAMES = { uscf: "US Chess", dwz: "DWZ", ecf: "ECF" };

function listItems(ul, items) {
  setParts(ul, items.map((text) => Object.assign(document.createElement("li"), { textContent: text })));
}

// Sources as "name: where", the address a link when it is one (an address is never run as code).
function showSources(ul, sources) {
  setParts(ul, sources.map(({ name, url }) => {
    const li = document.createElement("li");
    li.append(`${name}: `);
    const first = /^https?:\/\/\S+/.exec(url ?? "")?.[0];
    if (first) {
      const a = Object.assign(document.createElement("a"), { href: first, textContent: first, rel: "noopener noreferrer" });
      li.append(a, url.slice(first.length));
    } else li.append(url ?? "");
    return li;
  }));
}

function row(cells, body) {
  const tr = body.insertRow();
  for (const [label, text] of cells) {
    const td = tr.insertCell();
    td.dataset.label = label;
    td.append(text);
  }
  return tr;
}

// `results`: the page's Results (render.js), which puts messages next to fields.
export function renderNational(system, answer, results) {
  const body = $("national-games").tBodies[0];
  body.replaceChildren();
  if (!answer.ok) {
    results.showErrors(answer.errors.map((e) => ({ ...e, field: nationalField(system, e.field) })));
    for (const id of ["national-new", "national-change", "national-score", "national-expected"]) setText(q(id), "–");
    setText(q("national-formula"), answer.unanswered ? "No result: the rating engine did not answer."
      : "No result until every field holds a valid value.");
    setText(q("national-note"), "");
    q("national-explain").replaceChildren();
    return;
  }
  const r = answer.result;
  const v = VIEWS[system](r);
  setText($("national-title"), v.title);
  setText(q("national-new"), v.exact ? `${v.newRating} ` : v.newRating);
  if (v.exact) q("national-new").append(Object.assign(document.createElement("small"), { textContent: v.exact }));
  setText(q("national-change"), v.change);
  setText(q("national-score"), `${r.score} of ${r.games.length}`);
  setText(q("national-expected"), v.expected);
  setText(q("national-formula"), v.formula);
  setText(q("national-note"), v.note);
  setParts(q("national-explain"), v.figures.flatMap(({ term, says, source }) => {
    const dt = Object.assign(document.createElement("dt"), { textContent: term });
    const dd = Object.assign(document.createElement("dd"), { textContent: says });
    if (source) dd.append(" ", Object.assign(document.createElement("cite"), { textContent: `(${source})` }));
    return [dt, dd];
  }));
  v.games.forEach(([opponent, s, expected, note], i) => row([["#", String(i + 1)], ["Opponent", String(opponent)],
    ["Result", score(s)], ["Expected", expected], ["Note", note]], body));
  const c = choices(r);
  listItems(q("national-notes"), c.notes);
  showSources(q("national-sources"), c.sources);
}

// How a player's figure was reached: the formula as elo_core wrote it (DWZ, ECF); US Chess's
// formula, K and bonus.
function how(system, p) {
  if (system !== "uscf") return p.formula ?? p.first?.reason ?? p.status ?? "";
  return `${p.formula} formula${p.k ? `, K ${fixed(p.k, 2)}` : ""}${p.bonus ? `, bonus ${fixed(p.bonus, 2)}` : ""}` +
    `${p.floor_applied ? `, raised to the floor ${p.floor}` : ""}`;
}

// A whole event rated by a national system: every player, the steps, the assumptions.
export function renderNationalEvent(system, answer, results) {
  const body = $("national-players").tBodies[0];
  body.replaceChildren();
  const summary = q("national-event-summary");
  if (!answer.ok) {
    results.showErrors(answer.errors);
    setText(summary, `No result: ${answer.errors.map((e) => e.message).join("; ")}`);
    return;
  }
  const { event: e, players, problem_groups: groups = [] } = answer.result;
  setParts(summary, [`${NAMES[system]}: `, isolated(e.name ?? "the event"), ` — ${e.players} players, ` +
    `${e.rated_games ?? e.games} rated games` + (e.end ? `, ended ${e.end}.` : ".")]);
  setText(q("national-event-assumptions"), (e.assumptions ?? []).join(" "));
  listItems(q("national-event-steps"), e.steps ?? e.passes ?? (e.rulebook_name ? [`${e.rulebook_name}: ${e.rulebook_note}`] : []));
  const total = e.problem_count ?? 0;
  $("national-problems-box").hidden = !total;
  setText($("national-problems-title"), `${total} problem${total === 1 ? "" : "s"} in the file (every other player is still rated)`);
  listItems($("national-problems"), groups.map((g) => `${g.count} × ${shown(g.message)}`));
  for (const p of players) {
    const name = isolated(p.name ?? p.key);
    const newRating = p.new_rating_rounded ?? p.new_rating;
    row([["Rk", String(p.rank ?? "")], ["Name", name], ["Rtg", p.rating === null ? "unrated" : fixed(p.rating, 0)],
      ["Games", String(p.games)], ["Score", String(p.score)], ["Exp", fixed(p.expected, 2)],
      ["New", newRating === null || newRating === undefined ? "–" : String(newRating)],
      ["Change", p.rating === null ? "–" : signed(p.change, 2)], ["How", how(system, p)]], body);
  }
  const c = choices(e);
  listItems(q("national-event-notes"), c.notes);
  showSources(q("national-event-sources"), c.sources);
}
