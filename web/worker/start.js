// The three ways a start goes, chosen per visit (docs/architecture.md, "Start"):
//  - snapshot (repeat visits): an earlier visit kept this build's memory snapshot of an
//    interpreter that already imported elo_core (made by build.py with this very runtime); it is
//    checked (snapshot.js), restored, and must answer build.json's check request as at build time;
//  - direct (a build's first visit): a fresh interpreter with the page's library (elo_core and the
//    standard library it uses, as bytecode) in place of the standard library; after the first
//    answers the snapshot is downloaded and kept for the next visit (docs/performance.md,
//    "First visit: the direct start");
//  - micropip (a build without snapshot, or the other two failing): the whole standard library,
//    micropip, then micropip installs the elo_core wheel.
// What goes wrong with one is logged (console.warn) and the next one follows.
// start() resolves with {handle, jobs, prime}: elo_core's request handler, the idle jobs for
// after the first answers, and whether the page may then start a primer for the next visit.

import { FILES, loadRuntime, WasmError } from "./pyodide-adapter.js";
import { dropKept, fetchAndKeep, keptSource, markFailed } from "./snapshot.js";

const lastLine = (e) => String((e && e.message) || e).trim().split("\n").pop();
const runtimeFailed = (e) =>
  new LoadError(`The Python runtime failed to start: ${e.message || e}. Reload the page, or try another browser.`);

async function readBuild(read) {
  let got;
  try {
    got = await read;
  } catch (e) {
    throw new LoadError(`Could not download the build description (build.json): ${e.message}. Check your connection and reload.`);
  }
  if (got.status) {
    throw new LoadError(`Could not download the build description (build.json): HTTP ${got.status}. The site may be mid-update; reload in a minute.`);
  }
  return got.json;
}

export async function start({ early, options, progress, here, mark }) {
  if (typeof WebAssembly !== "object") {
    throw new LoadError("This browser has WebAssembly turned off or unsupported, so the calculator cannot run. Try a current Firefox, Chrome, Edge or Safari.");
  }
  const loader = early.loader.catch((e) => { throw runtimeFailed(e); });
  loader.catch(() => {});
  const build = await readBuild(early.build);
  mark("build");
  progress("runtime", `Loading Python runtime (Pyodide ${build.pyodide})`);
  const missing = new MissingFiles(build, here);
  early.compiled.catch(() => missing.look());
  if (!build.snapshot) missing.look(); // a build without a snapshot needs every file
  const paths = { here, compiled: early.compiled,
    stdlibURL: build.library ? here(build.library.path) : undefined, onDownloadFailed: () => missing.look(),
    unpack: build.library?.path.endsWith(".zst") ? unpackLibrary(build.library) : null };
  // The kept copy's check starts now, before the loader is in.
  const kept = build.snapshot ? await keptSource(build.snapshot, early.kept, { mark, onDamagedKept: dropKept }) : null;
  const ready = (runtime, version, how) => {
    // A start that had a download fail on the way may still have worked (say, without the
    // standard library): the deploy is broken all the same.
    progress("runtime", `Python runtime started (Pyodide ${runtime.version}${how === "snapshot" ? ", from snapshot" : ""})`);
    progress("packages", `elo_core ${version} already in the ${how === "snapshot" ? "snapshot" : "page's library"}`);
    progress("ready", `Ready (elo_core ${version})`, { version, start: how });
  };

  try {
    const loaderModule = await missing.orMissing(loader);
    if (kept) {
      const started = await missing.orMissing(fromSnapshot(loaderModule, build, kept, early, options, { mark, paths })
        .catch((e) => Promise.reject(e instanceof LoadError ? e : runtimeFailed(e))));
      if (started) {
        if (missing.looking) await missing.checked;
        ready(started.runtime, started.version, "snapshot");
        return { handle: started.handle, jobs: [warmUpJob(started.handle)], prime: false };
      }
    }
    // A primer only ever restores what was kept (it makes the start the next visit makes).
    if (options.priming) throw new LoadError("nothing kept to prime the next visit from");
    if (build.snapshot) {
      const started = await missing.orMissing(fromScratch(loaderModule, build, { mark, paths })
        .catch((e) => Promise.reject(runtimeFailed(e))));
      if (started) {
        if (missing.looking) await missing.checked;
        ready(started.runtime, started.version, "direct");
        const { runtime, handle } = started;
        const keeping = { kept: false };
        // In this order: with the keeping after the warm-up, Chromium kept no compiled wasm for the
        // next visit (docs/performance.md, "Keep before warm-up").
        const jobs = [
          options.keeping && { name: "keep", steps: () => fetchAndKeep(build.snapshot, { here, mark,
            stdlib: () => runtime.standardLibrary(), onKept: () => (keeping.kept = true) }) },
          warmUpJob(handle),
        ].filter(Boolean);
        // This build's first visit: once the snapshot is kept, prime the next visit's start.
        return { handle, jobs, get prime() { return keeping.kept; } };
      }
    }
    missing.look(); // the micropip start needs every file, the two wheels too
    await missing.checked;
    return await fromMicropip(loaderModule, build, { progress, here, paths: { ...paths, stdlibURL: undefined, unpack: null } });
  } catch (e) {
    missing.look();
    await missing.checked; // a missing file is the cause to report
    throw e;
  }
}

