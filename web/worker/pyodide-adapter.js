// The one place that knows Pyodide (its files, its internals, the Python the worker runs) and
// touches the worker's globals. Everything else talks to a Runtime (below); only worker.js names
// the four files it asks for before any module is in (FILES). Written for exactly this Pyodide:
// the build refuses another version (buildkit/pyodide.py's PYODIDE_VERSION must equal this one),
// as each internal named here must be looked at again for a new Pyodide:
//  - loadPyodide's options `_loadSnapshot` (experimental: the bytes of a memory snapshot to
//    restore), `fsInit` (awaited before the runtime sets up its file system, and before the
//    restore), `lockFileContents` (the lock file's content, instead of its download),
//    `stdLibURL` (the standard library's zip);
//  - the `js` module, `XMLHttpRequest` (synchronous in a worker) and `Uint8Array.to_bytes()` of
//    its proxies (libraryParts);
//  - Pyodide downloads its wasm with the global fetch() from `indexURL` and instantiates it with
//    the global WebAssembly.instantiateStreaming; it downloads the standard library with fetch()
//    and reads only `ok` and `arrayBuffer()` of the answer;
//  - a failed wasm compile is only logged: console.warn("wasm instantiation failed!"), then the
//    error; loadPyodide() then never settles;
//  - the standard library is /lib/python3XY.zip in its file system (pyodide.FS).
// The hooks on fetch, instantiateStreaming and console.warn are installed for one loadPyodide()
// call and removed when it settles.

export const PYODIDE_VERSION = "314.0.7";

// Pyodide's files the worker uses, relative to worker.js, which asks for the first four as it
// starts (it names them too: a test checks they agree). The standard library is the whole one,
// for the micropip start (the others have the page's library: build.json `library`).
export const FILES = { wasm: "pyodide/pyodide.asm.wasm", wasmZstd: "pyodide/pyodide.asm.wasm.zst",
  loader: "pyodide/pyodide.mjs", script: "pyodide/pyodide.asm.mjs",
  stdlib: "pyodide/python_stdlib.zip", lock: "pyodide/pyodide-lock.json" };
const INDEX = "pyodide/";

// Python for an interpreter started with the page's library (buildkit/library.py, make_library): a
// standard module the library left out (`library.left_out`: the top-level names of which one was)
// is found in the whole standard library (`library.whole`), fetched once, synchronously (the
// worker waits), when first asked for. `library`: build.json's entry, its paths relative to
// worker.js. A download that fails is not tried again: the import fails as any missing module
// does (ModuleNotFoundError). snapshot.mjs runs it too; a restored interpreter, whose file system
// lacks the zip, fetches it if asked.
export const libraryParts = (library) => `
import sys

class LibraryPart:
    def __init__(self, url, names):
        self.url, self.names, self.failed = url, frozenset(names), False
        self.zip = "/lib/" + url.rpartition("/")[2]

    def find_spec(self, name, path=None, target=None):
        import os
        if self.failed or name.partition(".")[0] not in self.names:
            return None
        if not os.path.exists(self.zip):
            try:
                import js
                request = js.XMLHttpRequest.new()
                request.open("GET", self.url, False)
                request.responseType = "arraybuffer"
                request.timeout = 60000
                request.send()
                if request.status != 200:
                    raise OSError(f"HTTP {request.status}")
                with open(self.zip, "wb") as f:
                    f.write(js.Uint8Array.new(request.response).to_bytes())
            except Exception as e:
                self.failed = True
                print(f"elo: {name} is not in the page's library, and {self.url} could not be fetched: {e}")
                return None
            print(f"elo: {name} is not in the page's library; {self.url} was fetched")
        from importlib.machinery import PathFinder
        return PathFinder.find_spec(name, ["/".join([self.zip, *name.split(".")[:-1]])])

sys.meta_path.append(LibraryPart(${JSON.stringify(library.whole)}, ${JSON.stringify(library.left_out)}))
del LibraryPart
`;

export class WasmError extends Error {}

