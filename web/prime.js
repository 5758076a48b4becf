// Loaded by the page (app.js) in a throwaway worker once the calculator has started and
// settled, so that the browser keeps the compiled code of Pyodide's scripts for the next visit.
//
// Chromium keeps a script's compiled code (V8's code cache) only from the script's
// second load on; a visit loads the runtime's 1.25 MB script once, so without this the
// next visit would compile it again. Loading it here is that second load (it counts when
// the service worker serves it; bench/RESULTS.md). The code kept is what has been compiled
// when this worker's modules have run: their top level, and not the runtime's factory
// function, most of the file, which V8 compiles only when it is first called (50-70 ms
// of the next visit's start, here). So the factory is called, with settings that stop
// it at its first look at them: nothing is downloaded or started.
import "./pyodide/pyodide.mjs";
import createPyodideModule from "./pyodide/pyodide.asm.mjs";

const STOP = new Error("primed: stopped before starting anything");
const stopAtOnce = new Proxy({}, { get() { throw STOP; }, has() { throw STOP; } });

try {
  await createPyodideModule(stopAtOnce);
} catch (e) {
  if (e === STOP) postMessage("primed"); // else the page hears nothing and ends this worker
}
