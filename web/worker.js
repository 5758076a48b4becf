// Runs Python (Pyodide + elo_core) off the main thread so the page never freezes.
// Started as: new Worker("worker.js", {type: "module"})
//
// worker -> page: {type: "progress", stage: "runtime" | "packages" | "ready", detail, version?, start?}
//                 (on "ready", start is "snapshot" or "micropip": how the runtime started)
//                 {type: "error", message}                      (loading failed; nothing more follows)
//                 {id, response}                                (response: JSON string from elo_core)
// page -> worker: {id, request}                                 (request: JSON string {"op", "args"})

// Two ways to start, chosen per visit:
//  - snapshot (fast): build.json names a memory snapshot of an interpreter that already
//    imported elo_core (made by build.py with this very runtime). It is downloaded,
//    checked (size + sha256 from build.json; gzip's own CRC), restored by loadPyodide,
//    and must answer build.json's check request exactly as it did at build time.
//  - micropip (normal): start the interpreter, install micropip, micropip.install(elo_core).
// Anything wrong with the snapshot (missing, corrupt, no DecompressionStream, failed
// restore, wrong answer) is logged with console.warn and the normal start follows.

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
class WasmError extends Error {}
function watchWasmFailure() {
  const warn = console.warn;
  let fail, seen = false;
  const failed = new Promise((_, reject) => (fail = reject));
  console.warn = (...args) => {
    warn.apply(console, args);
    if (seen) fail(new WasmError(`WebAssembly compile failed: ${args.join(" ")}`));
    seen ||= String(args[0]).includes("wasm instantiation failed");
  };
  return { failed, stop: () => (console.warn = warn) };
}

// One loadPyodide() call, watched; `options` adds e.g. _loadSnapshot.
async function startRuntime(loadPyodide, options = {}) {
  const wasm = watchWasmFailure();
  try {
    return await Promise.race([
      loadPyodide({
        indexURL: here("pyodide/"),
        // Without this, a package missing from dist/ would be fetched from a CDN.
        packageBaseUrl: here("pyodide/"),
        ...options,
      }),
      wasm.failed,
    ]);
  } finally {
    wasm.stop();
  }
}

const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");

