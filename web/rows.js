// The game rows of the games table: adding, removing, numbering, and the cells an answer writes.
// A long list of rows (a link's 1,000 games) is built a slice per task, so the page never holds
// the main thread for long; `settled()` is when every row asked for is in the table. The rows sit
// in groups (a <tbody> each) that the browser skips while off screen (style.css).

import { setText } from "./format.js";

const $ = (id) => document.getElementById(id);

// Rows built in one task, and rows a group (docs/performance.md, "Rows in slices"): the first
// slice, a screenful, is shown in the first paint; the rest follow a task each.
const FIRST_SLICE = 10;
export const ROWS_PER_SLICE = 50;
const ROWS_PER_GROUP = 25;

// Rows share small forms (see index.html, "Small forms"), kept outside the table, where a form
// cannot go: a few rows a form, not one form per row, which costs the browser per form as the
// page loads (docs/performance.md, "Rows in small forms").
const ROWS_PER_FORM = 25;

const nextTask = () => new Promise((resolve) => setTimeout(resolve));
// The first slice is painted before the next is built: the first frame lays out a screenful only.
const afterPaint = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

// A group's height until the browser first lays it out, from its number of rows (style.css).
const sized = (group) => group.style.setProperty("--rows", String(group.rows.length));

// Rows at the table's end fill its last group, then new ones; rows after a row join its group.
function append(table, made) {
  let at = 0;
  while (at < made.length) {
    let group = table.tBodies[table.tBodies.length - 1];
    if (!group || group.rows.length >= ROWS_PER_GROUP) group = table.createTBody();
    const room = ROWS_PER_GROUP - group.rows.length;
    group.append(...made.slice(at, at + room));
    sized(group);
    at += room;
  }
}

// A games table's rows: the page's (made by app.js), and each further event's of a rating period
// (period.js), each in its own table with its own small forms. `suffix` follows each row's labels
// (" (event 2)"); every game row is made here, from the one template.
export class Rows {
  #serial = 0;
  #table;
  #forms;
  #suffix;
  #prefix;
  // Each row's controls and cells, found once (a keystroke reads and an answer writes 30 rows).
  #cells = new WeakMap();
  #rowsIn = new WeakMap(); // form -> how many rows it holds
  // The one queue of row additions: each waits for the one before, so rows land in the order
  // asked; removeAll() ends the queue's work (`generation`).
  #queue = { last: Promise.resolve(), pending: 0, generation: 0 };

  constructor({ table = $("game-rows"), forms = $("row-forms"), suffix = "", prefix = "game-form" } = {}) {
    this.#prefix = prefix;
    this.#table = table;
    this.#forms = forms;
    this.#suffix = suffix;
  }

