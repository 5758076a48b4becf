// Runs Python (Pyodide + elo_core) off the main thread so the page never freezes.
// Started as: new Worker("worker.js", {type: "module"}) (named "prime" by app.js: see PRIMING)
//
// worker -> page: {type: "progress", stage: "runtime" | "packages" | "ready", detail, version?, start?}
//                 (on "ready", start is "snapshot" or "micropip": how the runtime started)
//                 {type: "error", message}                      (loading failed; nothing more follows)
//                 {id, response}                                (response: JSON string from elo_core)
//                 {type: "ahead", request, response}            (an answer asked for ahead, see serveAhead)
//                 {type: "settled", prime}                      (the work after the start is done;
//                                                                prime: the page may prime the code cache)
// page -> worker: {id, request}                                 (request: JSON string {"op", "args"})
//                 {ahead: [request, ...]}                       (what the next keystroke may ask, see serveAhead)

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

// Where a start's time goes, for bench/startup.py (which reads these User Timing marks
// from the worker): "elo:build", "elo:wasm", "elo:snapshot", "elo:runtime" (the wasm
// instantiated and linked, the snapshot not yet restored), "elo:restored", "elo:ready",
// and "elo:kept" once a downloaded snapshot is kept for the next visit and its file let go
// (the page marks "elo:primed", see app.js).
const mark = (name, detail = null) => performance.mark(`elo:${name}`, { detail });

// Started by the page with the name "prime" (app.js), on a build's first visit, this worker
// makes a start as the next visit will, for Chromium to keep the compiled code of Pyodide's
// runtime script, and then does nothing more: no keeping, no warm-up, no files put back.
// It imports that script only once the wasm, the snapshot and the standard library are in
// (see load): Chromium keeps a script's code at the first pause of the worker's thread after
// the script has run (once it is idle, without a service worker), so the start then runs
// without a pause from the script through the restore, and the code kept is all it calls:
// 1,086,576 bytes, against 20,608 (the script's top level) when the worker imported it as
// early as the calculator's does (bench/RESULTS.md).
const PRIMING = self.name === "prime";

// Work done after the first answers yields between its pieces, so that a request from
// the page waits for one piece at most (keeping the snapshot, warming up).
const nextTask = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

const progress = (stage, detail, extra = {}) => {
  if (stage === "ready") mark("ready", extra.start);
  postMessage({ type: "progress", stage, detail, ...extra });
};

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

// Starts looking for a missing file (set by load), e.g. when a download Pyodide makes
// fails: Pyodide logs some such failures and carries on, to hang or fail later with no
// file named. The checks use the browser's own fetch, never startRuntime's stand-in.
let lookForMissing = () => {};
const { fetch: browserFetch } = self;

// The answer to Pyodide's download of a file kept by an earlier visit (the standard library:
// its loadBinaryFile reads `ok` and `arrayBuffer()` only; the wasm's streaming compile would
// need a real Response). A Response made from the bytes would copy them into a Blob and back
// (2.5 MB: 6-8 ms of this thread, and the restore waited for it); `slice` copies just the
// file out of the kept buffer it is a view of (34 MB).
const keptFile = (bytes) => ({ ok: true, arrayBuffer: async () => bytes.slice().buffer });

// One loadPyodide() call, watched; `options` adds e.g. _loadSnapshot. The runtime's wasm
// was compiled while other files downloaded (`compiled`, see below): Pyodide is handed
// that module rather than compiling its own copy, which it would only start once
// build.json and its own scripts are in, and its own download of the file is answered
// with an empty response.
// Should the early compile have failed, Pyodide downloads and compiles as usual.
// `stdlib`, when given, resolves with the standard library's bytes kept by an earlier visit
// (see snapshotBytes), or null: Pyodide's download of it is answered with them, or made.
async function startRuntime(loadPyodide, options = {}, stdlib = null) {
  const wasm = watchWasmFailure();
  const { fetch } = self;
  const { instantiateStreaming } = WebAssembly;
  const download = (input, init) => fetch(input, init)
    .then((r) => (r.ok || lookForMissing(), r), (e) => (lookForMissing(), Promise.reject(e)));
  self.fetch = (input, init) => {
    const url = String(input);
    if (url === wasmURL) return compiled.then(() => new Response(), () => fetch(input, init));
    if (url === stdlibURL && stdlib) return stdlib.then((bytes) => (bytes ? keptFile(bytes) : download(input, init)));
    return download(input, init);
  };
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const module = await compiled.catch(() => null);
    if (!module) return instantiateStreaming(source, imports);
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
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
    self.fetch = fetch;
    WebAssembly.instantiateStreaming = instantiateStreaming;
    wasm.stop();
  }
}

