// The calculator's worker: Python (Pyodide + elo_core) off the page's thread. This file is the
// entry and answers the page's messages (contract.js); the rest is in worker/. It has no static
// imports: the files every start needs are asked for as it starts, before its own modules (the
// contract among them) have arrived (docs/performance.md, "Everything asked at once"). So it names
// the Pyodide files it asks for itself (pyodide-adapter.js, FILES, has them too; a test checks
// they agree), and its own names.
//
// Options come from the page through the worker's name (contract.js, WORKER): "prime" starts it
// as a primer, which makes a start as the next visit will and then at most warms up
// (docs/performance.md, "Primer"); "embed" keeps no snapshot for a next visit (docs/performance.md, "Embed").

const options = { priming: self.name === "prime", keeping: self.name !== "embed" && self.name !== "prime" };
const here = (path) => new URL(path, import.meta.url).href;
const mark = (name, detail = null) => performance.mark(`elo:${name}`, { detail });
const quiet = (promise) => (promise?.catch(() => {}), promise);

// Read at once, as soon as it is in: {json} or {status} (start.js says what went wrong).
const build = quiet(fetch(here("build.json"), { cache: "no-cache" }).then((r) => (r.ok ? r.json().then((json) => ({ json }))
  : { status: r.status })));

// The runtime's wasm goes over the network in zstd, unpacked as it arrives and compiled meanwhile
// (worker/wasm.js), and the full page keeps the unpacked bytes (KEPT_WASM), labelled with their
// sha256. A start compiles a copy when there is one: sw.js's (asked for with `only-if-cached` and a
// query the HTTP cache never saw, as sw.js drops queries: a miss at once where it does not serve),
// else the kept one, whose compile is used only if its label is build.json's sha256
// (docs/performance.md, "The wasm in zstd", "The kept wasm without sw.js").
const PYODIDE = { wasm: "pyodide/pyodide.asm.wasm", wasmZstd: "pyodide/pyodide.asm.wasm.zst",
  loader: "pyodide/pyodide.mjs", script: "pyodide/pyodide.asm.mjs" };
const wasmURL = here(PYODIDE.wasm);
const KEPT_WASM = { cache: "elo-unpacked", header: "X-Elo-Sha256", url: wasmURL }; // sw.js names the cache too
// A host that serves the wasm with another Content-Type than application/wasm makes the streaming
// compile fail: it is then compiled from its bytes (slower, and no compiled code kept).
const servedAsWasm = (r) => r.headers.get("Content-Type")?.startsWith("application/wasm");
const compile = (r) => (r.ok && !servedAsWasm(r) ? r.arrayBuffer().then((b) => WebAssembly.compile(b)) : WebAssembly.compileStreaming(r));
// The wasm unpacked from zstd has no URL, so Chromium keeps no compiled code for it; compiled with
// an option that changes nothing for Pyodide's wasm (it imports no string builtins), V8 does not
// share that compile with a primer's of sw.js's copy in the same process, whose code it then keeps
// for the next visit (docs/performance.md, "The primer keeps the wasm's compiled code").
const UNKEPT = { builtins: ["js-string"] };
const wasmSha256 = () => build.then((b) => b.json?.wasm?.sha256 ?? null, () => null);
// {response, served: true} for sw.js's copy, {response, ok: whether it is this build's wasm} for the
// kept one, or null.
async function copyOfWasm() {
  const served = await fetch(`${wasmURL}?offline-copy`, { cache: "only-if-cached", mode: "same-origin" }).catch(() => null);
  if (served?.ok) return { response: served, served: true }; // sw.js checked it against its build
  const kept = await Promise.resolve().then(() => caches.match(wasmURL, { cacheName: KEPT_WASM.cache })).catch(() => null);
  if (!kept) return null;
  const label = kept.headers.get(KEPT_WASM.header);
  return { response: kept, ok: wasmSha256().then((expected) => expected !== null && expected === label) };
}
async function compileWasm(copy) {
  const kept = await copy;
  if (kept?.served) return compile(kept.response); // if it fails, Pyodide downloads the plain wasm
  if (kept) {
    // The kept copy: another build's, or one that no longer compiles, is replaced by the .zst's.
    const module = quiet(compile(kept.response));
    if (await kept.ok) {
      try {
        return await module;
      } catch {
        await Promise.resolve().then(() => caches.delete(KEPT_WASM.cache)).catch(() => {});
      }
    }
  }
  const [packed, { unpackWasm }] = await Promise.all([fetch(here(PYODIDE.wasmZstd)), import("./worker/wasm.js")]);
  return WebAssembly.compileStreaming(unpackWasm(packed, { onBytes: arrived,
    keepAs: options.keeping ? { ...KEPT_WASM, sha256: wasmSha256() } : null }), UNKEPT);
}
// The download's bytes, told to the page a few times a second: a slow download is not a stuck
// one (contract.js, Loading).
const received = { bytes: 0, told: 0 };
function arrived(count) {
  received.bytes += count;
  if (performance.now() - received.told < 250) return;
  received.told = performance.now();
  contract.then(({ MESSAGE }) => postMessage({ type: MESSAGE.LOADING, bytes: received.bytes }));
}
const wasmSupported = typeof WebAssembly === "object";
const copy = wasmSupported && WebAssembly.compileStreaming ? quiet(copyOfWasm()) : null;
const early = {
  compiled: quiet(copy
    ? compileWasm(copy).then((module) => (mark("wasm"), module))
    : Promise.reject(new Error("no WebAssembly.compileStreaming"))),
  // Whether Chromium keeps the compiled code: only for sw.js's copy (a Cache Storage response the
  // page reads itself gets none, traced: docs/performance.md, "The kept wasm without sw.js").
  codeKept: Promise.resolve(copy).then((kept) => Boolean(kept?.served)),
  build,
  loader: quiet(import(here(PYODIDE.loader))),
  // A primer leaves the runtime script to Pyodide, once everything else is in (see start.js).
  runtime: quiet(wasmSupported && !options.priming ? import(here(PYODIDE.script)) : null),
};