// Pyodide logs a failed wasm compile and never settles: the warning is watched for.
function watchWasmFailure() {
  const warn = console.warn;
  let fail;
  let seen = false;
  const failed = new Promise((_, reject) => (fail = reject));
  console.warn = (...args) => {
    warn.apply(console, args);
    if (seen) fail(new WasmError(`WebAssembly compile failed: ${args.join(" ")}`));
    seen ||= String(args[0]).includes("wasm instantiation failed");
  };
  return { failed, stop: () => (console.warn = warn) };
}

// An answer to Pyodide's download of the kept standard library: `slice` copies just the file
// out of the kept buffer (a Response from the bytes would copy them twice).
const keptFile = (bytes) => ({ ok: true, arrayBuffer: async () => bytes.slice().buffer });
// Pyodide asks for an ArrayBuffer: an unpacked view of part of one is copied out.
const wholeBuffer = (bytes) => (bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer : bytes.slice().buffer);

// One loadPyodide() call. `loader`: Pyodide's pyodide.mjs module (FILES.loader). `here(path)`: a
// path relative to worker.js as a URL. `stdlibURL`: the standard library's (default: FILES.stdlib).
// `compiled`: the runtime's wasm compiled while the rest downloaded (Pyodide's own download of it
// is answered with an empty response; if the early compile failed, Pyodide downloads and
// compiles as usual). `stdlib`: a promise of the kept standard
// library's bytes or null (then downloaded). `unpack`: bytes -> (a promise of) bytes, for a
// downloaded standard library sent packed (the page's library, in zstd). `snapshot`: the bytes to restore.
// `onDownloadFailed`: called when a download Pyodide makes fails.
export async function loadRuntime(loader, { here, stdlibURL = here(FILES.stdlib), compiled, stdlib = null, unpack = null,
  snapshot = null, lockInfo = null, onDownloadFailed = () => {}, onRuntime = () => {} }) {
  const indexURL = here(INDEX);
  const wasmURL = here(FILES.wasm);
  const wasm = watchWasmFailure();
  const { fetch } = self;
  const { instantiateStreaming } = WebAssembly;
  const download = (input, init) => fetch(input, init)
    .then((r) => (r.ok || onDownloadFailed(), r), (e) => (onDownloadFailed(), Promise.reject(e)));
  const unpacked = (r) => (r.ok ? { ok: true, arrayBuffer: async () => wholeBuffer(await unpack(new Uint8Array(await r.arrayBuffer()))) } : r);
  const library = (input, init) => (unpack ? download(input, init).then(unpacked) : download(input, init));
  self.fetch = (input, init) => {
    const url = String(input);
    if (url === wasmURL) return compiled.then(() => new Response(), () => fetch(input, init));
    if (url === stdlibURL) return stdlib ? stdlib.then((bytes) => (bytes ? keptFile(bytes) : library(input, init))) : library(input, init);
    return download(input, init);
  };
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const module = await compiled.catch(() => null);
    if (!module) return instantiateStreaming(source, imports);
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
  try {
    const pyodide = await Promise.race([
      loader.loadPyodide({
        indexURL,
        stdLibURL: stdlibURL,
        packageBaseUrl: indexURL, // without it, a package missing from dist/ would come from a CDN
        ...(snapshot && { _loadSnapshot: snapshot, fsInit: onRuntime }),
        // No package is installed from a snapshot, so Pyodide gets an index of none rather than
        // waiting for pyodide-lock.json (docs/performance.md, "No package index").
        ...(lockInfo && { lockFileContents: { info: lockInfo, packages: {} } }),
      }),
      wasm.failed,
    ]);
    if (pyodide.version !== PYODIDE_VERSION) throw new Error(`Pyodide ${pyodide.version}, not ${PYODIDE_VERSION}`);
    return new Runtime(pyodide);
  } finally {
    self.fetch = fetch;
    WebAssembly.instantiateStreaming = instantiateStreaming;
    wasm.stop();
  }
}