const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
// Whether `bytes` have this sha256 (hex). Chromium's WebCrypto took the time of the hash on
// the calling thread (2.5 MB: the call returned after about 4 ms, here).
const hasSha256 = async (bytes, sha256) => hex(await crypto.subtle.digest("SHA-256", bytes)) === sha256;

// The snapshot's bytes for Pyodide, and when they are in (`filled`, which rejects saying
// what is wrong): the copy an earlier visit kept (see below), when it is this build's;
// otherwise an array of the size build.json gives, handed to Pyodide at once (see
// startFromSnapshot) and filled once the download is in, inflated and checked: it stays
// zeros if anything is wrong. The download is inflated as it arrives; gzip's CRC catches
// a damaged stream, the size and sha256 of the compressed file a wrong one (e.g. of
// another build). With a kept copy comes the standard library kept beside it (`stdlib`,
// for startRuntime), checked while the runtime starts; else `stdlib` is null and Pyodide
// downloads the file.
let toKeep = null; // a downloaded snapshot, kept once the first answers are out

async function snapshotBytes(snap, kept) {
  const mine = await kept;
  if (mine && mine.key === snap.sha256 && mine.bytes.byteLength === snap.bytes + snap.stdlib.bytes) {
    mark("snapshot", "kept");
    return { bytes: mine.bytes.subarray(0, snap.bytes), filled: Promise.resolve(),
      stdlib: checkedStdlib(mine.bytes.subarray(snap.bytes), snap.stdlib) };
  }
  const bytes = new Uint8Array(snap.bytes);
  return { bytes, filled: downloadSnapshot(snap, bytes), stdlib: null };
}

// The kept standard library, once its sha256 is build.json's; null if it is not (the kept
// copy is then dropped, and Pyodide downloads the file). The hash (2.5 MB, about 4 ms of this
// thread, as measured here) is computed once the kept copy and build.json are in, long before
// Pyodide needs the file.
async function checkedStdlib(bytes, { sha256 }) {
  try {
    if (await hasSha256(bytes, sha256)) return bytes;
  } catch {}
  console.warn("The kept copy of Python's standard library is damaged or unreadable; downloading it.");
  dropKeptSnapshot();
  return null;
}

