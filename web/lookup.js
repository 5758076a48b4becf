// Players of the FIDE list in use, offered in a rating box as it is typed in: every input with
// `data-lookup` ("self": your rating, which also fills K and birth year; "opponent") becomes a
// combobox while a list is in use (ARIA 1.2: role, aria-controls, aria-expanded,
// aria-activedescendant; arrows, Enter, Escape), one listbox moved to the box typed in. Attached
// by delegation, so rows added later need only the attribute. No list in use: no attribute is
// set, no key is taken, the inputs are as they were.

const $ = (id) => document.getElementById(id);
const LISTBOX = "lookup-listbox";
const LIMIT = 8;
// A FIDE ID, not a rating (ratings have at most 4 digits), or three letters of a name.
const worthAsking = (text) => /^\s*\d{5,10}\s*$/.test(text) || (text.match(/\p{L}/gu) ?? []).length >= 3;
const ATTRIBUTES = ["role", "aria-autocomplete", "aria-controls", "aria-expanded", "aria-activedescendant"];

export class Lookup {
  #ask;
  #kind;
  #on = false;
  #asked = 0; // counts the questions: only the newest answer shows
  #input = null; // the box the listbox is open under
  #matches = [];
  #active = -1;
  #listbox;
  #modes = new Map(); // input -> its inputmode as written, while a list is in use

