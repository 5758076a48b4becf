// "FIDE rating list": the one place the page opens the list the user downloaded from FIDE
// (docs/fide-list.md). The file is read by the worker (list_open, list_read), a slice per request,
// its bytes handed over, never read whole here; then put in use (list_use, asking the month or
// kind the file does not say, and before a list of another month replaces the kept one), kept
// (list_export, list-store.js) and brought back on the next visit and after a restart of the
// worker (list_import). No rating arithmetic here.

import { ListStore } from "./list-store.js";

const CHUNK = 1 << 20; // bytes per list_read: the worker answers between them
const $ = (id) => document.getElementById(id);
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
  "November", "December"];
const month = (m) => (m ? `${MONTHS[Number(m.slice(5, 7)) - 1]} ${m.slice(0, 4)}` : "month not stated");
const count = (n) => n.toLocaleString("en");
const EXPECTED = "Expected FIDE's rating list as downloaded from ratings.fide.com: a .zip, or the .txt or .xml in it.";
// elo_core's messages name their field ("file"); the page says which file.
const message = (answer) => answer.errors.map((e) => e.message).join(" ");

export class FideListBox {
  #ask;
  #onChange;
  #store = new ListStore();
  #about = null; // the list in use: list_info's words, or null
  #reading = 0; // counts the files opened: only the newest is read on
  #restoring = null;
  #early; // the kept list, read from the browser's storage while the engine starts (restore takes it)

