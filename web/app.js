// The page's entry: makes the page's parts (each concern in its own module: docs/architecture.md,
// "The page") and wires them to the form, the address and each other; all of the page's state is
// held here or by these parts. No rating arithmetic anywhere here: every number shown comes from
// elo_core. The form is the state; the address mirrors it. Render-blocking (index.html): it runs
// before the first paint, which then shows the link's values and game rows in place
// (docs/performance.md, "Set up before the first paint").

import { MAX_GAMES, parseAddress, TABS } from "./address.js";
import { Charts } from "./charts.js";
import { WORKER } from "./contract.js";
import { Engine, scriptURLs, STALL_MS } from "./engine.js";
import { EventTab } from "./event.js";
import { FideListBox } from "./fide-list.js";
import { Form, requests, setValue } from "./form.js";
import { grouped, setText, today } from "./format.js";
import { Headline, watchHeadline } from "./headline.js";
import { fillLichessSettings, renderLichess } from "./lichess.js";
import { Lookup } from "./lookup.js";
import { OfflineCopy, primeCodeCache, reportHeight, startWhenInView } from "./lifecycle.js";
import { renderNational, renderNationalEvent } from "./national.js";
import { Period } from "./period.js";
import { PeriodView } from "./period-view.js";
import { Results, showBands } from "./render.js";
import { Rows } from "./rows.js";
import { KeptInputs } from "./session.js";
import { Sharing } from "./share.js";
import { showKeeping, showStatus, Waiting } from "./status.js";
import { isCheckbox, isNational, NATIONAL, SYSTEMS, tabFor } from "./systems.js";
import { bindTabs, selectSystem, selectTab, showForTab } from "./tabs.js";

const address = parseAddress(location.search);
// A frame sandboxed without allow-same-origin can run no worker: sandboxed.js says so.
const sandboxed = self.origin === "null";
// The engine first: its worker starts loading Python at once; an embed's once its frame is in
// view (lifecycle.js, startWhenInView). An embed's keeps no snapshot for a next visit (a blog's reader is sent only what the
// first result needs). Tests shorten the start's limit (engine.js, STALL_MS) by setting
// `eloTestStallMs` before the page's scripts run; the site never sets it.
const scriptURL = scriptURLs();
const engine = new Engine({ scriptURL, name: address.embed ? WORKER.embed : WORKER.page, start: !address.embed && !sandboxed,
  stallMs: () => globalThis.eloTestStallMs ?? STALL_MS });
const ask = (op, args, options) => engine.ask(op, args, options);

const rows = new Rows();
const charts = new Charts();
const period = new Period({ rows, show: (root) => showForTab(page.tab, root), update: () => update(),
  rowOptions: (owner) => rowOptionsFor(owner), open: !address.embed });
const results = new Results({ rows, charts, eventRows: (i) => period.rowsOf(i) });
const periodView = new PeriodView({ results, period });
const headline = new Headline((testid) => results.q(testid));
const kept = new KeptInputs({ embed: address.embed, onTrouble: () => showKeeping(false, address) });
const eventTab = new EventTab(kept);
const form = new Form({ rows, event: eventTab, period });
const waiting = new Waiting();
const sharing = new Sharing({ read: () => form.read(page.tab), settled: () => (period.pending() ? period.settled() : null),
  rulesChosen: () => form.rulesChosen(), keep: (state) => keepInputs(state), embed: address.embed, theme: address.theme });
// The FIDE list the user opened (not in an embed): players offered in the rating boxes.
const lookup = address.embed || sandboxed ? null : new Lookup({ ask, kind: () => document.getElementById("kind").value });
// The list's players are offered under FIDE only: its ratings are no other system's.
const offerPlayers = () => lookup?.enable(Boolean(fideList?.inUse) && page.system === "fide");
const fideList = lookup && new FideListBox({ ask, onChange: () => (offerPlayers(), update()) });

const $ = (id) => document.getElementById(id);
const RENDER = { rate: (a) => results.rate(a), kfactor: (a) => results.kfactor(a), what_if: (a) => results.whatIf(a),
  score_needed: (a) => results.scoreNeeded(a), single: (a) => results.single(a), performance: (a) => results.performance(a),
  initial: (a) => results.initial(a), event: (a) => eventTab.render(a), lichess: (a) => renderLichess(a, results),
  period: (a) => periodView.render(a), period_what_if: (a, req) => periodView.whatIf(a, req), period_needed: (a) => periodView.needed(a) };
for (const system of NATIONAL) {
  RENDER[system] = (a) => renderNational(system, a, results);
  RENDER[`${system}_event`] = (a) => renderNationalEvent(system, a, results);
}

const page = { tab: "tournament", system: "fide", latest: 0 };
// Where the tab's answer is shown: a national system's own sections (national.js), else the tab's.
const view = () => (isNational(page.system) ? (page.tab === "event" ? "national-event" : "national") : page.tab);

// ---------- asking and showing ----------