  // `ask`: the engine's; `kind()`: the kind of play whose rating to offer.
  constructor({ ask, kind }) {
    this.#ask = ask;
    this.#kind = kind;
    const box = (this.#listbox = document.createElement("ul"));
    Object.assign(box, { id: LISTBOX, hidden: true, className: "lookup" });
    box.setAttribute("role", "listbox");
    box.setAttribute("aria-label", "Players of the FIDE list");
    box.addEventListener("mousedown", (e) => e.preventDefault()); // the input keeps the focus
    box.addEventListener("click", (e) => {
      const option = e.target.closest("[role=option]");
      if (option) this.#choose(Number(option.dataset.index));
    });
    document.addEventListener("focusin", (e) => this.#on && this.#owns(e.target) && this.#attach(e.target));
    document.addEventListener("input", (e) => this.#on && this.#owns(e.target) && this.#typed(e.target));
    // K typed by hand is no longer the list's: its note goes (#choose writes it after filling K).
    document.addEventListener("input", (e) => e.target.id && $(`${e.target.id}-list-note`)?.remove());
    document.addEventListener("keydown", (e) => this.#on && e.target === this.#input && this.#key(e), { capture: true });
    document.addEventListener("focusout", (e) => e.target === this.#input && this.#close());
    addEventListener("resize", () => this.#close());
  }

  // A list is in use (true) or not.
  enable(on) {
    this.#on = on;
    this.#close();
    for (const input of document.querySelectorAll("input[data-lookup]")) {
      if (on) this.#attach(input);
      else this.#detach(input);
    }
    if (!on) for (const p of document.querySelectorAll(".list-note")) p.remove();
  }

  #owns(el) {
    return el instanceof HTMLInputElement && el.dataset.lookup;
  }

  #attach(input) {
    if (input.getAttribute("role") === "combobox") return;
    this.#modes.set(input, input.getAttribute("inputmode"));
    input.setAttribute("inputmode", "text"); // names too, on a phone's keyboard
    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-controls", LISTBOX);
    input.setAttribute("aria-expanded", "false");
  }

  #detach(input) {
    for (const name of ATTRIBUTES) input.removeAttribute(name);
    if (this.#modes.has(input)) {
      const mode = this.#modes.get(input);
      if (mode === null) input.removeAttribute("inputmode");
      else input.setAttribute("inputmode", mode);
      this.#modes.delete(input);
    }
  }

  async #typed(input) {
    this.#attach(input);
    const text = input.value;
    const asked = ++this.#asked;
    if (!worthAsking(text)) return this.#close();
    const kind = this.#kind();
    const answer = await this.#ask("list_find", { query: text.trim(), limit: LIMIT, kind }).catch(() => null);
    if (asked !== this.#asked || !this.#on || document.activeElement !== input) return;
    const matches = !answer?.ok ? [] : answer.result.matches ?? [answer.result];
    this.#open(input, matches, kind, answer?.ok ? "" : answer?.errors?.[0]?.message ?? "");
  }

  #open(input, matches, kind, note) {
    this.#input = input;
    this.#matches = matches;
    this.#active = -1;
    const box = this.#listbox;
    box.replaceChildren(...matches.map((p, i) => option(p, kind, i)));
    if (!matches.length) {
      const empty = document.createElement("li");
      empty.className = "lookup-none";
      empty.textContent = note ? `No player: ${note}` : "No player of that name in the list.";
      box.append(empty);
    }
    // On the body, under the box: the form's groups clip what overflows them.
    if (box.parentNode !== document.body) document.body.append(box);
    box.hidden = false;
    const at = input.getBoundingClientRect();
    const left = Math.max(4, Math.min(at.left, document.documentElement.clientWidth - box.offsetWidth - 4));
    Object.assign(box.style, { top: `${at.bottom + scrollY + 2}px`, left: `${left + scrollX}px` });
    input.setAttribute("aria-expanded", "true");
    input.removeAttribute("aria-activedescendant");
  }

  #close() {
    this.#listbox.hidden = true;
    this.#matches = [];
    this.#active = -1;
    if (this.#input) {
      this.#input.setAttribute("aria-expanded", "false");
      this.#input.removeAttribute("aria-activedescendant");
    }
    this.#input = null;
  }

  #key(e) {
    const open = !this.#listbox.hidden && this.#matches.length;
    if (e.key === "Escape" && !this.#listbox.hidden) {
      e.preventDefault();
      return this.#close();
    }
    if (!open) return;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      const n = this.#matches.length;
      this.#mark((this.#active + (e.key === "ArrowDown" ? 1 : n - 1 + (this.#active < 0 ? 1 : 0))) % n);
    } else if (e.key === "Enter" && this.#active >= 0) {
      e.preventDefault();
      this.#choose(this.#active);
    }
  }

  #mark(i) {
    this.#active = i;
    for (const [j, el] of [...this.#listbox.children].entries()) el.setAttribute("aria-selected", String(j === i));
    const el = this.#listbox.children[i];
    this.#input.setAttribute("aria-activedescendant", el.id);
    el.scrollIntoView({ block: "nearest" });
  }

  // Fills the box with the player's rating; "self" also K (FIDE's own, said so) and birth year.
  #choose(i) {
    const player = this.#matches[i];
    const input = this.#input;
    if (!player || !input) return;
    const kind = this.#kind();
    const figures = player[kind];
    this.#close();
    ++this.#asked;
    const self = input.dataset.lookup === "self";
    set(input, figures?.rating ? String(figures.rating) : self ? input.value : "0");
    // An opponent whose K the page asks (the single game's, `data-lookup-k`) gets the list's K too.
    const theirK = input.dataset.lookupK && $(input.dataset.lookupK);
    if (theirK && figures?.k) {
      set(theirK, String(figures.k));
      note(theirK, `K ${figures.k} is FIDE's own K for ${player.name}'s next ${kind} list, from the list you opened.`);
    }
    if (!self) return;
    if (figures?.k) set($("k"), String(figures.k));
    if (player.birth_year) set($("birth_year"), String(player.birth_year));
    note($("k"), figures?.k
      ? `K ${figures.k} is FIDE's own K for ${player.name}'s next ${kind} list, from the list you opened.`
      : `${player.name} has no ${kind} K in the list you opened.`);
  }
}

function option(p, kind, i) {
  const li = document.createElement("li");
  li.id = `${LISTBOX}-${i}`;
  li.setAttribute("role", "option");
  li.setAttribute("aria-selected", "false");
  li.dataset.index = String(i);
  const f = p[kind];
  const title = p.title || p.women_title;
  li.textContent = [`${p.name} (${[p.federation, title].filter(Boolean).join(", ")})`,
    `${kind} ${f?.rating ?? "unrated"}`, f?.k ? `K ${f.k}` : "", p.birth_year ? `born ${p.birth_year}` : "",
    `ID ${p.id}`].filter(Boolean).join(" · ");
  return li;
}

// A value set as if typed: the page reads and asks again.
function set(input, value) {
  input.value = value;
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

// The line under `input` saying where its value came from.
function note(input, text) {
  const id = `${input.id}-list-note`;
  let p = $(id);
  if (!p) {
    p = Object.assign(document.createElement("p"), { id, className: "hint list-note" });
    p.dataset.testid = id;
    input.closest(".field").append(p);
  }
  p.textContent = text;
}
