// Makes the memory snapshot of an initialised interpreter that web/worker/start.js restores
// (see buildkit/snapshot.py: make_snapshot). Run by the build with the pinned npm Pyodide as
// shipped in dist/ (its runtime script patched: buildkit/pyodide.py, RUNTIME_PATCHES), and the
// page's library (elo_core and the standard library it uses, as bytecode) in place of the
// standard library:
//
//   node snapshot.mjs <runtime> <checksum module> <out file> <reference request JSON> \
//                     <library zip> <build.json's library entry, JSON>
//
// <runtime>: JSON, {dir, loader, adapter} (buildkit/pyodide.py, node_runtime); <checksum
// module>: web/worker/snapshot.js, whose checksum the worker checks a kept copy with.
//
// The interpreter must not hold any JavaScript object when the snapshot is taken
// ("Unexpected hiwire entry"), so no PyProxy is kept.
// Prints one JSON line: {"bytes": n, "response": "<elo_core's answer to the request>", "checksum": "<hex>"}.
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [runtimeJSON, checksumModule, out, request, library, entry] = process.argv.slice(2);
const runtime = JSON.parse(runtimeJSON);
const { libraryParts } = await import(pathToFileURL(runtime.adapter).href);
const { loadPyodide } = await import(pathToFileURL(runtime.loader).href);
const pyodide = await loadPyodide({
  indexURL: runtime.dir + path.sep,
  stdLibURL: path.resolve(library),
  _makeSnapshot: true,
  stdout: (s) => process.stderr.write(s + "\n"),
  stderr: (s) => process.stderr.write(s + "\n"),
});
// A standard module the library left out is fetched by the restored interpreter when first
// imported: the finder is in the snapshot.
pyodide.runPython(libraryParts(JSON.parse(entry)));
// Import every module (warm: module code, caches) and answer the reference request once, so
// that the restored interpreter starts ready: the facade, and the operations it imports only
// when first asked for (a direct start's first answer does without them).
const response = pyodide.runPython(`
import gc
import elo_core.facade
elo_core.facade.OPS.import_all()
answer = elo_core.facade.handle(${JSON.stringify(request)})
gc.collect()
answer
`);
const bytes = pyodide.makeMemorySnapshot();
writeFileSync(out, bytes);
// The worker checks a kept copy with this very function.
const { checksum } = await import(pathToFileURL(checksumModule).href);
process.stdout.write(JSON.stringify({ bytes: bytes.length, response, checksum: checksum(bytes) }) + "\n");
