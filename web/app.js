// The page: wires the form, the address, the engine and the views together. Each concern lives in
// its own module (docs/architecture.md, "Page modules"); no rating arithmetic anywhere here:
// every number shown comes from elo_core. The form is the state; the address mirrors it.
// Render-blocking (index.html): it runs before the first paint, which then shows the link's
// values and game rows in place (docs/performance.md, "Set up before the first paint").

import { foreseen } from "./ahead.js";
import { formatAddress, parseAddress } from "./address.js";
import { setCurve, watchCharts } from "./chart-panel.js";
import { embedCode, reportHeight } from "./embed.js";
import { ask, askAhead, onSettled, onStatus, scriptURL, worthAskingAhead } from "./engine.js";
import { bindEvent, clearEvent, renderEvent } from "./event.js";
import { fieldOf, readForm, refuseRules, requests, rulesWritten, withField } from "./form.js";
import { fixed, setText } from "./format.js";
import { clearMessages } from "./messages.js";
import { registerServiceWorker, served } from "./offline.js";
import { primeCodeCache } from "./primer.js";
import { renderInitial, renderPerformance, renderSingle } from "./render-tabs.js";
import { clearUnasked, renderKfactor, renderRate, renderScoreNeeded, renderWhatIf } from "./render-tournament.js";
import { addRows, removeAll, removeRow } from "./rows.js";
import { showStatus } from "./status.js";
import { bindTabs, selectTab, showForTab } from "./tabs.js";

const $ = (id) => document.getElementById(id);
const RENDER = { rate: renderRate, kfactor: renderKfactor, what_if: renderWhatIf, score_needed: renderScoreNeeded,
  single: renderSingle, performance: renderPerformance, initial: renderInitial, event: renderEvent };
const ADDRESS_DELAY_MS = 400; // the address follows once typing pauses (docs/performance.md)
const TYPING_PAUSE_MS = 1000; // offline copies wait for this much quiet (docs/performance.md)

const page = { tab: "tournament", latest: 0, addressTimer: null, aheadTimer: null };
const address = parseAddress(location.search);

// ---------- asking and showing ----------

async function update() {
  scheduleAddress();
  const id = ++page.latest;
  const list = requests(readForm(page.tab));
  if (page.tab === "tournament") clearUnasked(list);
  if (page.tab === "event" && !list.length) clearEvent();
  if (!list.length) return;
  scheduleAhead();
  let answer;
  try {
    answer = await ask("batch", { requests: list }); // answered ahead: shown in this very task
  } catch {
    return; // the status line already says what failed; the inputs stay as they are
  }
  if (id !== page.latest) return;
  // A batch refused whole (a request far too large): each part of the page shows that it has no
  // answer, rather than keeping the figures of an earlier one.
  const answers = answer.ok ? answer.result : list.map(() => ({ ok: false, errors: answer.errors ?? [] }));
  clearMessages();
  list.forEach((req, i) => RENDER[req.op](answers[i]));
}

// While a field is edited, the requests its next keystroke may make (ahead.js), built by
// requests() itself with that one field's value replaced.
function prepareAhead() {
  if (page.tab === "event") return;
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
  const { query, tooLong } = formatAddress(readForm(page.tab));
  setText($("share-note"), tooLong.length ? `Too long for a link: ${tooLong.join(", ")}; the link leaves it out.` : "");
  const full = `${location.pathname}?${query}`;
  try {
    history.replaceState(null, "", address.embed ? `${full}&embed=1` : full);
  } catch {
    /* an address the browser refuses is not worth breaking the page for */
  }
  $("share").href = full;
  $("open-full").href = full;
  $("embed-code").value = embedCode(new URL(`${full}&embed=1`, location.href).href);
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

// The address's values and rows, before the first paint.
function fillFromAddress() {
  for (const [name, value] of Object.entries(address.values)) {
    const el = $(name);
    if (el.tagName === "SELECT" && ![...el.options].some((o) => o.value === value)) {
      el.add(new Option(value, value)); // shown as it is: elo_core's message says what is wrong with it
    }
    el.value = value;
    if (name === "rules" && el.value !== value) refuseRules(value);
  }
  addRows(address.games ?? [["1750", "1"], ["1900", "0.5"]], rowOptions);
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

function bindControls() {
  bindTabs((tab, focus) => {
    setTab(tab, focus);
    update();
  });
  $("form").addEventListener("input", update);
  for (const type of ["focusin", "selectionchange"]) document.addEventListener(type, scheduleAhead);
  $("rules").addEventListener("input", rulesWritten, { capture: true });
  document.addEventListener("submit", (e) => e.preventDefault()); // every form: nothing is ever sent
  for (const id of ["next", "target", "remaining"]) $(id).addEventListener("input", update);
  $("add-game").addEventListener("click", () => {
    addRows([["", "1"]], rowOptions)[0].querySelector(".opp").focus();
    update();
  });
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
  reportHeight();
  onStatus(showStatus);
  // Offline copies and the primer wait until the worker's start is done and no one has typed for
  // a moment, so they never compete with the start or with typing (docs/performance.md).
  onSettled(() => whenTypingPauses(() => registerServiceWorker(scriptURL)));
  onSettled(({ prime }) => prime && served.then(() => primeCodeCache(scriptURL)));
  $("rules").value = today();
  fillFromAddress();
  bindControls();
  watchCharts({ embed: address.embed });
  update(); // asked first, so the first answer is the result
  ask("curve").then((a) => {
    setCurve(a.result);
    update();
  }).catch(() => {});
  fillBandsTable().catch(() => {});
}

start();
