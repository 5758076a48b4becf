// The page: wires the form, the address, the engine and the views together. Each concern lives in
// its own module (docs/architecture.md, "Page modules"); no rating arithmetic anywhere here:
// every number shown comes from elo_core. The form is the state; the address mirrors it.
// Render-blocking (index.html): it runs before the first paint, which then shows the link's
// values and game rows in place (docs/performance.md, "Set up before the first paint").

import { foreseen } from "./ahead.js";
import { formatAddress, MAX_GAMES, parseAddress, TABS } from "./address.js";
import { setCurve, watchCharts } from "./charts.js";
import { ask, askAhead, onSettled, onStatus, scriptURL, worthAskingAhead } from "./engine.js";
import { bindEvent, clearEvent, eventInputs, renderEvent, restoreEvent } from "./event.js";
import { fieldOf, readForm, refuseRules, requests, rulesChosen, rulesWritten, setValue, withField, writeForm } from "./form.js";
import { fixed, grouped, setText } from "./format.js";
import { showHeadline, watchHeadline } from "./headline.js";
import { fillLichessSettings, renderLichess } from "./lichess.js";
import { embedCode, primeCodeCache, registerServiceWorker, reloadOnTakeover, reportHeight, served } from "./lifecycle.js";
import { clearMessages, clearUnasked, holdMessages, releaseMessages, renderInitial, renderKfactor, renderPerformance, renderRate, renderScoreNeeded,
  renderSingle, renderWhatIf } from "./render.js";
import { addRows, pending as rowsPending, removeAll, removeRow, settled as rowsSettled } from "./rows.js";
import { forgetInputs, saveInputs, savedInputs } from "./session.js";
import { showStatus } from "./status.js";
import { bindTabs, selectTab, showForTab } from "./tabs.js";

const $ = (id) => document.getElementById(id);
const RENDER = { rate: renderRate, kfactor: renderKfactor, what_if: renderWhatIf, score_needed: renderScoreNeeded,
  single: renderSingle, performance: renderPerformance, initial: renderInitial, event: renderEvent, lichess: renderLichess };
const ADDRESS_DELAY_MS = 400; // the address follows once typing pauses (docs/performance.md)
const TYPING_PAUSE_MS = 1000; // offline copies wait for this much quiet (docs/performance.md)

const page = { tab: "tournament", latest: 0, addressTimer: null, aheadTimer: null };
const address = parseAddress(location.search);

// ---------- asking and showing ----------

async function update() {
  scheduleAddress();
  const id = ++page.latest;
  // A long list of rows is still being built (rows.js): the request waits for the last of them.
  if (rowsPending()) await rowsSettled();
  if (id !== page.latest) return;
  const state = readForm(page.tab);
  keepInputs(state);
  const list = requests(state);
  if (page.tab === "tournament") clearUnasked(list);
  if (page.tab === "event" && !list.length) clearEvent();
  if (!list.length) return;
  scheduleAhead();
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
  if (id !== page.latest) return;
  // A batch refused whole (a request far too large): each part of the page shows that it has no
  // answer, rather than keeping the figures of an earlier one.
  show(list, answer.ok ? answer.result : list.map(() => ({ ok: false, errors: answer.errors ?? [] })));
}

// Every input of the tab, kept for a reload (session.js): the form's and the event tab's.
const keepInputs = (state) => saveInputs({ ...state, event: null, eventInputs: eventInputs() });

function show(list, answers) {
  clearMessages();
  list.forEach((req, i) => RENDER[req.op](answers[i]));
  showHeadline(page.tab);
}

// An answer standing for one that did not come: its message goes where the request's input is.
const unanswered = (error) => ({ ok: false, unanswered: true,
  errors: [{ field: page.tab === "event" ? "text" : null, message: error.message }] });

// While a field is edited, the requests its next keystroke may make (ahead.js), built by
// requests() itself with that one field's value replaced.
function prepareAhead() {
  if (page.tab === "event" || rowsPending()) return;
  const control = document.activeElement;
  const field = control && fieldOf(control);
  const values = field && foreseen(control);
  if (!values) return;
  const state = readForm(page.tab);
  if (!worthAskingAhead("batch", { requests: requests(state) })) return askAhead("batch", []);
  const lists = values.map((value) => ({ requests: requests(withField(state, field, value)) }));
  askAhead("batch", lists.filter((args) => args.requests.length));
}

