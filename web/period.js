// The Tournament tab's rating period (issue 51): the games grouped by event. One event is the
// form as it always was (the games table, the rules date and kind): no event box at all. "Add
// event" puts each event in a box of its own (a <details>, labelled "Event N"): its start, end,
// kind and the rating it is rated from (FIDE's Ro), FIDE's columns, and its games. Removing
// events back down to one gives the plain form again. Every field's id is the name elo_core gives
// it in a message ("events[1].start"), so a message lands next to its field.

import { gamesOf, setValue } from "./form.js";
import { setText } from "./format.js";
import { Rows } from "./rows.js";

const $ = (id) => document.getElementById(id);
export const KINDS = ["standard", "rapid", "blitz"];
export const MAX_EVENTS = 62; // elo_core's (fide/period.py, MAX_EVENTS)
const MAX_GAMES = 1000; // an event's games read back: elo_core rates at most this many in all
// FIDE's columns as its published calculation shows them, and the answer's field of each.
export const COLUMNS = [["Rc", "rc"], ["Ro", "ro"], ["W", "w"], ["N", "n"], ["chg", "chg"], ["K", "k"], ["K × chg", "k_chg"]];

// An element with attributes and children (text or elements).
function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) e.setAttribute(name, value);
  e.append(...children);
  return e;
}

// A labelled field whose id is elo_core's field name; the visually hidden part names the event
// in messages ("Start of event 2 must be a date").
function field(name, [label, aside = ""], control, hint = "") {
  const hidden = el("span", { class: "visually-hidden" });
  return el("div", { class: "field", "data-name": name }, el("label", {}, label, hidden, aside), control,
    ...(hint ? [el("p", { class: "hint" }, hint)] : []), el("p", { class: "msg", "aria-live": "polite" }));
}

// Every input of one event: its fields, kept as typed (strings).
const FIELDS = ["name", "start", "end", "kind", "rating"];

// The period's events (one, made by app.js). `rows`: the page's games table (event 1's games);
// `show(root)`: hides what the tab does not show; `update()`: asks again.
export class Period {
  #rows;
  #show;
  #update;
  #rowOptions;
  #events = []; // with two or more events: [{box, inputs, rows, columns, summary, notes, own}]
  #home = null; // where event 1's games table goes back to
  #serial = 0;

  #open = true; // boxes start open (an embed's start closed: compact)
  #queue = []; // each event's rows still being added

  constructor({ rows, show, update, rowOptions, open = true }) {
    this.#rows = rows;
    this.#show = show;
    this.#update = update;
    this.#rowOptions = rowOptions;
    this.#open = open;
    // The other lists' facts: a rapid event is rated on the rapid list, from its own rating and K.
    const lists = el("div", { id: "lists", hidden: "" }, ...KINDS.map((kind) => el("div", { class: "list-facts", hidden: "" },
      field(`${kind}.rating`, [`Your ${kind} rating`], el("input", { id: `${kind}.rating`, inputmode: "numeric" })),
      field(`${kind}.k`, [`Your ${kind} K-factor`], el("input", { id: `${kind}.k`, inputmode: "numeric", value: "20" })))));
    for (const f of lists.querySelectorAll(".field")) {
      const id = f.dataset.name;
      f.querySelector("label").htmlFor = id;
      f.querySelector("input").setAttribute("aria-describedby", `${id}-msg`);
      Object.assign(f.querySelector(".msg"), { id: `${id}-msg` }).dataset.field = id;
    }
    $("k").closest(".field").after(el("div", { class: "for-tournament" }, lists));
  }

  // Whether rows of any event (the page's table's too) are still being added, and when all are in.
  pending() {
    return this.#rows.pending() || this.#queue.length > 0;
  }

