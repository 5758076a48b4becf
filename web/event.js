// The "Whole event" tab: open or paste a TRF or PGN file, see every player rated by elo_core,
// sort, give a player's K or games before the event, open one player's games, export CSV.
// Text from the file is only ever shown as text (event-view.js).

import { grouped, setText } from "./format.js";
import { showEvent, showEventErrors, showNoEvent, showTable } from "./event-view.js";

const $ = (id) => document.getElementById(id);
// elo_core reads at most this much (event.MAX_EVENT_CHARS); a larger file is refused here, unread.
const MAX_FILE_BYTES = 20_000_000;
// The table lists at most this many players (the CSV has them all).
const TABLE_LIMIT = 2000;
const OPTIONS = { kind: "event-kind", rules: "event-rules", k: "event-k", format: "event-format", norms: "event-norms",
  norm_types: "event-norm-types", exemption: "event-exemption", host_federation: "event-host", min_games: "event-min-games" };
// Sent only with norms checked; the host federation only for the exemption that needs it (1.4.3b).
const NORM_OPTIONS = ["norm_types", "exemption", "host_federation", "min_games"];
const HOST_EXEMPTION = "1.4.3b";

// An option's value as text; the norm types (a group of boxes) as the chosen ones with commas.
const boxes = (id) => [...$(id).querySelectorAll("input[type=checkbox]")];
const chosen = (id) => boxes(id).filter((b) => b.checked).map((b) => b.value);
const optionValue = (id) => ($(id).tagName === "FIELDSET" ? chosen(id).join(",") : $(id).value);
function setOption(id, value) {
  if ($(id).tagName !== "FIELDSET") $(id).value = value;
  else for (const b of boxes(id)) b.checked = value.split(",").includes(b.value);
}

// The norm options show only with norms checked, the host federation only for 1.4.3b.
function showNormOptions() {
  $("event-norm-options").hidden = !$("event-norms").value;
  $("event-host-field").hidden = $("event-exemption").value !== HOST_EXEMPTION;
}

// The players' own values, each a map of player keys to what was typed, by the event request's
// argument: their K, their games played before, their standard rating (rapid and blitz, 7.2.1).
// Without a prototype: a player named "constructor" or "__proto__" is a key like any other.
const byPlayer = (entries = []) => Object.assign(Object.create(null), Object.fromEntries(entries));
const noneGiven = () => ({ k_by_player: byPlayer(), games_played_by_player: byPlayer(), standard_by_player: byPlayer() });
// Where a page before the norms (and its kept inputs) held the first two.
const EARLIER = { k_by_player: "kByPlayer", games_played_by_player: "gamesByPlayer" };

