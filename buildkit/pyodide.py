"""Everything the build knows about Pyodide, for one version: its files, the edits made to its
runtime script, the micropip that runs on it, and the internals the build relies on. Building
with another Pyodide is refused (check_installed, check_adapter) until someone has looked at
each of them again, then set PYODIDE_VERSION here and in the worker's adapter.

The internals, beside the runtime script's text (RUNTIME_PATCHES):
 - loadPyodide's options `stdLibURL` and `env` (library.mjs), `_makeSnapshot` and the result's
   `makeMemorySnapshot()` (snapshot.mjs, experimental); the standard library is a zip on
   sys.path (library.mjs finds it there);
 - a snapshot's header gives its heap image's offset, and the heap is restored into the wasm's
   initial memory without growing it (snapshot_heap_bytes, wasm_initial_memory);
 - the lock file's `info` alone is a package index of no packages (lock_info).
The worker's own Pyodide internals are named in its adapter (ADAPTER).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from buildkit.tools import WEB, BuildError, file_sha256

PYODIDE_VERSION = "314.0.7"  # package.json / package-lock.json and the adapter's must be the same
PYTHON_VERSION = "3.14"  # Pyodide's CPython: the micropip wheel is for it

# Pyodide core only: the loader, the CPython wasm build + its JS glue, the whole standard
# library (the micropip start's), and the lock file (read by the micropip start).
LOADER = "pyodide.mjs"
RUNTIME_SCRIPT = "pyodide.asm.mjs"
WASM = "pyodide.asm.wasm"
STDLIB = "python_stdlib.zip"
LOCK_FILE = "pyodide-lock.json"
PYODIDE_CORE = (LOADER, RUNTIME_SCRIPT, WASM, STDLIB, LOCK_FILE)
# The wasm as the worker downloads it (docs/performance.md, "The wasm in zstd"); the plain one
# stays for the starts that fall back.
WASM_ZSTD = WASM + ".zst"

# The worker's Pyodide adapter: names the version it was written for (check_adapter); the node
# scripts run its Python.
ADAPTER = WEB / "worker" / "pyodide-adapter.js"

# Latest micropip that runs on Pyodide 314 (Python 3.14); it vendors `packaging`, so nothing
# else is needed. PyPI's wheel differs byte-wise from the one in Pyodide's lock, hence our own
# checksum.
MICROPIP_VERSION = "0.11.1"
MICROPIP_WHEEL = f"micropip-{MICROPIP_VERSION}-py3-none-any.whl"
MICROPIP_SHA256 = "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"

# Edits to Pyodide's runtime script, made as it is copied into dist/ (the snapshot is made
# with the edited script too). Each must match exactly once, or the build fails: a new
# Pyodide needs them looked at again. They make the dynamic linking that every start runs
# cheaper (docs/performance.md, "Cheaper dynamic linking") without changing what it does; in
# particular the function table, whose layout the snapshot's function pointers depend on, is
# filled in the same order.
RUNTIME_PATCHES = (
    # 1. The global offset table (GOT) gets a WebAssembly.Global for every export of the
    #    main module, thousands more than it imports itself, which only a side module (a
    #    package's .so, none here) would ever ask for. Their values are kept in a Map
    #    instead, and each is made a Global when first asked for. (So the runtime's exported
    #    `Module.GOT` lists them only from then on; nothing in Pyodide 314 reads it.)
    ('var GOT={};var GOTHandler={get(weakImports,symName){var rtn=GOT[symName];if(!rtn){'
     'rtn=GOT[symName]=new WebAssembly.Global({value:"i32",mutable:true},-1)}',
     'var GOT={};var GOTLazy=new Map;var GOTHandler={get(weakImports,symName){var rtn=GOT[symName];if(!rtn){'
     'rtn=GOT[symName]=new WebAssembly.Global({value:"i32",mutable:true},'
     'GOTLazy.has(symName)?GOTLazy.get(symName):-1);GOTLazy.delete(symName)}'),
    ('var existingEntry=GOT[symName]&&GOT[symName].value!=-1;',
     'var existingEntry=GOT[symName]?GOT[symName].value!=-1:GOTLazy.has(symName);'),
    ('GOT[symName]??=new WebAssembly.Global({value:"i32",mutable:true});GOT[symName].value=newValue}',
     'if(GOT[symName]){GOT[symName].value=newValue}else{GOTLazy.set(symName,+newValue)}}'),
    # 2. Each JavaScript function the wasm imports through the table is wrapped in a wasm
    #    module of its own; the module depends only on the signature, of which there are far
    #    fewer, so one is compiled per signature and instantiated per function.
    ("var convertJsFunctionToWasm=(func,sig)=>{var bytes=",
     "var wrapperModules=new Map;var convertJsFunctionToWasm=(func,sig)=>{"
     "var module=wrapperModules.get(sig);if(!module){var bytes="),
    ("var module=new WebAssembly.Module(bytes);var instance=",
     "module=new WebAssembly.Module(bytes);wrapperModules.set(sig,module)}var instance="),
)


def patch_runtime(text: str) -> str:
    """Pyodide's runtime script with RUNTIME_PATCHES made; BuildError if one does not apply."""
    for old, new in RUNTIME_PATCHES:
        if (found := text.count(old)) != 1:
            raise BuildError(f"{RUNTIME_SCRIPT}: a patch of buildkit/pyodide.py matches {found} times, "
                             f"not once (a new Pyodide? see RUNTIME_PATCHES): {old[:60]}...")
        text = text.replace(old, new)
    return text