// The page's library comes in zstd (docs/performance.md, "The library in zstd"): the decoder
// (npm's fzstd, copied by build.py) is imported only when the library is downloaded, and writes
// into a buffer of the library's size, which it returns without a copy.
const unpackLibrary = (library) => async (bytes) =>
  (await import("./fzstd.mjs")).decompress(bytes, new Uint8Array(library.bytes));

// Restores the kept snapshot; resolves with {runtime, handle, version}, or null to start another
// way. Throws only for what no other start can fix either (the wasm itself failing).
async function fromSnapshot(loaderModule, build, source, early, options, { mark, paths }) {
  const snap = build.snapshot;
  try {
    // A primer imports the runtime script only once everything else is in: Chromium then keeps
    // the compiled code of all that a start calls (docs/performance.md, "Primer").
    if (options.priming) await Promise.allSettled([early.compiled, source.stdlib]);
    const runtime = await loadRuntime(loaderModule, { ...paths, stdlib: source.stdlib, lockInfo: snap.lock_info,
      snapshot: source.bytes, onRuntime: () => mark("runtime") });
    mark("restored");
    const answer = runtime.reseedAndAsk(snap.check.request);
    if (answer !== snap.check.response) throw new Error(`wrong answer to the check request: ${answer}`);
    // A kept copy altered in place (size and header kept) may restore and pass the check: its
    // checksum, computed meanwhile, decides before anything is answered.
    if (!source.verified) throw new Error("the kept copy is not build.json's snapshot (checksum)");
    return { runtime, ...runtime.eloCore() };
  } catch (e) {
    // A primer that cannot restore stops there: it leaves the kept copy to the next visit, which
    // would find the fault too, and makes no other start.
    if (e instanceof WasmError || options.priming) throw e;
    dropKept();
    // This build's very snapshot and library (both checked against build.json) did not restore:
    // it is not fetched again. A failure that may pass (the library downloaded) does not count.
    if (source.verified && (await source.stdlib)) await markFailed(snap.sha256);
    console.warn(`The kept Pyodide snapshot is not usable (${lastLine(e)}); starting the direct way.`);
    return null;
  }
}

// The direct start: a fresh interpreter with the page's library (build.json's `library`, in
// place of the standard library; what it lacks is fetched when first imported: the adapter's libraryParts),
// elo_core imported from it. Resolves with {runtime, handle, version}, or null to start with micropip.
async function fromScratch(loaderModule, build, { mark, paths }) {
  try {
    // No package is installed, so Pyodide gets an index of none (docs/performance.md, "No package index").
    const runtime = await loadRuntime(loaderModule, { ...paths, lockInfo: build.snapshot.lock_info });
    mark("runtime");
    runtime.findLibraryParts(build.library);
    return { runtime, ...runtime.eloCore() };
  } catch (e) {
    if (e instanceof WasmError) throw e;
    console.warn(`The direct start failed (${lastLine(e)}); starting with micropip.`);
    return null;
  }
}