// The kept file's bytes, read as the worker starts (worker/snapshot.js makes sense of them; its
// KEPT_FILE is this name, a test checks it): null when there is none, or another tab holds it.
const KEPT_FILE = "pyodide-snapshot-inflated";
const keptBytes = (async () => {
  const file = await (await (await navigator.storage.getDirectory()).getFileHandle(KEPT_FILE)).createSyncAccessHandle();
  try {
    const bytes = new Uint8Array(file.getSize());
    return file.read(bytes, { at: 0 }) === bytes.byteLength ? bytes : null;
  } finally {
    file.close();
  }
})().catch((e) => (e?.name === "TypeMismatchError" ? "odd" : null));
early.kept = quiet(import("./worker/snapshot.js").then((s) => s.readKept(keptBytes, { dropUnusable: !options.priming })));

// The worker's own modules, after the files every start needs, all asked for now rather than
// found one import after another; the contract apart, for the failure of the others.
const contract = import("./contract.js");
const modules = Promise.all([import("./worker/start.js"), import("./worker/scheduler.js"), contract]);
quiet(import("./worker/pyodide-adapter.js"));
// The last line of an error's message: a Python traceback's is the error itself.
const lastLine = (e) => String((e && e.message) || e).trim().split("\n").pop();

// Started at once; requests that arrive meanwhile wait on it, in order. Resolves with the
// scheduler that answers (null when the start failed: the page has been told).
const ready = modules.then(async ([{ start }, { Scheduler }, { MESSAGE }]) => {
  const progress = (stage, detail, extra = {}) => {
    if (stage === "ready") mark("ready", extra.start);
    postMessage({ type: MESSAGE.PROGRESS, stage, detail, ...extra });
  };
  const started = await start({ early, options, progress, here, mark });
  const scheduler = new Scheduler(started.handle);
  // A primer warms up only when it compiled sw.js's copy of the wasm, the compile whose code Chromium keeps
  // (docs/performance.md, "The primer keeps the wasm's compiled code"); otherwise it has nothing more to do.
  const jobs = options.priming && !(await early.codeKept) ? [] : started.jobs;
  mark("jobs", jobs.map((job) => job.name));
  // After the first answers (the requests already waiting are answered first, as `ready`
  // resolves): the jobs in their declared order, then the page hears they are done.
  setTimeout(() => scheduler.run(jobs).finally(() => postMessage({ type: MESSAGE.SETTLED, prime: started.prime })));
  return scheduler;
}).catch(async (e) => {
  const message = e?.name === "LoadError" ? e.message
    : `Loading the calculator failed unexpectedly: ${lastLine(e)}. Reload the page, or try another browser.`;
  postMessage({ type: (await contract).MESSAGE.FAILED, message });
  return null;
});

// Each request is answered in the order it came (every message waits on the same two promises).
self.onmessage = async ({ data }) => {
  const { MESSAGE, internalError } = await contract;
  const scheduler = await ready;
  if (data?.type !== MESSAGE.ASK) return;
  let response, bytes;
  try {
    response = scheduler ? scheduler.answer(data.request, data.binary ? data : undefined) : internalError("the Python runtime did not load");
    if (data.binary && typeof response === "object") ({ response, bytes } = response);
  } catch (e) {
    response = internalError(lastLine(e));
  }
  if (data.binary) postMessage({ type: MESSAGE.ANSWER, id: data.id, response, bytes: bytes ?? null }, bytes ? [bytes] : []);
  else postMessage({ type: MESSAGE.ANSWER, id: data.id, response });
  scheduler?.answered();
};