async function update() {
  sharing.schedule();
  const id = ++page.latest;
  // What is shown no longer matches the inputs until the answer comes (status.js, Waiting).
  waiting.start($(`results-${view()}`));
  // A long list of rows is still being built (rows.js): the request waits for the last of them.
  if (period.pending()) await period.settled(); // every event's rows (period.js), the page's too
  if (id !== page.latest) return;
  const state = form.read(page.tab);
  keepInputs(state);
  const list = requests(state);
  if (page.tab === "tournament" && page.system === "fide") results.clearUnasked(list);
  if (page.tab === "event" && !list.length) eventTab.clear();
  if (!list.length) return waiting.done();
  let answer;
  try {
    answer = await ask("batch", { requests: list }, { lane: page.tab === "event" ? "event" : "calc" });
  } catch (error) {
    // No answer (the engine failed, or stopped this request): no part of the page keeps the
    // figures of an earlier answer, and the message says why. A request replaced by a newer one
    // needs nothing: the newer one's answer comes.
    if (id === page.latest && error.kind !== "replaced") show(list, list.map(() => unanswered(error)));
    return;
  }
  if (id !== page.latest) return; // a newer request's answer is the one to show
  // A batch refused whole (a request far too large): each part of the page shows that it has no
  // answer, rather than keeping the figures of an earlier one.
  show(list, answer.ok ? answer.result : list.map(() => ({ ok: false, errors: answer.errors ?? [] })));
}

// Every input of the tab, kept for a reload (session.js): the form's and the event tab's.
const keepInputs = (state) => kept.save({ ...state, event: null, eventInputs: eventTab.inputs() });

function show(list, answers) {
  waiting.done();
  results.clearMessages();
  list.forEach((req, i) => RENDER[req.view ?? req.op](answers[i], req));
  headline.show(view());
}

// An answer standing for one that did not come: its message goes where the request's input is.
const unanswered = (error) => ({ ok: false, unanswered: true,
  errors: [{ field: page.tab === "event" ? "text" : null, message: error.message }] });

// ---------- the form ----------

function setTab(tab, focus) {
  page.tab = tab;
  selectTab(tab, focus);
}

// A rating system decides the tabs shown and each tab's inputs (systems.js); the tab stays when
// the new system has it.
function setSystem(system, focus = false) {
  page.system = system;
  selectSystem(system);
  offerPlayers();
  // A period is FIDE's: another system rates event 1's games, its box open and the rest hidden (period.css).
  if (system !== "fide") period.events()[0]?.box.setAttribute("open", "");
  setTab(tabFor(system, page.tab), focus);
}

// The options of a games table's rows: the page's, or a period's event's (period.js).
const rowOptionsFor = (owner) => ({
  show: (row) => showForTab(page.tab, row),
  onRemove: (row) => {
    const next = row.nextElementSibling || row.previousElementSibling;
    const add = row.closest(".event-games")?.querySelector(".add-event-game") ?? $("add-game");
    owner.remove(row);
    (next ? next.querySelector(".opp") : add).focus();
    update();
  },
});
const rowOptions = rowOptionsFor(rows);

// The address's values and rows, before the first paint; then what this tab held before a reload
// (session.js): all of it when reloaded at the same address, else what links do not hold.
function fillFromAddress() {
  for (const id of ["uscf_end", "dwz_end"]) $(id).value = today();
  for (const [name, value] of Object.entries(address.values)) {
    if (isCheckbox(name)) {
      $(name).checked = value === "true";
      continue;
    }
    setValue($(name), value);
    if (name === "rules") $(name).value === value ? form.rulesWritten() : form.refuseRules(value);
  }
  const saved = kept.saved();
  const same = Boolean(saved?.same);
  if (saved) form.write(saved.state, same ? {} : { only: ["next", "target", "remaining"] });
  const games = same && Array.isArray(saved.state.games) ? saved.state.games.slice(0, MAX_GAMES)
    .filter((g) => g && typeof g.opponent === "string" && typeof g.score === "string").map((g) => [g.opponent, g.score]) : null;
  rows.add(games ?? address.games ?? [["1750", "1"], ["1900", "0.5"]], rowOptions);
  period.restore(same && saved.state.period ? saved.state.period : address.period);
  if (same && TABS.includes(saved.state.tab)) address.tab = saved.state.tab;
  if (same && SYSTEMS.includes(saved.state.system)) address.system = saved.state.system;
  if (address.gamesInLink > MAX_GAMES) {
    setText($("link-note"), `The link holds ${grouped(address.gamesInLink)} games; at most ` +
      `${grouped(MAX_GAMES)} are rated, so the first ${grouped(MAX_GAMES)} are shown.`);
  }
  page.tab = address.tab;
  setSystem(address.system);
}

// Fills a tab's inputs (from an imported event) and shows it.
function fill(tab, values) {
  for (const key of ["rating", "k", "rules", "kind"]) {
    if (values[key] !== undefined && values[key] !== null && values[key] !== 0) $(key).value = String(values[key]);
  }
  form.rulesWritten();
  period.clear();
  rows.removeAll();
  rows.add(values.games, rowOptions);
  setTab(tab, true);
  update();
}