  settled() {
    return Promise.all([this.#rows.settled(), ...this.#queue]);
  }

  // The games table a row is in.
  rowsOfRow(row) {
    return this.#events.find((e) => e.box.contains(row))?.rows ?? this.#rows;
  }

  // Back to the plain form (an event file's player fills it).
  clear() {
    if (this.active) this.#close(this.#events[0], false);
  }

  get active() {
    return this.#events.length > 1;
  }

  // Each event's boxes and rows (period-view.js writes into them).
  events() {
    return this.#events;
  }

  rowsOf(i) {
    return this.#events[i]?.rows ?? (i === 0 ? this.#rows : null);
  }

  // The period's state (null with one event): each event's fields as typed and its games, and
  // the other lists' facts ({rapid: {rating, k}}) for each kind of event that is not event 1's.
  read() {
    if (!this.active) return null;
    const events = this.#events.map((e) => ({ ...Object.fromEntries(FIELDS.map((f) => [f, e.inputs[f].value])),
      games: gamesOf(e.rows) }));
    const lists = {};
    for (const kind of this.otherKinds()) lists[kind] = { rating: $(`${kind}.rating`).value, k: $(`${kind}.k`).value };
    return { events, lists };
  }

  // Kinds of event whose list is not event 1's: each needs that list's rating and K.
  otherKinds() {
    const main = this.#events[0]?.inputs.kind.value;
    return KINDS.filter((k) => k !== main && this.#events.some((e) => e.inputs.kind.value === k));
  }

  // Puts a kept or linked period back: `period` as parseAddress gives it ({events: [{start, end,
  // kind, rating, name, games: [[opponent, score]]}], lists}); event 1's games are already in the table.
  // Every event's first rows are in when this returns (before the first paint), the rest follow.
  restore(period) {
    if (!period || !Array.isArray(period.events) || period.events.length < 2) return;
    const events = period.events.slice(0, MAX_EVENTS).map((e) => (e && typeof e === "object" ? e : {}));
    this.#first(events[0]);
    for (const e of events.slice(1)) this.#add(e);
    this.#fillLists(period.lists);
    this.#syncFirst();
  }

  // "Add event": the first press makes event 1's box of today's form, then a new event after the
  // last, starting where the last one ends (or starts).
  async add() {
    if (this.#events.length >= MAX_EVENTS) return;
    if (!this.active) this.#first({});
    const last = this.#events.at(-1).inputs;
    const added = this.#add({ start: last.end.value || last.start.value, kind: last.kind.value, games: [["", "1"]] });
    await this.settled();
    for (const row of added.rows.controls()) row.row.dataset.pristine = "1";
    added.inputs.start.focus();
    this.#update();
  }

  // Event 1's box, around the page's own games table and its Add game button.
  #first(first) {
    const table = $("game-rows");
    this.#home = document.createComment("event 1's games");
    table.before(this.#home);
    const box = this.#box(null);
    box.inputs.start.value = typeof first.start === "string" ? first.start : $("rules").value;
    setValue(box.inputs.kind, (typeof first.kind === "string" && first.kind) || $("kind").value);
    for (const f of ["name", "end", "rating"]) if (typeof first[f] === "string") box.inputs[f].value = first[f];
    box.games.append(table, document.querySelector("#games-box .msg[data-field=games]"), $("link-note"), $("add-game"));
    this.#home.after(box.box);
    box.rows = this.#rows;
    this.#events.push(box);
    document.body.classList.add("period");
    this.#renumber();
    this.#show(box.box);
  }

  #add(e) {
    const box = this.#box(e);
    this.#events.at(-1).box.after(box.box);
    this.#events.push(box);
    this.#renumber();
    this.#show(box.box);
    // Games as a link gives them ([opponent, score]) or as kept ({opponent, score}); anything else is left out.
    const games = (Array.isArray(e.games) ? e.games : []).map((g) => (Array.isArray(g) ? g : [g?.opponent, g?.score]))
      .filter(([o, s]) => typeof o === "string" && typeof s === "string").slice(0, MAX_GAMES);
    const adding = box.rows.add(games, this.#rowOptions(box.rows));
    this.#queue.push(adding);
    adding.finally(() => this.#queue.splice(this.#queue.indexOf(adding), 1));
    return box;
  }

  // One event's box; with `e` null, event 1's (its games are the page's table, moved in).
  #box(e) {
    const serial = ++this.#serial;
    const kind = el("select", {}, ...KINDS.map((k) => new Option(k[0].toUpperCase() + k.slice(1), k)));
    const inputs = { name: el("input", { spellcheck: "false" }), start: el("input", { type: "date", min: "2022-01-01" }),
      end: el("input", { type: "date", min: "2022-01-01" }), kind,
      rating: el("input", { inputmode: "numeric", placeholder: "the list's" }) };
    const fields = el("div", { class: "event-fields for-tournament" },
      field("name", ["Name", " (optional)"], inputs.name), field("start", ["Start"], inputs.start),
      field("end", ["End", " (optional)"], inputs.end), field("kind", ["Kind of play"], inputs.kind),
      field("rating", ["Ro", " (the rating it is rated from)"], inputs.rating,
        "Empty: your rating on the current list of its kind."));
    const cells = Object.fromEntries(COLUMNS.map(([, key]) => [key, el("td", { "data-col": key }, "–")]));
    const columns = el("table", { class: "fide-columns for-tournament", "data-testid": "event-columns" },
      el("caption", { class: "visually-hidden" }), el("thead", {}, el("tr", {}, ...COLUMNS.map(([h]) => el("th", { scope: "col" }, h)))),
      el("tbody", {}, el("tr", {}, ...Object.values(cells))));
    const title = el("span", { class: "event-title", id: `event-title-${serial}` });
    const summary = el("span", { class: "event-sum", "data-testid": "event-summary" });
    const remove = el("button", { type: "button", class: "remove-event for-tournament" });
    const notes = el("p", { class: "hint event-notes for-tournament", "data-testid": "event-notes" });
    const games = el("div", { class: "event-games" });
    const box = el("details", { class: `period-event${e ? " for-tournament" : ""}`, role: "group",
      "aria-labelledby": title.id, "data-testid": "period-event" },
    el("summary", {}, title, " ", summary), fields, columns, notes, games, remove);
    box.open = this.#open;
    const made = { box, inputs, columns, cells, summary, notes, title, remove, games, rows: null, own: null };
    remove.addEventListener("click", () => this.#remove(made));
    if (!e) return made;
    // An event's kind left out (a link's "event2=2025-11-15") is the period's: event 1's.
    setValue(inputs.kind, this.#events[0]?.inputs.kind.value ?? "standard");
    for (const f of FIELDS) if (typeof e[f] === "string" && e[f] !== "") setValue(inputs[f], e[f]);
    const table = el("table", { class: "games" }, $("game-rows").tHead.cloneNode(true));
    const forms = el("div", { hidden: "" });
    document.body.append(forms);
    const addGame = el("button", { type: "button", class: "add-event-game" }, "Add game");
    games.append(table, el("p", { class: "msg games-msg", "aria-live": "polite" }), addGame);
    made.own = forms;
    made.rows = new Rows({ table, forms, prefix: `event-form-${serial}` });
    addGame.addEventListener("click", async () => {
      const [row] = await made.rows.add([["", "1"]], this.#rowOptions(made.rows));
      row.dataset.pristine = "1";
      row.querySelector(".opp").focus();
      this.#update();
    });
    return made;
  }

  #remove(event) {
    const at = this.#events.indexOf(event);
    if (at < 0) return;
    if (this.#events.length === 2) return this.#close(this.#events[1 - at]);
    this.#drop(event, this.#events[at + 1]);
    this.#events.splice(at, 1);
    this.#renumber();
    this.#syncFirst();
    (this.#events[at] ?? this.#events.at(-1)).box.querySelector("summary").focus();
    this.#update();
  }

  // Removes an event's box; event 1's games table (the page's) goes to `heir`, with heir's games.
  #drop(event, heir) {
    if (event.rows === this.#rows) {
      const games = heir.rows.controls().map((c) => [c.opp.value, c.score.value]);
      heir.games.replaceChildren(...event.games.childNodes);
      this.#rows.removeAll();
      this.#rows.add(games, this.#rowOptions(this.#rows));
      heir.own.remove();
      Object.assign(heir, { rows: this.#rows, own: null });
      heir.box.classList.remove("for-tournament");
    } else {
      event.own.remove();
    }
    event.box.remove();
  }

  // Event 1's start and kind are the plain form's rules date and kind (a link holds them there too).
  #syncFirst() {
    const first = this.#events[0].inputs;
    $("rules").value = first.start.value;
    $("rules").dispatchEvent(new Event("input")); // the date is now chosen (form.js)
    setValue($("kind"), first.kind.value);
  }

  // Back to one event: today's form, with the one left's start and kind as the rules date and kind.
  #close(left, focus = true) {
    for (const other of this.#events.filter((e) => e !== left)) this.#drop(other, left);
    this.#events = [left];
    this.#syncFirst();
    this.#home.after(...left.games.childNodes);
    this.#rows.relabel("");
    this.#home.remove();
    left.box.remove();
    const note = left.inputs.rating.value.trim() || left.inputs.end.value
      ? "One event left: rated as a tournament from your rating (its Ro and end date are a period's)." : "";
    this.#events = [];
    document.body.classList.remove("period");
    $("lists").hidden = true;
    setText($("link-note"), note);
    if (!focus) return;
    $("add-event").focus();
    this.#update();
  }

  // Ids, labels and the rows' labels follow each event's place ("events[1].start", "event 2").
  #renumber() {
    this.#events.forEach((e, i) => {
      setText(e.title, `Event ${i + 1}`);
      setText(e.columns.caption, `FIDE's columns, event ${i + 1}`);
      setText(e.remove, `Remove event ${i + 1}`);
      for (const f of FIELDS) {
        const id = `events[${i}].${f}`;
        const wrap = e.inputs[f].closest(".field");
        e.inputs[f].id = id;
        e.inputs[f].setAttribute("aria-describedby", `${id}-msg`);
        wrap.querySelector("label").htmlFor = id;
        setText(wrap.querySelector("label .visually-hidden"), ` of event ${i + 1}`);
        Object.assign(wrap.querySelector(".msg"), { id: `${id}-msg` }).dataset.field = id;
      }
      e.rows.relabel(` of event ${i + 1}`);
      const msg = e.games.querySelector(".games-msg");
      if (msg) msg.dataset.field = `events[${i}].games`;
    });
    this.#showLists();
  }

  // The other lists' facts, shown for the kinds that need them.
  #showLists() {
    const needed = this.otherKinds();
    $("lists").hidden = !needed.length;
    for (const kind of KINDS) $(`${kind}.rating`).closest(".list-facts").hidden = !needed.includes(kind);
  }

  #fillLists(lists) {
    for (const [kind, facts] of Object.entries(lists ?? {})) {
      if (!KINDS.includes(kind) || !facts) continue;
      for (const f of ["rating", "k"]) if (typeof facts[f] === "string") $(`${kind}.${f}`).value = facts[f];
    }
    this.#showLists();
  }

  // A kind changed: the other lists' fields follow; event 1's start and kind are the form's rules
  // date and kind (a link keeps them there, for pages that know no periods).
  edited(target) {
    if (!this.active) return;
    const first = this.#events[0].inputs;
    if (target === first.start || target === first.kind) this.#syncFirst();
    this.#showLists();
  }
}