// After what changed the field or moved its caret (at most one timer pending).
function scheduleAhead() {
  page.aheadTimer ??= setTimeout(() => {
    page.aheadTimer = null;
    prepareAhead();
  });
}

// ---------- the address ----------

// Written once typing pauses: writing it takes the main thread a while, which between two
// keystrokes could hold up the next answer.
function scheduleAddress() {
  clearTimeout(page.addressTimer);
  page.addressTimer = setTimeout(flushAddress, ADDRESS_DELAY_MS);
}

// Written at once, if due, when someone is about to use it (the links, the embed code) or leaves.
function flushAddress() {
  if (page.addressTimer === null) return;
  clearTimeout(page.addressTimer);
  page.addressTimer = null;
  writeAddress();
}

function writeAddress() {
  // Rows still being built would give an address (and kept inputs) without the last games; the
  // address then still holds them.
  if (rowsPending()) return void rowsSettled().then(scheduleAddress);
  const { query, tooLong } = formatAddress(readForm(page.tab), { leave: rulesChosen() ? [] : ["rules"] });
  setText($("share-note"), tooLong.length ? `Too long for a link: ${tooLong.join(", ")}; the link leaves it out.` : "");
  // Relative to the page, never built from its path: served at "//", a path would be read as a host.
  const full = `?${query}`;
  try {
    history.replaceState(null, "", address.embed ? `${full}&embed=1${themed()}` : full);
  } catch {
    /* an address the browser refuses is not worth breaking the page for */
  }
  keepInputs(readForm(page.tab)); // now under the address written
  $("share").href = full;
  $("open-full").href = full;
  $("embed-code").value = embedCode(new URL(`${full}&embed=1${themed()}`, location.href).href);
}

// The theme the embed code asks for (its list), or the one this embed was given.
function themed() {
  const theme = address.embed ? address.theme : $("embed-theme").value;
  return theme === "auto" ? "" : `&theme=${theme}`;
}

// ---------- the form ----------

function setTab(tab, focus) {
  page.tab = tab;
  selectTab(tab, focus);
}

const rowOptions = {
  show: (row) => showForTab(page.tab, row),
  onRemove: (row) => {
    const next = row.nextElementSibling || row.previousElementSibling;
    removeRow(row);
    (next ? next.querySelector(".opp") : $("add-game")).focus();
    update();
  },
};

// The address's values and rows, before the first paint; then what this tab held before a reload
// (session.js): all of it when reloaded at the same address, else what links do not hold.
function fillFromAddress() {
  for (const [name, value] of Object.entries(address.values)) {
    setValue($(name), value);
    if (name === "rules") ($(name).value === value ? rulesWritten : refuseRules)(value);
  }
  const saved = savedInputs();
  const same = Boolean(saved?.same);
  if (saved) writeForm(saved.state, same ? {} : { only: ["next", "target", "remaining"] });
  const games = same && Array.isArray(saved.state.games) ? saved.state.games.slice(0, MAX_GAMES)
    .filter((g) => g && typeof g.opponent === "string" && typeof g.score === "string").map((g) => [g.opponent, g.score]) : null;
  addRows(games ?? address.games ?? [["1750", "1"], ["1900", "0.5"]], rowOptions);
  if (same && TABS.includes(saved.state.tab)) address.tab = saved.state.tab;
  if (address.gamesInLink > MAX_GAMES) {
    setText($("link-note"), `The link holds ${grouped(address.gamesInLink)} games; at most ` +
      `${grouped(MAX_GAMES)} are rated, so the first ${grouped(MAX_GAMES)} are shown.`);
  }
  setTab(address.tab, false);
}

