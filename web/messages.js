// Messages next to fields: elo_core names the field at fault ("rating", "games[2].score"), and
// each message goes next to that field, which is marked invalid until the next answer.

import { cells, gameRow } from "./rows.js";
import { setText } from "./format.js";

const $ = (id) => document.getElementById(id);

// What the last answer marked: each answer clears just these, rather than looking through the
// whole page for messages at every keystroke.
const marked = { messages: new Set(), fields: new Set() };

export function clearMessages() {
  for (const el of marked.messages) setText(el, "");
  for (const el of marked.fields) el.removeAttribute("aria-invalid");
  marked.messages.clear();
  marked.fields.clear();
}

export function markInvalid(input) {
  input.setAttribute("aria-invalid", "true");
  marked.fields.add(input);
}

// The field's name as the page labels it.
function labelFor(field) {
  const game = /^games\[\d+\]\.?(\w*)$/.exec(field);
  if (game) return game[1] === "score" ? "Result" : "Opponent rating";
  const label = field && document.querySelector(`label[for="${CSS.escape(field)}"]`);
  return label ? label.textContent.replace(/\s*\(.*\)$/, "") : "";
}

// Puts each message next to its field. `only` limits a request to the fields it alone owns (the
// what-if shares rating and games with the main result); `box` and `label` send them to one place.
export function showErrors(errors, { only = null, box = null, label = null } = {}) {
  for (const { field, message } of errors) {
    const name = String(field ?? "");
    if (only && !only.some((f) => name === f || name.startsWith(`${f}[`))) continue;
    const game = /^games\[(\d+)\](?:\.(opponent|score))?$/.exec(name);
    let target = box && $(box);
    let input = null;
    if (game) {
      const row = gameRow(Number(game[1]));
      if (!row) continue;
      const c = cells(row);
      target = c.msg;
      input = game[2] === "score" ? c.score : c.opp;
    } else if (!target) {
      target = document.querySelector(`.msg[data-field="${CSS.escape(name)}"]`);
      input = $(name);
    }
    target ||= $("form-msg");
    const text = `${label || labelFor(name)} ${message}`;
    setText(target, target.textContent ? `${target.textContent} ${text}` : text);
    marked.messages.add(target);
    if (input) markInvalid(input);
  }
}