// The normal start: a fresh interpreter, then micropip installs the elo_core wheel.
async function fromMicropip(loaderModule, build, { progress, here, paths }) {
  let runtime;
  try {
    runtime = await loadRuntime(loaderModule, paths);
  } catch (e) {
    throw runtimeFailed(e);
  }
  progress("runtime", `Python runtime started (Pyodide ${runtime.version})`);
  progress("packages", "Installing micropip");
  // By URL: our micropip comes from PyPI (sha256 pinned in buildkit/pyodide.py), unlike Pyodide's lock file's.
  try {
    await runtime.loadMicropip(here(build.micropip));
  } catch (e) {
    throw new LoadError(`Could not install micropip (${build.micropip}): ${e.message}. Reload the page.`);
  }
  progress("packages", "Installing elo_core");
  try {
    // `?b=` busts a stale cached wheel: its file name changes only with the package version.
    await runtime.pipInstall(`${here(build.elo_core)}?b=${build.build}`);
  } catch (e) {
    throw new LoadError(`Could not install the rating engine (${build.elo_core}): ${lastLine(e)}. Reload the page.`);
  }
  let handle, version;
  try {
    ({ handle, version } = runtime.eloCore());
  } catch (e) {
    throw new LoadError(`The rating engine failed to start: ${lastLine(e)}. Reload the page; if it persists, please report it.`);
  }
  progress("ready", `Ready (elo_core ${version})`, { version, start: "micropip" });
  // Nothing is kept by this start, so there is nothing for a primer to restore.
  return { handle, jobs: [warmUpJob(handle)], prime: false };
}

// A start that failed, in words for a person: what failed, and what to try. The entry (worker.js)
// tells it by its name, as it cannot import this module before the start.
export class LoadError extends Error {
  name = "LoadError";
}

// Which file is missing, when a start goes wrong: Pyodide hangs on a missing wasm, micropip calls
// a 404 page a bad zip, and a failed import names no file a person can act on. Every file a start
// needs is checked (HEAD), but only once something has gone wrong (`look`): a start that goes
// right asks for nothing more (docs/performance.md, "Checks only on failure").

// The browser's own fetch, taken before the adapter's stand-in may replace it during a start.
const browserFetch = self.fetch.bind(self);

class MissingFiles {
  #look;
  looking = false;

  constructor(build, here) {
    const needed = [
      ...Object.values(FILES).map((f) => [f, "the Python runtime"]),
      ...(build.library ? [[build.library.path, "the Python runtime"], ["worker/fzstd.mjs", "the Python runtime"]] : []),
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

// The warm-up: right after the start, requests like the page's are answered and thrown away, one
// per step, so that V8 optimises the interpreter's busy functions before the first keystrokes
// need them, and, run enough, keeps that optimised code for the next visit (docs/performance.md,
// "Warm-up"). Their ratings take the main branches: an ordinary one, one exempt from the
// 400-point rule, one below the floor, a typo.

const ROUNDS = 200;
const RATINGS = ["1800", "2700", "1200", "18o0"];

const warmUpJob = (handle) => ({ name: "warm up", quiet: true, steps: () => warmUp(handle) });

async function* warmUp(handle) {
  const games = Array.from({ length: 30 }, (_, i) => ({ opponent: String(1650 + 10 * i), score: ["1", "0.5", "0"][i % 3] }));
  const requests = RATINGS.map((rating) => JSON.stringify({ op: "batch", args: { requests: [
    { op: "rate", args: { rating, k: "20", method: "fide", rules: "2025-10-01", kind: "standard", games } },
  ] } }));
  for (let round = 0; round < ROUNDS; round++) {
    try {
      handle(requests[round % requests.length]);
    } catch {
      return;
    }
    yield;
  }
}