  // Rows of this table, and its labels' suffix (an event renumbered when another is removed).
  #all() {
    return this.#table.querySelectorAll(":scope > tbody > tr");
  }

  relabel(suffix) {
    this.#suffix = suffix;
    this.#renumber();
  }

  // Adds rows for `games` ([opponent, score] pairs), at the table's end or after the row `after`,
  // each row numbered once. With nothing pending, the first slice is in the table when this
  // returns; the promise gives every row added, once the last is in. `options`: {onRemove(row),
  // show(row)}.
  add(games, options, after = null) {
    const queue = this.#queue;
    const generation = queue.generation;
    const run = (made) => this.#fillSlices(games, options, after, generation, made);
    let result;
    if (!queue.pending) {
      result = run(this.#insertSlice(games.slice(0, FIRST_SLICE), options, after));
    } else {
      result = queue.last.then(() => (generation === queue.generation ? run([]) : []));
    }
    queue.pending += 1;
    queue.last = result.finally(() => { queue.pending -= 1; });
    return result;
  }

  // Whether rows are still being added, and when they all are.
  pending() {
    return this.#queue.pending > 0;
  }

  settled() {
    return this.#queue.last;
  }

  remove(row) {
    this.#leaveForm(row);
    const group = row.parentElement;
    row.remove();
    if (!group.rows.length) group.remove();
    else sized(group);
    this.#renumber();
  }

  removeAll() {
    this.#queue.generation += 1;
    for (const group of [...this.#table.tBodies]) group.remove();
    this.#forms.replaceChildren();
  }

  // Every row's cells, in order: {row, opp, score, expected, change, note, msg, ...}.
  controls() {
    return [...this.#all()].map((row) => this.#cells.get(row));
  }

  row(i) {
    return this.#all()[i] ?? null;
  }

  cells(row) {
    return this.#cells.get(row);
  }

  #formFor() {
    const last = this.#forms.lastElementChild;
    if (last && this.#rowsIn.get(last) < ROWS_PER_FORM) return last;
    const form = document.createElement("form");
    form.id = `${this.#prefix}-${++this.#serial}`;
    form.autocomplete = "off";
    this.#forms.append(form);
    this.#rowsIn.set(form, 0);
    return form;
  }

  #leaveForm(row) {
    const form = row.querySelector(".opp").form;
    if (!form || !this.#rowsIn.has(form)) return;
    this.#rowsIn.set(form, this.#rowsIn.get(form) - 1);
    if (!this.#rowsIn.get(form)) form.remove();
  }

  #makeRow(opponent, score, onRemove) {
    const row = $("game-row").content.firstElementChild.cloneNode(true);
    const form = this.#formFor();
    this.#rowsIn.set(form, this.#rowsIn.get(form) + 1);
    for (const control of row.querySelectorAll("input, select")) control.setAttribute("form", form.id);
    const select = row.querySelector(".score");
    if (![...select.options].some((o) => o.value === score)) {
      // A score from the address written otherwise ("1.00") or wrong ("7"): shown as it is, and
      // elo_core decides (it reads "1.00" as a win, and puts a message next to the row for "7").
      select.add(new Option(score, score));
    }
    select.value = score;
    row.querySelector(".opp").value = opponent;
    this.#cells.set(row, { row, opp: row.querySelector(".opp"), score: select, num: row.querySelector(".num"),
      remove: row.querySelector(".remove"), expected: row.querySelector("[data-testid=game-expected]"),
      change: row.querySelector("[data-testid=game-change]"), note: row.querySelector(".note"), msg: row.querySelector(".msg") });
    row.querySelector(".remove").addEventListener("click", () => onRemove(row));
    return row;
  }

  #number(row, i) {
    const c = this.#cells.get(row);
    setText(c.num, String(i + 1));
    c.opp.setAttribute("aria-label", `Opponent's rating, game ${i + 1}${this.#suffix}`);
    c.score.setAttribute("aria-label", `Result, game ${i + 1}${this.#suffix}`);
    c.remove.setAttribute("aria-label", `Remove game ${i + 1}${this.#suffix}`);
  }

  #renumber() {
    this.#all().forEach((row, i) => this.#number(row, i));
  }

  // One slice of rows, joined to the table together, at its end or after the row `after`.
  #insertSlice(games, { onRemove, show }, after) {
    const start = after ? [...this.#all()].indexOf(after) + 1 : this.#all().length;
    const made = games.map(([opponent, score], i) => {
      const row = this.#makeRow(String(opponent), String(score), onRemove);
      this.#number(row, start + i);
      show(row);
      return row;
    });
    if (after) {
      after.after(...made);
      sized(after.parentElement);
    } else {
      append(this.#table, made);
    }
    return made;
  }

  async #fillSlices(games, options, after, generation, made) {
    for (let i = made.length; i < games.length; i += ROWS_PER_SLICE) {
      await (i === made.length ? afterPaint() : nextTask());
      if (generation !== this.#queue.generation) return made;
      const anchor = after ? made.at(-1) ?? after : null;
      made.push(...this.#insertSlice(games.slice(i, i + ROWS_PER_SLICE), options, anchor));
    }
    if (after) this.#renumber(); // the rows below the insertion moved down
    return made;
  }
}