async function fillBandsTable() {
  if ($("bands").tBodies[0].rows.length) return; // asked again after a Retry
  showBands((await ask("table")).result);
}

// A field typed in keeps its message until it is left; a row typed in is no longer new.
function edited(event) {
  const input = event.target;
  if (input.tagName === "INPUT" && input.type !== "checkbox") results.holdMessages(input);
  delete input.closest("tr")?.dataset.pristine;
  period.edited(input);
  update();
}

// A list pasted into an opponent's box fills rows from there on (elo_core splits it).
async function pasteGames(event) {
  const input = event.target;
  const text = event.clipboardData?.getData("text") ?? "";
  if (!input.classList.contains("opp") || !/[\n,;]|\S\s+\S/.test(text.trim())) return;
  event.preventDefault();
  const answer = await ask("games_text", { text });
  if (!answer.ok) return setText($("link-note"), `Pasted games: ${answer.errors[0].message}`);
  const games = answer.result.games.slice(0, MAX_GAMES);
  if (!games.length) return;
  const row = input.closest("tr");
  const owner = period.rowsOfRow(row);
  const [first, ...rest] = games;
  input.value = first[0];
  setValue(row.querySelector(".score"), first[1]);
  delete row.dataset.pristine;
  owner.add(rest, rowOptionsFor(owner), row);
  setText($("link-note"), `${grouped(games.length)} games pasted.`);
  update();
}

// Every input of the tab is forgotten, also what was typed a moment ago (nothing is written as
// the page is left: session.js); an embed keeps its theme.
async function reset() {
  sharing.forget();
  await kept.forget();
  location.replace(address.embed ? `?embed=1${sharing.themed()}` : "?");
}

function bindControls() {
  bindTabs((tab, focus) => {
    setTab(tab, focus);
    update();
    tabShown();
  });
  $("system").addEventListener("change", () => {
    setSystem($("system").value);
    update();
    tabShown();
  });
  $("form").addEventListener("input", edited);
  $("form").addEventListener("paste", pasteGames);
  document.addEventListener("focusout", (event) => results.releaseMessages(event.target) && update());
  $("rules").addEventListener("input", () => form.rulesWritten(), { capture: true });
  document.addEventListener("submit", (e) => e.preventDefault()); // every form: nothing is ever sent
  for (const id of ["next", "target", "remaining"]) $(id).addEventListener("input", edited);
  $("add-game").addEventListener("click", async () => {
    const [row] = await rows.add([["", "1"]], rowOptions);
    if (!row) return;
    row.dataset.pristine = "1"; // left out of the requests until typed in: the result stays
    row.querySelector(".opp").focus();
    update();
  });
  $("add-event").addEventListener("click", () => period.add());
  $("reset").addEventListener("click", reset);
  $("load-retry").addEventListener("click", () => {
    engine.retry();
    askTables();
    update();
  });
  $("advisor").addEventListener("toggle", update);
  $("use-k").addEventListener("click", () => {
    $("k").value = $("use-k").dataset.k;
    update();
  });
  eventTab.bind({ ask, update, fill, fideList: () => Boolean(fideList?.inUse) });
  sharing.bind();
}

function start() {
  if (address.embed) document.body.classList.add("embed");
  if (address.theme !== "auto") document.documentElement.dataset.theme = address.theme;
  reportHeight();
  if (!sandboxed) engine.onStatus(showStatus);
  if (fideList) engine.onStatus((s) => s.stage === "ready" && fideList.restore()); // each fresh worker gets the kept list
  if (address.embed && !sandboxed) startWhenInView(() => engine.start());
  // Offline copies and the primer wait until the worker's start is done and no one has typed for
  // a moment, so they never compete with the start or with typing (docs/performance.md). An
  // embed has neither: a blog's reader pays only for the calculator they see.
  if (!address.embed) {
    const offline = new OfflineCopy(scriptURL);
    offline.reloadOnTakeover();
    engine.onSettled(() => offline.registerWhenTypingPauses());
    engine.onSettled(({ prime }) => prime && offline.served.then(() => primeCodeCache(scriptURL)));
  }
  $("rules").value = today();
  fillFromAddress();
  bindControls();
  eventTab.restore(kept.saved()?.state.eventInputs).catch(() => {});
  if (address.embed || !kept.keeping) showKeeping(kept.keeping, address);
  charts.watch({ embed: address.embed });
  watchHeadline();
  update(); // asked first, so the first answer is the result
  askTables();
  tabShown();
}

// What the page asks once, after the result (again after a Retry).
function askTables() {
  ask("curve").then((a) => {
    charts.setCurve(a.result);
    update();
  }).catch(() => {});
  fillBandsTable().catch(() => {});
}

// What a tab shows beside its result, asked for once it is first shown, after the result: the
// online ratings' code is not in the start's library (docs/performance.md, "The page's library").
function tabShown() {
  if (page.tab === "lichess") fillLichessSettings(ask).catch(() => {});
}

start();
