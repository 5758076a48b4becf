// Which file is missing, when a start goes wrong: Pyodide hangs on a missing wasm, micropip calls
// a 404 page a bad zip, and a failed import names no file a person can act on. Every file a start
// needs is checked (HEAD), but only once something has gone wrong (`look`): a start that goes
// right asks for nothing more (docs/performance.md, "Checks only on failure").

import { LoadError } from "./load-error.js";

// The browser's own fetch, taken before the adapter's stand-in may replace it during a start.
const browserFetch = self.fetch.bind(self);

const RUNTIME_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"];

export class MissingFiles {
  #look;
  looking = false;

  constructor(build, here) {
    const needed = [
      ...RUNTIME_FILES.map((f) => [`pyodide/${f}`, "the Python runtime"]),
      [build.micropip, "the package installer"],
      [build.elo_core, "the rating engine"],
    ];
    // Rejects with the first missing file's message; never resolves before `look()`.
    this.checked = new Promise((resolve) => (this.#look = resolve)).then(() => Promise.all(needed.map(async ([path, what]) => {
      const r = await browserFetch(here(path), { method: "HEAD", cache: "no-cache" }).catch(() => null);
      if (!r || !r.ok) {
        throw new LoadError(`Could not download ${what} (${path}: ${r ? `HTTP ${r.status}` : "network error"}). ` +
          "Reload the page; if that does not help, the site is incomplete.");
      }
    })));
    this.checked.catch(() => {});
  }

  look() {
    this.looking = true;
    this.#look();
  }

  // `promise`, unless a check finds a file missing first.
  orMissing(promise) {
    return Promise.race([promise, this.checked.then(() => new Promise(() => {}))]);
  }
}