// elo_core's door for bytes beside the JSON: a JS Uint8Array in as Python bytes, bytes out as a
// Uint8Array (both copied once: the answer's pieces each straight into their place in it, never
// joined in the interpreter, whose memory would keep the room they took).
const BINARY = `
def _elo_binary(request, data):
    from js import Uint8Array
    from elo_core.facade import handle_binary
    text, out = handle_binary(request, data.to_bytes() if hasattr(data, "to_bytes") else None)
    if out is None:
        return [text, None]
    views = [memoryview(piece).cast("B") for piece in out]
    joined, at = Uint8Array.new(sum(map(len, views))), 0
    for view in views:
        joined.subarray(at, at + len(view)).assign(view)
        at += len(view)
    return [text, joined]
_elo_binary
`;

// A started interpreter, as the rest of the worker uses it.
export class Runtime {
  #pyodide;

  constructor(pyodide) {
    this.#pyodide = pyodide;
  }

  get version() {
    return this.#pyodide.version;
  }

  // elo_core's JSON door, looked up once and called per request (request text -> answer text; a
  // Python exception is thrown as a JS error whose message ends with it), and its version.
  // `handle(request, {binary, bytes})`: a binary request (contract.js, Ask) answers {response,
  // bytes}, its bytes copied into and out of Python once each.
  eloCore() {
    const door = this.#pyodide.pyimport("elo_core.facade");
    const plain = door.handle;
    const binary = this.#pyodide.runPython(BINARY);
    const handle = (request, { binary: isBinary = false, bytes = null } = {}) => {
      if (!isBinary) return plain(request);
      const answer = binary(request, bytes ? new Uint8Array(bytes) : undefined); // undefined: Python's None
      // The interpreter's memory (it never shrinks: the most it has needed) after each request that
      // moves a list, for the benchmark and devtools (bench/fidelist_page.py reads it): one mark.
      performance.clearMarks("elo:memory");
      performance.mark("elo:memory", { detail: this.#pyodide._module.HEAPU8.buffer.byteLength });
      try {
        const [response, out] = answer.toJs();
        return { response, bytes: !out ? null : out.byteLength === out.buffer.byteLength ? out.buffer : out.slice().buffer };
      } finally {
        answer.destroy();
      }
    };
    return { handle, version: this.#pyodide.pyimport("elo_core").__version__ };
  }

  // A restored interpreter's first words: a snapshot fixes `random`'s seed, so a fresh one; then
  // elo_core's answer to `request` (build.json's check request).
  reseedAndAsk(request) {
    return this.#pyodide.runPython(`
import random
random.seed()
import elo_core.facade
elo_core.facade.handle(${JSON.stringify(request)})
`);
  }

  // The finders of the page's library's other parts (libraryParts), in a fresh interpreter.
  findLibraryParts(library) {
    this.#pyodide.runPython(libraryParts(library));
  }

  // The standard library's zip as the runtime installed it (empty if it has none).
  standardLibrary() {
    const name = this.#pyodide.FS.readdir("/lib").find((n) => /^python\d+\.zip$/.test(n));
    return name ? this.#pyodide.FS.readFile(`/lib/${name}`) : new Uint8Array();
  }

  writeFile(path, bytes) {
    this.#pyodide.FS.writeFile(path, bytes);
  }

  // micropip, from its wheel at `url`; throws with what went wrong.
  async loadMicropip(url) {
    const errors = [];
    await this.#pyodide.loadPackage(url, { messageCallback: () => {}, errorCallback: (m) => errors.push(m) });
    try {
      this.#pyodide.pyimport("micropip").destroy();
    } catch (e) {
      throw new Error(errors.join(" ").trim() || String(e?.message ?? e).trim().split("\n").pop());
    }
  }

  // micropip installs the wheel at `url` (loadMicropip first).
  async pipInstall(url) {
    const micropip = this.#pyodide.pyimport("micropip");
    try {
      await micropip.install(url);
    } finally {
      micropip.destroy();
    }
  }
}