// The "Whole event" tab (one, made by app.js). `tab`: what it holds, the file, what the page
// noticed reading it, the players' own values, the player opened, the sort, and elo_core's last
// answer; event-view.js shows it.
export class EventTab {
  #tab = { text: "", name: "", readNote: null, perPlayer: noneGiven(), selected: null,
    sort: { key: "rank", down: false }, report: null, actions: null };
  #hooks = null;
  #kept;
  #opened = 0; // counts the files chosen (and texts pasted): only the newest is used when read

  // `kept`: the page's KeptInputs (session.js), which keeps the file for a reload.
  constructor(kept) {
    this.#kept = kept;
    const tab = this.#tab;
    // The table's own inputs and links: a player's own value (`name`: one of PER_PLAYER), or opening a player.
    tab.actions = {
      open: (key) => {
        tab.selected = key;
        tab.openRequested = true;
        this.#hooks.update();
      },
      set: (name, key, value) => {
        if (value.trim()) tab.perPlayer[name][key] = value;
        else delete tab.perPlayer[name][key];
        this.#hooks.update();
      },
    };
  }

  // The event request's args for what is open now, or null when there is no file.
  args() {
    return this.#tab.text ? this.#argsWith() : null;
  }

  // The tab's inputs other than the file, for session.js: the options and the players' own values.
  inputs() {
    return { options: Object.fromEntries(Object.entries(OPTIONS).map(([n, id]) => [n, optionValue(id)])),
      perPlayer: this.#tab.perPlayer };
  }

  // No file: what was shown from the last one is cleared.
  clear() {
    this.#tab.report = null;
    showNoEvent(this.#tab);
  }

  render(answer) {
    const tab = this.#tab;
    if (!answer.ok) {
      tab.report = null;
      showEventErrors(answer.errors, tab);
      return;
    }
    const sameTable = tab.report && JSON.stringify(answer.result.players) === JSON.stringify(tab.report.players);
    tab.report = answer.result;
    showEvent(tab, { sameTable });
  }

  // After a reload: the file this tab held, and its options.
  async restore(saved) {
    this.#restoreInputs(saved);
    const opened = this.#opened;
    const file = await this.#kept.savedEventFile();
    if (!file || this.#tab.text || opened !== this.#opened) return;
    const { text, note } = file.blob ? decode(await file.blob.arrayBuffer()) : { text: file.text, note: file.note };
    if (this.#tab.text || opened !== this.#opened) return; // a file opened meanwhile wins
    this.#useText(text, typeof file.name === "string" ? file.name : "", typeof note === "string" ? note : null);
    this.#restoreInputs(saved); // useText starts a file afresh; the saved values are this file's
    this.#hooks.update();
  }

  // `hooks`: {ask, update, fill}, the page's (app.js).
  bind(hooks) {
    const tab = this.#tab;
    this.#hooks = hooks;
    $("event-file").addEventListener("change", (e) => this.#openFile(e.target.files[0]));
    const drop = $("event-box");
    drop.addEventListener("dragover", (e) => {
      e.preventDefault();
      drop.classList.add("dropping");
    });
    drop.addEventListener("dragleave", () => drop.classList.remove("dropping"));
    drop.addEventListener("drop", (e) => {
      e.preventDefault();
      drop.classList.remove("dropping");
      this.#openFile(e.dataTransfer.files[0]);
    });
    let timer = null;
    $("event-text").addEventListener("input", (e) => {
      e.stopPropagation(); // a paste is rated once typing pauses, not per keystroke
      clearTimeout(timer);
      const opened = ++this.#opened;
      timer = setTimeout(() => {
        if (opened !== this.#opened) return;
        this.#useText($("event-text").value, "the pasted text", null);
        this.#kept.saveEventFile(tab.text ? { blob: new Blob([tab.text]), name: tab.name } : null);
        hooks.update();
      }, 250);
    });
    for (const th of $("players").tHead.rows[0].cells) {
      th.querySelector("button")?.addEventListener("click", () => {
        const key = th.dataset.key;
        tab.sort = { key, down: tab.sort.key === key ? !tab.sort.down
          : ["rating", "score", "change", "change_rounded", "new_rating", "performance", "initial_rating", "expected",
            "games", "k"].includes(key) };
        showTable(tab);
      });
    }
    $("event-box").addEventListener("input", showNormOptions);
    // The host federation is asked for once left, not per letter: "GE" is no federation yet.
    $("event-host").addEventListener("input", (e) => e.stopPropagation());
    $("event-host").addEventListener("change", () => hooks.update());
    $("event-csv").addEventListener("click", () => this.#exportCsv());
    $("season-fill").addEventListener("click", () => this.#fillSeason());
    $("event-open").addEventListener("click", () => this.#openPlayer());
    $("event-back").addEventListener("click", () => {
      const row = document.querySelector(`#players tr[data-key="${CSS.escape(tab.selected ?? "")}"] button`);
      (row ?? $("players")).focus();
    });
  }

  // The table needs every player's totals only; the games of the one player opened come as
  // `detail` (elo_core keeps the rated event, so opening a player is a lookup).
  #argsWith(extra = {}) {
    const tab = this.#tab;
    const args = { text: tab.text, details: false, detail: tab.selected, limit: TABLE_LIMIT, ...extra };
    for (const [name, id] of Object.entries(OPTIONS)) {
      if (!NORM_OPTIONS.includes(name) && $(id).value.trim()) args[name] = $(id).value;
    }
    if (args.norms) {
      Object.assign(args, { norms: true, pairing: args.norms }); // the list says both
      // Every box unchecked is sent as such: elo_core asks for one.
      args.norm_types = chosen(OPTIONS.norm_types);
      for (const name of ["exemption", "min_games"]) if ($(OPTIONS[name]).value) args[name] = $(OPTIONS[name]).value;
      if (args.exemption === HOST_EXEMPTION) args.host_federation = $(OPTIONS.host_federation).value;
    }
    for (const [name, values] of Object.entries(tab.perPlayer)) if (Object.keys(values).length) args[name] = { ...values };
    if (this.#hooks?.fideList?.()) args.fide_list = true; // K, titles, federations, sex from the list in use
    return args;
  }

  #restoreInputs(saved) {
    if (!saved || typeof saved !== "object") return;
    for (const [name, id] of Object.entries(OPTIONS)) if (typeof saved.options?.[name] === "string") setOption(id, saved.options[name]);
    showNormOptions();
    const numbers = (m) => byPlayer(Object.entries(m && typeof m === "object" ? m : {}).filter(([, v]) => typeof v === "string"));
    this.#tab.perPlayer = Object.fromEntries(Object.keys(noneGiven()).map((name) =>
      [name, numbers(saved.perPlayer?.[name] ?? saved[EARLIER[name]])]));
  }

  #useText(text, name, note) {
    Object.assign(this.#tab, { text, name, readNote: note, selected: null, perPlayer: noneGiven() });
    const shown = text.length <= 200_000;
    $("event-text").value = shown ? text : "";
    $("event-text").placeholder = shown ? "" : `${name}: ${grouped(text.length)} characters (not shown)`;
  }

  // The newest file chosen wins: a large one chosen first and read last is dropped once read.
  async #openFile(file) {
    if (!file) return;
    const opened = ++this.#opened;
    const mb = (bytes) => (bytes / 1e6).toLocaleString("en", { maximumFractionDigits: 1 });
    const refused = file.size > MAX_FILE_BYTES ? `${mb(file.size)} MB; at most ${mb(MAX_FILE_BYTES)} MB is read.`
      : file.size === 0 ? "empty." : null;
    if (refused) {
      this.#useText("", "", null);
      this.#hooks.update(); // an answer still coming for the previous text is dropped, the tab emptied
      showEventErrors([{ field: "text", message: `${file.name} is ${refused}`, file: true }], this.#tab);
      this.#kept.saveEventFile(null);
      return;
    }
    const bytes = await file.arrayBuffer();
    if (opened !== this.#opened) return; // another file was chosen meanwhile
    const decoded = decode(bytes);
    this.#useText(decoded.text, file.name, decoded.note);
    this.#kept.saveEventFile({ blob: file, name: this.#tab.name });
    this.#hooks.update();
  }

  // The same view as the tournament tab: fill it with this player's counted games.
  #openPlayer() {
    const p = this.#tab.report?.detail;
    if (!p) return;
    const e = this.#tab.report.event;
    if (p.breakdown) {
      this.#hooks.fill("tournament", { rating: p.rating, k: p.effective_k ?? p.k, rules: e.rules, kind: e.kind,
        games: p.breakdown.games.map((g) => [g.opponent, g.score]) });
    } else {
      // An unrated player: the games that go into a first rating (played, rated, rated opponent).
      this.#hooks.fill("initial", { games: p.rounds.filter((g) => g.played && g.rated && g.opponent_rating)
        .map((g) => [g.opponent_rating, g.points]) });
    }
  }

  async #fillSeason() {
    const answer = await this.#hooks.ask("event", this.#argsWith({ player: $("season-player").value }), { lane: "event" });
    if (!answer.ok) return showEventErrors(answer.errors, this.#tab, { keep: true });
    const s = answer.result.season;
    this.#hooks.fill(s.rating ? "tournament" : "initial", { rating: s.rating, k: s.k, rules: s.rules, kind: s.kind,
      games: s.games.map((g) => [g.opponent, g.score]) });
  }

  async #exportCsv() {
    const answer = await this.#hooks.ask("event_csv", this.#argsWith(), { lane: "event" });
    if (!answer.ok) return showEventErrors(answer.errors, this.#tab, { keep: true });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([answer.result.csv], { type: "text/csv;charset=utf-8" }));
    link.download = answer.result.filename;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    setText($("event-kind-msg"), "");
  }
}

// Decode as UTF-8; UTF-16 by its byte-order mark (Windows' "Unicode" export); a file that is
// neither (an older pairing program's Latin-1) is read as Windows-1252 and the person is told,
// since accented names may then be wrong.
function decode(buffer) {
  const head = new Uint8Array(buffer, 0, Math.min(2, buffer.byteLength));
  const utf16 = head[0] === 0xff && head[1] === 0xfe ? "utf-16le" : head[0] === 0xfe && head[1] === 0xff ? "utf-16be" : null;
  try {
    if (utf16) return { text: new TextDecoder(utf16, { fatal: true }).decode(buffer), note: null };
  } catch {
    /* not UTF-16 after all: read as below */
  }
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(buffer), note: null };
  } catch {
    return { text: new TextDecoder("windows-1252").decode(buffer),
             note: "The file is not UTF-8: it was read as Latin-1 (Windows-1252); check accented names." };
  }
}
