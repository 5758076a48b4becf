// The address and what is shared from it: the address written once typing pauses, and at once when
// someone is about to use it (the links, the embed code) or leaves; the embed code; the copy
// buttons (docs/performance.md, "Address later"; docs/links.md).

import { formatAddress } from "./address.js";
import { setText } from "./format.js";
import { embedCode } from "./lifecycle.js";

const $ = (id) => document.getElementById(id);
const ADDRESS_DELAY_MS = 400; // the address follows once typing pauses

// One per page (made by app.js). `read()`: the form's state; `settled()`: a promise while rows are
// still being built, else null; `rulesChosen()`; `keep(state)`: the inputs kept for a reload;
// `embed`, `theme`: this page's, from its address.
export class Sharing {
  #timer = null;
  #hooks;

  constructor(hooks) {
    this.#hooks = hooks;
  }

  // Written once typing pauses: writing it takes the main thread a while, which between two
  // keystrokes could hold up the next answer.
  schedule() {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.flush(), ADDRESS_DELAY_MS);
  }

  // Written at once, if due.
  flush() {
    if (this.#timer === null) return;
    this.forget();
    this.write();
  }

  // Nothing due is written (Reset).
  forget() {
    clearTimeout(this.#timer);
    this.#timer = null;
  }

  write() {
    const h = this.#hooks;
    // Rows still being built would give an address (and kept inputs) without the last games; the
    // address then still holds them.
    const building = h.settled();
    if (building) return void building.then(() => this.schedule());
    const { query, tooLong } = formatAddress(h.read(), { leave: h.rulesChosen() ? [] : ["rules"] });
    setText($("share-note"), tooLong.length ? `Too long for a link: ${tooLong.join(", ")}; the link leaves it out.` : "");
    // Relative to the page, never built from its path: served at "//", a path would be read as a host.
    const full = `?${query}`;
    try {
      history.replaceState(null, "", h.embed ? `${full}&embed=1${this.themed()}` : full);
    } catch {
      /* an address the browser refuses is not worth breaking the page for */
    }
    h.keep(h.read()); // now under the address written
    $("share").href = full;
    $("open-full").href = full;
    $("embed-code").value = embedCode(new URL(`${full}&embed=1${this.themed()}`, location.href).href);
  }

  // The theme the embed code asks for (its list), or the one this embed was given.
  themed() {
    const theme = this.#hooks.embed ? this.#hooks.theme : $("embed-theme").value;
    return theme === "auto" ? "" : `&theme=${theme}`;
  }

  bind() {
    $("copy-link").addEventListener("click", () => {
      this.flush();
      navigator.clipboard.writeText(new URL($("share").getAttribute("href"), location.href).href).then(
        () => setText($("tools-note"), "Link copied."),
        () => setText($("tools-note"), "Copy the address from the address bar."));
    });
    $("embed-theme").addEventListener("change", () => this.write());
    for (const id of ["share", "open-full", "embed-code", "embed-copy"]) {
      for (const type of ["pointerdown", "focusin"]) $(id).addEventListener(type, () => this.flush());
    }
    addEventListener("pagehide", () => this.flush());
    document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && this.flush());
    $("embed-copy").addEventListener("click", () => {
      $("embed-code").select();
      navigator.clipboard.writeText($("embed-code").value).then(
        () => setText($("embed-copied"), "Copied."),
        () => setText($("embed-copied"), "Select the code and copy it."));
    });
  }
}