  // `ask`: the engine's; `onChange(about | null)`: the list in use changed.
  constructor({ ask, onChange }) {
    this.#ask = ask;
    this.#onChange = onChange;
    this.#early = this.#store.load().catch(() => null);
    $("fide-list").hidden = false;
    $("fide-list-file").addEventListener("change", (e) => e.target.files[0] && this.open(e.target.files[0]));
    const drop = $("fide-list");
    drop.addEventListener("dragover", (e) => (e.preventDefault(), drop.classList.add("dropping")));
    drop.addEventListener("dragleave", () => drop.classList.remove("dropping"));
    drop.addEventListener("drop", (e) => {
      e.preventDefault();
      drop.classList.remove("dropping");
      const file = e.dataTransfer?.files?.[0];
      if (file) this.open(file);
    });
    $("fide-list-remove").addEventListener("click", () => this.remove());
    this.#store.where().then((where) => {
      $("fide-list-where").textContent = `The list is read and kept in ${where}, until you replace or remove it. ` +
        "It never leaves your browser.";
    }, () => {});
  }

  // The list in use (list_info's words), or null.
  get inUse() {
    return this.#about;
  }

  // The kept list, into a fresh worker (each time one is ready); nothing kept: nothing to do.
  restore() {
    this.#restoring ??= this.#restore().finally(() => (this.#restoring = null));
    return this.#restoring;
  }

  async #restore() {
    const reading = this.#reading;
    const early = this.#early;
    this.#early = null; // its bytes go to this worker: a later one reads them again
    const kept = await (early ?? this.#store.load().catch(() => null));
    if (!kept || reading !== this.#reading) return;
    const answer = await this.#ask("list_import", {}, { binary: { into: "data", bytes: kept.bytes } }).catch((e) => e);
    if (reading !== this.#reading) return;
    if (!answer?.ok) {
      await this.#store.remove().catch(() => {});
      this.#show(null, answer?.errors ? message(answer) : "The kept FIDE list could not be loaded: open the list's file again.");
      return;
    }
    this.#show(answer.result);
  }

  // Reads `file` (a File), asks what the file does not say, then keeps the list.
  async open(file) {
    const reading = ++this.#reading;
    this.#early = null;
    const current = this.#about;
    this.#say("");
    $("fide-list-ask").hidden = true;
    const bar = $("fide-list-progress");
    bar.value = 0;
    bar.hidden = false;
    try {
      let progress = await this.#step(this.#ask("list_open", { size: file.size, name: file.name }));
      let at = 0;
      while (!progress.done) {
        if (reading !== this.#reading) return;
        let bytes = null;
        if (progress.needs_input && at < file.size) {
          bytes = await file.slice(at, at + CHUNK).arrayBuffer();
          at += bytes.byteLength;
        }
        const last = progress.needs_input && at >= file.size;
        progress = await this.#step(this.#ask("list_read", { last }, { binary: { into: "chunk", bytes } }));
        bar.value = progress.fraction;
        $("fide-list-status").textContent = `reading… ${count(progress.players)} players`;
      }
      if (reading !== this.#reading) return;
      bar.hidden = true;
      const said = await this.#asked(progress.list, current, reading);
      if (!said) return this.#show(this.#about);
      const used = await this.#step(this.#ask("list_use", said));
      await this.#keep(used);
      this.#show(used);
    } catch (error) {
      if (reading !== this.#reading) return;
      bar.hidden = true;
      this.#show(this.#about);
      this.#say(`${file.name}: ${error.message}${error.expected ? ` ${EXPECTED}` : ""}`);
    } finally {
      $("fide-list-file").value = "";
    }
  }

  // An answer's result, or an Error with elo_core's message.
  async #step(promise) {
    const answer = await promise;
    if (answer.ok) return answer.result;
    throw Object.assign(new Error(message(answer)), { expected: answer.errors.some((e) => e.field === "file") });
  }

  // What the user says of the list read ({month?, kind?}), or null to keep the list in use. Asks
  // only for what the file does not say, and before a list of another month replaces the kept one.
  #asked(list, current, reading) {
    const needs = new Set(list.asks);
    const replacing = current && (needs.has("month") || list.month !== current.month);
    if (!needs.size && !replacing) return Promise.resolve({});
    $("fide-list-month-field").hidden = !needs.has("month");
    $("fide-list-kind-field").hidden = !needs.has("kind");
    $("fide-list-month").value = list.month_hint ?? "";
    const what = `${list.form}, ${count(list.players)} players`;
    $("fide-list-question").textContent = [
      needs.has("month") ? `The ${what} does not say its month: which month's list is it?` +
        (list.month_hint ? ` Its zip is dated ${month(list.month_hint)}.` : "") : `The ${what} is read.`,
      needs.has("kind") ? "Its file's name does not say which list it is." : "",
      replacing ? `It replaces your kept list of ${month(current.month)}.` : "",
    ].filter(Boolean).join(" ");
    $("fide-list-ask").hidden = false;
    return new Promise((resolve) => {
      const done = (value) => {
        $("fide-list-use").onclick = $("fide-list-cancel").onclick = null;
        $("fide-list-ask").hidden = true;
        resolve(reading === this.#reading ? value : null);
      };
      $("fide-list-use").onclick = () => {
        const m = $("fide-list-month").value;
        if (needs.has("month") && !/^\d{4}-\d{2}$/.test(m)) {
          $("fide-list-month-msg").textContent = "Month of the list: choose the month the list is of (FIDE's lists come out on the 1st).";
          return;
        }
        $("fide-list-month-msg").textContent = "";
        done({ ...(needs.has("month") && { month: m }), ...(needs.has("kind") && { kind: $("fide-list-kind").value }) });
      };
      $("fide-list-cancel").onclick = () => done(null);
    });
  }

  async #keep(used) {
    const answer = await this.#ask("list_export", { encoding: "pieces" }, { binary: {} });
    if (!answer.ok || !answer.bytes) throw new Error(answer.errors ? message(answer) : "the list could not be kept");
    await this.#store.keep(answer.bytes, used).catch((e) => {
      this.#say(`The list is in use, but this browser would not keep it for your next visit (${e?.message ?? e}).`);
    });
  }

  async remove() {
    ++this.#reading;
    this.#early = null;
    await this.#ask("list_forget", {}).catch(() => {});
    await this.#store.remove().catch(() => {});
    this.#say("");
    this.#show(null);
  }

  #say(text) {
    $("fide-list-msg").textContent = text;
  }

  #show(about, note = "") {
    const changed = about?.month !== this.#about?.month || about?.players !== this.#about?.players || !about !== !this.#about;
    this.#about = about;
    $("fide-list-status").textContent = about
      ? `${month(about.month)}, ${count(about.players)} players: ${about.form}` : "none opened";
    $("fide-list-remove").hidden = !about;
    if (note) this.#say(note);
    if (changed) this.#onChange(about);
  }
}
