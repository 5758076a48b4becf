// The game rows of the games table: adding, removing, numbering, and the cells an answer writes.

import { setText } from "./format.js";

const $ = (id) => document.getElementById(id);
const rows = () => $("game-rows");
let serial = 0;

// Each row's controls and cells, found once (a keystroke reads and an answer writes 30 rows).
const cellsOf = new WeakMap();

// Rows share small forms (see index.html, "Small forms"), kept outside the table, where a form
// cannot go: a few rows a form, not one form per row, which costs the browser per form as the
// page loads (docs/performance.md, "Rows in small forms").
const ROWS_PER_FORM = 25;
const rowsIn = new WeakMap(); // form -> how many rows it holds

function formFor() {
  const last = $("row-forms").lastElementChild;
  if (last && rowsIn.get(last) < ROWS_PER_FORM) return last;
  const form = document.createElement("form");
  form.id = `game-form-${++serial}`;
  form.autocomplete = "off";
  $("row-forms").append(form);
  rowsIn.set(form, 0);
  return form;
}

function leaveForm(row) {
  const form = row.querySelector(".opp").form;
  if (!form || !rowsIn.has(form)) return;
  rowsIn.set(form, rowsIn.get(form) - 1);
  if (!rowsIn.get(form)) form.remove();
}

function makeRow(opponent, score, onRemove) {
  const row = $("game-row").content.firstElementChild.cloneNode(true);
  const form = formFor();
  rowsIn.set(form, rowsIn.get(form) + 1);
  for (const control of row.querySelectorAll("input, select")) control.setAttribute("form", form.id);
  const select = row.querySelector(".score");
  if (![...select.options].some((o) => o.value === score)) {
    // A score from the address written otherwise ("1.00") or wrong ("7"): shown as it is, and
    // elo_core decides (it reads "1.00" as a win, and puts a message next to the row for "7").
    select.add(new Option(score, score));
  }
  select.value = score;
  row.querySelector(".opp").value = opponent;
  cellsOf.set(row, { row, opp: row.querySelector(".opp"), score: select, num: row.querySelector(".num"),
    remove: row.querySelector(".remove"), expected: row.querySelector("[data-testid=game-expected]"),
    change: row.querySelector("[data-testid=game-change]"), note: row.querySelector(".note"), msg: row.querySelector(".msg") });
  row.querySelector(".remove").addEventListener("click", () => onRemove(row));
  return row;
}

function number(row, i) {
  const c = cellsOf.get(row);
  setText(c.num, String(i + 1));
  c.opp.setAttribute("aria-label", `Opponent's rating, game ${i + 1}`);
  c.score.setAttribute("aria-label", `Result, game ${i + 1}`);
  c.remove.setAttribute("aria-label", `Remove game ${i + 1}`);
}

// Adds rows for `games` ([opponent, score] pairs) in one pass: each row is numbered once, and
// the rows join the table together, at its end or after the row `after`. Returns the rows added.
export function addRows(games, { onRemove, show }, after = null) {
  const body = rows();
  const start = after ? [...body.children].indexOf(after) + 1 : body.childElementCount;
  const made = games.map(([opponent, score], i) => {
    const row = makeRow(String(opponent), String(score), onRemove);
    number(row, start + i);
    show(row);
    return row;
  });
  const batch = document.createDocumentFragment();
  for (const row of made) batch.append(row);
  if (after) {
    after.after(batch);
    [...body.children].forEach(number);
  } else {
    body.append(batch);
  }
  return made;
}

export function removeRow(row) {
  leaveForm(row);
  row.remove();
  [...rows().children].forEach(number);
}

export function removeAll() {
  for (const row of [...rows().children]) row.remove();
  $("row-forms").replaceChildren();
}

// Every row's cells, in order: {row, opp, score, expected, change, note, msg, ...}.
export const gameControls = () => [...rows().children].map((row) => cellsOf.get(row));
export const gameRow = (i) => rows().children[i] ?? null;
export const cells = (row) => cellsOf.get(row);
