// Runs Python (Pyodide + elo_core) off the main thread so the page never freezes.
// Started as: new Worker("worker.js", {type: "module"})
//
// worker -> page: {type: "progress", stage: "runtime" | "packages" | "ready", detail, version?}
//                 {type: "error", message}                      (loading failed; nothing more follows)
//                 {id, response}                                (response: JSON string from elo_core)
// page -> worker: {id, request}                                 (request: JSON string {"op", "args"})

// Every URL is resolved against this file's own URL, so the site works under
// any sub-path (e.g. /elo-calculator/) and never asks another origin for anything.
const here = (path) => new URL(path, import.meta.url).href;

const progress = (stage, detail, extra = {}) =>
  postMessage({ type: "progress", stage, detail, ...extra });

// A load failure shown to a person: what failed, plus what to try.
class LoadError extends Error {}

// Fetch one of our own files, turning network errors and 404s into plain words.
async function fetchOwn(path, what) {
  let resp;
  try {
    resp = await fetch(here(path), { cache: "no-cache" });
  } catch (e) {
    throw new LoadError(`Could not download ${what} (${path}): ${e.message}. Check your connection and reload.`);
  }
  if (!resp.ok) {
    throw new LoadError(`Could not download ${what} (${path}): HTTP ${resp.status}. The site may be mid-update; reload in a minute.`);
  }
  return resp;
}

// Pyodide 314 catches a failed WebAssembly compile (corrupt or truncated .wasm),
// only console.warn()s "wasm instantiation failed!" + the error, and then never
// settles loadPyodide(). Watch for that warning so the failure is reported, not a hang.
function watchWasmFailure() {
  const warn = console.warn;
  let fail, seen = false;
  const failed = new Promise((_, reject) => (fail = reject));
  console.warn = (...args) => {
    warn.apply(console, args);
    if (seen) fail(new Error(`WebAssembly compile failed: ${args.join(" ")}`));
    seen ||= String(args[0]).includes("wasm instantiation failed");
  };
  return { failed, stop: () => (console.warn = warn) };
}

async function load() {
  if (typeof WebAssembly !== "object") {
    throw new LoadError("This browser has WebAssembly turned off or unsupported, so the calculator cannot run. Try a current Firefox, Chrome, Edge or Safari.");
  }
  const build = await (await fetchOwn("build.json", "the build description")).json();

  progress("runtime", `Loading Python runtime (Pyodide ${build.pyodide})`);
  // Check every file exists before starting, so a missing one is named in the
  // message (Pyodide hangs on a missing .wasm; micropip calls a 404 page a bad zip).
  const needed = [
    ...["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]
      .map((f) => [`pyodide/${f}`, "the Python runtime"]),
    [build.micropip, "the package installer"],
    [build.elo_core, "the rating engine"],
  ];
  await Promise.all(needed.map(async ([path, what]) => {
    const r = await fetch(here(path), { method: "HEAD", cache: "no-cache" }).catch(() => null);
    if (!r || !r.ok) {
      throw new LoadError(`Could not download ${what} (${path}: ${r ? `HTTP ${r.status}` : "network error"}). Reload the page; if that does not help, the site is incomplete.`);
    }
  }));
  let pyodide;
  try {
    // Dynamic import (not a static one) so a failure is caught here and reported.
    const { loadPyodide } = await import(here("pyodide/pyodide.mjs"));
    const wasm = watchWasmFailure();
    pyodide = await Promise.race([
      loadPyodide({
        indexURL: here("pyodide/"),
        // Without this, a package missing from dist/ would be fetched from a CDN.
        packageBaseUrl: here("pyodide/"),
      }),
      wasm.failed,
    ]).finally(wasm.stop);
  } catch (e) {
    throw new LoadError(`The Python runtime failed to start: ${e.message || e}. Reload the page, or try another browser.`);
  }
  progress("runtime", `Python runtime started (Pyodide ${pyodide.version})`);

  progress("packages", "Installing micropip");
  // Loaded by URL: our micropip comes from PyPI (sha256 pinned in build.py), so its
  // hash differs from the one in Pyodide's lock file.
  const errors = [];
  await pyodide.loadPackage(here(build.micropip), {
    messageCallback: () => {},
    errorCallback: (m) => errors.push(m),
  });
  let micropip;
  try {
    micropip = pyodide.pyimport("micropip");
  } catch (e) {
    throw new LoadError(`Could not install micropip (${build.micropip}): ${errors.join(" ").trim() || e.message}. Reload the page.`);
  }

  progress("packages", "Installing elo_core");
  try {
    // Absolute URL: micropip fetches it itself. `?b=` busts stale browser caches
    // because the wheel's file name only changes with the package version.
    await micropip.install(`${here(build.elo_core)}?b=${build.build}`);
  } catch (e) {
    throw new LoadError(`Could not install the rating engine (${build.elo_core}): ${lastLine(e)}. Reload the page.`);
  } finally {
    micropip.destroy();
  }

  let handle, version;
  try {
    handle = pyodide.pyimport("elo_core.facade").handle; // looked up once, called per request
    version = pyodide.pyimport("elo_core").__version__;
  } catch (e) {
    throw new LoadError(`The rating engine failed to start: ${lastLine(e)}. Reload the page; if it persists, please report it.`);
  }
  progress("ready", `Ready (elo_core ${version})`, { version });
  return handle;
}

// The last line of a Python traceback is the part a person can act on.
const lastLine = (e) => String(e && e.message || e).trim().split("\n").pop();

// Same shape as elo_core's own error answers: `errors` (list) as elo_core.facade
// writes them, and `error` (the first one) for readers that expect a single error.
const internalError = (message) => {
  const error = { field: null, message: `internal error: ${message}` };
  return JSON.stringify({ ok: false, error, errors: [error] });
};

// Started at once; requests that arrive meanwhile wait on this promise, in order.
const ready = load().catch((e) => {
  const message = e instanceof LoadError ? e.message
    : `Loading the calculator failed unexpectedly: ${e && e.message || e}. Reload the page, or try another browser.`;
  postMessage({ type: "error", message });
  return null;
});

self.onmessage = async ({ data }) => {
  const { id, request } = data || {};
  const handle = await ready;
  let response;
  if (!handle) {
    response = internalError("the Python runtime did not load");
  } else {
    try {
      response = handle(request);
    } catch (e) {
      response = internalError(lastLine(e));
    }
  }
  postMessage({ id, response });
};