// The snapshot's bytes, checked against build.json, or an Error saying what is wrong.
// Decompressed while it downloads; gzip's CRC catches a damaged stream, the size
// and sha256 of the compressed file a wrong one (e.g. of another build).
async function fetchSnapshot(snap) {
  const kept = await keptSnapshot(snap);
  if (kept) return kept;
  if (typeof DecompressionStream !== "function") throw new Error("no DecompressionStream in this browser");
  const resp = await fetch(here(snap.path)); // content-addressed name: any cached copy is right
  if (!resp.ok) throw new Error(`HTTP ${resp.status}`);
  const [forHash, forInflate] = resp.body.tee();
  const raw = new Response(forInflate.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  raw.catch(() => {}); // reported below, if still relevant
  const gz = await new Response(forHash).arrayBuffer();
  if (gz.byteLength !== snap.gzip_bytes) throw new Error(`${gz.byteLength} bytes, expected ${snap.gzip_bytes}`);
  if (hex(await crypto.subtle.digest("SHA-256", gz)) !== snap.sha256) throw new Error("sha256 mismatch");
  const bytes = new Uint8Array(await raw);
  if (bytes.byteLength !== snap.bytes) throw new Error(`${bytes.byteLength} bytes decompressed, expected ${snap.bytes}`);
  keepSnapshot(snap, bytes);
  return bytes;
}

// A repeat visit skips the download check and the inflating (about half a second on a
// slow machine): the checked, inflated snapshot is kept in Cache Storage under its
// sha256, one build's at a time. Should a kept copy ever be damaged, the restore or the
// check request fails and the worker drops it and starts the normal way.
const KEPT = "pyodide-snapshot-inflated"; // not "elo-…": sw.js manages those caches
const keptKey = (snap) => here(`${snap.path}.${snap.sha256}.raw`);

async function keptSnapshot(snap) {
  try {
    const hit = await (await caches.open(KEPT)).match(keptKey(snap));
    const bytes = hit && new Uint8Array(await hit.arrayBuffer());
    return bytes && bytes.byteLength === snap.bytes ? bytes : null;
  } catch {
    return null; // no Cache Storage (e.g. a private window): inflate as usual
  }
}

async function keepSnapshot(snap, bytes) {
  try {
    const cache = await caches.open(KEPT);
    for (const old of await cache.keys()) await cache.delete(old);
    await cache.put(keptKey(snap), new Response(bytes.slice()));
  } catch {
    /* keeping it is only an optimisation */
  }
}

async function dropKeptSnapshot() {
  try {
    await caches.delete(KEPT);
  } catch {
    /* nothing kept */
  }
}

// Restore the snapshot; returns {pyodide, handle, version}, or null to start normally.
// Throws only for what the normal start cannot fix either (the .wasm itself failing).
// `snapshotBytes` and `wheelBytes` are promises: loadPyodide fetches the runtime's own
// files while the snapshot still downloads.
async function startFromSnapshot(loadPyodide, build, snapshotBytes, wheelBytes) {
  const snap = build.snapshot;
  try {
    const pyodide = await startRuntime(loadPyodide, { _loadSnapshot: snapshotBytes });
    // The snapshot holds the imported modules, not the files: put elo_core's files
    // back (for anything it reads later) and give `random` a fresh seed (a snapshot
    // fixes it). zipfile is already imported in the snapshot, so this is quick.
    pyodide.FS.writeFile("/tmp/elo_core.whl", await wheelBytes);
    const answer = pyodide.runPython(`
import os, random, site, sys, zipfile
random.seed()
with zipfile.ZipFile("/tmp/elo_core.whl") as z:
    z.extractall(site.getsitepackages()[0])
os.remove("/tmp/elo_core.whl")
import elo_core.facade
elo_core.facade.handle(${JSON.stringify(snap.check.request)})
`);
    if (answer !== snap.check.response) throw new Error(`wrong answer to the check request: ${answer}`);
    const handle = pyodide.pyimport("elo_core.facade").handle;
    const version = pyodide.pyimport("elo_core").__version__;
    return { pyodide, handle, version };
  } catch (e) {
    if (e instanceof WasmError) throw e;
    dropKeptSnapshot();
    console.warn(`Pyodide snapshot ${snap.path} not usable (${lastLine(e)}); starting the normal way.`);
    return null;
  }
}

const runtimeFailed = (e) =>
  new LoadError(`The Python runtime failed to start: ${e.message || e}. Reload the page, or try another browser.`);

async function load() {
  if (typeof WebAssembly !== "object") {
    throw new LoadError("This browser has WebAssembly turned off or unsupported, so the calculator cannot run. Try a current Firefox, Chrome, Edge or Safari.");
  }
  // Dynamic import (not a static one) so a failure is caught and reported; started
  // now, beside build.json, rather than after it.
  const pyodideModule = import(here("pyodide/pyodide.mjs"))
    .then((m) => m.loadPyodide, (e) => { throw runtimeFailed(e); });
  pyodideModule.catch(() => {});
  const build = await (await fetchOwn("build.json", "the build description")).json();

  progress("runtime", `Loading Python runtime (Pyodide ${build.pyodide})`);
  let snapshotBytes = null, wheelBytes = null;
  if (build.snapshot) {
    snapshotBytes = fetchSnapshot(build.snapshot);
    wheelBytes = fetch(`${here(build.elo_core)}?b=${build.build}`).then(async (r) => {
      if (!r.ok) throw new Error(`${build.elo_core}: HTTP ${r.status}`);
      return new Uint8Array(await r.arrayBuffer());
    });
    snapshotBytes.catch(() => {});
    wheelBytes.catch(() => {});
  }
  // Check every file exists, so a missing one is named in the message (Pyodide
  // hangs on a missing .wasm; micropip calls a 404 page a bad zip). The checks run
  // beside the start; `orMissing(p)` is p, unless a check fails first.
  const needed = [
    ...["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]
      .map((f) => [`pyodide/${f}`, "the Python runtime"]),
    [build.micropip, "the package installer"],
    [build.elo_core, "the rating engine"],
  ];
  const checked = Promise.all(needed.map(async ([path, what]) => {
    const r = await fetch(here(path), { method: "HEAD", cache: "no-cache" }).catch(() => null);
    if (!r || !r.ok) {
      throw new LoadError(`Could not download ${what} (${path}: ${r ? `HTTP ${r.status}` : "network error"}). Reload the page; if that does not help, the site is incomplete.`);
    }
  }));
  checked.catch(() => {});
  const orMissing = (p) => Promise.race([p, checked.then(() => new Promise(() => {}))]);

  const loadPyodide = await orMissing(pyodideModule);
  let started = null;
  if (build.snapshot) {
    try {
      started = await orMissing(startFromSnapshot(loadPyodide, build, snapshotBytes, wheelBytes));
    } catch (e) {
      throw e instanceof LoadError ? e : runtimeFailed(e);
    }
  }
  await checked;
  if (started) {
    progress("runtime", `Python runtime started (Pyodide ${started.pyodide.version}, from snapshot)`);
    progress("packages", `elo_core ${started.version} already in the snapshot`);
    progress("ready", `Ready (elo_core ${started.version})`, { version: started.version, start: "snapshot" });
    return started.handle;
  }
  return await startWithMicropip(loadPyodide, build);
}

// The normal start: a fresh interpreter, then micropip installs the elo_core wheel.
async function startWithMicropip(loadPyodide, build) {
  let pyodide;
  try {
    pyodide = await startRuntime(loadPyodide);
  } catch (e) {
    throw runtimeFailed(e);
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
  progress("ready", `Ready (elo_core ${version})`, { version, start: "micropip" });
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