def check_installed(pyodide_dir: Path) -> None:
    """The npm package in `pyodide_dir` is the pinned version, with every core file."""
    pkg = pyodide_dir / "package.json"
    installed = json.loads(pkg.read_text())["version"] if pkg.is_file() else None
    if installed != PYODIDE_VERSION:
        raise BuildError(f"node_modules/pyodide is {installed}, expected {PYODIDE_VERSION}: "
                         "package.json/package-lock.json disagree with buildkit/pyodide.py")
    missing = [f for f in PYODIDE_CORE if not (pyodide_dir / f).is_file()]
    if missing:
        raise BuildError(f"pyodide package lacks core files: {missing}")


def check_adapter(adapter: Path = ADAPTER) -> None:
    """The worker's Pyodide adapter names each Pyodide internal it relies on, for one version:
    building with another Pyodide is refused until someone has looked at them again."""
    found = re.search(r'export const PYODIDE_VERSION = "([^"]+)";', adapter.read_text("utf-8"))
    if not found or found.group(1) != PYODIDE_VERSION:
        raise BuildError(
            f"{adapter.name} is written for Pyodide {found.group(1) if found else '?'}, but buildkit/pyodide.py "
            f"pins {PYODIDE_VERSION}: check each internal the adapter names against the new Pyodide, then set its "
            "PYODIDE_VERSION")


def node_runtime(pyodide_dir: Path) -> str:
    """The runtime as library.mjs and snapshot.mjs take it (their first argument), as JSON: its
    folder, its loader and the worker's adapter."""
    folder = pyodide_dir.resolve()
    return json.dumps({"dir": str(folder), "loader": str(folder / LOADER), "adapter": str(ADAPTER)})


def runtime_key(pyodide_dir: Path) -> list[bytes]:
    """What a start of the runtime in `pyodide_dir` depends on: the caches' keys."""
    return [PYODIDE_VERSION.encode(), *(file_sha256(pyodide_dir / f).encode() for f in (WASM, LOADER, RUNTIME_SCRIPT, STDLIB))]


def lock_info(pyodide_dir: Path) -> dict:
    """A package index of no packages: the lock file's `info` alone (Pyodide checks its ABI
    version). A snapshot start installs no package, so it need not wait for the whole lock file."""
    return json.loads((pyodide_dir / LOCK_FILE).read_text("utf-8"))["info"]


def snapshot_heap_bytes(snapshot: bytes) -> int:
    """The size of a memory snapshot's heap image. Header: magic, offset of the heap image, ...
    (Pyodide's restoreSnapshot)."""
    return len(snapshot) - int.from_bytes(snapshot[4:8], "little")


def wasm_initial_memory(wasm: Path) -> int:
    """Initial linear memory (bytes) declared by a wasm binary's memory section.

    Pyodide restores a snapshot into this memory without growing it first, so a
    snapshot of a larger heap fails in the browser with "offset is out of bounds".
    """
    data = wasm.read_bytes()

    def leb(i: int) -> tuple[int, int]:
        value = shift = 0
        while True:
            byte = data[i]
            i += 1
            value |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                return value, i

    if data[:4] != b"\0asm":
        raise BuildError(f"{wasm} is not a WebAssembly binary")
    i = 8
    while i < len(data):
        section = data[i]
        size, start = leb(i + 1)
        if section == 5:  # memory section: count, then flags + initial pages
            _count, j = leb(start)
            pages, _ = leb(j + 1)
            return pages * 65536
        i = start + size
    raise BuildError(f"{wasm} declares no memory of its own")