async function downloadSnapshot(snap, into) {
  if (typeof DecompressionStream !== "function") throw new Error("no DecompressionStream in this browser");
  const resp = await fetch(here(snap.path)); // content-addressed name: any cached copy is right
  if (!resp.ok) throw new Error(`HTTP ${resp.status}`);
  const [forHash, forInflate] = resp.body.tee();
  const raw = new Response(forInflate.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  raw.catch(() => {}); // reported below, if still relevant
  const gz = await new Response(forHash).arrayBuffer();
  if (gz.byteLength !== snap.gzip_bytes) throw new Error(`${gz.byteLength} bytes, expected ${snap.gzip_bytes}`);
  if (!(await hasSha256(gz, snap.sha256))) throw new Error("sha256 mismatch");
  const bytes = new Uint8Array(await raw);
  if (bytes.byteLength !== snap.bytes) throw new Error(`${bytes.byteLength} bytes decompressed, expected ${snap.bytes}`);
  into.set(bytes);
  toKeep = { key: snap.sha256, bytes: into };
  mark("snapshot", "downloaded");
}

// A repeat visit skips the download, the check and the inflating (about half a second
// on a slow machine): the checked, inflated snapshot is kept in the origin private file
// system, one build's at a time, as one file: the bytes, then Python's standard library,
// then the sha256 of the snapshot's download (64 hex digits), which tells the build they
// belong to. It is read as the worker starts, before build.json says which snapshot is
// wanted, through a sync access handle: the fastest read there is (34 MB in tens of
// milliseconds, where a Blob or Cache Storage read takes hundreds), at the price of a
// lock, so a second tab starting at the same moment downloads instead. The key is written
// last, so a write cut short leaves a file that is never used. Should the kept snapshot
// ever be damaged, the restore or the check request fails and the worker drops the copy
// and starts the normal way; a damaged standard library fails its sha256 (build.json's),
// and is downloaded instead.
// The standard library (2.5 MB) is kept because every start needs it before the restore:
// Pyodide asks for it as it starts, and the reading of its body waited for the worker's
// thread, busy with the runtime's start, so the restore waited for it (15-50 ms here).
// Read with the snapshot it costs a millisecond or two and no request (bench/RESULTS.md).
const KEPT = "pyodide-snapshot-inflated";
const KEY_BYTES = 64;

async function openKept(create = false) {
  const root = await navigator.storage.getDirectory();
  return (await root.getFileHandle(KEPT, { create })).createSyncAccessHandle();
}

async function keptSnapshot() {
  let file;
  try {
    file = await openKept();
    const size = file.getSize();
    if (size <= KEY_BYTES) return null;
    const bytes = new Uint8Array(size);
    if (file.read(bytes, { at: 0 }) !== size) return null;
    const at = size - KEY_BYTES;
    return { key: new TextDecoder().decode(bytes.subarray(at)), bytes: bytes.subarray(0, at) };
  } catch {
    return null; // nothing kept yet, no private file system, or another tab holds the lock
  } finally {
    file?.close();
  }
}

// Called once the first answers are out. Writing 34 MB takes 150-250 ms here, so it is
// written a piece per task. The standard library is the copy Pyodide installed in its file
// system (no second download); it is not hashed here, as the next visit checks it against
// build.json before using it (and drops a wrong copy) anyway.
const KEEP_PIECE = 2 ** 21;

async function keepSnapshot({ key, bytes }, pyodide) {
  let file;
  try {
    const name = pyodide.FS.readdir("/lib").find((n) => /^python\d+\.zip$/.test(n)); // e.g. python314.zip
    const stdlib = name ? pyodide.FS.readFile(`/lib/${name}`) : new Uint8Array(); // none: the next visit's size check fails
    file = await openKept(true);
    file.truncate(0);
    let at = 0;
    const write = (piece) => {
      if (file.write(piece, { at }) !== piece.byteLength) throw new Error("write cut short");
      at += piece.byteLength;
    };
    for (const part of [bytes, stdlib]) {
      for (let from = 0; from < part.byteLength; from += KEEP_PIECE) {
        write(part.subarray(from, from + KEEP_PIECE));
        await nextTask();
      }
    }
    write(new TextEncoder().encode(key));
    file.flush();
    file.close();
    mark("kept");
  } catch (e) {
    console.warn(`The snapshot was not kept for the next visit: ${e.message}`);
    // Keeping it is only an optimisation; a piece written without its key is never used,
    // but 34 MB of it need not stay on the device.
    try {
      file?.truncate(0);
    } catch {}
    file?.close();
  }
}

async function dropKeptSnapshot() {
  try {
    await (await navigator.storage.getDirectory()).removeEntry(KEPT);
  } catch {
    /* nothing kept */
  }
}

// Restore the snapshot; returns {pyodide, handle, version}, or null to start normally.
// Throws only for what the normal start cannot fix either (the .wasm itself failing).
// Pyodide needs the snapshot's size before it starts, and its bytes only once its
// runtime is up, to restore them. So on a build's first visit, it gets the array the
// download will fill and starts its runtime (the runtime script's set-up, the wasm's
// instantiation and dynamic linking: 150-300 ms here) while the snapshot downloads; its
// file-system hook (`fsInit`), which the runtime's own initialisation and the restore
// wait for, waits for the bytes. Should the download fail, the array stays zeros and the
// restore fails at once; the price is that a failing download (say, a 404) costs a runtime
// start before the normal start, where it used to fail before the runtime started.
async function startFromSnapshot(loadPyodide, build, snapshot) {
  const snap = build.snapshot;
  let fault = null; // the snapshot's own fault, reported before what it made fail
  try {
    const { bytes, filled, stdlib } = await snapshot;
    filled.catch((failed) => (fault = failed));
    const pyodide = await startRuntime(loadPyodide, {
      _loadSnapshot: bytes,
      fsInit: () => (mark("runtime"), filled.catch(() => {})),
      // No package is installed here (elo_core is in the snapshot), so Pyodide gets an index
      // of none rather than waiting for pyodide-lock.json to download and be read: on a
      // repeat visit the thread sat idle for it for about 20 ms before the restore's end.
      // (So this instance could not loadPackage; nothing here does.) A build.json without
      // the lock's info (an older deploy's) leaves Pyodide to download the file.
      ...(snap.lock_info && { lockFileContents: { info: snap.lock_info, packages: {} } }),
    }, stdlib);
    mark("restored");
    // A snapshot fixes `random`'s seed: give it a fresh one. Then the check request.
    const answer = pyodide.runPython(`
import random
random.seed()
import elo_core.facade
elo_core.facade.handle(${JSON.stringify(snap.check.request)})
`);
    if (answer !== snap.check.response) throw new Error(`wrong answer to the check request: ${answer}`);
    const handle = pyodide.pyimport("elo_core.facade").handle;
    const version = pyodide.pyimport("elo_core").__version__;
    return { pyodide, handle, version };
  } catch (e) {
    // A primer that cannot restore stops there (PRIMING): it leaves the kept copy to the next
    // visit, which would find the fault too (a primer may also fail where a start would not,
    // e.g. short of memory beside the calculator's worker), and makes no normal start.
    if (e instanceof WasmError || PRIMING) throw e;
    dropKeptSnapshot();
    console.warn(`Pyodide snapshot ${snap.path} not usable (${lastLine(fault ?? e)}); starting the normal way.`);
    return null;
  }
}

// The snapshot holds elo_core's modules, every one already imported (snapshot.mjs), not
// its files, and elo_core reads none after import (its tables are read once, by the check
// request). The files are put back all the same, for whatever may look for them later
// (tracebacks, resources), a moment after the first answers, when the worker is idle:
// unzipping takes a few tens of milliseconds that the first result need not wait for.
async function putFilesBack(pyodide, build) {
  try {
    const resp = await fetch(`${here(build.elo_core)}?b=${build.build}`);
    if (!resp.ok) throw new Error(`HTTP ${resp.status}`);
    pyodide.FS.writeFile("/tmp/elo_core.whl", new Uint8Array(await resp.arrayBuffer()));
    pyodide.runPython(`
import os, site, zipfile
with zipfile.ZipFile("/tmp/elo_core.whl") as z:
    z.extractall(site.getsitepackages()[0])
os.remove("/tmp/elo_core.whl")
import importlib
importlib.invalidate_caches()
`);
  } catch (e) {
    console.warn(`elo_core's files (${build.elo_core}) not put back: ${lastLine(e)}`);
  }
}

const runtimeFailed = (e) =>
  new LoadError(`The Python runtime failed to start: ${e.message || e}. Reload the page, or try another browser.`);

// What every start needs is asked for as the worker starts, all at once, rather than
// one after another: the runtime's wasm first, as it is the start's longest path (its
// 9.6 MB stream in and compile while the rest downloads; handed to Pyodide by
// startRuntime; asked for before the rest, its download starts 5-10 ms sooner), then
// build.json, Pyodide's loader and its 1.25 MB runtime script (which Pyodide imports again
// later, then from the module map), and the snapshot an earlier visit kept. Failures are
// dealt with where each is used.
const wasmSupported = typeof WebAssembly === "object";
const wasmURL = here("pyodide/pyodide.asm.wasm");
const stdlibURL = here("pyodide/python_stdlib.zip");
// A host that serves the wasm with a Content-Type other than application/wasm makes the
// streaming compile fail (Pyodide's own too): it is then compiled from its bytes, slower
// and with no compiled code kept for the next visit, but the calculator works.
const fromBytes = (r) => r.arrayBuffer().then((bytes) => WebAssembly.compile(bytes));
const servedAsWasm = (r) => r.headers.get("Content-Type")?.startsWith("application/wasm");
const compiled = wasmSupported && WebAssembly.compileStreaming
  ? fetch(wasmURL)
    .then((r) => (r.ok && !servedAsWasm(r) ? fromBytes(r) : WebAssembly.compileStreaming(r)))
    .then((m) => (mark("wasm"), m))
  : Promise.reject(new Error("no WebAssembly.compileStreaming"));
const early = {
  build: fetchOwn("build.json", "the build description").then((r) => r.json()),
  loader: import(here("pyodide/pyodide.mjs")),
  runtime: wasmSupported && !PRIMING ? import(here("pyodide/pyodide.asm.mjs")) : null, // PRIMING: by Pyodide
  kept: keptSnapshot(),
};
for (const p of [...Object.values(early), compiled]) p?.catch(() => {});

async function load() {
  if (!wasmSupported) {
    throw new LoadError("This browser has WebAssembly turned off or unsupported, so the calculator cannot run. Try a current Firefox, Chrome, Edge or Safari.");
  }
  const pyodideModule = early.loader.then((m) => m.loadPyodide, (e) => { throw runtimeFailed(e); });
  pyodideModule.catch(() => {});
  const build = await early.build;
  mark("build");

  progress("runtime", `Loading Python runtime (Pyodide ${build.pyodide})`);
  const snapshot = build.snapshot ? snapshotBytes(build.snapshot, early.kept) : null;
  snapshot?.then(({ filled }) => filled).catch(() => {});
  // Should a start go wrong, the message names the file missing, if one is: Pyodide hangs
  // on a missing .wasm, micropip calls a 404 page a bad zip, and a failed import names no
  // file a person can act on. So every file a start needs is checked (HEAD), but only once
  // something has gone wrong: a download failed (the wasm's early one, or one Pyodide
  // makes), the wasm's early compile failed (e.g. in a browser without
  // WebAssembly.compileStreaming: Pyodide then compiles it itself), the snapshot could not
  // be used, or anything threw. A snapshot start that goes right asks for nothing more: the
  // seven checks beside it cost up to about 80 ms of a repeat visit here (bench/RESULTS.md).
  // A build without a snapshot always needs every file, so there they run at once.
  // `orMissing(p)` is p, unless a check finds a file missing first.
  const needed = [
    ...["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]
      .map((f) => [`pyodide/${f}`, "the Python runtime"]),
    [build.micropip, "the package installer"],
    [build.elo_core, "the rating engine"],
  ];
  let looking = false;
  const checked = new Promise((resolve) => {
    lookForMissing = () => {
      looking = true;
      resolve();
    };
  }).then(() => Promise.all(needed.map(async ([path, what]) => {
    const r = await browserFetch(here(path), { method: "HEAD", cache: "no-cache" }).catch(() => null);
    if (!r || !r.ok) {
      throw new LoadError(`Could not download ${what} (${path}: ${r ? `HTTP ${r.status}` : "network error"}). Reload the page; if that does not help, the site is incomplete.`);
    }
  })));
  checked.catch(() => {});
  compiled.catch(lookForMissing);
  if (!build.snapshot) lookForMissing();
  const orMissing = (p) => Promise.race([p, checked.then(() => new Promise(() => {}))]);

  try {
    const loadPyodide = await orMissing(pyodideModule);
    let started = null;
    if (build.snapshot) {
      try {
        if (PRIMING) await Promise.allSettled([compiled, snapshot.then((s) => Promise.all([s.filled, s.stdlib]))]);
        started = await orMissing(startFromSnapshot(loadPyodide, build, snapshot));
      } catch (e) {
        throw e instanceof LoadError ? e : runtimeFailed(e);
      }
    }
    if (started) {
      // A start that had a download fail on the way may still have restored the snapshot
      // (say, without the standard library): the deploy is broken all the same.
      if (looking) await checked;
      progress("runtime", `Python runtime started (Pyodide ${started.pyodide.version}, from snapshot)`);
      progress("packages", `elo_core ${started.version} already in the snapshot`);
      progress("ready", `Ready (elo_core ${started.version})`, { version: started.version, start: "snapshot" });
      const downloaded = toKeep !== null; // this build's first visit: prime the next one's code cache
      afterStart(started.handle, {
        first: async () => {
          if (toKeep) await keepSnapshot(toKeep, started.pyodide);
          toKeep = null;
        },
        later: () => putFilesBack(started.pyodide, build),
        prime: downloaded,
      });
      return started.handle;
    }
    lookForMissing(); // the normal start needs every file, the two wheels too
    await checked;
    return await startWithMicropip(loadPyodide, build);
  } catch (e) {
    lookForMissing();
    await checked; // a missing file is the cause to report
    throw e;
  }
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
  afterStart(handle, { prime: true });
  return handle;
}

// Work for after the first answers (the requests already queued are answered first, as
// `ready` resolves): `first` (keeping the snapshot for the next visit), then warming up,
// then `later` (putting files back); then the page hears that the start's work is done
// (`settled`), and whether the next visit wants Pyodide's scripts loaded once more for
// Chromium's code cache (`prime`, see app.js): on a build's first visit (the snapshot
// downloaded, or the normal start). From the second visit on, each visit is another load,
// and the browser keeps the code by itself.
// A priming worker (PRIMING) does none of it: it only starts, and the page ends it.
// One after the other, the keeping first: with the keeping and the warm-up side by side,
// Chromium wrote no wasm code cache in 2 of 3 cold visits (4 of 4 one after the other); with
// the warm-up first, it wrote none in 2 of 2, although the first keystrokes were a little
// quicker (bench/RESULTS.md, 2026-12-01).
function afterStart(handle, { first = async () => {}, later = async () => {}, prime = false }) {
  if (PRIMING) return;
  serveAhead(handle);
  setTimeout(async () => {
    await first();
    await warmUp(handle);
    await later();
    postMessage({ type: "settled", prime });
  });
}

// V8 first runs the interpreter's wasm functions as compiled by its quick baseline
// compiler, and recompiles the busy ones with its optimising compiler only after they
// have run for a while. Until then the Python of an answer for 30 games takes 5-20 ms
// instead of 1-3 ms: the first keystrokes would miss their frame. So right after the
// start, requests like the page's are answered and thrown away, one per task (a request
// from the page waits for one of them at most). Their ratings take the main branches:
// an ordinary one, one exempt from the 400-point rule, one below the floor, a typo.
// Enough rounds also matter to the next visit: Chromium keeps a module's optimised
// code on disk (V8's wasm code cache, used by the next visit's streaming compile) only
// once enough of it has been made. Restored from the snapshot, the interpreter runs too
// little for that on its own: 64 rounds left no cache here, 120 did (Chromium 156), so
// 200 it is (1.1-1.8 s of the worker's time here, one request per task; the cache is
// written 0.5-1 s after the first result). With it, the next visit does not compile the
// busy functions again: restoring the snapshot went from about 280 to 150-220 ms
// (bench/RESULTS.md).
// Each answer to the page also pauses the warm-up for WARM_UP_QUIET_MS: the page then has a
// frame to paint and the answer to write, and on a machine with few cores, a warm-up request
// running meanwhile takes the core its main thread would use. Keystrokes on a first visit,
// side by side in fresh profiles, p95 with and without the pause: 13.8 / 16.3, 11.6 / 13.2
// and 13.8 / 14.0 ms in three runs (20 profiles each; bench/RESULTS.md). Pausing until typing
// stops was tried before: the Python then stayed unoptimised for longer.
const WARM_UP_ROUNDS = 200;
const WARM_UP_QUIET_MS = 30;
const WARM_UP_RATINGS = ["1800", "2700", "1200", "18o0"];

async function warmUp(handle) {
  const games = Array.from({ length: 30 }, (_, i) => ({ opponent: String(1650 + 10 * i), score: ["1", "0.5", "0"][i % 3] }));
  const requests = WARM_UP_RATINGS.map((rating) => JSON.stringify({ op: "batch", args: { requests: [
    { op: "rate", args: { rating, k: "20", method: "fide", rules: "2025-10-01", kind: "standard", games } },
  ] } }));
  for (let round = 0; round < WARM_UP_ROUNDS; round++) {
    do await nextTask(quietUntil - performance.now()); // no wait (0) unless an answer just went out
    while (quietUntil > performance.now() || ahead.length); // answers ahead first: the same work, of use
    try {
      handle(requests[round % requests.length]);
    } catch {
      return;
    }
  }
}

// The last line of a Python traceback is the part a person can act on.
const lastLine = (e) => String(e && e.message || e).trim().split("\n").pop();

// Same shape as elo_core's own error answers: `errors` (list) as elo_core.facade
// writes them, and `error` (the first one) for readers that expect a single error.
const internalError = (message) => {
  const error = { field: null, message: `internal error: ${message}` };
  return JSON.stringify({ ok: false, error, errors: [error] });
};

// Until when the warm-up leaves the page's answers room (see warmUp).
let quietUntil = 0;

// Answers ahead: the page sends the requests the next keystroke in the field being edited
// may make (app.js), and keeps the answers, so that keystroke is answered on the page at
// once, without a round trip to this thread, whose Python may be waiting for a core (on a
// first visit, V8's optimising compiler takes one for a second or two) or be busy with the
// warm-up. Each is elo_core's own answer to that very request text. One per turn of the
// event loop, so a request from the page waits for one of them at most, and none in the
// warm-up's quiet time after an answer to the page (the page then shows it); a newer list
// replaces the older. An internal error is not sent: the keystroke then asks as usual.
let ahead = [];
let wakeAhead = null;

// A turn of the event loop, without the 4 ms that nested timers wait (some 50 ms over a list).
const turnChannel = new MessageChannel();
const nextTurn = () => new Promise((resolve) => {
  turnChannel.port1.onmessage = resolve;
  turnChannel.port2.postMessage(null);
});

async function serveAhead(handle) {
  for (;;) {
    while (!ahead.length) await new Promise((resolve) => (wakeAhead = resolve));
    await nextTurn();
    while (quietUntil > performance.now()) await nextTask(quietUntil - performance.now());
    const request = ahead.shift();
    if (request === undefined) continue;
    let response;
    try {
      response = handle(request);
    } catch {
      continue;
    }
    postMessage({ type: "ahead", request, response });
  }
}

function answer(handle, request) {
  try {
    return handle(request);
  } catch (e) {
    return internalError(lastLine(e));
  }
}

// Started at once; requests that arrive meanwhile wait on this promise, in order.
const ready = load().catch((e) => {
  const message = e instanceof LoadError ? e.message
    : `Loading the calculator failed unexpectedly: ${e && e.message || e}. Reload the page, or try another browser.`;
  postMessage({ type: "error", message });
  return null;
});

self.onmessage = async ({ data }) => {
  const { id, request, ahead: next } = data || {};
  if (next) {
    ahead = next.filter((r) => typeof r === "string");
    wakeAhead?.();
    return;
  }
  const handle = await ready;
  const response = handle ? answer(handle, request) : internalError("the Python runtime did not load");
  postMessage({ id, response });
  quietUntil = performance.now() + WARM_UP_QUIET_MS;
};