// Fills a tab's inputs (from an imported event) and shows it.
function fill(tab, values) {
  for (const key of ["rating", "k", "rules", "kind"]) {
    if (values[key] !== undefined && values[key] !== null && values[key] !== 0) $(key).value = String(values[key]);
  }
  rulesWritten();
  removeAll();
  addRows(values.games, rowOptions);
  setTab(tab, true);
  update();
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

// Calls `then` once no input event has come for TYPING_PAUSE_MS.
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

// A field typed in keeps its message until it is left; a row typed in is no longer new.
function edited(event) {
  const input = event.target;
  if (input.tagName === "INPUT" && input.type !== "checkbox") holdMessages(input);
  delete input.closest("tr")?.dataset.pristine;
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
  const [first, ...rest] = games;
  input.value = first[0];
  setValue(row.querySelector(".score"), first[1]);
  delete row.dataset.pristine;
  addRows(rest, rowOptions, row);
  setText($("link-note"), `${grouped(games.length)} games pasted.`);
  update();
}

async function reset() {
  await forgetInputs();
  location.replace(address.embed ? "?embed=1" : "?");
}

function copyLink() {
  flushAddress();
  navigator.clipboard.writeText(new URL($("share").getAttribute("href"), location.href).href).then(
    () => setText($("tools-note"), "Link copied."),
    () => setText($("tools-note"), "Copy the address from the address bar."));
}

function bindControls() {
  bindTabs((tab, focus) => {
    setTab(tab, focus);
    update();
    tabShown();
  });
  $("form").addEventListener("input", edited);
  $("form").addEventListener("paste", pasteGames);
  document.addEventListener("focusout", (event) => releaseMessages(event.target) && update());
  for (const type of ["focusin", "selectionchange"]) document.addEventListener(type, scheduleAhead);
  $("rules").addEventListener("input", rulesWritten, { capture: true });
  document.addEventListener("submit", (e) => e.preventDefault()); // every form: nothing is ever sent
  for (const id of ["next", "target", "remaining"]) $(id).addEventListener("input", edited);
  $("add-game").addEventListener("click", async () => {
    const [row] = await addRows([["", "1"]], rowOptions);
    if (!row) return;
    row.dataset.pristine = "1"; // left out of the requests until typed in: the result stays
    row.querySelector(".opp").focus();
    update();
  });
  $("copy-link").addEventListener("click", copyLink);
  $("reset").addEventListener("click", reset);
  $("embed-theme").addEventListener("change", writeAddress);
  $("advisor").addEventListener("toggle", update);
  $("use-k").addEventListener("click", () => {
    $("k").value = $("use-k").dataset.k;
    update();
  });
  bindEvent({ ask, update, fill });
  for (const id of ["share", "open-full", "embed-code", "embed-copy"]) {
    for (const type of ["pointerdown", "focusin"]) $(id).addEventListener(type, flushAddress);
  }
  addEventListener("pagehide", flushAddress);
  document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && flushAddress());
  $("embed-copy").addEventListener("click", () => {
    $("embed-code").select();
    navigator.clipboard.writeText($("embed-code").value).then(
      () => setText($("embed-copied"), "Copied."),
      () => setText($("embed-copied"), "Select the code and copy it."));
  });
}

function start() {
  if (address.embed) document.body.classList.add("embed");
  if (address.theme !== "auto") document.documentElement.dataset.theme = address.theme;
  reportHeight();
  onStatus(showStatus);
  // Offline copies and the primer wait until the worker's start is done and no one has typed for
  // a moment, so they never compete with the start or with typing (docs/performance.md). An
  // embed has neither: a blog's reader pays only for the calculator they see.
  if (!address.embed) {
    reloadOnTakeover();
    onSettled(() => whenTypingPauses(() => registerServiceWorker(scriptURL)));
    onSettled(({ prime }) => prime && served.then(() => primeCodeCache(scriptURL)));
  }
  $("rules").value = today();
  fillFromAddress();
  bindControls();
  restoreEvent(savedInputs()?.state.eventInputs).catch(() => {});
  watchCharts({ embed: address.embed });
  watchHeadline();
  update(); // asked first, so the first answer is the result
  ask("curve").then((a) => {
    setCurve(a.result);
    update();
  }).catch(() => {});
  fillBandsTable().catch(() => {});
  tabShown();
}

// What a tab shows beside its result, asked for once it is first shown, after the result: the
// online ratings' code is not in the start's library (docs/performance.md, "The page's library").
function tabShown() {
  if (page.tab === "lichess") fillLichessSettings(ask).catch(() => {});
}

start();
