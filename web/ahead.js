// Answers ahead (docs/performance.md, "Answers ahead"): while someone edits a field, the worker
// answers what the next keystroke there may ask, and the page keeps those answers keyed by the
// request's exact text, so that keystroke is shown in its own task, with no round trip to the
// worker. Every limit of the technique is here. Each kept answer is elo_core's own answer to the
// very request the keystroke makes; any other keystroke is asked as usual.

// The keys foreseen: a digit typed at the caret (and a deletion, below).
const KEYS = "0123456789";
// A longer value is not being typed digit by digit (a paste, say).
export const MAX_FIELD_CHARS = 32;
// A request longer than this (some 450 games) is asked when typed, not ahead: a dozen of them
// would cost the page and the worker more at each caret move than the keystroke saves.
export const MAX_REQUEST_CHARS = 15_000;

// The values a text field may hold after its next keystroke: the selection or the character
// before or after the caret deleted, or a digit typed at the caret.
export function nextValues(value, start = value.length, end = start) {
  const values = start !== end ? [value.slice(0, start) + value.slice(end)]
    : [value.slice(0, Math.max(0, start - 1)) + value.slice(start), value.slice(0, start) + value.slice(start + 1)];
  for (const key of KEYS) values.push(value.slice(0, start) + key + value.slice(end));
  return [...new Set(values)].filter((next) => next !== value);
}

// The values worth asking ahead for the focused control, or null: a list's other choices, or a
// short text field's next values.
export function foreseen(control) {
  if (control instanceof HTMLSelectElement) return [...control.options].map((o) => o.value).filter((v) => v !== control.value);
  if (control instanceof HTMLInputElement && control.type === "text" && control.value.length <= MAX_FIELD_CHARS) {
    return nextValues(control.value, control.selectionStart ?? undefined, control.selectionEnd ?? undefined);
  }
  return null;
}

// The answers kept: only those of the newest list asked for.
export class AheadAnswers {
  #wanted = new Set();
  #kept = new Map();
  #served = 0;

  // The request texts to send the worker for this list (null: the same list was asked already).
  want(texts) {
    const list = [...new Set(texts)].filter((t) => t.length <= MAX_REQUEST_CHARS);
    if (list.length === this.#wanted.size && list.every((t) => this.#wanted.has(t))) return null;
    this.#wanted = new Set(list);
    for (const text of this.#kept.keys()) if (!this.#wanted.has(text)) this.#kept.delete(text);
    return list.filter((t) => !this.#kept.has(t));
  }

  offer(request, response) {
    if (this.#wanted.has(request)) this.#kept.set(request, response);
  }

  // The kept answer to this request text, or undefined. Each one served is counted in the
  // "elo:ahead" mark's detail, for the tests.
  take(text) {
    const response = this.#kept.size ? this.#kept.get(text) : undefined;
    if (response !== undefined) {
      performance.clearMarks("elo:ahead");
      performance.mark("elo:ahead", { detail: ++this.#served });
    }
    return response;
  }

  clear() {
    this.#wanted = new Set();
    this.#kept.clear();
  }
}
