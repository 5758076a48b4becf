// The page's Python library (buildkit/library.py, make_library; docs/performance.md, "The page's
// library"): the modules of Pyodide's standard library that a start and elo_core's answers
// import, and elo_core's own, as bytecode compiled by this very runtime, in two zips: the first
// stands in for the standard library and holds what a start and the calculators' answers import;
// the later part, what only the rest of the corpus (events, norms, online ratings) imports.
//
//   node library.mjs <runtime> <elo_core wheel> <corpus.json> <out zip> <out later zip>
//   node library.mjs <runtime> <elo_core wheel> <corpus.json> --check <library zip> <later zip>
//
// <runtime>: JSON, {dir, loader, adapter, lib} (buildkit/pyodide.py, node_runtime). <corpus.json>:
// {"first": [requests], "later": [requests], "not_for_the_page": [elo_core's files the page never
// reads; a name ending in "/" is a folder]}. The first starts with the whole standard library, puts
// elo_core's bytecode (from the wheel) on sys.path as a zip of its own, as the page will have it,
// answers the corpus, and writes elo_core's files but those not for the page (its bytecode as the
// tests run it: with docstrings and asserts) and the standard library's modules then imported but
// the frozen ones (optimised: no docstrings, asserts, column positions or line numbers), with its
// files that are not .py; a module first imported by the later requests goes to the later zip, the
// rest to the first (its entries stored, not compressed: the build compresses it whole, zstd.mjs).
// It prints one JSON line, {"answers": [...], "files": [standard library paths used]}. With --check
// it starts with the first zip alone, with the worker's finder for the later part (the adapter's
// libraryParts), answers the first requests with the later zip out of reach, then the others with
// it in place (no fallback to the whole library, so a module left out shows in an answer), and
// prints {"answers": [...]}.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [runtimeJSON, wheel, corpusFile, ...rest] = process.argv.slice(2);
const runtime = JSON.parse(runtimeJSON);
const check = rest[0] === "--check";
const [zip, laterZip] = check ? rest.slice(1) : rest;
const { libraryParts } = await import(pathToFileURL(runtime.adapter).href);
const { loadPyodide } = await import(pathToFileURL(runtime.loader).href);
const pyodide = await loadPyodide({
  indexURL: runtime.dir + path.sep,
  ...(check && { stdLibURL: path.resolve(zip) }),
  // Bytecode without column positions: smaller, and tracebacks lose only their ^^^ marks
  // (docs/performance.md, "The page's library").
  env: { PYTHONNODEBUGRANGES: "1" },
  stdout: (s) => process.stderr.write(s + "\n"),
  stderr: (s) => process.stderr.write(s + "\n"),
});
pyodide.FS.writeFile("/tmp/elo_core.whl", readFileSync(wheel));
pyodide.FS.writeFile("/tmp/corpus.json", readFileSync(corpusFile));
// --check: the later zip, where the finder looks before it would download it (once the first
// requests are answered); its names, the top-level ones of its files.
const LATER = "library-later.zip";
if (check) {
  const later = readFileSync(laterZip);
  pyodide.FS.writeFile("/tmp/later.zip", later);
  const names = pyodide.runPython(`import zipfile; sorted({n.split("/")[0].removesuffix(".pyc") for n in zipfile.ZipFile("/tmp/later.zip").namelist()})`);
  pyodide.runPython(libraryParts({ later: { path: LATER, names: names.toJs() }, whole: "none.zip", left_out: [] }));
  names.destroy();
}
const out = pyodide.runPython(`
import json, sys, types, zipfile
from importlib._bootstrap_external import _code_to_timestamp_pyc

library = next(p for p in sys.path if p.endswith(".zip"))
DATE = (2020, 1, 1, 0, 0, 0)

def add(zip, name, data, date=DATE):
    zip.writestr(zipfile.ZipInfo(name, date), data, compress_type=zip.compression, compresslevel=9)

def for_the_page(name):
    # The command line's modules, for one, are left out: the page never runs them.
    return not any(name == no or no.endswith("/") and name.startswith(no) for no in corpus["not_for_the_page"])

def one_line(code):
    # Every instruction on the function's first line: line tables weigh, and without sources a
    # traceback shows no line anyway (docs/performance.md, "The page's library"). Entries of kind
    # 13 (no columns), line delta 0, eight code units each at most: CPython's
    # InternalDocs/locations.md.
    table, units = bytearray(), len(code.co_code) // 2
    while units:
        table += bytes([0x80 | 13 << 3 | min(units, 8) - 1, 0])
        units -= min(units, 8)
    consts = tuple(one_line(c) if isinstance(c, types.CodeType) else c for c in code.co_consts)
    return code.replace(co_linetable=bytes(table), co_consts=consts)

def bytecode(source, name, optimize=2):
    code = compile(source, f"{library}/{name}", "exec", optimize=optimize)
    return bytes(_code_to_timestamp_pyc(one_line(code) if optimize == 2 else code))

if not ${check ? "True" : "False"}:
    with zipfile.ZipFile("/tmp/elo_core.whl") as wheel, zipfile.ZipFile("/tmp/elo_core.zip", "w") as own:
        for name in wheel.namelist():
            if name.startswith("elo_core/"):
                data = wheel.read(name)
                add(own, *((name + "c", bytecode(data, name, optimize=0)) if name.endswith(".py") else (name, data)))
    sys.path.insert(0, "/tmp/elo_core.zip")

import elo_core.facade
corpus = json.load(open("/tmp/corpus.json"))
answers = [elo_core.facade.handle(r) for r in corpus["first"]]

def loaded(zip):
    # Frozen modules (os, site, codecs, importlib's bootstrap...) are never read from a zip.
    return {m.__file__[len(zip) + 1:] for m in list(sys.modules.values())
            if (getattr(m, "__file__", None) or "").startswith(zip + "/")
            and getattr(getattr(m, "__spec__", None), "origin", None) != "frozen"}

if ${check ? "True" : "False"}:
    import shutil
    shutil.copy("/tmp/later.zip", "${runtime.lib}/${LATER}")
else:
    first = loaded(library) | loaded("/tmp/elo_core.zip")
answers += [elo_core.facade.handle(r) for r in corpus["later"]]
result = {"answers": answers}
if ${check ? "True" : "False"}:
    assert elo_core.__file__.startswith(library + "/"), elo_core.__file__
else:
    used = sorted(loaded(library))
    whole = zipfile.ZipFile(library)
    # The first zip's entries stored: the build compresses it whole, which packs them tighter.
    with zipfile.ZipFile("/tmp/library.zip", "w") as cut, \
            zipfile.ZipFile("/tmp/later.zip", "w", compression=zipfile.ZIP_DEFLATED) as later, \
            zipfile.ZipFile("/tmp/elo_core.zip") as own:
        for info in whole.infolist():
            if not info.filename.endswith(".py"):
                add(cut, info.filename, whole.read(info.filename), info.date_time)
            elif info.filename in used:
                add(cut if info.filename in first else later, info.filename + "c",
                    bytecode(whole.read(info.filename), info.filename), info.date_time)
        for name in own.namelist():
            if for_the_page(name):
                add(cut if name in first or not name.endswith(".pyc") else later, name, own.read(name))
    result["files"] = used
json.dumps(result)
`);
if (!check) {
  writeFileSync(zip, pyodide.FS.readFile("/tmp/library.zip"));
  writeFileSync(laterZip, pyodide.FS.readFile("/tmp/later.zip"));
}
process.stdout.write(out + "\n");
